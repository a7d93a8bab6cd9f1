/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's time axis: the "time-axis" setting reads curves and heatmaps as elapsed seconds
 * or as the clock of the machine that measured, a chart's menu switches it for every chart,
 * a run that cannot be read in clock time says why; a run's load is marked, live and after. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <adwaita.h>

#include "rtb-chart.h"
#include "rtb-live-view.h"
#include "rtb-plot-private.h"
#include "rtb-run-private.h"
#include "rtb-settings-schema.h"
#include "rtb-test-run.h"
#include "rtb-window.h"

#include "gui-test-util.h"

/* 2026-12-03 22:58:00.5 UTC, at UTC+01:00: four minutes across the machine's midnight. */
#define START_US G_GINT64_CONSTANT (1796338680500000)
#define OFFSET_S 3600

static GSettings *
test_settings (void)
{
  g_autoptr(GSettingsSchema) schema = rtb_settings_schema_lookup (NULL);

  g_assert_nonnull (schema);
  return g_settings_new_full (schema, NULL, NULL);
}

static gboolean
widget_has_size (gpointer widget)
{
  return gtk_widget_get_width (widget) > 0 && gtk_widget_get_height (widget) > 0;
}

/* A tick's label as a clock reads it, worked out apart from the plot: the time of day at
 * `origin` + `value` seconds (a clock already in the machine's zone), to the `decimals` of the
 * ticks' step, the date at midnight. */
static char *
clock_text (double origin, double value, int decimals)
{
  double scale = pow (10, decimals);
  gint64 units = (gint64) llround ((origin + value) * scale);
  gint64 seconds = units / (gint64) scale;
  g_autoptr(GDateTime) time = g_date_time_new_from_unix_utc (seconds);
  g_autofree char *whole = NULL;

  if (units % (86400 * (gint64) scale) == 0)
    return g_date_time_format (time, "%Y-%m-%d");
  whole = g_date_time_format (time, "%H:%M:%S");
  if (decimals == 0)
    return g_steal_pointer (&whole);
  return g_strdup_printf ("%s.%0*" G_GINT64_FORMAT, whole, decimals,
                          units % (gint64) scale);
}

/* The time of day at `origin` + `seconds`, to the millisecond, as a readout gives it. */
static char *
ms_text (double origin, double seconds)
{
  gint64 ms = (gint64) llround ((origin + seconds) * 1000);
  g_autoptr(GDateTime) time = g_date_time_new_from_unix_utc (ms / 1000);
  g_autofree char *whole = g_date_time_format (time, "%H:%M:%S");

  return g_strdup_printf ("%s.%03d", whole, (int) (ms % 1000));
}

/* Hovering the curve and the heatmap in clock time: the instants they read as times of day. */
static void
check_clock_readouts (RtbChart *curve, RtbChart *heatmap, double origin)
{
  const RtbPlotAxis *axis = rtb_chart_get_x_axis (curve);
  double x = rtb_plot_axis_to_pixel (axis, 100.0), y;
  guint64 first = 0, last = 0;
  const char *text;
  g_autofree char *expected = NULL;
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;
  g_autofree char *head = NULL;
  g_autofree char *at = NULL;

  text = rtb_chart_hover (curve, x, (axis->px_lo + axis->px_hi) / 2);
  g_test_message ("curve: %s", text);
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, ", instance "));
  first = g_ascii_strtoull (strstr (text, ", instance ") + strlen (", instance "), NULL, 10);
  at = ms_text (origin, first * 0.001);
  expected = g_strdup_printf ("%s, instance %" G_GUINT64_FORMAT "\n", at, first);
  g_assert_true (g_str_has_prefix (text, expected));

  g_assert_true (rtb_chart_heatmap_point (heatmap, 0, 100000, 20.5, &x, &y));
  text = rtb_chart_hover (heatmap, x, y);
  g_test_message ("heatmap: %s", text);
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, "(instances "));
  g_assert_cmpint (sscanf (strstr (text, "(instances "), "(instances %" G_GUINT64_FORMAT "–%"
                           G_GUINT64_FORMAT, &first, &last), ==, 2);
  from = ms_text (origin, (first - 1) * 0.001);
  to = ms_text (origin, last * 0.001);
  head = g_strdup_printf ("CPU0: %s–%s (instances", from, to);
  g_assert_true (g_str_has_prefix (text, head));
}

