/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-plot"

#include "config.h"

#include "rtb-plot-theme.h"

#define RGB(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, 1.0 }
#define RGBA(hex, a) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, a }

/* Ordered for contrast between neighbours: the first four series (typical CPU counts) are
 * blue, orange, green and purple. Yellow comes last: it is the weakest on white. */
static const char * const color_names[RTB_PLOT_N_COLORS] = {
  "blue", "orange", "green", "purple", "red", "teal", "brown", "yellow",
};

/* GNOME palette shades: mid tones on light backgrounds, lighter ones on dark */
static const RtbPlotColor light_series[RTB_PLOT_N_COLORS] = {
  RGB (0x3584e4), RGB (0xe66100), RGB (0x26a269), RGB (0x9141ac),
  RGB (0xe01b24), RGB (0x2190a4), RGB (0x986a44), RGB (0xe5a50a),
};
static const RtbPlotColor light_strong[RTB_PLOT_N_COLORS] = {
  RGB (0x1a4d8f), RGB (0x9c3e00), RGB (0x165e3d), RGB (0x5a2570),
  RGB (0x8a1119), RGB (0x0f5968), RGB (0x5a3e26), RGB (0x8f6400),
};
static const RtbPlotColor dark_series[RTB_PLOT_N_COLORS] = {
  RGB (0x62a0ea), RGB (0xffa348), RGB (0x57e389), RGB (0xc061cb),
  RGB (0xf66151), RGB (0x4fc3d6), RGB (0xcdab8f), RGB (0xf8e45c),
};
static const RtbPlotColor dark_strong[RTB_PLOT_N_COLORS] = {
  RGB (0xa8cbf3), RGB (0xffcc9a), RGB (0xa2f0be), RGB (0xdca8e2),
  RGB (0xfaa89f), RGB (0x9edee8), RGB (0xe4d1c1), RGB (0xfbf0a5),
};

RtbPlotTheme
rtb_plot_theme_light (void)
{
  RtbPlotTheme theme = {
    .background = RGB (0xffffff),
    .foreground = RGB (0x241f31),
    .dim = RGBA (0x241f31, 0.65),
    .grid = RGBA (0x000000, 0.09),
    .axis = RGBA (0x000000, 0.55),
    .font = "Sans 9",
    .is_dark = false,
  };

  for (guint i = 0; i < RTB_PLOT_N_COLORS; i++)
    {
      theme.series[i] = light_series[i];
      theme.strong[i] = light_strong[i];
    }
  return theme;
}

RtbPlotTheme
rtb_plot_theme_dark (void)
{
  RtbPlotTheme theme = {
    .background = RGB (0x1e1e1e),
    .foreground = RGB (0xffffff),
    .dim = RGBA (0xffffff, 0.65),
    .grid = RGBA (0xffffff, 0.10),
    .axis = RGBA (0xffffff, 0.55),
    .font = "Sans 9",
    .is_dark = true,
  };

  for (guint i = 0; i < RTB_PLOT_N_COLORS; i++)
    {
      theme.series[i] = dark_series[i];
      theme.strong[i] = dark_strong[i];
    }
  return theme;
}

RtbPlotColor
rtb_plot_theme_series_color (const RtbPlotTheme *theme,
                             guint               color_index)
{
  return theme->series[color_index % RTB_PLOT_N_COLORS];
}

RtbPlotColor
rtb_plot_theme_strong_color (const RtbPlotTheme *theme,
                             guint               color_index)
{
  return theme->strong[color_index % RTB_PLOT_N_COLORS];
}

const char *
rtb_plot_color_name (guint color_index)
{
  return color_names[color_index % RTB_PLOT_N_COLORS];
}
