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

G_END_DECLS
