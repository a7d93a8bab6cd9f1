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
  for (size_t k = 0; k < rtb_command_n_keys; k++)
    if (rtb_command_key_taken (rtb_command_keys[k], method))
      _rtb_command_set_default (cmd, rtb_command_keys[k], n_cpus_online);
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

uint32_t
rtb_command_thread_period_us (const RtbCommand *cmd, unsigned thread)
{
  uint32_t period = 0;
  unsigned from = 0;

  for (size_t k = 0; k < rtb_command_n_keys; k++)
    {
      unsigned key_from = rtb_command_keys[k]->period_from;

      if (key_from > from && key_from <= thread + 1 &&
          rtb_command_key_taken (rtb_command_keys[k], cmd->method))
        {
          period = (uint32_t) rtb_command_key_get (cmd, rtb_command_keys[k]);
          from = key_from;
        }
    }
  return period;
}

void
rtb_command_get_intervals (const RtbCommand *cmd, uint32_t *interval_us, uint32_t *extra_us)
{
  uint32_t slots[3] = { 0 };

  for (size_t k = 0; k < rtb_command_n_keys; k++)
    if (rtb_command_key_taken (rtb_command_keys[k], cmd->method))
      slots[rtb_command_keys[k]->interval_slot] =
        (uint32_t) rtb_command_key_get (cmd, rtb_command_keys[k]);
  *interval_us = slots[1];
  *extra_us = slots[2];
}

void
rtb_command_set_intervals (RtbCommand *cmd, uint32_t interval_us, uint32_t extra_us)
{
  const uint32_t slots[3] = { 0, interval_us, extra_us };

  for (size_t k = 0; k < rtb_command_n_keys; k++)
    {
      const RtbKey *key = rtb_command_keys[k];

      if (rtb_command_key_taken (key, cmd->method) && key->interval_slot != 0)
        _rtb_field_set (KEY_FIELD (cmd, key), key->size, slots[key->interval_slot]);
    }
}
