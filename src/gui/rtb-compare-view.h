/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Two or more runs side by side and overlaid: curves, histograms (per CPU or all CPUs pooled),
 * every statistic with its difference and ratio to the first run, and the systems they ran on. */
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

/* For tests. */
RtbChart *rtb_compare_view_get_histogram (RtbCompareView *self);
RtbChart *rtb_compare_view_get_curve (RtbCompareView *self);
/* The label showing statistic `stat` of run `run` on line `row` of the comparison. */
GtkLabel *rtb_compare_view_get_value_label (RtbCompareView *self, guint row, guint run,
                                            RtbCompareStat stat);
guint rtb_compare_view_get_n_differing (RtbCompareView *self);
const char *rtb_compare_view_get_notices (RtbCompareView *self);

G_END_DECLS
