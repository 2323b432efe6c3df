// The runtime at scale (rows S1-S6 of Docs/performance.md), through the C runtime handle (mt_runtime):
// N = 10^3, 10^4 and 10^5 animations (S4: static layers), per-item costs; report.py adds the growth of the
// per-item cost from 10^3 to 10^5.
//
// The mix: animation i (on layer i) is, by i % 10, a basic opacity (0, 1, 2), position (3, 4) or
// transform.rotation.z (5, 6) animation, a keyframe position.x (7) or opacity (8) animation with 4 values,
// or a group of an opacity and a position animation (9); its timing function is the named curve
// (i / 10) % 5 (linear, easeIn, easeOut, easeInEaseOut, default). Animations are built once from the
// scene format's ANIMATION objects (mt_animation_create_json) and added (copied) to the layers. Layers:
// N / 100 root containers of 100 layers each (layer i under container i / 100). Frames are 1/128 s apart
// (dyadic: frame times and the S3 window ends are exact).
//
// - S1/attach_N: adding N animations of the mix (each starting at once) to the N layers of a fresh runtime,
//   per animation (the runtime and its layers are made outside the timed region).
// - S2/steady_N: a frame (advance + update_presentation) with N running animations of the mix (repeating
//   forever, durations 1 + 0.3 k s, so nothing starts or stops), per animation; cpp_loop_webkit: the plain
//   C++ loop over the same animations (baseline.cpp: WebKit's solver, linear interpolation, no tree) at the
//   same times; mt_model_ends: the same values with the ends that equal the layers' default model values
//   left out of the basic animations (kModelEndsJson). After the timed loop both are read at the same
//   time; `mismatch` counts values that differ
//   by more than 1e-5 of their range (the WebKit solver errs by up to ~1e-6). allocs_per_frame: heap
//   allocations per timed frame (alloc_count.hpp; reported, not a target of S2).
// - S3/churn_N: steady churn: every animation lasts 100 frames exactly (removedOnCompletion), and every
//   frame the 1 % of the layers whose animations ended in that frame's advance (didStop) get a new one
//   (didStart at once): a frame = advance + N/100 adds + update_presentation + clearing the events; per
//   animation (compare with S2/steady_N: report.py gives the ratio). A frame that does not see exactly
//   N/50 events fails the row.
// - S4/static_L: L layers without animations (a random tree: parents earlier, 2 % roots) plus 100 animated
//   layers (the mix, repeating) under static layers; per frame (advance + update_presentation);
//   allocs_per_frame as in S2.
// - S5/remove_N: N layers under 10 root parents (layer i under parent i % 10), each with one basic opacity
//   animation (a named curve, 10 s, removed on completion) added at 0; the timed region removes the N layers
//   one by one (mt_runtime_remove_layer) in a shuffled order (fixed seed), removal k at 1 + (k + 1) 2^-20 s
//   (dyadic, exact; nothing crosses in between), per removal. Each removal queues one didStop (not
//   finished) of its layer at its time: a run whose queue is not exactly that, or that leaves an animation
//   attached, fails the row. The runtime is built outside the timed region.
// - S6/basic_N: the heap growth of attaching N basic opacity animations (one per layer, a named curve,
//   beginTime 1000 s so that no event is queued), counted by the harness's allocator (alloc_count.hpp):
//   counter bytes_per_animation; the timed region is the N adds.
//
// Smoke mode (MT_BENCH_SMOKE=1, CI) registers N = 10^3 only. MT_BENCH_ONE_CURVE: see curve_of.
#include <benchmark/benchmark.h>
#include "alloc_count.hpp"
#include "baseline.hpp"
#include "mediatiming.h"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

const double kFrame = 1.0 / 128;
const char *const kCurveNames[5] = {"linear", "easeIn", "easeOut", "easeInEaseOut", "default"};
// The named curves' control points, float-rounded as Core Animation stores them (Docs/scene-format.md).
const double kCurvePoints[5][4] = {
    {0, 0, 1, 1}, {0.42f, 0, 1, 1}, {0, 0, 0.58f, 1}, {0.42f, 0, 0.58f, 1}, {0.25f, 0.1f, 0.25f, 1}};

