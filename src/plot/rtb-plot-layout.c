/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-plot"

#include "config.h"

#include <math.h>

#include "rtb-plot-private.h"

#define PAD 10.0
#define TICK_LENGTH 4.0
#define LABEL_GAP 3.0

static double
label_width (PangoContext       *context,
             const RtbPlotTheme *theme,
             const RtbPlotAxis  *axis,
             double              value)
{
  char buf[64];
  bool markup;
  double w;

  _rtb_plot_axis_format (axis, value, buf, sizeof buf, &markup);
  _rtb_plot_text_extents (context, theme, RTB_PLOT_FONT_BODY, buf, markup, &w, NULL);
  return w;
}

static double
text_height (PangoContext       *context,
             const RtbPlotTheme *theme,
             RtbPlotFont         font,
             const char         *text)
{
  double h;

  _rtb_plot_text_extents (context, theme, font, text, false, NULL, &h);
  return h;
}

/* A title keeps clear of the top corners, where a window may put the chart's menu button, and
 * rather than lose its end it wraps onto a second line. */
static PangoLayout *
title_layout (PangoContext       *context,
              const RtbPlotTheme *theme,
              const char         *text,
              double              width,
              double             *inset)
{
  PangoLayout *layout = _rtb_plot_text_layout (context, theme, RTB_PLOT_FONT_TITLE, text, false);

  *inset = MIN (40.0, MAX (PAD, width / 10));
  pango_layout_set_width (layout, (int) (MAX (1.0, width - 2 * *inset) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_height (layout, -2);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  return layout;
}

static void
x_ticks (PangoContext           *context,
         const RtbPlotTheme     *theme,
         const RtbPlotFrameSpec *spec,
         RtbPlotLayout          *layout)
{
  RtbPlotAxis *x = &layout->x;
  double spacing = 70;

  /* Twice: the first pass finds how wide the labels are, the second spaces them by that */
  for (int pass = 0; pass < 2; pass++)
    {
      double widest = 0;

      x->lo = spec->x_lo;
      x->hi = spec->x_hi;
      _rtb_plot_axis_ticks (x, layout->plot.width, spacing, spec->x_min_step, spec->x_expand);
      for (guint i = 0; i < x->n_ticks; i++)
        widest = MAX (widest, label_width (context, theme, x, x->ticks[i]));
      spacing = MAX (50, widest + 24);
    }
}

void
_rtb_plot_layout_compute (PangoContext           *context,
                          const RtbPlotTheme     *theme,
                          int                     width,
                          int                     height,
                          const RtbPlotFrameSpec *spec,
                          RtbPlotLayout          *layout)
{
  double body = _rtb_plot_text_line_height (context, theme, RTB_PLOT_FONT_BODY);
  double top = PAD, bottom, left, right, widest = 0;

  *layout = (RtbPlotLayout) { .width = width, .height = height, .title_y = -1, .subtitle_y = -1 };

  if (spec->title && *spec->title)
    {
      g_autoptr(PangoLayout) title = NULL;
      double inset, h;

      title = title_layout (context, theme, spec->title, width, &inset);
      _rtb_plot_text_size (title, NULL, &h);
      layout->title_y = top;
      top += h + 2;
    }
  if (spec->subtitle && *spec->subtitle)
    {
      layout->subtitle_y = top;
      top += text_height (context, theme, RTB_PLOT_FONT_SMALL, spec->subtitle) + 2;
    }
  if (spec->n_legend > 0)
    {
      double legend_width = MAX (1.0, width - 2 * PAD);

      top += 4;
      layout->legend = (RtbPlotRect) {
        PAD, top, legend_width,
        _rtb_plot_legend_height (context, theme, spec->legend, spec->n_legend, legend_width),
      };
      top += layout->legend.height;
    }
  /* Room for half of the topmost y label, which is centred on its tick */
  top = ceil (top + MAX (body / 2, 4));

  bottom = PAD + TICK_LENGTH + LABEL_GAP + body;
  if (spec->x_label && *spec->x_label)
    bottom += LABEL_GAP + body;

  layout->plot.y = top;
  layout->plot.height = MAX (1.0, floor (height - bottom - top));

  layout->y.lo = spec->y_lo;
  layout->y.hi = spec->y_hi;
  layout->y.log = spec->y_log;
  layout->y.unit = 1.0;
  layout->y.style = RTB_PLOT_TICKS_PLAIN;
  layout->y.px_lo = layout->plot.y + layout->plot.height;
  layout->y.px_hi = layout->plot.y;
  _rtb_plot_axis_ticks (&layout->y, layout->plot.height, spec->y_log ? 1.6 * body : 2.6 * body,
                        0, spec->y_expand);
  for (guint i = 0; i < layout->y.n_ticks; i++)
    widest = MAX (widest, label_width (context, theme, &layout->y, layout->y.ticks[i]));

  left = PAD + widest + LABEL_GAP + TICK_LENGTH;
  if (spec->y_label && *spec->y_label)
    left += body + LABEL_GAP;
  left = ceil (left);

  layout->x.log = false;
  layout->x.unit = spec->x_unit > 0 ? spec->x_unit : 1.0;
  layout->x.style = spec->x_style;
  layout->x.clock_origin = spec->x_clock_origin;
  right = PAD + spec->x_right;
  for (int pass = 0; pass < 2; pass++)
    {
      layout->plot.x = left;
      layout->plot.width = MAX (1.0, floor (width - left - right));
      layout->x.px_lo = layout->plot.x;
      layout->x.px_hi = layout->plot.x + layout->plot.width;
      x_ticks (context, theme, spec, layout);
      if (layout->x.n_ticks == 0)
        break;
      /* The last label is centred on its tick and may hang over the right edge */
      {
        double last = layout->x.ticks[layout->x.n_ticks - 1];
        double hang = rtb_plot_axis_to_pixel (&layout->x, last) +
                      label_width (context, theme, &layout->x, last) / 2 - (width - PAD / 2);

        if (hang <= 0)
          break;
        right = ceil (right + hang);
      }
    }
}

void
_rtb_plot_clip_to_plot (cairo_t             *cr,
                        const RtbPlotLayout *layout)
{
  cairo_rectangle (cr, layout->plot.x, layout->plot.y, layout->plot.width, layout->plot.height);
  cairo_clip (cr);
}

void
_rtb_plot_frame_spec_init (RtbPlotFrameSpec   *spec,
                           const char         *title,
                           const char         *subtitle,
                           const char         *x_label,
                           const char         *y_label,
                           RtbPlotLegendEntry *entries)
{
  spec->title = title;
  spec->subtitle = subtitle;
  spec->x_label = x_label;
  spec->y_label = y_label;
  spec->legend = entries;
  spec->n_legend = 0;
}

bool
_rtb_plot_column_at (const RtbPlotLayout *layout,
                     double               x,
                     guint               *column)
{
  double c = floor (x - layout->plot.x);

  if (c < 0 || c >= ceil (layout->plot.width))
    return false;
  *column = (guint) c;
  return true;
}

void
_rtb_plot_x_range_at (const RtbPlotLayout *layout,
                      double               x0,
                      double               x1,
                      double              *lo,
                      double              *hi)
{
  *lo = MAX (rtb_plot_axis_from_pixel (&layout->x, MIN (x0, x1)), layout->x.lo);
  *hi = MIN (rtb_plot_axis_from_pixel (&layout->x, MAX (x0, x1)), layout->x.hi);
}

static void
draw_centred (cairo_t            *cr,
              PangoContext       *context,
              const RtbPlotTheme *theme,
              RtbPlotFont         font,
              const char         *text,
              double              y,
              double              width,
              const RtbPlotColor *color)
{
  g_autoptr(PangoLayout) layout = _rtb_plot_text_layout (context, theme, font, text, false);
  double w;

  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_width (layout, (int) MAX (1, (width - 2 * PAD) * PANGO_SCALE));
  _rtb_plot_text_size (layout, &w, NULL);
  _rtb_plot_text_draw (cr, layout, MAX (PAD, (width - w) / 2), y, color);
}

void
_rtb_plot_draw_texts (cairo_t                *cr,
                      PangoContext           *context,
                      const RtbPlotTheme     *theme,
                      const RtbPlotLayout    *layout,
                      const RtbPlotFrameSpec *spec)
{
  cairo_save (cr);
  _rtb_plot_set_color (cr, &theme->background);
  cairo_paint (cr);

  if (layout->title_y >= 0)
    {
      g_autoptr(PangoLayout) title = NULL;
      double inset;

      title = title_layout (context, theme, spec->title, layout->width, &inset);
      _rtb_plot_text_draw (cr, title, inset, layout->title_y, &theme->foreground);
    }
  if (layout->subtitle_y >= 0)
    draw_centred (cr, context, theme, RTB_PLOT_FONT_SMALL, spec->subtitle, layout->subtitle_y,
                  layout->width, &theme->dim);
  if (spec->n_legend > 0)
    _rtb_plot_legend_draw (cr, context, theme, spec->legend, spec->n_legend, &layout->legend);
  cairo_restore (cr);
}

void
_rtb_plot_draw_frame (cairo_t                *cr,
                      PangoContext           *context,
                      const RtbPlotTheme     *theme,
                      const RtbPlotLayout    *layout,
                      const RtbPlotFrameSpec *spec)
{
  _rtb_plot_draw_texts (cr, context, theme, layout, spec);
  cairo_save (cr);
  _rtb_plot_draw_grid (cr, theme, layout);
  _rtb_plot_draw_axes (cr, context, theme, layout, spec);
  cairo_restore (cr);
}
