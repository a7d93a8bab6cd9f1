/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rtb-command.h"
#include "rtb-time.h"

#define N_ELEMENTS(a) (sizeof (a) / sizeof ((a)[0]))
#define MAX_TOKENS 64

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

typedef enum {
  KEY_VARIANT,
  KEY_CPUS,
  KEY_CPU,
  KEY_POLICY,
  KEY_PRIORITY,
  KEY_INTERVAL_US,
  KEY_HISTOGRAM_US,
  KEY_BASE_US,
  KEY_SERVO_US,
  KEY_PERIOD_US,
  KEY_SPIN_US,
  KEY_SIZE,
  KEY_EXPERIMENTS,
  KEY_INSTANCES,
  KEY_GAP_US,
  KEY_DURATION,
  KEY_GPIO,
  KEY_TIMER_SLACK_NS,
  KEY_UNTHROTTLED,
  KEY_TRACE_ABOVE_US,
  N_KEYS
} Key;

typedef struct {
  const char *name;
  unsigned methods;
  uint64_t min;
  uint64_t max;
} KeyInfo;

/* In the order rtb_command_format writes them. A new key takes a line here and a Key, its case
 * in rtb_command_set, rtb_command_check and rtb_command_format, and a field in RtbCommand that
 * STARTED carries (its method's parameters in rtb-protocol.h: see "Adding a command key"). */
