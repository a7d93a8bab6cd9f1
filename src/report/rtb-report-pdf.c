/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-report"
#include "config.h"

#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "rtb-report-paper.h"
#include "rtb-report-pdf.h"

#define MARGIN 48.0
#define FOOTER 20.0
#define BODY_SIZE 9.5
#define CELL_PAD 3.0
#define MIN_TABLE_SIZE 5.0
/* Room a heading wants below it on its page, so that it is never left alone at the bottom. */
#define KEEP_WITH_NEXT 90.0

typedef struct {
  cairo_surface_t *surface;
  cairo_t *cr;
  RtbPlotTheme theme;
  double page_width;
  double page_height;
  double y;
  guint page;
} Pdf;

static double
content_width (const Pdf *pdf)
{
  return pdf->page_width - 2 * MARGIN;
}

static double
bottom (const Pdf *pdf)
{
  return pdf->page_height - MARGIN - FOOTER;
}

static void
set_color (cairo_t *cr, RtbPlotColor color)
{
  cairo_set_source_rgba (cr, color.red, color.green, color.blue, color.alpha);
}

static PangoLayout *
make_layout (const Pdf *pdf, const char *text, const char *family, double size,
             PangoWeight weight, double width)
{
  PangoLayout *layout = pango_cairo_create_layout (pdf->cr);
  PangoFontDescription *font = pango_font_description_from_string (family);

  pango_font_description_set_size (font, (int) (size * PANGO_SCALE));
  pango_font_description_set_weight (font, weight);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  if (width > 0)
    {
      PangoAttrList *attributes = pango_attr_list_new ();

      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      /* A word broken at the end of a line gets no hyphen: text copied from the report, or
       * searched in it, stays the run's own. */
      pango_attr_list_insert (attributes, pango_attr_insert_hyphens_new (FALSE));
      pango_layout_set_attributes (layout, attributes);
      pango_attr_list_unref (attributes);
    }
  pango_layout_set_text (layout, text, -1);
  return layout;
}

static double
layout_height (PangoLayout *layout)
{
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  return (double) h / PANGO_SCALE;
}

static double
layout_width (PangoLayout *layout)
{
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  return (double) w / PANGO_SCALE;
}

static void
draw_layout (Pdf *pdf, PangoLayout *layout, double x, double y, RtbPlotColor color)
{
  cairo_move_to (pdf->cr, x, y);
  set_color (pdf->cr, color);
  pango_cairo_show_layout (pdf->cr, layout);
}

static void
new_page (Pdf *pdf)
{
  g_autofree char *number = NULL;
  g_autoptr (PangoLayout) layout = NULL;

  if (pdf->page > 0)
    cairo_show_page (pdf->cr);
  pdf->page++;
  pdf->y = MARGIN;
  number = g_strdup_printf ("%u", pdf->page);
  layout = make_layout (pdf, number, "Sans", 8, PANGO_WEIGHT_NORMAL, 0);
  draw_layout (pdf, layout, pdf->page_width / 2 - layout_width (layout) / 2,
               pdf->page_height - MARGIN, pdf->theme.dim);
}

/* Starts a new page unless `height` fits below the current position (or the page is empty). */
static void
make_room (Pdf *pdf, double height)
{
  if (pdf->y + height > bottom (pdf) && pdf->y > MARGIN)
    new_page (pdf);
}

/* The height of the chart `next` when drawn on a page, else 0. */
static double
chart_height_on_page (const Pdf *pdf, const RtbReportBlock *next)
{
  if (next == NULL || next->kind != RTB_REPORT_CHART)
    return 0;
  return MIN (rtb_report_chart_height (next, content_width (pdf)), bottom (pdf) - MARGIN - 60);
}

