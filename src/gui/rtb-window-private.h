/* SPDX-License-Identifier: GPL-3.0-or-later */
/* RtbWindow's instance, shared by rtb-window.c (tabs, running, closing), rtb-window-files.c
 * (open, import, save, autosave, export), rtb-window-compare.c (comparing runs) and
 * rtb-window-messages.c (toasts and error dialogs). */
#pragma once

#include "rtb-recording.h"
#include "rtb-window.h"

G_BEGIN_DECLS

typedef enum {
  AFTER_STOP_NOTHING,
  AFTER_STOP_CLOSE,
  AFTER_STOP_SAVE_AND_CLOSE,
} AfterStop;

struct _RtbWindow
{
  AdwApplicationWindow parent_instance;

  /* Template widgets */
  AdwWindowTitle *window_title;
  GtkWidget *start_button;
  GtkWidget *stop_button;
  AdwToastOverlay *toast_overlay;
  RtbSetupPanel *setup_panel;
  GtkStack *main_stack;
  AdwTabView *tab_view;

  /* Owned references */
  GSettings *settings;
  RtbRecording *last_recording; /* the one started last, for tests */
  char *last_error;
  GPtrArray *toasts;       /* the last 32 toasts' texts */
  GCancellable *opening;  /* run files loading in threads; cancelled when the window goes */
  GPtrArray *pending_saves; /* runs to save, one dialog after the other, before closing */

  gboolean close_after_save;
  gboolean mapped_once;
  AfterStop after_stop;
};

/* The runs a tab shows: one for a run, several for a comparison (transfer container). */
GPtrArray *_rtb_window_page_runs (AdwTabPage *page);
AdwTabPage *_rtb_window_add_page (RtbWindow *self, RtbRun *run);
void _rtb_window_update_actions (RtbWindow *self);
/* The recording that fills the tab's run, or NULL for a run that was opened or imported. */
RtbRecording *_rtb_window_page_recording (AdwTabPage *page);
/* The recording of a run shown in a tab of its own, or NULL. */
RtbRecording *_rtb_window_find_recording (RtbWindow *self, RtbRun *run);

/* rtb-window-messages.c: toasts and error dialogs, also as actions for other widgets */
void _rtb_window_class_init_messages (GtkWidgetClass *widget_class);
void _rtb_window_toast (RtbWindow *self, const char *message);
void _rtb_window_show_error (RtbWindow *self, const char *heading, const char *body);

/* rtb-window-compare.c */
void _rtb_window_class_init_compare (GtkWidgetClass *widget_class);

/* rtb-window-files.c */
void _rtb_window_class_init_files (GtkWidgetClass *widget_class);
void _rtb_window_save_run (RtbWindow *self, RtbRun *run);
/* Asks where to save each run of pending_saves in turn, then closes the window. */
void _rtb_window_save_pending_then_close (RtbWindow *self);

G_END_DECLS