static const KeyInfo keys[N_KEYS] = {
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

static const char *const method_list = "latency, jitter, timer, response or noise";

static bool
fail (RtbCommandError *error, RtbErrorCode code, const char *field, const char *format, ...)
  __attribute__ ((format (printf, 4, 5)));

static bool
fail (RtbCommandError *error, RtbErrorCode code, const char *field, const char *format, ...)
{
  va_list args;

  if (error == NULL)
    return false;
  error->code = code;
  snprintf (error->field, sizeof error->field, "%s", field);
  va_start (args, format);
  vsnprintf (error->message, sizeof error->message, format, args);
  va_end (args);
  return false;
}

/* Long client text is cut so that the message keeps room for the allowed range. */
static const char *
quote (const char *text, char *buf, size_t buf_size)
{
  size_t len = strlen (text);

  if (len < buf_size)
    return text;
  snprintf (buf, buf_size, "%.*s...", (int) (buf_size - 4), text);
  return buf;
}

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

static int
key_lookup (const char *name, size_t len)
{
  for (int i = 0; i < N_KEYS; i++)
    if (strlen (keys[i].name) == len && strncmp (keys[i].name, name, len) == 0)
      return i;
  return -1;
}

static void
key_list (RtbMethod method, char *buf, size_t buf_size)
{
  size_t used = 0;

  buf[0] = '\0';
  for (int i = 0; i < N_KEYS; i++)
    {
      if (!(keys[i].methods & (1u << method)))
        continue;
      int n = snprintf (buf + used, buf_size - used, "%s%s", used > 0 ? ", " : "", keys[i].name);
      if (n < 0 || (size_t) n >= buf_size - used)
        return;
      used += (size_t) n;
    }
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

static bool
parse_in_range (Key key, const char *value, uint64_t *out, RtbCommandError *error)
{
  const KeyInfo *info = &keys[key];
  char q[40];

  if (!parse_uint (value, out))
    return fail (error, RTB_ERROR_SYNTAX, info->name,
                 "%s '%s' is not a whole number: use %llu-%llu", info->name,
                 quote (value, q, sizeof q), (unsigned long long) info->min,
                 (unsigned long long) info->max);
  if (*out < info->min || *out > info->max)
    return fail (error, RTB_ERROR_RANGE, info->name, "%s %s is out of range: use %llu-%llu",
                 info->name, quote (value, q, sizeof q), (unsigned long long) info->min,
                 (unsigned long long) info->max);
  return true;
}

static int
default_priority (RtbMethod method)
{
  /* Noise at a real-time policy starts at the lowest priority: it never sleeps. */
  return method == RTB_METHOD_TIMER ? 80 : method == RTB_METHOD_NOISE ? 1 : 99;
}

static void
cpus_clear (uint64_t *cpus)
{
  memset (cpus, 0, sizeof (uint64_t) * (RTB_MAX_CPUS / 64));
}

static void
cpus_set (uint64_t *cpus, int cpu)
{
  cpus[cpu / 64] |= (uint64_t) 1 << (cpu % 64);
}

static void
cpus_fill (uint64_t *cpus, int n_cpus)
{
  cpus_clear (cpus);
  for (int cpu = 0; cpu < n_cpus && cpu < RTB_MAX_CPUS; cpu++)
    cpus_set (cpus, cpu);
}

static int
cpus_first (const uint64_t *cpus)
{
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    if (rtb_cpu_isset (cpus, cpu))
      return cpu;
  return -1;
}

void
rtb_command_defaults (RtbCommand *cmd, RtbMethod method, int n_cpus_online)
{
  memset (cmd, 0, sizeof *cmd);
  cmd->method = method;
  /* oslat polls at the default policy unless told -f: a busy real-time thread would starve its
   * CPU, or be throttled by the kernel every second. */
  cmd->policy = method == RTB_METHOD_NOISE ? RTB_POLICY_OTHER : RTB_POLICY_FIFO;
  cmd->priority = cmd->policy == RTB_POLICY_OTHER ? 0 : default_priority (method);

  switch (method)
    {
    case RTB_METHOD_LATENCY:
      cmd->cpus_all = true;
      cpus_fill (cmd->cpus, n_cpus_online);
      cmd->latency.interval_us = 1000;
      cmd->latency.histogram_us = 1000;
      cmd->duration_ns = 60 * (uint64_t) RTB_NSEC_PER_SEC;
      break;
    case RTB_METHOD_JITTER:
      cmd->cpu_auto = true;
      cmd->jitter.base_us = 25;
      cmd->jitter.servo_us = 1000;
      cmd->duration_ns = 60 * (uint64_t) RTB_NSEC_PER_SEC;
      break;
    case RTB_METHOD_TIMER:
      cmd->timer.period_us = 5000;
      cmd->timer.spin_us = 100;
      cmd->duration_ns = 60 * (uint64_t) RTB_NSEC_PER_SEC;
      break;
    case RTB_METHOD_RESPONSE:
      cpus_set (cmd->cpus, 0);
      cmd->response.size = 32;
      cmd->response.instances = 1000;
      cmd->response.experiments = 1;
      break;
    case RTB_METHOD_NOISE:
      /* oslat's: every CPU, 32 buckets of 1 µs. It runs 1 s unless told -D. */
      cmd->cpus_all = true;
      cpus_fill (cmd->cpus, n_cpus_online);
      cmd->noise.histogram_us = 32;
      cmd->duration_ns = 60 * (uint64_t) RTB_NSEC_PER_SEC;
      break;
    default:
      break;
    }
}

bool
rtb_method_is_per_cpu (RtbMethod method)
{
  return method == RTB_METHOD_LATENCY || method == RTB_METHOD_NOISE;
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

bool
rtb_command_set (RtbCommand *cmd, const char *key, const char *value, int n_cpus_online,
                 RtbCommandError *error)
{
  int k = key_lookup (key, strlen (key));
  uint64_t v = 0;
  char q[40];
  char list[200];

  if (k < 0 || !(keys[k].methods & (1u << cmd->method)))
    {
      key_list (cmd->method, list, sizeof list);
      return fail (error, RTB_ERROR_SYNTAX, key, "unknown key '%s' for %s: use %s",
                   quote (key, q, sizeof q), rtb_method_to_string (cmd->method), list);
    }

  switch ((Key) k)
    {
    case KEY_CPUS:
      return set_cpus (cmd, value, n_cpus_online, error);
    case KEY_CPU:
      return set_cpu (cmd, value, n_cpus_online, error);
    case KEY_POLICY:
      return set_policy (cmd, value, error);
    case KEY_PRIORITY:
      return set_priority (cmd, value, error);
    case KEY_DURATION:
      return set_duration (cmd, value, error);
    case KEY_VARIANT:
      return set_variant (cmd, value, error);
    case KEY_GPIO:
      return set_gpio (cmd, value, error);
    case KEY_SIZE:
      return set_sizes (cmd, value, error);
    case KEY_GAP_US:
      if (strcmp (value, "auto") == 0)
        {
          cmd->response.gap_us = 0;
          return true;
        }
      if (!parse_uint (value, &v))
        return fail (error, RTB_ERROR_SYNTAX, "gap_us",
                     "gap_us '%s' is not a whole number: use auto or %d-%d",
                     quote (value, q, sizeof q), RTB_GAP_MIN_US, RTB_GAP_MAX_US);
      if (!parse_in_range ((Key) k, value, &v, error))
        return false;
      cmd->response.gap_us = (uint32_t) v;
      return true;
    case KEY_UNTHROTTLED:
      if (strcmp (value, "yes") != 0 && strcmp (value, "no") != 0)
        return fail (error, RTB_ERROR_SYNTAX, "unthrottled",
                     "unthrottled '%s' is unknown: use yes or no", quote (value, q, sizeof q));
      cmd->unthrottled = strcmp (value, "yes") == 0;
      return true;
    case KEY_TRACE_ABOVE_US:
      cmd->trace_auto = strcmp (value, "auto") == 0;
      if (cmd->trace_auto)
        {
          cmd->trace_above_us = 0;
          return true;
        }
      if (!parse_uint (value, &v))
        return fail (error, RTB_ERROR_SYNTAX, "trace_above_us",
                     "trace_above_us '%s' is neither a whole number nor auto: use %d-%d or auto",
                     quote (value, q, sizeof q), RTB_TRACE_ABOVE_MIN_US, RTB_TRACE_ABOVE_MAX_US);
      if (!parse_in_range (KEY_TRACE_ABOVE_US, value, &v, error))
        return false;
      cmd->trace_above_us = (uint32_t) v;
      return true;
    case KEY_INTERVAL_US:
    case KEY_HISTOGRAM_US:
    case KEY_BASE_US:
    case KEY_SERVO_US:
    case KEY_PERIOD_US:
    case KEY_SPIN_US:
    case KEY_EXPERIMENTS:
    case KEY_INSTANCES:
    case KEY_TIMER_SLACK_NS:
      if (!parse_in_range ((Key) k, value, &v, error))
        return false;
      break;
    case N_KEYS:
    default:
      return false;
    }

  switch ((Key) k)
    {
    case KEY_INTERVAL_US:
      cmd->latency.interval_us = (uint32_t) v;
      break;
    case KEY_HISTOGRAM_US:
      if (cmd->method == RTB_METHOD_NOISE)
        cmd->noise.histogram_us = (uint32_t) v;
      else
        cmd->latency.histogram_us = (uint32_t) v;
      break;
    case KEY_BASE_US:
      cmd->jitter.base_us = (uint32_t) v;
      break;
    case KEY_SERVO_US:
      cmd->jitter.servo_us = (uint32_t) v;
      break;
    case KEY_PERIOD_US:
      cmd->timer.period_us = (uint32_t) v;
      break;
    case KEY_SPIN_US:
      cmd->timer.spin_us = (uint32_t) v;
      break;
    case KEY_EXPERIMENTS:
      cmd->response.experiments = (uint16_t) v;
      break;
    case KEY_INSTANCES:
      cmd->response.instances = v;
      break;
    case KEY_TIMER_SLACK_NS:
      cmd->timer_slack_ns = (uint32_t) v;
      break;
    case KEY_VARIANT:
    case KEY_CPUS:
    case KEY_CPU:
    case KEY_POLICY:
    case KEY_PRIORITY:
    case KEY_SIZE:
    case KEY_GAP_US:
    case KEY_DURATION:
    case KEY_GPIO:
    case KEY_UNTHROTTLED:
    case KEY_TRACE_ABOVE_US:
    case N_KEYS:
    default:
      break;
    }
  return true;
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

static bool
check_range (Key key, uint64_t value, RtbCommandError *error)
{
  const KeyInfo *info = &keys[key];

  if (value < info->min || value > info->max)
    return fail (error, RTB_ERROR_RANGE, info->name, "%s %llu is out of range: use %llu-%llu",
                 info->name, (unsigned long long) value, (unsigned long long) info->min,
                 (unsigned long long) info->max);
  return true;
}

bool
rtb_command_check (const RtbCommand *cmd, int n_cpus_online, RtbCommandError *error)
{
  int n_cpus = rtb_cpu_count (cmd->cpus, RTB_MAX_CPUS);

  if (cmd->method < RTB_METHOD_LATENCY || cmd->method > RTB_METHOD_LAST)
    return fail (error, RTB_ERROR_SYNTAX, "method", "unknown method: use %s", method_list);

  if (cmd->policy == RTB_POLICY_OTHER)
    {
      if (cmd->priority != 0)
        return fail (error, RTB_ERROR_RANGE, "priority",
                     "priority %d needs a real-time policy: policy other takes no priority "
                     "(omit it or use 0), or use policy=fifo or rr with priority 1-99",
                     cmd->priority);
    }
  else if (cmd->policy == RTB_POLICY_FIFO || cmd->policy == RTB_POLICY_RR)
    {
      if (cmd->priority < RTB_PRIORITY_MIN || cmd->priority > RTB_PRIORITY_MAX)
        return fail (error, RTB_ERROR_RANGE, "priority",
                     "priority %d is out of range: use %d-%d with policy %s", cmd->priority,
                     RTB_PRIORITY_MIN, RTB_PRIORITY_MAX, rtb_policy_to_string (cmd->policy));
    }
  else
    return fail (error, RTB_ERROR_SYNTAX, "policy", "unknown policy: use fifo, rr or other");

  if (rtb_method_is_per_cpu (cmd->method))
    {
      if (n_cpus == 0)
        return fail (error, RTB_ERROR_RANGE, "cpus",
                     "cpus is empty: use all or a list such as 0,2-3");
      if (cmd->cpu_auto)
        return fail (error, RTB_ERROR_RANGE, "cpus", "%s takes cpus, not cpu=auto",
                     rtb_method_to_string (cmd->method));
    }
  else if (n_cpus > 1)
    return fail (error, RTB_ERROR_RANGE, "cpu",
                 "%s runs on one cpu at most: use cpu=N, auto or none",
                 rtb_method_to_string (cmd->method));
  if (n_cpus_online > 0)
    for (int cpu = n_cpus_online; cpu < RTB_MAX_CPUS; cpu++)
      if (rtb_cpu_isset (cmd->cpus, cpu))
        return fail (error, RTB_ERROR_RANGE, rtb_method_is_per_cpu (cmd->method) ? "cpus" : "cpu",
                     "%s %d is out of range: use 0-%d (the online CPUs)",
                     rtb_method_is_per_cpu (cmd->method) ? "cpus" : "cpu", cpu,
                     n_cpus_online - 1);

  if (cmd->duration_ns > RTB_DURATION_MAX_NS)
    return fail (error, RTB_ERROR_RANGE, "duration",
                 "duration is out of range: use 0-7d (0 = until stopped)");
  if (cmd->timer_slack_ns > RTB_TIMER_SLACK_MAX_NS)
    return fail (error, RTB_ERROR_RANGE, "timer_slack_ns",
                 "timer_slack_ns %u is out of range: use 1-%u, or leave it out for the "
                 "kernel's", cmd->timer_slack_ns, RTB_TIMER_SLACK_MAX_NS);
  if (cmd->trace_auto && cmd->trace_above_us != 0)
    return fail (error, RTB_ERROR_SYNTAX, "trace_above_us",
                 "trace_above_us is both auto and %u: give one", cmd->trace_above_us);
  if (cmd->trace_above_us != 0 && !check_range (KEY_TRACE_ABOVE_US, cmd->trace_above_us, error))
    return false;
  if ((cmd->trace_auto || cmd->trace_above_us != 0) && cmd->method == RTB_METHOD_RESPONSE)
    return fail (error, RTB_ERROR_SYNTAX, "trace_above_us",
                 "trace_above_us explains late wake-ups, and response has no deadline: use it "
                 "with latency, jitter or timer");

  switch (cmd->method)
    {
    case RTB_METHOD_LATENCY:
      if (!check_range (KEY_INTERVAL_US, cmd->latency.interval_us, error) ||
          !check_range (KEY_HISTOGRAM_US, cmd->latency.histogram_us, error))
        return false;
      if (cmd->latency.gpio > 1 || cmd->latency.gpio_chip > RTB_GPIO_CHIP_MAX ||
          cmd->latency.gpio_line > RTB_GPIO_LINE_MAX)
        return fail (error, RTB_ERROR_RANGE, "gpio",
                     "gpio is out of range: use a chip of 0-%d and a line of 0-%d",
                     RTB_GPIO_CHIP_MAX, RTB_GPIO_LINE_MAX);
      if (cmd->latency.gpio && (cmd->cpus_all || n_cpus != 1))
        return fail (error, RTB_ERROR_RANGE, "gpio",
                     "gpio=%u:%u toggles its line from one thread: measure one CPU with cpus=N",
                     cmd->latency.gpio_chip, cmd->latency.gpio_line);
      return true;
    case RTB_METHOD_JITTER:
      if (!check_range (KEY_BASE_US, cmd->jitter.base_us, error) ||
          !check_range (KEY_SERVO_US, cmd->jitter.servo_us, error))
        return false;
      if (cmd->jitter.servo_us <= cmd->jitter.base_us)
        return fail (error, RTB_ERROR_RANGE, "servo_us",
                     "servo_us %u must be longer than base_us %u: use %u-%d",
                     cmd->jitter.servo_us, cmd->jitter.base_us, cmd->jitter.base_us + 1,
                     RTB_INTERVAL_MAX_US);
      return true;
    case RTB_METHOD_TIMER:
      if (!check_range (KEY_PERIOD_US, cmd->timer.period_us, error) ||
          !check_range (KEY_SPIN_US, cmd->timer.spin_us, error))
        return false;
      if (cmd->timer.spin_us >= cmd->timer.period_us)
        return fail (error, RTB_ERROR_RANGE, "spin_us",
                     "spin_us %u must be shorter than period_us %u: use 0-%u",
                     cmd->timer.spin_us, cmd->timer.period_us, cmd->timer.period_us - 1);
      if (cmd->timer.variant > RTB_TIMER_VARIANT_NORMAL)
        return fail (error, RTB_ERROR_RANGE, "variant", "unknown variant: use rt or normal");
      if (cmd->timer.variant == RTB_TIMER_VARIANT_NORMAL)
        {
          if (cmd->policy != RTB_POLICY_OTHER)
            return fail (error, RTB_ERROR_RANGE, "policy",
                         "variant=normal is an ordinary SCHED_OTHER thread: leave out policy=%s "
                         "and priority, or use variant=rt", rtb_policy_to_string (cmd->policy));
          if (n_cpus != 0 || cmd->cpu_auto)
            return fail (error, RTB_ERROR_RANGE, "cpu",
                         "variant=normal is an unpinned thread: leave out cpu, or use "
                         "variant=rt");
          if (cmd->timer_slack_ns != 0)
            return fail (error, RTB_ERROR_RANGE, "timer_slack_ns",
                         "variant=normal keeps the kernel's timer slack: leave out "
                         "timer_slack_ns, or use variant=rt");
        }
      if (cmd->duration_ns != 0 && cmd->duration_ns < (uint64_t) cmd->timer.period_us * 1000)
        return fail (error, RTB_ERROR_RANGE, "duration",
                     "duration %llu ns is shorter than one tick of period_us %u: use at least "
                     "%u us, or 0 (until stopped)", (unsigned long long) cmd->duration_ns,
                     cmd->timer.period_us, cmd->timer.period_us);
      return true;
    case RTB_METHOD_RESPONSE:
      {
        uint32_t sizes[RTB_RESPONSE_SIZES_MAX];
        unsigned n_sizes = rtb_command_response_sizes (cmd, sizes);

        for (unsigned i = 0; i < n_sizes; i++)
          if (!check_range (KEY_SIZE, sizes[i], error))
            return false;
        if (!check_range (KEY_EXPERIMENTS, cmd->response.experiments, error) ||
            !check_range (KEY_INSTANCES, cmd->response.instances, error) ||
            (cmd->response.gap_us != 0 && !check_range (KEY_GAP_US, cmd->response.gap_us, error)))
          return false;
        return true;
      }
    case RTB_METHOD_NOISE:
      if (cmd->noise.reserved != 0)
        return fail (error, RTB_ERROR_SYNTAX, "", "reserved noise parameters are not 0");
      return check_range (KEY_HISTOGRAM_US, cmd->noise.histogram_us, error);
    default:
      return false;
    }
}

static bool
is_space (char c)
{
  return c == ' ' || c == '\t';
}

bool
rtb_command_check_bytes (const char *line, size_t len, RtbCommandError *error)
{
  for (size_t i = 0; i < len; i++)
    {
      unsigned char c = (unsigned char) line[i];

      if (c == 0)
        return fail (error, RTB_ERROR_SYNTAX, "",
                     "the command has a NUL byte (0x00) at offset %zu, which would hide what "
                     "follows it: send plain ASCII key=value words", i);
      if ((c < 0x20 && c != '\t') || c >= 0x7f)
        return fail (error, RTB_ERROR_SYNTAX, "",
                     "the command has a %s byte 0x%02x at offset %zu: send plain ASCII "
                     "key=value words", c >= 0x80 ? "non-ASCII" : "control", c, i);
    }
  return true;
}

bool
rtb_command_parse (const char *line, bool with_verb, int n_cpus_online, RtbCommand *cmd,
                   RtbCommandError *error)
{
  return rtb_command_parse_n (line, line != NULL ? strlen (line) : 0, with_verb, n_cpus_online,
                              cmd, error);
}

bool
rtb_command_parse_n (const char *line, size_t len, bool with_verb, int n_cpus_online,
                     RtbCommand *cmd, RtbCommandError *error)
{
  char buf[RTB_COMMAND_MAX + 1];
  char *tokens[MAX_TOKENS];
  int key_of[MAX_TOKENS];
  bool seen[N_KEYS] = { false };
  int n_tokens = 0;
  int first = 0;
  char q[40];
  char list[200];

  if (error != NULL)
    memset (error, 0, sizeof *error);
  if (line == NULL)
    return fail (error, RTB_ERROR_SYNTAX, "", "no command");

  if (len > 0 && line[len - 1] == '\n')
    len--;
  if (len > 0 && line[len - 1] == '\r')
    len--;
  if (len > RTB_COMMAND_MAX)
    return fail (error, RTB_ERROR_SYNTAX, "", "the command is longer than %d bytes",
                 RTB_COMMAND_MAX);
  if (!rtb_command_check_bytes (line, len, error))
    return false;
  memcpy (buf, line, len);
  buf[len] = '\0';

  for (char *p = buf; *p != '\0';)
    {
      while (is_space (*p))
        *p++ = '\0';
      if (*p == '\0')
        break;
      if (n_tokens == MAX_TOKENS)
        return fail (error, RTB_ERROR_SYNTAX, "", "the command has more than %d words",
                     MAX_TOKENS);
      tokens[n_tokens++] = p;
      while (*p != '\0' && !is_space (*p))
        p++;
    }

  if (n_tokens == 0)
    return fail (error, RTB_ERROR_SYNTAX, "",
                 "empty command: use %sMETHOD key=value..., METHOD is %s",
                 with_verb ? "start " : "", method_list);

  if (with_verb)
    {
      if (strcmp (tokens[0], "stop") == 0)
        return fail (error, RTB_ERROR_STATE, "", "stop: no run is in progress");
      if (strcmp (tokens[0], "start") != 0)
        return fail (error, RTB_ERROR_SYNTAX, "",
                     "unknown command '%s': use start METHOD key=value... or stop",
                     quote (tokens[0], q, sizeof q));
      first = 1;
    }

  if (first >= n_tokens || strchr (tokens[first], '=') != NULL)
    return fail (error, RTB_ERROR_SYNTAX, "method", "the method is missing: use %s",
                 method_list);

  RtbMethod method;
  if (!rtb_method_from_string (tokens[first], &method))
    return fail (error, RTB_ERROR_SYNTAX, "method", "unknown method '%s': use %s",
                 quote (tokens[first], q, sizeof q), method_list);

  rtb_command_defaults (cmd, method, n_cpus_online);
  key_list (method, list, sizeof list);

  for (int i = first + 1; i < n_tokens; i++)
    {
      char *eq = strchr (tokens[i], '=');
      if (eq == NULL)
        return fail (error, RTB_ERROR_SYNTAX, tokens[i],
                     "'%s' has no '=': write key=value with a key among %s",
                     quote (tokens[i], q, sizeof q), list);
      if (eq == tokens[i])
        return fail (error, RTB_ERROR_SYNTAX, "", "'%s' has no key before '=': use %s",
                     quote (tokens[i], q, sizeof q), list);
      *eq = '\0';
      int k = key_lookup (tokens[i], strlen (tokens[i]));
      if (k < 0 || !(keys[k].methods & (1u << method)))
        return fail (error, RTB_ERROR_SYNTAX, tokens[i], "unknown key '%s' for %s: use %s",
                     quote (tokens[i], q, sizeof q), tokens[first], list);
      if (seen[k])
        return fail (error, RTB_ERROR_SYNTAX, tokens[i], "key '%s' is given twice: give it once",
                     tokens[i]);
      if (eq[1] == '\0')
        return fail (error, RTB_ERROR_SYNTAX, tokens[i], "key '%s' has no value after '='",
                     tokens[i]);
      seen[k] = true;
      key_of[i] = k;
    }

  /* The variant goes first, then the policy: each decides what an omitted policy or priority
   * means. */
  for (int pass = 0; pass < 3; pass++)
    for (int i = first + 1; i < n_tokens; i++)
      {
        int pass_of = key_of[i] == KEY_VARIANT ? 0 : key_of[i] == KEY_POLICY ? 1 : 2;
        if (pass_of != pass)
          continue;
        if (!rtb_command_set (cmd, tokens[i], tokens[i] + strlen (tokens[i]) + 1, n_cpus_online,
                              error))
          return false;
      }

  return rtb_command_check (cmd, n_cpus_online, error);
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
