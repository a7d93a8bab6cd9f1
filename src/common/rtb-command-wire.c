/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The command as STARTED carries it (protocol 3): RtbCommand to and from RtbWireCommand. */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "rtb-command.h"

/* Where each method keeps its parameters in RtbCommand; a new method adds its line. */
static const struct {
  size_t offset;
  size_t size;
} method_params[] = {
  [RTB_METHOD_LATENCY] = { offsetof (RtbCommand, latency), sizeof (RtbLatencyParams) },
  [RTB_METHOD_JITTER] = { offsetof (RtbCommand, jitter), sizeof (RtbJitterParams) },
  [RTB_METHOD_TIMER] = { offsetof (RtbCommand, timer), sizeof (RtbTimerParams) },
  [RTB_METHOD_RESPONSE] = { offsetof (RtbCommand, response), sizeof (RtbResponseParams) },
  [RTB_METHOD_NOISE] = { offsetof (RtbCommand, noise), sizeof (RtbNoiseParams) },
};
_Static_assert(sizeof method_params / sizeof method_params[0] == RTB_METHOD_LAST + 1,
               "every method keeps its parameters somewhere");

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

void
rtb_command_to_wire (const RtbCommand *cmd, RtbWireCommand *wire)
{
  memset (wire, 0, sizeof *wire);
  wire->method = cmd->method;
  wire->policy = (uint8_t) cmd->policy;
  wire->priority = (uint8_t) cmd->priority;
  wire->flags = (cmd->cpus_all ? RTB_COMMAND_CPUS_ALL : 0) |
                (cmd->unthrottled ? RTB_COMMAND_UNTHROTTLED : 0) |
                (cmd->cpu_auto ? RTB_COMMAND_CPU_AUTO : 0) |
                (cmd->trace_auto ? RTB_COMMAND_TRACE_AUTO : 0);
  wire->trace_above_us = cmd->trace_above_us;
  wire->duration_ns = cmd->duration_ns;
  wire->timer_slack_ns = cmd->timer_slack_ns;
  memcpy (wire->cpus, cmd->cpus, sizeof wire->cpus);
  if (cmd->method >= RTB_METHOD_LATENCY && cmd->method <= RTB_METHOD_LAST)
    memcpy (wire->params.bytes, (const char *) cmd + method_params[cmd->method].offset,
            method_params[cmd->method].size);
}

bool
rtb_command_from_wire (const RtbWireCommand *wire, int n_cpus_online, RtbCommand *cmd,
                       RtbCommandError *error)
{
  size_t params_size;

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
  params_size = method_params[wire->method].size;
  if (!all_zero (wire->reserved, sizeof wire->reserved) ||
      !all_zero (wire->params.bytes + params_size, sizeof wire->params.bytes - params_size))
    return refuse (error, "", "reserved command bytes are not 0 (a newer worker?)");

  memset (cmd, 0, sizeof *cmd);
  cmd->method = (RtbMethod) wire->method;
  cmd->policy = (RtbPolicy) wire->policy;
  cmd->priority = wire->priority;
  cmd->cpus_all = (wire->flags & RTB_COMMAND_CPUS_ALL) != 0;
  cmd->unthrottled = (wire->flags & RTB_COMMAND_UNTHROTTLED) != 0;
  cmd->cpu_auto = (wire->flags & RTB_COMMAND_CPU_AUTO) != 0;
  cmd->trace_auto = (wire->flags & RTB_COMMAND_TRACE_AUTO) != 0;
  cmd->trace_above_us = wire->trace_above_us;
  cmd->duration_ns = wire->duration_ns;
  cmd->timer_slack_ns = wire->timer_slack_ns;
  memcpy (cmd->cpus, wire->cpus, sizeof cmd->cpus);
  memcpy ((char *) cmd + method_params[cmd->method].offset, wire->params.bytes, params_size);
  /* Before protocol 4 every response run was one experiment. */
  if (cmd->method == RTB_METHOD_RESPONSE && cmd->response.experiments == 0)
    cmd->response.experiments = 1;
  return rtb_command_check (cmd, n_cpus_online, error);
}
