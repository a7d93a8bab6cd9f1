/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A bounded-memory per-instance history for plotting: the series is cut into blocks of
 * `block_size` consecutive samples, each keeping min, max, sum and count. When the capacity
 * is reached, neighbouring blocks are merged in pairs and the block size doubles, so memory
 * stays fixed however long the run while no spike is ever lost (max of a merged block is the
 * max of both). While the run is short, block_size is 1 and the history is exact.
 *
 * A position is a sample's place in time: a latency thread's period, a noise thread's gap.
 * Positions without a sample (periods skipped after a stall, as cyclictest skips them) keep
 * their place, so the curve's time axis stays true: their block's count falls short of the
 * positions it covers, and rtb_history_block_missing() says by how many.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rtb-blocks.h"

typedef struct {
  int64_t min_ns;
  int64_t max_ns;
  int64_t sum_ns;
  uint64_t count;  /* a block may cover more than 2^32 positions: a noise run's gaps */
} RtbHistoryBlock;

typedef struct {
  RtbHistoryBlock *blocks;
  size_t capacity;        /* even, fixed at init */
  size_t n_blocks;        /* complete blocks plus the one being filled */
  uint64_t block_size;    /* samples per complete block */
  uint64_t n_positions;   /* positions covered: samples and the ones skipped */
} RtbHistory;

#define RTB_HISTORY_DEFAULT_CAPACITY 16384

bool rtb_history_init (RtbHistory *history, size_t capacity);
void rtb_history_clear (RtbHistory *history);
void rtb_history_add (RtbHistory *history, int64_t value_ns);
/* `n` samples of the same value at once, in as many steps as blocks they fill. */
void rtb_history_add_repeated (RtbHistory *history, int64_t value_ns, uint64_t n);
/* `n` positions without a sample. */
void rtb_history_skip (RtbHistory *history, uint64_t n);
/* Replaces the contents (run file loading): blocks covering `n_positions`, each counting at most
 * the positions it covers. Returns false when the blocks are inconsistent. */
bool rtb_history_set (RtbHistory *history, uint64_t block_size, const RtbHistoryBlock *blocks,
                      size_t n_blocks, uint64_t n_positions);
/* Samples in the history: the positions that were not skipped. */
uint64_t rtb_history_n_samples (const RtbHistory *history);
/* Index of the first sample of block i. */
static inline uint64_t
rtb_history_block_start (const RtbHistory *history, size_t i)
{
  return rtb_blocks_start (history->block_size, i);
}

/* Positions of block i, complete or the last one being filled. */
static inline uint64_t
rtb_history_block_positions (const RtbHistory *history, size_t i)
{
  return rtb_blocks_positions (history->n_positions, history->block_size, i);
}

/* Positions of block i without a sample. */
static inline uint64_t
rtb_history_block_missing (const RtbHistory *history, size_t i)
{
  uint64_t positions = rtb_history_block_positions (history, i);

  return positions > history->blocks[i].count ? positions - history->blocks[i].count : 0;
}
