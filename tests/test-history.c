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
  g_assert_cmpuint (h.n_samples, ==, n);
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
  RtbHistoryBlock short_middle[] = { { 1, 5, 5, 1 }, { 2, 2, 4, 2 } };
  RtbHistoryBlock inverted[] = { { 9, 5, 14, 2 } };

  rtb_history_init (&h, 4);
  g_assert_true (rtb_history_set (&h, 2, good, 2));
  g_assert_cmpuint (h.n_samples, ==, 3);
  g_assert_false (rtb_history_set (&h, 2, short_middle, 2));
  g_assert_false (rtb_history_set (&h, 2, inverted, 1));
  g_assert_false (rtb_history_set (&h, 0, good, 2));
  /* Adding after a load continues the last block. */
  g_assert_true (rtb_history_set (&h, 2, good, 2));
  rtb_history_add (&h, 7);
  g_assert_cmpuint (h.n_blocks, ==, 2);
  g_assert_cmpuint (h.blocks[1].count, ==, 2);
  rtb_history_clear (&h);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/history/exact-while-short", test_exact_while_short);
  g_test_add_func ("/history/bounded-and-consistent", test_bounded_and_consistent);
  g_test_add_func ("/history/set", test_set);
  return g_test_run ();
}
