/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rtb-command-keys.h"
#include "rtb-methods.h"
#include "rtb-worker-safety.h"

static unsigned
share (unsigned long long busy_us, unsigned long long period_us)
{
  unsigned long long percent = (100ull * busy_us + period_us - 1) / period_us;

  return percent > 100 ? 100 : (unsigned) percent;
}

/* How long the method's thread keeps its CPU busy each period besides waking up (µs). */
static unsigned long long
busy_us (const RtbCommand *cmd)
{
  unsigned long long busy = 0;

  for (size_t k = 0; k < rtb_command_n_keys; k++)
    if (rtb_command_keys[k]->busy)
      busy += rtb_command_key_get (cmd, rtb_command_keys[k]);
  return busy;
}

unsigned
rtb_worker_safety_busy_percent (const RtbCommand *cmd)
{
  const RtbMethodInfo *method = rtb_method_info (cmd->method);
  unsigned long long busy = busy_us (cmd) + RTB_WAKE_COST_US;
  unsigned total = 0;

  /* A response instance owns its CPU until it ends, whatever the gap after it. */
  if (method == NULL || method->never_sleeps)
    return 100;
  /* Every period key is a thread's; the threads share one CPU (jitter's base and servo) or
   * each has its own (one per CPU). */
  for (size_t k = 0; k < rtb_command_n_keys; k++)
    if (rtb_command_keys[k]->period_from != 0 &&
        rtb_command_key_taken (rtb_command_keys[k], cmd->method))
      total += share (busy, rtb_command_key_get (cmd, rtb_command_keys[k]));
  return total > 100 ? 100 : total;
}

/* What makes the run busy: the method's duty words, each # one of its busy keys' values, then
 * one of its periods. */
static void
describe_duty (const RtbCommand *cmd, char *buf, size_t size)
{
  const RtbMethodInfo *method = rtb_method_info (cmd->method);
  unsigned long long values[RTB_MAX_KEYS];
  size_t n = 0, next = 0, used = 0;

  for (int pass = 0; pass < 2; pass++)
    for (size_t k = 0; k < rtb_command_n_keys; k++)
      if (rtb_command_key_taken (rtb_command_keys[k], cmd->method) &&
          (pass == 0 ? rtb_command_keys[k]->busy : rtb_command_keys[k]->period_from != 0))
        values[n++] = rtb_command_key_get (cmd, rtb_command_keys[k]);
  buf[0] = '\0';
  for (const char *c = method != NULL ? method->duty : ""; *c != '\0' && used + 1 < size; c++)
    {
      int w = *c == '#' && next < n ? snprintf (buf + used, size - used, "%llu", values[next++])
                                    : snprintf (buf + used, size - used, "%c", *c);

      if (w < 0 || (size_t) w >= size - used)
        break;
      used += (size_t) w;
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
