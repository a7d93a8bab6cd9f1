/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What test-checklist-live changes on this machine (RT throttling, interrupts' CPUs, a swap
 * file), written down before the first change and put back by a guardian process once the test
 * has ended, however it ended: exited, crashed or killed with SIGKILL. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The swap file the test turns on; the guardian turns it off and removes it. */
#define MACHINE_GUARD_SWAP_FILE "/var/tmp/rtbench-test-checklist.swap"

/* Reads the state and forks the guardian: in a session of its own, so that a signal to the
 * test's process group (meson's timeout, Ctrl-C) leaves it alive, it waits for the test to end
 * and then restores whatever differs, saying so on stderr. It keeps the test's stdout open
 * until it is done, so whoever reads the test's output to its end knows the machine is back.
 * Call it once, early in main(), while the process has one thread; needs root. */
void machine_guard_start (void);

/* The state the guardian restores, as text (one line per setting), for comparisons. */
char *machine_guard_describe (void);

G_END_DECLS
