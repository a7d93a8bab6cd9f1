/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "rtb-live-view.h"
#include "rtb-run.h"
#include "rtb-setup-panel.h"

G_BEGIN_DECLS

#define RTB_TYPE_WINDOW (rtb_window_get_type ())
G_DECLARE_FINAL_TYPE (RtbWindow, rtb_window, RTB, WINDOW, AdwApplicationWindow)

RtbWindow *rtb_window_new (GtkApplication *application);
/* Loads a run file into a new tab; problems are shown in the window. */
void rtb_window_open_file (RtbWindow *self, GFile *file);
/* Shows a run (loaded or made elsewhere) in a new tab and selects it. */
void rtb_window_add_run (RtbWindow *self, RtbRun *run);

/* For tests. */
RtbSetupPanel *rtb_window_get_setup_panel (RtbWindow *self);
gboolean rtb_window_is_running (RtbWindow *self);
/* The run started last from this window, or NULL. */
RtbRun *rtb_window_get_live_run (RtbWindow *self);
/* The view of the selected tab, or NULL. */
RtbLiveView *rtb_window_get_selected_view (RtbWindow *self);
guint rtb_window_get_n_runs (RtbWindow *self);
/* The heading and text of the last error shown to the user, or NULL. */
const char *rtb_window_get_last_error (RtbWindow *self);

G_END_DECLS
