#!/usr/bin/env bash
# The timing diagrams (`mediatiming plot`): every Examples/NAME.json into Docs/figures/NAME.svg, and the
# timing-model scenes Docs/figures/scenes/NAME.json into Sources/MediaTiming/MediaTiming.docc/Resources/NAME.svg
# (the DocC article "The timing model" shows them).
#
#   Docs/figures/make.sh           render every figure in place
#   Docs/figures/make.sh --check   render into a temporary directory and fail if a committed figure differs
#                                  (byte compare), is missing, or has no scene any more
set -euo pipefail
cd "$(dirname "$0")/../.."

mode=render
case "${1:-}" in
  "") ;;
  --check) mode=check ;;
  *) echo "usage: Docs/figures/make.sh [--check]" >&2; exit 2 ;;
esac

swift build --product mediatiming >/dev/null
bin="$(swift build --show-bin-path)/mediatiming"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# scene directory -> figure directory
pairs=(
  "Examples:Docs/figures"
  "Docs/figures/scenes:Sources/MediaTiming/MediaTiming.docc/Resources"
)
status=0
for pair in "${pairs[@]}"; do
  scenes=${pair%%:*}
  figures=${pair#*:}
  mkdir -p "$out/$figures"
  for scene in "$scenes"/*.json; do
    name=$(basename "$scene" .json)
    "$bin" plot "$scene" --out "$out/$figures/$name.svg" --title "$scenes/$name.json"
  done
  if [ "$mode" = render ]; then
    mkdir -p "$figures"
    cp "$out/$figures"/*.svg "$figures/"
    echo "rendered $(ls "$out/$figures"/*.svg | wc -l) figures into $figures"
    continue
  fi
  for fresh in "$out/$figures"/*.svg; do
    committed="$figures/$(basename "$fresh")"
    if [ ! -f "$committed" ]; then
      echo "missing: $committed (run Docs/figures/make.sh)"; status=1
    elif ! cmp -s "$fresh" "$committed"; then
      echo "out of date: $committed (run Docs/figures/make.sh)"; status=1
    fi
  done
  for committed in "$figures"/*.svg; do
    [ -e "$committed" ] || continue
    [ -f "$out/$figures/$(basename "$committed")" ] || { echo "no scene for: $committed"; status=1; }
  done
done
if [ "$mode" = check ]; then
  [ "$status" = 0 ] && echo "figures are current"
fi
exit "$status"
