# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the tests that check the command-line help: the commands and methods as
# rtbench-cli's own help lists them, so that a new one is checked without editing the tests.

# The commands under "Commands:" in `rtbench-cli --help`, one a line.
cli_commands () {
  "$1" --help | sed -n '/^Commands:/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\)\b.*/\1/p'
}

# The methods under "Methods and their options:" in `rtbench-cli run --help`, one a line.
cli_methods () {
  "$1" run --help | sed -n '/^Methods/,$p' | sed -n 's/^  \([a-z]\+\)$/\1/p'
}

# Every help text of rtbench-cli, each preceded by a line "## ARGS" naming how it was asked.
cli_all_help () {
  local cli=$1 command method
  echo "## --help"
  "$cli" --help
  while read -r command; do
    echo "## $command --help"
    "$cli" "$command" --help
  done < <(cli_commands "$cli")
  while read -r method; do
    echo "## run $method --help"
    "$cli" run "$method" --help
  done < <(cli_methods "$cli")
}
