/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Statistics and the 1 µs histogram of one series, as cyclictest keeps them.
 *
 * A value v (in ns) falls in bucket floor(v / 1000 µs) − lo_us when that is inside
 * [0, n_buckets); otherwise it is an overflow (above) or underflow (below, only for signed
 * series such as jitter), still counted in min/avg/max/stddev, and its exact value is kept
 * (up to `outside_cap` of them) so that percentiles falling among them are exact, not clamped.
 * Percentiles inside the histogram are exact to the bucket: the reported value is the bucket's
 * lower edge in whole µs, exactly what sorting the samples and truncating to µs would give.
 *
 * Not thread-safe; adding allocates only when the kept outside values grow.
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
  int64_t *outside;        /* kept exact values below or above, in ns */
  size_t n_outside;
  size_t outside_alloc;
  size_t outside_cap;      /* keep at most this many; more are counted in outside_lost */
  uint64_t outside_lost;
  bool outside_sorted;
  RtbStats stats;
} RtbHistogram;

#define RTB_HISTOGRAM_DEFAULT_OUTSIDE_CAP (1u << 20)

/* Returns false when out of memory. */
bool rtb_histogram_init (RtbHistogram *hist, int32_t lo_us, uint32_t n_buckets, size_t outside_cap);
void rtb_histogram_clear (RtbHistogram *hist);
void rtb_histogram_add (RtbHistogram *hist, int64_t value_ns);
/* Adds `count` samples with the value of bucket `bucket_us` (µs) at once (importers). */
void rtb_histogram_add_bucket (RtbHistogram *hist, int32_t bucket_us, uint64_t count);
uint64_t rtb_histogram_overflows (const RtbHistogram *hist); /* n_below + n_above */

/* p in [0, 100]. Returns the value in µs; NAN when empty. Sorts the kept outside values on
 * first use after a change (so it is not const). */
double rtb_histogram_percentile_us (RtbHistogram *hist, double p);

/* Bucket helpers */
static inline int64_t
rtb_floor_div (int64_t a, int64_t b)
{
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
