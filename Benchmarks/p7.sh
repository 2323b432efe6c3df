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
start=$(date +%s.%N)
"$bin/mediatiming" sample "$scene" > "$out"
end=$(date +%s.%N)
lines=$(wc -l < "$out"); bytes=$(wc -c < "$out")
echo "P7: $src at 60 fps for 3600 s: $(python3 -c "print(f'{$end-$start:.2f}')") s wall, output $lines lines, $bytes bytes"
