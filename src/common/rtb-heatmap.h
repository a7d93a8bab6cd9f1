/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A bounded-memory heatmap of one series: time × latency × count.
 *
 * Columns follow the run's positions as the history's blocks do (rtb-blocks.h): each covers
 * `column_size` consecutive positions, and when the capacity is reached neighbouring columns are
 * merged in pairs and the column size doubles, so memory stays fixed however long the run while
 * every count stays exact (a merged cell is the sum of both).
 *
 * Rows are the magnitude |value|, so the signed methods (jitter's deviation, the timer's error)
 * read as how far a sample was from its mark, as their figures (max jitter, max |error|) do:
 *   row 0             below 1 µs
 *   rows 1 … n−2      [1 µs, limit) on a logarithmic scale, 10 rows per decade (edges
 *                     10^(i/10) µs rounded to the ns; the last row ends at the limit)
 *   row n−1           the overflow row: at or above the limit (the 1 µs histogram's)
 * With the largest limit, 1 s, that is 62 rows; with the default capacity of 1024 columns the
 * cells take at most 62 × 1024 × 8 bytes = 496 KiB, plus 8 KiB of column maxima: 504 KiB.
 *
 * Not thread-safe; adding never allocates.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rtb-blocks.h"

#define RTB_HEATMAP_ROWS_PER_DECADE 10
#define RTB_HEATMAP_MAX_LIMIT_US 1000000
/* Below 1 µs, six decades, the overflow row. */
#define RTB_HEATMAP_MAX_ROWS (2 + 6 * RTB_HEATMAP_ROWS_PER_DECADE)
#define RTB_HEATMAP_DEFAULT_CAPACITY 1024

typedef struct {
  uint64_t *cells;          /* capacity × n_rows counts: column c's rows at cells[c * n_rows] */
  int64_t *column_max_ns;   /* the largest magnitude in each column, 0 when it has no sample */
  size_t capacity;          /* even, fixed at init */
  size_t n_columns;         /* complete columns plus the one being filled */
  uint64_t column_size;     /* positions per complete column */
  uint64_t n_positions;     /* positions covered: samples and the ones skipped */
  uint32_t limit_us;        /* the overflow row's lower edge */
  uint32_t n_rows;
  int64_t edges_ns[RTB_HEATMAP_MAX_ROWS + 1]; /* row r is [edges_ns[r], edges_ns[r + 1]) */
} RtbHeatmap;

/* `limit_us` is clamped to 1 … RTB_HEATMAP_MAX_LIMIT_US. Returns false when out of memory. */
bool rtb_heatmap_init (RtbHeatmap *heatmap, uint32_t limit_us, size_t capacity);
void rtb_heatmap_clear (RtbHeatmap *heatmap);
/* Bytes the heatmap holds on the heap, fixed at init. */
size_t rtb_heatmap_memory (const RtbHeatmap *heatmap);

void rtb_heatmap_add (RtbHeatmap *heatmap, int64_t value_ns);
/* `n` samples of the same value at once, in as many steps as columns they fill. */
void rtb_heatmap_add_repeated (RtbHeatmap *heatmap, int64_t value_ns, uint64_t n);
/* `n` positions without a sample (periods skipped after a stall). */
void rtb_heatmap_skip (RtbHeatmap *heatmap, uint64_t n);

/* Replaces the contents (run file loading): `n_columns` columns of n_rows cells each, and their
 * maxima, covering `n_positions`. Returns false when they are inconsistent: a column counting
 * more samples than the positions it covers, a maximum outside the rows its samples are in. */
bool rtb_heatmap_set (RtbHeatmap *heatmap, uint64_t column_size, const uint64_t *cells,
                      const int64_t *column_max_ns, size_t n_columns, uint64_t n_positions);

/* The row of a value, and the values a row spans (the overflow row's upper edge is INT64_MAX). */
uint32_t rtb_heatmap_row_of (const RtbHeatmap *heatmap, int64_t value_ns);
static inline int64_t
rtb_heatmap_row_lo_ns (const RtbHeatmap *heatmap, uint32_t row)
{
  return heatmap->edges_ns[row];
}
static inline int64_t
rtb_heatmap_row_hi_ns (const RtbHeatmap *heatmap, uint32_t row)
{
  return heatmap->edges_ns[row + 1];
}

static inline const uint64_t *
rtb_heatmap_column (const RtbHeatmap *heatmap, size_t column)
{
  return heatmap->cells + column * heatmap->n_rows;
}

/* Samples in column c, and in the whole heatmap. */
uint64_t rtb_heatmap_column_count (const RtbHeatmap *heatmap, size_t column);
uint64_t rtb_heatmap_n_samples (const RtbHeatmap *heatmap);
/* The largest cell. */
uint64_t rtb_heatmap_max_cell (const RtbHeatmap *heatmap);

/* Positions of column c: the first (0-based) and how many (the last column may be partial). */
static inline uint64_t
rtb_heatmap_column_start (const RtbHeatmap *heatmap, size_t column)
{
  return rtb_blocks_start (heatmap->column_size, column);
}
static inline uint64_t
rtb_heatmap_column_positions (const RtbHeatmap *heatmap, size_t column)
{
  return rtb_blocks_positions (heatmap->n_positions, heatmap->column_size, column);
}

/* The running nearest-rank p-th percentile, to the row: rows[c] is the row holding the p-th
 * percentile of the samples of columns 0 … c, or UINT32_MAX while they have none. */
void rtb_heatmap_running_percentile_rows (const RtbHeatmap *heatmap, double p, uint32_t *rows);
