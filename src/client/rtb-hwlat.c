/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A CPU's hwlat samples added up (see rtb-hwlat.h). */
#include "config.h"

#include <stddef.h>

#include "rtb-hwlat.h"

static const struct {
  const char *key;
  const char *column;
  size_t offset;
} figures[RTB_HWLAT_N_FIGURES] = {
  [RTB_HWLAT_GAPS] = { "gaps", "gaps", offsetof (RtbHwlatTotals, gaps) },
  [RTB_HWLAT_NMI_WINDOWS] = { "nmi_windows", "NMI windows",
                              offsetof (RtbHwlatTotals, nmi_windows) },
  [RTB_HWLAT_NMI_COUNT] = { "nmi_count", "NMIs", offsetof (RtbHwlatTotals, nmi_count) },
  [RTB_HWLAT_NMI_US] = { "nmi_us", "NMI µs", offsetof (RtbHwlatTotals, nmi_us) },
};

const char *
rtb_hwlat_figure_key (RtbHwlatFigure figure)
{
  g_return_val_if_fail (figure < RTB_HWLAT_N_FIGURES, NULL);
  return figures[figure].key;
}

const char *
rtb_hwlat_figure_column (RtbHwlatFigure figure)
{
  g_return_val_if_fail (figure < RTB_HWLAT_N_FIGURES, NULL);
  return figures[figure].column;
}

guint64 *
rtb_hwlat_figure_at (RtbHwlatTotals *totals, RtbHwlatFigure figure)
{
  g_return_val_if_fail (figure < RTB_HWLAT_N_FIGURES, NULL);
  return (guint64 *) ((char *) totals + figures[figure].offset);
}

void
rtb_hwlat_totals_from_stats (RtbHwlatTotals *totals, const RtbThreadStats *stats)
{
  totals->gaps = stats->hwlat_gaps;
  totals->nmi_windows = stats->hwlat_nmi_windows;
  totals->nmi_count = stats->hwlat_nmi_count;
  totals->nmi_us = stats->hwlat_nmi_us;
}

guint64
rtb_hwlat_windows (const RtbCommand *cmd, guint64 elapsed_ns)
{
  guint64 measured = cmd->duration_ns != 0 ? MIN (elapsed_ns, cmd->duration_ns) : elapsed_ns;

  return cmd->hwlat.window_us > 0 ? measured / ((guint64) cmd->hwlat.window_us * 1000) : 0;
}
