// The MediaTiming benchmark harness: rows P1-P9 of Docs/performance.md, each
// beside its baseline measured in the same run. Names: "<target>/<case>/<implementation>"; report.py
// pairs the "mt" implementation with the others of the same "<target>/<case>".
// Counters: n = items per iteration (ns/item = time / n), max_err = maximum error against the
// long-double reference (P1/P2 only).
#include <benchmark/benchmark.h>
#include "alloc_count.hpp"
#include "baseline.hpp"
#include "cases.hpp"
#include "mediatiming.h"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

struct CurveHandle {
  mt_curve *c;
  explicit CurveHandle(const Curve &k) {
    mt_status st;
    c = mt_curve_create(k.x1, k.y1, k.x2, k.y2, &st);
    if (!c || st != MT_OK) { std::fprintf(stderr, "mt_curve_create failed\n"); std::exit(2); }
  }
  ~CurveHandle() { mt_curve_destroy(c); }
};

void register_curves(const char *target, bool shuffled) {
  for (const Curve &k : kCurves) {
    std::string base = std::string(target) + "/" + k.name + "/";
    benchmark::RegisterBenchmark((base + "mt").c_str(), [k, shuffled](benchmark::State &s) {
      CurveHandle h(k);
      auto xs = shuffled ? shuffled_x(4096) : ascending_x(4096);
      std::vector<double> ys(xs.size());
      for (auto _ : s) {
        mt_curve_evaluate_batch(h.c, xs.data(), ys.data(), (ptrdiff_t)xs.size());
        benchmark::DoNotOptimize(ys.data());
        benchmark::ClobberMemory();
      }
      s.counters["n"] = double(xs.size());
      s.counters["max_err"] = max_error(k, [&](double x) { return mt_curve_evaluate(h.c, x); });
    });
    benchmark::RegisterBenchmark((base + "mt_per_call").c_str(), [k, shuffled](benchmark::State &s) {
      CurveHandle h(k);
      auto xs = shuffled ? shuffled_x(4096) : ascending_x(4096);
      std::vector<double> ys(xs.size());
      for (auto _ : s) {
        for (std::size_t i = 0; i < xs.size(); i++) ys[i] = mt_curve_evaluate(h.c, xs[i]);
        benchmark::DoNotOptimize(ys.data());
        benchmark::ClobberMemory();
      }
      s.counters["n"] = double(xs.size());
    });
    benchmark::RegisterBenchmark((base + "webkit").c_str(), [k, shuffled](benchmark::State &s) {
      UnitBezier b(k.x1, k.y1, k.x2, k.y2);
      auto xs = shuffled ? shuffled_x(4096) : ascending_x(4096);
      std::vector<double> ys(xs.size());
      for (auto _ : s) {
        for (std::size_t i = 0; i < xs.size(); i++) ys[i] = b.solve(xs[i]);
        benchmark::DoNotOptimize(ys.data());
        benchmark::ClobberMemory();
      }
      s.counters["n"] = double(xs.size());
      s.counters["max_err"] = max_error(k, [&](double x) { return b.solve(x); });
    });
  }
}

// P3: 1e6 mixed animations (random fill, repeat 1/2.5/3/inf, 50% autoreverses, the five curves).
struct Animations {
  std::size_t n;
  std::vector<double> begin, duration, offset, repeat_duration;
  std::vector<float> speed, repeat;
  std::vector<uint8_t> autoreverses, fill, curve;
  explicit Animations(std::size_t n) : n(n), begin(n), duration(n), offset(n, 0), repeat_duration(n, 0),
      speed(n, 1), repeat(n), autoreverses(n), fill(n), curve(n) {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> b(0, 6), d(0.25, 3);
    const float repeats[4] = {1, 2.5f, 3, INFINITY};
    for (std::size_t i = 0; i < n; i++) {
      begin[i] = b(rng); duration[i] = d(rng);
      repeat[i] = repeats[rng() % 4]; autoreverses[i] = rng() % 2;
      fill[i] = rng() % 4; curve[i] = rng() % 5;
    }
  }
};

Animations &animations() { static Animations a(1000000); return a; }

