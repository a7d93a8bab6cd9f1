/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "rtb-osnoise-events.h"

static uint64_t
field (const RtbTraceEvent *event, const RtbTraceField *f, bool *ok)
{
  int64_t value = 0;

  *ok = *ok && rtb_trace_event_field (event, f, &value) && value >= 0;
  return (uint64_t) value;
}

static RtbOsnoiseEntry
take_period (const RtbOsnoiseFormats *formats, const RtbTraceEvent *event,
             RtbOsnoisePeriod *period)
{
  bool ok = true;

  period->cpu = -1;
  period->time_ns = event->time;
  period->noise_us = field (event, &formats->period[0], &ok);
  period->runtime_us = field (event, &formats->period[1], &ok);
  period->max_single_us = field (event, &formats->period[2], &ok);
  for (int s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
    period->counts[s] = field (event, &formats->period[3 + s], &ok);
  return ok ? RTB_OSNOISE_ENTRY_PERIOD : RTB_OSNOISE_ENTRY_OTHER;
}

RtbOsnoiseEntry
rtb_osnoise_entry_take (const RtbOsnoiseFormats *formats, const RtbTraceEvent *event,
                        RtbOsnoiseNoises *noises, RtbOsnoisePeriod *period)
{
  if (event->type == formats->period_id)
    return take_period (formats, event, period);
  for (int s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
    if (event->type == formats->noise_id[s])
      {
        bool ok = true;
        uint64_t duration = field (event, &formats->duration[s], &ok);

        if (s == RTB_OSNOISE_HW && field (event, &formats->interference, &ok) != 0)
          return RTB_OSNOISE_ENTRY_OTHER;
        if (!ok)
          return RTB_OSNOISE_ENTRY_OTHER;
        noises->durations_ns[s] += duration;
        noises->events[s]++;
        return RTB_OSNOISE_ENTRY_NOISE;
      }
  return RTB_OSNOISE_ENTRY_OTHER;
}
