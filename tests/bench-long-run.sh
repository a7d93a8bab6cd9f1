#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Not a test: a 12-hour run at 1 kHz on 4 CPUs (172.8 M samples), time-compressed.
#
#   tests/bench-long-run.sh [BUILD_DIR] [HOURS] [RUNS]     (defaults: build, 12, 3)
#   SCREEN=1280x2000x24 tests/bench-long-run.sh …           a screen tall enough for the live
#                                                           heatmap's four panels to be drawn
#   TIME_AXIS=clock tests/bench-long-run.sh …               the window's charts in clock time
#
# rtbench-cli measures a synthetic board (build/tests/rtb-stream-worker, reached as through
# ssh by RTBENCH_SSH) that streams the run through the real wire protocol as fast as the client
# takes it: the client's decoder, run model, checkpoints and saving do a 12 h run's work. It
# reports
#   - the wall time, the CLI's peak resident memory (GNU time's maximum RSS, of the CLI and of
#     the board it spawned, whichever is larger) for a run of 1 minute and of HOURS,
#   - the checkpoints written (one per minute of the run's clock) and the run file's size,
#   - the time `rtbench-cli summary` takes on that file, and the window's time from exec to its
#     first map, without a file and opening that file (under a private Xvfb, when there is one),
#   - the window's share of a core over 60 s while it shows a live run that the same board
#     streams in real time at 10 kHz on its 4 CPUs (40 000 samples a second; the setup preset
#     through GSettings, `rtbench --start`, the board as RTBENCH_WORKER), RUNS times and the
#     median (a single run swings by about a point on a busy VM),
#   - a kill at hour HOURS-1: the CLI killed with SIGKILL while its board holds there, then
#     what the last checkpoint holds (samples per CPU, its state).
# The test in the suite is the same run scaled to one hour: tests/test-long-run.c.
set -euo pipefail

build=$(realpath "${1:-build}")
hours=${2:-12}
runs=${3:-3}
cli=$build/src/cli/rtbench-cli
work=$(mktemp -d)
trap 'kill $pids 2>/dev/null || true; rm -rf "$work"' EXIT
pids=

export RTBENCH_SSH=$build/tests/rtb-stream-worker G_MESSAGES_DEBUG=rtbench-client

run () { # DURATION FILE: one run, its figures
  /usr/bin/time -f "%e %M" -o "$work/time" \
    "$cli" run latency --remote board --cpus 0-3 --duration "$1" --output "$2" >"$work/out" 2>"$work/err"
  read -r wall rss <"$work/time"
  echo "run of $1: $wall s, peak RSS $rss KiB, $(grep -c "checkpoint saved" "$work/out" || true) checkpoints," \
       "file $(stat -c %s "$2") bytes"
  grep "^CPU" "$work/out" | awk '{ printf "  %s count %s max %s µs\n", $1, $5, $8 }'
}

run 1m "$work/short.rtbench"
run "${hours}h" "$work/long.rtbench"
/usr/bin/time -f "%e s" -o "$work/time" "$cli" summary "$work/long.rtbench" >/dev/null
echo "rtbench-cli summary of the ${hours} h file: $(cat "$work/time")"

