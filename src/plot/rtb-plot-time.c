/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A time axis read as elapsed seconds or as a clock, and a load's marks on it. */
#define G_LOG_DOMAIN "rtbench-plot"
#include "config.h"

#include <math.h>

#include "rtb-plot-private.h"
#include "rtb-plot-time.h"

void
rtb_plot_time_init (RtbPlotTime *time)
{
  g_return_if_fail (time != NULL);

  *time = (RtbPlotTime) {
    .load_start_s = NAN,
    .load_stop_s = NAN,
  };
}

void
_rtb_plot_time_frame (const RtbPlotTime *time, double x_per_instance, double p0, double p1,
                      RtbPlotFrameSpec *spec)
{
  spec->x_unit = x_per_instance > 0 ? x_per_instance : 1.0;
  spec->x_lo = p0 * spec->x_unit;
  spec->x_hi = p1 * spec->x_unit;
  spec->x_min_step = x_per_instance > 0 ? 0 : 1;
  spec->x_style = x_per_instance > 0 ? RTB_PLOT_TICKS_PLAIN : RTB_PLOT_TICKS_SI;
  if (x_per_instance > 0 && time->clock)
    {
      spec->x_style = RTB_PLOT_TICKS_CLOCK;
      spec->x_clock_origin = time->clock_origin;
    }
}

/* A dashed line across the plot where the load started or stopped, named at its top. */
static void
draw_load_mark (cairo_t *cr, const RtbPlotTheme *theme, const RtbPlotLayout *layout,
                double seconds, const char *note)
{
  static const double dashes[] = { 4.0, 3.0 };
  g_autoptr(RtbPlotTextContext) context = NULL;
  g_autoptr(PangoLayout) text = NULL;
  double x, w, h;

  if (!isfinite (seconds))
    return;
  x = rtb_plot_axis_to_pixel (&layout->x, seconds);
  /* At the axis' end within a pixel (the run's end): drawn on it */
  if (x < layout->plot.x - 1 || x > layout->plot.x + layout->plot.width + 1)
    return;
  x = floor (CLAMP (x, layout->plot.x, layout->plot.x + layout->plot.width - 1)) + 0.5;
  cairo_save (cr);
  _rtb_plot_clip_to_plot (cr, layout);
  cairo_set_line_width (cr, 1.5);
  cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
  _rtb_plot_set_color (cr, &theme->foreground);
  cairo_move_to (cr, x, layout->plot.y);
  cairo_line_to (cr, x, layout->plot.y + layout->plot.height);
  cairo_stroke (cr);
  context = _rtb_plot_text_context ();
  text = _rtb_plot_text_layout (context, theme, RTB_PLOT_FONT_SMALL, note, false);
  _rtb_plot_text_size (text, &w, &h);
  /* Right of the line, or left of it where the plot ends */
  if (x + 3 + w > layout->plot.x + layout->plot.width)
    x -= w + 6;
  _rtb_plot_set_color_alpha (cr, &theme->background, 0.8);
  cairo_rectangle (cr, x + 2, layout->plot.y + 2, w + 2, h);
  cairo_fill (cr);
  _rtb_plot_text_draw (cr, text, x + 3, layout->plot.y + 2, &theme->foreground);
  cairo_restore (cr);
}

void
_rtb_plot_time_draw_marks (cairo_t *cr, const RtbPlotTheme *theme, const RtbPlotLayout *layout,
                           const RtbPlotTime *time, double x_per_instance)
{
  if (x_per_instance <= 0)
    return;
  draw_load_mark (cr, theme, layout, time->load_start_s,
                  time->load_start_note ? time->load_start_note : "load on");
  draw_load_mark (cr, theme, layout, time->load_stop_s,
                  time->load_stop_note ? time->load_stop_note : "load off");
}
