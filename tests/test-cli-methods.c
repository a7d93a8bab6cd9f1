/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The methods' own figures as rtbench-cli reports them, recomputed from the raw samples of real
 * runs (export --csv-series, one line a sample while a run is short): LinuxCNC's intervals, max
 * jitter and overruns in summary --json, the CSV and the table; the response study's series
 * and off-CPU counts; what the normal timer thread gave up. Counts and exact arithmetic only.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "cli-test-util.h"
#include "truth-util.h"


static void
cli_ok (const char * const *args)
{
  CliResult r = { 0 };

  run_cliv (&r, args);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
}

static JsonNode *
load_json (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* summary --json's series of the one run in `file`. */
static JsonArray *
summary_series (const char *file, JsonNode **root)
{
  CliResult r = { 0 };

  run_cli (&r, "summary", file, "--json");
  g_assert_cmpint (r.status, ==, 0);
  *root = load_json (r.out);
  cli_result_clear (&r);
  return json_object_get_array_member (
    json_array_get_object_element (json_object_get_array_member (json_node_get_object (*root),
                                                                 "runs"), 0),
    "series");
}

/* Lines of a CSV file with a header, as field arrays (no quoting in what rtbench writes here). */
static GPtrArray *
read_csv (const char *path, char ***header)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  *header = truth_csv_fields (lines[0]);
  for (guint i = 1; lines[i] != NULL; i++)
    if (lines[i][0] != '\0')
      g_ptr_array_add (rows, truth_csv_fields (lines[i]));
  return rows;
}

static int
column (char **header, const char *name)
{
  for (int i = 0; header[i] != NULL; i++)
    if (strcmp (header[i], name) == 0)
      return i;
  g_error ("no column %s", name);
}

typedef struct {
  gint64 min_ns;
  gint64 max_ns;
  guint64 count;
} Raw;

/* Per series, from --csv-series: every line one sample (asserted), values to the ns. */
static GHashTable *
raw_samples (const char *run_file)
{
  g_autofree char *csv = cli_tmp_path ("series.csv");
  const char *args[] = { "export", run_file, "--csv-series", csv, NULL };
  g_auto (GStrv) header = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  GHashTable *raws = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  int c_series, c_samples, c_min;

  cli_ok (args);
  rows = read_csv (csv, &header);
  c_series = column (header, "series");
  c_samples = column (header, "samples");
  c_min = column (header, "min_us");
  for (guint i = 0; i < rows->len; i++)
    {
      char **row = g_ptr_array_index (rows, i);
      gint64 ns = llround (g_ascii_strtod (row[c_min], NULL) * 1000.0);
      Raw *raw = g_hash_table_lookup (raws, row[c_series]);

      g_assert_cmpstr (row[c_samples], ==, "1");
      if (raw == NULL)
        {
          raw = g_new0 (Raw, 1);
          raw->min_ns = raw->max_ns = ns;
          g_hash_table_insert (raws, g_strdup (row[c_series]), raw);
        }
      raw->min_ns = MIN (raw->min_ns, ns);
      raw->max_ns = MAX (raw->max_ns, ns);
      raw->count++;
    }
  return raws;
}

static gint64
us_to_ns (double us)
{
  return llround (us * 1000.0);
}

/* LinuxCNC's figures: every interval measured (intervals = samples), the shortest and longest
 * interval from the raw samples plus the period, max jitter = max(longest − period,
 * period − shortest), the overruns the worker counted; in summary --json, the CSV and the table
 * alike. */
