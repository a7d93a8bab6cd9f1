/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A yardstick for CPU figures taken beside real-time runs: a process of its own doing a fixed
 * amount of work in bursts, a burst every 100 ms as the window works. What one burst costs it
 * beside the runs, over what it costs on a quiet machine, is what the runs charge to whatever
 * else runs on their CPUs: a kernel without IRQ time accounting bills their timer interrupts
 * to the task they interrupt, and each wake-up switches it out and cools its caches.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  GPid pid;
  int fd;
} CpuProbe;

/* Starts the bursts in a child process, for `seconds`. */
void cpu_probe_start (CpuProbe *probe, double seconds);

/* Waits for the child; returns the CPU time one burst took it, in ms. */
double cpu_probe_finish (CpuProbe *probe);

G_END_DECLS
