/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rtb-log-histogram.h"

#define SUB_COUNT RTB_LOG_HISTOGRAM_SUB_COUNT
#define N_CHUNKS RTB_LOG_HISTOGRAM_N_CHUNKS

typedef struct {
  int chunk;
  int sub;
} Bucket;

static Bucket
bucket_of (uint64_t magnitude)
{
  int top;

  if (magnitude < SUB_COUNT)
    return (Bucket) { 0, (int) magnitude };
  top = 63 - __builtin_clzll (magnitude);        /* 10 … 63 */
  return (Bucket) {
    top - (RTB_LOG_HISTOGRAM_SUB_BITS - 1),
    (int) ((magnitude >> (top - RTB_LOG_HISTOGRAM_SUB_BITS)) - SUB_COUNT)
  };
}

static uint64_t
bucket_width (int chunk)
{
  return chunk == 0 ? 1 : UINT64_C (1) << (chunk - 1);
}

static uint64_t
bucket_low (int chunk, int sub)
{
  if (chunk == 0)
    return (uint64_t) sub;
  return ((uint64_t) sub + SUB_COUNT) << (chunk - 1);
}

/* |value| without overflow for INT64_MIN. */
static uint64_t
magnitude_of (int64_t value)
{
  return value >= 0 ? (uint64_t) value : (uint64_t) (-(value + 1)) + 1;
}

void
rtb_log_histogram_init (RtbLogHistogram *hist)
{
  memset (hist, 0, sizeof *hist);
  hist->min_ns = INT64_MAX;
  hist->max_ns = INT64_MIN;
}

void
rtb_log_histogram_clear (RtbLogHistogram *hist)
{
  for (int s = 0; s < 2; s++)
    for (int c = 0; c < N_CHUNKS; c++)
      free (hist->chunks[s][c]);
  rtb_log_histogram_init (hist);
}

static uint64_t *
chunk_for (RtbLogHistogram *hist, int sign, int chunk)
{
  if (hist->chunks[sign][chunk] == NULL)
    hist->chunks[sign][chunk] = calloc (SUB_COUNT, sizeof (uint64_t));
  return hist->chunks[sign][chunk];
}

bool
rtb_log_histogram_add (RtbLogHistogram *hist, int64_t value_ns, uint64_t n)
{
  int sign = value_ns < 0 ? RTB_LOG_HISTOGRAM_NEGATIVE : RTB_LOG_HISTOGRAM_POSITIVE;
  Bucket b = bucket_of (magnitude_of (value_ns));
  uint64_t *counts;

  if (n == 0)
    return true;
  counts = chunk_for (hist, sign, b.chunk);
  if (counts == NULL)
    {
      hist->lost += n;
      return false;
    }
  counts[b.sub] += n;
  hist->chunk_counts[sign][b.chunk] += n;
  hist->count += n;
  if (value_ns < hist->min_ns)
    hist->min_ns = value_ns;
  if (value_ns > hist->max_ns)
    hist->max_ns = value_ns;
  return true;
}

bool
rtb_log_histogram_merge (RtbLogHistogram *into, const RtbLogHistogram *other)
{
  bool ok = true;

  for (int s = 0; s < 2; s++)
    for (int c = 0; c < N_CHUNKS; c++)
      {
        const uint64_t *from = other->chunks[s][c];
        uint64_t *to;

        if (from == NULL || other->chunk_counts[s][c] == 0)
          continue;
        to = chunk_for (into, s, c);
        if (to == NULL)
          {
            into->lost += other->chunk_counts[s][c];
            ok = false;
            continue;
          }
        for (int i = 0; i < (int) SUB_COUNT; i++)
          to[i] += from[i];
        into->chunk_counts[s][c] += other->chunk_counts[s][c];
        into->count += other->chunk_counts[s][c];
      }
  into->lost += other->lost;
  if (other->count > 0)
    {
      if (other->min_ns < into->min_ns)
        into->min_ns = other->min_ns;
      if (other->max_ns > into->max_ns)
        into->max_ns = other->max_ns;
    }
  return ok;
}

