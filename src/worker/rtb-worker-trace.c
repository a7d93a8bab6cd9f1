/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Tracing during a run: the instance records from before the threads start to the end; every
 * poll, the writer reads what each traced CPU recorded into its history
 * (rtb-worker-trace-history.c) and cuts the window of each spike the threads left.
 *
 * The writer reads the CPU's `per_cpu/cpuN/trace_pipe_raw`, the kernel's ring buffer pages
 * with the events in binary, and writes as text only the events of the windows it sends
 * (rtb-worker-trace-format.c), in the lines `per_cpu/cpuN/trace_pipe` prints, which the client
 * parses (src/client/rtb-trace-parse.c). Reading trace_pipe itself had the kernel format every
 * event, in the writer's time: on the lab's emulated arm64 board, half a core during a timerlat
 * run (docs/methods.md). Reading while recording rather than stopping the trace at a spike (as
 * `cyclictest -b` does) leaves no time untraced: a burst of spikes, one every few milliseconds,
 * is explained whole, the worst among them too.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "rtb-log-histogram.h"
#include "rtb-refusals.h"
#include "rtb-worker-trace-format.h"
#include "rtb-worker.h"

static void
set_threshold (RtbWorkerTrace *t, int64_t ns)
{
  atomic_store_explicit (&t->threshold_ns, ns, memory_order_relaxed);
}

static bool
start_recording (RtbWorkerTrace *t)
{
  return write (t->on_fd, "1", 1) == 1;
}

void
rtb_worker_trace_init (RtbWorker *w)
{
  RtbWorkerTrace *t = &w->trace;

  memset (t, 0, sizeof *t);
  t->on_fd = -1;
  t->janitor_fd = -1;
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    t->stats_fds[cpu] = -1;
  t->wanted = w->cmd.trace_auto || w->cmd.trace_above_us != 0;
  atomic_init (&t->threshold_ns, INT64_MAX);
}

/* Before the threads exist, while the worker is still root. */
void
rtb_worker_trace_start (RtbWorker *w)
{
  RtbWorkerTrace *t = &w->trace;

  if (!t->wanted)
    return;
  for (unsigned i = 0; i < w->n_measures; i++)
    if (rtb_worker_measure_traced_cpu (&w->measures[i]) < 0)
      {
        t->status = RTB_TRACE_UNSUPPORTED;
        snprintf (t->why, sizeof t->why, RTB_REFUSAL_TRACE_NOT_PINNED);
        rtb_worker_log ("trace: %s", t->why);
        return;
      }
  if (rtb_worker_tracefs_create (t, w->cmd.cpus) != RTB_TRACE_ARMED)
    return;
  t->text = malloc (RTB_SPIKE_TEXT_MAX);
  t->auto_hist = malloc (sizeof *t->auto_hist);
  t->on_fd = rtb_worker_tracefs_open (t, "tracing_on", O_WRONLY);
  if (t->text == NULL || t->auto_hist == NULL || t->on_fd < 0)
    {
      t->status = RTB_TRACE_FAILED;
      t->sys_errno = t->on_fd < 0 ? errno : ENOMEM;
      snprintf (t->why, sizeof t->why, "cannot open the tracefs instance: %s",
                strerror (t->sys_errno));
      return;
    }
  rtb_log_histogram_init (t->auto_hist);
  t->format = rtb_worker_trace_format_new (t->root, t->instance, "/proc", t->why,
                                           sizeof t->why);
  if (t->format == NULL)
    {
      t->status = RTB_TRACE_FAILED;
      t->sys_errno = EPROTO;
      rtb_worker_log ("trace: %s", t->why);
      return;
    }
  for (unsigned i = 0; i < w->n_measures; i++)
    {
      int cpu = rtb_worker_measure_traced_cpu (&w->measures[i]);
      char relative[64];
      int fd;

      /* A CPU's trace opens once: threads on one CPU (jitter's base and servo) share it. */
      if (cpu >= RTB_MAX_CPUS || t->histories[cpu] != NULL)
        continue;
      snprintf (relative, sizeof relative, "per_cpu/cpu%d/trace_pipe_raw", cpu);
      fd = rtb_worker_tracefs_open (t, relative, O_RDONLY | O_NONBLOCK);
      if (fd < 0 || (t->histories[cpu] = rtb_worker_trace_history_new (fd, cpu, t->format)) == NULL)
        {
          t->status = RTB_TRACE_FAILED;
          t->sys_errno = fd < 0 ? errno : ENOMEM;
          snprintf (t->why, sizeof t->why, "cannot read the trace of CPU %d: %s", cpu,
                    strerror (t->sys_errno));
          if (fd >= 0)
            close (fd);
          return;
        }
      snprintf (relative, sizeof relative, "per_cpu/cpu%d/stats", cpu);
      t->stats_fds[cpu] = rtb_worker_tracefs_open (t, relative, O_RDONLY);
    }
  if (!start_recording (t))
    {
      t->status = RTB_TRACE_FAILED;
      t->sys_errno = errno;
      snprintf (t->why, sizeof t->why, "cannot start the trace: %s", strerror (errno));
      return;
    }
  if (w->cmd.trace_auto)
    t->status = RTB_TRACE_WAITING;
  else
    set_threshold (t, (int64_t) w->cmd.trace_above_us * RTB_NSEC_PER_USEC);
}

