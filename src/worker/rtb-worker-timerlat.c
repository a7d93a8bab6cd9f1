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
 * reader's) and "CPUn thread" (filled by the same reader). Each wake-up it reads page after page
 * until the buffer is empty, then sleeps up to READ_POLL_MS: the kernel's text (trace_pipe) gave
 * one page of formatted lines, about 40 events, per read, and the reader fell behind the tracer.
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

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "rtb-cpu-list.h"
#include "rtb-trace-page.h"
#include "rtb-worker.h"

#define READ_POLL_MS 100
#define CONTEXT_IRQ 0
#define CONTEXT_THREAD 1

/* The tracer's event as this kernel lays it out: read in the prepare step, before any reader
 * exists, and only read afterwards (one run at a time per worker). */
static struct {
  RtbTracePageLayout layout;
  unsigned id;
  RtbTraceField seqnum, context, latency;
} event_format;

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
  uint64_t pages, events;   /* read, for the log */
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
      !rtb_trace_event_field (event, &event_format.seqnum, &seq) ||
      !rtb_trace_event_field (event, &event_format.context, &context) ||
      !rtb_trace_event_field (event, &event_format.latency, &latency) ||
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

/* What reading cost, for the log: the reader must never be why the tracer's thread is late. */
static void
log_cost (const RtbWorkerMeasure *m, const Reader *r)
{
  struct rusage use;

  if (getrusage (RUSAGE_THREAD, &use) != 0)
    return;
  rtb_worker_log ("timerlat: CPU %d: %" PRIu64 " pages, %" PRIu64 " events read in %ld ms of "
                  "CPU (user %ld ms, system %ld ms)", m->measured_cpu, r->pages, r->events,
                  (long) (use.ru_utime.tv_sec + use.ru_stime.tv_sec) * 1000 +
                    (long) (use.ru_utime.tv_usec + use.ru_stime.tv_usec) / 1000,
                  (long) use.ru_utime.tv_sec * 1000 + (long) use.ru_utime.tv_usec / 1000,
                  (long) use.ru_stime.tv_sec * 1000 + (long) use.ru_stime.tv_usec / 1000);
}

static int
reader_loop (RtbWorkerMeasure *m)
{
  RtbWorker *w = m->worker;
  /* Its 64 KiB fit the reader's stack (RTB_WORKER_STACK_SIZE); it allocates nothing. */
  unsigned char page[RTB_TRACE_PAGE_MAX];
  Reader r = { .irq = m, .period_ns = m->period_ns };
  struct pollfd pfd = { .fd = m->trace_fd, .events = POLLIN };

  while (!rtb_worker_stop_requested () && !r.done)
    {
      ssize_t n = read (m->trace_fd, page, sizeof page);
      uint64_t missed;

      if (n > 0)
        {
          int events = rtb_trace_page_walk (&event_format.layout, page, (size_t) n, take_event,
                                            &r, &missed);

          if (events < 0)
            {
              rtb_worker_log ("timerlat: a page of CPU %d's trace is not as the kernel's "
                              "header_page describes it", m->measured_cpu);
              return EPROTO;
            }
          r.pages++;
          r.events += (uint64_t) events;
          continue; /* until the buffer is empty */
        }
      /* 0 is no end: the kernel could not hand a page over yet (its writer is on it). */
      if (n < 0 && errno != EAGAIN && errno != EINTR)
        return errno;
      /* Empty. No event after the end: the tracer stopped. */
      if (w->end_mono_ns != 0 && rtb_monotonic_ns () >= w->end_mono_ns + RTB_NSEC_PER_SEC)
        break;
      if (poll (&pfd, 1, READ_POLL_MS) < 0 && errno != EINTR)
        return errno;
    }
  log_cost (m, &r);
  return 0;
}

