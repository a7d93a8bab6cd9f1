/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The setup's "Machine" group: this computer, or another one reached through ssh. For another
 * machine it asks that machine's worker who it is (HELLO and SYSTEM, nothing measured) and says
 * so under the group: its kernel, PREEMPT_RT and CPUs, or why it could not be reached.
 */
#pragma once

#include <adwaita.h>

#include "rtb-session.h"
#include "rtb-system-info.h"

G_BEGIN_DECLS

#define RTB_TYPE_MACHINE_GROUP (rtb_machine_group_get_type ())
G_DECLARE_FINAL_TYPE (RtbMachineGroup, rtb_machine_group, RTB, MACHINE_GROUP,
                      AdwPreferencesGroup)

/* Properties: "remote" (the ssh host, "" for this computer), "remote-worker" (the worker's
 * path there, "" for the installed path), and "system" (the other machine's, once known). */

/* The ssh host, or NULL for this computer. */
const char *rtb_machine_group_get_remote (RtbMachineGroup *self);
/* The worker's path on the other machine, or NULL for the installed path. */
const char *rtb_machine_group_get_remote_worker (RtbMachineGroup *self);
void rtb_machine_group_set_remote (RtbMachineGroup *self, const char *host);
/* The other machine as its worker described it; NULL for this computer or until it answered. */
const RtbSystemInfo *rtb_machine_group_get_system (RtbMachineGroup *self);
/* The chosen machine's system files (rtb-system-snapshot.h): this computer's as they are now,
 * or the other machine's as its worker sent them; NULL until it answered. */
GHashTable *rtb_machine_group_dup_snapshot (RtbMachineGroup *self);
/* What the other machine's worker obtained (memory lock, cpu_dma_latency); NULL for this
 * computer, whose worker has not run yet. */
const RtbHelloFrame *rtb_machine_group_get_hello (RtbMachineGroup *self);

G_END_DECLS
