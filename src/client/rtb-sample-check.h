/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "rtb-command.h"

G_BEGIN_DECLS

/* Why thread `thread` of a run of `command` cannot have measured `value_ns`, or NULL when it
 * can: a latency or a timer error below 0, an interval of jitter shorter than nothing, a
 * response time below 0, a noise gap under 1 µs or not in whole µs. A board that sends one is
 * broken or lying, and its run keeps only the samples before it. */
const char *rtb_sample_impossible (const RtbCommand *command, guint thread, gint64 value_ns);

G_END_DECLS
