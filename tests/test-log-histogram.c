/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib.h>
#include <math.h>

#include "rtb-log-histogram.h"

/* In thousandths of a percent, so that the expected ranks are computed in integers. */
static const guint64 percentiles_milli[] = {
  0, 10, 100, 1000, 5000, 10000, 25000, 50000, 75000, 90000, 95000, 99000, 99500, 99900, 99990,
  99999, 100000
};
#define PERCENTILE(i) (percentiles_milli[i] / 1000.0)

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* ⌈p/100 · n⌉ for p in thousandths of a percent, in integers, at least 1. */
static guint64
exact_rank (guint64 n, guint64 p_milli)
{
  return MAX ((p_milli * n + 99999) / 100000, 1);
}

/* The nearest-rank value: the ⌈p/100 · n⌉-th smallest, 1-based. */
static double
nearest_rank (const double *sorted, gsize n, guint64 p_milli)
{
  return sorted[exact_rank (n, p_milli) - 1];
}

/* The promise of the header: exact below 2048 ns, within 2^−11 above. */
static void
assert_close (double got, double want, double p, const char *what)
{
  double allowed = fabs (want) < 2048 ? 0 : fabs (want) / 2048.0;

  if (isnan (got) || fabs (got - want) > allowed)
    g_error ("%s p%g: %.3f ns, the samples say %.3f ns (allowed ±%.3f)", what, p, got, want,
             allowed);
  /* The promise users get: max(0.1 %, 1 ns). */
  g_assert_cmpfloat (fabs (got - want), <=, fmax (fabs (want) * 0.001, 1.0));
}

static void
check (const gint64 *values, gsize n)
{
  g_autofree double *sorted = g_new (double, n);
  g_autofree double *magnitudes = g_new (double, n);
  RtbLogHistogram hist;

  rtb_log_histogram_init (&hist);
  for (gsize i = 0; i < n; i++)
    {
      g_assert_true (rtb_log_histogram_add (&hist, values[i], 1));
      sorted[i] = (double) values[i];
      magnitudes[i] = fabs ((double) values[i]);
    }
  qsort (sorted, n, sizeof *sorted, compare_double);
  qsort (magnitudes, n, sizeof *magnitudes, compare_double);
  g_assert_cmpuint (hist.count, ==, n);

  for (guint i = 0; i < G_N_ELEMENTS (percentiles_milli); i++)
    {
      double p = PERCENTILE (i);

      assert_close (rtb_log_histogram_percentile (&hist, p),
                    nearest_rank (sorted, n, percentiles_milli[i]), p, "signed");
      assert_close (rtb_log_histogram_abs_percentile (&hist, p),
                    nearest_rank (magnitudes, n, percentiles_milli[i]), p, "|value|");
    }
  /* Min and max are exact. */
  g_assert_cmpfloat (rtb_log_histogram_percentile (&hist, 0), ==, sorted[0]);
  g_assert_cmpfloat (rtb_log_histogram_percentile (&hist, 100), ==, sorted[n - 1]);
  g_assert_cmpfloat (rtb_log_histogram_abs_percentile (&hist, 100), ==, magnitudes[n - 1]);
  rtb_log_histogram_clear (&hist);
}

/* The rank itself, against integer arithmetic: p/100 · n in floating point lands a hair above
 * a whole number for some n (99.9 % of 1000), and its ceiling is then one rank too high. */
static void
test_nearest_rank (void)
{
  static const guint64 large[] = { G_GUINT64_CONSTANT (100000000),
                                   G_GUINT64_CONSTANT (123456789012345),
                                   G_MAXUINT64 / 1000 };

  g_assert_cmpuint (rtb_nearest_rank (0, 50), ==, 0);
  g_assert_cmpuint (rtb_nearest_rank (1000, 99.9), ==, 999);
  g_assert_cmpuint (rtb_nearest_rank (10, -1), ==, 1);
  g_assert_cmpuint (rtb_nearest_rank (10, 101), ==, 10);
  for (guint64 n = 1; n <= 20000; n++)
    for (guint i = 0; i < G_N_ELEMENTS (percentiles_milli); i++)
      if (rtb_nearest_rank (n, PERCENTILE (i)) != exact_rank (n, percentiles_milli[i]))
        g_error ("p%g of %" G_GUINT64_FORMAT ": rank %" G_GUINT64_FORMAT ", not %"
                 G_GUINT64_FORMAT, PERCENTILE (i), n, rtb_nearest_rank (n, PERCENTILE (i)),
                 exact_rank (n, percentiles_milli[i]));
  for (guint k = 0; k < G_N_ELEMENTS (large); k++)
    {
      g_assert_cmpuint (rtb_nearest_rank (large[k], 50), ==, (large[k] + 1) / 2);
      g_assert_cmpuint (rtb_nearest_rank (large[k], 99.9), ==,
                        large[k] / 1000 * 999 + (large[k] % 1000 * 999 + 999) / 1000);
    }
}

