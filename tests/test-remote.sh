#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Measuring other machines over ssh, for real: private sshds on 127.0.0.1 with keys made here
# play three boards. Each one's forced command runs the worker in a new UTS namespace whose host
# name is the board's ("rtbench-board", "rtbench-board2"…), so a run can only know that name
# from the worker's SYSTEM frame, which crossed ssh. The boards are measured one at a time and
# all at once (with this machine, and with a fourth that nobody answers for), from the CLI and
# from the window. Needs root (sshd, the namespaces) and openssh-server; skips otherwise. TAP.
set -uo pipefail

build=${RTBENCH_BUILD_ROOT:?}
cli=$build/src/cli/rtbench-cli
worker=$build/src/worker/rtbench-worker
board=rtbench-board

n=0
failed=0
tmp=$(mktemp -d /tmp/rtbench-remote-XXXXXX)
sshd_pids=()
gui_pid=
cleanup () {
  for pid in "${sshd_pids[@]}"; do kill "$pid" 2>/dev/null; done
  [[ -n $gui_pid ]] && kill "$gui_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n - $1"; [[ -f $tmp/out ]] && tail -n 30 "$tmp/out" | sed 's/^/# /'; }
check () { if "$@" >/dev/null 2>&1; then ok "$desc"; else not_ok "$desc"; fi; }

if [[ $(id -u) -ne 0 || ! -x /usr/sbin/sshd ]] || ! command -v ssh-keygen >/dev/null ||
   ! command -v unshare >/dev/null; then
  echo "1..0 # SKIP needs root, openssh-server and unshare"
  exit 0
fi

source "$(dirname "$0")/remote-boards.sh"
boards_init
start_board board "$board"
start_board board2 rtbench-board2
start_board board3 rtbench-board3

desc="the board answers through ssh, under its own host name"
out=$(ssh -F "$tmp/ssh_config" board "$worker" --version 2>&1; ssh -F "$tmp/ssh_config" board \
      "$worker" --help 2>&1 | head -1)
if [[ $out == *"rtbench-worker"* ]]; then ok "$desc"; else not_ok "$desc"; echo "# $out"; cat "$tmp/board.sshd.log" | sed 's/^/# /'; fi

desc="a latency run on the board through rtbench-cli run --remote"
"$cli" run latency --remote board --remote-worker "$worker" --duration 2s --interval-us 1000 \
  --output "$tmp/board.rtbench" >"$tmp/out" 2>&1
status=$?
if [[ $status -eq 0 && -s $tmp/board.rtbench ]]; then ok "$desc"; else not_ok "$desc (exit $status)"; fi

"$cli" summary "$tmp/board.rtbench" --json >"$tmp/summary.json" 2>"$tmp/out"
field () { python3 -c "import json,sys; r=json.load(open('$tmp/summary.json'))['runs'][0]; print($1)"; }

desc="the run records the board's host name, from its SYSTEM frame"
check test "$(field "r['system']['hostname']")" = "$board"

desc="and the board's kernel and CPUs (here the same machine's)"
check test "$(field "r['system']['kernel'] + ' ' + str(r['system']['n_cpus'])")" = "$(uname -r) $(nproc)"

desc="every CPU of the board was measured"
counts=$(field "' '.join(str(s['count']) for s in r['series'])")
all_ok=1
for c in $counts; do (( c > 0 )) || all_ok=0; done
if [[ $all_ok -eq 1 && $(wc -w <<<"$counts") -eq $(nproc) ]]; then ok "$desc ($counts samples)"; else not_ok "$desc ($counts)"; fi

desc="the run keeps the board's checklist, judged with what its worker obtained"
# As many items as this machine's own checklist has (the board is this machine).
n_checks=$(RTBENCH_WORKER=$worker "$cli" check --json 2>/dev/null | python3 -c "import json, sys; print(len(json.load(sys.stdin)['checks']))")
check test "$(field "len(r['checks']) == ${n_checks:-0} and next(c['status'] for c in r['checks'] if c['id'] == 'mem.mlockall') != 'unknown' and r['verdict'] != ''")" = True

