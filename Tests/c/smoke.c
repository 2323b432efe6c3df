/* C smoke test of mediatiming.h: exercises every family of the C API and checks a few values.
 * Exits non-zero on the first mismatch. Built and run by .ci/run (Tests/c/run.sh). */
#include "mediatiming.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;
#define CHECK(cond) do { if (!(cond)) { fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); failures++; } } while (0)
#define NEAR(a, b, tol) (fabs((a) - (b)) <= (tol))

static const char scene_json[] =
  "{\"format\": \"mediatiming-scene/1\", \"layers\": [{\"id\": \"box\"}],"
  " \"script\": [{\"at\": 0, \"add\": {\"layer\": \"box\", \"key\": \"fade\", \"animation\":"
  " {\"type\": \"basic\", \"keyPath\": \"opacity\", \"fromValue\": 0, \"toValue\": 1, \"removedOnCompletion\": false,"
  " \"timing\": {\"duration\": 1, \"fillMode\": \"forwards\"}}}}],"
  " \"sample\": {\"times\": [0.5]}, \"probes\": [\"box.opacity\", \"box/fade@phase\"]}";

int main(void) {
  mt_status st;
  CHECK(mt_identity(0.25) == 0.25);

  /* Timing: duration 2, repeat 2, autoreverses; at t = 3 (second iteration, reversed half). */
  mt_timing t = {0};
  t.duration = 2; t.speed = 1; t.repeat_count = 2; t.autoreverses = 0; t.fill_mode = MT_FILL_BOTH;
  mt_evaluation e;
  CHECK(mt_timing_evaluate(&t, 0.25, 3.0, NULL, 1, &e) == MT_OK);
  CHECK(e.phase == MT_PHASE_ACTIVE && e.iteration == 1 && e.unit_time == 0.5 && e.progress == 0.5);
  CHECK(mt_timing_evaluate(&t, 0.25, 5.0, NULL, 0, &e) == MT_OK);
  CHECK(e.phase == MT_PHASE_AFTER && e.applies == 1 && e.progress == 1.0);
  CHECK(mt_timing_evaluate(&t, 0.25, NAN, NULL, 1, &e) == MT_ERR_TIME);
  CHECK(mt_timing_evaluate(NULL, 0.25, 1, NULL, 1, &e) == MT_ERR_NULL);
  t.fill_mode = 9;
  CHECK(mt_timing_evaluate(&t, 0.25, 1, NULL, 1, &e) == MT_ERR_INVALID);
  t.fill_mode = MT_FILL_REMOVED; t.speed = NAN;
  CHECK(mt_timing_evaluate(&t, 0.25, 1, NULL, 1, &e) == MT_ERR_INVALID);
  t.speed = 1;

  /* Curves. */
  mt_curve *ease = mt_curve_create_named(3, &st);
  CHECK(ease != NULL && st == MT_OK);
  CHECK(NEAR(mt_curve_evaluate(ease, 0.5), 0.5, 1e-6));
  CHECK(mt_curve_evaluate(ease, 0.0) == 0.0 && mt_curve_evaluate(ease, 1.0) == 1.0);
  CHECK(isnan(mt_curve_evaluate(NULL, 0.5)));
  mt_curve *clamped = mt_curve_create(2.0, 0, 0.5, 1, &st), *one = mt_curve_create(1.0, 0, 0.5, 1, &st);
  CHECK(clamped && one && mt_curve_evaluate(clamped, 0.3) == mt_curve_evaluate(one, 0.3)); /* x clamped to [0,1] */
  mt_curve_destroy(clamped); mt_curve_destroy(one);
  CHECK(mt_curve_create(NAN, 0, 0.5, 1, &st) == NULL && st == MT_ERR_INVALID);
  mt_curve *custom = mt_curve_create(0.9, 0, 0.1, 1, &st);
  CHECK(custom != NULL && st == MT_OK);
  double xs[5] = {0, 0.1, 0.5, 0.9, 1}, ys[5];
  CHECK(mt_curve_evaluate_batch(custom, xs, ys, 5) == MT_OK);
  for (int i = 0; i < 5; i++) CHECK(ys[i] == mt_curve_evaluate(custom, xs[i]));
  CHECK(mt_curve_evaluate_batch(custom, xs, ys, -1) == MT_ERR_COUNT);
  CHECK(mt_curve_evaluate_batch(custom, NULL, ys, 5) == MT_ERR_NULL);

  /* Batch timing == single timing, bit for bit. */
  double begin[3] = {0, 1, 0}, dur[3] = {1, 2, 0}, off[3] = {0, 0, 0}, rdur[3] = {0, 0, 0};
  float speed[3] = {1, 2, 1}, rep[3] = {0, 2.5f, INFINITY};
  uint8_t ar[3] = {0, 1, 0}, fill[3] = {0, 1, 3};
  const mt_curve *curves[3] = {ease, NULL, custom};
  mt_timing_batch in = {begin, dur, speed, rep, off, rdur, ar, fill, curves};
  double prog[3]; int8_t ph[3]; uint8_t app[3]; int64_t it[3]; int32_t sts[3];
  mt_batch_results out = {prog, NULL, ph, app, it, sts};
  CHECK(mt_timing_evaluate_batch(&in, 3, 0.25, 0.6, 1, &out) == MT_OK);
  for (int i = 0; i < 3; i++) {
    mt_timing ti = {begin[i], dur[i], speed[i], rep[i], off[i], rdur[i], ar[i], fill[i]};
    CHECK(mt_timing_evaluate(&ti, 0.25, 0.6, curves[i], 1, &e) == MT_OK);
    CHECK(memcmp(&e.progress, &prog[i], sizeof(double)) == 0 && e.phase == ph[i] && e.iteration == it[i] && sts[i] == MT_OK);
  }
  CHECK(mt_timing_evaluate_batch(&in, -3, 0.25, 0.6, 1, &out) == MT_ERR_COUNT);
  CHECK(mt_timing_evaluate_batch(&in, 3, 0.25, INFINITY, 1, &out) == MT_ERR_TIME);

  /* Layers: root speed 2, child begin 1; pause/resume continuity. */
  mt_layers *tree = mt_layers_create(&st);
  int64_t root, child;
  CHECK(mt_layers_add(tree, "root", -1, 0, 2, 0, &root) == MT_OK && root == 0);
  CHECK(mt_layers_add(tree, "child", root, 1, 1, 0, &child) == MT_OK && child == 1);
  CHECK(mt_layers_add(tree, "child", root, 1, 1, 0, NULL) == MT_ERR_INVALID);
  CHECK(mt_layers_add(tree, "x", 7, 0, 1, 0, NULL) == MT_ERR_RANGE);
  CHECK(mt_layers_count(tree) == 2 && mt_layers_count(NULL) == -1);
  double lt;
  CHECK(mt_layers_local_time(tree, child, 3.0, &lt) == MT_OK && lt == 5.0);
  double back;
  CHECK(mt_layers_convert_time(tree, lt, child, -1, &back) == MT_OK && back == 3.0);
  CHECK(mt_layers_local_time(tree, 5, 3.0, &lt) == MT_ERR_RANGE);
  CHECK(mt_layers_local_time(tree, child, NAN, &lt) == MT_ERR_TIME);
  double times[2];
  CHECK(mt_layers_local_times(tree, 3.0, times, 1) == MT_ERR_CAPACITY);
  CHECK(mt_layers_local_times(tree, 3.0, times, 2) == MT_OK && times[0] == 6.0 && times[1] == 5.0);
  int32_t paused = -1;
  CHECK(mt_layers_pause(tree, child, 3.0) == MT_OK);
  CHECK(mt_layers_is_paused(tree, child, &paused) == MT_OK && paused == 1);
  CHECK(mt_layers_local_time(tree, child, 10.0, &lt) == MT_OK && lt == 5.0);
  CHECK(mt_layers_resume(tree, child, 10.0, -1) == MT_ERR_INVALID);
  CHECK(mt_layers_resume(tree, child, 10.0, 1) == MT_OK);
  CHECK(mt_layers_local_time(tree, child, 10.0, &lt) == MT_OK && lt == 5.0);
  CHECK(mt_layers_local_time(tree, child, 10.5, &lt) == MT_OK && lt == 6.0);
  mt_layers_destroy(tree);

  /* Paths: a quadratic of known length, a 3-4-5 line by SVG data. */
  mt_point q[3] = {{0, 0}, {1, 2}, {2, 0}};
  mt_path *quad = mt_path_create_quadratic(q, &st);
  CHECK(quad != NULL && st == MT_OK);
  double L = 0.5 * sqrt(20.0) + 0.25 * asinh(2.0) * 2.0; /* closed form for this symmetric quadratic */
  CHECK(NEAR(mt_path_length(quad), L, 1e-12));
  mt_path_position pos[5];
  CHECK(mt_path_uniform_positions(quad, pos, 5) == MT_OK);
  CHECK(NEAR(pos[2].x, 1.0, 1e-9) && NEAR(pos[2].y, 1.0, 1e-9) && pos[4].x == 2.0 && pos[0].distance == 0);
  CHECK(mt_path_uniform_positions(quad, pos, -5) == MT_ERR_COUNT);
  mt_path_destroy(quad);
  const char svg[] = "M 0 0 L 3 4";
  mt_path *line = mt_path_create_svg(svg, (ptrdiff_t)strlen(svg), &st);
  CHECK(line != NULL && mt_path_length(line) == 5.0);
  mt_path_position p;
  CHECK(mt_path_position_at(line, 2.5, &p) == MT_OK && p.x == 1.5 && p.y == 2.0);
  mt_path_destroy(line);
  CHECK(mt_path_create_svg("M 0 0 Q", 7, &st) == NULL && st == MT_ERR_INVALID);
  CHECK(isnan(mt_path_length(NULL)));

  /* Scenes. */
  char err[256];
  mt_scene *scene = mt_scene_load(scene_json, (ptrdiff_t)strlen(scene_json), &st, err, sizeof err);
  if (!scene) fprintf(stderr, "scene error: %s\n", err);
  CHECK(scene != NULL && st == MT_OK);
  if (scene) {
    CHECK(mt_scene_probe_count(scene) == 2);
    double values[4]; ptrdiff_t n = -1;
    CHECK(mt_scene_sample(scene, 0.5, values, 4, &n) == MT_OK && n == 2);
    CHECK(values[0] == 0.5 && values[1] == 1.0);
    CHECK(mt_scene_sample(scene, 2.0, values, 1, &n) == MT_ERR_CAPACITY && n == 2);
    CHECK(mt_scene_sample(scene, 2.0, values, 4, &n) == MT_OK && values[0] == 1.0 && values[1] == 2.0);
    CHECK(mt_scene_event_count(scene) == 2);
    mt_scene_event ev; char layer[16], key[16];
    CHECK(mt_scene_event_at(scene, 1, &ev, layer, sizeof layer, key, sizeof key) == MT_OK);
    CHECK(ev.is_start == 0 && ev.finished == 1 && ev.time == 1.0 && strcmp(layer, "box") == 0 && strcmp(key, "fade") == 0);
    CHECK(mt_scene_event_at(scene, 2, &ev, NULL, 0, NULL, 0) == MT_ERR_RANGE);
    CHECK(mt_scene_sample(scene, NAN, values, 4, &n) == MT_ERR_TIME);
    mt_scene_destroy(scene);
  }
  CHECK(mt_scene_load("{\"format\": 1}", 13, &st, err, sizeof err) == NULL && st == MT_ERR_PARSE && strlen(err) > 0);

  mt_curve_destroy(ease);
  mt_curve_destroy(custom);
  mt_curve_destroy(NULL);
  if (failures) { fprintf(stderr, "%d check(s) failed\n", failures); return 1; }
  printf("C smoke: all checks passed\n");
  return 0;
}
