#include "baseline.hpp"
#include <algorithm>
#include <limits>

extern "C" __attribute__((noinline)) double cpp_identity(double x) { return x; }

long double reference_bezier(long double x1, long double y1, long double x2, long double y2, long double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  long double cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx;
  long double cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by;
  long double lo = 0, hi = 1;
  for (int i = 0; i < 80; i++) {  // 80 halvings: below long double's 64-bit mantissa
    long double mid = (lo + hi) / 2;
    long double xm = ((ax * mid + bx) * mid + cx) * mid;
    if (xm < x) lo = mid; else hi = mid;
  }
  long double s = (lo + hi) / 2;
  return ((ay * s + by) * s + cy) * s;
}

void cpp_timing_loop(std::size_t n, const double *begin, const double *duration, const float *speed,
                     const float *repeat, const uint8_t *autoreverses, const uint8_t *fill,
                     const uint8_t *curve, const UnitBezier *curves, double t, double *progress) {
  for (std::size_t i = 0; i < n; i++) {
    double d = duration[i] > 0 ? duration[i] : 0.25;
    double cycle = autoreverses[i] ? 2 * d : d;
    double r = repeat[i] > 0 ? repeat[i] : 1;
    double active = cycle * r;
    double rate = speed[i];
    double local = (t - begin[i]) * rate;
    double p;
    if (local < 0) {
      p = (fill[i] & 2) ? curves[curve[i]].solve(0) : NAN;  // backwards fill: window start
    } else {
      bool after = local >= active;
      double at = after ? active : local;
      double iteration = std::floor(at / cycle);
      double ct = at - iteration * cycle;
      if (after && ct == 0 && at > 0) ct = cycle;  // terminal sample: end of the last cycle
      double tau = ct > d ? 2 * d - ct : ct;
      double x = tau / d;
      p = (after && !(fill[i] & 1)) ? NAN : curves[curve[i]].solve(x);
    }
    progress[i] = p;
  }
}

// L(u) for B(u) = P0 + 2u(P1-P0) + u^2 (P0 - 2P1 + P2): speed |2(a + u b)| with a = P1-P0, b = P0-2P1+P2.
double cpp_quadratic_length(const double p[6], double u) {
  double ax = p[2] - p[0], ay = p[3] - p[1];
  double bx = p[0] - 2 * p[2] + p[4], by = p[1] - 2 * p[3] + p[5];
  double A = bx * bx + by * by, B = ax * bx + ay * by, C = ax * ax + ay * ay;
  if (A < 1e-300) return 2 * std::sqrt(C) * u;
  double sA = std::sqrt(A);
  auto F = [&](double s) {  // antiderivative of 2 sqrt(A s^2 + 2 B s + C)
    double q = A * s * s + 2 * B * s + C;
    double sq = std::sqrt(std::max(q, 0.0));
    double k = C - B * B / A;
    return (A * s + B) * sq / A + (k > 0 ? k / sA * std::asinh((A * s + B) / std::sqrt(A * k)) : 0.0);
  };
  return F(u) - F(0);
}

void cpp_quadratic_uniform(const double p[6], std::size_t count, double *xy) {
  double total = cpp_quadratic_length(p, 1);
  double ax = p[2] - p[0], ay = p[3] - p[1];
  double bx = p[0] - 2 * p[2] + p[4], by = p[1] - 2 * p[3] + p[5];
  double u = 0;
  for (std::size_t k = 0; k < count; k++) {
    double target = count > 1 ? total * double(k) / double(count - 1) : 0;
    for (int it = 0; it < 8; it++) {  // Newton on L(u) - target, warm-started from the last sample
      double f = cpp_quadratic_length(p, u) - target;
      double sx = 2 * (ax + u * bx), sy = 2 * (ay + u * by);
      double v = std::sqrt(sx * sx + sy * sy);
      if (std::fabs(f) <= 1e-9 * total || v == 0) break;
      u = std::min(std::max(u - f / v, 0.0), 1.0);
    }
    xy[2 * k] = p[0] + u * (2 * ax + u * bx);
    xy[2 * k + 1] = p[1] + u * (2 * ay + u * by);
  }
}

void cpp_animation_loop(std::size_t n, const PlainAnimation *animations, const UnitBezier *curves, double t,
                        double *out) {
  for (std::size_t i = 0; i < n; i++) {
    const PlainAnimation &a = animations[i];
    double local = t - a.begin;
    double iteration = std::floor(local / a.duration);
    double x = (local - iteration * a.duration) / a.duration;
    double p = curves[a.curve].solve(x);
    double *o = out + 3 * i;
    switch (a.kind) {
    case 0:
      o[0] = a.from[0] + (a.to[0] - a.from[0]) * p;
      break;
    case 1:
      o[1] = a.from[1] + (a.to[1] - a.from[1]) * p;
      o[2] = a.from[2] + (a.to[2] - a.from[2]) * p;
      break;
    case 2: {
      double s = p * 3;
      int k = std::min(std::max(int(s), 0), 2);
      o[0] = a.keys[k] + (a.keys[k + 1] - a.keys[k]) * (s - k);
      break;
    }
    default:
      o[0] = a.from[0] + (a.to[0] - a.from[0]) * p;
      o[1] = a.from[1] + (a.to[1] - a.from[1]) * p;
      o[2] = a.from[2] + (a.to[2] - a.from[2]) * p;
      break;
    }
  }
}
