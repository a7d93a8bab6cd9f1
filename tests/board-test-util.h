/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the programs that play a worker or a board (rtb-fake-worker.c, rtb-stream-worker.c)
 * share: frames on stdout through the real encoder, numbered from 0, and the HELLO and SYSTEM
 * frames that open every run. Plain C, as the worker: they run where GLib may not.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "rtb-protocol.h"

/* Writes all of `data` to stdout; exits 1 when the client went away. */
void board_write_all (const void *data, size_t len);
/* One frame of two parts (either may be empty), numbered after the last. */
void board_send_frame (RtbFrameType type, const void *part1, size_t len1, const void *part2,
                       size_t len2);
/* HELLO from a worker of `version` on `machine` with `n_cpus` online, as this process and user. */
void board_send_hello (const char *version, const char *machine, uint32_t n_cpus);
/* SYSTEM holding `n` files, each a name and its content. */
void board_send_system (const char *const entries[][2], size_t n);
