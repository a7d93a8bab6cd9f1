/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Response time of an O(n³) computation: each instance inverts the same matrix; only the
 * inversion is timed, the self-check runs afterwards. */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "rtb-worker.h"

#define RESPONSE_SEED 0x7274626e63680001ull

static int
response_loop (RtbWorkerMeasure *m)
{
  RtbWorker *w = m->worker;
  RtbMatrixWorkload *workload = &w->workload;
  const uint64_t instances = w->cmd.response.instances;
  const int64_t gap = (int64_t) w->cmd.response.gap_us * RTB_NSEC_PER_USEC;
  double residual_max = 0.0;
  uint64_t failures = 0;

  for (uint64_t i = 0; i < instances && !rtb_worker_stop_requested (); i++)
    {
      int64_t t0, t1, wake;
      double residual;
      RtbMatrixResult result;

      /* An instance cut by a stop request is not a measurement: it is dropped, not recorded. */
      t0 = rtb_monotonic_ns ();
      result = rtb_matrix_workload_run (workload, rtb_worker_stop_requested);
      t1 = rtb_monotonic_ns ();
      if (result == RTB_MATRIX_CANCELLED)
        break;
      if (result == RTB_MATRIX_SINGULAR)
        return EDOM;
      rtb_worker_ring_push (&m->ring, i, t1 - t0);

      if (!rtb_matrix_residual_cancellable (workload->a, workload->inv, workload->n,
                                            rtb_worker_stop_requested, &residual))
        break;
      if (!(residual <= RTB_MATRIX_RESIDUAL_TOLERANCE))
        atomic_store_explicit (&m->residual_failures, ++failures, memory_order_relaxed);
      if (residual > residual_max || residual != residual)
        {
          uint64_t bits;
          residual_max = residual;
          memcpy (&bits, &residual_max, sizeof bits);
          atomic_store_explicit (&m->residual_max_bits, bits, memory_order_relaxed);
        }

      if (i + 1 == instances)
        break;
      /* Let the rest of the system breathe between instances. */
      wake = rtb_monotonic_ns () + gap;
      while (!rtb_worker_stop_requested ())
        {
          int err = rtb_worker_sleep_until (wake);
          if (err == 0)
            break;
          if (err != EINTR)
            return err;
        }
    }
  return 0;
}

bool
rtb_worker_response_prepare (RtbWorker *w, RtbCommandError *error)
{
  const RtbCommand *cmd = &w->cmd;

  if (!rtb_matrix_workload_init (&w->workload, cmd->response.size, RESPONSE_SEED))
    return false;
  w->have_workload = true;
  /* A sample per instance at most every gap: a small ring is plenty. */
  return rtb_worker_measures_alloc (w, 1) &&
         rtb_worker_measure_setup (&w->measures[0], "response",
                                   rtb_worker_setup_highest_cpu (cmd->cpus), cmd->priority,
                                   (int64_t) cmd->response.gap_us * RTB_NSEC_PER_USEC,
                                   RTB_WORKER_STACK_SIZE, response_loop);
}
