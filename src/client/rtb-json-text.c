/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "rtb-json-text.h"

/* The fewest digits, as "%.<d>f" (fixed) or "%.<d>g", that read back as `value`; FALSE when
 * even `max_digits` do not. */
static gboolean
format_shortest (char *text, gsize size, char style, int max_digits, double value)
{
  for (int digits = 1; digits <= max_digits; digits++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%d%c", digits, style);
      g_ascii_formatd (text, (int) size, format, value);
      if (g_ascii_strtod (text, NULL) == value)
        return TRUE;
    }
  return FALSE;
}

void
rtb_json_append_double (GString *out, double value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];
  double magnitude = fabs (value);

  /* Plain decimals where they stay short (30.0, 0.125, 610.909), exponents only for the very
   * large and the very small. */
  if (!(magnitude < 1e15 && (magnitude >= 1e-4 || value == 0) &&
        format_shortest (text, sizeof text, 'f', 24, value)))
    format_shortest (text, sizeof text, 'g', 17, value);
  g_string_append (out, text);
  if (strpbrk (text, ".eE") == NULL)
    g_string_append (out, ".0");
}

/* A number token at `p`; reals (with a point or an exponent) are rewritten, integers copied. */
static const char *
copy_number (GString *out, const char *p)
{
  const char *start = p;
  gboolean real = FALSE;

  while (*p == '-' || *p == '+' || *p == '.' || *p == 'e' || *p == 'E' || g_ascii_isdigit (*p))
    {
      real = real || *p == '.' || *p == 'e' || *p == 'E';
      p++;
    }
  if (real)
    rtb_json_append_double (out, g_ascii_strtod (start, NULL));
  else
    g_string_append_len (out, start, p - start);
  return p;
}

char *
rtb_json_to_text (JsonNode *root, gboolean pretty, gsize *length)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autofree char *raw = NULL;
  gboolean in_string = FALSE;
  GString *out;
  gsize raw_length;

  g_return_val_if_fail (root != NULL, NULL);

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, pretty);
  raw = json_generator_to_data (generator, &raw_length);
  out = g_string_sized_new (raw_length);
  for (const char *p = raw; *p != '\0';)
    {
      if (in_string && *p == '\\' && p[1] != '\0')
        {
          g_string_append_len (out, p, 2);
          p += 2;
          continue;
        }
      if (*p == '"')
        in_string = !in_string;
      else if (!in_string && (*p == '-' || g_ascii_isdigit (*p)))
        {
          p = copy_number (out, p);
          continue;
        }
      g_string_append_c (out, *p++);
    }
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}
