/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "rtb-chart.h"
#include "rtb-plot.h"

#define DRAG_THRESHOLD 6.0

struct _RtbChart
{
  GtkWidget parent_instance;

  /* Owned references */
  RtbRun *run;
  GtkWidget *readout;
  char *title;
  char *readout_text;

  RtbChartKind kind;
  int series_filter;
  RtbPlotLayout layout;
  gboolean have_layout;

  /* Zoom: a range of instances (curve) or of µs (histogram) */
  gboolean zoomed;
  guint64 zoom_first;
  guint64 zoom_last;
  double zoom_lo_us;
  double zoom_hi_us;

  gboolean dragging;
  double drag_x0;
  double drag_x1;

  gboolean hovering;
  double hover_x;
  double hover_y;
};

G_DEFINE_FINAL_TYPE (RtbChart, rtb_chart, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_KIND,
  PROP_RUN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static RtbPlotTheme
current_theme (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ())
         ? rtb_plot_theme_dark () : rtb_plot_theme_light ();
}

/* The run's series as the plot sees them; colour slots follow the run's series index, so a
 * CPU keeps its colour in every chart and in the table. */
static RtbPlotSeries *
collect_series (RtbChart *self,
                guint    *n_out)
{
  RtbPlotSeries *series;
  guint n_series;
  guint n = 0;

  n_series = self->run ? rtb_run_get_n_series (self->run) : 0;
  series = g_new0 (RtbPlotSeries, MAX (n_series, 1));
  for (guint i = 0; i < n_series; i++)
    {
      RtbSeries *s = rtb_run_get_series (self->run, i);

      if (self->series_filter >= 0 && (guint) self->series_filter != i)
        continue;
      series[n].name = s->name;
      series[n].color_index = i;
      series[n].history = &s->history;
      series[n].histogram = &s->histogram;
      n++;
    }
  *n_out = n;
  return series;
}

static double
x_per_instance (RtbChart *self)
{
  const RtbCommand *cmd;

  if (self->run == NULL)
    return 0;
  cmd = rtb_run_get_command (self->run);
  switch (cmd->method)
    {
    case RTB_METHOD_LATENCY:
    case RTB_METHOD_TIMER:
      return cmd->interval_us / 1e6;
    case RTB_METHOD_JITTER:
      if (self->series_filter < 0)
        return 0;
      return (self->series_filter == 0 ? cmd->interval_us : cmd->interval2_us) / 1e6;
    case RTB_METHOD_RESPONSE:
    default:
      return 0;
    }
}

static const char *
y_label (RtbChart *self)
{
  RtbMethod method = self->run ? rtb_run_get_method (self->run) : RTB_METHOD_LATENCY;

  switch (method)
    {
    case RTB_METHOD_JITTER:
      return _("deviation (µs)");
    case RTB_METHOD_TIMER:
      return _("tick error (µs)");
    case RTB_METHOD_RESPONSE:
      return _("execution time (µs)");
    case RTB_METHOD_LATENCY:
    default:
      return _("latency (µs)");
    }
}

static void
curve_options (RtbChart            *self,
               RtbPlotCurveOptions *opts)
{
  double per_instance = x_per_instance (self);

  rtb_plot_curve_options_init (opts);
  opts->title = self->title;
  opts->x_label = per_instance > 0 ? _("time (s)") : _("instance");
  opts->y_label = y_label (self);
  opts->x_per_instance = per_instance;
  opts->show_legend = self->series_filter < 0;
  if (self->zoomed)
    {
      opts->first = self->zoom_first;
      opts->last = self->zoom_last;
    }
}

static void
histogram_options (RtbChart                *self,
                   RtbPlotHistogramOptions *opts)
{
  rtb_plot_histogram_options_init (opts);
  opts->title = self->title;
  opts->x_label = y_label (self);
  opts->y_label = _("samples");
  opts->show_legend = self->series_filter < 0;
  opts->show_overflows = TRUE;
  if (self->zoomed)
    {
      opts->x_fixed = TRUE;
      opts->x_min_us = self->zoom_lo_us;
      opts->x_max_us = self->zoom_hi_us;
    }
}