// One kind of the mix: its ANIMATION object without timing and timing function, the same animation for the
// plain loop, and the key paths that read its values (scalar, point x, point y; nullptr: not animated).
struct Kind {
  const char *json;
  PlainAnimation plain;
  const char *paths[3];
};

const Kind kKinds[10] = {
    {R"({"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1)", {0, 0, 0, 0, {0, 0, 0}, {1, 0, 0}, {}},
     {"opacity", nullptr, nullptr}},
    {R"({"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1)", {0, 0, 0, 0, {0, 0, 0}, {1, 0, 0}, {}},
     {"opacity", nullptr, nullptr}},
    {R"({"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1)", {0, 0, 0, 0, {0, 0, 0}, {1, 0, 0}, {}},
     {"opacity", nullptr, nullptr}},
    {R"({"type": "basic", "keyPath": "position", "fromValue": [0, 0], "toValue": [100, 50])",
     {0, 0, 1, 0, {0, 0, 0}, {0, 100, 50}, {}}, {nullptr, "position.x", "position.y"}},
    {R"({"type": "basic", "keyPath": "position", "fromValue": [0, 0], "toValue": [100, 50])",
     {0, 0, 1, 0, {0, 0, 0}, {0, 100, 50}, {}}, {nullptr, "position.x", "position.y"}},
    {R"({"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 6.283185307179586)",
     {0, 0, 0, 0, {0, 0, 0}, {6.283185307179586, 0, 0}, {}}, {"transform.rotation.z", nullptr, nullptr}},
    {R"({"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 6.283185307179586)",
     {0, 0, 0, 0, {0, 0, 0}, {6.283185307179586, 0, 0}, {}}, {"transform.rotation.z", nullptr, nullptr}},
    {R"({"type": "keyframe", "keyPath": "position.x", "values": [0, 10, 30, 60])",
     {0, 0, 2, 0, {}, {}, {0, 10, 30, 60}}, {"position.x", nullptr, nullptr}},
    {R"({"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0.5, 1])",
     {0, 0, 2, 0, {}, {}, {0, 1, 0.5, 1}}, {"opacity", nullptr, nullptr}},
    {R"({"type": "group", "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0},)"
     R"( {"type": "basic", "keyPath": "position", "fromValue": [10, 20], "toValue": [30, 40]}])",
     {0, 0, 3, 0, {1, 10, 20}, {0, 30, 40}, {}}, {"opacity", "position.x", "position.y"}},
};

// The kinds of S2/steady_N/mt_model_ends: the same values, each basic animation with the end that equals
// the layer's default model value left out (opacity 1, position (0, 0), rotation 0), so that the runtime
// reads it from the model (Docs/semantics.md §10.1); the keyframes and the group's position unchanged.
const char *const kModelEndsJson[10] = {
    R"({"type": "basic", "keyPath": "opacity", "fromValue": 0)",
    R"({"type": "basic", "keyPath": "opacity", "fromValue": 0)",
    R"({"type": "basic", "keyPath": "opacity", "fromValue": 0)",
    R"({"type": "basic", "keyPath": "position", "toValue": [100, 50])",
    R"({"type": "basic", "keyPath": "position", "toValue": [100, 50])",
    R"({"type": "basic", "keyPath": "transform.rotation.z", "toValue": 6.283185307179586)",
    R"({"type": "basic", "keyPath": "transform.rotation.z", "toValue": 6.283185307179586)",
    R"({"type": "keyframe", "keyPath": "position.x", "values": [0, 10, 30, 60])",
    R"({"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0.5, 1])",
    R"({"type": "group", "animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0},)"
    R"( {"type": "basic", "keyPath": "position", "fromValue": [10, 20], "toValue": [30, 40]}])",
};

int kind_of(std::size_t i) { return int(i % 10); }
// MT_BENCH_ONE_CURVE=k (0-4): every animation of the mixes takes named curve k instead (a diagnostic of
// what the curves cost in a frame; Benchmarks/run.sh does not set it).
int curve_of(std::size_t i) {
  static const int only = [] {
    const char *v = std::getenv("MT_BENCH_ONE_CURVE");
    const int k = v ? std::atoi(v) : -1;
    return k >= 0 && k < 5 ? k : -1;
  }();
  return only >= 0 ? only : int((i / 10) % 5);
}

bool smoke() {
  const char *v = std::getenv("MT_BENCH_SMOKE");
  return v && std::strcmp(v, "1") == 0;
}

