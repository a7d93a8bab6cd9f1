/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <math.h>
#include <string.h>

#include "plot-test-util.h"

static void
test_ticks_are_nice (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  double values[] = { 0.3, 17.2, 1234.5, 73.0 };
  RtbPlotSeries series = { "CPU0", 0, .values_us = values, .n_values = G_N_ELEMENTS (values) };
  RtbPlotCurveOptions opts;
  RtbPlotLayout layout;
  double mantissa;

  rtb_plot_curve_options_init (&opts);
  rtb_plot_curve_layout (&theme, WIDTH, HEIGHT, &opts, &series, 1, &layout);

  g_assert_cmpfloat (layout.y.lo, ==, 0);
  g_assert_cmpfloat (layout.y.hi, >=, 1234.5);
  mantissa = layout.y.step / pow (10, floor (log10 (layout.y.step)));
  g_assert_true (fabs (mantissa - 1) < 1e-9 || fabs (mantissa - 2) < 1e-9 ||
                 fabs (mantissa - 5) < 1e-9);
  g_assert_cmpfloat (fmod (layout.y.hi, layout.y.step), ==, 0);
  for (guint i = 1; i < layout.y.n_ticks; i++)
    g_assert_cmpfloat_with_epsilon (layout.y.ticks[i] - layout.y.ticks[i - 1], layout.y.step,
                                    1e-9);
  /* The x domain is the instance range, not rounded: 4 instances fill the width */
  g_assert_cmpfloat (layout.x.lo, ==, 0);
  g_assert_cmpfloat (layout.x.hi, ==, 4);
  g_assert_cmpfloat (layout.x.step, >=, 1);
}

static void
test_axes_and_labels (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  double values[200];
  RtbPlotSeries series = { "CPU0", 0, .values_us = values, .n_values = G_N_ELEMENTS (values) };
  RtbPlotCurveOptions opts;
  RtbPlotLayout layout;
  cairo_surface_t *surface;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    values[i] = 20 + 10 * sin (i / 10.0);
  rtb_plot_curve_options_init (&opts);
  opts.title = "Wake-up latency";
  opts.subtitle = "host · 6.1.0-rt · PREEMPT_RT · x86_64";
  opts.y_label = "latency (µs)";
  surface = draw_curve (&theme, &opts, &series, 1, &layout);
  keep_sample (surface, "test-axes");

  assert_axes_drawn (surface, &theme, &layout);
  g_assert_cmpfloat (layout.title_y, >=, 0);
  g_assert_cmpfloat (layout.subtitle_y, >, layout.title_y);
  g_assert_cmpfloat (layout.legend.height, >, 0);
  /* Title, subtitle and legend above the plot */
  g_assert_cmpuint (count_drawn (surface, &theme, 0, 0, WIDTH, layout.plot.y - 2), >, 100);
  /* The rotated y label in the leftmost strip */
  g_assert_cmpuint (count_drawn (surface, &theme, 0, layout.plot.y, 24,
                                 layout.plot.y + layout.plot.height), >, 20);
  cairo_surface_destroy (surface);
}

static void
check_constant_curve (const RtbPlotSeries *series,
                      double               value_us)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotCurveOptions opts;
  RtbPlotLayout layout;
  cairo_surface_t *surface;
  double y;

  rtb_plot_curve_options_init (&opts);
  surface = draw_curve (&theme, &opts, series, 1, &layout);
  y = rtb_plot_axis_to_pixel (&layout.y, value_us);
  g_assert_cmpfloat (y, >, layout.plot.y);
  g_assert_cmpfloat (y, <, layout.plot.y + layout.plot.height);

  for (double f = 0.1; f < 1.0; f += 0.2)
    {
      double x = layout.plot.x + f * layout.plot.width;
      Pixel p = pixel_at (surface, (int) x, (int) floor (y));

      g_assert_true (is_coloured (p));
      /* Blue (palette slot 0), a shade of it */
      g_assert_cmpint (p.b, >, p.r);
      g_assert_false (coloured_near (surface, x, y - 8));
      g_assert_false (coloured_near (surface, x, y + 8));
    }
  cairo_surface_destroy (surface);
}

