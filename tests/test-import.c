/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

#include "rtb-import.h"

#include "import-test-util.h"

/* ---- The source's own figures, read the simplest way ------------------------------------ */

typedef struct {
  guint n;
  guint64 v[64];
} Figures;

static gboolean
figures_from_text (const char *text, const char *prefix, Figures *out)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  out->n = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      {
        g_auto (GStrv) words = g_strsplit_set (lines[i] + strlen (prefix), " \t\r", -1);

        for (guint w = 0; words[w] != NULL; w++)
          if (*words[w] != '\0' && out->n < G_N_ELEMENTS (out->v))
            out->v[out->n++] = g_ascii_strtoull (words[w], NULL, 10);
        return TRUE;
      }
  return FALSE;
}

static RtbRun *
import_path (const char *path, const RtbImportOptions *options)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) notes = NULL;
  RtbRun *run = rtb_import_file (path, options, &notes, &error);

  g_assert_no_error (error);
  g_assert_nonnull (run);
  for (guint i = 0; notes[i] != NULL; i++)
    g_test_message ("%s: note: %s", path, notes[i]);
  import_test_check_consistent (run);
  return run;
}

/* The imported run reproduces the text's Min/Avg/Max/Overflows (and Total) exactly. */
static void
check_cyclictest_text (const char *path, gboolean ns)
{
  g_autofree char *text = NULL;
  g_autoptr (RtbRun) run = NULL;
  RtbImportOptions options;
  Figures min, avg, max, overflows, total;
  gboolean have_total;
  double unit = ns ? 1000.0 : 1.0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  rtb_import_options_init (&options);
  options.units = ns ? RTB_IMPORT_UNITS_NS : RTB_IMPORT_UNITS_AUTO;
  run = import_path (path, &options);

  g_assert_true (figures_from_text (text, "# Min Latencies:", &min));
  g_assert_true (figures_from_text (text, "# Avg Latencies:", &avg));
  g_assert_true (figures_from_text (text, "# Max Latencies:", &max));
  g_assert_true (figures_from_text (text, "# Histogram Overflows:", &overflows));
  have_total = figures_from_text (text, "# Total:", &total);
  g_assert_cmpuint (rtb_run_get_n_series (run), ==, min.n);

  for (guint t = 0; t < min.n; t++)
    {
      RtbSeries *series = rtb_run_get_series (run, t);
      RtbSeriesSummary summary;

      rtb_series_get_summary (series, &summary);
      g_assert_cmpuint (summary.overflows, ==, overflows.v[t]);
      /* Total leaves the overflows out; a summary without rows has its Total unbucketed. */
      if (have_total)
        g_assert_cmpuint (import_test_bucket_sum (series) + series->histogram.n_unbucketed, ==,
                          total.v[t]);
      g_assert_cmpuint (summary.count, ==,
                        (have_total ? total.v[t] : import_test_bucket_sum (series)) +
                          overflows.v[t]);
      if (summary.count == 0)
        continue;
      g_assert_cmpfloat (summary.min_us, ==, min.v[t] / unit);
      g_assert_cmpfloat (summary.avg_us, ==, avg.v[t] / unit);
      g_assert_cmpfloat (summary.max_us, ==, max.v[t] / unit);
      /* A percentile among overflows of unknown value is unknown, not the max. */
      if (overflows.v[t] > 0 && overflows.v[t] * 1000 > summary.count)
        g_assert_true (isnan (summary.p999_us) || summary.p999_us == summary.max_us);
      /* An import's cyclictest figures are its own. */
      {
        RtbSeriesSummary ct;

        rtb_series_get_cyclictest_summary (series, TRUE, &ct);
        g_assert_cmpfloat (ct.min_us, ==, summary.min_us);
        g_assert_cmpfloat (ct.avg_us, ==, summary.avg_us);
        g_assert_cmpfloat (ct.max_us, ==, summary.max_us);
        g_assert_true ((isnan (ct.p50_us) && isnan (summary.p50_us)) ||
                       ct.p50_us == summary.p50_us);
      }
    }
}

/* The imported run reproduces cyclictest --json's cycles/min/max/avg, and the overflows are the
 * cycles outside the histogram. */
static void
check_cyclictest_json (const char *path)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (RtbRun) run = import_path (path, NULL);
  JsonObject *threads;
  gboolean ns;

  if (!json_parser_load_from_file (parser, path, NULL))
    return; /* the quirky files are checked by hand */
  ns = json_object_get_int_member (json_node_get_object (json_parser_get_root (parser)),
                                   "resolution_in_ns") == 1;
  threads = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)),
                                           "thread");
  g_assert_cmpuint (rtb_run_get_n_series (run), ==, json_object_get_size (threads));
  for (guint t = 0; t < json_object_get_size (threads); t++)
    {
      g_autofree char *key = g_strdup_printf ("%u", t);
      JsonObject *thread = json_object_get_object_member (threads, key);
      RtbSeries *series = rtb_run_get_series (run, t);
      RtbSeriesSummary summary;
      guint64 in_histogram = 0;
      double unit = ns ? 1000.0 : 1.0;
      g_autofree char *avg = NULL;
      g_autofree char *expected_avg = NULL;

      if (json_object_has_member (thread, "histogram"))
        {
          JsonObject *hist = json_object_get_object_member (thread, "histogram");
          g_autoptr (GList) keys = json_object_get_members (hist);

          for (GList *l = keys; l != NULL; l = l->next)
            in_histogram += (guint64) json_object_get_int_member (hist, l->data);
        }
      rtb_series_get_summary (series, &summary);
      g_assert_cmpint (series->cpu, ==, json_object_get_int_member (thread, "cpu"));
      g_assert_cmpuint (summary.count, ==, json_object_get_int_member (thread, "cycles"));
      g_assert_cmpuint (summary.overflows, ==, summary.count - (in_histogram > 0 ? in_histogram
                                                                                 : 0));
      g_assert_cmpfloat (summary.min_us, ==, json_object_get_int_member (thread, "min") / unit);
      g_assert_cmpfloat (summary.max_us, ==, json_object_get_int_member (thread, "max") / unit);
      avg = g_strdup_printf ("%.2f", summary.avg_us * unit);
      expected_avg = g_strdup_printf ("%.2f", json_object_get_double_member (thread, "avg"));
      g_assert_cmpstr (avg, ==, expected_avg);
    }
}

