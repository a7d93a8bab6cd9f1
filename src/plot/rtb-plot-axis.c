/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-plot"

#include "config.h"

#include <math.h>
#include <stdio.h>

#include "rtb-plot-private.h"

#define TICK_LENGTH 4.0
#define LABEL_GAP 3.0

double
rtb_plot_axis_to_pixel (const RtbPlotAxis *axis,
                        double             value)
{
  double t;

  if (axis->log)
    t = value > 0 ? (log10 (value) - log10 (axis->lo)) / (log10 (axis->hi) - log10 (axis->lo))
                  : -1.0;
  else
    t = (value - axis->lo) / (axis->hi - axis->lo);

  /* Far outside values would only stress cairo's fixed-point coordinates; the plot clips them. */
  if (!isfinite (t))
    t = value > axis->lo ? 2.0 : -1.0;
  t = CLAMP (t, -1.0, 2.0);
  return axis->px_lo + t * (axis->px_hi - axis->px_lo);
}

double
rtb_plot_axis_from_pixel (const RtbPlotAxis *axis,
                          double             pixel)
{
  double t = (pixel - axis->px_lo) / (axis->px_hi - axis->px_lo);

  if (axis->log)
    return pow (10.0, log10 (axis->lo) + t * (log10 (axis->hi) - log10 (axis->lo)));
  return axis->lo + t * (axis->hi - axis->lo);
}

bool
rtb_plot_layout_contains (const RtbPlotLayout *layout,
                          double               x,
                          double               y)
{
  return x >= layout->plot.x && x < layout->plot.x + layout->plot.width &&
         y >= layout->plot.y && y < layout->plot.y + layout->plot.height;
}

static bool
rect_equal (const RtbPlotRect *a,
            const RtbPlotRect *b)
{
  return a->x == b->x && a->y == b->y && a->width == b->width && a->height == b->height;
}

static bool
axis_equal (const RtbPlotAxis *a,
            const RtbPlotAxis *b)
{
  if (a->lo != b->lo || a->hi != b->hi || a->px_lo != b->px_lo || a->px_hi != b->px_hi ||
      a->unit != b->unit || a->step != b->step || a->log != b->log || a->style != b->style ||
      a->clock_origin != b->clock_origin || a->n_ticks != b->n_ticks)
    return false;
  for (guint i = 0; i < a->n_ticks; i++)
    if (a->ticks[i] != b->ticks[i])
      return false;
  return true;
}

/* Field by field: the structs' padding is not initialised, so memcmp() would not do. */
bool
rtb_plot_layout_equal (const RtbPlotLayout *a,
                       const RtbPlotLayout *b)
{
  return a->width == b->width && a->height == b->height && rect_equal (&a->plot, &b->plot) &&
         axis_equal (&a->x, &b->x) && axis_equal (&a->y, &b->y) && a->title_y == b->title_y &&
         a->subtitle_y == b->subtitle_y && rect_equal (&a->legend, &b->legend);
}

double
_rtb_plot_nice_step (double raw)
{
  double magnitude, fraction;

  if (!(raw > 0) || !isfinite (raw))
    return 1.0;
  magnitude = pow (10.0, floor (log10 (raw)));
  fraction = raw / magnitude;
  if (fraction <= 1.0 + 1e-9)
    return magnitude;
  if (fraction <= 2.0 + 1e-9)
    return 2 * magnitude;
  if (fraction <= 5.0 + 1e-9)
    return 5 * magnitude;
  return 10 * magnitude;
}

static void
log_ticks (RtbPlotAxis *axis,
           double       n_target,
           bool         expand)
{
  static const double mantissas[] = { 1, 2, 5 };
  double d_lo, d_hi, every;
  guint n_mantissas;

  if (!(axis->lo > 0))
    axis->lo = 1.0;
  if (!(axis->hi >= axis->lo))
    axis->hi = axis->lo * 10.0;

  d_lo = floor (log10 (axis->lo) + 1e-9);
  d_hi = ceil (log10 (axis->hi) - 1e-9);
  if (d_hi <= d_lo)
    d_hi = d_lo + 1;
  if (expand)
    {
      axis->lo = pow (10.0, d_lo);
      axis->hi = pow (10.0, d_hi);
    }

  every = MAX (1.0, ceil ((d_hi - d_lo) / n_target));
  axis->step = every;
  /* A range of a decade or two gets 2 and 5 too, or it would carry only two labels */
  n_mantissas = d_hi - d_lo <= 2 && n_target >= 3 * (d_hi - d_lo) && axis->hi <= 1e4 ? 3 : 1;

  axis->n_ticks = 0;
  for (double d = ceil (log10 (axis->lo) - 1e-9); d <= d_hi; d += every)
    for (guint k = 0; k < n_mantissas; k++)
      {
        double v = mantissas[k] * pow (10.0, d);

        if (v < axis->lo * (1 - 1e-9) || v > axis->hi * (1 + 1e-9))
          continue;
        if (axis->n_ticks < RTB_PLOT_MAX_TICKS)
          axis->ticks[axis->n_ticks++] = v;
      }
}

