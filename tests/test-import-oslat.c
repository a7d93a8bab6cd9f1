/* SPDX-License-Identifier: GPL-3.0-or-later */
/* oslat's text and --json, from real runs of Debian's oslat (rt-tests 2.4) on the development
 * VM, imported as noise runs: every bucket, min, avg, max and the overflows against what the
 * file says, read here by a reader of the test's own; and compared with rtbench's noise runs. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import-test-util.h"
#include "rtb-compare.h"
#include "rtb-import.h"
#include "rtb-test-run.h"

/* What oslat printed for one thread, read with sscanf from the text. */
typedef struct {
  int cpu;
  guint64 labels[1100];  /* count by bucket label */
  guint64 last_label;
  guint64 min, max;
  double avg;
  guint64 count;
} Printed;

/* The values after "NAME:\t" (at most 4 threads). */
static guint
values (const char *line, double out[4])
{
  const char *p = strchr (line, '\t');
  guint n = 0;

  g_assert_nonnull (p);
  for (p++; n < 4; n++)
    {
      char *end;

      out[n] = g_ascii_strtod (p, &end);
      if (end == p)
        break;
      p = end;
    }
  return n;
}

static guint
read_printed (const char *name, Printed printed[4])
{
  g_autofree char *path = import_test_data_path (name);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  guint n = 0;

  memset (printed, 0, 4 * sizeof *printed);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      double v[4];
      unsigned label;
      guint k;

      if (strstr (lines[i], ":\t") == NULL)
        continue;
      k = values (lines[i], v);
      if (strstr (lines[i], "Core:") != NULL)
        n = k;
      for (guint t = 0; t < k; t++)
        {
          if (strstr (lines[i], "Core:") != NULL)
            printed[t].cpu = (int) v[t];
          else if (sscanf (lines[i], " %u (us):", &label) == 1)
            {
              g_assert_cmpuint (label, <, G_N_ELEMENTS (printed[t].labels));
              printed[t].labels[label] = (guint64) v[t];
              printed[t].count += (guint64) v[t];
              if (strstr (lines[i], "(including overflows)") != NULL)
                printed[t].last_label = label;
            }
          else if (strstr (lines[i], "Minimum:") != NULL)
            printed[t].min = (guint64) v[t];
          else if (strstr (lines[i], "Maximum:") != NULL)
            printed[t].max = (guint64) v[t];
          else if (strstr (lines[i], "Average:") != NULL)
            printed[t].avg = v[t];
        }
    }
  g_assert_cmpuint (n, >, 0);
  return n;
}

static RtbRun *
import_fixture (const char *name, char ***notes, GError **error)
{
  g_autofree char *path = import_test_data_path (name);

  return rtb_import_file (path, NULL, notes, error);
}

/* Every figure of every series against the text oslat printed. */
static void
check_against_text (RtbRun *run, const char *text_name, double avg_tolerance)
{
  Printed printed[4];
  guint n = read_printed (text_name, printed);

  g_assert_cmpint (rtb_run_get_method (run), ==, RTB_METHOD_NOISE);
  g_assert_cmpuint (rtb_run_get_n_series (run), ==, n);
  g_assert_cmpuint (rtb_run_get_command (run)->noise.histogram_us, ==, printed[0].last_label);
  for (guint t = 0; t < n; t++)
    {
      RtbSeries *series = rtb_run_get_series (run, t);
      RtbSeriesSummary summary;

      rtb_series_get_summary (series, &summary);
      g_assert_cmpint (series->cpu, ==, printed[t].cpu);
      g_assert_cmpuint (series->histogram.n_buckets, ==, printed[t].last_label);
      for (guint64 label = 0; label < printed[t].last_label; label++)
        g_assert_cmpuint (series->histogram.counts[label], ==, printed[t].labels[label]);
      /* The last bucket holds the overflows: gaps of its label and more. */
      g_assert_cmpuint (summary.overflows, ==, printed[t].labels[printed[t].last_label]);
      g_assert_cmpuint (series->unknown_values, ==, printed[t].labels[printed[t].last_label]);
      g_assert_cmpuint (summary.count, ==, printed[t].count);
      g_assert_cmpfloat (summary.min_us, ==, (double) printed[t].min);
      g_assert_cmpfloat (summary.max_us, ==, (double) printed[t].max);
      g_assert_cmpfloat_with_epsilon (summary.avg_us, printed[t].avg, avg_tolerance);
      /* The median, nearest rank, of the buckets as printed: the loop's own gaps (below 1 µs,
       * counted 1 µs; with --bias, at the first label). */
      {
        guint64 rank = (printed[t].count + 1) / 2, seen = 0, label = 0;

        while (seen + printed[t].labels[label] < rank)
          seen += printed[t].labels[label++];
        g_assert_cmpfloat (summary.p50_us, ==, (double) label);
      }
    }
  import_test_check_consistent (run);
}

