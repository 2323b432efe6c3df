// Qt 6's QEasingCurve as a real peer for P1/P2 (Docs/performance.md): rows "P1/<curve>/qt" and
// "P2/<curve>/qt" beside bench.cpp's "mt" and "webkit" rows of the same cases. Each curve is a
// QEasingCurve::BezierSpline with one addCubicBezierSegment((x1, y1), (x2, y2), (1, 1)) on the same
// float-rounded control points, evaluated with valueForProgress over the same 4096 x (ascending, or
// shuffled with the same seed). max_err is measured as for the other rows: the largest |y - reference|
// over 100 001 evenly spaced x, the reference being the harness's long-double bisection
// (reference_bezier, baseline.cpp).
#include <benchmark/benchmark.h>
#include "baseline.hpp"
#include "cases.hpp"
#include <QtCore/QEasingCurve>
#include <QtCore/QPointF>
#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace {

QEasingCurve make_curve(const Curve &k) {
  QEasingCurve curve(QEasingCurve::BezierSpline);
  curve.addCubicBezierSegment(QPointF(k.x1, k.y1), QPointF(k.x2, k.y2), QPointF(1, 1));
  return curve;
}

void register_qt(const char *target, bool shuffled) {
  for (const Curve &k : kCurves) {
    std::string name = std::string(target) + "/" + k.name + "/qt";
    benchmark::RegisterBenchmark(name.c_str(), [k, shuffled](benchmark::State &s) {
      const QEasingCurve curve = make_curve(k);
      auto x = shuffled ? shuffled_x(4096) : ascending_x(4096);
      std::vector<double> y(x.size());
      for (auto _ : s) {
        for (std::size_t i = 0; i < x.size(); i++) y[i] = curve.valueForProgress(x[i]);
        benchmark::DoNotOptimize(y.data());
        benchmark::ClobberMemory();
      }
      s.counters["n"] = double(x.size());
      s.counters["max_err"] = max_error(k, [&](double x) { return curve.valueForProgress(x); });
    });
  }
}

const int registered = [] {
  register_qt("P1", false);
  register_qt("P2", true);
  return 0;
}();

}  // namespace
