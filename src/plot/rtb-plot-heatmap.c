/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-plot"

#include "config.h"

#include <math.h>

#include "rtb-heatmap.h"
#include "rtb-plot-curve.h"
#include "rtb-plot-heatmap.h"
#include "rtb-plot-private.h"

/* Row 0 (below 1 µs) and the overflow row have no edge a log axis can show: each is drawn two
 * rows tall, below 1 µs and above the limit. */
#define OPEN_ROW_DECADES 0.2
#define BAR_WIDTH 12.0
#define BAR_GAP 8.0
#define LABEL_GAP 4.0
#define PAD 10.0

/* Viridis (matplotlib's perceptually uniform map, dark blue-violet to yellow) at nine stops,
 * interpolated in between: it stays ordered in lightness for every kind of colour blindness and
 * in grey. */
static const double viridis[][3] = {
  { 0.267, 0.005, 0.329 }, { 0.283, 0.141, 0.458 }, { 0.254, 0.265, 0.530 },
  { 0.207, 0.372, 0.553 }, { 0.164, 0.471, 0.558 }, { 0.128, 0.567, 0.551 },
  { 0.135, 0.659, 0.518 }, { 0.267, 0.749, 0.441 }, { 0.478, 0.821, 0.318 },
  { 0.741, 0.873, 0.150 }, { 0.993, 0.906, 0.144 },
};

static bool
has_heatmap (const RtbPlotSeries *series)
{
  return series != NULL && series->heatmap != NULL && series->heatmap->n_columns > 0 &&
         series->heatmap->n_rows > 0;
}

void
rtb_plot_heatmap_options_init (RtbPlotHeatmapOptions *opts)
{
  g_return_if_fail (opts != NULL);

  *opts = (RtbPlotHeatmapOptions) {
    .show_max = true,
    .show_p999 = true,
    .show_legend = true,
  };
  rtb_plot_time_init (&opts->time);
}

/* The colour at t in [0, 1] along the map. */
static RtbPlotColor
color_at (double t)
{
  const guint n = G_N_ELEMENTS (viridis) - 1;
  double f = CLAMP (t, 0, 1) * n;
  guint i = MIN ((guint) f, n - 1);

  f -= i;
  return (RtbPlotColor) {
    viridis[i][0] + (viridis[i + 1][0] - viridis[i][0]) * f,
    viridis[i][1] + (viridis[i + 1][1] - viridis[i][1]) * f,
    viridis[i][2] + (viridis[i + 1][2] - viridis[i][2]) * f,
    1.0,
  };
}

/* rtb_plot_heatmap_color() with log (max) given: a redraw colours tens of thousands of cells. */
static RtbPlotColor
scaled_color (uint64_t count, uint64_t max, double log_max)
{
  if (max <= 1)
    return color_at (count >= 1 ? 1.0 : 0.0);
  return color_at (count > 1 ? log ((double) MIN (count, max)) / log_max : 0.0);
}

RtbPlotColor
rtb_plot_heatmap_color (uint64_t count, uint64_t max)
{
  return scaled_color (count, max, log ((double) max));
}

/* The span of row r on the y axis, in µs. */
static void
row_span (const RtbHeatmap *heatmap, uint32_t r, double *lo, double *hi)
{
  double limit = heatmap->limit_us;

  if (r + 1 == heatmap->n_rows)
    {
      *lo = limit;
      *hi = limit * pow (10.0, OPEN_ROW_DECADES);
      return;
    }
  *lo = r == 0 ? pow (10.0, -OPEN_ROW_DECADES) : rtb_heatmap_row_lo_ns (heatmap, r) / 1000.0;
  *hi = rtb_heatmap_row_hi_ns (heatmap, r) / 1000.0;
}

/* Positions [p0, p1) shown, 0-based, as the curve's sample range. */
static void
position_range (const RtbPlotHeatmapOptions *opts, const RtbPlotSeries *series, double *p0,
                double *p1)
{
  uint64_t n = has_heatmap (series) ? series->heatmap->n_positions : 0;

  *p0 = opts->first > 0 ? (double) (opts->first - 1) : 0;
  *p1 = opts->last > 0 ? (double) opts->last : (double) (n > 0 ? n : 10);
  if (*p1 <= *p0)
    *p1 = *p0 + 1;
}