static void
announce (RtbWorker *w)
{
  RtbWorkerTrace *t = &w->trace;
  RtbTraceFrame frame;

  memset (&frame, 0, sizeof frame);
  frame.status = (int32_t) t->status;
  frame.sys_errno = t->sys_errno;
  if (t->status == RTB_TRACE_ARMED)
    frame.threshold_ns = atomic_load_explicit (&t->threshold_ns, memory_order_relaxed);
  else
    snprintf (frame.message, sizeof frame.message, "%s", t->why);
  t->announced_ns = frame.threshold_ns;
  rtb_worker_output_send (RTB_FRAME_TRACE, &frame, sizeof frame, NULL, 0);
}

void
rtb_worker_trace_announce (RtbWorker *w)
{
  if (w->trace.wanted)
    announce (w);
}

/* Whether the writer should read the trace often. */
bool
rtb_worker_trace_recording (RtbWorker *w)
{
  return w->trace.on_fd >= 0 && (w->trace.status == RTB_TRACE_ARMED ||
                                 w->trace.status == RTB_TRACE_WAITING);
}

/* The writer, every poll: notes the spikes the threads left so far, then reads what each CPU
 * recorded, which holds their windows (a thread leaves a spike after it ran). True when spikes
 * wait: their samples are to be sent first (drained), then rtb_worker_trace_collect(). */
bool
rtb_worker_trace_read (RtbWorker *w)
{
  RtbWorkerTrace *t = &w->trace;
  bool waiting = false;

  if (!rtb_worker_trace_recording (w))
    return false;
  for (unsigned i = 0; i < w->n_measures; i++)
    {
      RtbWorkerSpikeQueue *q = &w->measures[i].spikes;
      q->ready = atomic_load_explicit (&q->head, memory_order_acquire);
      waiting |= q->ready != atomic_load_explicit (&q->tail, memory_order_relaxed);
    }
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    if (t->histories[cpu] != NULL)
      rtb_worker_trace_history_read (t->histories[cpu]);
  return waiting;
}

static void
send_spike (RtbWorker *w, RtbWorkerMeasure *m, const RtbWorkerSpike *spike)
{
  RtbWorkerTrace *t = &w->trace;
  RtbSpikeFrame frame;
  uint16_t flags;
  size_t used;

  /* The trace prints whole microseconds. */
  int cpu = rtb_worker_measure_traced_cpu (m);

  used = rtb_worker_trace_history_window (t->histories[cpu],
                                          spike->deadline_ns - RTB_SPIKE_LOOKBACK_NS,
                                          spike->wake_ns, t->text, RTB_SPIKE_TEXT_MAX, &flags);
  memset (&frame, 0, sizeof frame);
  frame.thread = (uint16_t) m->index;
  frame.flags = flags;
  frame.cpu = cpu;
  frame.tid = (uint32_t) (m->kernel_thread > 0 ? m->kernel_thread : m->tid);
  frame.text_len = (uint32_t) used;
  frame.index = spike->index;
  frame.value_ns = spike->value_ns;
  frame.deadline_ns = spike->deadline_ns;
  frame.wake_ns = spike->wake_ns;
  frame.missed = atomic_load_explicit (&m->spikes_missed, memory_order_relaxed);
  t->spikes_sent++;
  t->spikes_cut += (flags & RTB_SPIKE_CUT) != 0;
  t->spikes_lost += (flags & RTB_SPIKE_LOST_EVENTS) != 0;
  rtb_worker_output_send (RTB_FRAME_SPIKE, &frame, sizeof frame, t->text, used);
}

