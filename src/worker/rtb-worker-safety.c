/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rtb-worker-safety.h"

bool
rtb_worker_safety_check (const RtbCommand *cmd, int rt_runtime_us, RtbCommandError *error)
{
  /* Only response computes for long stretches: with throttling off, a FIFO instance of a big
   * matrix owns its CPU until it ends. */
  if (cmd->method != RTB_METHOD_RESPONSE || cmd->policy == RTB_POLICY_OTHER ||
      rt_runtime_us != -1 || cmd->unthrottled)
    return true;

  memset (error, 0, sizeof *error);
  error->code = RTB_ERROR_UNSAFE;
  snprintf (error->field, sizeof error->field, "unthrottled");
  snprintf (error->message, sizeof error->message,
            "kernel.sched_rt_runtime_us is -1 (RT throttling off): a real-time response run "
            "could lock up its CPU; add unthrottled=yes to accept, use policy=other, or set "
            "sched_rt_runtime_us back to 950000");
  return false;
}
