/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's files: compare tabs, export, saving a run while it runs, autosave. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"


#include <adwaita.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rtb-causes-panel.h"
#include "rtb-compare-dialog.h"
#include "rtb-compare-view.h"
#include "rtb-export.h"
#include "rtb-live-view.h"
#include "rtb-methods.h"
#include "rtb-test-run.h"
#include "rtb-window.h"

#include "gui-test-util.h"

static char *tmp_dir;

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

/* Two 4-CPU runs, the second one slower on every CPU and on another kernel. */
static void
make_runs (RtbRun **good,
           RtbRun **bad)
{
  RtbSystemInfo *system;

  *good = test_run_new ("fast", RTB_METHOD_LATENCY, 4, 1000);
  *bad = test_run_new ("slow", RTB_METHOD_LATENCY, 4, 1000);
  for (guint i = 0; i < 4; i++)
    {
      test_series_fill (rtb_run_get_series (*good, i), 5000, 8000, 100, 100);
      test_series_fill (rtb_run_get_series (*bad, i), 5000, 20000, 400, 100);
    }
  system = g_new0 (RtbSystemInfo, 1);
  system->hostname = g_strdup ("rpi4-linuxcnc");
  system->kernel_release = g_strdup ("4.19.71-rt24-v7l+");
  system->preempt_rt = TRUE;
  system->machine = g_strdup ("armv7l");
  system->n_cpus = 4;
  rtb_run_set_system (*bad, system);
}

static void
render (GtkWidget *widget)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 400);
  cr = cairo_create (surface);
  gsk_render_node_draw (node, cr);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static gboolean
has_width (gpointer data)
{
  return gtk_widget_get_width (data) > 0;
}

static void
test_compare_two_runs (void)
{
  g_autoptr(RtbRun) good = NULL;
  g_autoptr(RtbRun) bad = NULL;
  RtbRun *runs[2];
  RtbCompareView *view;
  RtbCompare *compare;
  RtbWindow *window;
  GtkWidget *holder;
  GtkWidget *cell;

  REQUIRE_DISPLAY ();

  make_runs (&good, &bad);
  window = new_window ();
  rtb_window_add_run (window, good);
  rtb_window_add_run (window, bad);
  rtb_window_compare_open_runs (window);
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 3);
  g_assert_null (rtb_window_get_selected_view (window));

  runs[0] = good;
  runs[1] = bad;
  view = g_object_ref_sink (rtb_compare_view_new (runs, 2));
  compare = rtb_compare_view_get_compare (view);
  g_assert_cmpuint (rtb_compare_get_n_rows (compare), ==, 5);
  g_assert_true (rtb_compare_row_is_pooled (compare, 0));

  /* Every row: the slow run's max is marked worse, the fast run's is the best. */
  for (guint row = 0; row < rtb_compare_get_n_rows (compare); row++)
    {
      cell = rtb_compare_view_get_value_cell (view, row, 1, RTB_FIGURE_MAX);
      g_test_message ("%s: %s", rtb_compare_get_row_name (compare, row),
                      rtb_compare_view_get_value_text (view, row, 1, RTB_FIGURE_MAX));
      g_assert_true (gtk_widget_has_css_class (cell, "compare-worse"));
      g_assert_false (gtk_widget_has_css_class (cell, "compare-best"));
      cell = rtb_compare_view_get_value_cell (view, row, 0, RTB_FIGURE_MAX);
      g_assert_true (gtk_widget_has_css_class (cell, "compare-best"));
      g_assert_nonnull (strstr (rtb_compare_view_get_value_text (view, row, 0,
                                                                  RTB_FIGURE_MAX), "✓"));
    }
  /* The count is not judged. */
  cell = rtb_compare_view_get_value_cell (view, 0, 1, RTB_FIGURE_COUNT);
  g_assert_false (gtk_widget_has_css_class (cell, "compare-worse"));
  g_assert_cmpstr (rtb_compare_view_get_value_text (view, 0, 1, RTB_FIGURE_COUNT), ==,
                   "20000");

  g_assert_cmpuint (rtb_compare_view_get_n_differing (view), >=, 2);
  /* Neither run was traced, neither kept interrupt counts: no such tables. */
  g_assert_cmpuint (rtb_compare_view_get_n_causes (view), ==, 0);
  g_assert_cmpuint (rtb_compare_view_get_n_interrupts (view), ==, 0);

  /* Both histogram modes draw. */
  holder = gui_test_present (GTK_WIDGET (view), 1000, 700);
  iterate_until (has_width, rtb_compare_view_get_histogram (view), 10);
  rtb_compare_view_set_per_cpu (view, TRUE);
  render (GTK_WIDGET (rtb_compare_view_get_histogram (view)));
  rtb_compare_view_set_per_cpu (view, FALSE);
  render (GTK_WIDGET (rtb_compare_view_get_histogram (view)));
  render (GTK_WIDGET (rtb_compare_view_get_curve (view)));

  gtk_window_destroy (GTK_WINDOW (holder));
  g_object_unref (view);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_compare_notices (void)
{
  g_autoptr(RtbRun) latency = test_run_new ("latency", RTB_METHOD_LATENCY, 2, 1000);
  g_autoptr(RtbRun) timer = test_run_new ("timer", RTB_METHOD_TIMER, 1, 1000);
  RtbRun *runs[2] = { latency, timer };
  RtbCompareView *view;

  REQUIRE_DISPLAY ();

  test_series_fill (rtb_run_get_series (latency, 0), 100, 8000, 100, 10);
  test_series_fill (rtb_run_get_series (timer, 0), 100, 8000, 100, 10);
  view = g_object_ref_sink (rtb_compare_view_new (runs, 2));
  g_test_message ("%s", rtb_compare_view_get_notices (view));
  g_assert_nonnull (rtb_compare_view_get_notices (view));
  g_object_unref (view);
}

static void
check_png (const char *path,
           int         width,
           int         height)
{
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, height);
  cairo_surface_destroy (surface);
}

static void
check_prefix (const char *path,
              const char *prefix,
              const char *contains)
{
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, prefix));
  if (contains != NULL)
    g_assert_nonnull (strstr (contents, contains));
}

/* An export through the window's action, win.export-to. */
static void
export_to (RtbWindow  *window,
           const char *format,
           const char *path,
           int         width,
           int         height,
           double      scale)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.export-to", "(ssiid)", format, path,
                              width, height, scale);
}

