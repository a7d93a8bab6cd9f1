/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Nothing measured goes unasked: a finished run is kept in the unsaved folder, closing its tab
 * (Ctrl+W) or the window asks Save / Discard / Cancel, and runs left in the folder are offered
 * for recovery. A run saved after its end is no longer asked for, and Ctrl+S on a comparison's
 * tab saves the comparison. The real worker measures; keys go through the X server. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "rtb-compare-view.h"
#include "rtb-recording.h"
#include "rtb-unsaved.h"
#include "rtb-window.h"

#include "gui-test-util.h"

static char *data_home;
static char *out_dir;

/* A short run of `method` through the window, waited for until it ended. */
static RtbRun *
finished_run (RtbWindow  *window,
              RtbMethod   method,
              const char *label)
{
  RtbSetupPanel *panel = rtb_window_get_setup_panel (window);

  rtb_setup_panel_set_method (panel, method);
  rtb_setup_panel_set_duration (panel, "2s");
  rtb_setup_panel_set_load (panel, RTB_LOAD_NONE);
  rtb_setup_panel_set_label (panel, label);
  if (geteuid () != 0)
    g_object_set (panel, "policy", "other", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  g_assert_true (rtb_window_is_running (window));
  iterate_until (window_done, window, 30);
  g_assert_false (rtb_window_is_running (window));
  g_assert_cmpuint (rtb_run_get_total_count (rtb_window_get_live_run (window)), >, 0);
  return rtb_window_get_live_run (window);
}

static guint
count_unsaved (void)
{
  g_autoptr(GPtrArray) entries = rtb_unsaved_list ();

  for (guint i = 0; i < entries->len; i++)
    g_test_message ("unsaved: %s", ((RtbUnsavedEntry *) g_ptr_array_index (entries, i))->path);
  return entries->len;
}

/* The one run in the unsaved folder: loads, and holds what the window measured. */
static char *
kept_path (RtbRun *run)
{
  g_autoptr(GPtrArray) entries = rtb_unsaved_list ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbRun) kept = NULL;
  RtbUnsavedEntry *entry;

  g_assert_cmpuint (entries->len, ==, 1);
  entry = g_ptr_array_index (entries, 0);
  kept = rtb_run_load (entry->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (rtb_run_get_method (kept), ==, rtb_run_get_method (run));
  g_assert_cmpuint (rtb_run_get_total_count (kept), ==, rtb_run_get_total_count (run));
  g_assert_cmpstr (entry->title, ==, rtb_run_get_label (run));
  return g_strdup (entry->path);
}

static gboolean
has_no_runs (gpointer window)
{
  return rtb_window_get_n_runs (window) == 0;
}

/* A finished timer run, Ctrl+W: kept meanwhile; Cancel keeps the tab, Save writes the file the
 * user chose and closes it; a second run discarded leaves nothing behind. */
static void
test_close_tab (void)
{
  g_autofree char *target = g_build_filename (out_dir, "timer.rtbench", NULL);
  g_autofree char *kept = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbRun) saved = NULL;
  RtbWindow *window;
  RtbRun *run;

  REQUIRE_DISPLAY ();

  window = new_window ();
  run = finished_run (window, RTB_METHOD_TIMER, "timer to keep");
  kept = kept_path (run);

  if (!gui_test_press (GTK_WINDOW (window), "ctrl+w"))
    {
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 1);
  gui_test_answer (gui_test_expect_dialog (), "cancel");
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 1);
  g_assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));

  gui_test_press (GTK_WINDOW (window), "ctrl+w");
  gui_test_answer (gui_test_expect_dialog (), "save");
  g_assert_true (gui_test_choose_file (target));
  iterate_until (has_no_runs, window, 10);
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 0);
  saved = rtb_run_load (target, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rtb_run_get_total_count (saved), ==, rtb_run_get_total_count (run));
  g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_unsaved (), ==, 0);

  run = finished_run (window, RTB_METHOD_TIMER, "timer to drop");
  g_clear_pointer (&kept, g_free);
  kept = kept_path (run);
  gui_test_press (GTK_WINDOW (window), "ctrl+w");
  gui_test_answer (gui_test_expect_dialog (), "discard");
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 0);
  g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_unsaved (), ==, 0);

  g_unlink (target);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A finished run saved through its recording (as Save does) knows its file: nothing is left
 * unsaved, and Ctrl+W closes its tab without asking. */
