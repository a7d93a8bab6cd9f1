/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writing charts and tables of runs to files, shared by the chart menus and the window's
 * Export menu: charts through src/plot (the renderer the window draws with), tables through
 * rtb-csv and the cyclictest text export. */
#pragma once

#include <gtk/gtk.h>

#include "rtb-plot-export.h"
#include "rtb-run.h"

G_BEGIN_DECLS

typedef enum {
  RTB_EXPORT_PNG,
  RTB_EXPORT_SVG,
  RTB_EXPORT_PDF,
  RTB_EXPORT_CSV_SUMMARY,
  RTB_EXPORT_CSV_HISTOGRAM,
  RTB_EXPORT_CSV_SERIES,
  RTB_EXPORT_CSV_COMPARE,
  RTB_EXPORT_CSV_HEATMAP,    /* the heatmaps' cells (rtb_csv_heatmap()) */
  RTB_EXPORT_CYCLICTEST,     /* as the installed cyclictest writes it, 2.7+ when none */
  RTB_EXPORT_CYCLICTEST_1_X, /* as rt-tests 1.x … 2.6 write it (Debian 12: 2.4) */
  RTB_EXPORT_CYCLICTEST_2_7, /* as rt-tests 2.7 and later write it */
  RTB_EXPORT_REPORT,         /* the report of the runs (rtb-report.h): PDF, or HTML when the
                              * name ends in .html */
} RtbExportFormat;

/* Defaults of a chart export: a report-sized image, twice as many pixels for a PNG. */
#define RTB_EXPORT_WIDTH 1200
#define RTB_EXPORT_HEIGHT 900
#define RTB_EXPORT_SCALE 2.0

/* "png", "svg", "pdf", "csv-summary", "csv-histogram", "csv-series", "csv-compare",
 * "cyclictest", "cyclictest-2.6", "cyclictest-2.7", "report". */
gboolean rtb_export_format_from_string (const char *name, RtbExportFormat *format);
gboolean rtb_export_format_is_chart (RtbExportFormat format);
/* "png", "csv", "txt"… */
const char *rtb_export_format_extension (RtbExportFormat format);

/* A chart of the runs (curve above histogram) or one of their tables, written to `path`. */
gboolean rtb_export_runs (RtbExportFormat format, const char *path, RtbRun *const *runs,
                          guint n_runs, int width, int height, double scale, GError **error);

/* A chart that `draw` draws, as PNG, SVG or PDF: the one chart saver of the window, which
 * checks the size and scale and leaves the previous file whole when it fails. */
gboolean rtb_export_chart (RtbExportFormat format, const char *path, int width, int height,
                           double scale, RtbPlotDrawFunc draw, gpointer user_data,
                           GError **error);

/* The local path of a file or folder the user chose, or NULL and an error that says so for a
 * location GIO serves without one (a network share the chooser offers, sftp:// through gvfs),
 * where nothing can be written. */
char *rtb_export_local_path (GFile *file, gboolean folder, GError **error);

typedef void (*RtbExportChosenFunc) (GtkWidget *widget, const char *path, gpointer user_data);

/* Asks where to save with a native file chooser suggesting `name` + the format's extension;
 * calls `chosen` with the path (the extension added when missing) unless cancelled. */
void rtb_export_choose_file (GtkWidget *widget, RtbExportFormat format, const char *name,
                             RtbExportChosenFunc chosen, gpointer user_data);

/* What the chooser's answer does: `chosen` with the local path of `file`, its format's extension
 * added when missing (a report's as `report_format`, the chooser's choice, says: "pdf" or
 * "html"), or a dialog saying why not, for a location without a local path. */
void rtb_export_to_file (GtkWidget *widget, RtbExportFormat format, GFile *file,
                         const char *report_format, RtbExportChosenFunc chosen,
                         gpointer user_data);

/* Tells the user: a toast through the window's "win.toast" action, or a dialog for errors. */
void rtb_export_report (GtkWidget *widget, const char *path, const GError *error);

G_END_DECLS
