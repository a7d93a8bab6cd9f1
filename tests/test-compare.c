/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The comparison model: verdicts, pooled rows, the system diff and the notices. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "rtb-checklist.h"
#include "rtb-compare.h"
#include "rtb-cyclictest-export.h"
#include "rtb-import.h"
#include "rtb-label.h"
#include "rtb-plot-run.h"
#include "rtb-test-run.h"

static RtbCompare *
compare_two (RtbRun *a, RtbRun *b)
{
  RtbRun *runs[] = { a, b };
  return rtb_compare_new (runs, 2);
}

static guint
find_row (RtbCompare *compare, const char *name)
{
  for (guint i = 0; i < rtb_compare_get_n_rows (compare); i++)
    if (g_str_equal (rtb_compare_get_row_name (compare, i), name))
      return i;
  g_assert_not_reached ();
}

static void
test_worse_run_marked (void)
{
  g_autoptr (RtbRun) good = test_run_new ("good", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbRun) bad = test_run_new ("bad", RTB_METHOD_LATENCY, 1, 1000);

  /* good: 10…19 µs; bad: 30…119 µs and one overflow */
  test_series_fill (rtb_run_get_series (good, 0), 1000, 10000, 1000, 10);
  test_series_fill (rtb_run_get_series (bad, 0), 999, 30000, 1000, 90);
  test_series_add (rtb_run_get_series (bad, 0), 2500000);

  g_autoptr (RtbCompare) compare = compare_two (good, bad);
  g_assert_cmpuint (rtb_compare_get_n_rows (compare), ==, 1);
  g_assert_cmpstr (rtb_compare_get_row_name (compare, 0), ==, "CPU0");
  g_assert_false (rtb_compare_row_is_pooled (compare, 0));

  for (RtbFigure stat = RTB_FIGURE_MIN; stat <= RTB_FIGURE_STDDEV; stat++)
    {
      const RtbCompareCell *base = rtb_compare_get_cell (compare, 0, 0, stat);
      const RtbCompareCell *other = rtb_compare_get_cell (compare, 0, 1, stat);

      g_test_message ("%s", rtb_figure_key (stat));
      g_assert_true (base->best);
      g_assert_false (other->best);
      g_assert_cmpint (base->verdict, ==, RTB_COMPARE_UNJUDGED);
      g_assert_cmpint (other->verdict, ==, RTB_COMPARE_WORSE);
      g_assert_cmpfloat (other->difference, >, 0);
      g_assert_cmpfloat (other->ratio, >, 1);
    }

  /* 1 overflow against none: worse, but no ratio to 0. */
  g_assert_true (rtb_compare_get_cell (compare, 0, 0, RTB_FIGURE_OVERFLOWS)->best);
  g_assert_cmpint (rtb_compare_get_cell (compare, 0, 1, RTB_FIGURE_OVERFLOWS)->verdict, ==,
                   RTB_COMPARE_WORSE);
  g_assert_cmpfloat (rtb_compare_get_cell (compare, 0, 1, RTB_FIGURE_OVERFLOWS)->difference,
                     ==, 1);
  g_assert_true (isnan (rtb_compare_get_cell (compare, 0, 1, RTB_FIGURE_OVERFLOWS)->ratio));

  /* Count is not judged; nobody dropped anything, so dropped is a tie. */
  for (guint r = 0; r < 2; r++)
    {
      g_assert_false (rtb_compare_get_cell (compare, 0, r, RTB_FIGURE_COUNT)->best);
      g_assert_false (rtb_compare_get_cell (compare, 0, r, RTB_FIGURE_DROPPED)->best);
    }
  g_assert_cmpint (rtb_compare_get_cell (compare, 0, 1, RTB_FIGURE_COUNT)->verdict, ==,
                   RTB_COMPARE_UNJUDGED);
  g_assert_cmpint (rtb_compare_get_cell (compare, 0, 1, RTB_FIGURE_DROPPED)->verdict, ==,
                   RTB_COMPARE_SAME);

  const RtbCompareCell *max = rtb_compare_get_cell (compare, 0, 1, RTB_FIGURE_MAX);
  g_assert_cmpfloat (max->value, ==, 2500.0);
  g_assert_cmpfloat (max->difference, ==, 2500.0 - 19.0);
  g_assert_cmpfloat_with_epsilon (max->ratio, 2500.0 / 19.0, 1e-12);
  const RtbCompareCell *min = rtb_compare_get_cell (compare, 0, 1, RTB_FIGURE_MIN);
  g_assert_cmpfloat (min->difference, ==, 20.0);
  g_assert_cmpfloat (min->ratio, ==, 3.0);
  g_assert_cmpfloat (rtb_compare_get_cell (compare, 0, 0, RTB_FIGURE_MIN)->ratio, ==, 1.0);

  /* The other way round the second run is the better one. */
  g_autoptr (RtbCompare) reverse = compare_two (bad, good);
  g_assert_true (rtb_compare_get_cell (reverse, 0, 1, RTB_FIGURE_P99)->best);
  g_assert_cmpint (rtb_compare_get_cell (reverse, 0, 1, RTB_FIGURE_P99)->verdict, ==,
                   RTB_COMPARE_BETTER);
}

