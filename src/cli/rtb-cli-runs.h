/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The run files a command reads (compare, summary): folders expanded, each file loaded. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Replaces each folder in `files` by the .rtbench files in it (as --output-dir writes them), by
 * name; `owned` keeps the new paths. FALSE, reported, when a folder cannot be read or holds
 * none. */
gboolean rtb_cli_expand_folders (GPtrArray *files, GPtrArray *owned);

/* The runs of `files`, in order (transfer full: each element an RtbRun); NULL after reporting
 * "FILE: why" for the first file that does not load. */
GPtrArray *rtb_cli_load_runs (GPtrArray *files);

G_END_DECLS
