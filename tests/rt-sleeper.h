/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A real-time task for the checklist tests to find: `sleep 60` at SCHED_FIFO 99, allowed on
 * CPU 1 only. It sleeps, so it takes no CPU time, and it dies with the thread that started it.
 * Needs root and two CPUs. */
#pragma once

#include <glib.h>

/* Starts it (chrt, taskset) and waits until it runs at SCHED_FIFO. */
GPid rt_sleeper_start (void);
/* What the checklist says of it: "sleep (pid N) at FIFO 99, allowed on CPU 1". */
char *rt_sleeper_mark (GPid pid);
/* Kills and reaps it. */
void rt_sleeper_stop (GPid pid);
