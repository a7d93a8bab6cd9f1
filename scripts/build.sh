#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Configures (once) and builds rtbench in ./build with warnings as errors.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ! -f build/build.ninja ]]; then
  meson setup build --werror
fi
ninja -C build
