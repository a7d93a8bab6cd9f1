/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rtb-worker-safety.h"

static unsigned
share (unsigned busy_us, unsigned period_us)
{
  unsigned long long percent = (100ull * busy_us + period_us - 1) / period_us;

  return percent > 100 ? 100 : (unsigned) percent;
}

unsigned
rtb_worker_safety_busy_percent (const RtbCommand *cmd)
{
  unsigned total;

  switch (cmd->method)
    {
    case RTB_METHOD_LATENCY:
      return share (RTB_WAKE_COST_US, cmd->latency.interval_us);
    case RTB_METHOD_JITTER:
      /* Both threads share one CPU. */
      total = share (RTB_WAKE_COST_US, cmd->jitter.base_us) +
              share (RTB_WAKE_COST_US, cmd->jitter.servo_us);
      return total > 100 ? 100 : total;
    case RTB_METHOD_TIMER:
      return share (cmd->timer.spin_us + RTB_WAKE_COST_US, cmd->timer.period_us);
    case RTB_METHOD_NOISE:
      /* It never sleeps. */
      return 100;
    case RTB_METHOD_TIMERLAT:
      return share (RTB_WAKE_COST_US, cmd->timerlat.period_us);
    case RTB_METHOD_RESPONSE:
    default:
      /* An instance owns its CPU until it ends, whatever the gap after it. */
      return 100;
    }
}

/* What makes the run busy, in the message's words (ASCII: it travels in an ERROR frame). */
static void
describe_duty (const RtbCommand *cmd, char *buf, size_t size)
{
  switch (cmd->method)
    {
    case RTB_METHOD_LATENCY:
      snprintf (buf, size, "a wake-up every %u us", cmd->latency.interval_us);
      break;
    case RTB_METHOD_JITTER:
      snprintf (buf, size, "wake-ups every %u and %u us", cmd->jitter.base_us,
                cmd->jitter.servo_us);
      break;
    case RTB_METHOD_TIMER:
      snprintf (buf, size, "a %u us spin every %u us", cmd->timer.spin_us,
                cmd->timer.period_us);
      break;
    case RTB_METHOD_NOISE:
      snprintf (buf, size, "it polls the clock without pause");
      break;
    case RTB_METHOD_TIMERLAT:
      snprintf (buf, size, "the kernel's timerlat thread wakes every %u us",
                cmd->timerlat.period_us);
      break;
    case RTB_METHOD_RESPONSE:
    default:
      snprintf (buf, size, "each instance computes to its end");
      break;
    }
}

bool
rtb_worker_safety_check (const RtbCommand *cmd, int rt_runtime_us, RtbCommandError *error)
{
  unsigned busy = rtb_worker_safety_busy_percent (cmd);
  char duty[48];

  if (cmd->policy == RTB_POLICY_OTHER || rt_runtime_us != -1 || cmd->unthrottled ||
      busy <= RTB_UNTHROTTLED_BUSY_MAX_PERCENT)
    return true;

  describe_duty (cmd, duty, sizeof duty);
  memset (error, 0, sizeof *error);
  error->code = RTB_ERROR_UNSAFE;
  snprintf (error->field, sizeof error->field, "unthrottled");
  snprintf (error->message, sizeof error->message,
            "RT throttling is off (sched_rt_runtime_us -1) and this %s run would keep its CPU "
            "%s%u%% busy (%s): add unthrottled=yes to accept, make it at most %d%% busy, or set "
            "sched_rt_runtime_us to 950000", rtb_method_to_string (cmd->method),
            busy < 100 ? "about " : "", busy, duty, RTB_UNTHROTTLED_BUSY_MAX_PERCENT);
  return false;
}