static void
test_constant_curve (void)
{
  double values[1000];
  RtbPlotSeries series = { "CPU0", 0, .values_us = values, .n_values = G_N_ELEMENTS (values) };
  RtbHistory history;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    values[i] = 42.0;
  check_constant_curve (&series, 42.0);

  g_assert_true (rtb_history_init (&history, 256));
  for (guint i = 0; i < 100000; i++)
    rtb_history_add (&history, 37000);
  series = (RtbPlotSeries) { "CPU0", 0, .history = &history };
  check_constant_curve (&series, 37.0);
  rtb_history_clear (&history);
}

static void
test_spike_survives (void)
{
  const uint64_t n = 10 * 1000 * 1000, spike_at = 6543210;
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotSeries series = { "CPU2", 2 };
  RtbPlotCurveValue value;
  RtbPlotCurveOptions opts;
  RtbPlotLayout layout;
  RtbHistory history;
  cairo_surface_t *surface;
  double x, y;
  bool seen = false, found = false;

  g_assert_true (rtb_history_init (&history, RTB_HISTORY_DEFAULT_CAPACITY));
  for (uint64_t i = 0; i < n; i++)
    rtb_history_add (&history, i == spike_at ? 437000 : 8000 + (int64_t) (i * 7919 % 4000));
  g_assert_cmpuint (history.n_positions, ==, n);
  series.history = &history;

  rtb_plot_curve_options_init (&opts);
  surface = draw_curve (&theme, &opts, &series, 1, &layout);
  keep_sample (surface, "test-spike");

  x = rtb_plot_axis_to_pixel (&layout.x, spike_at + 0.5);
  y = rtb_plot_axis_to_pixel (&layout.y, 437.0);
  g_assert_cmpfloat (y, >, layout.plot.y);
  for (int dx = -1; dx <= 1 && !seen; dx++)
    seen = is_coloured (pixel_at (surface, (int) floor (x) + dx, (int) floor (y)));
  g_assert_true (seen);
  /* Nothing else reaches half that height */
  g_assert_false (coloured_near (surface, x - 40, rtb_plot_axis_to_pixel (&layout.y, 220)));
  g_assert_false (coloured_near (surface, x + 40, rtb_plot_axis_to_pixel (&layout.y, 220)));

  for (int dx = -1; dx <= 1; dx++)
    {
      g_assert_true (rtb_plot_curve_value_at (&layout, &series, 1, x + dx, &value));
      g_assert_true (value.has_data);
      if (value.max_us == 437.0)
        {
          g_assert_cmpuint (value.first, <=, spike_at + 1);
          g_assert_cmpuint (value.last, >=, spike_at + 1);
          found = true;
        }
      g_assert_cmpfloat (value.min_us, >=, 8.0);
      g_assert_cmpfloat (value.mean_us, >, 9.0);
      g_assert_cmpfloat (value.mean_us, <, 11.0);
    }
  g_assert_true (found);

  cairo_surface_destroy (surface);
  rtb_history_clear (&history);
}

/* Explained spikes are dots on their curve, beside the spike's one-pixel line: drawn where the
 * sample is, found there by a pointer, and nowhere without markers. */
static void
test_markers (void)
{
  const uint64_t instances[] = { 2001, 7001 };
  const double values[] = { 300.0, 250.0 };
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotSeries series = { "CPU1", 1 };
  RtbPlotCurveOptions opts;
  RtbPlotLayout layout;
  RtbHistory history;
  cairo_surface_t *plain, *marked;
  guint series_index = 99;
  size_t marker_index = 99;

  g_assert_true (rtb_history_init (&history, RTB_HISTORY_DEFAULT_CAPACITY));
  for (uint64_t i = 0; i < 10000; i++)
    rtb_history_add (&history, i == 2000 ? 300000 : i == 7000 ? 250000
                                                   : 8000 + (int64_t) (i * 7919 % 4000));
  series.history = &history;
  rtb_plot_curve_options_init (&opts);
  plain = draw_curve (&theme, &opts, &series, 1, &layout);
  series.marker_instances = instances;
  series.marker_values_us = values;
  series.n_markers = G_N_ELEMENTS (instances);
  marked = draw_curve (&theme, &opts, &series, 1, &layout);
  keep_sample (marked, "markers");

  for (guint m = 0; m < G_N_ELEMENTS (instances); m++)
    {
      double x = rtb_plot_axis_to_pixel (&layout.x, instances[m] - 0.5);
      double y = rtb_plot_axis_to_pixel (&layout.y, values[m]);

      /* Three pixels beside the spike's line, at its top: the dot, not the line. */
      g_assert_true (coloured_near (marked, x + 3, y));
      g_assert_true (is_background (pixel_at (plain, (int) floor (x) + 3, (int) floor (y)),
                                    &theme));
      g_assert_true (rtb_plot_curve_marker_at (&layout, &series, 1, x + 2, y - 2, 6,
                                               &series_index, &marker_index));
      g_assert_cmpuint (series_index, ==, 0);
      g_assert_cmpuint (marker_index, ==, m);
      g_assert_false (rtb_plot_curve_marker_at (&layout, &series, 1, x + 40, y, 6, NULL, NULL));
    }

  cairo_surface_destroy (plain);
  cairo_surface_destroy (marked);
  rtb_history_clear (&history);
}

