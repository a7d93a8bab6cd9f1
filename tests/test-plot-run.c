/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Images of whole runs, as exports and comparisons draw them: which charts they stack, what the
 * charts say and where the data lands, checked on the pixels. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <string.h>

#include "rtb-import.h"
#include "rtb-plot-private.h"
#include "rtb-plot-run.h"
#include "rtb-run-private.h"
#include "rtb-test-run.h"

#define WIDTH 900
#define PANEL_HEIGHT 300

static cairo_surface_t *
draw (RtbPlotRunChart chart, RtbRun *const *runs, guint n_runs, int height)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, height);
  cairo_t *cr = cairo_create (surface);

  rtb_plot_run_draw (cr, &theme, WIDTH, height, chart, RTB_PLOT_SCALE_AUTO,
                     RTB_PLOT_RUN_TIME_ELAPSED, runs, n_runs);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (g_getenv ("RTBENCH_PLOT_SAMPLES") != NULL)
    {
      static guint n;
      g_autofree char *path = g_strdup_printf ("%s/plot-run-%u.png",
                                               g_getenv ("RTBENCH_PLOT_SAMPLES"), n++);
      cairo_surface_write_to_png (surface, path);
    }
  return surface;
}

static guint32
pixel (cairo_surface_t *surface, int x, int y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);

  return *(const guint32 *) (data + y * cairo_image_surface_get_stride (surface) + x * 4) &
         0xffffff;
}

static gboolean
is_coloured (guint32 p)
{
  int r = p >> 16 & 0xff, g = p >> 8 & 0xff, b = p & 0xff;

  return MAX (r, MAX (g, b)) - MIN (r, MIN (g, b)) > 40;
}

static gboolean
same_rows (cairo_surface_t *a, cairo_surface_t *b, int rows)
{
  for (int y = 0; y < rows; y++)
    for (int x = 0; x < WIDTH; x++)
      if (pixel (a, x, y) != pixel (b, x, y))
        return FALSE;
  return TRUE;
}

/* The right-most pixel column in rows [y0, y1) with a coloured (series) pixel, or -1. */
static int
last_coloured_column (cairo_surface_t *surface, int y0, int y1)
{
  for (int x = WIDTH - 1; x >= 0; x--)
    for (int y = y0; y < y1; y++)
      if (is_coloured (pixel (surface, x, y)))
        return x;
  return -1;
}

static RtbRun *
import_fixture (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "import", name, NULL);
  g_autoptr (GError) error = NULL;
  RtbImportOptions options;
  RtbRun *run;

  rtb_import_options_init (&options);
  run = rtb_import_file (path, &options, NULL, &error);
  g_assert_no_error (error);
  return run;
}

/* A cyclictest histogram has no sample order: its image is the histogram alone, asked for both
 * charts; asked for the curve, it gets a panel without axes that says why, naming the tool and
 * the file; the system line names them too, not a "?" for the unknown host. */
