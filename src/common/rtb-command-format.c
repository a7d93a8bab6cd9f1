/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A run command written back as the line that parses to it. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rtb-command-private.h"
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

static bool
flag_set (const RtbCommand *cmd, const RtbKey *info)
{
  return info->flag != 0 && *(const bool *) ((const char *) cmd + info->flag_offset);
}

/* Whether a quiet key is at its default, and left out. */
static bool
at_default (const RtbCommand *cmd, const RtbKey *info)
{
  if (info->kind == RTB_KIND_YES_NO)
    return flag_set (cmd, info) == (info->on[cmd->method].def != 0);
  /* gpio: its first field says whether a line is toggled. */
  return !flag_set (cmd, info) &&
         _rtb_field_get (KEY_FIELD_CONST (cmd, info),
                         info->kind == RTB_KIND_GPIO ? 2 : info->size) == info->on[cmd->method].def;
}

/* " key=value", or nothing for a key left out. False when it does not fit. */
static bool
append_key (const RtbCommand *cmd, const RtbKey *info, char *buf, size_t buf_size, size_t *used)
{
  const char *field = KEY_FIELD_CONST (cmd, info);
  uint64_t value = info->size > 0 ? _rtb_field_get (field, info->size) : 0;
  char text[RTB_COMMAND_MAX];

  if (info->quiet_default && at_default (cmd, info))
    return true;
  switch (info->kind)
    {
    case RTB_KIND_CPU_LIST:
      if (cmd->cpus_all)
        snprintf (text, sizeof text, "all");
      else if (rtb_cpu_list_format (cmd->cpus, RTB_MAX_CPUS, text, sizeof text) < 0)
        return false;
      break;
    case RTB_KIND_ONE_CPU:
      if (cmd->cpu_auto)
        snprintf (text, sizeof text, "auto");
      else if (cpus_first (cmd->cpus) < 0)
        snprintf (text, sizeof text, "none");
      else
        snprintf (text, sizeof text, "%d", cpus_first (cmd->cpus));
      break;
    case RTB_KIND_POLICY:
      snprintf (text, sizeof text, "%s", rtb_policy_to_string (cmd->policy));
      break;
    case RTB_KIND_PRIORITY:
      snprintf (text, sizeof text, "%d", cmd->priority);
      break;
    case RTB_KIND_TIME:
      rtb_duration_format (value, text, sizeof text);
      break;
    case RTB_KIND_VARIANT:
      snprintf (text, sizeof text, "%s", value == RTB_TIMER_VARIANT_NORMAL ? "normal" : "rt");
      break;
    case RTB_KIND_GPIO:
      snprintf (text, sizeof text, "%u:%u", cmd->latency.gpio_chip, cmd->latency.gpio_line);
      break;
    case RTB_KIND_SIZES:
      {
        uint32_t sizes[RTB_RESPONSE_SIZES_MAX];
        unsigned n_sizes = rtb_command_response_sizes (cmd, sizes);
        size_t len = 0;

        text[0] = '\0';
        for (unsigned i = 0; i < n_sizes; i++)
          len += (size_t) snprintf (text + len, sizeof text - len, "%s%u", i == 0 ? "" : ",",
                                    sizes[i]);
      }
      break;
    case RTB_KIND_YES_NO:
      snprintf (text, sizeof text, "%s", flag_set (cmd, info) ? "yes" : "no");
      break;
    case RTB_KIND_WORD:
      if (rtb_command_key_word (info, value) == NULL)
        return false;
      snprintf (text, sizeof text, "%s", rtb_command_key_word (info, value));
      break;
    case RTB_KIND_NUMBER:
    default:
      if (flag_set (cmd, info))
        snprintf (text, sizeof text, "%s", info->auto_word);
      else if (value == 0 && info->zero_is_unset)
        return true;
      else if (value == 0 && info->auto_word != NULL)
        snprintf (text, sizeof text, "%s", info->auto_word);
      else
        snprintf (text, sizeof text, "%llu", (unsigned long long) value);
      break;
    }
  return append (buf, buf_size, used, " %s=%s", info->name, text);
}

int
rtb_command_format (const RtbCommand *cmd, char *buf, size_t buf_size)
{
  size_t used = 0;

  if (buf_size == 0)
    return -1;
  buf[0] = '\0';
  if (cmd->method < RTB_METHOD_LATENCY || cmd->method > RTB_METHOD_LAST)
    return -1;

  if (!append (buf, buf_size, &used, "start %s", rtb_method_to_string (cmd->method)))
    return -1;
  for (size_t k = 0; k < rtb_command_n_keys; k++)
    if (rtb_command_key_taken (rtb_command_keys[k], cmd->method) &&
        !append_key (cmd, rtb_command_keys[k], buf, buf_size, &used))
      return -1;
  return (int) used;
}
