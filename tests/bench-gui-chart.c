/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Not a test: what one redraw of the window's chart widget costs for a 10-million-sample run at
 * 1280 × 400 — the widget's snapshot() and the rendering of its nodes with cairo, as GTK's cairo
 * renderer does each frame. Needs a display (tests/bench-gui.sh runs it under Xvfb). */
#define G_LOG_DOMAIN "rtbench-bench"

#include "config.h"

#include <adwaita.h>
#include <stdio.h>

#include "rtb-chart.h"
#include "rtb-test-run.h"

#define N_SAMPLES (10 * 1000 * 1000)
#define N_CPUS 4
#define WIDTH 1280
#define HEIGHT 400
#define ROUNDS 60

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

static gboolean
has_size (gpointer data)
{
  return gtk_widget_get_width (data) == WIDTH;
}

static void
measure (RtbChart   *chart,
         const char *what)
{
  double snapshot_ms[ROUNDS];
  double total_ms[ROUNDS];
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);

  for (int i = 0; i < ROUNDS; i++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      GskRenderNode *node;
      cairo_t *cr;
      gint64 t0 = g_get_monotonic_time ();
      gint64 t1;

      /* As at each update of a live run: the data changed (the chart reuses its frame then, and
       * without this would reuse everything). */
      g_signal_emit_by_name (rtb_chart_get_run (chart), "changed");
      GTK_WIDGET_GET_CLASS (chart)->snapshot (GTK_WIDGET (chart), snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      t1 = g_get_monotonic_time ();
      cr = cairo_create (surface);
      gsk_render_node_draw (node, cr);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      total_ms[i] = (g_get_monotonic_time () - t0) / 1000.0;
      snapshot_ms[i] = (t1 - t0) / 1000.0;
      gsk_render_node_unref (node);
    }
  qsort (snapshot_ms, ROUNDS, sizeof (double), compare_doubles);
  qsort (total_ms, ROUNDS, sizeof (double), compare_doubles);
  printf ("%-10s snapshot median %.2f ms; snapshot + render median %.2f ms, worst %.2f ms\n",
          what, snapshot_ms[ROUNDS / 2], total_ms[ROUNDS / 2], total_ms[ROUNDS - 1]);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(RtbRun) run = test_run_new ("bench", RTB_METHOD_LATENCY, N_CPUS, 1000);
  guint64 state = 88172645463325252ull;
  GtkWidget *window;

  if (!gtk_init_check ())
    {
      fprintf (stderr, "bench-gui-chart: no display\n");
      return 77;
    }
  adw_init ();

  for (guint cpu = 0; cpu < N_CPUS; cpu++)
    {
      RtbSeries *series = rtb_run_get_series (run, cpu);

      for (guint i = 0; i < N_SAMPLES / N_CPUS; i++)
        {
          gint64 value;

          state ^= state << 13;
          state ^= state >> 7;
          state ^= state << 17;
          value = 6000 + cpu * 1500 + (gint64) (state % 5000);
          if (state % 200000 == 0)
            value += (gint64) (state >> 20) % 80000;
          test_series_add (series, value);
        }
    }

  for (RtbChartKind kind = RTB_CHART_CURVE; kind <= RTB_CHART_HISTOGRAM; kind++)
    {
      RtbChart *chart = rtb_chart_new (kind);
      gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

      rtb_chart_set_title (chart, "Latency per CPU, with the running mean");
      rtb_chart_set_run (chart, run);
      window = gtk_window_new ();
      gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
      gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
      gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (chart));
      gtk_window_present (GTK_WINDOW (window));
      while (!has_size (chart) && g_get_monotonic_time () < deadline)
        g_main_context_iteration (NULL, FALSE);
      printf ("%s chart of %d samples at %d × %d:\n", kind == RTB_CHART_CURVE ? "curve"
              : "histogram", N_SAMPLES, gtk_widget_get_width (GTK_WIDGET (chart)),
              gtk_widget_get_height (GTK_WIDGET (chart)));
      measure (chart, "");
      gtk_window_destroy (GTK_WINDOW (window));
    }
  return 0;
}
