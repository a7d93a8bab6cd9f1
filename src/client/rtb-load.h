/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Load scenarios: stress-ng started by the client (never by the worker) for a run. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum {
  RTB_LOAD_NONE,
  RTB_LOAD_CPU,  /* stress-ng --cpu N --cpu-method=all */
  RTB_LOAD_FULL, /* stress-ng --cpu N --cpu-method=all --io N --vm N --vm-bytes 64M */
} RtbLoadScenario;

gboolean rtb_load_scenario_from_string (const char *str, RtbLoadScenario *out);
const char *rtb_load_scenario_to_string (RtbLoadScenario scenario);

/* The stress-ng argv for the scenario scaled to n_cpus (≤ 0: every online CPU), NULL for
 * NONE. It ends with `--timeout 0` (stress-ng stops after a day without it): the load runs
 * until rtb_load_stop. */
GStrv rtb_load_build_argv (RtbLoadScenario scenario, int n_cpus);

/* Starts the load in its own process group; returns NULL with a message that says how to
 * install stress-ng when it is missing (G_IO_ERROR_NOT_FOUND). The load gets SIGTERM when the
 * calling thread exits, so call it from a thread that lives as long as the run (the main one).
 * rtb_load_stop sends SIGTERM to the whole stress-ng process group, SIGKILL after 2 s, and
 * returns when no process of the group is left. */
GSubprocess *rtb_load_start (RtbLoadScenario scenario, int n_cpus, GError **error);
void rtb_load_stop (GSubprocess *load);

/* FALSE when the load ended before rtb_load_stop (a bad option, an unwritable temp path, the
 * OOM killer), with stress-ng's last message: the run then did not have the load it claims.
 * Call it when the run ends, and optionally a second after the start. */
gboolean rtb_load_check (GSubprocess *load, GError **error);

G_END_DECLS
