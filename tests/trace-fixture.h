/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The lab board-rt's kernel traces kept in tests/data/trace-page/, read back. Plain GLib: the
 * tests of the client's parsed events include it beside their own RtbTraceEvent. */
#pragma once

#include <glib.h>

/* The fixture tests/data/trace-page/NAME, whole; `len` (may be NULL) gets its size. */
char *trace_fixture (const char *name, gsize *len);
/* The events the ring buffer overwrote, as the CPU's stats file NAME says ("overrun: N"). */
guint64 trace_fixture_overrun (const char *name);
