/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <stdio.h>

#include "rtb-compare.h"
#include "rtb-plot-run.h"
#include "rtb-run.h"

G_BEGIN_DECLS

/* Exit statuses of rtbench-cli. */
enum {
  RTB_CLI_OK = 0,
  RTB_CLI_FAILED = 1,     /* the measurement failed or was cut short (what was measured is kept) */
  RTB_CLI_USAGE = 2,      /* bad command line: the message says what to change */
  RTB_CLI_LIMITS = 3,     /* a --fail-… limit was violated (the runs are complete and saved) */
  RTB_CLI_MACHINES_FAILED = 10, /* + N: N of several machines failed; the others were measured */
  RTB_CLI_INTERRUPTED = 130,
};

int rtb_cli_run (int argc, char **argv);

/* Spikes (rtb-cli-spikes.c): whether they are explained (NULL when not asked), one spike's
 * verdict, and the league table and interrupt counts of a run, after whether they are
 * explained unless the run already said so as it went. */
char *rtb_cli_trace_status (RtbRun *run);
char *rtb_cli_spike_line (RtbRun *run, const RtbSpike *spike);
void rtb_cli_print_spikes (RtbRun *run, gboolean status_said, FILE *out);
int rtb_cli_check (int argc, char **argv);
int rtb_cli_summary (int argc, char **argv);
int rtb_cli_export (int argc, char **argv);
int rtb_cli_import (int argc, char **argv);
int rtb_cli_compare (int argc, char **argv);
int rtb_cli_report (int argc, char **argv);

/* The chart options export and compare share (rtb-cli-chart.c). */
typedef struct {
  const char *outputs[3]; /* indexed by RtbPlotFormat; NULL = not asked */
  RtbPlotRunChart chart;
  RtbPlotScale y_scale;
  RtbPlotRunTime time;    /* the curves' time axis */
  int width;
  int height;             /* 0: 900 for both charts, 500 for one */
  double scale;
  gboolean dark;
  FILE *status;           /* where "Wrote FILE" goes */
} RtbCliChartOptions;

void rtb_cli_chart_options_init (RtbCliChartOptions *options);
/* Takes --png, --svg, --pdf, --chart, --y-scale, --time-axis, --width, --height, --scale with its value: 1 when taken,
 * 0 when `arg` is another option, -1 when the value is wrong (reported). */
int rtb_cli_chart_option (RtbCliChartOptions *options, const char *arg, const char *value);
gboolean rtb_cli_chart_options_any (const RtbCliChartOptions *options);

/* A command's own option: a file name that goes to `*value`, or, with `flag`, a switch. */
typedef struct {
  const char *name;
  const char **value;
  gboolean *flag;
} RtbCliOption;

/* Parses the command line of a command that draws charts (`options` ends with a { NULL }):
 * --help prints `usage`, --dark and the chart options fill `charts`, other arguments that do not
 * start with "--" go to `files`. Returns -1 when the command should go on, or the exit status
 * (after saying what was wrong). */
int rtb_cli_parse_chart_command (int argc, char **argv, const char *command, const char *usage,
                                 const RtbCliOption *options, RtbCliChartOptions *charts,
                                 GPtrArray *files);
/* Writes every asked chart of the runs overlaid; reports failures. */
gboolean rtb_cli_chart_write (const RtbCliChartOptions *options, RtbRun *const *runs,
                              guint n_runs);
gboolean rtb_cli_parse_int (const char *name, const char *value, int lo, int hi, int *out);

/* Prints the checklist worst first: status, id, value and, below, the advice. */
void rtb_cli_print_checklist (GPtrArray *checks, FILE *out);
/* Prints the run's checklist in a line (how many items of each status, which are not good)
 * and the verdict on its figures. */
void rtb_cli_print_verdict (RtbRun *run, FILE *out);
/* Prints a comparison as compare does: systems, notices, statistics (files: one per run). */
void rtb_cli_print_comparison (RtbCompare *compare, char **files, FILE *out);
/* Prints the per-thread table (cyclictest-like, all values in µs). */
void rtb_cli_print_table (RtbRun *run, FILE *out);
/* Prints the header lines about a run: label, method, system, what the worker got. */
void rtb_cli_print_run_header (RtbRun *run, FILE *out);

G_END_DECLS
