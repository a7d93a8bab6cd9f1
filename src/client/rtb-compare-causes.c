/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-client"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "rtb-compare-causes.h"

static void
row_free (RtbCauseRow *row)
{
  g_free (row->label);
  g_free (row->counts);
  g_free (row->worst_ns);
  g_free (row);
}

static char *
label_of (const RtbLeagueEntry *entry)
{
  RtbCause cause = { .kind = entry->kind, .name = entry->name, .number = entry->number };

  /* A task's pid says nothing on another machine: its name is the cause, and whether it was
   * rtbench's own. */
  if (entry->kind == RTB_CAUSE_TASK && entry->owner != RTB_CAUSE_OWNER_NONE)
    return g_strdup_printf ("%s (%s)", entry->name != NULL ? entry->name : "?",
                            rtb_cause_owner_describe (entry->owner));
  if (entry->kind == RTB_CAUSE_TASK)
    return g_strdup (entry->name != NULL ? entry->name : "?");
  if (entry->kind == RTB_CAUSE_IRQ)
    return g_strdup_printf (_("interrupt %s"), entry->name != NULL ? entry->name : "?");
  return rtb_cause_describe (&cause);
}

static guint64
total (const RtbCauseRow *row, guint n_runs)
{
  guint64 sum = 0;

  for (guint r = 0; r < n_runs; r++)
    sum += row->counts[r];
  return sum;
}

gboolean
rtb_compare_causes_any_traced (RtbRun *const *runs, guint n_runs)
{
  for (guint r = 0; r < n_runs; r++)
    if (rtb_spike_log_get_status (rtb_run_get_spike_log (runs[r])) != RTB_TRACE_NOT_ASKED)
      return TRUE;
  return FALSE;
}

GPtrArray *
rtb_compare_causes (RtbRun *const *runs, guint n_runs)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);

  for (guint r = 0; r < n_runs; r++)
    {
      GPtrArray *entries = rtb_spike_league_entries (
        rtb_spike_log_get_league (rtb_run_get_spike_log (runs[r])));

      for (guint e = 0; e < entries->len; e++)
        {
          const RtbLeagueEntry *entry = entries->pdata[e];
          g_autofree char *label = label_of (entry);
          RtbCauseRow *row = NULL;

          for (guint i = 0; i < rows->len && row == NULL; i++)
            {
              RtbCauseRow *candidate = rows->pdata[i];
              if (candidate->kind == entry->kind && g_strcmp0 (candidate->label, label) == 0)
                row = candidate;
            }
          if (row == NULL)
            {
              row = g_new0 (RtbCauseRow, 1);
              row->kind = entry->kind;
              row->label = g_steal_pointer (&label);
              row->counts = g_new0 (guint64, n_runs);
              row->worst_ns = g_new0 (gint64, n_runs);
              g_ptr_array_add (rows, row);
            }
          row->counts[r] += entry->count;
          row->worst_ns[r] = MAX (row->worst_ns[r], entry->worst_ns);
        }
    }
  for (guint i = 0; i < rows->len; i++)
    {
      RtbCauseRow *row = rows->pdata[i];
      for (guint r = 0; r < n_runs; r++)
        row->differs |= (row->counts[r] == 0) != (row->counts[0] == 0);
    }
  /* Most spikes first; a stable order for ties. */
  for (guint i = 1; i < rows->len; i++)
    for (guint j = i; j > 0 && total (rows->pdata[j], n_runs) > total (rows->pdata[j - 1], n_runs);
         j--)
      {
        gpointer tmp = rows->pdata[j];
        rows->pdata[j] = rows->pdata[j - 1];
        rows->pdata[j - 1] = tmp;
      }
  return rows;
}

/* ---- The interrupts each run's measured CPUs served ------------------------------------- */

static void
irq_row_free (RtbIrqRow *row)
{
  g_free (row->label);
  g_free (row->counts);
  g_free (row->per_second);
  g_free (row->known);
  g_free (row);
}

/* "36 virtio1-req.0" → "virtio1-req.0": numbers differ from machine to machine, devices not. */
static const char *
without_number (const char *name)
{
  const char *p = name;

  while (g_ascii_isdigit (*p))
    p++;
  return p != name && *p == ' ' ? p + 1 : name;
}

static double
max_per_second (const RtbIrqRow *row, guint n_runs)
{
  double best = 0;

  for (guint r = 0; r < n_runs; r++)
    if (!isnan (row->per_second[r]))
      best = MAX (best, row->per_second[r]);
  return best;
}

static RtbIrqRow *
irq_row_for (GPtrArray *rows, const RtbIrqCount *count, guint n_runs)
{
  const char *name = without_number (count->name);
  g_autofree char *label = count->softirq ? g_strdup_printf (_("softirq %s"), name)
                                          : g_strdup_printf (_("interrupt %s"), name);
  RtbIrqRow *row;

  for (guint i = 0; i < rows->len; i++)
    {
      row = rows->pdata[i];
      if (row->softirq == count->softirq && g_strcmp0 (row->label, label) == 0)
        return row;
    }
  row = g_new0 (RtbIrqRow, 1);
  row->softirq = count->softirq;
  row->label = g_steal_pointer (&label);
  row->counts = g_new0 (guint64, n_runs);
  row->per_second = g_new0 (double, n_runs);
  row->known = g_new0 (gboolean, n_runs);
  g_ptr_array_add (rows, row);
  return row;
}

GPtrArray *
rtb_compare_interrupts (RtbRun *const *runs, guint n_runs)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) irq_row_free);

  for (guint r = 0; r < n_runs; r++)
    {
      GArray *counts = rtb_spike_log_get_irq_counts (rtb_run_get_spike_log (runs[r]));

      for (guint i = 0; counts != NULL && i < counts->len; i++)
        {
          RtbIrqRow *row = irq_row_for (rows, &g_array_index (counts, RtbIrqCount, i), n_runs);

          row->counts[r] += g_array_index (counts, RtbIrqCount, i).count;
          row->known[r] = TRUE;
        }
    }
  for (guint i = 0; i < rows->len; i++)
    {
      RtbIrqRow *row = rows->pdata[i];

      for (guint r = 0; r < n_runs; r++)
        {
          guint64 elapsed_ns = rtb_run_get_elapsed_ns (runs[r]);
          row->per_second[r] = elapsed_ns > 0 ? (double) row->counts[r] * 1e9 / (double) elapsed_ns
                                              : NAN;
        }
    }
  /* The busiest first; a stable order for ties. */
  for (guint i = 1; i < rows->len; i++)
    for (guint j = i; j > 0 && max_per_second (rows->pdata[j], n_runs) >
                                 max_per_second (rows->pdata[j - 1], n_runs);
         j--)
      {
        gpointer tmp = rows->pdata[j];
        rows->pdata[j] = rows->pdata[j - 1];
        rows->pdata[j - 1] = tmp;
      }
  return rows;
}
