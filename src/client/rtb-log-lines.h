/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A worker's stderr cut into lines that a board cannot make unbounded: each line is kept to
 * RTB_LOG_LINE_MAX bytes (the rest until its newline is dropped and the line marked cut), and
 * at most RTB_LOG_LINES_PER_SECOND lines a second are passed on, the others counted. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define RTB_LOG_LINE_MAX 4096
#define RTB_LOG_LINES_PER_SECOND 100

/* A line (without its newline, NUL-terminated, bytes as they came) and whether it was cut;
 * or `line` NULL and `n_dropped` the lines not passed on in the second that ended. */
typedef void (*RtbLogLineFunc) (const char *line, gboolean cut, guint n_dropped, gpointer data);

typedef struct _RtbLogLines RtbLogLines;

RtbLogLines *rtb_log_lines_new (RtbLogLineFunc func, gpointer data);
/* `now_us` is a monotonic time: the seconds are counted with it. */
void rtb_log_lines_feed (RtbLogLines *self, const char *bytes, gsize len, gint64 now_us);
/* At the end of the stream: the last line if it had no newline, and what was dropped. */
void rtb_log_lines_finish (RtbLogLines *self, gint64 now_us);
void rtb_log_lines_free (RtbLogLines *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtbLogLines, rtb_log_lines_free)

G_END_DECLS
