#!/usr/bin/env python3
"""A scene sampled through the C API gives the same numbers as `mediatiming sample`, bit for bit.
Usage: compare_cli.py MEDIATIMING_BIN SCENE_SAMPLE_BIN EXAMPLE.json..."""
import math, subprocess, sys

PHASES = {"before": 0.0, "active": 1.0, "after": 2.0, "absent": -1.0}

def cell(text):
    if text in PHASES:
        return PHASES[text]
    if text in ("", "null"):
        return math.nan
    return float(text)

def same(a, b):
    return (math.isnan(a) and math.isnan(b)) or a == b

cli, sampler, files = sys.argv[1], sys.argv[2], sys.argv[3:]
failures = 0
for path in files:
    csv = subprocess.run([cli, "sample", "--format", "csv", path], check=True, capture_output=True, text=True).stdout
    rows = [line.split(",") for line in csv.strip().splitlines()[1:]]
    times = [r[0] for r in rows]
    out = subprocess.run([sampler, path] + times, check=True, capture_output=True, text=True).stdout
    mine = [line.split(",") for line in out.strip().splitlines()]
    assert len(mine) == len(rows), path
    for expected, got in zip(rows, mine):
        e = [cell(x) for x in expected[1:]]
        g = [float(x) for x in got[1:]]
        if len(e) != len(g) or not all(same(a, b) for a, b in zip(e, g)):
            failures += 1
            print(f"MISMATCH {path} t={expected[0]}:\n  cli {e}\n  c   {g}")
    print(f"{path}: {len(rows)} samples agree" if not failures else f"{path}: checked")
sys.exit(1 if failures else 0)
