/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What json-glib gets wrong, checked before it sees a document: it parses recursively, so
 * 100 000 nested arrays overflow the stack; it wraps an integer past 64 bits silently
 * (99999999999999999999 reads as -1); and it reads 0747 as octal and 0x10 as hexadecimal.
 * No file rtbench reads nests anywhere near the limit or needs such numbers.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define RTB_JSON_MAX_DEPTH 64

/* NULL when the document nests at most RTB_JSON_MAX_DEPTH levels, otherwise what is wrong,
 * "line N: …". Before parsing. */
char *_rtb_json_check_depth (const char *data, gsize len);
/* NULL when every integer reads as written; otherwise what is wrong. After parsing, so that a
 * file that is no JSON at all gets the parser's message. */
char *_rtb_json_check_numbers (const char *data, gsize len);

/* Both are lenient about everything else (cyclictest writes strings unescaped): brackets and
 * digits inside strings do not count, and a string also ends at the end of its line. */

/* The message for a document nested deeper than RTB_JSON_MAX_DEPTH at `line`. */
char *_rtb_json_depth_message (guint line);

G_END_DECLS
