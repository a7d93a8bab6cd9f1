#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The window started straight from the build tree (build/src/gui/rtbench, no ./run.sh, no
# GSETTINGS_SCHEMA_DIR, no installed schema) finds the settings schema its build compiled and
# comes up; a copy of it outside the build tree finds none and says how to start it, with
# status 1 rather than GLib's abort (SIGTRAP). TAP; skips without a display.
set -uo pipefail

app=${RTBENCH_APP:?RTBENCH_APP is not set}
build_root=${RTBENCH_BUILD_ROOT:?RTBENCH_BUILD_ROOT is not set}
n=0
failed=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; }
skip() { n=$((n + 1)); echo "ok $n # SKIP $1"; }

tmp=$(mktemp -d)
pid=
cleanup() {
  [[ -n $pid ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

# The system's schemas (GTK reads its own settings from them) but not rtbench's, whether or not
# it is installed here; no session bus to find another instance on; folders of the test's own
# for what the window keeps.
schemas="$tmp/share/glib-2.0/schemas"
mkdir -p "$schemas" "$tmp/data" "$tmp/config" "$tmp/cache"
for file in /usr/share/glib-2.0/schemas/*.xml /usr/share/glib-2.0/schemas/*.override; do
  case ${file##*/} in
    io.github.rtbench.*) ;;
    *) [[ -e $file ]] && cp "$file" "$schemas/" ;;
  esac
done
if ! glib-compile-schemas "$schemas" 2>"$tmp/compile.log"; then
  sed 's/^/# /' "$tmp/compile.log"
fi
env_args=(-u GSETTINGS_SCHEMA_DIR XDG_DATA_DIRS="$tmp/share" XDG_DATA_HOME="$tmp/data"
          XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache" GSETTINGS_BACKEND=memory
          DBUS_SESSION_BUS_ADDRESS="unix:path=$tmp/no-bus" G_MESSAGES_DEBUG=rtbench-gui)

# --version needs no schema.
if out=$(env "${env_args[@]}" "$app" --version 2>&1) && [[ $out == "rtbench "* ]]; then
  ok "--version without a schema: $out"
else
  not_ok "--version without a schema: $out"
fi

if [[ -z ${DISPLAY:-} ]]; then
  skip "no display: run under xvfb-run (./test.sh)"
  skip "no display"
  echo "1..$n"
  exit 0
fi

# From the build tree: the window reaches the screen (it logs when it is first mapped).
env "${env_args[@]}" "$app" >"$tmp/build-tree.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do
  grep -q "window mapped at" "$tmp/build-tree.log" && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
if grep -q "window mapped at" "$tmp/build-tree.log"; then
  ok "from the build tree without GSETTINGS_SCHEMA_DIR, the window comes up"
else
  wait "$pid"
  not_ok "from the build tree without GSETTINGS_SCHEMA_DIR, the window comes up (status $?)"
  sed 's/^/# /' "$tmp/build-tree.log"
fi
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
pid=

# A copy elsewhere: no schema to be found, said with the ways to start the window.
mkdir "$tmp/elsewhere"
cp "$app" "$tmp/elsewhere/rtbench"
case "$tmp/elsewhere/" in
  "$build_root"/*) skip "the temporary folder is inside the build tree" ;;
  *)
    env "${env_args[@]}" "$tmp/elsewhere/rtbench" >"$tmp/elsewhere.log" 2>&1
    status=$?
    if ((status == 1)) && grep -q "settings schema" "$tmp/elsewhere.log" &&
       grep -q "\./run\.sh" "$tmp/elsewhere.log" &&
       grep -q "GSETTINGS_SCHEMA_DIR=build/data" "$tmp/elsewhere.log"; then
      ok "outside the build tree without a schema: status 1 and how to start the window"
    else
      not_ok "outside the build tree without a schema: status $status (want 1 and a message)"
    fi
    sed 's/^/# /' "$tmp/elsewhere.log"
    ;;
esac

echo "1..$n"
exit $failed
