/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The GTK application: setup panel, chart widget, and a real run through the window. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <unistd.h>

#include "rtb-chart.h"
#include "rtb-live-view.h"
#include "rtb-machine-group.h"
#include "rtb-presets.h"
#include "rtb-setup-panel.h"
#include "rtb-stats-table.h"
#include "rtb-window.h"

#include "gui-test-util.h"

static int
n_cpus (void)
{
  return (int) CLAMP (sysconf (_SC_NPROCESSORS_ONLN), 1, RTB_MAX_CPUS);
}

static char *
format_command (const RtbCommand *cmd)
{
  char buf[512];

  g_assert_cmpint (rtb_command_format (cmd, buf, sizeof buf), >, 0);
  return g_strdup (buf);
}

static void
test_setup_methods (void)
{
  RtbSetupPanel *panel;

  REQUIRE_DISPLAY ();

  panel = g_object_ref_sink (rtb_setup_panel_new ());
  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    {
      g_autoptr(GError) error = NULL;
      RtbCommandError cerr;
      RtbCommand cmd;
      RtbCommand defaults;
      g_autofree char *text = NULL;
      g_autofree char *expected = NULL;

      rtb_setup_panel_set_method (panel, m);
      g_assert_cmpint (rtb_setup_panel_get_method (panel), ==, m);
      g_assert_true (rtb_setup_panel_build_command (panel, &cmd, &error));
      g_assert_no_error (error);
      g_assert_cmpint (cmd.method, ==, m);
      g_assert_true (rtb_command_check (&cmd, n_cpus (), &cerr));

      /* A fresh method starts from METHODS.md's defaults. */
      rtb_command_defaults (&defaults, m, n_cpus ());
      g_assert_cmpint (cmd.policy, ==, defaults.policy);
      g_assert_cmpint (cmd.priority, ==, defaults.priority);
      text = format_command (&cmd);
      expected = format_command (&defaults);
      g_test_message ("%s", text);
      g_assert_cmpstr (text, ==, expected);
    }
  g_object_unref (panel);
}

static gboolean widget_has_size (gpointer data);

static void
collect_labels (GtkWidget *widget,
                GPtrArray *labels)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (labels, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, labels);
}

static gboolean
has_label (GPtrArray  *labels,
           const char *text)
{
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_label (labels->pdata[i]), text) == 0)
      return TRUE;
  return FALSE;
}

/* The preset list, as narrow as the setup pane: every name whole (the board vendor's three
 * differ only at their ends), each over how long it runs and what it does. */

static const RtbPreset *
preset_named (const char *name)
{
  for (guint i = 0; i < rtb_presets_get_n (); i++)
    if (g_str_equal (rtb_presets_get (i)->name, name))
      return rtb_presets_get (i);
  g_error ("no preset named \"%s\"", name);
}

