/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib.h>
#include <math.h>

#include "rtb-heatmap.h"
#include "rtb-log-histogram.h"

static void
test_rows (void)
{
  RtbHeatmap h;

  g_assert_true (rtb_heatmap_init (&h, 1000, 16));
  /* Below 1 µs, three decades of 10, the overflow row. */
  g_assert_cmpuint (h.n_rows, ==, 32);
  g_assert_cmpint (rtb_heatmap_row_lo_ns (&h, 1), ==, 1000);
  g_assert_cmpint (rtb_heatmap_row_lo_ns (&h, 11), ==, 10000);
  g_assert_cmpint (rtb_heatmap_row_lo_ns (&h, 21), ==, 100000);
  g_assert_cmpint (rtb_heatmap_row_lo_ns (&h, 31), ==, 1000000);
  g_assert_cmpint (rtb_heatmap_row_hi_ns (&h, 31), ==, G_MAXINT64);
  for (guint32 r = 0; r < h.n_rows; r++)
    {
      g_assert_cmpint (rtb_heatmap_row_lo_ns (&h, r), <, rtb_heatmap_row_hi_ns (&h, r));
      g_assert_cmpuint (rtb_heatmap_row_of (&h, rtb_heatmap_row_lo_ns (&h, r)), ==, r);
      if (r + 1 < h.n_rows)
        g_assert_cmpuint (rtb_heatmap_row_of (&h, rtb_heatmap_row_hi_ns (&h, r) - 1), ==, r);
    }
  g_assert_cmpuint (rtb_heatmap_row_of (&h, 0), ==, 0);
  g_assert_cmpuint (rtb_heatmap_row_of (&h, 999), ==, 0);
  g_assert_cmpuint (rtb_heatmap_row_of (&h, -999), ==, 0);
  /* Signed values by magnitude. */
  g_assert_cmpuint (rtb_heatmap_row_of (&h, -12345), ==, rtb_heatmap_row_of (&h, 12345));
  g_assert_cmpuint (rtb_heatmap_row_of (&h, 999999), ==, 30);
  g_assert_cmpuint (rtb_heatmap_row_of (&h, 1000000), ==, 31);
  g_assert_cmpuint (rtb_heatmap_row_of (&h, -1000000), ==, 31);
  g_assert_cmpuint (rtb_heatmap_row_of (&h, G_MAXINT64), ==, 31);
  g_assert_cmpuint (rtb_heatmap_row_of (&h, G_MININT64), ==, 31);
  rtb_heatmap_clear (&h);

  /* A limit between two edges: the top row ends at it, never a sliver. */
  g_assert_true (rtb_heatmap_init (&h, 800, 16));
  g_assert_cmpint (rtb_heatmap_row_lo_ns (&h, h.n_rows - 1), ==, 800000);
  g_assert_cmpint (rtb_heatmap_row_lo_ns (&h, h.n_rows - 2), ==, 630957);
  rtb_heatmap_clear (&h);

  /* The smallest limit: below 1 µs and the overflow row. */
  g_assert_true (rtb_heatmap_init (&h, 1, 16));
  g_assert_cmpuint (h.n_rows, ==, 2);
  g_assert_cmpuint (rtb_heatmap_row_of (&h, 1000), ==, 1);
  rtb_heatmap_clear (&h);
}

static void
test_rows_per_decade (void)
{
  guint32 limits[] = { 2, 10, 32, 100, 800, 1000, 12345, 1000000, 5000000 };

  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    {
      RtbHeatmap h;

      g_assert_true (rtb_heatmap_init (&h, limits[i], 2));
      g_assert_cmpuint (h.n_rows, <=, RTB_HEATMAP_MAX_ROWS);
      /* At least 8 rows in every decade from 1 µs to the limit. */
      for (gint64 decade = 1000; decade * 10 <= (gint64) h.limit_us * 1000; decade *= 10)
        g_assert_cmpuint (rtb_heatmap_row_of (&h, decade * 10 - 1) -
                            rtb_heatmap_row_of (&h, decade) + 1, >=, 8);
      g_assert_cmpint (rtb_heatmap_row_lo_ns (&h, h.n_rows - 1), ==, (gint64) h.limit_us * 1000);
      rtb_heatmap_clear (&h);
    }
}

static void
test_memory (void)
{
  RtbHeatmap h;

  g_assert_true (rtb_heatmap_init (&h, RTB_HEATMAP_MAX_LIMIT_US, RTB_HEATMAP_DEFAULT_CAPACITY));
  g_assert_cmpuint (h.n_rows, ==, RTB_HEATMAP_MAX_ROWS);
  g_assert_cmpuint (rtb_heatmap_memory (&h), ==, 62 * 1024 * 8 + 1024 * 8);
  g_assert_cmpuint (rtb_heatmap_memory (&h), <=, 1024 * 1024);
  rtb_heatmap_clear (&h);
}

