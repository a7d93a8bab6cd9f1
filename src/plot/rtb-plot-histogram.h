/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <stdbool.h>
#include <stdint.h>

#include "rtb-plot-layout.h"
#include "rtb-plot-series.h"
#include "rtb-plot-theme.h"

G_BEGIN_DECLS

/* Histograms: x is the value in µs (1 µs buckets), y the count on a log axis; each series is a
 * step outline so several CPUs or runs overlay. Where a pixel column holds several buckets it
 * shows the largest count among them (not the sum), so the height of a peak does not depend on
 * the zoom or the window width; the hover value reports both. */
typedef struct {
  const char *title;
  const char *subtitle;
  const char *x_label;         /* NULL: "µs" */
  const char *y_label;         /* NULL: "samples" */
  bool x_fixed;                /* otherwise up to the highest non-empty bucket plus a margin */
  double x_min_us;
  double x_max_us;
  bool show_legend;
  bool show_overflows;         /* marker at the edge and "N overflows ≥ H µs" */
  /* The note beside a marker in the reader's language, a new string: `count` values at or
   * above the histogram's upper edge (`above`) or below its lower one; `edge` is that edge in
   * µs, "1000" or "−50". NULL: English. */
  char *(*overflow_note) (uint64_t count, const char *edge, bool above);
} RtbPlotHistogramOptions;

typedef struct {
  bool has_data;
  int64_t lo_us;               /* the buckets the column covers: [lo_us, hi_us) */
  int64_t hi_us;
  uint64_t max_count;          /* the count drawn */
  uint64_t sum_count;
} RtbPlotHistogramValue;

void rtb_plot_histogram_options_init (RtbPlotHistogramOptions *opts);

void rtb_plot_histogram_layout (const RtbPlotTheme *theme, int width, int height,
                                const RtbPlotHistogramOptions *opts,
                                const RtbPlotSeries *series, guint n_series,
                                RtbPlotLayout *layout);
void rtb_plot_histogram_draw_frame (cairo_t *cr, const RtbPlotTheme *theme,
                                    const RtbPlotLayout *layout,
                                    const RtbPlotHistogramOptions *opts,
                                    const RtbPlotSeries *series, guint n_series);
void rtb_plot_histogram_draw_series (cairo_t *cr, const RtbPlotTheme *theme,
                                     const RtbPlotLayout *layout,
                                     const RtbPlotHistogramOptions *opts,
                                     const RtbPlotSeries *series);
/* Overflow markers and notes of all series, drawn last so no outline covers them. */
void rtb_plot_histogram_draw_overflows (cairo_t *cr, const RtbPlotTheme *theme,
                                        const RtbPlotLayout *layout,
                                        const RtbPlotHistogramOptions *opts,
                                        const RtbPlotSeries *series, guint n_series);
void rtb_plot_histogram (cairo_t *cr, const RtbPlotTheme *theme, int width, int height,
                         const RtbPlotHistogramOptions *opts, const RtbPlotSeries *series,
                         guint n_series, RtbPlotLayout *layout);

bool rtb_plot_histogram_value_at (const RtbPlotLayout *layout, const RtbPlotSeries *series,
                                  guint n_series, double x, RtbPlotHistogramValue *values);
/* µs between two pixel columns, for zooming to a dragged range. */
void rtb_plot_histogram_range_at (const RtbPlotLayout *layout, double x0, double x1,
                                  double *lo_us, double *hi_us);

G_END_DECLS
