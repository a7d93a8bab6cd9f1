/* SPDX-License-Identifier: GPL-3.0-or-later */
/* CSV tables and the cyclictest text export, read back as a spreadsheet or rtbench would. */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "rtb-csv.h"
#include "rtb-cyclictest-export.h"
#include "rtb-import.h"
#include "rtb-test-run.h"

/* A small RFC 4180 reader: a table of rows of fields (GStrv each). */
static GPtrArray *
parse_csv (const char *text)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr (GPtrArray) fields = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) field = g_string_new (NULL);
  gboolean quoted = FALSE, was_quoted = FALSE;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (quoted)
        {
          if (*p == '"' && p[1] == '"')
            g_string_append_c (field, *p++);
          else if (*p == '"')
            quoted = FALSE;
          else
            g_string_append_c (field, *p);
          continue;
        }
      if (*p == '"')
        {
          g_assert_cmpuint (field->len, ==, 0);
          quoted = was_quoted = TRUE;
        }
      else if (*p == ',' || *p == '\n')
        {
          g_ptr_array_add (fields, g_strdup (field->str));
          g_string_truncate (field, 0);
          was_quoted = FALSE;
          if (*p == '\n')
            {
              g_ptr_array_add (fields, NULL);
              g_ptr_array_set_free_func (fields, NULL);
              g_ptr_array_add (rows, g_ptr_array_free (g_steal_pointer (&fields), FALSE));
              fields = g_ptr_array_new_with_free_func (g_free);
            }
        }
      else
        {
          g_assert_false (was_quoted);
          g_assert_true (*p != '\r');
          g_string_append_c (field, *p);
        }
    }
  g_assert_false (quoted);
  g_assert_cmpuint (fields->len, ==, 0); /* the last line ends with "\n" */
  return rows;
}

static double
number (const char *field)
{
  char *end = NULL;
  double v;

  if (*field == '\0')
    return NAN;
  v = g_ascii_strtod (field, &end);
  g_assert_true (*end == '\0');
  return v;
}

static void
test_quote (void)
{
  g_autoptr (GString) line = g_string_new (NULL);

  rtb_csv_append_field (line, "plain µs");
  g_string_append_c (line, ',');
  rtb_csv_append_field (line, "a, \"b\"");
  g_string_append_c (line, ',');
  rtb_csv_append_field (line, " edge");
  g_string_append_c (line, ',');
  rtb_csv_append_field (line, "two\nlines");
  g_string_append_c (line, ',');
  rtb_csv_append_field (line, NULL);
  g_assert_cmpstr (line->str, ==, "plain µs,\"a, \"\"b\"\"\",\" edge\",\"two\nlines\",");
}

/* OWASP's CSV injection cases: what a spreadsheet would run is written as text, numbers stay
 * numbers. */
static void
test_formula_field (void)
{
  static const struct {
    const char *field;
    const char *written;
  } cases[] = {
    { "=cmd|' /C calc'!A0", "\"'=cmd|' /C calc'!A0\"" },
    { "+SUM(A1:A9)", "\"'+SUM(A1:A9)\"" },
    { "-2+3+cmd|' /C calc'!A0", "\"'-2+3+cmd|' /C calc'!A0\"" },
    { "@SUM(1+1)", "\"'@SUM(1+1)\"" },
    { "\t=1", "\"'\t=1\"" },
    { "\r=1", "\"'\r=1\"" },
    { "=\"quoted\"", "\"'=\"\"quoted\"\"\"" },
    { "-1.250", "-1.250" },
    { "-3", "-3" },
    { "-", "\"'-\"" },
    { "a=b", "a=b" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GString) line = g_string_new (NULL);

      rtb_csv_append_field (line, cases[i].field);
      g_assert_cmpstr (line->str, ==, cases[i].written);
    }
}

/* A label and series names made to be run by a spreadsheet, in every table: the cells hold
 * them as text, and the signed values of a jitter run stay numbers. */