static void
test_cyclictest_text (gconstpointer data)
{
  g_autofree char *path = import_test_data_path (data);

  check_cyclictest_text (path, strstr (data, "-N-") != NULL);
}

static void
test_cyclictest_json (gconstpointer data)
{
  g_autofree char *path = import_test_data_path (data);

  check_cyclictest_json (path);
}

static void
check_figures (RtbRun *run, guint i, guint64 count, double min_us, double avg_us, double max_us,
               guint64 overflows)
{
  RtbSeriesSummary summary;

  g_assert_cmpuint (i, <, rtb_run_get_n_series (run));
  rtb_series_get_summary (rtb_run_get_series (run, i), &summary);
  g_assert_cmpuint (summary.count, ==, count);
  g_assert_cmpuint (summary.overflows, ==, overflows);
  if (count == 0)
    return;
  g_assert_cmpfloat_with_epsilon (summary.min_us, min_us, 1e-9);
  g_assert_cmpfloat_with_epsilon (summary.avg_us, avg_us, 1e-9);
  g_assert_cmpfloat_with_epsilon (summary.max_us, max_us, 1e-9);
}

static RtbRun *
import_fixture (const char *name, const RtbImportOptions *options)
{
  g_autofree char *path = import_test_data_path (name);

  return import_path (path, options);
}

/* The same real run as text and JSON: the text's Avg is the JSON's, truncated. */
static void
test_text_json_pair (void)
{
  g_autoptr (RtbRun) text = import_fixture ("ct24-h30-q-2t.txt", NULL);
  g_autoptr (RtbRun) json = import_fixture ("ct24-h30-q-2t.json", NULL);

  g_assert_cmpuint (rtb_run_get_n_series (text), ==, rtb_run_get_n_series (json));
  for (guint i = 0; i < rtb_run_get_n_series (text); i++)
    {
      RtbSeriesSummary a, b;

      rtb_series_get_summary (rtb_run_get_series (text, i), &a);
      rtb_series_get_summary (rtb_run_get_series (json, i), &b);
      g_assert_cmpuint (a.count, ==, b.count);
      g_assert_cmpuint (a.overflows, ==, b.overflows);
      g_assert_cmpint (a.overflows_known, ==, b.overflows_known);
      g_assert_cmpfloat (a.min_us, ==, b.min_us);
      g_assert_cmpfloat (a.max_us, ==, b.max_us);
      g_assert_cmpfloat (a.avg_us, ==, floor (b.avg_us + 1e-9));
      g_assert_cmpfloat (a.p50_us, ==, b.p50_us);
    }
  g_assert_cmpstr (rtb_run_get_system (json)->hostname, ==, "vm");
  g_assert_nonnull (strstr (rtb_run_get_source (text), "cyclictest 1.x–2.6 text"));
}

/* cyclictest logs the cycle number of each overflow until its log is full, then counts the
 * others; an import keeps them. */
static void
test_overflow_cycles (void)
{
  g_autoptr (RtbRun) run = import_fixture ("ct210-h20-q-2t.txt", NULL);
  g_autoptr (RtbRun) others = import_fixture ("ct24-h20-q-2t.txt", NULL);
  RtbSeries *series;

  series = rtb_run_get_series (run, 0);
  g_assert_cmpuint (series->n_overflow_cycles, ==, 0);
  series = rtb_run_get_series (run, 1);
  g_assert_cmpuint (series->n_overflow_cycles, ==, 3);
  g_assert_cmpuint (series->overflow_cycles[0], ==, 12873);
  g_assert_cmpuint (series->overflow_cycles[2], ==, 91007);
  g_assert_cmpuint (rtb_series_overflow_cycles_others (series), ==, 0);

  /* Real rt-tests 2.4 output with -h20: 20 logged, "# 00169 others". */
  series = rtb_run_get_series (others, 0);
  g_assert_cmpuint (series->n_overflow_cycles, ==, 20);
  g_assert_cmpuint (series->overflow_cycles[1], ==, 4);
  g_assert_cmpuint (rtb_series_overflow_cycles_others (series), ==, 169);
  import_test_check_consistent (others);
}

/* 958 samples in buckets and 42 overflows without values: ranks 1–958 are known, the 950th
 * (p95) is in bucket 7, the 990th (p99) and the 999th (p99.9, not the 1000th) are unknown. */
static void
test_percentiles_among_overflows (void)
{
  g_autoptr (RtbRun) run = import_fixture ("ct210-H10-q-1t-others.txt", NULL);
  RtbSeriesSummary summary;

  rtb_series_get_summary (rtb_run_get_series (run, 0), &summary);
  g_assert_cmpuint (summary.count, ==, 1000);
  g_assert_cmpuint (summary.overflows, ==, 42);
  g_assert_cmpfloat (summary.p50_us, ==, 3);
  g_assert_cmpfloat (summary.p95_us, ==, 7);
  g_assert_true (isnan (summary.p99_us));
  g_assert_true (isnan (summary.p999_us));
  g_assert_cmpfloat (summary.max_us, ==, 44);
  g_assert_true (summary.spread_partial);
}

/* A cyclictest file whose histogram rows were left out, with or without its "# Histogram"
 * line: the footer's figures, as a summary-only series, with a note; count = Total +
 * Overflows. */
