/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Not a test by itself: tests/test-remote.sh runs it once its sshd plays a board, and the board
 * lab (tests/lab/test-lab.sh) with two emulated boards. The window measures this machine (or the
 * board $RTBENCH_TEST_FIRST_BOARD, whose worker calls itself $RTBENCH_TEST_FIRST_BOARD_NAME) and
 * the board ($RTBENCH_TEST_BOARD, an ssh alias whose worker calls itself
 * $RTBENCH_TEST_BOARD_NAME) at the same time, each run in its tab with its own worker:
 * both views update, and a comparison of the two live runs follows them (each run's sample
 * count grows in its table, each system and checklist is its own machine's). The comparison is
 * saved in a folder while both run; when they end, each run's file there holds all it measured
 * and names its own machine, and compare.csv every sample of both. The boards' worker is at
 * $RTBENCH_TEST_REMOTE_WORKER (default: $RTBENCH_WORKER). With $RTBENCH_SCREENSHOT set, the
 * screen is saved there while the comparison follows both runs. Exits 0 when all holds.
 */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "gui-test-util.h"
#include "rtb-checklist.h"
#include "rtb-compare-view.h"

static RtbLiveView *
view_of (RtbWindow *window, RtbRecording *recording)
{
  rtb_window_select_recording (window, recording);
  return rtb_window_get_selected_view (window);
}

/* Both live, and both tables show samples (they follow the runs once a second). */
static gboolean
both_shown (gpointer data)
{
  RtbWindow *window = data;
  g_autoptr(GPtrArray) recordings = rtb_window_get_recordings (window);
  guint shown = 0;

  for (guint i = 0; i < recordings->len; i++)
    {
      RtbRecording *recording = recordings->pdata[i];
      RtbStatsTable *table = rtb_live_view_get_stats_table (view_of (window, recording));
      const char *count;

      if (!rtb_recording_is_live (recording))
        return TRUE; /* too late: the checks below say what went wrong */
      if (rtb_stats_table_get_n_rows (table) == 0)
        continue;
      count = rtb_stats_table_get_text (table, 0, RTB_FIGURE_COUNT);
      shown += count != NULL && g_ascii_strtoull (count, NULL, 10) > 0;
    }
  return shown == 2;
}

/* The sample count of each run on the comparison's first line, as its table shows it. */
static guint64
shown_count (RtbCompareView *view, guint run)
{
  const char *text = rtb_compare_view_get_value_text (view, 0, run, RTB_FIGURE_COUNT);

  /* The best value is marked "✓ N"; a count is never judged, but stay safe. */
  return g_ascii_strtoull (g_str_has_prefix (text, "✓ ") ? text + strlen ("✓ ") : text, NULL,
                           10);
}

typedef struct {
  RtbCompareView *view;
  guint64 counts[2];
  guint refreshes;
} Following;

/* Both runs' counts grew in the comparison's table since `counts`, in a later refresh. */
static gboolean
both_grew (gpointer data)
{
  Following *f = data;

  return rtb_compare_view_get_n_refreshes (f->view) > f->refreshes &&
         shown_count (f->view, 0) > f->counts[0] && shown_count (f->view, 1) > f->counts[1];
}

/* The top of the comparison into `path`, its statistics table into PATH-table.png. */
static void
take_screenshots (RtbCompareView *view, const char *path)
{
  g_autofree char *base = g_strndup (path, g_str_has_suffix (path, ".png") ? strlen (path) - 4
                                                                          : strlen (path));
  g_autofree char *table = g_strdup_printf ("%s-table.png", base);
  const char *shots[] = { path, table };
  GtkScrolledWindow *scroller;

  scroller = GTK_SCROLLED_WINDOW (find_descendant (GTK_WIDGET (view), GTK_TYPE_SCROLLED_WINDOW));
  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      const char *argv_import[] = { "import", "-window", "root", shots[i], NULL };
      g_autoptr(GError) error = NULL;

      if (i > 0)
        {
          GtkWidget *content = gtk_scrolled_window_get_child (scroller);
          GtkWidget *stats = find_descendant (content, GTK_TYPE_GRID);
          graphene_rect_t bounds;

          g_assert_true (gtk_widget_compute_bounds (stats, content, &bounds));
          gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (scroller),
                                    bounds.origin.y - 60);
        }
      iterate_for (300);
      g_assert_true (g_spawn_sync (NULL, (char **) argv_import, NULL, G_SPAWN_SEARCH_PATH, NULL,
                                   NULL, NULL, NULL, NULL, &error));
      g_assert_no_error (error);
      g_test_message ("screenshot: %s", shots[i]);
    }
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (scroller), 0);
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