/* An osnoise CPU with rtla osnoise top's totals: `single` µs its longest noise, `noise` of
 * 1000000 µs of runtime, `hw` hardware noises. */
static void
set_osnoise (RtbRun *run, guint i, guint64 single, guint64 noise, guint64 hw)
{
  RtbSeries *series = rtb_run_get_series (run, i);

  series->have_osnoise = TRUE;
  series->osnoise = (RtbOsnoiseTotals) {
    .periods = 1, .runtime_us = 1000000, .noise_us = noise, .max_noise_us = noise,
    .max_single_us = single, .counts = { [RTB_OSNOISE_HW] = hw },
  };
}

/* % CPU available is better higher, the max single noise and the counts lower: a run with
 * less noise is better in all three, and best. The pooled row holds the CPUs' totals added up
 * (rtla's rule over the summed runtime and noise). A run without the totals is unknown, never
 * judged. */
static void
test_osnoise_direction (void)
{
  g_autoptr (RtbRun) noisy = test_run_new ("noisy", RTB_METHOD_OSNOISE, 2, 100);
  g_autoptr (RtbRun) quiet = test_run_new ("quiet", RTB_METHOD_OSNOISE, 2, 100);
  g_autoptr (RtbRun) none = test_run_new ("none", RTB_METHOD_OSNOISE, 2, 100);
  g_autoptr (RtbCompare) compare = NULL;
  g_autoptr (RtbCompare) unknown = NULL;
  static const RtbFigure lower[] = { RTB_FIGURE_MAX_SINGLE, RTB_FIGURE_NOISE_HW };
  const RtbCompareCell *cell;
  guint pooled = G_MAXUINT, cpu1 = G_MAXUINT;

  set_osnoise (noisy, 0, 50, 20000, 3);
  set_osnoise (noisy, 1, 40, 10001, 2);
  set_osnoise (quiet, 0, 10, 1000, 0);
  set_osnoise (quiet, 1, 12, 1000, 0);
  compare = compare_two (noisy, quiet);
  g_assert_true (rtb_compare_shows_stat (compare, RTB_FIGURE_CPU_AVAILABLE));
  for (guint row = 0; row < rtb_compare_get_n_rows (compare); row++)
    if (rtb_compare_row_is_pooled (compare, row))
      pooled = row;
    else if (g_str_equal (rtb_compare_get_row_name (compare, row), "CPU1"))
      cpu1 = row;
  g_assert_cmpuint (pooled, !=, G_MAXUINT);
  g_assert_cmpuint (cpu1, !=, G_MAXUINT);

  cell = rtb_compare_get_cell (compare, cpu1, 1, RTB_FIGURE_CPU_AVAILABLE);
  g_assert_cmpfloat (cell->value, ==, 99.9);
  g_assert_cmpint (cell->verdict, ==, RTB_COMPARE_BETTER);
  g_assert_true (cell->best);
  /* (1000000 − 10001) × 10⁷ / 1000000 = 98999900 (cut): 98.99990 %. */
  cell = rtb_compare_get_cell (compare, cpu1, 0, RTB_FIGURE_CPU_AVAILABLE);
  g_assert_cmpfloat (cell->value, ==, 98.9999);
  g_assert_false (cell->best);
  for (guint i = 0; i < G_N_ELEMENTS (lower); i++)
    {
      cell = rtb_compare_get_cell (compare, cpu1, 1, lower[i]);
      g_assert_cmpint (cell->verdict, ==, RTB_COMPARE_BETTER);
      g_assert_true (cell->best);
    }
  /* Swapped, the noisy run is worse in each. */
  g_clear_object (&compare);
  compare = compare_two (quiet, noisy);
  g_assert_cmpint (rtb_compare_get_cell (compare, cpu1, 1, RTB_FIGURE_CPU_AVAILABLE)->verdict, ==,
                   RTB_COMPARE_WORSE);
  g_assert_true (rtb_compare_get_cell (compare, cpu1, 0, RTB_FIGURE_CPU_AVAILABLE)->best);
  for (guint i = 0; i < G_N_ELEMENTS (lower); i++)
    g_assert_cmpint (rtb_compare_get_cell (compare, cpu1, 1, lower[i])->verdict, ==,
                     RTB_COMPARE_WORSE);
  /* Pooled: 2000000 µs of runtime, 30001 of noise: 98.49995 %; 5 HW noises; max single 50. */
  cell = rtb_compare_get_cell (compare, pooled, 1, RTB_FIGURE_CPU_AVAILABLE);
  g_assert_cmpfloat (cell->value, ==, 98.49995);
  g_assert_cmpfloat (rtb_compare_get_cell (compare, pooled, 1, RTB_FIGURE_NOISE_HW)->value, ==,
                     5);
  g_assert_cmpfloat (rtb_compare_get_cell (compare, pooled, 1, RTB_FIGURE_MAX_SINGLE)->value, ==,
                     50);

  /* One CPU of `none` with totals: its pooled row and its other CPU are unknown. */
  set_osnoise (none, 0, 10, 1000, 0);
  unknown = compare_two (quiet, none);
  cell = rtb_compare_get_cell (unknown, cpu1, 1, RTB_FIGURE_CPU_AVAILABLE);
  g_assert_true (isnan (cell->value));
  g_assert_cmpint (cell->verdict, ==, RTB_COMPARE_UNJUDGED);
  g_assert_false (rtb_compare_get_cell (unknown, cpu1, 0, RTB_FIGURE_CPU_AVAILABLE)->best);
  g_assert_true (isnan (rtb_compare_get_cell (unknown, pooled, 1, RTB_FIGURE_NOISE_HW)->value));
}

