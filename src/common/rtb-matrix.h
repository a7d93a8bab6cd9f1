/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The response-time workload: Gauss-Jordan inversion with partial pivoting of an n×n matrix of
 * doubles, the same algorithm on every system so that the times compare, and its self-check,
 * the residual max|A·A⁻¹ − I|. No allocation happens after rtb_matrix_workload_init.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RTB_MATRIX_RESIDUAL_TOLERANCE 1e-6

typedef struct {
  size_t n;
  double *a;    /* the input, row-major, never modified */
  double *work; /* n×n scratch: a copy of a that elimination destroys */
  double *inv;  /* n×n result */
} RtbMatrixWorkload;

/* Allocates the three matrices (page-aligned, touched so they are resident) and fills `a` with
 * a well-conditioned pseudo-random matrix from `seed`. Returns false when out of memory. */
bool rtb_matrix_workload_init (RtbMatrixWorkload *w, size_t n, uint64_t seed);
void rtb_matrix_workload_free (RtbMatrixWorkload *w);

typedef enum {
  RTB_MATRIX_OK,
  RTB_MATRIX_SINGULAR,
  RTB_MATRIX_CANCELLED,
} RtbMatrixResult;

/* Asked once per row or column, so that a stop request ends even a 1024×1024 instance within
 * milliseconds. NULL: never cancelled. */
typedef bool (*RtbMatrixCancelled) (void);

/* One instance: copies a into work and inverts it into inv. */
RtbMatrixResult rtb_matrix_workload_run (RtbMatrixWorkload *w, RtbMatrixCancelled cancelled);

/* Inverts an n×n row-major matrix. `work` is destroyed (it starts as a copy of the input). */
RtbMatrixResult rtb_matrix_invert_cancellable (double *work, double *inv, size_t n,
                                               RtbMatrixCancelled cancelled);
/* Returns false when the matrix is singular to working precision. */
bool rtb_matrix_invert (double *work, double *inv, size_t n);

/* max over i,j of |(A·B)_ij − δ_ij|; returns false (leaving *out alone) when cancelled. */
bool rtb_matrix_residual_cancellable (const double *a, const double *b, size_t n,
                                      RtbMatrixCancelled cancelled, double *out);
double rtb_matrix_residual (const double *a, const double *b, size_t n);
