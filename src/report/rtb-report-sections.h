/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The sections of a report, each appended to the document only when it has something to say.
 * `compare` holds every run of the report (one or more), the first the baseline. */
#pragma once

#include "rtb-compare.h"
#include "rtb-report-doc.h"

G_BEGIN_DECLS

/* The title and the one-paragraph answer, with its caveats (rtb-report-answer.c). */
void rtb_report_add_answer (RtbReportDoc *doc, RtbCompare *compare);

/* The systems side by side and what was run, with the commands that repeat it
 * (rtb-report-build.c). */
void rtb_report_add_systems (RtbReportDoc *doc, RtbCompare *compare);

/* rtb-report-tables.c: */
/* A table whose first column is titled `first` and whose others are the runs, by name. */
RtbReportTable *rtb_report_add_runs_table (RtbReportDoc *doc, RtbCompare *compare,
                                           const char *first, RtbReportCellFlags run_flags);
/* The tuning checklist of each system, the rows where they differ first, then the advice. */
void rtb_report_add_checklists (RtbReportDoc *doc, RtbCompare *compare);
/* The statistics of `compare`'s runs (one method), the best value of each column marked. */
void rtb_report_add_statistics (RtbReportDoc *doc, RtbCompare *compare);
/* The causes of spikes per system, when a run was traced. */
void rtb_report_add_causes (RtbReportDoc *doc, RtbCompare *compare);

G_END_DECLS
