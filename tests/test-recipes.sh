#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The CI recipes in docs/ci parse as YAML, have the shape their engines need (a GitLab job with
# a JUnit report and artifacts, a GitHub job on a self-hosted runner that uploads its files, a
# LAVA test definition with run steps), and every rtbench-cli option they use is one that
# rtbench-cli run or summary knows. TAP.
set -uo pipefail

src=${RTBENCH_SOURCE_ROOT:?}
cli=${RTBENCH_CLI:?}
n=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n - $1"; sed 's/^/# /' "$tmp/out" | head -20; }

if ! python3 -c 'import yaml' 2>/dev/null; then
  echo "1..0 # SKIP python3-yaml missing (scripts/deps.sh test installs it)"
  exit 0
fi
{ "$cli" run --help; "$cli" summary --help; "$cli" report --help; } >"$tmp/help"

check_recipe () { # NAME FILE PYTHON-CHECK
  if python3 - "$2" "$tmp/help" >"$tmp/out" 2>&1 <<PY
import re, sys, yaml
doc = yaml.safe_load(open(sys.argv[1]))
help_text = open(sys.argv[2]).read()
known = set(re.findall(r'(--[a-z0-9-]+)', help_text))
def commands(node):
    if isinstance(node, dict):
        for v in node.values():
            yield from commands(v)
    elif isinstance(node, list):
        for v in node:
            yield from commands(v)
    elif isinstance(node, str) and 'rtbench-cli ' in node:
        yield node
cmds = list(commands(doc))
assert cmds, 'no rtbench-cli command'
for c in cmds:
    for opt in re.findall(r'(?<![\w-])(--[a-z0-9-]+)', c):
        assert opt in known, f'{opt} is not an option of rtbench-cli run, summary or report: {c}'
$3
PY
  then ok "$1"; else not_ok "$1"; fi
}

check_recipe "GitLab CI: a job that runs rtbench-cli, reports JUnit, keeps the run files and the HTML report" \
  "$src/docs/ci/gitlab-ci.yml" "
job = doc['rtbench']
assert any('--junit' in s for s in job['script'])
assert job['artifacts']['reports']['junit'] == 'rtbench-junit.xml'
assert any(p.endswith('.rtbench') for p in job['artifacts']['paths'])
report = [s for s in job['after_script'] if 'rtbench-cli report' in s]
assert report and 'rtbench-report.html' in report[0]
assert 'rtbench-report.html' in job['artifacts']['paths']
assert job['artifacts']['when'] == 'always'"

check_recipe "GitHub Actions: a self-hosted job that measures and uploads its files and the HTML report" \
  "$src/docs/ci/github-actions.yml" "
assert doc.get('on', doc.get(True)) is not None
job = doc['jobs']['latency']
assert 'self-hosted' in job['runs-on']
steps = job['steps']
assert any('rtbench-cli run' in s.get('run', '') for s in steps)
upload = [s for s in steps if s.get('uses', '').startswith('actions/upload-artifact')]
assert upload and upload[0]['if'] == 'always()' and 'latency.rtbench' in upload[0]['with']['path']
report = [s for s in steps if 'rtbench-cli report' in s.get('run', '')]
assert report and report[0]['if'] == 'always()' and 'rtbench-report.html' in report[0]['run']
assert 'rtbench-report.html' in upload[0]['with']['path']"

check_recipe "LAVA: a test definition whose steps measure, report test cases and the summary" \
  "$src/docs/ci/lava-rtbench.yaml" "
assert doc['metadata']['format'] == 'Lava-Test Test Definition 1.0'
assert doc['metadata']['name']
steps = doc['run']['steps']
assert all(isinstance(s, str) for s in steps)
assert any('--tap' in s for s in steps) and any('lava-test-case' in s for s in steps)
assert any('summary' in s for s in steps)
assert set(doc['params']) >= {'DURATION', 'MAX_US'}"

echo "1..$n"
exit $failed
