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

/* Laying a chart out measures every tick label, the title and the legend, at every update of a
 * live chart and for every hit test; shaping them each time was a good part of a redraw. The
 * sizes only depend on the font and the text (every context comes from
 * _rtb_plot_text_context(), with the same resolution and unhinted metrics), so they are kept
 * here. A live chart's texts are few; the cache starts over if ever it holds too many. */
#define TEXT_CACHE_MAX 2048

G_LOCK_DEFINE_STATIC (text_cache);
static GHashTable *text_cache; /* "font\x1fkind\x1fmarkup\x1ftext" → double[2] */

void
_rtb_plot_text_extents (PangoContext       *context,
                        const RtbPlotTheme *theme,
                        RtbPlotFont         font,
                        const char         *text,
                        bool                markup,
                        double             *width,
                        double             *height)
{
  g_autofree char *key = g_strdup_printf ("%s\x1f%d\x1f%d\x1f%s", theme->font ? theme->font : "",
                                          (int) font, markup, text ? text : "");
  double *size;

  G_LOCK (text_cache);
  if (text_cache == NULL)
    text_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  size = g_hash_table_lookup (text_cache, key);
  if (size == NULL)
    {
      g_autoptr(PangoLayout) layout = _rtb_plot_text_layout (context, theme, font,
                                                             text ? text : "", markup);

      if (g_hash_table_size (text_cache) >= TEXT_CACHE_MAX)
        g_hash_table_remove_all (text_cache);
      size = g_new (double, 2);
      _rtb_plot_text_size (layout, &size[0], &size[1]);
      g_hash_table_insert (text_cache, g_steal_pointer (&key), size);
    }
  if (width)
    *width = size[0];
  if (height)
    *height = size[1];
  G_UNLOCK (text_cache);
}

double
_rtb_plot_text_line_height (PangoContext       *context,
                            const RtbPlotTheme *theme,
                            RtbPlotFont         font)
{
  double height;

  _rtb_plot_text_extents (context, theme, font, "0µs", false, NULL, &height);
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