static void
test_formula_tables (void)
{
  g_autoptr (RtbRun) run = test_run_new ("=cmd|' /C calc'!A0", RTB_METHOD_JITTER, 2, 0);
  RtbRun *runs[] = { run, run };
  g_autofree char *summary = NULL, *histogram = NULL, *series = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  GStrv header, first;

  g_free (rtb_run_get_series (run, 0)->name);
  rtb_run_get_series (run, 0)->name = g_strdup ("+SUM(A1:A9)");
  g_free (rtb_run_get_series (run, 1)->name);
  rtb_run_get_series (run, 1)->name = g_strdup ("@user");
  for (guint s = 0; s < 2; s++)
    test_series_fill (rtb_run_get_series (run, s), 100, -1250, 500, 7);

  summary = rtb_csv_summary (runs, 1);
  rows = parse_csv (summary);
  header = rows->pdata[0];
  first = rows->pdata[1];
  g_assert_cmpstr (header[0], ==, "run");
  g_assert_cmpstr (first[0], ==, "'=cmd|' /C calc'!A0");
  g_assert_cmpstr (first[1], ==, "'+SUM(A1:A9)");
  g_assert_cmpstr (((GStrv) rows->pdata[2])[1], ==, "'@user");
  g_assert_cmpstr (header[4], ==, "min_us");
  g_assert_cmpstr (first[4], ==, "-1.250");
  g_assert_nonnull (strstr (summary, ",-1.250,"));
  g_clear_pointer (&rows, g_ptr_array_unref);

  histogram = rtb_csv_histogram (runs, 1);
  rows = parse_csv (histogram);
  g_assert_cmpstr (((GStrv) rows->pdata[0])[1], ==, "'=cmd|' /C calc'!A0 +SUM(A1:A9)");
  g_assert_cmpstr (((GStrv) rows->pdata[1])[0], ==, "-2");
  g_clear_pointer (&rows, g_ptr_array_unref);

  series = rtb_csv_series (runs, 2);
  rows = parse_csv (series);
  g_assert_cmpstr (((GStrv) rows->pdata[1])[0], ==, "'=cmd|' /C calc'!A0");
  g_assert_cmpstr (((GStrv) rows->pdata[1])[4], ==, "-1.250");
}

static RtbRun *
sample_run (const char *label, guint n_series, guint64 seed)
{
  RtbRun *run = test_run_new (label, RTB_METHOD_LATENCY, n_series, 200);

  for (guint s = 0; s < n_series; s++)
    for (guint i = 0; i < 3000; i++)
      {
        guint64 x = (i + 1) * 2654435761u + seed * 97 + s * 31;
        gint64 value = 2000 + (gint64) (x % 60000);

        if (i % 997 == 0)
          value = 250000 + (gint64) (x % 1000); /* an overflow now and then */
        test_series_add (rtb_run_get_series (run, s), value);
      }
  return run;
}

static void
test_summary_roundtrip (void)
{
  g_autoptr (RtbRun) a = sample_run ("Pi, \"RT\"", 2, 1);
  g_autoptr (RtbRun) b = sample_run ("PC", 1, 2);
  RtbRun *runs[] = { a, b };
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  const char *header[] = { "run", "series", "cpu", "count", "min_us", "avg_us", "max_us", "p50_us",
                           "p90_us", "p95_us", "p99_us", "p999_us", "p9999_us", "stddev_us",
                           "rms_us", "max_abs_us", "p95_abs_us", "p99_abs_us", "min_interval_us",
                           "max_interval_us", "max_jitter_us", "overruns", "skipped",
                           "max_single_us", "cpu_available_pct", "noise_hw", "noise_nmi",
                           "noise_irq", "noise_softirq", "noise_thread", "noise_hw_us",
                           "noise_nmi_us", "noise_irq_us", "noise_softirq_us", "noise_thread_us",
                           "gaps", "nmi_windows", "nmi_count", "nmi_us", "overflows",
                           "dropped",
                           "resolution_ns", "percentile_error_pct", "stddev_partial", NULL };

  /* A comma as the decimal separator must not leak into the file. */
  if (setlocale (LC_NUMERIC, "de_DE.UTF-8") == NULL)
    setlocale (LC_NUMERIC, "fr_FR.UTF-8");
  text = rtb_csv_summary (runs, 2);
  setlocale (LC_NUMERIC, "C");

  rows = parse_csv (text);
  g_assert_cmpuint (rows->len, ==, 4);
  g_assert_true (g_strv_equal (rows->pdata[0], header));

  guint line = 1;
  for (guint r = 0; r < 2; r++)
    for (guint i = 0; i < rtb_run_get_n_series (runs[r]); i++, line++)
      {
        char **fields = rows->pdata[line];
        RtbSeries *series = rtb_run_get_series (runs[r], i);
        RtbSeriesSummary s;

        rtb_series_get_summary (series, &s);
        g_assert_cmpuint (g_strv_length (fields), ==, 3 + RTB_N_FIGURES + 3);
        g_assert_cmpstr (fields[0], ==, rtb_run_get_label (runs[r]));
        g_assert_cmpstr (fields[1], ==, series->name);
        g_assert_cmpfloat (number (fields[2]), ==, series->cpu);
        for (RtbFigure stat = 0; stat < RTB_N_FIGURES; stat++)
          {
            double expected = rtb_figure_value (stat, &s);

            /* A figure the method does not have (LinuxCNC's, of a latency run) is empty. */
            if (isnan (expected))
              g_assert_cmpstr (fields[3 + stat], ==, "");
            /* Exact to the printed precision: whole counts, nanoseconds. */
            else if (rtb_figure_is_integer (stat))
              g_assert_cmpfloat (number (fields[3 + stat]), ==, expected);
            else
              g_assert_cmpfloat_with_epsilon (number (fields[3 + stat]), expected, 0.0005 + 1e-9);
          }
        g_assert_cmpstr (fields[3 + RTB_N_FIGURES], ==, "1");
        g_assert_cmpstr (fields[4 + RTB_N_FIGURES], ==, "0.049");
        g_assert_cmpstr (fields[5 + RTB_N_FIGURES], ==, "false");
      }
}