static void
test_summary_only (void)
{
  static const char * const fixtures[] = { "ct24-h20-q-2t-summary-only.txt",
                                           "ct24-h20-q-2t-footer-only.txt" };

  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autofree char *path = import_test_data_path (fixtures[f]);
      g_autoptr (GError) error = NULL;
      g_auto (GStrv) notes = NULL;
      g_autoptr (RtbRun) run = rtb_import_file (path, NULL, &notes, &error);
      g_autofree char *joined = NULL;
      RtbSeriesSummary summary;
      RtbSeries *series;

      g_assert_no_error (error);
      joined = g_strjoinv ("\n", notes);
      g_assert_nonnull (strstr (joined, "no histogram rows"));
      g_assert_nonnull (strstr (joined, "count = Total + Overflows"));
      /* # Total: 11 5, Min 15 14, Avg 23 24, Max 30 45, Overflows 189 195 */
      check_figures (run, 0, 11 + 189, 15, 23, 30, 189);
      check_figures (run, 1, 5 + 195, 14, 24, 45, 195);
      series = rtb_run_get_series (run, 1);
      g_assert_cmpuint (series->histogram.n_unbucketed, ==, 5);
      g_assert_cmpuint (series->n_overflow_cycles, ==, 20);
      rtb_series_get_summary (series, &summary);
      g_assert_true (isnan (summary.p50_us));
      g_assert_true (isnan (summary.stddev_us));
      g_assert_cmpfloat (summary.p999_us, ==, 45);
      import_test_check_consistent (run);
    }
}

static void
test_status_lines (void)
{
  g_autoptr (RtbRun) run = import_fixture ("ct24-q-2t.txt", NULL);
  g_autoptr (RtbRun) ns = NULL;
  RtbImportOptions options;
  RtbSeriesSummary summary;

  /* T: 0 … C:    200 Min:     17 Act:   25 Avg:   56 Max:    6309 */
  check_figures (run, 0, 200, 17, 56, 6309, 200);
  check_figures (run, 1, 149, 19, 30, 62, 149);
  /* Without a histogram no sample has a known value: the percentiles are unknown, not the max,
   * and so is the spread. */
  rtb_series_get_summary (rtb_run_get_series (run, 0), &summary);
  g_assert_true (isnan (summary.p50_us));
  g_assert_true (isnan (summary.p99_us));
  g_assert_cmpfloat (summary.p999_us, ==, 6309);
  g_assert_true (isnan (summary.stddev_us));
  g_assert_false (summary.spread_partial);
  g_assert_cmpint (rtb_run_get_command (run)->priority, ==, 80);
  /* cyclictest without -h has no histogram: how many samples it would have overflowed is
   * unknown, though the run holds them as overflows of a histogram of one bucket. */
  g_assert_false (summary.overflows_known);
  g_assert_true (rtb_run_get_series (run, 1)->no_histogram);
  import_test_check_consistent (run);

  rtb_import_options_init (&options);
  options.units = RTB_IMPORT_UNITS_NS;
  ns = import_fixture ("ct1x-q-N-1t.txt", &options);
  check_figures (ns, 0, 10000, 1.874, 2.405, 18.23, 10000);
}

static void
test_json_quirks (void)
{
  g_autofree char *path = import_test_data_path ("ct20-q-quirks.json");
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) notes = NULL;
  g_autoptr (RtbRun) run = rtb_import_file (path, NULL, &notes, &error);

  g_assert_no_error (error);
  import_test_check_consistent (run);
  check_figures (run, 0, 5000, 7, 12.44, 61, 5000);
  check_figures (run, 1, 0, 0, 0, 0, 0);
  g_assert_cmpstr (rtb_run_get_system (run)->hostname, ==, "board\\lab");
  g_assert_true (rtb_run_get_system (run)->preempt_rt);
  g_assert_cmpint (rtb_run_get_start_time (run), ==, G_GINT64_CONSTANT (1624604400) * 1000000);
  g_assert_nonnull (notes[0]);
}

static void
test_rtla (void)
{
  g_autoptr (RtbRun) run = import_fixture ("rtla-timerlat-2cpu.txt", NULL);
  g_autoptr (RtbRun) ns = import_fixture ("rtla-timerlat-ns-usr.txt", NULL);
  RtbSeriesSummary summary;

  g_assert_cmpuint (rtb_run_get_n_series (run), ==, 4);
  g_assert_cmpstr (rtb_run_get_series (run, 0)->name, ==, "CPU0 IRQ");
  g_assert_cmpstr (rtb_run_get_series (run, 3)->name, ==, "CPU1 Thr");
  g_assert_cmpint (rtb_run_get_series (run, 3)->cpu, ==, 1);
  check_figures (run, 0, 600002, 0, 0, 16, 0);
  check_figures (run, 1, 600002, 1, 3, 36, 0);
  check_figures (run, 3, 600004, 1, 3, 70, 2);
  g_assert_cmpuint (rtb_run_get_elapsed_ns (run), ==, G_GUINT64_CONSTANT (600000000000));

  g_assert_cmpuint (rtb_run_get_n_series (ns), ==, 6);
  g_assert_cmpstr (rtb_run_get_series (ns, 5)->name, ==, "CPU2 Usr");
  check_figures (ns, 0, 100, 0.812, 1.515, 2.577, 0);
  check_figures (ns, 2, 0, 0, 0, 0, 0);
  check_figures (ns, 5, 100, 3.011, 3.380, 45, 2);
  rtb_series_get_summary (rtb_run_get_series (ns, 5), &summary);
  g_assert_cmpfloat (summary.p50_us, ==, 3);
  /* Rank 99 of 100 is one of the 2 overflows, whose values the file does not give: unknown,
   * not the max. Rank 100 is the max. */
  g_assert_true (isnan (summary.p99_us));
  g_assert_cmpfloat (summary.p999_us, ==, 45);
  g_assert_cmpuint (summary.resolution_ns, ==, 1000);
  g_assert_true (summary.spread_partial);
}

