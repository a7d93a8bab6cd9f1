/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * RtbSeries: what one thread of a run measured: exact statistics, the 1 µs histogram, a
 * bounded-memory history and the bookkeeping of samples that went missing. A run owns its series
 * (rtb_run_add_series); a comparison builds pooled ones.
 */
#pragma once

#include <glib.h>

#include "rtb-command.h"
#include "rtb-histogram.h"
#include "rtb-history.h"
#include "rtb-protocol.h"

G_BEGIN_DECLS

typedef struct {
  char *name;             /* "CPU0", "base", "servo", "timer", "response" */
  int cpu;                /* -1 when not pinned or unknown */
  RtbHistogram histogram; /* statistics included (histogram.stats) */
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
 * summary --json and the GUI. Values in µs; NAN when the series is empty. */
typedef struct {
  guint64 count;
  double min_us;
  double avg_us;
  double max_us;
  double p50_us;
  double p99_us;
  double p999_us;
  double stddev_us;
  guint64 overflows; /* values outside the histogram (below + above) */
  guint64 dropped;   /* samples lost in the worker's ring */
} RtbSeriesSummary;

/* An empty series with `n_buckets` 1 µs buckets from `lo_us` and an empty history. */
RtbSeries *rtb_series_new (const char *name, int cpu, int32_t lo_us, uint32_t n_buckets);
void rtb_series_free (RtbSeries *series);

void rtb_series_get_summary (RtbSeries *series, RtbSeriesSummary *summary);
/* p in [0, 100]; µs; NAN when empty. */
double rtb_series_percentile_us (RtbSeries *series, double p);

/* For importers. Sets a series' statistics to the figures a source printed (count of every
 * sample including overflows, min, max in ns and the sum that gives its average). The mean
 * follows from the sum; the variance of the buckets already added is kept, scaled to the new
 * count. */
void rtb_series_set_imported_stats (RtbSeries *series, guint64 count, gint64 min_ns,
                                    gint64 max_ns, gint64 sum_ns);
/* Counts `n` samples above the histogram whose values the source did not keep. */
void rtb_series_add_unknown_overflows (RtbSeries *series, guint64 n);

G_END_DECLS
