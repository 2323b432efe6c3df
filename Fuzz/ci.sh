#!/usr/bin/env bash
# CI for the fuzz targets (Fuzz/README.md): replay every committed corpus with the plain release build
# (no libFuzzer), then fuzz every target briefly with libFuzzer. MT_FUZZ_SECONDS per target (default 45:
# five targets at 60 s plus the instrumented builds would take CI past its ~6 minute fuzz budget).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${MT_FUZZ_SECONDS:-45}
targets=(timing:FuzzTiming timing-function:FuzzTimingFunction scene:FuzzScene path:FuzzPath player:FuzzPlayer)
swift build -c release  # every target, the fuzz executables included (a no-op after CI's release build)
bin=$(swift build -c release --show-bin-path)
for t in "${targets[@]}"; do
  SWIFT_BACKTRACE=enable=no "$bin/${t#*:}" "Fuzz/corpus/${t%%:*}"
done
[ "$secs" -gt 0 ] || exit 0
for t in "${targets[@]}"; do
  echo "-- fuzz ${t%%:*} for $secs s"
  log=$(mktemp)
  if ! Fuzz/run.sh "${t%%:*}" "$secs" > "$log" 2>&1; then
    tail -n 40 "$log"; echo "fuzz target ${t%%:*} failed (see Fuzz/artifacts/)"; exit 1
  fi
  grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "$log" | tail -n 1
done