int
main (int argc, char **argv)
{
  const char *board = g_getenv ("RTBENCH_TEST_BOARD");
  const char *board_name = g_getenv ("RTBENCH_TEST_BOARD_NAME");
  const char *first_board = g_getenv ("RTBENCH_TEST_FIRST_BOARD");
  const char *first_name = first_board != NULL ? g_getenv ("RTBENCH_TEST_FIRST_BOARD_NAME")
                                               : g_get_host_name ();
  const char *remote_worker = g_getenv ("RTBENCH_TEST_REMOTE_WORKER") != NULL
                                ? g_getenv ("RTBENCH_TEST_REMOTE_WORKER")
                                : g_getenv ("RTBENCH_WORKER");
  const char *screenshot = g_getenv ("RTBENCH_SCREENSHOT");
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(GPtrArray) recordings = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *path = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) fields = NULL;
  Following following = { 0 };
  RtbCompare *compare;
  RtbWindow *window;

  gui_test_init (&argc, &argv);
  g_assert_true (gui_test_have_display);
  g_assert_nonnull (board);
  g_assert_nonnull (board_name);
  g_assert_nonnull (first_name);

  window = new_window ();
  /* The first run is the longer one, so both are live while the board's starts through ssh
   * and the comparison follows them, however slow that start. */
  settings = g_settings_new ("io.github.rtbench.RtBench");
  g_settings_set_string (settings, "remote-worker", remote_worker);
  if (first_board != NULL)
    {
      g_settings_set_string (settings, "remote", first_board);
      iterate_for (200);
    }
  setup_short_latency (window, "10s", first_name);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);

  g_settings_set_string (settings, "remote", board);
  iterate_for (200);
  setup_short_latency (window, "6s", board_name);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  g_assert_null (rtb_window_get_last_error (window));

  recordings = rtb_window_get_recordings (window);
  g_assert_cmpuint (recordings->len, ==, 2);
  g_assert_cmpstr (rtb_recording_get_remote (recordings->pdata[0]), ==, first_board);
  g_assert_cmpstr (rtb_recording_get_remote (recordings->pdata[1]), ==, board);

  iterate_until (both_shown, window, 30);
  for (guint i = 0; i < 2; i++)
    g_assert_true (rtb_recording_is_live (recordings->pdata[i]));
  g_assert_true (both_shown (window));
  g_test_message ("both runs live, both tables updated");

  /* A comparison of the two live runs follows them. */
  {
    RtbRun *runs[2] = { rtb_recording_get_run (recordings->pdata[0]),
                        rtb_recording_get_run (recordings->pdata[1]) };

    rtb_window_compare_runs (window, runs, 2);
  }
  following.view = RTB_COMPARE_VIEW (find_descendant (GTK_WIDGET (window),
                                                      RTB_TYPE_COMPARE_VIEW));
  g_assert_nonnull (following.view);
  compare = rtb_compare_view_get_compare (following.view);
  g_assert_cmpstr (rtb_compare_find_system_row (compare, "hostname")->values[0], ==,
                   first_name);
  g_assert_cmpstr (rtb_compare_find_system_row (compare, "hostname")->values[1], ==, board_name);
  for (guint r = 0; r < 2; r++)
    {
      GPtrArray *checks = rtb_run_get_checks (rtb_compare_get_run (compare, r));

      g_assert_true (checks != NULL && checks->len > 0);
      g_assert_nonnull (rtb_compare_find_system_row (compare,
                                                     ((RtbCheck *) checks->pdata[0])->id));
      following.counts[r] = shown_count (following.view, r);
    }
  following.refreshes = rtb_compare_view_get_n_refreshes (following.view);
  iterate_until (both_grew, &following, 10);
  g_assert_true (both_grew (&following));
  for (guint r = 0; r < 2; r++)
    {
      g_assert_true (rtb_recording_is_live (recordings->pdata[r]));
      g_assert_cmpuint (shown_count (following.view, r), <=,
                        rtb_run_get_total_count (rtb_recording_get_run (recordings->pdata[r])));
      g_test_message ("run %u in the comparison: %" G_GUINT64_FORMAT " then %" G_GUINT64_FORMAT
                      " samples", r, following.counts[r], shown_count (following.view, r));
    }

  dir = g_dir_make_tmp ("rtbench-two-machines-XXXXXX", &error);
  g_assert_no_error (error);
  g_assert_true (rtb_compare_view_save_to_folder (following.view, dir, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (rtb_compare_view_get_folder (following.view), ==, dir);
  /* Both were live when saved (the main loop did not run since they were seen live): their
   * recordings go on saving there. */
  if (screenshot != NULL)
    take_screenshots (following.view, screenshot);

  iterate_until (window_done, window, 30);
  g_assert_false (rtb_window_is_running (window));
  g_assert_null (rtb_window_get_last_error (window));
  iterate_for (200);

  csv = read_file ((path = g_build_filename (dir, "compare.csv", NULL)));
  g_unlink (path);
  g_clear_pointer (&path, g_free);
  lines = g_strsplit (csv, "\n", 3);
  g_assert_nonnull (lines[1]);
  fields = g_strsplit (lines[1], ",", -1);
  g_assert_cmpstr (fields[1], ==, "count");
  for (guint i = 0; i < 2; i++)
    {
      RtbRun *run = rtb_recording_get_run (recordings->pdata[i]);
      const char *name = i == 0 ? first_name : board_name;
      g_autofree char *file = g_strdup_printf ("%s-latency.rtbench", name);
      g_autoptr(RtbRun) saved = NULL;

      path = g_build_filename (dir, file, NULL);
      g_assert_cmpint (rtb_recording_get_state (recordings->pdata[i]), ==,
                       RTB_RECORDING_FINISHED);
      g_assert_cmpstr (rtb_recording_get_saved_path (recordings->pdata[i]), ==, path);
      saved = rtb_run_load (path, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (rtb_run_get_total_count (saved), ==, rtb_run_get_total_count (run));
      g_assert_cmpuint (rtb_run_get_total_count (saved), >, following.counts[i]);
      g_assert_cmpstr (rtb_run_get_system (saved)->hostname, ==, name);
      g_assert_cmpuint (g_ascii_strtoull (fields[2 + i], NULL, 10), ==,
                        rtb_run_get_total_count (run));
      g_test_message ("%s: %s, %" G_GUINT64_FORMAT " samples", file, rtb_run_get_label (saved),
                      rtb_run_get_total_count (saved));
      g_unlink (path);
      g_clear_pointer (&path, g_free);
    }
  path = g_build_filename (dir, "compare.png", NULL);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_unlink (path);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_settings_reset (settings, "remote");
  g_settings_reset (settings, "remote-worker");
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
