/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A run file's bulk arrays (see rtb-run-file-scan.h) as the scanner leaves them: packed, one
 * after the other, over the file's text as it reads it, each integer as a zigzag LEB128 varint,
 * which never takes more bytes than its digits. Loading a run thus needs no new memory for
 * them, only a buffer per kind of array, unpacked into when a series is built and reused by the
 * next, and the file's memory shrinks to the packed arrays, under half the text.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  RTB_BULK_COUNTS,            /* histogram.counts: bucket index, count, bucket index, … */
  RTB_BULK_OUTSIDE,           /* histogram.outside_ns (versions 1 and 2) */
  RTB_BULK_BLOCKS,            /* history.blocks: min, max, sum, count, min, … */
  RTB_BULK_BUCKETS,           /* values.buckets: bucket key, count, bucket key, … */
  RTB_BULK_CYCLES,            /* overflow_cycles */
  RTB_BULK_OUTSIDE_TRUNCATED, /* cyclictest.outside: bucket key, count, bucket key, … */
  RTB_BULK_HEATMAP_MAXIMA,    /* heatmap.column_max_ns */
  RTB_BULK_HEATMAP_CELLS,     /* heatmap.cells: column, row, count, column, … */
  RTB_N_BULK,
} RtbBulkMember;

/* Each bulk array's place in a series ("histogram.counts"), the integers in each of its
 * elements (0: an element is one integer) and, then, their shape as messages name it. */
typedef struct {
  const char *path;
  guint tuple;
  const char *shape;
} RtbBulkMemberInfo;

extern const RtbBulkMemberInfo _rtb_bulk_members[RTB_N_BULK];

/* Writes `values` packed at `out` and returns how many bytes that took: never more than the
 * decimal digits of the values (and their minus signs). */
gsize _rtb_packed_write (guint8 *out, const gint64 *values, gsize n);

typedef struct _RtbRunFileBulk RtbRunFileBulk;

RtbRunFileBulk *_rtb_run_file_bulk_new (void);
void _rtb_run_file_bulk_free (RtbRunFileBulk *bulk);
/* Series `series`' array `member` is the `n_values` integers packed in `n_bytes` at `offset` of
 * the packed bytes. */
void _rtb_run_file_bulk_set (RtbRunFileBulk *bulk, guint series, RtbBulkMember member,
                             gsize offset, gsize n_bytes, gsize n_values);
/* It is not in `bulk` (the JSON parser has it). */
void _rtb_run_file_bulk_forget (RtbRunFileBulk *bulk, guint series, RtbBulkMember member);
/* Forgets every series. */
void _rtb_run_file_bulk_clear (RtbRunFileBulk *bulk);
/* The bytes that _rtb_run_file_bulk_set() refers to (transfer full). */
void _rtb_run_file_bulk_take_packed (RtbRunFileBulk *bulk, guint8 *packed, gsize len);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtbRunFileBulk, _rtb_run_file_bulk_free)

/* One series' bulk arrays; `bulk` is NULL for a run read from a JSON tree. */
typedef struct {
  RtbRunFileBulk *bulk;
  guint series;
} RtbSeriesBulk;

/* The array's gint64s, in a buffer that the next call for the same member overwrites (transfer
 * none), or NULL when it is not in the bulk. */
GArray *_rtb_series_bulk_get (const RtbSeriesBulk *bulk, RtbBulkMember member);

G_END_DECLS
