/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-chart-private.h"
#include "rtb-label.h"
#include "rtb-plot-run.h"

static char *
runs_subtitle (RtbChart *self)
{
  g_autoptr(GPtrArray) labels = rtb_label_unique ((RtbRun *const *) self->runs->pdata,
                                                  self->runs->len);
  GString *text = g_string_new (NULL);

  for (guint r = 0; r < self->runs->len; r++)
    {
      RtbRun *run = g_ptr_array_index (self->runs, r);
      g_autofree char *line = rtb_plot_run_system_line (run);

      if (r > 0)
        g_string_append_c (text, '\n');
      if (self->runs->len > 1)
        g_string_append_printf (text, "%s: ", (char *) labels->pdata[r]);
      g_string_append (text, line);
    }
  return g_string_free (text, FALSE);
}

/* The chart's own table. */
static RtbExportFormat
csv_format (RtbChart *self)
{
  switch (self->kind)
    {
    case RTB_CHART_HISTOGRAM:
      return RTB_EXPORT_CSV_HISTOGRAM;
    case RTB_CHART_HEATMAP:
      return RTB_EXPORT_CSV_HEATMAP;
    case RTB_CHART_CURVE:
    default:
      return RTB_EXPORT_CSV_SERIES;
    }
}

void
rtb_chart_draw (RtbChart           *self,
                cairo_t            *cr,
                const RtbPlotTheme *theme,
                int                 width,
                int                 height)
{
  g_autofree RtbPlotSeries *series = NULL;
  g_autofree char *subtitle = NULL;
  guint n_series;

  g_return_if_fail (RTB_IS_CHART (self));

  series = _rtb_chart_collect_series (self, &n_series);
  subtitle = runs_subtitle (self);
  if (self->kind == RTB_CHART_CURVE)
    {
      RtbPlotCurveOptions opts;

      _rtb_chart_curve_options (self, &opts);
      if (self->note != NULL)
        {
          char *with_note = g_strdup_printf ("%s\n%s", subtitle, self->note);

          g_free (subtitle);
          subtitle = with_note;
        }
      opts.subtitle = subtitle;
      rtb_plot_curve (cr, theme, width, height, &opts, series, n_series, NULL);
    }
  else if (self->kind == RTB_CHART_HEATMAP)
    {
      _rtb_chart_heatmap_draw (self, cr, theme, width, height, subtitle);
    }
  else
    {
      RtbPlotHistogramOptions opts;

      _rtb_chart_histogram_options (self, &opts);
      opts.subtitle = subtitle;
      rtb_plot_histogram (cr, theme, width, height, &opts, series, n_series, NULL);
    }
}

static void
draw_for_export (cairo_t  *cr,
                 int       width,
                 int       height,
                 gpointer  user_data)
{
  RtbPlotTheme theme = rtb_plot_theme_light ();

  rtb_chart_draw (user_data, cr, &theme, width, height);
}

gboolean
rtb_chart_export (RtbChart         *self,
                  RtbExportFormat   format,
                  const char       *path,
                  int               width,
                  int               height,
                  double            scale,
                  GError          **error)
{
  g_return_val_if_fail (RTB_IS_CHART (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (rtb_export_format_is_chart (format))
    return rtb_export_chart (format, path, width, height, scale, draw_for_export, self, error);
  if (self->runs->len == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("The chart shows no run"));
      return FALSE;
    }
  return rtb_export_runs (csv_format (self), path, (RtbRun *const *) self->runs->pdata, self->runs->len, 0, 0, 0,
                          error);
}

static void
on_export_chosen (GtkWidget  *widget,
                  const char *path,
                  gpointer    user_data)
{
  RtbChart *self = RTB_CHART (widget);
  RtbExportFormat format = GPOINTER_TO_UINT (user_data);
  g_autoptr(GError) error = NULL;
  /* The chart as large as it is on screen, twice as sharp. */
  int width = MAX (gtk_widget_get_width (widget), 320);
  int height = MAX (gtk_widget_get_height (widget), 200);

  rtb_chart_export (self, format, path, width, height, 2.0, &error);
  rtb_export_report (widget, path, error);
}

void
_rtb_chart_export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  RtbChart *self = RTB_CHART (widget);
  RtbExportFormat format;
  g_autofree char *name = NULL;

  if (g_str_equal (g_variant_get_string (parameter, NULL), "csv"))
    format = csv_format (self);
  else if (!rtb_export_format_from_string (g_variant_get_string (parameter, NULL), &format))
    return;
  name = g_strdup_printf ("%s %s", self->run ? rtb_run_get_label (self->run) : "rtbench",
                          self->kind == RTB_CHART_HISTOGRAM ? _("histogram")
                          : self->kind == RTB_CHART_HEATMAP ? _("heatmap")
                                                            : _("curve"));
  rtb_export_choose_file (widget, format, name, on_export_chosen, GUINT_TO_POINTER (format));
}
