/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

/* The lines the worker writes for every event of `len` bytes of CPU `cpu`'s binary pages, with
 * the tracefs tree `tracefs` (events/header_page, events/SYSTEM/EVENT/format) and tasks looked up
 * in `proc` (PID/comm, PID/status). `missed_total` gets the events the pages say were lost
 * before them. */
GPtrArray *trace_format_lines (const char *tracefs, const char *proc, const char *pages,
                               gsize len, gsize page_size, int cpu, guint64 *missed_total);
