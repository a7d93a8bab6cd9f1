/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rtb-checklist.h"
#include "rtb-run.h"

G_BEGIN_DECLS

/* A short verdict in plain words from the checklist (NULL or empty when none was recorded)
 * and, when `run` is not NULL, its figures: "Not a real-time kernel: expect worst cases in the
 * milliseconds. Would help most: …", "Ready for a 2 kHz loop on CPU 3: worst case 42.0 µs
 * under full load." A loop is called ready when its period is at least ten times the worst
 * case. */
char *rtb_verdict (GPtrArray *checks, RtbRun *run);

G_END_DECLS
