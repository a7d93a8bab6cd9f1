/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Images of whole runs, as exports and comparisons draw them: which charts they stack, what the
 * charts say and where the data lands, checked on the pixels. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <string.h>

#include "rtb-import.h"
#include "rtb-plot-run.h"
#include "rtb-test-run.h"

#define WIDTH 900
#define PANEL_HEIGHT 300

static cairo_surface_t *
draw (RtbPlotRunChart chart, RtbRun *const *runs, guint n_runs, int height)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, height);
  cairo_t *cr = cairo_create (surface);

  rtb_plot_run_draw (cr, &theme, WIDTH, height, chart, RTB_PLOT_SCALE_AUTO, runs, n_runs);
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
 * charts; asked for the curve, the curve says why it is empty; the system line names the tool
 * and the file, not a "?" for the unknown host. */
static void
test_imported_histogram (void)
{
  g_autoptr (RtbRun) run = import_fixture ("ct24-h20-q-2t.txt");
  g_autofree char *line = rtb_plot_run_system_line (run);
  RtbPlotRunPanel panels[RTB_PLOT_RUN_MAX_PANELS];
  cairo_surface_t *both, *histogram, *curve;
  guint text = 0;

  g_assert_nonnull (strstr (line, "imported from cyclictest"));
  g_assert_nonnull (strstr (line, "(ct24-h20-q-2t.txt)"));
  g_assert_null (strstr (line, "?"));
  g_assert_null (strstr (line, "/import/"));

  g_assert_cmpuint (rtb_plot_run_panels (RTB_PLOT_RUN_BOTH, &run, 1, panels), ==, 1);
  g_assert_false (panels[0].curve);
  both = draw (RTB_PLOT_RUN_BOTH, &run, 1, 2 * PANEL_HEIGHT);
  histogram = draw (RTB_PLOT_RUN_HISTOGRAM, &run, 1, 2 * PANEL_HEIGHT);
  g_assert_true (same_rows (both, histogram, 2 * PANEL_HEIGHT));

  g_assert_cmpuint (rtb_plot_run_panels (RTB_PLOT_RUN_CURVE, &run, 1, panels), ==, 1);
  g_assert_true (panels[0].curve);
  curve = draw (RTB_PLOT_RUN_CURVE, &run, 1, 2 * PANEL_HEIGHT);
  /* No series is drawn, but the middle of the plot holds the placeholder's text */
  g_assert_cmpint (last_coloured_column (curve, 120, 2 * PANEL_HEIGHT - 60), <, 0);
  for (int y = PANEL_HEIGHT - 20; y < PANEL_HEIGHT + 20; y++)
    for (int x = WIDTH / 4; x < 3 * WIDTH / 4; x++)
      text += pixel (curve, x, y) != pixel (curve, 5, y);
  g_assert_cmpuint (text, >, 100);

  cairo_surface_destroy (both);
  cairo_surface_destroy (histogram);
  cairo_surface_destroy (curve);
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
  g_assert_cmpstr (rtb_plot_run_x_label (command->jitter.base_us / 1e6), ==, "time (s)");

  g_assert_cmpuint (rtb_plot_run_panels (RTB_PLOT_RUN_BOTH, &run, 1, panels), ==, 3);
  g_assert_true (panels[0].curve && panels[0].thread == 0);
  g_assert_true (panels[1].curve && panels[1].thread == 1);
  g_assert_false (panels[2].curve);

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

/* A measured run stacks its curve above its histogram; beside an imported one, the curve stays
 * and the imported series is named in it as having no per-instance data. */
static void
test_measured_and_compared (void)
{
  g_autoptr (RtbRun) measured = test_run_new ("measured", RTB_METHOD_LATENCY, 2, 1000);
  g_autoptr (RtbRun) imported = import_fixture ("ct24-h20-q-2t.txt");
  RtbRun *both_runs[] = { measured, imported };
  RtbPlotRunPanel panels[RTB_PLOT_RUN_MAX_PANELS];
  g_autofree char *line = rtb_plot_run_system_line (measured);
  cairo_surface_t *both, *histogram;

  for (guint i = 0; i < 2; i++)
    test_series_fill (rtb_run_get_series (measured, i), 5000, 20000, 1000, 7);
  g_assert_cmpstr (line, ==, "rpi4 · Linux 6.6.20-rt25-v8+ · PREEMPT_RT · aarch64 · 4 CPUs · "
                             "isolcpus=2,3");

  g_assert_cmpuint (rtb_plot_run_panels (RTB_PLOT_RUN_BOTH, &measured, 1, panels), ==, 2);
  g_assert_true (panels[0].curve && panels[0].thread == -1);
  g_assert_false (panels[1].curve);
  both = draw (RTB_PLOT_RUN_BOTH, &measured, 1, 2 * PANEL_HEIGHT);
  histogram = draw (RTB_PLOT_RUN_HISTOGRAM, &measured, 1, 2 * PANEL_HEIGHT);
  g_assert_false (same_rows (both, histogram, PANEL_HEIGHT));
  cairo_surface_destroy (both);
  cairo_surface_destroy (histogram);

  g_assert_cmpuint (rtb_plot_run_panels (RTB_PLOT_RUN_BOTH, both_runs, 2, panels), ==, 2);
  g_assert_true (panels[0].curve);
  cairo_surface_destroy (draw (RTB_PLOT_RUN_BOTH, both_runs, 2, 2 * PANEL_HEIGHT));
}

/* Every curve says, as the window's do, that it carries the running mean. */
static void
test_titles (void)
{
  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_RESPONSE; m++)
    for (int thread = -1; thread <= 1; thread++)
      g_assert_true (g_str_has_suffix (rtb_plot_run_curve_title (m, thread),
                                       ", with the running mean"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot-run/imported-histogram", test_imported_histogram);
  g_test_add_func ("/plot-run/jitter-threads", test_jitter_threads);
  g_test_add_func ("/plot-run/measured-and-compared", test_measured_and_compared);
  g_test_add_func ("/plot-run/titles", test_titles);
  return g_test_run ();
}