/* The summary CSV of a run of two series: each of `keys` in its column, the first series'
 * `fields`, the second's empty. */
static void
check_columns (RtbRun *run, const char *const *keys, const char *const *fields, guint n)
{
  g_autofree char *text = rtb_csv_summary (&run, 1);
  g_autoptr (GPtrArray) rows = parse_csv (text);

  g_assert_cmpuint (rows->len, ==, 3);
  for (guint k = 0; k < n; k++)
    {
      char **header = rows->pdata[0];
      guint column = 0;

      while (header[column] != NULL && g_strcmp0 (header[column], keys[k]) != 0)
        column++;
      g_assert_nonnull (header[column]);
      g_assert_cmpstr (((char **) rows->pdata[1])[column], ==, fields[k]);
      g_assert_cmpstr (((char **) rows->pdata[2])[column], ==, "");
    }
}

/* osnoise's columns: rtla osnoise top's Max Single (µs to the nanosecond), % CPU Aval to rtla's
 * 0.00001 % and the counts by source, whole, the durations by source to the nanosecond, empty
 * when unknown; empty for a CPU without the totals. */
static void
test_summary_osnoise (void)
{
  g_autoptr (RtbRun) run = test_run_new ("osnoise", RTB_METHOD_OSNOISE, 2, 100);
  RtbSeries *cpu0 = rtb_run_get_series (run, 0);
  static const char * const keys[] = {
    "max_single_us", "cpu_available_pct", "noise_hw", "noise_nmi", "noise_irq", "noise_softirq",
    "noise_thread", "noise_hw_us", "noise_nmi_us", "noise_irq_us", "noise_softirq_us",
    "noise_thread_us",
  };
  static const char * const cpu0_fields[] = {
    "37380.000", "7.73397", "514", "0", "742", "0", "337", "1234.567", "", "7.001", "0.000", "",
  };

  /* CPU0 of rtla61real-osnoise-top-q-d5.txt. */
  cpu0->have_osnoise = TRUE;
  cpu0->osnoise = (RtbOsnoiseTotals) {
    .periods = 5, .runtime_us = 5027231, .noise_us = 4638426, .max_noise_us = 938216,
    .max_single_us = 37380, .counts = { 514, 0, 742, 0, 337 },
    /* rtla gives no durations: these stand for a run of rtbench's, the NMIs' and the threads'
     * unknown */
    .durations_ns = { 1234567, 0, 7001, 0, 99 }, .durations_known = 0x0d,
  };
  check_columns (run, keys, cpu0_fields, G_N_ELEMENTS (keys));
}

/* hwlat's columns: a CPU's gaps and NMIs, whole, on its latency series; empty where unknown
 * (NMIs without their time) and on a series without them (inner). */
static void
test_summary_hwlat (void)
{
  g_autoptr (RtbRun) run = test_run_new ("hwlat", RTB_METHOD_HWLAT, 2, 100);
  static const char * const keys[] = { "gaps", "nmi_windows", "nmi_count", "nmi_us" };
  static const char * const cpu0_fields[] = { "702", "3", "5", "" };

  rtb_run_get_series (run, 0)->hwlat = (RtbHwlatTotals) {
    .known = TRUE, .gaps_known = TRUE, .nmi_known = TRUE, .gaps = 702, .nmi_windows = 3,
    .nmi_count = 5,
  };
  check_columns (run, keys, cpu0_fields, G_N_ELEMENTS (keys));
}

