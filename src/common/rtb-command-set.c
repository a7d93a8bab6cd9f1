/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One key=value of a run command: its value read, checked against its range and set. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rtb-command-private.h"
#include "rtb-time.h"

/* The number that starts `text`, cut like quote() when it is long. */
static const char *
quote_number (const char *text, char *buf, size_t buf_size)
{
  size_t len = strspn (text, "0123456789");

  if (len < buf_size)
    snprintf (buf, buf_size, "%.*s", (int) len, text);
  else
    snprintf (buf, buf_size, "%.*s...", (int) (buf_size - 4), text);
  return buf;
}

static bool
is_digits (const char *str)
{
  return *str != '\0' && str[strspn (str, "0123456789")] == '\0';
}

/* A whole number; one too large for 64 bits becomes UINT64_MAX, out of every range, so that
 * its message says "out of range" and quotes it rather than "not a whole number". */
static bool
parse_uint (const char *str, uint64_t *out)
{
  uint64_t value = 0;

  if (!is_digits (str))
    return false;
  for (const char *p = str; *p != '\0'; p++)
    {
      if (value > (UINT64_MAX - 9) / 10)
        {
          *out = UINT64_MAX;
          return true;
        }
      value = value * 10 + (uint64_t) (*p - '0');
    }
  *out = value;
  return true;
}

/* A number within the key's range; the range a message gives is the method's (check_range in
 * rtb-command-check.c holds a value to it). */
static bool
parse_in_range (const RtbKey *info, RtbMethod method, const char *value, uint64_t *out,
                RtbCommandError *error)
{
  unsigned long long least = rtb_command_key_min (info, method);
  unsigned long long most = rtb_command_key_max (info, method);
  bool own = least != info->min || most != info->max;
  char q[40];

  if (!parse_uint (value, out))
    return fail (error, RTB_ERROR_SYNTAX, info->name,
                 "%s '%s' is not a whole number: use %llu-%llu", info->name,
                 quote (value, q, sizeof q), least, most);
  if (*out < info->min || *out > info->max)
    return fail (error, RTB_ERROR_RANGE, info->name, "%s %s is out of range%s%s: use %llu-%llu",
                 info->name, quote (value, q, sizeof q), own ? " for " : "",
                 own ? rtb_method_to_string (method) : "", least, most);
  return true;
}

static bool
set_cpus (RtbCommand *cmd, const char *value, int n_cpus_online, RtbCommandError *error)
{
  uint64_t cpus[RTB_MAX_CPUS / 64];
  int limit = n_cpus_online > 0 && n_cpus_online < RTB_MAX_CPUS ? n_cpus_online : RTB_MAX_CPUS;
  const char *too_high = NULL;
  char q[40];

  if (strcmp (value, "all") == 0)
    {
      cmd->cpus_all = true;
      cpus_fill (cmd->cpus, n_cpus_online);
      return true;
    }
  cpus_clear (cpus);
  if (!rtb_cpu_list_parse (value, cpus, limit, &too_high))
    {
      /* The CPU as written, however long: a number cut to fit an int would mislead. */
      if (too_high != NULL)
        return fail (error, RTB_ERROR_RANGE, "cpus", "cpus %s is out of range: use 0-%d%s",
                     quote_number (too_high, q, sizeof q), limit - 1,
                     n_cpus_online > 0 ? " (the online CPUs)" : "");
      return fail (error, RTB_ERROR_SYNTAX, "cpus",
                   "cpus '%s' is not a CPU list: use all or a list such as 0,2-3",
                   quote (value, q, sizeof q));
    }
  cmd->cpus_all = false;
  memcpy (cmd->cpus, cpus, sizeof cpus);
  return true;
}

static bool
set_cpu (RtbCommand *cmd, const char *value, int n_cpus_online, RtbCommandError *error)
{
  uint64_t max = n_cpus_online > 0 ? (uint64_t) n_cpus_online - 1 : RTB_MAX_CPUS - 1;
  uint64_t cpu;
  char q[40];

  cpus_clear (cmd->cpus);
  cmd->cpu_auto = strcmp (value, "auto") == 0;
  if (cmd->cpu_auto || strcmp (value, "none") == 0)
    return true;
  if (!parse_uint (value, &cpu))
    return fail (error, RTB_ERROR_SYNTAX, "cpu",
                 "cpu '%s' is not a CPU: use 0-%llu, auto (the last isolated CPU, else the last "
                 "one) or none (not pinned)", quote (value, q, sizeof q),
                 (unsigned long long) max);
  if (cpu > max)
    return fail (error, RTB_ERROR_RANGE, "cpu", "cpu %s is out of range: use 0-%llu%s",
                 quote (value, q, sizeof q), (unsigned long long) max,
                 n_cpus_online > 0 ? " (the online CPUs)" : "");
  cpus_set (cmd->cpus, (int) cpu);
  return true;
}

