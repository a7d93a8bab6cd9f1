/* SPDX-License-Identifier: GPL-3.0-or-later */
/* RtbChart's pointer input: the hover readout and line, drag to zoom, double-click to zoom out. */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>

#include "rtb-chart-private.h"

#define DRAG_THRESHOLD 6.0
#define MARK_RADIUS 8.0

/* The explained spike whose mark is under (x, y), and the name of its series. */
static const RtbSpike *
spike_at (RtbChart *self, double x, double y, const char **series_name)
{
  g_autofree RtbPlotSeries *series = NULL;
  guint n_series, k = 0, index;
  gsize m;
  RtbRun *run = self->run;

  if (self->kind != RTB_CHART_CURVE || !self->have_layout || self->run == NULL ||
      self->compare != NULL)
    return NULL;
  series = _rtb_chart_collect_series (self, &n_series);
  if (!rtb_plot_curve_marker_at (&self->layout, series, n_series, x, y, MARK_RADIUS, &k, &m))
    return NULL;
  /* One run: its series by colour; several: the runs' series one after the other. */
  index = series[k].color_index;
  for (guint r = 0; self->runs->len > 1 && r < self->runs->len; r++)
    {
      run = g_ptr_array_index (self->runs, r);
      if (index < rtb_run_get_n_series (run))
        break;
      index -= rtb_run_get_n_series (run);
    }
  *series_name = series[k].name;
  return rtb_spike_log_find (rtb_run_get_spike_log (run), index, series[k].marker_instances[m]);
}

