/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "rtb-trace-page.h"

/* Walks `len` bytes of a CPU's binary pages, `page_size` each, in order, giving every event to
 * `take`: each page is well formed, holds events (the fixtures' buffers were full) and says how
 * many events were lost before it, which `missed_total` gets added up. Returns the pages. */
guint trace_page_walk_all (const RtbTracePageLayout *layout, const char *pages, gsize len,
                           gsize page_size, RtbTraceEventFunc take, void *user,
                           guint64 *missed_total);
/* One CPU's fixtures of `tracer` in tests/data/trace-page/, TRACER-cpuN.raw (trace_pipe_raw's
 * pages of 4096 bytes, laid out as header_page.txt says) walked as trace_page_walk_all() walks
 * them: the events lost before the first page are as many as TRACER-cpuN-stats.txt's overrun,
 * and there were some (the fixtures' buffers were full). Returns the pages. */
guint trace_page_walk_fixture (const char *tracer, int cpu, RtbTraceEventFunc take, void *user);