static bool
set_variant (RtbCommand *cmd, const char *value, RtbCommandError *error)
{
  char q[40];

  if (strcmp (value, "rt") != 0 && strcmp (value, "normal") != 0)
    return fail (error, RTB_ERROR_SYNTAX, "variant",
                 "variant '%s' is unknown: use rt (a SCHED_FIFO 80 thread) or normal (an "
                 "ordinary thread)", quote (value, q, sizeof q));
  cmd->timer.variant = value[0] == 'n' ? RTB_TIMER_VARIANT_NORMAL : RTB_TIMER_VARIANT_RT;
  /* Like set_policy: an untouched default policy follows the variant. */
  if (cmd->timer.variant == RTB_TIMER_VARIANT_NORMAL && cmd->policy == RTB_POLICY_FIFO &&
      cmd->priority == default_priority (cmd->method))
    {
      cmd->policy = RTB_POLICY_OTHER;
      cmd->priority = 0;
    }
  else if (cmd->timer.variant == RTB_TIMER_VARIANT_RT && cmd->policy == RTB_POLICY_OTHER &&
           cmd->priority == 0)
    {
      cmd->policy = RTB_POLICY_FIFO;
      cmd->priority = default_priority (cmd->method);
    }
  return true;
}

/* "CHIP:LINE", two whole numbers. */
static bool
set_gpio (RtbCommand *cmd, const char *value, RtbCommandError *error)
{
  char chip_text[16], line_text[16];
  const char *colon = strchr (value, ':');
  uint64_t chip, line;
  char q[40];

  if (colon == NULL || colon == value || (size_t) (colon - value) >= sizeof chip_text ||
      strlen (colon + 1) >= sizeof line_text)
    return fail (error, RTB_ERROR_SYNTAX, "gpio",
                 "gpio '%s' is not CHIP:LINE: use two numbers such as 0:17 (line 17 of "
                 "/dev/gpiochip0)", quote (value, q, sizeof q));
  memcpy (chip_text, value, (size_t) (colon - value));
  chip_text[colon - value] = '\0';
  snprintf (line_text, sizeof line_text, "%s", colon + 1);
  if (!parse_uint (chip_text, &chip) || !parse_uint (line_text, &line))
    return fail (error, RTB_ERROR_SYNTAX, "gpio",
                 "gpio '%s' is not CHIP:LINE: use two numbers such as 0:17 (line 17 of "
                 "/dev/gpiochip0)", quote (value, q, sizeof q));
  if (chip > RTB_GPIO_CHIP_MAX || line > RTB_GPIO_LINE_MAX)
    return fail (error, RTB_ERROR_RANGE, "gpio",
                 "gpio %s is out of range: use a chip of 0-%d and a line of 0-%d",
                 quote (value, q, sizeof q), RTB_GPIO_CHIP_MAX, RTB_GPIO_LINE_MAX);
  cmd->latency.gpio = 1;
  cmd->latency.gpio_chip = (uint16_t) chip;
  cmd->latency.gpio_line = (uint32_t) line;
  return true;
}

/* "32" or "32,64,128". */
static bool
set_sizes (RtbCommand *cmd, const char *value, RtbCommandError *error)
{
  uint32_t sizes[RTB_RESPONSE_SIZES_MAX];
  unsigned n = 0;
  const char *p = value;
  char q[40];

  for (;;)
    {
      char item[16];
      size_t len = strcspn (p, ",");
      uint64_t size;

      if (n == RTB_RESPONSE_SIZES_MAX)
        return fail (error, RTB_ERROR_RANGE, "size",
                     "size '%s' lists more than %d sizes: give at most %d",
                     quote (value, q, sizeof q), RTB_RESPONSE_SIZES_MAX, RTB_RESPONSE_SIZES_MAX);
      if (len == 0 || len >= sizeof item)
        return fail (error, RTB_ERROR_SYNTAX, "size",
                     "size '%s' is not a matrix size or a list of them: use %d-%d, or a list "
                     "such as 32,64,128", quote (value, q, sizeof q), RTB_MATRIX_MIN,
                     RTB_MATRIX_MAX);
      memcpy (item, p, len);
      item[len] = '\0';
      if (!parse_uint (item, &size))
        return fail (error, RTB_ERROR_SYNTAX, "size",
                     "size '%s' is not a matrix size or a list of them: use %d-%d, or a list "
                     "such as 32,64,128", quote (value, q, sizeof q), RTB_MATRIX_MIN,
                     RTB_MATRIX_MAX);
      if (size < RTB_MATRIX_MIN || size > RTB_MATRIX_MAX)
        return fail (error, RTB_ERROR_RANGE, "size", "size %s is out of range: use %d-%d",
                     item, RTB_MATRIX_MIN, RTB_MATRIX_MAX);
      sizes[n++] = (uint32_t) size;
      if (p[len] == '\0')
        break;
      p += len + 1;
    }

  cmd->response.size = sizes[0];
  memset (cmd->response.more_sizes, 0, sizeof cmd->response.more_sizes);
  for (unsigned i = 1; i < n; i++)
    cmd->response.more_sizes[i - 1] = (uint16_t) sizes[i];
  return true;
}

