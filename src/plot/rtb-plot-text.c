/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-plot"

#include "config.h"

#include "rtb-plot-private.h"

/* A context of its own, not the target's: text metrics (and so the plot rectangle) must be the
 * same whether we draw to a window, a PDF or only answer a hit test without any cairo_t. */
RtbPlotTextContext *
_rtb_plot_text_context (void)
{
  PangoFontMap *font_map = pango_cairo_font_map_get_default ();
  PangoContext *context = pango_font_map_create_context (font_map);
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (context, options);
  pango_cairo_context_set_resolution (context, 96.0);
  cairo_font_options_destroy (options);
  return context;
}

static PangoFontDescription *
font_for (const RtbPlotTheme *theme,
          RtbPlotFont         font)
{
  PangoFontDescription *desc = pango_font_description_from_string (theme->font ? theme->font
                                                                               : "Sans 9");
  int size = pango_font_description_get_size (desc);

  if (size <= 0)
    size = 9 * PANGO_SCALE;

  switch (font)
    {
    case RTB_PLOT_FONT_SMALL:
      size = size * 9 / 10;
      break;
    case RTB_PLOT_FONT_TITLE:
      size = size * 4 / 3;
      pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
      break;
    case RTB_PLOT_FONT_BODY:
    default:
      break;
    }
  if (pango_font_description_get_size_is_absolute (desc))
    pango_font_description_set_absolute_size (desc, size);
  else
    pango_font_description_set_size (desc, size);
  return desc;
}

PangoLayout *
_rtb_plot_text_layout (PangoContext       *context,
                       const RtbPlotTheme *theme,
                       RtbPlotFont         font,
                       const char         *text,
                       bool                markup)
{
  PangoLayout *layout = pango_layout_new (context);
  PangoFontDescription *desc = font_for (theme, font);

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  if (markup)
    pango_layout_set_markup (layout, text, -1);
  else
    pango_layout_set_text (layout, text, -1);
  return layout;
}

void
_rtb_plot_text_size (PangoLayout *layout,
                     double      *width,
                     double      *height)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  if (width)
    *width = (double) logical.width / PANGO_SCALE;
  if (height)
    *height = (double) logical.height / PANGO_SCALE;
}

double
_rtb_plot_text_line_height (PangoContext       *context,
                            const RtbPlotTheme *theme,
                            RtbPlotFont         font)
{
  g_autoptr(PangoLayout) layout = _rtb_plot_text_layout (context, theme, font, "0µs", false);
  double height;

  _rtb_plot_text_size (layout, NULL, &height);
  return height;
}

void
_rtb_plot_text_draw (cairo_t            *cr,
                     PangoLayout        *layout,
                     double              x,
                     double              y,
                     const RtbPlotColor *color)
{
  _rtb_plot_set_color (cr, color);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

void
_rtb_plot_set_color (cairo_t            *cr,
                     const RtbPlotColor *color)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
}

void
_rtb_plot_set_color_alpha (cairo_t            *cr,
                           const RtbPlotColor *color,
                           double              alpha)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha * alpha);
}
