/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs imported from other tools in the window: opened as `rtbench FILE` would, a file that keeps
 * only histograms says so in place of its curve and names itself in the header; compared with a
 * run that has its samples, the curve names the run it cannot show. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "rtb-chart.h"
#include "rtb-compare-view.h"
#include "rtb-export.h"
#include "rtb-import.h"
#include "rtb-live-view.h"
#include "rtb-unsaved.h"
#include "rtb-window.h"

#include "rtb-plot-run.h"
#include "rtb-stats-table.h"

#include "gui-test-util.h"

static char *
fixture_path (const char *name)
{
  return g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "import", name, NULL);
}

static gboolean
has_error (gpointer window)
{
  return rtb_window_get_last_error (window) != NULL;
}

static gboolean
has_width (gpointer widget)
{
  return gtk_widget_get_width (widget) > 0;
}

static RtbWindow *
open_fixture (const char *name)
{
  g_autofree char *path = fixture_path (name);

  return gui_test_open (path);
}

static guint
n_curves (RtbLiveView *view)
{
  GPtrArray *charts = rtb_live_view_get_charts (view);
  guint n = 0;

  for (guint i = 0; i < charts->len; i++)
    n += rtb_chart_get_kind (g_ptr_array_index (charts, i)) == RTB_CHART_CURVE;
  return n;
}

/* The window's export of the selected run, in each image format: the histogram alone, as
 * test-plot-run checks the panels; kept in $RTBENCH_SHOT_DIR when it names a folder. */