std::string label(std::size_t n) {
  int e = 0;
  while (n >= 10) { n /= 10; e++; }
  return "1e" + std::to_string(e);
}

mt_animation *make_animation(const std::string &json) {
  mt_status st;
  char error[256];
  mt_animation *a = mt_animation_create_json(json.data(), (ptrdiff_t)json.size(), &st, error, sizeof error);
  if (!a) { std::fprintf(stderr, "mt_animation_create_json: %s\n  in %s\n", error, json.c_str()); std::exit(2); }
  return a;
}

// An ANIMATION object of the mix with a timing object (of the model-ends mix when `model_ends`).
std::string animation_json(int kind, int curve, const std::string &timing, bool model_ends = false) {
  return std::string(model_ends ? kModelEndsJson[kind] : kKinds[kind].json) + R"(, "timingFunction": ")" +
         kCurveNames[curve] + R"(", "timing": )" + timing + "}";
}

// S2's repeating durations: 1 + 0.3 k s for k = (i / 50) % 7 (not dyadic: frame times never fall on a
// cycle's end).
double steady_duration(std::size_t i) { return 1 + 0.3 * double((i / 50) % 7); }

// The animations of the mix, made once: prototypes[p] for p = the prototype index of animation i.
struct Prototypes {
  std::vector<mt_animation *> items;
  std::size_t (*index)(std::size_t);
  Prototypes(const Prototypes &) = delete;
  Prototypes &operator=(const Prototypes &) = delete;
  Prototypes() = default;
  ~Prototypes() { for (mt_animation *a : items) mt_animation_destroy(a); }
  mt_animation *of(std::size_t i) const { return items[index(i)]; }
};

// Repeating forever: 10 kinds x 5 curves x 7 durations (of the model-ends mix when `model_ends`).
const Prototypes &steady_prototypes(bool model_ends = false) {
  static Prototypes mix, ends;
  Prototypes &p = model_ends ? ends : mix;
  if (p.items.empty()) {
    p.index = [](std::size_t i) { return std::size_t(kind_of(i) + 10 * curve_of(i)) + 50 * ((i / 50) % 7); };
    p.items.resize(350);
    for (std::size_t i = 0; i < 350; i++) {
      char timing[96];
      std::snprintf(timing, sizeof timing, R"({"duration": %.17g, "repeatCount": "inf"})", steady_duration(i));
      p.items[p.index(i)] = make_animation(animation_json(kind_of(i), curve_of(i), timing, model_ends));
    }
  }
  return p;
}

// S3's windows: 100 frames exactly, no repeat, removed on completion.
const Prototypes &churn_prototypes() {
  static Prototypes p;
  if (p.items.empty()) {
    p.index = [](std::size_t i) { return std::size_t(kind_of(i) + 10 * curve_of(i)); };
    p.items.resize(50);
    char timing[64];
    std::snprintf(timing, sizeof timing, R"({"duration": %.17g})", 100 * kFrame);
    for (std::size_t i = 0; i < 50; i++) p.items[p.index(i)] = make_animation(animation_json(kind_of(i), curve_of(i), timing));
  }
  return p;
}

// A runtime with the containers and the N animated layers of S1-S3 and S6 (layer index of layer i: layers[i]).
struct Runtime {
  mt_runtime *rt = nullptr;
  std::vector<int64_t> layers;
  explicit Runtime(std::size_t n) {
    mt_status st;
    rt = mt_runtime_create(0, 0.25, &st);
    if (!rt) { std::fprintf(stderr, "mt_runtime_create failed\n"); std::exit(2); }
    layers.resize(n);
    int64_t container = -1;
    for (std::size_t i = 0; i < n; i++) {
      if (i % 100 == 0) container = mt_runtime_add_layer(rt, ("c" + std::to_string(i / 100)).c_str(), -1, 0, 1, 0, &st);
      layers[i] = mt_runtime_add_layer(rt, ("l" + std::to_string(i)).c_str(), container, 0, 1, 0, &st);
      if (layers[i] < 0) { std::fprintf(stderr, "mt_runtime_add_layer failed\n"); std::exit(2); }
    }
  }
  ~Runtime() { mt_runtime_destroy(rt); }
  Runtime(const Runtime &) = delete;
  Runtime &operator=(const Runtime &) = delete;
};