static void
test_jitter_figures (void)
{
  g_autofree char *file = cli_tmp_path ("jitter.rtbench");
  g_autofree char *csv = cli_tmp_path ("stats.csv");
  const char *run_args[] = { "run", "jitter", "--policy", "other", "--base-us", "500",
                             "--servo-us", "2000", "--duration", "1s", "--output", file, NULL };
  const char *csv_args[] = { "export", file, "--csv", csv, NULL };
  const gint64 periods_ns[] = { 500000, 2000000 };
  g_autoptr (GHashTable) raws = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (JsonNode) saved = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  g_auto (GStrv) header = NULL;
  g_autofree char *saved_text = NULL;
  CliResult table = { 0 };
  JsonArray *series;

  cli_ok (run_args);
  raws = raw_samples (file);
  series = summary_series (file, &root);
  g_assert_true (g_file_get_contents (file, &saved_text, NULL, NULL));
  saved = load_json (saved_text);
  cli_ok (csv_args);
  rows = read_csv (csv, &header);
  run_cli (&table, "summary", file);
  g_assert_cmpint (table.status, ==, 0);

  g_assert_cmpuint (json_array_get_length (series), ==, 2);
  for (guint t = 0; t < 2; t++)
    {
      JsonObject *s = json_array_get_object_element (series, t);
      JsonObject *in_file = json_array_get_object_element (
        json_object_get_array_member (json_node_get_object (saved), "series"), t);
      const char *name = json_object_get_string_member (s, "name");
      const Raw *raw = g_hash_table_lookup (raws, name);
      gint64 min_interval = periods_ns[t] + raw->min_ns;
      gint64 max_interval = periods_ns[t] + raw->max_ns;
      gint64 jitter = MAX (max_interval - periods_ns[t], periods_ns[t] - min_interval);
      gint64 overruns = json_object_get_int_member (
        json_object_get_object_member (in_file, "worker_stats"), "overruns");
      g_autofree char *jitter_text = g_strdup_printf ("%.1f", jitter / 1000.0);
      char **row = g_ptr_array_index (rows, t);
      g_auto (GStrv) lines = g_strsplit (table.out, "\n", -1);
      gboolean in_table = FALSE;

      g_test_message ("%s: %" G_GUINT64_FORMAT " intervals, %.3f to %.3f µs, jitter %.3f µs, "
                      "%" G_GINT64_FORMAT " overruns", name, raw->count, min_interval / 1e3,
                      max_interval / 1e3, jitter / 1e3, overruns);
      g_assert_cmpstr (name, ==, t == 0 ? "base" : "servo");
      g_assert_cmpint (json_object_get_int_member (s, "count"), ==, raw->count);
      g_assert_cmpint (us_to_ns (json_object_get_double_member (s, "min_interval_us")), ==,
                       min_interval);
      g_assert_cmpint (us_to_ns (json_object_get_double_member (s, "max_interval_us")), ==,
                       max_interval);
      g_assert_cmpint (us_to_ns (json_object_get_double_member (s, "max_jitter_us")), ==, jitter);
      g_assert_cmpint (json_object_get_int_member (s, "overruns"), ==, overruns);
      g_assert_cmpint (json_object_get_int_member (in_file, "overruns"), ==, overruns);

      g_assert_cmpstr (row[column (header, "series")], ==, name);
      g_assert_cmpint (us_to_ns (g_ascii_strtod (row[column (header, "max_jitter_us")], NULL)),
                       ==, jitter);
      g_assert_cmpint (us_to_ns (g_ascii_strtod (row[column (header, "min_interval_us")], NULL)),
                       ==, min_interval);
      g_assert_cmpint (us_to_ns (g_ascii_strtod (row[column (header, "max_interval_us")], NULL)),
                       ==, max_interval);
      g_assert_cmpint (g_ascii_strtoll (row[column (header, "overruns")], NULL, 10), ==, overruns);

      /* The table's line for the thread names its period, count, jitter and overruns. */
      for (guint l = 0; lines[l] != NULL && !in_table; l++)
        {
          g_auto (GStrv) words = g_strsplit_set (lines[l], " ", -1);
          g_autoptr (GPtrArray) fields = g_ptr_array_new ();

          for (guint w = 0; words[w] != NULL; w++)
            if (words[w][0] != '\0')
              g_ptr_array_add (fields, words[w]);
          if (fields->len < 13 || strcmp (g_ptr_array_index (fields, 0), name) != 0)
            continue;
          g_assert_cmpfloat (g_ascii_strtod (g_ptr_array_index (fields, 4), NULL), ==,
                             periods_ns[t] / 1000.0);
          g_assert_cmpuint (g_ascii_strtoull (g_ptr_array_index (fields, 5), NULL, 10), ==,
                            raw->count);
          /* period, intervals, avg, stddev, min int, max int, jitter, overruns */
          g_assert_cmpstr (g_ptr_array_index (fields, 10), ==, jitter_text);
          g_assert_cmpint (g_ascii_strtoll (g_ptr_array_index (fields, 11), NULL, 10), ==,
                           overruns);
          in_table = TRUE;
        }
      g_assert_true (in_table);
    }
  cli_result_clear (&table);
}

