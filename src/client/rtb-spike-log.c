/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-client"
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rtb-cpu-list.h"
#include "rtb-spike-log.h"

struct RtbSpikeLog {
  int status;
  gint64 threshold_ns;
  char *message;
  GPtrArray *spikes;      /* RtbSpike*, in arrival order */
  RtbSpikeLeague *league;
  GArray *missed;         /* guint64 per thread: the worker's running count */
  guint64 not_kept;
  char *interrupts_start;
  char *softirqs_start;
  GArray *irq_counts;     /* RtbIrqCount */
  GPtrArray *mark_instances; /* per series: GArray of guint64, rebuilt when stale */
  GPtrArray *mark_values;    /* per series: GArray of double */
  gboolean marks_stale;
};

static void
irq_count_clear (RtbIrqCount *count)
{
  g_clear_pointer (&count->name, g_free);
}

RtbSpikeLog *
rtb_spike_log_new (void)
{
  RtbSpikeLog *log = g_new0 (RtbSpikeLog, 1);

  log->status = RTB_TRACE_NOT_ASKED;
  log->spikes = g_ptr_array_new_with_free_func ((GDestroyNotify) rtb_spike_free);
  log->league = rtb_spike_league_new ();
  log->missed = g_array_new (FALSE, TRUE, sizeof (guint64));
  log->mark_instances = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  log->mark_values = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  log->marks_stale = TRUE;
  return log;
}

void
rtb_spike_log_free (RtbSpikeLog *log)
{
  if (log == NULL)
    return;
  g_free (log->message);
  g_ptr_array_unref (log->spikes);
  rtb_spike_league_free (log->league);
  g_array_unref (log->missed);
  g_free (log->interrupts_start);
  g_free (log->softirqs_start);
  g_clear_pointer (&log->irq_counts, g_array_unref);
  g_ptr_array_unref (log->mark_instances);
  g_ptr_array_unref (log->mark_values);
  g_free (log);
}

int
rtb_spike_log_get_status (RtbSpikeLog *log)
{
  return log->status;
}

gint64
rtb_spike_log_get_threshold_ns (RtbSpikeLog *log)
{
  return log->threshold_ns;
}

const char *
rtb_spike_log_get_message (RtbSpikeLog *log)
{
  return log->message;
}

void
rtb_spike_log_set_trace (RtbSpikeLog *log, int status, gint64 threshold_ns, const char *message)
{
  log->status = status;
  log->threshold_ns = threshold_ns;
  g_free (log->message);
  log->message = message != NULL && message[0] != '\0' ? g_strdup (message) : NULL;
}

const RtbSpike *
rtb_spike_log_add (RtbSpikeLog *log, RtbSpike *spike)
{
  guint smallest = 0;

  rtb_spike_league_add (log->league, &spike->main, spike->value_ns);
  log->marks_stale = TRUE;
  if (spike->causes->len > RTB_SPIKE_LOG_CAUSES_MAX)
    g_array_set_size (spike->causes, RTB_SPIKE_LOG_CAUSES_MAX);
  if (log->spikes->len < RTB_SPIKE_LOG_MAX)
    {
      g_ptr_array_add (log->spikes, spike);
      return spike;
    }
  for (guint i = 1; i < log->spikes->len; i++)
    if (((RtbSpike *) log->spikes->pdata[i])->value_ns <
        ((RtbSpike *) log->spikes->pdata[smallest])->value_ns)
      smallest = i;
  log->not_kept++;
  if (((RtbSpike *) log->spikes->pdata[smallest])->value_ns >= spike->value_ns)
    {
      rtb_spike_free (spike);
      return NULL;
    }
  g_ptr_array_remove_index (log->spikes, smallest);
  g_ptr_array_add (log->spikes, spike);
  return spike;
}

static void
rebuild_marks (RtbSpikeLog *log)
{
  g_ptr_array_set_size (log->mark_instances, 0);
  g_ptr_array_set_size (log->mark_values, 0);
  for (guint i = 0; i < log->spikes->len; i++)
    {
      const RtbSpike *spike = log->spikes->pdata[i];
      double value_us = (double) spike->value_ns / 1000.0;

      if (spike->instance == 0)
        continue;
      while (log->mark_instances->len <= spike->series)
        {
          g_ptr_array_add (log->mark_instances, g_array_new (FALSE, FALSE, sizeof (guint64)));
          g_ptr_array_add (log->mark_values, g_array_new (FALSE, FALSE, sizeof (double)));
        }
      g_array_append_val (log->mark_instances->pdata[spike->series], spike->instance);
      g_array_append_val (log->mark_values->pdata[spike->series], value_us);
    }
  log->marks_stale = FALSE;
}

