/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "rtb-json-depth.h"

gboolean
_rtb_json_depth_ok (const char *data, gsize len, guint *line)
{
  const char *end = data + len;
  guint depth = 0;

  *line = 1;
  for (const char *p = data; p < end; p++)
    switch (*p)
      {
      case '\n':
        (*line)++;
        break;
      case '"':
        /* Leniently: a string ends at the next unescaped quote or at the end of its line
         * (cyclictest writes strings unescaped). */
        for (p++; p < end && *p != '"' && *p != '\n'; p++)
          if (*p == '\\' && p + 1 < end && p[1] != '\n')
            p++;
        if (p < end && *p == '\n')
          (*line)++;
        break;
      case '[':
      case '{':
        if (++depth > RTB_JSON_MAX_DEPTH)
          return FALSE;
        break;
      case ']':
      case '}':
        if (depth > 0)
          depth--;
        break;
      default:
        break;
      }
  return TRUE;
}

char *
_rtb_json_depth_message (guint line)
{
  return g_strdup_printf ("line %u: the JSON nests deeper than %d levels, which no file rtbench "
                          "reads does: refused before parsing", line, RTB_JSON_MAX_DEPTH);
}
