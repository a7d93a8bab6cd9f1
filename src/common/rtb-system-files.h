/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The system files a run records, relative to /. rtbench-worker sends their contents in its
 * SYSTEM frame and the clients parse them (src/client/rtb-system-info.c) the same way for a
 * local, a remote (`ssh HOST rtbench-worker`) and a recorded run, so every run carries the
 * machine it ran on. The worker reads only these fixed paths, never one a client names.
 */
#pragma once

#include <stddef.h>

#define RTB_SYSTEM_CPUINFO "proc/cpuinfo"
#define RTB_SYSTEM_MEMINFO "proc/meminfo"
#define RTB_SYSTEM_CMDLINE "proc/cmdline"
#define RTB_SYSTEM_RT_RUNTIME "proc/sys/kernel/sched_rt_runtime_us"
#define RTB_SYSTEM_PRINTK "proc/sys/kernel/printk"
#define RTB_SYSTEM_OVERCOMMIT "proc/sys/vm/overcommit_memory"
#define RTB_SYSTEM_REALTIME "sys/kernel/realtime"
#define RTB_SYSTEM_ONLINE "sys/devices/system/cpu/online"
#define RTB_SYSTEM_ISOLATED "sys/devices/system/cpu/isolated"
#define RTB_SYSTEM_SMT "sys/devices/system/cpu/smt/control"
/* One per CPU (printf format with the CPU number) */
#define RTB_SYSTEM_GOVERNOR_FORMAT "sys/devices/system/cpu/cpu%u/cpufreq/scaling_governor"
/* CPU 0's idle states, from 0 until the first that does not exist */
#define RTB_SYSTEM_IDLE_STATE_FORMAT "sys/devices/system/cpu/cpu0/cpuidle/state%u/name"
#define RTB_SYSTEM_IDLE_STATES_MAX 64

/* Not files: uname(2) and the host name, under these keys in the SYSTEM frame */
#define RTB_SYSTEM_UNAME_NODENAME "uname/nodename"
#define RTB_SYSTEM_UNAME_RELEASE "uname/release"
#define RTB_SYSTEM_UNAME_VERSION "uname/version"
#define RTB_SYSTEM_UNAME_MACHINE "uname/machine"

/* The fixed files above, NULL-terminated. */
extern const char *const rtb_system_files[];
