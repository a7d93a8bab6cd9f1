/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Whether a command may run on this system. Plain C with no state, so that a unit test can
 * feed it any kernel setting without the worker ever reading a path a client chose.
 */
#pragma once

#include <stdbool.h>

#include "rtb-command.h"

/* `rt_runtime_us` is kernel.sched_rt_runtime_us as HELLO reports it (-1 = throttling off,
 * -2 = unknown). Returns false with RTB_ERROR_UNSAFE when a real-time response run could own
 * its CPU for good and the command did not say unthrottled=yes. */
bool rtb_worker_safety_check (const RtbCommand *cmd, int rt_runtime_us, RtbCommandError *error);