/* The writer, after the drain that sent their samples: the spikes noted by the last
 * rtb_worker_trace_read(), each with its window. */
void
rtb_worker_trace_collect (RtbWorker *w)
{
  if (!rtb_worker_trace_recording (w))
    return;
  for (unsigned i = 0; i < w->n_measures; i++)
    {
      RtbWorkerMeasure *m = &w->measures[i];
      RtbWorkerSpikeQueue *q = &m->spikes;
      uint64_t tail = atomic_load_explicit (&q->tail, memory_order_relaxed);
      int cpu = rtb_worker_measure_traced_cpu (m);

      if (cpu < 0 || cpu >= RTB_MAX_CPUS || w->trace.histories[cpu] == NULL)
        continue;
      for (; tail != q->ready; tail++)
        {
          RtbWorkerSpike spike = q->slots[tail % RTB_WORKER_SPIKE_QUEUE];
          send_spike (w, m, &spike);
          atomic_store_explicit (&q->tail, tail + 1, memory_order_release);
        }
    }
}

/* The writer, for trace_above_us=auto: every sample drained. */
void
rtb_worker_trace_account (RtbWorker *w, const RtbSample *samples, size_t n)
{
  RtbWorkerTrace *t = &w->trace;

  if (!w->cmd.trace_auto || t->auto_hist == NULL)
    return;
  for (size_t i = 0; i < n; i++)
    rtb_log_histogram_add (t->auto_hist, samples[i].value_ns, 1);
}

/* The writer, about once a second: the automatic threshold follows the running p99.9. */
void
rtb_worker_trace_refresh (RtbWorker *w)
{
  RtbWorkerTrace *t = &w->trace;
  double p999;
  int64_t threshold;

  if (!w->cmd.trace_auto || t->auto_hist == NULL ||
      (t->status != RTB_TRACE_WAITING && t->status != RTB_TRACE_ARMED) ||
      t->auto_hist->count < RTB_WORKER_TRACE_AUTO_MIN_SAMPLES)
    return;
  p999 = rtb_log_histogram_percentile (t->auto_hist, 99.9);
  threshold = (int64_t) (p999 * RTB_WORKER_TRACE_AUTO_FACTOR);
  if (threshold < RTB_TRACE_ABOVE_MIN_US * RTB_NSEC_PER_USEC)
    threshold = RTB_TRACE_ABOVE_MIN_US * RTB_NSEC_PER_USEC;
  set_threshold (t, threshold);
  t->status = RTB_TRACE_ARMED;
  /* Tell the client when it moved by a tenth or more, not every second. */
  if (t->announced_ns == 0 || threshold * 10 > t->announced_ns * 11 ||
      threshold * 11 < t->announced_ns * 10)
    announce (w);
}

/* After the writer's end: what the trace cost and what it missed, for the log. */
void
rtb_worker_trace_log (RtbWorker *w)
{
  RtbWorkerTrace *t = &w->trace;
  uint64_t missed = 0;

  if (t->on_fd < 0)
    return;
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    if (t->histories[cpu] != NULL)
      rtb_worker_trace_history_log (t->histories[cpu], t->stats_fds[cpu]);
  for (unsigned i = 0; i < w->n_measures; i++)
    missed += atomic_load_explicit (&w->measures[i].spikes_missed, memory_order_relaxed);
  rtb_worker_log ("trace: %llu spikes sent, %llu of them cut, %llu with events lost; %llu "
                  "missed (their queue was full)", (unsigned long long) t->spikes_sent,
                  (unsigned long long) t->spikes_cut, (unsigned long long) t->spikes_lost,
                  (unsigned long long) missed);
}