static void
test_jitterdebugger (void)
{
  g_autoptr (RtbRun) run = import_fixture ("jitterdebugger-2cpu.json", NULL);

  g_assert_cmpuint (rtb_run_get_n_series (run), ==, 2);
  check_figures (run, 0, 3901, 3, 3.06, 11, 0);
  check_figures (run, 1, 3904, 2, 3.47, 1480, 3);
  g_assert_cmpstr (rtb_run_get_system (run)->hostname, ==, "rk3562");
  g_assert_cmpint (rtb_run_get_system (run)->n_cpus, ==, 4);
  g_assert_nonnull (strstr (rtb_run_get_source (run), "jitterdebugger"));
}

static void
test_detect (void)
{
  static const struct { const char *name; RtbImportFormat format; } files[] = {
    { "ct24-h20-q-2t.txt", RTB_IMPORT_FORMAT_CYCLICTEST },
    { "ct24-q-2t.txt", RTB_IMPORT_FORMAT_CYCLICTEST },
    { "ct210-h20-capture-crlf.txt", RTB_IMPORT_FORMAT_CYCLICTEST },
    { "ct24-h30-q-2t.json", RTB_IMPORT_FORMAT_CYCLICTEST_JSON },
    { "ct20-q-quirks.json", RTB_IMPORT_FORMAT_CYCLICTEST_JSON },
    { "jitterdebugger-2cpu.json", RTB_IMPORT_FORMAT_JITTERDEBUGGER },
    { "rtla-timerlat-2cpu.txt", RTB_IMPORT_FORMAT_RTLA },
    { "rtla-timerlat-ns-usr.txt", RTB_IMPORT_FORMAT_RTLA },
    { "worker-latency-1s.stream", RTB_IMPORT_FORMAT_STREAM },
    { "worker-jitter-v2.stream", RTB_IMPORT_FORMAT_STREAM },
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = import_test_data_path (files[i].name);
      g_autofree char *contents = NULL;
      gsize len;
      RtbImportFormat format;

      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      g_assert_cmpint (rtb_import_detect ((const guint8 *) contents, len), ==, files[i].format);
      g_assert_true (rtb_import_format_from_string (rtb_import_format_to_string (files[i].format),
                                                    &format));
      g_assert_cmpint (format, ==, files[i].format);
    }
}

static void
test_options (void)
{
  static const int cpus[] = { 2, 3 };
  g_autofree char *text = import_test_data_path ("ct24-h20-q-2t.txt");
  g_autofree char *json = import_test_data_path ("ct24-h30-q-2t.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = NULL;
  RtbImportOptions options;

  rtb_import_options_init (&options);
  options.cpus = cpus;
  options.n_cpus = G_N_ELEMENTS (cpus);
  options.hostname = "rpi5";
  options.label = "Raspberry Pi 5";
  run = import_path (text, &options);
  g_assert_cmpstr (rtb_run_get_series (run, 1)->name, ==, "CPU3");
  g_assert_cmpint (rtb_run_get_series (run, 0)->cpu, ==, 2);
  g_assert_cmpstr (rtb_run_get_system (run)->hostname, ==, "rpi5");
  g_assert_cmpstr (rtb_run_get_label (run), ==, "Raspberry Pi 5");
  g_clear_object (&run);

  /* The JSON says µs; asking for ns contradicts it. */
  rtb_import_options_init (&options);
  options.units = RTB_IMPORT_UNITS_NS;
  run = rtb_import_file (json, &options, NULL, &error);
  g_assert_error (error, RTB_IMPORT_ERROR, RTB_IMPORT_ERROR_OPTIONS);
  g_assert_null (run);
  g_clear_error (&error);

  /* A forced format that does not fit. */
  rtb_import_options_init (&options);
  options.format = RTB_IMPORT_FORMAT_RTLA;
  run = rtb_import_file (text, &options, NULL, &error);
  g_assert_error (error, RTB_IMPORT_ERROR, RTB_IMPORT_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "line 3: expected the rtla header"));
  g_clear_error (&error);

  options.format = RTB_IMPORT_FORMAT_STREAM;
  run = rtb_import_file (text, &options, NULL, &error);
  g_assert_nonnull (error);
  g_assert_null (run);
}

typedef struct {
  const char *text;
  gsize len;          /* 0: strlen */
  RtbImportFormat format;
  const char *expect; /* a part of the message */
} BadInput;

#define HIST "# Histogram\n"
#define SUMMARY2 "# Min Latencies: 00002 00002\n# Avg Latencies: 00003 00003\n" \
  "# Max Latencies: 00009 00009\n# Histogram Overflows: 00000 00000\n"

