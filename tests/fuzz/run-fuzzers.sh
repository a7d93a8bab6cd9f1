#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each one: first over its
# regression inputs, then for SECONDS of fuzzing from its seed corpus. Prints TAP.
#
#   tests/fuzz/run-fuzzers.sh [SECONDS] [TARGET...]      (default 20 s, every target)
#
# RTBENCH_FUZZ_DIR: the build and work directory (default $RTBENCH_BUILD_ROOT/fuzz, else
# ./build-fuzz). RTBENCH_FUZZ_MAX_LEN: the largest input tried (default 256 KiB, so that the
# seeds of 100 000 nested arrays fit). The seed corpora in tests/fuzz/corpus are read, never written: new inputs go
# to $RTBENCH_FUZZ_DIR/corpus, crashes to $RTBENCH_FUZZ_DIR/artifacts.
set -uo pipefail

seconds=${1:-20}
shift || true
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
out=${RTBENCH_FUZZ_DIR:-${RTBENCH_BUILD_ROOT:+$RTBENCH_BUILD_ROOT/fuzz}}
out=${out:-$PWD/build-fuzz}
all_targets=(fuzz-decoder fuzz-command fuzz-run-file fuzz-import)
targets=("$@")
((${#targets[@]})) || targets=("${all_targets[@]}")

echo "1..${#targets[@]}"

skip_all() {
  local n=0
  for t in "${targets[@]}"; do
    n=$((n + 1))
    echo "ok $n $t # SKIP $1"
  done
  exit 0
}

cc=$(command -v clang || command -v clang-14 || true)
[[ -n $cc ]] || skip_all "clang missing"
mkdir -p "$out/obj" "$out/artifacts" "$out/corpus" || exit 1
if ! echo 'int LLVMFuzzerTestOneInput(const char *d, long n) { return 0; }' |
    "$cc" -x c -fsanitize=fuzzer,address,undefined -o "$out/probe" - 2>/dev/null; then
  skip_all "clang cannot link -fsanitize=fuzzer (install libclang-rt-14-dev)"
fi
client_flags=$(pkg-config --cflags glib-2.0 gio-2.0 gio-unix-2.0 json-glib-1.0 2>/dev/null) ||
  skip_all "GLib or json-glib development files missing"
client_libs=$(pkg-config --libs glib-2.0 gio-2.0 gio-unix-2.0 json-glib-1.0)

cat > "$out/config.h.new" <<CONF
#pragma once
#define PACKAGE_VERSION "fuzz"
#define APP_ID "io.github.rtbench.RtBench"
#define GETTEXT_PACKAGE "rtbench"
#define LOCALEDIR "/usr/share/locale"
#define RTB_WORKER_PATH "/nonexistent/rtbench-worker"
CONF
cmp -s "$out/config.h.new" "$out/config.h" || mv "$out/config.h.new" "$out/config.h"
# The messages the checklist has, as meson writes them (src/client/meson.build).
xgettext=$(command -v xgettext) || skip_all "xgettext missing (install gettext)"
python3 "$src/scripts/checklist-msgids.py" "$xgettext" "$out/rtb-checklist-msgids.h.new" \
  "$src"/src/client/rtb-checklist*.c || exit 1
cmp -s "$out/rtb-checklist-msgids.h.new" "$out/rtb-checklist-msgids.h" ||
  mv "$out/rtb-checklist-msgids.h.new" "$out/rtb-checklist-msgids.h"

cflags=(-g -O1 -std=gnu17 -D_GNU_SOURCE -fno-omit-frame-pointer
  -fsanitize=address,undefined -fno-sanitize-recover=undefined
  -DGLIB_VERSION_MIN_REQUIRED=GLIB_VERSION_2_74 -DGLIB_VERSION_MAX_ALLOWED=GLIB_VERSION_2_74
  -I"$out" -I"$src/src/common" -I"$src/src/client")
headers_stamp=$(find "$src/src/common" "$src/src/client" "$out/config.h" \
  "$out/rtb-checklist-msgids.h" -name '*.h' \
  -newer "$out/stamp" 2>/dev/null | head -1)
[[ -e $out/stamp ]] || headers_stamp=all

# Compiles $1 (a source) into an object, in the background (one job per CPU), once, and again
# when it or any header changed. A failed compile leaves $out/failed.
compile() {
  local source=$1 object=$out/obj/$(basename "${1%.c}").o
  shift
  objects+=("$object")
  if [[ -n $headers_stamp || ! -e $object || $source -nt $object ]]; then
    while (($(jobs -rp | wc -l) >= $(nproc))); do
      wait -n
    done
    { "$cc" "${cflags[@]}" "$@" -c "$source" -o "$object" 2>>"$build_log" ||
        touch "$out/failed"; } &
  fi
}

build_log=$out/build.log
: > "$build_log"
rm -f "$out/failed"
objects=()
for f in "$src"/src/common/*.c; do
  compile "$f" -fsanitize=fuzzer-no-link
done
common_objs=("${objects[@]}")
objects=()
# The whole client library, as meson builds it (src/client/meson.build): a hand-kept list of its
# files fell behind each time a run-file or import path called into a new file. Nothing that
# spawns a process runs here: the targets call the run model and the importers only.
for f in "$src"/src/client/*.c; do
  [[ -e $f ]] || continue
  # shellcheck disable=SC2086
  compile "$f" -fsanitize=fuzzer-no-link -DG_LOG_DOMAIN='"rtbench-client"' $client_flags
done
client_objs=("${objects[@]}")
wait
ok_build=true
[[ -e $out/failed ]] && ok_build=false
$ok_build && touch "$out/stamp"

link() {
  local name=$1
  shift
  # shellcheck disable=SC2086
  "$cc" "${cflags[@]}" -fsanitize=fuzzer "$@" -o "$out/$name" >>"$build_log" 2>&1
}

n=0
failed=0
for t in "${targets[@]}"; do
  n=$((n + 1))
  case $t in
    fuzz-decoder | fuzz-command)
      built=$($ok_build && link "$t" "$here/$t.c" "${common_objs[@]}" -lm && echo yes) ;;
    fuzz-run-file | fuzz-import)
      # shellcheck disable=SC2086
      built=$($ok_build && link "$t" $client_flags "$here/$t.c" "${client_objs[@]}" \
              "${common_objs[@]}" $client_libs -lm && echo yes) ;;
    *)
      echo "not ok $n $t # unknown target"
      failed=$((failed + 1))
      continue ;;
  esac
  if [[ $built != yes ]]; then
    sed 's/^/# /' "$build_log" | tail -30
    echo "not ok $n $t # build failed (see $build_log)"
    failed=$((failed + 1))
    continue
  fi

  log=$out/$t.log
  regressions=()
  if [[ -d $here/regressions/$t ]]; then
    mapfile -t regressions < <(find "$here/regressions/$t" -type f | sort)
  fi
  if ((${#regressions[@]})) &&
     ! ASAN_OPTIONS=detect_leaks=1 "$out/$t" -runs=1 "${regressions[@]}" >"$log" 2>&1; then
    sed 's/^/# /' "$log" | tail -40
    echo "not ok $n $t # a regression input fails"
    failed=$((failed + 1))
    continue
  fi

  work=$out/corpus/$t
  mkdir -p "$work"
  seeds=()
  [[ -d $here/corpus/$t ]] && seeds=("$here/corpus/$t")
  if ASAN_OPTIONS=detect_leaks=1 "$out/$t" -max_total_time="$seconds" -timeout=10 \
       -rss_limit_mb=2048 -max_len="${RTBENCH_FUZZ_MAX_LEN:-262144}" -print_final_stats=1 \
       -artifact_prefix="$out/artifacts/$t-" "$work" "${seeds[@]}" >>"$log" 2>&1; then
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    echo "ok $n $t # ${execs:-?} runs, ${cov:-cov: ?}, ${#regressions[@]} regressions replayed"
  else
    sed 's/^/# /' "$log" | tail -40
    echo "not ok $n $t # crash, leak or timeout: see $out/artifacts"
    failed=$((failed + 1))
  fi
done
exit $((failed > 0))
