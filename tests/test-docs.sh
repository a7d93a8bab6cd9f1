#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The documentation tells the truth about the programs: the manual pages render without a
# warning and name every option the programs' own help lists (and none it does not), every worker
# key, and the version, and open with the `man ./build/docs/man/PAGE` the README gives; the user
# guide's Mallard pages (help/C, and each translation the build merged) validate and link only
# to pages that exist, and help/meson.build installs each; every link and file path the README, SECURITY.md and the docs/ pages (not
# style.md: its names are examples) cite exists. TAP.
set -uo pipefail

src=${RTBENCH_SOURCE_ROOT:?}
build=${RTBENCH_BUILD_ROOT:?}
cli=${RTBENCH_CLI:?}
worker=${RTBENCH_WORKER:?}
app=${RTBENCH_APP:-}
man_dir=$build/docs/man
source "$src/tests/cli-help.sh"

n=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n - $1"; sed 's/^/# /' "$tmp/out" 2>/dev/null | head -n 30; }
skip () { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

version=$("$cli" --version | sed -n 's/^rtbench-cli //p')

# The page as a reader sees it, on long lines and without hyphenation, so that every option
# stays one word.
render () {
  LC_ALL=C.UTF-8 MANWIDTH=250 MANROFFOPT=-rHY=0 man -l "$1" 2>/dev/null
}

# covers NAME FROM_HELP FROM_PAGE [exactly]: every item of the help's list (one a line) is in
# the page's; with "exactly", the page has no other.
covers () {
  sort -u "$2" >"$tmp/help.sorted"
  sort -u "$3" >"$tmp/page.sorted"
  {
    comm -23 "$tmp/help.sorted" "$tmp/page.sorted" | sed 's/^/in the help, not in the page: /'
    if [[ ${4:-} == exactly ]]; then
      comm -13 "$tmp/help.sorted" "$tmp/page.sorted" | sed 's/^/in the page, not in the help: /'
    fi
  } >"$tmp/out"
  if [[ -s $tmp/help.sorted && ! -s $tmp/out ]]; then ok "$1"; else not_ok "$1"; fi
}

options () { grep -o -- '--[a-z][a-z0-9-]*' | sort -u; }

if ! command -v man >/dev/null; then
  skip "manual pages" "man missing (apt install man-db groff-base)"
else
  pages=(rtbench-worker.8 rtbench-cli.1)
  [[ -n $app ]] && pages+=(rtbench.1)
  for page in "${pages[@]}"; do
    LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings=w -l "$man_dir/$page" >/dev/null 2>"$tmp/out"
    if [[ ! -s $tmp/out ]]; then ok "$page renders without warnings"; else not_ok "$page renders without warnings"; fi
    render "$man_dir/$page" >"$tmp/$page.txt"
    echo "the page's header or footer does not name rtbench $version" >"$tmp/out"
    if grep -q "rtbench $version" "$tmp/$page.txt"; then ok "$page names version $version"; else not_ok "$page names version $version"; fi
  done

  cli_all_help "$cli" | options >"$tmp/help"
  options <"$tmp/rtbench-cli.1.txt" >"$tmp/page"
  covers "rtbench-cli.1 names exactly the options of rtbench-cli's help" "$tmp/help" "$tmp/page" exactly

  "$worker" --help | sed -n 's/^    \([a-z_]\+\)=.*/\1/p' >"$tmp/help"
  sed -n 's/^       \([a-z_]\+\)=.*/\1/p' "$tmp/rtbench-worker.8.txt" >"$tmp/page"
  covers "rtbench-worker.8 describes exactly the keys of rtbench-worker --help" "$tmp/help" "$tmp/page" \
    exactly
  { "$worker" --help | options; } >"$tmp/help"
  options <"$tmp/rtbench-worker.8.txt" >"$tmp/page"
  covers "rtbench-worker.8 names every option of rtbench-worker --help" "$tmp/help" "$tmp/page"

  # As the README says to read them right after ./run.sh: man reads a path with a slash as the
  # page itself.
  grep -o 'man \./build/docs/man/[a-z.0-9-]*' "$src/README.md" | sort -u >"$tmp/readme-man"
  : >"$tmp/out"
  for page in "${pages[@]}"; do
    grep -qx "man ./build/docs/man/$page" "$tmp/readme-man" ||
      echo "the README does not give man ./build/docs/man/$page" >>"$tmp/out"
    (cd "$build/.." && LC_ALL=C.UTF-8 MANPAGER=cat man "$man_dir/$page" 2>&1) | grep -q '^NAME' ||
      echo "man $man_dir/$page shows no page" >>"$tmp/out"
  done
  if [[ ! -s $tmp/out ]]; then ok "man ./build/docs/man/PAGE, as the README gives it, shows each page"
  else not_ok "man ./build/docs/man/PAGE, as the README gives it, shows each page"; fi

  if [[ -n $app ]]; then
    GTK_A11Y=none "$app" --help-all | options >"$tmp/help"
    options <"$tmp/rtbench.1.txt" >"$tmp/page"
    covers "rtbench.1 names exactly the options of rtbench --help-all" "$tmp/help" "$tmp/page" exactly
  fi
fi

# The user guide: valid Mallard, links that resolve, every page installed.
if [[ -z $app ]]; then
  skip "the user guide" "built without the window"
elif ! command -v yelp-check >/dev/null; then
  skip "the user guide" "yelp-check missing (apt install yelp-tools)"
else
  help_pages=("$src"/help/C/*.page)
  if yelp-check validate "${help_pages[@]}" >"$tmp/out" 2>&1; then
    ok "yelp-check validate help/C/*.page (${#help_pages[@]} pages)"
  else
    not_ok "yelp-check validate help/C/*.page (${#help_pages[@]} pages)"
  fi
  # Each translation, as itstool merged it into the build tree.
  while read -r lang; do
    [[ -z $lang || $lang == \#* ]] && continue
    translated=("$build/help/$lang"/*.page)
    if ((${#translated[@]} == ${#help_pages[@]})) &&
       yelp-check validate "${translated[@]}" >"$tmp/out" 2>&1; then
      ok "yelp-check validate the $lang guide (${#translated[@]} pages)"
    else
      not_ok "yelp-check validate the $lang guide (${#translated[@]} of ${#help_pages[@]} pages)"
    fi
  done <"$src/help/LINGUAS"
  (cd "$src/help/C" && yelp-check links ./*.page) >"$tmp/out" 2>&1
  if [[ ! -s $tmp/out ]]; then ok "every link of the user guide resolves"; else not_ok "every link of the user guide resolves"; fi
  : >"$tmp/out"
  for page in "${help_pages[@]}"; do
    grep -q "'$(basename "$page")'" "$src/help/meson.build" ||
      echo "$(basename "$page") is not in help/meson.build" >>"$tmp/out"
  done
  if [[ ! -s $tmp/out ]]; then ok "help/meson.build installs every page"; else not_ok "help/meson.build installs every page"; fi
fi

# Links and paths: a Markdown link's target, and a code span or command word that names a file
# of the source tree (its first part is a top-level entry) or of the build tree (build/…), must
# exist; a bare file name in a code span must be some file of the repository. Built without the
# window, the build tree lacks the window's targets: its missing paths are counted, not failed.
python3 - "$src" "$build" "$app" README.md SECURITY.md docs/usage.md docs/methods.md docs/measuring.md docs/architecture.md docs/tests.md docs/lab.md >"$tmp/links" 2>&1 <<'PY'
import glob, os, re, subprocess, sys

src, build, app, docs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
unchecked = 0
tracked = subprocess.run(['git', '-C', src, 'ls-files', '--cached', '--others', '--exclude-standard'], capture_output=True, text=True).stdout.split()
if not tracked:  # a tarball: the files themselves
    tracked = [os.path.relpath(os.path.join(d, f), src)
               for d, _, fs in os.walk(src) if '/.git' not in d for f in fs]
top = {p.split('/')[0] for p in tracked}
basenames = {os.path.basename(p) for p in tracked}
exts = ('.md', '.c', '.h', '.sh', '.py', '.ui', '.build', '.in', '.ini', '.json', '.txt', '.po',
        '.png', '.svg', '.css', '.xml')

def expand(path):
    m = re.search(r'\{([^{}]*)\}', path)
    if not m:
        return [path]
    return [x for alt in m.group(1).split(',') for x in expand(path[:m.start()] + alt + path[m.end():])]

def exists(root, path):
    return any(glob.glob(os.path.join(root, p.rstrip('/'))) for p in expand(path))

def anchors(path):
    found = set()
    for line in open(path, encoding='utf-8'):
        m = re.match(r'#+\s+(.*)', line)
        if m:
            slug = re.sub(r'[^\w\- ]', '', m.group(1).strip().lower()).replace(' ', '-')
            found.add(slug)
    return found

checked = 0
for doc in docs:
    here = os.path.dirname(os.path.join(src, doc))
    text = open(os.path.join(src, doc), encoding='utf-8').read()
    for target in re.findall(r'\]\(([^)\s]+)\)', text):
        if re.match(r'[a-z]+:', target):
            continue
        path, _, anchor = target.partition('#')
        full = os.path.normpath(os.path.join(here, path)) if path else os.path.join(src, doc)
        checked += 1
        if not os.path.exists(full):
            print(f'{doc}: link to {target}: {os.path.relpath(full, src)} does not exist')
        elif anchor and full.endswith('.md') and anchor not in anchors(full):
            print(f'{doc}: link to {target}: no heading #{anchor} in {os.path.relpath(full, src)}')
    words = re.findall(r'`([^`\n]+)`', text)
    for block in re.findall(r'^```\n(.*?)^```', text, re.S | re.M):
        words += block.split()
    prose = re.sub(r'```.*?```|`[^`\n]*`|\]\([^)]*\)|https?://\S+', ' ', text, flags=re.S)
    for name in re.findall(r'\b[\w.-]+\.md\b', prose):
        checked += 1
        if name not in basenames:
            print(f'{doc}: {name} is not a file of the repository')
    for span in re.findall(r'`([^`\n]+)`', text):
        if ' ' not in span and '/' not in span and span.endswith(exts):
            checked += 1
            if span not in basenames:
                print(f'{doc}: `{span}` is not a file of the repository')
    for word in words:
        word = word.replace('$PWD/', '')
        for token in re.findall(r'(?<![\w/.~$-])[\w.{},*-]+(?:/[\w.{},*-]*)+', word):
            # A placeholder such as LANG in po/LANG.po stands for any name.
            token = re.sub(r'(?<![\w.-])[A-Z]{2,}(?![\w-])', '*', token)
            first = token.split('/')[0]
            if first == 'build':
                checked += 1
                if exists(build, token[len('build/'):]):
                    pass
                elif not app:
                    checked -= 1
                    unchecked += 1
                else:
                    print(f'{doc}: {token} is not in the build tree')
            elif first in top and not token.startswith('/'):
                checked += 1
                if not exists(src, token):
                    print(f'{doc}: {token} does not exist in the source tree')
print(f'{checked} links and paths checked' +
      (f', {unchecked} not in the build tree, built without the window' if unchecked else ''),
      file=sys.stderr)
PY
status=$?
cp "$tmp/links" "$tmp/out"
grep '^[0-9]* links' "$tmp/links" | sed 's/^/# /'
if ((status == 0)) && ! grep -v '^[0-9]* links' "$tmp/links" | grep -q .; then
  ok "every link and path in README.md, SECURITY.md and the docs/ pages exists"
else
  not_ok "every link and path in README.md, SECURITY.md and the docs/ pages exists"
fi

echo "1..$n"
exit $failed
