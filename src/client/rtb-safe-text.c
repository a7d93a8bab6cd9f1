/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "rtb-safe-text.h"

static gboolean
is_unsafe_char (gunichar c)
{
  return c < 0x20 || (c >= 0x7f && c <= 0x9f) ||
         (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) ||
         c == 0x200e || c == 0x200f || c == 0x061c;
}

/* The length of the valid, safe character at p (1–4 bytes), or 0 when it must be escaped. */
static gsize
safe_char_length (const char *p, const char *end)
{
  gunichar c;
  const char *next;

  if ((guchar) *p < 0x80)
    return is_unsafe_char ((guchar) *p) ? 0 : 1;
  c = g_utf8_get_char_validated (p, end - p);
  if (c == (gunichar) -1 || c == (gunichar) -2)
    return 0;
  next = g_utf8_next_char (p);
  return is_unsafe_char (c) ? 0 : (gsize) (next - p);
}

gboolean
rtb_text_is_safe (const char *text)
{
  const char *end;

  if (text == NULL)
    return TRUE;
  end = text + strlen (text);
  for (const char *p = text; p < end;)
    {
      gsize n = safe_char_length (p, end);

      if (n == 0)
        return FALSE;
      p += n;
    }
  return TRUE;
}

char *
rtb_safe_text (const char *text)
{
  GString *out;
  const char *end;

  if (text == NULL)
    return NULL;
  if (rtb_text_is_safe (text))
    return g_strdup (text);
  end = text + strlen (text);
  out = g_string_sized_new (end - text + 16);
  for (const char *p = text; p < end;)
    {
      gsize n = safe_char_length (p, end);
      gunichar c;

      if (n > 0)
        {
          g_string_append_len (out, p, (gssize) n);
          p += n;
          continue;
        }
      c = g_utf8_get_char_validated (p, end - p);
      if ((guchar) *p < 0x80 || c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02x", (guchar) *p);
          p++;
        }
      else
        {
          g_string_append_printf (out, "\\u%04x", c);
          p = g_utf8_next_char (p);
        }
    }
  return g_string_free (out, FALSE);
}

void
rtb_safe_text_in_place (char **text)
{
  char *safe;

  if (*text == NULL || rtb_text_is_safe (*text))
    return;
  safe = rtb_safe_text (*text);
  g_free (*text);
  *text = safe;
}
