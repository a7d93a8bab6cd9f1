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

typedef struct {
  guint64 gaps;        /* gaps above the threshold in the samples' windows */
  guint64 nmi_windows; /* samples whose window had NMIs */
  guint64 nmi_count;
  guint64 nmi_us;
} RtbHwlatTotals;

/* The totals' figures: run files, tables and the importer loop over them. */
typedef enum {
  RTB_HWLAT_GAPS,
  RTB_HWLAT_NMI_WINDOWS,
  RTB_HWLAT_NMI_COUNT,
  RTB_HWLAT_NMI_US,
  RTB_HWLAT_N_FIGURES,
} RtbHwlatFigure;

/* "gaps", "nmi_windows", "nmi_count", "nmi_us": its key in run files. */
const char *rtb_hwlat_figure_key (RtbHwlatFigure figure);
/* The CLI table's column header: "gaps", "NMI windows", "NMIs", "NMI µs". */
const char *rtb_hwlat_figure_column (RtbHwlatFigure figure);
guint64 *rtb_hwlat_figure_at (RtbHwlatTotals *totals, RtbHwlatFigure figure);
void rtb_hwlat_totals_from_stats (RtbHwlatTotals *totals, const RtbThreadStats *stats);
/* The detector's windows in a run of `cmd` that has run `elapsed_ns` (the worker's clock, which
 * goes on a little past the run's duration while it ends), every CPU's together (it samples
 * one CPU per window): the time measured over the window, whole windows. At most what it had:
 * a window takes a little longer than its window_us (the thread sleeps whole milliseconds
 * between two samples, then waits to be scheduled). */
guint64 rtb_hwlat_windows (const RtbCommand *cmd, guint64 elapsed_ns);

G_END_DECLS
