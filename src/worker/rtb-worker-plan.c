/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "rtb-cpu-list.h"
#include "rtb-time.h"
#include "rtb-worker-plan.h"

#define DEFAULT_RT_RUNTIME_US 950000
#define DEFAULT_RT_PERIOD_US 1000000

int
rtb_worker_plan_rt_cpu (const uint64_t *usable, const uint64_t *isolated,
                        RtbCpuPlacement *placement)
{
  for (int cpu = RTB_MAX_CPUS - 1; cpu >= 0; cpu--)
    if (rtb_cpu_isset (usable, cpu) && rtb_cpu_isset (isolated, cpu))
      {
        *placement = RTB_CPU_PLACEMENT_ISOLATED;
        return cpu;
      }
  for (int cpu = RTB_MAX_CPUS - 1; cpu >= 0; cpu--)
    if (rtb_cpu_isset (usable, cpu))
      {
        *placement = RTB_CPU_PLACEMENT_LAST;
        return cpu;
      }
  *placement = RTB_CPU_PLACEMENT_NONE;
  return -1;
}

int64_t
rtb_worker_plan_response_gap_ns (int64_t cpu_ns, RtbPolicy policy, int rt_runtime_us,
                                 int rt_period_us)
{
  int64_t runtime_ns, period_ns, gap;

  if (policy == RTB_POLICY_OTHER || rt_runtime_us == -1)
    return RTB_WORKER_GAP_FLOOR_NS;
  if (rt_runtime_us < 0 || rt_period_us <= 0 || rt_runtime_us > rt_period_us)
    {
      rt_runtime_us = DEFAULT_RT_RUNTIME_US;
      rt_period_us = DEFAULT_RT_PERIOD_US;
    }
  period_ns = (int64_t) rt_period_us * RTB_NSEC_PER_USEC;
  if (rt_runtime_us == 0)
    return period_ns;
  runtime_ns = (int64_t) rt_runtime_us * RTB_NSEC_PER_USEC;

  if (cpu_ns < 0)
    cpu_ns = 0;
  /* t / (t + gap) <= runtime / (2 period)  <=>  gap >= t (2 period - runtime) / runtime,
   * rounded up to the next nanosecond */
  double exact = (double) cpu_ns * (double) (2 * period_ns - runtime_ns) / (double) runtime_ns;
  gap = (int64_t) exact;
  if ((double) gap < exact)
    gap++;
  if (2 * cpu_ns >= runtime_ns && gap < period_ns)
    gap = period_ns;
  return gap > RTB_WORKER_GAP_FLOOR_NS ? gap : RTB_WORKER_GAP_FLOOR_NS;
}

int64_t
rtb_worker_plan_off_cpu_allowance_ns (int64_t wall_ns)
{
  return (wall_ns > 0 ? wall_ns / 100 : 0) + 20 * RTB_NSEC_PER_USEC;
}
