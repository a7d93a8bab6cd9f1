/* SPDX-License-Identifier: GPL-3.0-or-later */
/* JSON for the importers that read it (cyclictest --json, jitterdebugger): parsing with errors
 * that name the line, and range-checked numbers. */
#pragma once

#include <json-glib/json-glib.h>

#include "rtb-import-private.h"

G_BEGIN_DECLS

/* The document's root (transfer full). With `repair`, a file that is not valid JSON as
 * cyclictest writes it (unescaped strings, nan) is read leniently, with a note. */
JsonNode *_rtb_import_parse_json (RtbImportInput *in, gboolean repair, GError **error);
/* The member `member` of `object` (found at `path`, for the message) as a whole number from 0
 * to `max`. With `optional`, a missing or null member leaves `out` alone and is no error. */
gboolean _rtb_import_json_uint (JsonObject *object, const char *path, const char *member,
                                guint64 max, gboolean optional, guint64 *out, GError **error);
/* The string member `member`, NULL when it is missing or not a string. */
const char *_rtb_import_json_string (JsonObject *object, const char *member);
/* The time of `member` written as strftime "%a, %d %b %Y %T %z" in the C locale (rt-tests'
 * start_time and end_time), in µs since the epoch; 0 when it is something else. */
gint64 _rtb_import_json_time (JsonObject *object, const char *member);

G_END_DECLS
