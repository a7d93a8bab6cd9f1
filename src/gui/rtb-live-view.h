/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One run on screen, live or loaded: progress, key figures, charts, table and system. */
#pragma once

#include <gtk/gtk.h>

#include "rtb-chart.h"
#include "rtb-run.h"
#include "rtb-causes-panel.h"
#include "rtb-chart.h"
#include "rtb-stats-table.h"

G_BEGIN_DECLS

#define RTB_TYPE_LIVE_VIEW (rtb_live_view_get_type ())
G_DECLARE_FINAL_TYPE (RtbLiveView, rtb_live_view, RTB, LIVE_VIEW, GtkWidget)

RtbLiveView *rtb_live_view_new (RtbRun *run);
RtbRun *rtb_live_view_get_run (RtbLiveView *self);
/* The tab title: the run's label, else its method. Transfer full. */
char *rtb_live_view_dup_title (RtbLiveView *self);
void rtb_live_view_append_log (RtbLiveView *self, const char *line);
void rtb_live_view_reset_zoom (RtbLiveView *self);
RtbStatsTable *rtb_live_view_get_stats_table (RtbLiveView *self);
RtbCausesPanel *rtb_live_view_get_causes_panel (RtbLiveView *self);
/* The view's charts, curves first then the histogram (for tests). */
GPtrArray *rtb_live_view_get_charts (RtbLiveView *self);
/* The big figures as shown, for tests: "caption: value" lines. Transfer full. */
char *rtb_live_view_dup_figures (RtbLiveView *self);
/* The view's charts, curves first, then the histogram (for tests); NULL past the last. */
RtbChart *rtb_live_view_get_chart (RtbLiveView *self, guint index);
/* The progress as shown, for tests: "0:20 of 0:20" and the bar's fraction (a view out of
 * sight catches up first). */
const char *rtb_live_view_get_time_text (RtbLiveView *self);
double rtb_live_view_get_fraction (RtbLiveView *self);
/* How many times the view showed its run anew: for tests of what updates when. */
guint rtb_live_view_get_n_updates (RtbLiveView *self);
/* For tests: where an imported run comes from, as the header says it ("Imported from …"), and
 * what stands in place of the curves of a run without per-sample data; NULL when not shown. */
const char *rtb_live_view_get_source_text (RtbLiveView *self);
const char *rtb_live_view_get_no_samples_text (RtbLiveView *self);

G_END_DECLS
