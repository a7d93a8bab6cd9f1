/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Charts of whole runs: the bridge between the run model and the pure cairo charts. The
 * window's charts, the CLI's exports and the compare view all draw through here, so a run looks
 * the same everywhere: one colour per series in run order, the same titles, the run's label as
 * title and its system on the subtitle line, axis labels named after the method, time on the x
 * axis wherever the series shown share one period.
 */
#pragma once

#include <cairo.h>

#include "rtb-plot.h"
#include "rtb-plot-run-time.h"
#include "rtb-run.h"

G_BEGIN_DECLS

typedef enum {
  RTB_PLOT_RUN_CURVE,     /* every instance (min/max per column) with its running mean */
  RTB_PLOT_RUN_HISTOGRAM, /* 1 µs histogram, log counts */
  RTB_PLOT_RUN_BOTH,      /* the curves above the histogram, for a one-image report */
  RTB_PLOT_RUN_HEATMAP,   /* a heatmap per series (time × value × count), runs side by side */
} RtbPlotRunChart;

#define RTB_PLOT_RUN_MAX_SERIES 64

/* One series as the plot draws it, named `name` (borrowed), in colour slot `color_index`. */
RtbPlotSeries rtb_plot_run_series_entry (RtbSeries *series, const char *name, guint color_index);

/* Fills `out` with the series of each run, of the first `max` (`thread` >= 0: only that series
 * of each run); returns the number. Each keeps its colour slot among all the runs' series, so a
 * series has the same colour whichever are shown. Names are "CPU0" for one run (the run's own)
 * and "label: CPU0" for several, runs of the same label told apart (rtb_label_unique; owned by
 * `names`). */
guint rtb_plot_run_series (RtbRun *const *runs, guint n_runs, int thread, RtbPlotSeries *out,
                           guint max, GPtrArray *names);

/* Marks series `index` of `run` with its explained spikes. */
void rtb_plot_run_markers (RtbRun *run, guint index, RtbPlotSeries *series);

/* For a run imported from another tool's file: the file's format as rtbench read it
 * ("cyclictest 1.x–2.6 text") and the file's name without its folder (NULL when the source does
 * not name one); transfer full, each may be NULL. FALSE for a run rtbench measured. */
gboolean rtb_plot_run_get_import (RtbRun *run, char **format, char **file);
/* Whether `run` was imported from a file that keeps no value of each instance, only a histogram
 * and statistics (cyclictest, rtla, jitterdebugger): it has no curve to draw, ever. A run
 * measured, or imported from a worker stream, may just have none yet. */
gboolean rtb_plot_run_lacks_instances (RtbRun *run);
/* An import whose source kept no histogram either (cyclictest's status lines): only each
 * thread's count, min, average and max. */
gboolean rtb_plot_run_lacks_histogram (RtbRun *run);
/* Like rtb_plot_run_series(), for a curve: without the series of runs that lack instances. */
guint rtb_plot_run_curve_series (RtbRun *const *runs, guint n_runs, int thread,
                                 RtbPlotSeries *out, guint max, GPtrArray *names);
/* One sentence per run that lacks instances, naming it (with several runs), the tool and the
 * file it was imported from; NULL when none does. English, as the exports. */
char *rtb_plot_run_no_instances_note (RtbRun *const *runs, guint n_runs);

/* What is known of the machine a run comes from: "host · Linux 6.1.0-rt · PREEMPT_RT · aarch64 ·
 * 4 CPUs", and for an imported run the tool and file it came from (transfer full); translated
 * where the program binds its translations (the window). */
char *rtb_plot_run_system_line (RtbRun *run);
/* A histogram's note on its overflows (RtbPlotHistogramOptions.overflow_note), likewise. */
char *rtb_plot_run_overflow_note (uint64_t count, const char *edge, bool above);

/* What the values are: "latency (µs)", "tick error (µs)"… (marked for translation, not
 * translated). */
