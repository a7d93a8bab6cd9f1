/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib.h>

#include "rtb-history.h"

static void
test_exact_while_short (void)
{
  RtbHistory h;
  rtb_history_init (&h, 16);
  for (int i = 0; i < 16; i++)
    rtb_history_add (&h, i * 10);
  g_assert_cmpuint (h.block_size, ==, 1);
  g_assert_cmpuint (h.n_blocks, ==, 16);
  for (int i = 0; i < 16; i++)
    {
      g_assert_cmpint (h.blocks[i].min_ns, ==, i * 10);
      g_assert_cmpint (h.blocks[i].max_ns, ==, i * 10);
    }
  rtb_history_clear (&h);
}

static void
test_bounded_and_consistent (void)
{
  RtbHistory h;
  const guint64 n = 3000001;
  gint64 sum = 0;

  rtb_history_init (&h, 1024);
  for (guint64 i = 0; i < n; i++)
    {
      gint64 v = (gint64) (i % 977);
      if (i == 1234567)
        v = 9999999; /* the one spike */
      rtb_history_add (&h, v);
      sum += v;
    }
  g_assert_cmpuint (h.n_positions, ==, n);
  g_assert_cmpuint (rtb_history_n_samples (&h), ==, n);
  g_assert_cmpuint (h.n_blocks, <=, h.capacity);
  g_assert_cmpuint (h.capacity, ==, 1024);

  guint64 count = 0;
  gint64 block_sum = 0, max = 0;
  for (gsize i = 0; i < h.n_blocks; i++)
    {
      count += h.blocks[i].count;
      block_sum += h.blocks[i].sum_ns;
      max = MAX (max, h.blocks[i].max_ns);
      if (i + 1 < h.n_blocks)
        g_assert_cmpuint (h.blocks[i].count, ==, h.block_size);
    }
  g_assert_cmpuint (count, ==, n);
  g_assert_cmpint (block_sum, ==, sum);
  g_assert_cmpint (max, ==, 9999999);
  /* The spike sits in the block that covers its index. */
  gsize spike_block = 1234567 / h.block_size;
  g_assert_cmpint (h.blocks[spike_block].max_ns, ==, 9999999);
  rtb_history_clear (&h);
}

static void
test_set (void)
{
  RtbHistory h;
  RtbHistoryBlock good[] = { { 1, 5, 6, 2 }, { 2, 2, 2, 1 } };
  RtbHistoryBlock skipped_middle[] = { { 1, 5, 5, 1 }, { 2, 2, 4, 2 } };
  RtbHistoryBlock too_many[] = { { 1, 5, 15, 3 }, { 2, 2, 4, 2 } };
  RtbHistoryBlock inverted[] = { { 9, 5, 14, 2 } };

  rtb_history_init (&h, 4);
  g_assert_true (rtb_history_set (&h, 2, good, 2, 3));
  g_assert_cmpuint (h.n_positions, ==, 3);
  g_assert_cmpuint (rtb_history_n_samples (&h), ==, 3);
  /* A position without a sample (a skipped period) in the first block. */
  g_assert_true (rtb_history_set (&h, 2, skipped_middle, 2, 4));
  g_assert_cmpuint (rtb_history_block_missing (&h, 0), ==, 1);
  g_assert_cmpuint (rtb_history_block_missing (&h, 1), ==, 0);
  g_assert_cmpuint (rtb_history_n_samples (&h), ==, 3);
  /* Blocks that do not fit the positions, or hold more samples than positions. */
  g_assert_false (rtb_history_set (&h, 2, good, 2, 2));
  g_assert_false (rtb_history_set (&h, 2, good, 2, 5));
  g_assert_false (rtb_history_set (&h, 2, too_many, 2, 4));
  g_assert_false (rtb_history_set (&h, 2, inverted, 1, 2));
  g_assert_false (rtb_history_set (&h, 0, good, 2, 3));
  /* Adding after a load continues the last block. */
  g_assert_true (rtb_history_set (&h, 2, good, 2, 3));
  rtb_history_add (&h, 7);
  g_assert_cmpuint (h.n_blocks, ==, 2);
  g_assert_cmpuint (h.blocks[1].count, ==, 2);
  rtb_history_clear (&h);
}