static void
test_histogram_columns (void)
{
  g_autoptr (RtbRun) a = sample_run ("A", 2, 3);
  g_autoptr (RtbRun) b = sample_run ("B", 2, 4);
  RtbRun *runs[] = { a, b };
  g_autofree char *text = rtb_csv_histogram (runs, 2);
  g_autoptr (GPtrArray) rows = parse_csv (text);
  const char *header[] = { "bucket_us", "A CPU0", "A CPU1", "B CPU0", "B CPU1", NULL };
  guint64 sums[4] = { 0 };
  double last = -1;

  g_assert_true (g_strv_equal (rows->pdata[0], header));
  for (guint i = 1; i + 1 < rows->len; i++)
    {
      char **fields = rows->pdata[i];
      guint64 row_sum = 0;

      g_assert_cmpfloat (number (fields[0]), >, last);
      last = number (fields[0]);
      for (guint c = 0; c < 4; c++)
        {
          guint64 v = (guint64) number (fields[c + 1]);
          RtbHistogram *h = &rtb_run_get_series (runs[c / 2], c % 2)->histogram;

          g_assert_cmpuint (v, ==, h->counts[(gint64) last - h->lo_us]);
          sums[c] += v;
          row_sum += v;
        }
      g_assert_cmpuint (row_sum, >, 0);
    }
  char **overflows = rows->pdata[rows->len - 1];
  g_assert_cmpstr (overflows[0], ==, "overflows");
  for (guint c = 0; c < 4; c++)
    {
      RtbSeries *series = rtb_run_get_series (runs[c / 2], c % 2);
      guint64 n_over = (guint64) number (overflows[c + 1]);

      g_assert_cmpuint (n_over, ==, rtb_histogram_overflows (&series->histogram));
      g_assert_cmpuint (n_over, >, 0);
      g_assert_cmpuint (sums[c] + n_over, ==, series->histogram.stats.count);
    }
}

static void
test_series_exact (void)
{
  g_autoptr (RtbRun) run = test_run_new ("short", RTB_METHOD_LATENCY, 1, 1000);
  const gint64 values[] = { 12345, 20000, 7001, 150000 };
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  double sum = 0;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    test_series_add (rtb_run_get_series (run, 0), values[i]);
  text = rtb_csv_series (&run, 1);
  rows = parse_csv (text);
  g_assert_cmpstr (((char **) rows->pdata[0])[2], ==, "index");
  g_assert_cmpuint (rows->len, ==, 1 + G_N_ELEMENTS (values));
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      char **f = rows->pdata[i + 1];

      sum += values[i] / 1000.0;
      g_assert_cmpstr (f[0], ==, "short");
      g_assert_cmpstr (f[1], ==, "CPU0");
      g_assert_cmpfloat (number (f[2]), ==, i);
      g_assert_cmpfloat (number (f[3]), ==, 1);
      g_assert_cmpfloat (number (f[4]), ==, values[i] / 1000.0);
      g_assert_cmpfloat (number (f[5]), ==, values[i] / 1000.0);
      g_assert_cmpfloat (number (f[6]), ==, values[i] / 1000.0);
      g_assert_cmpfloat_with_epsilon (number (f[7]), sum / (i + 1), 0.0005 + 1e-9);
    }
}

