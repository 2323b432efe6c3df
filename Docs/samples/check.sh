#!/usr/bin/env bash
# The code samples of README.md and the DocC articles (Docs/samples/extract.py says how each kind of
# block is checked):
#   1. the generated Swift tests (Tests/MediaTimingTests/Samples) are up to date; `swift test` runs them;
#   2. every package manifest sample evaluates (`swift package dump-package`);
#   3. every C sample compiles against mediatiming.h (`cc -fsyntax-only`, C11, warnings as errors;
#      Tests/c/run.sh also links and runs every sample that has a main);
#   4. every command of the README's ```sh blocks runs and exits 0 (blocks marked "not run" excepted).
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "-- generated sample tests are current"
python3 Docs/samples/extract.py --check

echo "-- package manifests"
for dir in $(python3 Docs/samples/extract.py --manifests "$tmp/manifests"); do
  (cd "$dir" && swift package dump-package > /dev/null) || { echo "manifest sample failed: $dir"; exit 1; }
  echo "   ok: $(basename "$dir")"
done

echo "-- C samples against Sources/CMediaTiming/include/mediatiming.h"
for file in $(python3 Docs/samples/extract.py --c "$tmp/c"); do
  cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -ISources/CMediaTiming/include "$file"
  echo "   ok: $(basename "$file")"
done

echo "-- the README's commands"
swift build --product mediatiming > /dev/null
while IFS= read -r command; do
  echo "   \$ $command"
  bash -c "$command" > "$tmp/out" 2>&1 || { cat "$tmp/out"; echo "failed: $command"; exit 1; }
done < <(python3 Docs/samples/extract.py --sh)
echo "   all commands exited 0"
