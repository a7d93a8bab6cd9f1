#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the C table of the messages the checklist has (rtb-checklist-msgids.h) from its
sources, as xgettext finds them under the checklist's own keywords (MSG, MSGF, MSGN, N_): a
run file's message is translated only when it is one of these.

Usage: checklist-msgids.py XGETTEXT OUTPUT SOURCE..."""
import subprocess
import sys

xgettext, output, sources = sys.argv[1], sys.argv[2], sys.argv[3:]
pot = subprocess.run(
    # With its header: without one, xgettext writes ASCII and drops the "µ" of "µs".
    [xgettext, "--language=C", "--from-code=UTF-8", "--no-location",
     "--keyword", "--keyword=N_", "--keyword=MSG:1", "--keyword=MSGF:1",
     "--keyword=MSGN:1,2", "--output=-", *sources],
    check=True, capture_output=True, text=True).stdout

entries = []
entry = {}
field = None
for line in pot.splitlines() + [""]:
    if line.startswith("msgid_plural "):
        field = "plural"
        entry[field] = [line[len("msgid_plural "):]]
    elif line.startswith("msgid "):
        field = "msgid"
        entry[field] = [line[len("msgid "):]]
    elif line.startswith('"') and field is not None:
        entry[field].append(line)
    elif line.startswith("msgstr"):
        field = None
    elif not line.strip():
        if "msgid" in entry and entry["msgid"] != ['""']:
            entries.append(entry)
        entry = {}
        field = None

if not entries:
    sys.exit(f"checklist-msgids.py: xgettext found no message in {' '.join(sources)}")

# xgettext writes C string literals: they go into the table as they are.
with open(output, "w", encoding="utf-8") as out:
    out.write("/* Written by scripts/checklist-msgids.py from the checklist's sources. */\n")
    out.write("#pragma once\n\n")
    out.write("static const struct {\n  const char *msgid;\n  const char *plural;\n}"
              " rtb_checklist_msgids[] = {\n")
    for e in entries:
        msgid = " ".join(e["msgid"])
        plural = " ".join(e["plural"]) if "plural" in e else "NULL"
        out.write(f"  {{ {msgid},\n    {plural} }},\n")
    out.write("};\n")
