/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The kernel's timerlat tracer, as rtla timerlat runs it. On each chosen CPU the tracer's
 * kernel thread (timerlat/N) arms a timer for the next period and sleeps; the timer's
 * interrupt records how late it ran (context irq), the woken thread how late it ran (context
 * thread), both from the same deadline, in ns, under one activation number. rtla counts both
 * in whole µs, truncated; so does the worker.
 *
 * The worker reads the tracer's events in binary, as rtla does, from per_cpu/cpuN/trace_pipe_raw
 * of its instance (rtb-trace-page.h): one reader thread per CPU that never runs on a measured CPU
 * when another exists, and pushes each value to one of the CPU's two series, "CPUn IRQ" (the
 * reader's) and "CPUn thread" (filled by the same reader). Once a second, as rtla does, it reads
 * page after page until the buffer is empty (rtb_worker_tracer_read_pages()): the kernel's text
 * (trace_pipe) gave one page of formatted lines, about 40 events, per read, and the reader fell
 * behind the tracer.
 *
 * A sample's index is its period on the tracer's grid, not its activation number: the tracer
 * numbers the activations it completes and skips the periods that went by while its thread was
 * late, so the deadline (the event's time minus its latency) says which period it was. The
 * periods without a sample are skipped, except those whose events were lost (a gap in the
 * activation numbers), which are dropped samples.
 *
 * The instance's clock is the mono trace clock, so that only activations between the run's
 * start and end count: the tracer starts while the worker is still root, before the gate.
 */
#include "config.h"

#include <stdio.h>

#include "rtb-worker.h"

#define CONTEXT_IRQ 0
#define CONTEXT_THREAD 1

/* The tracer's event as this kernel lays it out: read in the prepare step, before any reader
 * exists, and only read afterwards (one run at a time per worker). */
enum { SEQNUM, CONTEXT, LATENCY };
static RtbWorkerTracerFormat event_format = {
  .names = { "seqnum", "context", "timer_latency", NULL },
  .n_required = 3,
};

typedef struct {
  RtbWorkerMeasure *irq;    /* the CPU's IRQ series; the thread series follows it */
  int64_t period_ns;
  bool started;
  bool done;                /* an interrupt at or after the run's end came */
  int64_t grid;             /* the deadline of period 0, the run's first activation */
  uint32_t first_seq;
  uint32_t irq_seq;         /* the last interrupt's activation and its period */
  uint64_t irq_period;
  uint64_t next[2];         /* each series' next period */
  uint32_t last_seq[2];     /* each series' last activation number */
} Reader;

/* The period of a deadline, which the event gives late: its time is taken after the latency's
 * clock read, by microseconds, or by milliseconds when the CPU is taken away between the two (a
 * hypervisor). Up to 7/8 of a period late counts as that period; a deadline up to 1/8 of one
 * early moves the grid back, as period 0's own deadline came late. */
static uint64_t
period_of (Reader *r, int64_t deadline)
{
  int64_t p = r->period_ns, x = deadline - r->grid, rem = x % p;

  if (rem < 0)
    rem += p;
  if (rem > p - p / 8)
    {
      r->grid -= p - rem;
      x += p - rem;
    }
  return x < 0 ? 0 : (uint64_t) (x / p);
}

static void
take_event (const RtbTraceEvent *event, void *user)
{
  Reader *r = user;
  RtbWorker *w = r->irq->worker;
  int64_t seq, context, latency, at = (int64_t) event->time;
  uint64_t index, gap, lost;
  RtbWorkerMeasure *m;
  int s;

  if (r->done || event->type != event_format.id ||
      !rtb_trace_event_field (event, &event_format.fields[SEQNUM], &seq) ||
      !rtb_trace_event_field (event, &event_format.fields[CONTEXT], &context) ||
      !rtb_trace_event_field (event, &event_format.fields[LATENCY], &latency) ||
      (context != CONTEXT_IRQ && context != CONTEXT_THREAD) || latency < 0 ||
      at < w->start_mono_ns)
    return;
  s = context == CONTEXT_THREAD;
  m = r->irq + s;
  if (!r->started)
    {
      /* An activation counts whole: from its interrupt on. */
      if (s)
        return;
      r->started = true;
      r->grid = at - latency;
      r->first_seq = (uint32_t) seq;
      r->last_seq[0] = r->last_seq[1] = (uint32_t) seq - 1;
    }
  /* The thread's half of an activation begun before the run. */
  if ((int32_t) ((uint32_t) seq - r->first_seq) < 0)
    return;
  if (!s && w->end_mono_ns != 0 && at >= w->end_mono_ns)
    {
      r->done = true;
      return;
    }
  /* The thread's half of an activation is in its interrupt's period, whose time stamp is the
   * closer one: nothing runs between the interrupt's clock read and its event. */
  if (s && (uint32_t) seq == r->irq_seq)
    index = r->irq_period;
  else
    index = period_of (r, at - latency);
  if (index < r->next[s])
    index = r->next[s];
  if (!s)
    {
      r->irq_seq = (uint32_t) seq;
      r->irq_period = index;
    }
  gap = index - r->next[s];
  lost = (uint32_t) ((uint32_t) seq - r->last_seq[s] - 1);
  if (lost > gap)
    lost = gap;
  if (gap > lost)
    atomic_fetch_add_explicit (&m->skipped, gap - lost, memory_order_relaxed);
  if (lost > 0)
    atomic_fetch_add_explicit (&m->ring.dropped, lost, memory_order_relaxed);
  r->next[s] = index + 1;
  r->last_seq[s] = (uint32_t) seq;
  /* As rtla counts it: whole µs, truncated. */
  rtb_worker_ring_push (&m->ring, index, latency / RTB_NSEC_PER_USEC * RTB_NSEC_PER_USEC);
  /* A spike is the thread's: its window runs from the deadline to the thread's clock read. */
  if (s)
    rtb_worker_trace_hit (m, index, latency / RTB_NSEC_PER_USEC * RTB_NSEC_PER_USEC,
                          at - latency, at);
}

static int
reader_loop (RtbWorkerMeasure *m)
{
  Reader r = { .irq = m, .period_ns = m->period_ns };

  return rtb_worker_tracer_read_pages (m, &event_format.layout, take_event, NULL, &r, &r.done);
}

static uint32_t
period_us (const RtbCommand *cmd)
{
  return cmd->timerlat.period_us;
}

/* The tracer's period, as rtla timerlat -p sets it, beside the settings every tracer of the
 * osnoise directory takes. */
static int
configure (RtbWorkerTracer *t, const RtbCommand *cmd)
{
  char period[16];
  int err;

  snprintf (period, sizeof period, "%u", cmd->timerlat.period_us);
  if ((err = rtb_worker_tracer_set_shared (t, cmd->cpus)) != 0)
    return err;
  return rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "osnoise/timerlat_period_us", period);
}

bool
rtb_worker_timerlat_prepare (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  static const RtbWorkerTracerMethod method = {
    .tracer = "timerlat",
    .own_instance = true,
    .series = { " IRQ", " thread", NULL },
    .period_us = period_us,
    .read = reader_loop,
    .configure = configure,
    .format = &event_format,
    .per_cpu_threads = true,
  };

  return rtb_worker_tracer_prepare (w, &method, error, sys_errno);
}
