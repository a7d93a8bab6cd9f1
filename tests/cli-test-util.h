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

/* Outside meson test, which sets RTBENCH_CLI and RTBENCH_WORKER, a CLI test program reports a
 * skip, never a pass: main () calls this right after g_test_init (). */
gboolean cli_test_env_missing (void);
#define CLI_REQUIRE_ENV()                                              \
  G_STMT_START {                                                       \
    if (cli_test_env_missing ())                                       \
      return g_test_run ();                                            \
  } G_STMT_END

/* The program's temporary folder, "rtbench-NAME-XXXXXX": made by cli_tmp_dir_make (), a file
 * in it named by cli_tmp_path (), the whole folder removed by cli_tmp_dir_remove (). */
void cli_tmp_dir_make (const char *name);
const char *cli_tmp_dir (void);
char *cli_tmp_path (const char *name);
void cli_tmp_dir_remove (void);

/* Runs rtbench-cli with `args` (NULL-terminated), waits for it and asserts that it exited. */
void run_cliv (CliResult *r, const char * const *args);
#define run_cli(r, ...) run_cliv ((r), (const char *[]) { __VA_ARGS__, NULL })

/* `rtbench-cli run METHOD OPTIONS… --output path`, asserting that it succeeds. */
void cli_run_method (const char *method, const char * const *options, const char *path);

/* A 1 s latency run on CPU 0 under SCHED_OTHER, saved to `path`. */
void cli_make_run (const char *path, const char *label);

/* Removes a directory and everything in it. */
void cli_remove_dir (const char *path);