/* A text export through the action: its file starts with `prefix` and holds `contains`. */
static void
export_text (RtbWindow  *window,
             const char *format,
             const char *path,
             const char *prefix,
             const char *contains)
{
  export_to (window, format, path, 0, 0, 0.0);
  check_prefix (path, prefix, contains);
}

static void
test_export (void)
{
  g_autoptr(RtbRun) good = NULL;
  g_autoptr(RtbRun) bad = NULL;
  g_autofree char *png = tmp_path ("chart.png");
  g_autofree char *png2 = tmp_path ("chart2.png");
  g_autofree char *svg = tmp_path ("chart.svg");
  g_autofree char *pdf = tmp_path ("chart.pdf");
  g_autofree char *csv = tmp_path ("summary.csv");
  g_autofree char *histogram_csv = tmp_path ("histogram.csv");
  g_autofree char *text = tmp_path ("cyclictest.txt");
  g_autofree char *report_pdf = tmp_path ("report.pdf");
  g_autofree char *report_html = tmp_path ("report.html");
  g_autoptr(GError) error = NULL;
  RtbWindow *window;

  REQUIRE_DISPLAY ();

  make_runs (&good, &bad);
  window = new_window ();
  rtb_window_add_run (window, good);

  g_assert_true (rtb_window_export (window, RTB_EXPORT_PNG, png, 640, 480, 1.0, &error));
  g_assert_no_error (error);
  check_png (png, 640, 480);
  /* Through the window's action, as a script would call it. */
  export_to (window, "png", png2, 600, 400, 2.0);
  g_assert_null (rtb_window_get_last_error (window));
  check_png (png2, 1200, 800);
  export_to (window, "svg", svg, 640, 480, 1.0);
  check_prefix (svg, "<?xml", "width=\"640\"");
  export_to (window, "pdf", pdf, 640, 480, 1.0);
  check_prefix (pdf, "%PDF", NULL);
  export_text (window, "csv-summary", csv, "run,series,cpu,count", "fast,CPU3,3,5000");
  export_text (window, "csv-histogram", histogram_csv, "bucket_us", NULL);
  export_text (window, "cyclictest", text, "# ", "# Max Latencies:");
  /* Export Report…: a PDF, or HTML when the name says so. */
  export_text (window, "report", report_pdf, "%PDF", NULL);
  export_text (window, "report", report_html, "<!DOCTYPE html>",
               "<h1>rtbench report: fast</h1>");
  g_assert_null (rtb_window_get_last_error (window));
  /* The layout the Export menu names: rt-tests 2.6 and earlier count the rows in "# Total:". */
  export_text (window, "cyclictest-2.6", text, "# ", "\n# Total: ");
  export_text (window, "cyclictest-2.7", text, "# ", "# Max Latencies:");
  {
    g_autofree char *written = NULL;

    g_assert_true (g_file_get_contents (text, &written, NULL, NULL));
    g_assert_null (strstr (written, "# Total:"));
  }
  g_assert_null (rtb_window_get_last_error (window));

  /* A comparison tab exports both runs and the comparison table. */
  rtb_window_add_run (window, bad);
  rtb_window_compare_open_runs (window);
  export_to (window, "png", png, 800, 1000, 1.0);
  check_png (png, 800, 1000);
  export_text (window, "csv-summary", csv, "series,statistic,fast,slow", NULL);
  export_text (window, "report", report_html, "<!DOCTYPE html>",
               "<h1>rtbench comparison: fast vs slow</h1>");
  g_assert_null (rtb_window_get_last_error (window));

  /* Refused politely: one cyclictest file cannot hold two runs. */
  export_to (window, "cyclictest", text, 0, 0, 0.0);
  g_assert_nonnull (rtb_window_get_last_error (window));

  for (const char *const *p = (const char *const[]) { png, png2, svg, pdf, csv, histogram_csv,
                                                      text, report_pdf, report_html, NULL };
       *p; p++)
    g_unlink (*p);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_chart_export (void)
{
  g_autoptr(RtbRun) good = NULL;
  g_autoptr(RtbRun) bad = NULL;
  g_autofree char *png = tmp_path ("histogram.png");
  g_autofree char *csv = tmp_path ("histogram.csv");
  g_autoptr(GError) error = NULL;
  RtbChart *chart;

  REQUIRE_DISPLAY ();

  make_runs (&good, &bad);
  chart = g_object_ref_sink (rtb_chart_new (RTB_CHART_HISTOGRAM));
  rtb_chart_set_runs (chart, (RtbRun *[]) { good, bad }, 2, NULL);
  g_assert_true (rtb_chart_export (chart, RTB_EXPORT_PNG, png, 500, 300, 2.0, &error));
  g_assert_no_error (error);
  check_png (png, 1000, 600);
  g_assert_true (rtb_chart_export (chart, RTB_EXPORT_CSV_HISTOGRAM, csv, 0, 0, 0, &error));
  check_prefix (csv, "bucket_us,fast CPU0", "slow CPU3");
  g_object_unref (chart);
  g_unlink (png);
  g_unlink (csv);
}

static GBytes *
chart_png (RtbChart   *chart,
           const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GMappedFile) file = NULL;

  g_assert_true (rtb_chart_export (chart, RTB_EXPORT_PNG, path, 600, 300, 1.0, &error));
  g_assert_no_error (error);
  file = g_mapped_file_new (path, FALSE, &error);
  g_assert_no_error (error);
  return g_mapped_file_get_bytes (file);
}

/* The chart menu's scale: automatic by default, which for a few spikes a hundred times the rest
 * draws what "Logarithmic" draws; "Linear" draws something else. */
static void
test_chart_scale (void)
{
  g_autoptr(RtbRun) run = test_run_new ("spiky", RTB_METHOD_LATENCY, 1, 1000);
  g_autofree char *png = tmp_path ("scale.png");
  g_autofree char *scale = NULL;
  g_autoptr(GBytes) automatic = NULL, linear = NULL, logarithmic = NULL;
  RtbChart *chart;

  REQUIRE_DISPLAY ();

  for (guint i = 0; i < 5000; i++)
    test_series_add (rtb_run_get_series (run, 0), i % 1000 == 500 ? 3300000 : 20000 + i % 9 * 1000);
  chart = g_object_ref_sink (rtb_chart_new (RTB_CHART_CURVE));
  rtb_chart_set_run (chart, run);
  g_object_get (chart, "y-scale", &scale, NULL);
  g_assert_cmpstr (scale, ==, "auto");
  automatic = chart_png (chart, png);

  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.y-scale", "s", "linear");
  g_clear_pointer (&scale, g_free);
  g_object_get (chart, "y-scale", &scale, NULL);
  g_assert_cmpstr (scale, ==, "linear");
  linear = chart_png (chart, png);
  g_assert_false (g_bytes_equal (automatic, linear));

  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.y-scale", "s", "log");
  logarithmic = chart_png (chart, png);
  g_assert_true (g_bytes_equal (automatic, logarithmic));

  g_object_unref (chart);
  g_unlink (png);
}

