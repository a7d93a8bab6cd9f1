/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <stdbool.h>

G_BEGIN_DECLS

typedef struct {
  double red;
  double green;
  double blue;
  double alpha;
} RtbPlotColor;

#define RTB_PLOT_N_COLORS 8

/* Series colours are picked by index from the theme's palette, so series i keeps its hue in
 * every chart and follows a light/dark switch. `strong` is the running-mean shade: darker on
 * light backgrounds, lighter on dark ones. */
typedef struct {
  RtbPlotColor background;
  RtbPlotColor foreground;
  RtbPlotColor dim;        /* subtitles, secondary notes */
  RtbPlotColor grid;
  RtbPlotColor axis;
  RtbPlotColor series[RTB_PLOT_N_COLORS];
  RtbPlotColor strong[RTB_PLOT_N_COLORS];
  const char *font;        /* Pango font description of the body text, borrowed */
  bool is_dark;
} RtbPlotTheme;

RtbPlotTheme rtb_plot_theme_light (void);
RtbPlotTheme rtb_plot_theme_dark (void);

RtbPlotColor rtb_plot_theme_series_color (const RtbPlotTheme *theme, guint color_index);
RtbPlotColor rtb_plot_theme_strong_color (const RtbPlotTheme *theme, guint color_index);
/* English colour name of palette entry `color_index` ("blue", "orange", …), for accessible labels. */
const char *rtb_plot_color_name (guint color_index);

G_END_DECLS
