/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rtb-history.h"

bool
rtb_history_init (RtbHistory *history, size_t capacity)
{
  memset (history, 0, sizeof *history);
  capacity = rtb_blocks_capacity (capacity);
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

/* Advances by up to `n` positions within the current block, opening one when the last is full;
 * returns how many it covered, of which `value` (NULL: none) is every sample. */
static uint64_t
advance (RtbHistory *history, const int64_t *value_ns, uint64_t n)
{
  uint64_t k;

  if (rtb_blocks_opens (history->n_positions, history->block_size))
    {
      if (history->n_blocks == history->capacity)
        halve (history);
      history->n_blocks++;
    }
  k = rtb_blocks_take (history->n_positions, history->block_size, n);
  if (value_ns != NULL)
    {
      RtbHistoryBlock *block = &history->blocks[history->n_blocks - 1];
      RtbHistoryBlock same = { .min_ns = *value_ns, .max_ns = *value_ns, .count = k };

      if (__builtin_mul_overflow (*value_ns, (int64_t) k, &same.sum_ns))
        same.sum_ns = *value_ns > 0 ? INT64_MAX : INT64_MIN;
      merge_into (block, &same);
    }
  history->n_positions += k;
  return k;
}

void
rtb_history_add (RtbHistory *history, int64_t value_ns)
{
  advance (history, &value_ns, 1);
}

void
rtb_history_add_repeated (RtbHistory *history, int64_t value_ns, uint64_t n)
{
  while (n > 0)
    n -= advance (history, &value_ns, n);
}

void
rtb_history_skip (RtbHistory *history, uint64_t n)
{
  while (n > 0)
    n -= advance (history, NULL, n);
}

uint64_t
rtb_history_n_samples (const RtbHistory *history)
{
  uint64_t n = 0;

  for (size_t i = 0; i < history->n_blocks; i++)
    n += history->blocks[i].count;
  return n;
}

bool
rtb_history_set (RtbHistory *history, uint64_t block_size, const RtbHistoryBlock *blocks,
                 size_t n_blocks, uint64_t n_positions)
{
  if (!rtb_blocks_cover (history->capacity, block_size, n_blocks, n_positions))
    return false;
  for (size_t i = 0; i < n_blocks; i++)
    {
      if (blocks[i].count > rtb_blocks_positions (n_positions, block_size, i) ||
          (blocks[i].count > 0 && blocks[i].min_ns > blocks[i].max_ns))
        return false;
    }

  memset (history->blocks, 0, history->capacity * sizeof *history->blocks);
  memcpy (history->blocks, blocks, n_blocks * sizeof *blocks);
  history->n_blocks = n_blocks;
  history->block_size = block_size;
  history->n_positions = n_positions;
  return true;
}
