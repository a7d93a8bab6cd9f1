/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "rtb-chart-private.h"
#include "rtb-label.h"
#include "rtb-on-screen.h"
#include "rtb-plot-run.h"
#include "rtb-settings-schema.h"

G_DEFINE_FINAL_TYPE (RtbChart, rtb_chart, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_KIND,
  PROP_RUN,
  PROP_Y_SCALE,
  PROP_WHOLE_RUN,
  PROP_TIME_AXIS,
  N_PROPS
};

static const char *const scale_names[] = {
  [RTB_PLOT_SCALE_AUTO] = "auto",
  [RTB_PLOT_SCALE_LINEAR] = "linear",
  [RTB_PLOT_SCALE_LOG] = "log",
};

static const char *const time_axis_names[] = {
  [RTB_PLOT_RUN_TIME_ELAPSED] = "elapsed",
  [RTB_PLOT_RUN_TIME_CLOCK] = "clock",
};

static GParamSpec *properties[N_PROPS];

/* The runs' series as the plot sees them. With one run, colour slots follow the run's series
 * index, so a CPU keeps its colour in every chart and in the table; with several, each series of
 * each run has its own slot, named "label: CPU0"; pooled, each run is one series in its slot. */
RtbPlotSeries *
_rtb_chart_collect_series (RtbChart *self,
                           guint    *n_out)
{
  RtbPlotSeries *series;
  guint n_max = 0;
  guint n = 0;

  if (self->compare != NULL)
    {
      guint n_runs = rtb_compare_get_n_runs (self->compare);

      series = g_new0 (RtbPlotSeries, MAX (n_runs, 1));
      for (guint r = 0; r < n_runs; r++)
        {
          RtbSeries *s = rtb_compare_get_series (self->compare, 0, r);

          if (s != NULL)
            series[n++] = rtb_plot_run_series_entry (s, rtb_compare_get_run_name (self->compare,
                                                                                  r), r);
        }
      *n_out = n;
      return series;
    }

  for (guint r = 0; r < self->runs->len; r++)
    n_max += rtb_run_get_n_series (g_ptr_array_index (self->runs, r));
  series = g_new0 (RtbPlotSeries, MAX (n_max, 1));
  g_ptr_array_set_size (self->names, 0);
  /* A curve leaves out the runs that have no per-sample data, and its note names them. */
  *n_out = (self->kind == RTB_CHART_CURVE ? rtb_plot_run_curve_series : rtb_plot_run_series) (
    (RtbRun *const *) self->runs->pdata, self->runs->len, self->series_filter, series, n_max,
    self->names);
  return series;
}

/* Which runs have no curve, and why: "ct24 has no per-sample data: …" per run, or NULL. */
static char *
no_samples_note (RtbChart *self)
{
  g_autoptr(GPtrArray) labels = rtb_label_unique ((RtbRun *const *) self->runs->pdata,
                                                  self->runs->len);
  GString *text = g_string_new (NULL);

  for (guint r = 0; r < self->runs->len; r++)
    {
      RtbRun *run = g_ptr_array_index (self->runs, r);
      g_autofree char *format = NULL;
      g_autofree char *file = NULL;
      g_autofree char *source = NULL;

      if (!rtb_plot_run_lacks_instances (run))
        continue;
      rtb_plot_run_get_import (run, &format, &file);
      source = file != NULL ? g_strdup_printf ("%s (%s)", format, file) : g_strdup (format);
      if (text->len > 0)
        g_string_append_c (text, '\n');
      /* TRANSLATORS: the first %s is a run's label, the second the tool and file it was
       * imported from, e.g. "cyclictest 1.x–2.6 text (ct24.txt)" */
      if (rtb_plot_run_lacks_histogram (run))
        g_string_append_printf (text, _("%s has no per-sample data: it was imported from %s, "
                                        "which keeps only each thread’s count, min, average "
                                        "and max"),
                                (char *) labels->pdata[r], source);
      else
        g_string_append_printf (text, _("%s has no per-sample data: it was imported from %s, "
                                        "which keeps only a histogram and statistics"),
                                (char *) labels->pdata[r], source);
    }
  return g_string_free (text, text->len == 0);
}