const char *rtb_plot_run_value_label (RtbMethod method);
/* The heatmap's rows: magnitudes, "|tick error| (µs)" for a signed method. Marked, not
 * translated. */
const char *rtb_plot_run_magnitude_label (RtbMethod method);

/* Seconds between two instances of series `index` of every run (-1: of every series), when they
 * all share one period, for a time axis; 0 when the axis counts instances instead (response
 * times, or periods that differ). */
double rtb_plot_run_seconds_per_instance (RtbRun *const *runs, guint n_runs, int index);
/* "time (s)" for a time axis, else "instance", or noise's gap number (marked for translation,
 * not translated). */
const char *rtb_plot_run_x_label (RtbMethod method, double seconds_per_instance);

/* The title of a method's curve ("Latency per CPU, with the running mean"), for `thread` of a
 * jitter run (-1: both), and of its histogram (marked for translation, not translated). */
const char *rtb_plot_run_curve_title (RtbMethod method, int thread);
const char *rtb_plot_run_histogram_title (RtbMethod method);
/* The legend's note on a curve's marks of numbers without a sample. */
const char *rtb_plot_run_skip_note (RtbMethod method);

typedef enum {
  RTB_PLOT_RUN_PANEL_CURVE,
  RTB_PLOT_RUN_PANEL_HISTOGRAM,
  RTB_PLOT_RUN_PANEL_NO_INSTANCES, /* a curve asked for where no run has an instance: says why,
                                    * without axes */
} RtbPlotRunPanelKind;

/* One chart of an image of runs. */
typedef struct {
  RtbPlotRunPanelKind kind;
  int thread;             /* of a curve: the series it shows of each run (a jitter thread), or -1
                           * for every series */
} RtbPlotRunPanel;

#define RTB_PLOT_RUN_MAX_PANELS 3

/* The charts an image of the runs stacks, top to bottom; returns how many. A jitter run's
 * threads (base, then servo) each get a curve against their own time axis, the other methods one
 * curve; when no run has per-instance data (an imported histogram), RTB_PLOT_RUN_BOTH leaves the
 * curves out and RTB_PLOT_RUN_CURVE has one NO_INSTANCES panel instead; then the histogram. A
 * curve beside runs that lack instances shows the others and names those in its subtitle. */
guint rtb_plot_run_panels (RtbPlotRunChart chart, RtbRun *const *runs, guint n_runs,
                           RtbPlotRunPanel panels[RTB_PLOT_RUN_MAX_PANELS]);

/* The panels, each an equal share of the height. A curve without a single instance to draw says
 * why in its plot; its time axis reads as `time` asks where it can (rtb-plot-run-time.h). */
void rtb_plot_run_draw (cairo_t *cr, const RtbPlotTheme *theme, int width, int height,
                        RtbPlotRunChart chart, RtbPlotScale y_scale, RtbPlotRunTime time,
                        RtbRun *const *runs, guint n_runs);

/* Heatmaps (rtb-plot-run-heatmap.c). The options every heatmap of these runs shares: the time
 * axis, the labels and notes in the reader's language and, for several runs, the same scales
 * (time, values and counts). Title, subtitle and zoom are the caller's. */
void rtb_plot_run_heatmap_options (RtbRun *const *runs, guint n_runs,
                                   RtbPlotHeatmapOptions *opts);
/* How many heatmaps the tallest run stacks: its series. */
guint rtb_plot_run_heatmap_rows (RtbRun *const *runs, guint n_runs);
/* One heatmap per series, the runs in columns side by side, the series in rows; each run's
 * time axis reads as `time` asks where it can, in its own clock, with its load's marks. */
void rtb_plot_run_draw_heatmaps (cairo_t *cr, const RtbPlotTheme *theme, int width, int height,
                                 RtbPlotRunTime time, RtbRun *const *runs, guint n_runs);

G_END_DECLS
