/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The run files a command reads (compare, summary, export): folders expanded, each file loaded
 * or, for another tool's result, imported. */
#pragma once

#include <glib.h>

#include "rtb-run.h"

G_BEGIN_DECLS

/* Replaces each folder in `files` by the .rtbench files in it (as --output-dir writes them), by
 * name; `owned` keeps the new paths. FALSE, reported, when a folder cannot be read or holds
 * none. */
gboolean rtb_cli_expand_folders (GPtrArray *files, GPtrArray *owned);

/* The run of `path`: a run file, or another tool's result imported with its format detected
 * (rtb_run_open), its notes printed as "FILE: note: …"; NULL after reporting "FILE: why". */
RtbRun *rtb_cli_open_run (const char *path);

/* The runs of `files`, in order (transfer full: each element an RtbRun); NULL after reporting
 * "FILE: why" for the first file that does not load. */
GPtrArray *rtb_cli_load_runs (GPtrArray *files);

G_END_DECLS
