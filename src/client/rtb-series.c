/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

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
  if (!rtb_histogram_init (&series->histogram, lo_us, n_buckets))
    g_error ("Out of memory for a histogram of %u buckets", n_buckets);
  rtb_log_histogram_init (&series->values);
  series->resolution_ns = 1;
  rtb_stats_init (&series->cyclictest);
  rtb_log_histogram_init (&series->cyclictest_outside);
  if (!rtb_history_init (&series->history, RTB_HISTORY_DEFAULT_CAPACITY))
    g_error ("Out of memory for a history");
  if (!rtb_heatmap_init (&series->heatmap, (uint32_t) MAX (-(gint64) lo_us,
                                                           (gint64) lo_us + n_buckets),
                         RTB_HEATMAP_DEFAULT_CAPACITY))
    g_error ("Out of memory for a heatmap");
  rtb_series_start_minute (series);
  return series;
}

void
rtb_series_free (RtbSeries *series)
{
  if (series == NULL)
    return;
  g_free (series->name);
  rtb_histogram_clear (&series->histogram);
  rtb_log_histogram_clear (&series->values);
  rtb_history_clear (&series->history);
  rtb_heatmap_clear (&series->heatmap);
  g_free (series->overflow_cycles);
  rtb_log_histogram_clear (&series->cyclictest_outside);
  g_clear_pointer (&series->off_cpu_log, g_array_unref);
  g_free (series);
}

static void
add_values (RtbSeries *series, gint64 value_ns, guint64 n)
{
  if (!rtb_log_histogram_add (&series->values, value_ns, n))
    g_error ("Out of memory for the percentiles of series %s", series->name);
  series->minute_count += n;
  if (n > 0 && value_ns > series->minute_max_ns)
    series->minute_max_ns = value_ns;
}

void
rtb_series_start_minute (RtbSeries *series)
{
  g_return_if_fail (series != NULL);

  series->minute_count = 0;
  series->minute_max_ns = G_MININT64;
}

/* cyclictest logs at most as many as its histogram has buckets. */
static void
log_overflow_cycle (RtbSeries *series, guint64 cycle)
{
  guint cap = series->histogram.n_buckets;

  if (series->n_overflow_cycles >= cap)
    return;
  /* Grown by doubling: most runs log none or a few. */
  if (series->n_overflow_cycles == series->overflow_cycles_alloc)
    {
      series->overflow_cycles_alloc = MIN (MAX (2 * series->overflow_cycles_alloc, 8), cap);
      series->overflow_cycles = g_renew (guint64, series->overflow_cycles,
                                         series->overflow_cycles_alloc);
    }
  series->overflow_cycles[series->n_overflow_cycles++] = cycle;
}

void
rtb_series_set_overflow_cycles (RtbSeries *series, const guint64 *cycles, guint n)
{
  g_return_if_fail (series != NULL);
  g_return_if_fail (cycles != NULL || n == 0);

  g_free (series->overflow_cycles);
  series->overflow_cycles = g_memdup2 (cycles, n * sizeof *cycles);
  series->n_overflow_cycles = series->overflow_cycles_alloc = n;
}

guint64
rtb_series_overflow_cycles_others (RtbSeries *series)
{
  guint64 overflows;

  g_return_val_if_fail (series != NULL, 0);
  overflows = rtb_histogram_overflows (&series->histogram);
  return overflows > series->n_overflow_cycles ? overflows - series->n_overflow_cycles : 0;
}

void
rtb_series_add_sample (RtbSeries *series, gint64 value_ns, gint64 cyclictest_us)
{
  RtbHistogram *hist = &series->histogram;
  /* cyclictest's cycle number: how many samples came before this one. */
  guint64 cycle = hist->stats.count;
  guint64 outside = rtb_histogram_overflows (hist);
  gint64 cyclictest_ns;

  /* A hostile stream's values near the int64 limits saturate. */
  if (__builtin_mul_overflow (cyclictest_us, 1000, &cyclictest_ns))
    cyclictest_ns = cyclictest_us < 0 ? G_MININT64 : G_MAXINT64;
  rtb_histogram_add (hist, value_ns);
  if (rtb_histogram_overflows (hist) > outside)
    {
      log_overflow_cycle (series, cycle);
      if (!rtb_log_histogram_add (&series->cyclictest_outside, cyclictest_ns, 1))
        g_error ("Out of memory for the percentiles of series %s", series->name);
    }
  rtb_stats_add (&series->cyclictest, cyclictest_ns);
  add_values (series, value_ns, 1);
  rtb_history_add (&series->history, value_ns);
  rtb_heatmap_add (&series->heatmap, value_ns);
}

