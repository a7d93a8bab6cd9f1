/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-plot"

#include "config.h"

#include <math.h>

#include "rtb-plot-private.h"

#define SWATCH_WIDTH 18.0
#define SWATCH_GAP 5.0
#define ENTRY_GAP 16.0
#define ROW_GAP 2.0

/* The legend sits in rows above the plot, never over the data; entries flow left to right and
 * wrap, each row centred. Measuring and drawing share this walk so they cannot disagree. */
typedef void (*EntryFunc) (const RtbPlotLegendEntry *entry, PangoLayout *text, double x,
                           double y, double row_height, gpointer user_data);

static double
entry_width (PangoContext             *context,
             const RtbPlotTheme       *theme,
             const RtbPlotLegendEntry *entry)
{
  double w;

  _rtb_plot_text_extents (context, theme, RTB_PLOT_FONT_BODY, entry->name, false, &w, NULL);
  return entry->swatch == RTB_PLOT_SWATCH_NOTE ? w : SWATCH_WIDTH + SWATCH_GAP + w;
}

static double
walk (PangoContext             *context,
      const RtbPlotTheme       *theme,
      const RtbPlotLegendEntry *entries,
      guint                     n_entries,
      const RtbPlotRect        *area,
      EntryFunc                 func,
      gpointer                  user_data)
{
  double row_height = _rtb_plot_text_line_height (context, theme, RTB_PLOT_FONT_BODY);
  double y = area->y;
  guint i = 0;

  while (i < n_entries)
    {
      double row_width = 0, x;
      guint end = i;

      /* At least one entry per row, even when it is wider than the area */
      while (end < n_entries)
        {
          double w = entry_width (context, theme, &entries[end]) + (end > i ? ENTRY_GAP : 0);

          if (end > i && row_width + w > area->width)
            break;
          row_width += w;
          end++;
        }

      x = area->x + MAX (0, (area->width - row_width) / 2);
      for (; i < end; i++)
        {
          /* Measuring needs no layout: only drawing makes one. */
          if (func)
            {
              g_autoptr(PangoLayout) text = _rtb_plot_text_layout (context, theme,
                                                                   RTB_PLOT_FONT_BODY,
                                                                   entries[i].name, false);

              func (&entries[i], text, x, y, row_height, user_data);
            }
          x += entry_width (context, theme, &entries[i]) + ENTRY_GAP;
        }
      y += row_height + ROW_GAP;
    }
  return y - area->y;
}

double
_rtb_plot_legend_height (PangoContext             *context,
                         const RtbPlotTheme       *theme,
                         const RtbPlotLegendEntry *entries,
                         guint                     n_entries,
                         double                    width)
{
  RtbPlotRect area = { 0, 0, width, 0 };

  return walk (context, theme, entries, n_entries, &area, NULL, NULL);
}

typedef struct {
  cairo_t *cr;
  const RtbPlotTheme *theme;
} DrawData;

static void
draw_entry (const RtbPlotLegendEntry *entry,
            PangoLayout              *text,
            double                    x,
            double                    y,
            double                    row_height,
            gpointer                  user_data)
{
  DrawData *data = user_data;
  cairo_t *cr = data->cr;
  double mid = round (y + row_height / 2);

  if (entry->swatch == RTB_PLOT_SWATCH_NOTE)
    {
      _rtb_plot_text_draw (cr, text, x, y, &data->theme->dim);
      return;
    }

  cairo_save (cr);
  if (entry->swatch == RTB_PLOT_SWATCH_BAND)
    {
      cairo_rectangle (cr, x + 0.5, mid - 4.5, SWATCH_WIDTH - 1, 9);
      _rtb_plot_set_color_alpha (cr, &entry->color, 0.35);
      cairo_fill_preserve (cr);
      _rtb_plot_set_color (cr, &entry->color);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
      _rtb_plot_set_color (cr, &entry->strong);
    }
  else
    {
      _rtb_plot_set_color (cr, &entry->color);
    }
  cairo_set_line_width (cr, 2.0);
  cairo_move_to (cr, x, mid);
  cairo_line_to (cr, x + SWATCH_WIDTH, mid);
  cairo_stroke (cr);
  cairo_restore (cr);

  _rtb_plot_text_draw (cr, text, x + SWATCH_WIDTH + SWATCH_GAP, y, &data->theme->foreground);
}

void
_rtb_plot_legend_draw (cairo_t                  *cr,
                       PangoContext             *context,
                       const RtbPlotTheme       *theme,
                       const RtbPlotLegendEntry *entries,
                       guint                     n_entries,
                       const RtbPlotRect        *area)
{
  DrawData data = { cr, theme };

  walk (context, theme, entries, n_entries, area, draw_entry, &data);
}

void
_rtb_plot_legend_add_series (const RtbPlotTheme  *theme,
                             const RtbPlotSeries *series,
                             guint                n_series,
                             RtbPlotSwatch        swatch,
                             RtbPlotLegendEntry  *entries,
                             guint               *n_entries)
{
  for (guint i = 0; i < n_series; i++)
    entries[(*n_entries)++] = (RtbPlotLegendEntry) {
      series[i].name ? series[i].name : "",
      rtb_plot_theme_series_color (theme, series[i].color_index),
      rtb_plot_theme_strong_color (theme, series[i].color_index),
      swatch,
    };
}
