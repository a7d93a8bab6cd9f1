#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds with warnings as errors, runs every test (GUI tests in a
# virtual X server) and ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")"

scripts/deps.sh test || exit 1
scripts/build.sh || { echo "0 passed, 1 failed"; exit 1; }

# One X server for the whole suite: GUI tests find it through DISPLAY.
xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" \
  meson test -C build --print-errorlogs --num-processes 2 "$@"
status=$?
python3 scripts/tap-count.py build/meson-logs/testlog.json
count_status=$?
if ((status == 0 && count_status != 0)); then
  status=$count_status
fi
exit $status