/* Steps a clock's ticks take at a second or more: each divides a day, so ticks stay on the same
 * times of day (07:00, 07:15…) and midnight is one of them. */
static const double clock_steps[] = {
  1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 14400, 21600, 43200,
  86400,
};

static double
clock_step (double raw)
{
  /* Below a millisecond a time of day since 1970 in a double no longer holds the digits */
  if (raw < 1)
    return MAX (_rtb_plot_nice_step (raw), 0.001);
  for (guint i = 0; i < G_N_ELEMENTS (clock_steps); i++)
    if (raw <= clock_steps[i] * (1 + 1e-9))
      return clock_steps[i];
  return 86400 * _rtb_plot_nice_step (raw / 86400);
}

/* Ticks on whole steps of the clock: at origin + value ≡ 0 (mod step). */
static void
clock_ticks (RtbPlotAxis *axis,
             double       n_target,
             double       min_step)
{
  double step = MAX (clock_step ((axis->hi - axis->lo) / n_target), min_step);
  double first;

  while ((axis->hi - axis->lo) / step > RTB_PLOT_MAX_TICKS - 2)
    step = clock_step (step * 1.5);
  axis->step = step;
  axis->n_ticks = 0;
  first = ceil ((axis->clock_origin + axis->lo) / step - 1e-9);
  for (double k = first; k * step - axis->clock_origin <= axis->hi + step * 1e-9; k++)
    {
      if (axis->n_ticks == RTB_PLOT_MAX_TICKS)
        break;
      axis->ticks[axis->n_ticks++] = k * step - axis->clock_origin;
    }
}

void
_rtb_plot_axis_ticks (RtbPlotAxis *axis,
                      double       length_px,
                      double       spacing_px,
                      double       min_step,
                      bool         expand)
{
  double n_target = MAX (1.0, floor (fabs (length_px) / spacing_px));
  double step, first;

  if (axis->log)
    {
      log_ticks (axis, n_target, expand);
      return;
    }

  if (!isfinite (axis->lo) || !isfinite (axis->hi))
    {
      axis->lo = 0;
      axis->hi = 1;
    }
  if (axis->hi <= axis->lo)
    axis->hi = axis->lo + MAX (min_step, 1.0);
  if (axis->style == RTB_PLOT_TICKS_CLOCK)
    {
      clock_ticks (axis, n_target, min_step);
      return;
    }

  step = MAX (_rtb_plot_nice_step ((axis->hi - axis->lo) / n_target), min_step);
  /* Not more ticks than the array holds, whatever the range */
  while ((axis->hi - axis->lo) / step > RTB_PLOT_MAX_TICKS - 2)
    step = _rtb_plot_nice_step (step * 1.5);
  if (expand)
    {
      axis->lo = floor (axis->lo / step + 1e-9) * step;
      axis->hi = ceil (axis->hi / step - 1e-9) * step;
    }
  axis->step = step;
  axis->n_ticks = 0;
  first = ceil (axis->lo / step - 1e-9);
  for (double k = first; k * step <= axis->hi + step * 1e-9; k++)
    {
      if (axis->n_ticks == RTB_PLOT_MAX_TICKS)
        break;
      axis->ticks[axis->n_ticks++] = k * step;
    }
}

static void
format_number (double value,
               int    decimals,
               char  *buf,
               gsize  size)
{
  /* A typographic minus reads better than a hyphen next to digits */
  if (value < 0)
    g_snprintf (buf, size, "\xe2\x88\x92%.*f", decimals, -value);
  else
    g_snprintf (buf, size, "%.*f", decimals, value);
}

