/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "rtb-cpu-list.h"
#include "rtb-label.h"

static void
add (GString *label, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
add (GString *label, const char *format, ...)
{
  va_list args;

  g_string_append (label, label->len > 0 ? ", " : "");
  va_start (args, format);
  g_string_append_vprintf (label, format, args);
  va_end (args);
}

/* The method and its own parameters where they differ from its usual ones. */
static void
add_method (GString *label, const RtbCommand *cmd, const RtbCommand *usual)
{
  g_string_append (label, rtb_method_to_string (cmd->method));
  switch (cmd->method)
    {
    case RTB_METHOD_LATENCY:
      if (cmd->latency.interval_us != usual->latency.interval_us)
        g_string_append_printf (label, " %" PRIu32 " µs", cmd->latency.interval_us);
      break;
    case RTB_METHOD_JITTER:
      if (cmd->jitter.base_us != usual->jitter.base_us ||
          cmd->jitter.servo_us != usual->jitter.servo_us)
        g_string_append_printf (label, " %" PRIu32 "/%" PRIu32 " µs", cmd->jitter.base_us,
                                cmd->jitter.servo_us);
      break;
    case RTB_METHOD_TIMER:
      if (cmd->timer.period_us != usual->timer.period_us)
        g_string_append_printf (label, " %" PRIu32 " µs", cmd->timer.period_us);
      if (cmd->timer.spin_us != usual->timer.spin_us)
        g_string_append_printf (label, " spin %" PRIu32 " µs", cmd->timer.spin_us);
      break;
    case RTB_METHOD_RESPONSE:
      if (cmd->response.size != usual->response.size)
        g_string_append_printf (label, " %" PRIu32 "×%" PRIu32, cmd->response.size,
                                cmd->response.size);
      break;
    default:
      break;
    }
}

char *
rtb_label_default (const RtbCommand *command, const char *load, const char *host)
{
  GString *label = g_string_new (NULL);
  RtbCommand usual;

  g_return_val_if_fail (command != NULL, NULL);

  rtb_command_defaults (&usual, command->method, RTB_MAX_CPUS);
  add_method (label, command, &usual);
  if (command->method == RTB_METHOD_LATENCY && !command->cpus_all)
    {
      char cpus[128];

      if (rtb_cpu_list_format (command->cpus, RTB_MAX_CPUS, cpus, sizeof cpus) >= 0)
        add (label, strpbrk (cpus, ",-") != NULL ? "CPUs %s" : "CPU %s", cpus);
    }
  if (command->policy == RTB_POLICY_OTHER && usual.policy != RTB_POLICY_OTHER)
    add (label, "normal policy");
  else if (command->policy == RTB_POLICY_RR)
    add (label, "round robin %d", command->priority);
  else if (command->priority != usual.priority)
    add (label, "priority %d", command->priority);
  if (g_strcmp0 (load, "cpu") == 0)
    add (label, "CPU load");
  else if (g_strcmp0 (load, "full") == 0)
    add (label, "full load");
  if (host != NULL && *host != '\0')
    add (label, "%s", host);
  return g_string_free (label, FALSE);
}
