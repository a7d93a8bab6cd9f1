/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Two or more runs side by side and overlaid: curves, histograms (per CPU or all CPUs pooled),
 * every statistic with its difference and ratio to the first run, and the systems they ran on
 * with their checklists. Runs that are live go on changing, and the view follows them: charts as
 * each run changes, the tables once a second. */
#pragma once

#include <gtk/gtk.h>

#include "rtb-chart.h"
#include "rtb-compare.h"

G_BEGIN_DECLS

#define RTB_TYPE_COMPARE_VIEW (rtb_compare_view_get_type ())
G_DECLARE_FINAL_TYPE (RtbCompareView, rtb_compare_view, RTB, COMPARE_VIEW, GtkWidget)

/* runs[0] is the baseline; n_runs ≥ 2. */
RtbCompareView *rtb_compare_view_new (RtbRun *const *runs, guint n_runs);
RtbCompare *rtb_compare_view_get_compare (RtbCompareView *self);
/* Transfer full. */
char *rtb_compare_view_dup_title (RtbCompareView *self);
void rtb_compare_view_reset_zoom (RtbCompareView *self);
/* Histograms of every CPU of each run, or one pooled histogram per run. */
void rtb_compare_view_set_per_cpu (RtbCompareView *self, gboolean per_cpu);

/* Saves each run in `folder` as its own file, named MACHINE-METHOD.rtbench as rtbench-cli run
 * --output-dir names them (through the window, so a live run goes on being saved there), and
 * the comparison's table and chart as compare.csv and compare.png, written again when the last
 * live run ends. */
gboolean rtb_compare_view_save_to_folder (RtbCompareView *self, const char *folder,
                                          GError **error);
/* Where the comparison was saved, or NULL. */
const char *rtb_compare_view_get_folder (RtbCompareView *self);

/* For tests. */
/* How many times the comparison was made: once at the start, then as its live runs change. */
guint rtb_compare_view_get_n_refreshes (RtbCompareView *self);
RtbChart *rtb_compare_view_get_histogram (RtbCompareView *self);
RtbChart *rtb_compare_view_get_curve (RtbCompareView *self);
RtbChart *rtb_compare_view_get_heatmap (RtbCompareView *self);
/* The cell showing statistic `stat` of run `run` on line `row` of the comparison: while any of
 * its runs is live a GtkInscription, else a selectable GtkLabel. */
GtkWidget *rtb_compare_view_get_value_cell (RtbCompareView *self, guint row, guint run,
                                            RtbFigure stat);
/* The text of that cell. */
const char *rtb_compare_view_get_value_text (RtbCompareView *self, guint row, guint run,
                                             RtbFigure stat);
/* The runs' lines under the title, one per run ("A: host, … — live, 0:09 measured"), transfer
 * full. */
char *rtb_compare_view_dup_runs_text (RtbCompareView *self);
/* How often GTK allocated the view: each time something in it changed size. */
guint rtb_compare_view_get_n_allocations (RtbCompareView *self);
guint rtb_compare_view_get_n_differing (RtbCompareView *self);
/* Rows of the tables of spikes' causes and of the interrupts the measured CPUs served. */
guint rtb_compare_view_get_n_causes (RtbCompareView *self);
guint rtb_compare_view_get_n_interrupts (RtbCompareView *self);
const char *rtb_compare_view_get_notices (RtbCompareView *self);

G_END_DECLS
