/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib.h>
#include <math.h>

#include "rtb-histogram.h"

static int
compare_int64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return (x > y) - (x < y);
}

/* What a sorted array says the p-th percentile is, reported as the histogram reports it:
 * truncated to the µs bucket inside the histogram, exact outside it. */
static double
expected_percentile (const gint64 *sorted, gsize n, double p, gint32 lo_us, guint32 n_buckets)
{
  guint64 rank = (guint64) ceil (p / 100.0 * (double) n);
  if (rank < 1)
    rank = 1;
  gint64 v = sorted[rank - 1];
  gint64 bucket = rtb_floor_div (v, 1000);
  if (bucket >= lo_us && bucket < lo_us + (gint64) n_buckets)
    return (double) bucket;
  return (double) v / 1000.0;
}

static void
check_against_sorted (gint32 lo_us, guint32 n_buckets, gint64 *values, gsize n)
{
  RtbHistogram hist;
  static const double ps[] = { 0, 0.1, 1, 10, 25, 50, 75, 90, 99, 99.9, 99.99, 100 };

  g_assert_true (rtb_histogram_init (&hist, lo_us, n_buckets, RTB_HISTOGRAM_DEFAULT_OUTSIDE_CAP));
  for (gsize i = 0; i < n; i++)
    rtb_histogram_add (&hist, values[i]);
  qsort (values, n, sizeof *values, compare_int64);

  /* Histogram + overflows = count. */
  guint64 in_buckets = 0;
  for (guint32 b = 0; b < n_buckets; b++)
    in_buckets += hist.counts[b];
  g_assert_cmpuint (in_buckets + rtb_histogram_overflows (&hist), ==, n);
  g_assert_cmpuint (hist.stats.count, ==, n);
  g_assert_cmpint (hist.stats.min_ns, ==, values[0]);
  g_assert_cmpint (hist.stats.max_ns, ==, values[n - 1]);

  gint64 sum = 0;
  double sq = 0;
  for (gsize i = 0; i < n; i++)
    sum += values[i];
  double mean = (double) sum / 1000.0 / (double) n;
  for (gsize i = 0; i < n; i++)
    sq += ((double) values[i] / 1000.0 - mean) * ((double) values[i] / 1000.0 - mean);
  g_assert_cmpfloat_with_epsilon (rtb_stats_avg_us (&hist.stats), mean, 1e-9 * fabs (mean) + 1e-9);
  g_assert_cmpfloat_with_epsilon (rtb_stats_stddev_us (&hist.stats), sqrt (sq / (double) n),
                                  1e-6 * sqrt (sq / (double) n) + 1e-9);

  for (guint i = 0; i < G_N_ELEMENTS (ps); i++)
    {
      double want = expected_percentile (values, n, ps[i], lo_us, n_buckets);
      double got = rtb_histogram_percentile_us (&hist, ps[i]);
      if (want != got)
        g_error ("p%g: histogram says %.3f, sorted array %.3f", ps[i], got, want);
    }
  rtb_histogram_clear (&hist);
}

static void
test_percentiles_latency (void)
{
  for (guint round = 0; round < 20; round++)
    {
      gsize n = (gsize) g_test_rand_int_range (1, 20000);
      g_autofree gint64 *values = g_new (gint64, n);
      for (gsize i = 0; i < n; i++)
        {
          /* Mostly small latencies, a few far above the 100 µs limit. */
          values[i] = g_test_rand_int_range (0, 100) < 3 ? g_test_rand_int_range (100000, 5000000)
                                                        : g_test_rand_int_range (0, 100000);
        }
      check_against_sorted (0, 100, values, n);
    }
}

static void
test_percentiles_signed (void)
{
  for (guint round = 0; round < 20; round++)
    {
      gsize n = (gsize) g_test_rand_int_range (1, 5000);
      g_autofree gint64 *values = g_new (gint64, n);
      for (gsize i = 0; i < n; i++)
        values[i] = g_test_rand_int_range (-80000, 80000);
      check_against_sorted (-50, 100, values, n);
    }
}

