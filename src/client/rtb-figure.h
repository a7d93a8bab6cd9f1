/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The figures of a series, as data: one row each, in the order every report lists them. The
 * window's statistics table, the CLI's tables, summary --json, the CSV, the compare and the
 * limits for CI iterate over the rows, so that a new figure is its id, its field in
 * RtbSeriesSummary and its row (rtb-figure.c), and nothing else.
 */
#pragma once

#include <glib.h>

#include "rtb-hwlat.h"
#include "rtb-osnoise.h"
#include "rtb-protocol.h"

G_BEGIN_DECLS

typedef enum {
  RTB_FIGURE_COUNT,
  RTB_FIGURE_MIN,
  RTB_FIGURE_AVG,
  RTB_FIGURE_MAX,
  RTB_FIGURE_P50,
  RTB_FIGURE_P90,
  RTB_FIGURE_P95,
  RTB_FIGURE_P99,
  RTB_FIGURE_P999,
  RTB_FIGURE_P9999,
  RTB_FIGURE_STDDEV,
  RTB_FIGURE_RMS,     /* the timer's figures: RMS error and |error| */
  RTB_FIGURE_MAX_ABS,
  RTB_FIGURE_P95_ABS,
  RTB_FIGURE_P99_ABS,
  RTB_FIGURE_MIN_INTERVAL, /* LinuxCNC's figures of a jitter thread */
  RTB_FIGURE_MAX_INTERVAL,
  RTB_FIGURE_MAX_JITTER,
  RTB_FIGURE_OVERRUNS,
  RTB_FIGURE_SKIPPED,
  RTB_FIGURE_MAX_SINGLE,    /* osnoise's: rtla osnoise top's Max Single, % CPU Aval and the */
  RTB_FIGURE_CPU_AVAILABLE, /* counts of noise by source */
  RTB_FIGURE_NOISE_HW,
  RTB_FIGURE_NOISE_NMI,
  RTB_FIGURE_NOISE_IRQ,
  RTB_FIGURE_NOISE_SOFTIRQ,
  RTB_FIGURE_NOISE_THREAD,
  RTB_FIGURE_NOISE_HW_US,   /* osnoise's durations of the noises by source */
  RTB_FIGURE_NOISE_NMI_US,
  RTB_FIGURE_NOISE_IRQ_US,
  RTB_FIGURE_NOISE_SOFTIRQ_US,
  RTB_FIGURE_NOISE_THREAD_US,
  RTB_FIGURE_HWLAT_GAPS,        /* hwlat's totals of a CPU's samples (RtbHwlatTotals): the gaps */
  RTB_FIGURE_HWLAT_NMI_WINDOWS, /* above the threshold, the windows with NMIs, the NMIs and */
  RTB_FIGURE_HWLAT_NMI_COUNT,   /* their µs */
  RTB_FIGURE_HWLAT_NMI_US,
  RTB_FIGURE_OVERFLOWS,
  RTB_FIGURE_DROPPED,
  RTB_N_FIGURES,
} RtbFigure;

/* The figures every report shows for one series, computed in one place (rtb_series_get_summary)
 * for the CLI table, summary --json, CSV, compare and the GUI. Values in µs; NAN when the series
 * is empty or the figure unknown. Percentiles are nearest-rank over every sample (the log-linear
 * histogram: within 0.049 % of the exact value, exact below 2 µs); one that falls among samples
 * of unknown value (an import's overflows) is NAN. */
