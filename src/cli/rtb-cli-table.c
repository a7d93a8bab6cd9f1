/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "rtb-cli.h"
#include "rtb-headline.h"
#include "rtb-methods.h"

/* Unknown facts print as "-", stated empty ones as `empty`. */
static const char *
known (const char *value, const char *empty)
{
  if (value == NULL)
    return "-";
  return *value != '\0' ? value : empty;
}

static const char *
yes_no (int value)
{
  return value == TRUE ? "yes" : value == FALSE ? "no" : "-";
}

static char *
known_int (int value)
{
  return value != RTB_SYSTEM_INFO_UNKNOWN ? g_strdup_printf ("%d", value) : g_strdup ("-");
}

static void
format_time (gint64 usec, char *buf, gsize size)
{
  g_autoptr (GDateTime) time = usec > 0 ? g_date_time_new_from_unix_utc (usec / G_USEC_PER_SEC) : NULL;
  g_autofree char *text = time ? g_date_time_format (time, "%Y-%m-%d %H:%M:%S UTC") : NULL;
  g_strlcpy (buf, text ? text : "-", size);
}

/* Where a one-CPU method's threads ran when the command did not name the CPU, and why. */
static void
print_placement (RtbRun *run, FILE *out)
{
  RtbSeries *series = rtb_run_get_n_series (run) > 0 ? rtb_run_get_series (run, 0) : NULL;

  if (series == NULL)
    return;
  switch (series->placement)
    {
    case RTB_CPU_PLACEMENT_ISOLATED:
      fprintf (out, "  cpu:     %d, the last isolated CPU (cpu=auto, where LinuxCNC puts its "
               "threads)\n", series->cpu);
      break;
    case RTB_CPU_PLACEMENT_LAST:
      fprintf (out, "  cpu:     %d, the last CPU (cpu=auto: none is isolated; LinuxCNC 2.8 and "
               "2.9 pin there too, later versions leave the threads unpinned)\n", series->cpu);
      break;
    case RTB_CPU_PLACEMENT_NONE:
      fputs ("  cpu:     not pinned (cpu=none): the scheduler moves the threads\n", out);
      break;
    case RTB_CPU_PLACEMENT_GIVEN:
    default:
      break;
    }
  if (rtb_run_get_started_flags (run) & RTB_STARTED_SHARES_MEASURED_CPUS)
    fputs ("  shared:  rtbench's own threads (main, writer) ran on the measured CPUs: every CPU "
           "the worker could use was measured\n", out);
}

