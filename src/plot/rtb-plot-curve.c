/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-plot"

#include "config.h"

#include <math.h>

#include "rtb-plot-curve.h"
#include "rtb-plot-private.h"

typedef struct {
  double min;
  double max;
  double sum;
  uint64_t count;
} Block;

/* What draw_columns() draws of a series: all bands are drawn before the means. */
typedef enum {
  PART_BAND = 1 << 0,
  PART_MEAN = 1 << 1,
} Part;

typedef struct {
  double min;
  double max;
  double mean;
  double sum;                  /* of the blocks starting in this column, for the mean */
  uint64_t count;
  uint64_t first;              /* samples covered, 0-based, last exclusive */
  uint64_t last;
  bool has;
} Column;

static inline uint64_t
series_block_size (const RtbPlotSeries *series)
{
  return series->history ? MAX (series->history->block_size, 1) : 1;
}

static inline size_t
series_n_blocks (const RtbPlotSeries *series)
{
  if (series->history)
    return series->history->blocks ? series->history->n_blocks : 0;
  return series->values_us ? series->n_values : 0;
}

/* Positions block i covers: its samples and the periods skipped among them. */
static inline uint64_t
series_block_positions (const RtbPlotSeries *series,
                        size_t               i)
{
  return series->history ? rtb_history_block_positions (series->history, i) : 1;
}

static inline void
series_block (const RtbPlotSeries *series,
              size_t               i,
              Block               *block)
{
  if (series->history)
    {
      const RtbHistoryBlock *b = &series->history->blocks[i];

      block->min = b->min_ns / 1000.0;
      block->max = b->max_ns / 1000.0;
      block->sum = b->sum_ns / 1000.0;
      block->count = b->count;
    }
  else
    {
      block->min = block->max = block->sum = series->values_us[i];
      block->count = 1;
    }
}

bool
rtb_plot_curve_is_empty (const RtbPlotSeries *series,
                         guint                n_series)
{
  for (guint i = 0; i < n_series; i++)
    if (rtb_plot_series_n_instances (&series[i]) > 0)
      return false;
  return true;
}

uint64_t
rtb_plot_series_n_instances (const RtbPlotSeries *series)
{
  g_return_val_if_fail (series != NULL, 0);

  if (series->history)
    return series->history->n_positions;
  return series->values_us ? series->n_values : 0;
}

/* The blocks overlapping samples [lo, hi): only those are ever read while drawing. */
static void
block_span (const RtbPlotSeries *series,
            double               lo,
            double               hi,
            size_t              *b0,
            size_t              *b1)
{
  double size = series_block_size (series);
  size_t n = series_n_blocks (series);

  *b0 = (size_t) CLAMP (floor (MAX (lo, 0) / size), 0, n);
  *b1 = (size_t) CLAMP (ceil (MAX (hi, 0) / size), 0, n);
}

void
rtb_plot_curve_options_init (RtbPlotCurveOptions *opts)
{
  g_return_if_fail (opts != NULL);

  *opts = (RtbPlotCurveOptions) {
    .show_band = true,
    .show_mean = true,
    .show_legend = true,
  };
  rtb_plot_time_init (&opts->time);
}

static void
sample_range (const RtbPlotCurveOptions *opts,
              const RtbPlotSeries       *series,
              guint                      n_series,
              double                    *s0,
              double                    *s1)
{
  uint64_t n = 0;

  for (guint i = 0; i < n_series; i++)
    n = MAX (n, rtb_plot_series_n_instances (&series[i]));

  *s0 = opts->first > 0 ? (double) (opts->first - 1) : 0;
  *s1 = opts->last > 0 ? (double) opts->last : (double) (n > 0 ? n : 10);
  if (*s1 <= *s0)
    *s1 = *s0 + 1;
}

/* Whether a series has positions without a sample: periods skipped after a stall. */
static bool
series_skips (const RtbPlotSeries *series)
{
  if (series->history == NULL)
    return false;
  for (size_t b = 0; b < series->history->n_blocks; b++)
    if (rtb_history_block_missing (series->history, b) > 0)
      return true;
  return false;
}

