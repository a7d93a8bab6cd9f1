/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Every statistic of a series recomputed from its raw samples, as its reference defines it,
 * for the tests that hold rtbench's figures against them: the samples come from
 * `export --csv-series` while the history is exact (one sample per block).
 */
#pragma once

#include <glib.h>

typedef struct {
  char *name;
  GArray *values; /* gint64 ns, in the order measured */
} TruthSeries;

/* The series of a --csv-series file, asserting that each line is one sample, in the order of
 * their numbers (which skip the periods skipped after a stall). Free with g_ptr_array_unref. */
GPtrArray *truth_read_series_csv (const char *path);
/* A CSV line's fields as RFC 4180 quotes them (a run's label may hold commas). */
char **truth_csv_fields (const char *line);

typedef struct {
  guint64 count;
  double min_us, avg_us, max_us;
  double p50_us, p90_us, p95_us, p99_us, p999_us, p9999_us; /* nearest rank: ⌈p/100 · N⌉-th
                                                            * smallest */
  double stddev_us;                       /* population */
  double rms_us;
  double max_abs_us, p95_abs_us, p99_abs_us;
  guint64 overflows;                      /* outside [lo_us, lo_us + n_buckets) µs */
  /* cyclictest's: each sample truncated to whole µs (calcdiff() without a second boundary) */
  double ct_min_us, ct_max_us;
  double ct_avg_us;                       /* their sum / count, truncated as its text prints */
  double ct_mean_us;                      /* the quotient, as its --json prints */
  double ct_p50_us, ct_p90_us, ct_p95_us, ct_p99_us, ct_p999_us, ct_p9999_us;
} TruthFigures;

void truth_compute (GArray *values, gint32 lo_us, guint32 n_buckets, TruthFigures *out);

/* A percentile's tolerance: max(0.1 %, 1 ns) of the exact value. */
gboolean truth_percentile_close (double got_us, double want_us);
/* A mean or a spread, computed in another order: 1e-9 relative, or 1e-9 µs. */
gboolean truth_close (double got_us, double want_us);
