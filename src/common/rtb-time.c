/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rtb-time.h"

bool
rtb_duration_parse (const char *str, uint64_t *out_ns)
{
  uint64_t value = 0;
  const char *p = str;

  if (str == NULL || *str < '0' || *str > '9')
    return false;
  for (; *p >= '0' && *p <= '9'; p++)
    {
      if (value > (UINT64_MAX - 9) / 10)
        return false;
      value = value * 10 + (uint64_t) (*p - '0');
    }

  uint64_t unit;
  switch (*p)
    {
    case '\0':
    case 's':
      unit = 1;
      break;
    case 'm':
      unit = 60;
      break;
    case 'h':
      unit = 3600;
      break;
    case 'd':
      unit = 86400;
      break;
    default:
      return false;
    }
  if (*p != '\0' && p[1] != '\0')
    return false;

  const uint64_t ns_per_unit = unit * (uint64_t) RTB_NSEC_PER_SEC;
  if (value > UINT64_MAX / ns_per_unit)
    return false;
  *out_ns = value * ns_per_unit;
  return true;
}

void
rtb_duration_format (uint64_t ns, char *buf, int buf_size)
{
  static const struct { uint64_t seconds; char suffix; } units[] = {
    { 86400, 'd' }, { 3600, 'h' }, { 60, 'm' }, { 1, 's' },
  };
  uint64_t s = ns / (uint64_t) RTB_NSEC_PER_SEC;

  if (ns % (uint64_t) RTB_NSEC_PER_SEC != 0)
    {
      snprintf (buf, (size_t) buf_size, "%.3fs", (double) ns / 1e9);
      return;
    }
  for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
    {
      if (s != 0 && s % units[i].seconds == 0)
        {
          snprintf (buf, (size_t) buf_size, "%llu%c",
                    (unsigned long long) (s / units[i].seconds), units[i].suffix);
          return;
        }
    }
  snprintf (buf, (size_t) buf_size, "0s");
}
