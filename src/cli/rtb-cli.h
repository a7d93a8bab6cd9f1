/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <stdio.h>

#include "rtb-run.h"

G_BEGIN_DECLS

/* Exit statuses of rtbench-cli. */
enum {
  RTB_CLI_OK = 0,
  RTB_CLI_FAILED = 1,     /* the measurement failed or was cut short (what was measured is kept) */
  RTB_CLI_USAGE = 2,      /* bad command line: the message says what to change */
  RTB_CLI_INTERRUPTED = 130,
};

int rtb_cli_run (int argc, char **argv);
int rtb_cli_summary (int argc, char **argv);
int rtb_cli_export (int argc, char **argv);
int rtb_cli_import (int argc, char **argv);

/* Prints the per-thread table (cyclictest-like, all values in µs). */
void rtb_cli_print_table (RtbRun *run, FILE *out);
/* Prints the header lines about a run: label, method, system, what the worker got. */
void rtb_cli_print_run_header (RtbRun *run, FILE *out);

/* Prints "rtbench-cli: MESSAGE" on stderr. */
void rtb_cli_error (const char *format, ...) G_GNUC_PRINTF (1, 2);

G_END_DECLS