gsize
rtb_spike_log_get_marks (RtbSpikeLog *log, guint series, const guint64 **instances,
                         const double **values_us)
{
  GArray *marks;

  if (log->marks_stale)
    rebuild_marks (log);
  *instances = NULL;
  *values_us = NULL;
  if (series >= log->mark_instances->len)
    return 0;
  marks = log->mark_instances->pdata[series];
  *instances = (const guint64 *) (const void *) marks->data;
  *values_us = (const double *) (const void *) ((GArray *) log->mark_values->pdata[series])->data;
  return marks->len;
}

const RtbSpike *
rtb_spike_log_find (RtbSpikeLog *log, guint series, guint64 instance)
{
  for (guint i = 0; i < log->spikes->len; i++)
    {
      const RtbSpike *spike = log->spikes->pdata[i];
      if (spike->series == series && spike->instance == instance)
        return spike;
    }
  return NULL;
}

void
rtb_spike_log_clear_league (RtbSpikeLog *log)
{
  rtb_spike_league_free (log->league);
  log->league = rtb_spike_league_new ();
}

GPtrArray *
rtb_spike_log_get_spikes (RtbSpikeLog *log)
{
  return log->spikes;
}

RtbSpikeLeague *
rtb_spike_log_get_league (RtbSpikeLog *log)
{
  return log->league;
}

guint64
rtb_spike_log_get_missed (RtbSpikeLog *log)
{
  guint64 total = 0;

  for (guint i = 0; i < log->missed->len; i++)
    total += g_array_index (log->missed, guint64, i);
  return total;
}

guint64
rtb_spike_log_get_not_kept (RtbSpikeLog *log)
{
  return log->not_kept;
}

void
rtb_spike_log_set_not_kept (RtbSpikeLog *log, guint64 not_kept)
{
  log->not_kept = not_kept;
}

void
rtb_spike_log_set_missed (RtbSpikeLog *log, guint thread, guint64 missed)
{
  if (thread >= log->missed->len)
    g_array_set_size (log->missed, thread + 1);
  g_array_index (log->missed, guint64, thread) = missed;
}

/* ---- Interrupt and softirq counts -------------------------------------------------------- */

/* One row of /proc/interrupts or /proc/softirqs: its counts per column and its name. */
typedef struct {
  char *name;
  GArray *counts; /* guint64 per column */
} Row;

static void
row_clear (Row *row)
{
  g_free (row->name);
  g_array_unref (row->counts);
}

/* The header names the CPU of each column ("CPU0 CPU1 CPU3": offline ones are left out). */
static GArray *
parse_table (const char *text, GArray **columns)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (Row));
  g_auto (GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);

  g_array_set_clear_func (rows, (GDestroyNotify) row_clear);
  *columns = g_array_new (FALSE, FALSE, sizeof (int));
  if (lines[0] == NULL)
    return rows;
  for (const char *p = lines[0]; (p = strstr (p, "CPU")) != NULL; p += 3)
    {
      int cpu = (int) strtol (p + 3, NULL, 10);
      g_array_append_val (*columns, cpu);
    }
  for (guint i = 1; lines[i] != NULL; i++)
    {
      char *colon = strchr (lines[i], ':');
      Row row;
      char *p, *end;
      g_autofree char *id = NULL;

      if (colon == NULL)
        continue;
      id = g_strstrip (g_strndup (lines[i], (gsize) (colon - lines[i])));
      row.counts = g_array_new (FALSE, TRUE, sizeof (guint64));
      p = colon + 1;
      for (guint c = 0; c < (*columns)->len; c++)
        {
          guint64 value = g_ascii_strtoull (p, &end, 10);
          if (end == p)
            break;
          g_array_append_val (row.counts, value);
          p = end;
        }
      g_strstrip (p);
      /* A numbered interrupt is named by its device, the last word; the others by their
       * description. */
      if (g_ascii_isdigit (id[0]) && strrchr (p, ' ') != NULL)
        row.name = g_strdup_printf ("%s %s", id, strrchr (p, ' ') + 1);
      else if (p[0] != '\0')
        row.name = g_strdup_printf ("%s %s", id, p);
      else
        row.name = g_strdup (id);
      g_array_append_val (rows, row);
    }
  return rows;
}

