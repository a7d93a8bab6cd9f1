#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Limits for CI on summary and run: for each gate a limit that holds (exit 0, JUnit without a
# failure) and one that does not (exit 3, the figure named in the message and in the JUnit
# failure), every JUnit file validated with xmllint against tests/data/junit.xsd, TAP, and the
# exit statuses kept apart from errors. The figures are recomputed from summary --json. TAP.
set -uo pipefail

cli=${RTBENCH_CLI:?}
src=${RTBENCH_SOURCE_ROOT:?}
xsd=$src/tests/data/junit.xsd

n=0
failed=0
tmp=$(mktemp -d /tmp/rtbench-gates-XXXXXX)
trap 'rm -rf "$tmp"' EXIT

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n - $1"; sed 's/^/# /' "$tmp/out" "$tmp/err" 2>/dev/null | tail -n 30; }

if ! command -v xmllint >/dev/null; then
  echo "1..0 # SKIP xmllint missing (apt install libxml2-utils)"
  exit 0
fi

# summary ARGS…: exit status in $status, stdout in $tmp/out, stderr in $tmp/err
summary () { "$cli" summary "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }
valid () { xmllint --noout --schema "$xsd" "$1" >"$tmp/xmllint" 2>&1; }
failures () { grep -c '<failure' "$1"; }

"$cli" run latency --cpus 0 --policy other --duration 1s --label gated --output "$tmp/a.rtbench" \
  >"$tmp/out" 2>"$tmp/err" || { echo "Bail out! could not measure"; exit 1; }
"$cli" summary "$tmp/a.rtbench" --json >"$tmp/a.json"
fig () { python3 -c "import json; s=json.load(open('$tmp/a.json'))['runs'][0]['series'][0]; print($1)"; }

# check NAME EXPECTED-STATUS JUNIT-FAILURES WORDS…: the last summary's status, its JUnit file
# valid with that many failures, and each word in its report
check () {
  local name=$1 want=$2 want_failures=$3; shift 3
  local why=""
  [[ $status -eq $want ]] || why="exit $status, not $want"
  valid "$tmp/junit.xml" || why="$why; JUnit invalid: $(head -3 "$tmp/xmllint")"
  [[ $(failures "$tmp/junit.xml") -eq $want_failures ]] || why="$why; $(failures "$tmp/junit.xml") failures in JUnit"
  for word in "$@"; do
    grep -qF -- "$word" "$tmp/out" "$tmp/junit.xml" || why="$why; no \"$word\""
  done
  if [[ -z $why ]]; then ok "$name"; else not_ok "$name ($why)"; fi
}
# judge NAME EXPECTED-STATUS JUNIT-FAILURES SUMMARY-ARGUMENTS… [-- WORDS…]: summary of those
# arguments with a JUnit report, then check
judge () {
  local name=$1 want=$2 want_failures=$3 args=(); shift 3
  while (($#)) && [[ $1 != -- ]]; do args+=("$1"); shift; done
  (($#)) && shift
  summary "${args[@]}" --junit "$tmp/junit.xml"
  check "$name" "$want" "$want_failures" "$@"
}

# Each gate on a figure: it holds at 1000000 µs; at 0 it fails, naming the figure and its value,
# in a JUnit failure of its own type.
for gate in "fail-above max_us max" "fail-p99-above p99_us p99" "fail-p90-above p90_us p90" \
            "fail-p9999-above p9999_us p99.99"; do
  read -r option key figure <<<"$gate"
  value=$(fig "'%.3f' % s['$key']")
  judge "--$option holds: exit 0, JUnit without failure" 0 0 "$tmp/a.rtbench" --"$option" 1000000 \
    -- 'tests="1"'
  judge "--$option 0 fails: exit 3, $figure named" 3 1 "$tmp/a.rtbench" --"$option" 0 -- \
    "LIMIT FAILED" "$figure $value µs is above --$option 0" "type=\"$option\""
done

# cyclictest without a histogram: its max is known, its percentiles are not. A limit on an
# unknown figure fails, saying why, instead of passing in silence.
status_lines=$src/tests/data/import/ct24-q-2t.txt
judge "--fail-above holds on a file without histogram" 0 0 "$status_lines" --fail-above 1000000 \
  -- 'tests="2"'
judge "--fail-p99-above fails where p99 is unknown" 3 2 "$status_lines" --fail-p99-above 1000000 \
  -- "p99 is unknown in this run" "--fail-p99-above 1000000 µs cannot be judged"
judge "--fail-p9999-above holds: of 200 samples p99.99 is the max, which is known" 0 0 \
  "$status_lines" --fail-p9999-above 1000000
judge "--fail-overflows fails where overflows are unknown" 3 2 "$status_lines" \
  --fail-overflows 1000 -- "overflows are unknown in this run"
# Without a histogram there are no overflows to count: unknown (null), not every sample.
if "$cli" summary "$status_lines" --json 2>/dev/null | python3 -c "
import json, sys
series = json.load(sys.stdin)['runs'][0]['series']
assert [s['overflows'] for s in series] == [None, None], series
assert [s['cyclictest']['overflows'] for s in series] == [None, None], series
assert [s['count'] for s in series] == [200, 149], series"; then
  ok "summary --json: overflows null without a histogram"
else
  not_ok "summary --json: overflows null without a histogram"
fi

# Overflows: a 1 µs histogram keeps almost every wake-up past its end.
"$cli" run latency --cpus 0 --policy other --duration 1s --histogram-us 1 --output "$tmp/o.rtbench" \
  >/dev/null 2>&1
overflows=$("$cli" summary "$tmp/o.rtbench" --json | python3 -c "import json,sys; print(json.load(sys.stdin)['runs'][0]['series'][0]['overflows'])")
judge "--fail-overflows at the count holds" 0 0 "$tmp/o.rtbench" --fail-overflows "$overflows"
judge "--fail-overflows 0 fails with $overflows overflows" 3 1 "$tmp/o.rtbench" --fail-overflows 0 \
  -- "$overflows overflows are more than --fail-overflows 0"

# Dropped samples: none here, so a file that says 7 were lost.
python3 - "$tmp/a.rtbench" "$tmp/d.rtbench" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
assert 'dropped' in run['series'][0]
run['series'][0]['dropped'] = 7
json.dump(run, open(sys.argv[2], 'w'))
PY
judge "--fail-dropped 0 holds without drops" 0 0 "$tmp/a.rtbench" --fail-dropped 0
judge "--fail-dropped 6 fails with 7 dropped" 3 1 "$tmp/d.rtbench" --fail-dropped 6 \
  -- "7 dropped samples are more than --fail-dropped 6"

# A baseline: one thread at 10 µs, the run at 20 µs (cyclictest histograms, imported)
histogram () { # VALUE_US
  echo "# Histogram"
  for b in $(seq 0 29); do printf '%06d %06d\n' "$b" $(( b == $1 ? 100 : 0 )); done
  printf '# Total: %09d\n# Min Latencies: %05d\n# Avg Latencies: %05d\n# Max Latencies: %05d\n' 100 "$1" "$1" "$1"
  echo "# Histogram Overflows: 00000"
}
histogram 10 >"$tmp/base.txt"
histogram 20 >"$tmp/slow.txt"
"$cli" import "$tmp/base.txt" --cpus 0 --label base --output "$tmp/base.rtbench" >/dev/null 2>&1
"$cli" import "$tmp/slow.txt" --cpus 0 --label slow --output "$tmp/slow.rtbench" >/dev/null 2>&1
judge "--fail-worse 150 holds for figures 100 % worse" 0 0 "$tmp/slow.rtbench" \
  --baseline "$tmp/base.rtbench" --fail-worse 150
# min, avg, max, p50, p90, p99, p99.9 and p99.99 are twice the baseline's; the standard
# deviations are 0
judge "--fail-worse 50 fails for figures 100 % worse, naming each" 3 8 "$tmp/slow.rtbench" \
  --baseline "$tmp/base.rtbench" --fail-worse 50 -- \
  "max 20.000 µs is 100.0 % worse than the baseline's 10.000 µs (--fail-worse 50)" \
  "avg 20.000 µs is 100.0 %" "p90 20.000 µs" "p99.9 20.000 µs" "p99.99 20.000 µs" \
  'type="fail-worse"'
judge "a run is never worse than itself" 0 0 "$tmp/base.rtbench" --baseline "$tmp/base.rtbench" \
  --fail-worse 0

# TAP: stdout carries TAP alone, one line per series, the tables on stderr
summary "$tmp/base.rtbench" "$tmp/o.rtbench" --fail-overflows 0 --tap
tap_ok=$(grep -c '^ok ' "$tmp/out"); tap_not=$(grep -c '^not ok ' "$tmp/out")
if [[ $status -eq 3 && $(sed -n 2p "$tmp/out") == "1..2" && $tap_ok -eq 1 && $tap_not -eq 1 ]] &&
   ! grep -qv -e '^TAP version 13$' -e '^1\.\.2$' -e '^ok ' -e '^not ok ' -e '^# ' "$tmp/out" &&
   grep -q "CPU0" "$tmp/err"; then
  ok "--tap: two cases, the one with overflows not ok, nothing else on stdout"
else
  not_ok "--tap (exit $status, $tap_ok ok, $tap_not not ok)"
fi

# osnoise's figures, on rtla osnoise top's own table (CPU0: Max Single 37380, % CPU Aval
# 7.73397, HW 514; CPU1: 16255, 13.21899, 1987): each limit holds at the worse CPU's value and
# fails, naming the CPU's value, one step past it; a percent is a floor.
top=$src/tests/data/import/rtla61real-osnoise-top-q-d5.txt
judge "osnoise's limits hold at the worst CPU's values" 0 0 "$top" \
  --fail-single-noise-above 37380 --fail-hw-noise 1987 --fail-cpu-available-below 7.73397 \
  -- 'tests="2"'
judge "--fail-single-noise-above fails on CPU0 alone" 3 1 "$top" --fail-single-noise-above 16255 \
  -- "CPU0: max single noise 37380.000 µs is above --fail-single-noise-above 16255 µs" \
  'type="fail-single-noise-above"'
judge "--fail-hw-noise 0 fails on the first hardware noise, on both CPUs" 3 2 "$top" \
  --fail-hw-noise 0 -- "CPU0: 514 hardware noises are more than --fail-hw-noise 0" \
  "CPU1: 1987 hardware noises are more than --fail-hw-noise 0" 'type="fail-hw-noise"'
judge "--fail-cpu-available-below is a floor: CPU0 fails 0.00001 % under it" 3 1 "$top" \
  --fail-cpu-available-below 7.73398 -- \
  "CPU0: CPU available 7.73397 % is below --fail-cpu-available-below 7.73398 %" \
  'type="fail-cpu-available-below"'
judge "--fail-hw-noise on a latency run fails: it has no noise sources" 3 1 "$tmp/a.rtbench" \
  --fail-hw-noise 0 -- "runs of the latency method have no HW noises: --fail-hw-noise cannot be judged"
summary "$top" --fail-cpu-available-below 100.5
s1=$status
if [[ $s1 -eq 2 ]] && grep -qF -- '--fail-cpu-available-below "100.5" is more than 100 %' "$tmp/err"; then
  ok "--fail-cpu-available-below above 100 % is a wrong option (exit 2)"
else
  not_ok "--fail-cpu-available-below 100.5 (exit $s1)"
fi

# hwlat's, on the tracer's own trace (CPU0: 331 gaps above the threshold, max 44080 µs; CPU1:
# 371, 28195): the gaps a count per CPU on its latency series, its inner and outer series judged
# there; unknown without count: (a kernel before 5.14); the max is --fail-above's.
hwlat=$src/tests/data/import/hwlat61real-w100ms-W200ms-d5.txt
summary "$hwlat" --fail-hwlat-gaps 371 --fail-above 44080 --junit "$tmp/junit.xml"
check "hwlat's limits hold at the worst CPU's values" 0 0 'tests="6"'
summary "$hwlat" --fail-hwlat-gaps 331 --junit "$tmp/junit.xml"
check "--fail-hwlat-gaps fails on CPU1 alone" 3 1 \
  "CPU1: 371 gaps above the threshold are more than --fail-hwlat-gaps 331" 'type="fail-hwlat-gaps"'
summary "$hwlat" --fail-hwlat-gaps 0 --junit "$tmp/junit.xml"
check "--fail-hwlat-gaps 0: any gap above the threshold fails, on both CPUs" 3 2 \
  "CPU0: 331 gaps above the threshold are more than --fail-hwlat-gaps 0"
summary "$hwlat" --fail-above 28195 --junit "$tmp/junit.xml"
check "--fail-above on hwlat: a CPU's worst window fails (CPU0, and its outer series that holds it)" 3 2 \
  "CPU0: max 44080.000 µs is above --fail-above 28195"
sed 's/ count:[0-9]*//' "$hwlat" >"$tmp/hwlat-5.13.txt"
summary "$tmp/hwlat-5.13.txt" --fail-hwlat-gaps 0 --junit "$tmp/junit.xml"
check "--fail-hwlat-gaps on a trace without count: fails once per CPU: cannot be judged" 3 2 \
  "gaps above the threshold are unknown in this run"
# 583 samples the kernel overwrote on CPU1, dropped on each of its three series (the same windows).
summary "$src/tests/data/import/hwlat61real-w1ms-W2ms-t1-cpu1-4k-d10.txt" --fail-dropped 0 \
  --junit "$tmp/junit.xml"
check "--fail-dropped on hwlat: a CPU's lost samples fail once, not once per inner and outer" 3 1 \
  "CPU1: 583 dropped samples are more than --fail-dropped 0"
summary "$tmp/a.rtbench" --fail-hwlat-gaps 0 --junit "$tmp/junit.xml"
check "--fail-hwlat-gaps on a latency run fails: it has no gaps" 3 1 \
  "runs of the latency method have no gaps > threshold: --fail-hwlat-gaps cannot be judged"

# Errors keep their own statuses: 1 for a file that cannot be read, 2 for a wrong option
summary "$tmp/missing.rtbench" --fail-above 0
s1=$status
summary "$tmp/a.rtbench" --fail-above fast
s2=$status
summary "$tmp/a.rtbench" --baseline "$tmp/base.rtbench"
s3=$status
if [[ $s1 -eq 1 && $s2 -eq 2 && $s3 -eq 2 ]] && grep -q -- '--fail-worse' "$tmp/err"; then
  ok "a missing file exits 1, a wrong limit 2, --baseline without --fail-worse 2"
else
  not_ok "error statuses ($s1 $s2 $s3)"
fi

# run takes the same limits: a short run that fails one, with its JUnit report
"$cli" run latency --cpus 0 --policy other --duration 1s --fail-above 0 --junit "$tmp/junit.xml" \
  >"$tmp/out" 2>"$tmp/err"
status=$?
check "run --fail-above 0: exit 3 after measuring, JUnit failure for CPU0" 3 1 'name="CPU0"' \
  "LIMIT FAILED"

echo "1..$n"
exit $failed
