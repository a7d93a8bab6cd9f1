/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Run files, writing side: a run file's text, its bulk arrays written straight from the series
 * (a full series holds millions of numbers, which a JSON tree would hold as nodes first). */
#pragma once

#include <json-glib/json-glib.h>

#include "rtb-heatmap.h"
#include "rtb-histogram.h"
#include "rtb-history.h"
#include "rtb-log-histogram.h"

G_BEGIN_DECLS

/* Counters are unsigned in memory and signed in JSON: one that a hostile stream drove past
 * G_MAXINT64 is saved as G_MAXINT64, so that the file still loads. */
gint64 _rtb_run_count_value (guint64 value);

/* `object` (a JSON object with at least one member) as text without its closing brace, so that
 * members written by the functions below follow; close it with '}'. */
void _rtb_run_text_open_object (GString *out, JsonNode *object);
/* The members of `object` (any number), each after a comma, as the members of an open object. */
void _rtb_run_text_append_members (GString *out, JsonNode *object);
/* ,"name": (a member of an open object whose value follows). */
void _rtb_run_text_append_name (GString *out, const char *name);

/* Sparse: [[bucket, count], …] for the buckets that hold samples, in ascending order. */
void _rtb_run_text_append_counts (GString *out, const RtbHistogram *hist);
void _rtb_run_text_append_log_buckets (GString *out, const RtbLogHistogram *hist);
/* [n, …] */
void _rtb_run_text_append_counters (GString *out, const guint64 *values, gsize n);
/* [[min_ns, max_ns, sum_ns, count], …] */
void _rtb_run_text_append_blocks (GString *out, const RtbHistory *history);
/* Sparse: [[column, row, count], …] for the cells that hold samples, column by column. */
void _rtb_run_text_append_cells (GString *out, const RtbHeatmap *heatmap);

G_END_DECLS
