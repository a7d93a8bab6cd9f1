/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "rtb-export.h"
#include "rtb-import.h"
#include "rtb-live-view.h"
#include "rtb-recording.h"
#include "rtb-run.h"
#include "rtb-setup-panel.h"

G_BEGIN_DECLS

#define RTB_TYPE_WINDOW (rtb_window_get_type ())
G_DECLARE_FINAL_TYPE (RtbWindow, rtb_window, RTB, WINDOW, AdwApplicationWindow)

RtbWindow *rtb_window_new (GtkApplication *application);
/* Loads a run file (in a thread) into a new tab; problems are shown in the window. */
void rtb_window_open_file (RtbWindow *self, GFile *file);
/* Opens the files in the order given; with `compare`, compares them once all are read. */
void rtb_window_open_files (RtbWindow *self, GFile **files, guint n_files, gboolean compare);
/* Shows a run (loaded or made elsewhere) in a new tab and selects it. */
void rtb_window_add_run (RtbWindow *self, RtbRun *run);

/* Imports another tool's result (format detected) into a new tab; errors are shown. */
gboolean rtb_window_import_file (RtbWindow *self, GFile *file);
/* Same with what the file does not say (label, format, CPUs, units, machine); NULL: defaults. */
gboolean rtb_window_import_file_with_options (RtbWindow *self, GFile *file,
                                              const RtbImportOptions *options);
/* Asks what `file` does not say, then imports it with those options (the window's Import…
 * after the file chooser). Returns the dialog it shows (borrowed). */
GtkWindow *rtb_window_ask_import (RtbWindow *self, GFile *file);
/* Opens a tab comparing the runs; runs[0] is the baseline. */
void rtb_window_compare_runs (RtbWindow *self, RtbRun *const *runs, guint n_runs);
/* Opens a tab comparing every run open in a tab of its own, in tab order. */
void rtb_window_compare_open_runs (RtbWindow *self);
/* Writes the selected tab's runs: a chart of width × height (a PNG scaled by `scale`) or a table. */
gboolean rtb_window_export (RtbWindow *self, RtbExportFormat format, const char *path, int width,
                            int height, double scale, GError **error);
/* Saves a run (also while it runs); later checkpoints of the live run go to `path`. */
gboolean rtb_window_save_run_to (RtbWindow *self, RtbRun *run, const char *path,
                                 GError **error);
/* What the save dialog's answer does: saves the run to `file` (".rtbench" added when missing)
 * and says so in a toast, or why not in a dialog, a location without a local path among them
 * (a network share the chooser offers). */
gboolean rtb_window_save_run_to_file (RtbWindow *self, RtbRun *run, GFile *file);
/* Where the run started last is kept in the unsaved folder, or NULL. */
const char *rtb_window_get_checkpoint_path (RtbWindow *self);
/* The recordings of the tabs that show one, in tab order (transfer container): several may be
 * live at once, each with its own worker. */
GPtrArray *rtb_window_get_recordings (RtbWindow *self);
/* The recording of the selected tab, or NULL (a run opened from a file, a comparison). */
RtbRecording *rtb_window_get_selected_recording (RtbWindow *self);
/* Selects the tab of a recording. */
void rtb_window_select_recording (RtbWindow *self, RtbRecording *recording);

/* Ends every live run where it is, each keeping what it measured (in its file, or the unsaved
 * folder): when the application goes without asking, as at the end of the session. */
void rtb_window_keep_runs (RtbWindow *self);

/* For tests. */
/* The main menu's runs left in the unsaved folder: items of "win.recover" with their paths. */
GMenuModel *rtb_window_get_recover_menu (RtbWindow *self);
/* What the session manager is told keeps the session from ending, or NULL. */
const char *rtb_window_get_inhibit_reason (RtbWindow *self);
RtbSetupPanel *rtb_window_get_setup_panel (RtbWindow *self);
/* TRUE while any run of the window is live. */
gboolean rtb_window_is_running (RtbWindow *self);
/* The run started last from this window, or NULL. */
RtbRun *rtb_window_get_live_run (RtbWindow *self);
/* The view of the selected tab, or NULL. */
RtbLiveView *rtb_window_get_selected_view (RtbWindow *self);
guint rtb_window_get_n_runs (RtbWindow *self);
/* The heading and text of the last error shown to the user, or NULL. */
const char *rtb_window_get_last_error (RtbWindow *self);
/* TRUE when one of the last toasts began with `start`. */
gboolean rtb_window_showed_toast (RtbWindow *self, const char *start);
/* TRUE when a toast beginning with `start` is on screen or waits its turn. */
gboolean rtb_window_is_showing_toast (RtbWindow *self, const char *start);

G_END_DECLS
