/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

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
