/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-plot"
#include "config.h"

#include <glib/gi18n.h>

#include "rtb-plot-run.h"

guint
rtb_plot_run_series (RtbRun *const *runs, guint n_runs, RtbPlotSeries *out, guint max,
                     GPtrArray *names)
{
  guint n = 0;

  for (guint r = 0; r < n_runs; r++)
    for (guint i = 0; i < rtb_run_get_n_series (runs[r]) && n < max; i++)
      {
        RtbSeries *series = rtb_run_get_series (runs[r], i);
        char *name = n_runs > 1 ? g_strdup_printf ("%s: %s", rtb_run_get_label (runs[r]), series->name)
                                : g_strdup (series->name);
        g_ptr_array_add (names, name);
        out[n] = (RtbPlotSeries) {
          .name = name,
          .color_index = n,
          .history = &series->history,
          .histogram = &series->histogram,
        };
        n++;
      }
  return n;
}

char *
rtb_plot_run_system_line (RtbRun *run)
{
  const RtbSystemInfo *system = rtb_run_get_system (run);
  GString *line = g_string_new (NULL);

  if (system == NULL)
    return g_string_free (line, FALSE);
  g_string_append (line, system->hostname && *system->hostname ? system->hostname : "?");
  /* An import may know nothing of the kernel: then it cannot say whether it was PREEMPT_RT. */
  if (system->kernel_release != NULL && *system->kernel_release != '\0')
    g_string_append_printf (line, " · Linux %s · %s", system->kernel_release,
                            system->preempt_rt == TRUE ? "PREEMPT_RT"
                            : system->preempt_rt == FALSE ? "not PREEMPT_RT" : "PREEMPT_RT unknown");
  if (system->machine != NULL && *system->machine != '\0')
    g_string_append_printf (line, " · %s", system->machine);
  if (system->n_cpus > 0)
    g_string_append_printf (line, " · %d CPUs", system->n_cpus);
  if (system->isolcpus != NULL && *system->isolcpus != '\0')
    g_string_append_printf (line, " · isolcpus=%s", system->isolcpus);
  const char *load = rtb_run_get_load (run);
  if (load != NULL && g_strcmp0 (load, "none") != 0)
    g_string_append_printf (line, " · %s load", load);
  return g_string_free (line, FALSE);
}

/* Marked, not translated: the window's charts translate them, the CLI's exports stay English. */
const char *
rtb_plot_run_value_label (RtbMethod method)
{
  switch (method)
    {
    case RTB_METHOD_JITTER:
      return N_("interval deviation (µs)");
    case RTB_METHOD_TIMER:
      return N_("tick error (µs)");
    case RTB_METHOD_RESPONSE:
      return N_("execution time (µs)");
    case RTB_METHOD_LATENCY:
    default:
      return N_("latency (µs)");
    }
}

const char *
rtb_plot_run_instance_label (RtbMethod method)
{
  switch (method)
    {
    case RTB_METHOD_JITTER:
      return "interval";
    case RTB_METHOD_TIMER:
      return "tick";
    case RTB_METHOD_RESPONSE:
      return "instance";
    case RTB_METHOD_LATENCY:
    default:
      return "cycle";
    }
}

static char *
run_title (RtbRun *const *runs, guint n_runs, const char *what)
{
  if (n_runs == 1)
    return g_strdup_printf ("%s — %s", what, rtb_run_get_label (runs[0]));
  return g_strdup_printf ("%s — %u runs", what, n_runs);
}

static char *
subtitle (RtbRun *const *runs, guint n_runs)
{
  if (n_runs == 1)
    return rtb_plot_run_system_line (runs[0]);
  GString *text = g_string_new (NULL);
  for (guint r = 0; r < n_runs; r++)
    {
      g_autofree char *line = rtb_plot_run_system_line (runs[r]);
      /* One line per run: side by side, two systems do not fit the width of a chart. */
      g_string_append_printf (text, "%s%s: %s", r ? "\n" : "", rtb_run_get_label (runs[r]), line);
    }
  return g_string_free (text, FALSE);
}

static void
draw_one (cairo_t *cr, const RtbPlotTheme *theme, int width, int height, RtbPlotRunChart chart,
          RtbRun *const *runs, guint n_runs)
{
  RtbPlotSeries series[RTB_PLOT_RUN_MAX_SERIES];
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint n = rtb_plot_run_series (runs, n_runs, series, G_N_ELEMENTS (series), names);
  RtbMethod method = n_runs > 0 ? rtb_run_get_method (runs[0]) : RTB_METHOD_LATENCY;
  g_autofree char *sub = subtitle (runs, n_runs);

  if (chart == RTB_PLOT_RUN_CURVE)
    {
      RtbPlotCurveOptions opts;
      g_autofree char *title = run_title (runs, n_runs, "Every instance and its running mean");
      rtb_plot_curve_options_init (&opts);
      opts.title = title;
      opts.subtitle = sub;
      opts.x_label = rtb_plot_run_instance_label (method);
      opts.y_label = rtb_plot_run_value_label (method);
      rtb_plot_curve (cr, theme, width, height, &opts, series, n, NULL);
    }
  else
    {
      RtbPlotHistogramOptions opts;
      g_autofree char *title = run_title (runs, n_runs, "Histogram");
      rtb_plot_histogram_options_init (&opts);
      opts.title = title;
      opts.subtitle = sub;
      opts.x_label = rtb_plot_run_value_label (method);
      rtb_plot_histogram (cr, theme, width, height, &opts, series, n, NULL);
    }
}

void
rtb_plot_run_draw (cairo_t *cr, const RtbPlotTheme *theme, int width, int height,
                   RtbPlotRunChart chart, RtbRun *const *runs, guint n_runs)
{
  if (chart != RTB_PLOT_RUN_BOTH)
    {
      draw_one (cr, theme, width, height, chart, runs, n_runs);
      return;
    }

  /* Each chart paints its own background, so each gets only its half. */
  int top = height / 2;
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, top);
  cairo_clip (cr);
  draw_one (cr, theme, width, top, RTB_PLOT_RUN_CURVE, runs, n_runs);
  cairo_restore (cr);
  cairo_save (cr);
  cairo_translate (cr, 0, top);
  cairo_rectangle (cr, 0, 0, width, height - top);
  cairo_clip (cr);
  draw_one (cr, theme, width, height - top, RTB_PLOT_RUN_HISTOGRAM, runs, n_runs);
  cairo_restore (cr);
}
