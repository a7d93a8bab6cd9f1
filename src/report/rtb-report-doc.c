/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-report"
#include "config.h"

#include <stdarg.h>

#include "rtb-report-doc.h"
#include "rtb-safe-text.h"

static void
block_free (RtbReportBlock *block)
{
  if (block->table != NULL)
    {
      for (guint i = 0; i < block->table->cells->len; i++)
        g_free (g_array_index (block->table->cells, RtbReportCell, i).text);
      g_array_unref (block->table->cells);
      g_free (block->table);
    }
  g_clear_pointer (&block->runs, g_ptr_array_unref);
  g_free (block->text);
  g_free (block);
}

RtbReportDoc *
rtb_report_doc_new (void)
{
  RtbReportDoc *doc = g_new0 (RtbReportDoc, 1);

  doc->blocks = g_ptr_array_new_with_free_func ((GDestroyNotify) block_free);
  return doc;
}

void
rtb_report_doc_free (RtbReportDoc *doc)
{
  if (doc == NULL)
    return;
  g_ptr_array_unref (doc->blocks);
  g_free (doc);
}

const char *
rtb_report_doc_title (RtbReportDoc *doc)
{
  for (guint i = 0; i < doc->blocks->len; i++)
    {
      const RtbReportBlock *block = doc->blocks->pdata[i];
      if (block->kind == RTB_REPORT_TITLE)
        return block->text;
    }
  return "rtbench";
}

static RtbReportBlock *
add_block (RtbReportDoc *doc, RtbReportBlockKind kind)
{
  RtbReportBlock *block = g_new0 (RtbReportBlock, 1);

  block->kind = kind;
  g_ptr_array_add (doc->blocks, block);
  return block;
}

/* Run files come from other machines: their text is shown, never obeyed, whatever it holds. */
void
rtb_report_doc_add (RtbReportDoc *doc, RtbReportBlockKind kind, const char *text)
{
  g_return_if_fail (kind != RTB_REPORT_TABLE && kind != RTB_REPORT_CHART);

  if (text == NULL || *text == '\0')
    return;
  if (kind == RTB_REPORT_CODE)
    {
      /* Line breaks are its own; each line is made safe. */
      g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        rtb_safe_text_in_place (&lines[i]);
      add_block (doc, kind)->text = g_strjoinv ("\n", lines);
      return;
    }
  add_block (doc, kind)->text = rtb_safe_text (text);
}

void
rtb_report_doc_add_printf (RtbReportDoc *doc, RtbReportBlockKind kind, const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  rtb_report_doc_add (doc, kind, text);
}

void
rtb_report_doc_add_chart (RtbReportDoc *doc, RtbRun *const *runs, guint n_runs)
{
  RtbPlotRunPanel panels[RTB_PLOT_RUN_MAX_PANELS];
  guint n_panels = rtb_plot_run_panels (RTB_PLOT_RUN_BOTH, runs, n_runs, panels);
  RtbReportBlock *block;

  if (n_panels == 0)
    return;
  block = add_block (doc, RTB_REPORT_CHART);
  block->n_panels = n_panels;
  block->chart = RTB_PLOT_RUN_BOTH;
  block->runs = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint r = 0; r < n_runs; r++)
    g_ptr_array_add (block->runs, g_object_ref (runs[r]));
}

void
rtb_report_doc_add_heatmap (RtbReportDoc *doc, RtbRun *run)
{
  guint rows = rtb_plot_run_heatmap_rows (&run, 1);
  RtbReportBlock *block;

  if (rows == 0)
    return;
  block = add_block (doc, RTB_REPORT_CHART);
  block->n_panels = rows;
  block->chart = RTB_PLOT_RUN_HEATMAP;
  block->runs = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (block->runs, g_object_ref (run));
}

RtbReportTable *
rtb_report_doc_add_table (RtbReportDoc *doc, guint n_columns)
{
  RtbReportBlock *block = add_block (doc, RTB_REPORT_TABLE);

  g_return_val_if_fail (n_columns > 0, NULL);
  block->table = g_new0 (RtbReportTable, 1);
  block->table->n_columns = n_columns;
  block->table->cells = g_array_new (FALSE, TRUE, sizeof (RtbReportCell));
  return block->table;
}

void
rtb_report_table_add_take (RtbReportTable *table, char *text, RtbReportCellFlags flags)
{
  RtbReportCell cell = { rtb_safe_text (text != NULL ? text : "-"), flags };

  g_free (text);
  g_array_append_val (table->cells, cell);
}

void
rtb_report_table_add (RtbReportTable *table, const char *text, RtbReportCellFlags flags)
{
  rtb_report_table_add_take (table, g_strdup (text), flags);
}

guint
rtb_report_table_n_rows (const RtbReportTable *table)
{
  return (table->cells->len + table->n_columns - 1) / table->n_columns;
}

const RtbReportCell *
rtb_report_table_cell (const RtbReportTable *table, guint row, guint column)
{
  static const RtbReportCell empty = { (char *) "", 0 };
  guint i = row * table->n_columns + column;

  return i < table->cells->len ? &g_array_index (table->cells, RtbReportCell, i) : &empty;
}

double
rtb_report_chart_height (const RtbReportBlock *chart, double width)
{
  return chart->n_panels * width * (chart->chart == RTB_PLOT_RUN_HEATMAP ? 0.5 : 0.55);
}

void
rtb_report_chart_draw (const RtbReportBlock *chart, cairo_t *cr, const RtbPlotTheme *theme,
                       int width, int height)
{
  rtb_plot_run_draw (cr, theme, width, height, chart->chart, RTB_PLOT_SCALE_AUTO,
                     RTB_PLOT_RUN_TIME_ELAPSED,
                     (RtbRun *const *) chart->runs->pdata, chart->runs->len);
}