/* `next`: the block after this one, which a heading keeps on its page. */
static void
add_text (Pdf *pdf, const RtbReportBlock *block, const RtbReportBlock *next)
{
  const char *family = block->kind == RTB_REPORT_CODE ? "Monospace" : "Sans";
  double size = BODY_SIZE, before = 0, after = 6, keep = 0;
  PangoWeight weight = PANGO_WEIGHT_NORMAL;
  RtbPlotColor color = pdf->theme.foreground;
  g_autoptr (PangoLayout) layout = NULL;
  double height;

  switch (block->kind)
    {
    case RTB_REPORT_TITLE:
      size = 18, weight = PANGO_WEIGHT_BOLD, after = 10;
      break;
    case RTB_REPORT_HEADING:
      size = 13, weight = PANGO_WEIGHT_BOLD, before = 12, keep = KEEP_WITH_NEXT;
      break;
    case RTB_REPORT_SUBHEADING:
      size = 10.5, weight = PANGO_WEIGHT_BOLD, before = 6, keep = KEEP_WITH_NEXT / 2;
      break;
    case RTB_REPORT_NOTE:
      size = 8, color = pdf->theme.dim;
      break;
    case RTB_REPORT_CODE:
      size = 8, before = 2;
      break;
    case RTB_REPORT_PARAGRAPH:
    case RTB_REPORT_TABLE:
    case RTB_REPORT_CHART:
    default:
      break;
    }
  layout = make_layout (pdf, block->text, family, size, weight,
                        content_width (pdf) - (block->kind == RTB_REPORT_CODE ? 8 : 0));
  height = layout_height (layout);
  if (keep > 0)
    keep = MAX (keep, chart_height_on_page (pdf, next));
  if (pdf->y > MARGIN)
    pdf->y += before;
  make_room (pdf, height + keep);
  if (block->kind == RTB_REPORT_CODE)
    {
      set_color (pdf->cr, pdf->theme.grid);
      cairo_rectangle (pdf->cr, MARGIN, pdf->y - 2, content_width (pdf), height + 4);
      cairo_fill (pdf->cr);
      draw_layout (pdf, layout, MARGIN + 4, pdf->y, color);
    }
  else
    draw_layout (pdf, layout, MARGIN, pdf->y, color);
  pdf->y += height + after;
}

/* The text a cell shows: the best value carries a star. */
static char *
cell_text (const RtbReportCell *cell)
{
  if (cell->flags & RTB_REPORT_CELL_BEST)
    return g_strdup_printf ("%s ★", cell->text);
  return g_strdup (cell->text);
}

static PangoLayout *
cell_layout (const Pdf *pdf, const RtbReportCell *cell, double size, double width)
{
  g_autofree char *text = cell_text (cell);
  gboolean bold = cell->flags & (RTB_REPORT_CELL_HEADER | RTB_REPORT_CELL_BEST |
                                 RTB_REPORT_CELL_BAD | RTB_REPORT_CELL_DIFFERS);
  PangoLayout *layout = make_layout (pdf, text, "Sans", size,
                                     bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL, width);

  if (cell->flags & RTB_REPORT_CELL_NUMBER)
    pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
  return layout;
}

/* The widest word of a cell: narrower, its text would break inside words. */
static double
widest_word (const Pdf *pdf, const RtbReportCell *cell, double size)
{
  g_auto (GStrv) words = g_strsplit (cell->text, " ", -1);
  double widest = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      RtbReportCell word = { words[i], cell->flags };
      g_autoptr (PangoLayout) layout = cell_layout (pdf, &word, size, 0);
      widest = MAX (widest, layout_width (layout));
    }
  return widest;
}

/* Each column gets what its text needs unwrapped when all fit; otherwise its widest word (a
 * number column its widest number), and what is left goes to the columns that wrap, in
 * proportion to what they would take more. FALSE when even that does not fit at `size`. */
