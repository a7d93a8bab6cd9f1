/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Charts of whole runs: the bridge between the run model and the pure cairo charts. The
 * window's charts, the CLI's exports and the compare view all draw through here, so a run looks
 * the same everywhere: one colour per series in run order, the run's label as title and its
 * system on the subtitle line, axis labels named after the method.
 */
#pragma once

#include <cairo.h>

#include "rtb-plot.h"
#include "rtb-run.h"

G_BEGIN_DECLS

typedef enum {
  RTB_PLOT_RUN_CURVE,     /* every instance (min/max per column) with its running mean */
  RTB_PLOT_RUN_HISTOGRAM, /* 1 µs histogram, log counts */
  RTB_PLOT_RUN_BOTH,      /* the curve above the histogram, for a one-image report */
} RtbPlotRunChart;

#define RTB_PLOT_RUN_MAX_SERIES 64

/* Fills `out` with one entry per series of each run (at most `max`); returns the number.
 * Names are "CPU0" for one run and "label: CPU0" for several; they stay owned by `names`. */
guint rtb_plot_run_series (RtbRun *const *runs, guint n_runs, RtbPlotSeries *out, guint max,
                           GPtrArray *names);

/* "host · Linux 6.1.0-rt · PREEMPT_RT · aarch64 · 4 CPUs" (transfer full). */
char *rtb_plot_run_system_line (RtbRun *run);

/* What the values are ("latency", "tick error"…) and what an instance is ("cycle", "tick"…). */
const char *rtb_plot_run_value_label (RtbMethod method);
const char *rtb_plot_run_instance_label (RtbMethod method);

void rtb_plot_run_draw (cairo_t *cr, const RtbPlotTheme *theme, int width, int height,
                        RtbPlotRunChart chart, RtbRun *const *runs, guint n_runs);

G_END_DECLS
