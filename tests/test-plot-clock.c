/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A curve's time axis read as a clock: tick labels at known instants, a run across midnight,
 * and the load's marks where they were. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <math.h>
#include <string.h>

#include "plot-test-util.h"
#include "rtb-plot-private.h"

/* 2026-12-03 22:10:00 at UTC+01:00: 21:10:00 UTC. */
#define START_UTC 1796332200.0
#define OFFSET_S 3600.0

static double values[240];

static RtbPlotSeries
minute_series (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    values[i] = 10 + i % 7;
  return (RtbPlotSeries) { "CPU0", 0, .values_us = values, .n_values = G_N_ELEMENTS (values) };
}

static void
clock_options (RtbPlotCurveOptions *opts)
{
  rtb_plot_curve_options_init (opts);
  opts->x_per_instance = 60;  /* one instance a minute: 240 of them are 4 hours */
  opts->time.clock = true;
  opts->time.clock_origin = START_UTC + OFFSET_S;
}

static char *
labels (const RtbPlotLayout *layout)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < layout->x.n_ticks; i++)
    {
      char buf[64];
      bool markup;

      _rtb_plot_axis_format (&layout->x, layout->x.ticks[i], buf, sizeof buf, &markup);
      g_assert_false (markup);
      g_string_append_printf (text, "%s%s", i > 0 ? " " : "", buf);
    }
  return g_string_free (text, FALSE);
}

/* 22:10 to 02:10 the next day: ticks on whole hours of the local clock, midnight as the date. */
static void
test_across_midnight (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotSeries series = minute_series ();
  RtbPlotCurveOptions opts;
  RtbPlotLayout layout;
  g_autofree char *text = NULL;

  clock_options (&opts);
  rtb_plot_curve_layout (&theme, WIDTH, HEIGHT, &opts, &series, 1, &layout);
  text = labels (&layout);
  g_test_message ("%s", text);
  g_assert_cmpint (layout.x.style, ==, RTB_PLOT_TICKS_CLOCK);
  g_assert_cmpfloat (layout.x.step, ==, 3600);
  g_assert_cmpstr (text, ==, "23:00 2026-12-04 01:00 02:00");
  /* 23:00 local is 50 minutes into the run */
  g_assert_cmpfloat_with_epsilon (layout.x.ticks[0], 50 * 60, 1e-6);

  /* The same run read in UTC: the labels move by the hour, the ticks stay where they were */
  opts.time.clock_origin = START_UTC;
  rtb_plot_curve_layout (&theme, WIDTH, HEIGHT, &opts, &series, 1, &layout);
  g_free (text);
  text = labels (&layout);
  g_assert_cmpstr (text, ==, "22:00 23:00 2026-12-04 01:00");
  g_assert_cmpfloat_with_epsilon (layout.x.ticks[0], 50 * 60, 1e-6);

  /* And as elapsed seconds when the clock is not asked for */
  opts.time.clock = false;
  rtb_plot_curve_layout (&theme, WIDTH, HEIGHT, &opts, &series, 1, &layout);
  g_assert_cmpint (layout.x.style, ==, RTB_PLOT_TICKS_PLAIN);
  g_assert_cmpfloat (layout.x.ticks[0], ==, 0);
}

/* Zoomed in on a few minutes around midnight: seconds appear when the step is below a minute. */
static void
test_zoomed (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotSeries series = minute_series ();
  RtbPlotCurveOptions opts;
  RtbPlotLayout layout;
  g_autofree char *text = NULL;

  clock_options (&opts);
  /* Instances 110..112: 23:59 to 00:02 */
  opts.first = 110;
  opts.last = 112;
  rtb_plot_curve_layout (&theme, WIDTH, HEIGHT, &opts, &series, 1, &layout);
  text = labels (&layout);
  g_test_message ("%s", text);
  g_assert_cmpfloat (layout.x.step, ==, 30);
  g_assert_cmpstr (text, ==, "23:59:00 23:59:30 2026-12-04 00:00:30 00:01:00 00:01:30 00:02:00");

  /* Under a second, tenths */
  opts.x_per_instance = 0.1;
  opts.first = 1;
  opts.last = 5;
  rtb_plot_curve_layout (&theme, WIDTH, HEIGHT, &opts, &series, 1, &layout);
  g_free (text);
  text = labels (&layout);
  g_test_message ("%s", text);
  g_assert_cmpstr (text, ==, "22:10:00.0 22:10:00.1 22:10:00.2 22:10:00.3 22:10:00.4 22:10:00.5");
}

/* The load's start and stop: a dashed line in the plot at each, where the clock says. */
static void
test_load_marks (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotSeries series = minute_series ();
  RtbPlotCurveOptions opts;
  RtbPlotLayout layout;
  cairo_surface_t *surface;
  double marks[] = { 55 * 60, 165 * 60 }; /* off the grid's lines */

  clock_options (&opts);
  opts.show_band = false;
  opts.show_mean = false;
  opts.time.load_start_s = marks[0];
  opts.time.load_stop_s = marks[1];
  surface = draw_curve (&theme, &opts, &series, 1, &layout);
  keep_sample (surface, "clock-load-marks");
  for (guint m = 0; m < G_N_ELEMENTS (marks); m++)
    {
      int x = (int) floor (rtb_plot_axis_to_pixel (&layout.x, marks[m]));
      guint drawn = 0;

      /* Dashes: about 4 of every 7 pixels down the plot, below the label at its top */
      for (int y = (int) layout.plot.y + 30; y < (int) (layout.plot.y + layout.plot.height); y++)
        drawn += !is_background (pixel_at (surface, x, y), &theme);
      g_test_message ("mark %u at x = %d: %u of %d pixels drawn", m, x, drawn,
                      (int) layout.plot.height - 30);
      g_assert_cmpuint (drawn, >, (layout.plot.height - 30) / 3);
      g_assert_cmpuint (drawn, <, layout.plot.height - 30);
    }
  cairo_surface_destroy (surface);

  /* Outside the range shown (the load started before the run): no mark */
  opts.time.load_start_s = -5;
  opts.time.load_stop_s = NAN;
  surface = draw_curve (&theme, &opts, &series, 1, &layout);
  for (guint m = 0; m < G_N_ELEMENTS (marks); m++)
    {
      int x = (int) floor (rtb_plot_axis_to_pixel (&layout.x, marks[m]));
      guint drawn = 0;

      for (int y = (int) layout.plot.y + 30; y < (int) (layout.plot.y + layout.plot.height); y++)
        drawn += !is_background (pixel_at (surface, x, y), &theme) &&
                 !is_background (pixel_at (surface, x, y + 1), &theme);
      g_assert_cmpuint (drawn, <, 8);
    }
  cairo_surface_destroy (surface);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/plot-clock/across-midnight", test_across_midnight);
  g_test_add_func ("/plot-clock/zoomed", test_zoomed);
  g_test_add_func ("/plot-clock/load-marks", test_load_marks);
  return g_test_run ();
}
