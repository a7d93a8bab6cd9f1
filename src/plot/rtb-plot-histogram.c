/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-plot"

#include "config.h"

#include <math.h>

#include "rtb-plot-histogram.h"
#include "rtb-plot-private.h"

/* Log axis floor: half a count, so a bucket holding one sample stands clear of the x axis */
#define Y_FLOOR 0.5

typedef struct {
  uint64_t max;
  uint64_t sum;
  int64_t lo_us;
  int64_t hi_us;
  bool has;
} Column;

static inline bool
has_buckets (const RtbPlotSeries *series)
{
  return series->histogram && series->histogram->counts && series->histogram->n_buckets > 0;
}

void
rtb_plot_histogram_options_init (RtbPlotHistogramOptions *opts)
{
  g_return_if_fail (opts != NULL);

  *opts = (RtbPlotHistogramOptions) {
    .show_legend = true,
    .show_overflows = true,
  };
}

static void
frame_spec (const RtbPlotTheme            *theme,
            const RtbPlotHistogramOptions *opts,
            const RtbPlotSeries           *series,
            guint                          n_series,
            RtbPlotLegendEntry            *entries,
            RtbPlotFrameSpec              *spec)
{
  _rtb_plot_frame_spec_init (spec, opts->title, opts->subtitle,
                             opts->x_label ? opts->x_label : "µs",
                             opts->y_label ? opts->y_label : "samples", entries);
  if (opts->show_legend)
    _rtb_plot_legend_add_series (theme, series, n_series, RTB_PLOT_SWATCH_LINE, entries,
                                 &spec->n_legend);
}

/* Lowest and highest non-empty bucket values over all series, in µs; false when all empty. */
static bool
occupied_range (const RtbPlotSeries *series,
                guint                n_series,
                double              *lo,
                double              *hi)
{
  bool found = false;

  *lo = G_MAXDOUBLE;
  *hi = -G_MAXDOUBLE;
  for (guint i = 0; i < n_series; i++)
    {
      const RtbHistogram *h = series[i].histogram;
      uint32_t first = 0, last;

      if (!has_buckets (&series[i]))
        continue;
      while (first < h->n_buckets && h->counts[first] == 0)
        first++;
      if (first == h->n_buckets)
        continue;
      last = h->n_buckets - 1;
      while (h->counts[last] == 0)
        last--;
      *lo = MIN (*lo, (double) h->lo_us + first);
      *hi = MAX (*hi, (double) h->lo_us + last + 1);
      found = true;
    }
  return found;
}

/* The span of the histograms that hold overflows alone; false when none does. */
static bool
overflow_span (const RtbPlotSeries *series,
               guint                n_series,
               double              *lo,
               double              *hi)
{
  bool any = false;

  for (guint i = 0; i < n_series; i++)
    {
      const RtbHistogram *h = series[i].histogram;

      if (!has_buckets (&series[i]) || h->n_above + h->n_below == 0)
        continue;
      *lo = any ? MIN (*lo, h->lo_us) : h->lo_us;
      *hi = any ? MAX (*hi, (double) h->lo_us + h->n_buckets)
                : (double) h->lo_us + h->n_buckets;
      any = true;
    }
  if (any && *lo > 0)
    *lo = 0;
  return any;
}

static void
x_range (const RtbPlotHistogramOptions *opts,
         const RtbPlotSeries           *series,
         guint                          n_series,
         RtbPlotFrameSpec              *spec)
{
  bool all_unsigned = true;
  double lo, hi, margin;

  spec->x_unit = 1;
  spec->x_min_step = 1;
  spec->x_style = RTB_PLOT_TICKS_PLAIN;
  if (opts->x_fixed && opts->x_max_us > opts->x_min_us)
    {
      spec->x_lo = opts->x_min_us;
      spec->x_hi = opts->x_max_us;
      return;
    }

  spec->x_expand = true;
  for (guint i = 0; i < n_series; i++)
    if (has_buckets (&series[i]) && series[i].histogram->lo_us < 0)
      all_unsigned = false;

  if (!occupied_range (series, n_series, &lo, &hi))
    {
      /* Only overflows: the histograms' whole span, so that their marks sit at its limit
       * (osnoise's 100000 µs), not at an axis of 100 µs that no value reached. */
      spec->x_lo = 0;
      spec->x_hi = 100;
      if (overflow_span (series, n_series, &lo, &hi))
        {
          spec->x_lo = lo;
          spec->x_hi = hi;
        }
      return;
    }

  margin = MAX (1.0, ceil ((hi - lo) * 0.05));
  spec->x_hi = hi + margin;
  /* Latency reads from zero, unless all values sit far from it (long response times) */
  if (all_unsigned && lo * 3 <= hi)
    spec->x_lo = 0;
  else
    spec->x_lo = all_unsigned ? MAX (0, lo - margin) : lo - margin;
}

