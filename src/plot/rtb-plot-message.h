/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>

#include "rtb-plot-theme.h"

G_BEGIN_DECLS

/* A chart that has nothing to plot and says why: its title and subtitle as a chart's, then
 * `message` in the middle, without axes that would suggest values. */
void rtb_plot_message (cairo_t *cr, const RtbPlotTheme *theme, int width, int height,
                       const char *title, const char *subtitle, const char *message);

G_END_DECLS