static gboolean
has_samples (gpointer data)
{
  RtbWindow *window = data;
  RtbRun *run = rtb_window_get_live_run (window);

  return !rtb_window_is_running (window) || (run != NULL && rtb_run_get_total_count (run) > 100);
}

static gboolean
has_checkpoint (gpointer data)
{
  const char *path = rtb_window_get_checkpoint_path (data);

  return !rtb_window_is_running (data) ||
         (path != NULL && g_file_test (path, G_FILE_TEST_EXISTS));
}

static void
start_latency (RtbWindow  *window,
               const char *duration)
{
  setup_short_latency (window, duration, "saved while running");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  g_assert_true (rtb_window_is_running (window));
}

static void
test_save_while_running (void)
{
  g_autofree char *path = tmp_path ("running.rtbench");
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbRun) loaded = NULL;
  RtbWindow *window;
  RtbRun *run;

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();

  window = new_window ();
  start_latency (window, "4s");
  iterate_until (has_samples, window, 20);
  g_assert_true (rtb_window_is_running (window));
  run = rtb_window_get_live_run (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  g_assert_true (rtb_window_save_run_to (window, run, path, &error));
  g_assert_no_error (error);

  loaded = rtb_run_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rtb_run_get_total_count (loaded), >, 100);
  g_assert_cmpuint (rtb_run_get_total_count (loaded), <=, rtb_run_get_total_count (run));
  g_assert_cmpstr (rtb_run_get_label (loaded), ==, "saved while running");

  iterate_until (window_done, window, 30);
  g_assert_false (rtb_window_is_running (window));
  g_unlink (path);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (100);
}

static void
test_autosave (void)
{
  g_autofree char *user_path = tmp_path ("mine.rtbench");
  g_autofree char *checkpoint = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbRun) loaded = NULL;
  RtbWindow *window;
  guint64 count;

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();

  window = new_window ();
  start_latency (window, "0");
  iterate_until (has_checkpoint, window, 90); /* the first minute's checkpoint */
  g_assert_true (rtb_window_is_running (window));
  checkpoint = g_strdup (rtb_window_get_checkpoint_path (window));
  g_assert_nonnull (checkpoint);
  g_test_message ("checkpoint: %s", checkpoint);
  g_assert_true (g_str_has_prefix (checkpoint, tmp_dir));
  g_assert_nonnull (strstr (checkpoint, "/rtbench/unsaved/"));
  g_assert_true (g_str_has_suffix (checkpoint, "-saved while running.rtbench"));
  loaded = rtb_run_load (checkpoint, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rtb_run_get_total_count (loaded), >, 0);

  /* Saved by the user: the autosave goes, later checkpoints go to the user's file. */
  g_assert_true (rtb_window_save_run_to (window, rtb_window_get_live_run (window), user_path,
                                         &error));
  g_assert_false (g_file_test (checkpoint, G_FILE_TEST_EXISTS));
  g_assert_null (rtb_window_get_checkpoint_path (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL);
  iterate_until (window_done, window, 30);
  count = rtb_run_get_total_count (rtb_window_get_live_run (window));
  g_clear_object (&loaded);
  loaded = rtb_run_load (user_path, &error);
  g_assert_no_error (error);
  /* The final checkpoint holds everything. */
  g_assert_cmpuint (rtb_run_get_total_count (loaded), ==, count);

  g_unlink (user_path);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (100);
}

static gboolean
has_error (gpointer window)
{
  return rtb_window_get_last_error (window) != NULL;
}

static gboolean
has_a_run (gpointer window)
{
  return rtb_window_get_n_runs (window) == 1;
}

/* Opens `path` and returns the message the window shows. */
static char *
open_failing (const char *path)
{
  RtbWindow *window = new_window ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  char *message;

  rtb_window_open_file (window, file);
  iterate_until (has_error, window, 20);
  g_assert_nonnull (rtb_window_get_last_error (window));
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 0);
  message = g_strdup (rtb_window_get_last_error (window));
  g_test_message ("%s", message);
  gtk_window_destroy (GTK_WINDOW (window));
  return message;
}

static gboolean
has_spike_marks (gpointer data)
{
  double x, y;

  return rtb_chart_spike_point (data, 0, &x, &y);
}

/* A saved run with explained spikes (a SCHED_FIFO 99 task spinning on the measured CPU): the
 * curve marks them, hovering a mark explains it, a click opens the explanation, and the
 * Causes panel names the task first; in light and dark. */
