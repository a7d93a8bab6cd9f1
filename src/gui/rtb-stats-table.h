/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The per-series figures of a run (rtb_series_get_summary) in a table. */
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

/* What the table shows, for tests: one row per series. */
guint rtb_stats_table_get_n_rows (RtbStatsTable *self);
const char *rtb_stats_table_get_text (RtbStatsTable *self, guint row, RtbStatsColumn column);

G_END_DECLS