// Adds animation i of `prototypes` to layer i for i in [from, to) at `time`; false on an error status.
bool attach(Runtime &r, const Prototypes &prototypes, std::size_t from, std::size_t to, double time) {
  for (std::size_t i = from; i < to; i++)
    if (mt_runtime_add_animation(r.rt, r.layers[i], "a", prototypes.of(i), time) != MT_OK) return false;
  return true;
}

void s1_attach(benchmark::State &s, std::size_t n) {
  const Prototypes &prototypes = steady_prototypes();
  bool ok = true;
  for (auto _ : s) {
    s.PauseTiming();
    {
      Runtime r(n);
      s.ResumeTiming();
      ok = attach(r, prototypes, 0, n, 0) && ok;
      s.PauseTiming();
      if (mt_runtime_attached_count(r.rt) != ptrdiff_t(n)) ok = false;
    }
    s.ResumeTiming();
  }
  if (!ok) { s.SkipWithError("an add failed"); return; }
  s.counters["n"] = double(n);
}

// The value of animation i read back through the runtime: out[0..2] as the plain loop writes them.
bool read_back(mt_runtime *rt, int64_t layer, std::size_t i, double out[3]) {
  for (int k = 0; k < 3; k++) {
    const char *path = kKinds[kind_of(i)].paths[k];
    if (path && mt_runtime_presentation_scalar(rt, layer, path, &out[k]) != MT_OK) return false;
  }
  return true;
}

// The plain loop's animations: animation i of the steady mix, begun at 0.
std::vector<PlainAnimation> plain_animations(std::size_t n) {
  std::vector<PlainAnimation> plain(n);
  for (std::size_t i = 0; i < n; i++) {
    plain[i] = kKinds[kind_of(i)].plain;
    plain[i].begin = 0;
    plain[i].duration = steady_duration(i);
    plain[i].curve = uint8_t(curve_of(i));
  }
  return plain;
}

std::vector<UnitBezier> plain_curves() {
  std::vector<UnitBezier> curves;
  for (const auto &c : kCurvePoints) curves.emplace_back(c[0], c[1], c[2], c[3]);
  return curves;
}

// Counts the values of animations [0, n) where the runtime and the plain loop disagree by more than 1e-5 of
// the value's range (|to - from|, or the keyframes' span).
double mismatches(mt_runtime *rt, const std::vector<int64_t> &layers, std::size_t n, double t) {
  std::vector<PlainAnimation> plain = plain_animations(n);
  std::vector<UnitBezier> curves = plain_curves();
  std::vector<double> expected(3 * n, 0.0);
  cpp_animation_loop(n, plain.data(), curves.data(), t, expected.data());
  double count = 0;
  for (std::size_t i = 0; i < n; i++) {
    double got[3] = {0, 0, 0};
    if (!read_back(rt, layers[i], i, got)) { count++; continue; }
    for (int k = 0; k < 3; k++) {
      if (!kKinds[kind_of(i)].paths[k]) continue;
      const PlainAnimation &a = plain[i];
      double range = a.kind == 2 ? *std::max_element(a.keys, a.keys + 4) - *std::min_element(a.keys, a.keys + 4)
                                 : std::fabs(a.to[k] - a.from[k]);
      if (!(std::fabs(got[k] - expected[3 * i + k]) <= 1e-5 * std::max(range, 1.0))) count++;
    }
  }
  return count;
}

void s2_steady_mt(benchmark::State &s, std::size_t n, bool model_ends) {
  Runtime r(n);
  if (!attach(r, steady_prototypes(model_ends), 0, n, 0)) { s.SkipWithError("an add failed"); return; }
  mt_runtime_clear_events(r.rt);
  double t = 0;
  bool ok = true;
  for (int warm = 0; warm < 3; warm++) {
    t += kFrame;
    ok = mt_runtime_advance(r.rt, t) == MT_OK && mt_runtime_update_presentation(r.rt) == MT_OK && ok;
  }
  alloc_count::start();
  for (auto _ : s) {
    t += kFrame;
    ok = mt_runtime_advance(r.rt, t) == MT_OK && ok;
    ok = mt_runtime_update_presentation(r.rt) == MT_OK && ok;
  }
  const long allocations = alloc_count::stop().allocations;
  if (!ok) { s.SkipWithError("a frame returned an error status"); return; }
  if (mt_runtime_event_count(r.rt) != 0) { s.SkipWithError("a steady frame had events"); return; }
  s.counters["n"] = double(n);
  s.counters["allocs_per_frame"] = double(allocations) / double(std::max<int64_t>(s.iterations(), 1));
  s.counters["mismatch"] = mismatches(r.rt, r.layers, n, t);
}

