/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The heatmap chart: cells where their samples are, coloured by count, the empty ones left
 * blank, the overflow band, the colour bar, the lines over it, hover and zoom. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <math.h>

#include "plot-test-util.h"

#define N_POSITIONS 6400
#define CLUSTER_FROM 3000
#define CLUSTER_TO 3100
#define OVERFLOW_AT 5000

/* 5 µs everywhere, 300 µs in a cluster, one overflow, 64 columns of 100 positions. */
static void
fill (RtbHeatmap *heatmap)
{
  g_assert_true (rtb_heatmap_init (heatmap, 1000, 64));
  for (guint i = 0; i < N_POSITIONS; i++)
    {
      gint64 v = 5000;

      if (i >= CLUSTER_FROM && i < CLUSTER_TO)
        v = 300000;
      if (i == OVERFLOW_AT)
        v = 2000000;
      rtb_heatmap_add (heatmap, v);
    }
  g_assert_cmpuint (heatmap->column_size, ==, 128);
}

static cairo_surface_t *
draw (const RtbPlotTheme *theme, const RtbPlotHeatmapOptions *opts, const RtbPlotSeries *series,
      RtbPlotLayout *layout)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);

  rtb_plot_heatmap (cr, theme, WIDTH, HEIGHT, opts, series, layout);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static bool
is_near_color (Pixel p, RtbPlotColor c, double tolerance)
{
  return fabs (p.r - c.red * 255) <= tolerance && fabs (p.g - c.green * 255) <= tolerance &&
         fabs (p.b - c.blue * 255) <= tolerance;
}

static bool
is_color (Pixel p, RtbPlotColor c)
{
  return is_near_color (p, c, 3);
}

/* The pixel in the middle of position `position`'s column and of value `us`. */
static Pixel
pixel_of (cairo_surface_t *surface, const RtbPlotLayout *layout, double position, double us)
{
  return pixel_at (surface, (int) rtb_plot_axis_to_pixel (&layout->x, position),
                   (int) rtb_plot_axis_to_pixel (&layout->y, us));
}

static void
test_cells (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotSeries series = { "CPU0", 0 };
  RtbPlotHeatmapOptions opts;
  RtbPlotHeatmapValue value;
  RtbPlotLayout layout;
  RtbHeatmap heatmap;
  cairo_surface_t *surface;
  uint64_t max, cluster;
  double x, y;

  fill (&heatmap);
  series.heatmap = &heatmap;
  rtb_plot_heatmap_options_init (&opts);
  opts.show_max = opts.show_p999 = false;
  surface = draw (&theme, &opts, &series, &layout);
  keep_sample (surface, "test-heatmap");
  assert_axes_drawn (surface, &theme, &layout);

  g_assert_true (layout.y.log);
  max = rtb_heatmap_max_cell (&heatmap);
  g_assert_cmpuint (max, ==, 128);
  g_assert_cmpuint (rtb_plot_heatmap_max_cell (&series, 0, 0), ==, max);
  /* Column 23 covers positions 2944-3071: 56 samples of 5 µs and 72 of the cluster. */
  cluster = rtb_heatmap_column (&heatmap, 23)[rtb_heatmap_row_of (&heatmap, 300000)];
  g_assert_cmpuint (cluster, ==, 72);

  /* Each cell in its colour, where its samples are; an empty cell is the background. */
  g_assert_true (is_color (pixel_of (surface, &layout, 23 * 128 + 64, 300),
                           rtb_plot_heatmap_color (cluster, max)));
  g_assert_true (is_color (pixel_of (surface, &layout, 10 * 128 + 64, 4.5),
                           rtb_plot_heatmap_color (128, max)));
  g_assert_false (is_coloured (pixel_of (surface, &layout, 10 * 128 + 64, 300)));
  g_assert_false (is_coloured (pixel_of (surface, &layout, 10 * 128 + 64, 50)));
  /* The overflow, in the band above the limit, in the column of its time. */
  g_assert_true (is_color (pixel_of (surface, &layout, OVERFLOW_AT, 1100),
                           rtb_plot_heatmap_color (1, max)));
  g_assert_false (is_coloured (pixel_of (surface, &layout, 10 * 128 + 64, 1100)));
  /* The colour bar, right of the plot, in 64 steps: the top is the largest count's colour. */
  g_assert_true (is_near_color (pixel_at (surface, (int) (layout.plot.x + layout.plot.width + 14),
                                          (int) layout.plot.y + 2),
                                rtb_plot_heatmap_color (max, max), 8));

  /* Hover reads the cell. */
  x = rtb_plot_axis_to_pixel (&layout.x, 23 * 128 + 64);
  y = rtb_plot_axis_to_pixel (&layout.y, 300);
  g_assert_true (rtb_plot_heatmap_value_at (&layout, &series, x, y, &value));
  g_assert_true (value.has_data);
  g_assert_cmpuint (value.first, ==, 23 * 128 + 1);
  g_assert_cmpuint (value.last, ==, 24 * 128);
  g_assert_cmpuint (value.count, ==, 72);
  g_assert_cmpuint (value.column_count, ==, 128);
  g_assert_cmpfloat (value.lo_us, <=, 300);
  g_assert_cmpfloat (value.hi_us, >, 300);
  g_assert_false (value.overflow);
  g_assert_cmpfloat (value.column_max_us, ==, 300);
  y = rtb_plot_axis_to_pixel (&layout.y, 1100);
  x = rtb_plot_axis_to_pixel (&layout.x, OVERFLOW_AT);
  g_assert_true (rtb_plot_heatmap_value_at (&layout, &series, x, y, &value));
  g_assert_true (value.overflow);
  g_assert_cmpuint (value.count, ==, 1);
  g_assert_cmpfloat (value.lo_us, ==, 1000);
  g_assert_false (rtb_plot_heatmap_value_at (&layout, &series, 2, 2, &value));

  cairo_surface_destroy (surface);
  rtb_heatmap_clear (&heatmap);
}

