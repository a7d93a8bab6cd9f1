/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib.h>
#include <math.h>
#include <string.h>

#include "rtb-matrix.h"

static void
test_known_inverse (void)
{
  /* A matrix whose first pivot is zero, so partial pivoting must swap rows. */
  double a[9] = { 0, 1, 2,
                  1, 0, 3,
                  4, -3, 8 };
  double want[9] = { -4.5, 7, -1.5,
                     -2, 4, -1,
                     1.5, -2, 0.5 };
  double work[9], inv[9];

  memcpy (work, a, sizeof a);
  g_assert_true (rtb_matrix_invert (work, inv, 3));
  for (int i = 0; i < 9; i++)
    g_assert_cmpfloat_with_epsilon (inv[i], want[i], 1e-12);
  g_assert_cmpfloat (rtb_matrix_residual (a, inv, 3), <, 1e-12);
}

static void
test_singular (void)
{
  double a[4] = { 1, 2, 2, 4 };
  double inv[4];
  g_assert_false (rtb_matrix_invert (a, inv, 2));
}

static void
test_residual_detects_wrong (void)
{
  double a[4] = { 2, 0, 0, 4 };
  double almost[4] = { 0.5, 0, 0, 0.26 };
  g_assert_cmpfloat_with_epsilon (rtb_matrix_residual (a, almost, 2), 0.04, 1e-12);
}

static void
test_workload_sizes (void)
{
  static const size_t sizes[] = { 2, 3, 32, 64, 128 };
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      RtbMatrixWorkload w;
      g_assert_true (rtb_matrix_workload_init (&w, sizes[i], 42));
      g_assert_cmpint (rtb_matrix_workload_run (&w, NULL), ==, RTB_MATRIX_OK);
      double r = rtb_matrix_residual (w.a, w.inv, w.n);
      g_test_message ("n=%zu residual %.3g", sizes[i], r);
      g_assert_cmpfloat (r, <, RTB_MATRIX_RESIDUAL_TOLERANCE);
      /* The input is never modified, so every instance does the same work. */
      double first = w.a[0];
      g_assert_cmpint (rtb_matrix_workload_run (&w, NULL), ==, RTB_MATRIX_OK);
      g_assert_cmpfloat (w.a[0], ==, first);
      rtb_matrix_workload_free (&w);
    }
}

static int polls;

static bool
cancel_after_three (void)
{
  return ++polls > 3;
}

static void
test_cancel (void)
{
  RtbMatrixWorkload w;
  double residual = -1;

  g_assert_true (rtb_matrix_workload_init (&w, 64, 1));
  polls = 0;
  g_assert_cmpint (rtb_matrix_workload_run (&w, cancel_after_three), ==, RTB_MATRIX_CANCELLED);
  g_assert_cmpint (polls, ==, 4);
  g_assert_cmpint (rtb_matrix_workload_run (&w, NULL), ==, RTB_MATRIX_OK);
  polls = 0;
  g_assert_false (rtb_matrix_residual_cancellable (w.a, w.inv, w.n, cancel_after_three, &residual));
  g_assert_cmpfloat (residual, ==, -1);
  g_assert_true (rtb_matrix_residual_cancellable (w.a, w.inv, w.n, NULL, &residual));
  g_assert_cmpfloat (residual, <, RTB_MATRIX_RESIDUAL_TOLERANCE);
  rtb_matrix_workload_free (&w);
}

static void
test_same_matrix_everywhere (void)
{
  RtbMatrixWorkload a, b;
  rtb_matrix_workload_init (&a, 16, 7);
  rtb_matrix_workload_init (&b, 16, 7);
  g_assert_cmpmem (a.a, 16 * 16 * sizeof (double), b.a, 16 * 16 * sizeof (double));
  rtb_matrix_workload_free (&a);
  rtb_matrix_workload_free (&b);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/matrix/known-inverse", test_known_inverse);
  g_test_add_func ("/matrix/singular", test_singular);
  g_test_add_func ("/matrix/residual-detects-wrong", test_residual_detects_wrong);
  g_test_add_func ("/matrix/workload-sizes", test_workload_sizes);
  g_test_add_func ("/matrix/same-matrix-everywhere", test_same_matrix_everywhere);
  g_test_add_func ("/matrix/cancel", test_cancel);
  return g_test_run ();
}
