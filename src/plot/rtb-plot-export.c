/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-plot"

#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <string.h>

#include "rtb-plot-export.h"

/* A chart is drawn into memory and written like every other output: a temporary file beside
 * the target, renamed over it. A full disk or a failed drawing leaves the previous file as it
 * was, and a symlink planted at the target is replaced, never written through. */

static gboolean
check_status (cairo_status_t   status,
              const char      *path,
              GError         **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;

  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "Could not draw the chart for %s: %s",
               path, cairo_status_to_string (status));
  return FALSE;
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
draw_on (cairo_surface_t  *surface,
         const char       *path,
         int               width,
         int               height,
         double            scale,
         RtbPlotDrawFunc   draw,
         gpointer          user_data,
         GError          **error)
{
  cairo_t *cr;
  cairo_status_t status;

  if (!check_status (cairo_surface_status (surface), path, error))
    return FALSE;
  cr = cairo_create (surface);
  if (scale != 1.0)
    cairo_scale (cr, scale, scale);
  draw (cr, width, height, user_data);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (!check_status (status, path, error))
    return FALSE;
  cairo_surface_flush (surface);
  return check_status (cairo_surface_status (surface), path, error);
}

/* Vector surfaces write (and report their errors) only when finished. */
static gboolean
finish (cairo_surface_t  *surface,
        const char       *path,
        GError          **error)
{
  cairo_surface_finish (surface);
  return check_status (cairo_surface_status (surface), path, error);
}

static gboolean
write_file (const char  *path,
            GByteArray  *bytes,
            GError     **error)
{
  return g_file_set_contents_full (path, (const char *) bytes->data, bytes->len,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0666, error);
}

gboolean
rtb_plot_export_png (const char       *path,
                     int               width,
                     int               height,
                     double            scale,
                     RtbPlotDrawFunc   draw,
                     gpointer          user_data,
                     GError          **error)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  gboolean ok;

  g_return_val_if_fail (path != NULL && draw != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0 && scale > 0, FALSE);

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (width * scale),
                                        (int) ceil (height * scale));
  ok = draw_on (surface, path, width, height, scale, draw, user_data, error) &&
       check_status (cairo_surface_write_to_png_stream (surface, append_bytes, bytes), path,
                     error);
  cairo_surface_destroy (surface);
  return ok && write_file (path, bytes, error);
}

gboolean
rtb_plot_export_svg (const char       *path,
                     int               width,
                     int               height,
                     double            scale,
                     RtbPlotDrawFunc   draw,
                     gpointer          user_data,
                     GError          **error)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  gboolean ok;

  g_return_val_if_fail (path != NULL && draw != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0, FALSE);

  surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, width, height);
  cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
  ok = draw_on (surface, path, width, height, 1.0, draw, user_data, error) &&
       finish (surface, path, error);
  cairo_surface_destroy (surface);
  return ok && write_file (path, bytes, error);
}

gboolean
rtb_plot_export_pdf (const char       *path,
                     int               width,
                     int               height,
                     double            scale,
                     RtbPlotDrawFunc   draw,
                     gpointer          user_data,
                     GError          **error)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  gboolean ok;

  g_return_val_if_fail (path != NULL && draw != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0, FALSE);

  surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, width, height);
  ok = draw_on (surface, path, width, height, 1.0, draw, user_data, error) &&
       finish (surface, path, error);
  cairo_surface_destroy (surface);
  return ok && write_file (path, bytes, error);
}

gboolean
rtb_plot_export (RtbPlotFormat     format,
                 const char       *path,
                 int               width,
                 int               height,
                 double            scale,
                 RtbPlotDrawFunc   draw,
                 gpointer          user_data,
                 GError          **error)
{
  switch (format)
    {
    case RTB_PLOT_FORMAT_PNG:
      return rtb_plot_export_png (path, width, height, scale, draw, user_data, error);
    case RTB_PLOT_FORMAT_SVG:
      return rtb_plot_export_svg (path, width, height, scale, draw, user_data, error);
    case RTB_PLOT_FORMAT_PDF:
      return rtb_plot_export_pdf (path, width, height, scale, draw, user_data, error);
    default:
      g_return_val_if_reached (FALSE);
    }
}

gboolean
rtb_plot_format_from_path (const char    *path,
                           RtbPlotFormat *format)
{
  const char *dot;

  g_return_val_if_fail (path != NULL && format != NULL, FALSE);

  dot = strrchr (path, '.');
  if (dot == NULL)
    return FALSE;
  if (g_ascii_strcasecmp (dot, ".png") == 0)
    *format = RTB_PLOT_FORMAT_PNG;
  else if (g_ascii_strcasecmp (dot, ".svg") == 0)
    *format = RTB_PLOT_FORMAT_SVG;
  else if (g_ascii_strcasecmp (dot, ".pdf") == 0)
    *format = RTB_PLOT_FORMAT_PDF;
  else
    return FALSE;
  return TRUE;
}