static void
test_spikes (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "spikes",
                                            "culprit.rtbench", NULL);
  const char *themes[] = { "light", "dark" };

  REQUIRE_DISPLAY ();

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *causes = NULL;
      g_autofree char *shot = NULL;
      RtbWindow *window;
      RtbLiveView *view;
      RtbChart *curve;
      const char *hover;
      double x, y;

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          t == 0 ? ADW_COLOR_SCHEME_FORCE_LIGHT
                                                 : ADW_COLOR_SCHEME_FORCE_DARK);
      window = new_window ();
      gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
      rtb_window_open_file (window, file);
      iterate_until (has_a_run, window, 20);
      view = rtb_window_get_selected_view (window);
      g_assert_nonnull (view);
      curve = g_ptr_array_index (rtb_live_view_get_charts (view), 0);
      g_assert_cmpint (rtb_chart_get_kind (curve), ==, RTB_CHART_CURVE);
      iterate_until (has_spike_marks, curve, 20);
      g_assert_true (rtb_chart_spike_point (curve, 0, &x, &y));

      hover = rtb_chart_hover (curve, x, y);
      g_assert_nonnull (hover);
      g_test_message ("%s", hover);
      g_assert_nonnull (strstr (hover, "rtb-spike-load"));
      g_assert_nonnull (strstr (hover, "Deadline to wake-up"));

      causes = rtb_causes_panel_get_text (rtb_live_view_get_causes_panel (view));
      g_test_message ("%s", causes);
      g_assert_true (g_str_has_prefix (causes, "rtb-spike-load (pid "));
      g_assert_nonnull (strstr (causes, "\nInterrupts Served: CPU 1: "));

      if (t == 0)
        {
          GtkWidget *panel = GTK_WIDGET (rtb_live_view_get_causes_panel (view));
          GtkWidget *scroller = gtk_widget_get_ancestor (panel, GTK_TYPE_SCROLLED_WINDOW);
          GtkAdjustment *adjustment =
            gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
          graphene_rect_t bounds;

          g_assert_true (gtk_widget_compute_bounds (panel, gtk_scrolled_window_get_child (
                                                      GTK_SCROLLED_WINDOW (scroller)),
                                                    &bounds));
          gtk_adjustment_set_value (adjustment, bounds.origin.y - 240);
          gui_test_shoot ("spikes-causes-light.png");
          gtk_adjustment_set_value (adjustment, 0);
          iterate_for (200);
        }
      /* Away from the marks the readout is the curve's again. */
      hover = rtb_chart_hover (curve, x + 1, y + 60);
      g_assert_true (hover == NULL || strstr (hover, "rtb-spike-load") == NULL);

      /* The largest spike's explanation, as a click on its mark opens it. */
      {
        guint largest = 0;
        double best = G_MAXDOUBLE, px, py;
        for (guint i = 0; rtb_chart_spike_point (curve, i, &px, &py); i++)
          if (py < best)
            {
              best = py;
              largest = i;
            }
        g_assert_true (rtb_chart_open_spike (curve, largest));
      }
      g_assert_nonnull (rtb_chart_spike_text (curve));
      shot = g_strdup_printf ("spikes-%s.png", themes[t]);
      gui_test_shoot (shot);
      gtk_window_destroy (GTK_WINDOW (window));
      iterate_for (100);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

/* A run file loads in a thread: a FIFO, /dev/zero or 100 000 nested arrays neither freeze nor
 * crash the window, and a good file opens its tab only once it is read. */
static void
test_open_hostile (void)
{
  g_autofree char *fifo = tmp_path ("fifo.rtbench");
  g_autofree char *nested = tmp_path ("nested.rtbench");
  g_autofree char *good = tmp_path ("good.rtbench");
  g_autoptr(GString) deep = g_string_new ("{\"format\": \"rtbench-run\", \"x\": ");
  g_autoptr(RtbRun) run = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  RtbWindow *window;

  REQUIRE_DISPLAY ();

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  message = open_failing (fifo);
  g_assert_nonnull (strstr (message, "is a FIFO"));
  g_clear_pointer (&message, g_free);

  message = open_failing ("/dev/zero");
  g_assert_nonnull (strstr (message, "is a device"));
  g_clear_pointer (&message, g_free);

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, ']');
  g_string_append_c (deep, '}');
  g_assert_true (g_file_set_contents (nested, deep->str, -1, NULL));
  message = open_failing (nested);
  g_assert_nonnull (strstr (message, "nests deeper than"));

  run = test_run_new ("good", RTB_METHOD_LATENCY, 2, 1000);
  test_series_fill (rtb_run_get_series (run, 0), 5000, 8000, 100, 100);
  g_assert_true (rtb_run_save (run, good, &error));
  g_assert_no_error (error);
  window = new_window ();
  file = g_file_new_for_path (good);
  rtb_window_open_file (window, file);
  /* Nothing is added before the main loop runs again: the file is read elsewhere. */
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 0);
  iterate_until (has_a_run, window, 20);
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 1);
  g_assert_null (rtb_window_get_last_error (window));
  gtk_window_destroy (GTK_WINDOW (window));

  g_unlink (fifo);
  g_unlink (nested);
  g_unlink (good);
}

static void
remember_path (GtkWidget *widget, const char *path, gpointer data)
{
  g_assert_null (*(char **) data);
  *(char **) data = g_strdup (path);
}

/* A location the save dialog offers without a local path (a gvfs share such as sftp://, which
 * GIO serves with no path): saving there says in a dialog that names the file that it is not on
 * this computer, where it crashed on a missing error; a local file saves, ".rtbench" added. The
 * comparison's folder is refused in the same words. */
static void
test_save_not_local (void)
{
  g_autofree char *good = tmp_path ("not-local.rtbench");
  g_autofree char *chosen = tmp_path ("chosen");
  g_autofree char *written = tmp_path ("chosen.rtbench");
  g_autoptr(GFile) remote = g_file_new_for_uri ("sftp://board.invalid/home/pi/run.rtbench");
  g_autoptr(GFile) local = g_file_new_for_path (chosen);
  g_autoptr(GFile) file = g_file_new_for_path (good);
  g_autoptr(RtbRun) run = test_run_new ("not local", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr(RtbRun) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  AdwMessageDialog *dialog;
  RtbWindow *window;
  RtbRun *shown;

  REQUIRE_DISPLAY ();

  path = g_file_get_path (remote);
  g_assert_null (path);
  path = rtb_export_local_path (remote, TRUE, &error);
  g_assert_null (path);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_cmpstr (error->message, ==, "The chosen folder is not on this computer: choose a "
                   "local folder");
  g_clear_error (&error);

  test_series_fill (rtb_run_get_series (run, 0), 100, 8000, 100, 100);
  g_assert_true (rtb_run_save (run, good, &error));
  g_assert_no_error (error);
  window = new_window ();
  rtb_window_open_file (window, file);
  iterate_until (has_a_run, window, 20);
  shown = rtb_live_view_get_run (rtb_window_get_selected_view (window));

  g_assert_false (rtb_window_save_run_to_file (window, shown, remote));
  dialog = gui_test_expect_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not Save “run.rtbench”");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, "The chosen file is not on this "
                   "computer: choose a local folder");
  gui_test_answer (dialog, "close");
  g_assert_false (rtb_window_showed_toast (window, "Saved “run.rtbench”"));

  g_assert_true (rtb_window_save_run_to_file (window, shown, local));
  g_assert_true (rtb_window_showed_toast (window, "Saved “chosen.rtbench”"));

  /* An export there: the same words, and nothing written. */
  {
    g_autoptr(GFile) remote_png = g_file_new_for_uri ("sftp://board.invalid/home/pi/run.png");
    g_autofree char *exported = NULL;
    g_autofree char *expected = g_strconcat (chosen, ".png", NULL);

    rtb_export_to_file (GTK_WIDGET (window), RTB_EXPORT_PNG, remote_png, NULL, remember_path,
                        &exported);
    g_assert_null (exported);
    dialog = gui_test_expect_dialog ();
    g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not Export “run.png”");
    g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, "The chosen file is not on this "
                     "computer: choose a local folder");
    gui_test_answer (dialog, "close");
    rtb_export_to_file (GTK_WIDGET (window), RTB_EXPORT_PNG, local, NULL, remember_path,
                        &exported);
    g_assert_cmpstr (exported, ==, expected);

    /* A report whose chooser says HTML, named with the suggested ".pdf": an HTML file. */
    {
      g_autofree char *pdf = g_strconcat (chosen, ".pdf", NULL);
      g_autofree char *html = g_strconcat (chosen, ".html", NULL);
      g_autoptr(GFile) report = g_file_new_for_path (pdf);

      g_clear_pointer (&exported, g_free);
      rtb_export_to_file (GTK_WIDGET (window), RTB_EXPORT_REPORT, report, "html", remember_path,
                          &exported);
      g_assert_cmpstr (exported, ==, html);
      g_clear_pointer (&exported, g_free);
      rtb_export_to_file (GTK_WIDGET (window), RTB_EXPORT_REPORT, report, "pdf", remember_path,
                          &exported);
      g_assert_cmpstr (exported, ==, pdf);
    }
  }
  loaded = rtb_run_load (written, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rtb_run_get_total_count (loaded), ==, 100);

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (good);
  g_unlink (written);
}