static bool
set_policy (RtbCommand *cmd, const char *value, RtbCommandError *error)
{
  RtbPolicy policy;
  char q[40];

  if (!rtb_policy_from_string (value, &policy))
    return fail (error, RTB_ERROR_SYNTAX, "policy", "policy '%s' is unknown: use fifo, rr or other",
                 quote (value, q, sizeof q));
  /* Switching between RT and other moves an untouched default priority along, so that
   * "policy=other" alone is valid and "policy=fifo" alone gets the method's priority. */
  if (policy == RTB_POLICY_OTHER && cmd->priority == default_priority (cmd->method))
    cmd->priority = 0;
  else if (policy != RTB_POLICY_OTHER && cmd->priority == 0)
    cmd->priority = default_priority (cmd->method);
  cmd->policy = policy;
  return true;
}

static bool
set_priority (RtbCommand *cmd, const char *value, RtbCommandError *error)
{
  uint64_t priority;
  char q[40];

  if (!parse_uint (value, &priority))
    return fail (error, RTB_ERROR_SYNTAX, "priority",
                 "priority '%s' is not a whole number: use %d-%d (0 with policy=other)",
                 quote (value, q, sizeof q), RTB_PRIORITY_MIN, RTB_PRIORITY_MAX);
  if (priority > RTB_PRIORITY_MAX)
    return fail (error, RTB_ERROR_RANGE, "priority",
                 "priority %s is out of range: use %d-%d (0 with policy=other)",
                 quote (value, q, sizeof q), RTB_PRIORITY_MIN, RTB_PRIORITY_MAX);
  cmd->priority = (int) priority;
  return true;
}

static bool
set_duration (RtbCommand *cmd, const char *value, RtbCommandError *error)
{
  uint64_t ns;
  char q[40];
  size_t digits = strspn (value, "0123456789");
  /* Written as a time, but more than 64 bits of nanoseconds: out of range, not malformed. */
  bool time_shape = digits > 0 && (value[digits] == '\0' ||
                                   (strchr ("smhd", value[digits]) && value[digits + 1] == '\0'));

  if (!rtb_duration_parse (value, &ns))
    {
      if (!time_shape)
        return fail (error, RTB_ERROR_SYNTAX, "duration",
                     "duration '%s' is not a time: use 0-7d, a number with an optional s, m, h "
                     "or d suffix (0 = until stopped)", quote (value, q, sizeof q));
      ns = UINT64_MAX;
    }
  if (ns > RTB_DURATION_MAX_NS)
    return fail (error, RTB_ERROR_RANGE, "duration",
                 "duration %s is out of range: use 0-7d (0 = until stopped)",
                 quote (value, q, sizeof q));
  cmd->duration_ns = ns;
  return true;
}

/* A number, or the key's word for 0 ("auto"), which also sets its flag. */
static bool
set_number (RtbCommand *cmd, const RtbKey *info, const char *value, RtbCommandError *error)
{
  bool is_auto = info->auto_word != NULL && strcmp (value, info->auto_word) == 0;
  uint64_t v = 0;
  char q[40];

  if (info->flag != 0)
    *(bool *) ((char *) cmd + info->flag_offset) = is_auto;
  if (!is_auto && info->auto_word != NULL && !parse_uint (value, &v))
    return fail (error, RTB_ERROR_SYNTAX, info->name,
                 "%s '%s' is neither a whole number nor %s: use %s or %llu-%llu", info->name,
                 quote (value, q, sizeof q), info->auto_word, info->auto_word,
                 (unsigned long long) info->min, (unsigned long long) info->max);
  if (!is_auto && !parse_in_range (info, cmd->method, value, &v, error))
    return false;
  _rtb_field_set (KEY_FIELD (cmd, info), info->size, v);
  return true;
}

