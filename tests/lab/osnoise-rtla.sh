#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# rtbench's osnoise method, with and without its durations, side by side with Debian's
# rtla osnoise top on a lab board, in turns.
#
#   tests/lab/osnoise-rtla.sh OUTDIR [ROUNDS] [DURATION_S] [PERIOD_US] [RUNTIME_US] [THRESHOLD_US]
#
# Each round runs `rtla osnoise top -q`, `rtbench-cli run osnoise --durations no` and
# `--durations yes` on both CPUs of the board with the same period, runtime and threshold
# (defaults: 3 rounds of 20 s, 200000 µs periods of 150000 µs, a 2 µs threshold), the three in
# an order that turns each round (rtla first, then rtbench without, then with; the next round
# starts one later). rtla's table is imported (`rtbench-cli import`), and for each round and CPU
# the periods, the HW, IRQ, softirq and thread counts and the max single noise of the three are
# printed with the ratios of rtbench's to rtla's. Needs the lab up with the board (RTBENCH_LAB_DIR
# as for lab.sh) and the build's CLI.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
lab=$repo/tests/lab/lab.sh
cli=${RTBENCH_CLI:-$repo/build/src/cli/rtbench-cli}
board=${RTBENCH_BOARD:-board-rt}
out=${1:?usage: osnoise-rtla.sh OUTDIR [ROUNDS] [DURATION_S] [PERIOD_US] [RUNTIME_US] [THRESHOLD_US]}
rounds=${2:-3}
duration=${3:-20}
period=${4:-200000}
runtime=${5:-150000}
threshold=${6:-2}
mkdir -p "$out"
eval "$("$lab" env)"
export RTBENCH_SSH

measure () { # TOOL ROUND
  local base=$out/$1-$2
  case $1 in
    rtla)
      "$lab" ssh "$board" rtla osnoise top -q -d "${duration}s" -p "$period" -r "$runtime" \
        -T "$threshold" -c 0-1 >"$base.txt"
      "$cli" import "$base.txt" --output "$base.rtbench" >/dev/null 2>&1 ;;
    durations-*)
      "$cli" run osnoise --remote "$board" --cpus 0-1 --duration "${duration}s" \
        --period-us "$period" --runtime-us "$runtime" --threshold-us "$threshold" \
        --durations "${1#durations-}" --output "$base.rtbench" >"$base.txt" 2>&1 ;;
  esac
}

tools=(rtla durations-no durations-yes)
for ((round = 1; round <= rounds; round++)); do
  for ((i = 0; i < ${#tools[@]}; i++)); do
    tool=${tools[(i + round - 1) % ${#tools[@]}]}
    echo "round $round: $tool" >&2
    measure "$tool" "$round"
  done
done

python3 - "$out" "$rounds" <<'PY'
import json, sys

out, rounds = sys.argv[1], int(sys.argv[2])
keys = [('periods', 'periods'), ('HW', 'hw'), ('IRQ', 'irq'), ('softirq', 'softirq'),
        ('thread', 'thread'), ('max single', 'max_single_us')]

# Each CPU's rtla osnoise top totals as the run file keeps them (series[].osnoise).
def totals(tool, round_):
    with open(f'{out}/{tool}-{round_}.rtbench') as f:
        return {s['name']: s.get('osnoise') or {} for s in json.load(f)['series']}

def ratio(a, b):
    return '-' if a is None or not b else f'{a / b:.2f}'

def text(v):
    return '-' if v is None else f'{v}'

print(f"{'round':<6}{'CPU':<6}{'figure':<12}{'rtla':>9}{'no':>9}{'yes':>9}"
      f"{'no/rtla':>9}{'yes/rtla':>9}")
for r in range(1, rounds + 1):
    rtla, no, yes = (totals(t, r) for t in ('rtla', 'durations-no', 'durations-yes'))
    for cpu in sorted(rtla):
        for name, key in keys:
            a, b, c = (t.get(cpu, {}).get(key) for t in (rtla, no, yes))
            print(f'{r:<6}{cpu:<6}{name:<12}{text(a):>9}{text(b):>9}{text(c):>9}'
                  f'{ratio(b, a):>9}{ratio(c, a):>9}')
PY