static void
test_setup_preset_list (void)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autofree char *idle = rtb_preset_dup_summary (rtb_presets_get (0));
  g_autofree char *matrix = rtb_preset_dup_summary (preset_named ("Matrix inversion 32"));
  g_autofree char *timer = rtb_preset_dup_summary (preset_named ("5 ms timer: real-time"));
  GtkWidget *window;
  GtkWidget *list;

  REQUIRE_DISPLAY ();

  g_assert_true (g_str_has_prefix (idle, "Runs 12h · "));
  g_assert_true (g_str_has_prefix (matrix, "1000 instances · "));
  g_assert_true (g_str_has_prefix (timer, "Runs 1m · "));

  gtk_string_list_append (names, "Custom");
  for (guint i = 0; i < rtb_presets_get_n (); i++)
    gtk_string_list_append (names, rtb_presets_get (i)->name);
  list = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (
                              G_LIST_MODEL (g_object_ref (names)))),
                            rtb_presets_new_list_factory ());
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 300, 900);
  gtk_window_set_child (GTK_WINDOW (window), list);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_has_size, list, 10);
  iterate_for (300);

  collect_labels (list, labels);
  g_assert_cmpuint (labels->len, ==, 2 * (rtb_presets_get_n () + 1));
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = labels->pdata[i];

      g_test_message ("%s", gtk_label_get_label (label));
      g_assert_cmpint (gtk_label_get_ellipsize (label), ==, PANGO_ELLIPSIZE_NONE);
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
    }
  for (guint i = 0; i < rtb_presets_get_n (); i++)
    {
      g_autofree char *summary = rtb_preset_dup_summary (rtb_presets_get (i));

      g_assert_true (has_label (labels, rtb_presets_get (i)->name));
      g_assert_true (has_label (labels, summary));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_setup_presets (void)
{
  RtbSetupPanel *panel;

  REQUIRE_DISPLAY ();

  panel = g_object_ref_sink (rtb_setup_panel_new ());
  g_assert_cmpuint (rtb_presets_get_n (), ==, 14);
  for (guint i = 0; i < rtb_presets_get_n (); i++)
    {
      const RtbPreset *preset = rtb_presets_get (i);
      g_autoptr(GError) error = NULL;
      g_autofree char *got = NULL;
      g_autofree char *want = NULL;
      RtbCommand cmd;
      RtbCommand expected;

      g_assert_true (rtb_preset_build_command (preset, n_cpus (), &expected, &error));
      g_assert_no_error (error);

      rtb_setup_panel_apply_preset (panel, i);
      g_assert_true (rtb_setup_panel_build_command (panel, &cmd, &error));
      g_assert_no_error (error);
      got = format_command (&cmd);
      want = format_command (&expected);
      g_test_message ("%s: %s", preset->name, got);
      g_assert_cmpstr (got, ==, want);
      g_assert_cmpint (rtb_setup_panel_get_load (panel), ==, preset->load);
      g_assert_cmpstr (rtb_setup_panel_get_label (panel), ==, preset->name);
    }
  g_object_unref (panel);
}

/* rtla's defaults put back over a timerlat setup changed in every key the preset sets. */
static void
test_setup_preset_timerlat (void)
{
  const RtbPreset *preset = preset_named ("Timerlat: rtla's defaults");
  RtbCommandError cerr = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *got = NULL;
  RtbSetupPanel *panel;
  RtbCommand changed;
  RtbCommand cmd;

  REQUIRE_DISPLAY ();

  g_assert_true (rtb_command_parse ("timerlat cpus=0 period_us=5000 policy=rr priority=50 "
                                    "duration=10s",
                                    false, n_cpus (), &changed, &cerr));
  panel = g_object_ref_sink (rtb_setup_panel_new ());
  rtb_setup_panel_set_command (panel, &changed);
  g_assert_true (rtb_setup_panel_build_command (panel, &cmd, &error));
  g_assert_cmpuint (cmd.timerlat.period_us, ==, 5000);
  g_assert_cmpint (cmd.priority, ==, 50);
  rtb_setup_panel_apply_preset (panel, (guint) (preset - rtb_presets_get (0)));
  g_assert_true (rtb_setup_panel_build_command (panel, &cmd, &error));
  g_assert_no_error (error);
  got = format_command (&cmd);
  g_test_message ("%s", got);
  g_assert_cmpint (cmd.method, ==, RTB_METHOD_TIMERLAT);
  g_assert_true (cmd.cpus_all);
  g_assert_cmpuint (cmd.timerlat.period_us, ==, 1000);
  g_assert_cmpuint (cmd.timerlat.histogram_us, ==, 256);
  g_assert_cmpint (cmd.policy, ==, RTB_POLICY_FIFO);
  g_assert_cmpint (cmd.priority, ==, 95);
  g_assert_cmpuint (cmd.duration_ns, ==, 60 * G_GUINT64_CONSTANT (1000000000));
  g_object_unref (panel);
}

/* The row of `type` titled `title` among `widget`'s descendants. */
static GtkWidget *
find_widget_of_type (GtkWidget *widget, GType type, const char *title)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget_of_type (child, type, title);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The setup's own defaults per method, built as the window builds a command. */
static void
assert_built (RtbSetupPanel *panel, const char *want)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *got = NULL;
  RtbCommand cmd;

  g_assert_true (rtb_setup_panel_build_command (panel, &cmd, &error));
  g_assert_no_error (error);
  got = format_command (&cmd);
  g_test_message ("%s", got);
  g_assert_true (g_str_has_prefix (got, want));
}

/* LinuxCNC's placement for jitter, an unpinned timer, and the normal timer thread that is
 * chosen with one row and takes the policy and CPU along. */
static void
test_setup_threads (void)
{
  RtbSetupPanel *panel;
  GtkWidget *variant_row;

  REQUIRE_DISPLAY ();

  panel = g_object_ref_sink (rtb_setup_panel_new ());
  rtb_setup_panel_set_method (panel, RTB_METHOD_JITTER);
  assert_built (panel, "start jitter cpu=auto policy=fifo priority=99");
  rtb_setup_panel_set_method (panel, RTB_METHOD_TIMER);
  assert_built (panel, "start timer cpu=none policy=fifo priority=80");
  rtb_setup_panel_set_method (panel, RTB_METHOD_RESPONSE);
  assert_built (panel, "start response cpu=0 policy=fifo priority=99 size=32 instances=1000 "
                "gap_us=auto");

  rtb_setup_panel_set_method (panel, RTB_METHOD_TIMER);
  variant_row = find_widget_of_type (GTK_WIDGET (panel), ADW_TYPE_COMBO_ROW, "Timer Thread");
  g_assert_nonnull (variant_row);
  adw_combo_row_set_selected (ADW_COMBO_ROW (variant_row), 1);
  assert_built (panel, "start timer variant=normal cpu=none policy=other priority=0");
  adw_combo_row_set_selected (ADW_COMBO_ROW (variant_row), 0);
  assert_built (panel, "start timer cpu=none policy=fifo priority=80");
  g_object_unref (panel);
}

static void
test_setup_invalid (void)
{
  g_autoptr(GError) error = NULL;
  RtbSetupPanel *panel;
  RtbCommand cmd;

  REQUIRE_DISPLAY ();

  panel = g_object_ref_sink (rtb_setup_panel_new ());
  rtb_setup_panel_set_method (panel, RTB_METHOD_LATENCY);
  rtb_setup_panel_set_duration (panel, "forever");
  g_assert_false (rtb_setup_panel_build_command (panel, &cmd, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "duration"));

  rtb_setup_panel_set_isolated (panel, "0");
  g_assert_true (rtb_setup_panel_is_cpu_isolated (panel, 0));
  rtb_setup_panel_set_isolated (panel, "");
  g_assert_false (rtb_setup_panel_is_cpu_isolated (panel, 0));
  g_object_unref (panel);
}

/* Two methods' rows of one key (period_us) keep each method's own range: the timer takes 50 µs,
 * the timerlat tracer 100 µs or more, so a value the command check would refuse cannot be typed
 * and no row of the other method is blamed. */
