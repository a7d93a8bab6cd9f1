/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-client"
#include "config.h"

#include "rtb-spike-split.h"

typedef struct {
  guint64 index;
  gint64 value_ns;
} Sample;

typedef struct {
  Sample *ring;   /* RTB_SPIKE_SPLIT_KEPT, allocated with the first sample */
  guint64 added;  /* samples ever added: the newest is at (added - 1) % KEPT */
} Series;

struct RtbSpikeSplit {
  GArray *series; /* Series */
};

static void
series_clear (Series *s)
{
  g_clear_pointer (&s->ring, g_free);
}

RtbSpikeSplit *
rtb_spike_split_new (void)
{
  RtbSpikeSplit *split = g_new0 (RtbSpikeSplit, 1);

  split->series = g_array_new (FALSE, TRUE, sizeof (Series));
  g_array_set_clear_func (split->series, (GDestroyNotify) series_clear);
  return split;
}

void
rtb_spike_split_free (RtbSpikeSplit *split)
{
  if (split == NULL)
    return;
  g_array_unref (split->series);
  g_free (split);
}

void
rtb_spike_split_add (RtbSpikeSplit *split, guint series, guint64 index, gint64 value_ns)
{
  Series *s;

  g_return_if_fail (split != NULL);

  if (series >= split->series->len)
    g_array_set_size (split->series, series + 1);
  s = &g_array_index (split->series, Series, series);
  if (s->ring == NULL)
    s->ring = g_new (Sample, RTB_SPIKE_SPLIT_KEPT);
  s->ring[s->added % RTB_SPIKE_SPLIT_KEPT] = (Sample) { index, value_ns };
  s->added++;
}

gint64
rtb_spike_split_lookup (const RtbSpikeSplit *split, guint series, guint64 index)
{
  const Series *s;
  guint64 lo, hi;

  g_return_val_if_fail (split != NULL, -1);

  if (series >= split->series->len)
    return -1;
  s = &g_array_index (split->series, Series, series);
  if (s->added == 0)
    return -1;
  /* The kept samples, oldest first, are added - n … added - 1: their periods increase. */
  lo = s->added > RTB_SPIKE_SPLIT_KEPT ? s->added - RTB_SPIKE_SPLIT_KEPT : 0;
  hi = s->added;
  while (lo < hi)
    {
      guint64 mid = lo + (hi - lo) / 2;
      const Sample *at = &s->ring[mid % RTB_SPIKE_SPLIT_KEPT];

      if (at->index == index)
        return at->value_ns;
      if (at->index < index)
        lo = mid + 1;
      else
        hi = mid;
    }
  return -1;
}
