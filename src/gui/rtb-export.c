/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "rtb-compare.h"
#include "rtb-csv.h"
#include "rtb-cyclictest-export.h"
#include "rtb-export.h"
#include "rtb-file-write.h"
#include "rtb-output.h"
#include "rtb-plot-run.h"
#include "rtb-plot.h"
#include "rtb-report.h"

static const struct {
  const char *name;
  const char *extension;
} formats[] = {
  [RTB_EXPORT_PNG] = { "png", "png" },
  [RTB_EXPORT_SVG] = { "svg", "svg" },
  [RTB_EXPORT_PDF] = { "pdf", "pdf" },
  [RTB_EXPORT_CSV_SUMMARY] = { "csv-summary", "csv" },
  [RTB_EXPORT_CSV_HISTOGRAM] = { "csv-histogram", "csv" },
  [RTB_EXPORT_CSV_SERIES] = { "csv-series", "csv" },
  [RTB_EXPORT_CSV_COMPARE] = { "csv-compare", "csv" },
  [RTB_EXPORT_CSV_HEATMAP] = { "csv-heatmap", "csv" },
  [RTB_EXPORT_CYCLICTEST] = { "cyclictest", "txt" },
  [RTB_EXPORT_CYCLICTEST_1_X] = { "cyclictest-2.6", "txt" },
  [RTB_EXPORT_CYCLICTEST_2_7] = { "cyclictest-2.7", "txt" },
  [RTB_EXPORT_REPORT] = { "report", "pdf" },
};

static const RtbCyclictestLayout cyclictest_layouts[] = {
  [RTB_EXPORT_CYCLICTEST] = RTB_CYCLICTEST_LAYOUT_AUTO,
  [RTB_EXPORT_CYCLICTEST_1_X] = RTB_CYCLICTEST_LAYOUT_1_X,
  [RTB_EXPORT_CYCLICTEST_2_7] = RTB_CYCLICTEST_LAYOUT_2_7,
};

gboolean
rtb_export_format_from_string (const char      *name,
                               RtbExportFormat *format)
{
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_strcmp0 (name, formats[i].name) == 0)
      {
        *format = i;
        return TRUE;
      }
  return FALSE;
}

gboolean
rtb_export_format_is_chart (RtbExportFormat format)
{
  return format == RTB_EXPORT_PNG || format == RTB_EXPORT_SVG || format == RTB_EXPORT_PDF;
}

const char *
rtb_export_format_extension (RtbExportFormat format)
{
  g_return_val_if_fail (format < G_N_ELEMENTS (formats), "");

  return formats[format].extension;
}

typedef struct {
  RtbRun *const *runs;
  guint n_runs;
} RunsChart;

static void
draw_runs (cairo_t  *cr,
           int       width,
           int       height,
           gpointer  user_data)
{
  const RunsChart *chart = user_data;
  /* Files go into reports: always the light theme, whatever the window shows. */
  RtbPlotTheme theme = rtb_plot_theme_light ();

  rtb_plot_run_draw (cr, &theme, width, height, RTB_PLOT_RUN_BOTH, RTB_PLOT_SCALE_AUTO,
                     RTB_PLOT_RUN_TIME_ELAPSED, chart->runs,
                     chart->n_runs);
}

gboolean
rtb_export_chart (RtbExportFormat   format,
                  const char       *path,
                  int               width,
                  int               height,
                  double            scale,
                  RtbPlotDrawFunc   draw,
                  gpointer          user_data,
                  GError          **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (rtb_export_format_is_chart (format), FALSE);
  g_return_val_if_fail (path != NULL && draw != NULL, FALSE);

  if (width <= 0 || height <= 0 || !(scale > 0))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A chart needs a positive size and scale"));
      return FALSE;
    }
  bytes = rtb_plot_render ((RtbPlotFormat) (format - RTB_EXPORT_PNG + RTB_PLOT_FORMAT_PNG), width,
                           height, scale, draw, user_data, error);
  return bytes != NULL &&
         rtb_file_write (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), error);
}

