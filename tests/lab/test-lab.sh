#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The board lab end to end: two emulated arm64 boards with Debian's PREEMPT_RT kernel
# (tests/lab/lab.sh), board-rt booted isolcpus=1 nohz_full=1 rcu_nocbs=1 and board-stock with
# nothing isolated, and board-nonrt with Debian's standard kernel, measured through real ssh to
# their dropbear, as a user measures a Raspberry Pi from the desktop: all at once from the CLI,
# the two RT boards side by side in the window, saved, compared, exported;
# the checklist read through the board's worker; spikes traced on the board; a GPIO line toggled
# and seen from the board's side; a run stopped, its client killed, its ssh killed, its board
# rebooted and frozen. Emulated latencies are the emulator's: nothing here judges a figure,
# only what the figures are made of. Skips when qemu or the cross compiler is missing. TAP.
set -uo pipefail

build=${RTBENCH_BUILD_ROOT:?}
src=${RTBENCH_SOURCE_ROOT:?}
cli=$build/src/cli/rtbench-cli
lab=$src/tests/lab/lab.sh

n=0
failed=0
tmp=$(mktemp -d /tmp/rtbench-lab-test-XXXXXX)
export RTBENCH_LAB_DIR=$tmp/lab
bg_pids=()
cleanup () {
  for pid in "${bg_pids[@]}"; do kill "$pid" 2>/dev/null; done
  "$lab" down >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () {
  n=$((n + 1)); failed=1; echo "not ok $n - $1"
  [[ -f $tmp/out ]] && tail -n 20 "$tmp/out" | sed 's/^/# /'
}
check () { if "$@" >/dev/null 2>&1; then ok "$desc"; else not_ok "$desc"; fi; }
note () { echo "# $*"; }

for tool in qemu-system-aarch64 aarch64-linux-gnu-gcc cpio ssh; do
  if ! command -v "$tool" >/dev/null; then
    echo "1..0 # SKIP $tool is missing (scripts/deps.sh lab installs the lab's packages)"
    exit 0
  fi
done

on_board () { "$lab" ssh "$@"; }
json () { # FILE EXPRESSION-OVER-r: r is the file's first run (summary --json)
  "$cli" summary "$1" --json 2>/dev/null |
    python3 -c "import json,sys; r=json.load(sys.stdin)['runs'][0]; print($2)"
}
# The worker processes on a board (busybox ps: PID USER COMMAND).
board_workers () { on_board "$1" ps 2>/dev/null | grep -c '[r]tbench-worker'; }
# True once a board's worker measures: its measuring threads are named after their CPUs.
board_measuring () {
  on_board "$1" 'for p in $(pidof rtbench-worker); do cat /proc/$p/task/*/comm; done' 2>/dev/null |
    grep -q '^CPU'
}
# Waits up to SECONDS for a board to have no worker left; true when none is.
no_worker_within () { # BOARD SECONDS
  local i
  for ((i = 0; i < $2 * 2; i++)); do
    [[ $(board_workers "$1") == 0 ]] && return 0
    sleep 0.5
  done
  return 1
}

# A saved run of a tracer method held to its own samples by tracer-truth.py, which it is given
# with the run's summary --json and CSV of series and histogram; ARGS are the script's after
# them. Prints the script's lines; its exit status.
tracer_truth () { # METHOD RUN ARGS...
  local method=$1 run=$2 base=${2%.rtbench}
  shift 2
  "$cli" summary "$run" --json >"$base.json" 2>>"$tmp/out" &&
    "$cli" export "$run" --csv-series "$base-series.csv" --csv-histogram "$base-histogram.csv" \
      >>"$tmp/out" 2>&1 &&
    "$src/tests/lab/tracer-truth.py" "$method" "$run" "$base.json" "$base-series.csv" \
      "$base-histogram.csv" "$@" 2>>"$tmp/out"
}
# $desc passes when the truth script's STATUS is 0 and $tmp/truth.out holds COUNT lines with each
# PATTERN; the lines follow as notes.
truth_result () { # STATUS [PATTERN COUNT]...
  local status=$1 pass=1
  shift
  [[ $status -eq 0 ]] || pass=0
  for ((; $# >= 2; )); do
    [[ $(grep -c -- "$1" "$tmp/truth.out") == "$2" ]] || pass=0
    shift 2
  done
  if ((pass)); then ok "$desc"; else not_ok "$desc (exit $status)"; fi
  sed 's/^/# /' "$tmp/truth.out"
}
# $desc passes when `rtbench-cli run ARGS --remote board-rt --output RUN` succeeds with the
# series SERIES (each name, blanks as _, "=" its FIELD: a Python expression over the summary's
# series s) and STATE (a function) reads as it did before (set in $before), which begins with
# START and ends with END: the worker put back what it changed.
run_restores () { # STATE START END FIELD SERIES RUN ARGS...
  local state=$1 start=$2 end=$3 field=$4 want=$5 run=$6 status series after
  shift 6
  before=$("$state")
  "$cli" run "$@" --remote board-rt --output "$run" >"$tmp/out" 2>&1
  status=$?
  after=$("$state")
  series=$(json "$run" \
    "' '.join('%s=%d' % (s['name'].replace(' ', '_'), $field) for s in r['series'])")
  if [[ $status -eq 0 && $series == "$want" && $before == "$after" && $before == "$start"* &&
        $before == *"$end" ]]; then
    ok "$desc ($series; $after)"; else
    not_ok "$desc (exit $status; $series; before: $before; after: $after)"; fi
}
# $desc passes when the METHOD's worker, started on board-rt with ARGS and killed with SIGKILL,
# had FILES of tracefs (read while it ran, up to 20 s until they read so: a loaded emulator
# sets a tracer up in seconds) as DURING says, and STATE (a function) reads as $before again
# after it: its janitor put back what the worker changed.
sigkill_restores () { # METHOD ARGS FILES DURING STATE
  local during after
  on_board board-rt "/usr/local/libexec/rtbench/rtbench-worker $1 $2 duration=0 >/dev/null 2>&1 &
    w=\$!; cd /sys/kernel/tracing; n=0
    while d=\$(echo \$(cat $3)); [ \"\$d\" != '$4' ] && [ \$n -lt 100 ]; do
      usleep 200000; n=\$((n + 1)); done
    echo \"\$d\"; kill -9 \$w; sleep 1" >"$tmp/out" 2>&1
  during=$(head -1 "$tmp/out")
  after=$("$5")
  if [[ $during == "$4" && $before == "$after" ]]; then ok "$desc ($after)"; else
    not_ok "$desc (during: $during; before: $before; after: $after)"; fi
}

suite_start=$SECONDS
desc="the lab boots board-rt, board-stock and board-nonrt, reachable over ssh"
if "$lab" up board-rt board-stock board-nonrt >"$tmp/up.env" 2>"$tmp/out"; then
  ok "$desc"; sed 's/^lab: /# /' "$tmp/out"
else
  not_ok "$desc"; cat "$RTBENCH_LAB_DIR"/*.console 2>/dev/null | tail -20 | sed 's/^/# /'
  echo "1..$n"; exit 1
fi
eval "$(cat "$tmp/up.env")"
note "boot: $((SECONDS - suite_start)) s, with the worker's cross-build and the downloads"

desc="each board answers under its own name, with Debian's arm64 kernels (PREEMPT_RT but on board-nonrt)"
out=$(for b in board-rt board-stock board-nonrt; do on_board "$b" 'uname -n; uname -m; uname -v'; done 2>&1)
if [[ $(sed -n 1p <<<"$out") == board-rt && $(sed -n 4p <<<"$out") == board-stock &&
      $(sed -n 7p <<<"$out") == board-nonrt && $(grep -c '^aarch64$' <<<"$out") == 3 &&
      $(sed -n 3p <<<"$out")$(sed -n 6p <<<"$out") == *PREEMPT_RT*PREEMPT_RT* &&
      $(sed -n 9p <<<"$out") != *PREEMPT_RT* ]]; then
  ok "$desc"; else not_ok "$desc"; note "$out"; fi

desc="board-rt is booted LinuxCNC's way (isolcpus=1 nohz_full=1 rcu_nocbs=1), board-stock not"
check test "$(on_board board-rt cat /sys/devices/system/cpu/isolated)/$(on_board board-stock \
  cat /sys/devices/system/cpu/isolated)" = "1/"

worker_path=$(sed -n 's/^#define RTB_WORKER_PATH "\(.*\)"$/\1/p' "$build/config.h")
desc="the cross-built worker is at its default remote path ($worker_path)"
check test "$(on_board board-rt "$worker_path" --version 2>&1 | head -1 | cut -d' ' -f1)" = \
  rtbench-worker

# The boards at once, as the README's fleet: saved in one folder, compared.
fleet=$tmp/fleet
mkdir -p "$fleet"
t=$SECONDS
"$cli" run latency --remote board-rt --remote board-stock --remote board-nonrt --duration 10s \
  --output-dir "$fleet" \
  --compare-png "$fleet/compare.png" --compare-csv "$fleet/compare.csv" >"$tmp/out" 2>&1
status=$?
cp "$tmp/out" "$tmp/fleet.out"
desc="a fleet run of the three boards at once saves one run per board"
if [[ $status -eq 0 && -s $fleet/board-rt-latency.rtbench && -s $fleet/board-stock-latency.rtbench &&
      -s $fleet/board-nonrt-latency.rtbench ]]; then
  ok "$desc ($((SECONDS - t)) s for 10 s on each)"; else not_ok "$desc (exit $status)"; fi
rt=$fleet/board-rt-latency.rtbench
stock=$fleet/board-stock-latency.rtbench
nonrt=$fleet/board-nonrt-latency.rtbench

desc="each run records its board, learnt through ssh from the board's worker"
facts=$(for f in "$rt" "$stock" "$nonrt"; do
  json "$f" "r['system']['hostname'], r['system']['machine'], r['system']['preempt_rt'], r['system']['n_cpus'], r['system']['isolcpus'] or '-'"
done)
if [[ $facts == "board-rt aarch64 True 2 1"$'\n'"board-stock aarch64 True 2 -"$'\n'"board-nonrt aarch64 False 2 -" ]]; then
  ok "$desc"; else not_ok "$desc"; note "$facts"; fi

desc="each board's two CPUs were measured, with consistent figures and nothing dropped"
figures=$(for f in "$rt" "$stock" "$nonrt"; do
  json "$f" "all(s['count'] > 0 and s['dropped'] == 0 and s['min_us'] <= s['p50_us'] <= s['p99_us'] <= s['max_us'] and s['min_us'] <= s['avg_us'] <= s['max_us'] for s in r['series']) and [s['cpu'] for s in r['series']] == [0, 1]"
done | tr '\n' ' ')
check test "$figures" = "True True True "

desc="the fleet's comparison CSV counts every sample of each board"
counts=$(for f in "$rt" "$stock" "$nonrt"; do json "$f" "sum(s['count'] for s in r['series'])"; done | tr '\n' ' ')
csv_counts=$(python3 -c "import csv, sys
for row in csv.reader(open(sys.argv[1])):
    if row[:2] == ['all CPUs', 'count']: print(*row[2:5], end=' ')" "$fleet/compare.csv")
if [[ -n $csv_counts && $csv_counts == "$counts" ]]; then ok "$desc ($counts)"; else
  not_ok "$desc (runs: $counts, CSV: $csv_counts)"; head -3 "$fleet/compare.csv" | sed 's/^/# /'; fi

desc="the fleet's comparison chart is a PNG"
check test "$(identify -format '%m %w' "$fleet/compare.png" 2>/dev/null)" = "PNG 1200"

desc="rtbench-cli compare of the saved runs: table, PNG, and the fleet's CSV again"
"$cli" compare "$rt" "$stock" "$nonrt" --png "$tmp/compare.png" --csv "$tmp/compare.csv" >"$tmp/out" 2>&1
status=$?
if [[ $status -eq 0 ]] && grep -q "board-stock" "$tmp/out" && [[ -s $tmp/compare.png ]] &&
   cmp -s "$tmp/compare.csv" "$fleet/compare.csv"; then ok "$desc"; else not_ok "$desc (exit $status)"; fi

desc="export of a board's run: PNG, CSV and cyclictest text"
"$cli" export "$rt" --png "$tmp/rt.png" --csv "$tmp/rt.csv" --cyclictest "$tmp/rt.cyclictest" \
  >"$tmp/out" 2>&1
status=$?
if [[ $status -eq 0 && $(identify -format '%m' "$tmp/rt.png" 2>/dev/null) == PNG && -s $tmp/rt.csv ]] &&
   grep -q '^# Histogram' "$tmp/rt.cyclictest"; then ok "$desc"; else not_ok "$desc (exit $status)"; fi

desc="the cyclictest text imports back with every sample count and the truncated max"
"$cli" import "$tmp/rt.cyclictest" --output "$tmp/reimported.rtbench" >"$tmp/out" 2>&1
check test "$(json "$tmp/reimported.rtbench" "[(s['count'], int(s['max_us'])) for s in r['series']]")" = \
  "$(json "$rt" "[(s['count'], int(s['max_us'])) for s in r['series']]")"

# The checklist read through the board's worker.
desc="check --remote reads board-rt's checklist through its worker: its clocksource, isolated CPU, kernel"
"$cli" check --remote board-rt --json >"$tmp/check.json" 2>"$tmp/out"
checked () { python3 -c "import json; r=json.load(open('$tmp/check.json')); c={x['id']: x for x in r['checks']}; print($1)"; }
if [[ $(checked "r['host'], c['kernel.preemption']['status'], c['kernel.clocksource']['status'], 'arch_sys_counter' in c['kernel.clocksource']['value']") == "board-rt good good True" ]]; then
  ok "$desc"; else not_ok "$desc"; checked "c['kernel.clocksource']" | sed 's/^/# /'; fi

desc="on board-rt's every CPU the checklist says to measure on the isolated CPU, never to boot with what is set"
"$cli" check --remote board-rt --json >"$tmp/check-all.json" 2>"$tmp/out"
"$cli" check --remote board-rt --cpus 1 --json >"$tmp/check-1.json" 2>>"$tmp/out"
advice=$(python3 -c "
import json, sys
every = {c['id']: c for c in json.load(open(sys.argv[1]))['checks']}
one = {c['id']: c for c in json.load(open(sys.argv[2]))['checks']}
said = ' '.join(c['advice'] or '' for c in every.values())
print('--cpus 1' in every['cpus.isolated']['advice'],
      not any(t in said for t in ('Boot with isolcpus', 'nohz_full=0', 'rcu_nocbs=0')),
      [one[i]['status'] for i in ('cpus.isolated', 'cpus.nohz_full', 'cpus.rcu_nocbs')],
      'linux,dummy-virt' in every['machine.virtual']['value'])" "$tmp/check-all.json" "$tmp/check-1.json")
check test "$advice" = "True True ['good', 'good', 'good'] True"

desc="the fleet's text: well-formed checklist lines; the RT boards' verdict a virtual machine's, board-nonrt's its kernel's"
check test "$(grep -c '^Checklist at the start: [0-9]' "$tmp/fleet.out")/$(grep -c \
  '^Verdict: A virtual machine' "$tmp/fleet.out")/$(grep -c '^Verdict: Not a real-time kernel' \
  "$tmp/fleet.out")/$(grep -c ':;' "$tmp/fleet.out")" = "3/2/1/0"

# Spikes traced on the board: every sample is a spike at 1 µs, so some are explained whatever
# the emulator's latencies.
desc="--trace-above on a board: spikes explained from the board's own kernel trace"
"$cli" run latency --remote board-stock --cpus 1 --trace-above 1 --duration 3s \
  --output "$tmp/trace.rtbench" >"$tmp/out" 2>&1
status=$?
explained=$(json "$tmp/trace.rtbench" "r['trace']['status'], len(r['spikes']) > 0 and all(s['series'] == 'CPU1' and s['latency_us'] >= 1 and s['cause'] is not None for s in r['spikes'])")
if [[ $status -eq 0 && $explained == "armed True" ]]; then
  ok "$desc ($(json "$tmp/trace.rtbench" "len(r['spikes'])") spikes)"; else not_ok "$desc (exit $status: $explained)"; fi

# The GPIO line, seen from the board: its debugfs listing names the consumer and the level.
desc="--gpio 0:0 toggles line 0 of the board's gpiochip0, seen from the board's side"
# Long enough for a busy host's slow ssh to read the levels; stopped (Ctrl-C) once both were read.
"$cli" run latency --remote board-rt --cpus 1 --gpio 0:0 --duration 60s \
  --output "$tmp/gpio.rtbench" >"$tmp/out" 2>&1 &
bg_pids+=($!)
gpio_pid=$!
# Meanwhile, where the worker's threads may run on the board: CPU1 measures, the rest is off it.
threads=
for _ in $(seq 50); do
  threads=$(on_board board-rt 'for p in $(pidof rtbench-worker); do for t in /proc/$p/task/*; do
    echo "$(cat $t/comm)=$(sed -n "s/^Cpus_allowed_list:[[:space:]]*//p" $t/status)"; done; done' |
    sort | tr '\n' ' ')
  [[ $threads == *CPU1=* ]] && break
  sleep 0.2
done
levels=
for _ in $(seq 150); do
  line=$(on_board board-rt "grep -m1 'gpio-[0-9]* (.*|rtbench' /sys/kernel/debug/gpio" 2>/dev/null)
  case $line in
    *" out hi"*) levels+=h ;;
    *" out lo"*) levels+=l ;;
  esac
  [[ $levels == *h* && $levels == *l* ]] && break
  sleep 0.2
done
kill -INT "$gpio_pid"
wait "$gpio_pid"
status=$?
# Released by the worker as it ends, which may be a moment after the client has saved.
for _ in $(seq 20); do
  after=$(on_board board-rt "grep -c '|rtbench' /sys/kernel/debug/gpio")
  [[ $after == 0 ]] && break
  sleep 0.5
done
if [[ $status -eq 0 && $levels == *h* && $levels == *l* && $after == 0 ]]; then
  ok "$desc (levels read: $levels; released after)"; else
  not_ok "$desc (exit $status, levels '$levels', still held: $after)"; fi

# The kernel's own instruments on board-rt: Debian's rtla 6.1, and the hwlat tracer through the
# board's hwlat script, which puts back every tracefs file it changed.
desc="rtla timerlat hist on board-rt: its output imports with the counts it prints"
on_board board-rt rtla timerlat hist -d 2s >"$tmp/timerlat.txt" 2>"$tmp/out"
"$cli" import "$tmp/timerlat.txt" --output "$tmp/timerlat.rtbench" >>"$tmp/out" 2>&1
counts=$(sed -n 's/^count: *//p' "$tmp/timerlat.txt" | tr -s ' ' | sed 's/ $//')
imported=$(json "$tmp/timerlat.rtbench" "' '.join(str(s['count']) for s in r['series'])")
if [[ -n $counts && $counts == "$imported" ]]; then ok "$desc ($counts)"; else
  not_ok "$desc (rtla: '$counts', imported: '$imported')"; fi

tracefs_state () {
  on_board board-rt 'cd /sys/kernel/tracing && cat current_tracer tracing_thresh tracing_on \
    hwlat_detector/width hwlat_detector/window' 2>&1 | tr '\n' ' '
}
desc="hwlat on board-rt traces its windows and leaves tracefs as it found it"
before=$(tracefs_state)
on_board board-rt hwlat -d 2 -w 100000 -W 200000 >"$tmp/hwlat.txt" 2>"$tmp/out"
status=$?
after=$(tracefs_state)
if [[ $status -eq 0 && $(head -1 "$tmp/hwlat.txt") == "# tracer: hwlat" && $before == "$after" &&
      $before == "nop 0 1 "* ]]; then
  ok "$desc ($(grep -c 'inner/outer' "$tmp/hwlat.txt") samples; $before)"; else
  not_ok "$desc (exit $status; before: $before; after: $after)"; fi

# rtbench's timerlat method: the tracer's files it changes are set to other values first, so that
# putting them back is seen, after a run and after the worker's SIGKILL (its janitor restores).
timerlat_state () {
  on_board board-rt 'cd /sys/kernel/tracing && cat current_tracer osnoise/cpus \
    osnoise/timerlat_period_us osnoise/stop_tracing_us osnoise/stop_tracing_total_us &&
    ls instances' 2>&1 | tr '\n' ' '
}
on_board board-rt 'cd /sys/kernel/tracing/osnoise && echo 0 >cpus && echo 777 >timerlat_period_us &&
  echo 5000 >stop_tracing_us'
desc="timerlat on board-rt: IRQ and thread latency of each CPU saved, tracefs as it was"
run_restores timerlat_state "nop 0 777 5000 0 " "" "s['count'] > 0" \
  "CPU0_IRQ=1 CPU0_thread=1 CPU1_IRQ=1 CPU1_thread=1" "$tmp/timerlat-run.rtbench" \
  timerlat --duration 3s --period-us 500 --histogram-us 200

desc="timerlat on board-rt: the saved run's count, min, max, mean and histogram are its own samples"
tracer_truth timerlat "$tmp/timerlat-run.rtbench" 200 >"$tmp/truth.out"
truth_result $? ' samples, ' 4

# timerlat's spikes: each a thread latency, explained, with its period's IRQ latency beside it
# (no more than the thread's, from the same deadline), kept in the run file.
desc="timerlat on board-rt: each spike explained with its period's IRQ and thread latency"
"$cli" run timerlat --remote board-rt --duration 2s --trace-above 1000 \
  --output "$tmp/timerlat-spikes.rtbench" >"$tmp/out" 2>&1
split=$(json "$tmp/timerlat-spikes.rtbench" "'%d %d %d' % (len(r['spikes']), sum(1 for s in \
  r['spikes'] if s['series'].endswith(' thread') and s.get('irq_latency_us') is not None and \
  s['irq_latency_us'] <= s['latency_us']), sum(1 for l in open('$tmp/out') if \
  l.startswith('spike ') and ': mostly the ' in l))")
read -r spikes split_ok printed <<<"$split"
if [[ ${spikes:-0} -gt 0 && $split_ok == "$spikes" && ${printed:-0} -ge $spikes ]]; then
  ok "$desc ($spikes spikes)"; else not_ok "$desc (spikes, split, printed: $split)"; fi

desc="timerlat on board-rt: a worker killed with SIGKILL leaves tracefs as it was"
sigkill_restores timerlat cpus=1 osnoise/timerlat_period_us 1000 timerlat_state
on_board board-rt 'cd /sys/kernel/tracing/osnoise && echo 0-1 >cpus &&
  echo 1000 >timerlat_period_us && echo 0 >stop_tracing_us'

# rtbench's osnoise method: the tracer's files it changes are set to other values first, so that
# putting them back is seen, after a run and after the worker's SIGKILL.
osnoise_state () {
  on_board board-rt 'cd /sys/kernel/tracing && cat current_tracer tracing_thresh osnoise/cpus \
    osnoise/period_us osnoise/runtime_us osnoise/stop_tracing_us osnoise/stop_tracing_total_us &&
    ls instances' 2>&1 | tr '\n' ' '
}
on_board board-rt 'cd /sys/kernel/tracing && echo 3 >tracing_thresh && echo 0 >osnoise/cpus &&
  echo 500000 >osnoise/runtime_us && echo 700000 >osnoise/period_us &&
  echo 5000 >osnoise/stop_tracing_us'
desc="osnoise on board-rt: each period's noise and rtla's totals of both CPUs saved, tracefs as it was"
run_restores osnoise_state "nop 3 0 700000 500000 5000 0 " "" "s['count'] > 0" "CPU0=1 CPU1=1" \
  "$tmp/osnoise-run.rtbench" osnoise --duration 3s --period-us 200000 --runtime-us 150000 \
  --threshold-us 2 --histogram-us 200000

desc="osnoise on board-rt: the saved run's figures and rtla's totals are its own periods"
tracer_truth osnoise "$tmp/osnoise-run.rtbench" 200000 >"$tmp/truth.out"
truth_result $? ' periods, ' 2

desc="osnoise on board-rt: a worker killed with SIGKILL leaves tracefs as it was"
sigkill_restores osnoise "cpus=1 period_us=100000 runtime_us=50000" osnoise/runtime_us 50000 \
  osnoise_state
on_board board-rt 'cd /sys/kernel/tracing && echo 0 >tracing_thresh && echo 0-1 >osnoise/cpus &&
  echo 1000000 >osnoise/period_us && echo 1000000 >osnoise/runtime_us &&
  echo 0 >osnoise/stop_tracing_us'

# The durations by source against the kernel's own trace of the same periods: another osnoise
# instance, its osnoise events on, traces beside the run (the kernel writes each period's line
# and each event to every instance that asks), and its text is the truth; a run file whose
# duration is changed by 1 ns fails it.
desc="osnoise on board-rt: each source's duration is the kernel's events' of the same periods, in its own text trace"
on_board board-rt 'cd /sys/kernel/tracing && mkdir instances/truth && cd instances/truth &&
  echo mono >trace_clock && echo 8192 >buffer_size_kb && echo 1 >events/osnoise/enable &&
  echo osnoise >current_tracer' >"$tmp/out" 2>&1
"$cli" run osnoise --remote board-rt --duration 6s --period-us 200000 --runtime-us 150000 \
  --histogram-us 200000 --output "$tmp/osnoise-durations.rtbench" >>"$tmp/out" 2>&1
status=$?
on_board board-rt 'cd /sys/kernel/tracing/instances/truth && echo 0 >tracing_on && cat trace' \
  >"$tmp/osnoise-kernel.txt" 2>>"$tmp/out"
on_board board-rt 'cd /sys/kernel/tracing/instances/truth && echo nop >current_tracer &&
  echo 0 >events/osnoise/enable && cd .. && rmdir truth' >>"$tmp/out" 2>&1
osnoise_truth () { # RUN → the truth script's exit status against the kernel's trace
  tracer_truth osnoise "$1" 200000 "$tmp/osnoise-kernel.txt"
}
osnoise_truth "$tmp/osnoise-durations.rtbench" >"$tmp/truth.out"
truth=$?
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); t=r['series'][0]['osnoise']
k=[k for k in ('hw_ns','irq_ns','thread_ns','nmi_ns','softirq_ns') if k in t][0]; t[k]+=1
json.dump(r,open(sys.argv[2],'w'))" "$tmp/osnoise-durations.rtbench" "$tmp/osnoise-changed.rtbench" \
  2>>"$tmp/out"
