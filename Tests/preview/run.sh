#!/usr/bin/env bash
# The preview page in headless Chromium (Tests/preview/check.py): drawn geometry and opacity against
# `mediatiming sample`, screenshots at two times, the clock at 100 % and 25 %. Installs the Debian package
# chromium when missing. `Tests/preview/run.sh --figure` also rewrites Docs/figures/preview-demo.png.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd); cd "$root"
.ci/ensure-packages chromium=chromium
swift build --product mediatiming > /dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Tests/preview/check.py --bin "$(swift build --show-bin-path)" --work "$work" "$@"
