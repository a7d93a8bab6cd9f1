#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Records the /proc and /sys files rtbench's worker reads (src/common/rtb-system-files.h) from a
# board of the lab into a folder, as the checklist's tests read a machine: the fixtures
# tests/data/sysroot-lab-* were made with it.
#   tests/lab/capture-sysroot.sh BOARD DIR     (the lab up: tests/lab/lab.sh up)
set -euo pipefail
[[ $# -eq 2 ]] || { echo "usage: tests/lab/capture-sysroot.sh BOARD DIR" >&2; exit 2; }
board=$1 dir=$2
lab=$(dirname "$0")/lab.sh

# One "@@@ PATH" line before each file's bytes, read on the board with busybox.
"$lab" ssh "$board" 'for f in /proc/cpuinfo /proc/meminfo /proc/cmdline /proc/interrupts \
    /proc/softirqs /proc/sys/kernel/sched_rt_runtime_us /proc/sys/kernel/sched_rt_period_us \
    /proc/sys/kernel/printk /proc/sys/kernel/timer_migration /proc/sys/kernel/watchdog \
    /proc/sys/kernel/nmi_watchdog /proc/sys/kernel/watchdog_cpumask \
    /proc/sys/vm/overcommit_memory /sys/kernel/mm/transparent_hugepage/enabled \
    /sys/kernel/realtime /sys/devices/system/cpu/online /sys/devices/system/cpu/isolated \
    /sys/devices/system/cpu/nohz_full /sys/devices/system/cpu/smt/control \
    /sys/devices/system/cpu/cpufreq/boost \
    /sys/devices/system/clocksource/clocksource0/current_clocksource \
    /sys/devices/system/clocksource/clocksource0/available_clocksource \
    /sys/class/dmi/id/sys_vendor /sys/class/dmi/id/product_name /sys/hypervisor/type \
    /sys/firmware/devicetree/base/model \
    /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor \
    /sys/devices/system/cpu/cpu*/topology/thread_siblings_list \
    /sys/devices/system/cpu/cpu*/cpuidle/state*/name \
    /sys/devices/system/cpu/cpu*/cpuidle/state*/latency \
    /sys/devices/system/cpu/cpu*/cpuidle/state*/disable \
    /proc/irq/*/effective_affinity_list /proc/irq/*/smp_affinity_list \
    /sys/class/net/*/uevent /sys/class/net/*/operstate \
    /sys/class/rfkill/rfkill*/type /sys/class/rfkill/rfkill*/state \
    /proc/[0-9]*/task/*/stat /proc/[0-9]*/task/*/status; do
  [ -f "$f" ] && [ -r "$f" ] && { echo "@@@ $f"; cat "$f" 2>/dev/null; }
done; true' | python3 -c '
import os, sys
dest = sys.argv[1]
data = sys.stdin.buffer.read()
for chunk in data.split(b"@@@ /")[1:]:
    path, _, body = chunk.partition(b"\n")
    target = os.path.join(dest, path.decode())
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as f:
        f.write(body)
' "$dir"
echo "$dir: $(find "$dir" -type f | wc -l) files from $board"