void
rtb_cli_print_run_header (RtbRun *run, FILE *out)
{
  const RtbSystemInfo *system = rtb_run_get_system (run);
  const RtbHelloFrame *worker = rtb_run_get_worker (run);
  g_autofree char *parameters = rtb_run_format_parameters (run);
  char started[64], ended[64];

  fprintf (out, "%s\n", rtb_run_get_label (run) ? rtb_run_get_label (run) : "(no label)");
  fprintf (out, "  method:  %s  (load: %s, source: %s)\n", parameters,
           known (rtb_run_get_load (run), "none"),
           rtb_run_get_source (run) ? rtb_run_get_source (run) : "measured");
  if (system != NULL)
    {
      g_autofree char *n_cpus = known_int (system->n_cpus);
      g_autofree char *runtime = known_int (system->sched_rt_runtime_us);

      fprintf (out, "  system:  %s, Linux %s, %s, PREEMPT_RT %s, CPUs %s (%s)\n",
               known (system->hostname, "-"), known (system->kernel_release, "-"),
               known (system->machine, "-"), yes_no (system->preempt_rt), n_cpus,
               known (system->cpu_model, "-"));
      fprintf (out, "  tuning:  isolcpus=%s nohz_full=%s sched_rt_runtime_us=%s\n",
               known (system->isolcpus, "none"), known (system->nohz_full, "none"), runtime);
      fprintf (out, "  cpus:    governor %s; SMT %s\n",
               known (rtb_system_info_governor_words (system->governor), "-"),
               known (rtb_system_info_smt_words (system->smt), "-"));
    }
  if (worker != NULL)
    {
      guint32 flags = rtb_run_get_started_flags (run);
      gint64 slack = rtb_run_get_timer_slack_ns (run);
      g_autofree char *slack_text = slack >= 0 ? g_strdup_printf ("%" G_GINT64_FORMAT " ns", slack)
                                               : g_strdup ("-");

      fprintf (out, "  worker:  %s on %s, mlockall %s, cpu_dma_latency %s, timer slack %s\n",
               worker->worker_version, worker->machine,
               flags & RTB_STARTED_MEMORY_UNLOCKED ? "released (an ordinary thread)"
               : worker->mlockall_errno == 0       ? "ok"
                                                   : g_strerror (worker->mlockall_errno),
               flags & RTB_STARTED_DMA_LATENCY_RELEASED ? "released (an ordinary thread)"
               : worker->dma_latency_errno == 0         ? "held at 0"
                                                        : g_strerror (worker->dma_latency_errno),
               slack_text);
    }
  print_placement (run, out);
  format_time (rtb_run_get_start_time (run), started, sizeof started);
  format_time (rtb_run_get_end_time (run), ended, sizeof ended);
  fprintf (out, "  time:    %s to %s", started, ended);
  if (rtb_run_get_end_reason (run) != 0)
    fprintf (out, " (%s)", rtb_end_reason_to_string (rtb_run_get_end_reason (run)));
  fputs ("\n\n", out);
}

static void
print_value (FILE *out, double value, guint decimals)
{
  if (isnan (value))
    fprintf (out, " %10s", "-");
  else
    fprintf (out, " %10.*f", (int) decimals, value);
}

/* A column of the method's own before the figures: each thread's period (own_periods), the
 * run's duration (table_duration); NULL for the others. */
static const char *
lead_column (RtbMethod method)
{
  const RtbMethodInfo *info = rtb_method_info (method);

  return info == NULL ? NULL : info->own_periods ? "period µs"
                             : info->table_duration ? "duration s"
                                                    : NULL;
}

/* The thread columns, then right-aligned titles 10 characters wide (µ is one character, two
 * bytes: printf's widths count bytes), the counts of events 9 wide. */
static void
print_title (FILE *out, const char *title, guint width)
{
  fprintf (out, " %*s%s", (int) (width - MIN (g_utf8_strlen (title, -1), width)), "", title);
}

/* A table's first column: the series' names, as wide as the longest of them ("CPU0 thread",
 * an imported file's names) or `least`, in characters. */
static guint
names_width (RtbRun *run, guint least)
{
  guint width = least;

  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    width = MAX (width, (guint) g_utf8_strlen (rtb_run_get_series (run, i)->name, -1));
  return width;
}

static void
print_name (FILE *out, const char *name, guint width)
{
  fprintf (out, "%s%*s", name, (int) (width - MIN (g_utf8_strlen (name, -1), width)), "");
}

static void
print_header (FILE *out, RtbMethod method, guint name_width)
{
  print_name (out, "thread", name_width);
  fprintf (out, " %4s %-6s %4s", "cpu", "policy", "prio");
  if (lead_column (method) != NULL)
    print_title (out, lead_column (method), 10);
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    if (rtb_figure_in_table (f, method))
      print_title (out, rtb_figure_column (f, method),
                   rtb_figure_info (f)->kind == RTB_FIGURE_KIND_EVENTS ? 9 : 10);
  fputc ('\n', out);
}