/* The columns overlapping positions [p0, p1). */
static void
column_span (const RtbHeatmap *heatmap, double p0, double p1, size_t *c0, size_t *c1)
{
  double size = (double) heatmap->column_size;

  *c0 = (size_t) CLAMP (floor (MAX (p0, 0) / size), 0, heatmap->n_columns);
  *c1 = (size_t) CLAMP (ceil (MAX (p1, 0) / size), 0, heatmap->n_columns);
}

uint64_t
rtb_plot_heatmap_max_cell (const RtbPlotSeries *series, uint64_t first, uint64_t last)
{
  RtbPlotHeatmapOptions opts = { .first = first, .last = last };
  const RtbHeatmap *heatmap;
  uint64_t max = 0;
  double p0, p1;
  size_t c0, c1;

  if (!has_heatmap (series))
    return 0;
  heatmap = series->heatmap;
  position_range (&opts, series, &p0, &p1);
  column_span (heatmap, p0, p1, &c0, &c1);
  for (size_t c = c0; c < c1; c++)
    for (uint32_t r = 0; r < heatmap->n_rows; r++)
      max = MAX (max, rtb_heatmap_column (heatmap, c)[r]);
  return max;
}

/* The y range: the rows holding samples among the columns shown, from the decade at or below
 * the lowest (so that a tick is always in view). */
static void
y_range (const RtbPlotHeatmapOptions *opts, const RtbPlotSeries *series, double p0, double p1,
         RtbPlotFrameSpec *spec)
{
  const RtbHeatmap *heatmap = series->heatmap;
  uint32_t lo_row = G_MAXUINT32, hi_row = 0;
  double lo, hi, unused;
  size_t c0, c1;

  spec->y_log = true;
  if (opts->y_fixed && opts->y_max_us > opts->y_min_us && opts->y_min_us > 0)
    {
      spec->y_lo = opts->y_min_us;
      spec->y_hi = opts->y_max_us;
      return;
    }
  if (!has_heatmap (series))
    {
      spec->y_lo = 1;
      spec->y_hi = 1000;
      return;
    }
  column_span (heatmap, p0, p1, &c0, &c1);
  for (size_t c = c0; c < c1; c++)
    for (uint32_t r = 0; r < heatmap->n_rows; r++)
      if (rtb_heatmap_column (heatmap, c)[r] > 0)
        {
          lo_row = MIN (lo_row, r);
          hi_row = MAX (hi_row, r);
        }
  if (lo_row == G_MAXUINT32)
    {
      lo_row = 0;
      hi_row = heatmap->n_rows - 1;
    }
  row_span (heatmap, lo_row, &lo, &unused);
  row_span (heatmap, hi_row, &unused, &hi);
  spec->y_lo = MAX (pow (10.0, floor (log10 (lo) + 1e-9)), pow (10.0, -OPEN_ROW_DECADES));
  spec->y_hi = MAX (hi, spec->y_lo * 10);
}

/* "1", "10", "100", "1k" … as the colour bar labels its decades. */
static void
format_count (double count, char *buf, gsize size)
{
  static const char * const suffixes[] = { "", "k", "M", "G", "T", "P", "E" };
  guint k = 0;

  while (count >= 1000 && k + 1 < G_N_ELEMENTS (suffixes))
    {
      count /= 1000;
      k++;
    }
  g_snprintf (buf, size, "%.0f%s", count, suffixes[k]);
}

static double
bar_label_width (PangoContext *context, const RtbPlotTheme *theme, uint64_t max)
{
  char buf[32];
  double w = 0, text_w;

  for (double v = 1; v <= (double) max * (1 + 1e-9); v *= 10)
    {
      format_count (v, buf, sizeof buf);
      _rtb_plot_text_extents (context, theme, RTB_PLOT_FONT_SMALL, buf, false, &text_w, NULL);
      w = MAX (w, text_w);
    }
  return w;
}

