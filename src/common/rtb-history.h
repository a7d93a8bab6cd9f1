/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A bounded-memory per-instance history for plotting: the series is cut into blocks of
 * `block_size` consecutive samples, each keeping min, max, sum and count. When the capacity
 * is reached, neighbouring blocks are merged in pairs and the block size doubles, so memory
 * stays fixed however long the run while no spike is ever lost (max of a merged block is the
 * max of both). While the run is short, block_size is 1 and the history is exact.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
  int64_t min_ns;
  int64_t max_ns;
  int64_t sum_ns;
  uint32_t count;
  uint32_t reserved;
} RtbHistoryBlock;

typedef struct {
  RtbHistoryBlock *blocks;
  size_t capacity;        /* even, fixed at init */
  size_t n_blocks;        /* complete blocks plus the one being filled */
  uint64_t block_size;    /* samples per complete block */
  uint64_t n_samples;
} RtbHistory;

#define RTB_HISTORY_DEFAULT_CAPACITY 16384

bool rtb_history_init (RtbHistory *history, size_t capacity);
void rtb_history_clear (RtbHistory *history);
void rtb_history_add (RtbHistory *history, int64_t value_ns);
/* Replaces the contents (run file loading). Returns false when the blocks are inconsistent. */
bool rtb_history_set (RtbHistory *history, uint64_t block_size, const RtbHistoryBlock *blocks,
                      size_t n_blocks);
/* Index of the first sample of block i. */
static inline uint64_t
rtb_history_block_start (const RtbHistory *history, size_t i)
{
  return (uint64_t) i * history->block_size;
}
