/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A curve's time axis: seconds elapsed since the run started, or the clock of the machine that
 * measured (07:10 … 12:43), so that a cluster of bad samples can be matched to a cron job or a
 * log; and the load's start and stop marked on it.
 */
#pragma once

#include "rtb-plot-time.h"
#include "rtb-run.h"

G_BEGIN_DECLS

typedef enum {
  RTB_PLOT_RUN_TIME_ELAPSED, /* seconds since the run's first instance */
  RTB_PLOT_RUN_TIME_CLOCK,   /* the time of day where the run was measured */
} RtbPlotRunTime;

gboolean rtb_plot_run_time_from_string (const char *text, RtbPlotRunTime *out);

/* NULL when a curve of these runs can read in clock time; otherwise why not, marked for
 * translation (not translated): several runs (each has its own start), a run that does not
 * record its start (an import, a file of an older rtbench), or instances not evenly spaced in
 * time (a response run). */
const char *rtb_plot_run_clock_unavailable (RtbRun *const *runs, guint n_runs, int thread);

/* The same for heatmaps, where each run has a panel and its own clock: NULL when each of these
 * runs records its start and they share a time axis; otherwise why not. */
const char *rtb_plot_run_heatmap_clock_unavailable (RtbRun *const *runs, guint n_runs);

/* Sets the time axis of a chart of these runs (a curve, or the heatmap of one run) whose time
 * axis has `x_per_instance` seconds per instance: the clock when `time` asks for it and it is
 * available (the clock's offset from UTC is the machine's as the run recorded it, else UTC),
 * and the load's start and stop of a single run (a load already on at the first instance is
 * marked there). Returns the x axis' label in the reader's language when it is a clock
 * ("time of day (UTC+01:00)"), else NULL. */
char *rtb_plot_run_time_apply (RtbRun *const *runs, guint n_runs, int thread, RtbPlotRunTime time,
                               double x_per_instance, RtbPlotTime *axis);

G_END_DECLS