static void
test_ties_not_marked (void)
{
  g_autoptr (RtbRun) a = test_run_new ("a", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbRun) b = test_run_new ("b", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbRun) c = test_run_new ("c", RTB_METHOD_LATENCY, 1, 1000);

  test_series_fill (rtb_run_get_series (a, 0), 100, 5000, 1000, 10);
  test_series_fill (rtb_run_get_series (b, 0), 100, 5000, 1000, 10);
  /* Only 10 ns more: the same at the printed precision. */
  test_series_fill (rtb_run_get_series (c, 0), 100, 5010, 1000, 10);

  RtbRun *runs[] = { a, b, c };
  g_autoptr (RtbCompare) compare = rtb_compare_new (runs, 3);
  for (RtbFigure stat = 0; stat < RTB_N_FIGURES; stat++)
    for (guint r = 0; r < 3; r++)
      {
        const RtbCompareCell *cell = rtb_compare_get_cell (compare, 0, r, stat);
        g_assert_false (cell->best);
        if (r > 0 && rtb_figure_is_judged (stat) &&
            rtb_figure_applies (stat, RTB_METHOD_LATENCY))
          g_assert_cmpint (cell->verdict, ==, RTB_COMPARE_SAME);
      }
  g_assert_null (rtb_compare_get_notices (compare)[0]);
}

