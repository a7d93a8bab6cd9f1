/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a run knows about its spikes and their causes: whether the worker traced (and why not),
 * the explained spikes (bounded: the largest are kept), the league table of causes over every
 * spike explained, and the cheap clues every run gets without tracing: the interrupts and
 * softirqs each measured CPU served during the run, from /proc/interrupts and /proc/softirqs
 * read by the worker at the start (SYSTEM) and at the end (COUNTERS).
 */
#pragma once

#include <json-glib/json-glib.h>

#include "rtb-spike.h"

G_BEGIN_DECLS

/* Spikes a run keeps; past it, a larger spike replaces the smallest kept, and the spikes that
 * go are counted (rtb_spike_log_get_not_kept). */
#define RTB_SPIKE_LOG_MAX 1000
/* What ran before a kept spike, the longest first: a trace of 256 KiB names a thousand tasks. */
#define RTB_SPIKE_LOG_CAUSES_MAX 32
/* Interrupt and softirq counts a run keeps per CPU, the busiest first. */
#define RTB_SPIKE_LOG_COUNTS_PER_CPU 16

#define RTB_TRACE_NOT_ASKED (-1)

typedef struct {
  int cpu;
  gboolean softirq;
  char *name;      /* "36 virtio1-req.0", "LOC Local timer interrupts", "TIMER" */
  guint64 count;   /* during the run */
} RtbIrqCount;

typedef struct RtbSpikeLog RtbSpikeLog;

RtbSpikeLog *rtb_spike_log_new (void);
void rtb_spike_log_free (RtbSpikeLog *log);

/* RTB_TRACE_NOT_ASKED, or the last TRACE frame's status. */
int rtb_spike_log_get_status (RtbSpikeLog *log);
gint64 rtb_spike_log_get_threshold_ns (RtbSpikeLog *log); /* 0 if none */
const char *rtb_spike_log_get_message (RtbSpikeLog *log); /* why not armed, or NULL */
void rtb_spike_log_set_trace (RtbSpikeLog *log, int status, gint64 threshold_ns,
                              const char *message);

/* Takes `spike`, its causes cut to RTB_SPIKE_LOG_CAUSES_MAX. Returns it when kept, NULL when
 * smaller than every kept one of a full log. */
const RtbSpike *rtb_spike_log_add (RtbSpikeLog *log, RtbSpike *spike);
/* Spikes explained but not kept, or replaced by larger ones, since the log was full. */
guint64 rtb_spike_log_get_not_kept (RtbSpikeLog *log);
void rtb_spike_log_set_not_kept (RtbSpikeLog *log, guint64 not_kept);
/* RtbSpike*, in the order they came (kept ones only). */
GPtrArray *rtb_spike_log_get_spikes (RtbSpikeLog *log);
RtbSpikeLeague *rtb_spike_log_get_league (RtbSpikeLog *log);
/* Empties the league table (a loader then fills it as saved). */
void rtb_spike_log_clear_league (RtbSpikeLog *log);
/* The kept spikes of `series` that have a place on its curve, as the charts mark them: their
 * instances (1-based) and values in µs; valid until the next spike is added (every series'
 * arrays stay valid together). */
gsize rtb_spike_log_get_marks (RtbSpikeLog *log, guint series, const guint64 **instances,
                               const double **values_us);
/* The kept spike of `series` at `instance`, or NULL. */
const RtbSpike *rtb_spike_log_find (RtbSpikeLog *log, guint series, guint64 instance);
/* Spikes above the threshold the worker could not trace (one came while another was read). */
guint64 rtb_spike_log_get_missed (RtbSpikeLog *log);
void rtb_spike_log_set_missed (RtbSpikeLog *log, guint thread, guint64 missed);

/* The counters: the start's files, then the end's, for the measured `cpus`. */
void rtb_spike_log_set_counters_start (RtbSpikeLog *log, const char *interrupts,
                                       const char *softirqs);
void rtb_spike_log_set_counters_end (RtbSpikeLog *log, const char *interrupts,
                                     const char *softirqs, const uint64_t *cpus);
/* RtbIrqCount, per CPU the busiest first; NULL when the run has none. */
GArray *rtb_spike_log_get_irq_counts (RtbSpikeLog *log);
void rtb_spike_log_add_irq_count (RtbSpikeLog *log, const RtbIrqCount *count);

/* Run files and summary --json: adds "trace", "spikes", "spikes_missed", "spikes_not_kept",
 * "causes" and "interrupts" to the object being built. `series_names` names each series. */
void rtb_spike_log_to_json (RtbSpikeLog *log, JsonBuilder *builder,
                            const char *const *series_names, guint n_series);
/* Reads them back (each optional): FALSE with an error naming the member. */
gboolean rtb_spike_log_from_json (RtbSpikeLog *log, JsonObject *root,
                                  const char *const *series_names, guint n_series,
                                  GError **error);

G_END_DECLS
