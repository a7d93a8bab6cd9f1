/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "rtb-json-precheck.h"

char *
_rtb_json_depth_message (guint line)
{
  return g_strdup_printf ("line %u: the JSON nests deeper than %d levels, which no file rtbench "
                          "reads does: refused before parsing", line, RTB_JSON_MAX_DEPTH);
}

/* Where a JSON value starts: after ':', '[' or ',' (spaces aside), or at the start. Digits
 * elsewhere are inside a string that cyclictest left unescaped. */
static gboolean
at_value (const char *data, const char *p)
{
  while (p > data && g_ascii_isspace (p[-1]))
    p--;
  return p == data || p[-1] == ':' || p[-1] == '[' || p[-1] == ',';
}

/* An integer token at p (a '-' or a digit that starts a word): NULL when json-glib reads it
 * right, else the problem. *end is where the token ends. */
static char *
check_number (const char *p, const char *limit, guint line, const char **end)
{
  const char *start = p;
  const char *digits;
  guint64 magnitude = 0;
  gboolean overflow = FALSE, negative = *p == '-';

  p += negative;
  digits = p;
  for (; p < limit && g_ascii_isdigit (*p); p++)
    {
      guint digit = (guint) (*p - '0');

      overflow |= magnitude > (G_MAXUINT64 - digit) / 10;
      magnitude = magnitude * 10 + digit;
    }
  *end = p;
  if (p == digits)
    return NULL;
  if (p < limit && (*p == '.' || *p == 'e' || *p == 'E'))
    {
      /* A fractional number: json-glib reads those right. */
      while (p < limit && (g_ascii_isdigit (*p) || *p == '.' || *p == 'e' || *p == 'E' ||
                           ((*p == '+' || *p == '-') && (p[-1] == 'e' || p[-1] == 'E'))))
        p++;
      *end = p;
      return NULL;
    }
  if (p < limit && (*p == 'x' || *p == 'X') && p - digits == 1 && *digits == '0')
    {
      for (p++; p < limit && g_ascii_isxdigit (*p); p++)
        ;
      *end = p;
      return g_strdup_printf ("line %u: %.*s is a hexadecimal number, which JSON does not have",
                              line, (int) MIN (p - start, 40), start);
    }
  if (p - digits > 1 && *digits == '0')
    return g_strdup_printf ("line %u: %.*s has a leading zero, which JSON does not allow (it "
                            "would be read as an octal number)", line,
                            (int) MIN (p - start, 40), start);
  if (overflow || magnitude > (guint64) G_MAXINT64 + negative)
    return g_strdup_printf ("line %u: %.*s does not fit in a 64-bit integer", line,
                            (int) MIN (p - start, 40), start);
  return NULL;
}

static char *
check (const char *data, gsize len, gboolean depth_only)
{
  const char *end = data + len;
  guint depth = 0, line = 1;

  for (const char *p = data; p < end; p++)
    switch (*p)
      {
      case '\n':
        line++;
        break;
      case '"':
        for (p++; p < end && *p != '"' && *p != '\n'; p++)
          if (*p == '\\' && p + 1 < end && p[1] != '\n')
            p++;
        if (p < end && *p == '\n')
          line++;
        break;
      case '[':
      case '{':
        if (++depth > RTB_JSON_MAX_DEPTH)
          return _rtb_json_depth_message (line);
        break;
      case ']':
      case '}':
        if (depth > 0)
          depth--;
        break;
      default:
        if (!depth_only && (*p == '-' || g_ascii_isdigit (*p)) && at_value (data, p))
          {
            const char *after;
            char *problem = check_number (p, end, line, &after);

            if (problem != NULL)
              return problem;
            p = after - 1;
          }
        break;
      }
  return NULL;
}

char *
_rtb_json_check_depth (const char *data, gsize len)
{
  return check (data, len, TRUE);
}

char *
_rtb_json_check_numbers (const char *data, gsize len)
{
  return check (data, len, FALSE);
}