// The P3 animations as the C API's struct-of-arrays input; the curve handles live as long as it.
struct BatchInput {
  std::vector<std::unique_ptr<CurveHandle>> handles;
  std::vector<const mt_curve *> curves;
  mt_timing_batch in;
  explicit BatchInput(Animations &a) : curves(a.n) {
    for (const Curve &k : kCurves) handles.emplace_back(new CurveHandle(k));
    for (std::size_t i = 0; i < a.n; i++) curves[i] = handles[a.curve[i]]->c;
    in = {a.begin.data(), a.duration.data(), a.speed.data(), a.repeat.data(), a.offset.data(),
          a.repeat_duration.data(), a.autoreverses.data(), a.fill.data(), curves.data()};
  }
  BatchInput(const BatchInput &) = delete;
  BatchInput &operator=(const BatchInput &) = delete;
};

void register_batch() {
  // mt: the resolved set (mt_timing_set), created once outside the timed loop, evaluated per iteration.
  benchmark::RegisterBenchmark("P3/batch_1e6/mt", [](benchmark::State &s) {
    Animations &a = animations();
    BatchInput input(a);
    const mt_timing_batch &in = input.in;
    mt_status created;
    mt_timing_set *set = mt_timing_set_create(&in, (ptrdiff_t)a.n, 0.25, &created);
    if (!set || created != MT_OK) { s.SkipWithError("mt_timing_set_create failed"); return; }
    // What a renderer needs and the plain loop computes: the progress and whether it applies (the plain
    // loop's NaN for a sample not shown).
    std::vector<double> progress(a.n);
    std::vector<uint8_t> applies(a.n);
    mt_batch_results out = {progress.data(), nullptr, nullptr, applies.data(), nullptr, nullptr};
    for (auto _ : s) {
      mt_status st = mt_timing_set_evaluate(set, 4.0, 0, &out);
      benchmark::DoNotOptimize(st);
      benchmark::ClobberMemory();
    }
    mt_timing_set_destroy(set);
    s.counters["n"] = double(a.n);
    // Sanity: the baseline does the same work. Where it shows a sample, both should agree to 1e-5 (the
    // WebKit solver errs up to ~1e-6); and the set must equal the per-call batch bit for bit.
    std::vector<UnitBezier> bz;
    for (const Curve &k : kCurves) bz.emplace_back(k.x1, k.y1, k.x2, k.y2);
    std::vector<double> base(a.n), single(a.n);
    std::vector<uint8_t> single_applies(a.n);
    cpp_timing_loop(a.n, a.begin.data(), a.duration.data(), a.speed.data(), a.repeat.data(), a.autoreverses.data(),
                    a.fill.data(), a.curve.data(), bz.data(), 4.0, base.data());
    mt_batch_results single_out = {single.data(), nullptr, nullptr, single_applies.data(), nullptr, nullptr};
    mt_timing_evaluate_batch(&in, (ptrdiff_t)a.n, 0.25, 4.0, 0, &single_out);
    double mismatches = 0, unequal = 0;
    for (std::size_t i = 0; i < a.n; i++) {
      if (!std::isnan(base[i]) && !(std::fabs(base[i] - progress[i]) <= 1e-5)) mismatches++;
      if (std::isnan(base[i]) == (applies[i] != 0)) mismatches++;  // the plain loop's NaN: not applied
      if (std::memcmp(&single[i], &progress[i], sizeof(double)) != 0 || single_applies[i] != applies[i]) unequal++;
    }
    s.counters["mismatch"] = mismatches;
    s.counters["not_bitwise_batch"] = unequal;
  })->Unit(benchmark::kMillisecond);
  // mt_unresolved: mt_timing_evaluate_batch, which validates and resolves every timing on every call.
  benchmark::RegisterBenchmark("P3/batch_1e6/mt_unresolved", [](benchmark::State &s) {
    Animations &a = animations();
    BatchInput input(a);
    const mt_timing_batch &in = input.in;
    std::vector<double> progress(a.n);
    mt_batch_results out = {progress.data(), nullptr, nullptr, nullptr, nullptr, nullptr};
    for (auto _ : s) {
      mt_status st = mt_timing_evaluate_batch(&in, (ptrdiff_t)a.n, 0.25, 4.0, 0, &out);
      benchmark::DoNotOptimize(st);
      benchmark::ClobberMemory();
    }
    s.counters["n"] = double(a.n);
  })->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("P3/batch_1e6/cpp_loop_webkit", [](benchmark::State &s) {
    Animations &a = animations();
    std::vector<UnitBezier> curves;
    for (const Curve &k : kCurves) curves.emplace_back(k.x1, k.y1, k.x2, k.y2);
    std::vector<double> progress(a.n);
    for (auto _ : s) {
      cpp_timing_loop(a.n, a.begin.data(), a.duration.data(), a.speed.data(), a.repeat.data(),
                      a.autoreverses.data(), a.fill.data(), a.curve.data(), curves.data(), 4.0, progress.data());
      benchmark::DoNotOptimize(progress.data());
      benchmark::ClobberMemory();
    }
    s.counters["n"] = double(a.n);
  })->Unit(benchmark::kMillisecond);
}

