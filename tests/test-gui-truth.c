/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The window's statistics table against the raw samples: a short run of every method by the real
 * worker and CLI, their samples from --csv-series, the run file loaded into the table, and every
 * cell it shows recomputed from the samples (to the digits it prints, percentiles within
 * max(0.1 %, 1 ns)); a jitter thread's cells are LinuxCNC's, from its period and the samples.
 */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>

#include "cli-test-util.h"
#include "rtb-stats-table.h"
#include "truth-util.h"

#include "gui-test-util.h"


/* The digits the table printed: half a unit of the last one, plus the percentile tolerance. */
static void
check_cell (RtbStatsTable *table, guint row, RtbFigure column, double want_us,
            gboolean percentile)
{
  const char *text = rtb_stats_table_get_text (table, row, column);
  const char *dot;
  double got, rounding;

  g_assert_nonnull (text);
  got = g_ascii_strtod (text, NULL);
  dot = strchr (text, '.');
  rounding = dot != NULL ? 0.5 * pow (10, -(double) strlen (dot + 1)) : 0.5;
  g_test_message ("column %d: \"%s\", the samples say %.4f", column, text, want_us);
  g_assert_cmpfloat (fabs (got - want_us), <=,
                     rounding + (percentile ? fmax (fabs (want_us) * 0.001, 0.001) : 0) + 1e-9);
}

/* `periods_us`: a jitter run's thread periods, base then servo; NULL for the other methods. */
static void
check_method (const char *method, const char * const *options, const double *periods_us)
{
  g_autofree char *file = g_strdup_printf ("%s/%s.rtbench", cli_tmp_dir (), method);
  g_autofree char *series_csv = g_strdup_printf ("%s/%s-series.csv", cli_tmp_dir (), method);
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = NULL;
  g_autoptr (GPtrArray) truth = NULL;
  RtbStatsTable *table;
  gboolean timer = g_str_equal (method, "timer");
  CliResult r = { 0 };

  cli_run_method (method, options, file);
  run_cli (&r, "export", file, "--csv-series", series_csv);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);

  run = rtb_run_load (file, &error);
  g_assert_no_error (error);
  truth = truth_read_series_csv (series_csv);
  table = g_object_ref_sink (rtb_stats_table_new ());
  rtb_stats_table_set_run (table, run);
  g_assert_cmpuint (rtb_stats_table_get_n_rows (table), ==, truth->len);

  for (guint row = 0; row < truth->len; row++)
    {
      RtbSeries *series = rtb_run_get_series (run, row);
      TruthSeries *ts = truth->pdata[row];
      TruthFigures t;

      g_assert_cmpstr (ts->name, ==, series->name);
      g_assert_cmpstr (rtb_stats_table_get_name (table, row), ==,
                       series->name);
      truth_compute (ts->values, series->histogram.lo_us, series->histogram.n_buckets, &t);
      g_assert_cmpfloat (g_ascii_strtod (rtb_stats_table_get_text (table, row,
                                                                   RTB_FIGURE_COUNT), NULL),
                         ==, t.count);
      check_cell (table, row, RTB_FIGURE_AVG, t.avg_us, FALSE);
      if (periods_us != NULL)
        {
          /* LinuxCNC's figures: each sample is an interval less the period. */
          g_autofree char *overruns = g_strdup_printf ("%" G_GUINT64_FORMAT, series->overruns);

          g_assert_null (rtb_stats_table_get_text (table, row, RTB_FIGURE_MIN));
          g_assert_null (rtb_stats_table_get_text (table, row, RTB_FIGURE_MAX));
          check_cell (table, row, RTB_FIGURE_MIN_INTERVAL, periods_us[row] + t.min_us,
                      FALSE);
          check_cell (table, row, RTB_FIGURE_MAX_INTERVAL, periods_us[row] + t.max_us,
                      FALSE);
          check_cell (table, row, RTB_FIGURE_MAX_JITTER, MAX (t.max_us, -t.min_us), FALSE);
          check_cell (table, row, RTB_FIGURE_STDDEV, t.stddev_us, FALSE);
          /* The overruns are the worker's count: a sample does not say its period began late. */
          g_assert_cmpstr (rtb_stats_table_get_text (table, row, RTB_FIGURE_OVERRUNS), ==,
                           overruns);
          g_assert_null (rtb_stats_table_get_text (table, row, RTB_FIGURE_P99));
          continue;
        }
      g_assert_null (rtb_stats_table_get_text (table, row, RTB_FIGURE_MAX_JITTER));
      check_cell (table, row, RTB_FIGURE_MIN, t.min_us, FALSE);
      check_cell (table, row, RTB_FIGURE_MAX, t.max_us, FALSE);
      if (timer)
        {
          /* Seed 004's figures, to 0.001 µs. */
          g_assert_nonnull (strstr (rtb_stats_table_get_text (table, row, RTB_FIGURE_RMS),
                                    "."));
          check_cell (table, row, RTB_FIGURE_RMS, t.rms_us, FALSE);
          check_cell (table, row, RTB_FIGURE_MAX_ABS, t.max_abs_us, FALSE);
          check_cell (table, row, RTB_FIGURE_P95_ABS, t.p95_abs_us, TRUE);
          check_cell (table, row, RTB_FIGURE_P99_ABS, t.p99_abs_us, TRUE);
          g_assert_null (rtb_stats_table_get_text (table, row, RTB_FIGURE_P999));
        }
      else
        {
          check_cell (table, row, RTB_FIGURE_P99, t.p99_us, TRUE);
          check_cell (table, row, RTB_FIGURE_P999, t.p999_us, TRUE);
          check_cell (table, row, RTB_FIGURE_STDDEV, t.stddev_us, FALSE);
          g_assert_cmpfloat (g_ascii_strtod (rtb_stats_table_get_text (
                                               table, row, RTB_FIGURE_OVERFLOWS), NULL),
                             ==, t.overflows);
          g_assert_null (rtb_stats_table_get_text (table, row, RTB_FIGURE_RMS));
        }
    }
  g_object_unref (table);
  g_unlink (file);
  g_unlink (series_csv);
}