/* A run file whose label is 50 MiB opens, its label shown cut to 4 KiB ending with an ellipsis
 * (the whole label took 4.2 GB without the run being shown). */
static void
test_open_long_label (void)
{
  g_autofree char *path = tmp_path ("long-label.rtbench");
  g_autofree char *huge = g_strnfill ((gsize) 50 << 20, 'A');
  g_autoptr(RtbRun) run = test_run_new ("short", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  RtbWindow *window;
  const char *label;

  REQUIRE_DISPLAY ();

  g_assert_true (rtb_run_save (run, path, &error));
  g_assert_no_error (error);
  g_assert_true (json_parser_load_from_file (parser, path, NULL));
  json_object_set_string_member (json_node_get_object (json_parser_get_root (parser)), "label",
                                 huge);
  json_generator_set_root (generator, json_parser_get_root (parser));
  g_assert_true (json_generator_to_file (generator, path, NULL));
  g_clear_pointer (&huge, g_free);

  window = new_window ();
  rtb_window_open_file (window, file);
  iterate_until (has_a_run, window, 60);
  g_assert_null (rtb_window_get_last_error (window));
  label = rtb_run_get_label (rtb_live_view_get_run (rtb_window_get_selected_view (window)));
  g_assert_cmpuint (strlen (label), ==, 4093 + strlen ("…"));
  g_assert_true (g_str_has_suffix (label, "AAA…"));
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
}

static AdwTabView *
find_tab_view (GtkWidget *widget)
{
  if (ADW_IS_TAB_VIEW (widget))
    return ADW_TAB_VIEW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      AdwTabView *found = find_tab_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
has_three_tabs (gpointer window)
{
  return rtb_window_get_n_runs (window) == 3;
}

static gboolean
window_width_is (gpointer data)
{
  /* The window's own decorations take a few pixels of its default width. */
  return ABS (gtk_widget_get_width (data) -
              GPOINTER_TO_INT (g_object_get_data (G_OBJECT (data), "expected-width"))) <= 20;
}

/* Lays the window out `width` pixels wide and lets its tabs retitle themselves. */
static void
resize (RtbWindow *window, int width)
{
  g_object_set_data (G_OBJECT (window), "expected-width", GINT_TO_POINTER (width));
  gtk_window_set_default_size (GTK_WINDOW (window), width, 700);
  iterate_until (window_width_is, window, 10);
  g_assert_true (window_width_is (window));
  iterate_for (200);
}

/* A comparison's tab shows its runs' labels whole where the tab has room for them, shortened
 * in the middle where it has not, and always whole in its tooltip. */
static void
test_compare_tab_title (void)
{
  static const char whole[] = "RK3562 Linux-RT 5.10 idle vs RK3562 Linux-RT 5.10 full load";
  g_autoptr(RtbRun) idle = test_run_new ("RK3562 Linux-RT 5.10 idle", RTB_METHOD_LATENCY, 2,
                                         1000);
  g_autoptr(RtbRun) loaded = test_run_new ("RK3562 Linux-RT 5.10 full load",
                                           RTB_METHOD_LATENCY, 2, 1000);
  RtbRun *runs[] = { idle, loaded };
  RtbWindow *window;
  AdwTabView *tabs;
  AdwTabPage *page;
  const char *shown;

  REQUIRE_DISPLAY ();

  for (guint i = 0; i < 2; i++)
    {
      test_series_fill (rtb_run_get_series (idle, i), 1000, 8000, 100, 100);
      test_series_fill (rtb_run_get_series (loaded, i), 1000, 20000, 400, 100);
    }
  window = new_window ();
  rtb_window_compare_runs (window, runs, 2);
  tabs = find_tab_view (GTK_WIDGET (window));
  page = adw_tab_view_get_selected_page (tabs);
  g_assert_nonnull (page);
  g_assert_cmpstr (adw_tab_page_get_tooltip (page), ==, whole);

  resize (window, 1200);
  g_test_message ("1200 pixels: %s", adw_tab_page_get_title (page));
  g_assert_cmpstr (adw_tab_page_get_title (page), ==, whole);
  gui_test_shoot ("compare-tab-title.png");

  /* Two more tabs share the bar: the title is shortened in its middle, both ends kept. */
  rtb_window_add_run (window, idle);
  rtb_window_add_run (window, loaded);
  adw_tab_view_set_selected_page (tabs, page);
  iterate_for (200);
  shown = adw_tab_page_get_title (page);
  g_test_message ("3 tabs: %s", shown);
  g_assert_cmpuint (g_utf8_strlen (shown, -1), <, strlen (whole));
  g_assert_true (g_str_has_prefix (shown, "RK3562"));
  g_assert_true (g_str_has_suffix (shown, "full load"));
  g_assert_nonnull (strstr (shown, "…"));
  g_assert_cmpstr (adw_tab_page_get_tooltip (page), ==, whole);
  gui_test_shoot ("compare-tab-title-3.png");

  /* Narrower still: never fewer than 26 characters. */
  resize (window, 900);
  g_test_message ("900 pixels: %s", adw_tab_page_get_title (page));
  g_assert_cmpuint (g_utf8_strlen (adw_tab_page_get_title (page), -1), ==, 26);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* `rtbench --compare A B`: the files load in threads, yet their tabs open in the order given,
 * and the comparison opens once both are read, with the first file as its baseline. */
static void
test_open_files_compare (void)
{
  g_autofree char *first_path = tmp_path ("first.rtbench");
  g_autofree char *second_path = tmp_path ("second.rtbench");
  g_autoptr(RtbRun) good = NULL;
  g_autoptr(RtbRun) bad = NULL;
  g_autoptr(GError) error = NULL;
  GFile *files[2];
  AdwTabView *tabs;
  RtbWindow *window;

  REQUIRE_DISPLAY ();

  make_runs (&good, &bad);
  /* The baseline is the larger file, so it is likely to be read last. */
  for (guint i = 0; i < 4; i++)
    test_series_fill (rtb_run_get_series (good, i), 200000, 8000, 100, 100);
  g_assert_true (rtb_run_save (good, first_path, &error));
  g_assert_true (rtb_run_save (bad, second_path, &error));
  g_assert_no_error (error);

  window = new_window ();
  files[0] = g_file_new_for_path (first_path);
  files[1] = g_file_new_for_path (second_path);
  rtb_window_open_files (window, files, 2, TRUE);
  iterate_until (has_three_tabs, window, 20);
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 3);
  g_assert_null (rtb_window_get_last_error (window));

  tabs = find_tab_view (GTK_WIDGET (window));
  g_assert_nonnull (tabs);
  g_assert_cmpstr (adw_tab_page_get_title (adw_tab_view_get_nth_page (tabs, 0)), ==, "fast");
  g_assert_cmpstr (adw_tab_page_get_title (adw_tab_view_get_nth_page (tabs, 1)), ==, "slow");
  /* The comparison is the third tab and is selected. */
  g_assert_true (adw_tab_view_get_selected_page (tabs) == adw_tab_view_get_nth_page (tabs, 2));
  g_assert_null (rtb_window_get_selected_view (window));

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (files[0]);
  g_object_unref (files[1]);
  g_unlink (first_path);
  g_unlink (second_path);
}

/* The window keeps its runs in the unsaved folder: when that cannot be written, the run is
 * refused before any worker starts, and the message names the folder. */
static void
test_unsaved_folder_unusable (void)
{
  g_autofree char *unsaved = g_build_filename (tmp_dir, "rtbench", "unsaved", NULL);
  g_autofree char *aside = g_build_filename (tmp_dir, "rtbench", "unsaved-aside", NULL);
  gboolean had_folder = g_file_test (unsaved, G_FILE_TEST_IS_DIR);
  RtbWindow *window;

  REQUIRE_DISPLAY ();
  g_assert_cmpint (g_mkdir_with_parents (g_path_get_dirname (unsaved), 0700), ==, 0);
  if (had_folder)
    g_assert_cmpint (g_rename (unsaved, aside), ==, 0);
  g_assert_true (g_file_set_contents (unsaved, "not a folder", -1, NULL));

  window = new_window ();
  setup_short_latency (window, "1s", "nowhere");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  g_assert_false (rtb_window_is_running (window));
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 0);
  g_test_message ("%s", rtb_window_get_last_error (window));
  g_assert_nonnull (strstr (rtb_window_get_last_error (window), unsaved));
  gtk_window_destroy (GTK_WINDOW (window));

  g_assert_cmpint (g_unlink (unsaved), ==, 0);
  if (had_folder)
    g_assert_cmpint (g_rename (aside, unsaved), ==, 0);
}

static RtbCompareDialog *
find_compare_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (RTB_IS_COMPARE_DIALOG (item))
        return RTB_COMPARE_DIALOG (item);
    }
  return NULL;
}