static void
test_imported_histogram (void)
{
  g_autoptr (RtbRun) run = import_fixture ("ct24-h20-q-2t.txt");
  g_autofree char *line = rtb_plot_run_system_line (run);
  g_autofree char *note = rtb_plot_run_no_instances_note (&run, 1);
  g_autofree char *format = NULL;
  g_autofree char *file = NULL;
  RtbPlotRunPanel panels[RTB_PLOT_RUN_MAX_PANELS];
  cairo_surface_t *both, *histogram, *curve;

  g_assert_nonnull (strstr (line, "imported from cyclictest"));
  g_assert_nonnull (strstr (line, "(ct24-h20-q-2t.txt)"));
  g_assert_null (strstr (line, "?"));
  g_assert_null (strstr (line, "/import/"));

  g_assert_true (rtb_plot_run_get_import (run, &format, &file));
  g_assert_cmpstr (format, ==, "cyclictest 1.x–2.6 text");
  g_assert_cmpstr (file, ==, "ct24-h20-q-2t.txt");
  g_assert_true (rtb_plot_run_lacks_instances (run));
  g_assert_cmpstr (note, ==, "This run has no per-sample data: it was imported from cyclictest "
                             "1.x–2.6 text (ct24-h20-q-2t.txt), which keeps only a histogram "
                             "and statistics.");

  g_assert_cmpuint (rtb_plot_run_panels (RTB_PLOT_RUN_BOTH, &run, 1, panels), ==, 1);
  g_assert_cmpint (panels[0].kind, ==, RTB_PLOT_RUN_PANEL_HISTOGRAM);
  both = draw (RTB_PLOT_RUN_BOTH, &run, 1, 2 * PANEL_HEIGHT);
  histogram = draw (RTB_PLOT_RUN_HISTOGRAM, &run, 1, 2 * PANEL_HEIGHT);
  g_assert_true (same_rows (both, histogram, 2 * PANEL_HEIGHT));

  g_assert_cmpuint (rtb_plot_run_panels (RTB_PLOT_RUN_CURVE, &run, 1, panels), ==, 1);
  g_assert_cmpint (panels[0].kind, ==, RTB_PLOT_RUN_PANEL_NO_INSTANCES);
  curve = draw (RTB_PLOT_RUN_CURVE, &run, 1, 2 * PANEL_HEIGHT);
  /* No series is drawn. */
  g_assert_cmpint (last_coloured_column (curve, 120, 2 * PANEL_HEIGHT - 60), <, 0);

  cairo_surface_destroy (both);
  cairo_surface_destroy (histogram);
  cairo_surface_destroy (curve);
}

/* Every format that keeps only histograms and statistics lacks instances, and its note names the
 * file; a recorded worker stream has its curve. */
static void
test_imported_formats (void)
{
  const char *histograms[] = {
    "ct24-h20-q-2t.txt", "ct210-h20-q-2t.json", "rtla-timerlat-2cpu.txt",
    "jitterdebugger-2cpu.json", "ct24-q-2t.txt",
  };
  g_autoptr (RtbRun) stream = import_fixture ("worker-latency-1s.stream");
  RtbPlotRunPanel panels[RTB_PLOT_RUN_MAX_PANELS];

  for (guint i = 0; i < G_N_ELEMENTS (histograms); i++)
    {
      g_autoptr (RtbRun) run = import_fixture (histograms[i]);
      g_autofree char *note = rtb_plot_run_no_instances_note (&run, 1);

      g_test_message ("%s", note);
      g_assert_true (rtb_plot_run_lacks_instances (run));
      g_assert_nonnull (strstr (note, histograms[i]));
      /* cyclictest's status lines alone keep no histogram either, and the note says so. */
      g_assert_cmpint (rtb_plot_run_lacks_histogram (run), ==,
                       g_str_equal (histograms[i], "ct24-q-2t.txt"));
      g_assert_nonnull (strstr (note, rtb_plot_run_lacks_histogram (run)
                                        ? "keeps only each thread's count, min, average and max"
                                        : "keeps only a histogram and statistics"));
      g_assert_cmpuint (rtb_plot_run_panels (RTB_PLOT_RUN_BOTH, &run, 1, panels), ==, 1);
    }
  g_assert_true (rtb_plot_run_get_import (stream, NULL, NULL));
  g_assert_false (rtb_plot_run_lacks_instances (stream));
  g_assert_null (rtb_plot_run_no_instances_note (&stream, 1));
  g_assert_cmpuint (rtb_plot_run_panels (RTB_PLOT_RUN_CURVE, &stream, 1, panels), ==, 1);
  g_assert_cmpint (panels[0].kind, ==, RTB_PLOT_RUN_PANEL_CURVE);
}

/* LinuxCNC's threads run at periods 40 times apart: each gets its own panel and time axis, so
 * both fill their width, where a shared instance axis left the servo thread a sliver. */