desc="rtbench-cli check --remote reads the board's checklist through its worker"
"$cli" check --remote board --remote-worker "$worker" --cpus 0 --json >"$tmp/check.json" 2>"$tmp/out"
status=$?
checked () { python3 -c "import json; r=json.load(open('$tmp/check.json')); print($1)"; }
bad=$(checked "sum(c['status'] == 'bad' for c in r['checks'])")
if [[ $(checked "r['host']") == "$board" && $(checked "r['cpus']") == 0 &&
      $(checked "next(c['status'] for c in r['checks'] if c['id'] == 'power.dma_latency')") != unknown &&
      $status -eq $(( bad > 0 ? 1 : 0 )) ]]; then ok "$desc (exit $status, $bad bad)"; else not_ok "$desc (exit $status)"; fi

desc="a worker missing on the board is named, with the host"
"$cli" run timer --remote board --remote-worker /nonexistent/rtbench-worker --duration 1s \
  >"$tmp/out" 2>&1
status=$?
if [[ $status -ne 0 ]] && grep -q "board" "$tmp/out"; then ok "$desc"; else not_ok "$desc (exit $status)"; fi
sed 's/^/# /' "$tmp/out" | head -3

desc="a host nobody answers for is named, with what ssh said"
RTBENCH_SSH="ssh -F $tmp/ssh_config -o ConnectTimeout=3 -p 1" "$cli" run timer --remote nohost.invalid \
  --duration 1s >"$tmp/out" 2>&1
status=$?
if [[ $status -ne 0 ]] && grep -q "nohost.invalid" "$tmp/out"; then ok "$desc"; else not_ok "$desc (exit $status)"; fi
sed 's/^/# /' "$tmp/out" | head -3

# A fleet: three boards, this machine and one that cannot be reached, all at once
fleet=$tmp/fleet
mkdir -p "$fleet"
RTBENCH_WORKER=$worker "$cli" run latency --remote board --remote board2 --remote deadboard --local --remote board3 \
  --remote-worker "$worker" --duration 2s --policy other --priority 0 --output-dir "$fleet" \
  --compare-csv "$tmp/fleet.csv" --fail-above 1000000 --junit "$tmp/fleet.xml" \
  >"$tmp/out" 2>"$tmp/err"
status=$?
desc="a fleet of five with one unreachable exits 10 + 1 and says which"
if [[ $status -eq 11 ]] && grep -q "deadboard" "$tmp/err" && grep -q "1 of 5 machines failed" "$tmp/out"; then
  ok "$desc"; else not_ok "$desc (exit $status)"; sed 's/^/# /' "$tmp/err" | head; fi

desc="each machine that answered has its run file, named by host and method"
here=$(uname -n)
if [[ $(cd "$fleet" && ls | tr '\n' ' ') == "board-latency.rtbench board2-latency.rtbench board3-latency.rtbench $here-latency.rtbench " ]]; then
  ok "$desc"; else not_ok "$desc: $(cd "$fleet" && ls -a | tr '\n' ' ')"; fi

desc="each run names its own board, learnt from its worker"
names=$(for f in board board2 board3 "$here"; do "$cli" summary "$fleet/$f-latency.rtbench" --json |
          python3 -c "import json,sys; print(json.load(sys.stdin)['runs'][0]['system']['hostname'])"; done | tr '\n' ' ')
if [[ $names == "$board rtbench-board2 rtbench-board3 $here " ]]; then ok "$desc ($names)"; else not_ok "$desc ($names)"; fi

desc="every machine's CPUs were measured, and the comparison lines them up"
counts=$(for f in board board2 board3 "$here"; do "$cli" summary "$fleet/$f-latency.rtbench" --json |
           python3 -c "import json,sys; print(min(s['count'] for s in json.load(sys.stdin)['runs'][0]['series']))"; done)
