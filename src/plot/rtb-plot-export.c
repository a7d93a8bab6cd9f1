/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-plot"

#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <string.h>

#include "rtb-plot-export.h"

static gboolean
check_status (cairo_status_t   status,
              const char      *path,
              GError         **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;

  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "Could not write the chart to %s: %s",
               path, cairo_status_to_string (status));
  return FALSE;
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
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;

  if (scale != 1.0)
    cairo_scale (cr, scale, scale);
  draw (cr, width, height, user_data);
  status = cairo_status (cr);
  cairo_destroy (cr);
  return check_status (status, path, error);
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
  cairo_surface_t *surface;
  gboolean ok;

  g_return_val_if_fail (path != NULL && draw != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0 && scale > 0, FALSE);

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (width * scale),
                                        (int) ceil (height * scale));
  ok = draw_on (surface, path, width, height, scale, draw, user_data, error) &&
       check_status (cairo_surface_write_to_png (surface, path), path, error);
  cairo_surface_destroy (surface);
  return ok;
}

static gboolean
finish (cairo_surface_t  *surface,
        const char       *path,
        GError          **error)
{
  cairo_status_t status;

  /* Vector surfaces only write (and report write errors) when finished */
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return check_status (status, path, error);
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
  cairo_surface_t *surface;

  g_return_val_if_fail (path != NULL && draw != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0, FALSE);

  surface = cairo_svg_surface_create (path, width, height);
  cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
  if (!draw_on (surface, path, width, height, 1.0, draw, user_data, error))
    {
      cairo_surface_destroy (surface);
      return FALSE;
    }
  return finish (surface, path, error);
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
  cairo_surface_t *surface;

  g_return_val_if_fail (path != NULL && draw != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0, FALSE);

  surface = cairo_pdf_surface_create (path, width, height);
  if (!draw_on (surface, path, width, height, 1.0, draw, user_data, error))
    {
      cairo_surface_destroy (surface);
      return FALSE;
    }
  return finish (surface, path, error);
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
