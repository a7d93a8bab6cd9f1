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
#include "rtb-figure.h"
#include "rtb-heatmap.h"
#include "rtb-histogram.h"
#include "rtb-history.h"
#include "rtb-log-histogram.h"
#include "rtb-hwlat.h"
#include "rtb-osnoise.h"
#include "rtb-protocol.h"

G_BEGIN_DECLS

typedef struct {
  char *name;             /* "CPU0", "base", "servo", "timer", "response" */
  int cpu;                /* -1 when not pinned or unknown */
  RtbHistogram histogram; /* 1 µs buckets and the exact statistics (histogram.stats) */
  gboolean no_histogram;  /* the source kept no histogram (cyclictest without -h/-H): its
                           * samples count as overflows of `histogram`, but how many of them
                           * cyclictest's histogram would have overflowed is unknown */
  RtbLogHistogram values; /* every sample whose value is known: the percentiles */
  guint32 resolution_ns;  /* of `values`: 1 when measured, 1000 when it holds µs buckets (an
                           * import, or a run file of version 1) */
  guint64 unknown_values; /* samples counted whose values the source did not give (an import's
                           * overflows, or a summary without histogram rows) */
  RtbStats cyclictest;    /* every sample as cyclictest's calcdiff() gives it, truncated to whole
                           * µs (in ns: multiples of 1000) */
  gboolean cyclictest_is_source; /* an import: `cyclictest` is the source's own figures */
  RtbLogHistogram cyclictest_outside; /* the truncated values of the samples outside the 1 µs
                                       * histogram, for cyclictest's percentiles among them */
  guint64 *overflow_cycles; /* cycle numbers of the first overflows, as cyclictest logs them: the
                             * sample's 0-based position, at most histogram.n_buckets of them */
  guint n_overflow_cycles;
  guint overflow_cycles_alloc;
  RtbHistory history;
  RtbHeatmap heatmap;     /* time × |value| × count over the history's positions */
  gboolean heatmap_lost;  /* a run file written before heatmaps: when the samples came is
                           * unknown (see rtb_series_has_heatmap) */
  uint64_t next_index;    /* index expected next, to count gaps */
  uint64_t dropped;       /* samples lost before they were read (the worker's ring, a
                           * tracer's buffer) */
  uint64_t skipped;       /* latency: periods skipped (reported by the worker) */
  uint64_t overruns;      /* jitter: periods begun after their deadline (LinuxCNC) */
  gint64 period_ns;       /* jitter: the thread's period, for LinuxCNC's figures; 0 otherwise */
  uint64_t off_cpu;       /* response: instances kept off their CPU (RTB_SAMPLE_OFF_CPU) */
  GArray *off_cpu_log;    /* guint64: the first RTB_SERIES_OFF_CPU_LOG of their numbers; NULL
                           * before the first */
  uint64_t gaps;          /* indices missing between consecutive received samples */
  double residual_max;    /* response */
  uint64_t residual_failures;
  RtbPolicy policy;       /* what the thread really got (from STARTED) */
  int priority;
  RtbCpuPlacement placement; /* how its CPU was chosen */
  gboolean have_worker_stats;
  RtbThreadStats worker_stats; /* the worker's own final figures, to cross-check */
  guint64 minute_count;   /* samples since the run's last minute (RtbRun::minute) */
  gint64 minute_max_ns;   /* the largest of them; G_MININT64 when none */
  gboolean have_osnoise;
  RtbOsnoiseTotals osnoise; /* the CPU's osnoise periods added up as rtla osnoise top does */
  RtbHwlatTotals hwlat;     /* a hwlat CPU's samples added up besides their latency */
} RtbSeries;

#define RTB_SERIES_OFF_CPU_LOG 1000

/* An empty series with `n_buckets` 1 µs buckets from `lo_us` and an empty history. */
RtbSeries *rtb_series_new (const char *name, int cpu, int32_t lo_us, uint32_t n_buckets);
void rtb_series_free (RtbSeries *series);

/* One measured sample: histogram, statistics, percentiles, cyclictest's figures and history.
 * cyclictest_us is the sample as calcdiff() gives it: value_ns / 1000 truncated, or one more
 * when its two timestamps straddle a second boundary (rtb_cyclictest_us()). */
void rtb_series_add_sample (RtbSeries *series, gint64 value_ns, gint64 cyclictest_us);
/* The same, truncating as calcdiff() does when the timestamps do not straddle a second. */
void rtb_series_add (RtbSeries *series, gint64 value_ns);
/* `n` measured samples of the whole µs `value_us` at once (noise's gaps shorter than 1 µs,
 * which its worker counts without sending): statistics, histogram and percentiles as `n` calls
 * of rtb_series_add() would make them, but not the history, whose curve holds the samples sent. */
void rtb_series_add_repeated (RtbSeries *series, int32_t value_us, guint64 n);
/* `n` positions of the history and the heatmap holding samples of `value_ns` (noise's short
 * gaps, counted by rtb_series_add_repeated()), or none (periods skipped after a stall). */
void rtb_series_add_positions (RtbSeries *series, gint64 value_ns, guint64 n);
void rtb_series_skip_positions (RtbSeries *series, guint64 n);
/* Whether the heatmap says when the samples came: not for a run file written before heatmaps,
 * nor for an import of a histogram alone (samples counted, none placed in time). */
gboolean rtb_series_has_heatmap (const RtbSeries *series);
void rtb_series_get_summary (RtbSeries *series, RtbSeriesSummary *summary);
/* A new minute of the run: minute_count and minute_max_ns start again. */
void rtb_series_start_minute (RtbSeries *series);
/* The figures as cyclictest computes them from the same samples: each sample truncated to whole
 * µs, min and max of those, avg = their sum / count (truncated to whole µs as its text output
 * prints it when `truncated_avg`; its --json prints the quotient), percentiles the nearest-rank
 * 1 µs bucket (among overflows the sample truncated, unknown for an import's); resolution_ns is
 * 1000. An import's are the source's own figures. */
void rtb_series_get_cyclictest_summary (RtbSeries *series, gboolean truncated_avg,
                                        RtbSeriesSummary *summary);
/* How many overflows have no logged cycle number (cyclictest's "# N others"). */
guint64 rtb_series_overflow_cycles_others (RtbSeries *series);
/* Replaces the logged overflow cycle numbers with the source's (importers, loaders). */
void rtb_series_set_overflow_cycles (RtbSeries *series, const guint64 *cycles, guint n);
/* Notes that instance `index` was kept off its CPU (the log keeps the first ones). */
void rtb_series_log_off_cpu (RtbSeries *series, guint64 index);
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
/* Counts `n` samples inside the histogram whose buckets the source did not give (a summary
 * without histogram rows), left out like unknown overflows. */
void rtb_series_add_unbucketed (RtbSeries *series, guint64 n);
/* Adds `count` samples of the source's µs bucket `bucket_us`: its lower edge stands for them,
 * in the statistics and the percentiles (which are then to the µs, as the source's). */
void rtb_series_add_bucket (RtbSeries *series, int32_t bucket_us, guint64 count);

G_END_DECLS