static const BadInput bad_inputs[] = {
  { "foo\nbar\n", 0, 0, "line 1: expected cyclictest output" },
  { HIST "000001 000005\nfoo\n", 0, 0,
    "line 3: expected a histogram row \"NNNNNN COUNT…\" or a \"# …\" summary line, "
    "found \"foo\"" },
  { HIST "000001 000005\t000001\n", 0, 0, "line 2: the file ends without the summary" },
  { HIST "99999999999 1\n", 0, 0, "line 2: expected a histogram row starting with a bucket" },
  { HIST "000001 0000\0001\n" SUMMARY2, 30, 0, "line 2: " },
  { "\xff\xfe\x80garbage\n", 0, 0, "line 1: expected cyclictest output" },
  { HIST "000001 -5\n", 0, 0, "line 2: expected bucket counts" },
  { HIST "000001 99999999999999999999999\n", 0, 0, "line 2: expected bucket counts" },
  { HIST "000001 5\n# Min Latencies: 0000x\n", 0, 0, "line 3: expected up to" },
  { HIST "000001 5\t5\n# Min Latencies: 1 1\n# Avg Latencies: 1\n"
    "# Max Latencies: 1 1\n# Histogram Overflows: 0 0\n", 0, 0,
    "line 4: \"# Avg Latencies:\" has 1 values" },
  { HIST "000002 5\t5\n# Total: 000000004 000000005\n" SUMMARY2, 0, 0,
    "line 3: \"# Total:\" counts 4 samples for thread 0" },
  { HIST "000005 5\t5\n000003 5\t5\n", 0, 0, "line 3: bucket 3 does not follow bucket 5" },
  { HIST "000003 5\t5\n000004 5\n", 0, 0, "line 3: a histogram row with 1 counts" },
  { HIST "000003 5\t5\n" SUMMARY2 HIST, 0, 0, "line 7: a second \"# Histogram\"" },
  { HIST "000003 5\t5\n" SUMMARY2 "000004 1\t1\n", 0, 0, "line 7: a histogram row after" },
  { HIST "000003 5\t5\t9\n" SUMMARY2, 0, 0, "line 2: the all-threads column (-H) holds 9" },
  { HIST "000003 5\n# Min Latencies: 9\n# Avg Latencies: 5\n# Max Latencies: 3\n"
    "# Histogram Overflows: 0\n", 0, 0, "line 5: thread 0: Max 3 is below Min 9" },
  { HIST "000003 5\n# Min Latencies: 3\n# Avg Latencies: 3\n", 0, 0,
    "line 4: the summary has no \"# Max Latencies:\" line" },
  { "# /dev/cpu_dma_latency set to 0us\n\n", 0, 0, "line 2: the file ends without a cyclictest" },
  /* Rows and "# Total:" both left out: how many samples there were is unknown. */
  { SUMMARY2, 0, 0, "line 1: cyclictest's summary without \"# Histogram\" rows needs" },
  { HIST "000003 5\t5\n" SUMMARY2 "# Histogram Overflow at cycle number:\n# Thread 0: \n"
    "# Thread 1: 00007\n", 0, 0, "line 9: thread 1 lists 1 overflow cycle numbers and 0 others, "
    "but \"# Histogram Overflows:\" counts 0" },
  { HIST "000003 5\t5\n" SUMMARY2 "# Thread 1: 7 x\n", 0, 0,
    "line 7: expected at most 1000000 cycle numbers" },
  { HIST "000003 5\t5\n" SUMMARY2 "# Thread 0: \n# Thread 0: \n", 0, 0,
    "line 8: the overflow cycles of thread 0 appear twice" },
  { "T: 0 ( 1636) P:90 I:200 C: 10", 0, 0, "line 1: expected cyclictest output" },
  { "{\"thread\": {\"0\": {", 0, 0, "line 1, column" },
  { "{\"thread\": {\"0\": {\"histogram\": {\"x\": 1}, \"cycles\": 1, \"min\": 1, \"max\": 1, "
    "\"avg\": 1}}}", 0, 0, "thread.0.histogram: expected bucket numbers" },
  { "{\"thread\": {\"0\": {\"histogram\": {\"1\": 9}, \"cycles\": 1, \"min\": 1, \"max\": 1, "
    "\"avg\": 1}}}", 0, 0, "thread.0.histogram holds more samples than its cycles" },
  { "{\"thread\": {\"0\": {\"cycles\": -1}}}", 0, 0, "thread.0.cycles: expected a whole number" },
  { "{\"thread\": {\"0\": {\"cycles\": 99999999999999999999999}}}", 0, 0,
    "line 1: 99999999999999999999999 does not fit in a 64-bit integer" },
  { "{\"thread\": {\"0\": {\"cycles\": 0100}}}", 0, 0,
    "line 1: 0100 has a leading zero, which JSON does not allow" },
  { "{\"thread\": {\"0\": {\"cycles\": 1,\n \"min\": 0x1F}}}", 0, 0,
    "line 2: 0x1F is a hexadecimal number" },
  { "{\"thread\": {\"300\": {\"cycles\": 1}}}", 0, 0, "thread: expected thread numbers" },
  { "{\"thread\": {\"0\": {\"cycles\": 2, \"min\": 1, \"max\": 1, \"avg\": \"x\"}}}", 0, 0,
    "thread.0.avg: expected a number" },
  { "{\"foo\": 1}", 0, 0, "neither cyclictest --json" },
  { "[1, 2]", 0, 0, "a JSON object at the top" },
  { "{\"sysinfo\": {\"resolution_in_ns\": 7}, \"cpu\": {}}", 0, 0,
    "sysinfo.resolution_in_ns: expected 1000" },
  { "# RTLA timerlat histogram\n# Time unit is microseconds (us)\nbogus\n", 0, 0,
    "line 3: expected the rtla header" },
  { "# RTLA timerlat histogram\nIndex   IRQ-000   Thr-000\n0 5 5 5\n", 0, 0,
    "line 3: expected a histogram row \"INDEX COUNT…\" with an index up to 999999 and 2" },
  { "# RTLA timerlat histogram\nIndex   IRQ-000\n1 5\nover: 0\ncount: 9\nmin: 1\navg: 1\n"
    "max: 1\n", 0, 0, "line 5: column 1 counts 9 samples" },
  { "# RTLA timerlat histogram\nIndex   Foo-000\n", 0, 0, "line 2: expected the column line" },
  { "# RTLA timerlat histogram\n", 0, 0, "line 1: the file ends before rtla's column line" },
  { "RTBF\x01\x00\x00\x00\xff\xff\xff\xff\x00\x00\x00\x00", 16, 0,
    "not a valid rtbench-worker stream" },
  { "RTBF", 4, 0, "the recording holds no run" },
  { "", 0, 0, "the file is empty" },
  { HIST "000001 5\n", 0, RTB_IMPORT_FORMAT_CYCLICTEST_JSON, "line 1, column 1" },
  { HIST "000001 5\n", 0, RTB_IMPORT_FORMAT_JITTERDEBUGGER, "line 1, column 1" },
};