static void
test_saved_after_end (void)
{
  g_autofree char *target = g_build_filename (out_dir, "latency.rtbench", NULL);
  g_autoptr(GPtrArray) recordings = NULL;
  g_autoptr(GError) error = NULL;
  RtbWindow *window;
  RtbRun *run;

  REQUIRE_DISPLAY ();

  window = new_window ();
  run = finished_run (window, RTB_METHOD_LATENCY, "latency saved at the end");
  recordings = rtb_window_get_recordings (window);
  g_assert_cmpuint (recordings->len, ==, 1);
  g_assert_true (rtb_recording_get_run (recordings->pdata[0]) == run);
  g_assert_cmpuint (count_unsaved (), ==, 1);
  g_assert_nonnull (rtb_window_get_inhibit_reason (window));

  g_assert_true (rtb_recording_save_to (recordings->pdata[0], target, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (rtb_run_get_file (run), ==, target);
  g_assert_cmpstr (rtb_recording_get_output (recordings->pdata[0]), ==, target);
  g_assert_cmpuint (count_unsaved (), ==, 0);
  g_assert_null (rtb_window_get_inhibit_reason (window));

  if (gui_test_press (GTK_WINDOW (window), "ctrl+w"))
    {
      g_assert_null (gui_test_find_dialog ());
      iterate_until (has_no_runs, window, 10);
      g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 0);
    }
  g_unlink (target);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_file (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

/* Ctrl+S on a comparison's tab while none of its widgets has the focus (the window's own
 * shortcut takes the key then) saves the comparison, as it does with the focus in it. */
static void
test_save_comparison_unfocused (void)
{
  g_autofree char *folder = g_build_filename (out_dir, "comparison", NULL);
  g_autofree char *csv = g_build_filename (folder, "compare.csv", NULL);
  RtbWindow *window;
  RtbRun *runs[2];

  REQUIRE_DISPLAY ();

  window = new_window ();
  runs[0] = finished_run (window, RTB_METHOD_TIMER, "timer one");
  runs[1] = finished_run (window, RTB_METHOD_TIMER, "timer two");
  rtb_window_compare_runs (window, runs, 2);
  g_assert_true (gtk_widget_get_mapped (find_descendant (GTK_WIDGET (window),
                                                         RTB_TYPE_COMPARE_VIEW)));
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  g_assert_null (gtk_window_get_focus (GTK_WINDOW (window)));

  if (gui_test_press (GTK_WINDOW (window), "ctrl+s"))
    {
      g_assert_true (gui_test_choose_file (folder));
      iterate_until (is_file, csv, 10);
      g_assert_true (is_file (csv));
      for (guint r = 0; r < 2; r++)
        g_assert_true (g_str_has_prefix (rtb_run_get_file (runs[r]), folder));
      g_assert_cmpuint (count_unsaved (), ==, 0);
    }
  gui_test_remove_tree (folder);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A finished jitter run and a finished latency run, the window closed as quitting closes it:
 * one dialog for both; Cancel keeps them, Save saves the ticked one and discards the other. */
static void
test_close_window (void)
{
  g_autofree char *target = g_build_filename (out_dir, "jitter.rtbench", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbRun) saved = NULL;
  AdwMessageDialog *dialog;
  GtkWidget *box;
  GtkWidget *check;
  RtbWindow *window;
  RtbRun *jitter;

  REQUIRE_DISPLAY ();

  window = new_window ();
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  jitter = g_object_ref (finished_run (window, RTB_METHOD_JITTER, "jitter to keep"));
  finished_run (window, RTB_METHOD_LATENCY, "latency to drop");
  g_assert_cmpuint (count_unsaved (), ==, 2);
  g_assert_cmpstr (rtb_window_get_inhibit_reason (window), ==, "2 runs are not saved");

  gtk_window_close (GTK_WINDOW (window));
  g_assert_nonnull (window);
  gui_test_answer (gui_test_expect_dialog (), "cancel");
  g_assert_nonnull (window);
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 2);

  gtk_window_close (GTK_WINDOW (window));
  dialog = gui_test_expect_dialog ();
  /* One check per run, in tab order: untick the latency run. */
  box = adw_message_dialog_get_extra_child (dialog);
  g_assert_true (gtk_widget_get_visible (box));
  check = gtk_widget_get_last_child (box);
  g_assert_true (GTK_IS_CHECK_BUTTON (check));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), FALSE);
  gui_test_answer (dialog, "save");
  g_assert_true (gui_test_choose_file (target));
  iterate_until (gui_test_pointer_cleared, &window, 10);
  g_assert_null (window);

  saved = rtb_run_load (target, &error);
  g_assert_no_error (error);
  g_assert_cmpint (rtb_run_get_method (saved), ==, RTB_METHOD_JITTER);
  g_assert_cmpuint (rtb_run_get_total_count (saved), ==, rtb_run_get_total_count (jitter));
  g_assert_cmpuint (count_unsaved (), ==, 0);
  g_object_unref (jitter);
  g_unlink (target);
}

/* An imported run (in no file of the user's), a saved one and a comparison of both, the window
 * closed: it asks about the imported run alone; Discard, clicked as a user clicks it, closes
 * the window once the dialog is gone, leaves nothing in the unsaved folder, and says nothing on
 * the way (a critical fails the test). */
static void
test_close_window_discard (void)
{
  g_autofree char *imported = gui_test_data_path ("import/ct210-h20-q-2t.txt");
  g_autofree char *saved = gui_test_data_path ("run-v1.rtbench");
  g_autoptr(GFile) imported_file = g_file_new_for_path (imported);
  g_autoptr(GFile) saved_file = g_file_new_for_path (saved);
  AdwMessageDialog *dialog;
  RtbWindow *window;

  REQUIRE_DISPLAY ();

  window = new_window ();
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_assert_true (rtb_window_import_file (window, imported_file));
  rtb_window_open_file (window, saved_file);
  iterate_until (gui_test_has_two_runs, window, 10);
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 2);
  rtb_window_compare_open_runs (window);
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 3);
  g_assert_true (gtk_widget_get_mapped (find_descendant (GTK_WIDGET (window),
                                                         RTB_TYPE_COMPARE_VIEW)));
  g_assert_cmpuint (count_unsaved (), ==, 1);

  gtk_window_close (GTK_WINDOW (window));
  dialog = gui_test_expect_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save the Run?");
  gui_test_answer (dialog, "discard");
  iterate_until (gui_test_pointer_cleared, &window, 10);
  g_assert_null (window);
  g_assert_cmpuint (count_unsaved (), ==, 0);
}

