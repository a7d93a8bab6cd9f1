/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "rtb-plot-layout.h"
#include "rtb-plot-series.h"
#include "rtb-plot-theme.h"
#include "rtb-plot-time.h"

G_BEGIN_DECLS

typedef enum {
  RTB_PLOT_FONT_BODY,
  RTB_PLOT_FONT_SMALL,
  RTB_PLOT_FONT_TITLE,
} RtbPlotFont;

typedef enum {
  RTB_PLOT_SWATCH_BAND, /* min–max band with its running-mean line */
  RTB_PLOT_SWATCH_LINE,
  RTB_PLOT_SWATCH_NOTE, /* text only, dim */
} RtbPlotSwatch;

typedef struct {
  const char *name;
  RtbPlotColor color;
  RtbPlotColor strong;
  RtbPlotSwatch swatch;
} RtbPlotLegendEntry;

/* What a chart asks of the shared frame: texts, legend and the two axis domains. */
typedef struct {
  const char *title;
  const char *subtitle;
  const char *x_label;
  const char *y_label;
  const RtbPlotLegendEntry *legend;
  guint n_legend;
  double x_lo, x_hi, x_unit, x_min_step;
  bool x_expand;
  RtbPlotTickStyle x_style;
  double x_right;              /* room right of the plot for what a chart draws there */
  double x_clock_origin;       /* RTB_PLOT_TICKS_CLOCK (RtbPlotAxis.clock_origin) */
  double y_lo, y_hi;
  bool y_log;
  bool y_expand;
} RtbPlotFrameSpec;

/* rtb-plot-text.c. Pango 1.50 has no autoptr cleanup for PangoContext, hence the alias. */
typedef PangoContext RtbPlotTextContext;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtbPlotTextContext, g_object_unref)

RtbPlotTextContext *_rtb_plot_text_context (void);
PangoLayout *_rtb_plot_text_layout (PangoContext *context, const RtbPlotTheme *theme,
                                    RtbPlotFont font, const char *text, bool markup);
void _rtb_plot_text_size (PangoLayout *layout, double *width, double *height);
/* The size _rtb_plot_text_size() would give the layout of `text`, without shaping it again. */
void _rtb_plot_text_extents (PangoContext *context, const RtbPlotTheme *theme, RtbPlotFont font,
                             const char *text, bool markup, double *width, double *height);
double _rtb_plot_text_line_height (PangoContext *context, const RtbPlotTheme *theme,
                                   RtbPlotFont font);
void _rtb_plot_text_draw (cairo_t *cr, PangoLayout *layout, double x, double y,
                          const RtbPlotColor *color);
void _rtb_plot_set_color (cairo_t *cr, const RtbPlotColor *color);
void _rtb_plot_set_color_alpha (cairo_t *cr, const RtbPlotColor *color, double alpha);

/* rtb-plot-axis.c */
double _rtb_plot_nice_step (double raw);
void _rtb_plot_axis_ticks (RtbPlotAxis *axis, double length_px, double spacing_px, double min_step,
                           bool expand);
void _rtb_plot_axis_format (const RtbPlotAxis *axis, double value, char *buf, gsize size,
                            bool *markup);
void _rtb_plot_draw_grid (cairo_t *cr, const RtbPlotTheme *theme, const RtbPlotLayout *layout);
void _rtb_plot_draw_axes (cairo_t *cr, PangoContext *context, const RtbPlotTheme *theme,
                          const RtbPlotLayout *layout, const RtbPlotFrameSpec *spec);

/* rtb-plot-legend.c */
double _rtb_plot_legend_height (PangoContext *context, const RtbPlotTheme *theme,
                                const RtbPlotLegendEntry *entries, guint n_entries, double width);
void _rtb_plot_legend_draw (cairo_t *cr, PangoContext *context, const RtbPlotTheme *theme,
                            const RtbPlotLegendEntry *entries, guint n_entries,
                            const RtbPlotRect *area);
/* Appends one entry per series (its name and colours, `swatch`) at `entries[*n_entries]`. */
void _rtb_plot_legend_add_series (const RtbPlotTheme *theme, const RtbPlotSeries *series,
                                  guint n_series, RtbPlotSwatch swatch,
                                  RtbPlotLegendEntry *entries, guint *n_entries);

/* rtb-plot-layout.c */
/* Starts a frame: its texts, and its legend in `entries`, empty so far. */
void _rtb_plot_frame_spec_init (RtbPlotFrameSpec *spec, const char *title, const char *subtitle,
                                const char *x_label, const char *y_label,
                                RtbPlotLegendEntry *entries);
void _rtb_plot_layout_compute (PangoContext *context, const RtbPlotTheme *theme, int width,
                               int height, const RtbPlotFrameSpec *spec, RtbPlotLayout *layout);
/* The background, title, subtitle and legend; then, for a frame, the grid and the axes. */
void _rtb_plot_draw_texts (cairo_t *cr, PangoContext *context, const RtbPlotTheme *theme,
                           const RtbPlotLayout *layout, const RtbPlotFrameSpec *spec);
void _rtb_plot_draw_frame (cairo_t *cr, PangoContext *context, const RtbPlotTheme *theme,
                           const RtbPlotLayout *layout, const RtbPlotFrameSpec *spec);
void _rtb_plot_clip_to_plot (cairo_t *cr, const RtbPlotLayout *layout);
/* The plot's pixel column under `x`; false when x is outside the plot (hover read-outs). */
bool _rtb_plot_column_at (const RtbPlotLayout *layout, double x, guint *column);
/* The x axis' values between two pixel columns (in either order), within the axis: for zooming
 * to a dragged range. */
void _rtb_plot_x_range_at (const RtbPlotLayout *layout, double x0, double x1, double *lo,
                           double *hi);

/* The centre of the pixel row `value` falls in: a line drawn there is crisp, and half a pixel is
 * below what the eye can read anyway. */
static inline double
_rtb_plot_row_centre (const RtbPlotLayout *layout,
                      double               value)
{
  return floor (rtb_plot_axis_to_pixel (&layout->y, value)) + 0.5;
}

/* rtb-plot-time.c: the frame's x axis over positions p0 to p1 (in seconds with x_per_instance,
 * otherwise instances) and its tick style for `time`; the load's marks over the plot. */
void _rtb_plot_time_frame (const RtbPlotTime *time, double x_per_instance, double p0, double p1,
                           RtbPlotFrameSpec *spec);
void _rtb_plot_time_draw_marks (cairo_t *cr, const RtbPlotTheme *theme,
                                const RtbPlotLayout *layout, const RtbPlotTime *time,
                                double x_per_instance);

/* rtb-plot-message.c: `text` centred in `area` and wrapped to its width, dim. */
void _rtb_plot_draw_centred_text (cairo_t *cr, const RtbPlotTheme *theme, const RtbPlotRect *area,
                                  const char *text);

G_END_DECLS