osnoise_truth "$tmp/osnoise-changed.rtbench" >/dev/null 2>&1
changed=$?
if [[ $status -eq 0 && $truth -eq 0 && $changed -eq 1 &&
      $(grep -c 'durations of periods' "$tmp/truth.out") == 2 ]]; then ok "$desc"; else
  not_ok "$desc (run $status, truth $truth, a duration changed by 1 ns: $changed)"; fi
sed 's/^/# /' "$tmp/truth.out"

# durations=no, as rtla osnoise top runs: the worker's instance traces no event while it runs,
# each CPU's periods and counts are the kernel's own (another instance, no event on either,
# traces the same periods), every duration is unknown, and a count changed by one fails it.
desc="osnoise on board-rt: durations=no traces no event, its counts are the kernel's own periods' and no duration is known"
on_board board-rt 'cd /sys/kernel/tracing && mkdir instances/truth && cd instances/truth &&
  echo mono >trace_clock && echo 8192 >buffer_size_kb && echo osnoise >current_tracer' \
  >"$tmp/out" 2>&1
"$cli" run osnoise --remote board-rt --duration 6s --period-us 200000 --runtime-us 150000 \
  --threshold-us 2 --histogram-us 200000 --durations no \
  --output "$tmp/osnoise-counts.rtbench" >>"$tmp/out" 2>&1 &
