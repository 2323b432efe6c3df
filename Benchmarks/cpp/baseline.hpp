// Baselines of the harness, written here: WebKit's published UnitBezier solver, a plain C++ timing
// loop, a closed-form + Newton quadratic arc-length sampler, and an out-of-line identity.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>

// WebKit's UnitBezier (Source/WebCore/platform/graphics/UnitBezier.h, the classic version): up to 8
// Newton steps from t = x, then bisection, epsilon 1e-7.
struct UnitBezier {
  double ax, bx, cx, ay, by, cy;
  UnitBezier() : UnitBezier(0, 0, 1, 1) {}
  UnitBezier(double p1x, double p1y, double p2x, double p2y) {
    cx = 3.0 * p1x; bx = 3.0 * (p2x - p1x) - cx; ax = 1.0 - cx - bx;
    cy = 3.0 * p1y; by = 3.0 * (p2y - p1y) - cy; ay = 1.0 - cy - by;
  }
  double sampleCurveX(double t) const { return ((ax * t + bx) * t + cx) * t; }
  double sampleCurveY(double t) const { return ((ay * t + by) * t + cy) * t; }
  double sampleCurveDerivativeX(double t) const { return (3.0 * ax * t + 2.0 * bx) * t + cx; }
  double solveCurveX(double x, double epsilon) const {
    double t0, t1, t2, x2, d2;
    int i;
    for (t2 = x, i = 0; i < 8; i++) {
      x2 = sampleCurveX(t2) - x;
      if (std::fabs(x2) < epsilon) return t2;
      d2 = sampleCurveDerivativeX(t2);
      if (std::fabs(d2) < 1e-6) break;
      t2 = t2 - x2 / d2;
    }
    t0 = 0.0; t1 = 1.0; t2 = x;
    if (t2 < t0) return t0;
    if (t2 > t1) return t1;
    while (t0 < t1) {
      x2 = sampleCurveX(t2);
      if (std::fabs(x2 - x) < epsilon) return t2;
      if (x > x2) t0 = t2; else t1 = t2;
      t2 = (t1 - t0) * .5 + t0;
    }
    return t2;
  }
  double solve(double x, double epsilon = 1e-7) const { return sampleCurveY(solveCurveX(x, epsilon)); }
};

// y(x) by bisection in long double to the limit of the type: the accuracy reference.
long double reference_bezier(long double x1, long double y1, long double x2, long double y2, long double x);

extern "C" double cpp_identity(double x);  // out of line (separate translation unit, noinline)

// The plain C++ timing loop over the same struct-of-arrays as mt_timing_evaluate_batch: local time,
// phase, iteration, autoreverse, fill, then the WebKit solver. curve[i] indexes `curves`.
void cpp_timing_loop(std::size_t n, const double *begin, const double *duration, const float *speed,
                     const float *repeat, const uint8_t *autoreverses, const uint8_t *fill,
                     const uint8_t *curve, const UnitBezier *curves, double t, double *progress);

// Quadratic Bézier arc length in closed form, and uniform samples by Newton on it (warm-started).
double cpp_quadratic_length(const double p[6], double u);
void cpp_quadratic_uniform(const double p[6], std::size_t count, double *xy);

// S2's plain C++ loop (Docs/performance.md): n animations repeating forever from their begin time, no layer
// tree, no events; the timing function by the WebKit solver, values by linear interpolation. kind 0: a
// scalar from[0] -> to[0]; 1: a point (from[1], from[2]) -> (to[1], to[2]); 2: a scalar through the 4 keys at
// uniform key times; 3: a group of both (the scalar and the point child, in the group's time). Writes
// out[3i] (the scalar), out[3i + 1], out[3i + 2] (the point); entries a kind does not animate are left as
// they are.
struct PlainAnimation {
  double begin, duration;
  uint8_t kind, curve;
  double from[3], to[3];
  double keys[4];
};
void cpp_animation_loop(std::size_t n, const PlainAnimation *animations, const UnitBezier *curves, double t,
                        double *out);
