/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-plot"
#include "config.h"

#include "rtb-plot-message.h"
#include "rtb-plot-private.h"

#define MARGIN 12.0

void
_rtb_plot_draw_centred_text (cairo_t            *cr,
                             const RtbPlotTheme *theme,
                             const RtbPlotRect  *area,
                             const char         *text)
{
  g_autoptr(RtbPlotTextContext) context = _rtb_plot_text_context ();
  g_autoptr(PangoLayout) pango = _rtb_plot_text_layout (context, theme, RTB_PLOT_FONT_BODY, text,
                                                        false);
  double width = MAX (area->width - 2 * MARGIN, 1), h;

  pango_layout_set_width (pango, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (pango, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (pango, PANGO_ALIGN_CENTER);
  _rtb_plot_text_size (pango, NULL, &h);
  cairo_save (cr);
  cairo_rectangle (cr, area->x, area->y, area->width, area->height);
  cairo_clip (cr);
  _rtb_plot_text_draw (cr, pango, area->x + MARGIN, area->y + MAX (0, (area->height - h) / 2),
                       &theme->dim);
  cairo_restore (cr);
}

void
rtb_plot_message (cairo_t            *cr,
                  const RtbPlotTheme *theme,
                  int                 width,
                  int                 height,
                  const char         *title,
                  const char         *subtitle,
                  const char         *message)
{
  g_autoptr(RtbPlotTextContext) context = NULL;
  RtbPlotFrameSpec spec = { 0 };
  RtbPlotLayout layout;
  RtbPlotRect area;

  g_return_if_fail (cr != NULL && theme != NULL && message != NULL);

  context = _rtb_plot_text_context ();
  _rtb_plot_frame_spec_init (&spec, title, subtitle, NULL, NULL, NULL);
  spec.x_hi = spec.y_hi = 1;
  _rtb_plot_layout_compute (context, theme, width, height, &spec, &layout);
  _rtb_plot_draw_texts (cr, context, theme, &layout, &spec);
  /* The whole width below the texts: there are no axes to leave room for. */
  area = (RtbPlotRect) { 0, layout.plot.y, width, MAX (1.0, height - layout.plot.y - MARGIN) };
  _rtb_plot_draw_centred_text (cr, theme, &area, message);
}
