/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rtb-heatmap.h"
#include "rtb-log-histogram.h"

/* A last row narrower than this fraction of a step joins the row below it, so the top row is
 * never a sliver (a limit of 800 µs would otherwise leave [794, 800) µs). */
#define LAST_ROW_MIN_STEPS 0.5

static void
set_edges (RtbHeatmap *heatmap)
{
  int64_t limit_ns = (int64_t) heatmap->limit_us * 1000;
  uint32_t n = 0;

  heatmap->edges_ns[n++] = 0;
  for (uint32_t i = 0;; i++)
    {
      int64_t edge = llround (1000.0 * pow (10.0, (double) i / RTB_HEATMAP_ROWS_PER_DECADE));

      if (edge >= limit_ns)
        break;
      heatmap->edges_ns[n++] = edge;
    }
  /* n ≥ 2 here: 0 and 1 µs, since the limit is at least 1 µs (when it is exactly 1 µs, the
   * loop added nothing and n is 1). */
  if (n > 2 && (double) limit_ns / (double) heatmap->edges_ns[n - 1] <
                   pow (10.0, LAST_ROW_MIN_STEPS / RTB_HEATMAP_ROWS_PER_DECADE))
    n--;
  heatmap->edges_ns[n++] = limit_ns;
  heatmap->edges_ns[n] = INT64_MAX;
  heatmap->n_rows = n;
}

bool
rtb_heatmap_init (RtbHeatmap *heatmap, uint32_t limit_us, size_t capacity)
{
  memset (heatmap, 0, sizeof *heatmap);
  capacity = rtb_blocks_capacity (capacity);
  heatmap->limit_us = limit_us < 1 ? 1
                      : limit_us > RTB_HEATMAP_MAX_LIMIT_US ? RTB_HEATMAP_MAX_LIMIT_US
                                                            : limit_us;
  set_edges (heatmap);
  heatmap->cells = calloc (capacity * heatmap->n_rows, sizeof *heatmap->cells);
  heatmap->column_max_ns = calloc (capacity, sizeof *heatmap->column_max_ns);
  if (heatmap->cells == NULL || heatmap->column_max_ns == NULL)
    {
      rtb_heatmap_clear (heatmap);
      return false;
    }
  heatmap->capacity = capacity;
  heatmap->column_size = 1;
  return true;
}

void
rtb_heatmap_clear (RtbHeatmap *heatmap)
{
  free (heatmap->cells);
  free (heatmap->column_max_ns);
  memset (heatmap, 0, sizeof *heatmap);
}

size_t
rtb_heatmap_memory (const RtbHeatmap *heatmap)
{
  return heatmap->capacity * (heatmap->n_rows * sizeof *heatmap->cells +
                              sizeof *heatmap->column_max_ns);
}

static int64_t
magnitude (int64_t value_ns)
{
  if (value_ns >= 0)
    return value_ns;
  return value_ns == INT64_MIN ? INT64_MAX : -value_ns;
}

uint32_t
rtb_heatmap_row_of (const RtbHeatmap *heatmap, int64_t value_ns)
{
  int64_t m = magnitude (value_ns);
  uint32_t lo = 0, hi = heatmap->n_rows - 1;

  /* The last row whose lower edge is at or below m. */
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo + 1) / 2;

      if (heatmap->edges_ns[mid] <= m)
        lo = mid;
      else
        hi = mid - 1;
    }
  return lo;
}

static uint64_t *
column_cells (RtbHeatmap *heatmap, size_t column)
{
  return heatmap->cells + column * heatmap->n_rows;
}

/* Halves the number of columns by merging neighbours, as the history halves its blocks. */
static void
halve (RtbHeatmap *heatmap)
{
  size_t n = heatmap->n_columns;
  uint32_t rows = heatmap->n_rows;

  for (size_t i = 0; i < n / 2; i++)
    {
      const uint64_t *a = column_cells (heatmap, 2 * i);
      const uint64_t *b = column_cells (heatmap, 2 * i + 1);
      uint64_t *into = column_cells (heatmap, i);
      int64_t max_a = heatmap->column_max_ns[2 * i], max_b = heatmap->column_max_ns[2 * i + 1];

      /* into ≤ a: reading a[r] and b[r] before writing into[r] is safe. */
      for (uint32_t r = 0; r < rows; r++)
        into[r] = a[r] + b[r];
      heatmap->column_max_ns[i] = max_a > max_b ? max_a : max_b;
    }
  memset (column_cells (heatmap, n / 2), 0, (n - n / 2) * rows * sizeof *heatmap->cells);
  memset (heatmap->column_max_ns + n / 2, 0, (n - n / 2) * sizeof *heatmap->column_max_ns);
  heatmap->n_columns = n / 2;
  heatmap->column_size *= 2;
}

/* Advances by up to `n` positions within the current column, opening one when the last is full;
 * returns how many it covered, of which `value` (NULL: none) is every sample. */
