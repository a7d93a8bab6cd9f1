/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Percentiles of nanosecond values: a log-linear histogram of signed nanosecond values in the
 * spirit of HdrHistogram. Memory does not grow with the number of samples, two histograms
 * merge by adding counts, and every percentile is within 0.049 % of the exact nearest-rank
 * value of the samples added, and exact below 2048 ns.
 *
 * Layout, per sign (values ≥ 0, and the magnitudes of values < 0): 55 chunks of 1024 buckets.
 * Chunk 0 holds 0–1023 ns and chunk 1 holds 1024–2047 ns, one nanosecond per bucket: values
 * below 2048 ns are exact. Chunk j ≥ 2 holds [2^(j+9), 2^(j+10)) in buckets 2^(j−1) ns wide;
 * chunk 54 reaches 2^64, so every int64 value has a bucket. A percentile is reported as the
 * middle of its bucket, clamped to the exact min and max: a bucket [lo, lo + w − 1] with
 * w = 2^(j−1) starts at lo ≥ 2^(j+9), so the middle is within (w − 1) / 2 < lo · 2^−11 of any
 * value in it, a relative error below 0.049 %.
 *
 * Chunks are allocated on first use (8 KiB each): a series whose values span 2 µs to 10 ms
 * uses 14 chunks, 112 KiB; the most any series can use is 110 chunks, 880 KiB.
 *
 * Not thread-safe; adding allocates only when a value falls in a chunk not used before.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RTB_LOG_HISTOGRAM_SUB_BITS 10
/* The relative bound above, 2^−11 = 0.0488… %, rounded up as people read it. */
#define RTB_LOG_HISTOGRAM_BOUND_PCT 0.049
#define RTB_LOG_HISTOGRAM_SUB_COUNT (1u << RTB_LOG_HISTOGRAM_SUB_BITS)
#define RTB_LOG_HISTOGRAM_N_CHUNKS 55
#define RTB_LOG_HISTOGRAM_CHUNK_BYTES (RTB_LOG_HISTOGRAM_SUB_COUNT * sizeof (uint64_t))

typedef enum {
  RTB_LOG_HISTOGRAM_POSITIVE, /* values ≥ 0 */
  RTB_LOG_HISTOGRAM_NEGATIVE, /* values < 0, by magnitude */
} RtbLogHistogramSign;

typedef struct {
  uint64_t *chunks[2][RTB_LOG_HISTOGRAM_N_CHUNKS]; /* NULL until used */
  uint64_t chunk_counts[2][RTB_LOG_HISTOGRAM_N_CHUNKS];
  uint64_t count;
  int64_t min_ns;  /* exact, for clamping the reported percentiles */
  int64_t max_ns;
  uint64_t lost;   /* samples that could not be recorded (out of memory) */
} RtbLogHistogram;

void rtb_log_histogram_init (RtbLogHistogram *hist);
void rtb_log_histogram_clear (RtbLogHistogram *hist);
/* Adds `n` samples of value `value_ns`. Returns false (and counts them in `lost`) when a new
 * chunk cannot be allocated. */
bool rtb_log_histogram_add (RtbLogHistogram *hist, int64_t value_ns, uint64_t n);
/* Adds every sample of `other`. Returns false when out of memory. */
bool rtb_log_histogram_merge (RtbLogHistogram *into, const RtbLogHistogram *other);
/* Heap memory in use, in bytes (the struct itself not included). */
size_t rtb_log_histogram_memory (const RtbLogHistogram *hist);

/* The nearest-rank definition: the p-th percentile of `count` sorted values is the one of rank
 * ⌈p/100 · count⌉ (1-based), at least 1, computed exactly for p given to six decimals; 0 when
 * count is 0. p is clamped to [0, 100]. */
uint64_t rtb_nearest_rank (uint64_t count, double p);

/* The rank-th smallest value (1-based), in ns, within 0.049 % of the exact one (exact below
 * 2048 ns, and for the first and the last rank); NAN when rank is not in 1 … count. */
double rtb_log_histogram_at_rank (const RtbLogHistogram *hist, uint64_t rank);
/* The same over the magnitudes |value|. */
double rtb_log_histogram_abs_at_rank (const RtbLogHistogram *hist, uint64_t rank);
/* The nearest-rank p-th percentile of the values, and of their magnitudes; NAN when empty. */
double rtb_log_histogram_percentile (const RtbLogHistogram *hist, double p);
double rtb_log_histogram_abs_percentile (const RtbLogHistogram *hist, double p);

/* The value nearest zero in `value_ns`'s bucket (the bucket's key in run files), and the
 * bucket's width in ns. */
int64_t rtb_log_histogram_bucket_key (int64_t value_ns);
uint64_t rtb_log_histogram_bucket_width (int64_t value_ns);

/* Walks the non-empty buckets from the most negative to the most positive value. Start with
 * an iterator set to {0}; returns false after the last. */
typedef struct {
  int sign;   /* private */
  int chunk;
  int sub;
  bool started;
} RtbLogHistogramIter;

bool rtb_log_histogram_next (const RtbLogHistogram *hist, RtbLogHistogramIter *iter,
                             int64_t *key_ns, uint64_t *count);
