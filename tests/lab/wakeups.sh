#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# How often each thread of rtbench's worker wakes a lab board while it measures, method by
# method, beside rtla measuring the same way: the measuring tool's own wake-ups are noise on the
# CPUs it measures.
#
#   tests/lab/wakeups.sh OUTDIR [ROUNDS] [DURATION_S] [TOOL...]
#
# TOOLs (all by default): latency, timerlat, osnoise, hwlat (rtbench-cli run METHOD --remote
# BOARD --duration DURATION_S with the method's defaults), rtla-timerlat (rtla timerlat hist -d
# DURATION_S) and rtla-osnoise (rtla osnoise top -q -d DURATION_S). While each runs, the board's
# /proc is read twice, 4 s after the tool's process appeared and about halfway through: each
# task's voluntary and involuntary context switches, whose difference over the time between
# the two looks is the task's wake-ups a second (voluntary: it slept and was woken; involuntary:
# it was preempted). The tracers' own kernel threads (timerlat/N, osnoise/N, hwlatd) are the
# instrument and are not counted.
#
# RTBENCH_WORKERS="NAME=FILE ..." runs each round once per worker, in turns, each copied to the
# board's worker path before its runs (the aarch64 workers of two builds, say). Prints one line
# per tool, round and thread (OUTDIR/wakeups.txt), then each thread's median over the rounds.
# Needs the lab up with the board (RTBENCH_LAB_DIR as for lab.sh) and the build's CLI.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
lab=$repo/tests/lab/lab.sh
cli=${RTBENCH_CLI:-$repo/build/src/cli/rtbench-cli}
board=${RTBENCH_BOARD:-board-rt}
out=${1:?usage: wakeups.sh OUTDIR [ROUNDS] [DURATION_S] [TOOL...]}
rounds=${2:-3}
duration=${3:-30}
shift $(($# < 3 ? $# : 3))
tools=("$@")
((${#tools[@]})) || tools=(latency timerlat osnoise hwlat rtla-timerlat rtla-osnoise)
((duration >= 20)) || { echo "wakeups.sh: DURATION_S must be at least 20" >&2; exit 2; }
read -ra workers <<<"${RTBENCH_WORKERS:-}"
((${#workers[@]})) || workers=(board=)
mkdir -p "$out"
eval "$("$lab" env)"
export RTBENCH_SSH

# The worker's path on the board, as the client asks for it (lab.sh's worker_path).
worker_path () {
  local config=$repo/build/cross/aarch64/config.h
  [[ -f $config ]] || config=$repo/build/config.h
  sed -n 's/^#define RTB_WORKER_PATH "\(.*\)"$/\1/p' "$config"
}

# Looks at the board twice while PROCESS runs there: a line per task, its id, voluntary and
# involuntary switches, the board's uptime when they were read and its name. The shell's
# builtins read the files, at nice -20: a fork takes long on an emulated board (an osnoise run's
# tracer takes CPU 0 for its runtime, a latency run's threads most of both CPUs), and the second
# look must come before the end.
board_watch () { # PROCESS
  "$lab" ssh "$board" "process=$1 rest=$((duration / 2 - 4))"'
    snap () {
      echo SNAP
      for t in $(for p in $(pidof $process); do echo /proc/$p/task/*; done); do
        vol= inv=
        while read -r key value; do
          case $key in
            voluntary_ctxt_switches:) vol=$value ;;
            nonvoluntary_ctxt_switches:) inv=$value ;;
          esac
        done <$t/status 2>/dev/null
        read -r up rest_ </proc/uptime
        read -r comm <$t/comm 2>/dev/null && echo "TASK ${t##*/} $vol $inv $up $comm"
      done
    }
    for i in $(seq 400); do pidof $process >/dev/null && break; usleep 50000; done
    renice -n -20 $$ >/dev/null; sleep 4; snap; sleep $rest; snap'
}

# Waits until the board runs neither tool: the last run's worker may still be ending there, and
# a look would take it for the next one's.
board_idle () {
  "$lab" ssh "$board" 'for i in $(seq 300); do pidof rtbench-worker rtla >/dev/null || exit 0
    usleep 100000; done; exit 1' || echo "wakeups.sh: a worker or rtla still runs on $board" >&2
}

# One tool's run, with the board watched; prints "TOOL WORKER ROUND THREAD VOLUNTARY/S
# INVOLUNTARY/S" lines.
measure () { # TOOL WORKER ROUND
  local tool=$1 worker=$2 round=$3 process=rtbench-worker pid
  local base=$out/$tool-$worker-$round
  board_idle
  case $tool in
    rtla-timerlat)
      process=rtla
      "$lab" ssh "$board" rtla timerlat hist -d "${duration}s" >"$base.txt" 2>"$base.err" & ;;
    rtla-osnoise)
      process=rtla
      "$lab" ssh "$board" rtla osnoise top -q -d "${duration}s" >"$base.txt" 2>"$base.err" & ;;
    *)
      "$cli" run "$tool" --remote "$board" --duration "${duration}s" >"$base.txt" \
        2>"$base.err" & ;;
  esac
  pid=$!
  board_watch "$process" >"$base.board" 2>/dev/null || true
  wait "$pid" || echo "$tool ($worker) round $round failed: $(tail -2 "$base.err")" >&2
  awk -v tool="$tool" -v worker="$worker" -v round="$round" '
    $1 == "SNAP" { look++; next }
    $1 == "TASK" { name = $6; for (f = 7; f <= NF; f++) name = name "_" $f
                   key = $2 " " name; vol[look, key] = $3; inv[look, key] = $4
                   at[look, key] = $5; keys[key] = 1 }
    END {
      if (look < 2) exit
      for (key in keys) {
        if (!((1, key) in vol) || !((2, key) in vol)) {
          print tool " (" worker ") round " round ": task " key " not seen in both looks" \
            > "/dev/stderr"
          continue
        }
        split(key, part, " ")
        v[part[2]] += (vol[2, key] - vol[1, key]) / (at[2, key] - at[1, key])
        iv[part[2]] += (inv[2, key] - inv[1, key]) / (at[2, key] - at[1, key])
      }
      for (name in v) {
        printf "%s %s %s %s %.1f %.1f\n", tool, worker, round, name, v[name], iv[name]
        tv += v[name]; ti += iv[name]
      }
      printf "%s %s %s all %.1f %.1f\n", tool, worker, round, tv, ti
    }' "$base.board" | sort | tee -a "$out/wakeups.txt"
  sleep 2
}

for round in $(seq "$rounds"); do
  for entry in "${workers[@]}"; do
    name=${entry%%=*} file=${entry#*=}
    if [[ -n $file ]]; then
      "$lab" ssh "$board" "cat > $(worker_path).new && chmod 755 $(worker_path).new &&
        mv $(worker_path).new $(worker_path)" <"$file"
    fi
    echo "round $round, worker $name (load average $(cut -d' ' -f1-3 /proc/loadavg))" >&2
    for tool in "${tools[@]}"; do
      [[ $tool == rtla-* && $name != "${workers[0]%%=*}" ]] && continue
      measure "$tool" "$name" "$round"
    done
  done
done

echo "wake-ups a second, median over $rounds rounds: voluntary (the task slept) + involuntary"
echo "(it was preempted) = all; then each round's voluntary+involuntary"
awk '{ key = $1 " " $2 " " $4; v[key] = v[key] " " $5; i[key] = i[key] " " $6
       a[key] = a[key] " " $5 + $6 }
     END { for (k in v) print k "|" v[k] "|" i[k] "|" a[k] }' "$out/wakeups.txt" | sort |
  while IFS='|' read -r key vols invs alls; do
    median () { tr ' ' '\n' <<<"$1" | sed '/^$/d' | sort -n |
                awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
    printf '%-32s %5s + %5s = %5s   (%s)\n' "$key" "$(median "$vols")" "$(median "$invs")" \
      "$(median "$alls")" "${alls# }"
  done | tee "$out/report.txt"