/* The dialog ticks the runs of the current run's method, not every open run. */
static void
test_compare_dialog (void)
{
  g_autoptr(RtbRun) a = test_run_new ("latency a", RTB_METHOD_LATENCY, 2, 1000);
  g_autoptr(RtbRun) b = test_run_new ("jitter b", RTB_METHOD_JITTER, 2, 1000);
  g_autoptr(RtbRun) c = test_run_new ("latency c", RTB_METHOD_LATENCY, 2, 1000);
  g_autoptr(GPtrArray) chosen = NULL;
  RtbCompareDialog *dialog;
  RtbWindow *window;

  REQUIRE_DISPLAY ();

  window = new_window ();
  rtb_window_add_run (window, a);
  rtb_window_add_run (window, b);
  rtb_window_add_run (window, c);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.compare", NULL));
  dialog = find_compare_dialog ();
  g_assert_nonnull (dialog);
  chosen = rtb_compare_dialog_get_chosen (dialog);
  g_assert_cmpuint (chosen->len, ==, 2);
  g_assert_true (g_ptr_array_index (chosen, 0) == a);
  g_assert_true (g_ptr_array_index (chosen, 1) == c);
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog),
                                                          "compare"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "compare");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 4);

  /* From the jitter run's tab: only it is of its method, and one run is not a comparison. */
  rtb_window_add_run (window, b);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.compare", NULL);
  dialog = find_compare_dialog ();
  g_clear_pointer (&chosen, g_ptr_array_unref);
  chosen = rtb_compare_dialog_get_chosen (dialog);
  g_assert_cmpuint (chosen->len, ==, 2);
  g_assert_true (g_ptr_array_index (chosen, 0) == b && g_ptr_array_index (chosen, 1) == b);
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_laid_out (gpointer widget)
{
  return gtk_widget_get_height (widget) > 0;
}

/* The window's own decorations take a few pixels of its default height. */
static gboolean
is_800_high (gpointer window)
{
  return ABS (gtk_widget_get_height (window) - 800) <= 20;
}

/* With a dozen runs open, the dialog lists as many as the window has room for (it showed two
 * and a half) and stays within the window. */
