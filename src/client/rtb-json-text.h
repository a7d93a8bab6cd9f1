/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * JSON text for people and scripts: json-glib 1.6 writes every double with 17 significant
 * digits (610.909 as 610.90899999999999); this writes the shortest number that reads back as
 * the same double, and keeps reals looking like reals (22.0, not 22).
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The text of `root` (transfer full); `length` (nullable) receives its length. */
char *rtb_json_to_text (JsonNode *root, gboolean pretty, gsize *length);

/* Appends the shortest text of a finite `value` that g_ascii_strtod() reads back exactly. */
void rtb_json_append_double (GString *out, double value);

G_END_DECLS