typedef struct {
  guint64 count;
  double min_us;
  double avg_us;
  double max_us;
  double p50_us;
  double p90_us;
  double p95_us;
  double p99_us;
  double p999_us;
  double p9999_us;
  double stddev_us;
  double rms_us;      /* √(mean² + variance): the timer's "std error" */
  double max_abs_us;  /* of |value|: the timer's figures */
  double p95_abs_us;
  double p99_abs_us;
  guint64 overflows;  /* values outside the histogram (below + above) */
  gboolean overflows_known; /* FALSE: the source kept no histogram, `overflows` means nothing */
  guint64 dropped;    /* samples lost before they were read (the worker's ring, a
                       * tracer's buffer) */
  gboolean spread_partial; /* stddev and rms are known but cover only the samples the source
                            * gave values of */
  /* LinuxCNC's figures of a jitter thread (latency-test, METHODS.md §2), when `linuxcnc`: the
   * shortest and longest interval between two runs, max jitter = max(longest − period,
   * period − shortest), and the periods begun after their deadline had passed */
  gboolean linuxcnc;
  double min_interval_us;
  double max_interval_us;
  double max_jitter_us;
  guint64 overruns;
  /* Latency: whole periods skipped after a late wake-up, as cyclictest skips them (a figure of
   * the stalls, not lost data); known for runs rtbench measured */
  guint64 skipped;
  gboolean skipped_known;
  /* osnoise: rtla osnoise top's totals of the CPU's periods (RtbOsnoiseTotals), when
   * `osnoise_known` (the series has them and a period ended): the longest single noise, the %
   * of CPU available as rtla cuts it (rtb_osnoise_available_pct) and the noises counted by
   * source, and their durations as the kernel's events give them (NAN for a source whose
   * events were not all seen) */
  gboolean osnoise_known;
  double max_single_us;
  double cpu_available_pct;
  guint64 noise_counts[RTB_OSNOISE_N_SOURCES];
  double noise_durations_us[RTB_OSNOISE_N_SOURCES];
  /* hwlat: the CPU's totals besides its samples' latency, on its first series (the latency),
   * each count with whether it is known */
  RtbHwlatTotals hwlat;
  guint32 resolution_ns;   /* of the percentiles: 1, or 1000 when only µs buckets are known */
  double percentile_error_pct; /* the percentiles' bound: within it (relative) of the exact
                                * nearest-rank value at resolution_ns; NAN when empty */
} RtbSeriesSummary;

typedef enum {
  RTB_FIGURE_KIND_US,      /* a double in µs */
  RTB_FIGURE_KIND_SAMPLES, /* the count of samples (ticks, intervals…): a guint64 */
  RTB_FIGURE_KIND_EVENTS,  /* a count of events among them: a guint64 */
  RTB_FIGURE_KIND_PERCENT, /* a double in %, to 0.00001 % as rtla prints it */
} RtbFigureKind;

#define RTB_FIGURE_METHOD(m) (1u << (m))

typedef struct {
  const char *key;      /* summary --json, the CSV, compare --json: "p999_us" */
  const char *label;    /* the CLI's words and unit: compare's rows; limits' messages without
                           the unit */
  const char *column;   /* the CLI table's header, 10 characters at most (11: hwlat's, in a
                           table of their own) */
  const char *title;    /* the window's header, to translate (N_) */
  const char *counted;  /* events: the words for a number of them ("dropped samples") */
  const char *limit;    /* the option of its limit for CI ("fail-p99-above"), or NULL */
  const char *limit_help; /* what the limit fails on, for --help */
  RtbFigureKind kind;
  double percentile;    /* a percentile's p (of |value| when `magnitude`), 0 otherwise */
  gboolean magnitude;
  gboolean judged;      /* closer to zero is better (higher, with `higher_better`); FALSE:
                           neither end is */
  gboolean higher_better; /* judged the other way: the larger value is the better one, and its
                           limit for CI is a floor ("fail-cpu-available-below") */
  gboolean spread;      /* covers only the samples of known value when the summary's spread is
                           partial */
  gboolean baseline;    /* --fail-worse holds it against a baseline */
  guint methods;        /* RTB_FIGURE_METHOD() of the methods whose runs have it */
  guint table;          /* of the methods whose tables show it (the window's, the CLI's); both
                           masks may hold a bit of rtb-figure.c that stands for the methods of
                           one-sided values (rtb_figure_applies, rtb_figure_in_table) */
  guint table_except;   /* of the methods whose tables leave it out though `table` holds them:
                           osnoise's keeps to its noise, the longest single noise and the CPU
                           available */
  gboolean by_source;   /* one of osnoise's figures of a source of noise (`source`: its count
                           or its duration), which the tables show apart, a row per CPU */
  RtbOsnoiseSource source;
  gsize offset;         /* of its value in RtbSeriesSummary */
  gsize known;          /* of a gboolean there that says whether it is known; 0: always */
} RtbFigureInfo;

