/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rtbench-cli compare and export's tables, end to end: real runs, an imported file, real files. */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "cli-test-util.h"

static char *run_a, *run_b, *run_imported;

static char *
read_file (const char *path, gsize *len)
{
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, len, NULL));
  return data;
}

static void
assert_png_size (const char *path, guint32 width, guint32 height)
{
  gsize len;
  g_autofree char *data = read_file (path, &len);

  g_assert_cmpuint (len, >, 24);
  g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_cmpmem (data + 12, 4, "IHDR", 4);
  g_assert_cmpuint (GUINT32_FROM_BE (*(guint32 *) (data + 16)), ==, width);
  g_assert_cmpuint (GUINT32_FROM_BE (*(guint32 *) (data + 20)), ==, height);
}

static void
make_runs (void)
{
  CliResult r = { 0 };
  g_autofree char *fixture = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "import",
                                               "ct210-h20-q-2t.txt", NULL);

  run_a = cli_tmp_path ("a.rtbench");
  run_b = cli_tmp_path ("b.rtbench");
  run_imported = cli_tmp_path ("ct.rtbench");
  run_cli (&r, "run", "latency", "--cpus", "0", "--policy", "other", "--duration", "1s",
           "--label", "first", "--output", run_a);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
  run_cli (&r, "run", "latency", "--cpus", "0", "--policy", "other", "--duration", "1s",
           "--interval-us", "500", "--label", "second", "--output", run_b);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
  run_cli (&r, "import", fixture, "--label", "pi", "--hostname", "raspberrypi", "--output",
           run_imported);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
}

static void
test_compare_text_and_files (void)
{
  g_autofree char *png = cli_tmp_path ("cmp.png");
  g_autofree char *svg = cli_tmp_path ("cmp.svg");
  g_autofree char *pdf = cli_tmp_path ("cmp.pdf");
  g_autofree char *csv = cli_tmp_path ("cmp.csv");
  g_autofree char *hist = cli_tmp_path ("cmp-histogram.csv");
  CliResult r = { 0 };

  run_cli (&r, "compare", run_a, run_b, run_imported, "--png", png, "--svg", svg, "--pdf", pdf,
           "--csv", csv, "--csv-histogram", hist, "--width", "900", "--height", "700",
           "--chart", "histogram");
  g_assert_cmpint (r.status, ==, 0);
  for (const char * const *want = (const char *[]) {
         "System", "* host", "Notices", "different intervals: 1000 µs vs 500 µs",
         "pi was imported", "all CPUs", "CPU0", "T1", "p99.9 µs", " *", "Δ second", NULL };
       *want != NULL; want++)
    {
      g_test_message ("looking for %s", *want);
      g_assert_nonnull (strstr (r.out, *want));
    }
  cli_result_clear (&r);

  assert_png_size (png, 900, 700);
  g_autofree char *svg_text = read_file (svg, NULL);
  g_assert_nonnull (strstr (svg_text, "viewBox=\"0 0 900 700\""));
  gsize pdf_len;
  g_autofree char *pdf_data = read_file (pdf, &pdf_len);
  g_assert_true (g_str_has_prefix (pdf_data, "%PDF-"));
  g_assert_nonnull (memmem (pdf_data, pdf_len, "/MediaBox [ 0 0 900 700 ]", 25));

  g_autofree char *table = read_file (csv, NULL);
  g_auto (GStrv) lines = g_strsplit (table, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "series,statistic,first,second,pi,second - first,"
                                 "second / first,pi - first,pi / first,best,partial");
  g_assert_true (g_str_has_prefix (lines[1], "all CPUs,count,"));
  /* all CPUs, CPU0, T0, T1: 14 statistics each (the timer's RMS and |error| are not shown for
   * latency runs), a header and the empty string after "\n" */
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 4 * 14 + 1);
  /* pi's thread 1 has 3 overflows without values: its stddev, and the pooled one, are partial
   * (the last field); thread 0 has none. */
  for (guint i = 1; lines[i + 1] != NULL; i++)
    if (g_str_has_prefix (lines[i], "T1,stddev_us,") ||
        g_str_has_prefix (lines[i], "all CPUs,stddev_us,"))
      {
        g_auto (GStrv) f = g_strsplit (lines[i], ",", -1);

        /* Shown, but neither set against the baseline nor judged. */
        g_assert_cmpstr (f[4], !=, "");
        g_assert_cmpstr (f[7], ==, "");
        g_assert_cmpstr (f[8], ==, "");
        g_assert_true (g_str_has_suffix (lines[i], ",pi"));
      }
    else
      g_assert_true (g_str_has_suffix (lines[i], ","));

  g_autofree char *histogram = read_file (hist, NULL);
  g_assert_true (g_str_has_prefix (histogram, "bucket_us,first CPU0,second CPU0,pi T0,pi T1\n"));
  g_assert_nonnull (strstr (histogram, "\noverflows,"));
}

/* A traced run against an untraced one: the causes of spikes the first has and the second has
 * not are marked, and both runs' measured CPUs served the local timer, each at its own rate. */
