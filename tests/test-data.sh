#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The data files, translations and the Flatpak manifest, checked with the tools that consume
# them. A missing tool is a TAP skip that names the package to install, never a pass.
set -uo pipefail

src=${RTBENCH_SOURCE_ROOT:?}
data=${RTBENCH_DATA_BUILD:?}
app_id=${RTBENCH_APP_ID:?}
worker_path=${RTBENCH_WORKER_INSTALL_PATH:?}
gui=${RTBENCH_GUI:-true}

n=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n - $1"; sed 's/^/# /' "$tmp/out" 2>/dev/null; }
skip () { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }
have () { command -v "$1" >/dev/null 2>&1; }
check () { # check NAME COMMAND...: passes when COMMAND exits 0; its output is shown on failure
  local name=$1; shift
  if "$@" >"$tmp/out" 2>&1; then ok "$name"; else not_ok "$name"; fi
}

if [[ $gui == true ]]; then
  if have desktop-file-validate; then
    check "desktop-file-validate $app_id.desktop" \
      desktop-file-validate "$data/$app_id.desktop"
  else
    skip "desktop file" "desktop-file-validate missing (apt install desktop-file-utils)"
  fi

  if have appstreamcli; then
    check "appstreamcli validate --no-net $app_id.metainfo.xml" \
      appstreamcli validate --no-net "$data/$app_id.metainfo.xml"
  else
    skip "metainfo" "appstreamcli missing (apt install appstream)"
  fi

  if have glib-compile-schemas; then
    check "glib-compile-schemas --strict --dry-run" \
      glib-compile-schemas --strict --dry-run "$data"
  else
    skip "schema" "glib-compile-schemas missing (apt install libglib2.0-bin)"
  fi

  check "icons are SVG with the sizes the icon theme expects" python3 - \
    "$src/data/icons/hicolor/scalable/apps/io.github.rtbench.RtBench.svg" 128 \
    "$src/data/icons/hicolor/symbolic/apps/io.github.rtbench.RtBench-symbolic.svg" 16 <<'PY'
import sys
import xml.etree.ElementTree as ET
args = sys.argv[1:]
for path, size in zip(args[::2], args[1::2]):
    root = ET.parse(path).getroot()
    assert root.tag == '{http://www.w3.org/2000/svg}svg', path
    assert root.get('viewBox') == f'0 0 {size} {size}', (path, root.get('viewBox'))
PY
fi

if have xmllint; then
  check "xmllint policy" xmllint --noout "$data/io.github.rtbench.RtBench.policy"
  dtd=/usr/share/polkit-1/policyconfig-1.dtd
  if [[ -f $dtd ]]; then
    check "policy is valid against polkit's DTD" \
      xmllint --noout --dtdvalid "$dtd" "$data/io.github.rtbench.RtBench.policy"
  else
    skip "policy DTD" "$dtd missing (apt install polkitd)"
  fi
  check "xmllint MIME type" xmllint --noout "$data/io.github.rtbench.RtBench.xml"

  exec_path=$(xmllint --xpath \
    'string(//action[@id="io.github.rtbench.RtBench.run-worker"]/annotate[@key="org.freedesktop.policykit.exec.path"])' \
    "$data/io.github.rtbench.RtBench.policy" 2>/dev/null)
  echo "policy exec.path: '$exec_path', worker: '$worker_path'" >"$tmp/out"
  if [[ $exec_path == "$worker_path" ]]; then ok "policy names the installed worker"; else not_ok "policy names the installed worker"; fi

  defaults=$(xmllint --xpath 'concat(//defaults/allow_any, " ", //defaults/allow_inactive, " ", //defaults/allow_active)' \
    "$data/io.github.rtbench.RtBench.policy" 2>/dev/null)
  echo "defaults: '$defaults'" >"$tmp/out"
  if [[ $defaults == "no no auth_admin_keep" ]]; then ok "policy asks an active administrator"; else not_ok "policy asks an active administrator"; fi
else
  skip "policy and MIME type" "xmllint missing (apt install libxml2-utils)"
fi

# The MIME type, end to end: a private MIME database that knows only rtbench's type, searched
# before the system's; a run file is recognised by its extension, and by its content without one.
if have update-mime-database && have gio; then
  mkdir -p "$tmp/share/mime/packages"
  cp "$data/io.github.rtbench.RtBench.xml" "$tmp/share/mime/packages/"
  update-mime-database "$tmp/share/mime" >"$tmp/out" 2>&1
  cp "$src/tests/data/run-v1.rtbench" "$tmp/run.rtbench"
  cp "$src/tests/data/run-v7.rtbench" "$tmp/run-without-extension"
  for f in run.rtbench run-without-extension; do
    type=$(XDG_DATA_DIRS="$tmp/share:/usr/share" XDG_DATA_HOME="$tmp/none" \
           gio info -a standard::content-type "$tmp/$f" 2>&1 | sed -n 's/.*standard::content-type: //p')
    echo "$f: '$type'" >"$tmp/out"
    if [[ $type == application/x-rtbench ]]; then ok "$f is application/x-rtbench"; else not_ok "$f is application/x-rtbench"; fi
  done