static void
test_malformed (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_inputs); i++)
    {
      const BadInput *bad = &bad_inputs[i];
      g_autoptr (GError) error = NULL;
      g_autoptr (RtbRun) run = NULL;
      RtbImportOptions options;
      gsize len = bad->len != 0 ? bad->len : strlen (bad->text);

      rtb_import_options_init (&options);
      options.format = bad->format;
      run = rtb_import_data ((const guint8 *) bad->text, len, "bad", &options, NULL, &error);
      g_test_message ("input %u: %s", i, error != NULL ? error->message : "(no error)");
      g_assert_null (run);
      g_assert_nonnull (error);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_assert_cmpuint (strlen (error->message), <, 400);
      if (strstr (error->message, bad->expect) == NULL)
        g_error ("input %u: \"%s\" does not contain \"%s\"", i, error->message, bad->expect);
    }
}

/* Long lines, many columns and huge inputs end quickly with an error naming the line. */
static void
test_limits (void)
{
  GString *text = g_string_new (HIST "000001 1\n000002 ");
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "rtb-test-import-big-XXXXXX", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = NULL;
  int fd;

  for (guint i = 0; i < 1000; i++)
    g_string_append (text, "\t000001");
  g_string_append_c (text, '\n');
  run = rtb_import_data ((const guint8 *) text->str, text->len, "wide", NULL, NULL, &error);
  g_assert_null (run);
  g_assert_nonnull (strstr (error->message, "line 3: a histogram row with more than 257"));
  g_clear_error (&error);

  /* An 8 MiB line of garbage inside the histogram. */
  g_string_truncate (text, strlen (HIST));
  for (guint i = 0; i < (8u << 20) / 16; i++)
    g_string_append (text, "0123456789abcdef");
  run = rtb_import_data ((const guint8 *) text->str, text->len, "long", NULL, NULL, &error);
  g_assert_null (run);
  g_assert_true (g_str_has_prefix (error->message, "line 2: "));
  g_assert_cmpuint (strlen (error->message), <, 300);
  g_clear_error (&error);
  g_string_free (text, TRUE);

  /* A file above the size limit is refused before it is read. */
  fd = g_mkstemp (path);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) RTB_IMPORT_MAX_FILE_SIZE + 1), ==, 0);
  close (fd);
  run = rtb_import_file (path, NULL, NULL, &error);
  g_assert_error (error, RTB_IMPORT_ERROR, RTB_IMPORT_ERROR_TOO_LARGE);
  g_clear_error (&error);
  g_unlink (path);

  /* A FIFO is not waited on, /dev/zero not read. */
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  run = rtb_import_file (path, NULL, NULL, &error);
  g_assert_null (run);
  g_assert_nonnull (strstr (error->message, "is a FIFO, not a saved file"));
  g_clear_error (&error);
  g_unlink (path);
  run = rtb_import_file ("/dev/zero", NULL, NULL, &error);
  g_assert_null (run);
  g_assert_nonnull (strstr (error->message, "/dev/zero is a device, not a saved file"));
  g_clear_error (&error);

  /* 100 000 nested arrays in either JSON format are refused before json-glib recurses. */
  for (guint format = 0; format < 2; format++)
    {
      g_autoptr (GString) deep = g_string_new (format == 0 ? "{\"thread\": " : "{\"cpu\": ");

      for (guint i = 0; i < 100000; i++)
        g_string_append_c (deep, '[');
      for (guint i = 0; i < 100000; i++)
        g_string_append_c (deep, ']');
      g_string_append_c (deep, '}');
      run = rtb_import_data ((const guint8 *) deep->str, deep->len, "deep", NULL, NULL, &error);
      g_assert_null (run);
      g_assert_error (error, RTB_IMPORT_ERROR, RTB_IMPORT_ERROR_FORMAT);
      g_assert_cmpstr (error->message, ==, "line 1: the JSON nests deeper than 64 levels, which "
                       "no file rtbench reads does: refused before parsing");
      g_clear_error (&error);
    }
}

/* Every fixture cut anywhere or with bytes changed imports or fails cleanly, never crashes. */
static void
test_mutations (void)
{
  g_autofree char *dir = import_test_data_path ("");
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  GRand *rand = g_rand_new_with_seed (20250303);

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *contents = NULL;
      gsize len, step;

      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      step = MAX (len / 40, 1);
      for (gsize cut = 0; cut < len; cut += step)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (RtbRun) run = rtb_import_data ((const guint8 *) contents, cut, name, NULL,
                                                   NULL, &error);

          g_assert_true ((run == NULL) != (error == NULL));
        }
      for (guint round = 0; round < 40; round++)
        {
          g_autofree char *copy = g_memdup2 (contents, len);
          g_autoptr (GError) error = NULL;
          g_autoptr (RtbRun) run = NULL;

          for (guint k = 0; k < 4; k++)
            copy[g_rand_int_range (rand, 0, (gint32) len)] = (char) g_rand_int_range (rand, 0, 256);
          run = rtb_import_data ((const guint8 *) copy, len, name, NULL, NULL, &error);
          g_assert_true ((run == NULL) != (error == NULL));
        }
    }
  g_rand_free (rand);
}

/* ---- Live cyclictest ------------------------------------------------------------------ */

static gboolean
run_cyclictest (const char *dir, const char * const *args, const char *out_name)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  g_autofree char *path = g_build_filename (dir, out_name, NULL);
  int status = 0;

  g_ptr_array_add (argv, (gpointer) "/usr/bin/cyclictest");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (dir, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                     &out, NULL, &status, NULL) || !g_spawn_check_wait_status (status, NULL))
    return FALSE;
  return g_file_set_contents (path, out, -1, NULL);
}