size_t
rtb_log_histogram_memory (const RtbLogHistogram *hist)
{
  size_t bytes = 0;

  for (int s = 0; s < 2; s++)
    for (int c = 0; c < N_CHUNKS; c++)
      if (hist->chunks[s][c] != NULL)
        bytes += RTB_LOG_HISTOGRAM_CHUNK_BYTES;
  return bytes;
}

static uint64_t
count_at (const RtbLogHistogram *hist, int sign, int chunk, int sub)
{
  const uint64_t *counts = hist->chunks[sign][chunk];

  return counts != NULL ? counts[sub] : 0;
}

uint64_t
rtb_nearest_rank (uint64_t count, double p)
{
  /* In integers: p / 100 · count in floating point lands a hair above a whole rank
   * (99.9 % of 1000 gives 999.0000000000001), and its ceiling one rank too high. */
  const uint64_t scale = 100000000; /* p in millionths of a percent */
  uint64_t p_scaled, rank;

  if (count == 0)
    return 0;
  if (!(p > 0))
    return 1;
  if (p >= 100)
    return count;
  p_scaled = (uint64_t) llround (p * 1e6);
  rank = count / scale * p_scaled + ((count % scale) * p_scaled + scale - 1) / scale;
  if (rank < 1)
    return 1;
  return rank < count ? rank : count;
}

/* The middle of a bucket's magnitudes [low, low + width − 1]. */
static double
bucket_middle (int chunk, int sub)
{
  return (double) bucket_low (chunk, sub) + (double) (bucket_width (chunk) - 1) / 2.0;
}

static double
clamp (double value, double lo, double hi)
{
  return value < lo ? lo : value > hi ? hi : value;
}

/* Finds the bucket holding the rank-th smallest signed value. */
static bool
find_signed (const RtbLogHistogram *hist, uint64_t rank, int *sign, Bucket *bucket)
{
  for (int c = N_CHUNKS - 1; c >= 0; c--)
    {
      if (rank > hist->chunk_counts[RTB_LOG_HISTOGRAM_NEGATIVE][c])
        {
          rank -= hist->chunk_counts[RTB_LOG_HISTOGRAM_NEGATIVE][c];
          continue;
        }
      for (int i = SUB_COUNT - 1; i >= 0; i--)
        {
          uint64_t n = count_at (hist, RTB_LOG_HISTOGRAM_NEGATIVE, c, i);
          if (rank <= n)
            {
              *sign = RTB_LOG_HISTOGRAM_NEGATIVE;
              *bucket = (Bucket) { c, i };
              return true;
            }
          rank -= n;
        }
    }
  for (int c = 0; c < N_CHUNKS; c++)
    {
      if (rank > hist->chunk_counts[RTB_LOG_HISTOGRAM_POSITIVE][c])
        {
          rank -= hist->chunk_counts[RTB_LOG_HISTOGRAM_POSITIVE][c];
          continue;
        }
      for (int i = 0; i < (int) SUB_COUNT; i++)
        {
          uint64_t n = count_at (hist, RTB_LOG_HISTOGRAM_POSITIVE, c, i);
          if (rank <= n)
            {
              *sign = RTB_LOG_HISTOGRAM_POSITIVE;
              *bucket = (Bucket) { c, i };
              return true;
            }
          rank -= n;
        }
    }
  return false;
}

double
rtb_log_histogram_at_rank (const RtbLogHistogram *hist, uint64_t rank)
{
  Bucket b;
  int sign;
  double middle;

  if (rank < 1 || rank > hist->count)
    return NAN;
  /* The ends are known exactly. */
  if (rank == 1)
    return (double) hist->min_ns;
  if (rank == hist->count)
    return (double) hist->max_ns;
  if (!find_signed (hist, rank, &sign, &b))
    return NAN;
  middle = bucket_middle (b.chunk, b.sub);
  if (sign == RTB_LOG_HISTOGRAM_NEGATIVE)
    middle = -middle;
  return clamp (middle, (double) hist->min_ns, (double) hist->max_ns);
}