void s2_steady_cpp(benchmark::State &s, std::size_t n) {
  std::vector<PlainAnimation> plain = plain_animations(n);
  std::vector<UnitBezier> curves = plain_curves();
  std::vector<double> out(3 * n, 0.0);
  double t = 3 * kFrame;
  for (auto _ : s) {
    t += kFrame;
    cpp_animation_loop(n, plain.data(), curves.data(), t, out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  s.counters["n"] = double(n);
}

void s3_churn(benchmark::State &s, std::size_t n) {
  const Prototypes &prototypes = churn_prototypes();
  const std::size_t group = n / 100;
  Runtime r(n);
  // Frame k adds group k % 100 at k * kFrame; it ends at (k + 100) * kFrame, the frame that re-adds it.
  long frame = 0;
  bool ok = true;
  auto run_frame = [&]() {
    const double t = double(frame) * kFrame;
    const std::size_t g = std::size_t(frame % 100);
    ok = mt_runtime_advance(r.rt, t) == MT_OK && ok;
    ok = attach(r, prototypes, g * group, (g + 1) * group, t) && ok;
    ok = mt_runtime_update_presentation(r.rt) == MT_OK && ok;
    const ptrdiff_t events = mt_runtime_event_count(r.rt);
    mt_runtime_clear_events(r.rt);
    frame++;
    return events;
  };
  // Warm-up: the first 100 frames fill the runtime, 100 more reach the steady state.
  while (frame < 200) run_frame();
  long wrong = 0;
  for (auto _ : s)
    if (run_frame() != ptrdiff_t(2 * group)) wrong++;
  if (!ok) { s.SkipWithError("a frame returned an error status"); return; }
  if (wrong != 0 || mt_runtime_attached_count(r.rt) != ptrdiff_t(n)) {
    s.SkipWithError("a churn frame did not see N/100 starts and N/100 stops");
    return;
  }
  s.counters["n"] = double(n);
}

void s4_static(benchmark::State &s, std::size_t statics) {
  mt_status st;
  mt_runtime *rt = mt_runtime_create(0, 0.25, &st);
  std::mt19937_64 rng(3);
  for (std::size_t i = 0; i < statics; i++) {
    int64_t parent = i == 0 || rng() % 50 == 0 ? -1 : int64_t(rng() % i);
    mt_runtime_add_layer(rt, ("s" + std::to_string(i)).c_str(), parent, double(rng() % 100) * 0.01,
                         1.0f + float(rng() % 4) * 0.25f, double(rng() % 10) * 0.1, &st);
  }
  const Prototypes &prototypes = steady_prototypes();
  bool ok = true;
  for (std::size_t k = 0; k < 100; k++) {
    int64_t layer = mt_runtime_add_layer(rt, ("a" + std::to_string(k)).c_str(), int64_t(k * statics / 100), 0, 1, 0, &st);
    ok = layer >= 0 && mt_runtime_add_animation(rt, layer, "a", prototypes.of(k), 0) == MT_OK && ok;
  }
  mt_runtime_clear_events(rt);
  double t = 0;
  alloc_count::start();
  for (auto _ : s) {
    t += kFrame;
    ok = mt_runtime_advance(rt, t) == MT_OK && ok;
    ok = mt_runtime_update_presentation(rt) == MT_OK && ok;
  }
  const long allocations = alloc_count::stop().allocations;
  const bool steady = mt_runtime_event_count(rt) == 0 && mt_runtime_attached_count(rt) == 100;
  mt_runtime_destroy(rt);
  if (!ok) { s.SkipWithError("set-up or a frame returned an error status"); return; }
  if (!steady) { s.SkipWithError("a steady frame had events"); return; }
  s.counters["n"] = 1;
  s.counters["allocs_per_frame"] = double(allocations) / double(std::max<int64_t>(s.iterations(), 1));
}

void s5_remove(benchmark::State &s, std::size_t n) {
  static mt_animation *basic = make_animation(
      R"({"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "timingFunction": "easeOut",)"
      R"( "timing": {"duration": 10}})");
  const std::size_t parents = 10;
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; i++) order[i] = i;
  std::shuffle(order.begin(), order.end(), std::mt19937_64(5));
  const double step = std::ldexp(1.0, -20);
  bool ok = true;
  for (auto _ : s) {
    s.PauseTiming();
    mt_status st;
    mt_runtime *rt = mt_runtime_create(0, 0.25, &st);
    std::vector<int64_t> layers(n);
    for (std::size_t p = 0; p < parents; p++)
      ok = mt_runtime_add_layer(rt, ("p" + std::to_string(p)).c_str(), -1, 0, 1, 0, &st) == int64_t(p) && ok;
    for (std::size_t i = 0; i < n; i++) {
      layers[i] = mt_runtime_add_layer(rt, ("l" + std::to_string(i)).c_str(), int64_t(i % parents), 0, 1, 0, &st);
      ok = layers[i] >= 0 && mt_runtime_add_animation(rt, layers[i], "a", basic, 0) == MT_OK && ok;
    }
    mt_runtime_clear_events(rt);
    s.ResumeTiming();
    for (std::size_t k = 0; k < n; k++)
      ok = mt_runtime_remove_layer(rt, layers[order[k]], 1 + double(k + 1) * step) == MT_OK && ok;
    s.PauseTiming();
    ok = mt_runtime_event_count(rt) == ptrdiff_t(n) && mt_runtime_attached_count(rt) == 0 && ok;
    for (std::size_t k = 0; ok && k < n; k++) {
      mt_runtime_event ev;
      ok = mt_runtime_event_at(rt, ptrdiff_t(k), &ev, nullptr, 0) == MT_OK && ev.is_start == 0 && ev.finished == 0 &&
           ev.layer == layers[order[k]] && ev.time == 1 + double(k + 1) * step;
    }
    mt_runtime_destroy(rt);
    s.ResumeTiming();
  }
  if (!ok) { s.SkipWithError("a removal failed or did not queue exactly its layer's didStop"); return; }
  s.counters["n"] = double(n);
}