static bool
set_up_measures (RtbWorker *w)
{
  const RtbCommand *cmd = &w->cmd;
  int64_t period_ns = (int64_t) cmd->timerlat.period_us * RTB_NSEC_PER_USEC;
  unsigned i = 0;

  if (!rtb_worker_measures_alloc (w, 2 * (unsigned) rtb_cpu_count (cmd->cpus, RTB_MAX_CPUS)))
    return false;
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    {
      RtbWorkerMeasure *irq = &w->measures[i], *thread = &w->measures[i + 1];
      char name[24];

      if (!rtb_cpu_isset (cmd->cpus, cpu))
        continue;
      snprintf (name, sizeof name, "CPU%d IRQ", cpu);
      if (!rtb_worker_tracer_reader_setup (irq, name, cpu, period_ns, reader_loop))
        return false;
      snprintf (name, sizeof name, "CPU%d thread", cpu);
      if (!rtb_worker_measure_setup (thread, name, -1, 0, period_ns, RTB_WORKER_STACK_SIZE,
                                     reader_loop))
        return false;
      thread->passive = true;
      thread->runner = irq;
      thread->measured_cpu = cpu;
      i += 2;
    }
  return true;
}

/* How this kernel lays out its ring buffer's pages and the timerlat event, from tracefs. */
static bool
read_event_format (RtbWorkerTracer *t)
{
  char text[4096];
  const char *what = "events/header_page";
  long page_size = sysconf (_SC_PAGESIZE);
  int err;

  if (page_size <= 0 || page_size > RTB_TRACE_PAGE_MAX)
    {
      t->status = RTB_WORKER_TRACER_FAILED;
      t->sys_errno = EOVERFLOW;
      snprintf (t->why, sizeof t->why, "the timerlat trace cannot be read on a kernel with "
                "pages of %ld bytes: the worker reads pages of up to %d", page_size,
                RTB_TRACE_PAGE_MAX);
      return false;
    }
  err = rtb_worker_tracer_get (t, RTB_WORKER_TRACER_TOP, what, text, sizeof text);
  if (err == 0 && rtb_trace_page_layout_parse (text, &event_format.layout))
    {
      what = "events/ftrace/timerlat/format";
      err = rtb_worker_tracer_get (t, RTB_WORKER_TRACER_TOP, what, text, sizeof text);
      if (err == 0 && rtb_trace_format_id (text, &event_format.id) &&
          rtb_trace_format_field (text, "seqnum", &event_format.seqnum) &&
          rtb_trace_format_field (text, "context", &event_format.context) &&
          rtb_trace_format_field (text, "timer_latency", &event_format.latency))
        return true;
    }
  t->status = RTB_WORKER_TRACER_FAILED;
  t->sys_errno = err != 0 ? err : EPROTO;
  snprintf (t->why, sizeof t->why, "cannot read the timerlat trace: %s in %.64s: %.100s", what,
            t->root,
            err != 0 ? strerror (err) : "not the layout the worker knows (tell rtbench's "
            "authors which kernel this is)");
  return false;
}

bool
rtb_worker_timerlat_prepare (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  RtbWorkerTracer *t = &w->tracer;
  char period[16];

  if (rtb_worker_tracer_take (t, "timerlat", true) != RTB_WORKER_TRACER_TAKEN)
    return rtb_worker_tracer_refuse (w, error, sys_errno);
  if (!set_up_measures (w))
    {
      rtb_worker_tracer_release (t);
      return false;
    }
  snprintf (period, sizeof period, "%u", w->cmd.timerlat.period_us);
  if (rtb_worker_tracer_set_shared (t, w->cmd.cpus) != 0 ||
      rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "osnoise/timerlat_period_us", period))
    {
      t->status = RTB_WORKER_TRACER_FAILED;
      return rtb_worker_tracer_refuse (w, error, sys_errno);
    }
  if (!read_event_format (t) || rtb_worker_tracer_start (t) != RTB_WORKER_TRACER_TAKEN ||
      !rtb_worker_tracer_open_traces (w, "trace_pipe_raw", 2))
    return rtb_worker_tracer_refuse (w, error, sys_errno);
  if (!rtb_worker_tracer_set_threads (w, "timerlat", 2, error, sys_errno))
    {
      rtb_worker_tracer_release (t);
      return false;
    }
  return true;
}
