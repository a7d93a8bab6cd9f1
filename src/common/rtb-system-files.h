/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The system files a run records, relative to /. rtbench-worker sends their contents in its
 * SYSTEM frame and the clients parse them (src/client/rtb-system-info.c, rtb-checklist.c) the
 * same way for a local, a remote (`ssh HOST rtbench-worker`) and a recorded run, so every run
 * carries the machine it ran on. rtb_system_files_read() is the one reader: the worker reads /
 * with it, `rtbench-cli check` too, and the tests read captured trees of other machines. It
 * opens only these fixed, world-readable paths, never one a client names, and its output is
 * bounded whatever the machine: at most RTB_SYSTEM_CPUS_MAX CPUs, RTB_SYSTEM_IRQS_MAX
 * interrupts, RTB_SYSTEM_TASKS_MAX tasks.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#define RTB_SYSTEM_CPUINFO "proc/cpuinfo"
#define RTB_SYSTEM_MEMINFO "proc/meminfo"
#define RTB_SYSTEM_CMDLINE "proc/cmdline"
#define RTB_SYSTEM_INTERRUPTS "proc/interrupts"
#define RTB_SYSTEM_SOFTIRQS "proc/softirqs"
#define RTB_SYSTEM_RT_RUNTIME "proc/sys/kernel/sched_rt_runtime_us"
#define RTB_SYSTEM_RT_PERIOD "proc/sys/kernel/sched_rt_period_us"
#define RTB_SYSTEM_PRINTK "proc/sys/kernel/printk"
#define RTB_SYSTEM_TIMER_MIGRATION "proc/sys/kernel/timer_migration"
#define RTB_SYSTEM_WATCHDOG "proc/sys/kernel/watchdog"
#define RTB_SYSTEM_NMI_WATCHDOG "proc/sys/kernel/nmi_watchdog"
#define RTB_SYSTEM_WATCHDOG_CPUMASK "proc/sys/kernel/watchdog_cpumask"
#define RTB_SYSTEM_OVERCOMMIT "proc/sys/vm/overcommit_memory"
#define RTB_SYSTEM_THP "sys/kernel/mm/transparent_hugepage/enabled"
#define RTB_SYSTEM_REALTIME "sys/kernel/realtime"
#define RTB_SYSTEM_ONLINE "sys/devices/system/cpu/online"
#define RTB_SYSTEM_ISOLATED "sys/devices/system/cpu/isolated"
#define RTB_SYSTEM_NOHZ_FULL "sys/devices/system/cpu/nohz_full"
#define RTB_SYSTEM_SMT "sys/devices/system/cpu/smt/control"
#define RTB_SYSTEM_BOOST "sys/devices/system/cpu/cpufreq/boost"
#define RTB_SYSTEM_NO_TURBO "sys/devices/system/cpu/intel_pstate/no_turbo"
#define RTB_SYSTEM_CLOCKSOURCE "sys/devices/system/clocksource/clocksource0/current_clocksource"
#define RTB_SYSTEM_DMI_VENDOR "sys/class/dmi/id/sys_vendor"
#define RTB_SYSTEM_DMI_PRODUCT "sys/class/dmi/id/product_name"
#define RTB_SYSTEM_HYPERVISOR "sys/hypervisor/type"
#define RTB_SYSTEM_DT_MODEL "sys/firmware/devicetree/base/model"
/* The kernel's tracers (timerlat, osnoise, hwlat…): readable by root alone, as tracefs is */
#define RTB_SYSTEM_TRACERS "sys/kernel/tracing/available_tracers"

/* One per online CPU (printf formats with the CPU number) */
#define RTB_SYSTEM_GOVERNOR_FORMAT "sys/devices/system/cpu/cpu%u/cpufreq/scaling_governor"
#define RTB_SYSTEM_SIBLINGS_FORMAT "sys/devices/system/cpu/cpu%u/topology/thread_siblings_list"
/* Idle states from 0 until the first that does not exist: names and exit latencies (µs) of
 * CPU 0's, and whether each is disabled on every CPU (CPU, state). */
#define RTB_SYSTEM_IDLE_STATE_FORMAT "sys/devices/system/cpu/cpu0/cpuidle/state%u/name"
#define RTB_SYSTEM_IDLE_LATENCY_FORMAT "sys/devices/system/cpu/cpu0/cpuidle/state%u/latency"
#define RTB_SYSTEM_IDLE_DISABLE_FORMAT "sys/devices/system/cpu/cpu%u/cpuidle/state%u/disable"
#define RTB_SYSTEM_IDLE_STATES_MAX 16
/* One per interrupt: the CPUs that serve it (effective, else allowed) */
#define RTB_SYSTEM_IRQ_EFFECTIVE_FORMAT "proc/irq/%u/effective_affinity_list"
#define RTB_SYSTEM_IRQ_AFFINITY_FORMAT "proc/irq/%u/smp_affinity_list"
/* Real-time tasks (SCHED_FIFO, SCHED_RR, SCHED_DEADLINE) and irqbalance: their stat, and of
 * their status only the Cpus_allowed_list line. */
#define RTB_SYSTEM_TASK_STAT_FORMAT "proc/%u/task/%u/stat"
#define RTB_SYSTEM_TASK_STATUS_FORMAT "proc/%u/task/%u/status"
/* Wireless network interfaces (DEVTYPE=wlan in uevent) and radio switches */
#define RTB_SYSTEM_NET_UEVENT_FORMAT "sys/class/net/%s/uevent"
#define RTB_SYSTEM_NET_OPERSTATE_FORMAT "sys/class/net/%s/operstate"
#define RTB_SYSTEM_RFKILL_TYPE_FORMAT "sys/class/rfkill/rfkill%u/type"
#define RTB_SYSTEM_RFKILL_STATE_FORMAT "sys/class/rfkill/rfkill%u/state"

#define RTB_SYSTEM_CPUS_MAX 256
#define RTB_SYSTEM_IRQS_MAX 1024
#define RTB_SYSTEM_TASKS_MAX 512
#define RTB_SYSTEM_NET_MAX 32

/* Not files: uname(2) and the host name, under these keys in the SYSTEM frame */
#define RTB_SYSTEM_UNAME_NODENAME "uname/nodename"
#define RTB_SYSTEM_UNAME_RELEASE "uname/release"
#define RTB_SYSTEM_UNAME_VERSION "uname/version"
#define RTB_SYSTEM_UNAME_MACHINE "uname/machine"
/* The machine's local time: seconds east of UTC when the frame was built (localtime(3)), so a
 * run's time axis can read in the clock of the machine that measured */
#define RTB_SYSTEM_UTC_OFFSET "time/utc_offset_s"

/* Writes this machine's offset from UTC now ("3600", "-18000") into `buf` for the key above;
 * returns its length, 0 when localtime(3) fails. */
size_t rtb_system_utc_offset_text (char *buf, size_t size);

/* The fixed files above, NULL-terminated. */
extern const char *const rtb_system_files[];

/* Receives one file: its path relative to the root and its first `len` bytes (not
 * NUL-terminated). Returns false to stop reading. */
typedef bool (*RtbSystemFileFunc) (const char *relative, const char *contents, size_t len,
                                   void *data);

/* Reads every system file that exists below `root` ("/" for this machine; the uname keys are
 * not files and are left to the caller) into `buf`, RTB_SYSTEM_VALUE_MAX bytes long, and hands
 * each to `add`. */
void rtb_system_files_read (const char *root, char *buf, RtbSystemFileFunc add, void *data);