static void
test_latency (void)
{
  REQUIRE_DISPLAY ();
  check_method ("latency", (const char *[]) { "--cpus", "0", "--policy", "other",
                                              "--interval-us", "200", "--histogram-us", "40",
                                              "--duration", "1s", NULL }, NULL);
}

static void
test_timer (void)
{
  REQUIRE_DISPLAY ();
  check_method ("timer", (const char *[]) { "--cpu", "0", "--policy", "other", "--period-us",
                                            "1000", "--duration", "1s", NULL }, NULL);
}

static void
test_jitter (void)
{
  static const double periods_us[] = { 1000, 5000 };

  REQUIRE_DISPLAY ();
  check_method ("jitter", (const char *[]) { "--cpu", "0", "--policy", "other", "--base-us",
                                             "1000", "--servo-us", "5000", "--duration", "1s",
                                             NULL }, periods_us);
}

static void
test_response (void)
{
  REQUIRE_DISPLAY ();
  check_method ("response", (const char *[]) { "--cpu", "0", "--policy", "other", "--size",
                                               "8,16", "--experiments", "2", "--instances", "50",
                                               NULL }, NULL);
}

/* An import whose overflows have no values: the percentiles among them are unknown, and the
 * stddev is marked partial; without histogram rows the stddev is unknown, not partial. */
static RtbRun *
import_fixture (const char *name)
{
  g_autofree char *input = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "import", name,
                                             NULL);
  g_autofree char *file = g_strdup_printf ("%s/%s.rtbench", cli_tmp_dir (), name);
  g_autoptr (GError) error = NULL;
  RtbRun *run;
  CliResult r = { 0 };

  run_cli (&r, "import", input, "--output", file);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
  run = rtb_run_load (file, &error);
  g_assert_no_error (error);
  g_unlink (file);
  return run;
}

static void
test_import (void)
{
  g_autoptr (RtbRun) others = NULL;
  g_autoptr (RtbRun) summary_only = NULL;
  RtbStatsTable *table;

  REQUIRE_DISPLAY ();
  others = import_fixture ("ct210-H10-q-1t-others.txt");
  summary_only = import_fixture ("ct24-h20-q-2t-summary-only.txt");
  table = g_object_ref_sink (rtb_stats_table_new ());

  rtb_stats_table_set_run (table, others);
  g_assert_cmpstr (rtb_stats_table_get_text (table, 0, RTB_FIGURE_COUNT), ==, "1000");
  g_assert_cmpstr (rtb_stats_table_get_text (table, 0, RTB_FIGURE_P99), ==, "—");
  g_assert_cmpstr (rtb_stats_table_get_text (table, 0, RTB_FIGURE_P999), ==, "—");
  g_assert_cmpstr (rtb_stats_table_get_text (table, 0, RTB_FIGURE_MAX), ==, "44.0");
  g_assert_true (g_str_has_suffix (rtb_stats_table_get_text (table, 0, RTB_FIGURE_STDDEV),
                                   " †"));
  g_assert_cmpstr (rtb_stats_table_get_text (table, 0, RTB_FIGURE_OVERFLOWS), ==, "42");

  rtb_stats_table_set_run (table, summary_only);
  g_assert_cmpstr (rtb_stats_table_get_text (table, 1, RTB_FIGURE_COUNT), ==, "200");
  g_assert_cmpstr (rtb_stats_table_get_text (table, 1, RTB_FIGURE_AVG), ==, "24.0");
  g_assert_cmpstr (rtb_stats_table_get_text (table, 1, RTB_FIGURE_P99), ==, "—");
  g_assert_cmpstr (rtb_stats_table_get_text (table, 1, RTB_FIGURE_STDDEV), ==, "—");
  g_object_unref (table);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  gui_test_init (&argc, &argv);
  CLI_REQUIRE_ENV ();
  cli_tmp_dir_make ("gui-truth");
  g_test_add_func ("/gui/stats-table/truth/latency", test_latency);
  g_test_add_func ("/gui/stats-table/truth/timer", test_timer);
  g_test_add_func ("/gui/stats-table/truth/jitter", test_jitter);
  g_test_add_func ("/gui/stats-table/truth/response", test_response);
  g_test_add_func ("/gui/stats-table/import", test_import);
  status = g_test_run ();
  cli_tmp_dir_remove ();
  return status;
}
