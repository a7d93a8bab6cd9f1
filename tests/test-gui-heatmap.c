/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The heatmap chart in the window: one panel per series, fed with every sample a run received
 * (live and opened from its file), the readout of a known cell, a drag's zoom in time; live,
 * the panels' frames drawn again only when their layout or colour scale changed, and a frame
 * kept drawing what a new one would. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <inttypes.h>

#include "rtb-chart.h"
#include "rtb-compare-view.h"
#include "rtb-export.h"
#include "rtb-live-view.h"
#include "rtb-plot-run.h"
#include "rtb-settings-schema.h"
#include "rtb-window.h"

#include "gui-test-util.h"

static gboolean
widget_has_size (gpointer widget)
{
  return gtk_widget_get_width (widget) > 0 && gtk_widget_get_height (widget) > 0;
}

/* Every cell of the series' heatmap, summed. */
static guint64
cells_sum (const RtbHeatmap *heatmap)
{
  guint64 sum = 0;

  for (gsize c = 0; c < heatmap->n_columns; c++)
    for (guint32 r = 0; r < heatmap->n_rows; r++)
      sum += rtb_heatmap_column (heatmap, c)[r];
  return sum;
}

/* The readout the chart should show for the cell of `series` holding `instance` and
 * `value_us`, from the heatmap itself; the series named `name` (NULL: its own). */
static char *
expected_readout (RtbRun *run, guint index, guint64 instance, double value_us, const char *name)
{
  RtbSeries *series = rtb_run_get_series (run, index);
  const RtbHeatmap *heatmap = &series->heatmap;
  double per_instance = rtb_plot_run_seconds_per_instance (&run, 1, -1);
  gsize column = (instance - 1) / heatmap->column_size;
  guint32 row = rtb_heatmap_row_of (heatmap, (gint64) (value_us * 1000));
  guint64 first = rtb_heatmap_column_start (heatmap, column) + 1;
  guint64 last = first + rtb_heatmap_column_positions (heatmap, column) - 1;
  guint64 count = rtb_heatmap_column (heatmap, column)[row];

  g_assert_cmpuint (row + 1, <, heatmap->n_rows);
  g_assert_cmpfloat (per_instance, >, 0);
  return g_strdup_printf ("%s: %.3f–%.3f s (instances %" PRIu64 "–%" PRIu64 ")\n"
                          "%.1f–%.1f µs: %" PRIu64 " samples\n"
                          "%" PRIu64 " samples in the column, max %.1f µs",
                          name != NULL ? name : series->name, (first - 1) * per_instance, last * per_instance, first,
                          last, rtb_heatmap_row_lo_ns (heatmap, row) / 1000.0,
                          rtb_heatmap_row_hi_ns (heatmap, row) / 1000.0, count,
                          rtb_heatmap_column_count (heatmap, column),
                          heatmap->column_max_ns[column] / 1000.0);
}

/* The middle of a row, on the log scale the chart draws. */
static double
row_middle_us (const RtbHeatmap *heatmap, guint32 row)
{
  return sqrt (rtb_heatmap_row_lo_ns (heatmap, row) * rtb_heatmap_row_hi_ns (heatmap, row)) /
         1000.0;
}

/* The cell holding the most samples, below the overflow row. */
static void
fullest_cell (const RtbHeatmap *heatmap, gsize *column, guint32 *row)
{
  *column = 0;
  *row = 0;
  for (gsize c = 0; c < heatmap->n_columns; c++)
    for (guint32 r = 0; r + 1 < heatmap->n_rows; r++)
      if (rtb_heatmap_column (heatmap, c)[r] > rtb_heatmap_column (heatmap, *column)[*row])
        {
          *column = c;
          *row = r;
        }
}

static const char *
hover_cell (RtbChart *chart, guint panel, guint64 instance, double value_us)
{
  double x, y;
  gboolean inside = rtb_chart_heatmap_point (chart, panel, instance, value_us, &x, &y);

  g_test_message ("panel %u, instance %" PRIu64 ", %.1f µs: at %.1f, %.1f", panel, instance,
                  value_us, x, y);
  g_assert_true (inside);
  return rtb_chart_hover (chart, x, y);
}