/* A sample's value, signed and with rare spikes past the limit. */
static gint64
sample_value (guint64 i)
{
  gint64 v = (gint64) ((i * 2654435761u) % 250000) - 5000;

  if (i % 100003 == 7)
    v = 3000000;
  return v;
}

static gint64
magnitude (gint64 v)
{
  return v < 0 ? -v : v;
}

static void
test_merging_keeps_counts (void)
{
  RtbHeatmap h;
  const guint64 n = 3000001;
  g_autofree guint64 *expected = NULL;
  g_autofree gint64 *expected_max = NULL;

  g_assert_true (rtb_heatmap_init (&h, 1000, 64));
  for (guint64 i = 0; i < n; i++)
    rtb_heatmap_add (&h, sample_value (i));

  g_assert_cmpuint (h.n_positions, ==, n);
  g_assert_cmpuint (h.n_columns, <=, h.capacity);
  g_assert_cmpuint (h.n_columns, >, h.capacity / 2);
  g_assert_cmpuint (h.column_size & (h.column_size - 1), ==, 0);
  g_assert_cmpuint (rtb_heatmap_n_samples (&h), ==, n);

  /* Every cell as counting the samples again by their final column gives it. */
  expected = g_new0 (guint64, h.n_columns * h.n_rows);
  expected_max = g_new0 (gint64, h.n_columns);
  for (guint64 i = 0; i < n; i++)
    {
      gsize c = i / h.column_size;
      gint64 v = sample_value (i);

      expected[c * h.n_rows + rtb_heatmap_row_of (&h, v)]++;
      expected_max[c] = MAX (expected_max[c], magnitude (v));
    }
  for (gsize c = 0; c < h.n_columns; c++)
    {
      for (guint32 r = 0; r < h.n_rows; r++)
        g_assert_cmpuint (rtb_heatmap_column (&h, c)[r], ==, expected[c * h.n_rows + r]);
      g_assert_cmpint (h.column_max_ns[c], ==, expected_max[c]);
      g_assert_cmpuint (rtb_heatmap_column_count (&h, c), ==,
                        rtb_heatmap_column_positions (&h, c));
    }
  /* The spikes are in the overflow row, each in the column of its time. */
  g_assert_cmpuint (rtb_heatmap_column (&h, 7 / h.column_size)[h.n_rows - 1], >=, 1);
  rtb_heatmap_clear (&h);
}

static void
test_spans_after_skips (void)
{
  RtbHeatmap h;

  g_assert_true (rtb_heatmap_init (&h, 100, 8));
  rtb_heatmap_add_repeated (&h, 5000, 100);
  rtb_heatmap_skip (&h, 300);          /* a stall: 300 periods without a sample */
  rtb_heatmap_add_repeated (&h, -20000, 100);
  rtb_heatmap_add (&h, 150000);        /* the last one overflows */

  g_assert_cmpuint (h.n_positions, ==, 501);
  g_assert_cmpuint (h.column_size, ==, 64);
  g_assert_cmpuint (h.n_columns, ==, 8);
  g_assert_cmpuint (rtb_heatmap_n_samples (&h), ==, 201);
  for (gsize c = 0; c < h.n_columns; c++)
    {
      guint64 start = rtb_heatmap_column_start (&h, c);
      guint64 positions = rtb_heatmap_column_positions (&h, c);
      guint64 first = MAX (start, 100), last = MIN (start + positions, 400);
      guint64 skipped = last > first ? last - first : 0;

      g_assert_cmpuint (start, ==, c * 64);
      g_assert_cmpuint (positions, ==, c + 1 < h.n_columns ? 64 : 501 - 7 * 64);
      g_assert_cmpuint (rtb_heatmap_column_count (&h, c), ==, positions - skipped);
    }
  /* Columns 2 to 5 lie inside the stall. */
  for (gsize c = 2; c <= 5; c++)
    g_assert_cmpuint (rtb_heatmap_column_count (&h, c), ==, 0);
  g_assert_cmpint (h.column_max_ns[7], ==, 150000);
  g_assert_cmpuint (rtb_heatmap_column (&h, 7)[h.n_rows - 1], ==, 1);
  g_assert_cmpint (h.column_max_ns[6], ==, 20000);
  rtb_heatmap_clear (&h);
}

static void
test_add_repeated_is_add (void)
{
  RtbHeatmap a, b;

  g_assert_true (rtb_heatmap_init (&a, 50, 6));
  g_assert_true (rtb_heatmap_init (&b, 50, 6));
  for (guint round = 0; round < 40; round++)
    {
      guint64 n = 1 + round * 7 % 23;
      gint64 v = (gint64) round * 1700;

      rtb_heatmap_add_repeated (&a, v, n);
      for (guint64 i = 0; i < n; i++)
        rtb_heatmap_add (&b, v);
    }
  g_assert_cmpuint (a.n_positions, ==, b.n_positions);
  g_assert_cmpuint (a.column_size, ==, b.column_size);
  g_assert_cmpuint (a.n_columns, ==, b.n_columns);
  g_assert_cmpmem (a.cells, a.n_columns * a.n_rows * 8, b.cells, b.n_columns * b.n_rows * 8);
  g_assert_cmpmem (a.column_max_ns, a.n_columns * 8, b.column_max_ns, b.n_columns * 8);
  rtb_heatmap_clear (&a);
  rtb_heatmap_clear (&b);
}

