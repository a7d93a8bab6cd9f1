/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the files of the run command share: the helpers of its messages and fields, the
 * methods' default priorities and CPU sets. The helpers are static inline so that each file
 * calls them by the same short names. */
#pragma once

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rtb-command-keys.h"
#include "rtb-command.h"
#include "rtb-methods.h"

void _rtb_command_key_list (RtbMethod method, char *buf, size_t buf_size);
/* Sets the key to its default for cmd's method (rtb-command-set.c). */
void _rtb_command_set_default (RtbCommand *cmd, const RtbKey *key, int n_cpus_online);

/* The number of `size` bytes at `field`. */
static inline uint64_t
_rtb_field_get (const void *field, uint8_t size)
{
  uint8_t u8;
  uint16_t u16;
  uint32_t u32;
  uint64_t u64;

  switch (size)
    {
    case 1:
      memcpy (&u8, field, 1);
      return u8;
    case 2:
      memcpy (&u16, field, 2);
      return u16;
    case 4:
      memcpy (&u32, field, 4);
      return u32;
    default:
      memcpy (&u64, field, 8);
      return u64;
    }
}

static inline void
_rtb_field_set (void *field, uint8_t size, uint64_t value)
{
  uint8_t u8 = (uint8_t) value;
  uint16_t u16 = (uint16_t) value;
  uint32_t u32 = (uint32_t) value;

  switch (size)
    {
    case 1:
      memcpy (field, &u8, 1);
      break;
    case 2:
      memcpy (field, &u16, 2);
      break;
    case 4:
      memcpy (field, &u32, 4);
      break;
    default:
      memcpy (field, &value, 8);
      break;
    }
}

/* The key's field in `cmd`, for cmd's method. */
#define KEY_FIELD(cmd, key) ((char *) (cmd) + (key)->on[(cmd)->method].offset)
#define KEY_FIELD_CONST(cmd, key) ((const char *) (cmd) + (key)->on[(cmd)->method].offset)

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

/* The priority a real-time policy gets when none is given. */
static inline int
default_priority (RtbMethod method)
{
  return (int) RTB_KEY_PRIORITY->on[method].def;
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