/* Latency-like: mostly a few µs, an exponential tail, rare spikes of milliseconds. */
static gint64
latency_sample (void)
{
  double u = g_test_rand_double_range (1e-12, 1.0);
  gint64 v = 1500 + (gint64) (-log (u) * 3000.0);

  if (g_test_rand_int_range (0, 1000) == 0)
    v += g_test_rand_int_range (0, 20000000);
  return v;
}

static void
test_latency (void)
{
  for (guint round = 0; round < 20; round++)
    {
      gsize n = (gsize) g_test_rand_int_range (1, 50000);
      g_autofree gint64 *values = g_new (gint64, n);

      for (gsize i = 0; i < n; i++)
        values[i] = latency_sample ();
      check (values, n);
    }
}

/* Jitter and timer error: signed, around zero, with both tails. */
static void
test_signed (void)
{
  for (guint round = 0; round < 20; round++)
    {
      gsize n = (gsize) g_test_rand_int_range (1, 50000);
      g_autofree gint64 *values = g_new (gint64, n);
      double spread = g_test_rand_double_range (100, 1e6);

      for (gsize i = 0; i < n; i++)
        {
          double u1 = g_test_rand_double_range (1e-12, 1.0);
          double u2 = g_test_rand_double ();
          values[i] = (gint64) (sqrt (-2 * log (u1)) * cos (2 * G_PI * u2) * spread);
        }
      check (values, n);
    }
}

/* Few distinct values, many repeats: ranks that land on bucket edges. */
static void
test_repeats (void)
{
  static const gint64 choices[] = { -5000001, -2047, -1, 0, 1, 999, 2047, 2048, 2049, 4097,
                                    19069, 359, 123456789 };

  for (guint round = 0; round < 20; round++)
    {
      gsize n = (gsize) g_test_rand_int_range (1, 2000);
      g_autofree gint64 *values = g_new (gint64, n);

      for (gsize i = 0; i < n; i++)
        values[i] = choices[g_test_rand_int_range (0, G_N_ELEMENTS (choices))];
      check (values, n);
    }
}

/* The ends of int64 have buckets too. */
static void
test_extremes (void)
{
  gint64 values[] = { G_MININT64, G_MININT64 + 1, -1, 0, 1, G_MAXINT64 - 1, G_MAXINT64,
                      (gint64) 1 << 62, -((gint64) 1 << 62) };
  RtbLogHistogram hist;

  rtb_log_histogram_init (&hist);
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    g_assert_true (rtb_log_histogram_add (&hist, values[i], 1));
  g_assert_cmpfloat (rtb_log_histogram_percentile (&hist, 0), ==, (double) G_MININT64);
  g_assert_cmpfloat (rtb_log_histogram_percentile (&hist, 100), ==, (double) G_MAXINT64);
  g_assert_cmpfloat (rtb_log_histogram_percentile (&hist, 50), ==, 0.0);
  g_assert_cmpint (rtb_log_histogram_bucket_key (G_MININT64), ==, G_MININT64);
  g_assert_cmpuint (rtb_log_histogram_memory (&hist), <=,
                    2 * RTB_LOG_HISTOGRAM_N_CHUNKS * RTB_LOG_HISTOGRAM_CHUNK_BYTES);
  rtb_log_histogram_clear (&hist);
}

/* Every value lies in the bucket its key names, no more than a width away, and the widths
 * follow the layout: 1 ns below 2048 ns, then 2^−10 of the octave. */
static void
test_buckets (void)
{
  for (guint i = 0; i < 200000; i++)
    {
      gint64 v = (gint64) ((guint64) (guint32) g_test_rand_int () << g_test_rand_int_range (0, 32));
      gint64 key;
      guint64 width, magnitude;

      if (g_test_rand_bit ())
        v = -v;
      key = rtb_log_histogram_bucket_key (v);
      width = rtb_log_histogram_bucket_width (v);
      magnitude = (guint64) ABS (v);
      g_assert_cmpint (rtb_log_histogram_bucket_key (key), ==, key);
      g_assert_cmpuint (rtb_log_histogram_bucket_width (key), ==, width);
      g_assert_cmpuint ((guint64) ABS (key), <=, magnitude);
      g_assert_cmpuint (magnitude - (guint64) ABS (key), <, width);
      if (magnitude < 2048)
        g_assert_cmpuint (width, ==, 1);
      else
        g_assert_cmpuint (width * 1024, <=, magnitude);
    }
}

