#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Boards that would hold their client for ever, played through RTBENCH_SSH by rtb-fake-worker:
# one frozen after STARTED, one that never answers, one streaming samples past its duration, one
# writing stderr without a newline. Each run ends by itself at its duration plus the grace
# period with what arrived saved, a check gives up, and the client's memory stays bounded
# whatever the board writes. Then boards that send what no worker measures: impossible samples,
# spikes for samples never sent or of another value (each refused, naming the board, with the
# samples before it kept), and a flood of spikes (bounded). Every client runs with its address
# space limited to 2 GiB, so a case that grows without bound fails instead of taking the machine.
# The cases run at once. TAP.
set -uo pipefail

cli=${RTBENCH_CLI:?}
fake=${RTBENCH_FAKE_WORKER:?}
tmp=$(mktemp -d /tmp/rtbench-hostile-board-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n - $1"; sed 's/^/# /' "$tmp/$2.err" | tail -5; }

for mode in stubborn mute endless babble impossible phantom liar flood; do ln -s "$fake" "$tmp/$mode"; done

# NAME MODE COMMAND...: exit status, peak memory of the client (KiB) and seconds into NAME.result
run_case () {
  local name=$1 mode=$2
  shift 2
  RTBENCH_SSH="$tmp/$mode" python3 - "$tmp/$name" "$@" <<'PY' &
import resource, subprocess, sys, time
base, command = sys.argv[1], sys.argv[2:]
start = time.monotonic()
limit = lambda: resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
try:
    status = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=open(base + ".out", "w"),
                            stderr=open(base + ".err", "w"), timeout=240,
                            preexec_fn=limit).returncode
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
for mode in impossible phantom liar flood; do
  run_case "$mode" "$mode" "$cli" run latency --remote board --duration 2s --output "$tmp/$mode.rtbench"
done
# Two boards whose names set the terminal's title and forge a line: each says whether it
# explains spikes ("HOST: Spikes of ..."), then sends a spike that is refused.
mkdir "$tmp/escape"
run_case escape liar "$cli" run latency --remote $'\e]0;pwned\a' --remote $'board/../\nforged' \
  --duration 2s --output-dir "$tmp/escape"
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

# NAME: the run file's sample count, min and max (µs) and its spikes' count and smallest value
figures () {
  "$cli" summary "$tmp/$1.rtbench" --json 2>/dev/null | python3 -c '
import json, sys
s = json.load(sys.stdin)["runs"][0]["series"][0]
spikes = json.load(open(sys.argv[1])).get("spikes", [])
print(s["count"], s["min_us"], s["max_us"], len(spikes),
      min((x["latency_us"] for x in spikes), default="-"))' "$tmp/$1.rtbench"
}

result impossible
read -r count min max n_spikes least <<< "$(figures impossible)"
desc="samples of -1 ns and INT64_MIN: refused naming the board, the 9 before them kept"
if [[ $status == 1 && $count == 9 && $min == 5.0 && $max == 5.4 ]] &&
   grep -q "board sent a sample no worker measures: -1 ns" "$tmp/impossible.err"; then
  ok "$desc"; else not_ok "$desc (exit $status, $count samples, min $min, max $max)" impossible; fi

result phantom
read -r count min max n_spikes least <<< "$(figures phantom)"
desc="a spike for a sample never sent: refused naming the board, the samples kept"
if [[ $status == 1 && $count == 8 && $n_spikes == 0 ]] &&
   grep -q "board sent a spike for sample 100 of CPU0, which it never sent" "$tmp/phantom.err"; then
  ok "$desc"; else not_ok "$desc (exit $status, $count samples, $n_spikes spikes)" phantom; fi

result liar
read -r count min max n_spikes least <<< "$(figures liar)"
desc="a spike of 8646 µs for a sample of 5.3 µs: refused naming the board, the samples kept"
if [[ $status == 1 && $count == 8 && $max == 5.3 && $n_spikes == 0 ]] &&
   grep -q "board sent a spike of 8646.0 µs for sample 3 of CPU0, which was 5.3 µs" "$tmp/liar.err"; then
  ok "$desc"; else not_ok "$desc (exit $status, $count samples, $n_spikes spikes)" liar; fi

result flood
read -r count min max n_spikes least <<< "$(figures flood)"
size=$(stat -c %s "$tmp/flood.rtbench" 2>/dev/null || echo 0)
# 3000 spikes of 20-3019 µs, each value once: the 1000 largest are 2020-3019 µs.
desc="a flood of 3000 spikes with 128 KiB traces: the 1000 largest kept, the rest counted"
desc+=" (peak $((peak / 1024)) MiB, file $((size / 1024)) KiB, $seconds s)"
if [[ $status == 0 && $count == 3008 && $n_spikes == 1000 && $least == 2020.0 &&
      $peak -lt $((512 * 1024)) && $size -lt $((16 * 1024 * 1024)) ]] &&
   grep -q "2000 smaller spikes were not kept" "$tmp/flood.out"; then
  ok "$desc"; else not_ok "$desc (exit $status, $count samples, $n_spikes spikes from $least µs)" flood; fi

result escape
files=$(cd "$tmp/escape" && ls | tr '\n' ' ')
desc="hosts holding escapes: escaped in the \"HOST: Spikes of\" lines, file names of safe characters ($files)"
if [[ $status != 0 && $status != hung ]] && ! grep -q $'\e' "$tmp/escape.out" "$tmp/escape.err" &&
   grep -qF '\x1b]0;pwned\x07: Spikes of 5.0 µs or more' "$tmp/escape.out" &&
   grep -qF 'board/../\x0aforged: Spikes of 5.0 µs or more' "$tmp/escape.out" &&
   [[ $files == "0-pwned-latency.rtbench board-..-forged-latency.rtbench " ]]; then
  ok "$desc"; else not_ok "$desc (exit $status)" escape; fi

echo "1..$n"
exit $failed
