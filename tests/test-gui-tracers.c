/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Runs of the kernel's tracers opened in the window, against what `rtbench-cli summary --json`
 * says of the same file: a hwlat run's counts of each CPU below its statistics table, and an
 * osnoise run's noises by source in the view's figures. The files are real runs of the lab's
 * board-rt (this machine's kernel has neither tracer); a copy with a count or a duration taken
 * out shows it unknown.
 */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>

#include "cli-test-util.h"
#include "rtb-live-view.h"
#include "rtb-stats-table.h"
#include "rtb-window.h"

#include "gui-test-util.h"

static JsonNode *
parse_json (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* The series of the one run of `summary --json FILE`. */
static JsonNode *
summary_of (const char *path)
{
  CliResult r = { 0 };
  JsonNode *root;

  run_cli (&r, "summary", "--json", path);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  cli_result_clear (&r);
  return root;
}

static JsonArray *
summary_series (JsonNode *summary)
{
  JsonObject *run = json_array_get_object_element (
    json_object_get_array_member (json_node_get_object (summary), "runs"), 0);

  return json_object_get_array_member (run, "series");
}

/* The fixture `name` as a file of the test's folder; when `keys` (space-separated) are given,
 * `series`' member `object` does not know them, as run files say it: a hwlat count null, an
 * osnoise duration left out. */
static char *
copy_fixture (const char *name, guint series, const char *object, const char *keys)
{
  static guint copies;
  g_autofree char *from = gui_test_data_path (name);
  g_autofree char *text = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *copy = g_strdup_printf ("%u-%s", copies++, name);
  char *path = cli_tmp_path (copy);

  g_assert_true (g_file_get_contents (from, &text, NULL, &error));
  root = parse_json (text);
  if (keys != NULL)
    {
      JsonObject *s = json_array_get_object_element (
        json_object_get_array_member (json_node_get_object (root), "series"), series);
      JsonObject *totals = json_object_get_object_member (s, object);
      g_auto (GStrv) names = g_strsplit (keys, " ", -1);

      for (guint k = 0; names[k] != NULL; k++)
        if (g_str_equal (object, "hwlat"))
          json_object_set_null_member (totals, names[k]);
        else
          json_object_remove_member (totals, names[k]);
    }
  g_free (g_steal_pointer (&text));
  text = json_to_string (root, FALSE);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  return path;
}

/* Each CPU's gaps above the threshold and NMIs have a row below the table, on the series whose
 * file keeps them (its latency series, not its inner and outer), as summary --json says them:
 * "—" where it says null. */
static void
check_hwlat (const char *path, gboolean some_unknown)
{
  g_autoptr (JsonNode) summary = summary_of (path);
  g_autoptr (JsonNode) file = NULL;
  g_autofree char *text = NULL;
  JsonArray *want = summary_series (summary);
  JsonArray *kept;
  RtbWindow *window = gui_test_open (path);
  RtbStatsTable *table = rtb_live_view_get_stats_table (rtb_window_get_selected_view (window));
  guint rows = 0, unknown = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  file = parse_json (text);
  kept = json_object_get_array_member (json_node_get_object (file), "series");
  g_assert_cmpuint (rtb_stats_table_get_n_rows (table), ==, json_array_get_length (want));
  for (guint row = 0; row < json_array_get_length (want); row++)
    {
      JsonObject *s = json_array_get_object_element (want, row);
      gboolean has_row = json_object_has_member (json_array_get_object_element (kept, row),
                                                 "hwlat");

      g_assert_cmpstr (rtb_stats_table_get_name (table, row), ==,
                       json_object_get_string_member (s, "name"));
      rows += has_row;
      for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
        {
          const char *cell = rtb_stats_table_get_text (table, row, f);
          JsonNode *value;

          if (!rtb_figure_of_hwlat_cpu (f, RTB_METHOD_HWLAT))
            continue;
          value = json_object_get_member (s, rtb_figure_key (f));
          g_test_message ("%s %s: \"%s\"", json_object_get_string_member (s, "name"),
                          rtb_figure_key (f), cell != NULL ? cell : "(no cell)");
          g_assert_nonnull (value);
          if (!has_row)
            {
              g_assert_null (cell);
              g_assert_true (JSON_NODE_HOLDS_NULL (value));
            }
          else if (JSON_NODE_HOLDS_NULL (value))
            {
              g_assert_cmpstr (cell, ==, "—");
              unknown++;
            }
          else
            {
              g_autofree char *count = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                        json_node_get_int (value));

              g_assert_cmpstr (cell, ==, count);
            }
        }
    }
  /* board-rt's two CPUs, each of its three series. */
  g_assert_cmpuint (rows, ==, 2);
  g_assert_cmpuint (json_array_get_length (want), ==, 6);
  g_assert_cmpint (unknown > 0, ==, some_unknown);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The view's figure `caption`'s value. */
static char *
figure_value (RtbLiveView *view, const char *caption)
{
  g_autofree char *figures = rtb_live_view_dup_figures (view);
  g_autofree char *prefix = g_strconcat (caption, ": ", NULL);
  g_auto (GStrv) lines = g_strsplit (figures, "\n", -1);

  g_test_message ("%s", figures);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return g_strdup (lines[i] + strlen (prefix));
  g_assert_not_reached ();
}

/* The noises by source of every CPU together: their counts, and their time to the digits shown
 * in the unit it names, "—" for a source summary --json says null of on a CPU. */
static void
check_osnoise (const char *path, gboolean some_unknown)
{
  static const char *const sources[] = { "hw", "nmi", "irq", "softirq", "thread" };
  g_autoptr (JsonNode) summary = summary_of (path);
  JsonArray *want = summary_series (summary);
  RtbWindow *window = gui_test_open (path);
  RtbLiveView *view = rtb_window_get_selected_view (window);
  g_autofree char *counts = figure_value (view, "Noise sources: HW · NMI · IRQ · softirq · "
                                                "thread");
  g_autofree char *times = figure_value (view, "Their time: HW · NMI · IRQ · softirq · thread");
  g_auto (GStrv) count_texts = g_strsplit (counts, " · ", -1);
  g_auto (GStrv) time_texts = NULL;
  g_autofree char *numbers = NULL;
  const char *unit = strrchr (times, ' ');
  /* No source's time known: one "—" for all. */
  gboolean none = g_str_equal (times, "—");
  double scale = 1;
  guint unknown = 0;

  if (!none)
    {
      g_assert_nonnull (unit);
      scale = g_str_equal (unit, " s") ? 1e6 : g_str_equal (unit, " ms") ? 1e3 : 1;
      g_assert_true (scale != 1 || g_str_equal (unit, " µs"));
      numbers = g_strndup (times, (gsize) (unit - times));
      time_texts = g_strsplit (numbers, " · ", -1);
      g_assert_cmpuint (g_strv_length (time_texts), ==, G_N_ELEMENTS (sources));
    }
  g_assert_cmpuint (g_strv_length (count_texts), ==, G_N_ELEMENTS (sources));
  for (guint s = 0; s < G_N_ELEMENTS (sources); s++)
    {
      g_autofree char *count_key = g_strconcat ("noise_", sources[s], NULL);
      g_autofree char *time_key = g_strconcat ("noise_", sources[s], "_us", NULL);
      gint64 count = 0;
      double us = 0;
      gboolean known = TRUE;

      for (guint i = 0; i < json_array_get_length (want); i++)
        {
          JsonObject *cpu = json_array_get_object_element (want, i);

          count += json_object_get_int_member (cpu, count_key);
          if (json_object_get_null_member (cpu, time_key))
            known = FALSE;
          else
            us += json_object_get_double_member (cpu, time_key);
        }
      g_assert_cmpint (g_ascii_strtoll (count_texts[s], NULL, 10), ==, count);
      unknown += !known;
      if (none)
        g_assert_false (known);
      else if (!known)
        g_assert_cmpstr (time_texts[s], ==, "—");
      else
        {
          g_assert_cmpstr (time_texts[s], !=, "—");
          g_assert_cmpfloat (fabs (g_ascii_strtod (time_texts[s], NULL) - us / scale), <=,
                             (strchr (time_texts[s], '.') != NULL ? 0.05 : 0.5) + 1e-9);
        }
    }
  g_assert_cmpint (unknown > 0, ==, some_unknown);
  gtk_window_destroy (GTK_WINDOW (window));
}

typedef void (*CheckFile) (const char *path, gboolean some_unknown);

/* The fixture `name` with `keys` of `series`' `object` unknown, or as it is without `keys`. */
static void
check_fixture (const char *name, guint series, const char *object, const char *keys,
               CheckFile check)
{
  g_autofree char *path = copy_fixture (name, series, object, keys);

  check (path, keys != NULL);
  g_unlink (path);
}

static void
test_hwlat (void)
{
  REQUIRE_DISPLAY ();
  check_fixture ("hwlat-board-rt.rtbench", 0, NULL, NULL, check_hwlat);
  /* CPU0's gaps not counted, as a kernel whose event lacks count: leaves them. */
  check_fixture ("hwlat-board-rt.rtbench", 0, "hwlat", "gaps", check_hwlat);
}

static void
test_osnoise (void)
{
  REQUIRE_DISPLAY ();
  check_fixture ("osnoise-board-rt.rtbench", 0, NULL, NULL, check_osnoise);
  /* CPU1's IRQ noise without its time: its events were not all seen. */
  check_fixture ("osnoise-board-rt.rtbench", 1, "osnoise", "irq_ns", check_osnoise);
  /* CPU0 without any, as a run with durations=no. */
  check_fixture ("osnoise-board-rt.rtbench", 0, "osnoise",
                 "hw_ns nmi_ns irq_ns softirq_ns thread_ns", check_osnoise);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  gui_test_init (&argc, &argv);
  CLI_REQUIRE_ENV ();
  cli_tmp_dir_make ("gui-tracers");
  g_test_add_func ("/gui/tracers/hwlat-counts", test_hwlat);
  g_test_add_func ("/gui/tracers/osnoise-sources", test_osnoise);
  status = g_test_run ();
  cli_tmp_dir_remove ();
  return status;
}
