/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Thread jitter, the LinuxCNC latency-test method: a fast "base" and a slower "servo" thread on
 * one CPU; each sample is the interval between two consecutive wake-ups minus the period. */
#include "config.h"

#include <errno.h>

#include "rtb-worker.h"

/* LinuxCNC's wait() (uspace_posix.cc): the next deadline is always the last one plus the period.
 * When it has already gone by, the thread does not sleep and runs at once, and the period is an
 * overrun (LinuxCNC warns "Unexpected realtime delay"); no period is ever skipped, so every
 * interval is measured and a stall shows as one long interval followed by short ones. */
static int
jitter_loop (RtbWorkerMeasure *m)
{
  const int64_t period = m->period_ns;
  const int64_t end = m->worker->end_mono_ns;
  uint64_t cycle = 0;
  uint64_t overruns = 0;
  int64_t next = rtb_monotonic_ns () + period;
  int64_t previous = -1;

  while (!rtb_worker_stop_requested ())
    {
      int64_t now;

      if (end != 0 && next > end)
        break;
      if (rtb_monotonic_ns () > next)
        atomic_store_explicit (&m->overruns, ++overruns, memory_order_relaxed);
      else
        {
          int err = rtb_worker_sleep_until (next);
          if (err == EINTR)
            continue;
          if (err != 0)
            return err;
        }

      now = rtb_monotonic_ns ();
      /* No interval ends at the first wake-up, so the first one is never recorded. */
      if (previous >= 0)
        {
          rtb_worker_ring_push (&m->ring, cycle - 1, now - previous - period);
          rtb_worker_trace_hit (m, cycle - 1, now - previous - period, next, now);
        }
      previous = now;
      next += period;
      cycle++;
    }
  return 0;
}

bool
rtb_worker_jitter_prepare (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  const RtbCommand *cmd = &w->cmd;
  int cpu = rtb_worker_setup_highest_cpu (cmd->cpus);
  int servo_priority = cmd->priority > RTB_PRIORITY_MIN ? cmd->priority - 1 : RTB_PRIORITY_MIN;

  return rtb_worker_measures_alloc (w, 2) &&
         rtb_worker_measure_setup (&w->measures[0], "base", cpu, cmd->priority,
                                   (int64_t) cmd->jitter.base_us * RTB_NSEC_PER_USEC,
                                   RTB_WORKER_STACK_SIZE, jitter_loop) &&
         rtb_worker_measure_setup (&w->measures[1], "servo", cpu, servo_priority,
                                   (int64_t) cmd->jitter.servo_us * RTB_NSEC_PER_USEC,
                                   RTB_WORKER_STACK_SIZE, jitter_loop);
}
