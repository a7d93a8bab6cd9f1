/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The frames that explain spikes (protocol 5): TRACE and SPIKE, checked once, here. */
#include "config.h"

#include "rtb-cpu-list.h"
#include "rtb-protocol-private.h"

const char *
_rtb_trace_frame_check (const void *payload, size_t len)
{
  const RtbTraceFrame *trace = payload;

  if (len != sizeof (RtbTraceFrame))
    return "TRACE frame has the wrong size";
  if (trace->status < RTB_TRACE_ARMED || trace->status > RTB_TRACE_STATUS_LAST)
    return "TRACE frame has an unknown status";
  if (trace->sys_errno < 0 || trace->sys_errno > 4095)
    return "TRACE frame has an impossible errno";
  if ((trace->status == RTB_TRACE_ARMED) != (trace->threshold_ns > 0))
    return "TRACE frame has a threshold without being armed, or none while armed";
  if (!_rtb_is_text (trace->message, sizeof trace->message))
    return "TRACE frame text is not terminated printable ASCII";
  return NULL;
}

const char *
_rtb_spike_frame_check (const void *payload, size_t len)
{
  const RtbSpikeFrame *spike = payload;
  const char *text;

  if (len < sizeof (RtbSpikeFrame))
    return "SPIKE frame is too short";
  if (spike->text_len > RTB_SPIKE_TEXT_MAX ||
      len != sizeof (RtbSpikeFrame) + (size_t) spike->text_len)
    return "SPIKE frame length does not match its text";
  if (spike->thread >= RTB_MAX_THREADS || spike->cpu < 0 || spike->cpu >= RTB_MAX_CPUS ||
      (spike->flags & ~RTB_SPIKE_FLAGS_KNOWN) != 0)
    return "SPIKE frame has an impossible thread, CPU or flag";
  if (spike->deadline_ns <= 0 || spike->wake_ns < spike->deadline_ns ||
      spike->value_ns <= 0)
    return "SPIKE frame has an impossible deadline, wake-up or value";
  text = rtb_spike_text (spike);
  for (uint32_t i = 0; i < spike->text_len; i++)
    {
      unsigned char c = (unsigned char) text[i];
      if ((c < 0x20 && c != '\n' && c != '\t') || c > 0x7e)
        return "SPIKE frame text is not printable ASCII";
    }
  return NULL;
}
