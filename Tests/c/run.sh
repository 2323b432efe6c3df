#!/usr/bin/env bash
# Builds the C shim in release, checks mediatiming.h against the Swift exports,
# then builds and runs the C smoke program (Tests/c/smoke.c). Exits non-zero on any failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd); cd "$root"
swift build -c release --product MediaTimingC
bin=$(swift build -c release --show-bin-path)
toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"
rt="$toolchain/lib/swift/linux"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "-- header/export check (C mode): mediatiming.h against MediaTimingC-Swift.h"
printf '#include "mediatiming.h"\n#include "MediaTimingC-Swift.h"\n' > "$out/check.c"
clang -fsyntax-only -Werror=incompatible-pointer-types -ISources/CMediaTiming/include \
      -I"$bin/MediaTimingC.build/include" "$out/check.c"
# Every function declared in mediatiming.h must be exported by the Swift target, and vice versa.
grep -oE '\bmt_[a-z0-9_]+\(' Sources/CMediaTiming/include/mediatiming.h | tr -d '(' | sort -u > "$out/declared"
grep -E '^SWIFT_EXTERN' "$bin/MediaTimingC.build/include/MediaTimingC-Swift.h" \
  | grep -oE '\bmt_[a-z0-9_]+\(' | tr -d '(' | sort -u > "$out/exported"
if ! diff "$out/declared" "$out/exported"; then
  echo "mediatiming.h and the @c exports differ (< header only, > Swift only)"; exit 1
fi
echo "   $(wc -l < "$out/declared") functions match"

echo "-- C smoke program"
clang -std=c11 -Wall -Wextra -Werror -O1 -ISources/CMediaTiming/include Tests/c/smoke.c \
      "$rt/x86_64/swiftrt.o" "$bin/libMediaTimingC.a" -L"$rt" -lswiftCore -lm -Wl,-rpath,"$rt" \
      -o "$out/smoke"
"$out/smoke"

echo "-- C smoke program under AddressSanitizer/LeakSanitizer (every handle it creates is destroyed)"
clang -std=c11 -g -O1 -fsanitize=address -ISources/CMediaTiming/include Tests/c/smoke.c \
      "$rt/x86_64/swiftrt.o" "$bin/libMediaTimingC.a" -L"$rt" -lswiftCore -lm -Wl,-rpath,"$rt" \
      -o "$out/smoke-asan" 2>&1 | { grep -v 'Cannot export local symbol' || true; }
ASAN_OPTIONS=detect_leaks=1 "$out/smoke-asan"

echo "-- scenes through the C API against \`mediatiming sample\` (every example, bit for bit)"
swift build -c release --product mediatiming >/dev/null
clang -std=c11 -Wall -Wextra -Werror -O1 -ISources/CMediaTiming/include Tests/c/scene_sample.c \
      "$rt/x86_64/swiftrt.o" "$bin/libMediaTimingC.a" -L"$rt" -lswiftCore -lm -Wl,-rpath,"$rt" \
      -o "$out/scene_sample"
python3 Tests/c/compare_cli.py "$bin/mediatiming" "$out/scene_sample" Examples/*.json

echo "-- the C samples of README.md and the DocC articles: linked and run (each returns 0 when its stated result holds)"
for file in $(python3 Docs/samples/extract.py --c "$out/samples"); do
  grep -q 'int main' "$file" || { echo "   $(basename "$file"): a fragment without main, compiled by Docs/samples/check.sh"; continue; }
  clang -std=c11 -Wall -Wextra -Werror -O1 -ISources/CMediaTiming/include "$file" \
        "$rt/x86_64/swiftrt.o" "$bin/libMediaTimingC.a" -L"$rt" -lswiftCore -lm -Wl,-rpath,"$rt" \
        -o "$out/sample"
  "$out/sample" > /dev/null || { echo "C sample failed: $(basename "$file")"; exit 1; }
  echo "   ok: $(basename "$file")"
done