/* The policy and priority a file does not state are unknown ("-"). */
static void
print_thread (FILE *out, RtbRun *run, RtbSeries *series, guint name_width)
{
  RtbRunStated stated = rtb_run_get_stated (run);
  char cpu[16], priority[16];

  if (series->cpu >= 0)
    g_snprintf (cpu, sizeof cpu, "%d", series->cpu);
  else
    g_strlcpy (cpu, "-", sizeof cpu);
  if (stated & RTB_RUN_STATED_PRIORITY)
    g_snprintf (priority, sizeof priority, "%d", series->priority);
  else
    g_strlcpy (priority, "-", sizeof priority);
  print_name (out, series->name, name_width);
  fprintf (out, " %4s %-6s %4s", cpu,
           stated & RTB_RUN_STATED_POLICY ? rtb_policy_to_string (series->policy) : "-",
           priority);
}

/* One thread's line: its lead column, then every figure its method's table shows; a spread
 * that leaves out samples of unknown value is marked †. */
static void
print_figures (FILE *out, RtbRun *run, RtbSeries *series, const RtbSeriesSummary *s,
               guint name_width)
{
  RtbMethod method = rtb_run_get_method (run);
  const RtbMethodInfo *declared = rtb_method_info (method);
  double duration_s = rtb_run_get_elapsed_ns (run) / 1e9;

  print_thread (out, run, series, name_width);
  if (declared != NULL && declared->own_periods)
    print_value (out, series->period_ns > 0 ? series->period_ns / 1000.0 : NAN, 1);
  else if (declared != NULL && declared->table_duration)
    print_value (out, duration_s > 0 ? duration_s : NAN, 3);
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    {
      const RtbFigureInfo *info = rtb_figure_info (f);
      double value = rtb_figure_value (f, s);

      if (!rtb_figure_in_table (f, method))
        continue;
      if (info->kind == RTB_FIGURE_KIND_EVENTS && isnan (value))
        fprintf (out, " %9s", "-");
      else if (info->kind == RTB_FIGURE_KIND_EVENTS)
        fprintf (out, " %9.0f", value);
      else if (info->kind == RTB_FIGURE_KIND_SAMPLES)
        fprintf (out, " %10" G_GUINT64_FORMAT, s->count);
      else
        print_value (out, value, rtb_figure_decimals (f, rtb_method_decimals (method)));
      if (rtb_figure_is_partial (f, s))
        fputs ("†", out);
    }
  fputc ('\n', out);
}

/* The response instances whose thread lost its CPU meanwhile, by number. */
static void
print_off_cpu (FILE *out, RtbSeries *series)
{
  guint shown;

  if (series->off_cpu == 0)
    return;
  fprintf (out, "         %" G_GUINT64_FORMAT " instances kept off their CPU longer than "
           "interrupts explain (RT throttling, a hypervisor, another thread):", series->off_cpu);
  shown = series->off_cpu_log != NULL ? MIN (series->off_cpu_log->len, 20u) : 0;
  for (guint i = 0; i < shown; i++)
    fprintf (out, " #%" G_GUINT64_FORMAT, g_array_index (series->off_cpu_log, guint64, i));
  if (series->off_cpu > shown)
    fputs (" …", out);
  fputc ('\n', out);
}

static gboolean
shows_percentiles (RtbMethod method)
{
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    if (rtb_figure_in_table (f, method) && rtb_figure_info (f)->percentile > 0)
      return TRUE;
  return FALSE;
}

/* The window's headline figures, each with what it is of, the worst CPU named:
 * "Max latency, worst CPU: 484.8 µs (CPU1)". */
static void
print_headlines (RtbRun *run, FILE *out)
{
  RtbHeadline headlines[RTB_N_HEADLINES];

  if (!rtb_headline_applies (rtb_run_get_method (run)))
    return;
  rtb_headlines (run, headlines);
  for (guint i = 0; i < RTB_N_HEADLINES; i++)
    {
      const RtbHeadline *h = &headlines[i];

      fprintf (out, "%s%s, %s: ", i == 0 ? "" : " · ", _(h->caption), _(h->of));
      if (isnan (h->value_us))
        fputs ("-", out);
      else
        fprintf (out, "%.1f µs", h->value_us);
      if (h->series >= 0)
        fprintf (out, " (%s)", rtb_run_get_series (run, (guint) h->series)->name);
    }
  fputc ('\n', out);
}

