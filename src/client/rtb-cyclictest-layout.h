/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Which rt-tests release's cyclictest -h text to write (FORMATS.md §1.4):
 *
 *   1.x–2.6  every bucket row 0 … N−1, a "# Total:" line (the samples in the buckets, " %09llu"
 *            per thread), and "# Thread N:" followed by " %05lu" per logged overflow, so no
 *            trailing space when there is none. Debian 12 and Raspberry Pi OS 12 ship 2.4.
 *   2.7+     only the rows where some thread's count is non-zero, no "# Total:", and
 *            "# Thread N: " followed by the cycle numbers joined by one space.
 *
 * By default the layout of the cyclictest installed here: its --help names its version as
 * "cyclictest V %1.2f" of a float, so 2.4 prints "2.40" and both 2.1 and 2.10 print "2.10";
 * those two are told apart by --deepest-idle-state, which 2.1's help lacks. Without a
 * cyclictest, 2.7+.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  RTB_CYCLICTEST_LAYOUT_AUTO, /* the installed cyclictest's; 2.7+ when there is none */
  RTB_CYCLICTEST_LAYOUT_1_X,  /* rt-tests 1.x … 2.6 */
  RTB_CYCLICTEST_LAYOUT_2_7,  /* rt-tests 2.7 … */
} RtbCyclictestLayout;

/* "2.4", "2.6", "1.10" → 1_X; "2.7", "2.10", "3.0" → 2_7 (major.minor as whole numbers).
 * FALSE when `version` is not such a number. */
gboolean rtb_cyclictest_layout_from_version (const char *version, RtbCyclictestLayout *layout);
/* The release a cyclictest --help text names ("2.4", "2.10"); NULL when it names none. */
char *rtb_cyclictest_version_from_help (const char *help);
/* The version of the cyclictest found in PATH (transfer full), NULL when there is none or its
 * help names no version. */
char *rtb_cyclictest_installed_version (void);
/* AUTO resolved: the installed cyclictest's layout, 2.7+ when none; other values unchanged.
 * `version` (optional) receives the installed version, or NULL. */
RtbCyclictestLayout rtb_cyclictest_layout_resolve (RtbCyclictestLayout layout, char **version);

G_END_DECLS
