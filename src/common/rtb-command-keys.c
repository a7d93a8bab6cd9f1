/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The keys of a run command: the methods that take each, its range, its name. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rtb-command-private.h"

#define ON_LATENCY (1u << RTB_METHOD_LATENCY)
#define ON_JITTER (1u << RTB_METHOD_JITTER)
#define ON_TIMER (1u << RTB_METHOD_TIMER)
#define ON_RESPONSE (1u << RTB_METHOD_RESPONSE)
#define ON_NOISE (1u << RTB_METHOD_NOISE)
#define ON_ALL (ON_LATENCY | ON_JITTER | ON_TIMER | ON_RESPONSE | ON_NOISE)
#define ON_TIMED (ON_LATENCY | ON_JITTER | ON_TIMER | ON_NOISE)
#define ON_PER_CPU (ON_LATENCY | ON_NOISE)
#define ON_TRACED (ON_LATENCY | ON_JITTER | ON_TIMER)
#define ON_ONE_CPU (ON_JITTER | ON_TIMER | ON_RESPONSE)

/* In the order rtb_command_format writes them. A new key takes a line here and a Key, its case
 * in rtb_command_set, rtb_command_check and rtb_command_format, and a field in RtbCommand that
 * STARTED carries (its method's parameters in rtb-protocol.h: see "Adding a command key"). */
const KeyInfo _rtb_command_keys[N_KEYS] = {
  [KEY_VARIANT] = { "variant", ON_TIMER, 0, 0 },
  [KEY_CPUS] = { "cpus", ON_PER_CPU, 0, RTB_MAX_CPUS - 1 },
  [KEY_CPU] = { "cpu", ON_ONE_CPU, 0, RTB_MAX_CPUS - 1 },
  [KEY_POLICY] = { "policy", ON_ALL, 0, 0 },
  [KEY_PRIORITY] = { "priority", ON_ALL, RTB_PRIORITY_MIN, RTB_PRIORITY_MAX },
  [KEY_INTERVAL_US] = { "interval_us", ON_LATENCY, RTB_LATENCY_INTERVAL_MIN_US,
                        RTB_INTERVAL_MAX_US },
  [KEY_HISTOGRAM_US] = { "histogram_us", ON_PER_CPU, RTB_HISTOGRAM_MIN_US,
                         RTB_HISTOGRAM_MAX_US },
  [KEY_BASE_US] = { "base_us", ON_JITTER, RTB_JITTER_BASE_MIN_US, RTB_INTERVAL_MAX_US },
  [KEY_SERVO_US] = { "servo_us", ON_JITTER, RTB_JITTER_SERVO_MIN_US, RTB_INTERVAL_MAX_US },
  [KEY_PERIOD_US] = { "period_us", ON_TIMER, RTB_LATENCY_INTERVAL_MIN_US, RTB_INTERVAL_MAX_US },
  [KEY_SPIN_US] = { "spin_us", ON_TIMER, 0, RTB_TIMER_SPIN_MAX_US },
  [KEY_SIZE] = { "size", ON_RESPONSE, RTB_MATRIX_MIN, RTB_MATRIX_MAX },
  [KEY_EXPERIMENTS] = { "experiments", ON_RESPONSE, 1, RTB_EXPERIMENTS_MAX },
  [KEY_INSTANCES] = { "instances", ON_RESPONSE, RTB_INSTANCES_MIN, RTB_INSTANCES_MAX },
  [KEY_GAP_US] = { "gap_us", ON_RESPONSE, RTB_GAP_MIN_US, RTB_GAP_MAX_US },
  [KEY_DURATION] = { "duration", ON_TIMED, 0, RTB_DURATION_MAX_NS },
  [KEY_GPIO] = { "gpio", ON_LATENCY, 0, 0 },
  [KEY_TIMER_SLACK_NS] = { "timer_slack_ns", ON_ALL, 1, RTB_TIMER_SLACK_MAX_NS },
  [KEY_UNTHROTTLED] = { "unthrottled", ON_ALL, 0, 1 },
  [KEY_TRACE_ABOVE_US] = { "trace_above_us", ON_TRACED, RTB_TRACE_ABOVE_MIN_US,
                           RTB_TRACE_ABOVE_MAX_US },
};

int
_rtb_command_key_lookup (const char *name, size_t len)
{
  for (int i = 0; i < N_KEYS; i++)
    if (strlen (_rtb_command_keys[i].name) == len &&
        strncmp (_rtb_command_keys[i].name, name, len) == 0)
      return i;
  return -1;
}

void
_rtb_command_key_list (RtbMethod method, char *buf, size_t buf_size)
{
  size_t used = 0;

  buf[0] = '\0';
  for (int i = 0; i < N_KEYS; i++)
    {
      if (!(_rtb_command_keys[i].methods & (1u << method)))
        continue;
      int n = snprintf (buf + used, buf_size - used, "%s%s", used > 0 ? ", " : "",
                        _rtb_command_keys[i].name);
      if (n < 0 || (size_t) n >= buf_size - used)
        return;
      used += (size_t) n;
    }
}
