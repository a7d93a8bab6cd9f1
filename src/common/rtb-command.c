/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A run command's defaults per method, and what every part of it reads. */
#include "config.h"

#include <string.h>

#include "rtb-command-private.h"
#include "rtb-methods.h"

void
rtb_command_defaults (RtbCommand *cmd, RtbMethod method, int n_cpus_online)
{
  memset (cmd, 0, sizeof *cmd);
  cmd->method = method;
  for (int k = 0; k < RTB_N_KEYS; k++)
    if (rtb_command_key_taken ((RtbKeyId) k, method))
      _rtb_command_set_default (cmd, (RtbKeyId) k, n_cpus_online);
}

bool
rtb_method_is_per_cpu (RtbMethod method)
{
  const RtbMethodInfo *info = rtb_method_info (method);

  return info != NULL && info->per_cpu;
}

unsigned
rtb_command_response_sizes (const RtbCommand *cmd, uint32_t sizes[RTB_RESPONSE_SIZES_MAX])
{
  unsigned n = 0;

  sizes[n++] = cmd->response.size;
  for (unsigned i = 0; i < RTB_RESPONSE_SIZES_MAX - 1 && cmd->response.more_sizes[i] != 0; i++)
    sizes[n++] = cmd->response.more_sizes[i];
  return n;
}

uint64_t
rtb_command_response_total (const RtbCommand *cmd)
{
  uint32_t sizes[RTB_RESPONSE_SIZES_MAX];

  return cmd->response.instances * (cmd->response.experiments > 0 ? cmd->response.experiments : 1) *
         rtb_command_response_sizes (cmd, sizes);
}

void
rtb_command_get_intervals (const RtbCommand *cmd, uint32_t *interval_us, uint32_t *interval2_us)
{
  *interval_us = 0;
  *interval2_us = 0;
  switch (cmd->method)
    {
    case RTB_METHOD_LATENCY:
      *interval_us = cmd->latency.interval_us;
      break;
    case RTB_METHOD_JITTER:
      *interval_us = cmd->jitter.base_us;
      *interval2_us = cmd->jitter.servo_us;
      break;
    case RTB_METHOD_TIMER:
      *interval_us = cmd->timer.period_us;
      *interval2_us = cmd->timer.spin_us;
      break;
    case RTB_METHOD_RESPONSE:
      *interval2_us = cmd->response.gap_us;
      break;
    case RTB_METHOD_NOISE:
    default:
      break;
    }
}

void
rtb_command_set_intervals (RtbCommand *cmd, uint32_t interval_us, uint32_t interval2_us)
{
  switch (cmd->method)
    {
    case RTB_METHOD_LATENCY:
      cmd->latency.interval_us = interval_us;
      break;
    case RTB_METHOD_JITTER:
      cmd->jitter.base_us = interval_us;
      cmd->jitter.servo_us = interval2_us;
      break;
    case RTB_METHOD_TIMER:
      cmd->timer.period_us = interval_us;
      cmd->timer.spin_us = interval2_us;
      break;
    case RTB_METHOD_RESPONSE:
      cmd->response.gap_us = interval2_us;
      break;
    case RTB_METHOD_NOISE:
    default:
      break;
    }
}
