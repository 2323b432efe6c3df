#!/usr/bin/env bash
# CI for the fuzz targets (Fuzz/README.md), in three steps:
#   1. replay every committed corpus with the plain release build (no libFuzzer, no sanitizer);
#   2. replay every committed corpus under AddressSanitizer (the libFuzzer build with
#      -sanitize=fuzzer,address, `Fuzz/run.sh TARGET replay --asan`: each input once, nothing written);
#   3. fuzz every target without ASan for a fixed number of executions from a fixed libFuzzer seed, so that
#      every CI run of a tree tries the same inputs and its verdict cannot change from run to run (about a
#      minute per target on a 2-core machine). Fuzzing with random seeds, for as long as wanted, is
#      `Fuzz/run.sh TARGET SECONDS`.
# MT_FUZZ_ASAN=0 skips step 2; MT_FUZZ_RUNS=0 skips step 3 (another value scales every target's count, in
# percent); MT_FUZZ_SEED changes the seed (default 1).
set -euo pipefail
cd "$(dirname "$0")/.."
scale=${MT_FUZZ_RUNS:-100}
seed=${MT_FUZZ_SEED:-1}
targets=(timing:FuzzTiming timing-function:FuzzTimingFunction scene:FuzzScene path:FuzzPath player:FuzzPlayer batch:FuzzBatch runtime:FuzzRuntime)
# Executions per target in step 3: twice what each target ran in 30 s on a loaded 2-core machine (timing and
# timing-function are slow per input: each prepares its curves, about a millisecond each). runtime runs up to
# about 150 operations per input against the reference runtime, layer removals, insertions and moves among
# them: 4000 executions from the committed seeds (seed 1) took 63 s at a load average of 2.3 on 2 cores, so
# its count is 3600, about a minute.
declare -A runs=([timing]=6000 [timing-function]=18000 [scene]=160000 [path]=1500000 [player]=50000 [batch]=24000 [runtime]=3600)
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
[ "$scale" -gt 0 ] || exit 0
for t in "${targets[@]}"; do
  n=$(( ${runs[${t%%:*}]} * scale / 100 ))
  echo "-- fuzz ${t%%:*}: $n executions from seed $seed"
  log=$(mktemp)
  if ! MT_FUZZ_CORPUS=$(mktemp -d) Fuzz/run.sh "${t%%:*}" 0 -seed="$seed" -runs="$n" > "$log" 2>&1; then
    tail -n 40 "$log"; echo "fuzz target ${t%%:*} failed (see Fuzz/artifacts/)"; exit 1
  fi
  grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "$log" | tail -n 1
done
