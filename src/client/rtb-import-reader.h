/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The lines of a file read a chunk at a time, or of bytes in memory: an importer reads a log
 * of any length in bounded memory, and can read it again from the start.
 */
#pragma once

#include "rtb-import-private.h"

G_BEGIN_DECLS

/* Bytes that stay the caller's while the reader lives. */
RtbImportReader *_rtb_import_reader_new_memory (const char *data, gsize len);
/* A regular file (as _rtb_file_open() opens it). */
RtbImportReader *_rtb_import_reader_new_file (const char *path, GError **error);
void _rtb_import_reader_free (RtbImportReader *reader);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtbImportReader, _rtb_import_reader_free)

/* The first bytes (up to a chunk, fewer when the input is shorter), without consuming them:
 * what format detection looks at. NULL on a read error. */
const char *_rtb_import_reader_head (RtbImportReader *reader, gsize *len, GError **error);
/* The next line, as _rtb_import_lines_next() gives it, valid until the next call; `terminated`
 * says whether a newline ended it (the last line of a log cut short has none). FALSE at the
 * end, or with `error` set when reading failed or a line is longer than the reader holds. */
gboolean _rtb_import_reader_next (RtbImportReader *reader, RtbImportLine *line,
                                  gboolean *terminated, GError **error);
/* Back to the first line. */
gboolean _rtb_import_reader_rewind (RtbImportReader *reader, GError **error);

G_END_DECLS
