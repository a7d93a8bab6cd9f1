/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "rtb-safe-text.h"
#include "rtb-series.h"

RtbSeries *
rtb_series_new (const char *name, int cpu, int32_t lo_us, uint32_t n_buckets)
{
  RtbSeries *series;

  g_return_val_if_fail (name != NULL, NULL);

  series = g_new0 (RtbSeries, 1);
  series->name = rtb_safe_text (name);
  series->cpu = cpu;
  if (!rtb_histogram_init (&series->histogram, lo_us, n_buckets,
                           RTB_HISTOGRAM_DEFAULT_OUTSIDE_CAP))
    g_error ("Out of memory for a histogram of %u buckets", n_buckets);
  if (!rtb_history_init (&series->history, RTB_HISTORY_DEFAULT_CAPACITY))
    g_error ("Out of memory for a history");
  return series;
}

void
rtb_series_free (RtbSeries *series)
{
  if (series == NULL)
    return;
  g_free (series->name);
  rtb_histogram_clear (&series->histogram);
  rtb_history_clear (&series->history);
  g_free (series);
}

double
rtb_series_percentile_us (RtbSeries *series, double p)
{
  g_return_val_if_fail (series != NULL, NAN);
  return rtb_histogram_percentile_us (&series->histogram, p);
}

void
rtb_series_get_summary (RtbSeries *series, RtbSeriesSummary *summary)
{
  const RtbStats *stats;

  g_return_if_fail (series != NULL);
  g_return_if_fail (summary != NULL);

  stats = &series->histogram.stats;
  summary->count = stats->count;
  summary->overflows = rtb_histogram_overflows (&series->histogram);
  summary->dropped = series->dropped;
  if (stats->count == 0)
    {
      summary->min_us = summary->avg_us = summary->max_us = NAN;
      summary->p50_us = summary->p99_us = summary->p999_us = summary->stddev_us = NAN;
      return;
    }
  summary->min_us = stats->min_ns / 1000.0;
  summary->max_us = stats->max_ns / 1000.0;
  summary->avg_us = rtb_stats_avg_us (stats);
  summary->stddev_us = rtb_stats_stddev_us (stats);
  summary->p50_us = rtb_series_percentile_us (series, 50.0);
  summary->p99_us = rtb_series_percentile_us (series, 99.0);
  summary->p999_us = rtb_series_percentile_us (series, 99.9);
}

void
rtb_series_set_imported_stats (RtbSeries *series, guint64 count, gint64 min_ns, gint64 max_ns,
                               gint64 sum_ns)
{
  RtbStats *stats;
  double variance;

  g_return_if_fail (series != NULL);

  stats = &series->histogram.stats;
  if (count == 0)
    {
      rtb_stats_init (stats);
      return;
    }
  variance = stats->count > 0 ? stats->m2_us2 / (double) stats->count : 0.0;
  stats->count = count;
  stats->min_ns = min_ns;
  stats->max_ns = max_ns;
  stats->sum_ns = sum_ns;
  stats->mean_us = (double) sum_ns / 1000.0 / (double) count;
  stats->m2_us2 = variance * (double) count;
}

void
rtb_series_add_unknown_overflows (RtbSeries *series, guint64 n)
{
  g_return_if_fail (series != NULL);

  series->histogram.n_above += n;
  series->histogram.outside_lost += n;
}
