/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Between the parts of the protocol code. */
#pragma once

#include "rtb-protocol.h"

/* Terminated printable ASCII, as the worker writes every text. */
bool _rtb_is_text (const char *text, size_t size);

/* rtb_frame_validate() for a SYSTEM payload: NULL when valid, else what is wrong. */
const char *_rtb_system_frame_check (const void *payload, size_t len);

/* rtb_frame_validate() for a STARTED payload of protocol `version`, which it decodes into `out`
 * and `command` (that `out` points to). NULL when valid, else what is wrong, and `detail` says
 * it in full (the command checker's words). `n_cpus_online` (from HELLO, or 0) tells protocols 1
 * and 2 what "cpus=all" meant. */
const char *_rtb_started_decode (const void *payload, size_t len, uint32_t version,
                                 uint32_t n_cpus_online, RtbStarted *out, RtbCommand *command,
                                 char *detail, size_t detail_size);

/* rtb_frame_validate() for TRACE and SPIKE payloads (rtb-protocol-spike.c). */
const char *_rtb_trace_frame_check (const void *payload, size_t len);
const char *_rtb_spike_frame_check (const void *payload, size_t len);