/* Skipped positions keep their place: the samples after them land where their number says,
 * however the blocks merge, and every block counts the positions it lacks. */
static void
test_skip (void)
{
  RtbHistory h;
  guint64 missing = 0, samples = 0;

  rtb_history_init (&h, 64);
  for (guint64 i = 0; i < 10000; i++)
    {
      if (i % 1000 == 500)
        rtb_history_skip (&h, 37);
      rtb_history_add (&h, 1000);
    }
  g_assert_cmpuint (h.n_positions, ==, 10000 + 10 * 37);
  g_assert_cmpuint (rtb_history_n_samples (&h), ==, 10000);
  for (gsize b = 0; b < h.n_blocks; b++)
    {
      missing += rtb_history_block_missing (&h, b);
      samples += h.blocks[b].count;
    }
  g_assert_cmpuint (missing, ==, 10 * 37);
  g_assert_cmpuint (samples, ==, 10000);
  rtb_history_clear (&h);
}

/* n samples of one value at once are n samples added one by one. */
static void
test_add_repeated (void)
{
  RtbHistory one, many;

  rtb_history_init (&one, 16);
  rtb_history_init (&many, 16);
  for (guint i = 0; i < 5; i++)
    {
      rtb_history_add (&one, 3000 + i);
      rtb_history_add (&many, 3000 + i);
      for (guint k = 0; k < 1000 * i + 7; k++)
        rtb_history_add (&one, 1000);
      rtb_history_add_repeated (&many, 1000, 1000 * i + 7);
    }
  g_assert_cmpuint (one.n_positions, ==, many.n_positions);
  g_assert_cmpuint (one.block_size, ==, many.block_size);
  g_assert_cmpuint (one.n_blocks, ==, many.n_blocks);
  g_assert_cmpmem (one.blocks, one.n_blocks * sizeof *one.blocks, many.blocks,
                   many.n_blocks * sizeof *many.blocks);
  rtb_history_clear (&one);
  rtb_history_clear (&many);
}

/* Positions past 2^32 per block (a noise run's gaps, or a stream's skipped periods): a block's
 * count holds them, and what the history holds can be set again (a run file read back). */
static void
test_huge_blocks (void)
{
  RtbHistory h, again;
  const guint64 many = G_GUINT64_CONSTANT (1) << 40;

  rtb_history_init (&h, 16);
  rtb_history_init (&again, 16);
  rtb_history_add_repeated (&h, 1000, many);
  rtb_history_skip (&h, many);
  rtb_history_add (&h, 5000);
  g_assert_cmpuint (h.n_positions, ==, 2 * many + 1);
  g_assert_cmpuint (h.block_size, >, G_MAXUINT32);
  g_assert_cmpuint (rtb_history_n_samples (&h), ==, many + 1);
  g_assert_true (rtb_history_set (&again, h.block_size, h.blocks, h.n_blocks, h.n_positions));
  g_assert_cmpuint (rtb_history_n_samples (&again), ==, many + 1);
  /* Blocks whose positions overflow are refused. */
  g_assert_false (rtb_history_set (&again, G_MAXUINT64 / 2, h.blocks, 3, G_MAXUINT64));
  rtb_history_clear (&h);
  rtb_history_clear (&again);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/history/exact-while-short", test_exact_while_short);
  g_test_add_func ("/history/bounded-and-consistent", test_bounded_and_consistent);
  g_test_add_func ("/history/set", test_set);
  g_test_add_func ("/history/skip", test_skip);
  g_test_add_func ("/history/add-repeated", test_add_repeated);
  g_test_add_func ("/history/huge-blocks", test_huge_blocks);
  return g_test_run ();
}
