/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-report"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "rtb-file-write.h"
#include "rtb-report-build.h"
#include "rtb-report-html.h"
#include "rtb-report-pdf.h"
#include "rtb-report.h"

gboolean
rtb_report_format_from_path (const char *path, RtbReportFormat *format)
{
  const char *dot;

  g_return_val_if_fail (path != NULL && format != NULL, FALSE);

  dot = strrchr (path, '.');
  if (dot == NULL || strchr (dot, '/') != NULL)
    return FALSE;
  if (g_ascii_strcasecmp (dot, ".pdf") == 0)
    *format = RTB_REPORT_FORMAT_PDF;
  else if (g_ascii_strcasecmp (dot, ".html") == 0 || g_ascii_strcasecmp (dot, ".htm") == 0)
    *format = RTB_REPORT_FORMAT_HTML;
  else
    return FALSE;
  return TRUE;
}

GBytes *
rtb_report_render (RtbReportFormat format, RtbRun *const *runs, guint n_runs, GError **error)
{
  g_autoptr (RtbReportDoc) doc = NULL;

  g_return_val_if_fail (runs != NULL && n_runs > 0, NULL);

  doc = rtb_report_build (runs, n_runs);
  return format == RTB_REPORT_FORMAT_PDF ? rtb_report_pdf (doc, error)
                                         : rtb_report_html (doc, error);
}

/* Whether `path` names the same file as `other` (which may not exist). */
static gboolean
same_file (const char *path, const char *other)
{
  GStatBuf a, b;

  if (other == NULL)
    return FALSE;
  if (g_stat (path, &a) != 0 || g_stat (other, &b) != 0)
    return FALSE;
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

gboolean
rtb_report_write (const char *path, RtbRun *const *runs, guint n_runs, GError **error)
{
  RtbReportFormat format;
  g_autoptr (GBytes) bytes = NULL;

  g_return_val_if_fail (path != NULL && runs != NULL && n_runs > 0, FALSE);

  if (!rtb_report_format_from_path (path, &format))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: a report is a .pdf or an .html file: end the name with one of them"),
                   path);
      return FALSE;
    }
  for (guint r = 0; r < n_runs; r++)
    if (same_file (path, rtb_run_get_file (runs[r])))
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                     _("%s is one of the runs being reported: give the report another name"),
                     path);
        return FALSE;
      }
  bytes = rtb_report_render (format, runs, n_runs, error);
  if (bytes == NULL)
    return FALSE;
  return rtb_file_write (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), error);
}
