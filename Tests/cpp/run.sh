#!/usr/bin/env bash
# Property tests of the C API (RapidCheck + GoogleTest): builds the shim in release, builds
# Tests/cpp with CMake, runs it. Installs cmake, librapidcheck-dev and libgtest-dev when missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd); cd "$root"
.ci/ensure-packages cmake=cmake /usr/include/rapidcheck.h=librapidcheck-dev /usr/include/gtest/gtest.h=libgtest-dev
swift build -c release --product MediaTimingC
bin=$(swift build -c release --show-bin-path)
rt="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift/linux"
build="$bin/../cpp-properties"
cmake -S Tests/cpp -B "$build" -DCMAKE_BUILD_TYPE=Release -DSWIFT_BIN_PATH="$bin" -DSWIFT_RUNTIME_DIR="$rt" >/dev/null
cmake --build "$build" -j2 >/dev/null
RC_PARAMS="${RC_PARAMS:-max_success=300 seed=1}" "$build/mt_properties"

echo "-- the same properties once under AddressSanitizer/LeakSanitizer (leaks fail at exit)"
cmake -S Tests/cpp -B "$build-asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMT_SANITIZE=ON \
      -DSWIFT_BIN_PATH="$bin" -DSWIFT_RUNTIME_DIR="$rt" >/dev/null
cmake --build "$build-asan" -j2 >/dev/null
ASAN_OPTIONS=detect_leaks=1 RC_PARAMS="max_success=100 seed=2" "$build-asan/mt_properties" --gtest_brief=1