run=$!
# Once the worker's instance runs the tracer, which it starts after enabling what events it
# enables (up to 20 s: a loaded emulator sets a tracer up in seconds; the run's 6 s leave room
# for ssh's own seconds).
events=$(on_board board-rt 'cd /sys/kernel/tracing/instances; n=0
  until [ "$(cat rtbench-*/current_tracer 2>/dev/null)" = osnoise ] || [ $n -ge 100 ]; do
    usleep 200000; n=$((n + 1)); done
  cat rtbench-*/events/osnoise/enable' 2>>"$tmp/out")
wait $run
status=$?
on_board board-rt 'cd /sys/kernel/tracing/instances/truth && echo 0 >tracing_on && cat trace' \
  >"$tmp/osnoise-kernel.txt" 2>>"$tmp/out"
on_board board-rt 'cd /sys/kernel/tracing/instances/truth && echo nop >current_tracer &&
  cd .. && rmdir truth' >>"$tmp/out" 2>&1
osnoise_truth "$tmp/osnoise-counts.rtbench" >"$tmp/truth.out" 2>>"$tmp/out"
truth=$?
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); r['series'][0]['osnoise']['hw']+=1
json.dump(r,open(sys.argv[2],'w'))" "$tmp/osnoise-counts.rtbench" "$tmp/osnoise-changed.rtbench" \
  2>>"$tmp/out"
