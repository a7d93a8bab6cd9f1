/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Not a test: how long one redraw of a long run's curve takes. With --samples DIR it also
 * writes showcase charts (light and dark, zoomed, multi-CPU histogram) for a visual check. */
#define G_LOG_DOMAIN "rtbench-bench"

#include "config.h"

#include <math.h>
#include <stdio.h>

#include "rtb-plot.h"

#define N_SAMPLES (10 * 1000 * 1000)
#define N_CPUS 4
#define WIDTH 1280
#define HEIGHT 400
#define ROUNDS 100

/* Deterministic noise, so every run draws the same picture */
static uint64_t
next_random (uint64_t *state)
{
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

static int64_t
latency_ns (uint64_t *state,
            uint64_t  i,
            guint     cpu)
{
  uint64_t r = next_random (state);
  int64_t value = 6000 + cpu * 1500 + (int64_t) (r % 5000);

  /* A rare long tail and a large first sample, as the published runs show */
  if (r % 200000 == 0)
    value += (int64_t) (r >> 20) % 80000;
  if (i == 0)
    value = 140000;
  return value;
}

typedef struct {
  const RtbPlotTheme *theme;
  const RtbPlotCurveOptions *curve;
  const RtbPlotHistogramOptions *histogram;
  const RtbPlotSeries *series;
  guint n_series;
} Chart;

static void
draw_chart (cairo_t  *cr,
            int       width,
            int       height,
            gpointer  user_data)
{
  const Chart *chart = user_data;

  if (chart->curve)
    rtb_plot_curve (cr, chart->theme, width, height, chart->curve, chart->series,
                    chart->n_series, NULL);
  else
    rtb_plot_histogram (cr, chart->theme, width, height, chart->histogram, chart->series,
                        chart->n_series, NULL);
}

static void
write_samples (const char   *dir,
               RtbHistory   *history,
               RtbHistogram *histograms)
{
  const char *system = "rpi4 · 6.6.31-rt31-v8+ · PREEMPT_RT · aarch64";
  RtbPlotTheme light = rtb_plot_theme_light (), dark = rtb_plot_theme_dark ();
  RtbPlotSeries series[N_CPUS];
  RtbPlotCurveOptions curve, zoom, response_opts;
  RtbPlotSeries response_series[2];
  static double response[2][1000];
  uint64_t state = 42;
  RtbPlotHistogramOptions histogram;
  struct {
    const char *name;
    Chart chart;
  } samples[] = {
    { "curve-light", { &light, &curve, NULL, series, 2 } },
    { "curve-dark", { &dark, &curve, NULL, series, 2 } },
    { "curve-zoom", { &light, &zoom, NULL, series, 1 } },
    { "curve-response", { &light, &response_opts, NULL, response_series, 2 } },
    { "curve-response-dark", { &dark, &response_opts, NULL, response_series, 2 } },
    { "histogram-light", { &light, NULL, &histogram, series, N_CPUS } },
    { "histogram-dark", { &dark, NULL, &histogram, series, N_CPUS } },
  };

  for (guint cpu = 0; cpu < N_CPUS; cpu++)
    series[cpu] = (RtbPlotSeries) {
      .name = NULL, .color_index = cpu, .history = &history[cpu], .histogram = &histograms[cpu],
    };
  series[0].name = "CPU0";
  series[1].name = "CPU1";
  series[2].name = "CPU2";
  series[3].name = "CPU3";

  rtb_plot_curve_options_init (&curve);
  curve.title = "Wake-up latency per cycle";
  curve.subtitle = system;
  curve.y_label = "latency (µs)";
  curve.x_label = "cycle";
  zoom = curve;
  zoom.first = 4500001;
  zoom.last = 5500000;
  zoom.title = "Wake-up latency, cycles 4.5 M to 5.5 M";

  /* Response time of a matrix inversion, 1000 instances on two systems, as in the study */
  for (guint i = 0; i < G_N_ELEMENTS (response[0]); i++)
    for (guint k = 0; k < 2; k++)
      response[k][i] = 1500 + 50 * k + (next_random (&state) % 300) - (i < 3 ? 0 : 100) +
                       (i == 0 ? 900 : 0);
  response_series[0] = (RtbPlotSeries) { "Raspberry Pi OS", 0, .values_us = response[0],
                                         .n_values = G_N_ELEMENTS (response[0]) };
  response_series[1] = (RtbPlotSeries) { "LinuxCNC", 1, .values_us = response[1],
                                         .n_values = G_N_ELEMENTS (response[1]) };
  rtb_plot_curve_options_init (&response_opts);
  response_opts.title = "Response time, 32×32 matrix inversion";
  response_opts.subtitle = "rpi4 · 6.1.0-rt · PREEMPT_RT · aarch64";
  response_opts.y_label = "execution time (µs)";
  response_opts.y_fixed = true;
  response_opts.y_min_us = 1200;
  response_opts.y_max_us = 2600;

  rtb_plot_histogram_options_init (&histogram);
  histogram.title = "Latency histogram";
  histogram.subtitle = system;
  histogram.x_label = "latency (µs)";

  for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = g_strdup_printf ("%s/plot-%s.png", dir, samples[i].name);
      g_autoptr(GBytes) png = rtb_plot_render (RTB_PLOT_FORMAT_PNG, 960, 420, 1, draw_chart,
                                               &samples[i].chart, &error);

      if (png == NULL ||
          !g_file_set_contents (path, g_bytes_get_data (png, NULL), g_bytes_get_size (png),
                                &error))
        g_printerr ("%s\n", error->message);
      else
        g_print ("wrote %s\n", path);
    }
}