// P4: a chain of depth 32, and a full local-time pass over a random tree of 1e5 layers.
// A chain of 32 layers, each the sublayer of the one before (speeds 1, 1.01, 1.02 as floats); *leaf is
// the deepest layer.
mt_layers *make_chain(int64_t *leaf) {
  mt_status st;
  mt_layers *tree = mt_layers_create(&st);
  int64_t parent = -1;
  for (int i = 0; i < 32; i++) {
    std::string name = "l" + std::to_string(i);
    mt_layers_add(tree, name.c_str(), parent, 0.01 * i, 1.0f + 0.01f * (i % 3), 0.001 * i, leaf);
    parent = *leaf;
  }
  return tree;
}

// Preparing a timing curve that is not one of the shared named ones (its table, and the sub-tables of the
// intervals the table cannot certify): the cost of mt_curve_create + mt_curve_destroy.
void register_prepare() {
  benchmark::RegisterBenchmark("P1/prepare_steep/mt", [](benchmark::State &s) {
    const Curve &k = kCurves[4];
    for (auto _ : s) {
      mt_status st;
      mt_curve *c = mt_curve_create(k.x1, k.y1, k.x2, k.y2, &st);
      benchmark::DoNotOptimize(c);
      mt_curve_destroy(c);
    }
  })->Unit(benchmark::kMicrosecond);
}

