/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A CPU's hwlat samples added up (see rtb-hwlat.h). */
#include "config.h"

#include "rtb-cpu-list.h"
#include "rtb-hwlat.h"

void
rtb_hwlat_totals_from_stats (RtbHwlatTotals *totals, const RtbThreadStats *stats)
{
  totals->known = TRUE;
  totals->gaps_known = stats->hwlat_gaps != RTB_HWLAT_UNKNOWN;
  totals->nmi_known = stats->hwlat_nmi_count != RTB_HWLAT_UNKNOWN;
  totals->nmi_us_known = totals->nmi_known && stats->hwlat_nmi_us != RTB_HWLAT_UNKNOWN;
  totals->gaps = totals->gaps_known ? stats->hwlat_gaps : 0;
  totals->nmi_windows = totals->nmi_known ? stats->hwlat_nmi_windows : 0;
  totals->nmi_count = totals->nmi_known ? stats->hwlat_nmi_count : 0;
  totals->nmi_us = totals->nmi_us_known ? stats->hwlat_nmi_us : 0;
}

void
rtb_hwlat_totals_merge (RtbHwlatTotals *into, const RtbHwlatTotals *from)
{
  if (!from->known)
    return;
  if (!into->known)
    {
      *into = *from;
      return;
    }
  into->gaps_known &= from->gaps_known;
  into->nmi_known &= from->nmi_known;
  into->nmi_us_known &= from->nmi_us_known;
  into->gaps += from->gaps;
  into->nmi_windows += from->nmi_windows;
  into->nmi_count += from->nmi_count;
  into->nmi_us += from->nmi_us;
}

guint64
rtb_hwlat_windows (const RtbCommand *cmd, guint64 elapsed_ns)
{
  guint64 measured = cmd->duration_ns != 0 ? MIN (elapsed_ns, cmd->duration_ns) : elapsed_ns;
  guint64 windows = cmd->hwlat.window_us > 0 ? measured / ((guint64) cmd->hwlat.window_us * 1000)
                                             : 0;

  if (cmd->hwlat.mode == RTB_HWLAT_MODE_PER_CPU)
    return windows * (guint64) rtb_cpu_count (cmd->cpus, RTB_MAX_CPUS);
  return windows;
}
