/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * One document of runs, for sharing: a run report (one run) or a comparison (several, the
 * first the baseline, as compare does), as a paginated PDF or one self-contained HTML file.
 * The same runs give the same bytes: no date is written unless SOURCE_DATE_EPOCH asks for one.
 */
#pragma once

#include "rtb-run.h"

G_BEGIN_DECLS

typedef enum {
  RTB_REPORT_FORMAT_PDF,
  RTB_REPORT_FORMAT_HTML,
} RtbReportFormat;

/* From the file name's extension: .pdf, .html or .htm, any case. */
gboolean rtb_report_format_from_path (const char *path, RtbReportFormat *format);

/* The report in memory; NULL with `error` when it cannot be drawn. */
GBytes *rtb_report_render (RtbReportFormat format, RtbRun *const *runs, guint n_runs,
                           GError **error);

/* Writes the report of `runs` to `path` as its extension says, atomically (rtb_file_write).
 * Refuses, with a message that says what to do, an extension that is neither .pdf nor .html
 * and a path that is one of the runs' own files. */
gboolean rtb_report_write (const char *path, RtbRun *const *runs, guint n_runs,
                           GError **error);

G_END_DECLS