/* The band is drawn column by column: every column shows its whole span, and neighbouring
 * columns touch however far apart their values are, so a zigzag reads as one line. */
static void
test_band_connected (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  g_autofree double *values = NULL;
  RtbPlotSeries series = { "CPU1", 1 };
  RtbPlotCurveOptions opts;
  RtbPlotLayout layout;
  cairo_surface_t *surface;
  int previous_top = -1, previous_bottom = -1;
  guint n, apart = 0;
  RtbPlotCurveValue previous = { 0 };

  /* Two samples per column, so that neighbouring columns share none: steps of every height
   * every few columns, single-column spikes, then a slope */
  rtb_plot_curve_options_init (&opts);
  opts.show_mean = false;
  series.values_us = values = g_new (double, 1);
  series.n_values = 1;
  values[0] = 900;
  rtb_plot_curve_layout (&theme, WIDTH, HEIGHT, &opts, &series, 1, &layout);
  n = 2 * (guint) layout.plot.width;
  series.values_us = values = g_renew (double, values, n);
  series.n_values = n;
  for (guint i = 0; i < n; i++)
    values[i] = i % 61 == 0 ? 900 : i < n / 2 ? 100 + 170 * ((i / 9) % 5) : 20 + i / 10.0;
  surface = draw_curve (&theme, &opts, &series, 1, &layout);
  g_assert_cmpuint (n, ==, 2 * (guint) layout.plot.width);
  keep_sample (surface, "test-band");

  for (int x = (int) layout.plot.x; x < (int) (layout.plot.x + layout.plot.width); x++)
    {
      RtbPlotCurveValue value;
      int top = -1, bottom = -1;

      g_assert_true (rtb_plot_curve_value_at (&layout, &series, 1, x + 0.5, &value));
      g_assert_true (value.has_data);
      for (int y = (int) layout.plot.y; y < (int) (layout.plot.y + layout.plot.height); y++)
        if (is_coloured (pixel_at (surface, x, y)))
          {
            if (top < 0)
              top = y;
            /* one unbroken run of coloured rows per column */
            g_assert_cmpint (bottom, ==, y > top ? y - 1 : -1);
            bottom = y;
          }
      g_assert_cmpint (top, >=, 0);
      g_assert_cmpint (top, <=, (int) floor (rtb_plot_axis_to_pixel (&layout.y, value.max_us)));
      g_assert_cmpint (bottom, >=, (int) floor (rtb_plot_axis_to_pixel (&layout.y, value.min_us)));
      if (previous_top >= 0)
        {
          g_assert_cmpint (top, <=, previous_bottom + 1);
          g_assert_cmpint (bottom + 1, >=, previous_top);
          if (value.min_us > previous.max_us || value.max_us < previous.min_us)
            apart++;
        }
      previous = value;
      previous_top = top;
      previous_bottom = bottom;
    }
  /* the data did put neighbouring columns apart, often */
  g_assert_cmpuint (apart, >, 50);
  cairo_surface_destroy (surface);
}

/* Drawn in some colour, not the background nor the grey of the grid and text. */
static bool
is_tinted (Pixel               p,
           const RtbPlotTheme *theme)
{
  return !is_background (p, theme) && MAX (p.r, MAX (p.g, p.b)) - MIN (p.r, MIN (p.g, p.b)) > 12;
}

/* One spike among quiet neighbours (sign +1 above them, -1 below) must be one mark: every pixel
 * column that shows anything beyond the neighbours reaches the spike's own row, and those columns
 * are next to each other. A joint split between neighbours drew a bar to half the spike's height
 * beside a needle to its full height: two samples where there was one. */