static void
test_compare_dialog_height (void)
{
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func (g_object_unref);
  RtbCompareDialog *dialog;
  GtkWidget *list;
  GtkWidget *scrolled;
  GtkWidget *row;
  RtbWindow *window;
  int row_height;

  REQUIRE_DISPLAY ();

  window = new_window ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  for (guint i = 0; i < 12; i++)
    {
      g_autofree char *label = g_strdup_printf ("board %u", i + 1);
      RtbRun *run = test_run_new (label, RTB_METHOD_LATENCY, 2, 1000);

      g_ptr_array_add (runs, run);
      rtb_window_add_run (window, run);
    }
  iterate_until (is_800_high, window, 10);
  g_test_message ("window %d × %d px", gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_true (is_800_high (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.compare", NULL));
  dialog = find_compare_dialog ();
  g_assert_nonnull (dialog);
  list = find_descendant (GTK_WIDGET (dialog), GTK_TYPE_LIST_BOX);
  scrolled = gtk_widget_get_ancestor (list, GTK_TYPE_SCROLLED_WINDOW);
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0));
  iterate_until (is_laid_out, row, 10);
  iterate_for (300);
  row_height = gtk_widget_get_height (row);
  g_test_message ("window %d px, dialog %d px, list %d px, a row %d px",
                  gtk_widget_get_height (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (dialog)), gtk_widget_get_height (scrolled),
                  row_height);
  gui_test_shoot ("compare-dialog.png");
  g_assert_cmpint (row_height, >, 0);
  /* More than the fixed 360 pixels it had, which held six rows of these at most. */
  g_assert_cmpint (gtk_widget_get_height (scrolled), >, 360);
  g_assert_cmpint (gtk_widget_get_height (scrolled) / row_height, >=, 7);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (dialog)), <=,
                   gtk_widget_get_height (GTK_WIDGET (window)));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Two runs of one label that differ in duration are offered by it, each with what it is. */
static void
test_compare_dialog_tells_apart (void)
{
  g_autoptr(RtbRun) a = test_run_new ("latency, vm", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr(RtbRun) b = NULL;
  g_autofree char *first = NULL, *second = NULL;
  RtbCommand command = *rtb_run_get_command (a);
  RtbCompareDialog *dialog;
  RtbWindow *window;

  REQUIRE_DISPLAY ();

  command.duration_ns = 600 * G_GUINT64_CONSTANT (1000000000);
  b = rtb_run_new (&command);
  rtb_run_set_label (b, "latency, vm");
  rtb_run_set_load (b, "none");
  window = new_window ();
  rtb_window_add_run (window, a);
  rtb_window_add_run (window, b);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.compare", NULL));
  dialog = find_compare_dialog ();
  g_assert_nonnull (dialog);
  first = rtb_compare_dialog_dup_offer (dialog, 0);
  second = rtb_compare_dialog_dup_offer (dialog, 1);
  g_test_message ("%s\n%s", first, second);
  /* test_run_new's machine is rpi4; the run made here knows none. */
  g_assert_true (g_str_has_prefix (first, "latency, vm (rpi4, 10 s)\n"));
  g_assert_true (g_str_has_prefix (second, "latency, vm (machine unknown, 10 min)\n"));
  g_assert_nonnull (strstr (first, " · 10 s · all CPUs · priority 99 · idle · rpi4"));
  g_assert_nonnull (strstr (second, " · 10 min · all CPUs · priority 99 · idle"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A run's view of any method fits beside the setup pane in a 1280-pixel screen: its headline
 * figures (four for timerlat) wrap rather than widen the window past the screen. */
static void
test_view_width (void)
{
  REQUIRE_DISPLAY ();

  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    {
      g_autoptr (RtbRun) run = test_run_new ("width", m, 4, 1000);
      GtkWidget *holder;
      GtkWidget *view;
      int min = 0;

      for (guint i = 0; i < rtb_run_get_n_series (run); i++)
        test_series_fill (rtb_run_get_series (run, i), 100, 20000, 1000, 7);
      view = GTK_WIDGET (rtb_live_view_new (run));
      holder = gui_test_present (view, 0, 0);
      iterate_for (300);
      gtk_widget_measure (view, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      g_test_message ("%s: the view needs %d pixels", rtb_method_info (m)->name, min);
      g_assert_cmpint (min, <=, 1280 - 400);
      gtk_window_destroy (GTK_WINDOW (holder));
    }
}

/* The scrollbar of a table wider than its room is shown below its last row, not over it. */
static void
assert_last_row_above_scrollbar (GtkWidget *table)
{
  GtkWidget *bar = gtk_scrolled_window_get_hscrollbar (GTK_SCROLLED_WINDOW (table));
  GtkWidget *last = gtk_widget_get_last_child (find_descendant (table, GTK_TYPE_GRID));
  graphene_rect_t row, below;

  g_assert_true (gtk_widget_get_visible (bar) && gtk_widget_get_child_visible (bar));
  g_assert_true (gtk_widget_compute_bounds (last, table, &row));
  g_assert_true (gtk_widget_compute_bounds (bar, table, &below));
  g_test_message ("last row ends at %.0f, the scrollbar starts at %.0f",
                  row.origin.y + row.size.height, below.origin.y);
  g_assert_cmpfloat (row.origin.y + row.size.height, <=, below.origin.y);
}

/* The wheel over a table that scrolls sideways scrolls the page, in the comparison and in a
 * run's own tab; with Shift held it scrolls the table sideways and leaves the page. */
static void
test_wheel_over_tables (void)
{
  g_autoptr(RtbRun) good = NULL;
  g_autoptr(RtbRun) bad = NULL;
  RtbRun *runs[2];
  GtkWidget *views[2];

  REQUIRE_DISPLAY ();

  make_runs (&good, &bad);
  runs[0] = good;
  runs[1] = bad;
  views[0] = GTK_WIDGET (rtb_compare_view_new (runs, 2));
  views[1] = GTK_WIDGET (rtb_live_view_new (good));
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      GtkWidget *holder;
      GtkWidget *page = find_descendant (views[i], GTK_TYPE_SCROLLED_WINDOW);
      GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (page));
      GtkWidget *table = i == 0 ? gtk_widget_get_ancestor (find_descendant (views[i], GTK_TYPE_GRID),
                                                           GTK_TYPE_SCROLLED_WINDOW)
                                : find_descendant (GTK_WIDGET (rtb_live_view_get_stats_table (
                                                 RTB_LIVE_VIEW (views[i]))),
                                               GTK_TYPE_SCROLLED_WINDOW);
      GtkAdjustment *sideways;
      graphene_point_t top;
      double before, before_sideways;

      holder = gui_test_present (views[i], 1000, 500);
      iterate_for (500);
      /* The table's top at the page's top: the wheel turns over it. */
      g_assert_true (table != page);
      g_assert_true (gtk_widget_compute_point (table, page, &GRAPHENE_POINT_INIT (0, 0), &top));
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + top.y - 10);
      iterate_for (300);
      before = gtk_adjustment_get_value (adjustment);
      g_assert_cmpfloat (before, <, gtk_adjustment_get_upper (adjustment) -
                                    gtk_adjustment_get_page_size (adjustment));
      if (!gui_test_wheel (table, 2))
        {
          gtk_window_destroy (GTK_WINDOW (holder));
          continue;
        }
      g_test_message ("page scrolled from %.0f to %.0f", before,
                      gtk_adjustment_get_value (adjustment));
      g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, before);

      /* Narrow enough that the table is wider than its room. */
      gtk_window_set_default_size (GTK_WINDOW (holder), 420, 500);
      iterate_for (300);
      g_assert_true (gtk_widget_compute_point (table, page, &GRAPHENE_POINT_INIT (0, 0), &top));
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + top.y - 10);
      iterate_for (300);
      sideways = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (table));
      g_assert_cmpfloat (gtk_adjustment_get_upper (sideways), >,
                         gtk_adjustment_get_page_size (sideways));
      assert_last_row_above_scrollbar (table);
      before = gtk_adjustment_get_value (adjustment);
      before_sideways = gtk_adjustment_get_value (sideways);
      g_assert_true (gui_test_shift_wheel (table, 2));
      iterate_for (300);
      g_test_message ("with Shift: table from %.0f to %.0f, page at %.0f (was %.0f)",
                      before_sideways, gtk_adjustment_get_value (sideways),
                      gtk_adjustment_get_value (adjustment), before);
      g_assert_cmpfloat (gtk_adjustment_get_value (sideways), >, before_sideways);
      g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, before);
      gtk_window_destroy (GTK_WINDOW (holder));
    }
}

