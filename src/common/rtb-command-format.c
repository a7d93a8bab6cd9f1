/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A run command written back as the line that parses to it. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "rtb-command.h"
#include "rtb-time.h"

static int
cpus_first (const uint64_t *cpus)
{
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    if (rtb_cpu_isset (cpus, cpu))
      return cpu;
  return -1;
}

static bool
append (char *buf, size_t buf_size, size_t *used, const char *format, ...)
  __attribute__ ((format (printf, 4, 5)));

static bool
append (char *buf, size_t buf_size, size_t *used, const char *format, ...)
{
  va_list args;
  int n;

  if (*used >= buf_size)
    return false;
  va_start (args, format);
  n = vsnprintf (buf + *used, buf_size - *used, format, args);
  va_end (args);
  if (n < 0 || (size_t) n >= buf_size - *used)
    return false;
  *used += (size_t) n;
  return true;
}

int
rtb_command_format (const RtbCommand *cmd, char *buf, size_t buf_size)
{
  char cpus[RTB_COMMAND_MAX];
  char duration[32];
  size_t used = 0;
  bool ok = true;

  if (buf_size == 0)
    return -1;
  buf[0] = '\0';

  ok &= append (buf, buf_size, &used, "start %s", rtb_method_to_string (cmd->method));
  if (cmd->method == RTB_METHOD_TIMER && cmd->timer.variant == RTB_TIMER_VARIANT_NORMAL)
    ok &= append (buf, buf_size, &used, " variant=normal");
  if (rtb_method_is_per_cpu (cmd->method))
    {
      if (cmd->cpus_all)
        snprintf (cpus, sizeof cpus, "all");
      else if (rtb_cpu_list_format (cmd->cpus, RTB_MAX_CPUS, cpus, sizeof cpus) < 0)
        return -1;
      ok &= append (buf, buf_size, &used, " cpus=%s", cpus);
    }
  else if (cmd->cpu_auto)
    ok &= append (buf, buf_size, &used, " cpu=auto");
  else if (cpus_first (cmd->cpus) < 0)
    ok &= append (buf, buf_size, &used, " cpu=none");
  else
    ok &= append (buf, buf_size, &used, " cpu=%d", cpus_first (cmd->cpus));
  ok &= append (buf, buf_size, &used, " policy=%s priority=%d",
                rtb_policy_to_string (cmd->policy), cmd->priority);

  switch (cmd->method)
    {
    case RTB_METHOD_LATENCY:
      ok &= append (buf, buf_size, &used, " interval_us=%u histogram_us=%u",
                    cmd->latency.interval_us, cmd->latency.histogram_us);
      break;
    case RTB_METHOD_JITTER:
      ok &= append (buf, buf_size, &used, " base_us=%u servo_us=%u", cmd->jitter.base_us,
                    cmd->jitter.servo_us);
      break;
    case RTB_METHOD_TIMER:
      ok &= append (buf, buf_size, &used, " period_us=%u spin_us=%u", cmd->timer.period_us,
                    cmd->timer.spin_us);
      break;
    case RTB_METHOD_RESPONSE:
      {
        uint32_t sizes[RTB_RESPONSE_SIZES_MAX];
        unsigned n_sizes = rtb_command_response_sizes (cmd, sizes);

        for (unsigned i = 0; i < n_sizes; i++)
          ok &= append (buf, buf_size, &used, "%s%u", i == 0 ? " size=" : ",", sizes[i]);
        if (cmd->response.experiments != 1)
          ok &= append (buf, buf_size, &used, " experiments=%u", cmd->response.experiments);
        ok &= append (buf, buf_size, &used, " instances=%llu",
                      (unsigned long long) cmd->response.instances);
        if (cmd->response.gap_us == 0)
          ok &= append (buf, buf_size, &used, " gap_us=auto");
        else
          ok &= append (buf, buf_size, &used, " gap_us=%u", cmd->response.gap_us);
      }
      break;
    case RTB_METHOD_NOISE:
      ok &= append (buf, buf_size, &used, " histogram_us=%u", cmd->noise.histogram_us);
      break;
    default:
      return -1;
    }
  if (cmd->method != RTB_METHOD_RESPONSE)
    {
      rtb_duration_format (cmd->duration_ns, duration, sizeof duration);
      ok &= append (buf, buf_size, &used, " duration=%s", duration);
    }
  if (cmd->method == RTB_METHOD_LATENCY && cmd->latency.gpio)
    ok &= append (buf, buf_size, &used, " gpio=%u:%u", cmd->latency.gpio_chip,
                  cmd->latency.gpio_line);
  if (cmd->timer_slack_ns != 0)
    ok &= append (buf, buf_size, &used, " timer_slack_ns=%u", cmd->timer_slack_ns);
  if (cmd->unthrottled)
    ok &= append (buf, buf_size, &used, " unthrottled=yes");
  if (cmd->trace_auto)
    ok &= append (buf, buf_size, &used, " trace_above_us=auto");
  else if (cmd->trace_above_us != 0)
    ok &= append (buf, buf_size, &used, " trace_above_us=%u", cmd->trace_above_us);

  return ok ? (int) used : -1;
}