/* A window that went without asking (destroyed: a crash or the session's end look the same from
 * the folder) leaves its runs in the unsaved folder; the next window offers them in its menu,
 * and recovering one opens it, still unsaved. */
static void
test_recover (void)
{
  g_autoptr(GVariant) target = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *action = NULL;
  GMenuModel *menu;
  RtbWindow *window;
  RtbRun *run;
  guint64 count;

  REQUIRE_DISPLAY ();

  window = new_window ();
  run = finished_run (window, RTB_METHOD_LATENCY, "left behind");
  count = rtb_run_get_total_count (run);
  kept = kept_path (run);
  /* Shown in a tab: not offered. */
  g_assert_cmpint (g_menu_model_get_n_items (rtb_window_get_recover_menu (window)), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (100);
  g_assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));

  window = new_window ();
  menu = rtb_window_get_recover_menu (window);
  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 1);
  g_assert_true (g_menu_model_get_item_attribute (menu, 0, G_MENU_ATTRIBUTE_ACTION, "s",
                                                  &action));
  g_assert_cmpstr (action, ==, "win.recover");
  target = g_menu_model_get_item_attribute_value (menu, 0, G_MENU_ATTRIBUTE_TARGET,
                                                  G_VARIANT_TYPE_STRING);
  g_assert_cmpstr (g_variant_get_string (target, NULL), ==, kept);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), action, target));
  iterate_until ((gboolean (*) (gpointer)) rtb_window_get_n_runs, window, 10);
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 1);
  run = rtb_live_view_get_run (rtb_window_get_selected_view (window));
  g_assert_cmpuint (rtb_run_get_total_count (run), ==, count);
  g_assert_cmpstr (rtb_run_get_label (run), ==, "left behind");
  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 0);

  /* Still unsaved: closing its tab asks; discarding empties the folder. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL);
  gui_test_answer (gui_test_expect_dialog (), "discard");
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 0);
  g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  data_home = gui_test_make_data_home ();
  out_dir = g_build_filename (data_home, "out", NULL);
  g_mkdir (out_dir, 0700);
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/unsaved/close-tab", test_close_tab);
  g_test_add_func ("/gui/unsaved/close-window", test_close_window);
  g_test_add_func ("/gui/unsaved/close-window-discard", test_close_window_discard);
  g_test_add_func ("/gui/unsaved/recover", test_recover);
  g_test_add_func ("/gui/unsaved/saved-after-end", test_saved_after_end);
  g_test_add_func ("/gui/unsaved/save-comparison-unfocused", test_save_comparison_unfocused);

  status = g_test_run ();
  gui_test_remove_tree (data_home);
  g_free (out_dir);
  g_free (data_home);
  return status;
}