double
_rtb_chart_x_per_instance (RtbChart *self)
{
  return rtb_plot_run_seconds_per_instance ((RtbRun *const *) self->runs->pdata, self->runs->len,
                                            self->series_filter);
}

/* The plot's own axis name, as the exports of the CLI write it, in the user's language. */
static const char *
y_label (RtbChart *self)
{
  return _(rtb_plot_run_value_label (self->run ? rtb_run_get_method (self->run)
                                               : RTB_METHOD_LATENCY));
}

char *
_rtb_chart_time_apply (RtbChart       *self,
                       RtbRun *const  *runs,
                       guint           n_runs,
                       double          per_instance,
                       RtbPlotTime    *time)
{
  return rtb_plot_run_time_apply (runs, n_runs, self->series_filter, self->time_axis,
                                  per_instance, time);
}

char *
_rtb_chart_clock_text (const RtbPlotAxis *axis,
                       double             seconds)
{
  gint64 ms;
  g_autoptr(GDateTime) time = NULL;
  g_autofree char *whole = NULL;

  if (axis->style != RTB_PLOT_TICKS_CLOCK)
    return NULL;
  ms = (gint64) llround ((axis->clock_origin + seconds) * 1000);
  time = g_date_time_new_from_unix_utc (ms / 1000);
  if (time == NULL)
    return NULL;
  whole = g_date_time_format (time, "%H:%M:%S");
  return g_strdup_printf ("%s.%03d", whole, (int) (ms % 1000));
}

void
_rtb_chart_curve_options (RtbChart            *self,
                          RtbPlotCurveOptions *opts)
{
  double per_instance = _rtb_chart_x_per_instance (self);

  rtb_plot_curve_options_init (opts);
  opts->title = self->title;
  opts->x_label = _(rtb_plot_run_x_label (self->run ? rtb_run_get_method (self->run)
                                                     : RTB_METHOD_LATENCY, per_instance));
  opts->y_label = y_label (self);
  opts->band_note = _("band: min–max · line: running mean");
  opts->skip_note = _(rtb_plot_run_skip_note (self->run ? rtb_run_get_method (self->run)
                                                         : RTB_METHOD_LATENCY));
  opts->y_scale = self->y_scale;
  opts->x_per_instance = per_instance;
  g_free (self->clock_label);
  self->clock_label = _rtb_chart_time_apply (self, (RtbRun *const *) self->runs->pdata,
                                             self->runs->len, per_instance, &opts->time);
  if (self->clock_label != NULL)
    opts->x_label = self->clock_label;
  self->time = opts->time;
  opts->show_legend = self->series_filter < 0;
  opts->subtitle = self->note;
  opts->placeholder = self->note;
  if (self->zoomed)
    {
      opts->first = self->zoom_first;
      opts->last = self->zoom_last;
    }
}

void
_rtb_chart_histogram_options (RtbChart                *self,
                              RtbPlotHistogramOptions *opts)
{
  rtb_plot_histogram_options_init (opts);
  opts->title = self->title;
  opts->x_label = y_label (self);
  opts->y_label = _("samples");
  opts->show_legend = self->series_filter < 0;
  opts->show_overflows = TRUE;
  opts->overflow_note = rtb_plot_run_overflow_note;
  if (self->zoomed)
    {
      opts->x_fixed = TRUE;
      opts->x_min_us = self->zoom_lo_us;
      opts->x_max_us = self->zoom_hi_us;
    }
}

/* The smallest of 1, 1.5, 2, 3, 5 and 7.5 × 10^k that is at least `value`. */
static double
nice_ceiling (double value)
{
  static const double steps[] = { 1, 1.5, 2, 3, 5, 7.5, 10 };
  double decade;

  if (!(value > 0))
    return 1;
  decade = pow (10, floor (log10 (value)));
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (steps[i] * decade >= value * (1 - 1e-9))
      return steps[i] * decade;
  return 10 * decade;
}

/* What a live run will measure: its planned duration in instances on a time axis, the planned
 * instances of a response run; 0 when it runs until stopped. */
static guint64
planned_instances (RtbRun *run,
                   double  seconds_per_instance)
{
  const RtbCommand *cmd = rtb_run_get_command (run);

  if (cmd->method == RTB_METHOD_RESPONSE)
    return cmd->response.instances;
  if (cmd->duration_ns > 0 && seconds_per_instance > 0)
    return (guint64) ceil (cmd->duration_ns / 1e9 / seconds_per_instance);
  return 0;
}

