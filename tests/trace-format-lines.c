/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The worker's side of test-trace-format: binary pages to trace_pipe's lines (apart, as the
 * ring buffer's events and the client's parsed events share a type name). */
#include "config.h"

#include <glib.h>

#include "rtb-worker-trace-format.h"
#include "trace-format-lines.h"
#include "trace-page-walk.h"

typedef struct {
  RtbWorkerTraceFormat *format;
  GArray *events;   /* RtbTraceEvent, pointing into the pages */
} Read;

static void
take (const RtbTraceEvent *event, void *user)
{
  Read *r = user;

  if (rtb_worker_trace_format_take (r->format, event))
    g_array_append_val (r->events, *event);
}

GPtrArray *
trace_format_lines (const char *tracefs, const char *proc, const char *pages, gsize len,
                    gsize page_size, int cpu, guint64 *missed_total)
{
  char why[256] = "";
  RtbWorkerTraceFormat *format = rtb_worker_trace_format_new (tracefs, tracefs, proc, why,
                                                              sizeof why);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  Read r = { format, g_array_new (FALSE, FALSE, sizeof (RtbTraceEvent)) };

  g_assert_cmpstr (why, ==, "");
  g_assert_nonnull (format);
  /* Every event is read before any line is written, as the worker reads a CPU's buffer at every
   * poll and writes a window's lines once its spike comes. */
  trace_page_walk_all (rtb_worker_trace_format_layout (format), pages, len, page_size, take, &r,
                       missed_total);
  for (guint i = 0; i < r.events->len; i++)
    {
      char line[512];
      gsize n = rtb_worker_trace_format_line (format, cpu,
                                              &g_array_index (r.events, RtbTraceEvent, i),
                                              line, sizeof line);

      g_assert_cmpuint (n, >, 0);
      g_ptr_array_add (lines, g_strndup (line, n));
    }
  g_array_unref (r.events);
  rtb_worker_trace_format_free (format);
  return lines;
}