/* The pooled row is what one series holding every value would give. */
static void
test_pooled_exact (void)
{
  g_autoptr (RtbRun) run = test_run_new ("two", RTB_METHOD_LATENCY, 2, 100);
  g_autoptr (RtbRun) one = test_run_new ("one", RTB_METHOD_LATENCY, 1, 100);
  RtbSeries *reference = rtb_run_get_series (one, 0);

  for (guint i = 0; i < 5000; i++)
    {
      gint64 a = 3000 + (gint64) ((i * 7919u) % 50000);  /* 3 … 53 µs */
      gint64 b = 20000 + (gint64) ((i * 104729u) % 200000); /* 20 … 220 µs: overflows */

      test_series_add (rtb_run_get_series (run, 0), a);
      test_series_add (rtb_run_get_series (run, 1), b);
      test_series_add (reference, a);
      test_series_add (reference, b);
    }
  rtb_run_get_series (run, 0)->dropped = 3;
  rtb_run_get_series (run, 1)->dropped = 4;

  g_autoptr (RtbCompare) compare = compare_two (run, one);
  g_assert_cmpuint (rtb_compare_get_n_rows (compare), ==, 3);
  g_assert_true (rtb_compare_row_is_pooled (compare, 0));
  g_assert_cmpstr (rtb_compare_get_row_name (compare, 0), ==, "all CPUs");
  g_assert_cmpstr (rtb_compare_get_row_name (compare, 1), ==, "CPU0");
  g_assert_cmpstr (rtb_compare_get_row_name (compare, 2), ==, "CPU1");
  g_assert_nonnull (rtb_compare_get_series (compare, 1, 1));
  g_assert_null (rtb_compare_get_series (compare, 2, 1));
  g_assert_null (rtb_compare_get_summary (compare, 2, 1));
  g_assert_true (isnan (rtb_compare_get_cell (compare, 2, 1, RTB_FIGURE_MAX)->value));

  RtbSeriesSummary expected;
  rtb_series_get_summary (reference, &expected);
  const RtbSeriesSummary *pooled = rtb_compare_get_summary (compare, 0, 0);
  g_assert_cmpuint (pooled->count, ==, 10000);
  g_assert_cmpuint (pooled->count, ==, expected.count);
  g_assert_cmpfloat (pooled->min_us, ==, expected.min_us);
  g_assert_cmpfloat (pooled->max_us, ==, expected.max_us);
  g_assert_cmpfloat (pooled->avg_us, ==, expected.avg_us);
  g_assert_cmpfloat (pooled->p50_us, ==, expected.p50_us);
  g_assert_cmpfloat (pooled->p99_us, ==, expected.p99_us);
  g_assert_cmpfloat (pooled->p999_us, ==, expected.p999_us);
  g_assert_cmpfloat_with_epsilon (pooled->stddev_us, expected.stddev_us, 1e-9);
  g_assert_cmpuint (pooled->overflows, ==, expected.overflows);
  g_assert_cmpuint (pooled->dropped, ==, 7);

  /* The pooled row of the one-series run is that series. */
  const RtbSeriesSummary *single = rtb_compare_get_summary (compare, 0, 1);
  g_assert_cmpfloat (single->p99_us, ==, expected.p99_us);
  g_assert_cmpuint (single->overflows, ==, expected.overflows);
}

static void
test_rows_matched_by_name (void)
{
  g_autoptr (RtbRun) a = test_run_new ("a", RTB_METHOD_LATENCY, 2, 1000);
  g_autoptr (RtbRun) b = test_run_new ("b", RTB_METHOD_LATENCY, 0, 1000);

  rtb_run_add_series (b, "CPU1", 1);
  rtb_run_add_series (b, "CPU3", 3);
  test_series_fill (rtb_run_get_series (a, 1), 10, 7000, 0, 1);
  test_series_fill (rtb_run_get_series (b, 0), 10, 9000, 0, 1);

  g_autoptr (RtbCompare) compare = compare_two (a, b);
  g_assert_cmpuint (rtb_compare_get_n_rows (compare), ==, 4);
  guint cpu1 = find_row (compare, "CPU1");
  g_assert_cmpfloat (rtb_compare_get_cell (compare, cpu1, 0, RTB_FIGURE_MAX)->value, ==, 7);
  g_assert_cmpfloat (rtb_compare_get_cell (compare, cpu1, 1, RTB_FIGURE_MAX)->value, ==, 9);
  g_assert_true (rtb_compare_get_cell (compare, cpu1, 0, RTB_FIGURE_MAX)->best);
  g_assert_null (rtb_compare_get_series (compare, find_row (compare, "CPU3"), 0));
  g_assert_null (rtb_compare_get_series (compare, find_row (compare, "CPU0"), 1));
  /* An empty series has no values to judge. */
  guint cpu0 = find_row (compare, "CPU0");
  g_assert_true (isnan (rtb_compare_get_cell (compare, cpu0, 0, RTB_FIGURE_MAX)->value));
  g_assert_false (rtb_compare_get_cell (compare, cpu0, 0, RTB_FIGURE_MAX)->best);
}

