#!/usr/bin/env bash
# Every public symbol of the library modules has a doc comment that states its contract.
# Dumps the symbol graphs (debug build of every target) and lists the public/open symbols of
# MediaTiming, MediaTimingScene, MediaTimingPlot, MediaTimingPreview and DiscPlayer without a doc comment of their own; exits 1 if any.
# Docs/doc_coverage.py says which symbols are exempt (compiler-synthesized ones and implementations of
# protocol requirements, whose documentation DocC takes from the requirement) and why.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# dump-symbol-graph emits a graph for every module, the test modules included: build those first
# (a fresh clone has no debug test build yet, and the dump then fails on them).
swift build --build-tests > "$log" 2>&1 || { cat "$log"; exit 1; }
swift package dump-symbol-graph --minimum-access-level public > "$log" 2>&1 || { cat "$log"; exit 1; }
dir=$(sed -n 's/^Files written to //p' "$log" | tail -n 1)
[ -d "$dir" ] || { cat "$log"; echo "no symbol graph directory in the output above"; exit 1; }
python3 Docs/doc_coverage.py "$dir" MediaTiming MediaTimingScene MediaTimingPlot MediaTimingPreview DiscPlayer