uint64_t
rtb_plot_heatmap_scale_max (const RtbPlotHeatmapOptions *opts, const RtbPlotSeries *series)
{
  if (opts->count_max > 0)
    return opts->count_max;
  return MAX (rtb_plot_heatmap_max_cell (series, opts->first, opts->last), 1);
}

typedef struct {
  RtbPlotLegendEntry entries[3];
  char overflow[128];
} Legend;

static void
frame_spec (const RtbPlotTheme *theme, const RtbPlotHeatmapOptions *opts,
            const RtbPlotSeries *series, Legend *legend, RtbPlotFrameSpec *spec)
{
  _rtb_plot_frame_spec_init (spec, opts->title, opts->subtitle,
                             opts->x_label ? opts->x_label : "instance",
                             opts->y_label ? opts->y_label : "µs", legend->entries);
  if (!opts->show_legend || !has_heatmap (series))
    return;
  if (opts->show_max)
    legend->entries[spec->n_legend++] = (RtbPlotLegendEntry) {
      opts->max_note ? opts->max_note : "max per column", theme->foreground, theme->foreground,
      RTB_PLOT_SWATCH_LINE,
    };
  if (opts->show_p999)
    legend->entries[spec->n_legend++] = (RtbPlotLegendEntry) {
      opts->p999_note ? opts->p999_note : "dashed: running p99.9", theme->dim, theme->dim,
      RTB_PLOT_SWATCH_NOTE,
    };
  if (opts->overflow_note != NULL)
    g_strlcpy (legend->overflow, opts->overflow_note, sizeof legend->overflow);
  else
    g_snprintf (legend->overflow, sizeof legend->overflow, "top band: ≥ %u µs (overflows)",
                series->heatmap->limit_us);
  legend->entries[spec->n_legend++] = (RtbPlotLegendEntry) {
    legend->overflow, theme->dim, theme->dim, RTB_PLOT_SWATCH_NOTE,
  };
}

static double
bar_margin (PangoContext *context, const RtbPlotTheme *theme, const RtbPlotHeatmapOptions *opts,
            const RtbPlotSeries *series)
{
  if (!has_heatmap (series))
    return 0;
  return BAR_GAP + BAR_WIDTH + LABEL_GAP +
         bar_label_width (context, theme, rtb_plot_heatmap_scale_max (opts, series));
}

static void
compute (PangoContext *context, const RtbPlotTheme *theme, int width, int height,
         const RtbPlotHeatmapOptions *opts, const RtbPlotSeries *series, Legend *legend,
         RtbPlotFrameSpec *spec, RtbPlotLayout *layout)
{
  double p0, p1;

  frame_spec (theme, opts, series, legend, spec);
  position_range (opts, series, &p0, &p1);
  _rtb_plot_time_frame (&opts->time, opts->x_per_instance, p0, p1, spec);
  spec->x_right = bar_margin (context, theme, opts, series);
  y_range (opts, series, p0, p1, spec);
  _rtb_plot_layout_compute (context, theme, MAX (width, 1), MAX (height, 1), spec, layout);
}

void
rtb_plot_heatmap_layout (const RtbPlotTheme *theme, int width, int height,
                         const RtbPlotHeatmapOptions *opts, const RtbPlotSeries *series,
                         RtbPlotLayout *layout)
{
  g_autoptr (RtbPlotTextContext) context = NULL;
  RtbPlotFrameSpec spec = { 0 };
  Legend legend;

  g_return_if_fail (theme != NULL && opts != NULL && layout != NULL);

  context = _rtb_plot_text_context ();
  compute (context, theme, width, height, opts, series, &legend, &spec, layout);
}

