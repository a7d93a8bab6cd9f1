/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-plot"
#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <string.h>

#include "rtb-label.h"
#include "rtb-methods.h"
#include "rtb-plot-run.h"

void
rtb_plot_run_markers (RtbRun *run, guint index, RtbPlotSeries *series)
{
  const guint64 *instances;
  const double *values;

  series->n_markers = rtb_spike_log_get_marks (rtb_run_get_spike_log (run), index, &instances,
                                               &values);
  series->marker_instances = instances;
  series->marker_values_us = values;
}

RtbPlotSeries
rtb_plot_run_series_entry (RtbSeries  *series,
                           const char *name,
                           guint       color_index)
{
  return (RtbPlotSeries) {
    .name = name,
    .color_index = color_index,
    .history = &series->history,
    /* A source without histogram: nothing to draw, and its overflows mean nothing. */
    .histogram = series->no_histogram ? NULL : &series->histogram,
    .heatmap = rtb_series_has_heatmap (series) ? &series->heatmap : NULL,
  };
}

guint
rtb_plot_run_series (RtbRun *const *runs, guint n_runs, int thread, RtbPlotSeries *out,
                     guint max, GPtrArray *names)
{
  /* Runs of the same label each by what sets it apart, so that no two legend lines read alike. */
  g_autoptr(GPtrArray) labels = rtb_label_unique (runs, n_runs);
  guint n = 0, slot = 0;

  for (guint r = 0; r < n_runs; r++)
    for (guint i = 0; i < rtb_run_get_n_series (runs[r]) && slot < max; i++, slot++)
      {
        RtbSeries *series = rtb_run_get_series (runs[r], i);
        const char *name = series->name;

        if (thread >= 0 && i != (guint) thread)
          continue;
        if (n_runs > 1)
          {
            char *label = g_strdup_printf ("%s: %s", (char *) labels->pdata[r], series->name);

            g_ptr_array_add (names, label);
            name = label;
          }
        out[n] = rtb_plot_run_series_entry (series, name, slot);
        rtb_plot_run_markers (runs[r], i, &out[n]);
        n++;
      }
  return n;
}

gboolean
rtb_plot_run_get_import (RtbRun *run, char **format, char **file)
{
  const char *source;
  const char *colon;

  g_return_val_if_fail (RTB_IS_RUN (run), FALSE);

  source = rtb_run_get_source (run);
  if (source == NULL || !g_str_has_prefix (source, "imported from "))
    return FALSE;
  source += strlen ("imported from ");
  colon = strstr (source, ": ");
  if (format != NULL)
    *format = colon != NULL ? g_strndup (source, colon - source) : g_strdup (source);
  if (file != NULL)
    *file = colon != NULL ? g_path_get_basename (colon + 2) : NULL;
  return TRUE;
}

/* "cyclictest 1.x–2.6 text (ct24.txt)" for a run imported from a file, NULL for one measured. */
static char *
imported_from (RtbRun *run)
{
  g_autofree char *format = NULL;
  g_autofree char *file = NULL;

  if (!rtb_plot_run_get_import (run, &format, &file))
    return NULL;
  if (file == NULL)
    return g_steal_pointer (&format);
  return g_strdup_printf ("%s (%s)", format, file);
}

gboolean
rtb_plot_run_lacks_instances (RtbRun *run)
{
  g_return_val_if_fail (RTB_IS_RUN (run), FALSE);

  if (!rtb_plot_run_get_import (run, NULL, NULL))
    return FALSE;
  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    if (rtb_run_get_series (run, i)->history.n_positions > 0)
      return FALSE;
  return TRUE;
}

