/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The kernel's osnoise tracer, as rtla osnoise top runs it. On each chosen CPU the tracer's
 * kernel thread (osnoise/N) runs for runtime_us of every period_us, reading the time in a loop;
 * any gap of at least tracing_thresh is noise, and the tracer counts where it came from
 * (hardware, NMI, IRQ, softirq, thread). At the end of each period it writes one line per CPU
 * (src/common/rtb-osnoise.h reads it): the period's runtime, its noise, the longest single noise
 * and the counts by source.
 *
 * The worker reads the tracer's text from per_cpu/cpuN/trace_pipe of its own instance, a reader
 * thread per CPU, and sends one series per CPU, "CPUn": each sample a period's noise in whole
 * µs (as the tracer prints it), numbered by the period from 0. The other sums of the period
 * lines (runtime, max single noise, counts) go in the CPU's statistics (RtbThreadStats'
 * osnoise_…), so that the client has rtla osnoise top's table over exactly the periods sent.
 * The tracer's threads run at the policy and priority given (rtla osnoise -P), the kernel's
 * SCHED_OTHER by default. The instance's clock is the mono trace clock: only periods whose
 * line comes between the run's start and end count.
 */
#include "config.h"

#include <stdio.h>

#include "rtb-cpu-list.h"
#include "rtb-osnoise.h"
#include "rtb-worker.h"

_Static_assert (RTB_OSNOISE_N_SOURCES == 5, "RtbThreadStats.osnoise_counts holds each source");

typedef struct {
  uint64_t next; /* the next period's index */
} ReaderState;

static void
add_max (atomic_uint_fast64_t *max, uint64_t value)
{
  if (value > atomic_load_explicit (max, memory_order_relaxed))
    atomic_store_explicit (max, value, memory_order_relaxed);
}

/* One line of the CPU's trace; false once the run's end is passed. */
static bool
take_line (RtbWorkerMeasure *m, const char *line, size_t len, void *state)
{
  RtbWorker *w = m->worker;
  ReaderState *st = state;
  RtbOsnoisePeriod p;

  if (!rtb_osnoise_parse_period (line, len, &p) || p.cpu != m->measured_cpu)
    return true;
  if ((int64_t) p.time_ns < w->start_mono_ns)
    return true;
  if (w->end_mono_ns != 0 && (int64_t) p.time_ns >= w->end_mono_ns)
    return false;
  atomic_fetch_add_explicit (&m->osnoise_runtime_us, p.runtime_us, memory_order_relaxed);
  add_max (&m->osnoise_max_single_us, p.max_single_us);
  for (int s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
    atomic_fetch_add_explicit (&m->osnoise_counts[s], p.counts[s], memory_order_relaxed);
  rtb_worker_ring_push (&m->ring, st->next++, (int64_t) p.noise_us * RTB_NSEC_PER_USEC);
  return true;
}

static int
reader_loop (RtbWorkerMeasure *m)
{
  ReaderState st = { 0 };

  return rtb_worker_tracer_read_lines (m, take_line, &st);
}

static bool
set_up_measures (RtbWorker *w)
{
  const RtbCommand *cmd = &w->cmd;
  int64_t period_ns = (int64_t) cmd->osnoise.period_us * RTB_NSEC_PER_USEC;
  unsigned i = 0;

  if (!rtb_worker_measures_alloc (w, (unsigned) rtb_cpu_count (cmd->cpus, RTB_MAX_CPUS)))
    return false;
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    {
      RtbWorkerMeasure *m = &w->measures[i];
      char name[24];

      if (!rtb_cpu_isset (cmd->cpus, cpu))
        continue;
      snprintf (name, sizeof name, "CPU%d", cpu);
      if (!rtb_worker_tracer_reader_setup (m, name, cpu, period_ns, reader_loop))
        return false;
      i++;
    }
  return true;
}

/* The tracer's settings, as rtla osnoise -p, -r and -T set them, beside those every tracer of
 * the osnoise directory takes. */
static int
configure (RtbWorkerTracer *t, const RtbCommand *cmd)
{
  char period[16], runtime[16], thresh[16];
  int err;

  snprintf (period, sizeof period, "%u", cmd->osnoise.period_us);
  snprintf (runtime, sizeof runtime, "%u", cmd->osnoise.runtime_us);
  snprintf (thresh, sizeof thresh, "%u", cmd->osnoise.threshold_us);
  if ((err = rtb_worker_tracer_set_shared (t, cmd->cpus)) != 0)
    return err;
  /* The kernel keeps runtime ≤ period at every step: widen first, then narrow. */
  if ((err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "osnoise/period_us", "10000000")) ||
      (err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "osnoise/runtime_us", runtime)) ||
      (err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "osnoise/period_us", period)) ||
      (err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "tracing_thresh", thresh)))
    return err;
  return 0;
}

bool
rtb_worker_osnoise_prepare (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  static const RtbWorkerTracerMethod method = {
    .tracer = "osnoise",
    .own_instance = true,
    .set_up_measures = set_up_measures,
    .configure = configure,
    .series_per_cpu = 1,
    .per_cpu_threads = true,
  };

  return rtb_worker_tracer_prepare (w, &method, error, sys_errno);
}