static void
export_window (RtbWindow *window)
{
  static const struct {
    RtbExportFormat format;
    const char *name;
  } images[] = {
    { RTB_EXPORT_PNG, "export-imported.png" },
    { RTB_EXPORT_SVG, "export-imported.svg" },
    { RTB_EXPORT_PDF, "export-imported.pdf" },
  };
  const char *shots = g_getenv ("RTBENCH_SHOT_DIR");
  g_autofree char *dir = shots != NULL ? g_strdup (shots)
                                       : g_dir_make_tmp ("rtbench-imported-XXXXXX", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (images); i++)
    {
      g_autofree char *path = g_build_filename (dir, images[i].name, NULL);
      g_autoptr(GError) error = NULL;

      g_assert_true (rtb_window_export (window, images[i].format, path, RTB_EXPORT_WIDTH,
                                        RTB_EXPORT_HEIGHT / 2, 1, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
      if (shots == NULL || images[i].format != RTB_EXPORT_PNG)
        g_unlink (path);
    }
  if (shots == NULL)
    g_rmdir (dir);
}

/* Every format that keeps histograms and statistics only: opened, not refused as "not valid
 * JSON"; the same run as rtb_import_file() makes of it; no curve, and a message naming the file
 * and its format instead; the header names the source, and the duration only when the file
 * states it. */
static void
test_open_histograms (void)
{
  static const struct {
    const char *name;
    const char *format;
    gboolean duration_known;
  } files[] = {
    { "ct24-h20-q-2t.txt", "cyclictest 1.x–2.6 text", FALSE },
    { "ct210-h20-q-2t.json", "cyclictest --json", TRUE },
    { "rtla-timerlat-2cpu.txt", "rtla timerlat hist text", TRUE },
    { "jitterdebugger-2cpu.json", "jitterdebugger JSON", FALSE },
    { "ct24-q-2t.txt", "cyclictest status lines", FALSE },
  };

  REQUIRE_DISPLAY ();

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *path = fixture_path (files[f].name);
      g_autoptr(RtbRun) expected = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *source = NULL;
      RtbWindow *window = open_fixture (files[f].name);
      RtbLiveView *view = rtb_window_get_selected_view (window);
      RtbRun *run = rtb_live_view_get_run (view);
      const char *message = rtb_live_view_get_no_samples_text (view);
      const char *time_text = rtb_live_view_get_time_text (view);

      expected = rtb_import_file (path, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (rtb_run_get_source (run), ==, rtb_run_get_source (expected));
      g_assert_cmpuint (rtb_run_get_total_count (run), ==, rtb_run_get_total_count (expected));
      /* An import is kept in the unsaved folder, as the Import dialog's: never written over
       * the file it came from, and saving asks where. */
      g_assert_true (rtb_unsaved_contains (rtb_run_get_file (run)));

      g_test_message ("%s: %s | %s | %s", files[f].name, rtb_live_view_get_source_text (view),
                      time_text, message);
      g_assert_nonnull (message);
      g_assert_nonnull (strstr (message, files[f].name));
      g_assert_nonnull (strstr (message, files[f].format));
      g_assert_cmpuint (n_curves (view), ==, 0);
      g_assert_cmpuint (rtb_live_view_get_charts (view)->len, ==, 1);
      /* Status lines alone keep no histogram: none is drawn, and the overflows are unknown. */
      {
        gboolean no_histogram = rtb_plot_run_lacks_histogram (run);
        RtbStatsTable *table = rtb_live_view_get_stats_table (view);

        g_assert_cmpint (no_histogram, ==, g_str_equal (files[f].name, "ct24-q-2t.txt"));
        g_assert_cmpint (gtk_widget_is_visible (rtb_live_view_get_charts (view)->pdata[0]), ==,
                         !no_histogram);
        g_assert_cmpint (g_str_equal (rtb_stats_table_get_text (table, 0,
                                                                RTB_FIGURE_OVERFLOWS),
                                      "—"), ==, no_histogram);
      }

      source = g_strdup_printf ("Imported from %s: %s", files[f].format, files[f].name);
      g_assert_cmpstr (rtb_live_view_get_source_text (view), ==, source);
      g_assert_cmpstr (time_text, !=, "Duration: 0:00");
      g_assert_null (strstr (time_text, "until stopped"));
      if (files[f].duration_known)
        g_assert_cmpstr (time_text, !=, "Duration: -");
      else
        g_assert_cmpstr (time_text, ==, "Duration: -");

      if (f == 0)
        {
          gui_test_shoot ("imported-light.png");
          export_window (window);
        }
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* A recorded worker stream has every sample: its curve, no message; the header still says it
 * was imported. */
static void
test_open_stream (void)
{
  RtbWindow *window;
  RtbLiveView *view;

  REQUIRE_DISPLAY ();

  window = open_fixture ("worker-latency-1s.stream");
  view = rtb_window_get_selected_view (window);
  g_assert_null (rtb_live_view_get_no_samples_text (view));
  g_assert_cmpuint (n_curves (view), ==, 1);
  g_assert_true (g_str_has_prefix (rtb_live_view_get_source_text (view),
                                   "Imported from rtbench-worker stream: "));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A cyclictest -v log has every sample: its curve and histogram, no message, the figures of
 * the import, and the header says where it came from. */
static void
test_open_verbose (void)
{
  g_autofree char *path = fixture_path ("ct24-v-h60-2t.txt");
  g_autoptr(RtbRun) expected = NULL;
  g_autoptr(GError) error = NULL;
  RtbWindow *window;
  RtbLiveView *view;
  RtbRun *run;

  REQUIRE_DISPLAY ();

  window = open_fixture ("ct24-v-h60-2t.txt");
  view = rtb_window_get_selected_view (window);
  run = rtb_live_view_get_run (view);
  expected = rtb_import_file (path, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (rtb_live_view_get_no_samples_text (view));
  g_assert_cmpuint (n_curves (view), ==, 1);
  g_assert_cmpstr (rtb_live_view_get_source_text (view), ==,
                   "Imported from cyclictest -v: ct24-v-h60-2t.txt");
  g_assert_cmpuint (rtb_run_get_n_series (run), ==, 2);
  g_assert_cmpuint (rtb_run_get_total_count (run), ==, rtb_run_get_total_count (expected));
  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    g_assert_cmpuint (rtb_run_get_series (run, i)->history.n_positions, ==,
                      rtb_run_get_series (expected, i)->history.n_positions);
  gui_test_shoot ("imported-verbose-light.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Text that no importer reads: the message says it is neither a run file nor a result rtbench
 * imports, quotes what it found, and no tab opens. */
static void
test_open_unknown_text (void)
{
  g_autofree char *dir = g_dir_make_tmp ("rtbench-imported-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "notes.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  RtbWindow *window;
  const char *message;

  REQUIRE_DISPLAY ();

  g_assert_true (g_file_set_contents (path, "shopping list\nmilk\n", -1, NULL));
  window = new_window ();
  rtb_window_open_file (window, file);
  iterate_until (has_error, window, 20);
  message = rtb_window_get_last_error (window);
  g_test_message ("%s", message);
  g_assert_nonnull (strstr (message, "notes.txt"));
  g_assert_nonnull (strstr (message, "neither an rtbench run file nor a result rtbench imports"));
  g_assert_nonnull (strstr (message, "shopping list"));
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

/* A run with its samples beside one without: the curve shows the one, and says the other has
 * no per-sample data, naming its file; two such runs leave the curve with nothing but that. */
static void
test_compare (void)
{
  g_autofree char *stream_path = fixture_path ("worker-latency-1s.stream");
  g_autofree char *ct_path = fixture_path ("ct24-h20-q-2t.txt");
  g_autofree char *rtla_path = fixture_path ("rtla-timerlat-2cpu.txt");
  g_autoptr(RtbRun) stream = rtb_import_file (stream_path, NULL, NULL, NULL);
  g_autoptr(RtbRun) ct = rtb_import_file (ct_path, NULL, NULL, NULL);
  g_autoptr(RtbRun) rtla = rtb_import_file (rtla_path, NULL, NULL, NULL);
  RtbRun *mixed[] = { stream, ct };
  RtbRun *histograms[] = { ct, rtla };
  RtbCompareView *view;
  GtkWidget *holder;
  const char *note;

  REQUIRE_DISPLAY ();

  g_assert_nonnull (stream);
  g_assert_nonnull (ct);
  g_assert_nonnull (rtla);
  view = rtb_compare_view_new (mixed, 2);
  holder = gui_test_present (GTK_WIDGET (view), 1280, 800);
  iterate_until (has_width, rtb_compare_view_get_curve (view), 10);
  note = rtb_chart_get_note (rtb_compare_view_get_curve (view));
  g_test_message ("%s", note);
  g_assert_nonnull (note);
  g_assert_true (g_str_has_prefix (note, "ct24-h20-q-2t has no per-sample data"));
  g_assert_nonnull (strstr (note, "cyclictest 1.x–2.6 text (ct24-h20-q-2t.txt)"));
  g_assert_null (strchr (note, '\n'));
  g_assert_null (rtb_chart_get_note (rtb_compare_view_get_histogram (view)));
  gui_test_shoot ("compare-imported-light.png");
  gtk_window_destroy (GTK_WINDOW (holder));

  view = rtb_compare_view_new (histograms, 2);
  holder = gui_test_present (GTK_WIDGET (view), 0, 0);
  note = rtb_chart_get_note (rtb_compare_view_get_curve (view));
  g_test_message ("%s", note);
  g_assert_nonnull (strstr (note, "ct24-h20-q-2t has no per-sample data"));
  g_assert_nonnull (strstr (note, "\nrtla-timerlat-2cpu has no per-sample data"));
  gtk_window_destroy (GTK_WINDOW (holder));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/imported/histograms", test_open_histograms);
  g_test_add_func ("/gui/imported/stream", test_open_stream);
  g_test_add_func ("/gui/imported/verbose", test_open_verbose);
  g_test_add_func ("/gui/imported/unknown-text", test_open_unknown_text);
  g_test_add_func ("/gui/imported/compare", test_compare);
  return g_test_run ();
}