static gboolean
fit_columns (const Pdf *pdf, const RtbReportTable *table, double size, gboolean force,
             double *widths)
{
  guint n_rows = rtb_report_table_n_rows (table);
  double natural_sum = 0, least_sum = 0, room = content_width (pdf);
  g_autofree double *least = g_new0 (double, table->n_columns);

  for (guint c = 0; c < table->n_columns; c++)
    {
      widths[c] = 0;
      for (guint r = 0; r < n_rows; r++)
        {
          const RtbReportCell *cell = rtb_report_table_cell (table, r, c);
          g_autoptr (PangoLayout) layout = cell_layout (pdf, cell, size, 0);

          widths[c] = MAX (widths[c], layout_width (layout) + 2 * CELL_PAD);
          /* A number stays on one line; a title ("max interval µs") may wrap. */
          least[c] = MAX (least[c], (cell->flags & RTB_REPORT_CELL_NUMBER) &&
                                      !(cell->flags & RTB_REPORT_CELL_HEADER)
                                      ? layout_width (layout) + 2 * CELL_PAD
                                      : MIN (widest_word (pdf, cell, size) + 2 * CELL_PAD,
                                             room / 3));
        }
      natural_sum += widths[c];
      least_sum += least[c];
    }
  if (natural_sum <= room)
    return TRUE;
  if (least_sum > room && !force)
    return FALSE;
  if (least_sum > room)
    {
      /* At the smallest size: the text columns break inside words. */
      double numbers = 0, text = 0;

      for (guint c = 0; c < table->n_columns; c++)
        if (rtb_report_table_cell (table, MIN (1, n_rows - 1), c)->flags &
            RTB_REPORT_CELL_NUMBER)
          numbers += least[c];
        else
          text += least[c];
      for (guint c = 0; c < table->n_columns; c++)
        if (!(rtb_report_table_cell (table, MIN (1, n_rows - 1), c)->flags &
              RTB_REPORT_CELL_NUMBER))
          widths[c] = MAX (least[c] * (room - numbers) / text, 2 * CELL_PAD + size);
        else
          widths[c] = least[c];
      return TRUE;
    }
  for (guint c = 0; c < table->n_columns; c++)
    widths[c] = least[c] + (widths[c] - least[c]) * (room - least_sum) /
                           (natural_sum - least_sum);
  return TRUE;
}

static double
row_height (const Pdf *pdf, const RtbReportTable *table, guint row, double size,
            const double *widths)
{
  double height = 0;

  for (guint c = 0; c < table->n_columns; c++)
    {
      g_autoptr (PangoLayout) layout = cell_layout (pdf, rtb_report_table_cell (table, row, c),
                                                    size, widths[c] - 2 * CELL_PAD);
      height = MAX (height, layout_height (layout));
    }
  return height + 2 * CELL_PAD;
}

static void
draw_row (Pdf *pdf, const RtbReportTable *table, guint row, double size, const double *widths,
          double height)
{
  double x = MARGIN;

  for (guint c = 0; c < table->n_columns; c++)
    {
      const RtbReportCell *cell = rtb_report_table_cell (table, row, c);
      g_autoptr (PangoLayout) layout = cell_layout (pdf, cell, size, widths[c] - 2 * CELL_PAD);
      RtbPlotColor color = pdf->theme.foreground;

      if (cell->flags & RTB_REPORT_CELL_HEADER)
        {
          set_color (pdf->cr, pdf->theme.grid);
          cairo_rectangle (pdf->cr, x, pdf->y, widths[c], height);
          cairo_fill (pdf->cr);
        }
      if (cell->flags & RTB_REPORT_CELL_BEST)
        color = pdf->theme.series[2];
      if (cell->flags & (RTB_REPORT_CELL_BAD | RTB_REPORT_CELL_DIFFERS))
        color = pdf->theme.series[3];
      set_color (pdf->cr, pdf->theme.axis);
      cairo_set_line_width (pdf->cr, 0.4);
      cairo_rectangle (pdf->cr, x, pdf->y, widths[c], height);
      cairo_stroke (pdf->cr);
      draw_layout (pdf, layout, x + CELL_PAD, pdf->y + CELL_PAD, color);
      x += widths[c];
    }
  pdf->y += height;
}

