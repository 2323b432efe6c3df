#!/usr/bin/env bash
# CI for the fuzz targets (Fuzz/README.md), in three steps:
#   1. replay every committed corpus with the plain release build (no libFuzzer, no sanitizer);
#   2. replay every committed corpus under AddressSanitizer (the libFuzzer build with
#      -sanitize=fuzzer,address, `Fuzz/run.sh TARGET replay --asan`: each input once, nothing written);
#   3. fuzz every target for MT_FUZZ_SECONDS (default 60) without ASan.
# MT_FUZZ_ASAN=0 skips step 2; MT_FUZZ_SECONDS=0 skips step 3.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${MT_FUZZ_SECONDS:-60}
targets=(timing:FuzzTiming timing-function:FuzzTimingFunction scene:FuzzScene path:FuzzPath player:FuzzPlayer)
swift build -c release  # every target, the fuzz executables included (a no-op after CI's release build)
bin=$(swift build -c release --show-bin-path)
for t in "${targets[@]}"; do
  SWIFT_BACKTRACE=enable=no "$bin/${t#*:}" "Fuzz/corpus/${t%%:*}"
done
if [ "${MT_FUZZ_ASAN:-1}" != 0 ]; then
  for t in "${targets[@]}"; do
    log=$(mktemp)
    if ! Fuzz/run.sh "${t%%:*}" replay --asan > "$log" 2>&1; then
      tail -n 40 "$log"; echo "ASan replay of ${t%%:*} failed (see Fuzz/artifacts/)"; exit 1
    fi
    echo "${t#*:}: ASan replay of $(ls "Fuzz/corpus/${t%%:*}" | wc -l) input(s): $(grep -E "Done [0-9]+ runs" "$log" | tail -n 1)"
  done
fi
[ "$secs" -gt 0 ] || exit 0
for t in "${targets[@]}"; do
  echo "-- fuzz ${t%%:*} for $secs s"
  log=$(mktemp)
  if ! Fuzz/run.sh "${t%%:*}" "$secs" > "$log" 2>&1; then
    tail -n 40 "$log"; echo "fuzz target ${t%%:*} failed (see Fuzz/artifacts/)"; exit 1
  fi
  grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "$log" | tail -n 1
done
