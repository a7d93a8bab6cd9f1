#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Memory and undefined-behaviour checks, run by hand or in a nightly job (they take minutes):
#
#   tests/sanitize.sh [asan|valgrind|all]      (default all)
#
# asan:     builds build-sanitize with -Db_sanitize=address,undefined and runs the unit, worker,
#           session, data, cli and lifecycle suites with leak detection; any report fails the test.
# valgrind: builds build-valgrind (plain debug) and runs rtbench-cli run, summary --json (of that
#           run and of a traced run with spikes), export, compare, report of two runs, import
#           (cyclictest, oslat, a worker stream), two refused files of 100 000 nested arrays, and
#           rtbench-worker alone, under memcheck; a definite leak or any memory error fails.
#           GLib's one-time allocations are suppressed by tests/valgrind.supp.
set -uo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
status=0

setup() {
  local dir=$1
  shift
  if [[ ! -f $dir/build.ninja ]]; then
    meson setup "$dir" -Dgui=false --werror "$@" >/dev/null || return 1
  fi
  ninja -C "$dir" >/dev/null || { ninja -C "$dir" | tail -20; return 1; }
}

run_asan() {
  echo "== AddressSanitizer + UndefinedBehaviorSanitizer (build-sanitize)"
  setup build-sanitize -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug ||
    return 1
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=1 \
  LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    meson test -C build-sanitize --print-errorlogs --num-processes 2 \
      --suite unit --suite worker --suite session --suite data --suite cli --suite lifecycle
}

memcheck() {
  local name=$1
  shift
  local log=build-valgrind/valgrind-$name.log
  G_SLICE=always-malloc G_DEBUG=gc-friendly \
    valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite \
      --errors-for-leak-kinds=definite --error-exitcode=99 --track-origins=yes \
      --suppressions=tests/valgrind.supp --log-file="$log" "$@" >/dev/null 2>&1
  local rc=$?
  local summary
  summary=$(grep -E "ERROR SUMMARY|definitely lost" "$log" | sed 's/^==[0-9]*== //' | tr '\n' ' ')
  if ((rc == 99 || rc >= 128)); then
    echo "FAIL $name (exit $rc): $summary (see $log)"
    return 1
  fi
  echo "ok   $name (exit $rc): $summary"
}

run_valgrind() {
  echo "== valgrind memcheck (build-valgrind)"
  command -v valgrind >/dev/null || { echo "valgrind is missing: apt install valgrind"; return 1; }
  setup build-valgrind -Dbuildtype=debug || return 1
  local cli=build-valgrind/src/cli/rtbench-cli worker=$PWD/build-valgrind/src/worker/rtbench-worker
  local tmp ok=0
  tmp=$(mktemp -d)
  local policy=(--policy other)
  [[ $EUID -eq 0 ]] && policy=(--policy fifo)
  RTBENCH_WORKER=$worker memcheck cli-run "$cli" run latency --cpus 0 "${policy[@]}" \
    --duration 2s --output "$tmp/run.rtbench" || ok=1
  memcheck cli-summary "$cli" summary "$tmp/run.rtbench" --json || ok=1
  memcheck cli-summary-spikes "$cli" summary tests/data/spikes/culprit.rtbench --json || ok=1
  memcheck cli-export "$cli" export "$tmp/run.rtbench" --csv "$tmp/run.csv" --png "$tmp/run.png" ||
    ok=1
  if "$cli" import --help >/dev/null 2>&1; then
    memcheck cli-import-cyclictest "$cli" import tests/data/import/ct24-h20-q-2t.txt \
      --output "$tmp/ct.rtbench" || ok=1
    memcheck cli-import-oslat "$cli" import tests/data/import/oslat24-c0-1-D5.txt \
      --output "$tmp/oslat.rtbench" || ok=1
    memcheck cli-import-stream "$cli" import tests/data/import/worker-latency-1s.stream \
      --output "$tmp/stream.rtbench" || ok=1
  else
    echo "skip cli-import: rtbench-cli has no import command yet"
  fi
  memcheck cli-compare "$cli" compare "$tmp/run.rtbench" "$tmp/run.rtbench" --csv "$tmp/cmp.csv" ||
    ok=1
  # A second real run (not under memcheck) for the report's comparison of two runs.
  RTBENCH_WORKER=$worker "$cli" run latency --cpus 0 "${policy[@]}" --duration 2s \
    --output "$tmp/run2.rtbench" >/dev/null 2>&1 || ok=1
  memcheck cli-report "$cli" report "$tmp/run.rtbench" "$tmp/run2.rtbench" \
    --output "$tmp/report.pdf" || ok=1
  # Refused with a message (exit 1): 100 000 nested arrays, in a run file and in cyclictest JSON.
  memcheck cli-summary-nested "$cli" summary tests/fuzz/corpus/fuzz-run-file/nested-100k.rtbench ||
    ok=1
  memcheck cli-import-nested "$cli" import tests/fuzz/corpus/fuzz-import/nested-100k-cyclictest.json \
    --output "$tmp/nested.rtbench" || ok=1
  memcheck worker "$worker" latency cpus=0 policy=other interval_us=1000 duration=1s || ok=1
  rm -rf "$tmp"
  return $ok
}

case $what in
  asan) run_asan || status=1 ;;
  valgrind) run_valgrind || status=1 ;;
  all)
    run_asan || status=1
    run_valgrind || status=1 ;;
  *) echo "usage: $0 [asan|valgrind|all]" >&2; exit 2 ;;
esac
((status == 0)) && echo "sanitize: clean" || echo "sanitize: FAILED"
exit $status