osnoise_truth "$tmp/osnoise-changed.rtbench" >/dev/null 2>&1
changed=$?
known=$(grep -c ' [0-9][0-9]* ns' "$tmp/truth.out")
if [[ $status -eq 0 && $events == 0 && $truth -eq 0 && $changed -eq 1 && $known -eq 0 &&
      $(grep -c 'durations of periods' "$tmp/truth.out") == 2 ]]; then ok "$desc"; else
  not_ok "$desc (run $status, events on: '$events', truth $truth, a count changed: $changed, durations known: $known)"; fi
sed 's/^/# /' "$tmp/truth.out"

# rtbench's hwlat method, at tracefs's top level: the files it changes are set to other values
# first, so that putting them back is seen, after a run and after the worker's SIGKILL. The
# buffer's size too (100 KiB asked, 103 kept: whole pages of 4080 bytes), which the worker
# raises to 1 MiB; it is put back as the tests found it (7 KiB where an instance was used first;
# a buffer never used reads "7 (expanded: 1408)", and 1408 is what goes back).
hwlat_state () {
  on_board board-rt 'cd /sys/kernel/tracing && cat current_tracer tracing_thresh tracing_cpumask \
    hwlat_detector/width hwlat_detector/window hwlat_detector/mode trace_clock tracing_on \
    buffer_size_kb' 2>&1 | tr '\n' ' '
}
hwlat_kb=$(on_board board-rt 'sed "s/.*expanded: \([0-9]*\))/\1/" /sys/kernel/tracing/buffer_size_kb')
on_board board-rt 'cd /sys/kernel/tracing && echo 7 >tracing_thresh && echo 1 >tracing_cpumask &&
  echo 300000 >hwlat_detector/width && echo 900000 >hwlat_detector/window &&
  echo per-cpu >hwlat_detector/mode && echo global >trace_clock && echo 0 >tracing_on &&
  echo 100 >buffer_size_kb'
