/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A kernel tracer taken for one run: the methods whose samples the kernel itself measures
 * (timerlat, osnoise, hwlat) set it up, read it, and give it back through this module alone.
 *
 * How a method uses it, in its prepare step (root, before any thread exists):
 *
 *   rtb_worker_tracer_take (&w->tracer, "timerlat", true)     refused: rtb_worker_tracer_error()
 *   rtb_worker_tracer_set (&w->tracer, RTB_WORKER_TRACER_TOP, "osnoise/timerlat_period_us", "1000")
 *   rtb_worker_tracer_start (&w->tracer)                     current_tracer = timerlat
 *   fd = rtb_worker_tracer_open (&w->tracer, "per_cpu/cpu1/trace_pipe", O_RDONLY | O_NONBLOCK)
 *
 * and rtb_worker_run() gives it back when the run ends (rtb_worker_tracer_release()).
 *
 * The tracer runs in an instance of its own (instances/rtbench-PID-START-tracer) when the kernel
 * allows that tracer there (timerlat and osnoise do; hwlat runs only at the top level). Files
 * that exist only at the top level (the osnoise directory, tracing_thresh, hwlat_detector) are
 * changed there.
 *
 * Every change is undoable, however the worker ends: before a file is written, its old value
 * goes to a journal that a janitor holds, a process forked while the worker is root whose only
 * input is a pipe from the worker. When the pipe closes (the run's end, the worker's exit, its
 * SIGKILL included) the janitor writes every old value back, newest change first, removes the
 * instance, unmounts tracefs if the worker mounted it, and exits. It executes nothing and writes
 * no path but those of the journal. When the worker and its janitor are both killed, a later
 * worker removes the instance (rtb_worker_tracefs_remove_stale()); the top-level files stay as
 * the dead worker set them.
 */
#pragma once

#include <stdbool.h>
#include <sys/types.h>

#include "rtb-command.h"
#include "rtb-worker-trace.h"

/* Changes one run may make, and the longest old value a change may replace. */
#define RTB_WORKER_TRACER_CHANGES_MAX 32
#define RTB_WORKER_TRACER_VALUE_MAX 1024
/* Files a run may hold open (a trace_pipe per CPU and a few more). */
#define RTB_WORKER_TRACER_FDS_MAX (RTB_MAX_THREADS + 8)

typedef enum {
  RTB_WORKER_TRACER_NONE = 0,      /* not asked for */
  RTB_WORKER_TRACER_TAKEN,
  RTB_WORKER_TRACER_NOT_PERMITTED, /* not root */
  RTB_WORKER_TRACER_NO_TRACEFS,    /* a kernel without tracefs */
  RTB_WORKER_TRACER_MISSING,       /* a kernel without this tracer (available_tracers) */
  RTB_WORKER_TRACER_BUSY,          /* another user of the tracer (rtla, another run) */
  RTB_WORKER_TRACER_FAILED,
} RtbWorkerTracerStatus;

/* Where a file lies: the tracefs root, or the tracer's own directory (its instance, or the
 * root when it runs at the top level). */
typedef enum {
  RTB_WORKER_TRACER_TOP,
  RTB_WORKER_TRACER_OWN,
} RtbWorkerTracerScope;

typedef struct {
  const char *name;                       /* "timerlat", "osnoise", "hwlat" */
  RtbWorkerTracerStatus status;
  int sys_errno;
  char why[256];                          /* the refusal, with the way out */
  char root[RTB_WORKER_TRACE_PATH_MAX];   /* where tracefs is mounted */
  char dir[RTB_WORKER_TRACE_PATH_MAX + 64]; /* its instance, or the root */
  bool in_instance;
  int64_t started_ns;                     /* CLOCK_MONOTONIC when it was asked to start */
  unsigned n_changes;
  int journal_fd;                         /* the janitor's pipe; -1 once given back */
  pid_t janitor;
  int fds[RTB_WORKER_TRACER_FDS_MAX];     /* opened through rtb_worker_tracer_open() */
  unsigned n_fds;
} RtbWorkerTracer;

/* Nothing taken yet: what rtb_worker_run() does before the method's prepare step. */
void rtb_worker_tracer_init (RtbWorkerTracer *t);
/* Whether the running kernel offers the tracer `name` (available_tracers); false also when
 * tracefs cannot be read. */
bool rtb_worker_tracer_available (const char *root, const char *name);

/* Takes the tracer `name` for this run, in an instance of its own when `own_instance` (the
 * tracer allows instances), else at the top level. Returns RTB_WORKER_TRACER_TAKEN, or a
 * refusal with t->why saying why and what to do, having undone whatever it did. */
RtbWorkerTracerStatus rtb_worker_tracer_take (RtbWorkerTracer *t, const char *name,
                                              bool own_instance);
/* Writes `value` to `file` of `scope`, its old value journalled first. Returns 0 or an errno
 * (then t->why says which file refused what). */
int rtb_worker_tracer_set (RtbWorkerTracer *t, RtbWorkerTracerScope scope, const char *file,
                           const char *value);
/* Reads `file` of `scope` into `buf` (its last newline cut); returns 0 or an errno. */
int rtb_worker_tracer_get (const RtbWorkerTracer *t, RtbWorkerTracerScope scope,
                           const char *file, char *buf, size_t size);
/* current_tracer = the tracer, in its directory: it starts measuring. Returns the status (BUSY
 * when another user holds it) and fills t->why when it fails. */
RtbWorkerTracerStatus rtb_worker_tracer_start (RtbWorkerTracer *t);
/* Opens `file` of the tracer's directory; the descriptor is the tracer's and closes at
 * rtb_worker_tracer_release(). -1 with errno when it cannot. */
int rtb_worker_tracer_open (RtbWorkerTracer *t, const char *file, int flags);
/* The run is over: closes the tracer's files and hands the journal to the janitor, which puts
 * every file back; returns once it has. Does nothing when nothing was taken. */
void rtb_worker_tracer_release (RtbWorkerTracer *t);
/* The refusal as the ERROR frame says it: RTB_ERROR_PERMISSION when not root, else
 * RTB_ERROR_SYSTEM, with t->why. */
void rtb_worker_tracer_error (const RtbWorkerTracer *t, RtbCommandError *error);