static void
test_setup_method_bounds (void)
{
  g_autoptr(GError) error = NULL;
  RtbSetupPanel *panel;
  GtkWidget *tracer_row;
  GtkWidget *timer_row;
  GtkWidget *spin;
  RtbCommand cmd;

  REQUIRE_DISPLAY ();

  panel = g_object_ref_sink (rtb_setup_panel_new ());
  rtb_setup_panel_set_method (panel, RTB_METHOD_TIMERLAT);
  tracer_row = find_widget_of_type (GTK_WIDGET (panel), ADW_TYPE_ACTION_ROW,
                                    "Tracer Period (µs)");
  timer_row = find_widget_of_type (GTK_WIDGET (panel), ADW_TYPE_ACTION_ROW, "Timer Period (µs)");
  g_assert_nonnull (tracer_row);
  g_assert_nonnull (timer_row);
  g_assert_true (gtk_widget_get_visible (tracer_row));
  g_assert_false (gtk_widget_get_visible (timer_row));
  spin = find_descendant (tracer_row, GTK_TYPE_SPIN_BUTTON);
  gtk_editable_set_text (GTK_EDITABLE (spin), "60");
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==,
                     RTB_TIMERLAT_PERIOD_MIN_US);
  g_assert_true (rtb_setup_panel_build_command (panel, &cmd, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (cmd.timerlat.period_us, ==, RTB_TIMERLAT_PERIOD_MIN_US);
  g_assert_false (gtk_widget_has_css_class (tracer_row, "error"));

  rtb_setup_panel_set_method (panel, RTB_METHOD_TIMER);
  spin = find_descendant (timer_row, GTK_TYPE_SPIN_BUTTON);
  gtk_editable_set_text (GTK_EDITABLE (spin), "60");
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 60);
  g_object_unref (panel);
}

/* The visible rows of `title` under `widget`, each method's own row of a key shown alone. */
static void
collect_visible_rows (GtkWidget *widget, const char *title, GPtrArray *rows)
{
  if (ADW_IS_PREFERENCES_ROW (widget) && gtk_widget_get_visible (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    g_ptr_array_add (rows, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_visible_rows (child, title, rows);
}

/* The widget of `type` in `method`'s one visible row titled `title`. */
static GtkWidget *
method_row_widget (RtbSetupPanel *panel, RtbMethod method, const char *title, GType type)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GtkWidget *widget;

  rtb_setup_panel_set_method (panel, method);
  collect_visible_rows (GTK_WIDGET (panel), title, rows);
  g_assert_cmpuint (rows->len, ==, 1);
  widget = find_descendant (rows->pdata[0], type);
  g_assert_nonnull (widget);
  return widget;
}

/* timerlat's histogram limit is a row of its own: rtla timerlat hist's 256 µs by default, and
 * what is typed there is the command's histogram_us. */
static void
test_setup_timerlat_histogram (void)
{
  g_autoptr(GError) error = NULL;
  RtbSetupPanel *panel;
  GtkWidget *spin;
  RtbCommand cmd;

  REQUIRE_DISPLAY ();

  panel = g_object_ref_sink (rtb_setup_panel_new ());
  spin = method_row_widget (panel, RTB_METHOD_TIMERLAT, "Histogram Limit (µs)",
                            GTK_TYPE_SPIN_BUTTON);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 256);
  gtk_editable_set_text (GTK_EDITABLE (spin), "512");
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  g_assert_true (rtb_setup_panel_build_command (panel, &cmd, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (cmd.timerlat.histogram_us, ==, 512);
  g_object_unref (panel);
}

/* A key of words is a drop-down of its choices: osnoise's durations, yes by default, and the
 * choice made there is the command's word; a command read back chooses it again. */
static void
test_setup_word_row (void)
{
  g_autoptr(GError) error = NULL;
  RtbSetupPanel *panel;
  GtkWidget *drop_down;
  RtbCommand cmd;

  REQUIRE_DISPLAY ();

  panel = g_object_ref_sink (rtb_setup_panel_new ());
  drop_down = method_row_widget (panel, RTB_METHOD_OSNOISE, "Source Durations",
                                 GTK_TYPE_DROP_DOWN);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (drop_down)), ==, 0);
  g_assert_true (rtb_setup_panel_build_command (panel, &cmd, &error));
  g_assert_cmpuint (cmd.osnoise.durations, ==, RTB_OSNOISE_DURATIONS_YES);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (drop_down), 1);
  g_assert_true (rtb_setup_panel_build_command (panel, &cmd, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (cmd.osnoise.durations, ==, RTB_OSNOISE_DURATIONS_NO);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (drop_down), 0);
  rtb_setup_panel_set_command (panel, &cmd);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (drop_down)), ==, 1);
  g_object_unref (panel);
}

static gboolean
widget_has_size (gpointer data)
{
  return gtk_widget_get_width (data) > 0 && gtk_widget_get_height (data) > 0;
}

