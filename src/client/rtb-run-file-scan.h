/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The bulk of a run file — each series' histogram counts, percentile buckets, history blocks,
 * overflow cycles (and in versions 1 and 2 kept outside values), millions of small integers —
 * read apart from the JSON tree, where each number would cost a hundred bytes, and packed into
 * the file's own memory (rtb-run-file-packed.h). What remains for the JSON parser is small.
 */
#pragma once

#include <glib.h>

#include "rtb-run-file-packed.h"

G_BEGIN_DECLS

/* Checks the syntax of the whole document `data` (transfer full), its nesting
 * (RTB_JSON_MAX_DEPTH) and that every integer fits in 64 bits; packs series[i].histogram.counts,
 * .histogram.outside_ns, .history.blocks, .values.buckets, .overflow_cycles and
 * .cyclictest.outside into `*bulk` (a member that is not an array is left for the JSON parser
 * and is not in `*bulk`), in `data` itself, over the text already read, which it then shrinks to
 * them. Returns the rest of the document, with those arrays left empty and every string value
 * longer than RTB_TEXT_MAX_BYTES cut to it, ending with an ellipsis (rtb-text-limit.h). Errors are
 * RTB_RUN_ERROR_FORMAT. */
char *_rtb_run_file_scan (char *data, gsize len, RtbRunFileBulk **bulk, GError **error);

G_END_DECLS