static void
add_table (Pdf *pdf, const RtbReportTable *table)
{
  guint n_rows = rtb_report_table_n_rows (table);
  g_autofree double *widths = g_new0 (double, table->n_columns);
  double size = BODY_SIZE - 1;
  double header;

  while (!fit_columns (pdf, table, size, size <= MIN_TABLE_SIZE, widths))
    size -= 0.5;
  header = row_height (pdf, table, 0, size, widths);
  make_room (pdf, header + (n_rows > 1 ? row_height (pdf, table, 1, size, widths) : 0));
  draw_row (pdf, table, 0, size, widths, header);
  for (guint row = 1; row < n_rows; row++)
    {
      double height = row_height (pdf, table, row, size, widths);

      if (pdf->y + height > bottom (pdf))
        {
          new_page (pdf);
          draw_row (pdf, table, 0, size, widths, header);
        }
      draw_row (pdf, table, row, size, widths, height);
    }
  pdf->y += 8;
}

static void
add_chart (Pdf *pdf, const RtbReportBlock *block)
{
  double width = content_width (pdf);
  double height = rtb_report_chart_height (block, width);
  double room = bottom (pdf) - MARGIN - 60; /* a heading fits above it */

  /* A chart taller than a page is drawn narrower, never cut. */
  if (height > room)
    {
      width *= room / height;
      height = room;
    }
  make_room (pdf, height);
  cairo_save (pdf->cr);
  cairo_translate (pdf->cr, MARGIN, pdf->y);
  cairo_rectangle (pdf->cr, 0, 0, width, height);
  cairo_clip (pdf->cr);
  rtb_report_chart_draw (block, pdf->cr, &pdf->theme, (int) width, (int) height);
  cairo_restore (pdf->cr);
  pdf->y += height + 6;
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* The date SOURCE_DATE_EPOCH asks for, as cairo takes it; NULL when it asks for none. */
static char *
source_date (void)
{
  const char *epoch = g_getenv ("SOURCE_DATE_EPOCH");
  g_autoptr (GDateTime) time = NULL;
  char *end = NULL;
  gint64 seconds;

  if (epoch == NULL || *epoch == '\0')
    return NULL;
  seconds = g_ascii_strtoll (epoch, &end, 10);
  if (*end != '\0' || seconds < 0)
    return NULL;
  time = g_date_time_new_from_unix_utc (seconds);
  return time != NULL ? g_date_time_format (time, "%Y-%m-%dT%H:%M:%SZ") : NULL;
}

GBytes *
rtb_report_pdf (RtbReportDoc *doc, GError **error)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  g_autofree char *creator = g_strdup_printf ("rtbench %s", PACKAGE_VERSION);
  g_autofree char *date = source_date ();
  Pdf pdf = { .theme = rtb_plot_theme_light () };
  cairo_status_t status;

  rtb_report_paper_size (&pdf.page_width, &pdf.page_height);
  pdf.surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, pdf.page_width,
                                                     pdf.page_height);
  cairo_pdf_surface_set_metadata (pdf.surface, CAIRO_PDF_METADATA_TITLE,
                                  rtb_report_doc_title (doc));
  cairo_pdf_surface_set_metadata (pdf.surface, CAIRO_PDF_METADATA_CREATOR, creator);
  /* cairo stamps the wall clock unless told a date; NULL, which it takes, stamps none. */
  cairo_pdf_surface_set_metadata (pdf.surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
  pdf.cr = cairo_create (pdf.surface);
  new_page (&pdf);

  for (guint i = 0; i < doc->blocks->len; i++)
    {
      const RtbReportBlock *block = doc->blocks->pdata[i];

      if (block->kind == RTB_REPORT_TABLE)
        add_table (&pdf, block->table);
      else if (block->kind == RTB_REPORT_CHART)
        add_chart (&pdf, block);
      else
        add_text (&pdf, block, i + 1 < doc->blocks->len ? doc->blocks->pdata[i + 1] : NULL);
    }

  cairo_destroy (pdf.cr);
  cairo_surface_finish (pdf.surface);
  status = cairo_surface_status (pdf.surface);
  cairo_surface_destroy (pdf.surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s",
                   cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}