static uint64_t
advance (RtbHeatmap *heatmap, const int64_t *value_ns, uint64_t n)
{
  uint64_t k;

  if (rtb_blocks_opens (heatmap->n_positions, heatmap->column_size))
    {
      if (heatmap->n_columns == heatmap->capacity)
        halve (heatmap);
      heatmap->n_columns++;
    }
  k = rtb_blocks_take (heatmap->n_positions, heatmap->column_size, n);
  if (value_ns != NULL)
    {
      size_t column = heatmap->n_columns - 1;
      int64_t m = magnitude (*value_ns);

      column_cells (heatmap, column)[rtb_heatmap_row_of (heatmap, *value_ns)] += k;
      if (m > heatmap->column_max_ns[column])
        heatmap->column_max_ns[column] = m;
    }
  heatmap->n_positions += k;
  return k;
}

void
rtb_heatmap_add (RtbHeatmap *heatmap, int64_t value_ns)
{
  advance (heatmap, &value_ns, 1);
}

void
rtb_heatmap_add_repeated (RtbHeatmap *heatmap, int64_t value_ns, uint64_t n)
{
  while (n > 0)
    n -= advance (heatmap, &value_ns, n);
}

void
rtb_heatmap_skip (RtbHeatmap *heatmap, uint64_t n)
{
  while (n > 0)
    n -= advance (heatmap, NULL, n);
}

uint64_t
rtb_heatmap_column_count (const RtbHeatmap *heatmap, size_t column)
{
  const uint64_t *cells = rtb_heatmap_column (heatmap, column);
  uint64_t n = 0;

  for (uint32_t r = 0; r < heatmap->n_rows; r++)
    n += cells[r];
  return n;
}

uint64_t
rtb_heatmap_n_samples (const RtbHeatmap *heatmap)
{
  uint64_t n = 0;

  for (size_t c = 0; c < heatmap->n_columns; c++)
    n += rtb_heatmap_column_count (heatmap, c);
  return n;
}

uint64_t
rtb_heatmap_max_cell (const RtbHeatmap *heatmap)
{
  uint64_t max = 0;

  for (size_t i = 0; i < heatmap->n_columns * heatmap->n_rows; i++)
    if (heatmap->cells[i] > max)
      max = heatmap->cells[i];
  return max;
}

/* Whether a column's counts fit its positions and its maximum lies in its highest row. */
static bool
column_is_consistent (const RtbHeatmap *heatmap, const uint64_t *cells, int64_t max_ns,
                      uint64_t positions)
{
  uint64_t count = 0;
  uint32_t top = 0;

  for (uint32_t r = 0; r < heatmap->n_rows; r++)
    {
      if (cells[r] > positions || count > positions - cells[r])
        return false;
      count += cells[r];
      if (cells[r] > 0)
        top = r;
    }
  if (count == 0)
    return max_ns == 0;
  return max_ns >= 0 && rtb_heatmap_row_of (heatmap, max_ns) == top;
}

bool
rtb_heatmap_set (RtbHeatmap *heatmap, uint64_t column_size, const uint64_t *cells,
                 const int64_t *column_max_ns, size_t n_columns, uint64_t n_positions)
{
  uint32_t rows = heatmap->n_rows;

  if (!rtb_blocks_cover (heatmap->capacity, column_size, n_columns, n_positions))
    return false;
  for (size_t c = 0; c < n_columns; c++)
    {
      uint64_t positions = rtb_blocks_positions (n_positions, column_size, c);

      if (!column_is_consistent (heatmap, cells + c * rows, column_max_ns[c], positions))
        return false;
    }

  memset (heatmap->cells, 0, heatmap->capacity * rows * sizeof *heatmap->cells);
  memset (heatmap->column_max_ns, 0, heatmap->capacity * sizeof *heatmap->column_max_ns);
  if (n_columns > 0)
    {
      memcpy (heatmap->cells, cells, n_columns * rows * sizeof *cells);
      memcpy (heatmap->column_max_ns, column_max_ns, n_columns * sizeof *column_max_ns);
    }
  heatmap->n_columns = n_columns;
  heatmap->column_size = column_size;
  heatmap->n_positions = n_positions;
  return true;
}

void
rtb_heatmap_running_percentile_rows (const RtbHeatmap *heatmap, double p, uint32_t *rows)
{
  uint64_t totals[RTB_HEATMAP_MAX_ROWS] = { 0 };
  uint64_t count = 0;

  for (size_t c = 0; c < heatmap->n_columns; c++)
    {
      const uint64_t *cells = rtb_heatmap_column (heatmap, c);
      uint64_t rank, seen = 0;

      for (uint32_t r = 0; r < heatmap->n_rows; r++)
        {
          totals[r] += cells[r];
          count += cells[r];
        }
      rows[c] = UINT32_MAX;
      rank = rtb_nearest_rank (count, p);
      for (uint32_t r = 0; r < heatmap->n_rows && count > 0; r++)
        {
          seen += totals[r];
          if (seen >= rank)
            {
              rows[c] = r;
              break;
            }
        }
    }
}