static void
check_lone_spike_scaled (const RtbPlotSeries *series,
                         uint64_t             first,
                         uint64_t             last,
                         double               spike_us,
                         double               quiet_us,
                         RtbPlotScale         scale,
                         const char          *name)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotCurveOptions opts;
  RtbPlotLayout layout;
  cairo_surface_t *surface;
  double sign = spike_us > 0 ? 1 : -1;
  int spike_row, quiet_row, first_column = -1, last_column = -1;

  rtb_plot_curve_options_init (&opts);
  opts.show_mean = false;
  opts.first = first;
  opts.last = last;
  opts.y_scale = scale;
  surface = draw_curve (&theme, &opts, series, 1, &layout);
  keep_sample (surface, name);
  g_assert_true (layout.y.log == (scale == RTB_PLOT_SCALE_LOG));
  spike_row = (int) floor (rtb_plot_axis_to_pixel (&layout.y, spike_us));
  /* Two pixels beyond the quiet samples' extreme */
  quiet_row = (int) floor (rtb_plot_axis_to_pixel (&layout.y, quiet_us)) - 2 * (int) sign;

  for (int x = (int) layout.plot.x; x < (int) (layout.plot.x + layout.plot.width); x++)
    {
      bool beyond = false, at_spike = false;

      for (int y = (int) layout.plot.y; y < (int) (layout.plot.y + layout.plot.height); y++)
        if (is_tinted (pixel_at (surface, x, y), &theme) && (y - quiet_row) * sign < 0)
          {
            beyond = true;
            at_spike |= ABS (y - spike_row) <= 1;
          }
      if (!beyond)
        continue;
      g_assert_true (at_spike);
      if (first_column < 0)
        first_column = x;
      else
        g_assert_cmpint (x, ==, last_column + 1);
      last_column = x;
    }
  g_assert_cmpint (first_column, >=, 0);
  /* No wider than one sample's share of the axis, and the column it may straddle */
  g_assert_cmpfloat (last_column - first_column + 1, <=,
                     ceil (layout.plot.width / (layout.x.hi - layout.x.lo)) + 1);
  cairo_surface_destroy (surface);
}

/* On a linear axis, and on a log one where the values allow it. */
static void
check_lone_spike (const RtbPlotSeries *series,
                  uint64_t             first,
                  uint64_t             last,
                  double               spike_us,
                  double               quiet_us,
                  const char          *name)
{
  g_autofree char *log_name = g_strdup_printf ("%s-log", name);

  check_lone_spike_scaled (series, first, last, spike_us, quiet_us, RTB_PLOT_SCALE_LINEAR, name);
  if (quiet_us > 0)
    check_lone_spike_scaled (series, first, last, spike_us, quiet_us, RTB_PLOT_SCALE_LOG,
                             log_name);
}

static void
test_lone_spike_is_one_mark (void)
{
  static const guint counts[] = { 120, 700, 5000 };
  RtbHistory history;

  for (guint k = 0; k < G_N_ELEMENTS (counts); k++)
    for (double sign = 1; sign >= -1; sign -= 2)
      {
        guint n = counts[k];
        g_autofree double *values = g_new (double, n);
        g_autofree char *name = g_strdup_printf ("test-lone-spike-%u%s", n, sign < 0 ? "-neg" : "");
        RtbPlotSeries series = { "CPU0", 0, .values_us = values, .n_values = n };

        /* Quiet samples of 28–32 µs (jitter-like ±2 µs below zero), one of 3.3 ms */
        for (guint i = 0; i < n; i++)
          values[i] = sign > 0 ? 28 + i * 7919 % 5 : (double) (i * 7919 % 5) - 2;
        values[n / 2] = 3300 * sign;
        check_lone_spike (&series, 0, 0, values[n / 2], sign > 0 ? 32 : -2, name);
        /* Zoomed in, so that the spike spans many columns */
        check_lone_spike (&series, n / 2 - 10, n / 2 + 10, values[n / 2], sign > 0 ? 32 : -2,
                          "test-lone-spike-zoomed");
      }

  /* From a history whose blocks each hold many samples, one of them the spike */
  g_assert_true (rtb_history_init (&history, 1024));
  for (guint i = 0; i < 200000; i++)
    rtb_history_add (&history, i == 123456 ? 3300000 : 28000 + i * 7919 % 5000);
  g_assert_cmpuint (history.block_size, >, 1);
  check_lone_spike (&(RtbPlotSeries) { "CPU0", 0, .history = &history }, 0, 0, 3300, 33,
                    "test-lone-spike-history");
  rtb_history_clear (&history);
}