static void
test_cyclictest_live (void)
{
  static const char * const h_q[] = { "-m", "-S", "-p80", "-i1000", "-l200", "-h200", "-q",
                                      "--json=h.json", NULL };
  static const char * const H_1[] = { "-m", "-t1", "-p80", "-i1000", "-l200", "-H100", "-q", NULL };
  static const char * const h_live[] = { "-m", "-S", "-p80", "-i1000", "-l200", "-h50", NULL };
  static const char * const q[] = { "-m", "-S", "-p80", "-i1000", "-l200", "-q",
                                    "--json=q.json", NULL };
  g_autofree char *dir = NULL;

  if (!g_file_test ("/usr/bin/cyclictest", G_FILE_TEST_IS_EXECUTABLE) || geteuid () != 0)
    {
      g_test_skip ("needs /usr/bin/cyclictest and root");
      return;
    }
  dir = g_dir_make_tmp ("rtb-test-import-XXXXXX", NULL);
  g_assert_nonnull (dir);

  if (!run_cyclictest (dir, h_q, "h.txt") || !run_cyclictest (dir, H_1, "H.txt") ||
      !run_cyclictest (dir, h_live, "live.txt") || !run_cyclictest (dir, q, "q.txt"))
    {
      g_test_skip ("cyclictest could not run here");
      return;
    }
  for (guint i = 0; i < 3; i++)
    {
      static const char * const names[] = { "h.txt", "H.txt", "live.txt" };
      g_autofree char *path = g_build_filename (dir, names[i], NULL);

      check_cyclictest_text (path, FALSE);
      g_unlink (path);
    }
  for (guint i = 0; i < 2; i++)
    {
      static const char * const names[] = { "h.json", "q.json" };
      g_autofree char *path = g_build_filename (dir, names[i], NULL);

      check_cyclictest_json (path);
      g_unlink (path);
    }
  {
    g_autofree char *path = g_build_filename (dir, "q.txt", NULL);
    g_autoptr (RtbRun) run = import_path (path, NULL);

    g_assert_cmpuint (rtb_run_get_n_series (run), >=, 1);
    g_unlink (path);
  }
  g_rmdir (dir);
}

/* ---- rtbench-cli import --------------------------------------------------------------- */

static void
test_cli (void)
{
  const char *cli = g_getenv ("RTBENCH_CLI");
  g_autofree char *input = import_test_data_path ("ct210-h20-q-2t.txt");
  g_autofree char *dir = NULL;
  g_autofree char *output = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = NULL;
  int status;

  if (cli == NULL || !g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("RTBENCH_CLI is not set to rtbench-cli");
      return;
    }
  dir = g_dir_make_tmp ("rtb-test-import-XXXXXX", NULL);
  output = g_build_filename (dir, "rpi5.rtbench", NULL);
  {
    const char *argv[] = { cli, "import", input, "--label", "Pi 5", "--cpus", "0-1",
                           "--hostname", "rpi5", "--output", output, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, &err, &status,
                                 NULL));
    g_test_message ("%s%s", out, err);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  run = rtb_run_load (output, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (rtb_run_get_label (run), ==, "Pi 5");
  g_assert_cmpstr (rtb_run_get_series (run, 1)->name, ==, "CPU1");
  g_assert_true (g_str_has_prefix (rtb_run_get_source (run),
                                   "imported from cyclictest 2.7+ text: "));
  check_figures (run, 1, 100000, 2, 3, 23, 3);
  g_unlink (output);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  {
    g_autofree char *bad = import_test_data_path ("rtla-timerlat-2cpu.txt");
    const char *argv[] = { cli, "import", bad, "--format", "cyclictest", "--output", output,
                           NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, &err, &status,
                                 NULL));
    g_assert_false (g_spawn_check_wait_status (status, NULL));
    g_assert_nonnull (strstr (err, "line 4: expected cyclictest output"));
    g_assert_false (g_file_test (output, G_FILE_TEST_EXISTS));
  }
  g_rmdir (dir);
}

