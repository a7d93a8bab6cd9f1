/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rtb-run.h"

G_BEGIN_DECLS

/* What a user names as a run, in the window or the command line: an rtbench run file, or the
 * result of another tool (cyclictest, rtla, jitterdebugger, a recorded worker stream) imported
 * with its format detected, as rtbench-cli import and the Import dialog do. A file named
 * *.rtbench, or JSON that says it is an "rtbench-run", is read as a run file only, so that a
 * damaged run file is reported as one. `notes` as rtb_import_data(); a run file has none. A run
 * file's run knows its file; an imported run has none until it is saved. */
RtbRun *rtb_run_open (const char *path, char ***notes, GError **error);

G_END_DECLS
