// The timing-function cases of the P1/P2 rows, shared by every implementation's rows (bench.cpp,
// qt_peer.cpp): the curves, the inputs and the accuracy measurement.
#pragma once
#include "baseline.hpp"
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <random>
#include <vector>

struct Curve { const char *name; double x1, y1, x2, y2; };
// Core Animation stores control points as float: every implementation sees the float-rounded points.
inline const Curve kCurves[] = {
  {"ease", 0.25f, 0.1f, 0.25f, 1.0f},
  {"easeIn", 0.42f, 0.0f, 1.0f, 1.0f},
  {"easeOut", 0.0f, 0.0f, 0.58f, 1.0f},
  {"easeInEaseOut", 0.42f, 0.0f, 0.58f, 1.0f},
  {"steep", 0.9f, 0.0f, 0.1f, 1.0f},
};

// (k + 0.5) / n for k < n (P1).
inline std::vector<double> ascending_x(std::size_t n) {
  std::vector<double> x(n);
  for (std::size_t k = 0; k < n; k++) x[k] = (double(k) + 0.5) / double(n);
  return x;
}

// The same inputs shuffled with mt19937_64(42) (P2).
inline std::vector<double> shuffled_x(std::size_t n) {
  auto x = ascending_x(n);
  std::mt19937_64 rng(42);
  std::shuffle(x.begin(), x.end(), rng);
  return x;
}

// Maximum |f(x) - reference| over 100 001 evenly spaced x, the reference a long-double bisection.
template <class F> double max_error(const Curve &k, F f) {
  double worst = 0;
  const int n = 100000;
  for (int i = 0; i <= n; i++) {
    double x = double(i) / n;
    long double ref = reference_bezier(k.x1, k.y1, k.x2, k.y2, x);
    worst = std::max(worst, double(std::fabs((long double)f(x) - ref)));
  }
  return worst;
}