gboolean
rtb_export_runs (RtbExportFormat   format,
                 const char       *path,
                 RtbRun *const    *runs,
                 guint             n_runs,
                 int               width,
                 int               height,
                 double            scale,
                 GError          **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (n_runs > 0 && runs != NULL, FALSE);

  switch (format)
    {
    case RTB_EXPORT_PNG:
    case RTB_EXPORT_SVG:
    case RTB_EXPORT_PDF:
      {
        RunsChart chart = { runs, n_runs };

        return rtb_export_chart (format, path, width, height, scale, draw_runs, &chart, error);
      }
    case RTB_EXPORT_CSV_SUMMARY:
      text = rtb_csv_summary (runs, n_runs);
      break;
    case RTB_EXPORT_CSV_HISTOGRAM:
      text = rtb_csv_histogram (runs, n_runs);
      break;
    case RTB_EXPORT_CSV_SERIES:
      text = rtb_csv_series (runs, n_runs);
      break;
    case RTB_EXPORT_CSV_HEATMAP:
      text = rtb_csv_heatmap (runs, n_runs);
      break;
    case RTB_EXPORT_CSV_COMPARE:
      {
        g_autoptr(RtbCompare) compare = NULL;

        if (n_runs < 2)
          return rtb_export_runs (RTB_EXPORT_CSV_SUMMARY, path, runs, n_runs, width, height,
                                  scale, error);
        compare = rtb_compare_new (runs, n_runs);
        text = rtb_csv_compare (compare);
      }
      break;
    case RTB_EXPORT_CYCLICTEST:
    case RTB_EXPORT_CYCLICTEST_1_X:
    case RTB_EXPORT_CYCLICTEST_2_7:
      if (n_runs != 1)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("cyclictest text holds one run; export the runs one by one"));
          return FALSE;
        }
      return rtb_cyclictest_export_file (runs[0], cyclictest_layouts[format], path, error);
    case RTB_EXPORT_REPORT:
      return rtb_report_write (path, runs, n_runs, error);
    default:
      g_assert_not_reached ();
    }
  return rtb_csv_write (path, text, error);
}

typedef struct {
  GtkWidget *widget;
  RtbExportFormat format;
  RtbExportChosenFunc chosen;
  gpointer user_data;
} Choice;

char *
rtb_export_local_path (GFile *file, gboolean folder, GError **error)
{
  char *path = g_file_get_path (file);

  if (path == NULL)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                         folder ? _("The chosen folder is not on this computer: choose a local "
                                    "folder")
                                : _("The chosen file is not on this computer: choose a local "
                                    "folder"));
  return path;
}

void
rtb_export_to_file (GtkWidget           *widget,
                    RtbExportFormat      format,
                    GFile               *file,
                    const char          *report_format,
                    RtbExportChosenFunc  chosen,
                    gpointer             user_data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  const char *extension;
  g_autofree char *suffix = NULL;
  RtbReportFormat report;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (chosen != NULL);

  path = rtb_export_local_path (file, FALSE, &error);
  if (path == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);

      rtb_export_report (widget, name, error);
      return;
    }
  /* A report is what the chooser's format choice says: a name that ends in the other format's
   * extension (the suggested ".pdf") gets the chosen one instead. */
  extension = format == RTB_EXPORT_REPORT && g_strcmp0 (report_format, "html") == 0
                ? "html" : formats[format].extension;
  suffix = g_strconcat (".", extension, NULL);
  if (format == RTB_EXPORT_REPORT && !g_str_has_suffix (path, suffix) &&
      rtb_report_format_from_path (path, &report))
    *strrchr (path, '.') = '\0';
  if (!g_str_has_suffix (path, suffix))
    {
      char *with_suffix = g_strconcat (path, suffix, NULL);

      g_free (path);
      path = with_suffix;
    }
  chosen (widget, path, user_data);
}

static void
on_choose_response (GtkNativeDialog *native,
                    int              response,
                    Choice          *choice)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      /* Only a report's chooser has the choice (asking another warns). */
      const char *report_format = choice->format == RTB_EXPORT_REPORT
                                    ? gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (native),
                                                                   "format")
                                    : NULL;

      rtb_export_to_file (choice->widget, choice->format, file, report_format, choice->chosen,
                          choice->user_data);
    }
  g_object_unref (choice->widget);
  g_free (choice);
  g_object_unref (native);
}

void
rtb_export_choose_file (GtkWidget           *widget,
                        RtbExportFormat      format,
                        const char          *name,
                        RtbExportChosenFunc  chosen,
                        gpointer             user_data)
{
  GtkFileChooserNative *native;
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autofree char *file_name = NULL;
  Choice *choice;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (chosen != NULL);

  native = gtk_file_chooser_native_new (_("Export"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root)
                                                                           : NULL,
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  file_name = rtb_output_file_name (name, 0, formats[format].extension);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), file_name);
  if (format == RTB_EXPORT_REPORT)
    {
      static const char *ids[] = { "pdf", "html", NULL };
      const char *labels[] = { _("PDF, paginated"), _("HTML, one file for a browser"), NULL };

      gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (native), "format", _("Format"), ids,
                                   labels);
      gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (native), "format", "pdf");
    }

  choice = g_new0 (Choice, 1);
  choice->widget = g_object_ref (widget);
  choice->format = format;
  choice->chosen = chosen;
  choice->user_data = user_data;
  g_signal_connect (native, "response", G_CALLBACK (on_choose_response), choice);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
rtb_export_report (GtkWidget    *widget,
                   const char   *path,
                   const GError *error)
{
  g_autofree char *name = g_path_get_basename (path);

  if (error == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Exported “%s”"), name);

      gtk_widget_activate_action (widget, "win.toast", "s", message);
    }
  else
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Export “%s”"), name);

      gtk_widget_activate_action (widget, "win.show-error", "(ss)", heading, error->message);
    }
}