/* The run with explained spikes against a made-up traced one whose CPU served something else:
 * the compare view lines up both runs' causes and interrupts. */
static void
test_compare_spikes (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "spikes",
                                            "culprit.rtbench", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbRun) traced = rtb_run_load (path, &error);
  g_autoptr(RtbRun) good = NULL;
  g_autoptr(RtbRun) bad = NULL;
  RtbIrqCount net = { .cpu = 0, .softirq = TRUE, .name = (char *) "NET_RX", .count = 900 };
  RtbRun *runs[2];
  RtbCompareView *view;
  GtkWidget *holder;

  REQUIRE_DISPLAY ();
  g_assert_no_error (error);

  make_runs (&good, &bad);
  rtb_spike_log_set_trace (rtb_run_get_spike_log (bad), RTB_TRACE_ARMED, 200000, NULL);
  rtb_spike_log_add_irq_count (rtb_run_get_spike_log (bad), &net);
  runs[0] = traced;
  runs[1] = bad;
  view = g_object_ref_sink (rtb_compare_view_new (runs, 2));
  /* One row per task name: the three compilers that delayed it are one cause. */
  {
    GPtrArray *entries = rtb_spike_league_entries (rtb_spike_log_get_league (
                           rtb_run_get_spike_log (traced)));
    g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint i = 0; i < entries->len; i++)
      g_hash_table_add (names, ((RtbLeagueEntry *) entries->pdata[i])->name);
    g_assert_cmpuint (g_hash_table_size (names), <, entries->len);
    g_assert_cmpuint (rtb_compare_view_get_n_causes (view), ==, g_hash_table_size (names));
  }
  /* The traced run's 13 counts and the other's NET_RX: the 12 busiest are shown. */
  g_assert_cmpuint (rtb_compare_view_get_n_interrupts (view), ==, 12);

  holder = gui_test_present (GTK_WIDGET (view), 1280, 800);
  iterate_until (has_width, rtb_compare_view_get_histogram (view), 10);
  if (g_getenv ("RTBENCH_SHOT_DIR") != NULL)
    {
      /* Down to the tables of causes and interrupts, above the systems. */
      GtkWidget *scroller = gtk_widget_get_first_child (GTK_WIDGET (view));
      GtkAdjustment *adjustment =
        gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));

      iterate_for (300);
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) -
                                gtk_adjustment_get_page_size (adjustment) - 640);
      gui_test_shoot ("compare-spikes-light.png");
    }
  gtk_window_destroy (GTK_WINDOW (holder));
  g_object_unref (view);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;
  int status;

  tmp_dir = g_dir_make_tmp ("rtbench-gui-files-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  /* Autosaves land here, not in the user's data. */
  gui_test_set_data_home (tmp_dir);
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/spikes/explained", test_spikes);
  g_test_add_func ("/gui/spikes/compare", test_compare_spikes);
  g_test_add_func ("/gui/compare/two-runs", test_compare_two_runs);
  g_test_add_func ("/gui/compare/notices", test_compare_notices);
  g_test_add_func ("/gui/compare/wheel", test_wheel_over_tables);
  g_test_add_func ("/gui/compare/dialog", test_compare_dialog);
  g_test_add_func ("/gui/compare/tab-title", test_compare_tab_title);
  g_test_add_func ("/gui/compare/dialog-height", test_compare_dialog_height);
  g_test_add_func ("/gui/compare/dialog-tells-apart", test_compare_dialog_tells_apart);
  g_test_add_func ("/gui/export/window", test_export);
  g_test_add_func ("/gui/export/chart", test_chart_export);
  g_test_add_func ("/gui/export/chart-scale", test_chart_scale);
  g_test_add_func ("/gui/window/save-while-running", test_save_while_running);
  g_test_add_func ("/gui/window/autosave", test_autosave);
  g_test_add_func ("/gui/window/unsaved-folder-unusable", test_unsaved_folder_unusable);
  g_test_add_func ("/gui/window/open-hostile", test_open_hostile);
  g_test_add_func ("/gui/window/open-long-label", test_open_long_label);
  g_test_add_func ("/gui/window/save-not-local", test_save_not_local);
  g_test_add_func ("/gui/window/open-files-compare", test_open_files_compare);
  g_test_add_func ("/gui/window/view-width", test_view_width);

  status = g_test_run ();
  data_home = g_build_filename (tmp_dir, "rtbench", "unsaved", NULL);
  g_rmdir (data_home);
  data_home = (g_free (data_home), g_build_filename (tmp_dir, "rtbench", NULL));
  g_rmdir (data_home);
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
