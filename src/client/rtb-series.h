/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * RtbSeries: what one thread of a run measured: exact statistics, the 1 µs histogram, the
 * log-linear histogram its percentiles come from, a bounded-memory history and the bookkeeping
 * of samples that went missing. A run owns its series (rtb_run_add_series); a comparison builds
 * pooled ones.
 */
#pragma once

#include <glib.h>

#include "rtb-command.h"
#include "rtb-histogram.h"
#include "rtb-history.h"
#include "rtb-log-histogram.h"
#include "rtb-protocol.h"

G_BEGIN_DECLS

typedef struct {
  char *name;             /* "CPU0", "base", "servo", "timer", "response" */
  int cpu;                /* -1 when not pinned or unknown */
  RtbHistogram histogram; /* 1 µs buckets and the exact statistics (histogram.stats) */
  RtbLogHistogram values; /* every sample whose value is known: the percentiles */
  guint32 resolution_ns;  /* of `values`: 1 when measured, 1000 when it holds µs buckets (an
                           * import, or a run file of version 1) */
  guint64 unknown_values; /* samples counted whose values the source did not give (an import's
                           * overflows): above every known value */
  RtbHistory history;
  uint64_t next_index;    /* index expected next, to count gaps */
  uint64_t dropped;       /* samples lost in the worker's ring */
  uint64_t skipped;       /* periods skipped (reported by the worker) */
  uint64_t gaps;          /* indices missing between consecutive received samples */
  double residual_max;    /* response */
  uint64_t residual_failures;
  RtbPolicy policy;       /* what the thread really got (from STARTED) */
  int priority;
  gboolean have_worker_stats;
  RtbThreadStats worker_stats; /* the worker's own final figures, to cross-check */
} RtbSeries;

/* The figures every report shows for one series, computed in one place for the CLI table,
 * summary --json, CSV, compare and the GUI. Values in µs; NAN when the series is empty or the
 * figure unknown. Percentiles are nearest-rank over every sample (the log-linear histogram:
 * within 0.049 % of the exact value, exact below 2 µs); one that falls among samples of
 * unknown value (an import's overflows) is NAN. */
typedef struct {
  guint64 count;
  double min_us;
  double avg_us;
  double max_us;
  double p50_us;
  double p95_us;
  double p99_us;
  double p999_us;
  double stddev_us;
  double rms_us;      /* √(mean² + variance): the timer's "std error" */
  double max_abs_us;  /* of |value|: the timer's figures */
  double p95_abs_us;
  double p99_abs_us;
  guint64 overflows;  /* values outside the histogram (below + above) */
  guint64 dropped;    /* samples lost in the worker's ring */
  gboolean spread_partial; /* stddev and rms cover only the samples the source gave values of */
  guint32 resolution_ns;   /* of the percentiles: 1, or 1000 when only µs buckets are known */
} RtbSeriesSummary;

/* An empty series with `n_buckets` 1 µs buckets from `lo_us` and an empty history. */
RtbSeries *rtb_series_new (const char *name, int cpu, int32_t lo_us, uint32_t n_buckets);
void rtb_series_free (RtbSeries *series);

/* One measured sample: histogram, statistics, percentiles and history. */
void rtb_series_add (RtbSeries *series, gint64 value_ns);
void rtb_series_get_summary (RtbSeries *series, RtbSeriesSummary *summary);
/* p in [0, 100]; µs; NAN when empty or unknown. Of the values, and of their magnitudes. */
double rtb_series_percentile_us (RtbSeries *series, double p);
double rtb_series_abs_percentile_us (RtbSeries *series, double p);

/* For importers. Sets a series' statistics to the figures a source printed (count of every
 * sample including overflows, min, max in ns and the sum that gives its average). The mean
 * follows from the sum; the variance of the buckets already added is kept, scaled to the new
 * count. */
void rtb_series_set_imported_stats (RtbSeries *series, guint64 count, gint64 min_ns,
                                    gint64 max_ns, gint64 sum_ns);
/* Counts `n` samples above the histogram whose values the source did not keep (they are left
 * out of the percentiles and the standard deviation, which then says it is partial). */
void rtb_series_add_unknown_overflows (RtbSeries *series, guint64 n);
/* Adds `count` samples of the source's µs bucket `bucket_us`: its lower edge stands for them,
 * in the statistics and the percentiles (which are then to the µs, as the source's). */
void rtb_series_add_bucket (RtbSeries *series, int32_t bucket_us, guint64 count);

G_END_DECLS
