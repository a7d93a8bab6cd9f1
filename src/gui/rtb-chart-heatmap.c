/* SPDX-License-Identifier: GPL-3.0-or-later */
/* RtbChart as a heatmap: one panel per series shown, stacked, on the scales the runs share
 * (rtb_plot_run_heatmap_options()); the readout of the cell under the pointer; the instances
 * between two pixel columns for a drag's zoom. */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>

#include "rtb-chart-private.h"
#include "rtb-plot-run.h"

/* The options every panel shares, and the zoom. */
static void
shared_options (RtbChart              *self,
                RtbPlotHeatmapOptions *opts)
{
  if (self->runs->len == 0)
    rtb_plot_heatmap_options_init (opts);
  else
    rtb_plot_run_heatmap_options ((RtbRun *const *) self->runs->pdata, self->runs->len, opts);
  opts->placeholder = _("Not known: this run does not say when its samples came (a file "
                        "saved before heatmaps, or an imported histogram)");
  if (self->zoomed)
    {
      opts->first = self->zoom_first;
      opts->last = self->zoom_last;
    }
  else
    {
      /* Live, the time axis grows as the curve's does. */
      guint64 last = _rtb_chart_live_last (self, opts->x_per_instance, opts->last);

      if (last > 0)
        opts->last = last;
    }
}

RtbRun *
_rtb_chart_series_run (RtbChart            *self,
                       const RtbPlotSeries *series)
{
  guint slot = series->color_index;

  /* Pooled, a run's series has the run's slot; otherwise each series of each run has one. */
  if (self->compare != NULL)
    return slot < self->runs->len ? g_ptr_array_index (self->runs, slot) : NULL;
  for (guint r = 0; r < self->runs->len; r++)
    {
      RtbRun *run = g_ptr_array_index (self->runs, r);

      if (slot < rtb_run_get_n_series (run))
        return run;
      slot -= rtb_run_get_n_series (run);
    }
  return NULL;
}

/* The panel whose plot spans `y`, or the first. */
static const RtbPlotLayout *
panel_at (RtbChart *self,
          double    y)
{
  for (guint i = 0; i < self->panels->len; i++)
    {
      const RtbPlotLayout *layout = &g_array_index (self->panels, RtbPlotLayout, i);

      if (y >= layout->plot.y && y <= layout->plot.y + layout->plot.height)
        return layout;
    }
  return &g_array_index (self->panels, RtbPlotLayout, 0);
}

guint
_rtb_chart_heatmap_n_panels (RtbChart *self)
{
  g_autofree RtbPlotSeries *series = NULL;
  guint n_series;

  series = _rtb_chart_collect_series (self, &n_series);
  return MAX (n_series, 1);
}

/* A panel of the heatmap: its place in the chart, its series and options with the texts they
 * point to. */
typedef struct {
  int top;
  int height;
  const RtbPlotSeries *series;
  RtbPlotSeries none;
  RtbPlotHeatmapOptions opts;
  char *title;
  char *overflow;
  char *clock_label;
} Panel;

static void
panel_init (RtbChart                    *self,
            const RtbPlotHeatmapOptions *shared,
            const RtbPlotSeries         *series,
            guint                        n_series,
            guint                        i,
            int                          height,
            const char                  *subtitle,
            Panel                       *panel)
{
  guint n_panels = MAX (n_series, 1);

  *panel = (Panel) {
    .top = (int) ((gint64) height * i / n_panels),
    .opts = *shared,
  };
  panel->height = (int) ((gint64) height * (i + 1) / n_panels) - panel->top;
  panel->series = i < n_series ? &series[i] : &panel->none;
  if (i < n_series)
    {
      RtbRun *run = _rtb_chart_series_run (self, &series[i]);

      /* Each panel in the clock of the run it shows, with its load's marks. */
      if (run != NULL)
        panel->clock_label = _rtb_chart_time_apply (self, &run, 1, shared->x_per_instance,
                                                    &panel->opts.time);
      if (panel->clock_label != NULL)
        panel->opts.x_label = panel->clock_label;
      /* TRANSLATORS: a heatmap's title; %s is a series, such as CPU0. */
      panel->title = g_strdup_printf (_("%s over time"), series[i].name);
      if (series[i].heatmap != NULL)
        panel->overflow = g_strdup_printf (_("top band: ≥ %u µs (overflows)"),
                                           series[i].heatmap->limit_us);
    }
  panel->opts.title = panel->title != NULL ? panel->title : self->title;
  panel->opts.overflow_note = panel->overflow;
  panel->opts.subtitle = i == 0 ? subtitle : NULL;
  /* Every panel with its legend: the same height above each plot, so the panels' plots and
   * time axes line up. */
  panel->opts.show_legend = TRUE;
}

static void
panel_clear (Panel *panel)
{
  g_free (panel->title);
  g_free (panel->overflow);
  g_free (panel->clock_label);
}

