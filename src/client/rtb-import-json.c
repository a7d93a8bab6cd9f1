/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <stdio.h>
#include <string.h>

#include "rtb-import-json.h"
#include "rtb-json-precheck.h"

/* cyclictest prints strings with %s (no escaping) and a zero-cycle average as nan: rewrite
 * such lines so that a JSON parser accepts them. */
static char *
repair_cyclictest_json (const char *data, gsize len)
{
  GString *out = g_string_sized_new (len + 64);
  RtbImportLines lines;
  RtbImportLine line;

  _rtb_import_lines_init (&lines, data, len);
  while (_rtb_import_lines_next (&lines, &line))
    {
      const char *colon = NULL;
      const char *end = line.p + line.len;
      const char *value;
      gboolean comma;

      /* `  "key": value` with the key's closing quote followed by ':' */
      for (const char *q = line.p; q + 1 < end; q++)
        if (q[0] == '"' && q[1] == ':' && q > line.p)
          {
            colon = q + 1;
            break;
          }
      if (colon == NULL)
        {
          g_string_append_len (out, line.p, (gssize) line.len);
          g_string_append_c (out, '\n');
          continue;
        }
      value = colon + 1;
      while (value < end && *value == ' ')
        value++;
      while (end > value && (end[-1] == ' ' || end[-1] == '\t'))
        end--;
      comma = end > value && end[-1] == ',';
      if (comma)
        end--;

      g_string_append_len (out, line.p, value - line.p);
      if (end - value >= 2 && *value == '"' && end[-1] == '"')
        {
          g_string_append_c (out, '"');
          for (const char *q = value + 1; q < end - 1; q++)
            {
              if (*q == '"' || *q == '\\')
                g_string_append_c (out, '\\');
              if ((guchar) *q < 0x20)
                g_string_append_printf (out, "\\u%04x", (guchar) *q);
              else
                g_string_append_c (out, *q);
            }
          g_string_append_c (out, '"');
        }
      else if (end > value && (g_ascii_isalpha (*value) ||
                               (*value == '-' && end - value > 1 && g_ascii_isalpha (value[1]))) &&
               !(end - value >= 4 && memcmp (value, "true", 4) == 0) &&
               !(end - value >= 5 && memcmp (value, "false", 5) == 0) &&
               !(end - value >= 4 && memcmp (value, "null", 4) == 0))
        g_string_append (out, "null");
      else
        g_string_append_len (out, value, end - value);
      if (comma)
        g_string_append_c (out, ',');
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* json-glib says "<data>:3:5: Parse error: …"; say "line 3, column 5: …". */
static void
set_json_error (GError **error, const GError *parse_error)
{
  const char *message = parse_error->message;
  guint line = 0, column = 0;
  const char *text = strstr (message, ": Parse error: ");
  const char *numbers = strchr (message, ':');

  if (text != NULL && numbers != NULL &&
      sscanf (numbers, ":%u:%u:", &line, &column) == 2)
    g_set_error (error, RTB_IMPORT_ERROR, RTB_IMPORT_ERROR_FORMAT,
                 "line %u, column %u: not valid JSON: %s", line, column,
                 text + strlen (": Parse error: "));
  else
    g_set_error (error, RTB_IMPORT_ERROR, RTB_IMPORT_ERROR_FORMAT, "not valid JSON: %s",
                 message);
}

/* The parsed document, unless json-glib misread one of its integers. */
static JsonNode *
checked_root (RtbImportInput *in, JsonParser *parser, GError **error)
{
  g_autofree char *problem = _rtb_json_check_numbers (in->data, in->len);

  if (problem != NULL)
    {
      _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "%s", problem);
      return NULL;
    }
  return json_parser_steal_root (parser);
}

JsonNode *
_rtb_import_parse_json (RtbImportInput *in, gboolean repair, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GError) parse_error = NULL;
  g_autofree char *problem = NULL;

  if (memchr (in->data, '\0', in->len) != NULL)
    {
      const char *nul = memchr (in->data, '\0', in->len);
      guint line = 1;

      for (const char *p = in->data; p < nul; p++)
        line += *p == '\n';
      _rtb_import_fail (error, line, "a NUL byte in a JSON file");
      return NULL;
    }
  if ((problem = _rtb_json_check_depth (in->data, in->len)) != NULL)
    {
      _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "%s", problem);
      return NULL;
    }
  if (json_parser_load_from_data (parser, in->data, (gssize) in->len, &parse_error))
    {
      if (json_parser_get_root (parser) == NULL)
        {
          _rtb_import_fail_code (error, RTB_IMPORT_ERROR_EMPTY, "the file holds no JSON value");
          return NULL;
        }
      return checked_root (in, parser, error);
    }
  if (repair)
    {
      g_autofree char *fixed = repair_cyclictest_json (in->data, in->len);
      g_autoptr (JsonParser) retry = json_parser_new_immutable ();

      if (json_parser_load_from_data (retry, fixed, -1, NULL) &&
          json_parser_get_root (retry) != NULL)
        {
          _rtb_import_note (in, _("the file is not valid JSON as written (cyclictest prints "
                                  "strings unescaped and a zero-cycle average as nan): read it "
                                  "leniently"));
          return checked_root (in, retry, error);
        }
    }
  set_json_error (error, parse_error);
  return NULL;
}

gboolean
_rtb_import_json_uint (JsonObject *object, const char *path, const char *member, guint64 max,
                       gboolean optional, guint64 *out, GError **error)
{
  JsonNode *node = json_object_get_member (object, member);
  gint64 value;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      if (optional)
        return TRUE;
      return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "%s%s%s: missing",
                                    path, *path ? "." : "", member);
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64 ||
      (value = json_node_get_int (node)) < 0 || (guint64) value > max)
    return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT,
                                  "%s%s%s: expected a whole number from 0 to %" G_GUINT64_FORMAT,
                                  path, *path ? "." : "", member, max);
  *out = (guint64) value;
  return TRUE;
}

const char *
_rtb_import_json_string (JsonObject *object, const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

gint64
_rtb_import_json_time (JsonObject *root, const char *member)
{
  static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
  const char *text = _rtb_import_json_string (root, member);
  g_autoptr (GTimeZone) tz = NULL;
  g_autoptr (GDateTime) dt = NULL;
  char month[4];
  int day, year, hour, minute, second, offset;
  const char *found;

  if (text == NULL || sscanf (text, "%*3s, %d %3s %d %d:%d:%d %d", &day, month, &year, &hour,
                              &minute, &second, &offset) != 7 || strlen (month) != 3 ||
      (found = strstr (months, month)) == NULL || (found - months) % 3 != 0 ||
      offset < -2400 || offset > 2400)
    return 0;
  tz = g_time_zone_new_offset ((offset / 100) * 3600 + (offset % 100) * 60);
  dt = g_date_time_new (tz, year, (int) (found - months) / 3 + 1, day, hour, minute, second);
  return dt != NULL ? g_date_time_to_unix (dt) * G_USEC_PER_SEC : 0;
}