static void
render_chart (RtbChart *chart)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  int w = gtk_widget_get_width (GTK_WIDGET (chart));
  int h = gtk_widget_get_height (GTK_WIDGET (chart));

  /* The widget's own snapshot(), as the frame clock would call it. */
  GTK_WIDGET_GET_CLASS (chart)->snapshot (GTK_WIDGET (chart), snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (surface);
  gsk_render_node_draw (node, cr);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
exercise_chart (RtbRun *run)
{
  for (RtbChartKind kind = RTB_CHART_CURVE; kind <= RTB_CHART_HISTOGRAM; kind++)
    {
      GtkWidget *window = gtk_window_new ();
      RtbChart *chart = rtb_chart_new (kind);
      int w;
      int h;

      rtb_chart_set_run (chart, run);
      gtk_window_set_default_size (GTK_WINDOW (window), 640, 360);
      gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (chart));
      gtk_window_present (GTK_WINDOW (window));
      iterate_until (widget_has_size, chart, 10);
      g_assert_true (widget_has_size (chart));
      w = gtk_widget_get_width (GTK_WIDGET (chart));
      h = gtk_widget_get_height (GTK_WIDGET (chart));

      render_chart (chart);
      for (int x = 0; x < w; x += 7)
        (void) rtb_chart_hover (chart, x, h / 2.0);
      rtb_chart_zoom_pixels (chart, w * 0.3, w * 0.7);
      render_chart (chart);
      rtb_chart_reset_zoom (chart);
      g_assert_false (rtb_chart_get_zoomed (chart));
      render_chart (chart);

      gtk_window_destroy (GTK_WINDOW (window));
    }
}

static void
test_chart_empty (void)
{
  g_autoptr(RtbRun) run = NULL;
  RtbCommand cmd;

  REQUIRE_DISPLAY ();

  rtb_command_defaults (&cmd, RTB_METHOD_LATENCY, n_cpus ());
  run = rtb_run_new (&cmd);
  exercise_chart (run);
  exercise_chart (NULL);
}

/* Zoomed with the pointer still on the chart: the readout reads the new axes at once, the
 * same as hovering there again, not the values from before. */
static void
test_chart_zoom_readout (void)
{
  g_autoptr(RtbRun) run = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  GtkWidget *window;
  RtbChart *chart;
  RtbSeries *series;
  RtbCommand cmd;
  int w;
  int h;

  REQUIRE_DISPLAY ();

  rtb_command_defaults (&cmd, RTB_METHOD_LATENCY, n_cpus ());
  run = rtb_run_new (&cmd);
  series = rtb_run_add_series (run, "CPU0", 0);
  for (gint64 i = 1; i <= 1000; i++)
    {
      rtb_histogram_add (&series->histogram, i * 1000);
      rtb_history_add (&series->history, i * 1000);
    }
  window = gtk_window_new ();
  chart = rtb_chart_new (RTB_CHART_CURVE);
  rtb_chart_set_run (chart, run);
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 360);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (chart));
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_has_size, chart, 10);
  iterate_for (200);
  w = gtk_widget_get_width (GTK_WIDGET (chart));
  h = gtk_widget_get_height (GTK_WIDGET (chart));

  before = g_strdup (rtb_chart_hover (chart, w * 0.45, h / 2.0));
  g_assert_nonnull (before);
  rtb_chart_zoom_pixels (chart, w * 0.3, w * 0.7);
  g_assert_true (rtb_chart_get_zoomed (chart));
  after = g_strdup (rtb_chart_get_readout (chart));
  g_test_message ("before: %s; after zooming: %s", before, after);
  g_assert_cmpstr (after, !=, before);
  g_assert_cmpstr (after, ==, rtb_chart_hover (chart, w * 0.45, h / 2.0));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_chart_single (void)
{
  g_autoptr(RtbRun) run = NULL;
  RtbSeries *series;
  RtbCommand cmd;

  REQUIRE_DISPLAY ();

  rtb_command_defaults (&cmd, RTB_METHOD_LATENCY, n_cpus ());
  run = rtb_run_new (&cmd);
  series = rtb_run_add_series (run, "CPU0", 0);
  rtb_histogram_add (&series->histogram, 12345);
  rtb_history_add (&series->history, 12345);
  exercise_chart (run);

  /* A second, empty series next to it, and a signed method. */
  rtb_run_add_series (run, "CPU1", 1);
  exercise_chart (run);
  {
    g_autoptr(RtbRun) jitter = NULL;

    rtb_command_defaults (&cmd, RTB_METHOD_JITTER, n_cpus ());
    jitter = rtb_run_new (&cmd);
    series = rtb_run_add_series (jitter, "base", 0);
    rtb_histogram_add (&series->histogram, -3000);
    rtb_history_add (&series->history, -3000);
    exercise_chart (jitter);
  }
}

/* A jitter run's table shows LinuxCNC's figures: the shortest and longest interval, max jitter
 * and the overruns, not the deviations' min and max. */
static void
test_stats_table_jitter (void)
{
  g_autoptr(RtbRun) run = NULL;
  RtbStatsTable *table;
  RtbCommand cmd;

  REQUIRE_DISPLAY ();

  rtb_command_defaults (&cmd, RTB_METHOD_JITTER, 2);
  run = rtb_run_new (&cmd);
  for (guint t = 0; t < 2; t++)
    {
      RtbSeries *series = rtb_run_add_series (run, t == 0 ? "base" : "servo", 1);

      /* Intervals of 1.5 µs and 41.25 µs for the base thread (period 25 µs): jitter 23.5 µs. */
      rtb_series_add (series, t == 0 ? -23500 : -900000);
      rtb_series_add (series, t == 0 ? 16250 : 3000);
      series->overruns = t == 0 ? 7 : 0;
    }
  table = g_object_ref_sink (rtb_stats_table_new ());
  rtb_stats_table_set_run (table, run);

  g_assert_cmpstr (rtb_stats_table_get_text (table, 0, RTB_FIGURE_MIN_INTERVAL), ==, "1.5");
  g_assert_cmpstr (rtb_stats_table_get_text (table, 0, RTB_FIGURE_MAX_INTERVAL), ==,
                   "41.2");
  g_assert_cmpstr (rtb_stats_table_get_text (table, 0, RTB_FIGURE_MAX_JITTER), ==, "23.5");
  g_assert_cmpstr (rtb_stats_table_get_text (table, 0, RTB_FIGURE_OVERRUNS), ==, "7");
  g_assert_cmpstr (rtb_stats_table_get_text (table, 1, RTB_FIGURE_MIN_INTERVAL), ==,
                   "100.0");
  g_assert_cmpstr (rtb_stats_table_get_text (table, 1, RTB_FIGURE_MAX_INTERVAL), ==,
                   "1003.0");
  g_assert_cmpstr (rtb_stats_table_get_text (table, 1, RTB_FIGURE_MAX_JITTER), ==,
                   "900.0");
  g_assert_cmpstr (rtb_stats_table_get_text (table, 1, RTB_FIGURE_OVERRUNS), ==, "0");
  g_assert_null (rtb_stats_table_get_text (table, 0, RTB_FIGURE_MIN));
  g_assert_null (rtb_stats_table_get_text (table, 0, RTB_FIGURE_MAX));
  g_object_unref (table);
}