static double
max_count (const RtbPlotHistogramOptions *opts,
           const RtbPlotSeries           *series,
           guint                          n_series,
           double                         x_lo,
           double                         x_hi)
{
  uint64_t max = 0;

  for (guint i = 0; i < n_series; i++)
    {
      const RtbHistogram *h = series[i].histogram;
      double b0, b1;

      if (!has_buckets (&series[i]))
        continue;
      b0 = CLAMP (floor (x_lo - h->lo_us), 0, h->n_buckets);
      b1 = CLAMP (ceil (x_hi - h->lo_us), 0, h->n_buckets);
      for (uint32_t b = (uint32_t) b0; b < (uint32_t) b1; b++)
        max = MAX (max, h->counts[b]);
      if (opts->show_overflows)
        max = MAX (max, MAX (h->n_above, h->n_below));
    }
  return (double) max;
}

void
rtb_plot_histogram_layout (const RtbPlotTheme            *theme,
                           int                            width,
                           int                            height,
                           const RtbPlotHistogramOptions *opts,
                           const RtbPlotSeries           *series,
                           guint                          n_series,
                           RtbPlotLayout                 *layout)
{
  g_autoptr(RtbPlotTextContext) context = NULL;
  g_autofree RtbPlotLegendEntry *entries = NULL;
  RtbPlotFrameSpec spec = { 0 };
  double max;

  g_return_if_fail (theme != NULL && opts != NULL && layout != NULL);
  g_return_if_fail (series != NULL || n_series == 0);

  context = _rtb_plot_text_context ();
  entries = g_new0 (RtbPlotLegendEntry, MAX (n_series, 1));
  frame_spec (theme, opts, series, n_series, entries, &spec);
  x_range (opts, series, n_series, &spec);

  max = max_count (opts, series, n_series, spec.x_lo, spec.x_hi);
  spec.y_log = true;
  spec.y_lo = Y_FLOOR;
  /* Headroom: a peak of exactly 10^k still gets the decade above it */
  spec.y_hi = max >= 1 ? pow (10.0, floor (log10 (max)) + 1) : 10;

  _rtb_plot_layout_compute (context, theme, MAX (width, 1), MAX (height, 1), &spec, layout);
}

void
rtb_plot_histogram_draw_frame (cairo_t                       *cr,
                               const RtbPlotTheme            *theme,
                               const RtbPlotLayout           *layout,
                               const RtbPlotHistogramOptions *opts,
                               const RtbPlotSeries           *series,
                               guint                          n_series)
{
  g_autoptr(RtbPlotTextContext) context = NULL;
  g_autofree RtbPlotLegendEntry *entries = NULL;
  RtbPlotFrameSpec spec = { 0 };

  g_return_if_fail (cr != NULL && theme != NULL && layout != NULL && opts != NULL);
  g_return_if_fail (series != NULL || n_series == 0);

  context = _rtb_plot_text_context ();
  entries = g_new0 (RtbPlotLegendEntry, MAX (n_series, 1));
  frame_spec (theme, opts, series, n_series, entries, &spec);
  _rtb_plot_draw_frame (cr, context, theme, layout, &spec);
}

/* Columns c0..c1: while a column spans a bucket or more it holds the buckets whose lower edge
 * falls in it; zoomed in further, the bucket under its centre. */
static void
reduce (const RtbHistogram  *h,
        const RtbPlotLayout *layout,
        guint                c0,
        guint                c1,
        Column              *columns)
{
  double per_column = (layout->x.hi - layout->x.lo) / layout->plot.width;

  for (guint c = c0; c <= c1; c++)
    {
      Column *column = &columns[c - c0];
      double x0 = layout->x.lo + c * per_column;
      double b0, b1;

      *column = (Column) { 0 };
      if (per_column >= 1)
        {
          b0 = ceil (x0 - h->lo_us);
          b1 = ceil (x0 + per_column - h->lo_us);
        }
      else
        {
          b0 = floor (x0 + per_column / 2 - h->lo_us);
          b1 = b0 + 1;
        }
      b0 = MAX (b0, 0);
      b1 = MIN (b1, h->n_buckets);
      if (b1 <= b0)
        continue;

      column->has = true;
      column->lo_us = h->lo_us + (int64_t) b0;
      column->hi_us = h->lo_us + (int64_t) b1;
      for (uint32_t b = (uint32_t) b0; b < (uint32_t) b1; b++)
        {
          column->max = MAX (column->max, h->counts[b]);
          column->sum += h->counts[b];
        }
    }
}

