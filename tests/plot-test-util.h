/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the plot tests share: drawing a chart onto a WIDTH × HEIGHT image and reading its pixels
 * back. */
#pragma once

#include <stdbool.h>

#include "rtb-plot.h"

#define WIDTH 800
#define HEIGHT 400

typedef struct {
  guint8 r, g, b;
} Pixel;

/* Set RTBENCH_PLOT_SAMPLES to a directory to keep every rendered image for a look. */
void keep_sample (cairo_surface_t *surface, const char *name);
Pixel pixel_at (cairo_surface_t *surface, int x, int y);
bool is_background (Pixel p, const RtbPlotTheme *theme);
/* Text, axes and grid are grey; only series are coloured */
bool is_coloured (Pixel p);
/* The pixels in [x0, x1) × [y0, y1) that are not the background. */
guint count_drawn (cairo_surface_t *surface, const RtbPlotTheme *theme, double x0, double y0,
                   double x1, double y1);
/* Some coloured pixel within ±1 pixel of (x, y) */
bool coloured_near (cairo_surface_t *surface, double x, double y);
cairo_surface_t *draw_curve (const RtbPlotTheme *theme, const RtbPlotCurveOptions *opts,
                             const RtbPlotSeries *series, guint n_series, RtbPlotLayout *layout);
cairo_surface_t *draw_histogram (const RtbPlotTheme *theme, const RtbPlotHistogramOptions *opts,
                                 const RtbPlotSeries *series, guint n_series,
                                 RtbPlotLayout *layout);
/* Axis lines and tick labels on both axes of a large enough plot. */
void assert_axes_drawn (cairo_surface_t *surface, const RtbPlotTheme *theme,
                        const RtbPlotLayout *layout);
