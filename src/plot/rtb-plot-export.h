/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  RTB_PLOT_FORMAT_PNG,
  RTB_PLOT_FORMAT_SVG,
  RTB_PLOT_FORMAT_PDF,
} RtbPlotFormat;

/* Draws a chart of width × height user units (rtb_plot_curve() or rtb_plot_histogram()). */
typedef void (*RtbPlotDrawFunc) (cairo_t *cr, int width, int height, gpointer user_data);

/* The chart as a PNG, SVG or PDF document, in memory (rtb_file_write () saves it). `scale`
 * multiplies the pixels of a PNG (2 for a sharp image on HiDPI screens and in print); SVG and
 * PDF are vector documents of width × height (px and pt respectively). NULL and `error`
 * (G_FILE_ERROR_FAILED) when cairo cannot draw it, such as an image too large for memory. */
GBytes *rtb_plot_render (RtbPlotFormat format, int width, int height, double scale,
                         RtbPlotDrawFunc draw, gpointer user_data, GError **error);
/* From the file name's extension (.png, .svg, .pdf, any case). */
gboolean rtb_plot_format_from_path (const char *path, RtbPlotFormat *format);

G_END_DECLS