void
rtb_series_add (RtbSeries *series, gint64 value_ns)
{
  rtb_series_add_sample (series, value_ns, rtb_floor_div (value_ns, 1000));
}

void
rtb_series_add_repeated (RtbSeries *series, int32_t value_us, guint64 n)
{
  g_return_if_fail (series != NULL);

  if (n == 0)
    return;
  /* A whole µs is its bucket's lower edge: the bucket's statistics are exact. */
  rtb_histogram_add_bucket (&series->histogram, value_us, n);
  rtb_stats_add_n (&series->cyclictest, (gint64) value_us * 1000, n);
  add_values (series, (gint64) value_us * 1000, n);
}

void
rtb_series_add_positions (RtbSeries *series, gint64 value_ns, guint64 n)
{
  rtb_history_add_repeated (&series->history, value_ns, n);
  rtb_heatmap_add_repeated (&series->heatmap, value_ns, n);
}

void
rtb_series_skip_positions (RtbSeries *series, guint64 n)
{
  rtb_history_skip (&series->history, n);
  rtb_heatmap_skip (&series->heatmap, n);
}

gboolean
rtb_series_has_heatmap (const RtbSeries *series)
{
  g_return_val_if_fail (series != NULL, FALSE);

  return !series->heatmap_lost &&
         (series->heatmap.n_positions > 0 || series->histogram.stats.count == 0);
}

/* The nearest-rank value over every sample, known or not: the unknown ones (an import's
 * overflows) are above every known one, and the ends are the exact min and max. */
static double
series_percentile_us (RtbSeries *series, double p, gboolean magnitude)
{
  const RtbStats *stats = &series->histogram.stats;
  guint64 rank = rtb_nearest_rank (stats->count, p);
  double value_ns;

  if (rank == 0)
    return NAN;
  if (!magnitude && rank == 1)
    return stats->min_ns / 1000.0;
  if (rank == stats->count)
    return magnitude ? MAX (fabs (stats->min_ns / 1000.0), fabs (stats->max_ns / 1000.0))
                     : stats->max_ns / 1000.0;
  if (rank > series->values.count)
    return NAN;
  value_ns = magnitude ? rtb_log_histogram_abs_at_rank (&series->values, rank)
                       : rtb_log_histogram_at_rank (&series->values, rank);
  /* µs buckets stood for their samples at their lower edge: the middle of the log-linear
   * bucket around it rounds back to that edge. */
  if (series->resolution_ns == 1000 && value_ns >= series->histogram.lo_us * 1000.0 &&
      value_ns < (series->histogram.lo_us + (double) series->histogram.n_buckets) * 1000.0)
    value_ns = round (value_ns / 1000.0) * 1000.0;
  return value_ns / 1000.0;
}

void
rtb_series_log_off_cpu (RtbSeries *series, guint64 index)
{
  g_return_if_fail (series != NULL);

  if (series->off_cpu_log == NULL)
    series->off_cpu_log = g_array_new (FALSE, FALSE, sizeof (guint64));
  if (series->off_cpu_log->len < RTB_SERIES_OFF_CPU_LOG)
    g_array_append_val (series->off_cpu_log, index);
}

double
rtb_series_percentile_us (RtbSeries *series, double p)
{
  g_return_val_if_fail (series != NULL, NAN);
  return series_percentile_us (series, p, FALSE);
}

double
rtb_series_abs_percentile_us (RtbSeries *series, double p)
{
  g_return_val_if_fail (series != NULL, NAN);
  return series_percentile_us (series, p, TRUE);
}

/* Every percentile of the figure table, NAN when `empty`. */
static void
set_percentiles (RtbSeries *series, RtbSeriesSummary *summary, gboolean empty)
{
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    {
      const RtbFigureInfo *info = rtb_figure_info (f);

      if (info->percentile > 0)
        *(double *) ((char *) summary + info->offset) =
          empty ? NAN : series_percentile_us (series, info->percentile, info->magnitude);
    }
}