desc="hwlat on board-rt: each CPU's windows above the threshold saved, tracefs as it was"
run_restores hwlat_state "nop 7 1 300000 900000 none round-robin [per-cpu] local [global] " \
  " 0 103 " "s['cpu']" "CPU0=0 CPU0_inner=0 CPU0_outer=0 CPU1=1 CPU1_inner=1 CPU1_outer=1" \
  "$tmp/hwlat-run.rtbench" hwlat --duration 4s --width-us 100000 --window-us 200000 \
  --threshold-us 5 --histogram-us 100000

desc="hwlat on board-rt: the saved run's figures are its own samples, each CPU's latency the larger of inner and outer"
tracer_truth hwlat "$tmp/hwlat-run.rtbench" 100000 5 >"$tmp/truth.out"
truth_result $? ' samples, ' 6 ' windows above ' 2

desc="hwlat on board-rt: a worker killed with SIGKILL leaves tracefs as it was"
sigkill_restores hwlat "cpus=1 width_us=20000 window_us=100000" \
  "hwlat_detector/width buffer_size_kb" "20000 1027" hwlat_state
on_board board-rt "echo $hwlat_kb >/sys/kernel/tracing/buffer_size_kb"
# mode=per-cpu: a detector thread of each CPU (hwlatd/N) spins in every window, all at once,
# where round-robin's one thread visits a CPU a window; the mode is put back as it was.
desc="hwlat per-cpu on board-rt: a detector thread on each CPU, the run's figures its own samples, tracefs as it was"
on_board board-rt 'echo round-robin >/sys/kernel/tracing/hwlat_detector/mode'
before=$(hwlat_state)
"$cli" run hwlat --remote board-rt --cpus 0-1 --duration 6s --width-us 100000 \
  --window-us 200000 --threshold-us 5 --histogram-us 100000 --mode per-cpu \
  --output "$tmp/hwlat-per-cpu.rtbench" >"$tmp/out" 2>&1 &