static void
draw_bar (cairo_t *cr, PangoContext *context, const RtbPlotTheme *theme,
          const RtbPlotLayout *layout, uint64_t max)
{
  double x = layout->plot.x + layout->plot.width + BAR_GAP;
  double top = layout->plot.y, height = layout->plot.height;
  double span = max > 1 ? log ((double) max) : 1;
  const int steps = 64;
  char buf[32];

  cairo_save (cr);
  for (int i = 0; i < steps; i++)
    {
      /* Step i of the bar, from the bottom (1 sample) to the top (max). */
      RtbPlotColor color = color_at (max > 1 ? (i + 0.5) / steps : 1.0);

      _rtb_plot_set_color (cr, &color);
      cairo_rectangle (cr, x, top + height * (1.0 - (double) (i + 1) / steps), BAR_WIDTH,
                       height / steps + 0.5);
      cairo_fill (cr);
    }
  _rtb_plot_set_color (cr, &theme->axis);
  cairo_set_line_width (cr, 1);
  cairo_rectangle (cr, x + 0.5, top + 0.5, BAR_WIDTH - 1, height - 1);
  cairo_stroke (cr);
  for (double v = 1; v <= (double) max * (1 + 1e-9); v *= 10)
    {
      double y = top + height * (1.0 - (max > 1 ? log (v) / span : 0.5));
      g_autoptr (PangoLayout) text = NULL;
      double h;

      format_count (v, buf, sizeof buf);
      text = _rtb_plot_text_layout (context, theme, RTB_PLOT_FONT_SMALL, buf, false);
      _rtb_plot_text_size (text, NULL, &h);
      _rtb_plot_text_draw (cr, text, x + BAR_WIDTH + LABEL_GAP,
                           CLAMP (y - h / 2, top - h / 2, top + height - h / 2),
                           &theme->foreground);
    }
  cairo_restore (cr);
}

void
rtb_plot_heatmap_draw_frame (cairo_t *cr, const RtbPlotTheme *theme, const RtbPlotLayout *layout,
                             const RtbPlotHeatmapOptions *opts, const RtbPlotSeries *series)
{
  g_autoptr (RtbPlotTextContext) context = NULL;
  RtbPlotFrameSpec spec = { 0 };
  Legend legend;

  g_return_if_fail (cr != NULL && theme != NULL && layout != NULL && opts != NULL);

  context = _rtb_plot_text_context ();
  frame_spec (theme, opts, series, &legend, &spec);
  if (!has_heatmap (series))
    {
      _rtb_plot_draw_texts (cr, context, theme, layout, &spec);
      _rtb_plot_draw_centred_text (cr, theme, &layout->plot,
                                   opts->placeholder ? opts->placeholder
                                                     : "No samples placed in time");
      return;
    }
  spec.x_lo = layout->x.lo;
  spec.x_hi = layout->x.hi;
  spec.y_lo = layout->y.lo;
  spec.y_hi = layout->y.hi;
  spec.y_log = layout->y.log;
  _rtb_plot_draw_frame (cr, context, theme, layout, &spec);
  draw_bar (cr, context, theme, layout, rtb_plot_heatmap_scale_max (opts, series));
}

/* Pixel x of position p (0-based), snapped so neighbouring cells meet without a seam. */
static double
x_at (const RtbPlotLayout *layout, double position)
{
  return round (rtb_plot_axis_to_pixel (&layout->x, position * layout->x.unit));
}

/* SVG, PDF and PostScript get the cells as rectangles; everything else (the window, PNG) as one
 * image of the plot's pixels: tens of thousands of fills cost 18 ms a redraw into an image and
 * 36 ms into the recording surface of a GTK cairo node, one image 1–2 ms. */
static bool
draws_vectors (cairo_t *cr)
{
  cairo_surface_type_t type = cairo_surface_get_type (cairo_get_target (cr));

  return type == CAIRO_SURFACE_TYPE_PDF || type == CAIRO_SURFACE_TYPE_PS ||
         type == CAIRO_SURFACE_TYPE_SVG;
}

static uint32_t
pixel_of (const RtbPlotColor *color)
{
  return 0xff000000u | (uint32_t) lround (color->red * 255) << 16 |
         (uint32_t) lround (color->green * 255) << 8 | (uint32_t) lround (color->blue * 255);
}

/* The pixel columns [x0, x1) of columns c0 … c1 - 1 in an image `width` wide from `left`:
 * the same for every row. */