void
_rtb_chart_update_readout (RtbChart *self)
{
  g_autofree RtbPlotSeries *series = NULL;
  g_autoptr(GString) text = NULL;
  guint n_series;

  g_clear_pointer (&self->readout_text, g_free);
  if (!self->hovering || !self->have_layout || self->run == NULL)
    goto out;

  /* Before the series are collected here: collecting them again (as spike_at() does) frees
   * the names of several runs' series that an earlier collection points to. */
  {
    const char *name;
    const RtbSpike *spike = spike_at (self, self->hover_x, self->hover_y, &name);

    if (spike != NULL)
      {
        self->readout_text = rtb_spike_describe_long (spike, name);
        goto out;
      }
  }
  if (self->kind == RTB_CHART_HEATMAP)
    {
      self->readout_text = _rtb_chart_heatmap_readout (self, self->hover_x, self->hover_y);
      goto out;
    }
  series = _rtb_chart_collect_series (self, &n_series);
  if (n_series == 0)
    goto out;
  text = g_string_new (NULL);

  if (self->kind == RTB_CHART_CURVE)
    {
      g_autofree RtbPlotCurveValue *values = g_new0 (RtbPlotCurveValue, n_series);
      double per_instance = _rtb_chart_x_per_instance (self);
      gboolean any = FALSE;

      if (!rtb_plot_curve_value_at (&self->layout, series, n_series, self->hover_x, values))
        goto out;
      for (guint i = 0; i < n_series; i++)
        {
          if (!values[i].has_data)
            continue;
          if (!any)
            {
              /* The instant the elapsed readout gives, as a time of day */
              g_autofree char *clock = _rtb_chart_clock_text (&self->layout.x,
                                                              values[i].first * per_instance);

              /* TRANSLATORS: a time of day such as 23:59:58.250, then an instance's number */
              if (clock != NULL)
                g_string_append_printf (text, _("%s, instance %" PRIu64), clock,
                                        values[i].first);
              else if (per_instance > 0)
                g_string_append_printf (text, _("%.3f s, instance %" PRIu64),
                                        values[i].first * per_instance, values[i].first);
              else if (values[i].first == values[i].last)
                g_string_append_printf (text, _("instance %" PRIu64), values[i].first);
              else
                g_string_append_printf (text, _("instances %" PRIu64 "–%"
                                                PRIu64),
                                        values[i].first, values[i].last);
              any = TRUE;
            }
          g_string_append_c (text, '\n');
          if (values[i].min_us == values[i].max_us)
            g_string_append_printf (text, _("%s: %.1f µs, running mean %.1f µs"),
                                    series[i].name, values[i].max_us, values[i].mean_us);
          else
            g_string_append_printf (text, _("%s: %.1f–%.1f µs, running mean %.1f µs"),
                                    series[i].name, values[i].min_us, values[i].max_us,
                                    values[i].mean_us);
        }
      if (!any)
        goto out;
    }
  else
    {
      g_autofree RtbPlotHistogramValue *values = g_new0 (RtbPlotHistogramValue, n_series);
      gboolean any = FALSE;

      if (!rtb_plot_histogram_value_at (&self->layout, series, n_series, self->hover_x, values))
        goto out;
      for (guint i = 0; i < n_series; i++)
        {
          if (!values[i].has_data || (values[i].sum_count == 0 && n_series > 1))
            continue;
          if (!any)
            {
              if (values[i].hi_us - values[i].lo_us <= 1)
                g_string_append_printf (text, _("%" PRId64 " µs"), values[i].lo_us);
              else
                g_string_append_printf (text, _("%" PRId64 "–%" PRId64 " µs"),
                                        values[i].lo_us, values[i].hi_us);
              any = TRUE;
            }
          g_string_append_c (text, '\n');
          g_string_append_printf (text, _("%s: %" PRIu64 " samples"),
                                  series[i].name, values[i].sum_count);
        }
      if (!any)
        goto out;
    }

  self->readout_text = g_string_free (g_steal_pointer (&text), FALSE);

out:
  if (self->readout_text != NULL)
    gtk_label_set_label (GTK_LABEL (self->readout), self->readout_text);
  gtk_widget_set_visible (self->readout, self->readout_text != NULL);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

void
_rtb_chart_snapshot_input (RtbChart           *self,
                           GtkSnapshot        *snapshot,
                           const RtbPlotTheme *theme)
{
  if (self->dragging && fabs (self->drag_x1 - self->drag_x0) >= DRAG_THRESHOLD)
    {
      const RtbPlotRect *plot = &self->layout.plot;
      GdkRGBA fill = { 0.21, 0.52, 0.89, 0.25 };
      double x0 = CLAMP (MIN (self->drag_x0, self->drag_x1), plot->x, plot->x + plot->width);
      double x1 = CLAMP (MAX (self->drag_x0, self->drag_x1), plot->x, plot->x + plot->width);

      gtk_snapshot_append_color (snapshot, &fill,
                                 &GRAPHENE_RECT_INIT (x0, plot->y, x1 - x0, plot->height));
    }
  else if (self->hovering && rtb_plot_layout_contains (&self->layout, self->hover_x,
                                                       self->layout.plot.y + 1))
    {
      const RtbPlotRect *plot = &self->layout.plot;
      const RtbPlotColor *fg = &theme->foreground;
      GdkRGBA line = { fg->red, fg->green, fg->blue, 0.4 };

      gtk_snapshot_append_color (snapshot, &line,
                                 &GRAPHENE_RECT_INIT (floor (self->hover_x), plot->y,
                                                      1, plot->height));
    }
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           RtbChart                 *self)
{
  self->hovering = TRUE;
  self->hover_x = x;
  self->hover_y = y;
  _rtb_chart_update_readout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_leave (GtkEventControllerMotion *controller,
          RtbChart                 *self)
{
  self->hovering = FALSE;
  _rtb_chart_update_readout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               RtbChart       *self)
{
  if (!self->have_layout || !rtb_plot_layout_contains (&self->layout, x, y))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->dragging = TRUE;
  self->drag_x0 = self->drag_x1 = x;
  self->drag_y0 = y;
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          offset_x,
                double          offset_y,
                RtbChart       *self)
{
  if (!self->dragging)
    return;
  self->drag_x1 = self->drag_x0 + offset_x;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          offset_x,
             double          offset_y,
             RtbChart       *self)
{
  if (!self->dragging)
    return;
  self->dragging = FALSE;
  if (fabs (offset_x) >= DRAG_THRESHOLD)
    rtb_chart_zoom_pixels (self, self->drag_x0, self->drag_x0 + offset_x);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_click_pressed (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  RtbChart        *self)
{
  const RtbSpike *spike;
  const char *name;

  if (n_press == 2)
    {
      rtb_chart_reset_zoom (self);
      return;
    }
  spike = spike_at (self, x, y, &name);
  if (spike != NULL)
    _rtb_chart_show_spike (self, spike, name, x, y);
}

void
_rtb_chart_show_spike (RtbChart *self, const RtbSpike *spike, const char *series_name, double x,
                       double y)
{
  g_autofree char *text = rtb_spike_describe_long (spike, series_name);
  GtkWidget *label;

  if (self->spike_popover == NULL)
    {
      self->spike_popover = gtk_popover_new ();
      gtk_widget_add_css_class (self->spike_popover, "spike-explanation");
      gtk_widget_set_parent (self->spike_popover, GTK_WIDGET (self));
      label = gtk_label_new (NULL);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 72);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_popover_set_child (GTK_POPOVER (self->spike_popover), label);
    }
  label = gtk_popover_get_child (GTK_POPOVER (self->spike_popover));
  gtk_label_set_label (GTK_LABEL (label), text);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->spike_popover),
                               &(GdkRectangle) { (int) x - 4, (int) y - 4, 8, 8 });
  gtk_popover_popup (GTK_POPOVER (self->spike_popover));
  /* A selectable label gets the focus with all its text selected: keep it readable. */
  gtk_label_select_region (GTK_LABEL (label), 0, 0);
}

const char *
rtb_chart_spike_text (RtbChart *self)
{
  GtkWidget *label;

  g_return_val_if_fail (RTB_IS_CHART (self), NULL);
  if (self->spike_popover == NULL || !gtk_widget_get_visible (self->spike_popover))
    return NULL;
  label = gtk_popover_get_child (GTK_POPOVER (self->spike_popover));
  return gtk_label_get_label (GTK_LABEL (label));
}