/* Joins what follows to what `line` holds with " · ". */
static void
add_fact (GString *line, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
add_fact (GString *line, const char *format, ...)
{
  va_list args;

  if (line->len > 0)
    g_string_append (line, " · ");
  va_start (args, format);
  g_string_append_vprintf (line, format, args);
  va_end (args);
}

char *
rtb_plot_run_system_line (RtbRun *run)
{
  const RtbSystemInfo *system = rtb_run_get_system (run);
  g_autofree char *imported = imported_from (run);
  const char *load = rtb_run_get_load (run);
  GString *line = g_string_new (NULL);

  if (system != NULL)
    {
      if (system->hostname != NULL && *system->hostname != '\0')
        add_fact (line, "%s", system->hostname);
      /* An import may know nothing of the kernel: then it cannot say whether it was PREEMPT_RT */
      if (system->kernel_release != NULL && *system->kernel_release != '\0')
        add_fact (line, "Linux %s · %s", system->kernel_release,
                  system->preempt_rt == TRUE    ? "PREEMPT_RT"
                  : system->preempt_rt == FALSE ? _("not PREEMPT_RT")
                                                : _("PREEMPT_RT unknown"));
      if (system->machine != NULL && *system->machine != '\0')
        add_fact (line, "%s", system->machine);
      if (system->n_cpus > 0)
        add_fact (line, g_dngettext (NULL, "%d CPU", "%d CPUs", system->n_cpus), system->n_cpus);
      if (system->isolcpus != NULL && *system->isolcpus != '\0')
        add_fact (line, "isolcpus=%s", system->isolcpus);
    }
  if (g_strcmp0 (load, "cpu") == 0)
    add_fact (line, "%s", _("CPU load"));
  else if (g_strcmp0 (load, "full") == 0)
    add_fact (line, "%s", _("full load"));
  else if (load != NULL && g_strcmp0 (load, "none") != 0)
    /* TRANSLATORS: a load beside a run, named as the run file names it */
    add_fact (line, _("%s load"), load);
  if (imported != NULL)
    /* TRANSLATORS: %s is a format and maybe its file: "cyclictest --json (ct.json)" */
    add_fact (line, _("imported from %s"), imported);
  return g_string_free (line, FALSE);
}

char *
rtb_plot_run_overflow_note (uint64_t    count,
                            const char *edge,
                            bool        above)
{
  if (above)
    /* TRANSLATORS: beside a histogram's marker; %s is its upper edge, "1000" */
    return g_strdup_printf (g_dngettext (NULL, "%" PRIu64 " overflow ≥ %s µs",
                                         "%" PRIu64 " overflows ≥ %s µs", count),
                            count, edge);
  /* TRANSLATORS: beside a histogram's marker; %s is its lower edge, "0" or "−50" */
  return g_strdup_printf (g_dngettext (NULL, "%" PRIu64 " below %s µs",
                                       "%" PRIu64 " below %s µs", count),
                          count, edge);
}

/* The method's declaration; latency's for a value that is no method. */
static const RtbMethodInfo *
method_words (RtbMethod method)
{
  const RtbMethodInfo *info = rtb_method_info (method);

  return info != NULL ? info : rtb_method_info (RTB_METHOD_LATENCY);
}

/* Marked, not translated: the charts translate them where the program binds its translations
 * (the window); the CLI's exports stay English. */
const char *
rtb_plot_run_value_label (RtbMethod method)
{
  return method_words (method)->value_label;
}

const char *
rtb_plot_run_magnitude_label (RtbMethod method)
{
  const RtbMethodInfo *info = method_words (method);

  return info->magnitude_label != NULL ? info->magnitude_label : info->value_label;
}

const char *
rtb_plot_run_curve_title (RtbMethod method, int thread)
{
  const RtbMethodInfo *info = method_words (method);

  if (thread >= 0 && (guint) thread < G_N_ELEMENTS (info->thread_titles) &&
      info->thread_titles[thread] != NULL)
    return info->thread_titles[thread];
  return info->curve_title;
}

const char *
rtb_plot_run_histogram_title (RtbMethod method)
{
  return method_words (method)->histogram_title;
}

const char *
rtb_plot_run_skip_note (RtbMethod method)
{
  const RtbMethodInfo *info = method_words (method);

  return info->skip_note != NULL ? info->skip_note
                                 : N_("▲ on the time axis: periods skipped after a stall");
}

double
rtb_plot_run_seconds_per_instance (RtbRun *const *runs, guint n_runs, int index)
{
  double period = 0;

  for (guint r = 0; r < n_runs; r++)
    for (guint i = 0; i < rtb_run_get_n_series (runs[r]); i++)
      {
        double p;

        if (index >= 0 && i != (guint) index)
          continue;
        p = rtb_run_get_series_period_us (runs[r], i);
        if (p <= 0 || (period > 0 && p != period))
          return 0;
        period = p;
      }
  return period / 1e6;
}

const char *
rtb_plot_run_x_label (RtbMethod method, double seconds_per_instance)
{
  if (seconds_per_instance > 0)
    return N_("time (s)");
  return method == RTB_METHOD_NOISE ? N_("gap (loop of clock reads)") : N_("instance");
}

static char *
run_title (RtbRun *const *runs, guint n_runs, const char *what)
{
  if (n_runs == 1)
    return g_strdup_printf ("%s — %s", what, rtb_run_get_label (runs[0]));
  /* TRANSLATORS: a chart's title: what it shows, then how many runs, "Latency per CPU — 3 runs" */
  return g_strdup_printf (g_dngettext (NULL, "%s — %u run", "%s — %u runs", n_runs), what, n_runs);
}

static char *
subtitle (RtbRun *const *runs, guint n_runs)
{
  if (n_runs == 1)
    return rtb_plot_run_system_line (runs[0]);
  g_autoptr(GPtrArray) labels = rtb_label_unique (runs, n_runs);
  GString *text = g_string_new (NULL);
  for (guint r = 0; r < n_runs; r++)
    {
      g_autofree char *line = rtb_plot_run_system_line (runs[r]);
      /* One line per run: side by side, two systems do not fit the width of a chart. */
      g_string_append_printf (text, "%s%s: %s", r ? "\n" : "", (char *) labels->pdata[r], line);
    }
  return g_string_free (text, FALSE);
}

guint
rtb_plot_run_curve_series (RtbRun *const *runs, guint n_runs, int thread, RtbPlotSeries *out,
                           guint max, GPtrArray *names)
{
  guint n = rtb_plot_run_series (runs, n_runs, thread, out, max, names);
  guint kept = 0, i = 0;

  for (guint r = 0; r < n_runs; r++)
    for (guint s = 0; s < rtb_run_get_n_series (runs[r]) && i < n; s++)
      {
        if (thread >= 0 && s != (guint) thread)
          continue;
        if (!rtb_plot_run_lacks_instances (runs[r]))
          out[kept++] = out[i];
        i++;
      }
  return kept;
}

gboolean
rtb_plot_run_lacks_histogram (RtbRun *run)
{
  g_return_val_if_fail (RTB_IS_RUN (run), FALSE);

  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    if (!rtb_run_get_series (run, i)->no_histogram)
      return FALSE;
  return rtb_run_get_n_series (run) > 0;
}

/* "LABEL has no WHAT: it was imported from SOURCE, which keeps only …", a line for each run
 * that lacks() it (NULL: none); *all_lack says whether every run does. */
static char *
lack_note (RtbRun *const *runs, guint n_runs, gboolean (*lacks) (RtbRun *), const char *what,
           gboolean *all_lack)
{
  g_autoptr(GPtrArray) labels = rtb_label_unique (runs, n_runs);
  GString *text = g_string_new (NULL);

  *all_lack = TRUE;
  for (guint r = 0; r < n_runs; r++)
    {
      g_autofree char *imported = imported_from (runs[r]);

      if (!lacks (runs[r]))
        {
          *all_lack = FALSE;
          continue;
        }
      g_string_append_printf (text, "%s%s has no %s: it was imported from %s, which keeps only "
                              "%s.", text->len ? "\n" : "",
                              n_runs > 1 ? (char *) labels->pdata[r] : "This run", what,
                              imported != NULL ? imported : "a file",
                              rtb_plot_run_lacks_histogram (runs[r])
                                ? "each thread's count, min, average and max"
                                : "a histogram and statistics");
    }
  return g_string_free (text, text->len == 0);
}

char *
rtb_plot_run_no_instances_note (RtbRun *const *runs, guint n_runs)
{
  gboolean all_lack;

  return lack_note (runs, n_runs, rtb_plot_run_lacks_instances, "per-sample data", &all_lack);
}

/* The series of one curve panel: those of every run that has per-instance values, thread
 * `thread` (-1: every series), coloured as in the histogram. A series without a single instance
 * (a run cut short at once) stays in the legend and says so. */
static guint
panel_series (RtbRun *const *runs, guint n_runs, int thread, RtbPlotSeries *out,
              GPtrArray *names)
{
  guint n = rtb_plot_run_curve_series (runs, n_runs, thread, out, RTB_PLOT_RUN_MAX_SERIES, names);

  for (guint i = 0; i < n; i++)
    if (rtb_plot_series_n_instances (&out[i]) == 0)
      {
        char *name = g_strdup_printf ("%s (no per-instance data)", out[i].name);

        g_ptr_array_add (names, name);
        out[i].name = name;
      }
  return n;
}

/* Why the runs have nothing to draw over their instances. */
static char *
no_instances_reason (RtbRun *const *runs, guint n_runs)
{
  g_autoptr(GPtrArray) labels = rtb_label_unique (runs, n_runs);
  g_autofree char *note = rtb_plot_run_no_instances_note (runs, n_runs);
  GString *text = g_string_new (note);

  for (guint r = 0; r < n_runs; r++)
    if (!rtb_plot_run_lacks_instances (runs[r]))
      g_string_append_printf (text, "%s%s recorded no samples.", text->len ? "\n" : "",
                              (char *) labels->pdata[r]);
  return g_string_free (text, FALSE);
}

/* The subtitle of a curve panel: the systems, and which runs have no curve in it and why. */
static char *
curve_subtitle (RtbRun *const *runs, guint n_runs)
{
  g_autofree char *systems = subtitle (runs, n_runs);
  g_autofree char *note = rtb_plot_run_no_instances_note (runs, n_runs);

  if (note == NULL)
    return g_steal_pointer (&systems);
  return g_strdup_printf ("%s\n%s", systems, note);
}

static void
draw_curve_panel (cairo_t *cr, const RtbPlotTheme *theme, int width, int height, int thread,
                  RtbPlotScale y_scale, RtbPlotRunTime time, RtbRun *const *runs, guint n_runs)
{
  RtbPlotSeries series[RTB_PLOT_RUN_MAX_SERIES];
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint n = panel_series (runs, n_runs, thread, series, names);
  RtbMethod method = rtb_run_get_method (runs[0]);
  double seconds = rtb_plot_run_seconds_per_instance (runs, n_runs, thread);
  g_autofree char *title = run_title (runs, n_runs, _(rtb_plot_run_curve_title (method, thread)));
  g_autofree char *sub = curve_subtitle (runs, n_runs);
  g_autofree char *reason = no_instances_reason (runs, n_runs);
  g_autofree char *clock_label = NULL;
  RtbPlotCurveOptions opts;

  rtb_plot_curve_options_init (&opts);
  opts.title = title;
  opts.subtitle = sub;
  opts.x_label = _(rtb_plot_run_x_label (method, seconds));
  opts.x_per_instance = seconds;
  clock_label = rtb_plot_run_time_apply (runs, n_runs, thread, time, seconds, &opts.time);
  if (clock_label != NULL)
    opts.x_label = clock_label;
  opts.y_label = _(rtb_plot_run_value_label (method));
  opts.band_note = _("band: min–max · line: running mean");
  opts.skip_note = _(rtb_plot_run_skip_note (method));
  opts.y_scale = y_scale;
  opts.placeholder = reason;
  rtb_plot_curve (cr, theme, width, height, &opts, series, n, NULL);
}

/* A curve asked for of runs that have no per-instance values: no axes, only why. */
static void
draw_no_instances_panel (cairo_t *cr, const RtbPlotTheme *theme, int width, int height,
                         RtbRun *const *runs, guint n_runs)
{
  RtbMethod method = rtb_run_get_method (runs[0]);
  g_autofree char *title = run_title (runs, n_runs, _(rtb_plot_run_curve_title (method, -1)));
  g_autofree char *sub = subtitle (runs, n_runs);
  g_autofree char *reason = no_instances_reason (runs, n_runs);

  rtb_plot_message (cr, theme, width, height, title, sub, reason);
}

static void
draw_histogram_panel (cairo_t *cr, const RtbPlotTheme *theme, int width, int height,
                      RtbRun *const *runs, guint n_runs)
{
  RtbPlotSeries series[RTB_PLOT_RUN_MAX_SERIES];
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint n = rtb_plot_run_series (runs, n_runs, -1, series, G_N_ELEMENTS (series), names);
  RtbMethod method = rtb_run_get_method (runs[0]);
  g_autofree char *title = run_title (runs, n_runs, _(rtb_plot_run_histogram_title (method)));
  g_autofree char *sub = subtitle (runs, n_runs);
  gboolean all_lack;
  g_autofree char *note = lack_note (runs, n_runs, rtb_plot_run_lacks_histogram, "histogram",
                                     &all_lack);
  RtbPlotHistogramOptions opts;

  /* No axes where there is nothing to draw, only why; otherwise the why under the systems. */
  if (note != NULL && all_lack)
    {
      rtb_plot_message (cr, theme, width, height, title, sub, note);
      return;
    }
  if (note != NULL)
    {
      char *both = g_strdup_printf ("%s\n%s", sub, note);

      g_free (sub);
      sub = both;
    }
  rtb_plot_histogram_options_init (&opts);
  opts.title = title;
  opts.subtitle = sub;
  opts.x_label = _(rtb_plot_run_value_label (method));
  opts.y_label = _("samples");
  opts.overflow_note = rtb_plot_run_overflow_note;
  rtb_plot_histogram (cr, theme, width, height, &opts, series, n, NULL);
}

static gboolean
any_instances (RtbRun *const *runs, guint n_runs)
{
  for (guint r = 0; r < n_runs; r++)
    for (guint i = 0; i < rtb_run_get_n_series (runs[r]); i++)
      if (rtb_run_get_series (runs[r], i)->history.n_positions > 0)
        return TRUE;
  return FALSE;
}

guint
rtb_plot_run_panels (RtbPlotRunChart chart, RtbRun *const *runs, guint n_runs,
                     RtbPlotRunPanel panels[RTB_PLOT_RUN_MAX_PANELS])
{
  gboolean instances;
  guint n = 0;

  g_return_val_if_fail (n_runs > 0 && runs != NULL, 0);

  instances = any_instances (runs, n_runs);
  if (chart == RTB_PLOT_RUN_CURVE && !instances)
    panels[n++] = (RtbPlotRunPanel) { RTB_PLOT_RUN_PANEL_NO_INSTANCES, -1 };
  else if (chart == RTB_PLOT_RUN_CURVE || (chart == RTB_PLOT_RUN_BOTH && instances))
    {
      /* Threads at periods of their own (jitter's, 40 times apart): each gets its own time
       * axis. */
      guint threads = 0;
      if (method_words (rtb_run_get_method (runs[0]))->own_periods)
        for (guint r = 0; r < n_runs; r++)
          threads = MAX (threads, MIN (rtb_run_get_n_series (runs[r]), 2));
      if (threads == 0)
        panels[n++] = (RtbPlotRunPanel) { RTB_PLOT_RUN_PANEL_CURVE, -1 };
      for (guint t = 0; t < threads; t++)
        panels[n++] = (RtbPlotRunPanel) { RTB_PLOT_RUN_PANEL_CURVE, (int) t };
    }
  if (chart != RTB_PLOT_RUN_CURVE)
    panels[n++] = (RtbPlotRunPanel) { RTB_PLOT_RUN_PANEL_HISTOGRAM, -1 };
  return n;
}

void
rtb_plot_run_draw (cairo_t *cr, const RtbPlotTheme *theme, int width, int height,
                   RtbPlotRunChart chart, RtbPlotScale y_scale, RtbPlotRunTime time,
                   RtbRun *const *runs, guint n_runs)
{
  RtbPlotRunPanel panels[RTB_PLOT_RUN_MAX_PANELS];
  guint n_panels;
  int top = 0;

  g_return_if_fail (n_runs > 0 && runs != NULL);

  if (chart == RTB_PLOT_RUN_HEATMAP)
    {
      rtb_plot_run_draw_heatmaps (cr, theme, width, height, time, runs, n_runs);
      return;
    }
  n_panels = rtb_plot_run_panels (chart, runs, n_runs, panels);
  for (guint p = 0; p < n_panels; p++)
    {
      int bottom = (int) ((gint64) height * (p + 1) / n_panels);
      int h = bottom - top;

      /* Each chart paints its own background, so each gets only its share. */
      cairo_save (cr);
      cairo_translate (cr, 0, top);
      cairo_rectangle (cr, 0, 0, width, h);
      cairo_clip (cr);
      switch (panels[p].kind)
        {
        case RTB_PLOT_RUN_PANEL_CURVE:
          draw_curve_panel (cr, theme, width, h, panels[p].thread, y_scale, time, runs, n_runs);
          break;
        case RTB_PLOT_RUN_PANEL_NO_INSTANCES:
          draw_no_instances_panel (cr, theme, width, h, runs, n_runs);
          break;
        case RTB_PLOT_RUN_PANEL_HISTOGRAM:
        default:
          draw_histogram_panel (cr, theme, width, h, runs, n_runs);
          break;
        }
      cairo_restore (cr);
      top = bottom;
    }
}
