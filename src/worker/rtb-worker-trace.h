/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Explaining spikes: the worker's tracefs instance (rtb-worker-tracefs.c), the recent trace of
 * each traced CPU (rtb-worker-trace-history.c) and what the run does with them
 * (rtb-worker-trace.c). The instance records from the start to the end of the run; the writer
 * reads it while it records. A measurement thread whose sample reaches the threshold leaves the
 * sample in its spike queue, a few stores and no system call; the writer cuts that sample's
 * window from the history and sends it in a SPIKE frame. Nothing else happens in a real-time
 * thread: no allocation, no lock, no print.
 */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "rtb-cpu-list.h"
#include "rtb-log-histogram.h"
#include "rtb-protocol.h"
#include "rtb-time.h"

#define RTB_WORKER_TRACE_PATH_MAX 512
/* trace_above_us=auto: this many times the running p99.9, once this many samples exist. */
#define RTB_WORKER_TRACE_AUTO_FACTOR 2
#define RTB_WORKER_TRACE_AUTO_MIN_SAMPLES 1000

/* How long the history of a CPU's trace reaches back from its newest line: a spike's window
 * starts RTB_SPIKE_LOOKBACK_NS before its deadline, so a spike read this long after its
 * deadline, or longer, is sent cut. */
#define RTB_WORKER_TRACE_KEEP_NS (200 * 1000 * 1000)
/* Spans of lost events a history remembers. */
#define RTB_WORKER_TRACE_GAPS 16
/* Spikes a thread may leave before the writer takes them; past it they are counted missed. */
#define RTB_WORKER_SPIKE_QUEUE 64

typedef struct RtbWorkerTraceHistory RtbWorkerTraceHistory;
struct RtbWorkerTraceFormat;

typedef struct {
  /* Set up by the main thread before any measurement thread exists */
  bool wanted;
  RtbTraceStatus status;
  int sys_errno;
  char why[RTB_TEXT_MAX * 2];
  char root[RTB_WORKER_TRACE_PATH_MAX];
  char instance[RTB_WORKER_TRACE_PATH_MAX + 64];
  bool mounted_here;
  int janitor_fd;  /* its only writer: closing it (the worker's exit) removes the instance */
  pid_t janitor;
  int on_fd;       /* the instance's tracing_on */

  /* Shared with the measurement threads */
  atomic_int_fast64_t threshold_ns; /* INT64_MAX: nothing is traced */

  /* The writer's */
  struct RtbWorkerTraceFormat *format;            /* how the events are laid out and written */
  RtbWorkerTraceHistory *histories[RTB_MAX_CPUS]; /* one per traced CPU, NULL for the others */
  int stats_fds[RTB_MAX_CPUS];  /* their per_cpu/cpuN/stats, opened while root; -1 */
  uint64_t spikes_sent, spikes_cut, spikes_lost;
  char *text;
  RtbLogHistogram *auto_hist;
  int64_t announced_ns;
} RtbWorkerTrace;

/* What a measurement thread leaves for the writer when its sample reaches the threshold. */
typedef struct {
  uint64_t index;
  int64_t value_ns;
  int64_t deadline_ns;
  int64_t wake_ns;
} RtbWorkerSpike;

/* A measurement thread's spikes on their way to the writer: one writer (the thread), one
 * reader (the writer thread). */
typedef struct {
  RtbWorkerSpike slots[RTB_WORKER_SPIKE_QUEUE];
  atomic_uint_fast64_t head; /* written by the measurement thread */
  atomic_uint_fast64_t tail; /* written by the writer */
  uint64_t ready;            /* the writer's: head when it last read the trace */
} RtbWorkerSpikeQueue;

/* rtb-worker-tracefs.c: creates, configures and hands over to the janitor the instance of the
 * CPUs `cpus`; fills t->status, t->why and t->sys_errno when it cannot. */
RtbTraceStatus rtb_worker_tracefs_create (RtbWorkerTrace *t, const uint64_t *cpus);
/* Opens a file of the instance ("per_cpu/cpu3/trace_pipe"). */
int rtb_worker_tracefs_open (const RtbWorkerTrace *t, const char *relative, int flags);
/* The run is over: the instance stops recording (through the descriptor opened while root),
 * before the janitor removes it. */
void rtb_worker_tracefs_off (const RtbWorkerTrace *t);

/* rtb-worker-trace-history.c: the recent events of CPU `cpu`'s trace_pipe_raw `fd` (O_NONBLOCK),
 * written as lines by `format` (rtb-worker-trace-format.h), which every CPU's history shares. */
RtbWorkerTraceHistory *rtb_worker_trace_history_new (int fd, int cpu,
                                                     struct RtbWorkerTraceFormat *format);
void rtb_worker_trace_history_free (RtbWorkerTraceHistory *h);
int rtb_worker_trace_history_fd (const RtbWorkerTraceHistory *h);
/* Reads what the buffer holds now, then forgets events older than RTB_WORKER_TRACE_KEEP_NS. */
void rtb_worker_trace_history_read (RtbWorkerTraceHistory *h);
/* Writes the lines of the events whose time lies in [from_ns, to_ns] into `out` (at most `size`
 * bytes, the newest kept when they do not fit) and returns their length; `flags` gets
 * RTB_SPIKE_CUT when events of the window are not there (too many, or forgotten) and
 * RTB_SPIKE_LOST_EVENTS when the kernel lost events in it. */
size_t rtb_worker_trace_history_window (RtbWorkerTraceHistory *h, int64_t from_ns,
                                        int64_t to_ns, char *out, size_t size, uint16_t *flags);
/* Logs what reading cost and what was lost, with the counts of the CPU's `stats` file. */
void rtb_worker_trace_history_log (const RtbWorkerTraceHistory *h, int stats_fd);