gboolean
rtb_chart_spike_point (RtbChart *self, guint index, double *x, double *y)
{
  g_autofree RtbPlotSeries *series = NULL;
  guint n_series;

  g_return_val_if_fail (RTB_IS_CHART (self), FALSE);
  if (self->kind != RTB_CHART_CURVE || !self->have_layout)
    return FALSE;
  series = _rtb_chart_collect_series (self, &n_series);
  for (guint k = 0; k < n_series; k++)
    {
      if (index >= series[k].n_markers)
        {
          index -= (guint) series[k].n_markers;
          continue;
        }
      *x = rtb_plot_axis_to_pixel (&self->layout.x,
                                   ((double) series[k].marker_instances[index] - 0.5) *
                                     self->layout.x.unit);
      *y = rtb_plot_axis_to_pixel (&self->layout.y,
                                   CLAMP (series[k].marker_values_us[index], self->layout.y.lo,
                                          self->layout.y.hi));
      return TRUE;
    }
  return FALSE;
}
void
_rtb_chart_init_input (RtbChart *self)
{
  GtkEventController *motion;
  GtkGesture *drag;
  GtkGesture *click;

  self->readout = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->readout), 0);
  gtk_widget_add_css_class (self->readout, "chart-readout");
  gtk_widget_add_css_class (self->readout, "osd");
  gtk_widget_set_can_target (self->readout, FALSE);
  gtk_widget_set_visible (self->readout, FALSE);
  gtk_widget_set_parent (self->readout, GTK_WIDGET (self));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Drag across the chart to zoom, double-click to zoom out"),
                                  -1);

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  drag = gtk_gesture_drag_new ();
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (on_click_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

gboolean
rtb_chart_get_zoomed (RtbChart *self)
{
  g_return_val_if_fail (RTB_IS_CHART (self), FALSE);

  return self->zoomed;
}

void
rtb_chart_reset_zoom (RtbChart *self)
{
  g_return_if_fail (RTB_IS_CHART (self));

  if (!self->zoomed)
    return;
  self->zoomed = FALSE;
  _rtb_chart_invalidate (self, TRUE);
  _rtb_chart_relayout (self);
  _rtb_chart_update_readout (self);
}

void
rtb_chart_zoom_pixels (RtbChart *self,
                       double    x0,
                       double    x1)
{
  g_return_if_fail (RTB_IS_CHART (self));

  if (!self->have_layout)
    return;

  if (self->kind == RTB_CHART_CURVE)
    {
      guint64 first = 0;
      guint64 last = 0;

      rtb_plot_curve_range_at (&self->layout, x0, x1, &first, &last);
      if (first == 0 || last <= first)
        return;
      self->zoom_first = first;
      self->zoom_last = last;
    }
  else if (self->kind == RTB_CHART_HEATMAP)
    {
      guint64 first = 0;
      guint64 last = 0;

      if (!_rtb_chart_heatmap_range_at (self, x0, x1, &first, &last))
        return;
      self->zoom_first = first;
      self->zoom_last = last;
    }
  else
    {
      double lo = 0;
      double hi = 0;

      rtb_plot_histogram_range_at (&self->layout, x0, x1, &lo, &hi);
      if (!(hi - lo >= 1))
        return;
      self->zoom_lo_us = floor (lo);
      self->zoom_hi_us = ceil (hi);
    }
  self->zoomed = TRUE;
  _rtb_chart_invalidate (self, TRUE);
  _rtb_chart_relayout (self);
  _rtb_chart_update_readout (self);
}

void
rtb_chart_get_x_span (RtbChart *self,
                      double   *lo,
                      double   *hi)
{
  g_return_if_fail (RTB_IS_CHART (self));

  *lo = self->have_layout ? self->layout.x.lo : 0;
  *hi = self->have_layout ? self->layout.x.hi : 0;
}

const char *
rtb_chart_get_readout (RtbChart *self)
{
  g_return_val_if_fail (RTB_IS_CHART (self), NULL);

  return self->readout_text;
}

const char *
rtb_chart_hover (RtbChart *self,
                 double    x,
                 double    y)
{
  g_return_val_if_fail (RTB_IS_CHART (self), NULL);

  self->hovering = TRUE;
  self->hover_x = x;
  self->hover_y = y;
  _rtb_chart_update_readout (self);
  return self->readout_text;
}

gboolean
rtb_chart_open_spike (RtbChart *self, guint index)
{
  const RtbSpike *spike;
  const char *name;
  double x, y;

  g_return_val_if_fail (RTB_IS_CHART (self), FALSE);
  if (!rtb_chart_spike_point (self, index, &x, &y))
    return FALSE;
  spike = spike_at (self, x, y, &name);
  if (spike == NULL)
    return FALSE;
  _rtb_chart_show_spike (self, spike, name, x, y);
  return TRUE;
}