else
  skip "MIME database" "update-mime-database or gio missing (apt install shared-mime-info libglib2.0-bin)"
fi

# Translations: msgfmt --check clean and at least 95 % translated.
if have msgfmt; then
  while read -r lang; do
    [[ -z $lang || $lang == \#* ]] && continue
    po="$src/po/$lang.po"
    if ! msgfmt --check --statistics -o /dev/null "$po" >"$tmp/out" 2>&1; then
      not_ok "msgfmt --check $lang.po"
      continue
    fi
    stats=$(tr -d '\n' <"$tmp/out")
    read -r done fuzzy untranslated < <(python3 -c '
import re, sys
s = sys.argv[1]
get = lambda word: int((re.search(r"(\d+) " + word, s) or [0, 0])[1])
print(get("translated"), get("fuzzy"), get("untranslated"))' "$stats")
    total=$((done + fuzzy + untranslated))
    pct=$((total > 0 ? done * 100 / total : 0))
    echo "$lang: $stats -> $pct %" >"$tmp/out"
    if ((total > 0 && done * 100 >= total * 95)); then
      ok "$lang.po: msgfmt --check clean, $done/$total translated ($pct %)"
    else
      not_ok "$lang.po: at least 95 % translated"
    fi
  done <"$src/po/LINGUAS"
else
  skip "translations" "msgfmt missing (apt install gettext)"
fi

# POTFILES.in names every file with strings for people, and only files that exist.
check "po/POTFILES.in lists every file with translatable strings" python3 - "$src" <<'PY'
import pathlib, re, sys
root = pathlib.Path(sys.argv[1])
listed = {l.strip() for l in (root / 'po/POTFILES.in').read_text().splitlines()
          if l.strip() and not l.startswith('#')}
missing = [p for p in sorted(listed) if not (root / p).is_file()]
marked = re.compile(r'(?<![\w])(?:N?_|C_|NC_|g_dngettext|ngettext)\s*\(\s*"')
wanted = set()
for path in root.glob('src/**/*.c'):
    if marked.search(path.read_text(errors='replace')):
        wanted.add(str(path.relative_to(root)))
for path in root.glob('src/gui/**/*.ui'):
    if 'translatable="yes"' in path.read_text(errors='replace'):
        wanted.add(str(path.relative_to(root)))
for path in list(root.glob('data/*.in')) + list(root.glob('data/*.gschema.xml')) + list(root.glob('data/*.mime.xml')):
    wanted.add(str(path.relative_to(root)))
unlisted = sorted(wanted - listed)
for p in missing:
    print('listed but missing:', p)
for p in unlisted:
    print('not in po/POTFILES.in:', p)
sys.exit(1 if missing or unlisted else 0)
PY

# The window shows recordings and runs; the worker's wire frames are the client library's
# business (RtbRecording, RtbSession), not the GUI's.
check "no GUI file includes the protocol header or reads wire frames" python3 - "$src" <<'PY'
import pathlib, re, sys
root = pathlib.Path(sys.argv[1])
bad = re.compile(r'#include\s+"rtb-protocol\.h"|\bRtbFrame\b|\bRTB_FRAME_\w+')
found = [f'{p.relative_to(root)}:{n}: {line.strip()}'
         for p in sorted(root.glob('src/gui/*.[ch]'))
         for n, line in enumerate(p.read_text().splitlines(), 1) if bad.search(line)]
print('\n'.join(found))
sys.exit(1 if found else 0)
PY

# The Flatpak manifest: parsed by flatpak-builder, and every meson option it passes exists.
manifest="$src/flatpak/io.github.rtbench.RtBench.json"
check "flatpak manifest passes only options from meson_options.txt" python3 - "$manifest" "$src/meson_options.txt" <<'PY'
import json, re, sys
manifest = json.load(open(sys.argv[1]))
options = set(re.findall(r"option\(\s*'([^']+)'", open(sys.argv[2]).read()))
builtin = {'prefix', 'libdir', 'libexecdir', 'bindir', 'datadir', 'buildtype', 'b_lto', 'werror'}
module = next(m for m in manifest['modules'] if isinstance(m, dict) and m.get('name') == 'rtbench')
assert module['buildsystem'] == 'meson'
bad = []
for opt in module.get('config-opts', []):
    m = re.match(r'-D([^=]+)=', opt)
    if not m or (m[1] not in options and m[1] not in builtin):
        bad.append(opt)
args = manifest['finish-args']
assert not any(a.startswith('--filesystem=host') for a in args), args
assert manifest['id'] == 'io.github.rtbench.RtBench' and manifest['command'] == 'rtbench'
print('unknown options:', bad)
sys.exit(1 if bad else 0)
PY
check "flatpak host-worker wrapper parses" sh -n "$src/flatpak/rtbench-host-worker"
if have flatpak-builder; then
  # Run in the temporary directory: flatpak-builder leaves its state directory in the current one.
  check "flatpak-builder --show-manifest" \
    sh -c 'cd "$1" && flatpak-builder --show-manifest "$2"' sh "$tmp" "$manifest"
else
  skip "flatpak-builder --show-manifest" "flatpak-builder missing (apt install flatpak-builder)"
fi

echo "1..$n"
exit $failed
