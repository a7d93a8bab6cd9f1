/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Heatmaps of runs: one per series, the runs side by side on the same scales. */
#define G_LOG_DOMAIN "rtbench-plot"
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "rtb-label.h"
#include "rtb-plot-run.h"

guint
rtb_plot_run_heatmap_rows (RtbRun *const *runs, guint n_runs)
{
  guint rows = 0;

  for (guint r = 0; r < n_runs; r++)
    rows = MAX (rows, rtb_run_get_n_series (runs[r]));
  return MIN (rows, RTB_PLOT_RUN_MAX_SERIES);
}

/* The rows holding samples in every heatmap, as y limits in µs. */
static gboolean
occupied_span (RtbRun *const *runs, guint n_runs, double *lo_us, double *hi_us)
{
  gboolean found = FALSE;

  *lo_us = G_MAXDOUBLE;
  *hi_us = 0;
  for (guint r = 0; r < n_runs; r++)
    for (guint i = 0; i < rtb_run_get_n_series (runs[r]); i++)
      {
        RtbSeries *series = rtb_run_get_series (runs[r], i);
        const RtbHeatmap *heatmap = &series->heatmap;

        if (!rtb_series_has_heatmap (series))
          continue;
        for (gsize c = 0; c < heatmap->n_columns; c++)
          for (guint32 row = 0; row < heatmap->n_rows; row++)
            {
              double lo, hi;

              if (rtb_heatmap_column (heatmap, c)[row] == 0)
                continue;
              /* The open rows as the chart draws them: 0.2 decades below 1 µs, above the
               * limit. */
              lo = row == 0 ? pow (10.0, -0.2) : rtb_heatmap_row_lo_ns (heatmap, row) / 1000.0;
              hi = row + 1 == heatmap->n_rows ? heatmap->limit_us * pow (10.0, 0.2)
                                              : rtb_heatmap_row_hi_ns (heatmap, row) / 1000.0;
              *lo_us = MIN (*lo_us, lo);
              *hi_us = MAX (*hi_us, hi);
              found = TRUE;
            }
      }
  return found;
}

void
rtb_plot_run_heatmap_options (RtbRun *const *runs, guint n_runs, RtbPlotHeatmapOptions *opts)
{
  RtbMethod method;
  double seconds, lo, hi;
  guint64 positions = 0, count_max = 0;

  g_return_if_fail (runs != NULL && n_runs > 0 && opts != NULL);

  method = rtb_run_get_method (runs[0]);
  seconds = rtb_plot_run_seconds_per_instance (runs, n_runs, -1);
  rtb_plot_heatmap_options_init (opts);
  opts->x_per_instance = seconds;
  opts->x_label = _(rtb_plot_run_x_label (method, seconds));
  /* The rows are magnitudes: a signed method's axis says so. */
  opts->y_label = _(rtb_plot_run_magnitude_label (method));
  opts->max_note = _("max per column");
  opts->p999_note = _("dashed: running p99.9");
  opts->placeholder = _("Not known: this run does not say when its samples came (a file "
                        "saved before heatmaps, or an imported histogram)");
  for (guint r = 0; r < n_runs; r++)
    for (guint i = 0; i < rtb_run_get_n_series (runs[r]); i++)
      {
        RtbSeries *series = rtb_run_get_series (runs[r], i);

        if (!rtb_series_has_heatmap (series))
          continue;
        positions = MAX (positions, series->heatmap.n_positions);
        count_max = MAX (count_max, rtb_heatmap_max_cell (&series->heatmap));
      }
  if (positions > 0)
    {
      /* The same scales for all, the series of one run as the runs compared: time, values
       * and counts, so that cells of one colour at one height mean the same in every panel. */
      opts->last = positions;
      opts->count_max = MAX (count_max, 1);
      if (occupied_span (runs, n_runs, &lo, &hi))
        {
          opts->y_fixed = TRUE;
          opts->y_min_us = MAX (pow (10.0, floor (log10 (lo) + 1e-9)), pow (10.0, -0.2));
          opts->y_max_us = MAX (hi, opts->y_min_us * 10);
        }
    }
}

/* "label · CPU0" with several runs, "CPU0 over time" for one. */
static char *
panel_title (const char *label, guint n_runs, RtbSeries *series)
{
  if (n_runs > 1)
    return g_strdup_printf ("%s · %s", label, series->name);
  /* TRANSLATORS: a heatmap's title; %s is a series, such as CPU0. */
  return g_strdup_printf (_("%s over time"), series->name);
}

void
rtb_plot_run_draw_heatmaps (cairo_t *cr, const RtbPlotTheme *theme, int width, int height,
                            RtbPlotRunTime time, RtbRun *const *runs, guint n_runs)
{
  g_autoptr (GPtrArray) labels = NULL;
  RtbPlotHeatmapOptions shared;
  guint rows;

  g_return_if_fail (cr != NULL && runs != NULL && n_runs > 0);

  labels = rtb_label_unique (runs, n_runs);
  rows = MAX (rtb_plot_run_heatmap_rows (runs, n_runs), 1);
  rtb_plot_run_heatmap_options (runs, n_runs, &shared);
  for (guint r = 0; r < n_runs; r++)
    {
      int left = (int) ((gint64) width * r / n_runs);
      int w = (int) ((gint64) width * (r + 1) / n_runs) - left;
      g_autofree char *system = rtb_plot_run_system_line (runs[r]);
      RtbPlotTime axis = shared.time;
      /* Each run's panels read its own clock, over the span the runs share. */
      g_autofree char *clock_label = rtb_plot_run_time_apply (&runs[r], 1, -1, time,
                                                               shared.x_per_instance, &axis);

      for (guint i = 0; i < rows; i++)
        {
          int top = (int) ((gint64) height * i / rows);
          int h = (int) ((gint64) height * (i + 1) / rows) - top;
          RtbSeries *series = i < rtb_run_get_n_series (runs[r])
                                ? rtb_run_get_series (runs[r], i)
                                : NULL;
          RtbPlotHeatmapOptions opts = shared;
          g_autofree char *title = NULL;
          g_autofree char *overflow = NULL;
          RtbPlotSeries entry = { 0 };

          cairo_save (cr);
          cairo_translate (cr, left, top);
          cairo_rectangle (cr, 0, 0, w, h);
          cairo_clip (cr);
          if (series == NULL)
            {
              /* A run with fewer series than another: its place stays blank. */
              cairo_set_source_rgb (cr, theme->background.red, theme->background.green,
                                    theme->background.blue);
              cairo_paint (cr);
              cairo_restore (cr);
              continue;
            }
          title = panel_title (labels->pdata[r], n_runs, series);
          entry = rtb_plot_run_series_entry (series, series->name, i);
          overflow = g_strdup_printf (_("top band: ≥ %u µs (overflows)"),
                                      series->heatmap.limit_us);
          opts.title = title;
          opts.time = axis;
          if (clock_label != NULL)
            opts.x_label = clock_label;
          opts.overflow_note = overflow;
          opts.subtitle = i == 0 ? system : NULL;
          opts.show_legend = i == 0;
          rtb_plot_heatmap (cr, theme, w, h, &opts, &entry, NULL);
          cairo_restore (cr);
        }
    }
}
