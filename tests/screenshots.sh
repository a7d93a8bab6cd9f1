#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Not a test: screenshots of the setup and of the live view of every method, light and dark, for
# a look by eye.
#
#   tests/screenshots.sh [BUILD_DIR] [OUT_DIR]      (defaults: build, docs/screenshots)
#
# Each shot starts `rtbench --start` under a private Xvfb (1280 × 800) with the setup preset
# through GSettings (keyfile backend in a temporary XDG_CONFIG_HOME), RTBENCH_WORKER pointing at
# the built worker, and the colour scheme forced through ADW_DEBUG_COLOR_SCHEME. It waits until the
# run has been going for a while and writes OUT_DIR/live-METHOD-THEME.png; the setup alone, not
# started, goes to OUT_DIR/setup-THEME.png. Then the explained spikes of
# tests/data/spikes/culprit.rtbench: test-gui-files opens it with one explanation open, light and
# dark (spikes-THEME.png), its Causes panel and a comparison (spikes-causes-light.png,
# compare-spikes-light.png), and rtbench-cli exports its chart (export-spikes.png). Then
# test-gui-imported opens a cyclictest histogram (imported-light.png), exports it from the window
# (export-imported.png) and compares it with a worker stream (compare-imported-light.png). Needs Xvfb and
# ImageMagick's `import`, and xcompmgr if installed (without a compositor, X draws a popover's
# shadow black); as root the threads run SCHED_FIFO, otherwise SCHED_OTHER.
set -euo pipefail

build=$(realpath "${1:-build}")
out=$(realpath "${2:-docs/screenshots}")
work=$(mktemp -d)
app_pid=
xvfb_pid=
comp_pid=
trap 'kill $app_pid $comp_pid $xvfb_pid 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$out"

export GDK_BACKEND=x11 GSK_RENDERER=${GSK_RENDERER:-cairo} GTK_A11Y=none NO_AT_BRIDGE=1
export RTBENCH_WORKER=$build/src/worker/rtbench-worker
export GSETTINGS_SCHEMA_DIR=$build/data GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME=$work/config
export XDG_DATA_HOME=$work/data
schema=io.github.rtbench.RtBench
policy=fifo
[ "$(id -u)" -eq 0 ] || policy=other

# NAME METHOD SECONDS_BEFORE_THE_SHOT SETTINGS...   (NAME "setup": not started)
shots=(
  "setup latency 3 interval-us=1000 duration=60s cpus=all"
  "latency latency 8 interval-us=1000 duration=20s cpus=all"
  "jitter jitter 8 duration=20s cpu=0"
  "timer timer 8 period-us=5000 duration=20s cpu=0"
  "response response 8 sizes=64 instances=20000 cpu=0"
)

shoot() {
  local name=$1 method=$2 wait_s=$3 theme=$4 start=--start file
  shift 4
  [[ $name == setup ]] && start=
  file=$out/$name-${theme#prefer-}.png
  [[ $name == setup ]] || file=$out/live-$name-${theme#prefer-}.png
  local display=:$((70 + RANDOM % 9))

  Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb_pid=$!
  sleep 1.5
  gsettings reset-recursively $schema
  gsettings set $schema method "$method"
  gsettings set $schema policy "$policy"
  for setting in "$@"; do
    gsettings set $schema "${setting%%=*}" "${setting#*=}"
  done
  DISPLAY=$display ADW_DEBUG_COLOR_SCHEME=$theme "$build/src/gui/rtbench" $start \
    >"$work/app.log" 2>&1 &
  app_pid=$!
  sleep "$wait_s"
  DISPLAY=$display import -window root "$file"
  echo "wrote $file"
  kill "$app_pid" 2>/dev/null || true
  wait "$app_pid" 2>/dev/null || true
  kill "$xvfb_pid" 2>/dev/null || true
  wait "$xvfb_pid" 2>/dev/null || true
}

for shot in "${shots[@]}"; do
  read -r -a args <<<"$shot"
  for theme in prefer-light prefer-dark; do
    shoot "${args[0]}" "${args[1]}" "${args[2]}" "$theme" "${args[@]:3}"
  done
done

spikes=$(realpath "$(dirname "$0")/data/spikes/culprit.rtbench")
display=:$((80 + RANDOM % 9))
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
sleep 1.5
if command -v xcompmgr >/dev/null; then
  DISPLAY=$display xcompmgr >/dev/null 2>&1 &
  comp_pid=$!
  sleep 0.5
fi
DISPLAY=$display RTBENCH_TEST_DATA=$(dirname "$spikes")/.. RTBENCH_SHOT_DIR=$out \
  "$build/tests/test-gui-files" -p /gui/spikes/explained -p /gui/spikes/compare >"$work/gui.log"
echo "wrote $out/spikes-light.png, spikes-dark.png, spikes-causes-light.png, compare-spikes-light.png"
DISPLAY=$display RTBENCH_TEST_DATA=$(dirname "$spikes")/.. RTBENCH_SHOT_DIR=$out \
  "$build/tests/test-gui-imported" -p /gui/imported/histograms -p /gui/imported/compare \
  >"$work/gui.log"
echo "wrote $out/imported-light.png, export-imported.png, compare-imported-light.png"
kill $comp_pid "$xvfb_pid" 2>/dev/null || true
"$build/src/cli/rtbench-cli" export "$spikes" --png "$out/export-spikes.png" --chart curve \
  --width 1200 --height 500
echo "wrote $out/export-spikes.png"
