/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The report as one HTML file that needs nothing else: its CSS inline, each chart an inline SVG
 * (light and dark, the page's colour scheme picks one), no script, no link to anything. */
#define G_LOG_DOMAIN "rtbench-report"
#include "config.h"

#include <string.h>

#include "rtb-report-html.h"
#include "rtb-report-svg.h"

/* SVG user units of a chart; CSS scales it to the page or phone width. */
#define CHART_WIDTH 900

static const char style[] =
  ":root{color-scheme:light dark;--fg:#1e1e1e;--bg:#fff;--dim:#5e5c64;--line:#d0d0d0;"
  "--head:#f2f2f2;--best:#26a269;--bad:#c01c28;--differs:#e5a50a}"
  "body{margin:0;background:var(--bg);color:var(--fg);"
  "font:15px/1.5 Cantarell,'Noto Sans',sans-serif}"
  "main{max-width:960px;margin:0 auto;padding:1em}"
  "h1{font-size:1.6em;margin:.2em 0 .6em}h2{font-size:1.3em;margin:1.6em 0 .4em;"
  "border-bottom:1px solid var(--line)}h3{font-size:1.05em;margin:1.2em 0 .3em}"
  ".note{color:var(--dim);font-size:.9em}"
  "pre{background:var(--head);padding:.6em;overflow-x:auto;white-space:pre-wrap;"
  "word-break:break-all}"
  ".scroll{overflow-x:auto}table{border-collapse:collapse;font-size:.85em;margin:.4em 0}"
  "th,td{border:1px solid var(--line);padding:.2em .45em;text-align:left;vertical-align:top}"
  "th{background:var(--head)}.num{text-align:right;font-variant-numeric:tabular-nums;"
  "white-space:nowrap}.best{color:var(--best);font-weight:bold}"
  ".bad{color:var(--bad);font-weight:bold}.differs{color:var(--differs);font-weight:bold}"
  ".chart-dark{display:none}svg{width:100%;height:auto}"
  /* Last, so that it wins over the light rules above. */
  "@media (prefers-color-scheme:dark){:root{--fg:#eee;--bg:#1e1e1e;--dim:#b0afb8;"
  "--line:#444;--head:#2a2a2a;--best:#57e389;--bad:#ff7b63;--differs:#f8e45c}"
  ".chart-light{display:none}.chart-dark{display:block}}";

static void
append_text (GString *html, const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append (html, escaped);
}

static void
append_element (GString *html, const char *tag, const char *class, const char *text)
{
  g_string_append_printf (html, "<%s%s%s%s>", tag, class != NULL ? " class=\"" : "",
                          class != NULL ? class : "", class != NULL ? "\"" : "");
  append_text (html, text);
  g_string_append_printf (html, "</%s>\n", tag);
}

static void
append_table (GString *html, const RtbReportTable *table)
{
  guint n_rows = rtb_report_table_n_rows (table);

  g_string_append (html, "<div class=\"scroll\"><table>\n");
  for (guint row = 0; row < n_rows; row++)
    {
      g_string_append (html, "<tr>");
      for (guint column = 0; column < table->n_columns; column++)
        {
          const RtbReportCell *cell = rtb_report_table_cell (table, row, column);
          gboolean header = cell->flags & RTB_REPORT_CELL_HEADER;
          g_autoptr (GString) class = g_string_new (NULL);

          if (cell->flags & RTB_REPORT_CELL_NUMBER)
            g_string_append (class, " num");
          if (cell->flags & RTB_REPORT_CELL_BEST)
            g_string_append (class, " best");
          if (cell->flags & RTB_REPORT_CELL_BAD)
            g_string_append (class, " bad");
          if (cell->flags & RTB_REPORT_CELL_DIFFERS)
            g_string_append (class, " differs");
          g_string_append_printf (html, "<%s", header ? "th" : "td");
          if (class->len > 0)
            g_string_append_printf (html, " class=\"%s\"", class->str + 1);
          g_string_append_c (html, '>');
          append_text (html, cell->text);
          if (cell->flags & RTB_REPORT_CELL_BEST)
            g_string_append (html, " ★");
          g_string_append_printf (html, "</%s>", header ? "th" : "td");
        }
      g_string_append (html, "</tr>\n");
    }
  g_string_append (html, "</table></div>\n");
}

static gboolean
append_chart (GString *html, const RtbReportBlock *block, guint index, GError **error)
{
  RtbPlotTheme light = rtb_plot_theme_light ();
  RtbPlotTheme dark = rtb_plot_theme_dark ();
  g_autofree char *light_prefix = g_strdup_printf ("c%ul-", index);
  g_autofree char *dark_prefix = g_strdup_printf ("c%ud-", index);
  g_autofree char *light_svg = rtb_report_svg_chart (block, &light, CHART_WIDTH, light_prefix,
                                                     error);
  g_autofree char *dark_svg = light_svg == NULL ? NULL
                              : rtb_report_svg_chart (block, &dark, CHART_WIDTH, dark_prefix,
                                                      error);

  if (dark_svg == NULL)
    return FALSE;
  g_string_append_printf (html, "<figure class=\"chart\">\n<div class=\"chart-light\">%s</div>\n"
                          "<div class=\"chart-dark\">%s</div>\n</figure>\n", light_svg,
                          dark_svg);
  return TRUE;
}

/* "es", "zh-CN", "en" for the C locale: the language the report is written in. */
static char *
language_tag (void)
{
  const char *name = g_get_language_names ()[0];
  g_autofree char *tag = g_strndup (name, strcspn (name, ".@"));

  if (strcmp (tag, "C") == 0 || strcmp (tag, "POSIX") == 0 || *tag == '\0')
    return g_strdup ("en");
  return g_strdelimit (g_steal_pointer (&tag), "_", '-');
}

GBytes *
rtb_report_html (RtbReportDoc *doc, GError **error)
{
  g_autoptr (GString) html = g_string_new ("<!DOCTYPE html>\n");
  g_autofree char *lang = language_tag ();
  guint n_charts = 0;

  g_string_append_printf (html, "<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n"
                          "<meta name=\"viewport\" content=\"width=device-width, "
                          "initial-scale=1\">\n<title>", lang);
  append_text (html, rtb_report_doc_title (doc));
  g_string_append_printf (html, "</title>\n<style>%s</style>\n</head>\n<body>\n<main>\n", style);

  for (guint i = 0; i < doc->blocks->len; i++)
    {
      const RtbReportBlock *block = doc->blocks->pdata[i];

      switch (block->kind)
        {
        case RTB_REPORT_TITLE:
          append_element (html, "h1", NULL, block->text);
          break;
        case RTB_REPORT_HEADING:
          append_element (html, "h2", NULL, block->text);
          break;
        case RTB_REPORT_SUBHEADING:
          append_element (html, "h3", NULL, block->text);
          break;
        case RTB_REPORT_PARAGRAPH:
          append_element (html, "p", NULL, block->text);
          break;
        case RTB_REPORT_NOTE:
          append_element (html, "p", "note", block->text);
          break;
        case RTB_REPORT_CODE:
          append_element (html, "pre", NULL, block->text);
          break;
        case RTB_REPORT_TABLE:
          append_table (html, block->table);
          break;
        case RTB_REPORT_CHART:
          if (!append_chart (html, block, n_charts++, error))
            return NULL;
          break;
        default:
          g_assert_not_reached ();
        }
    }
  g_string_append (html, "</main>\n</body>\n</html>\n");
  return g_string_free_to_bytes (g_steal_pointer (&html));
}