static void
test_percentile_among_overflows (void)
{
  RtbHistogram hist;
  rtb_histogram_init (&hist, 0, 10, 100);
  /* 90 small values and 10 overflows: p95 lies among the overflows and is not clamped. */
  for (int i = 0; i < 90; i++)
    rtb_histogram_add (&hist, 5000);
  for (int i = 0; i < 10; i++)
    rtb_histogram_add (&hist, 1000000 + i * 1000);
  g_assert_cmpuint (rtb_histogram_overflows (&hist), ==, 10);
  g_assert_cmpfloat (rtb_histogram_percentile_us (&hist, 50), ==, 5.0);
  g_assert_cmpfloat (rtb_histogram_percentile_us (&hist, 95), ==, 1004.0);
  g_assert_cmpfloat (rtb_histogram_percentile_us (&hist, 100), ==, 1009.0);
  /* A value at exactly the limit is an overflow, as in cyclictest. */
  rtb_histogram_add (&hist, 10000);
  g_assert_cmpuint (hist.n_above, ==, 11);
  rtb_histogram_add (&hist, 9999);
  g_assert_cmpuint (hist.counts[9], ==, 1);
  rtb_histogram_clear (&hist);
}

static void
test_outside_cap (void)
{
  RtbHistogram hist;
  rtb_histogram_init (&hist, 0, 10, 4);
  for (int i = 0; i < 10; i++)
    rtb_histogram_add (&hist, 50000 + i);
  g_assert_cmpuint (hist.n_outside, ==, 4);
  g_assert_cmpuint (hist.outside_lost, ==, 6);
  g_assert_cmpuint (hist.n_above, ==, 10);
  g_assert_cmpuint (hist.stats.count, ==, 10);
  g_assert_cmpint (hist.stats.max_ns, ==, 50009);
  /* Still answers from what was kept. */
  g_assert_false (isnan (rtb_histogram_percentile_us (&hist, 99)));
  rtb_histogram_clear (&hist);
}

static void
test_empty_and_single (void)
{
  RtbHistogram hist;
  rtb_histogram_init (&hist, 0, 10, 10);
  g_assert_true (isnan (rtb_histogram_percentile_us (&hist, 50)));
  g_assert_true (isnan (rtb_stats_avg_us (&hist.stats)));
  rtb_histogram_add (&hist, 3500);
  g_assert_cmpfloat (rtb_histogram_percentile_us (&hist, 0), ==, 3.0);
  g_assert_cmpfloat (rtb_histogram_percentile_us (&hist, 100), ==, 3.0);
  g_assert_cmpfloat (rtb_stats_stddev_us (&hist.stats), ==, 0.0);
  rtb_histogram_clear (&hist);
}

static void
test_add_bucket (void)
{
  RtbHistogram hist;
  rtb_histogram_init (&hist, 0, 100, 1000);
  rtb_histogram_add_bucket (&hist, 3, 10);
  rtb_histogram_add_bucket (&hist, 7, 30);
  rtb_histogram_add_bucket (&hist, 150, 2);
  g_assert_cmpuint (hist.stats.count, ==, 42);
  g_assert_cmpint (hist.stats.min_ns, ==, 3000);
  g_assert_cmpint (hist.stats.max_ns, ==, 150000);
  g_assert_cmpuint (hist.n_above, ==, 2);
  g_assert_cmpfloat_with_epsilon (rtb_stats_avg_us (&hist.stats), (30.0 + 210 + 300) / 42, 1e-9);
  g_assert_cmpfloat (rtb_histogram_percentile_us (&hist, 50), ==, 7.0);
  g_assert_cmpfloat (rtb_histogram_percentile_us (&hist, 100), ==, 150.0);
  rtb_histogram_clear (&hist);
}

static void
test_merge_stats (void)
{
  RtbStats a, b, all;
  rtb_stats_init (&a);
  rtb_stats_init (&b);
  rtb_stats_init (&all);
  for (int i = 0; i < 1000; i++)
    {
      gint64 v = g_test_rand_int_range (-5000, 90000);
      rtb_stats_add (i % 3 ? &a : &b, v);
      rtb_stats_add (&all, v);
    }
  rtb_stats_merge (&a, &b);
  g_assert_cmpuint (a.count, ==, all.count);
  g_assert_cmpint (a.sum_ns, ==, all.sum_ns);
  g_assert_cmpint (a.min_ns, ==, all.min_ns);
  g_assert_cmpint (a.max_ns, ==, all.max_ns);
  g_assert_cmpfloat_with_epsilon (rtb_stats_stddev_us (&a), rtb_stats_stddev_us (&all), 1e-6);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/histogram/percentiles-latency", test_percentiles_latency);
  g_test_add_func ("/histogram/percentiles-signed", test_percentiles_signed);
  g_test_add_func ("/histogram/percentile-among-overflows", test_percentile_among_overflows);
  g_test_add_func ("/histogram/outside-cap", test_outside_cap);
  g_test_add_func ("/histogram/empty-and-single", test_empty_and_single);
  g_test_add_func ("/histogram/add-bucket", test_add_bucket);
  g_test_add_func ("/histogram/merge-stats", test_merge_stats);
  return g_test_run ();
}