static void
column_pixels (const RtbPlotLayout *layout, const RtbHeatmap *heatmap, size_t c0, size_t c1,
               int left, int width, int *x0s, int *x1s)
{
  for (size_t c = c0; c < c1; c++)
    {
      uint64_t start = rtb_heatmap_column_start (heatmap, c);
      int x0 = MAX ((int) x_at (layout, (double) start) - left, 0);
      int x1 = (int) x_at (layout, (double) (start + rtb_heatmap_column_positions (heatmap, c))) -
               left;

      x0s[c - c0] = x0;
      x1s[c - c0] = MIN (MAX (x1, x0 + 1), width);
    }
}

/* The plot's pixels, cell by cell; empty cells stay transparent. */
static void
paint_cells (cairo_t *cr, const RtbPlotLayout *layout, const RtbHeatmap *heatmap, size_t c0,
             size_t c1, uint64_t max)
{
  int left = (int) floor (layout->plot.x), top = (int) floor (layout->plot.y);
  int width = (int) ceil (layout->plot.x + layout->plot.width) - left;
  int height = (int) ceil (layout->plot.y + layout->plot.height) - top;
  double log_max = log ((double) max);
  g_autofree int *x0s = NULL, *x1s = NULL;
  cairo_surface_t *image;
  uint32_t *pixels;
  int stride;

  if (width <= 0 || height <= 0)
    return;
  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  if (cairo_surface_status (image) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (image);
      return;
    }
  x0s = g_new (int, c1 - c0);
  x1s = g_new (int, c1 - c0);
  column_pixels (layout, heatmap, c0, c1, left, width, x0s, x1s);
  cairo_surface_flush (image);
  pixels = (uint32_t *) (void *) cairo_image_surface_get_data (image);
  stride = cairo_image_surface_get_stride (image) / 4;
  for (uint32_t r = 0; r < heatmap->n_rows; r++)
    {
      uint64_t last_count = 0;
      uint32_t pixel = 0;
      double lo, hi;
      int y0, y1;

      row_span (heatmap, r, &lo, &hi);
      y0 = MAX ((int) round (rtb_plot_axis_to_pixel (&layout->y, hi)) - top, 0);
      y1 = MIN ((int) round (rtb_plot_axis_to_pixel (&layout->y, lo)) - top, height);
      y1 = MAX (y1, y0 + 1);
      if (y0 >= height || y1 <= 0)
        continue;
      for (size_t c = c0; c < c1; c++)
        {
          uint64_t count = rtb_heatmap_column (heatmap, c)[r];

          if (count == 0)
            continue;
          /* Neighbouring cells often hold as many samples: the colour is known then. */
          if (count != last_count)
            {
              RtbPlotColor color = scaled_color (count, max, log_max);

              pixel = pixel_of (&color);
              last_count = count;
            }
          for (int y = y0; y < y1; y++)
            for (int x = x0s[c - c0]; x < x1s[c - c0]; x++)
              pixels[y * stride + x] = pixel;
        }
    }
  cairo_surface_mark_dirty (image);
  cairo_save (cr);
  cairo_set_source_surface (cr, image, left, top);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_paint (cr);
  cairo_restore (cr);
  cairo_surface_destroy (image);
}

static void
draw_cells (cairo_t *cr, const RtbPlotLayout *layout, const RtbHeatmap *heatmap, size_t c0,
            size_t c1, uint64_t max)
{
  if (!draws_vectors (cr))
    {
      paint_cells (cr, layout, heatmap, c0, c1, max);
      return;
    }
  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  for (uint32_t r = 0; r < heatmap->n_rows; r++)
    {
      double lo, hi, y0, y1;

      row_span (heatmap, r, &lo, &hi);
      y0 = round (rtb_plot_axis_to_pixel (&layout->y, hi));
      y1 = round (rtb_plot_axis_to_pixel (&layout->y, lo));
      if (y1 <= layout->plot.y || y0 >= layout->plot.y + layout->plot.height)
        continue;
      /* Neighbouring columns of the same colour are one rectangle: fewer shapes in an SVG. */
      for (size_t c = c0; c < c1;)
        {
          uint64_t count = rtb_heatmap_column (heatmap, c)[r];
          RtbPlotColor color;
          size_t end = c + 1;
          double x0, x1;

          if (count == 0)
            {
              c++;
              continue;
            }
          color = rtb_plot_heatmap_color (count, max);
          while (end < c1 && rtb_heatmap_column (heatmap, end)[r] > 0)
            {
              RtbPlotColor next = rtb_plot_heatmap_color (rtb_heatmap_column (heatmap, end)[r],
                                                          max);
              if (fabs (next.red - color.red) + fabs (next.green - color.green) +
                    fabs (next.blue - color.blue) > 1.0 / 256)
                break;
              end++;
            }
          x0 = x_at (layout, (double) rtb_heatmap_column_start (heatmap, c));
          x1 = x_at (layout, (double) (rtb_heatmap_column_start (heatmap, end - 1) +
                                       rtb_heatmap_column_positions (heatmap, end - 1)));
          _rtb_plot_set_color (cr, &color);
          cairo_rectangle (cr, x0, y0, MAX (x1 - x0, 1), MAX (y1 - y0, 1));
          cairo_fill (cr);
          c = end;
        }
    }
  cairo_restore (cr);
}