/* 07:10, 07:10:30 or 07:10:30.5 by the axis' step; the date alone at midnight. */
static void
format_clock (const RtbPlotAxis *axis,
              double             value,
              char              *buf,
              gsize              size)
{
  double at = axis->clock_origin + value;
  double whole = floor (at + 1e-6);
  double fraction = at - whole;
  g_autoptr(GDateTime) time = g_date_time_new_from_unix_utc ((gint64) whole);
  g_autofree char *text = NULL;

  if (time == NULL)
    {
      g_strlcpy (buf, "?", size);
      return;
    }
  if (g_date_time_get_hour (time) == 0 && g_date_time_get_minute (time) == 0 &&
      g_date_time_get_second (time) == 0 && fraction < 1e-6)
    text = g_date_time_format (time, "%Y-%m-%d");
  else if (axis->step >= 60 - 1e-9)
    text = g_date_time_format (time, "%H:%M");
  else
    text = g_date_time_format (time, "%H:%M:%S");
  g_strlcpy (buf, text, size);
  if (axis->step < 1 - 1e-9)
    {
      int decimals = CLAMP ((int) ceil (-log10 (axis->step) - 1e-9), 1, 3);
      char digits[16];

      /* "0.5" → ".5", never rounded up into the next second */
      fraction = CLAMP (fraction, 0.0, 1 - pow (10, -decimals));
      g_snprintf (digits, sizeof digits, "%.*f", decimals, fraction);
      g_strlcat (buf, digits + 1, size);
    }
}

void
_rtb_plot_axis_format (const RtbPlotAxis *axis,
                       double             value,
                       char              *buf,
                       gsize              size,
                       bool              *markup)
{
  double step = axis->step;
  const char *suffix = "";
  int decimals;

  *markup = false;
  if (axis->log)
    {
      int decade = (int) floor (log10 (value) + 1e-9);

      if (decade >= 0 && decade <= 3)
        format_number (value, 0, buf, size);
      else if (decade < 0 && decade >= -3)
        format_number (value, -decade, buf, size);
      else
        {
          g_snprintf (buf, size, "10<sup>%d</sup>", decade);
          *markup = true;
        }
      return;
    }

  if (axis->style == RTB_PLOT_TICKS_CLOCK)
    {
      format_clock (axis, value, buf, size);
      return;
    }
  if (fabs (value) < step * 1e-6)
    value = 0;

  /* One suffix for the whole axis, chosen by its largest value: 0.5 M, 1 M, 1.5 M */
  if (axis->style == RTB_PLOT_TICKS_SI && value != 0)
    {
      static const char * const suffixes[] = { "", " k", " M", " G", " T" };
      double largest = MAX (fabs (axis->lo), fabs (axis->hi));
      int k = largest >= 10000 ? (int) floor (log10 (largest) / 3 + 1e-9) : 0;

      k = CLAMP (k, 0, (int) G_N_ELEMENTS (suffixes) - 1);
      value /= pow (1000, k);
      step /= pow (1000, k);
      suffix = suffixes[k];
    }

  decimals = step >= 1 ? 0 : (int) ceil (-log10 (step) - 1e-9);
  format_number (value, CLAMP (decimals, 0, 9), buf, size);
  if (*suffix)
    g_strlcat (buf, suffix, size);
}

void
_rtb_plot_draw_grid (cairo_t             *cr,
                     const RtbPlotTheme  *theme,
                     const RtbPlotLayout *layout)
{
  const RtbPlotRect *p = &layout->plot;

  cairo_save (cr);
  cairo_set_line_width (cr, 1.0);
  _rtb_plot_set_color (cr, &theme->grid);

  for (guint i = 0; i < layout->x.n_ticks; i++)
    {
      double x = round (rtb_plot_axis_to_pixel (&layout->x, layout->x.ticks[i])) + 0.5;

      cairo_move_to (cr, x, p->y);
      cairo_line_to (cr, x, p->y + p->height);
    }
  for (guint i = 0; i < layout->y.n_ticks; i++)
    {
      double y = round (rtb_plot_axis_to_pixel (&layout->y, layout->y.ticks[i])) + 0.5;

      cairo_move_to (cr, p->x, y);
      cairo_line_to (cr, p->x + p->width, y);
    }
  cairo_stroke (cr);

  /* Faint 2…9 lines inside each decade, only where they do not crowd */
  if (layout->y.log && layout->y.step == 1 && layout->y.n_ticks > 0)
    {
      double decade_px = fabs (rtb_plot_axis_to_pixel (&layout->y, 10.0) -
                               rtb_plot_axis_to_pixel (&layout->y, 1.0));

      if (decade_px >= 40)
        {
          double first = floor (log10 (layout->y.lo));

          _rtb_plot_set_color_alpha (cr, &theme->grid, 0.45);
          for (double d = first; pow (10.0, d) <= layout->y.hi; d++)
            for (int m = 2; m <= 9; m++)
              {
                double v = m * pow (10.0, d);
                double y;

                if (v < layout->y.lo || v > layout->y.hi)
                  continue;
                y = round (rtb_plot_axis_to_pixel (&layout->y, v)) + 0.5;
                cairo_move_to (cr, p->x, y);
                cairo_line_to (cr, p->x + p->width, y);
              }
          cairo_stroke (cr);
        }
    }
  cairo_restore (cr);
}