if command -v Xvfb >/dev/null && [ -x "$build/src/gui/rtbench" ]; then
  display=:$((80 + RANDOM % 9))
  Xvfb "$display" -screen 0 "${SCREEN:-1280x800x24}" -nolisten tcp >/dev/null 2>&1 &
  pids=$!
  sleep 1.5
  shown () { # [FILE]: ms from exec to the window's first map
    local start log=$work/app.log
    start=$(date +%s%N)
    DISPLAY=$display GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1 \
      GSETTINGS_SCHEMA_DIR=$build/data GSETTINGS_BACKEND=memory XDG_DATA_HOME=$work/data \
      G_MESSAGES_DEBUG=rtbench-gui "$build/src/gui/rtbench" "$@" >"$log" 2>&1 &
    local app=$!
    for _ in $(seq 200); do grep -q "window mapped at" "$log" && break; sleep 0.05; done
    local mapped_us
    mapped_us=$(sed -n 's/.*window mapped at \([0-9]*\) µs.*/\1/p' "$log" | head -1)
    kill $app; wait $app 2>/dev/null || true
    echo $(( (mapped_us * 1000 - start) / 1000000 ))
  }
  echo "window shown after $(shown) ms without a file, $(shown "$work/long.rtbench") ms opening the ${hours} h file"

  schema=io.github.rtbench.RtBench
  export GSETTINGS_SCHEMA_DIR=$build/data GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME=$work/config
  gsettings set $schema method latency
  gsettings set $schema cpus all
  gsettings set $schema interval-us 100
  gsettings set $schema duration 2m
  gsettings set $schema load none
  gsettings set $schema label "stream 10 kHz x 4"
  gsettings set $schema time-axis "${TIME_AXIS:-elapsed}"
  # The window fills the screen's height, so that a tall SCREEN shows the charts below the fold.
  screen_height=${SCREEN:-1280x800x24}; screen_height=${screen_height#*x}; screen_height=${screen_height%%x*}
  gsettings set $schema window-height "$((screen_height - 40))"
  for _ in $(seq "$runs"); do
    DISPLAY=$display GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1 \
      XDG_DATA_HOME=$work/data RTBENCH_WORKER=$RTBENCH_SSH RTBENCH_STREAM_PACE=realtime \
      "$build/src/gui/rtbench" --start >"$work/live.log" 2>&1 &
    app=$!
    pids="$pids $app"
    ticks () { awk '{ print $14 + $15 }' "/proc/$app/stat"; }
    sleep 10   # the run starts and its charts fill: measure the steady state
    t0=$(date +%s%N); c0=$(ticks)
    sleep 60
    t1=$(date +%s%N); c1=$(ticks)
    awk -v c="$((c1 - c0))" -v hz="$(getconf CLK_TCK)" -v ns="$((t1 - t0))" \
      'BEGIN { printf "window CPU over %.1f s of a live 10 kHz x 4 stream: %.2f %% of one core\n", ns / 1e9, 100 * c / hz / (ns / 1e9) }' |
      tee -a "$work/cpu"
    if [ -n "${SHOT:-}" ]; then DISPLAY=$display import -window root "$SHOT"; fi
    kill $app; wait $app 2>/dev/null || true
    grep -i "warning\|critical" "$work/live.log" | head -5 || true
  done
  sort -n -t: -k2 "$work/cpu" | awk -F'[:%]' '{ v[NR] = $2 } END { printf "window CPU, median of %d runs: %.2f %% of one core\n", NR, NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
fi

# Killed an hour before the end: the board holds at that second, the checkpoint of that minute
# is written, then the CLI gets SIGKILL.
if (( hours < 2 )); then
  echo "no kill test: a run of $hours h has no hour before its last to kill it at"
  exit 0
fi
hold=$(( (hours - 1) * 3600 ))
want=$(( hold * 1000 ))
RTBENCH_STREAM_HOLD=$hold "$cli" run latency --remote board --cpus 0-3 --duration "${hours}h" \
  --output "$work/killed.rtbench" >/dev/null 2>&1 &
cli_pid=$!
pids="$pids $cli_pid"
count () { "$cli" summary --json "$1" 2>/dev/null | python3 -c '
import json, sys
run = json.load(sys.stdin)["runs"][0]
print(min(s["count"] for s in run["series"]))' 2>/dev/null || echo 0; }
until [ -f "$work/killed.rtbench" ] && [ "$(count "$work/killed.rtbench")" -ge "$want" ]; do sleep 1; done
kill -9 $cli_pid
wait $cli_pid 2>/dev/null || true
"$cli" summary --json "$work/killed.rtbench" | python3 -c '
import json, sys
run = json.load(sys.stdin)["runs"][0]
counts = [s["count"] for s in run["series"]]
print("killed at hour %d: the checkpoint holds %s samples per CPU (%.2f h at 1 kHz)" %
      ('"$((hours - 1))"', counts, min(counts) / 3.6e6))'
grep -o '"state" *: *"[a-z_]*"' "$work/killed.rtbench" | head -1
