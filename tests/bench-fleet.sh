#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Not a test: what following boards costs this desktop. Boards are played by sshds on
# 127.0.0.1 (tests/remote-boards.sh), each worker in its own UTS namespace; what is counted is
# the CPU time of rtbench-cli and its ssh clients alone (the desktop's side: decrypting and
# decoding the stream, keeping the statistics), not of sshd and the workers (the boards' side).
# A 4-CPU board is played by this machine's 2 CPUs at twice the rate: 4 × 1 kHz is 2 × 2 kHz,
# the same 4000 samples a second. Needs root and openssh-server.
#   tests/bench-fleet.sh [BUILD] [SECONDS]
set -uo pipefail

build=${1:-build}
seconds=${2:-30}
cli=$(realpath "$build/src/cli/rtbench-cli")
worker=$(realpath "$build/src/worker/rtbench-worker")
tmp=$(mktemp -d /tmp/rtbench-bench-fleet-XXXXXX)
source "$(dirname "$0")/remote-boards.sh"
trap 'for pid in "${sshd_pids[@]}"; do kill "$pid" 2>/dev/null; done; rm -rf "$tmp"' EXIT

boards_init
for i in $(seq 8); do start_board "b$i" "rtbench-b$i"; done

# measure LABEL INTERVAL_US BOARDS…: CPU seconds of the CLI and its ssh clients per second of run
measure () {
  local label=$1 interval=$2; shift 2
  local remotes=()
  for b in "$@"; do remotes+=(--remote "$b"); done
  /usr/bin/time --quiet -f "%U %S" -o "$tmp/time" "$cli" run latency "${remotes[@]}" \
    --remote-worker "$worker" --cpus 0-1 --interval-us "$interval" --duration "${seconds}s" \
    --output-dir "$tmp" >"$tmp/out" 2>"$tmp/err"
  local status=$? samples dropped
  if ! ls "$tmp"/*-latency.rtbench >/dev/null 2>&1; then
    echo "$label: exit $status, nothing measured:"; tail -5 "$tmp/err"; return
  fi
  read -r user sys <"$tmp/time"
  read -r samples dropped < <(for b in "$@"; do "$cli" summary "$tmp/$b-latency.rtbench" --json; done |
    python3 -c "import json, sys
runs = [json.loads(d) for d in sys.stdin.read().replace('}\\n{', '}\\x00{').split('\\x00')]
series = [s for r in runs for s in r['runs'][0]['series']]
print(sum(s['count'] for s in series), sum(s.get('dropped', 0) for s in series))")
  python3 -c "
boards, seconds, cpu = $#, $seconds, $user + $sys
print(f'$label: exit $status, {boards} board(s), {$samples} samples ({$samples / seconds / boards:.0f}/s per board), $dropped dropped, '
      f'desktop CPU {100 * cpu / seconds:.2f} % of a core in all, {100 * cpu / seconds / boards:.2f} % per board')"
  rm -f "$tmp"/*-latency.rtbench
}

measure "1 board, 4 CPUs x 1 kHz (2 x 2 kHz)" 500 b1
measure "1 board, 4 CPUs x 10 kHz (2 x 20 kHz)" 50 b1
measure "8 boards at 1 kHz (2 CPUs each)" 1000 b1 b2 b3 b4 b5 b6 b7 b8