/* Every tick of the chart's time axis reads the clock at `origin`. */
static void
assert_clock_axis (RtbChart *chart, double origin)
{
  const RtbPlotAxis *axis = rtb_chart_get_x_axis (chart);
  g_autoptr(GString) drawn = g_string_new (NULL);
  double step;
  int decimals;

  g_assert_cmpint (axis->style, ==, RTB_PLOT_TICKS_CLOCK);
  g_assert_cmpfloat (axis->clock_origin, ==, origin);
  g_assert_cmpuint (axis->n_ticks, >=, 2);
  step = axis->ticks[1] - axis->ticks[0];
  decimals = step >= 1 - 1e-9 ? 0 : (int) ceil (-log10 (step) - 1e-9);
  for (guint i = 0; i < axis->n_ticks; i++)
    {
      g_autofree char *expected = clock_text (origin, axis->ticks[i], decimals);
      char buf[64];
      bool markup;

      _rtb_plot_axis_format (axis, axis->ticks[i], buf, sizeof buf, &markup);
      g_string_append_printf (drawn, " %s", buf);
      g_assert_cmpstr (buf, ==, expected);
    }
  g_test_message ("clock axis:%s", drawn->str);
}

static void
assert_elapsed_axis (RtbChart *chart)
{
  const RtbPlotAxis *axis = rtb_chart_get_x_axis (chart);

  g_assert_cmpint (axis->style, !=, RTB_PLOT_TICKS_CLOCK);
  g_assert_cmpfloat (axis->lo, ==, 0);
}

static RtbRun *
night_run (gboolean with_start)
{
  RtbRun *run = test_run_new ("night", RTB_METHOD_LATENCY, 2, 1000);
  RtbSystemInfo *system = rtb_system_info_copy (rtb_run_get_system (run));

  system->utc_offset_s = OFFSET_S;
  rtb_run_set_system (run, system);
  for (guint s = 0; s < 2; s++)
    test_series_fill (rtb_run_get_series (run, s), 240000, 20000, 1000, 7);
  if (with_start)
    {
      _rtb_run_set_times (run, START_US, START_US + 240 * G_USEC_PER_SEC,
                          240 * G_GUINT64_CONSTANT (1000000000));
      rtb_run_set_load_span (run, -120000000, 240100000000);
    }
  return run;
}

/* A curve and a heatmap of a run across its midnight: the setting turns both to the clock,
 * the menu of one turns both back, the load is marked at its ends; a run that does not record
 * its start stays in elapsed time and says why. */
static void
test_setting (void)
{
  g_autoptr(GSettings) settings = test_settings ();
  g_autoptr(RtbRun) run = night_run (TRUE);
  g_autoptr(RtbRun) old = night_run (FALSE);
  RtbChart *charts[2];
  GtkWidget *window;
  GtkWidget *box;
  double start_s, stop_s;

  REQUIRE_DISPLAY ();

  g_settings_set_string (settings, "time-axis", "elapsed");
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  charts[0] = rtb_chart_new (RTB_CHART_CURVE);
  charts[1] = rtb_chart_new (RTB_CHART_HEATMAP);
  for (guint c = 0; c < G_N_ELEMENTS (charts); c++)
    {
      rtb_chart_set_run (charts[c], run);
      gtk_widget_set_vexpand (GTK_WIDGET (charts[c]), TRUE);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (charts[c]));
    }
  window = gui_test_present (box, 900, 900);
  iterate_until (widget_has_size, charts[1], 10);
  iterate_for (100);

  for (guint c = 0; c < G_N_ELEMENTS (charts); c++)
    {
      assert_elapsed_axis (charts[c]);
      /* The load, on before the first sample and off after the last, at both ends */
      rtb_chart_get_load_marks (charts[c], &start_s, &stop_s);
      g_assert_cmpfloat (start_s, ==, 0);
      g_assert_cmpfloat (stop_s, ==, 240);
    }

  g_settings_set_string (settings, "time-axis", "clock");
  iterate_for (50);
  for (guint c = 0; c < G_N_ELEMENTS (charts); c++)
    {
      assert_clock_axis (charts[c], START_US / 1e6 + OFFSET_S);
      g_assert_null (rtb_chart_get_time_note (charts[c]));
      g_assert_null (gtk_widget_get_tooltip_text (GTK_WIDGET (charts[c])));
    }
  check_clock_readouts (charts[0], charts[1], START_US / 1e6 + OFFSET_S);

  /* The heatmap's menu back to elapsed time: the setting, and with it the curve, follow */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (charts[1]), "chart.time-axis", "s",
                                             "elapsed"));
  iterate_for (50);
  g_assert_cmpstr (g_settings_get_string (settings, "time-axis"), ==, "elapsed");
  for (guint c = 0; c < G_N_ELEMENTS (charts); c++)
    assert_elapsed_axis (charts[c]);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (charts[0]), "chart.time-axis", "s",
                                             "clock"));
  iterate_for (50);
  g_assert_cmpstr (g_settings_get_string (settings, "time-axis"), ==, "clock");
  assert_clock_axis (charts[1], START_US / 1e6 + OFFSET_S);

  /* A run that does not record its start: elapsed time, and the chart says why */
  for (guint c = 0; c < G_N_ELEMENTS (charts); c++)
    {
      rtb_chart_set_run (charts[c], old);
      iterate_for (50);
      assert_elapsed_axis (charts[c]);
      g_test_message ("%s", rtb_chart_get_time_note (charts[c]));
      g_assert_cmpstr (rtb_chart_get_time_note (charts[c]), ==,
                       "The run does not record when it started (an import, or a file of an "
                       "older rtbench): only elapsed time");
      g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (charts[c])), ==,
                       rtb_chart_get_time_note (charts[c]));
      rtb_chart_get_load_marks (charts[c], &start_s, &stop_s);
      g_assert_true (isnan (start_s) && isnan (stop_s));
    }
  g_settings_set_string (settings, "time-axis", "elapsed");
  iterate_for (50);
  g_assert_null (rtb_chart_get_time_note (charts[0]));
  gtk_window_destroy (GTK_WINDOW (window));
}

