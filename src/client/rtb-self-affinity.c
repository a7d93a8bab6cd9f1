/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-client"
#include "config.h"

#include <dirent.h>
#include <sched.h>
#include <stdlib.h>

#include "rtb-cpu-list.h"
#include "rtb-self-affinity.h"

char *
rtb_self_affinity_leave (const uint64_t *measured)
{
  size_t size = CPU_ALLOC_SIZE (RTB_MAX_CPUS);
  cpu_set_t *set = CPU_ALLOC (RTB_MAX_CPUS);
  uint64_t kept[RTB_MAX_CPUS / 64] = { 0 };
  char list[1024];
  DIR *tasks;
  struct dirent *entry;

  if (set == NULL || rtb_cpu_count (measured, RTB_MAX_CPUS) == 0 ||
      sched_getaffinity (0, size, set) != 0)
    {
      if (set != NULL)
        CPU_FREE (set);
      return NULL;
    }
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    if (CPU_ISSET_S ((size_t) cpu, size, set) && !rtb_cpu_isset (measured, cpu))
      kept[cpu / 64] |= (uint64_t) 1 << (cpu % 64);
  if (rtb_cpu_count (kept, RTB_MAX_CPUS) == 0 ||
      rtb_cpu_list_format (kept, RTB_MAX_CPUS, list, sizeof list) < 0)
    {
      CPU_FREE (set);
      return NULL;
    }

  CPU_ZERO_S (size, set);
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    if (rtb_cpu_isset (kept, cpu))
      CPU_SET_S ((size_t) cpu, size, set);
  /* This thread first: a thread it creates meanwhile inherits the new affinity. */
  sched_setaffinity (0, size, set);
  tasks = opendir ("/proc/self/task");
  while (tasks != NULL && (entry = readdir (tasks)) != NULL)
    {
      char *end;
      long tid = strtol (entry->d_name, &end, 10);

      if (tid > 0 && *end == '\0')
        sched_setaffinity ((pid_t) tid, size, set);
    }
  if (tasks != NULL)
    closedir (tasks);
  CPU_FREE (set);
  return g_strdup (list);
}
