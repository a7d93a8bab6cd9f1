/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib.h>
#include <math.h>

#include "rtb-histogram.h"

/* Every value lands in floor(v / 1 µs), below or above; the statistics are exact. */
static void
check_against_values (gint32 lo_us, guint32 n_buckets, const gint64 *values, gsize n)
{
  RtbHistogram hist;
  g_autofree guint64 *expected = g_new0 (guint64, n_buckets);
  guint64 below = 0, above = 0;
  gint64 sum = 0, min = G_MAXINT64, max = G_MININT64;
  double sq = 0;

  g_assert_true (rtb_histogram_init (&hist, lo_us, n_buckets));
  for (gsize i = 0; i < n; i++)
    {
      gint64 bucket = rtb_floor_div (values[i], 1000) - lo_us;

      rtb_histogram_add (&hist, values[i]);
      if (bucket < 0)
        below++;
      else if (bucket >= n_buckets)
        above++;
      else
        expected[bucket]++;
      sum += values[i];
      min = MIN (min, values[i]);
      max = MAX (max, values[i]);
    }
  g_assert_cmpmem (hist.counts, n_buckets * sizeof (guint64), expected,
                   n_buckets * sizeof (guint64));
  g_assert_cmpuint (hist.n_below, ==, below);
  g_assert_cmpuint (hist.n_above, ==, above);
  g_assert_cmpuint (rtb_histogram_overflows (&hist), ==, below + above);
  g_assert_cmpuint (hist.stats.count, ==, n);
  g_assert_cmpint (hist.stats.min_ns, ==, min);
  g_assert_cmpint (hist.stats.max_ns, ==, max);
  g_assert_cmpint (hist.stats.sum_ns, ==, sum);

  double mean = (double) sum / 1000.0 / (double) n;
  for (gsize i = 0; i < n; i++)
    sq += ((double) values[i] / 1000.0 - mean) * ((double) values[i] / 1000.0 - mean);
  g_assert_cmpfloat_with_epsilon (rtb_stats_avg_us (&hist.stats), mean, 1e-9 * fabs (mean) + 1e-9);
  g_assert_cmpfloat_with_epsilon (rtb_stats_stddev_us (&hist.stats), sqrt (sq / (double) n),
                                  1e-6 * sqrt (sq / (double) n) + 1e-9);
  rtb_histogram_clear (&hist);
}

static void
test_latency (void)
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
      check_against_values (0, 100, values, n);
    }
}

static void
test_signed (void)
{
  for (guint round = 0; round < 20; round++)
    {
      gsize n = (gsize) g_test_rand_int_range (1, 5000);
      g_autofree gint64 *values = g_new (gint64, n);
      for (gsize i = 0; i < n; i++)
        values[i] = g_test_rand_int_range (-80000, 80000);
      check_against_values (-50, 100, values, n);
    }
}

static void
test_overflows (void)
{
  RtbHistogram hist;

  rtb_histogram_init (&hist, 0, 10);
  for (int i = 0; i < 90; i++)
    rtb_histogram_add (&hist, 5000);
  for (int i = 0; i < 10; i++)
    rtb_histogram_add (&hist, 1000000 + i * 1000);
  g_assert_cmpuint (rtb_histogram_overflows (&hist), ==, 10);
  g_assert_cmpint (hist.stats.max_ns, ==, 1009000);
  /* A value at exactly the limit is an overflow, as in cyclictest. */
  rtb_histogram_add (&hist, 10000);
  g_assert_cmpuint (hist.n_above, ==, 11);
  rtb_histogram_add (&hist, 9999);
  g_assert_cmpuint (hist.counts[9], ==, 1);
  rtb_histogram_clear (&hist);
}

static void
test_empty_and_single (void)
{
  RtbHistogram hist;

  rtb_histogram_init (&hist, 0, 10);
  g_assert_true (isnan (rtb_stats_avg_us (&hist.stats)));
  g_assert_true (isnan (rtb_stats_stddev_us (&hist.stats)));
  rtb_histogram_add (&hist, 3500);
  g_assert_cmpuint (hist.counts[3], ==, 1);
  g_assert_cmpfloat (rtb_stats_stddev_us (&hist.stats), ==, 0.0);
  rtb_histogram_clear (&hist);
}

static void
test_add_bucket (void)
{
  RtbHistogram hist;

  rtb_histogram_init (&hist, 0, 100);
  rtb_histogram_add_bucket (&hist, 3, 10);
  rtb_histogram_add_bucket (&hist, 7, 30);
  rtb_histogram_add_bucket (&hist, 150, 2);
  g_assert_cmpuint (hist.stats.count, ==, 42);
  g_assert_cmpint (hist.stats.min_ns, ==, 3000);
  g_assert_cmpint (hist.stats.max_ns, ==, 150000);
  g_assert_cmpuint (hist.counts[3], ==, 10);
  g_assert_cmpuint (hist.counts[7], ==, 30);
  g_assert_cmpuint (hist.n_above, ==, 2);
  g_assert_cmpfloat_with_epsilon (rtb_stats_avg_us (&hist.stats), (30.0 + 210 + 300) / 42, 1e-9);
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
  g_test_add_func ("/histogram/latency", test_latency);
  g_test_add_func ("/histogram/signed", test_signed);
  g_test_add_func ("/histogram/overflows", test_overflows);
  g_test_add_func ("/histogram/empty-and-single", test_empty_and_single);
  g_test_add_func ("/histogram/add-bucket", test_add_bucket);
  g_test_add_func ("/histogram/merge-stats", test_merge_stats);
  return g_test_run ();
}
