#!/usr/bin/env bash
# Fuzz one target with libFuzzer (Fuzz/README.md).
#   Fuzz/run.sh TARGET SECONDS [--asan] [extra libFuzzer flags…]   (SECONDS 0: no time limit, e.g. with -runs=N)
#   Fuzz/run.sh TARGET replay [--asan]   runs each input of the committed corpus Fuzz/corpus/TARGET once
#                                        whole (no -max_len) with the libFuzzer build (-runs=0, nothing written); CI uses --asan
# TARGET: timing | timing-function | scene | path | player | batch | runtime (or the product name, e.g. FuzzTiming).
# Exit codes: 0 nothing found; 77 a crash (libFuzzer deadly signal), 1 an ASan report, 70 a timeout
# (-timeout, one input slower than 10 s), 71 an out-of-memory (-rss_limit_mb; libFuzzer's fixed code, it has no flag for it).
# New inputs go to .build-fuzz*/corpus/TARGET (the committed seeds in Fuzz/corpus/TARGET stay clean);
# crashes go to Fuzz/artifacts/. Reproduce: SWIFT_BACKTRACE=enable=no BINARY Fuzz/artifacts/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n 2,10p "$0"; exit 2; }
target=$1; secs=$2; shift 2
case "$target" in
  timing|FuzzTiming) product=FuzzTiming; name=timing ;;
  timing-function|FuzzTimingFunction) product=FuzzTimingFunction; name=timing-function ;;
  scene|FuzzScene) product=FuzzScene; name=scene ;;
  path|FuzzPath) product=FuzzPath; name=path ;;
  player|FuzzPlayer) product=FuzzPlayer; name=player ;;
  batch|FuzzBatch) product=FuzzBatch; name=batch ;;
  runtime|FuzzRuntime) product=FuzzRuntime; name=runtime ;;
  *) echo "unknown target $target"; exit 2 ;;
esac
san=fuzzer; scratch=.build-fuzz
if [ "${1:-}" = "--asan" ]; then san=fuzzer,address; scratch=.build-fuzz-asan; shift; fi
swift build -c release --scratch-path "$scratch" --product "$product" \
  --sanitize=fuzzer -Xswiftc -sanitize=$san -Xswiftc -DFUZZING
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)/$product
[ -x "$bin" ] || { echo "build failed: $bin"; exit 3; }
corpus=${MT_FUZZ_CORPUS:-$scratch/corpus/$name}  # where new inputs go (CI: an empty temporary folder)
mkdir -p "$corpus" "Fuzz/corpus/$name" Fuzz/artifacts
max_len=512
[ "$name" = scene ] && max_len=8192
[ "$name" = runtime ] && max_len=4096  # about 28 bytes per operation: up to about 150 operations
if [ "$secs" = replay ]; then
  SWIFT_BACKTRACE=enable=no "$bin" "Fuzz/corpus/$name" -runs=0 -timeout=10 -rss_limit_mb=2048 \
    -timeout_exitcode=70 -artifact_prefix=Fuzz/artifacts/ "$@"
  exit
fi
dict=()
[ -f "Fuzz/$name.dict" ] && dict=(-dict="Fuzz/$name.dict")
SWIFT_BACKTRACE=enable=no "$bin" "$corpus" "Fuzz/corpus/$name" "${dict[@]}" \
  -max_total_time="$secs" -max_len=$max_len -timeout=10 -rss_limit_mb=2048 \
  -timeout_exitcode=70 -print_final_stats=1 -artifact_prefix=Fuzz/artifacts/ "$@"
