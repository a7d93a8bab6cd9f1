/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Where a series' positions fall when they are cut into blocks that merge in pairs: the
 * bookkeeping that the history (rtb-history.h, min/max/mean per block) and the heatmap
 * (rtb-heatmap.h, counts per row per column) share, each over its own cells.
 *
 * Block i covers the positions [i × block_size, (i + 1) × block_size); every block is complete
 * but the last. When all `capacity` blocks are complete and another position comes, neighbours
 * are merged in pairs and the block size doubles: since the capacity is even, the positions
 * covered then stay a multiple of the new block size, and the new position opens a block.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The capacity to allocate for the one asked: at least 2, and even so that blocks pair up. */
static inline size_t
rtb_blocks_capacity (size_t requested)
{
  if (requested < 2)
    requested = 2;
  return requested + requested % 2;
}

/* Whether the next position, after `n_positions`, opens a block. */
static inline bool
rtb_blocks_opens (uint64_t n_positions, uint64_t block_size)
{
  return n_positions % block_size == 0;
}

/* How many of `n` positions the block of the next position takes, the rest going to the next
 * blocks. */
static inline uint64_t
rtb_blocks_take (uint64_t n_positions, uint64_t block_size, uint64_t n)
{
  uint64_t room = block_size - n_positions % block_size;

  return room < n ? room : n;
}

/* The first position of block i, and how many it covers (the last block may be partial). */
static inline uint64_t
rtb_blocks_start (uint64_t block_size, size_t i)
{
  return (uint64_t) i * block_size;
}

static inline uint64_t
rtb_blocks_positions (uint64_t n_positions, uint64_t block_size, size_t i)
{
  uint64_t start = rtb_blocks_start (block_size, i);
  uint64_t left = n_positions > start ? n_positions - start : 0;

  return left < block_size ? left : block_size;
}

/* Whether `n_blocks` blocks of `block_size` fit `capacity` and cover `n_positions` as the
 * bookkeeping would have left them: every one complete but the last, which is not empty (for
 * blocks read back from a file). */
static inline bool
rtb_blocks_cover (size_t capacity, uint64_t block_size, size_t n_blocks, uint64_t n_positions)
{
  if (block_size == 0 || n_blocks > capacity ||
      (n_blocks > 0 && block_size > UINT64_MAX / n_blocks))
    return false;
  if (n_blocks == 0)
    return n_positions == 0;
  return n_positions > (n_blocks - 1) * block_size && n_positions <= n_blocks * block_size;
}
