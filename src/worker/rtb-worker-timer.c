/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Periodic timer error: sleep until shortly before each deadline, then spin (yielding) until
 * the clock reaches it; the error is the time observed minus the deadline. A run of duration D
 * measures exactly D / period ticks (60 s of 5 ms: 12000), after one warm-up tick that is
 * not recorded. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>

#include "rtb-worker.h"

static int
timer_loop (RtbWorkerMeasure *m)
{
  const int64_t period = m->period_ns;
  const int64_t spin = (int64_t) m->worker->cmd.timer.spin_us * RTB_NSEC_PER_USEC;
  const uint64_t ticks = m->worker->cmd.duration_ns / (uint64_t) period; /* 0: until stopped */
  uint64_t tick = 0;
  int64_t deadline = rtb_monotonic_ns () + period;

  while (!rtb_worker_stop_requested ())
    {
      int64_t now;
      int err;

      if (ticks != 0 && tick > ticks)
        break;
      err = rtb_worker_sleep_until (deadline - spin);
      if (err == EINTR)
        continue;
      if (err != 0)
        return err;

      do
        {
          now = rtb_monotonic_ns ();
          if (now >= deadline)
            break;
          sched_yield ();
        }
      while (!rtb_worker_stop_requested ());
      if (now < deadline)
        break;

      /* Tick 0 is the warm-up. */
      if (tick > 0)
        {
          rtb_worker_ring_push (&m->ring, tick, now - deadline);
          rtb_worker_trace_hit (m, tick, now - deadline, deadline, now);
        }
      tick++;
      deadline += period;
    }
  return 0;
}

bool
rtb_worker_timer_prepare (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  const RtbCommand *cmd = &w->cmd;
  RtbWorkerMeasure *m;

  if (!rtb_worker_measures_alloc (w, 1))
    return false;
  m = &w->measures[0];
  /* The real-time variant asks for the minimum stack size; the normal one takes pthread's. */
  if (!rtb_worker_measure_setup (m, "timer", rtb_worker_setup_highest_cpu (cmd->cpus),
                                 cmd->priority, (int64_t) cmd->timer.period_us * RTB_NSEC_PER_USEC,
                                 PTHREAD_STACK_MIN, timer_loop))
    return false;
  if (cmd->timer.variant == RTB_TIMER_VARIANT_NORMAL)
    {
      m->ordinary = true;
      rtb_worker_setup_release_realtime (w);
    }
  return true;
}
