/* Samples a scene document through the C API at the given times and prints one CSV-like row per time:
 * the time, then the flattened probe values (%.17g; phases as codes, null as nan).
 * Usage: scene_sample FILE.json T1 T2 ...   Used by Tests/c/compare_cli.py against `mediatiming sample`. */
#include "mediatiming.h"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: scene_sample FILE T...\n"); return 2; }
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 2; }
  static char text[1 << 22];
  size_t length = fread(text, 1, sizeof text, f);
  fclose(f);
  mt_status st;
  char err[512];
  mt_scene *scene = mt_scene_load(text, (ptrdiff_t)length, &st, err, sizeof err);
  if (!scene) { fprintf(stderr, "load failed (%d): %s\n", (int)st, err); return 1; }
  static double values[1 << 16];
  for (int i = 2; i < argc; i++) {
    double t = strtod(argv[i], NULL);
    ptrdiff_t n = 0;
    st = mt_scene_sample(scene, t, values, (ptrdiff_t)(sizeof values / sizeof values[0]), &n);
    if (st != MT_OK) {
      char e[512];
      mt_scene_error(scene, e, sizeof e);
      fprintf(stderr, "sample failed (%d) at %s: %s\n", (int)st, argv[i], e);
      mt_scene_destroy(scene);
      return 1;
    }
    printf("%.17g", t);
    for (ptrdiff_t k = 0; k < n; k++) printf(",%.17g", values[k]);
    printf("\n");
  }
  mt_scene_destroy(scene);
  return 0;
}
