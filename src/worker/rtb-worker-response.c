/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Response time of an O(n³) computation: each instance inverts the same matrix; only the
 * inversion is timed, the self-check runs afterwards. The study's layout is several
 * experiments of several sizes, each a series of its own: one thread runs them in turn, so they
 * never compete for the CPU. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "rtb-worker.h"
#include "rtb-worker-plan.h"

#define RESPONSE_SEED 0x7274626e63680001ull

static int64_t
thread_cpu_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return rtb_timespec_to_ns (&ts);
}

static void
check_result (RtbWorkerMeasure *series, double residual, uint64_t *failures, double *worst)
{
  if (!(residual <= RTB_MATRIX_RESIDUAL_TOLERANCE))
    atomic_store_explicit (&series->residual_failures, ++*failures, memory_order_relaxed);
  if (residual > *worst || residual != residual)
    {
      uint64_t bits;
      *worst = residual;
      memcpy (&bits, worst, sizeof bits);
      atomic_store_explicit (&series->residual_max_bits, bits, memory_order_relaxed);
    }
}

/* Returns 0, or an errno; a stop leaves early with 0. */
static int
pause_after (RtbWorker *w, int64_t cpu_ns)
{
  const RtbCommand *cmd = &w->cmd;
  int64_t gap = cmd->response.gap_us != 0
                  ? (int64_t) cmd->response.gap_us * RTB_NSEC_PER_USEC
                  : rtb_worker_plan_response_gap_ns (cpu_ns, cmd->policy, w->hello.rt_runtime_us,
                                                     w->rt_period_us);
  int64_t wake = rtb_monotonic_ns () + gap;

  while (!rtb_worker_stop_requested ())
    {
      int err = rtb_worker_sleep_until (wake);
      if (err == 0)
        break;
      if (err != EINTR)
        return err;
    }
  return 0;
}

/* One experiment: `instances` inversions into the series' ring. An instance cut by a stop
 * request is not a measurement: it is dropped, not recorded. One whose thread spent longer off
 * its CPU than interrupts explain is marked RTB_SAMPLE_OFF_CPU. */
static int
run_experiment (RtbWorkerMeasure *series, bool last)
{
  RtbWorker *w = series->worker;
  RtbMatrixWorkload *workload = series->workload;
  const uint64_t instances = w->cmd.response.instances;
  int64_t cpu_max = 0;
  double residual_max = 0.0;
  uint64_t failures = 0;
  uint64_t off_cpu = 0;

  for (uint64_t i = 0; i < instances && !rtb_worker_stop_requested (); i++)
    {
      int64_t t0, t1, c0, c1, wall;
      double residual;
      RtbMatrixResult result;
      uint64_t index = i;
      int err;

      c0 = thread_cpu_ns ();
      t0 = rtb_monotonic_ns ();
      result = rtb_matrix_workload_run (workload, rtb_worker_stop_requested);
      t1 = rtb_monotonic_ns ();
      c1 = thread_cpu_ns ();
      if (result == RTB_MATRIX_CANCELLED)
        break;
      if (result == RTB_MATRIX_SINGULAR)
        return EDOM;
      wall = t1 - t0;
      if (wall - (c1 - c0) > rtb_worker_plan_off_cpu_allowance_ns (wall))
        {
          index |= RTB_SAMPLE_OFF_CPU;
          atomic_store_explicit (&series->off_cpu, ++off_cpu, memory_order_relaxed);
        }
      rtb_worker_ring_push (&series->ring, index, wall);
      if (c1 - c0 > cpu_max)
        cpu_max = c1 - c0;

      if (!rtb_matrix_residual_cancellable (workload->a, workload->inv, workload->n,
                                            rtb_worker_stop_requested, &residual))
        break;
      check_result (series, residual, &failures, &residual_max);

      if (last && i + 1 == instances)
        break;
      /* Let the rest of the system breathe between instances, and keep clear of throttling. */
      if ((err = pause_after (w, cpu_max)) != 0)
        return err;
    }
  return 0;
}

static int
response_loop (RtbWorkerMeasure *m)
{
  RtbWorker *w = m->worker;

  for (unsigned k = 0; k < w->n_measures && !rtb_worker_stop_requested (); k++)
    {
      int err = run_experiment (&w->measures[k], k + 1 == w->n_measures);
      if (err != 0)
        return err;
    }
  return 0;
}

bool
rtb_worker_response_prepare (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  const RtbCommand *cmd = &w->cmd;
  uint32_t sizes[RTB_RESPONSE_SIZES_MAX];
  unsigned n_sizes = rtb_command_response_sizes (cmd, sizes);
  unsigned experiments = cmd->response.experiments;
  int cpu = rtb_worker_setup_highest_cpu (cmd->cpus);

  for (unsigned s = 0; s < n_sizes; s++)
    {
      if (!rtb_matrix_workload_init (&w->workloads[s], sizes[s], RESPONSE_SEED))
        return false;
      w->n_workloads = s + 1;
    }
  if (!rtb_worker_measures_alloc (w, n_sizes * experiments))
    return false;
  for (unsigned s = 0; s < n_sizes; s++)
    for (unsigned e = 0; e < experiments; e++)
      {
        RtbWorkerMeasure *m = &w->measures[s * experiments + e];
        char name[24];

        if (n_sizes == 1 && experiments == 1)
          snprintf (name, sizeof name, "response");
        else if (experiments == 1)
          snprintf (name, sizeof name, "%ux%u", sizes[s], sizes[s]);
        else
          snprintf (name, sizeof name, "%ux%u #%u", sizes[s], sizes[s], e + 1);
        /* A sample per instance at most every millisecond: a small ring is plenty. */
        if (!rtb_worker_measure_setup (m, name, cpu, cmd->priority, RTB_WORKER_GAP_FLOOR_NS,
                                       RTB_WORKER_STACK_SIZE, response_loop))
          return false;
        m->workload = &w->workloads[s];
        m->passive = m->index != 0;
      }
  return true;
}
