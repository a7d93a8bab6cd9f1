/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rtb-report-doc.h"

G_BEGIN_DECLS

/* A chart block as an <svg> element to put inside an HTML page: no XML declaration, and every
 * id (cairo names its glyphs and clips "glyph0-1", "clip1" in each file) prefixed with
 * `prefix`, so several charts in one page never take each other's glyphs. Its text is drawn as
 * glyph outlines: nothing from a run file appears in it as markup. NULL with `error` when cairo
 * cannot draw it. */
char *rtb_report_svg_chart (const RtbReportBlock *chart, const RtbPlotTheme *theme, int width,
                            const char *prefix, GError **error);

G_END_DECLS
