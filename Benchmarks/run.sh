#!/usr/bin/env bash
# Builds the C shim in release, builds the C++ harness, runs it with JSON output and writes
# Benchmarks/RESULTS.md from the JSON. Extra arguments go to the benchmark binary, e.g.
#   Benchmarks/run.sh --benchmark_filter='P1/' --benchmark_repetitions=3
# Environment: MT_BENCH_SMOKE=1 runs a short smoke pass (CI) and writes no RESULTS.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd); cd "$root"

.ci/ensure-packages cmake=cmake /usr/include/benchmark/benchmark.h=libbenchmark-dev g++=g++ \
  /usr/lib/x86_64-linux-gnu/cmake/Qt6Core/Qt6CoreConfig.cmake=qt6-base-dev

swift build -c release --product MediaTimingC
bin=$(swift build -c release --show-bin-path)
rt="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift/linux"
cmake -S Benchmarks -B Benchmarks/build -DCMAKE_BUILD_TYPE=Release \
      -DSWIFT_BIN_PATH="$bin" -DSWIFT_RUNTIME_DIR="$rt" >/dev/null
cmake --build Benchmarks/build -j2 >/dev/null

json=Benchmarks/build/results.json
if [ "${MT_BENCH_SMOKE:-0}" = 1 ]; then
  # A smoke run: every row once, briefly; no thresholds, no report.
  Benchmarks/build/mt_bench --benchmark_min_time=0.01 --benchmark_filter="${MT_BENCH_FILTER:-.}" \
    --benchmark_out="$json" --benchmark_out_format=json "$@" 2>&1 | grep -v 'Library was built as DEBUG'
  python3 Benchmarks/report.py "$json" /dev/null "smoke" >/dev/null
  echo "benchmark smoke run: ok"
  exit 0
fi
cmd=(Benchmarks/build/mt_bench --benchmark_out="$json" --benchmark_out_format=json
     --benchmark_repetitions=5 --benchmark_report_aggregates_only=true "$@")
"${cmd[@]}" 2>&1 | grep -v 'Library was built as DEBUG'
python3 Benchmarks/report.py "$json" Benchmarks/RESULTS.md "Benchmarks/run.sh $*"
echo "wrote Benchmarks/RESULTS.md"
