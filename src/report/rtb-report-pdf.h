/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rtb-report-doc.h"

G_BEGIN_DECLS

/* The document as a PDF on pages of the locale's paper (rtb-report-paper.h): text set with
 * Pango (fonts embedded by cairo), charts as vectors, a table's rows never split across pages
 * (its title row repeated on the next), a chart never split, headings kept with what follows.
 * No date in it unless SOURCE_DATE_EPOCH gives one. NULL with `error` when cairo fails. */
GBytes *rtb_report_pdf (RtbReportDoc *doc, GError **error);

G_END_DECLS