/* A step line over the columns: y of column c from `value_us` (NAN: none, the line breaks). A
 * halo in the background colour keeps it legible over every cell colour. */
static void
draw_steps (cairo_t *cr, const RtbPlotTheme *theme, const RtbPlotLayout *layout,
            const RtbHeatmap *heatmap, size_t c0, size_t c1, const double *value_us,
            bool dashed)
{
  static const double dash[] = { 5, 3 };

  for (int pass = 0; pass < 2; pass++)
    {
      bool open = false;
      double run_x1 = 0, run_y = 0;

      cairo_save (cr);
      cairo_set_line_width (cr, pass == 0 ? 3.5 : 1.5);
      _rtb_plot_set_color_alpha (cr, pass == 0 ? &theme->background : &theme->foreground,
                                 pass == 0 ? 0.8 : 1.0);
      if (dashed)
        cairo_set_dash (cr, dash, 2, 0);
      for (size_t c = c0; c < c1; c++)
        {
          double y, x0, x1;

          if (isnan (value_us[c - c0]))
            {
              if (open)
                cairo_line_to (cr, run_x1, run_y);
              open = false;
              continue;
            }
          y = rtb_plot_axis_to_pixel (&layout->y, CLAMP (value_us[c - c0], layout->y.lo,
                                                         layout->y.hi));
          x0 = rtb_plot_axis_to_pixel (&layout->x, (double) rtb_heatmap_column_start (heatmap, c) *
                                                     layout->x.unit);
          x1 = rtb_plot_axis_to_pixel (&layout->x,
                                       (double) (rtb_heatmap_column_start (heatmap, c) +
                                                 rtb_heatmap_column_positions (heatmap, c)) *
                                         layout->x.unit);
          /* Columns at the same height are one segment: the same line, a fraction of the
           * points to stroke (a running p99.9 stays level for most of a run). */
          if (open && y == run_y)
            {
              run_x1 = x1;
              continue;
            }
          if (open)
            {
              cairo_line_to (cr, run_x1, run_y);
              cairo_line_to (cr, x0, y);
            }
          else
            cairo_move_to (cr, x0, y);
          run_x1 = x1;
          run_y = y;
          open = true;
        }
      if (open)
        cairo_line_to (cr, run_x1, run_y);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

void
rtb_plot_heatmap_draw_data (cairo_t *cr, const RtbPlotTheme *theme, const RtbPlotLayout *layout,
                            const RtbPlotHeatmapOptions *opts, const RtbPlotSeries *series)
{
  const RtbHeatmap *heatmap;
  g_autofree double *line = NULL;
  double p0, p1;
  size_t c0, c1;

  g_return_if_fail (cr != NULL && theme != NULL && layout != NULL && opts != NULL);

  if (!has_heatmap (series))
    return;
  heatmap = series->heatmap;
  p0 = layout->x.lo / layout->x.unit;
  p1 = layout->x.hi / layout->x.unit;
  column_span (heatmap, p0, p1, &c0, &c1);
  if (c1 <= c0)
    return;

  cairo_save (cr);
  _rtb_plot_clip_to_plot (cr, layout);
  draw_cells (cr, layout, heatmap, c0, c1, rtb_plot_heatmap_scale_max (opts, series));
  line = g_new (double, c1 - c0);
  if (opts->show_p999)
    {
      g_autofree uint32_t *rows = g_new (uint32_t, heatmap->n_columns);

      rtb_heatmap_running_percentile_rows (heatmap, 99.9, rows);
      for (size_t c = c0; c < c1; c++)
        {
          double lo, hi;

          line[c - c0] = NAN;
          if (rows[c] == G_MAXUINT32)
            continue;
          row_span (heatmap, rows[c], &lo, &hi);
          line[c - c0] = hi;
        }
      draw_steps (cr, theme, layout, heatmap, c0, c1, line, true);
    }
  if (opts->show_max)
    {
      for (size_t c = c0; c < c1; c++)
        line[c - c0] = rtb_heatmap_column_count (heatmap, c) > 0
                         ? heatmap->column_max_ns[c] / 1000.0
                         : NAN;
      draw_steps (cr, theme, layout, heatmap, c0, c1, line, false);
    }
  cairo_restore (cr);
  _rtb_plot_time_draw_marks (cr, theme, layout, &opts->time, opts->x_per_instance);
}

void
rtb_plot_heatmap (cairo_t *cr, const RtbPlotTheme *theme, int width, int height,
                  const RtbPlotHeatmapOptions *opts, const RtbPlotSeries *series,
                  RtbPlotLayout *layout)
{
  RtbPlotLayout local;

  g_return_if_fail (cr != NULL && theme != NULL && opts != NULL);

  if (layout == NULL)
    layout = &local;
  rtb_plot_heatmap_layout (theme, width, height, opts, series, layout);
  rtb_plot_heatmap_draw_frame (cr, theme, layout, opts, series);
  rtb_plot_heatmap_draw_data (cr, theme, layout, opts, series);
}

bool
rtb_plot_heatmap_value_at (const RtbPlotLayout *layout, const RtbPlotSeries *series, double x,
                           double y, RtbPlotHeatmapValue *value)
{
  const RtbHeatmap *heatmap;
  double position, us;
  size_t column;

  g_return_val_if_fail (layout != NULL && value != NULL, false);

  *value = (RtbPlotHeatmapValue) { .column_max_us = NAN };
  if (!has_heatmap (series) || !rtb_plot_layout_contains (layout, x, y))
    return false;
  heatmap = series->heatmap;
  position = rtb_plot_axis_from_pixel (&layout->x, x) / layout->x.unit;
  if (position < 0 || position >= (double) heatmap->n_positions)
    return false;
  column = (size_t) (position / (double) heatmap->column_size);
  if (column >= heatmap->n_columns)
    return false;
  us = rtb_plot_axis_from_pixel (&layout->y, y);
  value->row = 0;
  for (uint32_t r = 0; r < heatmap->n_rows; r++)
    {
      double lo, hi;

      row_span (heatmap, r, &lo, &hi);
      if (us >= lo)
        value->row = r;
    }
  value->has_data = true;
  value->first = rtb_heatmap_column_start (heatmap, column) + 1;
  value->last = rtb_heatmap_column_start (heatmap, column) +
                rtb_heatmap_column_positions (heatmap, column);
  value->overflow = value->row + 1 == heatmap->n_rows;
  value->lo_us = rtb_heatmap_row_lo_ns (heatmap, value->row) / 1000.0;
  value->hi_us = value->overflow ? INFINITY
                                 : rtb_heatmap_row_hi_ns (heatmap, value->row) / 1000.0;
  value->count = rtb_heatmap_column (heatmap, column)[value->row];
  value->column_count = rtb_heatmap_column_count (heatmap, column);
  if (value->column_count > 0)
    value->column_max_us = heatmap->column_max_ns[column] / 1000.0;
  return true;
}

void
rtb_plot_heatmap_range_at (const RtbPlotLayout *layout, double x0, double x1, uint64_t *first,
                           uint64_t *last)
{
  rtb_plot_curve_range_at (layout, x0, x1, first, last);
}
