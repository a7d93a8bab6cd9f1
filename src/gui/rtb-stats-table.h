/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The per-series figures of a run (rtb_series_get_summary) in a table. The columns depend on
 * the method: a timer run shows seed 004's figures (ticks, RMS error, max, 95th and 99th
 * percentiles of |error|) to 0.001 µs, a jitter run LinuxCNC's (intervals, shortest and
 * longest interval, max jitter, overruns), the others count, min, avg, max, 99 % and 99.9 % to
 * 0.1 µs. */
#pragma once

#include <gtk/gtk.h>

#include "rtb-run.h"

G_BEGIN_DECLS

typedef enum {
  RTB_STATS_COLUMN_NAME,
  RTB_STATS_COLUMN_COUNT,
  RTB_STATS_COLUMN_MIN,
  RTB_STATS_COLUMN_AVG,
  RTB_STATS_COLUMN_MAX,
  RTB_STATS_COLUMN_P99,
  RTB_STATS_COLUMN_P999,
  RTB_STATS_COLUMN_RMS,
  RTB_STATS_COLUMN_MAX_ABS,
  RTB_STATS_COLUMN_P95_ABS,
  RTB_STATS_COLUMN_P99_ABS,
  RTB_STATS_COLUMN_MIN_INTERVAL,
  RTB_STATS_COLUMN_MAX_INTERVAL,
  RTB_STATS_COLUMN_MAX_JITTER,
  RTB_STATS_COLUMN_OVERRUNS,
  RTB_STATS_COLUMN_STDDEV,
  RTB_STATS_COLUMN_OVERFLOWS,
  RTB_STATS_COLUMN_DROPPED,
  RTB_STATS_N_COLUMNS
} RtbStatsColumn;

#define RTB_TYPE_STATS_TABLE (rtb_stats_table_get_type ())
G_DECLARE_FINAL_TYPE (RtbStatsTable, rtb_stats_table, RTB, STATS_TABLE, GtkWidget)

RtbStatsTable *rtb_stats_table_new (void);
void rtb_stats_table_set_run (RtbStatsTable *self, RtbRun *run);
/* Refreshes the figures (the live view calls it on the run's ::changed). */
void rtb_stats_table_update (RtbStatsTable *self);

/* What the table shows, for tests: one row per series; NULL for a column the run's method does
 * not show. */
guint rtb_stats_table_get_n_rows (RtbStatsTable *self);
const char *rtb_stats_table_get_text (RtbStatsTable *self, guint row, RtbStatsColumn column);

G_END_DECLS
