/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A chart of a run drawn through src/plot: per-instance curves, histograms or heatmaps. */
#pragma once

#include <gtk/gtk.h>

#include "rtb-compare.h"
#include "rtb-export.h"
#include "rtb-plot-layout.h"
#include "rtb-plot-theme.h"
#include "rtb-run.h"

G_BEGIN_DECLS

typedef enum {
  RTB_CHART_CURVE,
  RTB_CHART_HISTOGRAM,
  RTB_CHART_HEATMAP,   /* one heatmap per series, stacked (rtb-plot-heatmap.h) */
} RtbChartKind;

#define RTB_TYPE_CHART (rtb_chart_get_type ())
G_DECLARE_FINAL_TYPE (RtbChart, rtb_chart, RTB, CHART, GtkWidget)

RtbChart *rtb_chart_new (RtbChartKind kind);
RtbChartKind rtb_chart_get_kind (RtbChart *self);
RtbRun *rtb_chart_get_run (RtbChart *self);
void rtb_chart_set_run (RtbChart *self, RtbRun *run);
/* Several runs overlaid, each series in its own colour, named "label: CPU0"; with `pooled`,
 * one series per run: the comparison's pooled "all CPUs" row. */
void rtb_chart_set_runs (RtbChart *self, RtbRun *const *runs, guint n_runs, RtbCompare *pooled);
/* A newer comparison of the same runs for a chart showing their pooled row, as a live
 * comparison makes each time its runs change; the zoom stays. */
void rtb_chart_set_pooled (RtbChart *self, RtbCompare *pooled);
/* By default a chart redraws each time one of its runs changes. One shown beside other figures
 * of the same runs (a live comparison) follows its owner instead, which calls
 * rtb_chart_runs_changed() when it updates them all: one redraw where each run would cause
 * its own. Set before rtb_chart_set_runs(). */
void rtb_chart_set_follows_runs (RtbChart *self, gboolean follows);
void rtb_chart_runs_changed (RtbChart *self);
/* Show only series `index` of the run (-1: all). */
void rtb_chart_set_series_filter (RtbChart *self, int index);
void rtb_chart_set_title (RtbChart *self, const char *title);
gboolean rtb_chart_get_zoomed (RtbChart *self);
void rtb_chart_reset_zoom (RtbChart *self);

/* Draws the chart as the window shows it (without pointer feedback), with the runs' systems as
 * the subtitle: for exports. */
void rtb_chart_draw (RtbChart *self, cairo_t *cr, const RtbPlotTheme *theme, int width,
                     int height);
/* PNG, SVG and PDF of this chart (width × height, a PNG scaled by `scale`), or the CSV of its
 * data: the histogram table for a histogram, the per-instance series for a curve, the cells
 * of a heatmap. */
gboolean rtb_chart_export (RtbChart *self, RtbExportFormat format, const char *path, int width,
                           int height, double scale, GError **error);

/* For tests: what hovering at (x, y) shows, or NULL; and zooming as a drag would. */
const char *rtb_chart_hover (RtbChart *self, double x, double y);
/* The x axis as last laid out, in its units (seconds, or instances). */
void rtb_chart_get_x_span (RtbChart *self, double *lo, double *hi);
/* Of a curve: which of its runs it cannot show, having no per-sample data, as its subtitle says
 * it; NULL when it shows every run. */
const char *rtb_chart_get_note (RtbChart *self);
/* How many times the chart drew its data, and its frame (texts, grid, axes; a heatmap's
 * panels' frames, one or all): for tests of what redraws when. */
guint rtb_chart_get_n_draws (RtbChart *self);
guint rtb_chart_get_n_frames (RtbChart *self);
/* What the readout shows now, or NULL. */
const char *rtb_chart_get_readout (RtbChart *self);
void rtb_chart_zoom_pixels (RtbChart *self, double x0, double x1);
/* Of a curve or a heatmap, for tests: the time axis as last laid out (its tick style and clock
 * origin), where the load's start and stop were marked (NAN: not marked), and why the clock
 * asked for (the "time-axis" property, bound to the setting of that name) cannot be read, in
 * the user's language, as its tooltip says; NULL when it can or was not asked for. */
const RtbPlotAxis *rtb_chart_get_x_axis (RtbChart *self);
void rtb_chart_get_load_marks (RtbChart *self, double *start_s, double *stop_s);
const char *rtb_chart_get_time_note (RtbChart *self);
/* For tests and screenshots: where the `index`-th spike mark is drawn (counting the marks of
 * every series shown, in order); and the explanation a click opened, or NULL. */
gboolean rtb_chart_spike_point (RtbChart *self, guint index, double *x, double *y);
const char *rtb_chart_spike_text (RtbChart *self);
/* Of a heatmap, for tests and screenshots: where the cell of series `panel` holding `instance`
 * (1-based) and `value_us` is drawn, laid out anew first when the data changed. */
gboolean rtb_chart_heatmap_point (RtbChart *self, guint panel, guint64 instance, double value_us,
                                  double *x, double *y);
/* Opens the explanation of the `index`-th spike mark, as a click on it does. */
gboolean rtb_chart_open_spike (RtbChart *self, guint index);

G_END_DECLS
