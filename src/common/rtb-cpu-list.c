/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rtb-cpu-list.h"

static const char *
parse_cpu_number (const char *p, int max_cpus, int *out, const char **too_high)
{
  const char *start = p;
  long value = 0;

  if (*p < '0' || *p > '9')
    return NULL;
  for (; *p >= '0' && *p <= '9'; p++)
    {
      if (value <= RTB_MAX_CPUS * 10L)
        value = value * 10 + (*p - '0');
    }
  if (value >= max_cpus)
    {
      *too_high = start;
      return NULL;
    }
  *out = (int) value;
  return p;
}

bool
rtb_cpu_list_parse (const char *str, uint64_t *cpus, int max_cpus, const char **too_high)
{
  const char *p = str;
  const char *dummy;

  if (too_high == NULL)
    too_high = &dummy;
  *too_high = NULL;
  memset (cpus, 0, sizeof (uint64_t) * (size_t) ((max_cpus + 63) / 64));
  if (str == NULL || *str == '\0')
    return false;

  for (;;)
    {
      int lo, hi;

      p = parse_cpu_number (p, max_cpus, &lo, too_high);
      if (p == NULL)
        return false;
      hi = lo;
      if (*p == '-')
        {
          p = parse_cpu_number (p + 1, max_cpus, &hi, too_high);
          if (p == NULL || hi < lo)
            return false;
        }
      for (int cpu = lo; cpu <= hi; cpu++)
        cpus[cpu / 64] |= (uint64_t) 1 << (cpu % 64);
      if (*p == '\0')
        return true;
      if (*p != ',')
        return false;
      p++;
    }
}

int
rtb_cpu_list_format (const uint64_t *cpus, int max_cpus, char *buf, size_t buf_size)
{
  size_t used = 0;

  if (buf_size == 0)
    return -1;
  buf[0] = '\0';
  for (int cpu = 0; cpu < max_cpus; cpu++)
    {
      if (!rtb_cpu_isset (cpus, cpu))
        continue;
      int end = cpu;
      while (end + 1 < max_cpus && rtb_cpu_isset (cpus, end + 1))
        end++;
      const char *sep = used > 0 ? "," : "";
      int n = end == cpu ? snprintf (buf + used, buf_size - used, "%s%d", sep, cpu)
                         : snprintf (buf + used, buf_size - used, "%s%d-%d", sep, cpu, end);
      if (n < 0 || (size_t) n >= buf_size - used)
        return -1;
      used += (size_t) n;
      cpu = end;
    }
  return (int) used;
}

int
rtb_cpu_count (const uint64_t *cpus, int max_cpus)
{
  int n = 0;

  for (int i = 0; i < (max_cpus + 63) / 64; i++)
    n += __builtin_popcountll (cpus[i]);
  return n;
}
