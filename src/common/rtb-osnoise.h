/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The osnoise tracer's periods and rtla osnoise top's figures over them
 * (Documentation/trace/osnoise-tracer.rst). At the end of each period, the tracer writes one
 * line per CPU into its trace (the kernel's trace_osnoise_print()):
 *
 *   <...>-217 [000] ....... 1529.098046: 1000908     946431   5.44275   41294    211      0 ...
 *
 * after the timestamp: the period's runtime and its noise in µs, the % of CPU available, the
 * longest single noise in µs, then the counts of interference: HW, NMI, IRQ, softirq, thread.
 * rtla osnoise top adds the periods of each CPU up: runtime and noise summed, Max Noise the
 * noisiest period's noise, Max Single the longest single noise, the counts summed, and % CPU
 * Aval = 100 × (runtime − noise) / runtime of the sums, cut to 0.00001 % (integer arithmetic:
 * 13.2189970… prints 13.21899).
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
  RTB_OSNOISE_HW,
  RTB_OSNOISE_NMI,
  RTB_OSNOISE_IRQ,
  RTB_OSNOISE_SOFTIRQ,
  RTB_OSNOISE_THREAD,
  RTB_OSNOISE_N_SOURCES,
} RtbOsnoiseSource;

typedef struct {
  int cpu;
  uint64_t time_ns;       /* the line's time stamp: when the period's runtime ended */
  uint64_t runtime_us;
  uint64_t noise_us;
  uint64_t max_single_us;
  uint64_t counts[RTB_OSNOISE_N_SOURCES];
} RtbOsnoisePeriod;

typedef struct {
  uint64_t periods;
  uint64_t runtime_us;
  uint64_t noise_us;
  uint64_t max_noise_us;  /* the noisiest period's noise */
  uint64_t max_single_us; /* the longest single noise */
  uint64_t counts[RTB_OSNOISE_N_SOURCES];
  /* Each source's noise in ns, the durations of the tracer's events over the periods (the
   * worker traces them; rtla's table and the period lines have none), and which are known: bit
   * s for source s. */
  uint64_t durations_ns[RTB_OSNOISE_N_SOURCES];
  uint64_t durations_known;
} RtbOsnoiseTotals;

/* The totals' figures, in rtla osnoise top's order (% CPU Aval, which follows from runtime and
 * noise, is rtb_osnoise_available_pct()): run files, tables and importers loop over them. */
typedef enum {
  RTB_OSNOISE_PERIODS,
  RTB_OSNOISE_RUNTIME,
  RTB_OSNOISE_NOISE,
  RTB_OSNOISE_MAX_NOISE,
  RTB_OSNOISE_MAX_SINGLE,
  RTB_OSNOISE_COUNT_HW,
  RTB_OSNOISE_COUNT_NMI,
  RTB_OSNOISE_COUNT_IRQ,
  RTB_OSNOISE_COUNT_SOFTIRQ,
  RTB_OSNOISE_COUNT_THREAD,
  RTB_OSNOISE_N_FIGURES,
} RtbOsnoiseFigure;

/* "periods", "runtime_us", … "thread": its key in run files and JSON. */
const char *rtb_osnoise_figure_key (RtbOsnoiseFigure figure);
/* rtla's column header: "Period", "Runtime", "Noise", "Max Noise", … "Thread". */
const char *rtb_osnoise_figure_column (RtbOsnoiseFigure figure);
uint64_t *rtb_osnoise_figure_at (RtbOsnoiseTotals *totals, RtbOsnoiseFigure figure);
/* "hw_ns", … "thread_ns": the key of a source's duration in run files. */
const char *rtb_osnoise_duration_key (RtbOsnoiseSource source);
uint64_t rtb_osnoise_figure (const RtbOsnoiseTotals *totals, RtbOsnoiseFigure figure);

/* One line of the tracer's trace: true and `out` filled when it is a period's line (not a
 * "#" header); false for anything else, `out` then undefined. */
bool rtb_osnoise_parse_period (const char *line, size_t len, RtbOsnoisePeriod *out);
void rtb_osnoise_totals_add (RtbOsnoiseTotals *totals, const RtbOsnoisePeriod *period);
/* Adds the periods `other` added up, as if each had been added to `totals` (CPUs pooled): a
 * source's duration is known when it is in both (a period line's never is). */
void rtb_osnoise_totals_merge (RtbOsnoiseTotals *totals, const RtbOsnoiseTotals *other);
/* rtla's % CPU Aval of the totals, a whole number of 0.00001 %; NAN before any runtime. */
double rtb_osnoise_available_pct (const RtbOsnoiseTotals *totals);