static void
test_text (void)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) notes = NULL;
  g_autoptr (RtbRun) run = import_fixture ("oslat24-c0-1-D5.txt", &notes, &error);
  const RtbCommand *cmd;

  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (rtb_run_get_source (run), "imported from oslat text: "));
  g_assert_true (g_str_has_suffix (rtb_run_get_source (run), "/oslat24-c0-1-D5.txt"));
  /* The text prints the average to 0.001 µs: kept as printed. */
  check_against_text (run, "oslat24-c0-1-D5.txt", 1e-9);
  cmd = rtb_run_get_command (run);
  /* Without -q oslat says its policy: "Thread priority: default". */
  g_assert_cmpint (cmd->policy, ==, RTB_POLICY_OTHER);
  g_assert_true (rtb_run_get_stated (run) & RTB_RUN_STATED_POLICY);
  /* The longest thread's "Duration:", 5.038 s. */
  g_assert_cmpuint (cmd->duration_ns, ==, G_GUINT64_CONSTANT (5038000000));
  g_assert_cmpstr (rtb_run_get_series (run, 1)->name, ==, "CPU1");
}

static void
test_json (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) json = import_fixture ("oslat24-c0-1-D5.json", NULL, &error);
  g_autoptr (RtbRun) text = import_fixture ("oslat24-c0-1-D5.txt", NULL, &error);

  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (rtb_run_get_source (json), "imported from oslat --json: "));
  /* The same run's stdout: the JSON's average has 6 decimals where the text has 3. */
  check_against_text (json, "oslat24-c0-1-D5.txt", 0.0005);
  g_assert_cmpstr (rtb_run_get_system (json)->hostname, ==, "vm");
  g_assert_cmpstr (rtb_run_get_system (json)->kernel_release, ==, "6.18.44-fc-v1045");
  for (guint t = 0; t < 2; t++)
    g_assert_cmpmem (rtb_run_get_series (json, t)->histogram.counts,
                     32 * sizeof (guint64), rtb_run_get_series (text, t)->histogram.counts,
                     32 * sizeof (guint64));
}

/* -q -z -b 64 -f 1: 64 buckets, the empty ones left out ("    ..."), SCHED_FIFO 1. */
static void
test_zero_omitted_and_fifo (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) text = import_fixture ("oslat24-c1-q-z-b64-f1.txt", NULL, &error);
  g_autoptr (RtbRun) json = import_fixture ("oslat24-c1-q-z-b64-f1.json", NULL, &error);

  g_assert_no_error (error);
  check_against_text (text, "oslat24-c1-q-z-b64-f1.txt", 1e-9);
  check_against_text (json, "oslat24-c1-q-z-b64-f1.txt", 0.0005);
  g_assert_cmpuint (rtb_run_get_series (text, 0)->histogram.counts[19], ==, 0);
  /* -q prints no settings: the text does not say the policy, the JSON's command line does. */
  g_assert_false (rtb_run_get_stated (text) & RTB_RUN_STATED_POLICY);
  g_assert_true (rtb_run_get_stated (json) & RTB_RUN_STATED_POLICY);
  g_assert_cmpint (rtb_run_get_command (json)->policy, ==, RTB_POLICY_FIFO);
  g_assert_cmpint (rtb_run_get_command (json)->priority, ==, 1);
}