static gboolean
run_started (gpointer data)
{
  RtbWindow *window = data;
  RtbRun *run = rtb_window_get_live_run (window);

  return !rtb_window_is_running (window) ||
         (run != NULL && rtb_run_get_state (run) == RTB_RUN_STATE_RUNNING);
}

static void
check_table_matches_worker (RtbLiveView *view,
                            RtbRun      *run,
                            guint64      min_periods)
{
  RtbStatsTable *table = rtb_live_view_get_stats_table (view);

  g_assert_cmpuint (rtb_stats_table_get_n_rows (table), ==, rtb_run_get_n_series (run));
  g_assert_cmpuint (rtb_run_get_n_series (run), >, 0);
  /* Periods, not samples: on a busy machine a late thread skips periods (cyclictest's way), but
   * the periods of a completed run cover its whole length. */
  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      RtbSeries *series = rtb_run_get_series (run, i);
      g_autofree char *expected = NULL;

      g_assert_true (series->have_worker_stats);
      g_assert_cmpuint (series->worker_stats.dropped, ==, 0);
      g_assert_cmpuint (series->worker_stats.count + series->worker_stats.skipped, >=,
                        min_periods);
      expected = g_strdup_printf ("%" G_GUINT64_FORMAT, series->worker_stats.count);
      g_test_message ("%s: table %s, worker %s", series->name,
                      rtb_stats_table_get_text (table, i, RTB_FIGURE_COUNT), expected);
      g_assert_cmpstr (rtb_stats_table_get_name (table, i), ==,
                       series->name);
      g_assert_cmpstr (rtb_stats_table_get_text (table, i, RTB_FIGURE_COUNT), ==,
                       expected);
    }
}

static void
test_window_run (void)
{
  g_autofree char *figures = NULL;
  RtbWindow *window;
  RtbLiveView *view;
  RtbRun *run;

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();

  window = new_window ();
  run = gui_test_measure (window, "3s", "gui test");
  g_assert_cmpstr (rtb_run_get_label (run), ==, "gui test");
  view = rtb_window_get_selected_view (window);
  g_assert_true (rtb_live_view_get_run (view) == run);
  check_table_matches_worker (view, run, 2000);
  figures = rtb_live_view_dup_figures (view);
  g_test_message ("%s", figures);
  g_assert_null (strstr (figures, "—"));
  /* Completed: the whole planned length, the bar full (the worker's clock reads a little
   * less than 3 s at its end). */
  g_test_message ("worker's elapsed time %" G_GUINT64_FORMAT " ns",
                  rtb_run_get_elapsed_ns (run));
  g_assert_cmpstr (rtb_live_view_get_time_text (view), ==, "0:03 of 0:03");
  g_assert_cmpfloat (rtb_live_view_get_fraction (view), ==, 1.0);

  /* Saved and opened again, it shows the same counts in a second tab. */
  view = gui_test_save_and_reopen (window, run);
  check_table_matches_worker (view, rtb_live_view_get_run (view), 2000);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A remote host that ssh would take as an option (here one that would run a command on this
 * computer), found in the settings or typed into the window, is refused with a message: not
 * probed, not run. */
static void
test_window_remote_option (void)
{
  g_autofree char *dir = g_dir_make_tmp ("rtbench-gui-XXXXXX", NULL);
  g_autofree char *marker = g_build_filename (dir, "proxy-command-ran", NULL);
  g_autofree char *host = g_strdup_printf ("-oProxyCommand=touch %s", marker);
  g_autoptr(GSettings) settings = NULL;
  RtbMachineGroup *group;
  GtkWidget *host_row;
  RtbWindow *window;
  const char *description;

  REQUIRE_DISPLAY ();

  settings = g_settings_new ("io.github.rtbench.RtBench");
  g_settings_set_string (settings, "remote", host);
  window = new_window ();
  group = RTB_MACHINE_GROUP (find_descendant (GTK_WIDGET (window), RTB_TYPE_MACHINE_GROUP));
  g_assert_nonnull (group);
  g_assert_cmpstr (rtb_machine_group_get_remote (group), ==, host);
  iterate_for (300);
  description = adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (group));
  g_test_message ("%s", description);
  g_assert_nonnull (strstr (description, "starts with “-”, which ssh would take as one of its "
                            "options"));
  host_row = find_descendant (GTK_WIDGET (group), ADW_TYPE_ENTRY_ROW);
  g_assert_true (gtk_widget_has_css_class (host_row, "error"));

  setup_short_latency (window, "1s", "remote option");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  iterate_until (window_done, window, 10);
  g_assert_false (rtb_window_is_running (window));
  g_assert_nonnull (rtb_window_get_last_error (window));
  g_assert_nonnull (strstr (rtb_window_get_last_error (window), "starts with “-”"));
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 0);

  /* Typed into the window: the same. */
  rtb_machine_group_set_remote (group, "-F/dev/null");
  description = adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (group));
  g_assert_nonnull (strstr (description, "“-F/dev/null” is not a host name"));
  rtb_machine_group_set_remote (group, "");
  g_assert_false (gtk_widget_has_css_class (host_row, "error"));

  iterate_for (300);
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));
  g_settings_reset (settings, "remote");
  gtk_window_destroy (GTK_WINDOW (window));
  g_rmdir (dir);
}

