/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * CSV tables for spreadsheets and scripts (RFC 4180): comma separated, a header row, fields
 * quoted only when they hold a comma, a quote, a line break or edge spaces, UTF-8, lines ending
 * in "\n", numbers with a '.' whatever the locale, µs values with 3 decimals,
 * empty fields for values that do not exist (an empty series, a missing series).
 *
 *   summary    run,series,cpu, one column per figure of rtb-figure.h under its key (count,
 *              min_us … dropped), resolution_ns, percentile_error_pct, stddev_partial — one
 *              line per series of each run (a figure its method does not have, such as
 *              LinuxCNC's intervals outside a jitter thread, is empty); the percentiles are
 *              within percentile_error_pct (0.049: the log-linear histogram's bound, relative)
 *              of the exact nearest-rank value at resolution_ns, which is 1 when the samples
 *              were measured, 1000 when only µs buckets were known (an import): their three
 *              decimals hold fewer digits than they print above 2 µs; stddev_partial is
 *              true when stddev and rms leave out samples the source gave no values for
 *   compare    series,statistic, the value of each run, then for each run after the first its
 *              difference and ratio to the first, the name of the best run (empty: a tie,
 *              a partial figure, or count, which is not judged) and the names of the runs whose
 *              figure is partial ("; " between them: a stddev or rms that leaves out an
 *              import's overflows) — one line per series and statistic the comparison shows
 *              (rms and |error| figures for timer runs only)
 *   histogram  bucket_us, then one column per series of each run ("label CPU0"); one line per
 *              1 µs bucket that holds a sample in any column, then a line "overflows" with the
 *              samples outside each histogram (and, for a summary imported without its rows, a
 *              line "unbucketed"): every column adds up to the series' count
 *   series     run,series,index,samples,min_us,max_us,mean_us,running_mean_us — one line per
 *              block of the bounded history (index = the block's first instance, 0-based; while
 *              a run is short a block is one instance and the values are exact)
 *   heatmap    run,series,index,positions,row,lo_us,hi_us,count,column_max_us — one line per
 *              cell of a series' heatmap that holds a sample, column by column: the column's
 *              first instance (0-based) and how many it covers, the row (0: below 1 µs, the last:
 *              the overflows, whose hi_us is empty) and the magnitudes |value| it spans
 *              [lo_us, hi_us), the samples in the cell and the largest magnitude in the column;
 *              a series whose heatmap is unknown (a file from before heatmaps, a histogram
 *              import) is one line with only run and series
 *
 * The writers are atomic: a temporary file renamed over the target.
 */
#pragma once

#include <glib.h>

#include "rtb-compare.h"
#include "rtb-run.h"

G_BEGIN_DECLS

/* Transfer full. */
char *rtb_csv_summary (RtbRun *const *runs, guint n_runs);
char *rtb_csv_compare (RtbCompare *compare);
char *rtb_csv_histogram (RtbRun *const *runs, guint n_runs);
char *rtb_csv_series (RtbRun *const *runs, guint n_runs);
char *rtb_csv_heatmap (RtbRun *const *runs, guint n_runs);
/* Each run's explained spikes: run, series, index, instance, cpu, value_us, the main cause
 * (cause kind, name, pid of a task, irq of an interrupt or vector of a softirq, cause_us),
 * to_wakeup_us, to_run_us, lost_events; an unknown figure is an empty field. */
char *rtb_csv_spikes (RtbRun *const *runs, guint n_runs);

/* Appends `field` to `line`, quoted when RFC 4180 needs it. A field a spreadsheet would run
 * as a formula (=, +, -, @, tab or CR first, unless it is a plain number such as -1.250)
 * is written as text: "'=…". */
void rtb_csv_append_field (GString *line, const char *field);

/* Writes `text` to `path` whole or not at all, by rtb_file_write (). */
gboolean rtb_csv_write (const char *path, const char *text, GError **error);

G_END_DECLS
