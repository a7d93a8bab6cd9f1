/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-client"
#include "config.h"

#include "rtb-spike-check.h"

typedef struct {
  guint series;
  guint64 index;
  gint64 value_ns;
} Candidate;

struct RtbSpikeCheck {
  GArray *candidates;  /* Candidate: this window's samples at or above `window_floor_ns` */
  gint64 floor_ns;     /* the lowest value the trace stops at now; G_MAXINT64 when not armed */
  gint64 window_floor_ns; /* the lowest since the window began */
  gboolean unsure;     /* candidates were left out, or samples lost */
};

RtbSpikeCheck *
rtb_spike_check_new (void)
{
  RtbSpikeCheck *check = g_new0 (RtbSpikeCheck, 1);

  check->candidates = g_array_new (FALSE, FALSE, sizeof (Candidate));
  check->floor_ns = G_MAXINT64;
  check->window_floor_ns = G_MAXINT64;
  return check;
}

void
rtb_spike_check_free (RtbSpikeCheck *check)
{
  if (check == NULL)
    return;
  g_array_unref (check->candidates);
  g_free (check);
}

void
rtb_spike_check_set_threshold (RtbSpikeCheck *check, gint64 threshold_ns, gboolean automatic)
{
  /* The worker announces its automatic threshold again only when it moved by a tenth. */
  check->floor_ns = automatic ? threshold_ns / 11 * 10 : threshold_ns;
  check->window_floor_ns = MIN (check->window_floor_ns, check->floor_ns);
}

void
rtb_spike_check_add (RtbSpikeCheck *check, guint series, guint64 index, gint64 value_ns)
{
  Candidate candidate = { series, index, value_ns };

  if (value_ns < check->window_floor_ns)
    return;
  if (check->candidates->len < RTB_SPIKE_CHECK_KEPT)
    g_array_append_val (check->candidates, candidate);
  else
    check->unsure = TRUE;
}

void
rtb_spike_check_lost (RtbSpikeCheck *check)
{
  check->unsure = TRUE;
}

char *
rtb_spike_check_spike (RtbSpikeCheck *check, guint series, const char *series_name,
                       guint64 index, gint64 value_ns)
{
  char *why = NULL;
  guint i;

  for (i = 0; i < check->candidates->len; i++)
    {
      const Candidate *c = &g_array_index (check->candidates, Candidate, i);

      if (c->series == series && c->index == index)
        break;
    }
  if (i < check->candidates->len)
    {
      gint64 sent_ns = g_array_index (check->candidates, Candidate, i).value_ns;

      if (sent_ns != value_ns)
        why = g_strdup_printf ("a spike of %.1f µs for sample %" G_GUINT64_FORMAT " of %s, "
                               "which was %.1f µs", (double) value_ns / 1000.0, index,
                               series_name, (double) sent_ns / 1000.0);
    }
  else if (!check->unsure)
    why = g_strdup_printf ("a spike for sample %" G_GUINT64_FORMAT " of %s, which it never "
                           "sent above the threshold since its previous spike", index,
                           series_name);

  g_array_set_size (check->candidates, 0);
  check->window_floor_ns = check->floor_ns;
  check->unsure = FALSE;
  return why;
}
