#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installation, twice: `meson install --destdir` of this build must lay out every file where the
# desktop looks for it; and a second build configured with a temporary prefix, installed there for
# real, must find its worker at the path the polkit policy names, measure with it, and start its
# window when a display is there.
set -uo pipefail

src=${RTBENCH_SOURCE_ROOT:?}
build=${RTBENCH_BUILD_ROOT:?}
app_id=${RTBENCH_APP_ID:?}
prefix=${RTBENCH_PREFIX:?}
bindir=${RTBENCH_BINDIR:?}
libexecdir=${RTBENCH_LIBEXECDIR:?}
datadir=${RTBENCH_DATADIR:?}
mandir=${RTBENCH_MANDIR:?}
localedir=${RTBENCH_LOCALEDIR:?}
gui=${RTBENCH_GUI:-true}

n=0
failed=0
tmp=$(mktemp -d /tmp/rtbench-install-XXXXXX)
gui_pid=
cleanup () {
  [[ -n $gui_pid ]] && kill "$gui_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n - $1"; [[ -f $tmp/out ]] && tail -n 30 "$tmp/out" | sed 's/^/# /'; }
skip () { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }
abs () { [[ $1 == /* ]] && echo "$1" || echo "$prefix/$1"; }

# The layout a desktop expects, relative to a prefix.
expected_files () {
  local bin libexec data locale man
  bin=$(abs "$bindir"); libexec=$(abs "$libexecdir"); data=$(abs "$datadir"); locale=$(abs "$localedir")
  man=$(abs "$mandir")
  echo "$bin/rtbench-cli"
  echo "$libexec/rtbench/rtbench-worker"
  echo "$man/man1/rtbench-cli.1"
  echo "$man/man8/rtbench-worker.8"
  echo "$data/polkit-1/actions/io.github.rtbench.RtBench.policy"
  echo "$data/mime/packages/io.github.rtbench.RtBench.xml"
  while read -r lang; do
    [[ -z $lang || $lang == \#* ]] && continue
    echo "$locale/$lang/LC_MESSAGES/rtbench.mo"
  done <"$src/po/LINGUAS"
  if [[ $gui == true ]]; then
    echo "$bin/rtbench"
    echo "$man/man1/rtbench.1"
    echo "$data/applications/$app_id.desktop"
    echo "$data/metainfo/$app_id.metainfo.xml"
    echo "$data/icons/hicolor/scalable/apps/$app_id.svg"
    echo "$data/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
    echo "$data/glib-2.0/schemas/io.github.rtbench.RtBench.gschema.xml"
    for page in "$src"/help/C/*.page; do
      echo "$data/help/C/rtbench/$(basename "$page")"
      while read -r lang; do
        [[ -z $lang || $lang == \#* ]] && continue
        echo "$data/help/$lang/rtbench/$(basename "$page")"
      done <"$src/help/LINGUAS"
    done
  fi
}

policy_exec_path () {
  sed -n 's:.*<annotate key="org.freedesktop.policykit.exec.path">\(.*\)</annotate>.*:\1:p' "$1"
}

# 1. DESTDIR install of this build.
dest=$tmp/dest
if meson install -C "$build" --no-rebuild --destdir "$dest" >"$tmp/out" 2>&1; then
  ok "meson install --destdir"
else
  not_ok "meson install --destdir"
fi
missing=0
: >"$tmp/missing"
while read -r f; do
  [[ -e $dest$f ]] || { echo "missing: $f" >>"$tmp/missing"; missing=1; }
done < <(expected_files)
cp "$tmp/missing" "$tmp/out"
if ((missing == 0)); then ok "every expected file is installed under DESTDIR"; else not_ok "every expected file is installed under DESTDIR"; fi

worker=$(abs "$libexecdir")/rtbench/rtbench-worker
exec_path=$(policy_exec_path "$dest$(abs "$datadir")/polkit-1/actions/io.github.rtbench.RtBench.policy")
echo "exec.path '$exec_path', installed worker '$worker'" >"$tmp/out"
if [[ $exec_path == "$worker" && -x $dest$worker ]]; then
  ok "the policy's exec.path is the installed worker"
else
  not_ok "the policy's exec.path is the installed worker"
fi

# 2. A real install into a temporary prefix, and the installed programs run from there.
real=$tmp/prefix
opts=(--prefix="$real" -Dtests=false -Dgui="$gui" -Ddevelopment="${RTBENCH_DEVELOPMENT:-false}"
      --buildtype=debugoptimized)
if meson setup "$tmp/build" "$src" "${opts[@]}" >"$tmp/out" 2>&1 \
   && meson compile -C "$tmp/build" >>"$tmp/out" 2>&1 \
   && meson install -C "$tmp/build" >>"$tmp/out" 2>&1; then
  ok "build and install into $real"
else
  not_ok "build and install into $real"
  echo "1..$n"
  exit 1
fi
prefix=$real
missing=0
: >"$tmp/missing"
while read -r f; do
  [[ -e $f ]] || { echo "missing: $f" >>"$tmp/missing"; missing=1; }
done < <(expected_files)
cp "$tmp/missing" "$tmp/out"
if ((missing == 0)); then ok "every expected file is installed under the prefix"; else not_ok "every expected file is installed under the prefix"; fi

worker=$(abs "$libexecdir")/rtbench/rtbench-worker
exec_path=$(policy_exec_path "$(abs "$datadir")/polkit-1/actions/io.github.rtbench.RtBench.policy")
echo "exec.path '$exec_path', installed worker '$worker'" >"$tmp/out"
if [[ $exec_path == "$worker" && -x $worker ]]; then
  ok "the prefix policy's exec.path is the installed worker"
else
  not_ok "the prefix policy's exec.path is the installed worker"
fi

if env -u RTBENCH_WORKER "$(abs "$bindir")/rtbench-cli" run latency --cpus 0 --policy other \
     --duration 1s --output "$tmp/installed.rtbench" >"$tmp/out" 2>&1 \
   && grep -q '"rtbench-run"' "$tmp/installed.rtbench"; then
  ok "the installed rtbench-cli measures with the installed worker"
else
  not_ok "the installed rtbench-cli measures with the installed worker"
fi

if [[ $gui != true ]]; then
  skip "the installed rtbench starts" "built without the GUI"
elif [[ -z ${DISPLAY:-} ]]; then
  skip "the installed rtbench starts" "no display (run under xvfb-run)"
else
  # The installed schema (compiled by meson's post-install step) and translations are used.
  env -u RTBENCH_WORKER -u GSETTINGS_SCHEMA_DIR XDG_DATA_DIRS="$(abs "$datadir"):/usr/share" \
    GSETTINGS_BACKEND=memory GTK_A11Y=none NO_AT_BRIDGE=1 GDK_BACKEND=x11 GSK_RENDERER=cairo \
    "$(abs "$bindir")/rtbench" >"$tmp/out" 2>&1 &
  gui_pid=$!
  sleep 4
  if kill -0 "$gui_pid" 2>/dev/null && ! grep -qiE 'critical|warning' "$tmp/out"; then
    ok "the installed rtbench starts and keeps running"
  else
    not_ok "the installed rtbench starts and keeps running"
  fi
  kill "$gui_pid" 2>/dev/null
  wait "$gui_pid" 2>/dev/null
  gui_pid=
fi

echo "1..$n"
exit $failed
