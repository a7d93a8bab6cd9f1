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

# Each method's help ends with its own examples, which rtbench-cli accepts (a wrong --load
# added last is the only complaint; --remote, so that the CPUs they name need not be this
# machine's), and names its runs after itself.
for method in "${methods[@]}"; do
  "$cli" run "$method" --help >"$tmp/help" 2>/dev/null
  mapfile -t examples < <(sed -n '/^Examples:/,$p' "$tmp/help" |
    sed -n "s/^  rtbench-cli run $method \(.*\)/\1/p")
  if ((${#examples[@]} > 0)); then
    ok "run $method --help gives ${#examples[@]} examples"
  else
    cp "$tmp/help" "$tmp/out"; : >"$tmp/err"
    not_ok "run $method --help gives examples"
  fi
  for example in "${examples[@]}"; do
    read -ra words <<<"$example"
    "$cli" run "$method" "${words[@]}" --remote board --load bogus >"$tmp/out" 2>"$tmp/err"
    status=$?
    if ((status == 2)) && grep -q -- '--load "bogus" is not a load scenario' "$tmp/err" &&
      (($(wc -l <"$tmp/err") == 2)); then
      ok "run $method $example: accepted"
    else
      echo "exit status $status" >>"$tmp/err"
      not_ok "run $method $example: accepted"
    fi
  done
  if grep -q "the host: \"$method, full load, vm\")" "$tmp/help"; then
    ok "run $method --help names a run \"$method, full load, vm\""
  else
    cp "$tmp/help" "$tmp/out"; : >"$tmp/err"
    not_ok "run $method --help names its runs after $method"
  fi
done
# The overview names every method the run help lists.
"$cli" --help >"$tmp/out" 2>"$tmp/err"
if grep -qF -- "run $(IFS='|'; echo "${methods[*]}") [OPTIONS]" "$tmp/out"; then
  ok "rtbench-cli --help lists every method"
else
  not_ok "rtbench-cli --help lists every method"
fi

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
