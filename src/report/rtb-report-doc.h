/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A report as a list of blocks, what it says apart from how it is laid out: the PDF and the
 * HTML writers walk the same list. Text is plain (never markup): each writer escapes it.
 */
#pragma once

#include "rtb-plot-run.h"
#include "rtb-run.h"

G_BEGIN_DECLS

typedef enum {
  RTB_REPORT_TITLE,
  RTB_REPORT_HEADING,
  RTB_REPORT_SUBHEADING,
  RTB_REPORT_PARAGRAPH,
  RTB_REPORT_NOTE,       /* a smaller, dimmer paragraph: a caveat, a legend */
  RTB_REPORT_CODE,       /* a command to type, one per line */
  RTB_REPORT_TABLE,
  RTB_REPORT_CHART,
} RtbReportBlockKind;

typedef enum {
  RTB_REPORT_CELL_HEADER = 1 << 0,  /* a column's title */
  RTB_REPORT_CELL_NUMBER = 1 << 1,  /* aligned right */
  RTB_REPORT_CELL_BEST = 1 << 2,    /* the best value of its column among the runs: marked */
  RTB_REPORT_CELL_DIFFERS = 1 << 3, /* a row whose runs differ: marked */
  RTB_REPORT_CELL_BAD = 1 << 4,     /* a checklist item that is bad */
} RtbReportCellFlags;

typedef struct {
  char *text;
  RtbReportCellFlags flags;
} RtbReportCell;

typedef struct {
  guint n_columns;
  GArray *cells; /* RtbReportCell, n_columns per row; the first row holds the titles */
} RtbReportTable;

typedef struct {
  RtbReportBlockKind kind;
  char *text;              /* every kind but TABLE and CHART */
  RtbReportTable *table;
  GPtrArray *runs;         /* CHART: the runs drawn together (RtbRun, owned) */
  guint n_panels;          /* CHART: as rtb_plot_run_panels() stacks them, or heatmaps */
  RtbPlotRunChart chart;   /* CHART: RTB_PLOT_RUN_BOTH or RTB_PLOT_RUN_HEATMAP */
} RtbReportBlock;

typedef struct {
  GPtrArray *blocks;       /* RtbReportBlock */
} RtbReportDoc;

RtbReportDoc *rtb_report_doc_new (void);
void rtb_report_doc_free (RtbReportDoc *doc);
const char *rtb_report_doc_title (RtbReportDoc *doc);

/* Appends a block of text (NULL or empty text adds nothing). */
void rtb_report_doc_add (RtbReportDoc *doc, RtbReportBlockKind kind, const char *text);
void rtb_report_doc_add_printf (RtbReportDoc *doc, RtbReportBlockKind kind, const char *format,
                                ...) G_GNUC_PRINTF (3, 4);
/* Appends the curves and histograms of `runs` overlaid, as the window draws them. */
void rtb_report_doc_add_chart (RtbReportDoc *doc, RtbRun *const *runs, guint n_runs);
/* Appends the heatmaps of `run`'s series, one under the other. */
void rtb_report_doc_add_heatmap (RtbReportDoc *doc, RtbRun *run);
/* Appends a table of `n_columns`; fill it with rtb_report_table_add(). */
RtbReportTable *rtb_report_doc_add_table (RtbReportDoc *doc, guint n_columns);

/* Appends a cell (row by row, left to right); takes `text` (NULL shows "-"). */
void rtb_report_table_add_take (RtbReportTable *table, char *text, RtbReportCellFlags flags);
void rtb_report_table_add (RtbReportTable *table, const char *text, RtbReportCellFlags flags);
guint rtb_report_table_n_rows (const RtbReportTable *table);
const RtbReportCell *rtb_report_table_cell (const RtbReportTable *table, guint row,
                                            guint column);

/* The chart's size in points (or SVG pixels) at `width`: each panel 0.55 of the width high, each
 * heatmap 0.5. */
double rtb_report_chart_height (const RtbReportBlock *chart, double width);
/* Draws the chart block. */
void rtb_report_chart_draw (const RtbReportBlock *chart, cairo_t *cr, const RtbPlotTheme *theme,
                            int width, int height);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtbReportDoc, rtb_report_doc_free)

G_END_DECLS