/* A few spikes a hundred times the rest: the automatic scale turns logarithmic, and the running
 * mean, which a linear axis would press into its bottom few pixels, stands clear of the bottom
 * while the spikes still reach their own height. Values that sit close together, or that go
 * below zero, keep a linear axis. */
static void
test_log_scale_when_spikes (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  double values[2000];
  RtbPlotSeries series = { "CPU0", 0, .values_us = values, .n_values = G_N_ELEMENTS (values) };
  RtbPlotCurveValue value;
  RtbPlotCurveOptions opts;
  RtbPlotLayout layout;
  cairo_surface_t *surface;
  double mean_row, height_above_bottom, x;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    values[i] = i % 500 == 250 ? 3300 : 25 + i * 7919 % 10;
  rtb_plot_curve_options_init (&opts);
  g_assert_cmpint (opts.y_scale, ==, RTB_PLOT_SCALE_AUTO);

  opts.y_scale = RTB_PLOT_SCALE_LINEAR;
  rtb_plot_curve_layout (&theme, WIDTH, HEIGHT, &opts, &series, 1, &layout);
  g_assert_false (layout.y.log);
  x = layout.plot.x + layout.plot.width - 2;
  g_assert_true (rtb_plot_curve_value_at (&layout, &series, 1, x, &value));
  g_assert_cmpfloat (value.mean_us, <, layout.y.hi / RTB_PLOT_LOG_RATIO);

  opts.y_scale = RTB_PLOT_SCALE_AUTO;
  surface = draw_curve (&theme, &opts, &series, 1, &layout);
  keep_sample (surface, "test-log-scale");
  g_assert_true (layout.y.log);
  g_assert_cmpfloat (layout.y.lo, <=, 25);
  g_assert_cmpfloat (layout.y.hi, >=, 3300);
  mean_row = rtb_plot_axis_to_pixel (&layout.y, value.mean_us);
  height_above_bottom = layout.plot.y + layout.plot.height - mean_row;
  g_assert_cmpfloat (height_above_bottom, >, layout.plot.height / RTB_PLOT_LOG_RATIO);
  g_assert_true (coloured_near (surface, x, mean_row));
  g_assert_true (coloured_near (surface, rtb_plot_axis_to_pixel (&layout.x, 250.5),
                                rtb_plot_axis_to_pixel (&layout.y, 3300)));
  cairo_surface_destroy (surface);

  /* A response run: instances of 1.45–1.85 ms */
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    values[i] = 1450 + i * 7919 % 400;
  rtb_plot_curve_layout (&theme, WIDTH, HEIGHT, &opts, &series, 1, &layout);
  g_assert_false (layout.y.log);

  /* Jitter: deviations around zero, one late wake-up */
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    values[i] = i == 1000 ? 400 : (double) (i * 7919 % 7) - 3;
  rtb_plot_curve_layout (&theme, WIDTH, HEIGHT, &opts, &series, 1, &layout);
  g_assert_false (layout.y.log);
  opts.y_scale = RTB_PLOT_SCALE_LOG;
  rtb_plot_curve_layout (&theme, WIDTH, HEIGHT, &opts, &series, 1, &layout);
  g_assert_false (layout.y.log);
}

static void
test_running_mean (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  double values[400];
  RtbPlotSeries series = { "run", 1, .values_us = values, .n_values = G_N_ELEMENTS (values) };
  RtbPlotCurveValue value;
  RtbPlotCurveOptions opts;
  RtbPlotLayout layout;

  /* A large first sample then small ones: the mean decays as 1/n, like the published plots */
  values[0] = 1000;
  for (guint i = 1; i < G_N_ELEMENTS (values); i++)
    values[i] = 0;
  rtb_plot_curve_options_init (&opts);
  rtb_plot_curve_layout (&theme, WIDTH, HEIGHT, &opts, &series, 1, &layout);

  g_assert_true (rtb_plot_curve_value_at (&layout, &series, 1,
                                          layout.plot.x + layout.plot.width - 0.5, &value));
  g_assert_true (value.has_data);
  g_assert_cmpuint (value.last, ==, 400);
  g_assert_cmpfloat_with_epsilon (value.mean_us, 1000.0 / 400, 1e-9);
  g_assert_false (rtb_plot_curve_value_at (&layout, &series, 1, layout.plot.x - 1, &value));
}

