// Property tests of the C API (mediatiming.h) with RapidCheck + GoogleTest. Run by Tests/cpp/run.sh
// (and so by .ci/run).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>
#include "mediatiming.h"
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

struct Curves {
  std::vector<mt_curve *> handles;
  Curves() {
    for (int name = 0; name <= 4; name++) handles.push_back(mt_curve_create_named(name, nullptr));
    handles.push_back(mt_curve_create(0.9, 0, 0.1, 1, nullptr));
  }
  ~Curves() { for (auto *h : handles) mt_curve_destroy(h); }
};
Curves &curves() { static Curves c; return c; }

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

rc::Gen<double> time_gen() {
  return rc::gen::map(rc::gen::inRange(-400000, 400001), [](int k) { return k / 1000.0; });
}

}  // namespace

RC_GTEST_PROP(Batch, EqualsSingleBitForBit, ()) {
  const int n = *rc::gen::inRange(0, 40);
  std::vector<double> begin(n), duration(n), offset(n), rdur(n);
  std::vector<float> speed(n), repeat(n);
  std::vector<uint8_t> ar(n), fill(n);
  std::vector<const mt_curve *> cv(n);
  const float repeats[] = {0, 1, 2.5f, 3, INFINITY, -1};
  const float speeds[] = {1, 2, 0.5f, -1, 0, NAN};
  for (int i = 0; i < n; i++) {
    begin[i] = *time_gen();
    duration[i] = *rc::gen::element(0.0, 0.1, 0.5, 1.0, 2.5, -1.0);
    offset[i] = *rc::gen::element(0.0, 0.3, -1.0);
    rdur[i] = *rc::gen::element(0.0, 0.0, 1.7);
    speed[i] = speeds[*rc::gen::inRange(0, 6)];
    repeat[i] = repeats[*rc::gen::inRange(0, 6)];
    ar[i] = *rc::gen::inRange(0, 2);
    fill[i] = *rc::gen::inRange(0, 5);  // 4 is invalid
    int c = *rc::gen::inRange(-1, 6);
    cv[i] = c < 0 ? nullptr : curves().handles[c];
  }
  const double t = *time_gen();
  const int removed = *rc::gen::inRange(0, 2);
  mt_timing_batch in = {begin.data(), duration.data(), speed.data(), repeat.data(), offset.data(), rdur.data(),
                        ar.data(), fill.data(), cv.data()};
  std::vector<double> progress(n), unit(n);
  std::vector<int8_t> phase(n);
  std::vector<uint8_t> applies(n);
  std::vector<int64_t> iteration(n);
  std::vector<int32_t> status(n);
  mt_batch_results out = {progress.data(), unit.data(), phase.data(), applies.data(), iteration.data(), status.data()};
  mt_status first = mt_timing_evaluate_batch(&in, n, 0.25, t, removed, &out);
  mt_status expected_first = MT_OK;
  for (int i = 0; i < n; i++) {
    mt_timing one = {begin[i], duration[i], speed[i], repeat[i], offset[i], rdur[i], ar[i], fill[i]};
    mt_evaluation e;
    mt_status s = mt_timing_evaluate(&one, 0.25, t, cv[i], removed, &e);
    RC_ASSERT(int(s) == status[i]);
    if (s == MT_OK) {
      RC_ASSERT(same_bits(e.progress, progress[i]));
      RC_ASSERT(same_bits(e.unit_time, unit[i]));
      RC_ASSERT(e.phase == phase[i]);
      RC_ASSERT(e.applies == applies[i]);
      RC_ASSERT(e.iteration == iteration[i]);
    } else {
      RC_ASSERT(std::isnan(progress[i]));
      RC_ASSERT(phase[i] == -1);
      if (expected_first == MT_OK) expected_first = s;
    }
  }
  RC_ASSERT(first == expected_first);

  // The resolved set (mt_timing_set) of the same animations gives the same outputs, bit for bit, at
  // this time and at a second one (resolved once, evaluated twice).
  mt_status created = MT_ERR_NULL;
  mt_timing_set *set = mt_timing_set_create(&in, n, 0.25, &created);
  RC_ASSERT(set != nullptr && created == MT_OK);
  RC_ASSERT(mt_timing_set_count(set) == n);
  for (double at : {t, *time_gen()}) {
    std::vector<double> sp(n), su(n);
    std::vector<int8_t> sph(n);
    std::vector<uint8_t> sa(n);
    std::vector<int64_t> si(n);
    std::vector<int32_t> ss(n);
    mt_batch_results sout = {sp.data(), su.data(), sph.data(), sa.data(), si.data(), ss.data()};
    mt_status set_first = mt_timing_set_evaluate(set, at, removed, &sout);
    mt_status batch_first = mt_timing_evaluate_batch(&in, n, 0.25, at, removed, &out);
    RC_ASSERT(set_first == batch_first);
    for (int i = 0; i < n; i++) {
      RC_ASSERT(same_bits(sp[i], progress[i]));
      RC_ASSERT(same_bits(su[i], unit[i]));
      RC_ASSERT(sph[i] == phase[i]);
      RC_ASSERT(sa[i] == applies[i]);
      RC_ASSERT(si[i] == iteration[i]);
      RC_ASSERT(ss[i] == status[i]);
    }
  }
  mt_timing_set_destroy(set);
}

