/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * osnoise's entries in binary, as a CPU's trace_pipe_raw holds them: each period's entry
 * (events/ftrace/osnoise: the period line's figures) and the tracer's events of each source's
 * noise (events/osnoise/: irq_noise, softirq_noise, thread_noise, nmi_noise, and
 * sample_threshold, whose gaps without interference are the hardware noise), each with its
 * duration in ns as the kernel computed it. The events of a period come before its entry in the
 * CPU's buffer: their durations are summed until the entry, which takes them.
 */
#pragma once

#include <stdint.h>

#include "rtb-osnoise.h"
#include "rtb-trace-page.h"

/* The entries as this kernel lays them out (their format files). */
typedef struct {
  unsigned period_id;
  RtbTraceField period[8];  /* noise, runtime, max_sample, then the HW … thread counts */
  unsigned noise_id[RTB_OSNOISE_N_SOURCES];
  RtbTraceField duration[RTB_OSNOISE_N_SOURCES];
  RtbTraceField interference; /* sample_threshold's */
} RtbOsnoiseFormats;

/* Each source's noises since the last period's entry: their durations and how many. */
typedef struct {
  uint64_t durations_ns[RTB_OSNOISE_N_SOURCES];
  uint64_t events[RTB_OSNOISE_N_SOURCES];
} RtbOsnoiseNoises;

typedef enum {
  RTB_OSNOISE_ENTRY_OTHER,  /* another event, or one too short for its fields */
  RTB_OSNOISE_ENTRY_NOISE,  /* added to the noises (a gap with interference is left out: its
                             * time is the other sources') */
  RTB_OSNOISE_ENTRY_PERIOD, /* `period` filled (its cpu -1, its time the event's) */
} RtbOsnoiseEntry;

/* One event of a CPU's trace. On a period's entry the caller takes `noises` with the period and
 * clears them. */
RtbOsnoiseEntry rtb_osnoise_entry_take (const RtbOsnoiseFormats *formats,
                                        const RtbTraceEvent *event, RtbOsnoiseNoises *noises,
                                        RtbOsnoisePeriod *period);
