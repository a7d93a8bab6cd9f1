/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-plot"

#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <string.h>

#include "rtb-plot-export.h"

/* A chart is drawn into memory: the callers write it like every other output, with
 * rtb_file_write (), so that a failed drawing or a full disk leaves the previous file as it was. */

static gboolean
check_status (cairo_status_t   status,
              GError         **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;

  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "Could not draw the chart: %s",
               cairo_status_to_string (status));
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
         int               width,
         int               height,
         double            scale,
         RtbPlotDrawFunc   draw,
         gpointer          user_data,
         GError          **error)
{
  cairo_t *cr;
  cairo_status_t status;

  if (!check_status (cairo_surface_status (surface), error))
    return FALSE;
  cr = cairo_create (surface);
  if (scale != 1.0)
    cairo_scale (cr, scale, scale);
  draw (cr, width, height, user_data);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (!check_status (status, error))
    return FALSE;
  cairo_surface_flush (surface);
  return check_status (cairo_surface_status (surface), error);
}

static gboolean
render_png (GByteArray       *bytes,
            int               width,
            int               height,
            double            scale,
            RtbPlotDrawFunc   draw,
            gpointer          user_data,
            GError          **error)
{
  cairo_surface_t *surface;
  gboolean ok;

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (width * scale),
                                        (int) ceil (height * scale));
  ok = draw_on (surface, width, height, scale, draw, user_data, error) &&
       check_status (cairo_surface_write_to_png_stream (surface, append_bytes, bytes), error);
  cairo_surface_destroy (surface);
  return ok;
}

/* Vector surfaces write (and report their errors) only when finished. */
static gboolean
render_vector (cairo_surface_t  *surface,
               int               width,
               int               height,
               RtbPlotDrawFunc   draw,
               gpointer          user_data,
               GError          **error)
{
  gboolean ok = draw_on (surface, width, height, 1.0, draw, user_data, error);

  cairo_surface_finish (surface);
  ok = ok && check_status (cairo_surface_status (surface), error);
  cairo_surface_destroy (surface);
  return ok;
}

GBytes *
rtb_plot_render (RtbPlotFormat     format,
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

  g_return_val_if_fail (draw != NULL, NULL);
  g_return_val_if_fail (width > 0 && height > 0 && scale > 0, NULL);

  switch (format)
    {
    case RTB_PLOT_FORMAT_PNG:
      ok = render_png (bytes, width, height, scale, draw, user_data, error);
      break;
    case RTB_PLOT_FORMAT_SVG:
      surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, width, height);
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
      ok = render_vector (surface, width, height, draw, user_data, error);
      break;
    case RTB_PLOT_FORMAT_PDF:
      surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, width, height);
      ok = render_vector (surface, width, height, draw, user_data, error);
      break;
    default:
      g_return_val_if_reached (NULL);
    }
  return ok ? g_byte_array_free_to_bytes (g_steal_pointer (&bytes)) : NULL;
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
