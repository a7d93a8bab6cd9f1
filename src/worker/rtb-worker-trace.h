/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Explaining spikes: the worker's tracefs instance (rtb-worker-tracefs.c) and what the run does
 * with it (rtb-worker-trace.c). A measurement thread whose sample reaches the threshold stops
 * the instance with one write on a file descriptor opened beforehand (as `cyclictest -b` does)
 * and leaves the sample in its mailbox; the writer thread reads that CPU's trace, sends it in a
 * SPIKE frame and rearms. Nothing else happens in a real-time thread: no allocation, no lock,
 * no print.
 */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "rtb-log-histogram.h"
#include "rtb-protocol.h"

#define RTB_WORKER_TRACE_PATH_MAX 512
/* trace_above_us=auto: this many times the running p99.9, once this many samples exist. */
#define RTB_WORKER_TRACE_AUTO_FACTOR 2
#define RTB_WORKER_TRACE_AUTO_MIN_SAMPLES 1000

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
  atomic_bool armed;                /* the instance records; the first spike takes it */
  atomic_int pending;               /* 0, or 1 + the index of the thread whose spike waits */

  /* The writer's */
  char *chunk;
  char *text;
  RtbLogHistogram *auto_hist;
  int64_t announced_ns;
} RtbWorkerTrace;

/* What a measurement thread leaves for the writer when it stops the trace. */
typedef struct {
  uint64_t index;
  int64_t value_ns;
  int64_t deadline_ns;
  int64_t wake_ns;
} RtbWorkerSpike;

/* rtb-worker-tracefs.c: creates, configures and hands over to the janitor the instance of the
 * CPUs `cpus`; fills t->status, t->why and t->sys_errno when it cannot. */
RtbTraceStatus rtb_worker_tracefs_create (RtbWorkerTrace *t, const uint64_t *cpus);
/* Opens a file of the instance ("per_cpu/cpu3/trace_pipe"). */
int rtb_worker_tracefs_open (const RtbWorkerTrace *t, const char *relative, int flags);
