// Qt 6's QEasingCurve as a real peer for P1/P2 (shared/spec/performance.md): rows "P1/<curve>/qt" and
// "P2/<curve>/qt" beside bench.cpp's "mt" and "webkit" rows of the same cases. Each curve is a
// QEasingCurve::BezierSpline with one addCubicBezierSegment((x1, y1), (x2, y2), (1, 1)) on the same
// float-rounded control points, evaluated with valueForProgress over the same 4096 x (ascending, or
// shuffled with the same seed). max_err is measured as for the other rows: the largest |y - reference|
// over 100 001 evenly spaced x, the reference being the harness's long-double bisection
// (reference_bezier, baseline.cpp).
#include <benchmark/benchmark.h>
#include "baseline.hpp"
#include <QtCore/QEasingCurve>
#include <QtCore/QPointF>
#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace {

struct QtCurve { const char *name; double x1, y1, x2, y2; };
// The cases of bench.cpp's P1/P2 rows, float-rounded as Core Animation stores them.
const QtCurve kQtCurves[] = {
  {"ease", 0.25f, 0.1f, 0.25f, 1.0f},
  {"easeIn", 0.42f, 0.0f, 1.0f, 1.0f},
  {"easeOut", 0.0f, 0.0f, 0.58f, 1.0f},
  {"easeInEaseOut", 0.42f, 0.0f, 0.58f, 1.0f},
  {"steep", 0.9f, 0.0f, 0.1f, 1.0f},
};

QEasingCurve make_curve(const QtCurve &k) {
  QEasingCurve curve(QEasingCurve::BezierSpline);
  curve.addCubicBezierSegment(QPointF(k.x1, k.y1), QPointF(k.x2, k.y2), QPointF(1, 1));
  return curve;
}

// The same x as bench.cpp: (k + 0.5) / n, shuffled with mt19937_64(42).
std::vector<double> xs(std::size_t n, bool shuffled) {
  std::vector<double> x(n);
  for (std::size_t k = 0; k < n; k++) x[k] = (double(k) + 0.5) / double(n);
  if (shuffled) {
    std::mt19937_64 rng(42);
    std::shuffle(x.begin(), x.end(), rng);
  }
  return x;
}

double qt_max_error(const QtCurve &k, const QEasingCurve &curve) {
  double worst = 0;
  const int n = 100000;
  for (int i = 0; i <= n; i++) {
    double x = double(i) / n;
    long double ref = reference_bezier(k.x1, k.y1, k.x2, k.y2, x);
    worst = std::max(worst, double(std::fabs((long double)curve.valueForProgress(x) - ref)));
  }
  return worst;
}

void register_qt(const char *target, bool shuffled) {
  for (const QtCurve &k : kQtCurves) {
    std::string name = std::string(target) + "/" + k.name + "/qt";
    benchmark::RegisterBenchmark(name.c_str(), [k, shuffled](benchmark::State &s) {
      const QEasingCurve curve = make_curve(k);
      auto x = xs(4096, shuffled);
      std::vector<double> y(x.size());
      for (auto _ : s) {
        for (std::size_t i = 0; i < x.size(); i++) y[i] = curve.valueForProgress(x[i]);
        benchmark::DoNotOptimize(y.data());
        benchmark::ClobberMemory();
      }
      s.counters["n"] = double(x.size());
      s.counters["max_err"] = qt_max_error(k, curve);
    });
  }
}

const int registered = [] {
  register_qt("P1", false);
  register_qt("P2", true);
  return 0;
}();

}  // namespace