/* The frame's texts and legend; `entries` has room for n_series + 2. */
static void
frame_spec (const RtbPlotTheme        *theme,
            const RtbPlotCurveOptions *opts,
            const RtbPlotSeries       *series,
            guint                      n_series,
            RtbPlotLegendEntry        *entries,
            RtbPlotFrameSpec          *spec)
{
  _rtb_plot_frame_spec_init (spec, opts->title, opts->subtitle,
                             opts->x_label ? opts->x_label : "instance",
                             opts->y_label ? opts->y_label : "µs", entries);
  if (!opts->show_legend || n_series == 0)
    return;

  _rtb_plot_legend_add_series (theme, series, n_series,
                               opts->show_band ? RTB_PLOT_SWATCH_BAND : RTB_PLOT_SWATCH_LINE,
                               entries, &spec->n_legend);
  if (opts->show_band && opts->show_mean)
    entries[spec->n_legend++] = (RtbPlotLegendEntry) {
      .name = opts->band_note != NULL ? opts->band_note : "band: min–max · line: running mean",
      .swatch = RTB_PLOT_SWATCH_NOTE,
    };
  for (guint i = 0; i < n_series; i++)
    if (series_skips (&series[i]))
      {
        entries[spec->n_legend++] = (RtbPlotLegendEntry) {
          .name = opts->skip_note != NULL ? opts->skip_note
                                          : "▲ on the time axis: periods skipped after a stall",
          .swatch = RTB_PLOT_SWATCH_NOTE,
        };
        break;
      }
}

/* What the y axis must show of the blocks in view. */
typedef struct {
  double lo;
  double hi;
  double lo_positive;          /* the smallest value above zero, for a log axis */
  double sum;
  uint64_t count;
} YExtent;

/* y_extent() over history blocks, in whole ns: a live chart scans all of its 16384 blocks per
 * series at every update, and converting each one as series_block() does made that scan one of
 * the costliest parts of the update. */
static void
history_extent (const RtbHistory *history,
                size_t            b0,
                size_t            b1,
                YExtent          *extent)
{
  int64_t min = INT64_MAX, max = INT64_MIN, min_positive = INT64_MAX;
  double sum = 0;
  uint64_t count = 0;

  for (size_t b = b0; b < b1; b++)
    {
      const RtbHistoryBlock *block = &history->blocks[b];

      if (block->count == 0)
        continue;
      min = MIN (min, block->min_ns);
      max = MAX (max, block->max_ns);
      if (block->min_ns > 0)
        min_positive = MIN (min_positive, block->min_ns);
      else if (block->max_ns > 0)
        min_positive = MIN (min_positive, block->max_ns);
      sum += block->sum_ns;
      count += block->count;
    }
  if (min <= max)
    {
      extent->lo = MIN (extent->lo, min / 1000.0);
      extent->hi = MAX (extent->hi, max / 1000.0);
    }
  if (min_positive < INT64_MAX)
    extent->lo_positive = MIN (extent->lo_positive, min_positive / 1000.0);
  extent->sum += sum / 1000.0;
  extent->count += count;
}

static YExtent
y_extent (const RtbPlotSeries *series,
          guint                n_series,
          double               s0,
          double               s1)
{
  YExtent extent = { G_MAXDOUBLE, -G_MAXDOUBLE, G_MAXDOUBLE, 0, 0 };

  for (guint i = 0; i < n_series; i++)
    {
      size_t b0, b1;

      block_span (&series[i], s0, s1, &b0, &b1);
      if (series[i].history != NULL)
        {
          history_extent (series[i].history, b0, b1, &extent);
          continue;
        }
      for (size_t b = b0; b < b1; b++)
        {
          Block block;

          series_block (&series[i], b, &block);
          if (block.count == 0)
            continue;
          extent.lo = MIN (extent.lo, block.min);
          extent.hi = MAX (extent.hi, block.max);
          if (block.min > 0)
            extent.lo_positive = MIN (extent.lo_positive, block.min);
          else if (block.max > 0)
            extent.lo_positive = MIN (extent.lo_positive, block.max);
          extent.sum += block.sum;
          extent.count += block.count;
        }
    }
  return extent;
}

/* Logarithmic only where it can show every value; automatically where a linear axis would put
 * the running mean in the bottom tenth of the chart. */
static bool
use_log (RtbPlotScale   scale,
         const YExtent *extent)
{
  double mean = extent->count > 0 ? extent->sum / extent->count : 0;

  if (scale == RTB_PLOT_SCALE_LINEAR || extent->count == 0 || extent->lo < 0 ||
      extent->lo_positive == G_MAXDOUBLE)
    return false;
  if (scale == RTB_PLOT_SCALE_LOG)
    return true;
  return mean > 0 && extent->hi >= RTB_PLOT_LOG_RATIO * mean;
}