/* While runs are measured, the x axis follows their data: it spans the next round length past
 * what was measured and a tenth more (1, 1.5, 2, 3, 5, 7.5 × 10^k seconds, or instances), so
 * the data fill more than half of the width, and the axis (and with it the cached frame)
 * changes only when the data reach its end. With "whole-run", it spans everything the runs will
 * measure. */
guint64
_rtb_chart_live_last (RtbChart *self,
                      double    per_instance,
                      guint64   measured)
{
  guint64 planned = 0;
  guint64 last;
  gboolean live = FALSE;
  double span;

  if (self->zoomed || self->runs->len == 0)
    return 0;
  for (guint r = 0; r < self->runs->len; r++)
    {
      RtbRun *run = g_ptr_array_index (self->runs, r);

      live |= rtb_run_get_state (run) == RTB_RUN_STATE_RUNNING;
      planned = MAX (planned, planned_instances (run, per_instance));
    }
  if (!live)
    return 0;
  /* A run that outlasts its plan a little still shows its newest samples. */
  if (self->whole_run && planned > 0)
    return MAX (planned, measured);
  /* A tenth to spare, so that the axis does not grow at every update near a round length. */
  if (per_instance > 0)
    span = nice_ceiling (MAX (measured * per_instance * 1.1, 1)) / per_instance;
  else
    span = nice_ceiling (MAX (measured * 1.1, 10));
  last = (guint64) ceil (span);
  if (planned > 0 && last > planned)
    last = MAX (planned, measured);
  return last;
}

static void
follow_live_runs (RtbChart            *self,
                  RtbPlotCurveOptions *opts,
                  const RtbPlotSeries *series,
                  guint                n_series)
{
  guint64 measured = 0;
  guint64 last;

  for (guint i = 0; i < n_series; i++)
    measured = MAX (measured, rtb_plot_series_n_instances (&series[i]));
  last = _rtb_chart_live_last (self, opts->x_per_instance, measured);
  if (last > 0)
    opts->last = last;
}

void
_rtb_chart_invalidate (RtbChart *self,
                       gboolean  frame)
{
  self->data_stale = TRUE;
  if (frame)
    self->frame_stale = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A heatmap's panel has no frame node until it is drawn. */
static void
clear_node (gpointer node)
{
  if (node != NULL)
    gsk_render_node_unref (node);
}

static void
clear_nodes (RtbChart *self)
{
  g_clear_pointer (&self->frame_node, gsk_render_node_unref);
  g_clear_pointer (&self->data_node, gsk_render_node_unref);
}

/* A cairo node covering `rect` only: the renderer allocates, clears and composites just that. */
static GskRenderNode *
cairo_node_new (const RtbPlotRect  *rect,
                cairo_t           **cr)
{
  GskRenderNode *node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (rect->x, rect->y, rect->width,
                                                                 rect->height));

  *cr = gsk_cairo_node_get_draw_context (node);
  return node;
}

/* A heatmap's nodes: a frame and a plot per panel, the frames kept while their layouts and
 * colour scales stay. */
static void
update_heatmap_nodes (RtbChart *self,
                      int       width,
                      int       height,
                      gboolean  dark)
{
  RtbPlotTheme theme = dark ? rtb_plot_theme_dark () : rtb_plot_theme_light ();

  _rtb_chart_heatmap_update_nodes (self, &theme, width, height,
                                   self->frame_stale || dark != self->frame_dark ||
                                     !self->have_layout);
  self->n_draws++;
  self->have_layout = TRUE;
  self->frame_dark = dark;
  self->frame_stale = FALSE;
  self->data_stale = FALSE;
}

/* Lays the chart out for its size and data, redraws the frame only when the layout, the theme
 * or the texts changed, and the data (clipped to the plot area, in one node) every time. */