static void
test_zoom (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotSeries series = { "CPU1", 1 };
  RtbPlotCurveValue value;
  RtbPlotCurveOptions opts;
  RtbPlotLayout layout;
  RtbHistory history;
  cairo_surface_t *surface;
  uint64_t first, last;

  g_assert_true (rtb_history_init (&history, 1024));
  for (uint64_t i = 0; i < 100000; i++)
    rtb_history_add (&history, (int64_t) (i / 1000) * 1000);
  series.history = &history;

  rtb_plot_curve_options_init (&opts);
  rtb_plot_curve_layout (&theme, WIDTH, HEIGHT, &opts, &series, 1, &layout);
  rtb_plot_curve_range_at (&layout, layout.plot.x + layout.plot.width * 0.75,
                           layout.plot.x + layout.plot.width * 0.25, &first, &last);
  g_assert_cmpuint (first, >=, 24000);
  g_assert_cmpuint (first, <=, 25100);
  g_assert_cmpuint (last, >=, 74900);
  g_assert_cmpuint (last, <=, 76000);

  opts.first = 50001;
  opts.last = 50400;
  surface = draw_curve (&theme, &opts, &series, 1, &layout);
  keep_sample (surface, "test-zoom");
  g_assert_cmpfloat (layout.x.lo, ==, 50000);
  g_assert_cmpfloat (layout.x.hi, ==, 50400);
  /* The whole run's mean up to the zoomed range still counts */
  g_assert_true (rtb_plot_curve_value_at (&layout, &series, 1, layout.plot.x + 0.5, &value));
  g_assert_true (value.has_data);
  g_assert_cmpuint (value.first, <=, 50001);
  /* Zoomed below the block size (128 here), a column shows its whole block */
  g_assert_cmpfloat (value.min_us, ==, 49.0);
  g_assert_cmpfloat (value.max_us, ==, 50.0);
  g_assert_cmpfloat (value.mean_us, >, 24.0);
  g_assert_cmpfloat (value.mean_us, <, 25.5);
  cairo_surface_destroy (surface);
  rtb_history_clear (&history);
}

static void
test_empty_and_single (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotCurveOptions curve_opts;
  RtbPlotHistogramOptions hist_opts;
  RtbPlotLayout layout;
  RtbPlotSeries series = { "CPU0", 0 };
  RtbPlotCurveValue value;
  RtbHistory history;
  RtbHistogram hist;
  cairo_surface_t *surface;

  rtb_plot_curve_options_init (&curve_opts);
  rtb_plot_histogram_options_init (&hist_opts);

  surface = draw_curve (&theme, &curve_opts, NULL, 0, &layout);
  assert_axes_drawn (surface, &theme, &layout);
  cairo_surface_destroy (surface);

  surface = draw_histogram (&theme, &hist_opts, NULL, 0, &layout);
  assert_axes_drawn (surface, &theme, &layout);
  cairo_surface_destroy (surface);

  g_assert_true (rtb_history_init (&history, 64));
  g_assert_true (rtb_histogram_init (&hist, 0, 1000));
  series.history = &history;
  series.histogram = &hist;

  surface = draw_curve (&theme, &curve_opts, &series, 1, &layout);
  assert_axes_drawn (surface, &theme, &layout);
  g_assert_true (rtb_plot_curve_value_at (&layout, &series, 1, layout.plot.x + 3, &value));
  g_assert_false (value.has_data);
  cairo_surface_destroy (surface);
  surface = draw_histogram (&theme, &hist_opts, &series, 1, &layout);
  assert_axes_drawn (surface, &theme, &layout);
  cairo_surface_destroy (surface);

  rtb_history_add (&history, 12345);
  rtb_histogram_add (&hist, 12345);
  curve_opts.y_scale = RTB_PLOT_SCALE_LOG;
  surface = draw_curve (&theme, &curve_opts, &series, 1, &layout);
  keep_sample (surface, "test-single");
  assert_axes_drawn (surface, &theme, &layout);
  g_assert_true (coloured_near (surface, layout.plot.x + layout.plot.width / 2,
                                rtb_plot_axis_to_pixel (&layout.y, 12.345)));
  cairo_surface_destroy (surface);
  surface = draw_histogram (&theme, &hist_opts, &series, 1, &layout);
  assert_axes_drawn (surface, &theme, &layout);
  g_assert_true (coloured_near (surface, rtb_plot_axis_to_pixel (&layout.x, 12.5),
                                rtb_plot_axis_to_pixel (&layout.y, 1)));
  cairo_surface_destroy (surface);

  /* Tiny and degenerate sizes must not crash */
  for (int size = 1; size <= 64; size *= 4)
    {
      cairo_surface_t *tiny = cairo_image_surface_create (CAIRO_FORMAT_RGB24, size, size);
      cairo_t *cr = cairo_create (tiny);

      rtb_plot_curve (cr, &theme, size, size, &curve_opts, &series, 1, NULL);
      rtb_plot_histogram (cr, &theme, size, size, &hist_opts, &series, 1, NULL);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);
      cairo_surface_destroy (tiny);
    }

  rtb_history_clear (&history);
  rtb_histogram_clear (&hist);
}

