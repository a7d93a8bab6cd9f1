/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The kernel's hardware latency detector (Documentation/trace/hwlat_detector.rst). Its kernel
 * thread (hwlatd) spins with interrupts off for hwlat_detector/width µs of every
 * hwlat_detector/window µs, reading the clock in a loop, and moves to the next CPU of
 * tracing_cpumask each window (hwlat_detector/mode round-robin, the kernel's default, set so
 * that a previous user's per-cpu mode does not stop every CPU at once); with mode=per-cpu a
 * thread of each CPU (hwlatd/N) spins in every window, all at once. A window whose longest
 * gap between two reads (inner) or between two turns of the loop (outer) is above
 * tracing_thresh is a sample: the tracer writes one event into the ring buffer of the CPU it ran
 * on, with both gaps in whole µs, the number of gaps above the threshold, and the NMIs that came
 * during the window (their count and total µs). Windows below the threshold leave nothing.
 *
 * hwlat runs only at tracefs's top level, so every file it needs is changed there, each old
 * value journalled for the janitor (rtb-worker-tracer.h). The worker reads the events in binary
 * from per_cpu/cpuN/trace_pipe_raw, one reader thread per CPU, and sends three series per CPU:
 * "CPUn", each sample's latency as the tracer counts it for its max (the larger of inner and
 * outer), and "CPUn inner" and "CPUn outer" apart. A sample's index is its window on the run's
 * grid (its time since the start over the window), so the windows of other CPUs and the quiet
 * ones stand as gaps between samples. The gaps above the threshold and the NMIs go in the
 * CPU's statistics (RtbThreadStats' hwlat_…). The clock is the mono trace clock: only samples
 * between the run's start and end count.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "rtb-command-keys.h"
#include "rtb-worker-tracefs.h"
#include "rtb-worker.h"

#define SERIES_PER_CPU 3

/* The tracer's event as this kernel lays it out: read in the prepare step, before any reader
 * exists, and only read afterwards (one run at a time per worker). The count of gaps came with
 * 5.14, the NMI fields are there since 4.19, yet a kernel without them still measures. */
enum { INNER, OUTER, GAPS, NMI_COUNT, NMI_US };
static RtbWorkerTracerFormat event_format = {
  .names = { "duration", "outer_duration", "count", "nmi_count", "nmi_total_ts", NULL },
  .n_required = 2,
};

typedef struct {
  RtbWorkerMeasure *max;    /* the CPU's "CPUn" series; inner and outer follow it */
  int64_t window_ns;
  uint64_t next;            /* the next window a sample may take */
  bool done;                /* a sample at or after the run's end came */
  bool uncounted;           /* the kernel lost samples without counting them (logged once) */
} Reader;

static uint64_t
field_or_zero (const RtbTraceEvent *event, unsigned field)
{
  int64_t value;

  if (!event_format.have[field] || !rtb_trace_event_field (event, &event_format.fields[field],
                                                           &value) || value < 0)
    return 0;
  return (uint64_t) value;
}

/* A sample's count of `field` added to `total`; RTB_HWLAT_UNKNOWN from the first sample on,
 * when this kernel's event lacks the field (count before 5.14), which 0 would hide. */
static void
add_count (atomic_uint_fast64_t *total, const RtbTraceEvent *event, unsigned field)
{
  if (!event_format.have[field])
    atomic_store_explicit (total, RTB_HWLAT_UNKNOWN, memory_order_relaxed);
  else
    atomic_fetch_add_explicit (total, field_or_zero (event, field), memory_order_relaxed);
}

static void
take_event (const RtbTraceEvent *event, void *user)
{
  Reader *r = user;
  RtbWorkerMeasure *m = r->max;
  RtbWorker *w = m->worker;
  int64_t inner, outer, at = (int64_t) event->time;
  uint64_t index, nmis;

  if (r->done || event->type != event_format.id ||
      !rtb_trace_event_field (event, &event_format.fields[INNER], &inner) ||
      !rtb_trace_event_field (event, &event_format.fields[OUTER], &outer) || inner < 0 ||
      outer < 0 || at < w->start_mono_ns)
    return;
  if (w->end_mono_ns != 0 && at >= w->end_mono_ns)
    {
      r->done = true;
      return;
    }
  index = (uint64_t) (at - w->start_mono_ns) / (uint64_t) r->window_ns;
  if (index < r->next)
    index = r->next;
  r->next = index + 1;
  add_count (&m->hwlat_gaps, event, GAPS);
  nmis = field_or_zero (event, NMI_COUNT);
  if (!event_format.have[NMI_COUNT])
    {
      atomic_store_explicit (&m->hwlat_nmi_windows, RTB_HWLAT_UNKNOWN, memory_order_relaxed);
      atomic_store_explicit (&m->hwlat_nmi_count, RTB_HWLAT_UNKNOWN, memory_order_relaxed);
      atomic_store_explicit (&m->hwlat_nmi_us, RTB_HWLAT_UNKNOWN, memory_order_relaxed);
    }
  else if (nmis > 0)
    {
      atomic_fetch_add_explicit (&m->hwlat_nmi_windows, 1, memory_order_relaxed);
      atomic_fetch_add_explicit (&m->hwlat_nmi_count, nmis, memory_order_relaxed);
      add_count (&m->hwlat_nmi_us, event, NMI_US);
    }
  rtb_worker_ring_push (&m[1].ring, index, inner * RTB_NSEC_PER_USEC);
  rtb_worker_ring_push (&m[2].ring, index, outer * RTB_NSEC_PER_USEC);
  rtb_worker_ring_push (&m->ring, index, (inner > outer ? inner : outer) * RTB_NSEC_PER_USEC);
}

