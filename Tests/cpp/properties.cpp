// Property tests of the C API (mediatiming.h) with RapidCheck + GoogleTest. Run by Tests/cpp/run.sh
// (and so by .ci/run).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>
#include "mediatiming.h"
#include <cmath>
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
    int kind = *rc::gen::inRange(0, 5);
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
    if (kind == 4) {  // a resolved set that outlives the curve handle it was made from
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
    if (kind == 4) mt_timing_set_destroy(static_cast<mt_timing_set *>(h));
  }
}
