/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the worker's two users of tracefs share: the spike trace's instance
 * (rtb-worker-tracefs.c) and the kernel tracers a method takes (rtb-worker-tracer.c). Both name
 * their instance after the worker (rtbench-PID-START, the tracer's with a suffix), so that a
 * later worker removes the instances of one that is gone.
 */
#pragma once

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>

#define RTB_WORKER_TRACEFS_INSTANCE_PREFIX "rtbench-"
#define RTB_WORKER_TRACER_INSTANCE_SUFFIX "-tracer"

/* A refusal of either: keeps `err` and the message formatted into `why`, and logs it after
 * `who` ("trace: …"). */
void rtb_worker_tracefs_refusal (const char *who, int err, int *sys_errno, char *why, size_t size,
                                 const char *format, va_list args)
  __attribute__ ((format (printf, 6, 0)));

/* Writes `value` to dir/name; returns 0 or an errno. */
int rtb_worker_tracefs_write (const char *dir, const char *name, const char *value);
/* tracing_cpumask's format: comma-separated 32-bit hex words, most significant first. */
void rtb_worker_tracefs_format_cpumask (const uint64_t *cpus, char *buf, size_t size);
/* When the process `pid` started, in clock ticks since boot. */
bool rtb_worker_tracefs_process_start (pid_t pid, unsigned long long *start);
/* Where tracefs is mounted, mounting it at /sys/kernel/tracing when it is nowhere (then
 * `mounted_here`); returns 0 or the errno of the mount. */
int rtb_worker_tracefs_root (char *root, size_t size, bool *mounted_here);
/* Turns off and removes the instances of rtbench workers that are gone. */
void rtb_worker_tracefs_remove_stale (const char *root);
/* Forks a janitor named `name`: a child that outlives a Ctrl-C of the process group (every
 * signal blocked) and holds nothing but the reading end of a pipe, as descriptor 0, whose
 * writing end only the worker holds, so that it reads the end when the worker is gone however it
 * ends. Returns the child's pid and the writing end in *fd; 0 in the child, with *fd 0; -1 and
 * errno when it could not. */
pid_t rtb_worker_tracefs_fork_janitor (const char *name, int *fd);