static void
update_readout (RtbChart *self)
{
  g_autofree RtbPlotSeries *series = NULL;
  g_autoptr(GString) text = NULL;
  guint n_series;

  g_clear_pointer (&self->readout_text, g_free);
  if (!self->hovering || !self->have_layout || self->run == NULL)
    goto out;

  series = collect_series (self, &n_series);
  if (n_series == 0)
    goto out;
  text = g_string_new (NULL);

  if (self->kind == RTB_CHART_CURVE)
    {
      g_autofree RtbPlotCurveValue *values = g_new0 (RtbPlotCurveValue, n_series);
      double per_instance = x_per_instance (self);
      gboolean any = FALSE;

      if (!rtb_plot_curve_value_at (&self->layout, series, n_series, self->hover_x, values))
        goto out;
      for (guint i = 0; i < n_series; i++)
        {
          if (!values[i].has_data)
            continue;
          if (!any)
            {
              if (per_instance > 0)
                g_string_append_printf (text, _("%.3f s, instance %" G_GUINT64_FORMAT),
                                        values[i].first * per_instance, values[i].first);
              else if (values[i].first == values[i].last)
                g_string_append_printf (text, _("instance %" G_GUINT64_FORMAT), values[i].first);
              else
                g_string_append_printf (text, _("instances %" G_GUINT64_FORMAT "–%"
                                                G_GUINT64_FORMAT),
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
                g_string_append_printf (text, _("%" G_GINT64_FORMAT " µs"), values[i].lo_us);
              else
                g_string_append_printf (text, _("%" G_GINT64_FORMAT "–%" G_GINT64_FORMAT " µs"),
                                        values[i].lo_us, values[i].hi_us);
              any = TRUE;
            }
          g_string_append_c (text, '\n');
          g_string_append_printf (text, _("%s: %" G_GUINT64_FORMAT " samples"),
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

static void
rtb_chart_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  RtbChart *self = RTB_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  RtbPlotTheme theme = current_theme ();
  g_autofree RtbPlotSeries *series = NULL;
  graphene_rect_t bounds;
  guint n_series;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;

  series = collect_series (self, &n_series);
  graphene_rect_init (&bounds, 0, 0, width, height);

  /* One node for the frame and one per series, as Sysprof's chart layers do: GSK can then
   * reuse the frame's node when only a curve changed. */
  if (self->kind == RTB_CHART_CURVE)
    {
      RtbPlotCurveOptions opts;

      curve_options (self, &opts);
      rtb_plot_curve_layout (&theme, width, height, &opts, series, n_series, &self->layout);
      cr = gtk_snapshot_append_cairo (snapshot, &bounds);
      rtb_plot_curve_draw_frame (cr, &theme, &self->layout, &opts, series, n_series);
      cairo_destroy (cr);
      /* Every band before any mean, so a band never hides another series' mean. */
      for (guint part = 0; part < 2; part++)
        for (guint i = 0; i < n_series; i++)
          {
            cr = gtk_snapshot_append_cairo (snapshot, &bounds);
            rtb_plot_curve_draw_series (cr, &theme, &self->layout, &opts, &series[i],
                                        part == 0 ? RTB_PLOT_CURVE_BAND : RTB_PLOT_CURVE_MEAN);
            cairo_destroy (cr);
          }
    }
  else
    {
      RtbPlotHistogramOptions opts;

      histogram_options (self, &opts);
      rtb_plot_histogram_layout (&theme, width, height, &opts, series, n_series, &self->layout);
      cr = gtk_snapshot_append_cairo (snapshot, &bounds);
      rtb_plot_histogram_draw_frame (cr, &theme, &self->layout, &opts, series, n_series);
      cairo_destroy (cr);
      for (guint i = 0; i < n_series; i++)
        {
          cr = gtk_snapshot_append_cairo (snapshot, &bounds);
          rtb_plot_histogram_draw_series (cr, &theme, &self->layout, &opts, &series[i]);
          cairo_destroy (cr);
        }
      cr = gtk_snapshot_append_cairo (snapshot, &bounds);
      rtb_plot_histogram_draw_overflows (cr, &theme, &self->layout, &opts, series, n_series);
      cairo_destroy (cr);
    }
  self->have_layout = TRUE;

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
      GdkRGBA line = { theme.foreground.red, theme.foreground.green, theme.foreground.blue, 0.4 };

      gtk_snapshot_append_color (snapshot, &line,
                                 &GRAPHENE_RECT_INIT (floor (self->hover_x), plot->y,
                                                      1, plot->height));
    }

  gtk_widget_snapshot_child (widget, self->readout, snapshot);
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
  update_readout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_leave (GtkEventControllerMotion *controller,
          RtbChart                 *self)
{
  self->hovering = FALSE;
  update_readout (self);
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
  if (n_press == 2)
    rtb_chart_reset_zoom (self);
}

static void
on_run_changed (RtbChart *self)
{
  if (self->hovering)
    update_readout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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

void
rtb_chart_set_run (RtbChart *self,
                   RtbRun   *run)
{
  g_return_if_fail (RTB_IS_CHART (self));
  g_return_if_fail (run == NULL || RTB_IS_RUN (run));

  if (self->run == run)
    return;
  if (self->run != NULL)
    g_signal_handlers_disconnect_by_func (self->run, on_run_changed, self);
  g_set_object (&self->run, run);
  if (run != NULL)
    g_signal_connect_swapped (run, "changed", G_CALLBACK (on_run_changed), self);

  self->zoomed = FALSE;
  self->have_layout = FALSE;
  update_readout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUN]);
}

void
rtb_chart_set_series_filter (RtbChart *self,
                             int       index)
{
  g_return_if_fail (RTB_IS_CHART (self));

  self->series_filter = index;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
rtb_chart_set_title (RtbChart   *self,
                     const char *title)
{
  g_return_if_fail (RTB_IS_CHART (self));

  g_free (self->title);
  self->title = g_strdup (title);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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
  update_readout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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
  update_readout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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
  update_readout (self);
  return self->readout_text;
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
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rtb_chart_dispose (GObject *object)
{
  RtbChart *self = RTB_CHART (object);

  rtb_chart_set_run (self, NULL);
  g_clear_pointer (&self->readout, gtk_widget_unparent);

  G_OBJECT_CLASS (rtb_chart_parent_class)->dispose (object);
}

static void
rtb_chart_finalize (GObject *object)
{
  RtbChart *self = RTB_CHART (object);

  g_free (self->title);
  g_free (self->readout_text);

  G_OBJECT_CLASS (rtb_chart_parent_class)->finalize (object);
}

static void
rtb_chart_class_init (RtbChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = rtb_chart_get_property;
  object_class->set_property = rtb_chart_set_property;
  object_class->dispose = rtb_chart_dispose;
  object_class->finalize = rtb_chart_finalize;

  widget_class->snapshot = rtb_chart_snapshot;
  widget_class->measure = rtb_chart_measure;
  widget_class->size_allocate = rtb_chart_size_allocate;

  properties[PROP_KIND] =
    g_param_spec_int ("kind", NULL, NULL, RTB_CHART_CURVE, RTB_CHART_HISTOGRAM, RTB_CHART_CURVE,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUN] =
    g_param_spec_object ("run", NULL, NULL, RTB_TYPE_RUN,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "rtbchart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
rtb_chart_init (RtbChart *self)
{
  GtkEventController *motion;
  GtkGesture *drag;
  GtkGesture *click;

  self->series_filter = -1;

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

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}