static bool
set_yes_no (RtbCommand *cmd, const RtbKey *info, const char *value, RtbCommandError *error)
{
  char q[40];

  if (strcmp (value, "yes") != 0 && strcmp (value, "no") != 0)
    return fail (error, RTB_ERROR_SYNTAX, info->name, "%s '%s' is unknown: use yes or no",
                 info->name, quote (value, q, sizeof q));
  *(bool *) ((char *) cmd + info->flag_offset) = strcmp (value, "yes") == 0;
  return true;
}

/* One of the key's words, its index in the key's field. */
static bool
set_word (RtbCommand *cmd, const RtbKey *info, const char *value, RtbCommandError *error)
{
  char q[40], words[RTB_KEY_WORDS_MAX * 24] = "";
  size_t used = 0;

  for (unsigned i = 0; i < RTB_KEY_WORDS_MAX && info->words[i] != NULL; i++)
    if (strcmp (value, info->words[i]) == 0)
      {
        _rtb_field_set (KEY_FIELD (cmd, info), info->size, i);
        return true;
      }
  for (unsigned i = 0; i < RTB_KEY_WORDS_MAX && info->words[i] != NULL; i++)
    used += (size_t) snprintf (words + used, sizeof words - used, "%s%s",
                               i == 0 ? "" : info->words[i + 1] == NULL ? " or " : ", ",
                               info->words[i]);
  return fail (error, RTB_ERROR_SYNTAX, info->name, "%s '%s' is unknown: use %s", info->name,
               quote (value, q, sizeof q), words);
}

bool
rtb_command_set (RtbCommand *cmd, const char *key, const char *value, int n_cpus_online,
                 RtbCommandError *error)
{
  const RtbKey *info = rtb_command_key_lookup (key, strlen (key));
  char q[40];
  char list[200];

  if (!rtb_command_key_taken (info, cmd->method))
    {
      _rtb_command_key_list (cmd->method, list, sizeof list);
      return fail (error, RTB_ERROR_SYNTAX, key, "unknown key '%s' for %s: use %s",
                   quote (key, q, sizeof q), rtb_method_to_string (cmd->method), list);
    }

  switch (info->kind)
    {
    case RTB_KIND_CPU_LIST:
      return set_cpus (cmd, value, n_cpus_online, error);
    case RTB_KIND_ONE_CPU:
      return set_cpu (cmd, value, n_cpus_online, error);
    case RTB_KIND_POLICY:
      return set_policy (cmd, value, error);
    case RTB_KIND_PRIORITY:
      return set_priority (cmd, value, error);
    case RTB_KIND_TIME:
      return set_duration (cmd, value, error);
    case RTB_KIND_VARIANT:
      return set_variant (cmd, value, error);
    case RTB_KIND_GPIO:
      return set_gpio (cmd, value, error);
    case RTB_KIND_SIZES:
      return set_sizes (cmd, value, error);
    case RTB_KIND_YES_NO:
      return set_yes_no (cmd, info, value, error);
    case RTB_KIND_WORD:
      return set_word (cmd, info, value, error);
    case RTB_KIND_NUMBER:
    default:
      return set_number (cmd, info, value, error);
    }
}

void
_rtb_command_set_default (RtbCommand *cmd, const RtbKey *info, int n_cpus_online)
{
  uint64_t def = info->on[cmd->method].def;

  switch (info->kind)
    {
    case RTB_KIND_CPU_LIST:
      cmd->cpus_all = def == RTB_KEY_ALL;
      if (cmd->cpus_all)
        cpus_fill (cmd->cpus, n_cpus_online);
      else
        cpus_set (cmd->cpus, (int) def);
      break;
    case RTB_KIND_ONE_CPU:
      cmd->cpu_auto = def == RTB_KEY_AUTO;
      if (def < RTB_KEY_NONE)
        cpus_set (cmd->cpus, (int) def);
      break;
    case RTB_KIND_POLICY:
      cmd->policy = (RtbPolicy) def;
      break;
    case RTB_KIND_PRIORITY:
      /* After the policy (the table's order): policy other takes none. */
      cmd->priority = cmd->policy == RTB_POLICY_OTHER ? 0 : (int) def;
      break;
    case RTB_KIND_YES_NO:
      *(bool *) ((char *) cmd + info->flag_offset) = def != 0;
      break;
    case RTB_KIND_TIME:
    case RTB_KIND_VARIANT:
    case RTB_KIND_GPIO:
    case RTB_KIND_SIZES:
    case RTB_KIND_WORD:
    case RTB_KIND_NUMBER:
    default:
      _rtb_field_set (KEY_FIELD (cmd, info), info->size, def);
      break;
    }
}
