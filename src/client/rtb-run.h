/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * RtbRun: one measurement run, live or loaded: what was asked (the command), where it ran
 * (system info), what the worker obtained, and per thread a series with exact statistics, the
 * 1 µs histogram and a bounded-memory history. Fed frame by frame from a session or a recorded
 * stream; memory stays fixed however long the run.
 */
#pragma once

#include <glib-object.h>

#include "rtb-command.h"
#include "rtb-protocol.h"
#include "rtb-series.h"
#include "rtb-spike-log.h"
#include "rtb-system-info.h"

G_BEGIN_DECLS

/* The parameters of a run's command that its source stated: all of them for a run that
 * rtbench measured or recorded, only what the file says for another tool's. The others are
 * unknown (null in run files and JSON, left out or "-" in views), whatever the command holds. */
typedef enum {
  RTB_RUN_STATED_POLICY = 1 << 0,   /* the command's and every thread's policy */
  RTB_RUN_STATED_PRIORITY = 1 << 1, /* the command's and every thread's priority */
  RTB_RUN_STATED_CPUS = 1 << 2,
  RTB_RUN_STATED_INTERVAL = 1 << 3,
  RTB_RUN_STATED_DURATION = 1 << 4,
} RtbRunStated;
#define RTB_RUN_STATED_ALL 0x1f

#define RTB_TYPE_RUN (rtb_run_get_type ())
G_DECLARE_FINAL_TYPE (RtbRun, rtb_run, RTB, RUN, GObject)

typedef enum {
  RTB_RUN_STATE_NEW,       /* created, nothing measured yet */
  RTB_RUN_STATE_RUNNING,   /* STARTED received */
  RTB_RUN_STATE_FINISHED,  /* SUMMARY received or loaded from a complete file */
  RTB_RUN_STATE_CUT_SHORT, /* the stream ended without SUMMARY; data kept */
} RtbRunState;

/* Keeps a copy of `command`. Histograms per method (1 µs buckets):
 *   latency   0 … histogram_us
 *   jitter    −H … +H with H = max(base period, 1000 µs)
 *   timer     −H … +H with H = the period, at most 500000 µs
 *   response  0 … 1 s; longer instances are overflows (their percentiles stay exact)
 *
 * Signals:
 *   ::changed ()   from rtb_run_flush_changed() when something changed since the last flush,
 *                  and once more just before ::finished
 *   ::finished ()  once, when the run leaves RUNNING: SUMMARY received or the stream ended
 *   ::spike (const RtbSpike *)  a spike was explained and kept (owned by the run)
 *   ::trace-changed ()  the worker said whether (and above what) it explains spikes
 *   ::minute (guint64 n)  the run's own clock (the worker's elapsed time, from STATS) passed
 *                  its minute n (1, 2, …): each series' minute_count and minute_max_ns cover
 *                  the samples since the previous ::minute, and start again after it; the
 *                  SUMMARY that ends a run on a new minute ticks after ::finished. A time-
 *                  compressed stream (a recording fed at full speed) ticks as fast as it goes.
 * Properties: "label" (read-write), "state" (read-only), "file" (read-write). */
RtbRun *rtb_run_new (const RtbCommand *command);

const RtbCommand *rtb_run_get_command (RtbRun *self);
RtbMethod rtb_run_get_method (RtbRun *self);
const char *rtb_run_get_label (RtbRun *self);
void rtb_run_set_label (RtbRun *self, const char *label);
const char *rtb_run_get_load (RtbRun *self);       /* "none", "cpu", "full"; NULL: unknown */
void rtb_run_set_load (RtbRun *self, const char *load);
/* When the load (stress-ng) started and stopped, in ns on the run's time axis (0 at its start;
 * the load starts before the worker, so its start is below 0), as the client that ran it saw
 * them: the stop is where the load ended, early if it died during the run.
 * RTB_RUN_TIME_UNKNOWN for either when it is not known: no load, not stopped yet, an older
 * file, an import. */
#define RTB_RUN_TIME_UNKNOWN G_MININT64
void rtb_run_get_load_span (RtbRun *self, gint64 *start_ns, gint64 *stop_ns);
void rtb_run_set_load_span (RtbRun *self, gint64 start_ns, gint64 stop_ns);
const char *rtb_run_get_source (RtbRun *self);     /* "measured" or what it was imported from */
void rtb_run_set_source (RtbRun *self, const char *source);
const RtbSystemInfo *rtb_run_get_system (RtbRun *self);
void rtb_run_set_system (RtbRun *self, RtbSystemInfo *info); /* takes ownership */
const RtbHelloFrame *rtb_run_get_worker (RtbRun *self);      /* NULL before HELLO */
/* The client's pid, for a worker it spawned on its own machine (both see the same pids): the
 * spikes it causes are named as rtbench's own (rtb_spike_explain). 0, the default: none. */
