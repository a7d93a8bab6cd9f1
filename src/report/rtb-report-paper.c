/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-report"
#include "config.h"

#include <langinfo.h>
#include <stdint.h>

#include "rtb-report-paper.h"

#define MM_TO_PT (72.0 / 25.4)

void
rtb_report_paper_size (double *width_pt, double *height_pt)
{
#ifdef __GLIBC__
  /* glibc answers in millimetres, as LC_PAPER says: 210 × 297 (A4) or 216 × 279 (Letter). */
  int width_mm = (int) (intptr_t) nl_langinfo (_NL_PAPER_WIDTH);
  int height_mm = (int) (intptr_t) nl_langinfo (_NL_PAPER_HEIGHT);

  if (width_mm == 216 && height_mm == 279)
    {
      *width_pt = 612;
      *height_pt = 792;
      return;
    }
#endif
  *width_pt = 210 * MM_TO_PT;
  *height_pt = 297 * MM_TO_PT;
}
