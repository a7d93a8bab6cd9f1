/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rtb-report-doc.h"

G_BEGIN_DECLS

/* The document as one self-contained HTML file; NULL with `error` when a chart cannot be
 * drawn. */
GBytes *rtb_report_html (RtbReportDoc *doc, GError **error);

G_END_DECLS
