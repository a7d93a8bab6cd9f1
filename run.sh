#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds, and runs rtbench: the GUI when a display exists, otherwise
# a short latency run from the CLI that prints a summary and writes a run file and a PNG chart.
set -euo pipefail
cd "$(dirname "$0")"

scripts/deps.sh
scripts/build.sh

export RTBENCH_WORKER="$PWD/build/src/worker/rtbench-worker"
echo "rtbench: manual pages: man ./build/docs/man/rtbench-cli.1 (also rtbench.1, rtbench-worker.8)"
if [[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" && -x build/src/gui/rtbench ]]; then
  # The settings schema compiled in the build tree, unless an installed one is wanted.
  export GSETTINGS_SCHEMA_DIR="${GSETTINGS_SCHEMA_DIR:-$PWD/build/data}"
  exec build/src/gui/rtbench "$@"
fi

stamp=$(date +%Y%m%d-%H%M%S)
out="rtbench-latency-$stamp.rtbench"
build/src/cli/rtbench-cli run latency --duration 10s --output "$out" "$@"
build/src/cli/rtbench-cli export "$out" --png "${out%.rtbench}.png"
echo "Run saved to $out, chart to ${out%.rtbench}.png"