/* rtla osnoise top's table of the series that have its totals, in its columns and order up to
 * Max Single; its counts by source are in the sources' table. */
static void
print_osnoise (FILE *out, RtbRun *run)
{
  gboolean header = FALSE;
  guint name_width = names_width (run, 10);

  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      RtbSeries *series = rtb_run_get_series (run, i);
      double pct;

      if (!series->have_osnoise)
        continue;
      if (!header)
        {
          fputs ("rtla osnoise top's totals (µs)\n", out);
          print_name (out, "thread", name_width);
          for (guint f = 0; f <= RTB_OSNOISE_MAX_SINGLE; f++)
            fprintf (out, " %11s%s", rtb_osnoise_figure_column (f),
                     f == RTB_OSNOISE_NOISE ? "  % CPU Aval" : "");
          fputc ('\n', out);
          header = TRUE;
        }
      print_name (out, series->name, name_width);
      for (guint f = 0; f <= RTB_OSNOISE_MAX_SINGLE; f++)
        {
          fprintf (out, " %11" G_GUINT64_FORMAT, rtb_osnoise_figure (&series->osnoise, f));
          if (f != RTB_OSNOISE_NOISE)
            continue;
          pct = rtb_osnoise_available_pct (&series->osnoise);
          if (isnan (pct))
            fprintf (out, " %11s", "-");
          else
            fprintf (out, " %11.5f", pct);
        }
      fputc ('\n', out);
    }
}

static gboolean
of_source (RtbFigure figure, RtbMethod method, RtbOsnoiseSource source)
{
  RtbOsnoiseSource its;

  return rtb_figure_of_source (figure, method, &its) && its == source;
}

/* osnoise's noises by source, a row per series: each source's count and duration as their
 * figures say them, "-" when unknown. */
static void
print_sources (FILE *out, RtbRun *run)
{
  RtbMethod method = rtb_run_get_method (run);
  guint name_width = names_width (run, 6);
  gboolean any = FALSE;

  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    any |= rtb_figure_of_source (f, method, NULL);
  if (!any || rtb_run_get_n_series (run) == 0)
    return;
  fputs ("noise by source: how many, and their time in µs as the kernel's events give it "
         "(- unknown)\n", out);
  print_name (out, "thread", name_width);
  for (RtbOsnoiseSource source = 0; source < RTB_OSNOISE_N_SOURCES; source++)
    for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
      if (of_source (f, method, source))
        print_title (out, rtb_figure_column (f, method), rtb_figure_is_integer (f) ? 7 : 10);
  fputc ('\n', out);
  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      RtbSeriesSummary s;

      rtb_series_get_summary (rtb_run_get_series (run, i), &s);
      print_name (out, rtb_run_get_series (run, i)->name, name_width);
      for (RtbOsnoiseSource source = 0; source < RTB_OSNOISE_N_SOURCES; source++)
        for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
          {
            double value = rtb_figure_value (f, &s);
            int width = rtb_figure_is_integer (f) ? 7 : 10;

            if (!of_source (f, method, source))
              continue;
            if (isnan (value))
              fprintf (out, " %*s", width, "-");
            else
              fprintf (out, " %*.*f", width,
                       (int) rtb_figure_decimals (f, rtb_method_decimals (method)), value);
          }
      fputc ('\n', out);
    }
}

/* hwlat: the detector's windows in the run, so that a reader tells quiet windows from windows
 * not measured, and each CPU's samples added up besides their latency (its figures of the
 * hwlat method alone, "-" when unknown). */