const RtbFigureInfo *rtb_figure_info (RtbFigure figure);
/* "count", "min_us"… as in summary --json and the CSV. */
const char *rtb_figure_key (RtbFigure figure);
/* "count", "min µs"…: for compare's rows. */
const char *rtb_figure_label (RtbFigure figure);
/* The label without its unit: "p99.9" (transfer full). */
char *rtb_figure_name (RtbFigure figure);
/* The CLI table's header, and the window's (translated), of a run of `method`: the count is
 * ticks for a timer, intervals for a jitter thread. */
const char *rtb_figure_column (RtbFigure figure, RtbMethod method);
const char *rtb_figure_title (RtbFigure figure, RtbMethod method);
/* Counts of samples and events are whole numbers; the others are µs, or % for a percent. */
gboolean rtb_figure_is_integer (RtbFigure figure);
gboolean rtb_figure_is_judged (RtbFigure figure);
/* Whether the larger value is the better one (% CPU available); judged figures are otherwise
 * better closer to zero. */
gboolean rtb_figure_is_higher_better (RtbFigure figure);
/* The decimals the figure is shown with, where µs values are shown with `us_decimals`: 0 for
 * counts, 5 for a percent (rtla's %3d.%05d). */
guint rtb_figure_decimals (RtbFigure figure, guint us_decimals);
/* The figure of a series' summary as a double (NAN when the series is empty or it is unknown). */
double rtb_figure_value (RtbFigure figure, const RtbSeriesSummary *summary);
/* TRUE when the figure covers only part of the samples (stddev and RMS of an import whose
 * overflows have no values): shown marked, never judged. */
gboolean rtb_figure_is_partial (RtbFigure figure, const RtbSeriesSummary *summary);
/* Whether runs of `method` have the figure: RMS and the |error| figures are the timer's
 * (METHODS.md §4), the intervals, max jitter and overruns the jitter method's (§2), the max
 * single noise, % CPU available and the noises by source the osnoise method's. */
gboolean rtb_figure_applies (RtbFigure figure, RtbMethod method);
/* Whether the tables of a run of `method` (the window's, the CLI's) show it. */
gboolean rtb_figure_in_table (RtbFigure figure, RtbMethod method);
/* Whether it is a figure of one source of noise that runs of `method` have, shown in the
 * sources' table (the window's, the CLI's), and which source. */
gboolean rtb_figure_of_source (RtbFigure figure, RtbMethod method, RtbOsnoiseSource *source);
/* Whether it is one of hwlat's counts of a CPU's samples (the gaps above the threshold, the
 * NMIs) that runs of `method` have, which the tables (the window's, the CLI's) show apart, a row
 * per CPU that has them (its latency series: RtbSeries' hwlat.known). */
gboolean rtb_figure_of_hwlat_cpu (RtbFigure figure, RtbMethod method);
/* Where a hwlat figure's count is in `totals` (run files keep it there under its key), or NULL
 * for the other figures; `known` then points at whether it is known. */
guint64 *rtb_figure_hwlat_at (RtbFigure figure, RtbHwlatTotals *totals, gboolean **known);
/* The figure whose limit for CI is `option` ("fail-p99-above"), or RTB_N_FIGURES. */
RtbFigure rtb_figure_by_limit (const char *option);
/* Decimals µs values of `method` are shown with: 3 for the timer (its reference gives 0.001
 * µs), 1 for the others. */
guint rtb_method_decimals (RtbMethod method);

G_END_DECLS