/* rtla osnoise top's figures of the CPU, once a period of it has ended (before, rtla prints no
 * row). */
static void
set_osnoise (const RtbSeries *series, RtbSeriesSummary *summary)
{
  const RtbOsnoiseTotals *totals = &series->osnoise;

  summary->osnoise_known = series->have_osnoise && totals->periods > 0;
  if (!summary->osnoise_known)
    {
      summary->max_single_us = summary->cpu_available_pct = NAN;
      for (int s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
        summary->noise_durations_us[s] = NAN;
      return;
    }
  summary->max_single_us = (double) totals->max_single_us;
  summary->cpu_available_pct = rtb_osnoise_available_pct (totals);
  for (int s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
    {
      summary->noise_counts[s] = totals->counts[s];
      summary->noise_durations_us[s] = totals->durations_known & (1u << s)
                                         ? (double) totals->durations_ns[s] / 1000
                                         : NAN;
    }
}

void
rtb_series_get_summary (RtbSeries *series, RtbSeriesSummary *summary)
{
  const RtbStats *stats;

  g_return_if_fail (series != NULL);
  g_return_if_fail (summary != NULL);

  /* Every byte, so that two summaries compare whole. */
  memset (summary, 0, sizeof *summary);
  stats = &series->histogram.stats;
  summary->count = stats->count;
  summary->overflows = rtb_histogram_overflows (&series->histogram);
  summary->overflows_known = !series->no_histogram;
  summary->dropped = series->dropped;
  summary->spread_partial = series->unknown_values > 0;
  summary->resolution_ns = series->resolution_ns;
  summary->percentile_error_pct = series->values.count > 0 ? RTB_LOG_HISTOGRAM_BOUND_PCT : NAN;
  summary->linuxcnc = series->period_ns > 0;
  summary->overruns = series->overruns;
  summary->skipped = series->skipped;
  /* Imports give no count of them (their values are µs buckets); a measured run does. */
  summary->skipped_known = series->resolution_ns == 1 && !series->cyclictest_is_source;
  summary->min_interval_us = summary->max_interval_us = summary->max_jitter_us = NAN;
  set_osnoise (series, summary);
  summary->hwlat = series->hwlat;
  if (stats->count == 0)
    {
      summary->min_us = summary->avg_us = summary->max_us = NAN;
      summary->stddev_us = summary->rms_us = summary->max_abs_us = NAN;
      set_percentiles (series, summary, TRUE);
      return;
    }
  summary->min_us = stats->min_ns / 1000.0;
  summary->max_us = stats->max_ns / 1000.0;
  summary->avg_us = rtb_stats_avg_us (stats);
  /* A source that gave no value at all leaves the spread unknown. */
  summary->stddev_us = series->values.count > 0 || series->unknown_values == 0
                       ? rtb_stats_stddev_us (stats) : NAN;
  summary->rms_us = sqrt (summary->avg_us * summary->avg_us +
                          summary->stddev_us * summary->stddev_us);
  /* An unknown spread is unknown, not partial. */
  summary->spread_partial &= !isnan (summary->stddev_us);
  summary->max_abs_us = MAX (fabs (summary->min_us), fabs (summary->max_us));
  set_percentiles (series, summary, FALSE);
  if (summary->linuxcnc)
    {
      /* Each sample is an interval less the period; in ns, so that µs come out exact. */
      gint64 min_interval_ns = series->period_ns + stats->min_ns;
      gint64 max_interval_ns = series->period_ns + stats->max_ns;

      summary->min_interval_us = min_interval_ns / 1000.0;
      summary->max_interval_us = max_interval_ns / 1000.0;
      summary->max_jitter_us = MAX (max_interval_ns - series->period_ns,
                                    series->period_ns - min_interval_ns) / 1000.0;
    }
}

/* The whole µs a truncated value kept in the log-linear histogram stood for: below 2^20 ns a
 * bucket holds at most one multiple of 1000 and its middle is within 500 ns of it. */
static double
truncated_at_rank (RtbSeries *series, guint64 rank)
{
  if (rank < 1 || rank > series->cyclictest_outside.count)
    return NAN;
  return round (rtb_log_histogram_at_rank (&series->cyclictest_outside, rank) / 1000.0);
}

/* The rank-th cyclictest value: below the histogram, in its 1 µs buckets, inside its span
 * without a bucket, above it. Outside the buckets it is the truncated sample, when known. */
static double
cyclictest_at_rank (RtbSeries *series, guint64 rank)
{
  const RtbHistogram *h = &series->histogram;
  guint64 r = rank, in_span = 0;

  if (r <= h->n_below)
    return truncated_at_rank (series, r);
  r -= h->n_below;
  for (guint32 b = 0; b < h->n_buckets; b++)
    {
      if (r <= h->counts[b])
        return (double) h->lo_us + b;
      r -= h->counts[b];
      in_span += h->counts[b];
    }
  if (r <= h->n_unbucketed)
    return NAN;
  return truncated_at_rank (series, rank - in_span - h->n_unbucketed);
}

static double
cyclictest_percentile_us (RtbSeries *series, double p)
{
  const RtbStats *ct = &series->cyclictest;
  guint64 rank = rtb_nearest_rank (ct->count, p);

  if (rank == 0)
    return NAN;
  if (rank == 1)
    return ct->min_ns / 1000.0;
  if (rank == ct->count)
    return ct->max_ns / 1000.0;
  return cyclictest_at_rank (series, rank);
}

void
rtb_series_get_cyclictest_summary (RtbSeries *series, gboolean truncated_avg,
                                   RtbSeriesSummary *summary)
{
  const RtbStats *ct;

  g_return_if_fail (series != NULL);
  g_return_if_fail (summary != NULL);

  rtb_series_get_summary (series, summary);
  ct = &series->cyclictest;
  summary->resolution_ns = 1000;
  if (ct->count == 0)
    return;
  summary->min_us = ct->min_ns / 1000.0;
  summary->max_us = ct->max_ns / 1000.0;
  /* cyclictest's text prints (long) (sum / cycles), the quotient truncated; an import's average
   * is what its source printed. */
  if (series->cyclictest_is_source)
    summary->avg_us = rtb_stats_avg_us (ct);
  else if (truncated_avg)
    summary->avg_us = (double) (ct->sum_ns / 1000 / (gint64) ct->count);
  else
    summary->avg_us = rtb_stats_avg_us (ct);
  summary->stddev_us = isnan (summary->stddev_us) ? NAN : rtb_stats_stddev_us (ct);
  summary->rms_us = sqrt (rtb_stats_avg_us (ct) * rtb_stats_avg_us (ct) +
                          summary->stddev_us * summary->stddev_us);
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    {
      const RtbFigureInfo *info = rtb_figure_info (f);

      if (info->percentile > 0 && !info->magnitude)
        *(double *) ((char *) summary + info->offset) =
          cyclictest_percentile_us (series, info->percentile);
    }
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
      rtb_stats_init (&series->cyclictest);
      return;
    }
  variance = stats->count > 0 ? stats->m2_us2 / (double) stats->count : 0.0;
  stats->count = count;
  stats->min_ns = min_ns;
  stats->max_ns = max_ns;
  stats->sum_ns = sum_ns;
  stats->mean_us = (double) sum_ns / 1000.0 / (double) count;
  stats->m2_us2 = variance * (double) count;
  series->cyclictest = *stats;
  series->cyclictest_is_source = TRUE;
}

void
rtb_series_add_unknown_overflows (RtbSeries *series, guint64 n)
{
  g_return_if_fail (series != NULL);

  series->histogram.n_above += n;
  series->unknown_values += n;
}

void
rtb_series_add_bucket (RtbSeries *series, int32_t bucket_us, guint64 count)
{
  g_return_if_fail (series != NULL);

  rtb_histogram_add_bucket (&series->histogram, bucket_us, count);
  rtb_stats_add_n (&series->cyclictest, (gint64) bucket_us * 1000, count);
  series->cyclictest_is_source = TRUE;
  add_values (series, (gint64) bucket_us * 1000, count);
  series->resolution_ns = 1000;
}

void
rtb_series_add_unbucketed (RtbSeries *series, guint64 n)
{
  g_return_if_fail (series != NULL);

  series->histogram.n_unbucketed += n;
  series->unknown_values += n;
}
