/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Between the parts of the protocol code. */
#pragma once

#include "rtb-protocol.h"

/* rtb_frame_validate() for a SYSTEM payload: NULL when valid, else what is wrong. */
const char *_rtb_system_frame_check (const void *payload, size_t len);
