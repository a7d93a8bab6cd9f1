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

/* How values map onto the y axis. A few spikes far above the rest make a linear axis that shows
 * them squash everything else, the running mean included, into a line at the bottom. */
typedef enum {
  RTB_PLOT_SCALE_AUTO,         /* logarithmic when the values are positive and the largest is at
                                * least RTB_PLOT_LOG_RATIO times their mean, else linear */
  RTB_PLOT_SCALE_LINEAR,
  RTB_PLOT_SCALE_LOG,          /* values at or below zero cannot be shown: then linear */
} RtbPlotScale;

#define RTB_PLOT_LOG_RATIO 10.0

/* Per-instance curves: x is the instance number (1-based), y the value in µs. Each series is
 * reduced to one min/max pair per pixel column, drawn as a band, with its running mean (the
 * mean of all instances from the first one up to the column) on top. */
typedef struct {
  const char *title;
  const char *subtitle;        /* e.g. the system line */
  const char *x_label;         /* NULL: "instance" */
  const char *y_label;         /* NULL: "µs" */
  uint64_t first;              /* first instance shown, 1-based; 0: from the start */
  uint64_t last;               /* last instance shown; 0: up to the newest */
  double x_per_instance;       /* x axis units per instance (e.g. the period in s); 0: 1 */
  RtbPlotTime time;            /* elapsed or clock, and the load's marks (with x_per_instance) */
  bool y_fixed;                /* otherwise 0 (or the minimum, if negative) .. max, rounded */
  double y_min_us;
  double y_max_us;
  RtbPlotScale y_scale;        /* the layout's y.log says which one was used */
  bool show_band;
  bool show_mean;
  bool show_legend;
  const char *placeholder;     /* said in the plot when no series has a value to draw: why */
  const char *band_note;       /* the legend's note with band and mean, in the reader's language;
                                * NULL: "band: min–max · line: running mean" */
  const char *skip_note;       /* the legend's note on the marks of skipped periods, likewise;
                                * NULL: "▲ on the time axis: periods skipped after a stall" */
} RtbPlotCurveOptions;

typedef struct {
  bool has_data;
  uint64_t first;              /* instances the column covers, 1-based, inclusive */
  uint64_t last;
  double min_us;
  double max_us;
  double mean_us;              /* running mean of instances 1 .. last */
} RtbPlotCurveValue;

void rtb_plot_curve_options_init (RtbPlotCurveOptions *opts);

void rtb_plot_curve_layout (const RtbPlotTheme *theme, int width, int height,
                            const RtbPlotCurveOptions *opts, const RtbPlotSeries *series,
                            guint n_series, RtbPlotLayout *layout);
/* Background, title, legend, grid and axes. */
void rtb_plot_curve_draw_frame (cairo_t *cr, const RtbPlotTheme *theme,
                                const RtbPlotLayout *layout, const RtbPlotCurveOptions *opts,
                                const RtbPlotSeries *series, guint n_series);
/* Every series' band, then every mean (so that no band hides a mean), each series reduced to
 * pixel columns only once: what rtb_plot_curve() draws over the frame. */
void rtb_plot_curve_draw_data (cairo_t *cr, const RtbPlotTheme *theme,
                               const RtbPlotLayout *layout, const RtbPlotCurveOptions *opts,
                               const RtbPlotSeries *series, guint n_series);
/* The whole chart; `layout` (nullable) receives the layout for later hit testing. */
void rtb_plot_curve (cairo_t *cr, const RtbPlotTheme *theme, int width, int height,
                     const RtbPlotCurveOptions *opts, const RtbPlotSeries *series,
                     guint n_series, RtbPlotLayout *layout);

/* What column `x` shows, one value per series. False when x is outside the plot. */
bool rtb_plot_curve_value_at (const RtbPlotLayout *layout, const RtbPlotSeries *series,
                              guint n_series, double x, RtbPlotCurveValue *values);
/* The marker (an explained spike) nearest to (x, y) within `radius` pixels: its series and its
 * index in that series' markers. False when none is that near. */
bool rtb_plot_curve_marker_at (const RtbPlotLayout *layout, const RtbPlotSeries *series,
                               guint n_series, double x, double y, double radius,
                               guint *series_index, size_t *marker_index);
/* Instances between two pixel columns (in either order), for zooming to a dragged range. */
void rtb_plot_curve_range_at (const RtbPlotLayout *layout, double x0, double x1,
                              uint64_t *first, uint64_t *last);
uint64_t rtb_plot_series_n_instances (const RtbPlotSeries *series);
/* Whether none of the series has a single instance to draw. */
bool rtb_plot_curve_is_empty (const RtbPlotSeries *series, guint n_series);

G_END_DECLS