void
rtb_plot_histogram_draw_series (cairo_t                       *cr,
                                const RtbPlotTheme            *theme,
                                const RtbPlotLayout           *layout,
                                const RtbPlotHistogramOptions *opts,
                                const RtbPlotSeries           *series)
{
  g_autofree Column *columns = NULL;
  double base = layout->plot.y + layout->plot.height + 1;
  double y = 0;
  RtbPlotColor color;
  guint n_columns;
  bool pen = false;

  g_return_if_fail (cr != NULL && theme != NULL && layout != NULL && opts != NULL);
  g_return_if_fail (series != NULL);

  n_columns = (guint) ceil (layout->plot.width);
  if (!has_buckets (series) || n_columns == 0)
    return;

  columns = g_new (Column, n_columns);
  reduce (series->histogram, layout, 0, n_columns - 1, columns);

  cairo_save (cr);
  _rtb_plot_clip_to_plot (cr, layout);

  /* Only the corners of the step outline: a flat run of columns is one segment */
  for (guint c = 0; c <= n_columns; c++)
    {
      double x = layout->plot.x + c;
      uint64_t count = c < n_columns ? columns[c].max : 0;
      double next = count > 0 ? _rtb_plot_row_centre (layout, (double) count) : base;

      if (!pen && count > 0)
        {
          cairo_move_to (cr, x, base);
          cairo_line_to (cr, x, next);
          pen = true;
        }
      else if (pen && next != y)
        {
          cairo_line_to (cr, x, y);
          cairo_line_to (cr, x, next);
          if (count == 0)
            pen = false;
        }
      y = next;
    }

  color = rtb_plot_theme_series_color (theme, series->color_index);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_line_width (cr, 1.5);
  _rtb_plot_set_color (cr, &color);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_marker (cairo_t             *cr,
             const RtbPlotLayout *layout,
             double               edge,
             double               direction,
             uint64_t             count,
             const RtbPlotColor  *color)
{
  double y = _rtb_plot_row_centre (layout, (double) count);

  cairo_move_to (cr, edge, y);
  cairo_line_to (cr, edge - direction * 8, y - 5);
  cairo_line_to (cr, edge - direction * 8, y + 5);
  cairo_close_path (cr);
  _rtb_plot_set_color (cr, color);
  cairo_fill (cr);
}

/* The overflow notes in a box, each beside its series' colour: top right, inside the plot, as
 * log counts leave the top decade nearly empty. */
static void
draw_notes (cairo_t             *cr,
            const RtbPlotTheme  *theme,
            const RtbPlotLayout *layout,
            GPtrArray           *notes,
            GArray              *colors)
{
  double widest = 0, total = 0, box_w, box_x, y;

  for (guint i = 0; i < notes->len; i++)
    {
      double w, h;

      _rtb_plot_text_size (g_ptr_array_index (notes, i), &w, &h);
      widest = MAX (widest, w);
      total += h;
    }
  box_w = widest + 22;
  box_x = layout->plot.x + layout->plot.width - box_w - 14;
  y = layout->plot.y + 6;
  cairo_rectangle (cr, box_x, y, box_w, total + 8);
  _rtb_plot_set_color_alpha (cr, &theme->background, 0.88);
  cairo_fill_preserve (cr);
  _rtb_plot_set_color (cr, &theme->grid);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  y += 4;
  for (guint i = 0; i < notes->len; i++)
    {
      PangoLayout *text = g_ptr_array_index (notes, i);
      double h;

      _rtb_plot_text_size (text, NULL, &h);
      cairo_rectangle (cr, box_x + 6, round (y + h / 2 - 4), 8, 8);
      _rtb_plot_set_color (cr, &g_array_index (colors, RtbPlotColor, i));
      cairo_fill (cr);
      _rtb_plot_text_draw (cr, text, box_x + 18, y, &theme->foreground);
      y += h;
    }
}

static char *
english_overflow_note (uint64_t    count,
                       const char *edge,
                       bool        above)
{
  if (above)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " overflow%s ≥ %s µs", count,
                            count == 1 ? "" : "s", edge);
  return g_strdup_printf ("%" G_GUINT64_FORMAT " below %s µs", count, edge);
}

