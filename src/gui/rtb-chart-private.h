/* SPDX-License-Identifier: GPL-3.0-or-later */
/* RtbChart's instance, shared by rtb-chart.c (drawing), rtb-chart-input.c (pointer) and
 * rtb-chart-export.c. */
#pragma once

#include "rtb-chart.h"
#include "rtb-plot.h"
#include "rtb-plot-run-time.h"

G_BEGIN_DECLS

struct _RtbChart
{
  GtkWidget parent_instance;

  /* Owned references */
  RtbRun *run;              /* the first of `runs`, or NULL */
  GPtrArray *runs;
  RtbCompare *compare;      /* set: one pooled series per run */
  GtkWidget *readout;
  GtkWidget *menu_button;
  GtkWidget *spike_popover; /* an explained spike, opened by a click on its mark */
  GSettings *settings;      /* a curve's or heatmap's: the time axis every chart shares */
  GPtrArray *names;         /* of the series of several runs */
  char *title;
  char *note;               /* of a curve: the runs it cannot show (no per-sample data), or NULL */
  char *readout_text;
  char *clock_label;        /* a curve's x axis read as a clock: its label */

  RtbChartKind kind;
  int series_filter;
  RtbPlotScale y_scale;
  RtbPlotRunTime time_axis; /* as asked; the clock where the runs have one */
  RtbPlotTime time;         /* as last drawn (a heatmap: its first panel's) */
  const char *time_note;    /* why the clock asked for cannot be read (untranslated), or NULL */
  gboolean whole_run;
  RtbPlotLayout layout;
  gboolean have_layout;
  GArray *panels;           /* of a heatmap: each series' RtbPlotLayout, in the chart's
                             * coordinates (`layout` spans them all) */
  guint measured_panels;    /* how many the last height request was for */
  GPtrArray *panel_frames;  /* of a heatmap: each panel's frame node, kept while its layout */
  GArray *panel_scales;     /* and its colour scale's top (guint64) stay */

  /* What the last snapshot drew, reused while nothing it shows changed: redrawing and
   * compositing full-size cairo layers was most of a live run's cost. The frame (background,
   * texts, grid, axes) lasts as long as the layout; the data node until the data change. */
  GskRenderNode *frame_node;
  GskRenderNode *data_node;
  gboolean frame_dark;
  guint frame_n_series;
  gboolean frame_stale;
  gboolean data_stale;
  guint n_draws;
  guint n_frames;

  gboolean ignores_runs;    /* its owner calls rtb_chart_runs_changed() */

  /* Zoom: a range of instances (curve) or of µs (histogram) */
  gboolean zoomed;
  guint64 zoom_first;
  guint64 zoom_last;
  double zoom_lo_us;
  double zoom_hi_us;

  gboolean dragging;
  double drag_x0;
  double drag_x1;
  double drag_y0;           /* a heatmap zooms with the time axis of the panel dragged on */

  gboolean hovering;
  double hover_x;
  double hover_y;
};

/* The series the chart shows (transfer container: the names stay owned by the chart). */
RtbPlotSeries *_rtb_chart_collect_series (RtbChart *self, guint *n_out);
void _rtb_chart_curve_options (RtbChart *self, RtbPlotCurveOptions *opts);
void _rtb_chart_histogram_options (RtbChart *self, RtbPlotHistogramOptions *opts);
/* Seconds per instance when the series shown share a time axis, else 0 (the axis counts
 * instances). */
double _rtb_chart_x_per_instance (RtbChart *self);
/* The last instance a live chart's time axis spans (its data and room to grow, or the whole
 * planned run), or 0 when its runs are not being measured or it is zoomed. */
guint64 _rtb_chart_live_last (RtbChart *self, double per_instance, guint64 measured);
/* Drops the cached nodes: the data changed, and with `frame` also what the frame shows. */
void _rtb_chart_invalidate (RtbChart *self, gboolean frame);
/* Lays the chart out (and draws its nodes) now rather than at the next frame: the readout of
 * the point under the pointer reads the new axes right after a zoom. */
void _rtb_chart_relayout (RtbChart *self);
/* Sets the time axis (clock and load marks) of a chart of `runs` (one run for a heatmap's
 * panel) with `per_instance` seconds per instance; returns its label when it is a clock. */
char *_rtb_chart_time_apply (RtbChart *self, RtbRun *const *runs, guint n_runs,
                             double per_instance, RtbPlotTime *time);
/* The time of day `seconds` into a time axis read as a clock, to the millisecond
 * ("23:59:58.250"); NULL when `axis` reads elapsed time. */
char *_rtb_chart_clock_text (const RtbPlotAxis *axis, double seconds);
/* rtb-chart-heatmap.c: the run that series `series` of the chart's comes from; the panels a
 * heatmap stacks (one per series shown); draws them all (an export); the window's nodes, a
 * frame and a plot per panel, their layouts kept for hit testing and each frame kept while
 * its layout and colour scale stay (unless `new_frames`), so that a live run draws and damages
 * only the plots; the readout of the cell under (x, y) or NULL; the instances between two
 * pixel columns, FALSE when the range is empty. */
RtbRun *_rtb_chart_series_run (RtbChart *self, const RtbPlotSeries *series);
guint _rtb_chart_heatmap_n_panels (RtbChart *self);
void _rtb_chart_heatmap_draw (RtbChart *self, cairo_t *cr, const RtbPlotTheme *theme, int width,
                              int height, const char *subtitle);
void _rtb_chart_heatmap_update_nodes (RtbChart *self, const RtbPlotTheme *theme, int width,
                                      int height, gboolean new_frames);
char *_rtb_chart_heatmap_readout (RtbChart *self, double x, double y);
gboolean _rtb_chart_heatmap_range_at (RtbChart *self, double x0, double x1, guint64 *first,
                                      guint64 *last);
/* rtb-chart-input.c: creates the readout and the pointer controllers. */
void _rtb_chart_init_input (RtbChart *self);
/* Refreshes the readout after the hover point, the zoom or the data changed. */
void _rtb_chart_update_readout (RtbChart *self);
/* The drag's band or the hover line, over the plot. */
void _rtb_chart_snapshot_input (RtbChart *self, GtkSnapshot *snapshot, const RtbPlotTheme *theme);
/* Opens the explanation of `spike` in a popover pointing at (x, y). */
void _rtb_chart_show_spike (RtbChart *self, const RtbSpike *spike, const char *series_name,
                            double x, double y);
/* "chart.export" (a format name, or "csv" for the chart's own table). */
void _rtb_chart_export_action (GtkWidget *widget, const char *action_name, GVariant *parameter);

G_END_DECLS
