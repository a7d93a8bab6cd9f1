/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <stdbool.h>
#include <stdint.h>

#include "rtb-plot-layout.h"
#include "rtb-plot-series.h"
#include "rtb-plot-theme.h"
#include "rtb-plot-time.h"

G_BEGIN_DECLS

/* The heatmap of one series (its `heatmap`): x is time as on the curve (instances, or seconds
 * with x_per_instance), y the magnitude of the value in µs on a log axis, one band per row of
 * the heatmap (rtb-heatmap.h), the overflow row as a band on top; each cell's colour is its
 * count on a log scale (viridis, legible to colour-blind readers and in grey), an empty cell
 * is the background. Over it: each column's max (solid line) and the running p99.9 of every
 * sample from the start to that column (dashed, at the upper edge of the row that holds it).
 * A colour bar right of the plot reads the counts. */
typedef struct {
  const char *title;
  const char *subtitle;
  const char *x_label;         /* NULL: "instance" */
  const char *y_label;         /* NULL: "µs" */
  uint64_t first;              /* first instance shown, 1-based; 0: from the start */
  uint64_t last;               /* last instance shown; 0: up to the newest */
  double x_per_instance;       /* x axis units per instance (e.g. the period in s); 0: 1 */
  RtbPlotTime time;            /* elapsed or clock, and the load's marks (with x_per_instance) */
  bool y_fixed;                /* otherwise from the lowest to the highest row holding samples */
  double y_min_us;
  double y_max_us;
  uint64_t count_max;          /* the colour scale's top; 0: the largest cell shown (side by
                                * side charts pass the largest of all, to share one scale) */
  bool show_max;
  bool show_p999;
  bool show_legend;
  const char *placeholder;     /* said in the plot when the series has no heatmap: why */
  const char *max_note;        /* the legend's words, in the reader's language; NULL: English */
  const char *p999_note;
  const char *overflow_note;   /* NULL: "top band: ≥ 1000 µs (overflows)" with the limit */
} RtbPlotHeatmapOptions;

/* The cell under a point. */
typedef struct {
  bool has_data;               /* a column of the heatmap is there */
  uint64_t first;              /* instances the column covers, 1-based, inclusive */
  uint64_t last;
  uint32_t row;
  bool overflow;               /* the overflow row: hi_us is infinite */
  double lo_us;                /* the magnitudes the row covers: [lo_us, hi_us) */
  double hi_us;
  uint64_t count;              /* samples in the cell */
  uint64_t column_count;       /* samples in the column */
  double column_max_us;        /* the column's largest magnitude; NAN when it has no sample */
} RtbPlotHeatmapValue;

void rtb_plot_heatmap_options_init (RtbPlotHeatmapOptions *opts);

void rtb_plot_heatmap_layout (const RtbPlotTheme *theme, int width, int height,
                              const RtbPlotHeatmapOptions *opts, const RtbPlotSeries *series,
                              RtbPlotLayout *layout);
/* Background, title, legend, grid, axes and the colour bar. */
void rtb_plot_heatmap_draw_frame (cairo_t *cr, const RtbPlotTheme *theme,
                                  const RtbPlotLayout *layout, const RtbPlotHeatmapOptions *opts,
                                  const RtbPlotSeries *series);
/* The cells, then the max and p99.9 lines, clipped to the plot. */
void rtb_plot_heatmap_draw_data (cairo_t *cr, const RtbPlotTheme *theme,
                                 const RtbPlotLayout *layout, const RtbPlotHeatmapOptions *opts,
                                 const RtbPlotSeries *series);
/* The whole chart; `layout` (nullable) receives the layout for later hit testing. */
void rtb_plot_heatmap (cairo_t *cr, const RtbPlotTheme *theme, int width, int height,
                       const RtbPlotHeatmapOptions *opts, const RtbPlotSeries *series,
                       RtbPlotLayout *layout);

/* The cell under (x, y), as drawn with `layout`. False outside the plot or past the data. */
bool rtb_plot_heatmap_value_at (const RtbPlotLayout *layout, const RtbPlotSeries *series,
                                double x, double y, RtbPlotHeatmapValue *value);
/* Instances between two pixel columns, for zooming to a dragged range (the curve's, as the
 * time axes are the same). */
void rtb_plot_heatmap_range_at (const RtbPlotLayout *layout, double x0, double x1,
                                uint64_t *first, uint64_t *last);
/* The colour of a count on the scale up to `max` (viridis; `count` 0 is not drawn). */
RtbPlotColor rtb_plot_heatmap_color (uint64_t count, uint64_t max);
/* The colour scale's top: `count_max`, or the largest cell shown. The frame's colour bar is
 * labelled up to it. */
uint64_t rtb_plot_heatmap_scale_max (const RtbPlotHeatmapOptions *opts,
                                     const RtbPlotSeries *series);
/* The largest cell of the series' heatmap between instances first … last (0: the ends). */
uint64_t rtb_plot_heatmap_max_cell (const RtbPlotSeries *series, uint64_t first, uint64_t last);

G_END_DECLS