/* The colour scale: darker to lighter as counts grow, the same colour at and above the top. */
static void
test_colors (void)
{
  double previous = -1;

  for (uint64_t count = 1; count <= 1000000; count *= 10)
    {
      RtbPlotColor c = rtb_plot_heatmap_color (count, 1000000);
      double luma = 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue;

      g_assert_cmpfloat (luma, >, previous);
      previous = luma;
    }
  {
    RtbPlotColor top = rtb_plot_heatmap_color (1000000, 1000000);
    RtbPlotColor over = rtb_plot_heatmap_color (5000000, 1000000);

    g_assert_cmpfloat (top.red, ==, over.red);
    g_assert_cmpfloat (top.green, ==, over.green);
  }
}

/* The max of each column and the running p99.9 over the cells. */
static void
test_lines (void)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbPlotSeries series = { "CPU0", 0 };
  RtbPlotHeatmapOptions opts;
  RtbPlotLayout layout;
  RtbHeatmap heatmap;
  cairo_surface_t *surface;
  Pixel p;

  fill (&heatmap);
  series.heatmap = &heatmap;
  rtb_plot_heatmap_options_init (&opts);
  opts.show_p999 = false;
  surface = draw (&theme, &opts, &series, &layout);
  keep_sample (surface, "test-heatmap-lines");
  /* Column 23's max, 300 µs, is a dark line through its cell. */
  p = pixel_of (surface, &layout, 23 * 128 + 64, 300);
  g_assert_cmpint (p.r + p.g + p.b, <, 3 * 80);
  cairo_surface_destroy (surface);

  opts.show_max = false;
  opts.show_p999 = true;
  surface = draw (&theme, &opts, &series, &layout);
  /* Nothing of the line at 300 µs in column 23: the p99.9 so far is still 5 µs' row. */
  g_assert_true (is_color (pixel_of (surface, &layout, 23 * 128 + 64, 300),
                           rtb_plot_heatmap_color (72, 128)));
  cairo_surface_destroy (surface);
  rtb_heatmap_clear (&heatmap);
}

static void
test_zoom_and_empty (void)
{
  RtbPlotTheme theme = rtb_plot_theme_dark ();
  RtbPlotSeries series = { "CPU0", 0 };
  RtbPlotHeatmapOptions opts;
  RtbPlotHeatmapValue value;
  RtbPlotLayout layout;
  RtbHeatmap heatmap;
  cairo_surface_t *surface;
  uint64_t first, last;

  fill (&heatmap);
  series.heatmap = &heatmap;
  rtb_plot_heatmap_options_init (&opts);
  opts.first = 3001;
  opts.last = 3200;
  surface = draw (&theme, &opts, &series, &layout);
  g_assert_cmpfloat (layout.x.lo, ==, 3000);
  g_assert_cmpfloat (layout.x.hi, ==, 3200);
  /* Only the columns shown set the scale: the y range stops below the overflow band. */
  g_assert_cmpfloat (layout.y.hi, <, 1000);
  rtb_plot_heatmap_range_at (&layout, layout.plot.x, layout.plot.x + layout.plot.width, &first,
                             &last);
  g_assert_cmpuint (first, ==, 3001);
  g_assert_cmpuint (last, ==, 3200);
  cairo_surface_destroy (surface);

  /* Same scales when given, as side by side charts share them. */
  opts.first = opts.last = 0;
  opts.y_fixed = true;
  opts.y_min_us = 1;
  opts.y_max_us = 10000;
  opts.count_max = 1000;
  surface = draw (&theme, &opts, &series, &layout);
  g_assert_cmpfloat (layout.y.lo, ==, 1);
  g_assert_cmpfloat (layout.y.hi, ==, 10000);
  g_assert_true (is_color (pixel_of (surface, &layout, 10 * 128 + 64, 4.5),
                           rtb_plot_heatmap_color (128, 1000)));
  cairo_surface_destroy (surface);

  /* No heatmap: the placeholder, no cell, no hover. */
  series.heatmap = NULL;
  opts.placeholder = "unknown";
  surface = draw (&theme, &opts, &series, &layout);
  g_assert_false (rtb_plot_heatmap_value_at (&layout, &series, WIDTH / 2, HEIGHT / 2, &value));
  cairo_surface_destroy (surface);
  rtb_heatmap_clear (&heatmap);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot-heatmap/cells", test_cells);
  g_test_add_func ("/plot-heatmap/colors", test_colors);
  g_test_add_func ("/plot-heatmap/lines", test_lines);
  g_test_add_func ("/plot-heatmap/zoom-and-empty", test_zoom_and_empty);
  return g_test_run ();
}