/* Samples the kernel overwrote in the CPU's full buffer before the reader took them: dropped
 * from its three series. The event's seqnum cannot say it: the detector numbers its samples
 * across every CPU, whose readers see each their own. Lost without a count (no room left for
 * it on the page), they are one at least. */
static void
lose_events (uint64_t missed, void *user)
{
  Reader *r = user;

  if (missed == UINT64_MAX && !r->uncounted)
    rtb_worker_log ("hwlat: CPU %d's buffer lost samples without counting them: counted as "
                    "one each time", r->max->measured_cpu);
  r->uncounted |= missed == UINT64_MAX;
  for (int k = 0; k < SERIES_PER_CPU; k++)
    atomic_fetch_add_explicit (&r->max[k].ring.dropped, missed == UINT64_MAX ? 1 : missed,
                               memory_order_relaxed);
}

static int
reader_loop (RtbWorkerMeasure *m)
{
  Reader r = { .max = m, .window_ns = m->period_ns };

  return rtb_worker_tracer_read_pages (m, &event_format.layout, take_event, lose_events, &r,
                                       &r.done);
}

/* The detector's window, each series' period: a sample's index is its window. */
static uint32_t
period_us (const RtbCommand *cmd)
{
  return cmd->hwlat.window_us;
}

/* The detector's settings. The kernel keeps width < window at every write: the window grows to
 * its largest first, then the width is set, then the window (the janitor undoes it in the
 * reverse order, which keeps the rule too). */
static int
configure (RtbWorkerTracer *t, const RtbCommand *cmd)
{
  char mask[RTB_MAX_CPUS / 4 + RTB_MAX_CPUS / 32 + 1], width[16], window[16], widest[16];
  char thresh[16], mode[RTB_WORKER_TRACER_VALUE_MAX];
  int err;

  rtb_worker_tracefs_format_cpumask (cmd->cpus, mask, sizeof mask);
  snprintf (width, sizeof width, "%u", cmd->hwlat.width_us);
  snprintf (window, sizeof window, "%u", cmd->hwlat.window_us);
  snprintf (widest, sizeof widest, "%u", RTB_HWLAT_WINDOW_MAX_US);
  snprintf (thresh, sizeof thresh, "%u", cmd->hwlat.threshold_us);
  if ((err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "tracing_cpumask", mask)) ||
      (err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "hwlat_detector/window", widest)) ||
      (err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "hwlat_detector/width", width)) ||
      (err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "hwlat_detector/window", window)) ||
      (err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "tracing_thresh", thresh)) ||
      (err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "trace_clock", "mono")) ||
      (err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "tracing_on", "1")))
    return err;
  /* Kernels before 5.14 have one mode, round-robin, and no file for it. Set even then, so that
   * a previous user's per-cpu mode does not stop every CPU at once unasked. */
  if (rtb_worker_tracer_get (t, RTB_WORKER_TRACER_TOP, "hwlat_detector/mode", mode,
                             sizeof mode) == 0)
    return rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "hwlat_detector/mode",
                                  rtb_command_key_word (RTB_KEY_HWLAT_MODE, cmd->hwlat.mode));
  if (cmd->hwlat.mode == RTB_HWLAT_MODE_ROUND_ROBIN)
    return 0;
  snprintf (t->why, sizeof t->why, "this kernel's hwlat detector has no per-cpu mode (no "
            "hwlat_detector/mode, which came with Linux 5.14): measure with mode=round-robin, "
            "or boot a newer kernel");
  return ENOENT;
}

/* The detector's thread, which STARTED reports: round-robin's one hwlatd for every CPU it
 * visits, or per-cpu's hwlatd/N of each CPU. They exist once the tracer starts (the kernel's
 * tracer_init). */
static void
name_threads (RtbWorker *w)
{
  bool per_cpu = w->cmd.hwlat.mode == RTB_HWLAT_MODE_PER_CPU;

  for (unsigned i = 0; i < w->n_measures; i++)
    {
      RtbWorkerMeasure *m = &w->measures[i];
      pid_t pid = 0;

      for (int tries = 0; pid == 0 && tries < 100; tries++)
        if ((pid = rtb_worker_tracer_kernel_thread ("hwlatd",
                                                    per_cpu ? m->measured_cpu : -1)) == 0)
          usleep (10000);
      if (pid == 0)
        {
          rtb_worker_log ("hwlat: no hwlatd thread found for CPU %d", m->measured_cpu);
          return;
        }
      m->kernel_thread = pid;
      m->kernel_thread_moves = !per_cpu;
    }
}

bool
rtb_worker_hwlat_prepare (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  /* hwlat runs only at the top level (its tracer has no allow_instances). */
  static const RtbWorkerTracerMethod method = {
    .tracer = "hwlat",
    .own_instance = false,
    .series = { "", " inner", " outer", NULL },
    .period_us = period_us,
    .read = reader_loop,
    .configure = configure,
    .format = &event_format,
  };

  if (!rtb_worker_tracer_prepare (w, &method, error, sys_errno))
    return false;
  name_threads (w);
  return true;
}