# Named by what sets them apart, the machine: whole in the CSV, its end kept in the table.
if ! grep -qx 0 <<<"$counts" && [[ $(wc -l <<<"$counts") -eq 4 ]] && grep -q "…licy, board2" "$tmp/out" &&
   [[ $(head -1 "$tmp/fleet.csv") == *"latency, normal policy, board3"* ]]; then
  ok "$desc"; else not_ok "$desc ($(tr '\n' ' ' <<<"$counts"))"; fi

desc="the fleet's JUnit file: a suite per machine, an error for the unreachable one (xmllint)"
if xmllint --noout --schema "$RTBENCH_SOURCE_ROOT/tests/data/junit.xsd" "$tmp/fleet.xml" 2>"$tmp/out" &&
   [[ $(grep -c '<testsuite ' "$tmp/fleet.xml") -eq 5 && $(grep -c '<error' "$tmp/fleet.xml") -eq 1 ]] &&
   grep -q 'testsuite name="deadboard"' "$tmp/fleet.xml"; then ok "$desc"; else not_ok "$desc"; fi

desc="compare takes the fleet's folder"
"$cli" compare "$fleet" >"$tmp/out" 2>&1
status=$?
if [[ $status -eq 0 ]] && grep -q "latency, normal policy, board3" "$tmp/out" &&
   grep -q "latency, normal policy, $here" "$tmp/out"; then
  ok "$desc"; else not_ok "$desc (exit $status)"; fi

# The window: the machine set in the setup (GSettings), a run started with --start; at its end
# the window keeps the run in $XDG_DATA_HOME/rtbench/unsaved
gui=$build/src/gui/rtbench
if [[ -z ${DISPLAY:-} || ! -x $gui ]]; then
  skip_gui="no display or no GUI build"
  n=$((n + 1)); echo "ok $n - the window measures the board # SKIP $skip_gui"
  n=$((n + 1)); echo "ok $n - the window's run records the board # SKIP $skip_gui"
  echo "1..$n"
  exit $failed
fi
export GSETTINGS_SCHEMA_DIR=$build/data GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME=$tmp/config
export XDG_DATA_HOME=$tmp/data GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1
schema=io.github.rtbench.RtBench
gsettings set $schema remote board
gsettings set $schema remote-worker "$worker"
# A response run: its results are kept (autosaved) however short it is
gsettings set $schema method response
gsettings set $schema instances 300
gsettings set $schema sizes 16
G_MESSAGES_DEBUG=rtbench-gui "$gui" --start >"$tmp/gui.log" 2>&1 &
gui_pid=$!
for _ in $(seq 300); do
  saved=$(ls "$tmp"/data/rtbench/unsaved/*.rtbench 2>/dev/null | head -1)
  [[ -n $saved ]] && grep -q "run ended" "$tmp/gui.log" && break
  sleep 0.1
done
sleep 0.5
kill "$gui_pid" 2>/dev/null
wait "$gui_pid" 2>/dev/null

desc="the window measures the board (its run is kept in the user's data)"
if [[ -n $saved ]] && grep -q "worker: .*run ended: completed" "$tmp/gui.log"; then ok "$desc"; else
  not_ok "$desc"; sed 's/^/# /' "$tmp/gui.log" | tail -15; fi

desc="the window's run records the board's host name"
"$cli" summary "$saved" --json >"$tmp/summary.json" 2>"$tmp/out"
check test "$(field "r['system']['hostname']")" = "$board"

# Two runs in the window at once: this machine and board2, each in its tab
desc="the window measures this machine and board2 at once; both update, a comparison follows both live, and saves each run and the comparison in one folder"
if RTBENCH_TEST_BOARD=board2 RTBENCH_TEST_BOARD_NAME=rtbench-board2 RTBENCH_WORKER=$worker \
   GSETTINGS_BACKEND=memory "$build/tests/gui-two-machines" >"$tmp/out" 2>&1; then ok "$desc"; else
  not_ok "$desc"; fi
sed -n 's/^# //p' "$tmp/out" | tail -6 | sed 's/^/# /'

echo "1..$n"
exit $failed
