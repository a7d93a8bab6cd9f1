#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The privileged worker is built hardened (see the top meson.build): its relocations are bound
# and made read-only before main (BIND_NOW, a GNU_RELRO segment), its functions with stack
# arrays carry canaries (__stack_chk_fail imported) and glibc checks its string and memory calls
# (some __*_chk imported; not in an unoptimised build, where _FORTIFY_SOURCE does nothing).
# Checks the binaries given, or $RTBENCH_WORKER. TAP.
set -uo pipefail

n=0
failed=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n - $1"; }
check () { if eval "$2"; then ok "$1"; else not_ok "$1"; fi; }

if ! command -v readelf >/dev/null; then
  echo "1..0 # SKIP readelf missing (apt install binutils)"
  exit 0
fi
(($# > 0)) || set -- "${RTBENCH_WORKER:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for binary in "$@"; do
  name=$(basename "$binary")
  readelf -dW "$binary" >"$tmp/dynamic" || { not_ok "$name: readelf -d"; continue; }
  readelf -lW "$binary" >"$tmp/segments"
  readelf --dyn-syms -W "$binary" | awk '$7 == "UND" { sub(/@.*/, "", $8); print $8 }' \
    >"$tmp/imports"
  check "$name: bound now (BIND_NOW)" \
    "grep -Eq '\\(FLAGS\\).*BIND_NOW|\\(FLAGS_1\\).*[[:space:]]NOW' '$tmp/dynamic'"
  check "$name: read-only relocations (GNU_RELRO)" "grep -q GNU_RELRO '$tmp/segments'"
  check "$name: stack canaries (__stack_chk_fail)" "grep -qx __stack_chk_fail '$tmp/imports'"
  if [[ ${RTBENCH_FORTIFY:-true} == true ]]; then
    chk=$(grep -E '^__[a-z0-9_]+_chk$' "$tmp/imports" | paste -sd ' ')
    check "$name: checked libc calls (${chk:-no __*_chk})" "[[ -n '$chk' ]]"
  else
    n=$((n + 1))
    echo "ok $n - $name: checked libc calls # SKIP unoptimised build: _FORTIFY_SOURCE is off"
  fi
done
echo "1..$n"
exit $failed
