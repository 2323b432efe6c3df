/* Samples a scene document through the C API at the given times and prints one CSV-like row per time:
 * the time, then the flattened probe values (%.17g; phases as codes, null as nan); then one row per event up
 * to the last time: "E,time,layer,key,is_start,finished".
 * The same times are also sampled through a scene session (mt_scene_session_*, advanced to each time in turn)
 * and through mt_scene_sample in reverse order (each sample before the previous one plays the scene from its
 * start): both must give the printed values bit for bit, and the session the same events, else it exits 1.
 * Usage: scene_sample FILE.json T1 T2 ...   (ascending times) Used by Tests/c/compare_cli.py against
 * `mediatiming sample`. */
#include "mediatiming.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_VALUES (1 << 16)
#define MAX_TIMES 4096

static double rows[MAX_TIMES][64];
static ptrdiff_t counts[MAX_TIMES];

static int same(const double *a, const double *b, ptrdiff_t n) {
  for (ptrdiff_t k = 0; k < n; k++)
    if (!(a[k] == b[k] || (isnan(a[k]) && isnan(b[k])))) return 0;
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: scene_sample FILE T...\n"); return 2; }
  int n_times = argc - 2;
  if (n_times > MAX_TIMES) { fprintf(stderr, "too many times\n"); return 2; }
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 2; }
  static char text[1 << 22];
  size_t length = fread(text, 1, sizeof text, f);
  fclose(f);
  mt_status st;
  char err[512];
  mt_scene *scene = mt_scene_load(text, (ptrdiff_t)length, &st, err, sizeof err);
  if (!scene) { fprintf(stderr, "load failed (%d): %s\n", (int)st, err); return 1; }
  static double values[MAX_VALUES];
  int status = 0;
  for (int i = 0; i < n_times; i++) {
    double t = strtod(argv[i + 2], NULL);
    ptrdiff_t n = 0;
    st = mt_scene_sample(scene, t, values, MAX_VALUES, &n);
    if (st != MT_OK) {
      char e[512];
      mt_scene_error(scene, e, sizeof e);
      fprintf(stderr, "sample failed (%d) at %s: %s\n", (int)st, argv[i + 2], e);
      mt_scene_destroy(scene);
      return 1;
    }
    printf("%.17g", t);
    for (ptrdiff_t k = 0; k < n; k++) printf(",%.17g", values[k]);
    printf("\n");
    if (n > 64) { fprintf(stderr, "too many values to cross-check\n"); return 2; }
    memcpy(rows[i], values, (size_t)n * sizeof(double));
    counts[i] = n;
  }
  ptrdiff_t n_events = mt_scene_event_count(scene);
  char layer[128], key[128], layer2[128], key2[128];
  mt_scene_event ev, ev2;
  for (ptrdiff_t k = 0; k < n_events; k++) {
    mt_scene_event_at(scene, k, &ev, layer, sizeof layer, key, sizeof key);
    printf("E,%.17g,%s,%s,%d,%d\n", ev.time, layer, key, ev.is_start, ev.finished);
  }

  /* The same times through a session. */
  mt_scene_session *session = mt_scene_session_create(scene, strtod(argv[2], NULL), &st, err, sizeof err);
  if (!session) { fprintf(stderr, "session failed (%d): %s\n", (int)st, err); return 1; }
  for (int i = 0; i < n_times; i++) {
    ptrdiff_t n = 0;
    if (mt_scene_session_advance(session, strtod(argv[i + 2], NULL)) != MT_OK ||
        mt_scene_session_sample(session, values, MAX_VALUES, &n) != MT_OK || n != counts[i] ||
        !same(values, rows[i], n)) {
      fprintf(stderr, "the session differs at %s\n", argv[i + 2]);
      status = 1;
    }
  }
  if (mt_scene_session_event_count(session) != n_events) { fprintf(stderr, "the session's events differ\n"); status = 1; }
  for (ptrdiff_t k = 0; k < n_events && status == 0; k++) {
    mt_scene_event_at(scene, k, &ev, layer, sizeof layer, key, sizeof key);
    mt_scene_session_event_at(session, k, &ev2, layer2, sizeof layer2, key2, sizeof key2);
    if (memcmp(&ev.time, &ev2.time, sizeof ev.time) != 0 || ev.is_start != ev2.is_start ||
        ev.finished != ev2.finished || strcmp(layer, layer2) != 0 || strcmp(key, key2) != 0) {
      fprintf(stderr, "the session's event %td differs\n", k);
      status = 1;
    }
  }
  mt_scene_session_destroy(session);

  /* The same times in reverse order through mt_scene_sample: each one plays the scene from its start. */
  for (int i = n_times - 1; i >= 0; i--) {
    ptrdiff_t n = 0;
    if (mt_scene_sample(scene, strtod(argv[i + 2], NULL), values, MAX_VALUES, &n) != MT_OK || n != counts[i] ||
        !same(values, rows[i], n)) {
      fprintf(stderr, "mt_scene_sample in reverse order differs at %s\n", argv[i + 2]);
      status = 1;
    }
  }
  mt_scene_destroy(scene);
  return status;
}
