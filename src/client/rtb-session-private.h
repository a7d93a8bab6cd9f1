/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Shared between the session's files, and what the tests need beyond its public API. */
#pragma once

#include "rtb-session.h"

G_BEGIN_DECLS

/* Launches through PROGRAM in place of pkexec, whatever the privileges, so that a scripted
 * fake can play pkexec's exit statuses 126 and 127. NULL restores the normal choice. */
void _rtb_session_set_pkexec (RtbSession *self, const char *program);

gboolean _rtb_session_is_executable_file (const char *path);

/* $RTBENCH_WORKER if set, else the installed worker; an error says what to do when missing. */
char *_rtb_session_resolve_worker (GError **error);

/* Whether `worker`, started directly by this process, may use the asked policy and priority. */
gboolean _rtb_session_can_use_priority (const char *worker, RtbPolicy policy, int priority);

G_END_DECLS