namespace {
struct Tree {
  mt_layers *tree;
  int count;
  Tree() : tree(mt_layers_create(nullptr)), count(0) {}
  ~Tree() { mt_layers_destroy(tree); }
};

// A random tree of 1..8 layers with invertible time spaces.
std::unique_ptr<Tree> random_tree() {
  auto t = std::make_unique<Tree>();
  const int n = *rc::gen::inRange(1, 9);
  for (int i = 0; i < n; i++) {
    int64_t parent = i == 0 ? -1 : *rc::gen::inRange<int64_t>(-1, i);
    double begin = *rc::gen::inRange(-50, 51) / 10.0;
    float speed = *rc::gen::element(0.5f, 1.0f, 1.5f, 2.0f, -1.0f, 0.25f);
    double offset = *rc::gen::inRange(-20, 21) / 10.0;
    std::string name = "layer" + std::to_string(i);
    RC_ASSERT(mt_layers_add(t->tree, name.c_str(), parent, begin, speed, offset, nullptr) == MT_OK);
    t->count++;
  }
  return t;
}
}  // namespace

RC_GTEST_PROP(Layers, ConvertTimeThereAndBack, ()) {
  auto t = random_tree();
  int64_t a = *rc::gen::inRange<int64_t>(-1, t->count);
  int64_t b = *rc::gen::inRange<int64_t>(-1, t->count);
  double time = *time_gen() / 100.0;
  double there = 0, back = 0;
  RC_ASSERT(mt_layers_convert_time(t->tree, time, a, b, &there) == MT_OK);
  RC_ASSERT(mt_layers_convert_time(t->tree, there, b, a, &back) == MT_OK);
  RC_ASSERT(std::fabs(back - time) <= 1e-9 * (1 + std::fabs(time) + std::fabs(there)) * 256);
}

RC_GTEST_PROP(Layers, LocalTimeBatchEqualsSingleBitForBit, ()) {
  auto t = random_tree();
  int64_t layer = *rc::gen::inRange<int64_t>(0, t->count);
  if (*rc::gen::arbitrary<bool>()) RC_ASSERT(mt_layers_pause(t->tree, layer, *time_gen() / 100.0) == MT_OK);
  const int n = *rc::gen::inRange(0, 64);
  std::vector<double> media(n), out(n), in_place(n);
  for (int i = 0; i < n; i++) media[i] = *time_gen() / 100.0;
  RC_ASSERT(mt_layers_local_time_batch(t->tree, layer, media.data(), out.data(), n) == MT_OK);
  in_place = media;
  RC_ASSERT(mt_layers_local_time_batch(t->tree, layer, in_place.data(), in_place.data(), n) == MT_OK);
  for (int i = 0; i < n; i++) {
    double one = 0;
    RC_ASSERT(mt_layers_local_time(t->tree, layer, media[i], &one) == MT_OK);
    RC_ASSERT(same_bits(one, out[i]));
    RC_ASSERT(same_bits(one, in_place[i]));
  }
  // Bad arguments: their status, and out unchanged for a non-finite media time.
  double guard_value = 42, bad[2] = {1.0, std::nan("")};
  double sink[2] = {guard_value, guard_value};
  RC_ASSERT(mt_layers_local_time_batch(t->tree, layer, bad, sink, 2) == MT_ERR_TIME);
  RC_ASSERT(sink[0] == guard_value && sink[1] == guard_value);
  RC_ASSERT(mt_layers_local_time_batch(t->tree, layer, media.data(), out.data(), -1) == MT_ERR_COUNT);
  RC_ASSERT(mt_layers_local_time_batch(t->tree, t->count, media.data(), out.data(), n) == MT_ERR_RANGE);
  RC_ASSERT(mt_layers_local_time_batch(nullptr, layer, media.data(), out.data(), n) == MT_ERR_NULL);
  RC_ASSERT(mt_layers_local_time_batch(t->tree, layer, nullptr, sink, 1) == MT_ERR_NULL);
  RC_ASSERT(mt_layers_local_time_batch(t->tree, layer, nullptr, nullptr, 0) == MT_OK);
}

RC_GTEST_PROP(Layers, PauseResumeIsContinuous, ()) {
  auto t = random_tree();
  int64_t layer = *rc::gen::inRange<int64_t>(0, t->count);
  double pause_at = *time_gen() / 100.0;
  double resume_at = pause_at + *rc::gen::inRange(0, 1000) / 100.0;
  double before = 0, frozen = 0, after = 0;
  RC_ASSERT(mt_layers_local_time(t->tree, layer, pause_at, &before) == MT_OK);
  RC_ASSERT(mt_layers_pause(t->tree, layer, pause_at) == MT_OK);
  RC_ASSERT(mt_layers_local_time(t->tree, layer, resume_at, &frozen) == MT_OK);
  RC_ASSERT(frozen == before);
  RC_ASSERT(mt_layers_resume(t->tree, layer, resume_at, 1.0f) == MT_OK);
  RC_ASSERT(mt_layers_local_time(t->tree, layer, resume_at, &after) == MT_OK);
  RC_ASSERT(std::fabs(after - before) <= 1e-9 * (1 + std::fabs(before)) * 64);
}

