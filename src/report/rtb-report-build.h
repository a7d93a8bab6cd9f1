/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rtb-report-doc.h"

G_BEGIN_DECLS

/* The report of `runs` (one: a run report; more: a comparison, the first the baseline). The
 * appendix names each run's file (rtb_run_get_file) with its SHA-256, read now. */
RtbReportDoc *rtb_report_build (RtbRun *const *runs, guint n_runs);

G_END_DECLS
