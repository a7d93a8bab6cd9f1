/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs the real rtbench-cli ($RTBENCH_CLI) from a test and keeps what it printed. */
#pragma once

#include <glib.h>

typedef struct {
  int status;
  char *out;
  char *err;
} CliResult;

void cli_result_clear (CliResult *r);

/* Runs rtbench-cli with `args` (NULL-terminated), waits for it and asserts that it exited. */
void run_cliv (CliResult *r, const char * const *args);
#define run_cli(r, ...) run_cliv ((r), (const char *[]) { __VA_ARGS__, NULL })

/* A 1 s latency run on CPU 0 under SCHED_OTHER, saved to `path`. */
void cli_make_run (const char *path, const char *label);

/* The file's bytes (asserts that it can be read). */
GBytes *cli_read_file (const char *path);