static void
test_compare_table (void)
{
  g_autoptr (RtbRun) a = sample_run ("base", 1, 5);
  g_autoptr (RtbRun) b = test_run_new ("slow", RTB_METHOD_LATENCY, 1, 200);
  RtbRun *runs[] = { a, b };

  test_series_fill (rtb_run_get_series (b, 0), 3000, 90000, 1000, 100);
  g_autoptr (RtbCompare) compare = rtb_compare_new (runs, 2);
  g_autofree char *text = rtb_csv_compare (compare);
  g_autoptr (GPtrArray) rows = parse_csv (text);
  const char *header[] = { "series", "statistic", "base", "slow", "slow - base", "slow / base",
                           "best", "partial", NULL };

  guint line = 1, p50_line = 0;

  g_assert_true (g_strv_equal (rows->pdata[0], header));
  /* The statistics of latency runs: no RMS or |error| lines, which are the timer's, nor
   * intervals, max jitter or overruns, which are the jitter method's, nor the max single noise,
   * % CPU available and noises by source and their durations, which are osnoise's, nor hwlat's gaps and NMIs. */
  g_assert_cmpuint (rows->len, ==, 1 + RTB_N_FIGURES - 24);
  for (RtbFigure stat = 0; stat < RTB_N_FIGURES; stat++)
    {
      char **f;
      const RtbCompareCell *cell = rtb_compare_get_cell (compare, 0, 1, stat);

      if (!rtb_compare_shows_stat (compare, stat))
        continue;
      if (stat == RTB_FIGURE_P50)
        p50_line = line;
      f = rows->pdata[line++];

      g_assert_cmpstr (f[0], ==, "CPU0");
      g_assert_cmpstr (f[1], ==, rtb_figure_key (stat));
      if (isnan (cell->difference))
        g_assert_cmpstr (f[4], ==, "");
      else
        g_assert_cmpfloat_with_epsilon (number (f[4]), cell->difference, 0.0005);
    }
  /* p50: 90+ µs against a few tens: base is better. Count: not judged. */
  g_assert_cmpstr (((char **) rows->pdata[p50_line])[6], ==, "base");
  g_assert_cmpstr (((char **) rows->pdata[1 + RTB_FIGURE_COUNT])[6], ==, "");
}