void rtb_run_set_client_pid (RtbRun *self, int pid);
/* What the worker reported in STARTED, as a normalised command line, or NULL. */
const char *rtb_run_get_worker_command (RtbRun *self);
/* The tuning checklist (RtbCheck*, rtb-checklist.h) as it was when the run started, judged
 * from the worker's SYSTEM frame for the run's CPUs and priority; NULL when none was recorded
 * (imports of other tools' files, recordings of protocol 1). */
GPtrArray *rtb_run_get_checks (RtbRun *self);
void rtb_run_set_checks (RtbRun *self, GPtrArray *checks); /* takes ownership */
/* RTB_STARTED_*: what the run gave up of the set-up HELLO reported (an ordinary thread runs
 * without locked memory or cpu_dma_latency), and whether the worker's own threads shared the
 * measured CPUs (every CPU it could use was measured). */
guint32 rtb_run_get_started_flags (RtbRun *self);
/* The timer slack the threads' sleeps got, in ns (0 for real-time threads); -1 unknown. */
gint64 rtb_run_get_timer_slack_ns (RtbRun *self);
RtbRunStated rtb_run_get_stated (RtbRun *self);
/* The period of series `index` in µs, where its curve puts instance n at n periods from the
 * start; 0 when its instances are not evenly spaced in time (a response run's instances last as
 * long as they take, noise's gaps too) or the run does not say. */
double rtb_run_get_series_period_us (RtbRun *run, guint index);               /* RTB_RUN_STATED_ALL by default */
void rtb_run_set_stated (RtbRun *self, RtbRunStated stated);
/* "latency cpus=0-1 interval_us=200 histogram_us=20": the command without the parameters
 * its source did not state. */
char *rtb_run_format_parameters (RtbRun *self);
RtbRunState rtb_run_get_state (RtbRun *self);
RtbEndReason rtb_run_get_end_reason (RtbRun *self);          /* 0 while running */
gint64 rtb_run_get_start_time (RtbRun *self);  /* µs since the epoch, 0 if not started */
gint64 rtb_run_get_end_time (RtbRun *self);
guint64 rtb_run_get_elapsed_ns (RtbRun *self); /* from the last STATS/SUMMARY */
const char *rtb_run_get_file (RtbRun *self);   /* where it was saved or loaded, or NULL */
void rtb_run_set_file (RtbRun *self, const char *path);

/* Spikes, their causes and the interrupt counts (never NULL, owned by the run). */
RtbSpikeLog *rtb_run_get_spike_log (RtbRun *self);

guint rtb_run_get_n_series (RtbRun *self);
RtbSeries *rtb_run_get_series (RtbRun *self, guint i);
/* Adds a series (loaders and importers); returns it. */
RtbSeries *rtb_run_add_series (RtbRun *self, const char *name, int cpu);

/* Applies one decoded frame from the worker. Emits ::changed (batched by the caller's main
 * loop, not per frame: see rtb_run_flush_changed) and ::finished on SUMMARY. Returns FALSE
 * and sets error on a frame that contradicts the run (unknown thread, second STARTED…). */
gboolean rtb_run_handle_frame (RtbRun *self, const RtbFrame *frame, GError **error);
/* The stream ended: without a SUMMARY the run becomes CUT_SHORT, keeping its data. */
void rtb_run_stream_ended (RtbRun *self);
/* Emits ::changed if any frame changed the run since the last call. Call it from a frame clock
 * tick or a progress timer, so a fast stream costs one redraw per tick, not one per frame. */
void rtb_run_flush_changed (RtbRun *self);

/* Totals over all series, each sample once (a hwlat CPU's inner and outer series hold its
 * latency series' samples again). */
/* Whether series i's samples are its own: hwlat's inner and outer series hold again the samples
 * of their CPU's latency series, and its losses. */
gboolean rtb_run_series_holds_own_samples (RtbRun *self, guint i);
guint64 rtb_run_get_total_count (RtbRun *self);
guint64 rtb_run_get_total_dropped (RtbRun *self);
/* Largest max over all series in µs (NAN if empty). */
double rtb_run_get_worst_us (RtbRun *self);

/* Run files (.rtbench, JSON). Saved whole or not at all, by rtb_file_write (). */
gboolean rtb_run_save (RtbRun *self, const char *path, GError **error);
RtbRun *rtb_run_load (const char *path, GError **error);
/* The whole run file document; transfer full. */
JsonNode *rtb_run_to_json (RtbRun *self);
RtbRun *rtb_run_from_json (JsonNode *root, GError **error);
/* One element of summary --json's "runs" (DESIGN.md): label, test, file, system and per series
 * count, min/avg/max, p50/p99/p99.9, stddev, overflows, dropped; transfer full. */
JsonNode *rtb_run_summary_to_json (RtbRun *self);

#define RTB_RUN_ERROR (rtb_run_error_quark ())
GQuark rtb_run_error_quark (void);
typedef enum {
  RTB_RUN_ERROR_PROTOCOL, /* a frame that does not fit the run */
  RTB_RUN_ERROR_FORMAT,   /* a run file that is not valid: the message names what */
  RTB_RUN_ERROR_VERSION,  /* a run file from a newer rtbench */
} RtbRunError;

G_END_DECLS