static void
test_system_diff (void)
{
  g_autoptr (RtbRun) a = test_run_new ("linuxcnc", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbRun) b = test_run_new ("rpios", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbSystemInfo) system = rtb_system_info_copy (rtb_run_get_system (b));

  g_free (system->kernel_release);
  system->kernel_release = g_strdup ("6.1.0-rpi7-rpi-v8");
  system->preempt_rt = FALSE;
  rtb_run_set_system (b, g_steal_pointer (&system));
  rtb_run_set_load (b, "cpu");

  g_autoptr (RtbCompare) compare = compare_two (a, b);
  const char *differing[] = { "kernel", "preempt_rt", "load", NULL };
  guint n_differ = 0;

  for (guint i = 0; i < rtb_compare_get_n_system_rows (compare); i++)
    {
      const RtbCompareSystemRow *row = rtb_compare_get_system_row (compare, i);
      gboolean expected = g_strv_contains (differing, row->key);

      g_test_message ("%s: %s | %s", row->key, row->values[0], row->values[1]);
      g_assert_cmpint (row->differs, ==, expected);
      n_differ += row->differs;
    }
  g_assert_cmpuint (n_differ, ==, 3);

  const RtbCompareSystemRow *rt = rtb_compare_find_system_row (compare, "preempt_rt");
  g_assert_cmpstr (rt->values[0], ==, "yes");
  g_assert_cmpstr (rt->values[1], ==, "no");
  g_assert_cmpstr (rtb_compare_find_system_row (compare, "isolcpus")->values[0], ==, "2,3");
  g_assert_cmpstr (rtb_compare_find_system_row (compare, "nohz_full")->values[0], ==, "none");
  g_assert_cmpstr (rtb_compare_find_system_row (compare, "load")->values[1], ==, "cpu");
  /* The kernel's words said plainly, as the window and the CLI say them. */
  g_assert_cmpstr (rtb_compare_find_system_row (compare, "smt")->values[0], ==,
                   "not supported by this CPU");
  g_assert_cmpstr (rtb_compare_find_system_row (compare, "governor")->values[0], ==,
                   "performance");
  g_assert_nonnull (strstr (rtb_compare_find_system_row (compare, "parameters")->values[0],
                            "interval_us=1000"));
  for (const char **key = (const char *[]) { "hostname", "machine", "cpu_model", "n_cpus",
                                             "governor", "smt", "method", "source", NULL };
       *key != NULL; key++)
    g_assert_nonnull (rtb_compare_find_system_row (compare, *key));
  g_assert_null (rtb_compare_find_system_row (compare, "nonsense"));
  /* Nothing about the method differs: no notices. */
  g_assert_null (rtb_compare_get_notices (compare)[0]);
}

static gboolean
has_notice (RtbCompare *compare, const char *text)
{
  const char * const *notices = rtb_compare_get_notices (compare);

  for (guint i = 0; notices[i] != NULL; i++)
    {
      g_test_message ("notice: %s", notices[i]);
      if (strstr (notices[i], text) != NULL)
        return TRUE;
    }
  return FALSE;
}

static void
test_notices (void)
{
  g_autoptr (RtbRun) latency = test_run_new ("lat", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbRun) response = test_run_new ("resp", RTB_METHOD_RESPONSE, 1, 0);
  g_autoptr (RtbCompare) methods = compare_two (latency, response);

  g_assert_true (has_notice (methods, "runs use different methods: latency vs response — "
                                      "compare with care"));
  g_assert_true (rtb_compare_find_system_row (methods, "method")->differs);

  RtbCommand command = *rtb_run_get_command (latency);
  command.latency.interval_us = 200;
  command.latency.histogram_us = 400;
  command.duration_ns = 60 * G_GUINT64_CONSTANT (1000000000);
  g_autoptr (RtbRun) fast = rtb_run_new (&command);
  rtb_run_set_label (fast, "fast");
  g_autoptr (RtbCompare) params = compare_two (latency, fast);
  g_assert_true (has_notice (params, "different intervals: 1000 µs vs 200 µs"));
  g_assert_true (has_notice (params, "different histogram limits: 1000 µs vs 400 µs"));
  g_assert_true (has_notice (params, "different durations: 10 s vs 1 min"));
  g_assert_false (has_notice (params, "methods"));
  g_assert_false (has_notice (params, "scheduling"));

  /* An imported run states few parameters: its defaults are not compared, and only what it
   * states is shown. */
  rtb_run_set_source (fast, "imported from cyclictest 2.7+ text: x.txt");
  rtb_run_set_stated (fast, RTB_RUN_STATED_INTERVAL);
  g_autoptr (RtbCompare) imported = compare_two (latency, fast);
  g_assert_false (has_notice (imported, "different intervals"));
  g_assert_true (has_notice (imported, "fast was imported (cyclictest 2.7+ text: x.txt)"));
  g_assert_cmpstr (rtb_compare_find_system_row (imported, "parameters")->values[1], ==,
                   "interval_us=200 histogram_us=400");
}

/* A run meets cyclictest like with like: compared with its own cyclictest export, imported
 * back, every figure is the same, where the exact figures differ by the truncation. */