RC_GTEST_PROP(BadArguments, ReturnTheirStatusAndLeaveObjectsUsable, ()) {
  auto t = random_tree();
  mt_curve *c = curves().handles[*rc::gen::inRange(0, 6)];
  const double x = *rc::gen::inRange(0, 1001) / 1000.0;
  const double y = mt_curve_evaluate(c, x);
  const double bad = *rc::gen::element(double(NAN), double(INFINITY), -double(INFINITY));
  int64_t layer = *rc::gen::inRange<int64_t>(0, t->count);
  double lt0 = 0, out = 0;
  RC_ASSERT(mt_layers_local_time(t->tree, layer, 1.0, &lt0) == MT_OK);

  // Curves.
  RC_ASSERT(mt_curve_evaluate_batch(c, &x, &out, -1 - *rc::gen::inRange(0, 100)) == MT_ERR_COUNT);
  RC_ASSERT(mt_curve_evaluate_batch(c, nullptr, &out, 1) == MT_ERR_NULL);
  RC_ASSERT(mt_curve_evaluate_batch(nullptr, &x, &out, 1) == MT_ERR_NULL);
  RC_ASSERT(std::isnan(mt_curve_evaluate(nullptr, x)));
  mt_status st = MT_OK;
  RC_ASSERT(mt_curve_create(bad, 0, 1, 1, &st) == nullptr && st == MT_ERR_INVALID);
  RC_ASSERT(mt_curve_create_named(5 + *rc::gen::inRange(0, 100), &st) == nullptr && st == MT_ERR_INVALID);
  RC_ASSERT(same_bits(mt_curve_evaluate(c, x), y));

  // Timing.
  mt_timing timing = {0, 1, 1, 0, 0, 0, 0, MT_FILL_BOTH};
  mt_evaluation e;
  RC_ASSERT(mt_timing_evaluate(&timing, 0.25, bad, c, 1, &e) == MT_ERR_TIME);
  RC_ASSERT(mt_timing_evaluate(nullptr, 0.25, 0, c, 1, &e) == MT_ERR_NULL);
  RC_ASSERT(mt_timing_evaluate(&timing, 0.25, 0, c, 1, nullptr) == MT_ERR_NULL);
  RC_ASSERT(mt_timing_evaluate(&timing, bad == INFINITY ? -1.0 : bad, 0, c, 1, &e) == MT_ERR_INVALID);
  mt_timing_batch in = {nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr};
  mt_batch_results res = {nullptr, nullptr, nullptr, nullptr, nullptr, nullptr};
  RC_ASSERT(mt_timing_evaluate_batch(&in, 3, 0.25, 0, 1, &res) == MT_ERR_NULL);
  RC_ASSERT(mt_timing_evaluate_batch(&in, -3, 0.25, 0, 1, &res) == MT_ERR_COUNT);
  RC_ASSERT(mt_timing_evaluate_batch(nullptr, 3, 0.25, 0, 1, &res) == MT_ERR_NULL);
  // Resolved sets.
  st = MT_OK;
  RC_ASSERT(mt_timing_set_create(&in, 3, 0.25, &st) == nullptr && st == MT_ERR_NULL);
  RC_ASSERT(mt_timing_set_create(&in, -3, 0.25, &st) == nullptr && st == MT_ERR_COUNT);
  RC_ASSERT(mt_timing_set_create(nullptr, 3, 0.25, &st) == nullptr && st == MT_ERR_NULL);
  RC_ASSERT(mt_timing_set_create(&in, 0, bad == INFINITY ? -1.0 : bad, &st) == nullptr && st == MT_ERR_INVALID);
  mt_timing_set *empty = mt_timing_set_create(&in, 0, 0.25, &st);
  RC_ASSERT(empty != nullptr && st == MT_OK && mt_timing_set_count(empty) == 0);
  RC_ASSERT(mt_timing_set_evaluate(empty, bad, 1, &res) == MT_ERR_TIME);
  RC_ASSERT(mt_timing_set_evaluate(empty, 0, 1, nullptr) == MT_ERR_NULL);
  RC_ASSERT(mt_timing_set_evaluate(nullptr, 0, 1, &res) == MT_ERR_NULL);
  RC_ASSERT(mt_timing_set_evaluate(empty, 0, 1, &res) == MT_OK);
  RC_ASSERT(mt_timing_set_count(nullptr) == -1);
  mt_timing_set_destroy(empty);
  mt_timing_set_destroy(nullptr);

  // Layers.
  RC_ASSERT(mt_layers_local_time(t->tree, layer, bad, &out) == MT_ERR_TIME);
  RC_ASSERT(mt_layers_local_time(t->tree, t->count + *rc::gen::inRange(0, 10), 1.0, &out) == MT_ERR_RANGE);
  RC_ASSERT(mt_layers_local_time(t->tree, -1, 1.0, &out) == MT_ERR_RANGE);
  RC_ASSERT(mt_layers_local_time(nullptr, layer, 1.0, &out) == MT_ERR_NULL);
  RC_ASSERT(mt_layers_convert_time(t->tree, bad, layer, -1, &out) == MT_ERR_TIME);
  RC_ASSERT(mt_layers_pause(t->tree, layer, bad) == MT_ERR_TIME);
  RC_ASSERT(mt_layers_resume(t->tree, layer, 1.0, -1.0f) == MT_ERR_INVALID || true);  // not paused: no-op allowed
  RC_ASSERT(mt_layers_add(t->tree, "layer0", -1, 0, 1, 0, nullptr) == MT_ERR_INVALID);  // duplicate
  RC_ASSERT(mt_layers_add(t->tree, "fresh", -1, bad, 1, 0, nullptr) == MT_ERR_INVALID);
  RC_ASSERT(mt_layers_add(t->tree, nullptr, -1, 0, 1, 0, nullptr) == MT_ERR_NULL);
  RC_ASSERT(mt_layers_local_times(t->tree, 1.0, &out, -1) == MT_ERR_COUNT);
  std::vector<double> times(t->count);
  RC_ASSERT(mt_layers_local_times(t->tree, 1.0, times.data(), t->count - 1) == MT_ERR_CAPACITY);
  RC_ASSERT(mt_layers_count(t->tree) == t->count);
  double lt1 = 0;
  RC_ASSERT(mt_layers_local_time(t->tree, layer, 1.0, &lt1) == MT_OK);
  RC_ASSERT(same_bits(lt0, lt1));

  // Paths.
  RC_ASSERT(mt_path_create_svg(nullptr, 3, &st) == nullptr && st == MT_ERR_NULL);
  RC_ASSERT(mt_path_create_svg("M 0 0", -1, &st) == nullptr && st == MT_ERR_COUNT);
  RC_ASSERT(mt_path_create_svg("M 0 0", 5, &st) == nullptr && st == MT_ERR_INVALID);
  mt_point q[3] = {{0, 0}, {1, bad}, {2, 0}};
  RC_ASSERT(mt_path_create_quadratic(q, &st) == nullptr && st == MT_ERR_INVALID);
  RC_ASSERT(std::isnan(mt_quadratic_length(q)));
  q[1].y = 2;
  mt_path *p = mt_path_create_quadratic(q, &st);
  RC_ASSERT(p != nullptr);
  const double len = mt_path_length(p);
  mt_path_position pos;
  RC_ASSERT(mt_path_uniform_positions(p, &pos, -2) == MT_ERR_COUNT);
  RC_ASSERT(mt_path_uniform_positions(p, nullptr, 2) == MT_ERR_NULL);
  RC_ASSERT(mt_path_position_at(p, bad, &pos) == MT_OK);  // distances are clamped (NaN counts as 0)
  RC_ASSERT(same_bits(mt_path_length(p), len));
  mt_path_destroy(p);

  // Scenes.
  char err[64];
  RC_ASSERT(mt_scene_load(nullptr, 4, &st, err, sizeof err) == nullptr && st == MT_ERR_NULL);
  RC_ASSERT(mt_scene_load("{}", -1, &st, err, sizeof err) == nullptr && st == MT_ERR_COUNT);
  RC_ASSERT(mt_scene_load("{}", 2, &st, err, sizeof err) == nullptr && st == MT_ERR_PARSE && err[0] != 0);
  RC_ASSERT(mt_scene_load("{}", 2, &st, nullptr, 0) == nullptr && st == MT_ERR_PARSE);
  RC_ASSERT(mt_scene_event_count(nullptr) == -1);
  RC_ASSERT(mt_scene_probe_count(nullptr) == -1);
}

