/* SPDX-License-Identifier: GPL-3.0-or-later */
/* CPU lists as the kernel and cyclictest write them ("0,2-3"), to and from a bit set of
 * RTB_MAX_CPUS bits (an array of uint64_t). */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RTB_MAX_CPUS 1024

/* Parses `str` into `cpus` (cleared first). False when it is empty or not such a list;
 * `*too_high` (`too_high` may be NULL) then points into `str` at a CPU number not below
 * `max_cpus`, as written (so a message can quote it), else is NULL. */
bool rtb_cpu_list_parse (const char *str, uint64_t *cpus, int max_cpus, const char **too_high);
/* Writes the set as a list of ranges; returns the length, or -1 if it does not fit. */
int rtb_cpu_list_format (const uint64_t *cpus, int max_cpus, char *buf, size_t buf_size);
static inline bool
rtb_cpu_isset (const uint64_t *cpus, int cpu)
{
  return (cpus[cpu / 64] >> (cpu % 64)) & 1u;
}
int rtb_cpu_count (const uint64_t *cpus, int max_cpus);