void s6_memory(benchmark::State &s, std::size_t n) {
  static mt_animation *basic = make_animation(
      R"({"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "timingFunction": "default",)"
      R"( "timing": {"beginTime": 1000, "duration": 1}})");
  bool ok = true;
  double bytes = 0;
  for (auto _ : s) {
    s.PauseTiming();
    {
      Runtime r(n);
      s.ResumeTiming();
      alloc_count::start();
      for (std::size_t i = 0; i < n; i++)
        ok = mt_runtime_add_animation(r.rt, r.layers[i], "a", basic, 0) == MT_OK && ok;
      alloc_count::Window w = alloc_count::stop();
      s.PauseTiming();
      bytes = double(w.bytes) / double(n);
      if (mt_runtime_event_count(r.rt) != 0 || mt_runtime_attached_count(r.rt) != ptrdiff_t(n)) ok = false;
    }
    s.ResumeTiming();
  }
  if (!ok) { s.SkipWithError("an add failed or queued an event"); return; }
  s.counters["n"] = double(n);
  s.counters["bytes_per_animation"] = bytes;
}

const int registered = [] {
  std::vector<std::size_t> sizes = {1000};
  if (!smoke()) sizes = {1000, 10000, 100000};
  for (std::size_t n : sizes) {
    const std::string l = label(n);
    benchmark::RegisterBenchmark(("S1/attach_" + l + "/mt").c_str(), s1_attach, n)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("S2/steady_" + l + "/mt").c_str(), s2_steady_mt, n, false)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("S2/steady_" + l + "/mt_model_ends").c_str(), s2_steady_mt, n, true)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("S2/steady_" + l + "/cpp_loop_webkit").c_str(), s2_steady_cpp, n)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("S3/churn_" + l + "/mt").c_str(), s3_churn, n)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("S4/static_" + l + "/mt").c_str(), s4_static, n)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("S5/remove_" + l + "/mt").c_str(), s5_remove, n)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("S6/basic_" + l + "/mt").c_str(), s6_memory, n)->Unit(benchmark::kMillisecond);
  }
  return 0;
}();

}  // namespace