static void
test_jitter_threads (void)
{
  g_autoptr (RtbRun) run = test_run_new ("jitter", RTB_METHOD_JITTER, 0, 0);
  RtbPlotRunPanel panels[RTB_PLOT_RUN_MAX_PANELS];
  RtbSeries *base = rtb_run_add_series (run, "base", 3);
  RtbSeries *servo = rtb_run_add_series (run, "servo", 3);
  const RtbCommand *command = rtb_run_get_command (run);
  cairo_surface_t *both, *curves;

  g_assert_cmpuint (command->jitter.servo_us, ==, 40 * command->jitter.base_us);
  /* 0.1 s of each */
  test_series_fill (base, 4000, -2000, 1000, 5);
  test_series_fill (servo, 100, -3000, 1500, 5);

  g_assert_cmpfloat (rtb_plot_run_seconds_per_instance (&run, 1, 0), ==,
                     command->jitter.base_us / 1e6);
  g_assert_cmpfloat (rtb_plot_run_seconds_per_instance (&run, 1, 1), ==,
                     command->jitter.servo_us / 1e6);
  g_assert_cmpfloat (rtb_plot_run_seconds_per_instance (&run, 1, -1), ==, 0);
  g_assert_cmpstr (rtb_plot_run_x_label (RTB_METHOD_JITTER, command->jitter.base_us / 1e6), ==, "time (s)");

  g_assert_cmpuint (rtb_plot_run_panels (RTB_PLOT_RUN_BOTH, &run, 1, panels), ==, 3);
  g_assert_true (panels[0].kind == RTB_PLOT_RUN_PANEL_CURVE && panels[0].thread == 0);
  g_assert_true (panels[1].kind == RTB_PLOT_RUN_PANEL_CURVE && panels[1].thread == 1);
  g_assert_cmpint (panels[2].kind, ==, RTB_PLOT_RUN_PANEL_HISTOGRAM);

  curves = draw (RTB_PLOT_RUN_CURVE, &run, 1, 2 * PANEL_HEIGHT);
  both = draw (RTB_PLOT_RUN_BOTH, &run, 1, 3 * PANEL_HEIGHT);
  /* The curves of "both" are the curves alone, the histogram below them */
  g_assert_true (same_rows (both, curves, 2 * PANEL_HEIGHT));
  for (int p = 0; p < 2; p++)
    g_assert_cmpint (last_coloured_column (curves, p * PANEL_HEIGHT + 90, (p + 1) * PANEL_HEIGHT - 50),
                     >, WIDTH * 9 / 10);
  cairo_surface_destroy (both);
  cairo_surface_destroy (curves);
}

/* A measured run stacks its curve above its histogram; beside an imported one, the curve shows
 * the measured run's series alone and its subtitle names the imported run as having no
 * per-sample data. */