static void
update_nodes (RtbChart *self,
              int       width,
              int       height,
              gboolean  dark)
{
  RtbPlotTheme theme = dark ? rtb_plot_theme_dark () : rtb_plot_theme_light ();
  RtbPlotRect bounds = { 0, 0, width, height };
  g_autofree RtbPlotSeries *series = NULL;
  RtbPlotCurveOptions curve;
  RtbPlotHistogramOptions histogram;
  RtbPlotLayout layout;
  gboolean new_frame;
  guint n_series;
  cairo_t *cr;

  if (self->kind == RTB_CHART_HEATMAP)
    {
      update_heatmap_nodes (self, width, height, dark);
      return;
    }
  series = _rtb_chart_collect_series (self, &n_series);
  if (self->kind == RTB_CHART_CURVE)
    {
      _rtb_chart_curve_options (self, &curve);
      follow_live_runs (self, &curve, series, n_series);
      rtb_plot_curve_layout (&theme, width, height, &curve, series, n_series, &layout);
    }
  else
    {
      _rtb_chart_histogram_options (self, &histogram);
      rtb_plot_histogram_layout (&theme, width, height, &histogram, series, n_series, &layout);
    }

  new_frame = self->frame_node == NULL || self->frame_stale || dark != self->frame_dark ||
              n_series != self->frame_n_series || !self->have_layout ||
              !rtb_plot_layout_equal (&layout, &self->layout);
  if (new_frame)
    {
      g_clear_pointer (&self->frame_node, gsk_render_node_unref);
      self->frame_node = cairo_node_new (&bounds, &cr);
      self->n_frames++;
      if (self->kind == RTB_CHART_CURVE)
        rtb_plot_curve_draw_frame (cr, &theme, &layout, &curve, series, n_series);
      else
        rtb_plot_histogram_draw_frame (cr, &theme, &layout, &histogram, series, n_series);
      cairo_destroy (cr);
    }

  g_clear_pointer (&self->data_node, gsk_render_node_unref);
  self->data_node = cairo_node_new (&layout.plot, &cr);
  self->n_draws++;
  if (self->kind == RTB_CHART_CURVE)
    {
      rtb_plot_curve_draw_data (cr, &theme, &layout, &curve, series, n_series);
    }
  else
    {
      for (guint i = 0; i < n_series; i++)
        rtb_plot_histogram_draw_series (cr, &theme, &layout, &histogram, &series[i]);
      rtb_plot_histogram_draw_overflows (cr, &theme, &layout, &histogram, series, n_series);
    }
  cairo_destroy (cr);

  self->layout = layout;
  self->have_layout = TRUE;
  self->frame_dark = dark;
  self->frame_n_series = n_series;
  self->frame_stale = FALSE;
  self->data_stale = FALSE;
}

void
_rtb_chart_relayout (RtbChart *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  if (width > 0 && height > 0)
    update_nodes (self, width, height, adw_style_manager_get_dark (adw_style_manager_get_default ()));
}

static void
on_maybe_on_screen (RtbChart *self)
{
  if (self->data_stale && rtb_widget_is_on_screen (GTK_WIDGET (self)))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
rtb_chart_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  RtbChart *self = RTB_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  RtbPlotTheme theme = dark ? rtb_plot_theme_dark () : rtb_plot_theme_light ();

  if (width <= 0 || height <= 0)
    return;

  /* Hovering and dragging only redraw the overlay below: the nodes are reused as they are.
   * So is old data while the chart is scrolled out of sight (GTK snapshots it all the same);
   * on_maybe_on_screen() redraws it when it comes back. */
  if (self->frame_stale || self->frame_node == NULL || self->layout.width != width ||
      self->layout.height != height || self->frame_dark != dark ||
      (self->data_stale && rtb_widget_is_on_screen (widget)))
    update_nodes (self, width, height, dark);
  gtk_snapshot_append_node (snapshot, self->frame_node);
  gtk_snapshot_append_node (snapshot, self->data_node);

  _rtb_chart_snapshot_input (self, snapshot, &theme);

  gtk_widget_snapshot_child (widget, self->readout, snapshot);
  gtk_widget_snapshot_child (widget, self->menu_button, snapshot);
}