static void
test_cyclictest_like_with_like (void)
{
  g_autoptr (RtbRun) measured = test_run_new ("measured", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr (RtbRun) imported = NULL;
  g_autoptr (RtbCompare) compare = NULL;
  RtbSeriesSummary exact;
  guint row;

  for (guint i = 0; i < 5000; i++)
    test_series_add (rtb_run_get_series (measured, 0), 3000 + (gint64) ((i * 7919) % 9000));
  text = rtb_cyclictest_export (measured, RTB_CYCLICTEST_LAYOUT_2_7, &error);
  g_assert_no_error (error);
  imported = rtb_import_data ((const guint8 *) text, strlen (text), "ct.txt", NULL, NULL,
                              &error);
  g_assert_no_error (error);

  compare = compare_two (measured, imported);
  g_assert_true (rtb_compare_uses_cyclictest_figures (compare));
  g_assert_true (has_notice (compare, "ct comes from cyclictest: every run is shown as "
                                      "cyclictest computes it"));
  g_assert_true (has_notice (compare, "cyclictest's \"# Total\" leaves them out"));
  /* Its series is T0 (the text does not say the CPU): the pooled row meets CPU0. */
  row = find_row (compare, "all CPUs");
  for (RtbFigure stat = RTB_FIGURE_MIN; stat <= RTB_FIGURE_P999; stat++)
    {
      const RtbCompareCell *cell = rtb_compare_get_cell (compare, row, 1, stat);

      g_test_message ("%s: %g vs %g", rtb_figure_key (stat),
                      rtb_compare_get_cell (compare, row, 0, stat)->value, cell->value);
      g_assert_cmpfloat (cell->difference, ==, 0);
      g_assert_cmpint (cell->verdict, ==, RTB_COMPARE_SAME);
    }
  /* The exact figures are not cyclictest's: its average is lower by the truncation. */
  rtb_series_get_summary (rtb_run_get_series (measured, 0), &exact);
  g_assert_cmpfloat (exact.avg_us, >,
                     rtb_compare_get_cell (compare, row, 0, RTB_FIGURE_AVG)->value + 0.4);

  /* Without a cyclictest run, the exact figures. */
  g_autoptr (RtbRun) other = test_run_new ("other", RTB_METHOD_LATENCY, 1, 1000);
  test_series_add (rtb_run_get_series (other, 0), 5500);
  g_autoptr (RtbCompare) plain = compare_two (measured, other);
  g_assert_false (rtb_compare_uses_cyclictest_figures (plain));
  g_assert_false (has_notice (plain, "cyclictest"));
  g_assert_cmpfloat (rtb_compare_get_cell (plain, find_row (plain, "CPU0"), 0,
                                           RTB_FIGURE_AVG)->value, ==, exact.avg_us);
}

static void
test_unique_names (void)
{
  g_autoptr (RtbRun) a = test_run_new ("latency on rpi4", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbRun) b = test_run_new ("latency on rpi4", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbRun) c = test_run_new ("latency on rpi4", RTB_METHOD_LATENCY, 1, 1000);
  RtbRun *runs[] = { a, b, c };
  g_autoptr (RtbCompare) compare = rtb_compare_new (runs, 3);

  g_assert_cmpstr (rtb_compare_get_run_name (compare, 0), ==, "latency on rpi4");
  g_assert_cmpstr (rtb_compare_get_run_name (compare, 1), ==, "latency on rpi4 (2)");
  g_assert_cmpstr (rtb_compare_get_run_name (compare, 2), ==, "latency on rpi4 (3)");
  g_assert_true (rtb_compare_get_run (compare, 2) == c);
}

/* Runs of the same label are named by what sets them apart, in the table and the legends. */
static void
test_names_tell_apart (void)
{
  g_autoptr (RtbRun) idle = test_run_new ("latency on vm", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbRun) loaded = test_run_new ("latency on vm", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbRun) other = test_run_new ("other", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbRun) fast = NULL;
  g_autoptr (RtbRun) clash = test_run_new ("latency on vm (idle)", RTB_METHOD_LATENCY, 1, 1000);
  RtbRun *two[] = { idle, loaded };
  RtbRun *mixed[] = { idle, loaded, clash, other };
  g_autoptr (RtbCompare) compare = NULL;
  g_autoptr (GPtrArray) names = NULL;
  RtbCommand cmd = *rtb_run_get_command (idle);
  RtbPlotSeries series[4];
  g_autoptr (GPtrArray) legend = g_ptr_array_new_with_free_func (g_free);

  rtb_run_set_load (loaded, "full");
  compare = rtb_compare_new (two, 2);
  g_assert_cmpstr (rtb_compare_get_run_name (compare, 0), ==, "latency on vm (idle)");
  g_assert_cmpstr (rtb_compare_get_run_name (compare, 1), ==, "latency on vm (full load)");
  g_assert_cmpuint (rtb_plot_run_series (two, 2, -1, series, 4, legend), ==, 2);
  g_assert_cmpstr (series[0].name, ==, "latency on vm (idle): CPU0");
  g_assert_cmpstr (series[1].name, ==, "latency on vm (full load): CPU0");

  /* A name that reads like another run's label is numbered; a label of its own stays. */
  names = rtb_label_unique (mixed, 4);
  g_assert_cmpstr (names->pdata[0], ==, "latency on vm (idle)");
  g_assert_cmpstr (names->pdata[1], ==, "latency on vm (full load)");
  g_assert_cmpstr (names->pdata[2], ==, "latency on vm (idle) (2)");
  g_assert_cmpstr (names->pdata[3], ==, "other");
  g_clear_pointer (&names, g_ptr_array_unref);

  /* Only what differs is named: here the interval, and the machine one run does not know. */
  cmd.latency.interval_us = 100;
  fast = rtb_run_new (&cmd);
  rtb_run_set_label (fast, "latency on vm");
  rtb_run_set_load (fast, "none");
  names = rtb_label_unique ((RtbRun *[]) { idle, fast }, 2);
  g_assert_cmpstr (names->pdata[0], ==, "latency on vm (latency 1000 µs, rpi4)");
  g_assert_cmpstr (names->pdata[1], ==, "latency on vm (latency 100 µs, machine unknown)");
}

/* Runs that differ in how long they were set to last are named by it, not by their start. */
static void
test_names_by_duration (void)
{
  g_autoptr (RtbRun) a = NULL, b = NULL, c = NULL;
  g_autoptr (GPtrArray) names = NULL;
  g_autofree char *facets = NULL;
  RtbCommand cmd;

  rtb_command_defaults (&cmd, RTB_METHOD_LATENCY, 4);
  cmd.duration_ns = 10 * G_GUINT64_CONSTANT (1000000000);
  a = rtb_run_new (&cmd);
  rtb_run_set_label (a, "latency, vm");
  cmd.duration_ns = 600 * G_GUINT64_CONSTANT (1000000000);
  b = rtb_run_new (&cmd);
  rtb_run_set_label (b, "latency, vm");
  cmd.duration_ns = 0;
  c = rtb_run_new (&cmd);
  rtb_run_set_label (c, "latency, vm");
  names = rtb_label_unique ((RtbRun *[]) { a, b, c }, 3);
  g_assert_cmpstr (names->pdata[0], ==, "latency, vm (10 s)");
  g_assert_cmpstr (names->pdata[1], ==, "latency, vm (10 min)");
  g_assert_cmpstr (names->pdata[2], ==, "latency, vm (until stopped)");

  /* What the compare dialog shows of each: every facet known, the unknown left out. */
  facets = rtb_label_facets (b, " · ");
  g_assert_cmpstr (facets, ==, "latency 1000 µs · 10 min · all CPUs · priority 99 · idle");
}

static GPtrArray *
fixture_checks (const char *name, const char *cpus)
{
  g_autofree char *root = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), name, NULL);
  g_autoptr (GHashTable) snapshot = rtb_system_snapshot_read (root);
  uint64_t set[RTB_MAX_CPUS / 64];
  RtbChecklistFor what = { set, 99, NULL };

  g_assert_true (rtb_cpu_list_parse (cpus, set, RTB_MAX_CPUS, NULL));
  return rtb_checklist_evaluate (snapshot, &what);
}

