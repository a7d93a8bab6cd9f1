/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include <math.h>
#include <string.h>

#include "rtb-cli.h"

static const char *
yes_no (gboolean value)
{
  return value ? "yes" : "no";
}

static void
format_time (gint64 usec, char *buf, gsize size)
{
  g_autoptr (GDateTime) time = usec > 0 ? g_date_time_new_from_unix_utc (usec / G_USEC_PER_SEC) : NULL;
  g_autofree char *text = time ? g_date_time_format (time, "%Y-%m-%d %H:%M:%S UTC") : NULL;
  g_strlcpy (buf, text ? text : "-", size);
}

void
rtb_cli_print_run_header (RtbRun *run, FILE *out)
{
  const RtbSystemInfo *system = rtb_run_get_system (run);
  const RtbHelloFrame *worker = rtb_run_get_worker (run);
  const RtbCommand *command = rtb_run_get_command (run);
  char command_line[RTB_COMMAND_MAX];
  char started[64], ended[64];

  fprintf (out, "%s\n", rtb_run_get_label (run) ? rtb_run_get_label (run) : "(no label)");
  if (rtb_command_format (command, command_line, sizeof command_line) < 0)
    g_strlcpy (command_line, rtb_method_to_string (command->method), sizeof command_line);
  fprintf (out, "  method:  %s  (load: %s, source: %s)\n", command_line,
           rtb_run_get_load (run) ? rtb_run_get_load (run) : "none",
           rtb_run_get_source (run) ? rtb_run_get_source (run) : "measured");
  if (system != NULL)
    {
      fprintf (out, "  system:  %s, Linux %s, %s, PREEMPT_RT %s, %d CPUs (%s)\n",
               system->hostname ? system->hostname : "?",
               system->kernel_release ? system->kernel_release : "?",
               system->machine ? system->machine : "?", yes_no (system->preempt_rt),
               system->n_cpus, system->cpu_model ? system->cpu_model : "?");
      fprintf (out, "  tuning:  isolcpus=%s nohz_full=%s governor=%s smt=%s sched_rt_runtime_us=%d\n",
               system->isolcpus && *system->isolcpus ? system->isolcpus : "-",
               system->nohz_full && *system->nohz_full ? system->nohz_full : "-",
               system->governor && *system->governor ? system->governor : "-",
               system->smt && *system->smt ? system->smt : "-", system->sched_rt_runtime_us);
    }
  if (worker != NULL)
    fprintf (out, "  worker:  %s on %s, mlockall %s, cpu_dma_latency %s\n", worker->worker_version,
             worker->machine, worker->mlockall_errno == 0 ? "ok" : g_strerror (worker->mlockall_errno),
             worker->dma_latency_errno == 0 ? "held at 0" : g_strerror (worker->dma_latency_errno));
  format_time (rtb_run_get_start_time (run), started, sizeof started);
  format_time (rtb_run_get_end_time (run), ended, sizeof ended);
  fprintf (out, "  time:    %s to %s", started, ended);
  if (rtb_run_get_end_reason (run) != 0)
    fprintf (out, " (%s)", rtb_end_reason_to_string (rtb_run_get_end_reason (run)));
  fputs ("\n\n", out);
}

static void
print_value (FILE *out, double value)
{
  if (isnan (value))
    fprintf (out, " %9s", "-");
  else
    fprintf (out, " %9.1f", value);
}

void
rtb_cli_print_table (RtbRun *run, FILE *out)
{
  guint n = rtb_run_get_n_series (run);
  gboolean response = rtb_run_get_method (run) == RTB_METHOD_RESPONSE;

  fprintf (out, "%-8s %4s %-6s %4s %10s %9s %9s %9s %9s %9s %9s %9s %9s %9s\n", "thread", "cpu",
           "policy", "prio", "count", "min µs", "avg µs", "max µs", "p50 µs", "p99 µs", "p99.9 µs",
           "stddev", "overflows", "dropped");
  for (guint i = 0; i < n; i++)
    {
      RtbSeries *series = rtb_run_get_series (run, i);
      RtbSeriesSummary s;
      char cpu[16];

      rtb_series_get_summary (series, &s);
      if (series->cpu >= 0)
        g_snprintf (cpu, sizeof cpu, "%d", series->cpu);
      else
        g_strlcpy (cpu, "-", sizeof cpu);
      fprintf (out, "%-8s %4s %-6s %4d %10" G_GUINT64_FORMAT, series->name, cpu,
               rtb_policy_to_string (series->policy), series->priority, s.count);
      print_value (out, s.min_us);
      print_value (out, s.avg_us);
      print_value (out, s.max_us);
      print_value (out, s.p50_us);
      print_value (out, s.p99_us);
      print_value (out, s.p999_us);
      print_value (out, s.stddev_us);
      fprintf (out, " %9" G_GUINT64_FORMAT " %9" G_GUINT64_FORMAT "\n", s.overflows, s.dropped);
      if (response)
        fprintf (out, "         residual max|A·A⁻¹ − I| = %.3g, %" G_GUINT64_FORMAT
                 " instances above the tolerance\n", series->residual_max, series->residual_failures);
    }
}
