/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The system a run was measured on, and what the worker obtained. */
#pragma once

#include <gtk/gtk.h>

#include "rtb-run.h"

G_BEGIN_DECLS

#define RTB_TYPE_SYSTEM_PANEL (rtb_system_panel_get_type ())
G_DECLARE_FINAL_TYPE (RtbSystemPanel, rtb_system_panel, RTB, SYSTEM_PANEL, GtkWidget)

RtbSystemPanel *rtb_system_panel_new (void);
void rtb_system_panel_set_run (RtbSystemPanel *self, RtbRun *run);
void rtb_system_panel_update (RtbSystemPanel *self);

G_END_DECLS
