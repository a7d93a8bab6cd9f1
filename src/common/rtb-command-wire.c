/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The command as STARTED carries it (protocol 3): RtbCommand to and from RtbWireCommand. */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "rtb-command-private.h"

static bool
refuse (RtbCommandError *error, const char *field, const char *message)
{
  if (error != NULL)
    {
      error->code = RTB_ERROR_SYNTAX;
      snprintf (error->field, sizeof error->field, "%s", field);
      snprintf (error->message, sizeof error->message, "%s", message);
    }
  return false;
}

static bool
all_zero (const uint8_t *bytes, size_t len)
{
  for (size_t i = 0; i < len; i++)
    if (bytes[i] != 0)
      return false;
  return true;
}

/* Copies one key between RtbCommand and STARTED's RtbWireCommand, either way. */
static void
copy_key (const RtbKey *info, RtbMethod method, RtbCommand *cmd, RtbWireCommand *wire,
          bool to_wire)
{
  char *field = (char *) cmd + info->on[method].offset;
  char *wired = (char *) wire + info->on[method].wire;
  bool *flag = info->flag != 0 ? (bool *) ((char *) cmd + info->flag_offset) : NULL;

  switch (info->kind)
    {
    case RTB_KIND_CPU_LIST:
    case RTB_KIND_ONE_CPU:
      if (to_wire)
        memcpy (wire->cpus, cmd->cpus, sizeof wire->cpus);
      else
        memcpy (cmd->cpus, wire->cpus, sizeof cmd->cpus);
      break;
    case RTB_KIND_POLICY:
      if (to_wire)
        wire->policy = (uint8_t) cmd->policy;
      else
        cmd->policy = (RtbPolicy) wire->policy;
      break;
    case RTB_KIND_PRIORITY:
      if (to_wire)
        wire->priority = (uint8_t) cmd->priority;
      else
        cmd->priority = wire->priority;
      break;
    case RTB_KIND_SIZES:
      /* The further sizes of a list follow the first. */
      if (to_wire)
        memcpy (wire->params.bytes + offsetof (RtbResponseParams, more_sizes),
                cmd->response.more_sizes, sizeof cmd->response.more_sizes);
      else
        memcpy (cmd->response.more_sizes,
                wire->params.bytes + offsetof (RtbResponseParams, more_sizes),
                sizeof cmd->response.more_sizes);
      memcpy (to_wire ? wired : field, to_wire ? field : wired, info->size);
      break;
    case RTB_KIND_YES_NO:
      break;
    case RTB_KIND_NUMBER:
    case RTB_KIND_TIME:
    case RTB_KIND_VARIANT:
    case RTB_KIND_GPIO:
    case RTB_KIND_WORD:
    default:
      memcpy (to_wire ? wired : field, to_wire ? field : wired, info->size);
      break;
    }
  if (flag != NULL && to_wire)
    wire->flags |= *flag ? info->flag : 0;
  else if (flag != NULL)
    *flag = (wire->flags & info->flag) != 0;
}

void
rtb_command_to_wire (const RtbCommand *cmd, RtbWireCommand *wire)
{
  memset (wire, 0, sizeof *wire);
  wire->method = cmd->method;
  if (cmd->method < RTB_METHOD_LATENCY || cmd->method > RTB_METHOD_LAST)
    return;
  for (size_t k = 0; k < rtb_command_n_keys; k++)
    if (rtb_command_key_taken (rtb_command_keys[k], cmd->method))
      copy_key (rtb_command_keys[k], cmd->method, (RtbCommand *) cmd, wire, true);
}

bool
rtb_command_from_wire (const RtbWireCommand *wire, int n_cpus_online, RtbCommand *cmd,
                       RtbCommandError *error)
{
  RtbWireCommand again;

  if (error != NULL)
    memset (error, 0, sizeof *error);
  if (wire->method < RTB_METHOD_LATENCY || wire->method > RTB_METHOD_LAST)
    return refuse (error, "method", "unknown method");
  if (wire->policy > RTB_POLICY_RR)
    return refuse (error, "policy", "unknown policy");
  if ((wire->flags & ~RTB_COMMAND_FLAGS_KNOWN) != 0)
    return refuse (error, "", "unknown command flags (a newer worker?)");
  if ((wire->flags & RTB_COMMAND_CPUS_ALL) && !rtb_method_is_per_cpu ((RtbMethod) wire->method))
    return refuse (error, "cpus", "cpus=all for a method that runs on one CPU");
  if ((wire->flags & RTB_COMMAND_CPU_AUTO) && wire->method == RTB_METHOD_LATENCY)
    return refuse (error, "cpu", "cpu=auto for a method that takes a CPU list");
  if (!all_zero (wire->reserved, sizeof wire->reserved))
    return refuse (error, "", "reserved command bytes are not 0 (a newer worker?)");

  memset (cmd, 0, sizeof *cmd);
  cmd->method = (RtbMethod) wire->method;
  for (size_t k = 0; k < rtb_command_n_keys; k++)
    if (rtb_command_key_taken (rtb_command_keys[k], cmd->method))
      copy_key (rtb_command_keys[k], cmd->method, cmd, (RtbWireCommand *) wire, false);
  /* What no key of the method reads (past its parameters, a flag of another method's key) must
   * be 0, as its encoding writes it. */
  rtb_command_to_wire (cmd, &again);
  if (memcmp (&again, wire, sizeof again) != 0)
    return refuse (error, "", "command bytes the method does not use are not 0 (a newer "
                   "worker?)");
  /* Before protocol 4 every response run was one experiment. */
  if (cmd->method == RTB_METHOD_RESPONSE && cmd->response.experiments == 0)
    cmd->response.experiments = 1;
  return rtb_command_check (cmd, n_cpus_online, error);
}
