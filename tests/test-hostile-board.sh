#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Boards that would hold their client for ever, played through RTBENCH_SSH by rtb-fake-worker:
# one frozen after STARTED, one that never answers, one streaming samples past its duration, one
# writing stderr without a newline. Each run ends by itself at its duration plus the grace
# period with what arrived saved, a check gives up, and the client's memory stays bounded
# whatever the board writes. The four run at once. TAP.
set -uo pipefail

cli=${RTBENCH_CLI:?}
fake=${RTBENCH_FAKE_WORKER:?}
tmp=$(mktemp -d /tmp/rtbench-hostile-board-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n - $1"; sed 's/^/# /' "$tmp/$2.err" | tail -5; }

for mode in stubborn mute endless babble; do ln -s "$fake" "$tmp/$mode"; done

# NAME MODE COMMAND...: exit status, peak memory of the client (KiB) and seconds into NAME.result
run_case () {
  local name=$1 mode=$2
  shift 2
  RTBENCH_SSH="$tmp/$mode" python3 - "$tmp/$name" "$@" <<'PY' &
import resource, subprocess, sys, time
base, command = sys.argv[1], sys.argv[2:]
start = time.monotonic()
try:
    status = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=open(base + ".out", "w"),
                            stderr=open(base + ".err", "w"), timeout=240).returncode
except subprocess.TimeoutExpired:
    status = "hung"
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
open(base + ".result", "w").write(f"{status} {peak} {time.monotonic() - start:.0f}\n")
PY
}

run_case frozen stubborn "$cli" run latency --remote board --duration 2s --output "$tmp/frozen.rtbench"
run_case mute mute "$cli" check --remote board
run_case endless endless "$cli" run latency --remote board --duration 2s --output "$tmp/endless.rtbench"
run_case babble babble "$cli" run latency --remote board --duration 2s --output "$tmp/babble.rtbench"
wait

result () { read -r status peak seconds < "$tmp/$1.result"; }
samples () {
  "$cli" summary "$1" --json 2>/dev/null |
    python3 -c "import json,sys; print(sum(s['count'] for s in json.load(sys.stdin)['runs'][0]['series']))"
}

result frozen
count=$(samples "$tmp/frozen.rtbench")
desc="a board frozen after STARTED: the run ends by itself ($seconds s for 2 s), says so, keeps what arrived"
if [[ $status == 1 && ${count:-0} -eq 8 ]] && grep -q "board did not end the run within 12 s" "$tmp/frozen.err"; then
  ok "$desc"; else not_ok "$desc (exit $status, ${count:-no} samples)" frozen; fi

result mute
desc="a board that never answers: check --remote gives up ($seconds s) and names it"
if [[ $status != hung && $status != 0 ]] && grep -q "board did not answer in 60 s" "$tmp/mute.err"; then
  ok "$desc"; else not_ok "$desc (exit $status)" mute; fi

result endless
count=$(samples "$tmp/endless.rtbench")
desc="a board streaming past its duration: the run is stopped ($seconds s for 2 s), what arrived kept"
if [[ $status == 1 && ${count:-0} -gt 8 ]] && grep -q "did not end the run" "$tmp/endless.err"; then
  ok "$desc ($count samples)"; else not_ok "$desc (exit $status, ${count:-no} samples)" endless; fi

result babble
desc="a board writing stderr without a newline: the client stays small (peak $((peak / 1024)) MiB) and the run ends"
if [[ $status == 1 && $peak -lt $((256 * 1024)) ]]; then ok "$desc"; else
  not_ok "$desc (exit $status)" babble; fi

echo "1..$n"
exit $failed
