/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The tables of the compare view, laid out in GtkGrids: every statistic of every series per run
 * with its difference and ratio to the baseline, and the systems' rows side by side. */
#pragma once

#include <gtk/gtk.h>

#include "rtb-compare.h"

G_BEGIN_DECLS

/* The cells of one run's figure on one line of the statistics. */
typedef enum {
  RTB_COMPARE_GRID_VALUE,
  RTB_COMPARE_GRID_DIFFERENCE, /* to the baseline, the first run: none for the baseline */
  RTB_COMPARE_GRID_RATIO,      /* to the baseline: none for the baseline */
  RTB_COMPARE_GRID_N_CELLS
} RtbCompareGridCell;

/* Fills `grid` with one line per series and statistic. Returns its cells, indexed
 * ((row × RTB_N_FIGURES + stat) × n_runs + run) × RTB_COMPARE_GRID_N_CELLS + cell
 * (borrowed; transfer container; NULL for a statistic the comparison does not show and for the
 * baseline's difference and ratio). The best value of a line carries the style class
 * "compare-best", values worse than the baseline's "compare-worse", better ones
 * "compare-better"; a partial value is marked † and not judged. With `live`, the cells are
 * GtkInscriptions whose new texts do not lay the page out again; without, selectable
 * GtkLabels. */
GPtrArray *rtb_compare_grid_fill_stats (GtkGrid *grid, RtbCompare *compare, gboolean live);
/* What decides the statistics' layout (live or not, runs, rows, statistics shown), transfer
 * full: while it stays the same, rtb_compare_grid_update_stats() puts a newer comparison of the
 * same runs into the cells rtb_compare_grid_fill_stats() made. */
char *rtb_compare_grid_stats_layout (RtbCompare *compare, gboolean live);
void rtb_compare_grid_update_stats (GPtrArray *cells, RtbCompare *compare);
/* The text a cell shows, a GtkInscription's or a GtkLabel's. */
const char *rtb_compare_grid_cell_text (GtkWidget *cell);

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
