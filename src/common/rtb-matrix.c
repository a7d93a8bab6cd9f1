/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtb-matrix.h"

static double *
alloc_resident (size_t n_doubles)
{
  void *mem = NULL;
  size_t page = (size_t) sysconf (_SC_PAGESIZE);
  size_t bytes = n_doubles * sizeof (double);

  if (posix_memalign (&mem, page, bytes) != 0)
    return NULL;
  memset (mem, 0, bytes);
  return mem;
}

/* xorshift64*: the same matrix on every system for the same seed. */
static double
next_uniform (uint64_t *state)
{
  uint64_t x = *state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return (double) ((x * 0x2545F4914F6CDD1Dull) >> 11) / 9007199254740992.0;
}

bool
rtb_matrix_workload_init (RtbMatrixWorkload *w, size_t n, uint64_t seed)
{
  memset (w, 0, sizeof *w);
  if (n == 0)
    return false;
  w->n = n;
  w->a = alloc_resident (n * n);
  w->work = alloc_resident (n * n);
  w->inv = alloc_resident (n * n);
  if (w->a == NULL || w->work == NULL || w->inv == NULL)
    {
      rtb_matrix_workload_free (w);
      return false;
    }

  /* Random entries in [−1, 1) with a dominant diagonal: well conditioned at every size, yet
   * pivoting still has rows to compare. */
  uint64_t state = seed != 0 ? seed : 0x9E3779B97F4A7C15ull;
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      w->a[i * n + j] = 2.0 * next_uniform (&state) - 1.0 + (i == j ? (double) n : 0.0);
  return true;
}

void
rtb_matrix_workload_free (RtbMatrixWorkload *w)
{
  free (w->a);
  free (w->work);
  free (w->inv);
  memset (w, 0, sizeof *w);
}

RtbMatrixResult
rtb_matrix_workload_run (RtbMatrixWorkload *w, RtbMatrixCancelled cancelled)
{
  memcpy (w->work, w->a, w->n * w->n * sizeof (double));
  return rtb_matrix_invert_cancellable (w->work, w->inv, w->n, cancelled);
}

static void
swap_rows (double *m, size_t n, size_t r1, size_t r2)
{
  double *a = m + r1 * n;
  double *b = m + r2 * n;
  for (size_t j = 0; j < n; j++)
    {
      double t = a[j];
      a[j] = b[j];
      b[j] = t;
    }
}

RtbMatrixResult
rtb_matrix_invert_cancellable (double *work, double *inv, size_t n, RtbMatrixCancelled cancelled)
{
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      inv[i * n + j] = i == j ? 1.0 : 0.0;

  for (size_t col = 0; col < n; col++)
    {
      if (cancelled != NULL && cancelled ())
        return RTB_MATRIX_CANCELLED;
      size_t pivot = col;
      double best = fabs (work[col * n + col]);
      for (size_t r = col + 1; r < n; r++)
        {
          double v = fabs (work[r * n + col]);
          if (v > best)
            {
              best = v;
              pivot = r;
            }
        }
      if (best < 1e-300)
        return RTB_MATRIX_SINGULAR;
      if (pivot != col)
        {
          swap_rows (work, n, pivot, col);
          swap_rows (inv, n, pivot, col);
        }

      double scale = 1.0 / work[col * n + col];
      double *wrow = work + col * n;
      double *irow = inv + col * n;
      for (size_t j = 0; j < n; j++)
        {
          wrow[j] *= scale;
          irow[j] *= scale;
        }

      for (size_t r = 0; r < n; r++)
        {
          if (r == col)
            continue;
          double factor = work[r * n + col];
          if (factor == 0.0)
            continue;
          double *wr = work + r * n;
          double *ir = inv + r * n;
          for (size_t j = 0; j < n; j++)
            {
              wr[j] -= factor * wrow[j];
              ir[j] -= factor * irow[j];
            }
        }
    }
  return RTB_MATRIX_OK;
}

bool
rtb_matrix_invert (double *work, double *inv, size_t n)
{
  return rtb_matrix_invert_cancellable (work, inv, n, NULL) == RTB_MATRIX_OK;
}

bool
rtb_matrix_residual_cancellable (const double *a, const double *b, size_t n,
                                 RtbMatrixCancelled cancelled, double *out)
{
  double worst = 0.0;
  for (size_t i = 0; i < n; i++)
    {
      if (cancelled != NULL && cancelled ())
        return false;
      for (size_t j = 0; j < n; j++)
        {
          double sum = 0.0;
          for (size_t k = 0; k < n; k++)
            sum += a[i * n + k] * b[k * n + j];
          double err = fabs (sum - (i == j ? 1.0 : 0.0));
          if (err > worst || isnan (err))
            worst = err;
        }
    }
  *out = worst;
  return true;
}

double
rtb_matrix_residual (const double *a, const double *b, size_t n)
{
  double worst = NAN;
  rtb_matrix_residual_cancellable (a, b, n, NULL, &worst);
  return worst;
}