void register_layers() {
  // The chain's local times at 1024 media times per call (a timeline of one layer): per level and time.
  benchmark::RegisterBenchmark("P4/chain_32/mt", [](benchmark::State &s) {
    int64_t id = -1;
    mt_layers *tree = make_chain(&id);
    std::vector<double> media(1024), out(1024);
    for (std::size_t i = 0; i < media.size(); i++) media[i] = 1.0 + double(i) / 60.0;
    for (auto _ : s) {
      benchmark::DoNotOptimize(mt_layers_local_time_batch(tree, id, media.data(), out.data(), (ptrdiff_t)out.size()));
      benchmark::ClobberMemory();
    }
    // Cross-check: the batch equals one call per time, bit for bit.
    for (std::size_t i = 0; i < media.size(); i++) {
      double one = 0;
      mt_layers_local_time(tree, id, media[i], &one);
      if (one != out[i]) { s.SkipWithError("batch differs from mt_layers_local_time"); break; }
    }
    s.counters["n"] = 32.0 * 1024;
    mt_layers_destroy(tree);
  });
  benchmark::RegisterBenchmark("P4/chain_32/cpp_loop_batch", [](benchmark::State &s) {
    double begin[32], rate[32], offset[32];
    for (int i = 0; i < 32; i++) { begin[i] = 0.01 * i; rate[i] = double(1.0f + 0.01f * (i % 3)); offset[i] = 0.001 * i; }
    std::vector<double> media(1024), out(1024);
    for (std::size_t i = 0; i < media.size(); i++) media[i] = 1.0 + double(i) / 60.0;
    for (auto _ : s) {
      std::copy(media.begin(), media.end(), out.begin());
      for (int level = 0; level < 32; level++)
        for (std::size_t i = 0; i < out.size(); i++) out[i] = (out[i] - begin[level]) * rate[level] + offset[level];
      benchmark::DoNotOptimize(out.data());
      benchmark::ClobberMemory();
    }
    s.counters["n"] = 32.0 * 1024;
  });
  // One call per media time (the chain walked each time).
  benchmark::RegisterBenchmark("P4/chain_32/mt_per_call", [](benchmark::State &s) {
    int64_t id = -1;
    mt_layers *tree = make_chain(&id);
    double t = 1.0, out = 0;
    for (auto _ : s) {
      benchmark::DoNotOptimize(mt_layers_local_time(tree, id, t, &out));
      benchmark::DoNotOptimize(out);
    }
    s.counters["n"] = 32;
    mt_layers_destroy(tree);
  });
  benchmark::RegisterBenchmark("P4/chain_32/cpp_loop", [](benchmark::State &s) {
    double begin[32], rate[32], offset[32];
    for (int i = 0; i < 32; i++) { begin[i] = 0.01 * i; rate[i] = double(1.0f + 0.01f * (i % 3)); offset[i] = 0.001 * i; }
    double t = 1.0;
    for (auto _ : s) {
      benchmark::DoNotOptimize(t);
      double x = t;
      for (int i = 0; i < 32; i++) x = (x - begin[i]) * rate[i] + offset[i];
      benchmark::DoNotOptimize(x);
    }
    s.counters["n"] = 32;
  });
  struct Tree { std::vector<int64_t> parent; std::vector<double> begin, offset; std::vector<float> speed; };
  static auto make_tree = []() {
    Tree tr; const int n = 100000;
    std::mt19937_64 rng(3);
    for (int i = 0; i < n; i++) {
      tr.parent.push_back(i == 0 || rng() % 50 == 0 ? -1 : int64_t(rng() % i));
      tr.begin.push_back(double(rng() % 100) * 0.01);
      tr.speed.push_back(1.0f + float(rng() % 4) * 0.25f);
      tr.offset.push_back(double(rng() % 10) * 0.1);
    }
    return tr;
  };
  benchmark::RegisterBenchmark("P4/tree_1e5/mt", [](benchmark::State &s) {
    Tree tr = make_tree();
    mt_status st;
    mt_layers *tree = mt_layers_create(&st);
    for (std::size_t i = 0; i < tr.parent.size(); i++) {
      std::string name = "l" + std::to_string(i);
      mt_layers_add(tree, name.c_str(), tr.parent[i], tr.begin[i], tr.speed[i], tr.offset[i], nullptr);
    }
    std::vector<double> times(tr.parent.size());
    for (auto _ : s) {
      benchmark::DoNotOptimize(mt_layers_local_times(tree, 2.0, times.data(), (ptrdiff_t)times.size()));
      benchmark::ClobberMemory();
    }
    s.counters["n"] = double(times.size());
    mt_layers_destroy(tree);
  })->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("P4/tree_1e5/cpp_loop", [](benchmark::State &s) {
    Tree tr = make_tree();
    std::vector<double> times(tr.parent.size());
    for (auto _ : s) {
      for (std::size_t i = 0; i < times.size(); i++) {
        double pt = tr.parent[i] < 0 ? 2.0 : times[tr.parent[i]];
        times[i] = (pt - tr.begin[i]) * double(tr.speed[i]) + tr.offset[i];
      }
      benchmark::DoNotOptimize(times.data());
      benchmark::ClobberMemory();
    }
    s.counters["n"] = double(times.size());
  })->Unit(benchmark::kMicrosecond);
}

// P5: quadratic Bézier length and arc-length-uniform samples.
const mt_point kQuad[3] = {{0, 0}, {40, 120}, {100, 10}};
const double kQuadFlat[6] = {0, 0, 40, 120, 100, 10};

void register_paths() {
  benchmark::RegisterBenchmark("P5/quad_length/mt", [](benchmark::State &s) {
    mt_point p[3] = {kQuad[0], kQuad[1], kQuad[2]};
    for (auto _ : s) {
      benchmark::DoNotOptimize(p);
      benchmark::DoNotOptimize(mt_quadratic_length(p));
    }
    s.counters["n"] = 1;
  });
  benchmark::RegisterBenchmark("P5/quad_length/cpp_closed_form", [](benchmark::State &s) {
    double p[6]; std::copy(kQuadFlat, kQuadFlat + 6, p);
    for (auto _ : s) {
      benchmark::DoNotOptimize(p);
      benchmark::DoNotOptimize(cpp_quadratic_length(p, 1.0));
    }
    s.counters["n"] = 1;
  });
  benchmark::RegisterBenchmark("P5/quad_paced_1024/mt", [](benchmark::State &s) {
    mt_status st;
    mt_path *path = mt_path_create_quadratic(kQuad, &st);
    std::vector<mt_path_position> out(1024);
    for (auto _ : s) {
      benchmark::DoNotOptimize(mt_path_uniform_positions(path, out.data(), (ptrdiff_t)out.size()));
      benchmark::ClobberMemory();
    }
    s.counters["n"] = 1024;
    mt_path_destroy(path);
  });
  benchmark::RegisterBenchmark("P5/quad_paced_1024/cpp_closed_form_newton", [](benchmark::State &s) {
    std::vector<double> xy(2 * 1024);
    for (auto _ : s) {
      cpp_quadratic_uniform(kQuadFlat, 1024, xy.data());
      benchmark::DoNotOptimize(xy.data());
      benchmark::ClobberMemory();
    }
    s.counters["n"] = 1024;
  });
  benchmark::RegisterBenchmark("P5/quad_prepare/mt", [](benchmark::State &s) {
    mt_status st;
    for (auto _ : s) {
      mt_path *path = mt_path_create_quadratic(kQuad, &st);
      benchmark::DoNotOptimize(path);
      mt_path_destroy(path);
    }
    s.counters["n"] = 1;
  });
}