static void
rtb_chart_measure (GtkWidget      *widget,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  RtbChart *self = RTB_CHART (widget);
  int child_min = 0;
  int child_nat = 0;

  gtk_widget_measure (self->readout, orientation, -1, &child_min, &child_nat, NULL, NULL);
  *minimum = MAX (orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 160, child_min);
  *natural = MAX (orientation == GTK_ORIENTATION_HORIZONTAL ? 600 : 280, child_nat);
  /* A heatmap's panels, one per series, each tall enough to read its rows. */
  if (self->kind == RTB_CHART_HEATMAP && orientation == GTK_ORIENTATION_VERTICAL)
    {
      self->measured_panels = _rtb_chart_heatmap_n_panels (self);
      *minimum = MAX (*minimum, 230 * (int) self->measured_panels);
      *natural = MAX (*natural, 260 * (int) self->measured_panels);
    }
}

static void
rtb_chart_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  RtbChart *self = RTB_CHART (widget);
  GtkRequisition natural;
  double x;
  double y;

  gtk_widget_get_preferred_size (self->readout, NULL, &natural);
  natural.width = MIN (natural.width, width);
  natural.height = MIN (natural.height, height);

  x = self->hover_x + 14;
  if (x + natural.width > width)
    x = self->hover_x - 14 - natural.width;
  x = CLAMP (x, 0, MAX (0, width - natural.width));
  y = self->have_layout ? self->layout.plot.y + 6 : 6;
  y = CLAMP (y, 0, MAX (0, height - natural.height));

  gtk_widget_size_allocate (self->readout,
                            &(GtkAllocation) { (int) x, (int) y, natural.width, natural.height },
                            -1);

  gtk_widget_get_preferred_size (self->menu_button, NULL, &natural);
  gtk_widget_size_allocate (self->menu_button,
                            &(GtkAllocation) { MAX (0, width - natural.width - 6), 6,
                                               natural.width, natural.height },
                            -1);
  if (self->spike_popover != NULL)
    gtk_popover_present (GTK_POPOVER (self->spike_popover));
}

/* Why the clock asked for cannot be read, as the chart's tooltip; none before a live run's
 * first series, which come with its start. */
static void
update_time_note (RtbChart *self)
{
  RtbRun *const *runs = (RtbRun *const *) self->runs->pdata;
  const char *why = NULL;
  gboolean any_series = FALSE;

  for (guint r = 0; r < self->runs->len; r++)
    any_series |= rtb_run_get_n_series (runs[r]) > 0;
  if (self->kind != RTB_CHART_HISTOGRAM && self->time_axis == RTB_PLOT_RUN_TIME_CLOCK &&
      any_series)
    why = self->kind == RTB_CHART_HEATMAP
            ? rtb_plot_run_heatmap_clock_unavailable (runs, self->runs->len)
            : rtb_plot_run_clock_unavailable (runs, self->runs->len, self->series_filter);
  if (why == self->time_note)
    return;
  self->time_note = why;
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), why != NULL ? _(why) : NULL);
}

static void
on_run_changed (RtbChart *self)
{
  update_time_note (self);
  /* A live run's series come after its first update: the heatmap grows a panel for each. */
  if (self->kind == RTB_CHART_HEATMAP &&
      _rtb_chart_heatmap_n_panels (self) != self->measured_panels)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  if (self->hovering)
    _rtb_chart_update_readout (self);
  _rtb_chart_invalidate (self, FALSE);
}

void
rtb_chart_runs_changed (RtbChart *self)
{
  g_return_if_fail (RTB_IS_CHART (self));

  on_run_changed (self);
}

void
rtb_chart_set_follows_runs (RtbChart *self,
                            gboolean  follows)
{
  g_return_if_fail (RTB_IS_CHART (self));
  g_return_if_fail (self->runs->len == 0);

  self->ignores_runs = !follows;
}

guint
rtb_chart_get_n_draws (RtbChart *self)
{
  g_return_val_if_fail (RTB_IS_CHART (self), 0);

  return self->n_draws;
}

guint
rtb_chart_get_n_frames (RtbChart *self)
{
  g_return_val_if_fail (RTB_IS_CHART (self), 0);

  return self->n_frames;
}

RtbChart *
rtb_chart_new (RtbChartKind kind)
{
  return g_object_new (RTB_TYPE_CHART, "kind", kind, NULL);
}

RtbChartKind
rtb_chart_get_kind (RtbChart *self)
{
  g_return_val_if_fail (RTB_IS_CHART (self), RTB_CHART_CURVE);

  return self->kind;
}

