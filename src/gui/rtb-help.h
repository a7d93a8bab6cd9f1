/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The user guide (the Mallard pages of help/C): shown in the desktop's help viewer, or, where none is
 * installed, a dialog that says so and where the pages are. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The folder of the guide's pages in the user's language or C: installed, datadir/help/LANG/
 * rtbench; for the program started from its build tree, the source tree's help/C. */
char *rtb_help_dir (void);

/* Opens the guide for `parent` (F1, the main menu's Help). */
void rtb_help_show (GtkWindow *parent);

G_END_DECLS
