#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# rtbench's timerlat samples held against the kernel's own text trace of the same run: a second
# tracefs instance (timerlat-truth, 8 MiB per CPU) runs the timerlat tracer across the whole of
# an rtbench run on the board, which the kernel allows (every instance gets each activation's
# events), and its `trace` is compared sample by sample (tests/lab/timerlat-kernel-trace.py).
#
#   tests/lab/timerlat-kernel-trace.sh OUTDIR [DURATION_S]
#
# The second instance writes every event twice: the run's latencies are not the figures to
# quote, only whether rtbench's samples are the kernel's.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
lab=$repo/tests/lab/lab.sh
cli=${RTBENCH_CLI:-$repo/build/src/cli/rtbench-cli}
board=${RTBENCH_BOARD:-board-rt}
out=${1:?usage: timerlat-kernel-trace.sh OUTDIR [DURATION_S]}
duration=${2:-10}
mkdir -p "$out"
eval "$("$lab" env)"
export RTBENCH_SSH

instance=/sys/kernel/tracing/instances/timerlat-truth
"$lab" ssh "$board" "mkdir $instance && cd $instance && echo 8192 >buffer_size_kb &&
  echo mono >trace_clock && echo timerlat >current_tracer"
"$cli" run timerlat --remote "$board" --duration "${duration}s" --cpus 0-1 --histogram-us 100000 \
  --output "$out/run.rtbench" >"$out/run.txt" 2>&1 || status=$?
"$lab" ssh "$board" "cd $instance && echo 0 >tracing_on && cat per_cpu/cpu*/stats >&2 &&
  cat trace" >"$out/trace.txt" 2>"$out/stats.txt"
"$lab" ssh "$board" "echo nop >$instance/current_tracer && rmdir $instance"
[[ ${status:-0} -eq 0 ]] || { echo "the run failed: $(tail -2 "$out/run.txt")" >&2; exit 1; }
grep -E '^(overrun|dropped events):' "$out/stats.txt" | sort | uniq -c
"$cli" export "$out/run.rtbench" --csv-series "$out/series.csv" >/dev/null
"$repo/tests/lab/timerlat-kernel-trace.py" "$out/trace.txt" "$out/series.csv"
