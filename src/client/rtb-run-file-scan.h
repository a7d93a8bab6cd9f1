/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The bulk of a run file — each series' histogram counts, percentile buckets, history blocks,
 * overflow cycles (and in versions 1 and 2 kept outside values), millions of small integers — read straight into flat arrays instead of a JSON tree,
 * where each number would cost a hundred bytes. What remains for the JSON parser is small.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  GArray *counts;  /* gint64: bucket index, count, bucket index, count … */
  GArray *outside; /* gint64: kept values outside the histogram */
  GArray *blocks;  /* gint64: min, max, sum, count, min … */
  GArray *buckets; /* gint64: bucket key, count, bucket key, count … (values.buckets) */
  GArray *cycles;  /* gint64: overflow cycle numbers (overflow_cycles) */
  GArray *outside_truncated; /* gint64: bucket key, count … (cyclictest.outside) */
} RtbSeriesBulk;

void _rtb_series_bulk_clear (RtbSeriesBulk *bulk);

/* Checks the syntax of the whole document, its nesting (RTB_JSON_MAX_DEPTH) and that every
 * integer fits in 64 bits; moves series[i].histogram.counts, .histogram.outside_ns,
 * .history.blocks, .values.buckets, .overflow_cycles and .cyclictest.outside into `*bulk` (one RtbSeriesBulk per series; a member that is not an array is
 * left for the JSON parser and its field stays NULL) and returns the rest of the document,
 * with those arrays left empty. Errors are RTB_RUN_ERROR_FORMAT. */
char *_rtb_run_file_scan (const char *data, gsize len, GArray **bulk, GError **error);

G_END_DECLS
