/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Which CPUs of this machine other rtbench measurements use now, found from the workers
 * themselves: every rtbench-worker process pins each measuring thread to its one CPU, and
 * /proc/PID/task/TID/status, readable by any user, says which (unless /proc is mounted with
 * hidepid, which hides other users' workers). Nothing to register and nothing left behind by a
 * crash, and it sees a worker started by any client or by hand.
 */
#pragma once

#include <glib.h>

#include "rtb-command.h"

G_BEGIN_DECLS

typedef struct {
  int pid;  /* the worker process */
  int cpu;  /* the CPU one of its measuring threads is pinned to */
} RtbCpuUser;

/* Every measuring thread of every rtbench-worker under `proc` ("/proc"), but those of the
 * workers whose parent is `parent` (this process's own, also through pkexec, which becomes
 * the worker). */
GArray *rtb_cpu_users_find (const char *proc, int parent);

/* TRUE when `command` measures `cpu` (a latency run on all CPUs measures every one). */
gboolean rtb_command_uses_cpu (const RtbCommand *command, int cpu);

/* "CPU 3" or "CPUs 0-1,4", in the reader's language. */
char *rtb_cpus_in_words (const uint64_t *cpus);

/* A sentence naming the CPUs of `command` that the users also measure, with their processes;
 * NULL when none is shared. */
char *rtb_cpu_users_describe_conflict (GArray *users, const RtbCommand *command);

G_END_DECLS
