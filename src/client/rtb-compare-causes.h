/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The causes of several runs' spikes side by side: which causes one machine has and another has
 * not. Tasks are matched by name and interrupts by name (pids and interrupt numbers differ from
 * run to run and from machine to machine). And the cheap clue every run has, traced or not: the
 * interrupts and softirqs its measured CPUs served, side by side. */
#pragma once

#include "rtb-run.h"

G_BEGIN_DECLS

typedef struct {
  RtbCauseKind kind;
  char *label;        /* "kworker/1:2", "interrupt eth0", "softirq NET_RX", … (translated) */
  guint64 *counts;    /* per run: spikes it was the main cause of (0: none) */
  gint64 *worst_ns;   /* per run: the largest of them (0: none) */
  gboolean differs;   /* some run has it and another has not */
} RtbCauseRow;

/* Rows (RtbCauseRow*) of every cause any run has, most spikes over all runs first; empty when
 * no run was traced. */
GPtrArray *rtb_compare_causes (RtbRun *const *runs, guint n_runs);
/* Whether any of the runs was measured with a trace threshold. */
gboolean rtb_compare_causes_any_traced (RtbRun *const *runs, guint n_runs);

typedef struct {
  gboolean softirq;
  char *label;        /* "interrupt LOC Local timer interrupts", "softirq NET_RX" (translated) */
  guint64 *counts;    /* per run: served by its measured CPUs during the run */
  double *per_second; /* per run: counts over the run's length; NAN when that is unknown */
  gboolean *known;    /* per run: the run kept this count (only each CPU's busiest are kept) */
} RtbIrqRow;

/* Rows (RtbIrqRow*) of every interrupt and softirq any run's measured CPUs served, matched by
 * name (an interrupt's number differs from machine to machine), the busiest per second first;
 * empty when no run kept its counts. */
GPtrArray *rtb_compare_interrupts (RtbRun *const *runs, guint n_runs);

G_END_DECLS
