/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A machine's system files as rtb-system-files.h lists them: relative path ("proc/cmdline",
 * "uname/release") → the file's text. Read from this machine, from a captured tree of another
 * (its uname in files uname/nodename, release, version, machine), or from a worker's SYSTEM
 * frame: RtbSystemInfo and the checklist read every fact from one.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* `root` "/" is this machine (uname from uname(2)). */
GHashTable *rtb_system_snapshot_read (const char *root);
/* From the payload of a validated SYSTEM frame. */
GHashTable *rtb_system_snapshot_from_frame (const void *payload, size_t len);

G_END_DECLS
