/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The histogram chart: its buckets on a log scale, the overflows beyond its last bucket, signed
 * values. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <math.h>

#include "plot-test-util.h"

static void
test_log_histogram (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotHistogramOptions opts;
  RtbPlotHistogramValue value;
  RtbPlotLayout layout;
  RtbPlotSeries series = { "CPU0", 0 };
  RtbHistogram hist;
  cairo_surface_t *surface;
  double x, y;
  bool decade = false;

  g_assert_true (rtb_histogram_init (&hist, 0, 1000000));
  rtb_histogram_add_bucket (&hist, 5, 10);
  rtb_histogram_add_bucket (&hist, 50, 1000);
  rtb_histogram_add_bucket (&hist, 80, 1);
  series.histogram = &hist;

  rtb_plot_histogram_options_init (&opts);
  surface = draw_histogram (&theme, &opts, &series, 1, &layout);
  keep_sample (surface, "test-histogram");
  assert_axes_drawn (surface, &theme, &layout);

  g_assert_true (layout.y.log);
  for (guint i = 0; i < layout.y.n_ticks; i++)
    decade |= layout.y.ticks[i] == 1000;
  g_assert_true (decade);
  /* Auto range: up to the highest non-empty bucket and a little more, not the million */
  g_assert_cmpfloat (layout.x.hi, >, 81);
  g_assert_cmpfloat (layout.x.hi, <=, 100);

  x = rtb_plot_axis_to_pixel (&layout.x, 50.5);
  y = rtb_plot_axis_to_pixel (&layout.y, 1000);
  g_assert_true (coloured_near (surface, x, y));
  g_assert_false (coloured_near (surface, x, rtb_plot_axis_to_pixel (&layout.y, 3000)));
  g_assert_false (coloured_near (surface, x, rtb_plot_axis_to_pixel (&layout.y, 300)));
  /* One count still shows, above the axis */
  g_assert_true (coloured_near (surface, rtb_plot_axis_to_pixel (&layout.x, 80.5),
                                rtb_plot_axis_to_pixel (&layout.y, 1)));
  g_assert_cmpfloat (rtb_plot_axis_to_pixel (&layout.y, 1), <, layout.plot.y + layout.plot.height - 3);

  g_assert_true (rtb_plot_histogram_value_at (&layout, &series, 1, x, &value));
  g_assert_true (value.has_data);
  g_assert_cmpint (value.lo_us, <=, 50);
  g_assert_cmpint (value.hi_us, >, 50);
  g_assert_cmpuint (value.max_count, ==, 1000);

  cairo_surface_destroy (surface);
  rtb_histogram_clear (&hist);
}

static void
test_histogram_overflows (void)
{
  RtbPlotTheme theme = rtb_plot_theme_dark ();
  RtbPlotHistogramOptions opts;
  RtbPlotLayout layout;
  RtbPlotSeries series[2] = { { "CPU0", 0 }, { "CPU1", 1 } };
  RtbHistogram hist[2];
  cairo_surface_t *surface;
  double right;

  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (rtb_histogram_init (&hist[i], 0, 100));
      for (int v = 0; v < 100; v++)
        rtb_histogram_add_bucket (&hist[i], v, (uint64_t) (1e5 * exp (-v / (5.0 + 3 * i))) + 1);
      series[i].histogram = &hist[i];
    }
  for (guint k = 0; k < 42; k++)
    rtb_histogram_add (&hist[1], 250000 + k);

  rtb_plot_histogram_options_init (&opts);
  surface = draw_histogram (&theme, &opts, series, 2, &layout);
  keep_sample (surface, "test-overflows");
  g_assert_true (is_background (pixel_at (surface, 2, 2), &theme));
  assert_axes_drawn (surface, &theme, &layout);

  /* The marker at the right edge, at the height of 42 */
  right = layout.plot.x + layout.plot.width - 3;
  g_assert_true (coloured_near (surface, right, rtb_plot_axis_to_pixel (&layout.y, 42)));
  cairo_surface_destroy (surface);
  for (guint i = 0; i < 2; i++)
    rtb_histogram_clear (&hist[i]);
}

/* Every value past the limit (osnoise's noise per period on the lab's emulated board, beyond its
 * 100000 µs): the axis reaches the limit, where the overflows' mark stands, not 100 µs. */
static void
test_histogram_overflows_only (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotHistogramOptions opts;
  RtbPlotLayout layout;
  RtbPlotSeries series = { "CPU0", 0 };
  RtbHistogram hist;
  cairo_surface_t *surface;

  g_assert_true (rtb_histogram_init (&hist, 0, 100000));
  for (guint k = 0; k < 10; k++)
    rtb_histogram_add (&hist, (int64_t) (700000 + k) * 1000);
  series.histogram = &hist;
  rtb_plot_histogram_options_init (&opts);
  surface = draw_histogram (&theme, &opts, &series, 1, &layout);
  g_assert_cmpfloat (layout.x.lo, ==, 0);
  g_assert_cmpfloat (layout.x.hi, >=, 100000);
  g_assert_true (coloured_near (surface, layout.plot.x + layout.plot.width - 3,
                                rtb_plot_axis_to_pixel (&layout.y, 10)));
  cairo_surface_destroy (surface);
  rtb_histogram_clear (&hist);
}

static void
test_signed_histogram (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotHistogramOptions opts;
  RtbPlotLayout layout;
  RtbPlotSeries series = { "jitter", 3 };
  RtbHistogram hist;
  cairo_surface_t *surface;

  g_assert_true (rtb_histogram_init (&hist, -1000, 2000));
  for (int v = -30; v <= 30; v++)
    rtb_histogram_add_bucket (&hist, v, (uint64_t) (1e4 * exp (-v * v / 60.0)) + 1);
  rtb_histogram_add (&hist, -5000000);
  series.histogram = &hist;

  rtb_plot_histogram_options_init (&opts);
  opts.x_label = "deviation (µs)";
  surface = draw_histogram (&theme, &opts, &series, 1, &layout);
  keep_sample (surface, "test-signed");
  assert_axes_drawn (surface, &theme, &layout);
  g_assert_cmpfloat (layout.x.lo, <, -30);
  g_assert_cmpfloat (layout.x.lo, >, -100);
  g_assert_cmpfloat (layout.x.hi, >, 30);
  g_assert_true (coloured_near (surface, rtb_plot_axis_to_pixel (&layout.x, 0.5),
                                rtb_plot_axis_to_pixel (&layout.y, 1e4)));
  cairo_surface_destroy (surface);
  rtb_histogram_clear (&hist);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/plot/histogram/log", test_log_histogram);
  g_test_add_func ("/plot/histogram/overflows", test_histogram_overflows);
  g_test_add_func ("/plot/histogram/overflows-only", test_histogram_overflows_only);
  g_test_add_func ("/plot/histogram/signed", test_signed_histogram);
  return g_test_run ();
}
