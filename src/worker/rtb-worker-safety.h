/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Whether a command may run on this system. Plain C with no state, so that a unit test can
 * feed it any kernel setting without the worker ever reading a path a client chose.
 *
 * With the kernel's RT throttling off, a real-time thread that keeps its CPU busy starves
 * everything else there, kernel threads included. A run's busy share is judged from what its
 * method does: every wake-up of a measurement thread is taken to cost RTB_WAKE_COST_US (a slow
 * board's wake-up latency under load, and the measurement), plus what the method adds (the
 * timer's spin); a response instance computes until it ends, for as long as it needs.
 */
#pragma once

#include <stdbool.h>

#include "rtb-command.h"

#define RTB_WAKE_COST_US 20
/* With throttling off, a real-time run may keep its CPU at most this busy. */
#define RTB_UNTHROTTLED_BUSY_MAX_PERCENT 20

/* The share (per cent, at most 100) of its CPU the command's real-time threads would keep. */
unsigned rtb_worker_safety_busy_percent (const RtbCommand *cmd);

/* `rt_runtime_us` is kernel.sched_rt_runtime_us as HELLO reports it (-1 = throttling off,
 * -2 = unknown). Returns false with RTB_ERROR_UNSAFE when throttling is off and a real-time
 * run would keep its CPU busier than RTB_UNTHROTTLED_BUSY_MAX_PERCENT, unless the command says
 * unthrottled=yes. */
bool rtb_worker_safety_check (const RtbCommand *cmd, int rt_runtime_us, RtbCommandError *error);
