/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The measurement methods as data: what each is called, what it measures, how its CPUs are
 * chosen, the words shown for it, its histograms' span, the values its worker can send, and
 * the examples its help gives. Which keys a method takes is the key table's
 * (rtb-command-keys.h); its measuring loop is the worker's (src/worker/rtb-worker-METHOD.c).
 * Plain C: the worker prints its usage from here.
 */
#pragma once

#include <stdbool.h>

#include "rtb-command-keys.h"
#include "rtb-protocol.h"

#define RTB_METHOD_EXAMPLES_MAX 3

typedef struct {
  const char *name;        /* as commands, run files and rtbench-cli spell it */
  const char *summary;     /* one line: what it measures, after which tool */
  const char *description; /* a paragraph for rtbench-cli run METHOD --help, lines of <= 88 */
  bool per_cpu;            /* a thread on each CPU of a list (cpus=), not on one CPU (cpu=) */
  bool signed_values;      /* its values are deviations either side of 0 (early or late), so
                            * its worst is the largest magnitude, not the maximum */
  /* What keeps its CPU busy, in the words of the worker's refusal of a busy real-time run while
   * RT throttling is off (ASCII, it travels in an ERROR frame): each # is a value in µs, the
   * keys that keep the thread busy (`busy`) first, then its periods (`period_from`), in the
   * key table's order. */
  const char *duty;
  bool never_sleeps; /* it keeps its CPU busy whatever its keys say */
  /* The words shown for it, marked for translation (N_()): the window and the reports translate
   * them, the CLI and its exports keep them English. */
  const char *setup_name;       /* the window's method row: "Jitter" */
  const char *setup_description; /* above it, what the method measures */
  const char *title;            /* the live view's: "Thread Jitter" */
  const char *value_label;      /* a chart's value axis: "interval deviation (µs)" */
  const char *magnitude_label;  /* the heatmap's rows of a signed method, or NULL: value_label */
  const char *curve_title;      /* its curve chart */
  const char *thread_titles[2]; /* the curves of its threads, with own_periods */
  const char *histogram_title;
  /* What its curves' marks of numbers without a sample mean, or NULL: "▲ on the time axis:
   * periods skipped after a stall" (hwlat's are windows without a sample on that CPU). */
  const char *skip_note;
  const char *count_column;     /* its samples' count in the CLI's tables ("ticks"), or NULL */
  const char *count_title;      /* the same in the window's (N_("Ticks")), or NULL */
  /* Its threads run at periods of their own (jitter's base and servo): each series keeps its
   * period, the CLI's table shows it, each curve gets a time axis of its own. */
  bool own_periods;
  bool table_duration;          /* the CLI's table leads with the run's duration */
  const char *table_note;       /* a line under the CLI's table, or NULL */
  /* Its histograms' 1 µs buckets: from 0 up to the value of `span_key` or, with
   * signed_values, that far either side of 0 (deviations centred on the period), the value
   * bounded to span_min_us-span_max_us whatever a stream claims; NULL: span_max_us. */
  const RtbKey *span_key;
  uint32_t span_min_us;
  uint32_t span_max_us;
  /* The values its worker can send, against which a recorded stream's samples are checked:
   * none below `least_ns` (with `least_less_period`, below that less its thread's period),
   * whole microseconds with `whole_us`; `impossible` says why another cannot be (English, as
   * the import's errors). */
  int64_t least_ns;
  bool least_less_period;
  bool whole_us;
  const char *impossible;
  /* rtbench-cli run options that show it in use, each with what it does; NULL-ended. */
  const char *examples[RTB_METHOD_EXAMPLES_MAX + 1][2];
} RtbMethodInfo;

/* The method's declaration; NULL for a value that is no method. */
const RtbMethodInfo *rtb_method_info (RtbMethod method);

/* Every method by name, "latency, jitter, timer, response or noise" with `last_joiner` " or ",
 * or "latency|jitter|timer|response|noise" with `separator` "|" and `last_joiner` "|".
 * Returns the length, or -1 when it does not fit. */
int rtb_method_list (char *buf, size_t buf_size, const char *separator, const char *last_joiner);