/* A label over 4 KiB typed into the window: refused when Start is pressed, saying the limit;
 * no run starts. */
static void
test_window_long_label (void)
{
  g_autofree char *label = g_strnfill (5000, 'x');
  RtbWindow *window;

  REQUIRE_DISPLAY ();

  window = new_window ();
  setup_short_latency (window, "1s", label);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  iterate_until (window_done, window, 10);
  g_assert_false (rtb_window_is_running (window));
  g_assert_nonnull (rtb_window_get_last_error (window));
  g_test_message ("%s", rtb_window_get_last_error (window));
  g_assert_nonnull (strstr (rtb_window_get_last_error (window), "the label is 5000 bytes long, "
                            "more than the 4096 bytes (4 KiB)"));
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 0);
  rtb_setup_panel_set_label (rtb_window_get_setup_panel (window), "");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
both_live_with_samples (gpointer data)
{
  g_autoptr(GPtrArray) recordings = rtb_window_get_recordings (data);
  guint n = 0;

  for (guint i = 0; i < recordings->len; i++)
    {
      RtbRecording *recording = g_ptr_array_index (recordings, i);
      if (!rtb_recording_is_live (recording))
        return TRUE; /* one ended early: the test fails below */
      n += rtb_run_get_total_count (rtb_recording_get_run (recording)) > 0;
    }
  return n == 2;
}

static gboolean
selected_has_ended (gpointer data)
{
  return !rtb_recording_is_live (rtb_window_get_selected_recording (data));
}

/* Starting a second run while one is live is normal: each has its own tab and worker, both
 * update, Stop ends the selected tab's run alone, and each saves on its own. */
static void
test_window_two_runs (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) recordings = NULL;
  RtbWindow *window;

  REQUIRE_DISPLAY ();
  window = new_window ();
  setup_short_latency (window, "0", "first");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  setup_short_latency (window, "4s", "second");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  g_assert_null (rtb_window_get_last_error (window));
  /* Both on every CPU: the second is started, with a word about the first. */
  g_assert_true (rtb_window_showed_toast (window, g_get_num_processors () == 1
                                          ? "The run “first” already measures CPU 0 "
                                          : "The run “first” already measures CPUs 0-"));
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 2);
  recordings = rtb_window_get_recordings (window);
  g_assert_cmpuint (recordings->len, ==, 2);
  iterate_until (both_live_with_samples, window, 30);
  for (guint i = 0; i < 2; i++)
    {
      RtbRecording *recording = g_ptr_array_index (recordings, i);

      g_assert_true (rtb_recording_is_live (recording));
      g_assert_cmpuint (rtb_run_get_total_count (rtb_recording_get_run (recording)), >, 0);
    }
  g_assert_cmpstr (rtb_run_get_label (rtb_recording_get_run (g_ptr_array_index (recordings, 0))),
                   ==, "first");

  /* The second is selected; saved while it runs, it is saved again at its end. */
  dir = g_dir_make_tmp ("rtbench-gui-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      RtbRecording *recording = g_ptr_array_index (recordings, i);
      g_autofree char *path = g_strdup_printf ("%s/%u.rtbench", dir, i);

      g_assert_true (rtb_window_save_run_to (window, rtb_recording_get_run (recording), path,
                                             &error));
      g_assert_no_error (error);
    }

  /* Stop acts on the selected tab: the first, then; the second goes on. */
  g_assert_true (rtb_window_get_selected_recording (window) == g_ptr_array_index (recordings, 1));
  rtb_window_select_recording (window, g_ptr_array_index (recordings, 0));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL);
  iterate_until (selected_has_ended, window, 20);
  g_assert_false (rtb_recording_is_live (g_ptr_array_index (recordings, 0)));
  g_assert_true (rtb_recording_is_live (g_ptr_array_index (recordings, 1)));
  g_assert_true (rtb_window_is_running (window));
  iterate_until (window_done, window, 30);
  g_assert_null (rtb_window_get_last_error (window));

  for (guint i = 0; i < 2; i++)
    {
      RtbRecording *recording = g_ptr_array_index (recordings, i);
      RtbRun *run = rtb_recording_get_run (recording);
      g_autofree char *path = g_strdup_printf ("%s/%u.rtbench", dir, i);
      g_autoptr(RtbRun) saved = rtb_run_load (path, &error);

      g_assert_no_error (error);
      g_assert_cmpint (rtb_recording_get_state (recording), ==, RTB_RECORDING_FINISHED);
      g_assert_cmpint (rtb_run_get_end_reason (run), ==,
                       i == 0 ? RTB_END_STOPPED : RTB_END_COMPLETED);
      g_assert_cmpuint (rtb_run_get_total_count (saved), ==, rtb_run_get_total_count (run));
      g_assert_cmpstr (rtb_run_get_label (saved), ==, i == 0 ? "first" : "second");
      g_unlink (path);
    }
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_seconds (gpointer data)
{
  RtbRun *run = rtb_window_get_live_run (data);

  return run != NULL && rtb_run_get_state (run) == RTB_RUN_STATE_RUNNING &&
         rtb_run_get_elapsed_ns (run) >= G_GUINT64_CONSTANT (2500000000);
}