run=$!
sleep 3
during=$(on_board board-rt 'cat /sys/kernel/tracing/hwlat_detector/mode;
  ps | sed -n "s/.*\[\(hwlatd[^]]*\)\]$/\1/p" | sort' 2>>"$tmp/out" | tr '\n' ' ')
wait $run
status=$?
after=$(hwlat_state)
"$cli" summary "$tmp/hwlat-per-cpu.rtbench" --json >"$tmp/hwlat-per-cpu.json" 2>>"$tmp/out" &&
  "$cli" export "$tmp/hwlat-per-cpu.rtbench" --csv-series "$tmp/hwlat-series.csv" \
    --csv-histogram "$tmp/hwlat-histogram.csv" >>"$tmp/out" 2>&1 &&
  "$src/tests/lab/tracer-truth.py" hwlat "$tmp/hwlat-per-cpu.rtbench" "$tmp/hwlat-per-cpu.json" \
    "$tmp/hwlat-series.csv" "$tmp/hwlat-histogram.csv" 100000 5 >"$tmp/truth.out" 2>>"$tmp/out"
truth=$?
if [[ $status -eq 0 && $truth -eq 0 && $during == "none round-robin [per-cpu] hwlatd/0 hwlatd/1 " &&
      $before == "$after" && $before == *" none [round-robin] per-cpu "* ]]; then
  ok "$desc ($during)"; else
  not_ok "$desc (run $status, truth $truth; during: $during; before: $before; after: $after)"; fi
sed 's/^/# /' "$tmp/truth.out"
# Samples the kernel overwrites in a full buffer are dropped: the worker sizes the buffer for a
# second's samples many times over, so the test makes it as small as the kernel allows behind
# the worker's back (4 KiB asked, two pages kept: 7 KiB) while the worker is stopped, 15 s,
# and the detector records a window of every 2 ms: the emulator puts 1 in 10 to 1 in 2 of them
# above 1 µs, a full buffer's ~140 events within 3 to 15 s. The worker's janitor puts the size
# back as it was before the run (the kernel rounds a size up to whole pages of 4080 bytes of
# events: 1408 comes back 1410).
desc="hwlat on board-rt: samples its full buffer overwrote while the worker was stopped are dropped, as many on each of a CPU's three series"
on_board board-rt 'cd /sys/kernel/tracing &&
  old=$(sed "s/.*expanded: \([0-9]*\))/\1/" buffer_size_kb) &&
  { /usr/local/libexec/rtbench/rtbench-worker hwlat cpus=0-1 width_us=1000 window_us=2000 \
      threshold_us=1 histogram_us=100000 duration=20s >/tmp/hwlat-lost.stream 2>/dev/null & } &&
  p=$! && sleep 3 && kill -STOP $p && during=$(cat buffer_size_kb) && echo 4 >buffer_size_kb &&
  sleep 15 && kill -CONT $p; wait $p; echo "$old $(cat buffer_size_kb) $during"' \
  >"$tmp/kb" 2>"$tmp/out"
on_board board-rt 'cat /tmp/hwlat-lost.stream && rm /tmp/hwlat-lost.stream' >"$tmp/hwlat-lost.stream"
"$cli" import "$tmp/hwlat-lost.stream" --output "$tmp/hwlat-lost.rtbench" >>"$tmp/out" 2>&1
dropped=$(json "$tmp/hwlat-lost.rtbench" \
  "' '.join('%s=%d' % (s['name'].replace(' ', '_'), s['dropped']) for s in r['series'])")
read -r kb_before kb_after kb_during <<<"$(tail -1 "$tmp/kb")"
if [[ $kb_before =~ ^[0-9]+$ && $kb_after =~ ^[0-9]+$ && $kb_during =~ ^[0-9]+$ ]] &&
   (( kb_after >= kb_before && kb_after - kb_before <= 4 && kb_during >= 1024 )) && python3 -c "
import sys
d = dict(x.split('=') for x in sys.argv[1].split())
lost = 0
for cpu in (0, 1):
    three = {d[f'CPU{cpu}'], d[f'CPU{cpu}_inner'], d[f'CPU{cpu}_outer']}
    assert len(three) == 1
    lost += int(three.pop())
assert lost > 0
" "$dropped"; then ok "$desc ($dropped; buffer_size_kb $kb_during during, $kb_after after)"; else
  not_ok "$desc ($dropped; buffer_size_kb $kb_before, during $kb_during, after $kb_after)"; fi

on_board board-rt 'cd /sys/kernel/tracing && echo 0 >tracing_thresh && echo 3 >tracing_cpumask &&
  echo 500000 >hwlat_detector/width && echo 1000000 >hwlat_detector/window &&
  echo round-robin >hwlat_detector/mode && echo local >trace_clock && echo 1 >tracing_on'

desc="on the board, the worker's own threads keep off the measured CPU 1"
if [[ $threads == "CPU1=1 rtbench-worker=0 writer=0 " ]]; then ok "$desc ($threads)"; else
  not_ok "$desc ($threads)"; fi

# Ending a run every way a user or a board can.
start_run () { # BOARD DURATION OUTPUT
  "$cli" run latency --remote "$1" --duration "$2" --output "$3" >"$tmp/out" 2>&1 &
  run_pid=$!
  bg_pids+=($run_pid)
  # Measuring, and then long enough for the worker's writer (it drains every 250 ms) to have sent
  # samples, even on a busy host where the emulated board crawls.
  for _ in $(seq 150); do board_measuring "$1" && break; sleep 0.2; done
  sleep 2
}
samples () { json "$1" "sum(s['count'] for s in r['series'])" 2>/dev/null; }

desc="Ctrl-C stops a board's run: what was measured is saved, the board's worker ends"
start_run board-stock 60s "$tmp/stopped.rtbench"
kill -INT "$run_pid"
wait "$run_pid"
status=$?
count=$(samples "$tmp/stopped.rtbench")
if [[ ${count:-0} -gt 0 ]] && no_worker_within board-stock 10; then
  ok "$desc (exit $status, $count samples)"; else not_ok "$desc (exit $status, ${count:-no} samples)"; fi

desc="a killed client leaves no worker on the board"
start_run board-stock 60s "$tmp/killed.rtbench"
kill -KILL "$run_pid"
{ wait "$run_pid"; } 2>/dev/null
if no_worker_within board-stock 15; then ok "$desc"; else not_ok "$desc"; fi

desc="a killed ssh ends the run with what was measured, and the board's worker ends"
start_run board-rt 60s "$tmp/ssh-killed.rtbench"
ssh_pid=$(pgrep -P "$run_pid" -x ssh | head -1)
[[ -n $ssh_pid ]] && kill -KILL "$ssh_pid"
t=$SECONDS
wait "$run_pid"
status=$?
count=$(samples "$tmp/ssh-killed.rtbench")
if [[ -n $ssh_pid && ${count:-0} -gt 0 ]] && grep -qi "board-rt" "$tmp/out" && no_worker_within board-rt 15; then
  ok "$desc (exit $status after $((SECONDS - t)) s, $count samples)"; else
  not_ok "$desc (ssh pid '${ssh_pid}', exit $status, ${count:-no} samples)"; fi

# The board drops its connections without a word: the run ends when its own time is up (its 15 s
# and the grace), unless ssh hears of it first. The reset button, not a command over ssh, so the
# reboot comes at once however busy this machine is.
# A reset that fails leaves the board running: both tests fail then, in the lab's words.
desc="a board that reboots mid-run: the run ends and keeps what was measured"
start_run board-rt 15s "$tmp/rebooted.rtbench"
rebooted_at=$SECONDS
reset_failed=
if ! said=$("$lab" reset board-rt 2>&1); then
  reset_failed="the reset failed: $(echo "$said" | grep '^lab: ' | tail -n1)"
  echo "$said" | sed 's/^/# /'
fi
t=$SECONDS
wait "$run_pid"
status=$?
count=$(samples "$tmp/rebooted.rtbench")
if [[ -z $reset_failed && $status -ne 0 && ${count:-0} -gt 0 ]]; then ok "$desc (exit $status after $((SECONDS - t)) s, $count samples)"; else
  not_ok "$desc (${reset_failed:+$reset_failed, }exit $status, ${count:-no} samples)"; fi

desc="the rebooted board comes back and measures again"
t=$SECONDS
until on_board board-rt true 2>/dev/null || ((SECONDS - t > 90)); do sleep 1; done
"$cli" run latency --remote board-rt --duration 2s --output "$tmp/after-reboot.rtbench" >"$tmp/out" 2>&1
status=$?
uptime=$(on_board board-rt cut -d. -f1 /proc/uptime)
if [[ -z $reset_failed && $status -eq 0 && $(samples "$tmp/after-reboot.rtbench") -gt 0 &&
      ${uptime:-9999} -le $((SECONDS - rebooted_at + 1)) ]]; then
  ok "$desc (back in $((SECONDS - t)) s, up for $uptime s)"; else
  not_ok "$desc (${reset_failed:+$reset_failed, }exit $status, up for ${uptime:-?} s)"; fi

# A frozen board: its emulator stopped, the connection open and silent (the ssh config has no
# keep-alive: rtbench alone ends the run).
desc="a frozen board ends the run at its duration plus the grace, says so, keeps what was measured"
qemu_pid=$(cat "$RTBENCH_LAB_DIR/board-stock.pid")
start_run board-stock 15s "$tmp/frozen.rtbench"
kill -STOP "$qemu_pid"
t=$SECONDS
for _ in $(seq 120); do kill -0 "$run_pid" 2>/dev/null || break; sleep 0.5; done
if kill -0 "$run_pid" 2>/dev/null; then
  kill -CONT "$qemu_pid"; wait "$run_pid"; status=timeout
else
  wait "$run_pid"; status=$?; kill -CONT "$qemu_pid"
fi
count=$(samples "$tmp/frozen.rtbench")
if [[ $status != timeout && ${count:-0} -gt 0 ]] &&
   grep -q "board-stock did not end the run within 25 s" "$tmp/out"; then
  ok "$desc (exit $status $((SECONDS - t)) s after the freeze, $count samples)"; else
  not_ok "$desc (exit $status, ${count:-no} samples)"; fi

# The window: both boards live side by side, a comparison following them, saved and compared.
gui=$build/src/gui/rtbench
desc="the window measures both boards at once; a live comparison follows both and saves each run and the comparison"
if [[ -z ${DISPLAY:-} || ! -x $build/tests/gui-two-machines ]]; then
  n=$((n + 1)); echo "ok $n - $desc # SKIP no display or no GUI build"
else
  until on_board board-stock true 2>/dev/null || ((SECONDS - t > 60)); do sleep 1; done
  if GSETTINGS_SCHEMA_DIR=$build/data GSETTINGS_BACKEND=memory GDK_BACKEND=x11 \
     GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1 XDG_DATA_HOME=$tmp/data \
     RTBENCH_TEST_FIRST_BOARD=board-rt RTBENCH_TEST_FIRST_BOARD_NAME=board-rt \
     RTBENCH_TEST_BOARD=board-stock RTBENCH_TEST_BOARD_NAME=board-stock \
     RTBENCH_TEST_REMOTE_WORKER="$worker_path" \
     "$build/tests/gui-two-machines" >"$tmp/out" 2>&1; then ok "$desc"; else not_ok "$desc"; fi
  sed -n 's/^# \(board-.*samples\)$/\1/p' "$tmp/out" | sed 's/^/# /'
fi

desc="lab.sh down leaves nothing running"
pids=$(cat "$RTBENCH_LAB_DIR"/*.pid 2>/dev/null)
"$lab" down >/dev/null 2>&1
alive=0
for pid in $pids; do kill -0 "$pid" 2>/dev/null && alive=$((alive + 1)); done
if [[ -n $pids && $alive -eq 0 && -z $(ls "$RTBENCH_LAB_DIR"/*.pid 2>/dev/null) ]]; then
  ok "$desc"; else not_ok "$desc ($alive still running)"; fi

note "the lab suite took $((SECONDS - suite_start)) s"
echo "1..$n"
exit $failed