static void
auto_y_range (const YExtent    *extent,
              RtbPlotFrameSpec *spec)
{
  if (spec->y_log)
    {
      spec->y_lo = extent->lo_positive < G_MAXDOUBLE ? extent->lo_positive : 1;
      spec->y_hi = extent->hi > 0 ? extent->hi : 10;
    }
  else if (extent->hi < extent->lo)
    {
      spec->y_lo = 0;
      spec->y_hi = 10;
    }
  else
    {
      spec->y_lo = MIN (0, extent->lo);
      spec->y_hi = extent->hi > spec->y_lo ? extent->hi : spec->y_lo + 1;
    }
}

void
rtb_plot_curve_layout (const RtbPlotTheme        *theme,
                       int                        width,
                       int                        height,
                       const RtbPlotCurveOptions *opts,
                       const RtbPlotSeries       *series,
                       guint                      n_series,
                       RtbPlotLayout             *layout)
{
  g_autoptr(RtbPlotTextContext) context = NULL;
  g_autofree RtbPlotLegendEntry *entries = NULL;
  RtbPlotFrameSpec spec = { 0 };
  double s0, s1;

  g_return_if_fail (theme != NULL);
  g_return_if_fail (opts != NULL);
  g_return_if_fail (series != NULL || n_series == 0);
  g_return_if_fail (layout != NULL);

  context = _rtb_plot_text_context ();
  entries = g_new0 (RtbPlotLegendEntry, n_series + 2);
  frame_spec (theme, opts, series, n_series, entries, &spec);

  sample_range (opts, series, n_series, &s0, &s1);
  _rtb_plot_time_frame (&opts->time, opts->x_per_instance, s0, s1, &spec);

  if (opts->y_fixed && opts->y_max_us > opts->y_min_us)
    {
      spec.y_log = opts->y_scale == RTB_PLOT_SCALE_LOG && opts->y_min_us > 0;
      spec.y_lo = opts->y_min_us;
      spec.y_hi = opts->y_max_us;
    }
  else
    {
      YExtent extent = y_extent (series, n_series, s0, s1);

      spec.y_log = use_log (opts->y_scale, &extent);
      auto_y_range (&extent, &spec);
      spec.y_expand = true;
    }

  _rtb_plot_layout_compute (context, theme, MAX (width, 1), MAX (height, 1), &spec, layout);
}

void
rtb_plot_curve_draw_frame (cairo_t                   *cr,
                           const RtbPlotTheme        *theme,
                           const RtbPlotLayout       *layout,
                           const RtbPlotCurveOptions *opts,
                           const RtbPlotSeries       *series,
                           guint                      n_series)
{
  g_autoptr(RtbPlotTextContext) context = NULL;
  g_autofree RtbPlotLegendEntry *entries = NULL;
  RtbPlotFrameSpec spec = { 0 };

  g_return_if_fail (cr != NULL);
  g_return_if_fail (theme != NULL && layout != NULL && opts != NULL);
  g_return_if_fail (series != NULL || n_series == 0);

  context = _rtb_plot_text_context ();
  entries = g_new0 (RtbPlotLegendEntry, n_series + 2);
  frame_spec (theme, opts, series, n_series, entries, &spec);
  _rtb_plot_draw_frame (cr, context, theme, layout, &spec);
}

/* Reduces the blocks that fall in columns c0..c1 of the plot to one Column each. A block that
 * straddles columns counts in each for min/max (so no spike is lost) and, for the running mean,
 * in the column it starts in. The blocks before the range are only summed, for the mean. */
