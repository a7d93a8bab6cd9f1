/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "rtb-text-wrap.h"

void
rtb_text_wrap_print (FILE *out, const char *text, int used, int column, int width)
{
  const char *p = text;

  if (used > column)
    {
      fputc ('\n', out);
      used = 0;
    }
  while (*p != '\0')
    {
      int room = width - column;
      int len = (int) strlen (p);

      fprintf (out, "%*s", column - used, "");
      if (len > room)
        {
          len = room;
          while (len > 0 && p[len] != ' ')
            len--;
          if (len == 0)
            len = room;
        }
      fprintf (out, "%.*s\n", len, p);
      p += len;
      while (*p == ' ')
        p++;
      used = 0;
    }
}
