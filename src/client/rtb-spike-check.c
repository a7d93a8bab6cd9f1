/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-client"
#include "config.h"

#include "rtb-spike-check.h"

typedef struct {
  guint64 index;
  guint64 instance;
  gint64 value_ns;
} Candidate;

typedef struct {
  GArray *candidates;  /* Candidate, in the order they came, at most RTB_SPIKE_CHECK_KEPT */
  guint64 forgotten;   /* 1 + the largest index forgotten to keep within the bound; 0: none */
  gboolean lost;       /* the worker lost samples of it */
} Thread;

struct RtbSpikeCheck {
  GArray *threads;     /* Thread, per series */
  gint64 floor_ns;     /* the lowest value a spike can have; G_MAXINT64 before any TRACE */
};

static void
thread_clear (Thread *thread)
{
  g_clear_pointer (&thread->candidates, g_array_unref);
}

RtbSpikeCheck *
rtb_spike_check_new (void)
{
  RtbSpikeCheck *check = g_new0 (RtbSpikeCheck, 1);

  check->threads = g_array_new (FALSE, TRUE, sizeof (Thread));
  g_array_set_clear_func (check->threads, (GDestroyNotify) thread_clear);
  check->floor_ns = G_MAXINT64;
  return check;
}

void
rtb_spike_check_free (RtbSpikeCheck *check)
{
  if (check == NULL)
    return;
  g_array_unref (check->threads);
  g_free (check);
}

static Thread *
thread_of (RtbSpikeCheck *check, guint series)
{
  Thread *thread;

  if (series >= check->threads->len)
    g_array_set_size (check->threads, series + 1);
  thread = &g_array_index (check->threads, Thread, series);
  if (thread->candidates == NULL)
    thread->candidates = g_array_new (FALSE, FALSE, sizeof (Candidate));
  return thread;
}

void
rtb_spike_check_set_threshold (RtbSpikeCheck *check, gint64 threshold_ns, gboolean automatic)
{
  /* The worker announces its automatic threshold again only when it moved by a tenth. */
  check->floor_ns = MIN (check->floor_ns, automatic ? threshold_ns / 11 * 10 : threshold_ns);
}

void
rtb_spike_check_add (RtbSpikeCheck *check, guint series, guint64 index, guint64 instance,
                     gint64 value_ns)
{
  Candidate candidate = { index, instance, value_ns };
  Thread *thread;

  if (value_ns < check->floor_ns)
    return;
  thread = thread_of (check, series);
  if (thread->candidates->len == RTB_SPIKE_CHECK_KEPT)
    {
      thread->forgotten = MAX (thread->forgotten,
                               g_array_index (thread->candidates, Candidate, 0).index + 1);
      g_array_remove_index (thread->candidates, 0);
    }
  g_array_append_val (thread->candidates, candidate);
}

void
rtb_spike_check_lost (RtbSpikeCheck *check, guint series)
{
  thread_of (check, series)->lost = TRUE;
}

char *
rtb_spike_check_spike (RtbSpikeCheck *check, guint series, const char *series_name,
                       guint64 index, gint64 value_ns, guint64 *instance)
{
  Thread *thread = thread_of (check, series);
  GArray *candidates = thread->candidates;
  char *why = NULL;
  guint i;

  *instance = 0;
  for (i = 0; i < candidates->len; i++)
    if (g_array_index (candidates, Candidate, i).index >= index)
      break;
  if (i < candidates->len && g_array_index (candidates, Candidate, i).index == index)
    {
      gint64 sent_ns = g_array_index (candidates, Candidate, i).value_ns;

      *instance = g_array_index (candidates, Candidate, i).instance;
      if (sent_ns != value_ns)
        why = g_strdup_printf ("a spike of %.1f µs for sample %" G_GUINT64_FORMAT " of %s, "
                               "which was %.1f µs", (double) value_ns / 1000.0, index,
                               series_name, (double) sent_ns / 1000.0);
      i++;
    }
  else if (!thread->lost && index >= thread->forgotten)
    why = g_strdup_printf ("a spike for sample %" G_GUINT64_FORMAT " of %s, which it never sent "
                           "at or above the threshold", index, series_name);
  /* The thread's next spikes are of later samples. */
  g_array_remove_range (candidates, 0, i);
  return why;
}