RtbRun *
rtb_chart_get_run (RtbChart *self)
{
  g_return_val_if_fail (RTB_IS_CHART (self), NULL);

  return self->run;
}

static void
clear_runs (RtbChart *self)
{
  for (guint r = 0; r < self->runs->len; r++)
    g_signal_handlers_disconnect_by_func (g_ptr_array_index (self->runs, r), on_run_changed,
                                          self);
  g_ptr_array_set_size (self->runs, 0);
  g_clear_object (&self->run);
  g_clear_object (&self->compare);
}

void
rtb_chart_set_runs (RtbChart      *self,
                    RtbRun *const *runs,
                    guint          n_runs,
                    RtbCompare    *pooled)
{
  g_return_if_fail (RTB_IS_CHART (self));
  g_return_if_fail (n_runs == 0 || runs != NULL);
  g_return_if_fail (pooled == NULL || RTB_IS_COMPARE (pooled));

  clear_runs (self);
  for (guint r = 0; r < n_runs; r++)
    {
      g_ptr_array_add (self->runs, g_object_ref (runs[r]));
      if (!self->ignores_runs)
        g_signal_connect_swapped (runs[r], "changed", G_CALLBACK (on_run_changed), self);
    }
  if (n_runs > 0)
    self->run = g_object_ref (runs[0]);
  if (pooled != NULL)
    self->compare = g_object_ref (pooled);
  g_free (self->note);
  self->note = self->kind == RTB_CHART_CURVE ? no_samples_note (self) : NULL;

  self->zoomed = FALSE;
  self->have_layout = FALSE;
  update_time_note (self);
  if (self->kind == RTB_CHART_HEATMAP)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  _rtb_chart_update_readout (self);
  _rtb_chart_invalidate (self, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUN]);
}

void
rtb_chart_set_pooled (RtbChart   *self,
                      RtbCompare *pooled)
{
  g_return_if_fail (RTB_IS_CHART (self));
  g_return_if_fail (RTB_IS_COMPARE (pooled));
  g_return_if_fail (self->compare != NULL);

  g_set_object (&self->compare, pooled);
  on_run_changed (self);
}

void
rtb_chart_set_run (RtbChart *self,
                   RtbRun   *run)
{
  g_return_if_fail (RTB_IS_CHART (self));
  g_return_if_fail (run == NULL || RTB_IS_RUN (run));

  if (self->run == run && self->runs->len <= 1 && self->compare == NULL)
    return;
  rtb_chart_set_runs (self, &run, run ? 1 : 0, NULL);
}

const char *
rtb_chart_get_note (RtbChart *self)
{
  g_return_val_if_fail (RTB_IS_CHART (self), NULL);

  return self->note;
}

void
rtb_chart_set_series_filter (RtbChart *self,
                             int       index)
{
  g_return_if_fail (RTB_IS_CHART (self));

  self->series_filter = index;
  update_time_note (self);
  _rtb_chart_invalidate (self, TRUE);
}

void
rtb_chart_set_title (RtbChart   *self,
                     const char *title)
{
  g_return_if_fail (RTB_IS_CHART (self));

  g_free (self->title);
  self->title = g_strdup (title);
  _rtb_chart_invalidate (self, TRUE);
}

