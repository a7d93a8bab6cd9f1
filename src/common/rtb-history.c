/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rtb-history.h"

bool
rtb_history_init (RtbHistory *history, size_t capacity)
{
  memset (history, 0, sizeof *history);
  if (capacity < 2)
    capacity = 2;
  capacity += capacity % 2;
  history->blocks = calloc (capacity, sizeof *history->blocks);
  if (history->blocks == NULL)
    return false;
  history->capacity = capacity;
  history->block_size = 1;
  return true;
}

void
rtb_history_clear (RtbHistory *history)
{
  free (history->blocks);
  memset (history, 0, sizeof *history);
}

static void
merge_into (RtbHistoryBlock *into, const RtbHistoryBlock *other)
{
  int64_t sum;

  if (other->count == 0)
    return;
  if (into->count == 0)
    {
      *into = *other;
      return;
    }
  if (other->min_ns < into->min_ns)
    into->min_ns = other->min_ns;
  if (other->max_ns > into->max_ns)
    into->max_ns = other->max_ns;
  /* Saturates rather than overflows on values no clock produces (a hostile stream or file). */
  if (__builtin_add_overflow (into->sum_ns, other->sum_ns, &sum))
    sum = other->sum_ns > 0 ? INT64_MAX : INT64_MIN;
  into->sum_ns = sum;
  into->count += other->count;
}

/* Halves the number of blocks by merging neighbours; every block then covers twice as many
 * samples. Only complete blocks exist when this runs, so the pairs stay aligned. */
static void
halve (RtbHistory *history)
{
  size_t n = history->n_blocks;
  for (size_t i = 0; i < n / 2; i++)
    {
      RtbHistoryBlock merged = history->blocks[2 * i];
      merge_into (&merged, &history->blocks[2 * i + 1]);
      history->blocks[i] = merged;
    }
  memset (history->blocks + n / 2, 0, (n - n / 2) * sizeof *history->blocks);
  history->n_blocks = n / 2;
  history->block_size *= 2;
}

void
rtb_history_add (RtbHistory *history, int64_t value_ns)
{
  uint64_t position = history->n_samples % history->block_size;

  if (position == 0)
    {
      /* Halving keeps n_samples a multiple of the block size, so a new block starts here. */
      if (history->n_blocks == history->capacity)
        halve (history);
      history->n_blocks++;
    }

  RtbHistoryBlock *block = &history->blocks[history->n_blocks - 1];
  RtbHistoryBlock one = { .min_ns = value_ns, .max_ns = value_ns, .sum_ns = value_ns, .count = 1 };
  merge_into (block, &one);
  history->n_samples++;
}

bool
rtb_history_set (RtbHistory *history, uint64_t block_size, const RtbHistoryBlock *blocks,
                 size_t n_blocks)
{
  if (block_size == 0 || n_blocks > history->capacity)
    return false;

  uint64_t n_samples = 0;
  for (size_t i = 0; i < n_blocks; i++)
    {
      bool last = i + 1 == n_blocks;
      if (blocks[i].count == 0 || blocks[i].count > block_size ||
          (!last && blocks[i].count != block_size) || blocks[i].min_ns > blocks[i].max_ns)
        return false;
      n_samples += blocks[i].count;
    }

  memset (history->blocks, 0, history->capacity * sizeof *history->blocks);
  memcpy (history->blocks, blocks, n_blocks * sizeof *blocks);
  history->n_blocks = n_blocks;
  history->block_size = block_size;
  history->n_samples = n_samples;
  return true;
}
