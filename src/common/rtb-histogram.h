/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Statistics and the 1 µs histogram of one series, as cyclictest keeps them.
 *
 * A value v (in ns) falls in bucket floor(v / 1000 µs) − lo_us when that is inside
 * [0, n_buckets); otherwise it is an overflow (above) or underflow (below, only for signed
 * series such as jitter), still counted in min/avg/max/stddev. Percentiles do not come from
 * here but from the series' log-linear histogram (rtb-log-histogram.h), at full resolution.
 *
 * Not thread-safe; adding never allocates.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint64_t count;
  int64_t min_ns;
  int64_t max_ns;
  int64_t sum_ns;
  double mean_us; /* Welford running mean and M2, for a stable standard deviation */
  double m2_us2;
} RtbStats;

void rtb_stats_init (RtbStats *stats);
void rtb_stats_add (RtbStats *stats, int64_t value_ns);
/* Adds `n` samples of the same value at once. */
void rtb_stats_add_n (RtbStats *stats, int64_t value_ns, uint64_t n);
/* The exact mean, sum / count. It is not cyclictest's Avg, which truncates every sample to
 * whole µs first and the quotient after (see RtbSeries.cyclictest). */
double rtb_stats_avg_us (const RtbStats *stats);
double rtb_stats_stddev_us (const RtbStats *stats); /* population standard deviation */
/* Combines two series' statistics (parallel Welford). */
void rtb_stats_merge (RtbStats *into, const RtbStats *other);

typedef struct {
  int32_t lo_us;           /* value of bucket 0 in µs (0 for latency, −limit for jitter) */
  uint32_t n_buckets;
  uint64_t *counts;        /* n_buckets counters */
  uint64_t n_below;        /* values below lo_us */
  uint64_t n_above;        /* values at or above lo_us + n_buckets (cyclictest's overflows) */
  uint64_t n_unbucketed;   /* values inside the span whose bucket the source did not give (an
                            * import of a summary without histogram rows) */
  RtbStats stats;          /* every value: Σ counts + n_below + n_above + n_unbucketed = count */
} RtbHistogram;

/* Returns false when out of memory. */
bool rtb_histogram_init (RtbHistogram *hist, int32_t lo_us, uint32_t n_buckets);
void rtb_histogram_clear (RtbHistogram *hist);
void rtb_histogram_add (RtbHistogram *hist, int64_t value_ns);
/* Adds `count` samples with the value of bucket `bucket_us` (µs) at once (importers). */
void rtb_histogram_add_bucket (RtbHistogram *hist, int32_t bucket_us, uint64_t count);
uint64_t rtb_histogram_overflows (const RtbHistogram *hist); /* n_below + n_above */

/* Bucket helpers */
static inline int64_t
rtb_floor_div (int64_t a, int64_t b)
{
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
