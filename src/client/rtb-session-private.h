/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the tests need beyond the public RtbSession API. */
#pragma once

#include "rtb-session.h"

G_BEGIN_DECLS

/* Launches through PROGRAM in place of pkexec, whatever the privileges, so that a scripted
 * fake can play pkexec's exit statuses 126 and 127. NULL restores the normal choice. */
void _rtb_session_set_pkexec (RtbSession *self, const char *program);

G_END_DECLS
