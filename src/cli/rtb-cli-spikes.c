/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the CLI says about spikes: whether they are explained, each one as it comes, and the
 * league table of causes and the interrupts each measured CPU served at the end. */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include "rtb-cli.h"
#include "rtb-safe-text.h"

#define INTERRUPTS_SHOWN 5

char *
rtb_cli_trace_status (RtbRun *run)
{
  RtbSpikeLog *log = rtb_run_get_spike_log (run);
  int status = rtb_spike_log_get_status (log);

  if (status == RTB_TRACE_NOT_ASKED)
    return NULL;
  if (status == RTB_TRACE_ARMED)
    return g_strdup_printf ("Spikes of %.1f µs or more are explained from a kernel trace.",
                            (double) rtb_spike_log_get_threshold_ns (log) / 1000.0);
  if (status == RTB_TRACE_WAITING)
    return g_strdup ("Spikes will be explained once enough samples set the threshold "
                     "(twice the running p99.9).");
  return g_strdup_printf ("Spikes are measured, not explained: %s",
                          rtb_spike_log_get_message (log) != NULL
                            ? rtb_spike_log_get_message (log) : "the worker cannot trace");
}

char *
rtb_cli_spike_line (RtbRun *run, const RtbSpike *spike)
{
  RtbSeries *series = spike->series < rtb_run_get_n_series (run)
                        ? rtb_run_get_series (run, spike->series) : NULL;

  return rtb_spike_describe (spike, series != NULL ? series->name : "?");
}

void
rtb_cli_print_spikes (RtbRun *run, gboolean status_said, FILE *out)
{
  RtbSpikeLog *log = rtb_run_get_spike_log (run);
  GPtrArray *entries = rtb_spike_league_entries (rtb_spike_log_get_league (log));
  GArray *counts = rtb_spike_log_get_irq_counts (log);
  g_autofree char *status = rtb_cli_trace_status (run);

  if (status != NULL)
    {
      if (!status_said)
        fprintf (out, "\n%s\n", status);
      if (entries->len > 0)
        {
          guint64 total = rtb_spike_league_total (rtb_spike_log_get_league (log));
          fprintf (out, "%sCauses of %" G_GUINT64_FORMAT " spike%s, the most frequent first:\n",
                   status_said ? "\n" : "", total, total == 1 ? "" : "s");
        }
      for (guint i = 0; i < entries->len; i++)
        {
          g_autofree char *line = rtb_league_entry_describe (entries->pdata[i]);
          fprintf (out, "  %s\n", line);
        }
      if (rtb_spike_log_get_not_kept (log) > 0)
        fprintf (out, "  %" G_GUINT64_FORMAT " smaller spikes were not kept: a run keeps its %d "
                 "largest\n", rtb_spike_log_get_not_kept (log), RTB_SPIKE_LOG_MAX);
      if (rtb_spike_log_get_missed (log) > 0)
        fprintf (out, "  %" G_GUINT64_FORMAT " more came faster than the worker could take "
                 "them: not explained\n", rtb_spike_log_get_missed (log));
    }
  if (counts == NULL || counts->len == 0)
    return;
  fprintf (out, "\nInterrupts and softirqs the measured CPUs served during the run:\n");
  for (guint i = 0, shown = 0; i < counts->len; i++)
    {
      const RtbIrqCount *count = &g_array_index (counts, RtbIrqCount, i);

      if (i == 0 || count->cpu != g_array_index (counts, RtbIrqCount, i - 1).cpu)
        {
          fprintf (out, "  CPU %d:", count->cpu);
          shown = 0;
        }
      if (shown++ < INTERRUPTS_SHOWN)
        fprintf (out, "%s %s %s %" G_GUINT64_FORMAT, shown > 1 ? "," : "",
                 count->softirq ? "softirq" : "irq", count->name, count->count);
      if (i + 1 == counts->len || g_array_index (counts, RtbIrqCount, i + 1).cpu != count->cpu)
        fputc ('\n', out);
    }
}
