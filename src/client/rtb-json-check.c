/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "rtb-json-check.h"
#include "rtb-run.h"

char *
_rtb_json_member_path (const char *path, const char *member)
{
  if (path == NULL || path[0] == '\0')
    return g_strdup (member);
  return g_strconcat (path, ".", member, NULL);
}

gboolean
_rtb_json_format_error (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT, message);
  return FALSE;
}

static const char *
node_kind (JsonNode *node)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      return "an object";
    case JSON_NODE_ARRAY:
      return "an array";
    case JSON_NODE_NULL:
      return "null";
    case JSON_NODE_VALUE:
    default:
      break;
    }

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      return "a string";
    case G_TYPE_INT64:
      return "an integer";
    case G_TYPE_DOUBLE:
      return "a fractional number";
    case G_TYPE_BOOLEAN:
      return "a boolean";
    default:
      return "an unknown value";
    }
}

static gboolean
expected (JsonNode *node, const char *name, const char *what, GError **error)
{
  return _rtb_json_format_error (error, "%s: expected %s, found %s", name, what,
                                 node_kind (node));
}

static gboolean
holds (JsonNode *node, GType type)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

JsonNode *
_rtb_json_member (JsonObject *object, const char *path, const char *member, GError **error)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL)
    {
      if (path == NULL || path[0] == '\0')
        _rtb_json_format_error (error, "missing member \"%s\"", member);
      else
        _rtb_json_format_error (error, "%s: missing member \"%s\"", path, member);
    }
  return node;
}

gboolean
_rtb_json_node_int (JsonNode *node, const char *name, gint64 min, gint64 max, gint64 *out,
                    GError **error)
{
  gint64 value;

  if (!holds (node, G_TYPE_INT64))
    return expected (node, name, "an integer", error);
  value = json_node_get_int (node);
  if (value < min || value > max)
    return _rtb_json_format_error (error, "%s: %" G_GINT64_FORMAT " is outside %"
                                   G_GINT64_FORMAT "–%" G_GINT64_FORMAT, name, value, min, max);
  *out = value;
  return TRUE;
}

gboolean
_rtb_json_node_double (JsonNode *node, const char *name, double *out, GError **error)
{
  if (holds (node, G_TYPE_INT64))
    *out = (double) json_node_get_int (node);
  else if (holds (node, G_TYPE_DOUBLE))
    *out = json_node_get_double (node);
  else
    return expected (node, name, "a number", error);
  if (!isfinite (*out))
    return _rtb_json_format_error (error, "%s: expected a finite number", name);
  return TRUE;
}

gboolean
_rtb_json_get_object (JsonObject *object, const char *path, const char *member,
                      gboolean nullable, JsonObject **out, GError **error)
{
  JsonNode *node = _rtb_json_member (object, path, member, error);
  g_autofree char *name = NULL;

  *out = NULL;
  if (node == NULL)
    return FALSE;
  if (nullable && JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      *out = json_node_get_object (node);
      return TRUE;
    }
  name = _rtb_json_member_path (path, member);
  return expected (node, name, nullable ? "an object or null" : "an object", error);
}

gboolean
_rtb_json_get_array (JsonObject *object, const char *path, const char *member,
                     JsonArray **out, GError **error)
{
  JsonNode *node = _rtb_json_member (object, path, member, error);
  g_autofree char *name = NULL;

  if (node == NULL)
    return FALSE;
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      *out = json_node_get_array (node);
      return TRUE;
    }
  name = _rtb_json_member_path (path, member);
  return expected (node, name, "an array", error);
}

gboolean
_rtb_json_get_string (JsonObject *object, const char *path, const char *member,
                      gboolean nullable, const char **out, GError **error)
{
  JsonNode *node = _rtb_json_member (object, path, member, error);
  g_autofree char *name = NULL;

  *out = NULL;
  if (node == NULL)
    return FALSE;
  if (nullable && JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (holds (node, G_TYPE_STRING))
    {
      *out = json_node_get_string (node);
      return TRUE;
    }
  name = _rtb_json_member_path (path, member);
  return expected (node, name, nullable ? "a string or null" : "a string", error);
}

gboolean
_rtb_json_get_int (JsonObject *object, const char *path, const char *member, gint64 min,
                   gint64 max, gint64 *out, GError **error)
{
  JsonNode *node = _rtb_json_member (object, path, member, error);
  g_autofree char *name = NULL;

  if (node == NULL)
    return FALSE;
  name = _rtb_json_member_path (path, member);
  return _rtb_json_node_int (node, name, min, max, out, error);
}

gboolean
_rtb_json_get_double (JsonObject *object, const char *path, const char *member, double *out,
                      GError **error)
{
  JsonNode *node = _rtb_json_member (object, path, member, error);
  g_autofree char *name = NULL;

  if (node == NULL)
    return FALSE;
  name = _rtb_json_member_path (path, member);
  return _rtb_json_node_double (node, name, out, error);
}

gboolean
_rtb_json_get_bool (JsonObject *object, const char *path, const char *member, gboolean *out,
                    GError **error)
{
  JsonNode *node = _rtb_json_member (object, path, member, error);
  g_autofree char *name = NULL;

  if (node == NULL)
    return FALSE;
  if (holds (node, G_TYPE_BOOLEAN))
    {
      *out = json_node_get_boolean (node);
      return TRUE;
    }
  name = _rtb_json_member_path (path, member);
  return expected (node, name, "true or false", error);
}

gboolean
_rtb_json_get_optional_int (JsonObject *object, const char *path, const char *member, gint64 min,
                            gint64 max, gint64 *out, GError **error)
{
  if (!json_object_has_member (object, member))
    return TRUE;
  return _rtb_json_get_int (object, path, member, min, max, out, error);
}

gboolean
_rtb_json_get_optional_string (JsonObject *object, const char *path, const char *member,
                               const char **out, GError **error)
{
  if (!json_object_has_member (object, member))
    return TRUE;
  return _rtb_json_get_string (object, path, member, TRUE, out, error);
}

void
_rtb_json_add_double (JsonBuilder *builder, const char *member, double value)
{
  json_builder_set_member_name (builder, member);
  if (isfinite (value))
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

void
_rtb_json_add_string (JsonBuilder *builder, const char *member, const char *value)
{
  json_builder_set_member_name (builder, member);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

void
_rtb_json_add_int (JsonBuilder *builder, const char *member, gint64 value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_int_value (builder, value);
}