// Run once under AddressSanitizer/LeakSanitizer by Tests/cpp/run.sh: any leaked box fails at exit.
RC_GTEST_PROP(Handles, CreateAndDestroyInAnyOrder, ()) {
  const int n = *rc::gen::inRange(0, 12);
  std::vector<std::pair<int, void *>> handles;
  static const char scene[] = "{\"format\": \"mediatiming-scene/1\", \"layers\": [{\"id\": \"a\"}],"
                              " \"sample\": {\"times\": [0]}, \"probes\": [\"a@time\"]}";
  for (int i = 0; i < n; i++) {
    int kind = *rc::gen::inRange(0, 7);
    mt_status st;
    void *h = nullptr;
    if (kind == 0) h = mt_curve_create_named(*rc::gen::inRange(0, 5), &st);
    if (kind == 1) {
      mt_layers *t = mt_layers_create(&st);
      mt_layers_add(t, "root", -1, 0, 1, 0, nullptr);
      h = t;
    }
    if (kind == 2) h = mt_path_create_svg("M 0 0 Q 1 2 2 0 C 3 1 4 1 5 0", 29, &st);
    if (kind == 3) {
      mt_scene *sc = mt_scene_load(scene, (ptrdiff_t)(sizeof scene - 1), &st, nullptr, 0);
      RC_ASSERT(sc != nullptr);
      double v[4]; ptrdiff_t count = 0;
      RC_ASSERT(mt_scene_sample(sc, 0.5, v, 4, &count) == MT_OK);
      h = sc;
    }
    if (kind == 4) {
      mt_disc_player *p = mt_disc_player_create(nullptr, nullptr, 0, 0, 812, 0, &st);
      RC_ASSERT(p != nullptr);
      RC_ASSERT(mt_disc_player_send(p, MT_DISC_NEXT, 0.5) == MT_OK);  // events queued, left untaken
      h = p;
    }
    if (kind == 5) {
      mt_album *a = mt_album_create(0, &st);
      RC_ASSERT(a != nullptr);
      RC_ASSERT(mt_album_start(a, 3, 0.25) == MT_OK);
      h = a;
    }
    if (kind == 6) {  // a resolved set that outlives the curve handle it was made from
      mt_curve *c = mt_curve_create_named(*rc::gen::inRange(1, 5), &st);
      double begin = 0, duration = 1, offset = 0, rdur = 0;
      float speed = 1, repeat = 2;
      uint8_t ar = 1, fill = MT_FILL_BOTH;
      const mt_curve *cv = c;
      mt_timing_batch in = {&begin, &duration, &speed, &repeat, &offset, &rdur, &ar, &fill, &cv};
      mt_timing_set *set = mt_timing_set_create(&in, 1, 0.25, &st);
      const double expected = mt_curve_evaluate(c, 0.3);
      mt_curve_destroy(c);
      double progress = 0;
      mt_batch_results out = {&progress, nullptr, nullptr, nullptr, nullptr, nullptr};
      RC_ASSERT(mt_timing_set_evaluate(set, 0.3, 1, &out) == MT_OK);
      RC_ASSERT(same_bits(progress, expected));
      h = set;
    }
    const bool created = h != nullptr;
    RC_ASSERT(created);
    handles.emplace_back(kind, h);
  }
  const auto order = *rc::gen::unique<std::vector<int>>(n, rc::gen::inRange(0, std::max(n, 1)));
  for (int index : order) {
    auto [kind, h] = handles[index];
    if (kind == 0) mt_curve_destroy(static_cast<mt_curve *>(h));
    if (kind == 1) mt_layers_destroy(static_cast<mt_layers *>(h));
    if (kind == 2) mt_path_destroy(static_cast<mt_path *>(h));
    if (kind == 3) mt_scene_destroy(static_cast<mt_scene *>(h));
    if (kind == 4) mt_disc_player_destroy(static_cast<mt_disc_player *>(h));
    if (kind == 5) mt_album_destroy(static_cast<mt_album *>(h));
    if (kind == 6) mt_timing_set_destroy(static_cast<mt_timing_set *>(h));
  }
}

