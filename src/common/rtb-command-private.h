/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the files of the run command share: its key table, the helpers of its messages, the
 * methods' default priorities and CPU sets. The helpers are static inline so that each file
 * calls them by the same short names. */
#pragma once

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rtb-command.h"
#include "rtb-methods.h"

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

/* Indexed by Key (rtb-command-keys.c). */
extern const KeyInfo _rtb_command_keys[N_KEYS];

int _rtb_command_key_lookup (const char *name, size_t len);
void _rtb_command_key_list (RtbMethod method, char *buf, size_t buf_size);

static inline bool
fail (RtbCommandError *error, RtbErrorCode code, const char *field, const char *format, ...)
  __attribute__ ((format (printf, 4, 5)));

static inline bool
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
static inline const char *
quote (const char *text, char *buf, size_t buf_size)
{
  size_t len = strlen (text);

  if (len < buf_size)
    return text;
  snprintf (buf, buf_size, "%.*s...", (int) (buf_size - 4), text);
  return buf;
}

/* "latency, jitter, timer, response or noise", for messages. */
static inline const char *
method_list (char *buf, size_t buf_size)
{
  rtb_method_list (buf, buf_size, ", ", " or ");
  return buf;
}

static inline int
default_priority (RtbMethod method)
{
  /* Noise at a real-time policy starts at the lowest priority: it never sleeps. */
  return method == RTB_METHOD_TIMER ? 80 : method == RTB_METHOD_NOISE ? 1 : 99;
}

static inline void
cpus_clear (uint64_t *cpus)
{
  memset (cpus, 0, sizeof (uint64_t) * (RTB_MAX_CPUS / 64));
}

static inline void
cpus_set (uint64_t *cpus, int cpu)
{
  cpus[cpu / 64] |= (uint64_t) 1 << (cpu % 64);
}

static inline void
cpus_fill (uint64_t *cpus, int n_cpus)
{
  cpus_clear (cpus);
  for (int cpu = 0; cpu < n_cpus && cpu < RTB_MAX_CPUS; cpu++)
    cpus_set (cpus, cpu);
}
