/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "trace-fixture.h"
#include "trace-page-walk.h"

guint
trace_page_walk_all (const RtbTracePageLayout *layout, const char *pages, gsize len,
                     gsize page_size, RtbTraceEventFunc take, void *user, guint64 *missed_total)
{
  guint n_pages = 0;

  g_assert_cmpuint (len % page_size, ==, 0);
  *missed_total = 0;
  for (gsize at = 0; at < len; at += page_size, n_pages++)
    {
      uint64_t missed;

      g_assert_cmpint (rtb_trace_page_walk (layout, pages + at, page_size, take, user, &missed),
                       >, 0);
      g_assert_cmpuint (missed, !=, UINT64_MAX);
      *missed_total += missed;
    }
  return n_pages;
}

guint
trace_page_walk_fixture (const char *tracer, int cpu, RtbTraceEventFunc take, void *user)
{
  g_autofree char *header = trace_fixture ("header_page.txt", NULL);
  g_autofree char *name = g_strdup_printf ("%s-cpu%d.raw", tracer, cpu);
  g_autofree char *stats = g_strdup_printf ("%s-cpu%d-stats.txt", tracer, cpu);
  gsize len;
  g_autofree char *raw = trace_fixture (name, &len);
  RtbTracePageLayout layout;
  guint64 missed;
  guint pages;

  g_assert_true (rtb_trace_page_layout_parse (header, &layout));
  pages = trace_page_walk_all (&layout, raw, len, 4096, take, user, &missed);
  g_assert_cmpuint (missed, ==, trace_fixture_overrun (stats));
  g_assert_cmpuint (missed, >, 0);
  return pages;
}
