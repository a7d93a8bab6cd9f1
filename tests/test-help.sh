#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every command and method of rtbench-cli takes --help and -h (exit 0, the help on stdout,
# nothing on stderr), also after other options; `help COMMAND` says the same; --version names
# the version; so do the worker and the application. The commands and methods are read from the
# CLI's own help, so a new one is checked too. TAP.
set -uo pipefail

cli=${RTBENCH_CLI:?}
worker=${RTBENCH_WORKER:?}
app=${RTBENCH_APP:-}
source "$(dirname "$0")/cli-help.sh"

n=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () {
  n=$((n + 1)); failed=1; echo "not ok $n - $1"
  sed 's/^/# stdout: /' "$tmp/out" | head -n 5; sed 's/^/# stderr: /' "$tmp/err" | head -n 5
}

# expect_help FIRST_LINE_PREFIX COMMAND...: exit 0, stdout begins with the prefix, stderr empty.
expect_help () {
  local prefix=$1; shift
  "$@" >"$tmp/out" 2>"$tmp/err"
  local status=$?
  if ((status == 0)) && [[ ! -s $tmp/err ]] && head -n 1 "$tmp/out" | grep -qF -- "$prefix"; then
    ok "${*##*/}"
  else
    echo "exit status $status" >>"$tmp/err"
    not_ok "${*##*/}"
  fi
}

mapfile -t commands < <(cli_commands "$cli")
mapfile -t methods < <(cli_methods "$cli")

echo "# commands: ${commands[*]}; methods: ${methods[*]}"
if ((${#commands[@]} >= 5 && ${#methods[@]} >= 4)); then
  ok "the help lists the commands and the methods"
else
  : >"$tmp/out"; : >"$tmp/err"
  not_ok "the help lists the commands and the methods"
fi

expect_help "Usage: rtbench-cli" "$cli" --help
expect_help "Usage: rtbench-cli" "$cli" -h
expect_help "Usage: rtbench-cli" "$cli" help
for command in "${commands[@]}"; do
  [[ $command == help ]] && continue
  expect_help "Usage: rtbench-cli $command" "$cli" "$command" --help
  expect_help "Usage: rtbench-cli $command" "$cli" "$command" -h
  expect_help "Usage: rtbench-cli $command" "$cli" help "$command"
done
for method in "${methods[@]}"; do
  expect_help "Usage: rtbench-cli run $method" "$cli" run "$method" --help
  expect_help "Usage: rtbench-cli run $method" "$cli" run "$method" -h
  expect_help "Usage: rtbench-cli run $method" "$cli" help run "$method"
  # Among other options, even ones that would be refused: help comes first.
  expect_help "Usage: rtbench-cli run $method" "$cli" run "$method" --priority 500 --help
done

version=$(sed -n "s/^project('rtbench'.*//p;s/^  version: '\(.*\)',/\1/p" \
  "${RTBENCH_SOURCE_ROOT:?}/meson.build" | head -n 1)
expect_help "rtbench-cli $version" "$cli" --version
expect_help "Usage: rtbench-worker" "$worker" --help
expect_help "rtbench-worker $version" "$worker" --version
if [[ -n $app ]]; then
  expect_help "Usage:" env GTK_A11Y=none "$app" --help
  expect_help "rtbench $version" env GTK_A11Y=none "$app" --version
fi

echo "1..$n"
exit $failed