static void
test_compare_causes_and_interrupts (void)
{
  g_autofree char *culprit = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "spikes",
                                               "culprit.rtbench", NULL);
  CliResult r = { 0 };
  const char *section, *loc;
  g_auto (GStrv) loc_line = NULL;

  run_cli (&r, "compare", culprit, run_a);
  g_assert_cmpint (r.status, ==, 0);
  g_test_message ("%s", r.out);
  section = strstr (r.out, "\nCauses of spikes");
  g_assert_nonnull (section);
  g_assert_nonnull (strstr (section, "\n* rtb-spike-load "));
  section = strstr (r.out, "\nInterrupts and softirqs the measured CPUs served");
  g_assert_nonnull (section);
  loc = strstr (section, "\n  interrupt LOC Local timer interrupts ");
  g_assert_nonnull (loc);
  loc_line = g_strsplit (loc + 1, "\n", 2);
  g_assert_nonnull (strstr (loc_line[0], " (2348.4/s) "));
  /* The second run counted its own: a count and a rate, not "-". */
  g_assert_nonnull (strstr (strstr (loc_line[0], " (2348.4/s) ") + 1, "/s)"));
  cli_result_clear (&r);
}

static void
test_compare_json (void)
{
  g_autofree char *png = cli_tmp_path ("json.png");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  CliResult r = { 0 };

  run_cli (&r, "compare", run_a, run_imported, "--json", "--png", png);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, r.out, -1, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (r.err, "Wrote"));
  assert_png_size (png, 1200, 900);

  JsonObject *root = json_node_get_object (json_parser_get_root (parser));
  JsonArray *runs = json_object_get_array_member (root, "runs");
  g_assert_cmpuint (json_array_get_length (runs), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (runs, 1), "name"),
                   ==, "pi");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "notices")), >, 0);

  JsonArray *series = json_object_get_array_member (root, "series");
  JsonObject *all = json_array_get_object_element (series, 0);
  g_assert_cmpstr (json_object_get_string_member (all, "name"), ==, "all CPUs");
  g_assert_true (json_object_get_boolean_member (all, "pooled"));
  JsonObject *count = json_object_get_object_member (json_object_get_object_member (all, "stats"),
                                                     "count");
  JsonArray *values = json_object_get_array_member (count, "values");
  g_assert_cmpfloat (json_array_get_double_element (values, 1), ==, 200000);
  g_assert_true (json_object_get_null_member (count, "best"));

  JsonArray *system = json_object_get_array_member (root, "system");
  JsonObject *host = json_array_get_object_element (system, 0);
  g_assert_cmpstr (json_object_get_string_member (host, "key"), ==, "hostname");
  g_assert_true (json_object_get_boolean_member (host, "differs"));
  /* What the imported file does not say is null, not "-". */
  JsonObject *kernel = json_array_get_object_element (system, 1);
  g_assert_cmpstr (json_object_get_string_member (kernel, "key"), ==, "kernel");
  values = json_object_get_array_member (kernel, "values");
  g_assert_nonnull (json_array_get_string_element (values, 0));
  g_assert_true (JSON_NODE_HOLDS_NULL (json_array_get_element (values, 1)));
  cli_result_clear (&r);
}

static void
test_compare_usage (void)
{
  CliResult r = { 0 };
  g_autofree char *missing = cli_tmp_path ("missing.rtbench");

  run_cli (&r, "compare", run_a);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "at least two"));
  cli_result_clear (&r);
  run_cli (&r, "compare", run_a, run_b, "--frob", "x");
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "--frob"));
  cli_result_clear (&r);
  run_cli (&r, "compare", run_a, run_b, "--chart", "pie");
  g_assert_cmpint (r.status, ==, 2);
  cli_result_clear (&r);
  run_cli (&r, "compare", run_a, missing);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, missing));
  cli_result_clear (&r);
  run_cli (&r, "compare", "--help");
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "--csv F"));
  cli_result_clear (&r);
}

static JsonObject *
first_series (JsonParser *parser, const char *file, guint index)
{
  CliResult r = { 0 };
  g_autoptr (GError) error = NULL;

  run_cli (&r, "summary", file, "--json");
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, r.out, -1, &error));
  g_assert_no_error (error);
  cli_result_clear (&r);
  JsonObject *root = json_node_get_object (json_parser_get_root (parser));
  JsonObject *run = json_array_get_object_element (json_object_get_array_member (root, "runs"), 0);
  return json_array_get_object_element (json_object_get_array_member (run, "series"), index);
}

