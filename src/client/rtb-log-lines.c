/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-client"

#include "config.h"

#include <string.h>

#include "rtb-log-lines.h"

struct _RtbLogLines
{
  RtbLogLineFunc func;
  gpointer data;
  GString *line;
  gboolean cut;           /* the line passed RTB_LOG_LINE_MAX: dropped until its newline */
  gboolean pending;       /* bytes of a line have come since the last newline */
  gint64 second_start_us; /* when the current second of lines began; 0 before any */
  guint passed;           /* lines passed on in that second */
  guint dropped;          /* and not passed on */
};

RtbLogLines *
rtb_log_lines_new (RtbLogLineFunc func, gpointer data)
{
  RtbLogLines *self = g_new0 (RtbLogLines, 1);

  self->func = func;
  self->data = data;
  self->line = g_string_sized_new (256);
  return self;
}

static void
report_dropped (RtbLogLines *self)
{
  guint dropped = self->dropped;

  self->dropped = 0;
  if (dropped > 0)
    self->func (NULL, FALSE, dropped, self->data);
}

static void
end_line (RtbLogLines *self, gint64 now_us)
{
  gboolean cut = self->cut;

  if (self->line->len > 0 && self->line->str[self->line->len - 1] == '\r')
    g_string_truncate (self->line, self->line->len - 1);
  if (self->second_start_us == 0 || now_us - self->second_start_us >= G_USEC_PER_SEC)
    {
      report_dropped (self);
      self->second_start_us = now_us;
      self->passed = 0;
    }
  if (self->passed < RTB_LOG_LINES_PER_SECOND)
    {
      self->passed++;
      self->func (self->line->str, cut, 0, self->data);
    }
  else
    self->dropped++;
  g_string_truncate (self->line, 0);
  self->cut = FALSE;
  self->pending = FALSE;
}

void
rtb_log_lines_feed (RtbLogLines *self, const char *bytes, gsize len, gint64 now_us)
{
  while (len > 0)
    {
      const char *newline = memchr (bytes, '\n', len);
      gsize part = newline != NULL ? (gsize) (newline - bytes) : len;
      gsize room = RTB_LOG_LINE_MAX - MIN (self->line->len, RTB_LOG_LINE_MAX);

      g_string_append_len (self->line, bytes, MIN (part, room));
      self->cut |= part > room;
      self->pending = TRUE;
      if (newline == NULL)
        return;
      end_line (self, now_us);
      bytes += part + 1;
      len -= part + 1;
    }
}

void
rtb_log_lines_finish (RtbLogLines *self, gint64 now_us)
{
  if (self->pending)
    end_line (self, now_us);
  report_dropped (self);
}

void
rtb_log_lines_free (RtbLogLines *self)
{
  if (self == NULL)
    return;
  g_string_free (self->line, TRUE);
  g_free (self);
}