static void
reduce (const RtbPlotSeries *series,
        const RtbPlotLayout *layout,
        guint                c0,
        guint                c1,
        Column              *columns)
{
  double s0 = layout->x.lo / layout->x.unit;
  double per_column = (layout->x.hi - layout->x.lo) / layout->x.unit / layout->plot.width;
  double lo = s0 + c0 * per_column;
  double hi = s0 + (c1 + 1) * per_column;
  uint64_t size = series_block_size (series);
  double sum = 0;
  uint64_t count = 0;
  size_t b0, b1;

  for (guint c = c0; c <= c1; c++)
    columns[c - c0] = (Column) { .min = G_MAXDOUBLE, .max = -G_MAXDOUBLE, .mean = NAN };

  block_span (series, lo, hi, &b0, &b1);

  for (size_t b = 0; b < b0; b++)
    {
      Block block;

      series_block (series, b, &block);
      sum += block.sum;
      count += block.count;
    }

  for (size_t b = b0; b < b1; b++)
    {
      uint64_t start = b * size;
      double first_column, last_column;
      Block block;

      series_block (series, b, &block);
      if (block.count == 0)
        continue;

      first_column = floor ((start - s0) / per_column);
      last_column = ceil ((start + series_block_positions (series, b) - s0) / per_column) - 1;
      if (last_column < c0 || first_column > c1)
        {
          if (first_column < c0)
            {
              sum += block.sum;
              count += block.count;
            }
          continue;
        }

      for (guint c = (guint) MAX (first_column, c0); c <= (guint) MIN (last_column, c1); c++)
        {
          Column *column = &columns[c - c0];

          column->min = MIN (column->min, block.min);
          column->max = MAX (column->max, block.max);
          if (!column->has)
            column->first = start;
          column->last = start + series_block_positions (series, b);
          column->has = true;
        }

      if (first_column < c0)
        {
          sum += block.sum;
          count += block.count;
        }
      else
        {
          columns[(guint) first_column - c0].sum += block.sum;
          columns[(guint) first_column - c0].count += block.count;
        }
    }

  for (guint c = c0; c <= c1; c++)
    {
      Column *column = &columns[c - c0];

      sum += column->sum;
      count += column->count;
      if (count > 0)
        column->mean = sum / count;
    }
}

/* The pixel row a value falls in (its top edge), for drawing on whole pixels. */
static inline double
pixel_row (const RtbPlotLayout *layout,
           double               value)
{
  return floor (rtb_plot_axis_to_pixel (&layout->y, value));
}

typedef struct {
  double top;                  /* pixel rows, both inclusive */
  double bottom;
} Span;

/* Joins one of a column's lines (its maxima or its minima) to a neighbouring column's, whose
 * value is `there` at pixel row `there_row`. Of two neighbours that are apart, the one further
 * from zero draws the joint in its own column, so that a lone spike is one needle and a step one
 * edge: a joint shared halfway between both columns would show a spike as a bar to half its
 * height beside a needle to its full height, two samples where there was one. */
static void
join_line (Span   *span,
           double  here,
           double  there,
           double  there_row)
{
  if (fabs (here) < fabs (there) || (fabs (here) == fabs (there) && here <= there))
    return;
  span->top = MIN (span->top, there_row);
  span->bottom = MAX (span->bottom, there_row);
}

/* The rows column `i` of a run [start, end) covers with its maxima (`high`) and its minima
 * (`low`) lines, each joined to the neighbours it reaches. `rows` holds each column's whole span:
 * its maximum's row on top, its minimum's below. */
static void
column_lines (const Column *columns,
              const Span   *rows,
              guint         i,
              guint         start,
              guint         end,
              Span         *high,
              Span         *low)
{
  *high = (Span) { rows[i].top, rows[i].top };
  *low = (Span) { rows[i].bottom, rows[i].bottom };
  for (guint j = i > start ? i - 1 : i + 1; j <= i + 1 && j < end; j += 2)
    {
      join_line (high, columns[i].max, columns[j].max, rows[j].top);
      join_line (low, columns[i].min, columns[j].min, rows[j].bottom);
    }
}

/* Boxes one pixel wide, column after column: a box that continues the previous one (the next
 * column, the same rows) widens it instead, so a flat stretch of a run is one box. */
typedef struct {
  cairo_t *cr;
  double x;
  double width;
  Span span;
} BoxRow;

static void
box_row_flush (BoxRow *row)
{
  if (row->width > 0)
    cairo_rectangle (row->cr, row->x, row->span.top, row->width,
                     row->span.bottom - row->span.top + 1);
  row->width = 0;
}

static void
box_row_add (BoxRow *row,
             double  x,
             Span    span)
{
  if (span.bottom < span.top)
    return;
  if (row->width > 0 && x == row->x + row->width && span.top == row->span.top &&
      span.bottom == row->span.bottom)
    {
      row->width++;
      return;
    }
  box_row_flush (row);
  *row = (BoxRow) { row->cr, x, 1, span };
}

