/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs' labels: the one a run gets when the user gave none, the same from the window and the
 * CLI, and the names that tell runs apart when they are shown together. */
#pragma once

#include <glib.h>

#include "rtb-command.h"
#include "rtb-run.h"

G_BEGIN_DECLS

/* The method, then what sets the run apart from the method's usual setup, then the machine:
 * "latency, full load, vm", "latency 100 µs, normal policy, board", "response 64×64, vm".
 * `load` is a load scenario's name ("none", "cpu", "full") or NULL; `host` the machine's name
 * or NULL. */
char *rtb_label_default (const RtbCommand *command, const char *load, const char *host);

/* One name per run, all different: the run's label, and where runs share one, what sets each
 * apart from the others of that label — its method's parameters, CPUs, policy, load, machine,
 * duration, or else when it started: "latency on vm (idle)", "latency on vm (full load)". Runs that
 * nothing tells apart are numbered: "latency on vm (2)". A GPtrArray of strings. */
GPtrArray *rtb_label_unique (RtbRun *const *runs, guint n_runs);

/* Everything known of what a run is, joined by `separator`: its method, when it started, how
 * long it was set to last, its CPUs, policy, load and machine: "latency · 2026-12-03 09:47:21 ·
 * 60 s · all CPUs · priority 99 · idle · vm". */
char *rtb_label_facets (RtbRun *run, const char *separator);

G_END_DECLS
