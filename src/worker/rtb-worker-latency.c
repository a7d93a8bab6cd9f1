/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Wake-up latency, the cyclictest method: one thread per chosen CPU. */
#include "config.h"

#include <errno.h>

#include "rtb-worker.h"

/* A stall is one long sample, not a burst of catching-up ones: after a wake-up at `now`, move
 * `next` (and the cycle count) past every period that already went by, counting them as
 * skipped. cyclictest does the same. Periods after the run's `end` (0: none) were never part
 * of it: a stall across the end does not count them. */
static void
skip_missed_periods (RtbWorkerMeasure *m, int64_t now, int64_t period, int64_t end,
                     int64_t *next, uint64_t *cycle, uint64_t *skipped)
{
  if (now <= *next)
    return;
  while (now > *next && (end == 0 || *next <= end))
    {
      *next += period;
      (*cycle)++;
      (*skipped)++;
    }
  atomic_store_explicit (&m->skipped, *skipped, memory_order_relaxed);
}

static int
latency_loop (RtbWorkerMeasure *m)
{
  const int64_t interval = m->period_ns;
  const int64_t end = m->worker->end_mono_ns;
  uint64_t cycle = 0;
  uint64_t skipped = 0;
  /* Only the one thread of a gpio= run has it: the line is toggled at each wake-up. */
  RtbWorkerGpio *gpio = m->worker->gpio.fd >= 0 ? &m->worker->gpio : NULL;
  int64_t next = rtb_monotonic_ns () + interval;

  while (!rtb_worker_stop_requested ())
    {
      int64_t now;
      int err;

      if (end != 0 && next > end)
        break;
      err = rtb_worker_sleep_until (next);
      if (err == EINTR)
        continue;
      if (err != 0)
        return err;

      now = rtb_monotonic_ns ();
      if (gpio != NULL && (err = rtb_worker_gpio_toggle (gpio)) != 0)
        return err;
      rtb_worker_ring_push (&m->ring, cycle, now - next);
      rtb_worker_trace_hit (m, cycle, now - next, next, now);
      next += interval;
      cycle++;
      skip_missed_periods (m, now, interval, end, &next, &cycle, &skipped);
    }
  return 0;
}

bool
rtb_worker_latency_prepare (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  const RtbCommand *cmd = &w->cmd;

  if (cmd->latency.gpio &&
      !rtb_worker_gpio_open (&w->gpio, cmd->latency.gpio_chip, cmd->latency.gpio_line, error,
                             sys_errno))
    return false;
  return rtb_worker_measures_per_cpu (w, (int64_t) cmd->latency.interval_us * RTB_NSEC_PER_USEC,
                                      latency_loop);
}