/* One run of columns with data, [start, end), as boxes on whole pixels, which cairo fills
 * without tessellating (stroking the zigzag outline of a spiky run as a path cost ten times as
 * much, and that was most of a live update). The outline: the maxima and the minima as lines,
 * closed by the first and last columns' whole spans. The fill: what each column's span has
 * between its two lines, so that no pixel is drawn twice. */
static void
add_band_boxes (cairo_t             *cr,
                const RtbPlotLayout *layout,
                const Column        *columns,
                const Span          *rows,
                guint                start,
                guint                end,
                bool                 outline)
{
  BoxRow upper = { cr }, lower = { cr };

  for (guint i = start; i < end; i++)
    {
      double x = layout->plot.x + i;
      Span high, low;

      column_lines (columns, rows, i, start, end, &high, &low);
      if (i == start || i + 1 == end)
        {
          if (outline)
            box_row_add (&upper, x, (Span) { MIN (high.top, low.top),
                                             MAX (high.bottom, low.bottom) });
          continue;
        }
      if (!outline)
        box_row_add (&upper, x, (Span) { high.bottom + 1, low.top - 1 });
      else if (high.bottom + 1 >= low.top)
        box_row_add (&upper, x, (Span) { MIN (high.top, low.top), MAX (high.bottom, low.bottom) });
      else
        {
          box_row_add (&upper, x, high);
          box_row_add (&lower, x, low);
        }
    }
  box_row_flush (&upper);
  box_row_flush (&lower);
}

static void
draw_band (cairo_t             *cr,
           const RtbPlotLayout *layout,
           const Column        *columns,
           guint                n_columns,
           const RtbPlotColor  *color)
{
  /* Each value's pixel row once: on a log axis each costs logarithms. */
  g_autofree Span *rows = g_new (Span, n_columns);

  for (guint c = 0; c < n_columns; c++)
    if (columns[c].has)
      rows[c] = (Span) { pixel_row (layout, columns[c].max), pixel_row (layout, columns[c].min) };

  for (int outline = 0; outline <= 1; outline++)
    {
      guint c = 0;

      while (c < n_columns)
        {
          guint start;

          while (c < n_columns && !columns[c].has)
            c++;
          start = c;
          while (c < n_columns && columns[c].has)
            c++;
          add_band_boxes (cr, layout, columns, rows, start, c, outline);
        }
      if (outline)
        _rtb_plot_set_color (cr, color);
      else
        _rtb_plot_set_color_alpha (cr, color, 0.3);
      cairo_fill (cr);
    }
}

static void
draw_mean (cairo_t             *cr,
           const RtbPlotLayout *layout,
           const Column        *columns,
           guint                n_columns,
           const RtbPlotColor  *color,
           const RtbPlotColor  *casing,
           double               line_width)
{
  bool pen = false;

  for (guint i = 0; i < n_columns; i++)
    {
      double x = layout->plot.x + i + 0.5;

      if (!columns[i].has || isnan (columns[i].mean))
        {
          pen = false;
          continue;
        }
      if (pen)
        cairo_line_to (cr, x, _rtb_plot_row_centre (layout, columns[i].mean));
      else
        cairo_move_to (cr, x, _rtb_plot_row_centre (layout, columns[i].mean));
      pen = true;
    }
  /* A casing in the background colour lifts the mean off its own band's zigzag */
  _rtb_plot_set_color_alpha (cr, casing, 0.8);
  cairo_set_line_width (cr, line_width + 2.5);
  cairo_stroke_preserve (cr);
  _rtb_plot_set_color (cr, color);
  cairo_set_line_width (cr, line_width);
  cairo_stroke (cr);
}

static void
draw_columns (cairo_t                   *cr,
              const RtbPlotTheme        *theme,
              const RtbPlotLayout       *layout,
              const RtbPlotCurveOptions *opts,
              const RtbPlotSeries       *series,
              const Column              *columns,
              guint                      n_columns,
              Part                       parts)
{
  RtbPlotColor color = rtb_plot_theme_series_color (theme, series->color_index);
  RtbPlotColor strong = rtb_plot_theme_strong_color (theme, series->color_index);

  cairo_save (cr);
  _rtb_plot_clip_to_plot (cr, layout);
  /* Miter joins would overshoot a one-column spike and show a value that was never measured */
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_BEVEL);
  if (opts->show_band && (parts & PART_BAND))
    draw_band (cr, layout, columns, n_columns, &color);
  if (opts->show_mean && (parts & PART_MEAN))
    draw_mean (cr, layout, columns, n_columns, opts->show_band ? &strong : &color,
               &theme->background, opts->show_band ? 2.0 : 1.5);
  cairo_restore (cr);
}

