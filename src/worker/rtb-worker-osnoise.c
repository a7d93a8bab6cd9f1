/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The kernel's osnoise tracer, as rtla osnoise top runs it. On each chosen CPU the tracer's
 * kernel thread (osnoise/N) runs for runtime_us of every period_us, reading the time in a loop;
 * any gap of at least tracing_thresh is noise, and the tracer counts where it came from
 * (hardware, NMI, IRQ, softirq, thread). At the end of each period it writes one line per CPU
 * (src/common/rtb-osnoise.h reads it): the period's runtime, its noise, the longest single noise
 * and the counts by source.
 *
 * The worker reads the tracer's entries in binary, as the timerlat and hwlat methods do, from
 * per_cpu/cpuN/trace_pipe_raw of its own instance, a reader thread per CPU, and sends one
 * series per CPU, "CPUn": each sample a period's noise in whole µs (as the tracer counts it),
 * numbered by the period from 0. The other sums of the period entries (runtime, max single
 * noise, counts) go in the CPU's statistics (RtbThreadStats' osnoise_…), so that the client has
 * rtla osnoise top's table over exactly the periods sent.
 *
 * Beside the periods, the instance traces the tracer's own events, each noise with its
 * duration in ns as the kernel computed it (kernel/trace/trace_osnoise.c): irq_noise,
 * softirq_noise and thread_noise from their entry to their exit less the noise nested in them
 * (an NMI inside an IRQ counts as the NMI's, an IRQ inside a thread's window as the IRQ's),
 * nmi_noise from its entry to its exit (only where sched_clock is NMI-safe: arm64 has none),
 * and sample_threshold, each gap of the tracer's loop at or above the threshold with the
 * interferences counted during it: one with none is the period's hardware noise, its
 * duration the gap. The events of a CPU come before its period's entry in the CPU's buffer;
 * the reader sums each source's durations until the entry and adds them to the CPU's
 * statistics with the period (RtbThreadStats' osnoise_durations_ns). A source's sum is known
 * when its events were as many as the entries counted.
 *
 * The kernel writes sample_threshold from inside its measuring loop, between two reads of the
 * time: at a low threshold the event's own cost becomes gaps of its own, and the HW count grows
 * (2-5 times at 2 µs on the lab's emulated board). With durations=no the instance traces no
 * event, as rtla osnoise top does, and the counts are its; every source's duration is unknown.
 *
 * The tracer's threads run at the policy and priority given (rtla osnoise -P), the kernel's
 * SCHED_OTHER by default. The instance's clock is the mono trace clock: only periods whose
 * entry comes between the run's start and end count.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "rtb-osnoise-events.h"
#include "rtb-worker.h"

_Static_assert (RTB_OSNOISE_N_SOURCES == 5, "RtbThreadStats.osnoise_counts holds each source");

/* The tracer's entry and events as this kernel lays them out: read in the prepare step, before
 * any reader exists, and only read afterwards (one run at a time per worker). */
static RtbWorkerTracerFormat period_format = {
  .names = { "noise", "runtime", "max_sample", "hw_count", "nmi_count", "irq_count",
             "softirq_count", "thread_count", NULL },
  .n_required = 8,
};
enum { DURATION, INTERFERENCE };
static RtbWorkerTracerFormat noise_formats[RTB_OSNOISE_N_SOURCES] = {
  [RTB_OSNOISE_HW] = { .event = "osnoise/sample_threshold",
                       .names = { "duration", "interference", NULL }, .n_required = 2 },
  [RTB_OSNOISE_NMI] = { .event = "osnoise/nmi_noise", .names = { "duration", NULL },
                        .n_required = 1 },
  [RTB_OSNOISE_IRQ] = { .event = "osnoise/irq_noise", .names = { "duration", NULL },
                        .n_required = 1 },
  [RTB_OSNOISE_SOFTIRQ] = { .event = "osnoise/softirq_noise", .names = { "duration", NULL },
                            .n_required = 1 },
  [RTB_OSNOISE_THREAD] = { .event = "osnoise/thread_noise", .names = { "duration", NULL },
                           .n_required = 1 },
};

typedef struct {
  RtbWorkerMeasure *m;
  RtbOsnoiseFormats formats;
  uint64_t next;            /* the next period's index */
  bool done;                /* an entry at or after the run's end came */
  RtbOsnoiseNoises noises;  /* the period's events so far */
} Reader;

static void
add_max (atomic_uint_fast64_t *max, uint64_t value)
{
  if (value > atomic_load_explicit (max, memory_order_relaxed))
    atomic_store_explicit (max, value, memory_order_relaxed);
}

/* A period's entry: the period counts when it ended within the run, with its events, and began
 * once the instance traced (its runtime before the entry): one begun before, when another
 * instance already ran the tracer, has only some of its events here. */
static void
take_period (Reader *r, const RtbOsnoisePeriod *p)
{
  RtbWorkerMeasure *m = r->m;
  RtbWorker *w = m->worker;
  int64_t at = (int64_t) p->time_ns;

  if (at >= w->start_mono_ns && w->end_mono_ns != 0 && at >= w->end_mono_ns)
    {
      r->done = true;
      return;
    }
  if (at >= w->start_mono_ns &&
      at - (int64_t) p->runtime_us * RTB_NSEC_PER_USEC >= w->tracer.started_ns)
    {
      atomic_fetch_add_explicit (&m->osnoise_runtime_us, p->runtime_us, memory_order_relaxed);
      add_max (&m->osnoise_max_single_us, p->max_single_us);
      for (int s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
        {
          atomic_fetch_add_explicit (&m->osnoise_counts[s], p->counts[s], memory_order_relaxed);
          atomic_fetch_add_explicit (&m->osnoise_durations_ns[s], r->noises.durations_ns[s],
                                     memory_order_relaxed);
          atomic_fetch_add_explicit (&m->osnoise_events[s], r->noises.events[s],
                                     memory_order_relaxed);
        }
      rtb_worker_ring_push (&m->ring, r->next++, (int64_t) p->noise_us * RTB_NSEC_PER_USEC);
    }
  memset (&r->noises, 0, sizeof r->noises);
}

static void
take_event (const RtbTraceEvent *event, void *user)
{
  Reader *r = user;
  RtbOsnoisePeriod p;

  if (!r->done &&
      rtb_osnoise_entry_take (&r->formats, event, &r->noises, &p) == RTB_OSNOISE_ENTRY_PERIOD)
    take_period (r, &p);
}

static int
reader_loop (RtbWorkerMeasure *m)
{
  Reader r = { .m = m };

  r.formats.period_id = period_format.id;
  memcpy (r.formats.period, period_format.fields, sizeof r.formats.period);
  for (int s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
    {
      /* No event is traced without durations: an ID no event has (common_type is 16 bits). */
      r.formats.noise_id[s] = m->worker->cmd.osnoise.durations == RTB_OSNOISE_DURATIONS_YES
                                ? noise_formats[s].id : UINT_MAX;
      r.formats.duration[s] = noise_formats[s].fields[DURATION];
    }
  r.formats.interference = noise_formats[RTB_OSNOISE_HW].fields[INTERFERENCE];

  return rtb_worker_tracer_read_pages (m, &period_format.layout, take_event, NULL, &r, &r.done);
}

static uint32_t
period_us (const RtbCommand *cmd)
{
  return cmd->osnoise.period_us;
}

/* The tracer's settings, as rtla osnoise -p, -r and -T set them, beside those every tracer of
 * the osnoise directory takes. */
static int
configure (RtbWorkerTracer *t, const RtbCommand *cmd)
{
  char period[16], runtime[16], thresh[16], longest[16];
  int err;

  snprintf (period, sizeof period, "%u", cmd->osnoise.period_us);
  snprintf (runtime, sizeof runtime, "%u", cmd->osnoise.runtime_us);
  snprintf (thresh, sizeof thresh, "%u", cmd->osnoise.threshold_us);
  snprintf (longest, sizeof longest, "%u", RTB_OSNOISE_PERIOD_MAX_US);
  if ((err = rtb_worker_tracer_set_shared (t, cmd->cpus)) != 0)
    return err;
  /* The kernel keeps runtime ≤ period at every step: widen first, then narrow. */
  if ((err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "osnoise/period_us", longest)) ||
      (err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "osnoise/runtime_us", runtime)) ||
      (err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "osnoise/period_us", period)) ||
      (err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "tracing_thresh", thresh)))
    return err;
  return 0;
}

bool
rtb_worker_osnoise_prepare (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  static RtbWorkerTracerFormat *const events[] = {
    &noise_formats[RTB_OSNOISE_HW], &noise_formats[RTB_OSNOISE_NMI],
    &noise_formats[RTB_OSNOISE_IRQ], &noise_formats[RTB_OSNOISE_SOFTIRQ],
    &noise_formats[RTB_OSNOISE_THREAD], NULL,
  };
  const RtbWorkerTracerMethod method = {
    .tracer = "osnoise",
    .own_instance = true,
    .series = { "", NULL },
    .period_us = period_us,
    .read = reader_loop,
    .configure = configure,
    .format = &period_format,
    .events = w->cmd.osnoise.durations == RTB_OSNOISE_DURATIONS_YES ? events : NULL,
    .per_cpu_threads = true,
  };

  return rtb_worker_tracer_prepare (w, &method, error, sys_errno);
}