typedef struct {
  RtbPlotTheme theme;
  RtbPlotCurveOptions opts;
  RtbPlotSeries series;
} ExportData;

static void
draw_export (cairo_t  *cr,
             int       width,
             int       height,
             gpointer  user_data)
{
  ExportData *data = user_data;

  rtb_plot_curve (cr, &data->theme, width, height, &data->opts, &data->series, 1, NULL);
}

static guint32
read_be32 (const guint8 *p)
{
  return (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3];
}

static void
test_export (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) png = NULL, png2 = NULL, svg = NULL, pdf = NULL;
  g_autofree char *svg_text = NULL;
  const guint8 *data_png;
  gsize length;
  double values[] = { 3, 1, 4, 1, 5, 9, 2, 6 };
  ExportData data = {
    rtb_plot_theme_light (),
    { 0 },
    { "CPU0", 0, .values_us = values, .n_values = G_N_ELEMENTS (values) },
  };
  RtbPlotFormat format;

  rtb_plot_curve_options_init (&data.opts);
  data.opts.title = "export";

  g_assert_true (rtb_plot_format_from_path ("/tmp/chart.svg", &format));
  g_assert_cmpint (format, ==, RTB_PLOT_FORMAT_SVG);
  g_assert_true (rtb_plot_format_from_path ("A.PDF", &format));
  g_assert_cmpint (format, ==, RTB_PLOT_FORMAT_PDF);
  g_assert_false (rtb_plot_format_from_path ("chart.txt", &format));

  png = rtb_plot_render (RTB_PLOT_FORMAT_PNG, 640, 360, 1, draw_export, &data, &error);
  g_assert_no_error (error);
  data_png = g_bytes_get_data (png, &length);
  g_assert_cmpuint (length, >, 24);
  g_assert_cmpmem (data_png, 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_cmpmem (data_png + 12, 4, "IHDR", 4);
  g_assert_cmpuint (read_be32 (data_png + 16), ==, 640);
  g_assert_cmpuint (read_be32 (data_png + 20), ==, 360);

  png2 = rtb_plot_render (RTB_PLOT_FORMAT_PNG, 640, 360, 2, draw_export, &data, &error);
  g_assert_no_error (error);
  data_png = g_bytes_get_data (png2, &length);
  g_assert_cmpuint (length, >, 24);
  g_assert_cmpuint (read_be32 (data_png + 16), ==, 1280);
  g_assert_cmpuint (read_be32 (data_png + 20), ==, 720);

  svg = rtb_plot_render (RTB_PLOT_FORMAT_SVG, 640, 360, 1, draw_export, &data, &error);
  g_assert_no_error (error);
  svg_text = g_strndup (g_bytes_get_data (svg, NULL), g_bytes_get_size (svg));
  g_assert_nonnull (strstr (svg_text, "<svg"));
  g_assert_nonnull (strstr (svg_text, "width=\"640"));
  g_assert_nonnull (strstr (svg_text, "height=\"360"));

  pdf = rtb_plot_render (RTB_PLOT_FORMAT_PDF, 640, 360, 1, draw_export, &data, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (pdf), >, 5);
  g_assert_cmpmem (g_bytes_get_data (pdf, NULL), 5, "%PDF-", 5);
  g_assert_nonnull (memmem (g_bytes_get_data (pdf, NULL), g_bytes_get_size (pdf),
                            "/MediaBox [ 0 0 640 360 ]", 25));

  /* An image cairo cannot make is an error, not an empty or broken document. */
  g_assert_null (rtb_plot_render (RTB_PLOT_FORMAT_PNG, 20000, 20000, 4, draw_export, &data,
                                  &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "Could not draw the chart"));
}

