#!/usr/bin/env bash
# `mediatiming sample` (release build) on a scene at the scene decoder's limits: 10,000 layers, 100,000 script
# operations, 1,000 samples, 100 probes (SceneDecoder.maximumLayerCount, maximumOperationCount; Docs/scene-format.md).
# Whole process, wall time, with the CPU time beside it. Not a timed test: it prints the seconds.
# Usage: Benchmarks/scene-limits.sh [layers operations samples probes]   (smaller scenes for a quick check)
#
# The scene: 100 root layers of 99 sublayers each (speeds 1, 1.25, 1.5); per layer, operations/layers
# operations spread over 10 s: adds under three keys (replacing one another) of a mix of basic opacity,
# position and transform.rotation.z animations, keyframe position.x animations and groups, named curves,
# durations 0.5-1.4 s, some repeating; a remove of one key; an implicit opacity change (setModel), and on the
# root layers a pause and a resume. Samples: evenly spaced explicit times in [0, 10). Probes: opacity, position
# and transform.rotation.z of layers spread over the tree.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd); cd "$root"
layers=${1:-10000} operations=${2:-100000} samples=${3:-1000} probes=${4:-100}
swift build -c release --product mediatiming >/dev/null
bin=$(swift build -c release --show-bin-path)
scene=$(mktemp --suffix=.json); out=$(mktemp)
trap 'rm -f "$scene" "$out"' EXIT
python3 - "$scene" "$layers" "$operations" "$samples" "$probes" <<'PY'
import json, sys
path, n_layers, n_ops, n_samples, n_probes = sys.argv[1], *map(int, sys.argv[2:])
span = 10.0
curves = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
layers = []
for i in range(n_layers):
    layer = {"id": f"l{i}"}
    if i % 100 != 0:
        layer["parent"] = f"l{i - i % 100}"
    else:
        layer["timing"] = {"speed": [1, 1.25, 1.5][(i // 100) % 3]}
    layers.append(layer)

def animation(i, j):
    timing = {"duration": 0.5 + ((7 * i + j) % 10) * 0.1}
    if (i + j) % 4 == 0:
        timing["repeatCount"] = "inf"
    kind = (i + j) % 5
    base = {"timing": timing, "timingFunction": curves[(i // 5 + j) % 5]}
    if kind == 0:
        return {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, **base}
    if kind == 1:
        return {"type": "basic", "keyPath": "position", "fromValue": [0, 0], "toValue": [100, 50], **base}
    if kind == 2:
        return {"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 6.283185307179586, **base}
    if kind == 3:
        return {"type": "keyframe", "keyPath": "position.x", "values": [0, 10, 30, 60], **base}
    return {"type": "group", "animations": [
        {"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0},
        {"type": "basic", "keyPath": "position", "fromValue": [10, 20], "toValue": [30, 40]}], **base}

# Operation j of layer i (j < per_layer) at a time spread over the span; the first operations of each layer
# are adds, then a remove, an implicit model change, and a pause and resume on root layers.
per_layer = max(1, n_ops // max(n_layers, 1))
ops = []
for i in range(n_layers):
    for j in range(per_layer):
        if len(ops) >= n_ops:
            break
        at = span * (j + (i % 97) / 97.0) / per_layer
        name = f"l{i}"
        slot = per_layer - j
        if slot == 1 and i % 100 == 0:
            op = {"resume": name}
        elif slot == 2 and i % 100 == 0:
            op = {"pause": name}
        elif slot == 2:
            op = {"setModel": {"layer": name, "values": {"opacity": 0.5}, "implicit": True}}
        elif slot == 3 and per_layer >= 4:
            op = {"remove": {"layer": name, "key": "k0"}}
        else:
            op = {"add": {"layer": name, "key": f"k{j % 3}", "animation": animation(i, j)}}
        ops.append({"at": round(at, 6), **op})
ops.sort(key=lambda op: op["at"])
times = [round(span * k / n_samples, 6) for k in range(n_samples)]
props = ["opacity", "position", "transform.rotation.z"]
step = max(1, n_layers // max(n_probes, 1))
probes = [f"l{(k * step + 1) % n_layers}.{props[k % 3]}" for k in range(n_probes)]
json.dump({"format": "mediatiming-scene/1", "layers": layers, "script": ops,
           "sample": {"times": times}, "probes": probes}, open(path, "w"))
print(f"scene: {len(layers)} layers, {len(ops)} operations, {len(times)} samples, {len(probes)} probes")
PY
TIMEFORMAT='%R %U %S'
times=$( { time "$bin/mediatiming" sample "$scene" > "$out"; } 2>&1 )
read -r wall user sys <<< "$times"
echo "mediatiming sample: $wall s wall ($user s user + $sys s system CPU), output $(wc -c < "$out") bytes"