static void
test_write_atomic (void)
{
  g_autofree char *dir = g_dir_make_tmp ("rtb-csv-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "t.csv", NULL);
  g_autofree char *bad = g_build_filename (dir, "missing", "t.csv", NULL);
  g_autofree char *back = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (rtb_csv_write (path, "a,b\n1,2\n", &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &back, NULL, NULL));
  g_assert_cmpstr (back, ==, "a,b\n1,2\n");
  g_assert_false (rtb_csv_write (bad, "x\n", &error));
  g_assert_nonnull (error);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_cyclictest_format (void)
{
  g_autoptr (RtbRun) run = test_run_new ("pi", RTB_METHOD_LATENCY, 2, 20);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  const char *expected =
    "# rtbench-cli export of \"pi\" (latency; thread 0 = CPU0, thread 1 = CPU1)\n"
    "# Histogram\n"
    "000002 000002\t000000\n"
    "000003 000001\t000001\n"
    "000019 000000\t000001\n"
    "# Min Latencies: 00002 00003\n"
    /* cyclictest's Avg: (3 + 19 + 25) / 3 truncated, not the exact mean 16.2 truncated */
    "# Avg Latencies: 00002 00015\n"
    "# Max Latencies: 00003 00025\n"
    "# Histogram Overflows: 00000 00001\n"
    "# Histogram Overflow at cycle number:\n"
    "# Thread 0: \n"
    /* the third sample of thread 1 overflowed: cycle 2 */
    "# Thread 1: 00002\n"
    "\n";

  test_series_add (rtb_run_get_series (run, 0), 2100);
  test_series_add (rtb_run_get_series (run, 0), 2999);
  test_series_add (rtb_run_get_series (run, 0), 3900);
  test_series_add (rtb_run_get_series (run, 1), 3500);
  test_series_add (rtb_run_get_series (run, 1), 19999);
  test_series_add (rtb_run_get_series (run, 1), 25000);
  text = rtb_cyclictest_export (run, RTB_CYCLICTEST_LAYOUT_2_7, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, expected);
}

/* A line break in a series name cannot forge a histogram line. */
static void
test_cyclictest_one_comment_line (void)
{
  g_autoptr (RtbRun) run = test_run_new ("pi\n000001 999999", RTB_METHOD_LATENCY, 1, 20);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;

  g_free (rtb_run_get_series (run, 0)->name);
  rtb_run_get_series (run, 0)->name = g_strdup ("CPU0\n000001 999999\r\n000002 888888");
  test_series_add (rtb_run_get_series (run, 0), 3500);
  text = rtb_cyclictest_export (run, RTB_CYCLICTEST_LAYOUT_2_7, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "# rtbench-cli export of \"pi\\x0a000001 999999\" (latency; "
                   "thread 0 = CPU0\\x0a000001 999999\\x0d\\x0a000002 888888)");
  g_assert_cmpstr (lines[1], ==, "# Histogram");
  g_assert_cmpstr (lines[2], ==, "000003 000001");
  g_assert_cmpstr (lines[3], ==, "# Min Latencies: 00003");
}

static void
test_cyclictest_roundtrip (void)
{
  g_autoptr (RtbRun) run = sample_run ("roundtrip", 3, 6);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = rtb_cyclictest_export (run, RTB_CYCLICTEST_LAYOUT_2_7, &error);
  RtbImportOptions options;

  g_assert_no_error (error);
  rtb_import_options_init (&options);
  g_autoptr (RtbRun) back = rtb_import_data ((const guint8 *) text, strlen (text), "rt.txt",
                                             &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (rtb_run_get_source (back), "cyclictest 2.7+ text"));
  g_assert_cmpuint (rtb_run_get_n_series (back), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      RtbSeries *a = rtb_run_get_series (run, i);
      RtbSeries *b = rtb_run_get_series (back, i);
      const RtbStats *sa = &a->histogram.stats, *sb = &b->histogram.stats;

      g_assert_cmpuint (sb->count, ==, sa->count);
      g_assert_cmpint (sb->min_ns, ==, sa->min_ns / 1000 * 1000);
      g_assert_cmpint (sb->max_ns, ==, sa->max_ns / 1000 * 1000);
      /* cyclictest's Avg: the sum of the truncated samples over the count, truncated */
      g_assert_cmpfloat (rtb_stats_avg_us (sb), ==,
                         (double) (a->cyclictest.sum_ns / 1000 / (gint64) a->cyclictest.count));
      g_assert_cmpuint (rtb_histogram_overflows (&b->histogram), ==,
                        rtb_histogram_overflows (&a->histogram));
      g_assert_cmpmem (b->overflow_cycles, b->n_overflow_cycles * sizeof (guint64),
                       a->overflow_cycles, a->n_overflow_cycles * sizeof (guint64));
      g_assert_cmpuint (rtb_histogram_overflows (&a->histogram), >, 0);
      for (guint32 k = 0; k < a->histogram.n_buckets; k++)
        g_assert_cmpuint (k < b->histogram.n_buckets ? b->histogram.counts[k] : 0, ==,
                          a->histogram.counts[k]);
    }
}

static void
test_cyclictest_refuses_signed (void)
{
  g_autoptr (RtbRun) jitter = test_run_new ("j", RTB_METHOD_JITTER, 1, 0);
  g_autoptr (RtbRun) response = test_run_new ("r", RTB_METHOD_RESPONSE, 1, 0);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "rtb-never-written.txt", NULL);

  g_assert_null (rtb_cyclictest_export (jitter, RTB_CYCLICTEST_LAYOUT_2_7, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "negative"));
  g_clear_error (&error);
  g_assert_false (rtb_cyclictest_export_file (jitter, RTB_CYCLICTEST_LAYOUT_2_7, path, &error));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  /* Noise's gaps are not wake-up latencies. */
  {
    g_autoptr (RtbRun) noise = test_run_new ("n", RTB_METHOD_NOISE, 1, 0);

    g_assert_null (rtb_cyclictest_export (noise, RTB_CYCLICTEST_LAYOUT_2_7, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
    g_assert_nonnull (strstr (error->message, "noise run"));
    g_clear_error (&error);
  }

  /* Execution times are never negative. */
  test_series_add (rtb_run_get_series (response, 0), 1500000);
  text = rtb_cyclictest_export (response, RTB_CYCLICTEST_LAYOUT_2_7, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "\n001500 000001\n"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/csv/quote", test_quote);
  g_test_add_func ("/csv/formula-field", test_formula_field);
  g_test_add_func ("/csv/formula-tables", test_formula_tables);
  g_test_add_func ("/csv/summary-roundtrip", test_summary_roundtrip);
  g_test_add_func ("/csv/summary-osnoise", test_summary_osnoise);
  g_test_add_func ("/csv/summary-hwlat", test_summary_hwlat);
  g_test_add_func ("/csv/histogram-columns", test_histogram_columns);
  g_test_add_func ("/csv/series-exact", test_series_exact);
  g_test_add_func ("/csv/compare-table", test_compare_table);
  g_test_add_func ("/csv/write-atomic", test_write_atomic);
  g_test_add_func ("/cyclictest/format", test_cyclictest_format);
  g_test_add_func ("/cyclictest/roundtrip", test_cyclictest_roundtrip);
  g_test_add_func ("/cyclictest/one-comment-line", test_cyclictest_one_comment_line);
  g_test_add_func ("/cyclictest/refuses-signed", test_cyclictest_refuses_signed);
  return g_test_run ();
}
