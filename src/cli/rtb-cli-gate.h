/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Limits for CI (run and summary): each machine's run and each of its series (CPU, thread) is a
 * test case that passes when every limit holds. The violated limits are printed plainly; JUnit
 * XML (one test suite per machine, one test case per series) and TAP report the same cases.
 */
#pragma once

#include <glib.h>
#include <stdio.h>

#include "rtb-figure.h"
#include "rtb-run.h"

G_BEGIN_DECLS

typedef struct {
  double limits[RTB_N_FIGURES]; /* per figure with a limit option (rtb_figure_info ()->limit):
                                   NAN when not given; the max's is for jitter and timer the
                                   largest deviation either way */
  double worse_pct;      /* with baseline */
  char *baseline_file;
  char *junit_file;
  gboolean tap;
  RtbRun *baseline;      /* loaded by rtb_cli_gates_prepare */
  GPtrArray *cases;      /* RtbCliGateCase, filled by rtb_cli_gates_add_run */
} RtbCliGates;

void rtb_cli_gates_init (RtbCliGates *gates);
void rtb_cli_gates_clear (RtbCliGates *gates);
/* Takes one option ("fail-above", "junit"…, without the dashes) with its value: 1 when taken,
 * 0 when it is not one of the gates' options, -1 when the value is wrong (reported). --tap
 * takes no value: pass NULL. */
int rtb_cli_gate_option (RtbCliGates *gates, const char *name, const char *value);
/* TRUE when `name` is one of the gates' options. */
gboolean rtb_cli_gate_is_option (const char *name);
/* TRUE when `name` is --tap, the one gate option without a value. */
gboolean rtb_cli_gate_is_flag (const char *name);
/* Checks that --baseline and --fail-worse come together and loads the baseline; reports what is
 * wrong. */
gboolean rtb_cli_gates_prepare (RtbCliGates *gates);
/* TRUE when a limit or a report (JUnit, TAP) was asked. */
gboolean rtb_cli_gates_any (const RtbCliGates *gates);

/* Judges every series of `run`, measured on `machine`; a machine whose run failed before it
 * measured anything is one case in error with `error`. */
void rtb_cli_gates_add_run (RtbCliGates *gates, const char *machine, RtbRun *run,
                            const char *error);
/* Prints each violated limit on `out`, writes the JUnit file and the TAP report (on stdout).
 * Returns FALSE when the JUnit file could not be written. `*violated` tells whether a limit
 * failed. */
gboolean rtb_cli_gates_report (RtbCliGates *gates, FILE *out, gboolean *violated);

/* The options' names, "--fail-above, …, --junit" then `last` and "--tap" (transfer full). */
char *rtb_cli_gates_options (const char *last);
/* The options' help, for run --help and summary --help (transfer full). */
char *rtb_cli_gates_help (void);

G_END_DECLS
