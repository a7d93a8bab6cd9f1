/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * RtbCompare: N runs (N ≥ 1, from any machines) side by side, for the CLI's compare command and
 * the GUI's compare view. The first run is the baseline.
 *
 * Rows are series matched by name across runs ("CPU0" meets "CPU0"), in the order they first
 * appear, after an "all CPUs" row that pools every series of a run (histograms and statistics
 * merged exactly). The pooled row is left out only when every run has one series of the same
 * name, where it would repeat that row. Each cell holds one statistic of one run, its difference
 * and ratio to the baseline and a verdict: closer to zero is better for every figure but count,
 * which is not judged, and % CPU available, where higher is better. Values that print the same
 * (to 0.1 µs, 0.001 µs when a timer run is among them, whole counts, 0.00001 %) are equal; the one best value of a row is marked, ties are not.
 *
 * The system rows line up what each run ran on and how it was measured, flagging the rows whose
 * values differ; notices say in words what makes a comparison questionable (different methods or
 * parameters, cut-short runs, dropped samples, imported figures).
 *
 * A comparison is a snapshot: it does not follow later changes of its runs.
 */
#pragma once

#include <glib-object.h>

#include "rtb-figure.h"
#include "rtb-run.h"

G_BEGIN_DECLS

typedef enum {
  RTB_COMPARE_UNJUDGED, /* not judged (count), the baseline itself, or a value is missing */
  RTB_COMPARE_SAME,
  RTB_COMPARE_BETTER,   /* than the baseline */
  RTB_COMPARE_WORSE,
} RtbCompareVerdict;

typedef struct {
  double value;              /* NAN when the run has no such series or it is empty */
  double difference;         /* value − the baseline's; NAN when either is missing or partial */
  double ratio;              /* value / the baseline's; NAN also when the baseline's is 0 */
  RtbCompareVerdict verdict; /* against the baseline */
  gboolean best;             /* the one best value of its row and statistic */
  gboolean partial;          /* see rtb_figure_is_partial(); not judged */
} RtbCompareCell;

typedef struct {
  const char *key;   /* "kernel", "preempt_rt"…, or a checklist item's id: "kernel.preemption" */
  const char *title; /* "kernel", "PREEMPT_RT"… */
  char **values;     /* one per run; "-" when unknown; a checklist item's status as
                        rtb_check_status_to_string() names it */
  gboolean differs;
  gboolean checklist; /* a row of the runs' checklists */
  gboolean explains;  /* a checklist difference that likely explains part of a difference in
                         worst cases (a notice says which) */
} RtbCompareSystemRow;

/* A row's title for people: "host", "kernel"… in their language; the kernel's own names
 * (PREEMPT_RT, isolcpus, SMT…) and checklist ids as they are. `title` stays English (CLI). */
const char *rtb_compare_system_row_title (const RtbCompareSystemRow *row);

/* A value for people: a checklist status in their language ("could be better"), else as is. */
const char *rtb_compare_system_row_label (const RtbCompareSystemRow *row, guint run);

#define RTB_TYPE_COMPARE (rtb_compare_get_type ())
G_DECLARE_FINAL_TYPE (RtbCompare, rtb_compare, RTB, COMPARE, GObject)

/* Keeps a reference to each run; runs[0] is the baseline. n_runs ≥ 1: one run has its
 * own figures, nothing judged (a report of one run reads them so). */
RtbCompare *rtb_compare_new (RtbRun *const *runs, guint n_runs);

guint rtb_compare_get_n_runs (RtbCompare *self);
RtbRun *rtb_compare_get_run (RtbCompare *self, guint run);
/* The run's label, made unique with " (2)"… when runs share one. */
const char *rtb_compare_get_run_name (RtbCompare *self, guint run);

guint rtb_compare_get_n_rows (RtbCompare *self);
const char *rtb_compare_get_row_name (RtbCompare *self, guint row);
gboolean rtb_compare_row_is_pooled (RtbCompare *self, guint row);
/* NULL when the run has no series of this row. The pooled series belongs to the comparison. */
RtbSeries *rtb_compare_get_series (RtbCompare *self, guint row, guint run);
const RtbSeriesSummary *rtb_compare_get_summary (RtbCompare *self, guint row, guint run);
const RtbCompareCell *rtb_compare_get_cell (RtbCompare *self, guint row, guint run,
                                            RtbFigure stat);
/* Whether the comparison shows the statistic (it applies to one of the runs' methods). */
gboolean rtb_compare_shows_stat (RtbCompare *self, RtbFigure stat);
/* TRUE when a run imported from cyclictest is among the runs: every run's figures are then
 * cyclictest's kind (rtb_series_get_cyclictest_summary), and a notice says so. */
gboolean rtb_compare_uses_cyclictest_figures (RtbCompare *self);
/* Decimals of the µs values: the most any run's method needs. Values that print the same are
 * equal. */
guint rtb_compare_get_decimals (RtbCompare *self);

guint rtb_compare_get_n_system_rows (RtbCompare *self);
const RtbCompareSystemRow *rtb_compare_get_system_row (RtbCompare *self, guint row);
/* Looks a system row up by key; NULL when there is none. */
const RtbCompareSystemRow *rtb_compare_find_system_row (RtbCompare *self, const char *key);

/* Sentences, NULL-terminated; empty when nothing needs saying. */
const char * const *rtb_compare_get_notices (RtbCompare *self);

G_END_DECLS
