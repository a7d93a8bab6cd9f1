#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Prints 'N passed, N failed[, N skipped]' from meson's testlog.json, counting each TAP
test case (a GTest test function) rather than each test program."""
import json
import re
import sys

passed = failed = skipped = 0
with open(sys.argv[1], encoding="utf-8") as log:
    for line in log:
        entry = json.loads(line)
        result = entry.get("result")
        cases = re.findall(r"^(ok|not ok) \d+[^\n]*", entry.get("stdout") or "", re.M)
        if cases and result not in ("TIMEOUT", "ERROR"):
            for case in cases:
                if case.startswith("not ok"):
                    if "# TODO" in case:
                        continue
                    failed += 1
                elif "# SKIP" in case or "# skip" in case:
                    skipped += 1
                else:
                    passed += 1
            # A program that crashed after its last case is a failure of its own.
            if result == "FAIL" and not any(c.startswith("not ok") for c in cases):
                failed += 1
        elif result in ("OK", "EXPECTEDFAIL"):
            passed += 1
        elif result == "SKIP":
            skipped += 1
        else:
            failed += 1

line = f"{passed} passed, {failed} failed"
if skipped:
    line += f", {skipped} skipped"
print(line)
sys.exit(1 if failed else 0)