void
_rtb_plot_draw_axes (cairo_t                *cr,
                     PangoContext           *context,
                     const RtbPlotTheme     *theme,
                     const RtbPlotLayout    *layout,
                     const RtbPlotFrameSpec *spec)
{
  const RtbPlotRect *p = &layout->plot;
  double left = floor (p->x) + 0.5;
  double bottom = floor (p->y + p->height) + 0.5;
  double label_bottom = bottom + TICK_LENGTH + LABEL_GAP;
  double max_label_height = 0, max_label_width = 0;
  double previous_right = -G_MAXDOUBLE;
  char buf[64];
  bool markup;

  cairo_save (cr);
  cairo_set_line_width (cr, 1.0);
  _rtb_plot_set_color (cr, &theme->axis);
  cairo_move_to (cr, left, p->y);
  cairo_line_to (cr, left, bottom);
  cairo_line_to (cr, p->x + p->width, bottom);
  for (guint i = 0; i < layout->x.n_ticks; i++)
    {
      double x = round (rtb_plot_axis_to_pixel (&layout->x, layout->x.ticks[i])) + 0.5;

      cairo_move_to (cr, x, bottom);
      cairo_line_to (cr, x, bottom + TICK_LENGTH);
    }
  for (guint i = 0; i < layout->y.n_ticks; i++)
    {
      double y = round (rtb_plot_axis_to_pixel (&layout->y, layout->y.ticks[i])) + 0.5;

      cairo_move_to (cr, left - TICK_LENGTH, y);
      cairo_line_to (cr, left, y);
    }
  cairo_stroke (cr);

  for (guint i = 0; i < layout->x.n_ticks; i++)
    {
      double x = rtb_plot_axis_to_pixel (&layout->x, layout->x.ticks[i]);
      g_autoptr(PangoLayout) text = NULL;
      double w, h;

      _rtb_plot_axis_format (&layout->x, layout->x.ticks[i], buf, sizeof buf, &markup);
      text = _rtb_plot_text_layout (context, theme, RTB_PLOT_FONT_BODY, buf, markup);
      _rtb_plot_text_size (text, &w, &h);
      x = CLAMP (x - w / 2, 0, MAX (0, layout->width - w));
      /* The layout spaces ticks for the widest label; skip one that would still collide */
      if (x < previous_right + 4)
        continue;
      previous_right = x + w;
      max_label_height = MAX (max_label_height, h);
      _rtb_plot_text_draw (cr, text, x, label_bottom, &theme->foreground);
    }

  for (guint i = 0; i < layout->y.n_ticks; i++)
    {
      double y = rtb_plot_axis_to_pixel (&layout->y, layout->y.ticks[i]);
      g_autoptr(PangoLayout) text = NULL;
      double w, h;

      _rtb_plot_axis_format (&layout->y, layout->y.ticks[i], buf, sizeof buf, &markup);
      text = _rtb_plot_text_layout (context, theme, RTB_PLOT_FONT_BODY, buf, markup);
      _rtb_plot_text_size (text, &w, &h);
      max_label_width = MAX (max_label_width, w);
      _rtb_plot_text_draw (cr, text, left - TICK_LENGTH - LABEL_GAP - w, y - h / 2,
                           &theme->foreground);
    }

  if (spec->x_label && *spec->x_label)
    {
      g_autoptr(PangoLayout) text = _rtb_plot_text_layout (context, theme, RTB_PLOT_FONT_BODY,
                                                           spec->x_label, false);
      double w, h;

      if (max_label_height == 0)
        max_label_height = _rtb_plot_text_line_height (context, theme, RTB_PLOT_FONT_BODY);
      _rtb_plot_text_size (text, &w, &h);
      _rtb_plot_text_draw (cr, text, p->x + (p->width - w) / 2,
                           label_bottom + max_label_height + LABEL_GAP, &theme->dim);
    }

  if (spec->y_label && *spec->y_label)
    {
      g_autoptr(PangoLayout) text = _rtb_plot_text_layout (context, theme, RTB_PLOT_FONT_BODY,
                                                           spec->y_label, false);
      double w, h;

      _rtb_plot_text_size (text, &w, &h);
      cairo_save (cr);
      cairo_translate (cr, MAX (2.0, left - TICK_LENGTH - 2 * LABEL_GAP - max_label_width - h),
                       p->y + (p->height + w) / 2);
      cairo_rotate (cr, -G_PI / 2);
      _rtb_plot_text_draw (cr, text, 0, 0, &theme->dim);
      cairo_restore (cr);
    }
  cairo_restore (cr);
}
