/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the worker's two users of tracefs share: the spike trace's instance
 * (rtb-worker-tracefs.c) and the kernel tracers a method takes (rtb-worker-tracer.c). Both name
 * their instance after the worker (rtbench-PID-START, the tracer's with a suffix), so that a
 * later worker removes the instances of one that is gone.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define RTB_WORKER_TRACEFS_INSTANCE_PREFIX "rtbench-"
#define RTB_WORKER_TRACER_INSTANCE_SUFFIX "-tracer"

/* Writes `value` to dir/name; returns 0 or an errno. */
int rtb_worker_tracefs_write (const char *dir, const char *name, const char *value);
/* When the process `pid` started, in clock ticks since boot. */
bool rtb_worker_tracefs_process_start (pid_t pid, unsigned long long *start);
/* Where tracefs is mounted, mounting it at /sys/kernel/tracing when it is nowhere (then
 * `mounted_here`); returns 0 or the errno of the mount. */
int rtb_worker_tracefs_root (char *root, size_t size, bool *mounted_here);
/* Turns off and removes the instances of rtbench workers that are gone. */
void rtb_worker_tracefs_remove_stale (const char *root);
/* In a janitor just forked: keeps only `keep`, moved to descriptor 0, and returns 0. */
int rtb_worker_tracefs_janitor_fds (int keep);
