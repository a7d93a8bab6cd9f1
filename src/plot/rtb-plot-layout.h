/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <stdbool.h>

G_BEGIN_DECLS

#define RTB_PLOT_MAX_TICKS 48

typedef struct {
  double x;
  double y;
  double width;
  double height;
} RtbPlotRect;

typedef enum {
  RTB_PLOT_TICKS_PLAIN, /* 1500, 0.25 */
  RTB_PLOT_TICKS_SI,    /* 1.5 k, 2 M: for instance counts */
  RTB_PLOT_TICKS_CLOCK, /* seconds read as a time of day: 07:10, 07:10:30; the date
                         * (2026-12-04) at midnight. Ticks fall on whole minutes, hours… */
} RtbPlotTickStyle;

/* One axis: a domain in display units mapped onto a pixel span, and its ticks. For a log axis
 * the ticks are decades and `step` counts decades between ticks. */
typedef struct {
  double lo;
  double hi;
  double px_lo;            /* pixel where lo lands (left or bottom edge of the plot) */
  double px_hi;
  double unit;             /* display units per data unit (seconds per instance, or 1) */
  double step;
  bool log;
  RtbPlotTickStyle style;
  double clock_origin;     /* RTB_PLOT_TICKS_CLOCK: the time of day at value 0, as seconds since
                            * 1970-01-01 00:00 of the clock shown (UTC plus its offset) */
  guint n_ticks;
  double ticks[RTB_PLOT_MAX_TICKS];
} RtbPlotAxis;

/* Everything drawing and hit testing need to agree on. Computed by rtb_plot_curve_layout() or
 * rtb_plot_histogram_layout(); keep it from the last draw to answer pointer queries. */
typedef struct {
  int width;
  int height;
  RtbPlotRect plot;        /* the data area; data is clipped to it */
  RtbPlotAxis x;
  RtbPlotAxis y;
  double title_y;          /* top of the title line, < 0 when there is none */
  double subtitle_y;
  RtbPlotRect legend;      /* zero height when there is no legend */
} RtbPlotLayout;

double rtb_plot_axis_to_pixel (const RtbPlotAxis *axis, double value);
double rtb_plot_axis_from_pixel (const RtbPlotAxis *axis, double pixel);
bool rtb_plot_layout_contains (const RtbPlotLayout *layout, double x, double y);
/* Whether two layouts would draw the same frame (same size, plot area, ticks and texts' places),
 * so a frame drawn for one can be reused for the other. */
bool rtb_plot_layout_equal (const RtbPlotLayout *a, const RtbPlotLayout *b);

G_END_DECLS
