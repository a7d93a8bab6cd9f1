/* SPDX-License-Identifier: GPL-3.0-or-later */
/* RtbWindow's instance, shared by rtb-window.c (tabs, running), rtb-window-closing.c (asking
 * before a tab or the window goes), rtb-window-unsaved.c (runs kept in the unsaved folder,
 * recovery, the session), rtb-window-files.c (open, import, save, export), rtb-window-compare.c
 * (comparing runs) and rtb-window-messages.c (toasts and error dialogs). */
#pragma once

#include "rtb-recording.h"
#include "rtb-window.h"

G_BEGIN_DECLS

typedef enum {
  AFTER_STOP_NOTHING,
  AFTER_STOP_CLOSE,
  AFTER_STOP_SAVE_AND_CLOSE,
} AfterStop;

/* What _rtb_window_save_run() calls once the user saved the run (saved) or did not. */
typedef void (*RtbWindowSaved) (RtbWindow *self, RtbRun *run, gboolean saved, gpointer data);

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

  GMenu *recover_section;

  /* Owned references */
  GSettings *settings;
  RtbRecording *last_recording; /* the one started last, for tests */
  char *last_error;
  GPtrArray *toasts;       /* the last 32 toasts' texts */
  GPtrArray *shown_toasts; /* the toasts on screen or waiting their turn */
  GCancellable *opening;  /* run files loading in threads; cancelled when the window goes */
  GPtrArray *pending_saves; /* runs to save, one dialog after the other, before closing */
  char *inhibit_reason;     /* why the session should not end now, or NULL */

  guint inhibit_cookie;
  guint retitle_id;         /* tab titles fitted again to the tabs' new width */
  gboolean mapped_once;
  AfterStop after_stop;
};

/* The runs a tab shows: one for a run, several for a comparison (transfer container). */
GPtrArray *_rtb_window_page_runs (AdwTabPage *page);
AdwTabPage *_rtb_window_add_page (RtbWindow *self, RtbRun *run);
/* Sets the tab's title, shortened in the middle when long; the whole title (and the file, if
 * any) is its tooltip. */
void _rtb_window_set_page_title (AdwTabPage *page, const char *title, const char *file);
/* The whole title. */
const char *_rtb_window_page_title (AdwTabPage *page);
void _rtb_window_update_actions (RtbWindow *self);
/* The recording that fills the tab's run, or NULL for a run that was opened or imported. */
RtbRecording *_rtb_window_page_recording (AdwTabPage *page);
/* The recording of a run shown in a tab of its own, or NULL. */
RtbRecording *_rtb_window_find_recording (RtbWindow *self, RtbRun *run);

/* rtb-window-messages.c: toasts and error dialogs, also as actions for other widgets */
void _rtb_window_class_init_messages (GtkWidgetClass *widget_class);
/* Shows `message` for a few seconds; returns the toast (borrowed), to dismiss it earlier. */
AdwToast *_rtb_window_toast (RtbWindow *self, const char *message);
void _rtb_window_show_error (RtbWindow *self, const char *heading, const char *body);

/* rtb-window-compare.c */
void _rtb_window_class_init_compare (GtkWidgetClass *widget_class);

/* rtb-window-files.c */
void _rtb_window_class_init_files (GtkWidgetClass *widget_class);
/* Asks where to save the run, saves it, then calls `done` (also when the user gave up). */
void _rtb_window_save_run (RtbWindow *self, RtbRun *run, RtbWindowSaved done, gpointer data);
/* The tab that shows `run` alone, or NULL. */
AdwTabPage *_rtb_window_find_page (RtbWindow *self, RtbRun *run);

/* rtb-window-closing.c */
void _rtb_window_class_init_closing (GtkWidgetClass *widget_class);
/* TRUE when the window asked before closing (the close then waits for the answer). */
gboolean _rtb_window_ask_before_closing (RtbWindow *self);
/* After a recording ended: closes the window when that was waiting for the last one. */
void _rtb_window_after_last_run (RtbWindow *self);
guint _rtb_window_count_live (RtbWindow *self);

/* rtb-window-unsaved.c */
void _rtb_window_class_init_unsaved (GtkWidgetClass *widget_class);
/* The file in the unsaved folder that keeps the tab's run, or NULL. */
const char *_rtb_window_page_unsaved_path (AdwTabPage *page);
/* TRUE when the tab shows one run whose measurements are in no file of the user's. */
gboolean _rtb_window_page_is_unsaved (AdwTabPage *page);
/* A run opened or imported into `page`: kept in the unsaved folder unless it has a file. */
void _rtb_window_keep_page (RtbWindow *self, AdwTabPage *page);
/* The user saved the tab's run elsewhere, or discarded it: its unsaved file goes. */
void _rtb_window_forget_page (RtbWindow *self, AdwTabPage *page);
/* Something that decides what is unsaved changed: refreshes the recovery menu and what is
 * told to the session. */
void _rtb_window_unsaved_changed (RtbWindow *self);

G_END_DECLS
