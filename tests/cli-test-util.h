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

/* `rtbench-cli run METHOD OPTIONS… --output path`, asserting that it succeeds. */
void cli_run_method (const char *method, const char * const *options, const char *path);

/* A 1 s latency run on CPU 0 under SCHED_OTHER, saved to `path`. */
void cli_make_run (const char *path, const char *label);

/* Removes a temporary directory and the files in it. */
void cli_remove_dir (const char *path);

/* The file's bytes (asserts that it can be read). */
GBytes *cli_read_file (const char *path);
