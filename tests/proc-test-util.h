/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What /proc says of a process, for the tests that wait for one to end. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether process `pid` is gone, or only a zombie (Z) or dead (X) entry is left of it. */
gboolean test_process_gone (int pid);

G_END_DECLS