/* The study's layout in one run: every size, every experiment, a series each. */
static void
test_response_study (void)
{
  static const char *const names[] = { "8x8 #1", "8x8 #2", "16x16 #1", "16x16 #2" };
  g_autofree char *file = cli_tmp_path ("study.rtbench");
  const char *args[] = { "run", "response", "--policy", "other", "--size", "8,16",
                         "--experiments", "2", "--instances", "5", "--output", file, NULL };
  g_autoptr (GHashTable) raws = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonArray *series;

  cli_ok (args);
  raws = raw_samples (file);
  series = summary_series (file, &root);
  g_assert_cmpuint (json_array_get_length (series), ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      JsonObject *s = json_array_get_object_element (series, i);
      const Raw *raw = g_hash_table_lookup (raws, names[i]);

      g_assert_cmpstr (json_object_get_string_member (s, "name"), ==, names[i]);
      g_assert_cmpint (json_object_get_int_member (s, "count"), ==, 5);
      g_assert_cmpuint (raw->count, ==, 5);
      g_assert_true (json_object_has_member (s, "off_cpu"));
      g_assert_cmpint (json_object_get_int_member (s, "off_cpu"), >=, 0);
      g_assert_cmpint (json_object_get_int_member (s, "off_cpu"), <=, 5);
      g_assert_true (json_object_get_null_member (s, "max_jitter_us"));
    }
}

/* The normal timer thread says what it gave up; the run counts duration / period ticks. */
static void
test_timer_normal (void)
{
  g_autofree char *file = cli_tmp_path ("timer.rtbench");
  const char *args[] = { "run", "timer", "--variant", "normal", "--duration", "1s",
                         "--output", file, NULL };
  g_autoptr (GHashTable) raws = NULL;
  g_autoptr (JsonNode) saved = NULL;
  g_autofree char *text = NULL;
  JsonObject *worker, *command;
  CliResult r = { 0 };

  cli_ok (args);
  raws = raw_samples (file);
  g_assert_cmpuint (((Raw *) g_hash_table_lookup (raws, "timer"))->count, ==, 200);
  g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
  saved = load_json (text);
  worker = json_object_get_object_member (json_node_get_object (saved), "worker");
  command = json_object_get_object_member (json_node_get_object (saved), "command");
  g_assert_cmpstr (json_object_get_string_member (command, "variant"), ==, "normal");
  g_assert_cmpstr (json_object_get_string_member (command, "policy"), ==, "other");
  g_assert_cmpstr (json_object_get_string_member (command, "cpus"), ==, "");
  g_assert_cmpint (json_object_get_int_member (command, "timer_slack_ns"), ==, 0);
  g_assert_cmpint (json_object_get_boolean_member (worker, "memory_unlocked"), ==,
                   json_object_get_int_member (worker, "mlockall_errno") == 0);
  g_assert_cmpint (json_object_get_int_member (worker, "timer_slack_ns"), >, 0);

  run_cli (&r, "summary", file);
  g_assert_cmpint (r.status, ==, 0);
  if (json_object_get_int_member (worker, "mlockall_errno") == 0)
    g_assert_nonnull (strstr (r.out, "mlockall released (an ordinary thread)"));
  g_assert_nonnull (strstr (r.out, "cpu:     not pinned"));
  cli_result_clear (&r);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  CLI_REQUIRE_ENV ();
  cli_tmp_dir_make ("cli-methods");
  g_test_add_func ("/cli-methods/jitter-figures", test_jitter_figures);
  g_test_add_func ("/cli-methods/response-study", test_response_study);
  g_test_add_func ("/cli-methods/timer-normal", test_timer_normal);
  status = g_test_run ();
  cli_tmp_dir_remove ();
  return status;
}