/* Merging adds: the merged histogram answers as one fed every sample. */
static void
test_merge (void)
{
  RtbLogHistogram a, b, all;

  rtb_log_histogram_init (&a);
  rtb_log_histogram_init (&b);
  rtb_log_histogram_init (&all);
  for (guint i = 0; i < 30000; i++)
    {
      gint64 v = latency_sample () * (g_test_rand_bit () ? 1 : -1);

      rtb_log_histogram_add (i % 3 == 0 ? &a : &b, v, 1);
      rtb_log_histogram_add (&all, v, 1);
    }
  g_assert_true (rtb_log_histogram_merge (&a, &b));
  g_assert_cmpuint (a.count, ==, all.count);
  g_assert_cmpint (a.min_ns, ==, all.min_ns);
  g_assert_cmpint (a.max_ns, ==, all.max_ns);
  for (guint i = 0; i < G_N_ELEMENTS (percentiles_milli); i++)
    {
      g_assert_cmpfloat (rtb_log_histogram_percentile (&a, PERCENTILE (i)), ==,
                         rtb_log_histogram_percentile (&all, PERCENTILE (i)));
      g_assert_cmpfloat (rtb_log_histogram_abs_percentile (&a, PERCENTILE (i)), ==,
                         rtb_log_histogram_abs_percentile (&all, PERCENTILE (i)));
    }
  rtb_log_histogram_clear (&a);
  rtb_log_histogram_clear (&b);
  rtb_log_histogram_clear (&all);
}

/* The walk a run file stores, ascending keys, rebuilds the same histogram. */
static void
test_walk (void)
{
  RtbLogHistogram hist, rebuilt;
  RtbLogHistogramIter iter = { 0 };
  gint64 key, previous = G_MININT64;
  guint64 n, total = 0;
  gboolean first = TRUE;

  rtb_log_histogram_init (&hist);
  rtb_log_histogram_init (&rebuilt);
  for (guint i = 0; i < 20000; i++)
    rtb_log_histogram_add (&hist, latency_sample () - 4000, 1);
  rtb_log_histogram_add (&hist, G_MININT64, 2);
  rtb_log_histogram_add (&hist, G_MAXINT64, 3);

  while (rtb_log_histogram_next (&hist, &iter, &key, &n))
    {
      if (!first)
        g_assert_cmpint (key, >, previous);
      g_assert_cmpint (rtb_log_histogram_bucket_key (key), ==, key);
      g_assert_cmpuint (n, >, 0);
      first = FALSE;
      previous = key;
      total += n;
      rtb_log_histogram_add (&rebuilt, key, n);
    }
  g_assert_cmpuint (total, ==, hist.count);
  rebuilt.min_ns = hist.min_ns;
  rebuilt.max_ns = hist.max_ns;
  for (guint i = 0; i < G_N_ELEMENTS (percentiles_milli); i++)
    g_assert_cmpfloat (rtb_log_histogram_percentile (&rebuilt, PERCENTILE (i)), ==,
                       rtb_log_histogram_percentile (&hist, PERCENTILE (i)));
  rtb_log_histogram_clear (&hist);
  rtb_log_histogram_clear (&rebuilt);
}

/* Memory depends on the range of the values, not on their number. */
static void
test_memory (void)
{
  RtbLogHistogram hist;
  gsize after_first;

  rtb_log_histogram_init (&hist);
  g_assert_true (isnan (rtb_log_histogram_percentile (&hist, 50)));
  for (gint64 v = 2000; v < 10000000; v += 997)
    rtb_log_histogram_add (&hist, v, 1);
  after_first = rtb_log_histogram_memory (&hist);
  g_assert_cmpuint (after_first, <=, 14 * RTB_LOG_HISTOGRAM_CHUNK_BYTES);
  for (guint round = 0; round < 50; round++)
    for (gint64 v = 2000; v < 10000000; v += 997)
      rtb_log_histogram_add (&hist, v, 1);
  g_assert_cmpuint (rtb_log_histogram_memory (&hist), ==, after_first);
  rtb_log_histogram_clear (&hist);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/log-histogram/nearest-rank", test_nearest_rank);
  g_test_add_func ("/log-histogram/latency", test_latency);
  g_test_add_func ("/log-histogram/signed", test_signed);
  g_test_add_func ("/log-histogram/repeats", test_repeats);
  g_test_add_func ("/log-histogram/extremes", test_extremes);
  g_test_add_func ("/log-histogram/buckets", test_buckets);
  g_test_add_func ("/log-histogram/merge", test_merge);
  g_test_add_func ("/log-histogram/walk", test_walk);
  g_test_add_func ("/log-histogram/memory", test_memory);
  return g_test_run ();
}
