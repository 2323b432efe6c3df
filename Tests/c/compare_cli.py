#!/usr/bin/env python3
"""A scene sampled through the C API gives the same numbers and events as `mediatiming sample`, bit for bit
(the sampler also checks the session path and out-of-order sampling against its own first pass).
Usage: compare_cli.py MEDIATIMING_BIN SCENE_SAMPLE_BIN EXAMPLE.json..."""
import json, math, subprocess, sys

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
    lines = out.strip().splitlines()
    mine = [line.split(",") for line in lines if not line.startswith("E,")]
    events = [line.split(",")[1:] for line in lines if line.startswith("E,")]
    result = json.loads(subprocess.run([cli, "sample", path], check=True, capture_output=True, text=True).stdout)
    expected_events = [[float(e["t"]), e["layer"], e["key"], 1 if e["event"] == "didStart" else 0,
                        -1 if e["event"] == "didStart" else (1 if e.get("finished", True) else 0)]
                       for e in result["events"]]
    got_events = [[float(t), layer, key, int(start), int(finished)] for t, layer, key, start, finished in events]
    if got_events != expected_events:
        failures += 1
        print(f"EVENTS DIFFER {path}:\n  cli {expected_events}\n  c   {got_events}")
    assert len(mine) == len(rows), path
    for expected, got in zip(rows, mine):
        e = [cell(x) for x in expected[1:]]
        g = [float(x) for x in got[1:]]
        if len(e) != len(g) or not all(same(a, b) for a, b in zip(e, g)):
            failures += 1
            print(f"MISMATCH {path} t={expected[0]}:\n  cli {e}\n  c   {g}")
    print(f"{path}: {len(rows)} samples agree" if not failures else f"{path}: checked")
sys.exit(1 if failures else 0)
