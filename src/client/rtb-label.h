/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A run's label when the user gave none, the same from the window and the CLI. */
#pragma once

#include <glib.h>

#include "rtb-command.h"

G_BEGIN_DECLS

/* The method, then what sets the run apart from the method's usual setup, then the machine:
 * "latency, full load, vm", "latency 100 µs, normal policy, board", "response 64×64, vm".
 * `load` is a load scenario's name ("none", "cpu", "full") or NULL; `host` the machine's name
 * or NULL. */
char *rtb_label_default (const RtbCommand *command, const char *load, const char *host);

G_END_DECLS