static void
test_measured_and_compared (void)
{
  g_autoptr (RtbRun) measured = test_run_new ("measured", RTB_METHOD_LATENCY, 2, 1000);
  g_autoptr (RtbRun) imported = import_fixture ("ct24-h20-q-2t.txt");
  RtbRun *both_runs[] = { measured, imported };
  RtbPlotRunPanel panels[RTB_PLOT_RUN_MAX_PANELS];
  RtbPlotSeries series[RTB_PLOT_RUN_MAX_SERIES];
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *line = rtb_plot_run_system_line (measured);
  g_autofree char *note = NULL;
  cairo_surface_t *both, *histogram;
  guint n;

  for (guint i = 0; i < 2; i++)
    test_series_fill (rtb_run_get_series (measured, i), 5000, 20000, 1000, 7);
  g_assert_cmpstr (line, ==, "rpi4 · Linux 6.6.20-rt25-v8+ · PREEMPT_RT · aarch64 · 4 CPUs · "
                             "isolcpus=2,3");
  g_assert_false (rtb_plot_run_lacks_instances (measured));
  g_assert_null (rtb_plot_run_no_instances_note (&measured, 1));

  g_assert_cmpuint (rtb_plot_run_panels (RTB_PLOT_RUN_BOTH, &measured, 1, panels), ==, 2);
  g_assert_true (panels[0].kind == RTB_PLOT_RUN_PANEL_CURVE && panels[0].thread == -1);
  g_assert_cmpint (panels[1].kind, ==, RTB_PLOT_RUN_PANEL_HISTOGRAM);
  both = draw (RTB_PLOT_RUN_BOTH, &measured, 1, 2 * PANEL_HEIGHT);
  histogram = draw (RTB_PLOT_RUN_HISTOGRAM, &measured, 1, 2 * PANEL_HEIGHT);
  g_assert_false (same_rows (both, histogram, PANEL_HEIGHT));
  cairo_surface_destroy (both);
  cairo_surface_destroy (histogram);

  g_assert_cmpuint (rtb_plot_run_panels (RTB_PLOT_RUN_BOTH, both_runs, 2, panels), ==, 2);
  g_assert_cmpint (panels[0].kind, ==, RTB_PLOT_RUN_PANEL_CURVE);
  /* The histogram has all four series; the curve the measured run's two, in their colours. */
  g_assert_cmpuint (rtb_plot_run_series (both_runs, 2, -1, series, G_N_ELEMENTS (series),
                                         names), ==, 4);
  n = rtb_plot_run_curve_series (both_runs, 2, -1, series, G_N_ELEMENTS (series), names);
  g_assert_cmpuint (n, ==, 2);
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (g_str_has_prefix (series[i].name, "measured: "));
      g_assert_cmpuint (series[i].color_index, ==, i);
    }
  note = rtb_plot_run_no_instances_note (both_runs, 2);
  g_assert_cmpstr (note, ==, "ct24-h20-q-2t has no per-sample data: it was imported from "
                             "cyclictest 1.x–2.6 text (ct24-h20-q-2t.txt), which keeps only a "
                             "histogram and statistics.");
  cairo_surface_destroy (draw (RTB_PLOT_RUN_BOTH, both_runs, 2, 2 * PANEL_HEIGHT));
}

/* The heatmaps of one run's series share their scales, as compared runs' do: a quiet CPU's
 * values on the same axis and colours as a noisy one's. */
static void
test_heatmap_scales (void)
{
  g_autoptr (RtbRun) run = test_run_new ("two", RTB_METHOD_LATENCY, 2, 1000);
  RtbPlotHeatmapOptions opts;
  RtbSeries *quiet = rtb_run_get_series (run, 0), *noisy = rtb_run_get_series (run, 1);

  test_series_fill (quiet, 3000, 5000, 1000, 10);
  test_series_fill (noisy, 1000, 50000, 100000, 9);
  rtb_plot_run_heatmap_options (&run, 1, &opts);
  g_assert_true (opts.y_fixed);
  g_assert_cmpfloat (opts.y_min_us, <=, 5);
  g_assert_cmpfloat (opts.y_max_us, >=, 850);
  g_assert_cmpuint (opts.last, ==, 3000);
  g_assert_cmpuint (opts.count_max, ==, MAX (rtb_heatmap_max_cell (&quiet->heatmap),
                                             rtb_heatmap_max_cell (&noisy->heatmap)));
}

/* Every curve says, as the window's do, that it carries the running mean. */
static void
test_titles (void)
{
  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    for (int thread = -1; thread <= 1; thread++)
      g_assert_true (g_str_has_suffix (rtb_plot_run_curve_title (m, thread),
                                       ", with the running mean"));
}

/* The time axis' tick labels as drawn, separated by spaces, into `text`. */
static void
tick_labels (const RtbPlotLayout *layout, GString *text)
{
  g_string_truncate (text, 0);
  for (guint i = 0; i < layout->x.n_ticks; i++)
    {
      char buf[64];
      bool markup;

      _rtb_plot_axis_format (&layout->x, layout->x.ticks[i], buf, sizeof buf, &markup);
      g_string_append_printf (text, "%s%s", i ? " " : "", buf);
    }
}

