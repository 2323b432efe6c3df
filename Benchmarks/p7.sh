#!/usr/bin/env bash
# P7: a scene document covering 1 hour of media time at 60 fps (216,001 frames) through the CLI,
# whole process, wall time. The scene is Examples/album-notes.json with its sample spec replaced.
# Usage: Benchmarks/p7.sh [example.json]   (builds the CLI in release if needed)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd); cd "$root"
src=${1:-Examples/album-notes.json}
swift build -c release --product mediatiming >/dev/null
bin=$(swift build -c release --show-bin-path)
scene=$(mktemp --suffix=.json); out=$(mktemp)
trap 'rm -f "$scene" "$out"' EXIT
python3 - "$src" "$scene" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["sample"] = {"from": 0, "to": 3600, "fps": 60}
json.dump(doc, open(sys.argv[2], "w"))
PY
# Wall time is the target; user + system CPU time is printed beside it because on a shared machine the
# wall time includes time spent waiting for a core.
TIMEFORMAT='%R %U %S'
times=$( { time "$bin/mediatiming" sample "$scene" > "$out"; } 2>&1 )
read -r wall user sys <<< "$times"
lines=$(wc -l < "$out"); bytes=$(wc -c < "$out")
echo "P7: $src at 60 fps for 3600 s: $wall s wall ($user s user + $sys s system CPU), output $lines lines, $bytes bytes"
