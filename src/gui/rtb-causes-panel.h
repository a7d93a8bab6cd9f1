/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What delayed a run: the league table of its explained spikes' causes (or why they are not
 * explained), the real-time tasks that could preempt it at the start, and the interrupts and
 * softirqs each measured CPU served during the run. */
#pragma once

#include <gtk/gtk.h>

#include "rtb-run.h"

G_BEGIN_DECLS

#define RTB_TYPE_CAUSES_PANEL (rtb_causes_panel_get_type ())
G_DECLARE_FINAL_TYPE (RtbCausesPanel, rtb_causes_panel, RTB, CAUSES_PANEL, GtkWidget)

RtbCausesPanel *rtb_causes_panel_new (void);
void rtb_causes_panel_set_run (RtbCausesPanel *self, RtbRun *run);
void rtb_causes_panel_update (RtbCausesPanel *self);
/* For tests: the rows shown, "title: subtitle" each, one per line. */
char *rtb_causes_panel_get_text (RtbCausesPanel *self);

G_END_DECLS