void
rtb_plot_histogram_draw_overflows (cairo_t                       *cr,
                                   const RtbPlotTheme            *theme,
                                   const RtbPlotLayout           *layout,
                                   const RtbPlotHistogramOptions *opts,
                                   const RtbPlotSeries           *series,
                                   guint                          n_series)
{
  g_autoptr(RtbPlotTextContext) context = NULL;
  g_autoptr(GPtrArray) notes = NULL;
  g_autoptr(GArray) colors = NULL;
  double right = layout->plot.x + layout->plot.width;

  g_return_if_fail (cr != NULL && theme != NULL && layout != NULL && opts != NULL);
  g_return_if_fail (series != NULL || n_series == 0);

  if (!opts->show_overflows)
    return;

  context = _rtb_plot_text_context ();
  notes = g_ptr_array_new_with_free_func (g_object_unref);
  colors = g_array_new (FALSE, FALSE, sizeof (RtbPlotColor));

  cairo_save (cr);
  _rtb_plot_clip_to_plot (cr, layout);
  for (guint i = 0; i < n_series; i++)
    {
      const RtbHistogram *h = series[i].histogram;
      RtbPlotColor color = rtb_plot_theme_series_color (theme, series[i].color_index);
      const char *name = series[i].name && *series[i].name ? series[i].name : NULL;

      if (!has_buckets (&series[i]))
        continue;
      for (int above = 1; above >= 0; above--)
        {
          uint64_t count = above ? h->n_above : h->n_below;
          int64_t edge = above ? (int64_t) h->lo_us + h->n_buckets : (int64_t) h->lo_us;
          g_autofree char *edge_text = NULL;
          g_autofree char *note = NULL;
          g_autofree char *text = NULL;

          if (count == 0)
            continue;
          edge_text = g_strdup_printf ("%s%" G_GINT64_FORMAT, edge < 0 ? "−" : "", ABS (edge));
          note = opts->overflow_note != NULL ? opts->overflow_note (count, edge_text, above)
                                             : english_overflow_note (count, edge_text, above);
          text = name != NULL ? g_strdup_printf ("%s: %s", name, note) : g_strdup (note);
          draw_marker (cr, layout, above ? right - 1 : layout->plot.x + 1, above ? 1 : -1, count,
                       &color);
          g_ptr_array_add (notes, _rtb_plot_text_layout (context, theme, RTB_PLOT_FONT_SMALL,
                                                         text, false));
          g_array_append_val (colors, color);
        }
    }

  if (notes->len > 0)
    draw_notes (cr, theme, layout, notes, colors);
  cairo_restore (cr);
}

void
rtb_plot_histogram (cairo_t                       *cr,
                    const RtbPlotTheme            *theme,
                    int                            width,
                    int                            height,
                    const RtbPlotHistogramOptions *opts,
                    const RtbPlotSeries           *series,
                    guint                          n_series,
                    RtbPlotLayout                 *layout)
{
  RtbPlotLayout local;

  g_return_if_fail (cr != NULL && theme != NULL && opts != NULL);

  if (layout == NULL)
    layout = &local;
  rtb_plot_histogram_layout (theme, width, height, opts, series, n_series, layout);
  rtb_plot_histogram_draw_frame (cr, theme, layout, opts, series, n_series);
  for (guint i = 0; i < n_series; i++)
    rtb_plot_histogram_draw_series (cr, theme, layout, opts, &series[i]);
  rtb_plot_histogram_draw_overflows (cr, theme, layout, opts, series, n_series);
}

bool
rtb_plot_histogram_value_at (const RtbPlotLayout   *layout,
                             const RtbPlotSeries   *series,
                             guint                  n_series,
                             double                 x,
                             RtbPlotHistogramValue *values)
{
  guint column;

  g_return_val_if_fail (layout != NULL, false);
  g_return_val_if_fail (series != NULL || n_series == 0, false);
  g_return_val_if_fail (values != NULL || n_series == 0, false);

  if (!_rtb_plot_column_at (layout, x, &column))
    return false;

  for (guint i = 0; i < n_series; i++)
    {
      Column c = { 0 };

      if (has_buckets (&series[i]))
        reduce (series[i].histogram, layout, column, column, &c);
      values[i] = (RtbPlotHistogramValue) {
        .has_data = c.has, .lo_us = c.lo_us, .hi_us = c.hi_us, .max_count = c.max,
        .sum_count = c.sum,
      };
    }
  return true;
}

void
rtb_plot_histogram_range_at (const RtbPlotLayout *layout,
                             double               x0,
                             double               x1,
                             double              *lo_us,
                             double              *hi_us)
{
  g_return_if_fail (layout != NULL && lo_us != NULL && hi_us != NULL);

  _rtb_plot_x_range_at (layout, x0, x1, lo_us, hi_us);
}