static void draw_markers (cairo_t *cr, const RtbPlotTheme *theme, const RtbPlotLayout *layout,
                          const RtbPlotSeries *series);
static void draw_skips (cairo_t *cr, const RtbPlotTheme *theme, const RtbPlotLayout *layout,
                        const RtbPlotSeries *series);

void
rtb_plot_curve_draw_data (cairo_t                   *cr,
                          const RtbPlotTheme        *theme,
                          const RtbPlotLayout       *layout,
                          const RtbPlotCurveOptions *opts,
                          const RtbPlotSeries       *series,
                          guint                      n_series)
{
  g_autofree Column *columns = NULL;
  guint n_columns;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (theme != NULL && layout != NULL && opts != NULL);
  g_return_if_fail (series != NULL || n_series == 0);

  n_columns = (guint) ceil (layout->plot.width);
  if (opts->placeholder != NULL && rtb_plot_curve_is_empty (series, n_series))
    {
      _rtb_plot_draw_centred_text (cr, theme, &layout->plot, opts->placeholder);
      return;
    }
  if (n_columns == 0 || n_series == 0)
    return;

  /* Each series is reduced once for both of its parts: the reduction reads every block. */
  columns = g_new (Column, (gsize) n_series * n_columns);
  for (guint i = 0; i < n_series; i++)
    if (series_n_blocks (&series[i]) > 0)
      reduce (&series[i], layout, 0, n_columns - 1, &columns[(gsize) i * n_columns]);
  for (guint part = PART_BAND; part <= PART_MEAN; part <<= 1)
    for (guint i = 0; i < n_series; i++)
      if (series_n_blocks (&series[i]) > 0)
        draw_columns (cr, theme, layout, opts, &series[i], &columns[(gsize) i * n_columns],
                      n_columns, part);
  for (guint i = 0; i < n_series; i++)
    draw_skips (cr, theme, layout, &series[i]);
  for (guint i = 0; i < n_series; i++)
    draw_markers (cr, theme, layout, &series[i]);
  _rtb_plot_time_draw_marks (cr, theme, layout, &opts->time, opts->x_per_instance);
}

#define SKIP_MARK_SIZE 7.0

/* Where periods were skipped after a stall: a small triangle on the time axis under each pixel
 * column that holds some, in the series' strong colour, so that the curve's gap does not read as
 * lost data. */
static void
draw_skips (cairo_t *cr, const RtbPlotTheme *theme, const RtbPlotLayout *layout,
            const RtbPlotSeries *series)
{
  const RtbHistory *history = series->history;
  RtbPlotColor strong = rtb_plot_theme_strong_color (theme, series->color_index);
  double base = layout->plot.y + layout->plot.height;
  double last_x = -G_MAXDOUBLE;
  size_t b0, b1;

  if (history == NULL)
    return;
  block_span (series, layout->x.lo / layout->x.unit, layout->x.hi / layout->x.unit, &b0, &b1);
  cairo_save (cr);
  cairo_new_path (cr);
  for (size_t b = b0; b < b1; b++)
    {
      double x;

      if (rtb_history_block_missing (history, b) == 0)
        continue;
      x = floor (rtb_plot_axis_to_pixel (&layout->x, rtb_history_block_start (history, b) *
                                                      layout->x.unit)) + 0.5;
      if (x < layout->plot.x || x > layout->plot.x + layout->plot.width || x - last_x < 2)
        continue;
      last_x = x;
      cairo_move_to (cr, x, base - SKIP_MARK_SIZE);
      cairo_line_to (cr, x + SKIP_MARK_SIZE / 2, base);
      cairo_line_to (cr, x - SKIP_MARK_SIZE / 2, base);
      cairo_close_path (cr);
    }
  _rtb_plot_set_color (cr, &strong);
  cairo_fill (cr);
  cairo_restore (cr);
}

#define MARKER_RADIUS 4.5

static bool
marker_point (const RtbPlotLayout *layout, const RtbPlotSeries *series, size_t m, double *x,
              double *y)
{
  double instance = (double) series->marker_instances[m] - 0.5;
  double value = series->marker_values_us[m];

  if (instance * layout->x.unit < layout->x.lo || instance * layout->x.unit > layout->x.hi ||
      (layout->y.log && value <= 0))
    return false;
  *x = rtb_plot_axis_to_pixel (&layout->x, instance * layout->x.unit);
  *y = rtb_plot_axis_to_pixel (&layout->y, CLAMP (value, layout->y.lo, layout->y.hi));
  return true;
}