double
rtb_log_histogram_abs_at_rank (const RtbLogHistogram *hist, uint64_t rank)
{
  double lo, hi;

  if (rank < 1 || rank > hist->count)
    return NAN;
  /* The exact range of the magnitudes, to clamp to. */
  hi = fmax (fabs ((double) hist->min_ns), fabs ((double) hist->max_ns));
  lo = hist->min_ns >= 0 ? (double) hist->min_ns
       : hist->max_ns <= 0 ? fabs ((double) hist->max_ns) : 0.0;
  if (rank == hist->count)
    return hi;
  if (rank == 1 && (hist->min_ns >= 0 || hist->max_ns <= 0))
    return lo;

  for (int c = 0; c < N_CHUNKS; c++)
    {
      uint64_t in_chunk = hist->chunk_counts[0][c] + hist->chunk_counts[1][c];

      if (rank > in_chunk)
        {
          rank -= in_chunk;
          continue;
        }
      for (int i = 0; i < (int) SUB_COUNT; i++)
        {
          uint64_t n = count_at (hist, 0, c, i) + count_at (hist, 1, c, i);
          if (rank <= n)
            return clamp (bucket_middle (c, i), lo, hi);
          rank -= n;
        }
    }
  return NAN;
}

double
rtb_log_histogram_percentile (const RtbLogHistogram *hist, double p)
{
  return rtb_log_histogram_at_rank (hist, rtb_nearest_rank (hist->count, p));
}

double
rtb_log_histogram_abs_percentile (const RtbLogHistogram *hist, double p)
{
  return rtb_log_histogram_abs_at_rank (hist, rtb_nearest_rank (hist->count, p));
}

int64_t
rtb_log_histogram_bucket_key (int64_t value_ns)
{
  Bucket b = bucket_of (magnitude_of (value_ns));
  uint64_t low = bucket_low (b.chunk, b.sub);

  if (value_ns >= 0)
    return (int64_t) low;
  /* low ≤ 2^63: its negation fits. */
  return low == (UINT64_C (1) << 63) ? INT64_MIN : -(int64_t) low;
}

uint64_t
rtb_log_histogram_bucket_width (int64_t value_ns)
{
  return bucket_width (bucket_of (magnitude_of (value_ns)).chunk);
}

bool
rtb_log_histogram_next (const RtbLogHistogram *hist, RtbLogHistogramIter *iter,
                        int64_t *key_ns, uint64_t *count)
{
  if (!iter->started)
    {
      iter->started = true;
      iter->sign = RTB_LOG_HISTOGRAM_NEGATIVE;
      iter->chunk = N_CHUNKS - 1;
      iter->sub = SUB_COUNT;
    }

  for (;;)
    {
      /* Step to the next bucket in ascending order of value. */
      if (iter->sign == RTB_LOG_HISTOGRAM_NEGATIVE)
        {
          if (--iter->sub < 0)
            {
              iter->sub = SUB_COUNT - 1;
              if (--iter->chunk < 0)
                {
                  iter->sign = RTB_LOG_HISTOGRAM_POSITIVE;
                  iter->chunk = 0;
                  iter->sub = 0;
                }
            }
        }
      else if (++iter->sub >= (int) SUB_COUNT)
        {
          iter->sub = 0;
          if (++iter->chunk >= N_CHUNKS)
            return false;
        }

      /* Whole empty chunks are skipped. */
      if (hist->chunk_counts[iter->sign][iter->chunk] == 0)
        {
          if (iter->sign == RTB_LOG_HISTOGRAM_NEGATIVE)
            iter->sub = 0;
          else
            iter->sub = SUB_COUNT - 1;
          continue;
        }

      uint64_t n = count_at (hist, iter->sign, iter->chunk, iter->sub);
      if (n == 0)
        continue;
      uint64_t low = bucket_low (iter->chunk, iter->sub);
      if (iter->sign == RTB_LOG_HISTOGRAM_POSITIVE)
        *key_ns = (int64_t) low;
      else
        *key_ns = low == (UINT64_C (1) << 63) ? INT64_MIN : -(int64_t) low;
      *count = n;
      return true;
    }
}
