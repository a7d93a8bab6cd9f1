/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rtb-histogram.h"

void
rtb_stats_init (RtbStats *stats)
{
  memset (stats, 0, sizeof *stats);
  stats->min_ns = INT64_MAX;
  stats->max_ns = INT64_MIN;
}

/* Real sums stay far below the limit (292 years); a hostile stream or file saturates instead
 * of overflowing. */
static int64_t
add_saturated (int64_t a, int64_t b)
{
  int64_t sum;

  if (__builtin_add_overflow (a, b, &sum))
    return b > 0 ? INT64_MAX : INT64_MIN;
  return sum;
}

void
rtb_stats_add (RtbStats *stats, int64_t value_ns)
{
  double us = (double) value_ns / 1000.0;

  stats->count++;
  if (value_ns < stats->min_ns)
    stats->min_ns = value_ns;
  if (value_ns > stats->max_ns)
    stats->max_ns = value_ns;
  stats->sum_ns = add_saturated (stats->sum_ns, value_ns);

  double delta = us - stats->mean_us;
  stats->mean_us += delta / (double) stats->count;
  stats->m2_us2 += delta * (us - stats->mean_us);
}

void
rtb_stats_add_n (RtbStats *stats, int64_t value_ns, uint64_t n)
{
  int64_t sum;
  RtbStats chunk = {
    .count = n,
    .min_ns = value_ns,
    .max_ns = value_ns,
    .mean_us = (double) value_ns / 1000.0,
    .m2_us2 = 0.0,
  };

  if (n == 0)
    return;
  chunk.sum_ns = __builtin_mul_overflow (value_ns, (int64_t) n, &sum) || n > INT64_MAX
                 ? (value_ns > 0 ? INT64_MAX : INT64_MIN) : sum;
  rtb_stats_merge (stats, &chunk);
}

double
rtb_stats_avg_us (const RtbStats *stats)
{
  if (stats->count == 0)
    return NAN;
  return (double) stats->sum_ns / 1000.0 / (double) stats->count;
}

double
rtb_stats_stddev_us (const RtbStats *stats)
{
  if (stats->count == 0)
    return NAN;
  return sqrt (stats->m2_us2 / (double) stats->count);
}

void
rtb_stats_merge (RtbStats *into, const RtbStats *other)
{
  if (other->count == 0)
    return;
  if (into->count == 0)
    {
      *into = *other;
      return;
    }

  double n_a = (double) into->count;
  double n_b = (double) other->count;
  double delta = other->mean_us - into->mean_us;

  into->mean_us += delta * n_b / (n_a + n_b);
  into->m2_us2 += other->m2_us2 + delta * delta * n_a * n_b / (n_a + n_b);
  into->count += other->count;
  into->sum_ns = add_saturated (into->sum_ns, other->sum_ns);
  if (other->min_ns < into->min_ns)
    into->min_ns = other->min_ns;
  if (other->max_ns > into->max_ns)
    into->max_ns = other->max_ns;
}

bool
rtb_histogram_init (RtbHistogram *hist, int32_t lo_us, uint32_t n_buckets)
{
  memset (hist, 0, sizeof *hist);
  hist->lo_us = lo_us;
  hist->n_buckets = n_buckets;
  rtb_stats_init (&hist->stats);
  if (n_buckets > 0)
    {
      hist->counts = calloc (n_buckets, sizeof *hist->counts);
      if (hist->counts == NULL)
        return false;
    }
  return true;
}

void
rtb_histogram_clear (RtbHistogram *hist)
{
  free (hist->counts);
  memset (hist, 0, sizeof *hist);
}

static void
count_in_bucket (RtbHistogram *hist, int64_t bucket_us, uint64_t n)
{
  int64_t bucket = bucket_us - hist->lo_us;

  if (bucket >= 0 && bucket < (int64_t) hist->n_buckets)
    hist->counts[bucket] += n;
  else if (bucket < 0)
    hist->n_below += n;
  else
    hist->n_above += n;
}

void
rtb_histogram_add (RtbHistogram *hist, int64_t value_ns)
{
  rtb_stats_add (&hist->stats, value_ns);
  count_in_bucket (hist, rtb_floor_div (value_ns, 1000), 1);
}

void
rtb_histogram_add_bucket (RtbHistogram *hist, int32_t bucket_us, uint64_t count)
{
  /* The bucket's lower edge stands for every sample in it: the statistics of an imported
   * histogram are those of its µs values, as the source tool computed them. */
  rtb_stats_add_n (&hist->stats, (int64_t) bucket_us * 1000, count);
  count_in_bucket (hist, bucket_us, count);
}

uint64_t
rtb_histogram_overflows (const RtbHistogram *hist)
{
  return hist->n_below + hist->n_above;
}