static void
test_set (void)
{
  RtbHeatmap a, b;
  g_autofree guint64 *cells = NULL;
  g_autofree gint64 *max = NULL;
  gsize n_cells;

  g_assert_true (rtb_heatmap_init (&a, 1000, 16));
  g_assert_true (rtb_heatmap_init (&b, 1000, 16));
  for (guint64 i = 0; i < 1000; i++)
    rtb_heatmap_add (&a, sample_value (i) / 10);
  rtb_heatmap_skip (&a, 5);
  n_cells = a.n_columns * a.n_rows;
  cells = g_memdup2 (a.cells, n_cells * sizeof *cells);
  max = g_memdup2 (a.column_max_ns, a.n_columns * sizeof *max);

  g_assert_true (rtb_heatmap_set (&b, a.column_size, cells, max, a.n_columns, a.n_positions));
  g_assert_cmpmem (a.cells, n_cells * 8, b.cells, n_cells * 8);
  g_assert_cmpuint (b.n_positions, ==, 1005);
  /* Adding goes on from where it was. */
  rtb_heatmap_add (&a, 1);
  rtb_heatmap_add (&b, 1);
  g_assert_cmpmem (a.cells, n_cells * 8, b.cells, n_cells * 8);

  /* Inconsistent: positions the columns cannot cover, a column counting more samples than its
   * positions, a maximum that is not in the column's highest row. */
  g_assert_false (rtb_heatmap_set (&b, a.column_size, cells, max, a.n_columns, 1));
  g_assert_false (rtb_heatmap_set (&b, 0, cells, max, a.n_columns, 1005));
  g_assert_false (rtb_heatmap_set (&b, a.column_size, cells, max, 17, 1005));
  cells[3] += a.column_size;
  g_assert_false (rtb_heatmap_set (&b, a.column_size, cells, max, a.n_columns, 1005));
  cells[3] -= a.column_size;
  max[0] = 2000000000;
  g_assert_false (rtb_heatmap_set (&b, a.column_size, cells, max, a.n_columns, 1005));
  max[0] = -1;
  g_assert_false (rtb_heatmap_set (&b, a.column_size, cells, max, a.n_columns, 1005));
  /* The failures left b as it was. */
  g_assert_cmpuint (b.n_positions, ==, 1006);
  rtb_heatmap_clear (&a);
  rtb_heatmap_clear (&b);
}

static void
test_running_percentile (void)
{
  RtbHeatmap h;
  guint32 rows[4];

  g_assert_true (rtb_heatmap_init (&h, 1000, 2));
  /* Column 0: 1023 samples at 2 µs and one at 500 µs: its p99.9 is the 1023rd, 2 µs. */
  rtb_heatmap_add_repeated (&h, 2000, 1023);
  rtb_heatmap_add (&h, 500000);
  /* Column 1: 1024 samples of 50 µs: the running p99.9 of 2048 samples is the 2046th. */
  rtb_heatmap_add_repeated (&h, 50000, 1024);
  g_assert_cmpuint (h.column_size, ==, 1024);
  rtb_heatmap_running_percentile_rows (&h, 99.9, rows);
  g_assert_cmpuint (h.n_columns, ==, 2);
  g_assert_cmpuint (rows[0], ==, rtb_heatmap_row_of (&h, 2000));
  g_assert_cmpuint (rows[1], ==, rtb_heatmap_row_of (&h, 50000));
  rtb_heatmap_clear (&h);

  g_assert_true (rtb_heatmap_init (&h, 1000, 4));
  rtb_heatmap_skip (&h, 3);
  rtb_heatmap_add (&h, 7000);
  rtb_heatmap_running_percentile_rows (&h, 99.9, rows);
  g_assert_cmpuint (rows[0], ==, G_MAXUINT32);
  g_assert_cmpuint (rows[3], ==, rtb_heatmap_row_of (&h, 7000));
  rtb_heatmap_clear (&h);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/heatmap/rows", test_rows);
  g_test_add_func ("/heatmap/rows-per-decade", test_rows_per_decade);
  g_test_add_func ("/heatmap/memory", test_memory);
  g_test_add_func ("/heatmap/merging-keeps-counts", test_merging_keeps_counts);
  g_test_add_func ("/heatmap/spans-after-skips", test_spans_after_skips);
  g_test_add_func ("/heatmap/add-repeated-is-add", test_add_repeated_is_add);
  g_test_add_func ("/heatmap/set", test_set);
  g_test_add_func ("/heatmap/running-percentile", test_running_percentile);
  return g_test_run ();
}