// Random control points (float-rounded, x in [0, 1], y in [-0.5, 1.5]) for the rows with many custom curves.
std::vector<Curve> random_curves(std::size_t count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0, 1), wide(-0.5, 1.5);
  std::vector<Curve> curves;
  for (std::size_t i = 0; i < count; i++) {
    double x1 = float(unit(rng)), y1 = float(wide(rng)), x2 = float(unit(rng)), y2 = float(wide(rng));
    curves.push_back({"random", x1, y1, x2, y2});
  }
  return curves;
}

// P9, a custom curve's life: prepare a curve with random control points and evaluate it 120 times at
// shuffled x (two seconds at 60 fps), over 4096 distinct curves in turn (no cache can hit); per item = one
// curve's preparation + 120 evaluations + its release. max_err: over 256 of the curves, 1001 x each.
// P1/custom_256: 256 freshly prepared distinct curves used in turn, 16 ascending x each per turn (4096 x
// per iteration), through the per-call API; beside the WebKit solver on the same curves.
void register_custom_curves() {
  static const std::vector<Curve> curves = random_curves(4096, 9);
  static const std::vector<double> xs = shuffled_x(120);
  // The largest error over 256 of the curves, 1001 x each: `prepare(c)` makes curve c's evaluator once.
  auto error_of = [](auto &&prepare) {
    double worst = 0;
    for (std::size_t c = 0; c < 256; c++) {
      const Curve &k = curves[c];
      auto evaluate = prepare(c);
      for (int i = 0; i <= 1000; i++) {
        double x = i / 1000.0;
        long double ref = reference_bezier(k.x1, k.y1, k.x2, k.y2, x);
        worst = std::max(worst, double(std::fabs((long double)evaluate(x) - ref)));
      }
    }
    return worst;
  };
  benchmark::RegisterBenchmark("P9/custom_life_120/mt", [error_of](benchmark::State &s) {
    std::vector<double> ys(xs.size());
    std::size_t c = 0;
    for (auto _ : s) {
      const Curve &k = curves[c];
      c = (c + 1) % curves.size();
      mt_status st;
      mt_curve *h = mt_curve_create(k.x1, k.y1, k.x2, k.y2, &st);
      for (std::size_t i = 0; i < xs.size(); i++) ys[i] = mt_curve_evaluate(h, xs[i]);
      mt_curve_destroy(h);
      benchmark::DoNotOptimize(ys.data());
      benchmark::ClobberMemory();
    }
    s.counters["n"] = 1;
    std::vector<mt_curve *> made;
    s.counters["max_err"] = error_of([&made](std::size_t c) {
      const Curve &k = curves[c];
      mt_status st;
      mt_curve *h = mt_curve_create(k.x1, k.y1, k.x2, k.y2, &st);
      made.push_back(h);
      return [h](double x) { return mt_curve_evaluate(h, x); };
    });
    for (mt_curve *h : made) mt_curve_destroy(h);
  });
  benchmark::RegisterBenchmark("P9/custom_life_120/webkit", [error_of](benchmark::State &s) {
    std::vector<double> ys(xs.size());
    std::size_t c = 0;
    for (auto _ : s) {
      const Curve &k = curves[c];
      c = (c + 1) % curves.size();
      UnitBezier b(k.x1, k.y1, k.x2, k.y2);
      for (std::size_t i = 0; i < xs.size(); i++) ys[i] = b.solve(xs[i]);
      benchmark::DoNotOptimize(ys.data());
      benchmark::ClobberMemory();
    }
    s.counters["n"] = 1;
    s.counters["max_err"] = error_of([](std::size_t c) {
      const Curve &k = curves[c];
      UnitBezier b(k.x1, k.y1, k.x2, k.y2);
      return [b](double x) { return b.solve(x); };
    });
  });
  // Preparing distinct random curves in turn: mt_curve_create + mt_curve_destroy (a handle: its box,
  // which holds the curve, and the curve's table).
  benchmark::RegisterBenchmark("P1/prepare_random/mt", [](benchmark::State &s) {
    std::size_t c = 0;
    for (auto _ : s) {
      const Curve &k = curves[c];
      c = (c + 1) % curves.size();
      mt_status st;
      mt_curve *h = mt_curve_create(k.x1, k.y1, k.x2, k.y2, &st);
      benchmark::DoNotOptimize(h);
      mt_curve_destroy(h);
    }
    s.counters["n"] = 1;
    // The live heap of one prepared custom curve behind its C handle (the handle's box, which holds the
    // curve, and the curve's table), counted by the harness's allocator: bytes and allocation calls per curve over 256 curves.
    std::vector<mt_curve *> held;
    alloc_count::start();
    for (std::size_t c = 0; c < 256; c++) {
      mt_status st;
      held.push_back(mt_curve_create(curves[c].x1, curves[c].y1, curves[c].x2, curves[c].y2, &st));
    }
    const alloc_count::Window window = alloc_count::stop();
    for (mt_curve *h : held) mt_curve_destroy(h);
    s.counters["curve_bytes"] = double(window.bytes) / 256;
    s.counters["curve_allocs"] = double(window.allocations) / 256;
  });
  benchmark::RegisterBenchmark("P1/custom_256/mt", [](benchmark::State &s) {
    std::vector<mt_curve *> handles;
    for (std::size_t c = 0; c < 256; c++) {
      mt_status st;
      handles.push_back(mt_curve_create(curves[c].x1, curves[c].y1, curves[c].x2, curves[c].y2, &st));
    }
    auto x = ascending_x(4096);
    std::vector<double> ys(x.size());
    for (auto _ : s) {
      // Curve c takes x[16c .. 16c + 15]: every call switches to another curve's table.
      for (std::size_t i = 0; i < x.size(); i++) ys[i] = mt_curve_evaluate(handles[i % 256], x[i]);
      benchmark::DoNotOptimize(ys.data());
      benchmark::ClobberMemory();
    }
    for (mt_curve *h : handles) mt_curve_destroy(h);
    s.counters["n"] = double(x.size());
  });
  benchmark::RegisterBenchmark("P1/custom_256/webkit", [](benchmark::State &s) {
    std::vector<UnitBezier> bz;
    for (std::size_t c = 0; c < 256; c++) bz.emplace_back(curves[c].x1, curves[c].y1, curves[c].x2, curves[c].y2);
    auto x = ascending_x(4096);
    std::vector<double> ys(x.size());
    for (auto _ : s) {
      for (std::size_t i = 0; i < x.size(); i++) ys[i] = bz[i % 256].solve(x[i]);
      benchmark::DoNotOptimize(ys.data());
      benchmark::ClobberMemory();
    }
    s.counters["n"] = double(x.size());
  });
}

// P8: the cost of crossing the C boundary.
void register_boundary() {
  benchmark::RegisterBenchmark("P8/identity/mt", [](benchmark::State &s) {
    double x = 0.5;
    for (auto _ : s) benchmark::DoNotOptimize(x = mt_identity(x));
    s.counters["n"] = 1;
  });
  benchmark::RegisterBenchmark("P8/identity/cpp_out_of_line", [](benchmark::State &s) {
    double x = 0.5;
    for (auto _ : s) benchmark::DoNotOptimize(x = cpp_identity(x));
    s.counters["n"] = 1;
  });
}

}  // namespace

int main(int argc, char **argv) {
  register_curves("P1", false);
  register_curves("P2", true);
  register_batch();
  register_prepare();
  register_custom_curves();
  register_layers();
  register_paths();
  register_boundary();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
