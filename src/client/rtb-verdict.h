/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rtb-checklist.h"
#include "rtb-run.h"

G_BEGIN_DECLS

/* A short verdict in plain words from the checklist (NULL or empty when none was recorded)
 * and, when `run` is not NULL, its figures: "Not a real-time kernel: expect worst cases in the
 * milliseconds. Would help most: …", "A control loop with a period of 500 µs or longer could
 * run on CPU 3: worst case 42.0 µs, under full load." That period is the shortest of the 1-2-5
 * series (µs below a millisecond, ms, s) at least ten times the worst case. */
char *rtb_verdict (GPtrArray *checks, RtbRun *run);

G_END_DECLS