void
_rtb_chart_heatmap_draw (RtbChart           *self,
                         cairo_t            *cr,
                         const RtbPlotTheme *theme,
                         int                 width,
                         int                 height,
                         const char         *subtitle)
{
  g_autofree RtbPlotSeries *series = NULL;
  RtbPlotHeatmapOptions shared;
  guint n_series;

  series = _rtb_chart_collect_series (self, &n_series);
  shared_options (self, &shared);
  for (guint i = 0; i < MAX (n_series, 1); i++)
    {
      Panel panel;

      panel_init (self, &shared, series, n_series, i, height, subtitle, &panel);
      cairo_save (cr);
      cairo_translate (cr, 0, panel.top);
      cairo_rectangle (cr, 0, 0, width, panel.height);
      cairo_clip (cr);
      rtb_plot_heatmap (cr, theme, width, panel.height, &panel.opts, panel.series, NULL);
      cairo_restore (cr);
      panel_clear (&panel);
    }
}

/* A panel's layout in the chart's coordinates, as hit testing reads it. */
static void
to_chart (RtbPlotLayout *layout,
          int            top)
{
  layout->plot.y += top;
  layout->y.px_lo += top;
  layout->y.px_hi += top;
}

/* A cairo node over `rect` of the chart, drawing in the panel's coordinates. */
static GskRenderNode *
panel_node_new (const Panel  *panel,
                double        x,
                double        y,
                double        width,
                double        height,
                cairo_t     **cr)
{
  GskRenderNode *node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (x, panel->top + y, width,
                                                                 height));

  *cr = gsk_cairo_node_get_draw_context (node);
  cairo_translate (*cr, 0, panel->top);
  return node;
}

static GskRenderNode *
container_of (GPtrArray *nodes)
{
  return gsk_container_node_new ((GskRenderNode **) nodes->pdata, nodes->len);
}

void
_rtb_chart_heatmap_update_nodes (RtbChart           *self,
                                 const RtbPlotTheme *theme,
                                 int                 width,
                                 int                 height,
                                 gboolean            new_frames)
{
  g_autoptr (GPtrArray) plots = g_ptr_array_new_with_free_func (
    (GDestroyNotify) gsk_render_node_unref);
  g_autofree RtbPlotSeries *series = NULL;
  RtbPlotHeatmapOptions shared;
  gboolean frames_kept = !new_frames && self->frame_node != NULL;
  const RtbPlotLayout *first, *last;
  guint n_series, n_panels;

  series = _rtb_chart_collect_series (self, &n_series);
  n_panels = MAX (n_series, 1);
  shared_options (self, &shared);
  if (new_frames || self->panel_frames->len != n_panels)
    {
      g_ptr_array_set_size (self->panel_frames, 0);
      g_ptr_array_set_size (self->panel_frames, n_panels);
      g_array_set_size (self->panel_scales, n_panels);
      frames_kept = FALSE;
    }
  g_array_set_size (self->panels, n_panels);
  for (guint i = 0; i < n_panels; i++)
    {
      RtbPlotLayout *kept = &g_array_index (self->panels, RtbPlotLayout, i);
      guint64 *kept_scale = &g_array_index (self->panel_scales, guint64, i);
      RtbPlotLayout layout, in_chart;
      guint64 scale;
      Panel panel;
      cairo_t *cr;

      panel_init (self, &shared, series, n_series, i, height, NULL, &panel);
      rtb_plot_heatmap_layout (theme, width, panel.height, &panel.opts, panel.series, &layout);
      in_chart = layout;
      to_chart (&in_chart, panel.top);
      scale = rtb_plot_heatmap_scale_max (&panel.opts, panel.series);
      if (self->panel_frames->pdata[i] == NULL || scale != *kept_scale ||
          !rtb_plot_layout_equal (&in_chart, kept))
        {
          g_clear_pointer (&self->panel_frames->pdata[i], gsk_render_node_unref);
          self->panel_frames->pdata[i] = panel_node_new (&panel, 0, 0, width, panel.height, &cr);
          rtb_plot_heatmap_draw_frame (cr, theme, &layout, &panel.opts, panel.series);
          cairo_destroy (cr);
          *kept_scale = scale;
          frames_kept = FALSE;
        }
      g_ptr_array_add (plots, panel_node_new (&panel, layout.plot.x, layout.plot.y,
                                              layout.plot.width, layout.plot.height, &cr));
      rtb_plot_heatmap_draw_data (cr, theme, &layout, &panel.opts, panel.series);
      cairo_destroy (cr);
      *kept = in_chart;
      if (i == 0)
        self->time = panel.opts.time;
      panel_clear (&panel);
    }
  /* The same frame node when no panel's changed: nothing of it is drawn again. */
  if (!frames_kept)
    {
      g_clear_pointer (&self->frame_node, gsk_render_node_unref);
      self->frame_node = container_of (self->panel_frames);
      self->n_frames++;
    }
  g_clear_pointer (&self->data_node, gsk_render_node_unref);
  self->data_node = container_of (plots);

  /* The chart's layout spans every panel's plot: the panels share the time axis, so the hover
   * line and a drag's band cross them all. */
  first = &g_array_index (self->panels, RtbPlotLayout, 0);
  last = &g_array_index (self->panels, RtbPlotLayout, n_panels - 1);
  self->layout = *first;
  self->layout.width = width;
  self->layout.height = height;
  self->layout.plot.height = last->plot.y + last->plot.height - first->plot.y;
}