static void
print_hwlat (FILE *out, RtbRun *run)
{
  const RtbCommand *cmd = rtb_run_get_command (run);
  guint name_width = names_width (run, 10);
  gboolean header = FALSE;
  guint64 samples = 0;

  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      RtbSeries *series = rtb_run_get_series (run, i);
      RtbSeriesSummary s;

      if (!series->hwlat.known)
        continue;
      if (!header)
        {
          fputs ("hwlat samples (windows above the threshold) and what else they hold\n", out);
          print_name (out, "thread", name_width);
          fprintf (out, " %10s", "samples");
          for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
            if (rtb_figure_of_hwlat_cpu (f, RTB_METHOD_HWLAT))
              print_title (out, rtb_figure_column (f, RTB_METHOD_HWLAT), 11);
          fputc ('\n', out);
          header = TRUE;
        }
      rtb_series_get_summary (series, &s);
      print_name (out, series->name, name_width);
      fprintf (out, " %10" G_GUINT64_FORMAT, s.count);
      for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
        if (rtb_figure_of_hwlat_cpu (f, RTB_METHOD_HWLAT))
          {
            double value = rtb_figure_value (f, &s);

            if (isnan (value))
              fprintf (out, " %11s", "-");
            else
              fprintf (out, " %11.0f", value);
          }
      fputc ('\n', out);
      samples += series->histogram.stats.count;
    }
  /* An imported trace does not say its window. */
  if (header && cmd->method == RTB_METHOD_HWLAT && rtb_run_get_elapsed_ns (run) > 0 &&
      (rtb_run_get_stated (run) & RTB_RUN_STATED_INTERVAL))
    fprintf (out, "about %" G_GUINT64_FORMAT " detector windows of %u µs in the run, %s, %"
             G_GUINT64_FORMAT " of them above the threshold of %u µs\n",
             rtb_hwlat_windows (cmd, rtb_run_get_elapsed_ns (run)), cmd->hwlat.window_us,
             cmd->hwlat.mode == RTB_HWLAT_MODE_PER_CPU ? "every CPU in each" : "one CPU each",
             samples, cmd->hwlat.threshold_us);
}

void
rtb_cli_print_table (RtbRun *run, FILE *out)
{
  guint n = rtb_run_get_n_series (run);
  guint name_width = names_width (run, 8);
  RtbMethod method = rtb_run_get_method (run);
  gboolean coarse = FALSE, partial = FALSE, bounded = FALSE;

  print_header (out, method, name_width);
  for (guint i = 0; i < n; i++)
    {
      RtbSeries *series = rtb_run_get_series (run, i);
      RtbSeriesSummary s;

      rtb_series_get_summary (series, &s);
      print_figures (out, run, series, &s, name_width);
      coarse |= s.resolution_ns > 1;
      bounded |= !isnan (s.percentile_error_pct);
      partial |= s.spread_partial;
      if (method == RTB_METHOD_RESPONSE)
        {
          fprintf (out, "         residual max|A·A⁻¹ − I| = %.3g, %" G_GUINT64_FORMAT
                   " instances above the tolerance\n", series->residual_max,
                   series->residual_failures);
          print_off_cpu (out, series);
        }
    }
  if (rtb_method_info (method) != NULL && rtb_method_info (method)->table_note != NULL)
    fprintf (out, "%s\n", rtb_method_info (method)->table_note);
  if (bounded && shows_percentiles (method))
    fprintf (out, "percentiles: within %.3f %% of the exact nearest-rank value (the buckets of a "
             "log-linear histogram)\n", RTB_LOG_HISTOGRAM_BOUND_PCT);
  print_headlines (run, out);
  if (coarse)
    fputs ("percentiles to the µs: the source kept its samples in 1 µs buckets\n", out);
  if (partial)
    fputs ("† stddev of the samples inside the histogram only: the source gave no values for "
           "its overflows\n", out);
  print_osnoise (out, run);
  print_sources (out, run);
  print_hwlat (out, run);
}