/* The checks whose "explains" flag is set, in the system rows' order. */
static char *
explaining_rows (RtbCompare *compare)
{
  GString *ids = g_string_new (NULL);

  for (guint i = 0; i < rtb_compare_get_n_system_rows (compare); i++)
    {
      const RtbCompareSystemRow *row = rtb_compare_get_system_row (compare, i);

      g_assert_true (!row->explains || (row->checklist && row->differs));
      if (row->explains)
        g_string_append_printf (ids, "%s%s", ids->len > 0 ? " " : "", row->key);
    }
  return g_string_free (ids, FALSE);
}

/* The runs' checklists lined up; the differences that most likely explain why one run's worst
 * case is worse are named: the worse run's status worse than the better's, the widest gap
 * (bad against good) first, then the model's order. */
static void
test_checklists (void)
{
  g_autoptr (RtbRun) pi = test_run_new ("pi", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbRun) desktop = test_run_new ("desktop", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbRun) same = test_run_new ("same", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbRun) imported = test_run_new ("imported", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbCompare) compare = NULL;
  g_autoptr (RtbCompare) reversed = NULL;
  g_autoptr (RtbCompare) equal = NULL;
  g_autoptr (RtbCompare) with_import = NULL;
  g_autofree char *explaining = NULL;
  g_autofree char *explaining_reversed = NULL;
  const RtbCompareSystemRow *row;

  /* pi: 10…19 µs; desktop and imported: 30…119 µs; same: pi's figures */
  test_series_fill (rtb_run_get_series (pi, 0), 1000, 10000, 1000, 10);
  test_series_fill (rtb_run_get_series (same, 0), 1000, 10000, 1000, 10);
  test_series_fill (rtb_run_get_series (desktop, 0), 1000, 30000, 1000, 90);
  test_series_fill (rtb_run_get_series (imported, 0), 1000, 30000, 1000, 90);
  rtb_run_set_checks (pi, fixture_checks ("sysroot-rpi4-rt", "3"));
  rtb_run_set_checks (same, fixture_checks ("sysroot-x86-desktop", "1"));
  rtb_run_set_checks (desktop, fixture_checks ("sysroot-x86-desktop", "1"));
  compare = compare_two (pi, desktop);
  row = rtb_compare_find_system_row (compare, "kernel.preemption");
  g_assert_nonnull (row);
  g_assert_true (row->checklist);
  /* Statuses stay the same words for scripts; people read them in their language. */
  g_assert_cmpstr (row->values[0], ==, "good");
  g_assert_cmpstr (row->values[1], ==, "bad");
  g_assert_true (row->differs);
  row = rtb_compare_find_system_row (compare, "kernel.clocksource");
  g_assert_cmpstr (row->values[1], ==, "good");
  g_assert_false (row->differs);
  g_assert_false (row->explains);
  row = rtb_compare_find_system_row (compare, "cpus.isolated");
  g_assert_cmpstr (row->values[1], ==, "could-be-better");
  g_assert_cmpstr (rtb_compare_system_row_label (row, 1), ==, "could be better");
  g_assert_false (rtb_compare_find_system_row (compare, "kernel")->checklist);

  /* Bad against good twice: the kernel, then the other real-time tasks; cpus.isolated (could
   * be better against good) comes after them and is left out. */
  explaining = explaining_rows (compare);
  g_assert_cmpstr (explaining, ==, "kernel.preemption sched.rt_tasks");
  g_assert_true (has_notice (compare, "kernel.preemption likely explains part of why desktop is "
                                      "worse than pi (desktop: dynamic preemption"));
  g_assert_true (has_notice (compare, "sched.rt_tasks likely explains part of why desktop is "
                                      "worse than pi (desktop: "));
  g_assert_false (has_notice (compare, "cpus.isolated likely explains"));

  /* The baseline may be the worse run: the same items. */
  reversed = compare_two (desktop, pi);
  explaining_reversed = explaining_rows (reversed);
  g_assert_cmpstr (explaining_reversed, ==, explaining);
  g_assert_true (has_notice (reversed, "kernel.preemption likely explains part of why desktop is "
                                       "worse than pi (desktop: "));

  /* Checklists differ, worst cases do not: nothing to explain. */
  equal = compare_two (pi, same);
  g_assert_true (rtb_compare_find_system_row (equal, "kernel.preemption")->differs);
  g_assert_false (has_notice (equal, "likely explains"));
  g_assert_false (rtb_compare_find_system_row (equal, "kernel.preemption")->explains);

  /* A run without a checklist shows "-" and explains nothing. */
  with_import = compare_two (pi, imported);
  row = rtb_compare_find_system_row (with_import, "kernel.preemption");
  g_assert_cmpstr (row->values[1], ==, "-");
  g_assert_cmpstr (rtb_compare_system_row_label (row, 1), ==, "-");
  g_assert_false (has_notice (with_import, "likely explains"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/compare/worse-run-marked", test_worse_run_marked);
  g_test_add_func ("/compare/ties-not-marked", test_ties_not_marked);
  g_test_add_func ("/compare/pooled-exact", test_pooled_exact);
  g_test_add_func ("/compare/rows-matched-by-name", test_rows_matched_by_name);
  g_test_add_func ("/compare/system-diff", test_system_diff);
  g_test_add_func ("/compare/notices", test_notices);
  g_test_add_func ("/compare/cyclictest-like-with-like", test_cyclictest_like_with_like);
  g_test_add_func ("/compare/checklists", test_checklists);
  g_test_add_func ("/compare/unique-names", test_unique_names);
  g_test_add_func ("/compare/names-tell-apart", test_names_tell_apart);
  g_test_add_func ("/compare/names-by-duration", test_names_by_duration);
  g_test_add_func ("/compare/osnoise-direction", test_osnoise_direction);
  return g_test_run ();
}