static int
compare_counts (gconstpointer a, gconstpointer b)
{
  const RtbIrqCount *ca = a, *cb = b;

  if (ca->cpu != cb->cpu)
    return ca->cpu - cb->cpu;
  if (ca->count != cb->count)
    return ca->count > cb->count ? -1 : 1;
  return g_strcmp0 (ca->name, cb->name);
}

static void
add_deltas (GArray *out, const char *start, const char *end, gboolean softirq,
            const uint64_t *cpus)
{
  g_autoptr (GArray) start_columns = NULL, end_columns = NULL;
  g_autoptr (GArray) start_rows = parse_table (start, &start_columns);
  g_autoptr (GArray) end_rows = parse_table (end, &end_columns);

  for (guint r = 0; r < end_rows->len; r++)
    {
      const Row *after = &g_array_index (end_rows, Row, r);
      const Row *before = NULL;

      for (guint s = 0; s < start_rows->len && before == NULL; s++)
        if (strcmp (g_array_index (start_rows, Row, s).name, after->name) == 0)
          before = &g_array_index (start_rows, Row, s);
      for (guint c = 0; c < after->counts->len && c < end_columns->len; c++)
        {
          int cpu = g_array_index (end_columns, int, c);
          guint64 now = g_array_index (after->counts, guint64, c), then = 0;
          RtbIrqCount count;

          if (cpu < 0 || cpu >= RTB_MAX_CPUS || !rtb_cpu_isset (cpus, cpu))
            continue;
          for (guint sc = 0; before != NULL && sc < start_columns->len; sc++)
            if (g_array_index (start_columns, int, sc) == cpu && sc < before->counts->len)
              then = g_array_index (before->counts, guint64, sc);
          if (now <= then)
            continue;
          count = (RtbIrqCount) { cpu, softirq, g_strdup (after->name), now - then };
          g_array_append_val (out, count);
        }
    }
}

void
rtb_spike_log_set_counters_start (RtbSpikeLog *log, const char *interrupts, const char *softirqs)
{
  g_free (log->interrupts_start);
  g_free (log->softirqs_start);
  log->interrupts_start = g_strdup (interrupts);
  log->softirqs_start = g_strdup (softirqs);
}

static GArray *
new_counts (void)
{
  GArray *counts = g_array_new (FALSE, TRUE, sizeof (RtbIrqCount));

  g_array_set_clear_func (counts, (GDestroyNotify) irq_count_clear);
  return counts;
}

void
rtb_spike_log_set_counters_end (RtbSpikeLog *log, const char *interrupts, const char *softirqs,
                                const uint64_t *cpus)
{
  g_autoptr (GArray) all = new_counts ();
  int cpu = -1;
  guint kept = 0;

  /* Without the start's counts, the end's would be since boot: not the run's. */
  if (log->interrupts_start == NULL && log->softirqs_start == NULL)
    return;
  if (log->interrupts_start != NULL && interrupts != NULL)
    add_deltas (all, log->interrupts_start, interrupts, FALSE, cpus);
  if (log->softirqs_start != NULL && softirqs != NULL)
    add_deltas (all, log->softirqs_start, softirqs, TRUE, cpus);
  g_array_sort (all, compare_counts);
  g_clear_pointer (&log->irq_counts, g_array_unref);
  log->irq_counts = new_counts ();
  for (guint i = 0; i < all->len; i++)
    {
      RtbIrqCount *count = &g_array_index (all, RtbIrqCount, i);

      if (count->cpu != cpu)
        {
          cpu = count->cpu;
          kept = 0;
        }
      if (kept++ < RTB_SPIKE_LOG_COUNTS_PER_CPU)
        rtb_spike_log_add_irq_count (log, count);
    }
}

GArray *
rtb_spike_log_get_irq_counts (RtbSpikeLog *log)
{
  return log->irq_counts;
}

void
rtb_spike_log_add_irq_count (RtbSpikeLog *log, const RtbIrqCount *count)
{
  RtbIrqCount copy = *count;

  if (log->irq_counts == NULL)
    log->irq_counts = new_counts ();
  copy.name = g_strdup (count->name);
  g_array_append_val (log->irq_counts, copy);
}