/* "CPU1: 12.000–12.256 s (instances 12001–12256)", then "10.0–13.3 µs: 42 samples". */
char *
_rtb_chart_heatmap_readout (RtbChart *self,
                            double    x,
                            double    y)
{
  g_autofree RtbPlotSeries *series = NULL;
  double per_instance = _rtb_chart_x_per_instance (self);
  RtbPlotHeatmapValue value;
  GString *text;
  guint n_series;

  series = _rtb_chart_collect_series (self, &n_series);
  for (guint i = 0; i < MIN (n_series, self->panels->len); i++)
    {
      const RtbPlotLayout *layout = &g_array_index (self->panels, RtbPlotLayout, i);
      g_autofree char *from = NULL;
      g_autofree char *to = NULL;

      if (y < layout->plot.y || y > layout->plot.y + layout->plot.height)
        continue;
      if (!rtb_plot_heatmap_value_at (layout, &series[i], x, y, &value))
        return NULL;
      text = g_string_new (NULL);
      from = _rtb_chart_clock_text (&layout->x, (value.first - 1) * per_instance);
      to = _rtb_chart_clock_text (&layout->x, value.last * per_instance);
      if (from != NULL && to != NULL)
        /* TRANSLATORS: a heatmap cell's time span: a series, the times of day from … to, then
         * the instances */
        g_string_append_printf (text, _("%s: %s–%s (instances %" PRIu64 "–%" PRIu64 ")"),
                                series[i].name, from, to, value.first, value.last);
      else if (per_instance > 0)
        /* TRANSLATORS: a heatmap cell's time span: a series, seconds from … to, then the
         * instances */
        g_string_append_printf (text, _("%s: %.3f–%.3f s (instances %" PRIu64 "–%" PRIu64 ")"),
                                series[i].name, (value.first - 1) * per_instance,
                                value.last * per_instance, value.first, value.last);
      else
        g_string_append_printf (text, _("%s: instances %" PRIu64 "–%" PRIu64),
                                series[i].name, value.first, value.last);
      g_string_append_c (text, '\n');
      if (value.overflow)
        g_string_append_printf (text, _("≥ %.1f µs: %" PRIu64 " samples"), value.lo_us,
                                value.count);
      else
        g_string_append_printf (text, _("%.1f–%.1f µs: %" PRIu64 " samples"), value.lo_us,
                                value.hi_us, value.count);
      g_string_append_c (text, '\n');
      if (value.column_count > 0)
        g_string_append_printf (text, _("%" PRIu64 " samples in the column, max %.1f µs"),
                                value.column_count, value.column_max_us);
      else
        g_string_append (text, _("no samples in the column"));
      return g_string_free (text, FALSE);
    }
  return NULL;
}

gboolean
_rtb_chart_heatmap_range_at (RtbChart *self,
                             double    x0,
                             double    x1,
                             guint64  *first,
                             guint64  *last)
{
  *first = 0;
  *last = 0;
  if (self->panels->len == 0)
    return FALSE;
  rtb_plot_heatmap_range_at (panel_at (self, self->drag_y0), x0, x1, first, last);
  return *first > 0 && *last > *first;
}

gboolean
rtb_chart_heatmap_point (RtbChart *self,
                         guint     panel,
                         guint64   instance,
                         double    value_us,
                         double   *x,
                         double   *y)
{
  const RtbPlotLayout *layout;

  g_return_val_if_fail (RTB_IS_CHART (self), FALSE);
  g_return_val_if_fail (x != NULL && y != NULL, FALSE);

  if (self->kind != RTB_CHART_HEATMAP)
    return FALSE;
  if (self->data_stale || !self->have_layout)
    _rtb_chart_relayout (self);
  if (panel >= self->panels->len)
    return FALSE;
  layout = &g_array_index (self->panels, RtbPlotLayout, panel);
  *x = rtb_plot_axis_to_pixel (&layout->x, ((double) instance - 0.5) * layout->x.unit);
  *y = rtb_plot_axis_to_pixel (&layout->y, value_us);
  return rtb_plot_layout_contains (layout, *x, *y);
}