static void
rtb_chart_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  RtbChart *self = RTB_CHART (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_int (value, self->kind);
      break;
    case PROP_RUN:
      g_value_set_object (value, self->run);
      break;
    case PROP_Y_SCALE:
      g_value_set_string (value, scale_names[self->y_scale]);
      break;
    case PROP_WHOLE_RUN:
      g_value_set_boolean (value, self->whole_run);
      break;
    case PROP_TIME_AXIS:
      g_value_set_string (value, time_axis_names[self->time_axis]);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rtb_chart_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  RtbChart *self = RTB_CHART (object);

  switch (prop_id)
    {
    case PROP_KIND:
      self->kind = g_value_get_int (value);
      break;
    case PROP_RUN:
      rtb_chart_set_run (self, g_value_get_object (value));
      break;
    case PROP_Y_SCALE:
      for (guint i = 0; i < G_N_ELEMENTS (scale_names); i++)
        if (g_strcmp0 (g_value_get_string (value), scale_names[i]) == 0 && self->y_scale != i)
          {
            self->y_scale = i;
            _rtb_chart_invalidate (self, TRUE);
            g_object_notify_by_pspec (object, pspec);
          }
      break;
    case PROP_WHOLE_RUN:
      if (self->whole_run != g_value_get_boolean (value))
        {
          self->whole_run = g_value_get_boolean (value);
          _rtb_chart_invalidate (self, TRUE);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_TIME_AXIS:
      {
        RtbPlotRunTime time;

        if (rtb_plot_run_time_from_string (g_value_get_string (value), &time) &&
            time != self->time_axis)
          {
            self->time_axis = time;
            update_time_note (self);
            if (self->hovering)
              _rtb_chart_update_readout (self);
            _rtb_chart_invalidate (self, TRUE);
            g_object_notify_by_pspec (object, pspec);
          }
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* A curve's and a heatmap's time axis follows the setting every chart shares. */
static void
bind_time_axis (RtbChart *self)
{
  g_autoptr(GSettingsSchema) schema = rtb_settings_schema_lookup (NULL);

  if (schema == NULL)
    return;
  self->settings = g_settings_new_full (schema, NULL, NULL);
  g_settings_bind (self->settings, "time-axis", self, "time-axis", G_SETTINGS_BIND_DEFAULT);
}

/* The chart's menu: exports; for a curve the scale of its value axis; for a curve and a
 * heatmap the time axis. */
static void
rtb_chart_constructed (GObject *object)
{
  RtbChart *self = RTB_CHART (object);
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) exports = g_menu_new ();
  GtkWidget *popover;

  G_OBJECT_CLASS (rtb_chart_parent_class)->constructed (object);

  if (self->kind == RTB_CHART_CURVE)
    {
      g_autoptr(GMenu) scales = g_menu_new ();
      g_autoptr(GMenu) span = g_menu_new ();

      g_menu_append (scales, _("_Automatic Scale"), "chart.y-scale::auto");
      g_menu_append (scales, _("_Linear Scale"), "chart.y-scale::linear");
      g_menu_append (scales, _("L_ogarithmic Scale"), "chart.y-scale::log");
      g_menu_append_section (menu, NULL, G_MENU_MODEL (scales));
      g_menu_append (span, _("_Whole Planned Run"), "chart.whole-run");
      g_menu_append_section (menu, NULL, G_MENU_MODEL (span));
    }
  if (self->kind != RTB_CHART_HISTOGRAM)
    {
      g_autoptr(GMenu) times = g_menu_new ();

      g_menu_append (times, _("_Elapsed Time"), "chart.time-axis::elapsed");
      g_menu_append (times, _("C_lock Time"), "chart.time-axis::clock");
      g_menu_append_section (menu, NULL, G_MENU_MODEL (times));
      bind_time_axis (self);
    }
  g_menu_append (exports, _("Export _PNG…"), "chart.export::png");
  g_menu_append (exports, _("Export _SVG…"), "chart.export::svg");
  g_menu_append (exports, _("Export P_DF…"), "chart.export::pdf");
  g_menu_append (exports, _("Export _CSV…"), "chart.export::csv");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (exports));
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->menu_button), G_MENU_MODEL (menu));
  /* The button sits at the chart's right edge: open the menu leftwards, inside the window. */
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (self->menu_button)));
  gtk_widget_set_halign (popover, GTK_ALIGN_END);
}

static void
rtb_chart_dispose (GObject *object)
{
  RtbChart *self = RTB_CHART (object);

  if (self->runs != NULL)
    clear_runs (self);
  clear_nodes (self);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->readout, gtk_widget_unparent);
  g_clear_pointer (&self->menu_button, gtk_widget_unparent);
  /* Closed first: an open popover holds the pointer, and unparenting it alone left that grab
   * behind on X11, so the next window's clicks went nowhere. */
  if (self->spike_popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->spike_popover));
  g_clear_pointer (&self->spike_popover, gtk_widget_unparent);

  G_OBJECT_CLASS (rtb_chart_parent_class)->dispose (object);
}

