/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Strict readers for run file members. Each names the member it was reading in its error
 * ("series[1].histogram.lo_us: expected an integer, found a string"), so a user who edits a
 * file by hand learns exactly what is wrong. `path` is the enclosing object's name ("" at the
 * top level). Errors are RTB_RUN_ERROR_FORMAT. The writers at the end are shared by every
 * JSON document the client writes.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

char *_rtb_json_member_path (const char *path, const char *member);
gboolean _rtb_json_format_error (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* The node of a member that must be present (NULL with error otherwise). */
JsonNode *_rtb_json_member (JsonObject *object, const char *path, const char *member,
                            GError **error);

/* `name` is the node's full member path. */
gboolean _rtb_json_node_int (JsonNode *node, const char *name, gint64 min, gint64 max,
                             gint64 *out, GError **error);
gboolean _rtb_json_node_double (JsonNode *node, const char *name, double *out, GError **error);

/* Nullable readers leave *out NULL when the member is null. */
gboolean _rtb_json_get_object (JsonObject *object, const char *path, const char *member,
                               gboolean nullable, JsonObject **out, GError **error);
gboolean _rtb_json_get_array (JsonObject *object, const char *path, const char *member,
                              JsonArray **out, GError **error);
gboolean _rtb_json_get_string (JsonObject *object, const char *path, const char *member,
                               gboolean nullable, const char **out, GError **error);
gboolean _rtb_json_get_int (JsonObject *object, const char *path, const char *member,
                            gint64 min, gint64 max, gint64 *out, GError **error);
gboolean _rtb_json_get_double (JsonObject *object, const char *path, const char *member,
                               double *out, GError **error);
gboolean _rtb_json_get_bool (JsonObject *object, const char *path, const char *member,
                             gboolean *out, GError **error);
/* Members that files of earlier versions lack: when absent, *out keeps its value. */
gboolean _rtb_json_get_optional_int (JsonObject *object, const char *path, const char *member,
                                     gint64 min, gint64 max, gint64 *out, GError **error);
gboolean _rtb_json_get_optional_string (JsonObject *object, const char *path,
                                        const char *member, const char **out, GError **error);

/* JSON has no NaN: writes null for a non-finite value. */
void _rtb_json_add_double (JsonBuilder *builder, const char *member, double value);
/* Writes null for a NULL string. */
void _rtb_json_add_string (JsonBuilder *builder, const char *member, const char *value);
void _rtb_json_add_int (JsonBuilder *builder, const char *member, gint64 value);

G_END_DECLS