/* --bias: the labels start at bias + 1; the JSON does not say the bias and is refused. */
static void
test_bias (void)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) notes = NULL;
  g_autoptr (RtbRun) text = import_fixture ("oslat24-c1-q-B.txt", &notes, &error);
  g_autoptr (RtbRun) json = NULL;

  g_assert_no_error (error);
  check_against_text (text, "oslat24-c1-q-B.txt", 1e-9);
  g_assert_nonnull (notes);
  g_assert_nonnull (strstr (notes[0], "--bias"));
  g_assert_cmpuint (rtb_run_get_series (text, 0)->histogram.counts[1], ==, 0);

  /* The JSON of the same run (its histogram cut short here): no word of the bias. */
  const char *bias_json = "{\"cmdline:\": \"oslat -c 1 -D 2 -q -B --json=o.json\", \"thread\": "
                          "{\"0\": {\"cpu\": 1, \"freq\": 2597, \"min\": 1, \"avg\": 2.046, "
                          "\"max\": 20106, \"duration\": 1.998, \"histogram\": {\"2\": 28805142, "
                          "\"33\": 258}}}}";
  json = rtb_import_data ((const guint8 *) bias_json, strlen (bias_json), "o.json", NULL, NULL,
                          &error);
  g_assert_null (json);
  g_assert_error (error, RTB_IMPORT_ERROR, RTB_IMPORT_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "--bias"));
  g_assert_nonnull (strstr (error->message, "import the text"));
}

static void
test_detect (void)
{
  static const struct {
    const char *name;
    RtbImportFormat format;
  } cases[] = {
    { "oslat24-c0-1-D5.txt", RTB_IMPORT_FORMAT_OSLAT },
    { "oslat24-c0-1-D5.json", RTB_IMPORT_FORMAT_OSLAT_JSON },
    { "oslat24-c1-q-z-b64-f1.txt", RTB_IMPORT_FORMAT_OSLAT },
    { "ct24-h30-q-2t.json", RTB_IMPORT_FORMAT_CYCLICTEST_JSON },
    { "ct24-h30-q-2t.txt", RTB_IMPORT_FORMAT_CYCLICTEST },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = import_test_data_path (cases[i].name);
      g_autofree char *data = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (path, &data, &len, NULL));
      g_assert_cmpint (rtb_import_detect ((const guint8 *) data, len), ==, cases[i].format);
    }
}

static void
expect_error (const char *text, RtbImportFormat format, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = NULL;
  RtbImportOptions options;

  rtb_import_options_init (&options);
  options.format = format;
  run = rtb_import_data ((const guint8 *) text, strlen (text), "bad.txt", &options, NULL,
                         &error);
  g_assert_null (run);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, message));
}

#define HEAD "oslat V 2.40\n        Core:\t 0 1\nCounter Freq:\t 2597 2597 (Mhz)\n" \
             "    001 (us):\t 10 20\n"
#define TAIL "     Minimum:\t 1 1 (us)\n     Average:\t 1.000 1.000 (us)\n" \
             "     Maximum:\t 1 1 (us)\n     Max-Min:\t 0 0 (us)\n    Duration:\t 1.0 1.0 (sec)\n"

static void
test_errors (void)
{
  /* A run cut short (oslat -T stops without its summary). */
  expect_error (HEAD, RTB_IMPORT_FORMAT_AUTO, "no \"Minimum:\" line");
  expect_error (HEAD "    002 (us):\t 1 1\n" TAIL, RTB_IMPORT_FORMAT_AUTO,
                "no last bucket");
  expect_error (HEAD "    002 (us):\t 1 (including overflows)\n" TAIL, RTB_IMPORT_FORMAT_AUTO,
                "line 5: expected 2 values (one per thread)");
  expect_error (HEAD "    001 (us):\t 1 1 (including overflows)\n" TAIL, RTB_IMPORT_FORMAT_AUTO,
                "line 5: bucket 1 µs comes after a larger one");
  expect_error (HEAD "    002 (us):\t 1 x (including overflows)\n" TAIL, RTB_IMPORT_FORMAT_AUTO,
                "line 5: expected");
  expect_error (HEAD "    002 (us):\t 1 1 (including overflows)\n"
                "     Minimum:\t 1 1 (us)\n     Average:\t 1.0x 1.000 (us)\n",
                RTB_IMPORT_FORMAT_AUTO, "line 7: expected numbers from 0 to");
  expect_error (HEAD "    002 (us):\t 1 1 (including overflows)\n" TAIL TAIL,
                RTB_IMPORT_FORMAT_AUTO, "a second \"Minimum:\" line (the first is line 6)");
  expect_error ("{\"thread\": {\"0\": {\"cpu\": 0, \"freq\": 1, \"min\": 1, \"avg\": 1.0, "
                "\"max\": 1, \"duration\": 1.0, \"histogram\": {\"40\": 1}}}}",
                RTB_IMPORT_FORMAT_AUTO, "expected bucket labels from 1 to 32 (-b), found \"40\"");
  expect_error ("{\"thread\": {\"1\": {\"cpu\": 0, \"freq\": 1}}}", RTB_IMPORT_FORMAT_OSLAT_JSON,
                "thread.0: missing");
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (RtbRun) run = NULL;
    RtbImportOptions options;
    const char *text = HEAD "    002 (us):\t 1 1 (including overflows)\n" TAIL;

    rtb_import_options_init (&options);
    options.units = RTB_IMPORT_UNITS_NS;
    run = rtb_import_data ((const guint8 *) text, strlen (text), "t.txt", &options, NULL, &error);
    g_assert_error (error, RTB_IMPORT_ERROR, RTB_IMPORT_ERROR_OPTIONS);
  }
}

