/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a run decides from the machine it runs on: where LinuxCNC would put its threads, how long
 * a response run pauses between instances, when an instance was kept off its CPU. Plain C with no
 * state, so that a unit test can feed it any machine without the worker ever reading a path a
 * client chose.
 */
#pragma once

#include <stdint.h>

#include "rtb-protocol.h"

/* The pause after each response instance when none is given: 1 ms, or longer so that the
 * thread's share of its CPU stays at half of what RT throttling allows. */
#define RTB_WORKER_GAP_FLOOR_NS 1000000

/* LinuxCNC's find_rt_cpu_number(): the last isolated CPU this worker may use; without one, the
 * last CPU it may use (where LinuxCNC 2.8 and 2.9 pin their threads). `-1` when `usable` is
 * empty. */
int rtb_worker_plan_rt_cpu (const uint64_t *usable, const uint64_t *isolated,
                            RtbCpuPlacement *placement);

/* The pause after an instance that used `cpu_ns` of CPU time, so that the thread's duty
 * t / (t + gap) stays at half the budget that RT throttling allows (sched_rt_runtime_us /
 * sched_rt_period_us; -1 = off, -2 = unknown: the kernel's defaults, 950000 / 1000000). An
 * instance of half the budget or more also waits a whole throttling period, so that the next
 * one starts with the budget full. SCHED_OTHER threads are not throttled: the floor. */
int64_t rtb_worker_plan_response_gap_ns (int64_t cpu_ns, RtbPolicy policy, int rt_runtime_us,
                                         int rt_period_us);

/* How much of an instance of `wall_ns` the thread may spend off its CPU (its wall time less its
 * CPU time) before it counts as kept off: what interrupts explain, 1 % of the instance and
 * 20 µs. More means a throttled period, a hypervisor or another thread took the CPU. */
int64_t rtb_worker_plan_off_cpu_allowance_ns (int64_t wall_ns);