static RtbChart *
find_chart (RtbLiveView *view, RtbChartKind kind)
{
  GPtrArray *charts = rtb_live_view_get_charts (view);

  for (guint i = 0; i < charts->len; i++)
    if (rtb_chart_get_kind (charts->pdata[i]) == kind)
      return charts->pdata[i];
  return NULL;
}

/* The clock of the machine that measured, at the run's first instance. */
static double
run_origin (RtbRun *run)
{
  int offset = rtb_run_get_system (run)->utc_offset_s;

  g_assert_cmpint (offset, !=, RTB_SYSTEM_INFO_UNKNOWN);
  return rtb_run_get_start_time (run) / 1e6 + offset;
}

static gboolean
measuring (gpointer data)
{
  RtbRun *run = rtb_window_get_live_run (data);

  return run != NULL && rtb_run_get_n_series (run) > 0 &&
         rtb_run_get_series (run, 0)->histogram.stats.count > 500;
}

/* Both time charts of a view in clock time, the load on from the first instance and, once the
 * run ended, off at its last. */
static void
check_view (RtbLiveView *view, gboolean ended)
{
  RtbRun *run = rtb_live_view_get_run (view);
  RtbChartKind kinds[] = { RTB_CHART_CURVE, RTB_CHART_HEATMAP };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      RtbChart *chart = find_chart (view, kinds[k]);
      double start_s, stop_s;

      g_assert_nonnull (chart);
      /* A tab just opened is laid out at the next frames. */
      iterate_until (widget_has_size, chart, 10);
      g_assert_null (rtb_chart_get_time_note (chart));
      assert_clock_axis (chart, run_origin (run));
      rtb_chart_get_load_marks (chart, &start_s, &stop_s);
      g_test_message ("load marked from %.3f s to %.3f s", start_s, stop_s);
      g_assert_cmpfloat (start_s, ==, 0);
      if (ended)
        {
          gint64 load_start_ns, load_stop_ns;
          double end_s = rtb_run_get_series (run, 0)->history.n_positions * 0.001;

          /* Where the window saw stress-ng stop, on the run's time axis, up to its end */
          rtb_run_get_load_span (run, &load_start_ns, &load_stop_ns);
          g_assert_cmpint (load_stop_ns, >, 0);
          g_assert_cmpfloat (stop_s, ==, MIN (load_stop_ns / 1e9, end_s));
        }
      else
        {
          g_assert_true (isnan (stop_s));
        }
    }
}

/* A real run with stress-ng's CPU load, its charts in clock time while it runs, when it ended
 * and opened again from its file. */
static void
test_window_load (void)
{
  g_autoptr(GSettings) settings = test_settings ();
  g_autofree char *stress = g_find_program_in_path ("stress-ng");
  RtbWindow *window;
  RtbRun *run;

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();
  if (stress == NULL)
    {
      g_test_skip ("stress-ng is not installed (apt install stress-ng)");
      return;
    }

  g_settings_set_string (settings, "time-axis", "clock");
  window = new_window ();
  setup_short_latency (window, "3s", "clock");
  rtb_setup_panel_set_load (rtb_window_get_setup_panel (window), RTB_LOAD_CPU);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  iterate_until (measuring, window, 20);
  g_assert_true (measuring (window));
  check_view (rtb_window_get_selected_view (window), FALSE);
  iterate_until (window_done, window, 30);
  g_assert_null (rtb_window_get_last_error (window));
  run = rtb_window_get_live_run (window);
  g_assert_cmpint (rtb_run_get_end_reason (run), ==, RTB_END_COMPLETED);
  check_view (rtb_window_get_selected_view (window), TRUE);

  check_view (gui_test_save_and_reopen (window, run), TRUE);

  g_settings_set_string (settings, "time-axis", "elapsed");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/clock/setting", test_setting);
  g_test_add_func ("/gui/clock/window-load", test_window_load);
  return g_test_run ();
}
