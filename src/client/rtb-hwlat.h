/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A CPU's hwlat samples added up besides their latency (Documentation/trace/hwlat_detector.rst):
 * each sample is one detector window above the threshold, whose event also says how many gaps
 * in it were above the threshold (count:, since 5.14) and the NMIs that came during it (their
 * count and total µs; printed as nmi-count: and nmi-total: only when there were some). A
 * measured run takes them from the worker's statistics, an import of the tracer's trace from
 * its lines: both mean the same.
 */
#pragma once

#include <glib.h>

#include "rtb-command.h"

G_BEGIN_DECLS

/* Unknown counts (an import of a kernel that printed no count:, or no nmi-total: beside its
 * NMIs; a kernel whose event lacks the field) are not 0: each has its `known`. The figure table
 * (rtb-figure.c) holds their rows, whose keys run files keep them under. */
typedef struct {
  gboolean known;        /* the series holds its CPU's totals; each count's own says whether
                          * it is known */
  gboolean gaps_known;
  gboolean nmi_known;    /* nmi_windows and nmi_count */
  gboolean nmi_us_known;
  guint64 gaps;          /* gaps above the threshold in the samples' windows */
  guint64 nmi_windows;   /* samples whose window had NMIs */
  guint64 nmi_count;
  guint64 nmi_us;
} RtbHwlatTotals;

/* The worker's statistics of a hwlat CPU (RTB_HWLAT_UNKNOWN: the kernel did not say). */
void rtb_hwlat_totals_from_stats (RtbHwlatTotals *totals, const RtbThreadStats *stats);
/* `from`'s added to `into`'s (the CPUs of a run pooled), a count unknown in either unknown;
 * `from` without totals adds nothing. */
void rtb_hwlat_totals_merge (RtbHwlatTotals *into, const RtbHwlatTotals *from);
/* The detector's windows in a run of `cmd` that has run `elapsed_ns` (the worker's clock, which
 * goes on a little past the run's duration while it ends), every CPU's together (round-robin
 * samples one CPU per window, per-cpu each CPU in each): the time measured over the window,
 * whole windows, times the CPUs with per-cpu. At most what it had:
 * a window takes a little longer than its window_us (the thread sleeps whole milliseconds
 * between two samples, then waits to be scheduled). */
guint64 rtb_hwlat_windows (const RtbCommand *cmd, guint64 elapsed_ns);

G_END_DECLS
