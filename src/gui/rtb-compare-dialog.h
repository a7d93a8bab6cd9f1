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
/* Offers `run` under `title` (with its method, state and machine below), ticked or not. */
void rtb_compare_dialog_add_run (RtbCompareDialog *self, RtbRun *run, const char *title,
                                 gboolean ticked, gboolean live);
/* The ticked runs, in the order they were offered (transfer container). */
GPtrArray *rtb_compare_dialog_get_chosen (RtbCompareDialog *self);

G_END_DECLS
