/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The tables of the compare view, laid out in GtkGrids: every statistic of every series per run
 * with its difference and ratio to the baseline, and the systems' rows side by side. */
#pragma once

#include <gtk/gtk.h>

#include "rtb-compare.h"

G_BEGIN_DECLS

/* Fills `grid` with one line per series and statistic. Returns the value labels, indexed
 * (row × RTB_COMPARE_N_STATS + stat) × n_runs + run (borrowed; transfer container; NULL for
 * a statistic the comparison does not show). The best
 * value of a line carries the style class "compare-best", values worse than the baseline's
 * "compare-worse", better ones "compare-better"; a partial value is marked † and not judged. */
GPtrArray *rtb_compare_grid_fill_stats (GtkGrid *grid, RtbCompare *compare);
/* What decides the statistics' layout (runs, rows, statistics shown), transfer full: while it
 * stays the same, rtb_compare_grid_update_stats() puts a newer comparison of the same runs into
 * the cells rtb_compare_grid_fill_stats() laid out. */
char *rtb_compare_grid_stats_layout (RtbCompare *compare);
void rtb_compare_grid_update_stats (GtkGrid *grid, RtbCompare *compare);

/* Fills `grid` with the system rows; rows whose values differ carry "compare-differs" and a
 * mark. Returns how many rows differ. */
guint rtb_compare_grid_fill_system (GtkGrid *grid, RtbCompare *compare);
/* Everything the system rows show, transfer full: refill only when it changed. */
char *rtb_compare_grid_system_content (RtbCompare *compare);

/* Fills `grid` with the causes of the runs' spikes (rtb_compare_causes), one row each; a cause
 * some runs have and others have not is marked as the system rows are. Returns the rows. */
guint rtb_compare_grid_fill_causes (GtkGrid *grid, RtbCompare *compare, RtbRun *const *runs,
                                    guint n_runs);

/* Fills `grid` with the interrupts and softirqs the runs' measured CPUs served
 * (rtb_compare_interrupts), the busiest first: the count and the rate per second per run.
 * Returns the rows shown. */
guint rtb_compare_grid_fill_interrupts (GtkGrid *grid, RtbCompare *compare, RtbRun *const *runs,
                                        guint n_runs);

G_END_DECLS
