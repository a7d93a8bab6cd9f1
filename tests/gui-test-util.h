/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the GUI tests share: display detection, main-loop waiting, a window, a short run. */
#pragma once

#include <adwaita.h>

#include "rtb-window.h"

G_BEGIN_DECLS

extern gboolean gui_test_have_display;

/* Without a display every test reports a skip, never a pass. */
#define REQUIRE_DISPLAY()                                              \
  G_STMT_START {                                                       \
    if (!gui_test_have_display)                                        \
      {                                                                \
        g_test_skip ("no display: run under xvfb-run (./test.sh)");    \
        return;                                                        \
      }                                                                \
  } G_STMT_END

/* A test that measures through the window needs the worker meson test points to. */
#define REQUIRE_WORKER()                                               \
  G_STMT_START {                                                       \
    if (g_getenv ("RTBENCH_WORKER") == NULL)                           \
      {                                                                \
        g_test_skip ("RTBENCH_WORKER is not set");                     \
        return;                                                        \
      }                                                                \
  } G_STMT_END

/* Memory settings, no accessibility bus, g_test_init, then GTK and libadwaita if a display
 * is there. Unless the test chose its data folder first (gui_test_make_data_home(),
 * gui_test_set_data_home()), a temporary one of its own, removed at exit: the window keeps
 * runs there, never in the user's. */
void gui_test_init (int *argc, char ***argv);

/* Runs the main loop until done (data) or timeout_s seconds have passed. */
void iterate_until (gboolean (*done) (gpointer), gpointer data, guint timeout_s);
void iterate_for (guint ms);

RtbWindow *new_window (void);
/* A new window, 1280×800, with `path` opened as `rtbench FILE` and the Open dialog open it;
 * returns when its one tab is open. */
RtbWindow *gui_test_open (const char *path);
/* A window holding `child`, presented, of `width` × `height` (0 × 0: the child's size). */
GtkWidget *gui_test_present (GtkWidget *child, int width, int height);
/* For iterate_until: the window's run has ended (or never started). */
gboolean window_done (gpointer data);

/* Makes a temporary XDG_DATA_HOME (the unsaved folder lives there) and returns it; removes it
 * with everything in it. */
char *gui_test_make_data_home (void);
/* Makes `dir` the data folder (XDG_DATA_HOME); before gui_test_init(). */
void gui_test_set_data_home (const char *dir);
void gui_test_remove_tree (const char *path);
/* `relative` ("import/foo.txt") under the test data folder, RTBENCH_TEST_DATA. */
char *gui_test_data_path (const char *relative);

/* Presses keys ("ctrl+w") in `window` as a user would, through the X server (xdotool), and
 * lets the window handle them. FALSE (and a skip message) when xdotool is missing. */
gboolean gui_test_press (GtkWindow *window, const char *keys);

/* Turns the mouse wheel `clicks` notches down (negative: up) with the pointer over `widget`
 * (near its top), through the X server (xdotool). FALSE (and a skip) without xdotool. */
gboolean gui_test_wheel (GtkWidget *widget, int clicks);
/* The same with Shift held, which turns the wheel sideways. */
gboolean gui_test_shift_wheel (GtkWidget *widget, int clicks);

/* The first message dialog on screen, or NULL. */
AdwMessageDialog *gui_test_find_dialog (void);
/* The message dialog on screen (failing the test when there is none), its question logged. */
AdwMessageDialog *gui_test_expect_dialog (void);
/* Clicks the dialog's button of `response`, as a user would: the dialog closes itself and
 * sends the response (not its close response). */
void gui_test_answer (AdwMessageDialog *dialog, const char *response);
/* For iterate_until: the pointer at `data` (a weak pointer to a window…) was cleared. */
gboolean gui_test_pointer_cleared (gpointer data);
/* Answers the file chooser on screen (a native dialog's own) with `path` (a file, or the folder
 * a folder chooser asks for); FALSE when there is none. */
gboolean gui_test_choose_file (const char *path);
/* Answers the file chooser's question whether to replace a file that exists with "Replace";
 * FALSE when it did not ask. */
gboolean gui_test_confirm_replace (void);

/* Sets the window up for a latency run of `duration` (SCHED_OTHER when not root). */
void setup_short_latency (RtbWindow *window, const char *duration, const char *label);

/* For iterate_until: the window shows two runs. */
gboolean gui_test_has_two_runs (gpointer window);
/* Measures a latency run of `duration` through the window's Start (setup_short_latency()),
 * waits for its end and returns it, completed without an error. */
RtbRun *gui_test_measure (RtbWindow *window, const char *duration, const char *label);
/* Saves `run` into a temporary file and opens it in the window: returns the view of the second
 * tab, selected, holding a run of its own read from the file (removed by then). */
RtbLiveView *gui_test_save_and_reopen (RtbWindow *window, RtbRun *run);
/* Takes a picture of the screen into $RTBENCH_SHOT_DIR/`name` when that names a folder
 * (tests/screenshots.sh); does nothing otherwise. */
void gui_test_shoot (const char *name);

/* The first widget of `type` in the tree under `widget` (itself included), or NULL. */
GtkWidget *find_descendant (GtkWidget *widget, GType type);

G_END_DECLS