/* The chart's menu exports: a PNG of the panels (kept in $RTBENCH_SHOT_DIR when set), and the
 * CSV of the cells, whose counts add up to the run's `samples`. */
static void
export_chart (RtbChart *chart, guint64 samples)
{
  const char *shots = g_getenv ("RTBENCH_SHOT_DIR");
  g_autofree char *dir = g_dir_make_tmp ("rtbench-heatmap-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (shots != NULL ? shots : dir, "export-heatmap.png",
                                           NULL);
  g_autofree char *csv = g_build_filename (dir, "cells.csv", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  guint64 sum = 0;

  g_assert_true (rtb_chart_export (chart, RTB_EXPORT_PNG, png, 1000, 600, 1, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  g_assert_true (rtb_chart_export (chart, RTB_EXPORT_CSV_HEATMAP, csv, 0, 0, 1, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (csv, &text, NULL, &error));
  lines = g_strsplit (text, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "run,series,index,positions,row,lo_us,hi_us,count,"));
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);

      g_assert_cmpuint (g_strv_length (fields), >=, 8);
      sum += g_ascii_strtoull (fields[7], NULL, 10);
    }
  g_assert_cmpuint (sum, ==, samples);
  if (shots == NULL)
    g_unlink (png);
  g_unlink (csv);
  g_rmdir (dir);
}

/* A run of two CPUs with known samples: each has its panel, a spike's cell reads its one
 * sample, the cells add up to the samples, and a drag zooms the time axis to the dragged
 * instances. */
static void
test_chart (void)
{
  g_autoptr(RtbRun) run = NULL;
  g_autofree char *expected = NULL;
  GtkWidget *window;
  RtbChart *chart;
  RtbCommand cmd;
  double lo, hi, x0, x1, y;

  REQUIRE_DISPLAY ();

  rtb_command_defaults (&cmd, RTB_METHOD_LATENCY, 2);
  run = rtb_run_new (&cmd);
  for (guint s = 0; s < 2; s++)
    {
      RtbSeries *series = rtb_run_add_series (run, s == 0 ? "CPU0" : "CPU1", (int) s);

      for (guint64 i = 1; i <= 4000; i++)
        rtb_series_add (series, i == 2500 && s == 0 ? 250000 : 5000 + (gint64) s * 3000);
    }
  chart = rtb_chart_new (RTB_CHART_HEATMAP);
  rtb_chart_set_title (chart, "Samples over time");
  rtb_chart_set_run (chart, run);
  window = gui_test_present (GTK_WIDGET (chart), 800, 600);
  iterate_until (widget_has_size, chart, 10);
  iterate_for (200);

  for (guint s = 0; s < 2; s++)
    g_assert_cmpuint (cells_sum (&rtb_run_get_series (run, s)->heatmap), ==, 4000);
  /* The spike of CPU0 in its own cell, alone; CPU1's panel below it. */
  expected = expected_readout (run, 0, 2500, 250, NULL);
  g_test_message ("spike's cell: %s", hover_cell (chart, 0, 2500, 250));
  g_assert_cmpstr (hover_cell (chart, 0, 2500, 250), ==, expected);
  g_assert_nonnull (strstr (expected, ": 1 samples\n"));
  g_clear_pointer (&expected, g_free);
  expected = expected_readout (run, 1, 100, 8, NULL);
  g_assert_cmpstr (hover_cell (chart, 1, 100, 8), ==, expected);
  g_assert_true (g_str_has_prefix (expected, "CPU1: "));

  /* The panels share their time axis: an instance is at the same x in each. */
  g_assert_true (rtb_chart_heatmap_point (chart, 0, 1234, 5, &x0, &y));
  g_assert_true (rtb_chart_heatmap_point (chart, 1, 1234, 8, &x1, &y));
  g_assert_cmpfloat (x0, ==, x1);

  /* Dragged over instances 1001–3000 (as pixels of the shared time axis): the axis spans
   * them, and the spike's cell reads the same. */
  g_assert_true (rtb_chart_heatmap_point (chart, 0, 1001, 5, &x0, &y));
  g_assert_true (rtb_chart_heatmap_point (chart, 1, 3000, 8, &x1, &y));
  rtb_chart_zoom_pixels (chart, x0, x1);
  g_assert_true (rtb_chart_get_zoomed (chart));
  rtb_chart_get_x_span (chart, &lo, &hi);
  g_test_message ("zoomed: %.3f–%.3f s", lo, hi);
  g_assert_cmpfloat (lo, >=, 0.9);
  g_assert_cmpfloat (hi, <=, 3.1);
  g_clear_pointer (&expected, g_free);
  expected = expected_readout (run, 0, 2500, 250, NULL);
  g_assert_cmpstr (hover_cell (chart, 0, 2500, 250), ==, expected);
  rtb_chart_reset_zoom (chart);
  rtb_chart_get_x_span (chart, &lo, &hi);
  g_assert_cmpfloat (hi, >=, 4.0 - 1e-9);

  export_chart (chart, 8000);
  gtk_window_destroy (GTK_WINDOW (window));
}

static RtbChart *
find_heatmap (RtbLiveView *view)
{
  GPtrArray *charts = rtb_live_view_get_charts (view);
  RtbChart *found = NULL;

  for (guint i = 0; i < charts->len; i++)
    if (rtb_chart_get_kind (charts->pdata[i]) == RTB_CHART_HEATMAP)
      {
        g_assert_null (found);
        found = charts->pdata[i];
      }
  return found;
}

/* The run's heatmap chart holds every sample the run received, and its fullest cell reads its
 * count. */
static void
check_view (RtbLiveView *view)
{
  RtbRun *run = rtb_live_view_get_run (view);
  RtbChart *chart = find_heatmap (view);
  g_autofree char *expected = NULL;
  const RtbHeatmap *heatmap;
  gsize best_column = 0;
  guint32 best_row = 0;

  g_assert_nonnull (chart);
  /* A tab just opened is laid out at the next frames. */
  iterate_until (widget_has_size, chart, 10);
  g_test_message ("heatmap chart: %d × %d, mapped %d", gtk_widget_get_width (GTK_WIDGET (chart)),
                  gtk_widget_get_height (GTK_WIDGET (chart)),
                  gtk_widget_get_mapped (GTK_WIDGET (chart)));
  g_assert_true (rtb_chart_get_run (chart) == run);
  g_assert_cmpuint (rtb_run_get_n_series (run), >, 0);
  for (guint s = 0; s < rtb_run_get_n_series (run); s++)
    {
      RtbSeries *series = rtb_run_get_series (run, s);

      g_assert_true (rtb_series_has_heatmap (series));
      g_test_message ("%s: %" G_GUINT64_FORMAT " samples, heatmap %" G_GUINT64_FORMAT,
                      series->name, series->histogram.stats.count, cells_sum (&series->heatmap));
      g_assert_cmpuint (series->histogram.stats.count, >, 0);
      g_assert_cmpuint (cells_sum (&series->heatmap), ==, series->histogram.stats.count);
    }

  heatmap = &rtb_run_get_series (run, 0)->heatmap;
  fullest_cell (heatmap, &best_column, &best_row);
  expected = expected_readout (run, 0, rtb_heatmap_column_start (heatmap, best_column) + 1,
                               row_middle_us (heatmap, best_row), NULL);
  g_test_message ("fullest cell: %s", expected);
  g_assert_cmpstr (hover_cell (chart, 0, rtb_heatmap_column_start (heatmap, best_column) + 1,
                               row_middle_us (heatmap, best_row)),
                   ==, expected);
}

static void
test_window (void)
{
  RtbWindow *window;
  RtbRun *run;

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();

  window = new_window ();
  run = gui_test_measure (window, "3s", "heatmap");
  check_view (rtb_window_get_selected_view (window));

  /* Saved and opened again: the same cells in the second tab's chart. */
  check_view (gui_test_save_and_reopen (window, run));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Two real runs compared: the comparison's heatmap has a panel per series of each run, on one
 * time axis and value scale; the fullest cell of the second run's panel reads its own run's
 * count, and the cells of both runs add up to their samples. */
static void
test_compare (void)
{
  RtbWindow *window;
  RtbRun *runs[2];
  RtbCompareView *view;
  RtbChart *chart;
  GtkWidget *holder;
  guint n0, n1;
  guint64 samples = 0;
  double x0, x1, y0, y1;
  const RtbHeatmap *heatmap;
  g_autofree char *name = NULL;
  g_autofree char *expected = NULL;
  gsize column;
  guint32 row;

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();

  window = new_window ();
  runs[0] = g_object_ref (gui_test_measure (window, "2s", "first"));
  runs[1] = g_object_ref (gui_test_measure (window, "2s", "second"));
  n0 = rtb_run_get_n_series (runs[0]);
  n1 = rtb_run_get_n_series (runs[1]);
  for (guint r = 0; r < 2; r++)
    for (guint s = 0; s < rtb_run_get_n_series (runs[r]); s++)
      samples += rtb_run_get_series (runs[r], s)->histogram.stats.count;

  view = RTB_COMPARE_VIEW (rtb_compare_view_new (runs, 2));
  holder = gui_test_present (GTK_WIDGET (view), 1000, 700);
  chart = rtb_compare_view_get_heatmap (view);
  g_assert_cmpint (rtb_chart_get_kind (chart), ==, RTB_CHART_HEATMAP);
  iterate_until (widget_has_size, chart, 10);
  g_test_message ("heatmaps: %d × %d for %u + %u series", gtk_widget_get_width (GTK_WIDGET (chart)),
                  gtk_widget_get_height (GTK_WIDGET (chart)), n0, n1);

  /* A panel per series of each run, and no more */
  heatmap = &rtb_run_get_series (runs[1], n1 - 1)->heatmap;
  fullest_cell (heatmap, &column, &row);
  g_assert_true (rtb_chart_heatmap_point (chart, n0 + n1 - 1,
                                          rtb_heatmap_column_start (heatmap, column) + 1,
                                          row_middle_us (heatmap, row), &x0, &y0));
  g_assert_false (rtb_chart_heatmap_point (chart, n0 + n1, 1, 20, &x0, &y0));
  /* One time axis and one value scale: an instance at one x, a decade of values as tall, in
   * the first run's panel and the second's (panels of whole pixels, the same within one) */
  rtb_chart_heatmap_point (chart, 0, 1000, 20, &x0, &y0);
  rtb_chart_heatmap_point (chart, n0, 1000, 20, &x1, &y1);
  g_assert_cmpfloat (x0, ==, x1);
  {
    double top0, top1;

    rtb_chart_heatmap_point (chart, 0, 1000, 200, &x0, &top0);
    rtb_chart_heatmap_point (chart, n0, 1000, 200, &x1, &top1);
    g_test_message ("a decade: %.2f px in the first run's panel, %.2f in the second's",
                    y0 - top0, y1 - top1);
    g_assert_cmpfloat (y0 - top0, >, 0);
    g_assert_cmpfloat (fabs ((y0 - top0) - (y1 - top1)), <=, 1);
  }

  heatmap = &rtb_run_get_series (runs[1], 0)->heatmap;
  fullest_cell (heatmap, &column, &row);
  name = g_strdup_printf ("second: %s", rtb_run_get_series (runs[1], 0)->name);
  expected = expected_readout (runs[1], 0, rtb_heatmap_column_start (heatmap, column) + 1,
                               row_middle_us (heatmap, row), name);
  g_test_message ("second run's fullest cell: %s", expected);
  g_assert_cmpstr (hover_cell (chart, n0, rtb_heatmap_column_start (heatmap, column) + 1,
                               row_middle_us (heatmap, row)),
                   ==, expected);

  export_chart (chart, samples);
  gtk_window_destroy (GTK_WINDOW (holder));
  g_object_unref (runs[0]);
  g_object_unref (runs[1]);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The chart as its snapshot() draws it now, into pixels. */
static GBytes *
chart_pixels (RtbChart *chart)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  int w = gtk_widget_get_width (GTK_WIDGET (chart));
  int h = gtk_widget_get_height (GTK_WIDGET (chart));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  GBytes *pixels;
  cairo_t *cr;

  GTK_WIDGET_GET_CLASS (chart)->snapshot (GTK_WIDGET (chart), snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  cr = cairo_create (surface);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  pixels = g_bytes_new (cairo_image_surface_get_data (surface),
                        (gsize) cairo_image_surface_get_stride (surface) * h);
  cairo_surface_destroy (surface);
  return pixels;
}

typedef struct {
  RtbLiveView *view;
  guint updates;
} Updates;

static gboolean
updated (gpointer data)
{
  Updates *u = data;

  return rtb_live_view_get_n_updates (u->view) > u->updates;
}

/* Scrolled so that the chart is drawn: the page leaves out what is out of view. */
static void
scroll_to (GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment;
  graphene_rect_t bounds;

  g_assert_nonnull (scroller);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_assert_true (gtk_widget_compute_bounds (widget, scroller, &bounds));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + bounds.origin.y);
}

/* A live run of the synthetic board (its samples 5-25 µs, 10 kHz on 4 CPUs, in real time):
 * between some updates no panel's layout or colour scale changes, and the frames are kept; at
 * every update the chart draws, frames kept or not, what it draws with every frame new. */
static void
test_live_frames (void)
{
  const char *stream = g_getenv ("RTBENCH_STREAM_WORKER");
  g_autofree char *worker = g_strdup (g_getenv ("RTBENCH_WORKER"));
  g_autoptr(GSettingsSchema) schema = rtb_settings_schema_lookup (NULL);
  g_autoptr(GSettings) settings = NULL;
  RtbWindow *window;
  RtbLiveView *view;
  RtbChart *chart;
  RtbRun *run;
  guint n_compared = 0, n_kept = 0;

  REQUIRE_DISPLAY ();
  if (stream == NULL)
    {
      g_test_skip ("RTBENCH_STREAM_WORKER is not set");
      return;
    }
  g_setenv ("RTBENCH_WORKER", stream, TRUE);
  g_setenv ("RTBENCH_STREAM_PACE", "realtime", TRUE);
  settings = g_settings_new_full (schema, NULL, NULL);
  g_settings_set_int (settings, "interval-us", 100);
  window = new_window ();
  setup_short_latency (window, "10s", "frames");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  g_assert_true (rtb_window_is_running (window));
  view = rtb_window_get_selected_view (window);
  run = rtb_live_view_get_run (view);
  chart = find_heatmap (view);
  iterate_until (widget_has_size, chart, 10);
  scroll_to (GTK_WIDGET (chart));

  while (rtb_window_is_running (window))
    {
      Updates next = { view, rtb_live_view_get_n_updates (view) };
      guint frames = rtb_chart_get_n_frames (chart);
      g_autoptr(GBytes) shown = NULL;
      g_autoptr(GBytes) drawn_anew = NULL;

      iterate_until (updated, &next, 10);
      if (rtb_run_get_state (run) != RTB_RUN_STATE_RUNNING || rtb_run_get_n_series (run) == 0)
        continue;
      shown = chart_pixels (chart);
      n_kept += rtb_chart_get_n_frames (chart) == frames;
      /* The same run set again: every frame is drawn anew, from the same data. */
      rtb_chart_set_runs (chart, &run, 1, NULL);
      drawn_anew = chart_pixels (chart);
      g_assert_true (g_bytes_equal (shown, drawn_anew));
      n_compared++;
    }
  g_test_message ("%u updates drawn, %u with the frames kept", n_compared, n_kept);
  g_assert_cmpuint (n_compared, >=, 5);
  g_assert_cmpuint (n_kept, >=, 1);
  g_assert_cmpint (rtb_run_get_end_reason (run), ==, RTB_END_COMPLETED);
  gtk_window_destroy (GTK_WINDOW (window));
  g_setenv ("RTBENCH_WORKER", worker, TRUE);
  g_unsetenv ("RTBENCH_STREAM_PACE");
  g_settings_reset (settings, "interval-us");
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/heatmap/chart", test_chart);
  g_test_add_func ("/gui/heatmap/window", test_window);
  g_test_add_func ("/gui/heatmap/compare", test_compare);
  g_test_add_func ("/gui/heatmap/live-frames", test_live_frames);
  return g_test_run ();
}