static gboolean
spans_whole_run (gpointer chart)
{
  double lo;
  double hi;

  rtb_chart_get_x_span (chart, &lo, &hi);
  return hi >= 120;
}

/* A live curve follows its data: a few seconds into a two-minute run its axis spans a round
 * length just past them (at most 1.65 times what was measured: 1.1 × the next of 1, 1.5, 2,
 * 3, 5, 7.5 × 10^k), not two minutes; the whole planned run on demand. */
static void
test_window_live_axis (void)
{
  RtbWindow *window;
  RtbChart *curve;
  double elapsed;
  double lo;
  double hi;

  REQUIRE_DISPLAY ();
  if (g_getenv ("RTBENCH_WORKER") == NULL)
    {
      g_test_skip ("RTBENCH_WORKER is not set");
      return;
    }

  window = new_window ();
  setup_short_latency (window, "2m", "following");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  iterate_until (has_seconds, window, 30);
  g_assert_true (has_seconds (window));
  iterate_for (1500);
  curve = rtb_live_view_get_chart (rtb_window_get_selected_view (window), 0);
  g_assert_cmpint (rtb_chart_get_kind (curve), ==, RTB_CHART_CURVE);
  rtb_chart_get_x_span (curve, &lo, &hi);
  elapsed = rtb_run_get_elapsed_ns (rtb_window_get_live_run (window)) / 1e9;
  g_test_message ("after %.1f s of 120 s the axis spans %.1f–%.1f s", elapsed, lo, hi);
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, >, 2);
  g_assert_cmpfloat (hi, <=, MAX (elapsed * 1.65, 1) + 1e-6);
  g_assert_cmpfloat (hi, <, 120);

  g_object_set (curve, "whole-run", TRUE, NULL);
  iterate_until (spans_whole_run, curve, 20);
  rtb_chart_get_x_span (curve, &lo, &hi);
  g_test_message ("the whole run: %.1f–%.1f s", lo, hi);
  g_assert_cmpfloat (hi, >=, 120);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL);
  iterate_until (window_done, window, 30);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_stop (void)
{
  RtbWindow *window;
  RtbRun *run;

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();

  window = new_window ();
  setup_short_latency (window, "0", "gui test");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  iterate_until (run_started, window, 20);
  g_assert_true (rtb_window_is_running (window));
  g_usleep (300000);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL);
  iterate_until (window_done, window, 10);
  g_assert_false (rtb_window_is_running (window));

  run = rtb_window_get_live_run (window);
  g_assert_cmpint (rtb_run_get_state (run), ==, RTB_RUN_STATE_FINISHED);
  g_assert_cmpint (rtb_run_get_end_reason (run), ==, RTB_END_STOPPED);
  check_table_matches_worker (rtb_window_get_selected_view (window), run, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
run_has_samples (gpointer data)
{
  RtbRun *run = rtb_window_get_live_run (data);

  return !rtb_window_is_running (data) || (run != NULL && rtb_run_get_total_count (run) > 0);
}

/* Our child process named rtbench-worker, or 0. */
static pid_t
find_worker (void)
{
  g_autoptr(GDir) proc = g_dir_open ("/proc", 0, NULL);
  const char *name;

  while (proc != NULL && (name = g_dir_read_name (proc)) != NULL)
    {
      g_autofree char *path = g_strdup_printf ("/proc/%s/stat", name);
      g_autofree char *stat = NULL;
      int pid, ppid;
      char comm[64], state;

      if (!g_ascii_isdigit (name[0]) || !g_file_get_contents (path, &stat, NULL, NULL))
        continue;
      if (sscanf (stat, "%d (%63[^)]) %c %d", &pid, comm, &state, &ppid) == 4 &&
          ppid == getpid () && strcmp (comm, "rtbench-worker") == 0)
        return pid;
    }
  return 0;
}

/* A worker that dies mid-run: the window says so and keeps what was measured, to be saved. */
static void
test_window_worker_killed (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbRun) loaded = NULL;
  AdwMessageDialog *dialog;
  RtbWindow *window;
  RtbRun *run;
  pid_t worker;

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();

  window = new_window ();
  setup_short_latency (window, "0", "gui test");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  iterate_until (run_has_samples, window, 20);
  g_assert_true (rtb_window_is_running (window));
  worker = find_worker ();
  g_assert_cmpint (worker, >, 0);
  g_assert_cmpint (kill (worker, SIGKILL), ==, 0);
  iterate_until (window_done, window, 10);
  g_assert_false (rtb_window_is_running (window));

  run = rtb_window_get_live_run (window);
  g_assert_nonnull (run);
  g_assert_cmpint (rtb_run_get_state (run), ==, RTB_RUN_STATE_CUT_SHORT);
  g_assert_cmpuint (rtb_run_get_total_count (run), >, 0);
  g_assert_nonnull (rtb_window_get_last_error (window));
  g_test_message ("%s", rtb_window_get_last_error (window));
  dialog = gui_test_find_dialog ();
  if (dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (dialog));

  dir = g_dir_make_tmp ("rtbench-gui-XXXXXX", NULL);
  path = g_build_filename (dir, "cut-short.rtbench", NULL);
  g_assert_true (rtb_window_save_run_to (window, run, path, &error));
  g_assert_no_error (error);
  loaded = rtb_run_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (rtb_run_get_state (loaded), ==, RTB_RUN_STATE_CUT_SHORT);
  g_assert_cmpuint (rtb_run_get_total_count (loaded), ==, rtb_run_get_total_count (run));
  g_unlink (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_close_during_run (void)
{
  RtbWindow *window;

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();

  window = new_window ();
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  setup_short_latency (window, "0", "gui test");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  iterate_until (run_started, window, 20);
  g_assert_true (rtb_window_is_running (window));

  gtk_window_close (GTK_WINDOW (window));
  g_assert_nonnull (window);
  gui_test_answer (gui_test_expect_dialog (), "cancel");
  g_assert_true (rtb_window_is_running (window));

  gtk_window_close (GTK_WINDOW (window));
  gui_test_answer (gui_test_expect_dialog (), "discard");
  iterate_until (gui_test_pointer_cleared, &window, 10);
  g_assert_null (window);
}

static void
test_window_errors (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("RTBENCH_WORKER"));
  RtbWindow *window;

  REQUIRE_DISPLAY ();

  window = new_window ();

  /* A setup the command layer refuses: said in the window, nothing started. */
  setup_short_latency (window, "forever", "gui test");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  g_assert_false (rtb_window_is_running (window));
  g_assert_nonnull (rtb_window_get_last_error (window));
  g_assert_nonnull (strstr (rtb_window_get_last_error (window), "duration"));
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 0);

  /* No worker where RTBENCH_WORKER points. */
  g_setenv ("RTBENCH_WORKER", "/nonexistent/rtbench-worker", TRUE);
  setup_short_latency (window, "1s", "gui test");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  iterate_until (window_done, window, 10);
  g_assert_false (rtb_window_is_running (window));
  g_test_message ("%s", rtb_window_get_last_error (window));
  g_assert_null (strstr (rtb_window_get_last_error (window), "duration"));
  if (saved != NULL)
    g_setenv ("RTBENCH_WORKER", saved, TRUE);
  else
    g_unsetenv ("RTBENCH_WORKER");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* This machine's kernel has no hwlat tracer: the method is offered, and Start says why not and
 * what to boot instead; no run is left behind. */
static void
test_window_tracer_refused (void)
{
  g_autofree char *tracers = NULL;
  const char *message;
  RtbWindow *window;

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();
  if (g_file_get_contents ("/sys/kernel/tracing/available_tracers", &tracers, NULL, NULL) &&
      strstr (tracers, "hwlat") != NULL)
    {
      g_test_skip ("this kernel has the hwlat tracer (the lab's suite runs the method)");
      return;
    }
  window = new_window ();
  rtb_setup_panel_set_method (rtb_window_get_setup_panel (window), RTB_METHOD_HWLAT);
  rtb_setup_panel_set_duration (rtb_window_get_setup_panel (window), "2s");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  iterate_until (window_done, window, 30);
  g_assert_false (rtb_window_is_running (window));
  message = rtb_window_get_last_error (window);
  g_assert_nonnull (message);
  g_test_message ("%s", message);
  if (geteuid () == 0)
    g_assert_nonnull (strstr (message, "this kernel has no hwlat tracer: boot a kernel built "
                                       "with CONFIG_HWLAT_TRACER"));
  else
    g_assert_nonnull (strstr (message, "hwlat"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/setup/methods", test_setup_methods);
  g_test_add_func ("/gui/setup/presets", test_setup_presets);
  g_test_add_func ("/gui/setup/threads", test_setup_threads);
  g_test_add_func ("/gui/stats-table/jitter", test_stats_table_jitter);
  g_test_add_func ("/gui/setup/invalid", test_setup_invalid);
  g_test_add_func ("/gui/setup/method-bounds", test_setup_method_bounds);
  g_test_add_func ("/gui/setup/timerlat-histogram", test_setup_timerlat_histogram);
  g_test_add_func ("/gui/setup/word-row", test_setup_word_row);
  g_test_add_func ("/gui/setup/preset-list", test_setup_preset_list);
  g_test_add_func ("/gui/setup/preset-timerlat", test_setup_preset_timerlat);
  g_test_add_func ("/gui/chart/empty", test_chart_empty);
  g_test_add_func ("/gui/chart/single", test_chart_single);
  g_test_add_func ("/gui/chart/zoom-readout", test_chart_zoom_readout);
  g_test_add_func ("/gui/window/errors", test_window_errors);
  g_test_add_func ("/gui/window/tracer-refused", test_window_tracer_refused);
  g_test_add_func ("/gui/window/run", test_window_run);
  g_test_add_func ("/gui/window/stop", test_window_stop);
  g_test_add_func ("/gui/window/live-axis", test_window_live_axis);
  g_test_add_func ("/gui/window/remote-option", test_window_remote_option);
  g_test_add_func ("/gui/window/two-runs", test_window_two_runs);
  g_test_add_func ("/gui/window/long-label", test_window_long_label);
  g_test_add_func ("/gui/window/worker-killed", test_window_worker_killed);
  g_test_add_func ("/gui/window/close-during-run", test_window_close_during_run);

  return g_test_run ();
}
