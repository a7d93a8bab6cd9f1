/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Asks which open runs to compare, live ones included; "compare" is the answer to go on. */
#pragma once

#include <adwaita.h>

#include "rtb-run.h"

G_BEGIN_DECLS

#define RTB_TYPE_COMPARE_DIALOG (rtb_compare_dialog_get_type ())
G_DECLARE_FINAL_TYPE (RtbCompareDialog, rtb_compare_dialog, RTB, COMPARE_DIALOG,
                      AdwMessageDialog)

RtbCompareDialog *rtb_compare_dialog_new (GtkWindow *parent);
/* Offers `run` under `title`, with what it is below (its state, method, start, duration, CPUs,
 * policy, load and machine), ticked or not. */
void rtb_compare_dialog_add_run (RtbCompareDialog *self, RtbRun *run, const char *title,
                                 gboolean ticked, gboolean live);
/* The ticked runs, in the order they were offered (transfer container). */
GPtrArray *rtb_compare_dialog_get_chosen (RtbCompareDialog *self);
/* The n-th offer as it reads: "title\nwhat it is". */
char *rtb_compare_dialog_dup_offer (RtbCompareDialog *self, guint n);

G_END_DECLS