/* An import states few facts: the rest is unknown (null, "-"), never a default. */
static void
test_unknown_is_unknown (void)
{
  static const struct {
    const char *file;
    RtbRunStated stated;
  } cases[] = {
    { "ct210-h20-q-2t.txt", 0 },
    { "ct1x-q-N-1t.txt", RTB_RUN_STATED_PRIORITY | RTB_RUN_STATED_INTERVAL },
    { "ct210-h20-q-2t.json", RTB_RUN_STATED_POLICY | RTB_RUN_STATED_PRIORITY |
                             RTB_RUN_STATED_CPUS | RTB_RUN_STATED_INTERVAL },
    /* rtla names the CPUs but not its threads' policy: an `-P d:` run is SCHED_DEADLINE. */
    { "rtla-timerlat-2cpu.txt", RTB_RUN_STATED_CPUS },
    { "jitterdebugger-2cpu.json", 0 },
  };
  const char *cli = g_getenv ("RTBENCH_CLI");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = import_test_data_path (cases[i].file);
      RtbImportOptions options;
      g_autoptr (RtbRun) run = NULL;
      g_autoptr (JsonNode) node = NULL;
      g_autofree char *params = NULL;
      const RtbSystemInfo *system;
      JsonObject *object;

      rtb_import_options_init (&options);
      run = import_path (path, &options);
      system = rtb_run_get_system (run);
      g_test_message ("%s: %s", cases[i].file, params = rtb_run_format_parameters (run));
      g_assert_cmpint (rtb_run_get_stated (run), ==, cases[i].stated);
      g_assert_null (rtb_run_get_load (run));
      g_assert_null (strstr (params, "duration="));
      g_assert_true ((strstr (params, "priority=") != NULL) ==
                     !!(cases[i].stated & RTB_RUN_STATED_PRIORITY));
      g_assert_true ((strstr (params, "policy=") != NULL) ==
                     !!(cases[i].stated & RTB_RUN_STATED_POLICY));
      /* None of these files states the command line, swap or throttling of the machine. */
      g_assert_null (system->cmdline);
      g_assert_null (system->isolcpus);
      g_assert_null (system->governor);
      g_assert_cmpint (system->sched_rt_runtime_us, ==, RTB_SYSTEM_INFO_UNKNOWN);
      g_assert_cmpint (system->swap_total_kb, ==, -1);
      node = rtb_system_info_to_json (system);
      object = json_node_get_object (node);
      g_assert_true (json_object_get_null_member (object, "sched_rt_runtime_us"));
      g_assert_true (json_object_get_null_member (object, "isolcpus"));
      if (system->kernel_version == NULL)
        {
          g_assert_cmpint (system->preempt_rt, ==, RTB_SYSTEM_INFO_UNKNOWN);
          g_assert_true (json_object_get_null_member (object, "preempt_rt"));
        }
      if (g_str_has_suffix (cases[i].file, ".txt"))
        g_assert_cmpint (system->n_cpus, ==, RTB_SYSTEM_INFO_UNKNOWN);

      /* summary --json: each thread's unstated CPU, policy and priority are null. */
      {
        g_autoptr (JsonNode) summary = rtb_run_summary_to_json (run);
        JsonArray *series = json_object_get_array_member (json_node_get_object (summary),
                                                          "series");

        for (guint k = 0; k < json_array_get_length (series); k++)
          {
            JsonObject *s = json_array_get_object_element (series, k);

            g_assert_true (json_object_get_null_member (s, "cpu") ==
                           !(cases[i].stated & RTB_RUN_STATED_CPUS));
            g_assert_true (json_object_get_null_member (s, "policy") ==
                           !(cases[i].stated & RTB_RUN_STATED_POLICY));
            g_assert_true (json_object_get_null_member (s, "priority") ==
                           !(cases[i].stated & RTB_RUN_STATED_PRIORITY));
          }
      }
    }

  /* The CLI's summary of an import and of a version 1 file of one says "-", not a value. */
  for (guint i = 0; cli != NULL && i < 2; i++)
    {
      g_autofree char *dir = g_dir_make_tmp ("rtb-test-import-XXXXXX", NULL);
      g_autofree char *run_file = g_build_filename (dir, "imported.rtbench", NULL);
      g_autofree char *input = import_test_data_path ("ct210-h20-q-2t.txt");
      g_autofree char *v1 = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"),
                                              "run-v1-imported.rtbench", NULL);
      g_autofree char *out = NULL;
      const char *import_argv[] = { cli, "import", input, "--output", run_file, NULL };
      const char *summary_argv[] = { cli, "summary", i == 0 ? run_file : v1, NULL };
      static const char * const never[] = { "PREEMPT_RT no", "0 CPUs", "priority=0",
                                            "duration=0s", "sched_rt_runtime_us=-2",
                                            "load: none", " fifo ", "policy=fifo" };
      int status;

      if (i == 0)
        g_assert_true (g_spawn_sync (NULL, (char **) import_argv, NULL,
                                     G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status,
                                     NULL) && g_spawn_check_wait_status (status, NULL));
      g_assert_true (g_spawn_sync (NULL, (char **) summary_argv, NULL, 0, NULL, NULL, &out, NULL,
                                   &status, NULL));
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      g_test_message ("%s", out);
      for (guint k = 0; k < G_N_ELEMENTS (never); k++)
        g_assert_null (strstr (out, never[k]));
      g_assert_nonnull (strstr (out, "PREEMPT_RT -, CPUs -"));
      g_assert_nonnull (strstr (out, "sched_rt_runtime_us=-"));
      g_unlink (run_file);
      g_rmdir (dir);
    }
}

int
main (int argc, char *argv[])
{
  static const char * const texts[] = {
    "ct24-h20-q-2t.txt", "ct24-H20-q-2t.txt", "ct24-H50-q-1t.txt", "ct24-H40-q-3t.txt",
    "ct24-h100-live-2t.txt", "ct24-h30-q-2t.txt", "ct24-N-h20000-q-2t.txt",
    "ct210-h20-q-2t.txt", "ct210-H20-q-2t.txt", "ct1x-h20-q-2t.txt", "ct26-H20-2t.txt",
    "ct210-H10-q-1t-others.txt", "ct210-h5-all-overflow.txt", "ct210-h20-capture-crlf.txt",
    "ct24-h20-q-2t-summary-only.txt", "ct24-h20-q-2t-footer-only.txt",
  };
  static const char * const jsons[] = {
    "ct24-h30-q-2t.json", "ct24-q-2t.json", "ct24-N-h20000-q-2t.json", "ct210-h20-q-2t.json",
  };

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *name = g_strdup_printf ("/import/cyclictest-text/%s", texts[i]);

      g_test_add_data_func (name, texts[i], test_cyclictest_text);
    }
  for (guint i = 0; i < G_N_ELEMENTS (jsons); i++)
    {
      g_autofree char *name = g_strdup_printf ("/import/cyclictest-json/%s", jsons[i]);

      g_test_add_data_func (name, jsons[i], test_cyclictest_json);
    }
  g_test_add_func ("/import/cyclictest/text-json-pair", test_text_json_pair);
  g_test_add_func ("/import/cyclictest/status-lines", test_status_lines);
  g_test_add_func ("/import/cyclictest/overflow-cycles", test_overflow_cycles);
  g_test_add_func ("/import/cyclictest/percentiles-among-overflows",
                   test_percentiles_among_overflows);
  g_test_add_func ("/import/cyclictest/summary-only", test_summary_only);
  g_test_add_func ("/import/cyclictest/json-quirks", test_json_quirks);
  g_test_add_func ("/import/cyclictest/live", test_cyclictest_live);
  g_test_add_func ("/import/rtla", test_rtla);
  g_test_add_func ("/import/jitterdebugger", test_jitterdebugger);
  g_test_add_func ("/import/detect", test_detect);
  g_test_add_func ("/import/options", test_options);
  g_test_add_func ("/import/malformed", test_malformed);
  g_test_add_func ("/import/limits", test_limits);
  g_test_add_func ("/import/mutations", test_mutations);
  g_test_add_func ("/import/cli", test_cli);
  g_test_add_func ("/import/unknown-is-unknown", test_unknown_is_unknown);

  return g_test_run ();
}
