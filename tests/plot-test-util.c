/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "plot-test-util.h"

void
keep_sample (cairo_surface_t *surface,
             const char      *name)
{
  const char *dir = g_getenv ("RTBENCH_PLOT_SAMPLES");
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  path = g_strdup_printf ("%s/plot-%s.png", dir, name);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
}

Pixel
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y)
{
  const guint8 *data;
  guint32 value;

  cairo_surface_flush (surface);
  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  data = cairo_image_surface_get_data (surface);
  value = *(const guint32 *) (data + y * cairo_image_surface_get_stride (surface) + x * 4);
  return (Pixel) { value >> 16 & 0xff, value >> 8 & 0xff, value & 0xff };
}

bool
is_background (Pixel               p,
               const RtbPlotTheme *theme)
{
  return ABS (p.r - (int) round (theme->background.red * 255)) < 8 &&
         ABS (p.g - (int) round (theme->background.green * 255)) < 8 &&
         ABS (p.b - (int) round (theme->background.blue * 255)) < 8;
}

bool
is_coloured (Pixel p)
{
  return MAX (p.r, MAX (p.g, p.b)) - MIN (p.r, MIN (p.g, p.b)) > 40;
}

guint
count_drawn (cairo_surface_t    *surface,
             const RtbPlotTheme *theme,
             double              x0,
             double              y0,
             double              x1,
             double              y1)
{
  guint n = 0;

  for (int y = (int) MAX (0, y0); y < (int) y1; y++)
    for (int x = (int) MAX (0, x0); x < (int) x1; x++)
      if (!is_background (pixel_at (surface, x, y), theme))
        n++;
  return n;
}

bool
coloured_near (cairo_surface_t *surface,
               double           x,
               double           y)
{
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);

  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      {
        int px = (int) floor (x) + dx, py = (int) floor (y) + dy;

        if (px >= 0 && py >= 0 && px < w && py < h && is_coloured (pixel_at (surface, px, py)))
          return true;
      }
  return false;
}

cairo_surface_t *
draw_curve (const RtbPlotTheme        *theme,
            const RtbPlotCurveOptions *opts,
            const RtbPlotSeries       *series,
            guint                      n_series,
            RtbPlotLayout             *layout)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);

  rtb_plot_curve (cr, theme, WIDTH, HEIGHT, opts, series, n_series, layout);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  return surface;
}

cairo_surface_t *
draw_histogram (const RtbPlotTheme            *theme,
                const RtbPlotHistogramOptions *opts,
                const RtbPlotSeries           *series,
                guint                          n_series,
                RtbPlotLayout                 *layout)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);

  rtb_plot_histogram (cr, theme, WIDTH, HEIGHT, opts, series, n_series, layout);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  return surface;
}

void
assert_axes_drawn (cairo_surface_t     *surface,
                   const RtbPlotTheme  *theme,
                   const RtbPlotLayout *layout)
{
  const RtbPlotRect *p = &layout->plot;
  int left = (int) floor (p->x), bottom = (int) floor (p->y + p->height);

  g_assert_cmpfloat (p->width, >, WIDTH / 2);
  g_assert_cmpfloat (p->height, >, HEIGHT / 3);
  g_assert_cmpuint (layout->x.n_ticks, >=, 2);
  g_assert_cmpuint (layout->y.n_ticks, >=, 2);

  /* The axis lines themselves */
  g_assert_false (is_background (pixel_at (surface, left, (int) (p->y + p->height / 2)), theme));
  g_assert_false (is_background (pixel_at (surface, (int) (p->x + p->width / 2), bottom), theme));
  /* Tick labels left of the plot and below it */
  g_assert_cmpuint (count_drawn (surface, theme, 0, p->y, p->x - 6, p->y + p->height), >, 30);
  g_assert_cmpuint (count_drawn (surface, theme, p->x, bottom + 6, p->x + p->width, HEIGHT), >,
                    30);
}
