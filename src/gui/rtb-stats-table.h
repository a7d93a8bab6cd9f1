/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The per-series figures of a run (rtb_series_get_summary) in a table: a column for each figure
 * that the run's method shows in its tables (rtb_figure_in_table), with its title, and below
 * them a block of their own: for osnoise, the noises by source (rtb_figure_of_source), each
 * series' counts and durations; for hwlat, each CPU's counts besides its samples' latency
 * (rtb_figure_of_hwlat_cpu), on the rows of the series that hold them. A timer run's µs are to
 * 0.001 µs, the others' to 0.1 µs. */
#pragma once

#include <gtk/gtk.h>

#include "rtb-run.h"

G_BEGIN_DECLS

#define RTB_TYPE_STATS_TABLE (rtb_stats_table_get_type ())
G_DECLARE_FINAL_TYPE (RtbStatsTable, rtb_stats_table, RTB, STATS_TABLE, GtkWidget)

RtbStatsTable *rtb_stats_table_new (void);
void rtb_stats_table_set_run (RtbStatsTable *self, RtbRun *run);
/* Refreshes the figures (the live view calls it on the run's ::changed). */
void rtb_stats_table_update (RtbStatsTable *self);

/* What the table shows, for tests: one row per series, its name and its figures; NULL for a
 * figure the run's method does not show, or the series has no row of (hwlat's counts of a
 * CPU on its inner and outer series). */
guint rtb_stats_table_get_n_rows (RtbStatsTable *self);
const char *rtb_stats_table_get_name (RtbStatsTable *self, guint row);
const char *rtb_stats_table_get_text (RtbStatsTable *self, guint row, RtbFigure figure);

G_END_DECLS
