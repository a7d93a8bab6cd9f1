#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# rtbench's timerlat method side by side with Debian's rtla timerlat hist on a lab board, in
# turns, with what each cost the board while it measured.
#
#   tests/lab/timerlat-rtla.sh OUTDIR [ROUNDS] [DURATION_S] [ORDER] [-- RUN-OPTIONS...]
#
# ORDER is rtla-first (default), rtbench-first or alternate (rtla first in odd rounds). Each run
# measures both CPUs at rtla's 1000 µs period, the threads at FIFO 95, histograms of 100000 µs
# (rtla -E 100000 --dma-latency 0). RUN-OPTIONS go to `rtbench-cli run timerlat`. While each
# runs, the board's /proc is read twice (1 s after it started there, 3 s before its end): the
# interrupts of each CPU and the CPU time and context switches of every task of rtla,
# rtbench-worker and dropbear; this machine's emulator, client and ssh at the same moments.
# Then tests/lab/timerlat-rtla.py prints, per round and series, the samples, p50, p99 and max
# of both and their ratios, and the footprint per second (a look that came after the run's end
# leaves its tasks out: the board answers slowly while it is busy).
#
# RTLA_STREAM=BYTES has the board send BYTES over ssh every 250 ms while rtla measures (as
# rtbench's worker streams its samples); BUSY_DURING=rtla|rtbench keeps the board's CPUs that
# are not isolated busy at nice 19 while that one measures. Needs the lab up with the board
# (RTBENCH_LAB_DIR as for lab.sh) and the build's CLI.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
lab=$repo/tests/lab/lab.sh
cli=${RTBENCH_CLI:-$repo/build/src/cli/rtbench-cli}
board=${RTBENCH_BOARD:-board-rt}
out=${1:?usage: timerlat-rtla.sh OUTDIR [ROUNDS] [DURATION_S] [ORDER] [-- RUN-OPTIONS...]}
rounds=${2:-3}
duration=${3:-10}
order=${4:-rtla-first}
shift $(($# < 4 ? $# : 4))
[[ ${1:-} == -- ]] && shift
run_options=("$@")
mkdir -p "$out"
eval "$("$lab" env)"
export RTBENCH_SSH

# Looks at the board twice while TOOL runs there, 1 s after it started and 3 s before its end,
# each time printing SNAP and the board's uptime, each CPU's interrupts, then for each task of
# the measuring processes its stat, schedstat (ns on CPU, ns waiting, slices), context switches
# and name, one file a line (few processes: forking is slow on an emulated board).
board_watch () { # TOOL
  "$lab" ssh "$board" "tool=$1 rest=$((duration - 4))"'
    snap () {
      echo "SNAP $(cut -d" " -f1 /proc/uptime)"
      grep -E "CPU0|IPI|arch_timer|virtio" /proc/interrupts
      cd /proc
      grep -H "" $(for p in $(pidof rtla rtbench-worker dropbear); do
        echo $p/task/*/stat $p/task/*/schedstat $p/task/*/comm; done) /dev/null
      grep -H ctxt_switches $(for p in $(pidof rtla rtbench-worker dropbear); do
        echo $p/task/*/status; done) /dev/null
      cd /
    }
    for i in $(seq 400); do pidof $tool >/dev/null && break; usleep 50000; done
    sleep 1; snap; sleep $rest; snap'
}

# The same on this machine: the emulator's threads, and rtbench's client with its ssh.
host_snapshot () {
  local p t
  for p in $(cat "${RTBENCH_LAB_DIR:-/tmp/rtbench-lab}/$board.pid") \
           $(pgrep -f "rtbench-cli run timerlat --remote $board") $(pgrep -f "ssh .*$board"); do
    for t in /proc/$p/task/*; do
      read -r run wait _ <"$t/schedstat" 2>/dev/null || continue
      echo "HOST $p ${t##*/} $(sed -n 's/^voluntary_ctxt_switches:[[:space:]]*//p' "$t/status")" \
           "$run $wait $(tr ' ' _ <"$t/comm")"
    done
  done
}

# Runs one tool in the background and looks at the board while it measures.
measure () { # NAME ROUND
  local name=$1 round=$2 pid stream=
  local base=$out/$name-$round
  if [[ $name == rtla && -n ${RTLA_STREAM:-} ]]; then
    # rtbench's stream without rtbench: RTLA_STREAM bytes from the board over ssh every 250 ms.
    "$lab" ssh "$board" "while :; do head -c $RTLA_STREAM /dev/zero; usleep 250000; done" \
      >/dev/null 2>&1 &
    stream=$!
  fi
  if [[ $name == "${BUSY_DURING:-}" ]]; then
    # A busy loop at the lowest priority on the board's CPUs that are not isolated.
    "$lab" ssh "$board" "nice -n 19 sh -c 'while :; do :; done'" >/dev/null 2>&1 &
    stream=$!
  fi
  if [[ $name == rtla ]]; then
    "$lab" ssh "$board" rtla timerlat hist -d "${duration}s" -c 0-1 -E 100000 --dma-latency 0 \
      >"$base.txt" 2>"$base.err" &
  else
    "$cli" run timerlat --remote "$board" --duration "${duration}s" --cpus 0-1 \
      --histogram-us 100000 "${run_options[@]}" --output "$base.rtbench" >"$base.txt" \
      2>"$base.err" &
  fi
  pid=$!
  # The host's snapshots follow the board's, which start once the tool runs there (rtbench's
  # client connects first).
  board_watch "${name/rtbench/rtbench-worker}" >"$base.board" 2>/dev/null &
  for n in 0 1; do
    while (($(grep -c '^SNAP' "$base.board") <= n)) && kill -0 "$pid" 2>/dev/null; do
      sleep 0.05
    done
    date +%s.%N >"$base.t$n"
    host_snapshot >"$base.host$n" 2>/dev/null || true
  done
  wait "$pid" || echo "$name round $round failed: $(tail -2 "$base.err")" >&2
  if [[ -n $stream ]]; then
    kill "$stream" 2>/dev/null || true
    "$lab" ssh "$board" 'kill $(ps | grep -e "[w]hile :; do :" -e "[u]sleep 250000" | cut -c1-6)' \
      2>/dev/null || true
  fi
  stream=
  wait
  if [[ $name == rtbench && -f $base.rtbench ]]; then
    "$cli" export "$base.rtbench" --csv-series "$base.csv" >/dev/null 2>>"$base.err" || true
  fi
  sleep 2
}

for round in $(seq "$rounds"); do
  first=rtla second=rtbench
  if [[ $order == rtbench-first || ($order == alternate && $((round % 2)) == 0) ]]; then
    first=rtbench second=rtla
  fi
  echo "round $round: $first, then $second (load average $(cut -d' ' -f1-3 /proc/loadavg))" |
    tee -a "$out/rounds.txt"
  measure "$first" "$round"
  measure "$second" "$round"
done
"$repo/tests/lab/timerlat-rtla.py" "$out" "$rounds" | tee "$out/report.txt"