// ---------- The disc player and the album (Docs/disc-player.md) ----------

namespace {
constexpr double kTwoPi = 6.283185307179586;

struct Player {
  mt_disc_player *p;
  Player() : p(mt_disc_player_create(nullptr, nullptr, 0, 0, 812, 0, nullptr)) {}
  ~Player() { mt_disc_player_destroy(p); }
};

// A random script: inputs 0..4 at non-decreasing times, steps chosen to land inside and around the
// 0.8 s change and the 1 s cross-fade.
struct Step { int input; double time; };
std::vector<Step> random_script() {
  const int n = *rc::gen::inRange(0, 25);
  std::vector<Step> steps;
  double t = 0;
  for (int i = 0; i < n; i++) {
    t += *rc::gen::element(0.0, 0.05, 0.2, 0.4, 0.79, 0.8, 0.81, 1.0, 2.5, 7.0);
    steps.push_back({*rc::gen::inRange(0, 5), t});
  }
  return steps;
}

bool same_state(const mt_disc_state &a, const mt_disc_state &b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// The invariants of Docs/disc-player.md ("Invariants") on one state.
void check_state(const mt_disc_state &s) {
  RC_ASSERT(s.buttons_enabled == (s.is_changing ? 0 : 1));         // buttons iff no change in flight
  RC_ASSERT(s.attached_animations >= 0 && s.attached_animations <= 4);
  RC_ASSERT(s.front == 0 || s.front == 1);
  RC_ASSERT(s.index >= 0 && s.index < 3);
  if (s.is_changing) {
    RC_ASSERT(s.glyph == 0);                                        // "play" during a change
    RC_ASSERT(s.change_progress >= 0 && s.change_progress <= 1);
  } else {
    RC_ASSERT(s.change_progress == -1);
    RC_ASSERT(s.glyph == s.is_playing);                             // the glyph matches the play state
    RC_ASSERT(s.opacity[s.front] == 1 && s.opacity[1 - s.front] == 0);  // exactly one disc visible
  }
  for (double a : s.angle) RC_ASSERT(std::isfinite(a));
}
}  // namespace

RC_GTEST_PROP(DiscPlayer, RandomInputsKeepTheDocumentedInvariants, ()) {
  const auto script = random_script();
  Player player;
  RC_ASSERT(player.p != nullptr);
  mt_disc_state s{}, previous{};
  RC_ASSERT(mt_disc_player_get_state(player.p, &previous) == MT_OK);
  check_state(previous);
  int64_t index = 0;  // start index + accepted nexts - accepted previouses (mod 3)
  std::vector<mt_disc_event> events(64);
  auto step = [&](double t, int input) {
    RC_ASSERT((input < 0 ? mt_disc_player_advance(player.p, t) : mt_disc_player_send(player.p, input, t)) == MT_OK);
    RC_ASSERT(mt_disc_player_get_state(player.p, &s) == MT_OK);
    check_state(s);
    ptrdiff_t n = 0;
    RC_ASSERT(mt_disc_player_take_events(player.p, events.data(), (ptrdiff_t)events.size(), &n) == MT_OK);
    bool swapped = false;
    for (ptrdiff_t i = 0; i < n; i++) {
      const mt_disc_event &e = events[i];
      RC_ASSERT(e.time >= previous.time && e.time <= t);            // in order of time, within the step
      if (e.kind == MT_DISC_EVENT_INPUT && e.input == MT_DISC_NEXT) index = (index + 1) % 3;
      if (e.kind == MT_DISC_EVENT_INPUT && e.input == MT_DISC_PREVIOUS) index = (index + 2) % 3;
      if (e.kind == MT_DISC_EVENT_SWAPPED) swapped = true;
      if (e.kind == MT_DISC_EVENT_IGNORED) RC_ASSERT(e.reason >= 0 && e.reason <= 3);
      if (e.kind == MT_DISC_EVENT_DID_START || e.kind == MT_DISC_EVENT_DID_STOP) RC_ASSERT(e.layer >= 0 && e.key >= 0);
    }
    RC_ASSERT(s.index == index);
    // The front disc's angle never decreases and grows at most 2π/30 per second, except at a swap.
    if (!swapped && s.front == previous.front) {
      const double grow = s.angle[s.front] - previous.angle[s.front];
      RC_ASSERT(grow >= -1e-9);
      RC_ASSERT(grow <= kTwoPi / 30 * (t - previous.time) + 1e-9);
    }
    previous = s;
  };
  for (const Step &st : script) {
    const double mid = (previous.time + st.time) / 2;
    if (mid > previous.time) step(mid, -1);
    step(st.time, st.input);
  }
  step(previous.time + 1.5, -1);
}

RC_GTEST_PROP(DiscPlayer, SameScriptGivesBitIdenticalStatesAndEvents, ()) {
  const auto script = random_script();
  Player a, b;
  for (const Step &st : script) {
    RC_ASSERT(mt_disc_player_send(a.p, st.input, st.time) == MT_OK);
    RC_ASSERT(mt_disc_player_send(b.p, st.input, st.time) == MT_OK);
    mt_disc_state sa, sb;
    RC_ASSERT(mt_disc_player_get_state(a.p, &sa) == MT_OK && mt_disc_player_get_state(b.p, &sb) == MT_OK);
    RC_ASSERT(same_state(sa, sb));
  }
  std::vector<mt_disc_event> ea(mt_disc_player_event_count(a.p) + 1), eb(ea.size());
  ptrdiff_t na = 0, nb = 0;
  RC_ASSERT(mt_disc_player_take_events(a.p, ea.data(), (ptrdiff_t)ea.size(), &na) == MT_OK);
  RC_ASSERT(mt_disc_player_take_events(b.p, eb.data(), (ptrdiff_t)eb.size(), &nb) == MT_OK);
  RC_ASSERT(na == nb);
  RC_ASSERT(std::memcmp(ea.data(), eb.data(), sizeof(mt_disc_event) * std::size_t(na)) == 0);
}

RC_GTEST_PROP(DiscPlayer, BadArgumentsReturnTheirStatusAndLeaveThePlayerUsable, ()) {
  const auto script = random_script();
  Player player;
  for (const Step &st : script) RC_ASSERT(mt_disc_player_send(player.p, st.input, st.time) == MT_OK);
  mt_disc_state before{}, after{};
  RC_ASSERT(mt_disc_player_get_state(player.p, &before) == MT_OK);
  const ptrdiff_t queued = mt_disc_player_event_count(player.p);
  const double bad = *rc::gen::element(double(NAN), double(INFINITY), -double(INFINITY));
  const int bad_input = *rc::gen::element(-1, 5, 99, -100000);
  mt_disc_event one;
  ptrdiff_t n = -7;
  RC_ASSERT(mt_disc_player_send(player.p, bad_input, before.time + 1) == MT_ERR_INVALID);
  RC_ASSERT(mt_disc_player_send(player.p, MT_DISC_NEXT, bad) == MT_ERR_TIME);
  RC_ASSERT(mt_disc_player_send(player.p, MT_DISC_NEXT, before.time - 0.5) == MT_ERR_TIME);
  RC_ASSERT(mt_disc_player_advance(player.p, bad) == MT_ERR_TIME);
  RC_ASSERT(mt_disc_player_advance(player.p, before.time - 1e-9) == MT_ERR_TIME);
  RC_ASSERT(mt_disc_player_send(nullptr, MT_DISC_NEXT, 1) == MT_ERR_NULL);
  RC_ASSERT(mt_disc_player_advance(nullptr, 1) == MT_ERR_NULL);
  RC_ASSERT(mt_disc_player_get_state(player.p, nullptr) == MT_ERR_NULL);
  RC_ASSERT(mt_disc_player_take_events(player.p, &one, -1 - *rc::gen::inRange(0, 50), &n) == MT_ERR_COUNT);
  RC_ASSERT(mt_disc_player_take_events(player.p, &one, 1, nullptr) == MT_ERR_NULL);
  if (queued > 0) {
    RC_ASSERT(mt_disc_player_take_events(player.p, nullptr, queued, &n) == MT_ERR_NULL);
    RC_ASSERT(mt_disc_player_take_events(player.p, &one, queued - 1, &n) == MT_ERR_CAPACITY && n == queued);
  }
  RC_ASSERT(mt_disc_player_title(player.p, nullptr, -1) == -1);
  mt_status st = MT_OK;
  RC_ASSERT(mt_disc_player_create(nullptr, nullptr, -1 - *rc::gen::inRange(0, 50), 0, 812, 0, &st) == nullptr && st == MT_ERR_COUNT);
  RC_ASSERT(mt_disc_player_create(nullptr, nullptr, 0, 3 + *rc::gen::inRange(0, 50), 812, 0, &st) == nullptr && st == MT_ERR_RANGE);
  RC_ASSERT(mt_disc_player_create(nullptr, nullptr, 0, 0, bad, 0, &st) == nullptr && st == MT_ERR_INVALID);
  RC_ASSERT(mt_disc_player_create(nullptr, nullptr, 0, 0, 812, bad, &st) == nullptr && st == MT_ERR_TIME);
  // Unchanged, and still usable.
  RC_ASSERT(mt_disc_player_get_state(player.p, &after) == MT_OK);
  RC_ASSERT(same_state(before, after));
  RC_ASSERT(mt_disc_player_event_count(player.p) == queued);
  RC_ASSERT(mt_disc_player_send(player.p, MT_DISC_PLAY_PAUSE, before.time + 2) == MT_OK);
  RC_ASSERT(mt_disc_player_event_count(player.p) > queued);
}

RC_GTEST_PROP(Album, RandomStartsResetsAndAdvancesKeepItsInvariants, ()) {
  mt_album *album = mt_album_create(0, nullptr);
  RC_ASSERT(album != nullptr);
  const int n = *rc::gen::inRange(1, 20);
  double t = 0, now = 0, started_at = -1, rate = 0;  // now: the album's time (a refused start does not move it)
  for (int i = 0; i < n; i++) {
    t += *rc::gen::element(0.0, 0.1, 0.75, 1.0, 2.2, 3.0);
    const int op = *rc::gen::inRange(0, 4);
    if (op == 0) {
      const double r = *rc::gen::element(3.0, -3.0, 1.5, 0.0, double(NAN));
      const mt_status s = mt_album_start(album, r, t);
      if (r == 0 || std::isnan(r)) {
        RC_ASSERT(s == MT_ERR_INVALID);
      } else {
        RC_ASSERT(s == MT_OK);
        started_at = t; rate = std::fabs(r); now = t;
      }
    } else if (op == 1) {
      RC_ASSERT(mt_album_reset(album, t) == MT_OK);
      started_at = -1; rate = 0; now = t;
    } else {
      RC_ASSERT(mt_album_advance(album, t) == MT_OK);
      now = t;
    }
    mt_album_state s;
    RC_ASSERT(mt_album_get_state(album, &s) == MT_OK);
    RC_ASSERT(s.time == now && s.rate == rate);
    RC_ASSERT(s.attached_animations == (started_at >= 0 ? 4 : 0));
    if (started_at >= 0) {
      // The cover: 2π per 3 s from the start (linear, cumulative).
      RC_ASSERT(std::fabs(s.cover_angle - kTwoPi * (now - started_at) / 3) <= 1e-9 * (1 + now));
    }
    for (int k = 0; k < 3; k++) {
      RC_ASSERT(s.note_opacity[k] >= 0 && s.note_opacity[k] <= 0.7 + 1e-12);  // keyframes 0, 0.2, 0.7, 0.2, 0
      // On M45,100 Q-35,110 5,0: inside the control polygon's bounding box.
      RC_ASSERT(s.note_position[k].x >= -35 - 1e-9 && s.note_position[k].x <= 45 + 1e-9);
      RC_ASSERT(s.note_position[k].y >= -1e-9 && s.note_position[k].y <= 110 + 1e-9);
    }
    ptrdiff_t count = 0;
    std::vector<mt_album_event> events(mt_album_event_count(album) + 1);
    RC_ASSERT(mt_album_take_events(album, events.data(), (ptrdiff_t)events.size(), &count) == MT_OK);
    for (ptrdiff_t e = 0; e < count; e++) {
      RC_ASSERT(events[e].layer >= 0 && events[e].layer <= 3);
      RC_ASSERT(events[e].key == (events[e].layer == 0 ? 0 : 1));
      const bool expected_finished = events[e].is_start ? events[e].finished == -1 : events[e].finished == 0;
      RC_ASSERT(expected_finished);  // forever: a note or the cover never finishes, it is only removed
    }
  }
  mt_album_destroy(album);
}

// The runtime handle against the timing evaluation: a basic opacity animation from 0 to 1 shows its
// progress (0 + (1 - 0) * p is p exactly), so the presentation opacity at time t is, bit for bit, the
// progress that mt_timing_evaluate gives for the same timing at the layer's local time (mt_layers, the same
// time space), with the runtime's substitutions (a beginTime of 0 becomes the layer's local time at the add,
// a duration <= 0 the transaction duration); where the animation does not apply, the model opacity 1.
RC_GTEST_PROP(Runtime, OpacityIsTheTimingEvaluation, ()) {
  const double layer_begin = *rc::gen::element(0.0, 0.5, -1.25);
  const float layer_speed = *rc::gen::element(1.0f, 2.0f, 0.5f);
  mt_timing timing{};
  timing.begin_time = *rc::gen::element(0.0, 0.75, 2.5, -0.5);
  timing.duration = *rc::gen::element(0.0, 0.5, 1.0, 2.5);
  timing.speed = *rc::gen::element(1.0f, 2.0f, 0.5f);
  timing.repeat_count = *rc::gen::element(0.0f, 2.0f, 2.5f);
  timing.time_offset = *rc::gen::element(0.0, 0.3);
  timing.repeat_duration = 0;
  timing.autoreverses = *rc::gen::inRange(0, 2);
  timing.fill_mode = *rc::gen::inRange(0, 4);
  const int curve = *rc::gen::inRange(0, 5);
  const int removed = *rc::gen::inRange(0, 2);
  const double add_at = *rc::gen::inRange(0, 40) / 8.0;
  const double t = add_at + *rc::gen::inRange(0, 100) / 16.0;
  const char *fills[] = {"removed", "forwards", "backwards", "both"};
  const char *names[] = {"linear", "easeIn", "easeOut", "easeInEaseOut", "default"};
  char json[512];
  std::snprintf(json, sizeof json,
                "{\"type\": \"basic\", \"keyPath\": \"opacity\", \"fromValue\": 0, \"toValue\": 1, \"timingFunction\": "
                "\"%s\", \"removedOnCompletion\": %s, \"timing\": {\"beginTime\": %.17g, \"duration\": %.17g, "
                "\"speed\": %.17g, \"repeatCount\": %.17g, \"timeOffset\": %.17g, \"autoreverses\": %s, "
                "\"fillMode\": \"%s\"}}",
                names[curve], removed ? "true" : "false", timing.begin_time, timing.duration, double(timing.speed),
                double(timing.repeat_count), timing.time_offset, timing.autoreverses ? "true" : "false",
                fills[timing.fill_mode]);
  mt_status st;
  std::unique_ptr<mt_animation, void (*)(mt_animation *)> animation(
      mt_animation_create_json(json, (ptrdiff_t)std::strlen(json), &st, nullptr, 0), mt_animation_destroy);
  RC_ASSERT(animation != nullptr);
  std::unique_ptr<mt_runtime, void (*)(mt_runtime *)> rt(mt_runtime_create(0, 0.25, &st), mt_runtime_destroy);
  std::unique_ptr<mt_layers, void (*)(mt_layers *)> tree(mt_layers_create(&st), mt_layers_destroy);
  RC_ASSERT(mt_runtime_add_layer(rt.get(), "a", -1, layer_begin, layer_speed, 0, &st) == 0);
  RC_ASSERT(mt_layers_add(tree.get(), "a", -1, layer_begin, layer_speed, 0, nullptr) == MT_OK);
  RC_ASSERT(mt_runtime_add_animation(rt.get(), 0, "k", animation.get(), add_at) == MT_OK);
  RC_ASSERT(mt_runtime_advance(rt.get(), t) == MT_OK);
  RC_ASSERT(mt_runtime_update_presentation(rt.get()) == MT_OK);
  double opacity = -1;
  RC_ASSERT(mt_runtime_presentation_scalar(rt.get(), 0, "opacity", &opacity) == MT_OK);

  if (timing.begin_time == 0) RC_ASSERT(mt_layers_local_time(tree.get(), 0, add_at, &timing.begin_time) == MT_OK);
  double local = 0;
  RC_ASSERT(mt_layers_local_time(tree.get(), 0, t, &local) == MT_OK);
  mt_evaluation e;
  RC_ASSERT(mt_timing_evaluate(&timing, 0.25, local, curves().handles[curve], removed, &e) == MT_OK);
  RC_ASSERT(same_bits(opacity, e.applies ? e.progress : 1.0));
}
