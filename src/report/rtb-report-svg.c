/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-report"
#include "config.h"

#include <math.h>
#include <string.h>

#include "rtb-plot-export.h"
#include "rtb-report-svg.h"

typedef struct {
  const RtbReportBlock *chart;
  const RtbPlotTheme *theme;
} DrawData;

static void
draw (cairo_t *cr, int width, int height, gpointer user_data)
{
  DrawData *data = user_data;

  rtb_report_chart_draw (data->chart, cr, data->theme, width, height);
}

/* Replaces every `from` by `from` followed by `prefix`. */
static void
prefix_after (GString *svg, const char *from, const char *prefix)
{
  gsize from_len = strlen (from);
  gsize at = 0;
  const char *hit;

  while ((hit = strstr (svg->str + at, from)) != NULL)
    {
      at = (gsize) (hit - svg->str) + from_len;
      g_string_insert (svg, (gssize) at, prefix);
      at += strlen (prefix);
    }
}

char *
rtb_report_svg_chart (const RtbReportBlock *chart, const RtbPlotTheme *theme, int width,
                      const char *prefix, GError **error)
{
  DrawData data = { chart, theme };
  int height = (int) lround (rtb_report_chart_height (chart, width));
  g_autoptr (GBytes) bytes = rtb_plot_render (RTB_PLOT_FORMAT_SVG, width, height, 1, draw, &data,
                                              error);
  g_autoptr (GString) svg = NULL;
  const char *start;
  gsize size;
  const char *text;

  if (bytes == NULL)
    return NULL;
  text = g_bytes_get_data (bytes, &size);
  svg = g_string_new_len (text, (gssize) size);
  start = strstr (svg->str, "<svg");
  if (start == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "cairo wrote no SVG element");
      return NULL;
    }
  g_string_erase (svg, 0, start - svg->str);
  prefix_after (svg, "id=\"", prefix);
  prefix_after (svg, "href=\"#", prefix);
  prefix_after (svg, "url(#", prefix);
  return g_string_free (g_steal_pointer (&svg), FALSE);
}