static void
rtb_chart_finalize (GObject *object)
{
  RtbChart *self = RTB_CHART (object);

  g_free (self->title);
  g_free (self->note);
  g_free (self->readout_text);
  g_free (self->clock_label);
  g_clear_pointer (&self->runs, g_ptr_array_unref);
  g_clear_pointer (&self->names, g_ptr_array_unref);
  g_clear_pointer (&self->panels, g_array_unref);
  g_clear_pointer (&self->panel_frames, g_ptr_array_unref);
  g_clear_pointer (&self->panel_scales, g_array_unref);

  G_OBJECT_CLASS (rtb_chart_parent_class)->finalize (object);
}

static void
rtb_chart_class_init (RtbChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = rtb_chart_get_property;
  object_class->set_property = rtb_chart_set_property;
  object_class->constructed = rtb_chart_constructed;
  object_class->dispose = rtb_chart_dispose;
  object_class->finalize = rtb_chart_finalize;

  widget_class->snapshot = rtb_chart_snapshot;
  widget_class->measure = rtb_chart_measure;
  widget_class->size_allocate = rtb_chart_size_allocate;

  properties[PROP_KIND] =
    g_param_spec_int ("kind", NULL, NULL, RTB_CHART_CURVE, RTB_CHART_HEATMAP, RTB_CHART_CURVE,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUN] =
    g_param_spec_object ("run", NULL, NULL, RTB_TYPE_RUN,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* "auto", "linear" or "log": the value axis of a curve (RtbPlotScale) */
  properties[PROP_Y_SCALE] =
    g_param_spec_string ("y-scale", NULL, NULL, "auto",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* While a run is measured: the whole planned run on the x axis, not the span measured. */
  properties[PROP_WHOLE_RUN] =
    g_param_spec_boolean ("whole-run", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* "elapsed" or "clock": the time axis of a curve or heatmap (RtbPlotRunTime) */
  properties[PROP_TIME_AXIS] =
    g_param_spec_string ("time-axis", NULL, NULL, "elapsed",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "chart.export", "s", _rtb_chart_export_action);
  gtk_widget_class_install_property_action (widget_class, "chart.y-scale", "y-scale");
  gtk_widget_class_install_property_action (widget_class, "chart.whole-run", "whole-run");
  gtk_widget_class_install_property_action (widget_class, "chart.time-axis", "time-axis");

  gtk_widget_class_set_css_name (widget_class, "rtbchart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
rtb_chart_init (RtbChart *self)
{
  self->series_filter = -1;
  rtb_plot_time_init (&self->time);
  self->runs = g_ptr_array_new_with_free_func (g_object_unref);
  self->names = g_ptr_array_new_with_free_func (g_free);
  self->panels = g_array_new (FALSE, TRUE, sizeof (RtbPlotLayout));
  self->panel_frames = g_ptr_array_new_with_free_func (clear_node);
  self->panel_scales = g_array_new (FALSE, TRUE, sizeof (guint64));

  _rtb_chart_init_input (self);

  self->menu_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->menu_button), "view-more-symbolic");
  gtk_widget_set_tooltip_text (self->menu_button, _("Chart Menu"));
  gtk_widget_add_css_class (self->menu_button, "flat");
  gtk_widget_add_css_class (self->menu_button, "chart-menu");
  gtk_widget_set_parent (self->menu_button, GTK_WIDGET (self));

  rtb_widget_watch_on_screen (GTK_WIDGET (self), G_CALLBACK (on_maybe_on_screen));
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}

const RtbPlotAxis *
rtb_chart_get_x_axis (RtbChart *self)
{
  g_return_val_if_fail (RTB_IS_CHART (self), NULL);

  if (!self->have_layout || self->data_stale)
    _rtb_chart_relayout (self);
  return &self->layout.x;
}

void
rtb_chart_get_load_marks (RtbChart *self,
                          double   *start_s,
                          double   *stop_s)
{
  g_return_if_fail (RTB_IS_CHART (self));

  if (!self->have_layout || self->data_stale)
    _rtb_chart_relayout (self);
  *start_s = self->time.load_start_s;
  *stop_s = self->time.load_stop_s;
}

const char *
rtb_chart_get_time_note (RtbChart *self)
{
  g_return_val_if_fail (RTB_IS_CHART (self), NULL);

  return self->time_note != NULL ? _(self->time_note) : NULL;
}