/* A full heatmap (every column and row holding samples) drawn whole, and its cells alone, into
 * an image (an export) and into a recording surface (what GTK's cairo nodes are). */
static void
bench_heatmap (const RtbPlotTheme *theme)
{
  RtbHeatmap heatmap;
  RtbPlotSeries series = { "CPU0", 0 };
  RtbPlotHeatmapOptions opts;
  RtbPlotLayout layout;
  uint64_t state = 7;

  if (!rtb_heatmap_init (&heatmap, 1000, RTB_HEATMAP_DEFAULT_CAPACITY))
    return;
  for (uint64_t i = 0; i < 4 * 1000 * 1000; i++)
    rtb_heatmap_add (&heatmap, (int64_t) (next_random (&state) % 2000000));
  series.heatmap = &heatmap;
  rtb_plot_heatmap_options_init (&opts);
  for (guint target = 0; target < 2; target++)
    {
      cairo_rectangle_t extents = { 0, 0, WIDTH, HEIGHT };
      cairo_surface_t *surface = target == 0
        ? cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT)
        : cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
      cairo_t *cr = cairo_create (surface);
      gint64 whole, cells;

      rtb_plot_heatmap (cr, theme, WIDTH, HEIGHT, &opts, &series, &layout);
      whole = g_get_monotonic_time ();
      for (guint i = 0; i < ROUNDS; i++)
        rtb_plot_heatmap (cr, theme, WIDTH, HEIGHT, &opts, &series, NULL);
      whole = g_get_monotonic_time () - whole;
      cells = g_get_monotonic_time ();
      for (guint i = 0; i < ROUNDS; i++)
        rtb_plot_heatmap_draw_data (cr, theme, &layout, &opts, &series);
      cells = g_get_monotonic_time () - cells;
      printf ("heatmap of %zu columns × %u rows, %dx%d, into %s: %.2f ms per redraw, the cells "
              "and lines alone %.2f ms (means of %d)\n", heatmap.n_columns, heatmap.n_rows,
              WIDTH, HEIGHT, target == 0 ? "an image" : "a recording surface",
              whole / 1000.0 / ROUNDS, cells / 1000.0 / ROUNDS, ROUNDS);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  rtb_heatmap_clear (&heatmap);
}

int
main (int   argc,
      char *argv[])
{
  RtbPlotTheme theme = rtb_plot_theme_light ();
  RtbHistory history[N_CPUS];
  RtbHistogram histograms[N_CPUS];
  RtbPlotSeries series = { "CPU0", 0, .history = &history[0] };
  RtbPlotCurveOptions opts;
  cairo_surface_t *surface;
  cairo_t *cr;
  uint64_t state = 0x9e3779b97f4a7c15u;
  gint64 start, elapsed;
  guint n_cpus = argc == 3 && g_str_equal (argv[1], "--samples") ? N_CPUS : 1;

  for (guint cpu = 0; cpu < n_cpus; cpu++)
    {
      if (!rtb_history_init (&history[cpu], RTB_HISTORY_DEFAULT_CAPACITY) ||
          !rtb_histogram_init (&histograms[cpu], 0, 1000000))
        return 1;
      for (uint64_t i = 0; i < N_SAMPLES; i++)
        {
          int64_t value = latency_ns (&state, i, cpu);

          rtb_history_add (&history[cpu], value);
          rtb_histogram_add (&histograms[cpu], value);
        }
    }
  if (n_cpus > 1)
    for (guint k = 0; k < 7; k++)
      rtb_histogram_add (&histograms[2], (int64_t) 1200000000 + k);

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  cr = cairo_create (surface);
  rtb_plot_curve_options_init (&opts);
  opts.title = "Wake-up latency";
  opts.subtitle = "host · 6.1.0-rt · PREEMPT_RT · x86_64";

  /* The first draw loads fonts; not what a redraw costs */
  rtb_plot_curve (cr, &theme, WIDTH, HEIGHT, &opts, &series, 1, NULL);

  start = g_get_monotonic_time ();
  for (guint i = 0; i < ROUNDS; i++)
    rtb_plot_curve (cr, &theme, WIDTH, HEIGHT, &opts, &series, 1, NULL);
  cairo_surface_flush (surface);
  elapsed = g_get_monotonic_time () - start;

  printf ("%d samples in %zu blocks of %" G_GUINT64_FORMAT ", %dx%d: %.2f ms per redraw "
          "(mean of %d)\n", N_SAMPLES, history[0].n_blocks, history[0].block_size, WIDTH, HEIGHT,
          elapsed / 1000.0 / ROUNDS, ROUNDS);

  {
    RtbPlotHistogramOptions hopts;
    RtbPlotSeries hseries = { "CPU0", 0, .histogram = &histograms[0] };

    rtb_plot_histogram_options_init (&hopts);
    hopts.x_fixed = true;
    hopts.x_min_us = 0;
    hopts.x_max_us = 1000000;
    start = g_get_monotonic_time ();
    for (guint i = 0; i < ROUNDS; i++)
      rtb_plot_histogram (cr, &theme, WIDTH, HEIGHT, &hopts, &hseries, 1, NULL);
    elapsed = g_get_monotonic_time () - start;
    printf ("histogram of %u buckets, %dx%d, whole range: %.2f ms per redraw (mean of %d)\n",
            histograms[0].n_buckets, WIDTH, HEIGHT, elapsed / 1000.0 / ROUNDS, ROUNDS);
  }

  bench_heatmap (&theme);

  if (n_cpus > 1)
    write_samples (argv[2], history, histograms);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  for (guint cpu = 0; cpu < n_cpus; cpu++)
    {
      rtb_history_clear (&history[cpu]);
      rtb_histogram_clear (&histograms[cpu]);
    }
  return 0;
}