/* A run that started at 23:58:00.5 on 2026-12-03 on a machine at UTC+01:00 and measured past
 * its midnight: its curve reads that clock, with the date at midnight, and its load's marks. */
static void
test_clock_time (void)
{
  const gint64 start_us = G_GINT64_CONSTANT (1796338680500000); /* 22:58:00.5 UTC */
  g_autoptr (RtbRun) run = test_run_new ("night", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbRun) old = test_run_new ("old", RTB_METHOD_LATENCY, 1, 1000);
  RtbRun *both[] = { run, old };
  RtbSystemInfo *system = rtb_system_info_copy (rtb_run_get_system (run));
  double period = 0;
  RtbPlotRunTime time;
  RtbPlotSeries series[RTB_PLOT_RUN_MAX_SERIES];
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotCurveOptions opts;
  RtbPlotLayout layout;
  g_autofree char *label = NULL;
  g_autoptr (GString) ticks = g_string_new (NULL);
  guint n;

  system->utc_offset_s = 3600;
  rtb_run_set_system (run, system);
  /* 240 000 samples at 1 ms: four minutes, to 00:02:00.5 */
  test_series_fill (rtb_run_get_series (run, 0), 240000, 20000, 1000, 7);
  _rtb_run_set_times (run, start_us, start_us + 240 * G_USEC_PER_SEC,
                      240 * G_GUINT64_CONSTANT (1000000000));
  rtb_run_set_load_span (run, -120000000, 240100000000);
  test_series_fill (rtb_run_get_series (old, 0), 1000, 20000, 1000, 7);

  g_assert_true (rtb_plot_run_time_from_string ("clock", &time));
  g_assert_cmpint (time, ==, RTB_PLOT_RUN_TIME_CLOCK);
  g_assert_false (rtb_plot_run_time_from_string ("wall", &time));
  g_assert_null (rtb_plot_run_clock_unavailable (&run, 1, -1));
  g_assert_cmpstr (rtb_plot_run_clock_unavailable (&old, 1, -1), ==,
                   "The run does not record when it started (an import, or a file of an older "
                   "rtbench): only elapsed time");
  g_assert_nonnull (rtb_plot_run_clock_unavailable (both, 2, -1));

  period = rtb_plot_run_seconds_per_instance (&run, 1, -1);
  g_assert_cmpfloat (period, ==, 0.001);
  n = rtb_plot_run_curve_series (&run, 1, -1, series, G_N_ELEMENTS (series), names);
  rtb_plot_curve_options_init (&opts);
  opts.x_per_instance = period;
  label = rtb_plot_run_time_apply (&run, 1, -1, RTB_PLOT_RUN_TIME_CLOCK, period, &opts.time);
  g_assert_cmpstr (label, ==, "time of day (UTC+01:00)");
  g_assert_true (opts.time.clock);
  g_assert_cmpfloat (opts.time.clock_origin, ==, start_us / 1e6 + 3600);
  /* Started before the first sample, stopped after the last: marked at both ends */
  g_assert_cmpfloat (opts.time.load_start_s, ==, 0);
  g_assert_cmpfloat (opts.time.load_stop_s, ==, 240);

  rtb_plot_curve_layout (&theme, WIDTH, PANEL_HEIGHT, &opts, series, n, &layout);
  tick_labels (&layout, ticks);
  g_test_message ("%s", ticks->str);
  g_assert_cmpstr (ticks->str, ==, "23:58:30 23:59:00 23:59:30 2026-12-04 00:00:30 00:01:00 "
                                   "00:01:30 00:02:00");

  /* Without its offset (a worker of an older rtbench): UTC, and said so */
  system = rtb_system_info_copy (rtb_run_get_system (run));
  system->utc_offset_s = RTB_SYSTEM_INFO_UNKNOWN;
  rtb_run_set_system (run, system);
  g_free (label);
  rtb_plot_curve_options_init (&opts);
  opts.x_per_instance = period;
  label = rtb_plot_run_time_apply (&run, 1, -1, RTB_PLOT_RUN_TIME_CLOCK, period, &opts.time);
  g_assert_cmpstr (label, ==, "time of day (UTC: the machine's time zone is not recorded)");
  g_assert_cmpfloat (opts.time.clock_origin, ==, start_us / 1e6);

  /* Elapsed time asked for, or a run without its start: no clock, the load still marked */
  g_free (label);
  rtb_plot_curve_options_init (&opts);
  opts.x_per_instance = period;
  label = rtb_plot_run_time_apply (&run, 1, -1, RTB_PLOT_RUN_TIME_ELAPSED, period, &opts.time);
  g_assert_null (label);
  g_assert_false (opts.time.clock);
  g_assert_cmpfloat (opts.time.load_stop_s, ==, 240);
  rtb_plot_curve_options_init (&opts);
  opts.x_per_instance = period;
  label = rtb_plot_run_time_apply (&old, 1, -1, RTB_PLOT_RUN_TIME_CLOCK, period, &opts.time);
  g_assert_null (label);
  g_assert_false (opts.time.clock);
  g_assert_true (isnan (opts.time.load_start_s));

  /* Its heatmap reads the same clock, with the same marks; a heatmap of several runs gives
   * each its own clock when each records its start (runs of other periods: test-cli-compare). */
  {
    g_autoptr (RtbRun) twin = test_run_new ("twin", RTB_METHOD_LATENCY, 1, 1000);
    RtbRun *twins[] = { run, twin };
    RtbPlotHeatmapOptions heat;
    RtbPlotSeries entry = rtb_plot_run_series_entry (rtb_run_get_series (run, 0), "CPU0", 0);
    g_autofree char *heat_label = NULL;

    test_series_fill (rtb_run_get_series (twin, 0), 1000, 20000, 1000, 7);
    _rtb_run_set_times (twin, start_us, start_us + G_USEC_PER_SEC, 1000000000);
    g_assert_null (rtb_plot_run_heatmap_clock_unavailable (&run, 1));
    g_assert_null (rtb_plot_run_heatmap_clock_unavailable (twins, 2));
    g_assert_cmpstr (rtb_plot_run_heatmap_clock_unavailable (both, 2), ==,
                     rtb_plot_run_clock_unavailable (&old, 1, -1));

    rtb_plot_run_heatmap_options (&run, 1, &heat);
    heat_label = rtb_plot_run_time_apply (&run, 1, -1, RTB_PLOT_RUN_TIME_CLOCK,
                                          heat.x_per_instance, &heat.time);
    g_assert_cmpstr (heat_label, ==, "time of day (UTC: the machine's time zone is not recorded)");
    g_assert_cmpfloat (heat.time.load_start_s, ==, 0);
    g_assert_cmpfloat (heat.time.load_stop_s, ==, 240);
    rtb_plot_heatmap_layout (&theme, WIDTH, PANEL_HEIGHT, &heat, &entry, &layout);
    tick_labels (&layout, ticks);
    g_test_message ("heatmap: %s", ticks->str);
    g_assert_cmpuint (layout.x.style, ==, RTB_PLOT_TICKS_CLOCK);
    g_assert_nonnull (strstr (ticks->str, "23:00:00"));
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot-run/imported-histogram", test_imported_histogram);
  g_test_add_func ("/plot-run/imported-formats", test_imported_formats);
  g_test_add_func ("/plot-run/jitter-threads", test_jitter_threads);
  g_test_add_func ("/plot-run/measured-and-compared", test_measured_and_compared);
  g_test_add_func ("/plot-run/titles", test_titles);
  g_test_add_func ("/plot-run/heatmap-scales", test_heatmap_scales);
  g_test_add_func ("/plot-run/clock-time", test_clock_time);
  return g_test_run ();
}