/* rt-tests 2.7+ print "(MHz)" and round min and max down: read, with a note. The fixtures come
 * from oslat 2.10 built from rt-tests' tag v2.10 and run on the development VM. */
static void
test_later_release (void)
{
  for (const char * const *name = (const char * const[]) { "oslat210real-c1-D3.txt",
                                                           "oslat210real-c1-D3.json", NULL };
       *name != NULL; name++)
    {
      g_autoptr (GError) error = NULL;
      g_auto (GStrv) notes = NULL;
      g_autoptr (RtbRun) run = import_fixture (*name, &notes, &error);

      g_assert_no_error (error);
      check_against_text (run, "oslat210real-c1-D3.txt",
                          g_str_has_suffix (*name, ".json") ? 0.0005 : 1e-9);
      g_assert_nonnull (notes);
      g_assert_nonnull (strstr (notes[0], "2.10"));
    }
}

/* An oslat run meets an rtbench noise run: the same method, values of the same meaning, and a
 * notice that the counts of gaps are not comparable. */
static void
test_compare_with_noise (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) oslat = import_fixture ("oslat24-c1-q-z-b64-f1.txt", NULL, &error);
  g_autoptr (RtbRun) noise = test_run_new ("rtbench", RTB_METHOD_NOISE, 0, 0);
  g_autoptr (RtbCompare) compare = NULL;
  RtbRun *runs[2];
  const char * const *notices;
  gboolean said = FALSE;
  guint row = G_MAXUINT;

  g_assert_no_error (error);
  /* CPU1 of the noise run: short gaps, one of 3 µs and one of 40 µs. */
  RtbSeries *cpu1 = rtb_run_add_series (noise, "CPU1", 1);
  rtb_series_add_repeated (cpu1, 1, 1000);
  rtb_series_add (cpu1, 3000);
  rtb_series_add (cpu1, 40000);
  runs[0] = noise;
  runs[1] = oslat;
  compare = rtb_compare_new (runs, 2);
  notices = rtb_compare_get_notices (compare);
  for (guint i = 0; notices[i] != NULL; i++)
    {
      g_test_message ("notice: %s", notices[i]);
      g_assert_null (strstr (notices[i], "different methods"));
      said |= strstr (notices[i], "oslat") != NULL && strstr (notices[i], "TSC") != NULL;
    }
  g_assert_true (said);
  for (guint i = 0; i < rtb_compare_get_n_rows (compare); i++)
    if (g_str_equal (rtb_compare_get_row_name (compare, i), "CPU1"))
      row = i;
  g_assert_cmpuint (row, !=, G_MAXUINT);
  g_assert_cmpfloat (rtb_compare_get_cell (compare, row, 0, RTB_FIGURE_MAX)->value, ==,
                     40.0);
  g_assert_cmpfloat (rtb_compare_get_cell (compare, row, 1, RTB_FIGURE_MAX)->value, ==,
                     53886.0);
  g_assert_cmpfloat (rtb_compare_get_cell (compare, row, 1, RTB_FIGURE_MAX)->ratio, ==,
                     53886.0 / 40.0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/import-oslat/text", test_text);
  g_test_add_func ("/import-oslat/json", test_json);
  g_test_add_func ("/import-oslat/zero-omitted-and-fifo", test_zero_omitted_and_fifo);
  g_test_add_func ("/import-oslat/bias", test_bias);
  g_test_add_func ("/import-oslat/detect", test_detect);
  g_test_add_func ("/import-oslat/errors", test_errors);
  g_test_add_func ("/import-oslat/later-release", test_later_release);
  g_test_add_func ("/import-oslat/compare-with-noise", test_compare_with_noise);
  return g_test_run ();
}