static void
test_theme_colours (void)
{
  RtbPlotTheme light = rtb_plot_theme_light ();
  RtbPlotTheme dark = rtb_plot_theme_dark ();

  g_assert_false (light.is_dark);
  g_assert_true (dark.is_dark);
  g_assert_cmpfloat (light.background.red, >, 0.9);
  g_assert_cmpfloat (dark.background.red, <, 0.2);
  /* Slot 0 is GNOME blue 3 on light backgrounds; indices wrap around the palette */
  g_assert_cmpfloat_with_epsilon (rtb_plot_theme_series_color (&light, 0).blue, 0xe4 / 255.0,
                                  1e-9);
  g_assert_cmpfloat (rtb_plot_theme_series_color (&light, RTB_PLOT_N_COLORS).red, ==,
                     rtb_plot_theme_series_color (&light, 0).red);
  g_assert_cmpstr (rtb_plot_color_name (0), ==, "blue");
  for (guint i = 0; i < RTB_PLOT_N_COLORS; i++)
    for (guint j = i + 1; j < RTB_PLOT_N_COLORS; j++)
      {
        RtbPlotColor a = rtb_plot_theme_series_color (&light, i);
        RtbPlotColor b = rtb_plot_theme_series_color (&light, j);

        g_assert_cmpfloat (fabs (a.red - b.red) + fabs (a.green - b.green) +
                           fabs (a.blue - b.blue), >, 0.25);
      }
}

/* Periods skipped after a stall keep their place: the curve has no data over them, the samples
 * after them stay at their time, and a mark on the time axis says where they were. */
static void
test_skipped_periods (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotSeries series = { "CPU0", 0 };
  RtbPlotCurveOptions opts;
  RtbPlotLayout layout;
  RtbHistory history;
  cairo_surface_t *surface;
  double base, gap_x, data_x;

  g_assert_true (rtb_history_init (&history, RTB_HISTORY_DEFAULT_CAPACITY));
  for (int i = 0; i < 1000; i++)
    {
      if (i == 500)
        rtb_history_skip (&history, 1000);
      rtb_history_add (&history, 5000);
    }
  g_assert_cmpuint (history.n_positions, ==, 2000);
  series.history = &history;

  rtb_plot_curve_options_init (&opts);
  opts.y_scale = RTB_PLOT_SCALE_LINEAR;
  surface = draw_curve (&theme, &opts, &series, 1, &layout);
  keep_sample (surface, "skipped-periods");
  /* The axis runs to the last position, not to the last sample's count. */
  g_assert_cmpfloat (layout.x.hi, >=, 2000);
  base = layout.plot.y + layout.plot.height;
  gap_x = rtb_plot_axis_to_pixel (&layout.x, 1000);
  data_x = rtb_plot_axis_to_pixel (&layout.x, 250);
  /* Nothing drawn over the skipped periods' middle, the samples before and after drawn. */
  for (double v = 0.5; v <= 5; v += 0.5)
    g_assert_false (coloured_near (surface, gap_x, rtb_plot_axis_to_pixel (&layout.y, v)));
  g_assert_true (coloured_near (surface, data_x, rtb_plot_axis_to_pixel (&layout.y, 5)));
  g_assert_true (coloured_near (surface, rtb_plot_axis_to_pixel (&layout.x, 1750),
                                rtb_plot_axis_to_pixel (&layout.y, 5)));
  /* The marks on the time axis: under the skipped periods, not under the samples. */
  g_assert_true (coloured_near (surface, gap_x, base - 2));
  g_assert_false (coloured_near (surface, data_x, base - 2));
  cairo_surface_destroy (surface);
  rtb_history_clear (&history);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/skipped-periods", test_skipped_periods);

  g_test_add_func ("/plot/theme", test_theme_colours);
  g_test_add_func ("/plot/ticks", test_ticks_are_nice);
  g_test_add_func ("/plot/axes", test_axes_and_labels);
  g_test_add_func ("/plot/curve/constant", test_constant_curve);
  g_test_add_func ("/plot/curve/spike", test_spike_survives);
  g_test_add_func ("/plot/curve/markers", test_markers);
  g_test_add_func ("/plot/curve/band-connected", test_band_connected);
  g_test_add_func ("/plot/curve/lone-spike", test_lone_spike_is_one_mark);
  g_test_add_func ("/plot/curve/log-scale", test_log_scale_when_spikes);
  g_test_add_func ("/plot/curve/running-mean", test_running_mean);
  g_test_add_func ("/plot/curve/zoom", test_zoom);
  g_test_add_func ("/plot/empty-and-single", test_empty_and_single);
  g_test_add_func ("/plot/export", test_export);

  return g_test_run ();
}
