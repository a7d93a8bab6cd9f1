/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Not a test by itself: tests/test-remote.sh runs it once its sshd plays a board. The window
 * measures this machine and the board ($RTBENCH_TEST_BOARD, an ssh alias whose worker calls
 * itself $RTBENCH_TEST_BOARD_NAME) at the same time, each run in its tab with its own worker:
 * both views update, both runs save, and each names its own machine. With $RTBENCH_SCREENSHOT
 * set, the screen is saved there while both run. Exits 0 when all holds.
 */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <glib/gstdio.h>

#include "gui-test-util.h"

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
      count = rtb_stats_table_get_text (table, 0, RTB_STATS_COLUMN_COUNT);
      shown += count != NULL && g_ascii_strtoull (count, NULL, 10) > 0;
    }
  return shown == 2;
}

int
main (int argc, char **argv)
{
  const char *board = g_getenv ("RTBENCH_TEST_BOARD");
  const char *board_name = g_getenv ("RTBENCH_TEST_BOARD_NAME");
  const char *screenshot = g_getenv ("RTBENCH_SCREENSHOT");
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(GPtrArray) recordings = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  RtbWindow *window;

  gui_test_init (&argc, &argv);
  g_assert_true (gui_test_have_display);
  g_assert_nonnull (board);
  g_assert_nonnull (board_name);

  window = new_window ();
  settings = g_settings_new ("io.github.rtbench.RtBench");
  setup_short_latency (window, "6s", "here");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);

  g_settings_set_string (settings, "remote", board);
  g_settings_set_string (settings, "remote-worker", g_getenv ("RTBENCH_WORKER"));
  iterate_for (200);
  setup_short_latency (window, "6s", "there");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  g_assert_null (rtb_window_get_last_error (window));

  recordings = rtb_window_get_recordings (window);
  g_assert_cmpuint (recordings->len, ==, 2);
  g_assert_null (rtb_recording_get_remote (recordings->pdata[0]));
  g_assert_cmpstr (rtb_recording_get_remote (recordings->pdata[1]), ==, board);

  iterate_until (both_shown, window, 30);
  for (guint i = 0; i < 2; i++)
    g_assert_true (rtb_recording_is_live (recordings->pdata[i]));
  g_assert_true (both_shown (window));
  g_test_message ("both runs live, both tables updated");
  if (screenshot != NULL)
    {
      const char *argv_import[] = { "import", "-window", "root", screenshot, NULL };

      rtb_window_select_recording (window, recordings->pdata[1]);
      iterate_for (1500);
      g_assert_true (g_spawn_sync (NULL, (char **) argv_import, NULL, G_SPAWN_SEARCH_PATH, NULL,
                                   NULL, NULL, NULL, NULL, &error));
      g_test_message ("screenshot: %s", screenshot);
    }

  iterate_until (window_done, window, 30);
  g_assert_false (rtb_window_is_running (window));
  g_assert_null (rtb_window_get_last_error (window));

  dir = g_dir_make_tmp ("rtbench-two-machines-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      RtbRun *run = rtb_recording_get_run (recordings->pdata[i]);
      g_autofree char *path = g_strdup_printf ("%s/%u.rtbench", dir, i);
      g_autoptr(RtbRun) saved = NULL;

      g_assert_cmpint (rtb_recording_get_state (recordings->pdata[i]), ==,
                       RTB_RECORDING_FINISHED);
      g_assert_true (rtb_window_save_run_to (window, run, path, &error));
      g_assert_no_error (error);
      saved = rtb_run_load (path, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (rtb_run_get_total_count (saved), ==, rtb_run_get_total_count (run));
      g_assert_cmpuint (rtb_run_get_total_count (saved), >, 0);
      g_assert_cmpstr (rtb_run_get_system (saved)->hostname, ==,
                       i == 0 ? g_get_host_name () : board_name);
      g_test_message ("%s: %s, %" G_GUINT64_FORMAT " samples", rtb_run_get_label (saved),
                      rtb_run_get_system (saved)->hostname, rtb_run_get_total_count (saved));
      g_unlink (path);
    }
  g_rmdir (dir);
  g_settings_reset (settings, "remote");
  g_settings_reset (settings, "remote-worker");
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