static void
test_export_tables_and_cyclictest (void)
{
  g_autofree char *csv = cli_tmp_path ("e.csv");
  g_autofree char *hist = cli_tmp_path ("e-histogram.csv");
  g_autofree char *series = cli_tmp_path ("e-series.csv");
  g_autofree char *ct = cli_tmp_path ("e.txt");
  g_autofree char *back = cli_tmp_path ("e-back.rtbench");
  g_autoptr (JsonParser) p1 = json_parser_new ();
  g_autoptr (JsonParser) p2 = json_parser_new ();
  CliResult r = { 0 };

  run_cli (&r, "export", run_a, "--csv", csv, "--csv-histogram", hist, "--csv-series", series,
           "--cyclictest", ct);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);

  g_autofree char *summary = read_file (csv, NULL);
  g_assert_true (g_str_has_prefix (summary, "run,series,cpu,count,min_us,"));
  g_assert_nonnull (strstr (summary, "\nfirst,CPU0,0,"));
  g_autofree char *histogram = read_file (hist, NULL);
  g_assert_true (g_str_has_prefix (histogram, "bucket_us,first CPU0\n"));
  g_autofree char *history = read_file (series, NULL);
  g_assert_true (g_str_has_prefix (history, "run,series,index,samples,"));
  g_assert_nonnull (strstr (history, "\nfirst,CPU0,0,1,"));
  g_autofree char *text = read_file (ct, NULL);
  g_assert_nonnull (strstr (text, "\n# Histogram\n"));
  g_assert_true (g_str_has_suffix (text, "\n\n"));
  /* One cycle number per overflow, each below the sample count; a run without overflows has
   * "# Thread 0:" alone. */
  JsonObject *measured = first_series (p1, run_a, 0);
  g_auto (GStrv) text_lines = g_strsplit (text, "\n", -1);
  const char *listed = NULL;
  for (guint i = 0; text_lines[i] != NULL; i++)
    if (g_str_has_prefix (text_lines[i], "# Thread 0:"))
      listed = text_lines[i] + strlen ("# Thread 0:");
  g_assert_nonnull (listed);
  g_auto (GStrv) cycles = g_strsplit (listed, " ", -1);
  guint n_cycles = 0;
  for (guint i = 0; cycles[i] != NULL; i++)
    if (cycles[i][0] != '\0')
      {
        g_assert_cmpint (g_ascii_strtoll (cycles[i], NULL, 10), <,
                         json_object_get_int_member (measured, "count"));
        n_cycles++;
      }
  g_assert_cmpuint (n_cycles, ==, json_object_get_int_member (measured, "overflows"));

  run_cli (&r, "import", ct, "--output", back);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);

  JsonObject *a = first_series (p1, run_a, 0);
  JsonObject *b = first_series (p2, back, 0);
  g_assert_cmpint (json_object_get_int_member (b, "count"), ==,
                   json_object_get_int_member (a, "count"));
  g_assert_cmpint (json_object_get_int_member (b, "overflows"), ==,
                   json_object_get_int_member (a, "overflows"));
  /* What comes back is cyclictest's kind of figures of the measured run. */
  JsonObject *figures = json_object_get_object_member (a, "cyclictest");
  for (const char * const *key = (const char *[]) { "min_us", "avg_us", "max_us", NULL };
       *key != NULL; key++)
    g_assert_cmpfloat (json_object_get_double_member (b, *key), ==,
                       json_object_get_double_member (figures, *key));
}

/* Heatmaps in clock time: a run's own, and runs compared side by side each in its own clock;
 * refused, saying why, for runs of different periods and for a run without its start. */
static void
test_heatmap_clock (void)
{
  g_autofree char *png = cli_tmp_path ("heatmap-clock.png");
  CliResult r = { 0 };

  run_cli (&r, "export", run_a, "--chart", "heatmap", "--time-axis", "clock", "--png", png,
           "--width", "800", "--height", "500");
  g_assert_cmpint (r.status, ==, 0);
  assert_png_size (png, 800, 500);
  cli_result_clear (&r);
  run_cli (&r, "compare", run_a, run_a, "--chart", "heatmap", "--time-axis", "clock", "--png",
           png, "--width", "900", "--height", "600");
  g_assert_cmpint (r.status, ==, 0);
  assert_png_size (png, 900, 600);
  cli_result_clear (&r);
  /* The curves of two runs still share elapsed time */
  run_cli (&r, "compare", run_a, run_a, "--chart", "curve", "--time-axis", "clock", "--png",
           png);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "Clock time reads one run at a time"));
  cli_result_clear (&r);
  run_cli (&r, "compare", run_a, run_b, "--chart", "heatmap", "--time-axis", "clock", "--png",
           png);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "--time-axis clock: The runs' instances are not spaced alike "
                                   "in time"));
  cli_result_clear (&r);
  run_cli (&r, "export", run_imported, "--chart", "heatmap", "--time-axis", "clock", "--png",
           png);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "--time-axis clock: The run does not record when it started"));
  cli_result_clear (&r);
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  CLI_REQUIRE_ENV ();
  cli_tmp_dir_make ("cli-compare");
  make_runs ();

  g_test_add_func ("/cli-compare/text-and-files", test_compare_text_and_files);
  g_test_add_func ("/cli-compare/json", test_compare_json);
  g_test_add_func ("/cli-compare/causes-and-interrupts", test_compare_causes_and_interrupts);
  g_test_add_func ("/cli-compare/usage", test_compare_usage);
  g_test_add_func ("/cli-compare/heatmap-clock", test_heatmap_clock);
  g_test_add_func ("/cli-compare/export-tables-and-cyclictest", test_export_tables_and_cyclictest);
  status = g_test_run ();

  cli_tmp_dir_remove ();
  return status;
}
