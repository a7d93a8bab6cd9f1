/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A worker's stderr into lines: whole lines, a line with no end cut to its bound, and lines
 * beyond the rate counted, not kept, however the bytes are split. */
#include "config.h"

#include <string.h>

#include "rtb-log-lines.h"

typedef struct {
  GPtrArray *lines;   /* "cut:" before a cut line, "dropped N" for a count */
} Seen;

static void
on_line (const char *line, gboolean cut, guint n_dropped, gpointer data)
{
  Seen *seen = data;

  g_ptr_array_add (seen->lines, line == NULL ? g_strdup_printf ("dropped %u", n_dropped)
                                             : g_strconcat (cut ? "cut:" : "", line, NULL));
}

static void
test_lines (void)
{
  Seen seen = { g_ptr_array_new_with_free_func (g_free) };
  g_autoptr (RtbLogLines) lines = rtb_log_lines_new (on_line, &seen);
  const char *text = "first\nsecond\r\n\nlast without end";

  /* One byte at a time, as a pipe may give them. */
  for (gsize i = 0; i < strlen (text); i++)
    rtb_log_lines_feed (lines, text + i, 1, 1000);
  g_assert_cmpuint (seen.lines->len, ==, 3);
  rtb_log_lines_finish (lines, 1000);
  g_assert_cmpuint (seen.lines->len, ==, 4);
  g_assert_cmpstr (seen.lines->pdata[0], ==, "first");
  g_assert_cmpstr (seen.lines->pdata[1], ==, "second");
  g_assert_cmpstr (seen.lines->pdata[2], ==, "");
  g_assert_cmpstr (seen.lines->pdata[3], ==, "last without end");
  g_ptr_array_unref (seen.lines);
}

/* 64 MiB with no newline: one line of RTB_LOG_LINE_MAX bytes, marked cut; the next line is
 * whole again. */
static void
test_endless_line (void)
{
  Seen seen = { g_ptr_array_new_with_free_func (g_free) };
  g_autoptr (RtbLogLines) lines = rtb_log_lines_new (on_line, &seen);
  g_autofree char *chunk = g_malloc (65536);

  memset (chunk, 'x', 65536);
  for (guint i = 0; i < 1024; i++)
    rtb_log_lines_feed (lines, chunk, 65536, 1000);
  g_assert_cmpuint (seen.lines->len, ==, 0);
  rtb_log_lines_feed (lines, "\nnext\n", 6, 1000);
  g_assert_cmpuint (seen.lines->len, ==, 2);
  g_assert_true (g_str_has_prefix (seen.lines->pdata[0], "cut:x"));
  g_assert_cmpuint (strlen (seen.lines->pdata[0]), ==, strlen ("cut:") + RTB_LOG_LINE_MAX);
  g_assert_cmpstr (seen.lines->pdata[1], ==, "next");
  g_ptr_array_unref (seen.lines);
}

/* 250 lines in one second: RTB_LOG_LINES_PER_SECOND kept, the rest counted when the next
 * second begins, and at the end. */
static void
test_rate (void)
{
  Seen seen = { g_ptr_array_new_with_free_func (g_free) };
  g_autoptr (RtbLogLines) lines = rtb_log_lines_new (on_line, &seen);
  g_autofree char *expected = g_strdup_printf ("dropped %u", 250 - RTB_LOG_LINES_PER_SECOND);

  for (guint i = 0; i < 250; i++)
    rtb_log_lines_feed (lines, "line\n", 5, 1000 + i);
  g_assert_cmpuint (seen.lines->len, ==, RTB_LOG_LINES_PER_SECOND);
  rtb_log_lines_feed (lines, "a second later\n", 15, 1000 + G_USEC_PER_SEC);
  g_assert_cmpuint (seen.lines->len, ==, RTB_LOG_LINES_PER_SECOND + 2);
  g_assert_cmpstr (seen.lines->pdata[RTB_LOG_LINES_PER_SECOND], ==, expected);
  g_assert_cmpstr (seen.lines->pdata[RTB_LOG_LINES_PER_SECOND + 1], ==, "a second later");

  for (guint i = 0; i < RTB_LOG_LINES_PER_SECOND + 3; i++)
    rtb_log_lines_feed (lines, "more\n", 5, 2000 + G_USEC_PER_SEC);
  rtb_log_lines_finish (lines, 3000 + G_USEC_PER_SEC);
  g_assert_cmpstr (g_ptr_array_index (seen.lines, seen.lines->len - 1), ==, "dropped 4");
  g_ptr_array_unref (seen.lines);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/log-lines/lines", test_lines);
  g_test_add_func ("/log-lines/endless-line", test_endless_line);
  g_test_add_func ("/log-lines/rate", test_rate);
  return g_test_run ();
}
