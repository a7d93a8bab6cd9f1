/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The client's own threads off the CPUs its local run measures, as the worker keeps its own:
 * rtbench must never be the culprit it reports. For a process that starts nothing on the
 * measured CPUs afterwards (the CLI, once its worker and load run): what it starts later
 * inherits the narrower affinity.
 */
#pragma once

#include <glib.h>
#include <stdint.h>

G_BEGIN_DECLS

/* Moves every thread of this process to the CPUs its affinity allows that are not in
 * `measured` (RTB_MAX_CPUS bits, as rtb-cpu-list.h sets them). Returns the list of the CPUs it
 * keeps ("0,2-3"), or NULL, changing nothing, when no other CPU is left or none is measured. */
char *rtb_self_affinity_leave (const uint64_t *measured);

G_END_DECLS