/* Each explained spike: a dot in the series' strong colour, ringed in the background's so that
 * it stands out of its own band. */
static void
draw_markers (cairo_t *cr, const RtbPlotTheme *theme, const RtbPlotLayout *layout,
              const RtbPlotSeries *series)
{
  RtbPlotColor strong = rtb_plot_theme_strong_color (theme, series->color_index);

  cairo_save (cr);
  _rtb_plot_clip_to_plot (cr, layout);
  cairo_set_line_width (cr, 1.5);
  for (size_t m = 0; m < series->n_markers; m++)
    {
      double x, y;

      if (!marker_point (layout, series, m, &x, &y))
        continue;
      cairo_new_path (cr);
      cairo_arc (cr, x, y, MARKER_RADIUS, 0, 2 * G_PI);
      _rtb_plot_set_color (cr, &strong);
      cairo_fill_preserve (cr);
      _rtb_plot_set_color (cr, &theme->background);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

bool
rtb_plot_curve_marker_at (const RtbPlotLayout *layout,
                          const RtbPlotSeries *series,
                          guint                n_series,
                          double               x,
                          double               y,
                          double               radius,
                          guint               *series_index,
                          size_t              *marker_index)
{
  double best = radius * radius;
  bool found = false;

  g_return_val_if_fail (layout != NULL, false);
  g_return_val_if_fail (series != NULL || n_series == 0, false);

  for (guint i = 0; i < n_series; i++)
    for (size_t m = 0; m < series[i].n_markers; m++)
      {
        double mx, my, d;

        if (!marker_point (layout, &series[i], m, &mx, &my))
          continue;
        d = (mx - x) * (mx - x) + (my - y) * (my - y);
        if (d <= best)
          {
            best = d;
            found = true;
            if (series_index != NULL)
              *series_index = i;
            if (marker_index != NULL)
              *marker_index = m;
          }
      }
  return found;
}

void
rtb_plot_curve (cairo_t                   *cr,
                const RtbPlotTheme        *theme,
                int                        width,
                int                        height,
                const RtbPlotCurveOptions *opts,
                const RtbPlotSeries       *series,
                guint                      n_series,
                RtbPlotLayout             *layout)
{
  RtbPlotLayout local;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (theme != NULL && opts != NULL);

  if (layout == NULL)
    layout = &local;
  rtb_plot_curve_layout (theme, width, height, opts, series, n_series, layout);
  rtb_plot_curve_draw_frame (cr, theme, layout, opts, series, n_series);
  rtb_plot_curve_draw_data (cr, theme, layout, opts, series, n_series);
}

bool
rtb_plot_curve_value_at (const RtbPlotLayout *layout,
                         const RtbPlotSeries *series,
                         guint                n_series,
                         double               x,
                         RtbPlotCurveValue   *values)
{
  guint column;

  g_return_val_if_fail (layout != NULL, false);
  g_return_val_if_fail (series != NULL || n_series == 0, false);
  g_return_val_if_fail (values != NULL || n_series == 0, false);

  if (!_rtb_plot_column_at (layout, x, &column))
    return false;

  for (guint i = 0; i < n_series; i++)
    {
      Column c;

      reduce (&series[i], layout, column, column, &c);
      values[i] = (RtbPlotCurveValue) { .has_data = c.has };
      if (!c.has)
        continue;
      values[i].first = c.first + 1;
      values[i].last = c.last;
      values[i].min_us = c.min;
      values[i].max_us = c.max;
      values[i].mean_us = c.mean;
    }
  return true;
}

void
rtb_plot_curve_range_at (const RtbPlotLayout *layout,
                         double               x0,
                         double               x1,
                         uint64_t            *first,
                         uint64_t            *last)
{
  double lo, hi;

  g_return_if_fail (layout != NULL && first != NULL && last != NULL);

  _rtb_plot_x_range_at (layout, x0, x1, &lo, &hi);
  lo /= layout->x.unit;
  hi /= layout->x.unit;
  *first = (uint64_t) MAX (floor (lo), 0) + 1;
  *last = MAX ((uint64_t) MAX (ceil (hi), 0), *first);
}
