/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Every statistic rtbench reports, held against the raw samples: a short run of each method by
 * the real worker, its samples exported with --csv-series while the history is exact, every
 * figure recomputed from them as its reference defines it, and compared with summary --json and
 * the CSV table — percentiles within max(0.1 %, 1 ns), the rest exact — and cyclictest's figures
 * with the samples truncated to whole µs.
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "cli-test-util.h"
#include "truth-util.h"


typedef struct {
  const char *method;
  const char * const *options;
} Method;

static const Method methods[] = {
  /* A small histogram limit under SCHED_OTHER: overflows, and percentiles among them. */
  { "latency", (const char *[]) { "--cpus", "0", "--policy", "other", "--interval-us", "200",
                                  "--histogram-us", "40", "--duration", "1s", NULL } },
  { "jitter", (const char *[]) { "--cpu", "0", "--policy", "other", "--base-us", "1000",
                                 "--servo-us", "5000", "--duration", "1s", NULL } },
  { "timer", (const char *[]) { "--cpu", "0", "--policy", "other", "--period-us", "1000",
                                "--duration", "1s", NULL } },
  { "response", (const char *[]) { "--cpu", "0", "--policy", "other", "--size", "16",
                                   "--instances", "300", "--gap-us", "100", NULL } },
};

static JsonNode *
parse_json (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static JsonObject *
find_by_name (JsonArray *array, const char *name)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *o = json_array_get_object_element (array, i);

      if (g_str_equal (json_object_get_string_member (o, "name"), name))
        return o;
    }
  g_error ("no series %s", name);
}

static double
member (JsonObject *o, const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  g_assert_nonnull (node);
  return JSON_NODE_HOLDS_NULL (node) ? NAN : json_node_get_double (node);
}

#define CHECK(kind, got, want, what) \
  G_STMT_START { \
    double got_ = (got), want_ = (want); \
    g_test_message ("%s %s: %s %.4f, samples %.4f", method, name, what, got_, want_); \
    if (!kind (got_, want_)) \
      g_error ("%s %s: %s is %.6f, the samples say %.6f", method, name, what, got_, want_); \
  } G_STMT_END

static gboolean
exact (double got, double want)
{
  return got == want;
}

/* The CSV prints µs to the nanosecond: 0.0005 µs of rounding on top. */
static gboolean
csv_close (double got, double want)
{
  return fabs (got - want) <= 0.0005 + 1e-9;
}

static gboolean
csv_percentile_close (double got, double want)
{
  return fabs (got - want) <= 0.0005 + fmax (fabs (want) * 0.001, 0.001) + 1e-9;
}

/* The bound summary --json states is true: every percentile lies within percentile_error_pct
 * of the nearest-rank value of the raw samples. */
static void
check_stated_bound (JsonObject *s, const TruthFigures *t)
{
  double pct = json_object_get_double_member (s, "percentile_error_pct");
  const struct { const char *key; double want; } p[] = {
    { "p50_us", t->p50_us }, { "p90_us", t->p90_us }, { "p95_us", t->p95_us },
    { "p99_us", t->p99_us }, { "p999_us", t->p999_us }, { "p9999_us", t->p9999_us },
  };

  g_assert_cmpfloat (pct, ==, 0.049);
  for (guint i = 0; i < G_N_ELEMENTS (p); i++)
    {
      double got = json_object_get_double_member (s, p[i].key);

      if (fabs (got - p[i].want) > fabs (p[i].want) * pct / 100 + 1e-9)
        g_error ("%s %.6f µs is not within the stated %.3f %% of the samples' %.6f µs",
                 p[i].key, got, pct, p[i].want);
    }
}

static void
check_json (const char *method, const char *name, JsonObject *s, const TruthFigures *t)
{
  JsonNode *ct_node = json_object_get_member (s, "cyclictest");

  g_assert_cmpint (json_object_get_int_member (s, "count"), ==, t->count);
  g_assert_cmpint (json_object_get_int_member (s, "overflows"), ==, t->overflows);
  g_assert_cmpint (json_object_get_int_member (s, "resolution_ns"), ==, 1);
  g_assert_false (json_object_get_boolean_member (s, "stddev_partial"));
  CHECK (exact, member (s, "min_us"), t->min_us, "min");
  CHECK (exact, member (s, "max_us"), t->max_us, "max");
  CHECK (truth_close, member (s, "avg_us"), t->avg_us, "avg");
  CHECK (truth_close, member (s, "stddev_us"), t->stddev_us, "stddev");
  CHECK (truth_close, member (s, "rms_us"), t->rms_us, "rms");
  CHECK (truth_percentile_close, member (s, "p50_us"), t->p50_us, "p50");
  CHECK (truth_percentile_close, member (s, "p90_us"), t->p90_us, "p90");
  CHECK (truth_percentile_close, member (s, "p95_us"), t->p95_us, "p95");
  CHECK (truth_percentile_close, member (s, "p99_us"), t->p99_us, "p99");
  CHECK (truth_percentile_close, member (s, "p999_us"), t->p999_us, "p99.9");
  CHECK (truth_percentile_close, member (s, "p9999_us"), t->p9999_us, "p99.99");
  check_stated_bound (s, t);
  CHECK (exact, member (s, "max_abs_us"), t->max_abs_us, "max |v|");
  CHECK (truth_percentile_close, member (s, "p95_abs_us"), t->p95_abs_us, "p95 |v|");
  CHECK (truth_percentile_close, member (s, "p99_abs_us"), t->p99_abs_us, "p99 |v|");

  if (g_str_equal (method, "jitter") || g_str_equal (method, "timer"))
    {
      g_assert_true (JSON_NODE_HOLDS_NULL (ct_node));
      return;
    }
  /* cyclictest's figures against the samples truncated to whole µs. */
  JsonObject *ct = json_node_get_object (ct_node);
  g_assert_cmpint (json_object_get_int_member (ct, "total"), ==, t->count - t->overflows);
  CHECK (exact, member (ct, "min_us"), t->ct_min_us, "cyclictest min");
  CHECK (exact, member (ct, "max_us"), t->ct_max_us, "cyclictest max");
  CHECK (exact, member (ct, "avg_us"), t->ct_avg_us, "cyclictest avg");
  CHECK (truth_close, member (ct, "mean_us"), t->ct_mean_us, "cyclictest mean");
  CHECK (truth_percentile_close, member (ct, "p50_us"), t->ct_p50_us, "cyclictest p50");
  CHECK (truth_percentile_close, member (ct, "p90_us"), t->ct_p90_us, "cyclictest p90");
  CHECK (truth_percentile_close, member (ct, "p95_us"), t->ct_p95_us, "cyclictest p95");
  CHECK (truth_percentile_close, member (ct, "p99_us"), t->ct_p99_us, "cyclictest p99");
  CHECK (truth_percentile_close, member (ct, "p999_us"), t->ct_p999_us, "cyclictest p99.9");
  CHECK (truth_percentile_close, member (ct, "p9999_us"), t->ct_p9999_us, "cyclictest p99.99");
}

/* The --csv table: one line per series, columns by their header names. */
static void
check_csv (const char *method, const char *path, const char *name, const TruthFigures *t)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) header = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  header = truth_csv_fields (lines[0]);
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto (GStrv) f = truth_csv_fields (lines[i]);
      GHashTable *row = NULL;

      if (!g_str_equal (f[1], name))
        continue;
      g_assert_cmpuint (g_strv_length (f), ==, g_strv_length (header));
      row = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint c = 0; header[c] != NULL; c++)
        g_hash_table_insert (row, header[c], f[c]);
#define FIELD(key) g_ascii_strtod (g_hash_table_lookup (row, key), NULL)
      g_assert_cmpfloat (FIELD ("count"), ==, t->count);
      g_assert_cmpfloat (FIELD ("overflows"), ==, t->overflows);
      CHECK (csv_close, FIELD ("min_us"), t->min_us, "CSV min");
      CHECK (csv_close, FIELD ("avg_us"), t->avg_us, "CSV avg");
      CHECK (csv_close, FIELD ("max_us"), t->max_us, "CSV max");
      CHECK (csv_close, FIELD ("stddev_us"), t->stddev_us, "CSV stddev");
      CHECK (csv_close, FIELD ("rms_us"), t->rms_us, "CSV rms");
      CHECK (csv_percentile_close, FIELD ("p50_us"), t->p50_us, "CSV p50");
      CHECK (csv_percentile_close, FIELD ("p90_us"), t->p90_us, "CSV p90");
      CHECK (csv_percentile_close, FIELD ("p95_us"), t->p95_us, "CSV p95");
      CHECK (csv_percentile_close, FIELD ("p99_us"), t->p99_us, "CSV p99");
      CHECK (csv_percentile_close, FIELD ("p999_us"), t->p999_us, "CSV p99.9");
      CHECK (csv_percentile_close, FIELD ("p9999_us"), t->p9999_us, "CSV p99.99");
      g_assert_cmpstr (g_hash_table_lookup (row, "percentile_error_pct"), ==, "0.049");
      CHECK (csv_close, FIELD ("max_abs_us"), t->max_abs_us, "CSV max |v|");
      CHECK (csv_percentile_close, FIELD ("p95_abs_us"), t->p95_abs_us, "CSV p95 |v|");
      CHECK (csv_percentile_close, FIELD ("p99_abs_us"), t->p99_abs_us, "CSV p99 |v|");
#undef FIELD
      g_hash_table_unref (row);
      return;
    }
  g_error ("%s: no CSV line for %s", path, name);
}

static void
test_method (gconstpointer data)
{
  const Method *m = data;
  const char *method = m->method;
  g_autofree char *run = g_strdup_printf ("%s/%s.rtbench", cli_tmp_dir (), method);
  g_autofree char *series_csv = g_strdup_printf ("%s/%s-series.csv", cli_tmp_dir (), method);
  g_autofree char *table_csv = g_strdup_printf ("%s/%s.csv", cli_tmp_dir (), method);
  g_autoptr (JsonNode) summary = NULL;
  g_autoptr (JsonNode) file = NULL;
  g_autoptr (GPtrArray) truth = NULL;
  g_autofree char *file_text = NULL;
  JsonArray *summary_series, *file_series;
  CliResult r = { 0 };

  cli_run_method (method, m->options, run);
  run_cli (&r, "export", run, "--csv-series", series_csv, "--csv", table_csv);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
  run_cli (&r, "summary", run, "--json");
  g_assert_cmpint (r.status, ==, 0);
  summary = parse_json (r.out);
  cli_result_clear (&r);
  g_assert_true (g_file_get_contents (run, &file_text, NULL, NULL));
  file = parse_json (file_text);

  summary_series = json_object_get_array_member (
    json_array_get_object_element (json_object_get_array_member (json_node_get_object (summary),
                                                                 "runs"), 0), "series");
  file_series = json_object_get_array_member (json_node_get_object (file), "series");
  truth = truth_read_series_csv (series_csv);
  g_assert_cmpuint (truth->len, ==, json_array_get_length (summary_series));

  for (guint i = 0; i < truth->len; i++)
    {
      TruthSeries *ts = truth->pdata[i];
      const char *name = ts->name;
      JsonObject *hist = json_object_get_object_member (find_by_name (file_series, name),
                                                        "histogram");
      TruthFigures t;

      /* The history is exact only below its 16384 blocks. */
      g_assert_cmpuint (ts->values->len, <, 16384);
      g_assert_cmpuint (ts->values->len, >, 50);
      truth_compute (ts->values, (gint32) json_object_get_int_member (hist, "lo_us"),
                     (guint32) json_object_get_int_member (hist, "n_buckets"), &t);
      check_json (method, name, find_by_name (summary_series, name), &t);
      check_csv (method, table_csv, name, &t);
    }
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  CLI_REQUIRE_ENV ();
  cli_tmp_dir_make ("truth");
  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    {
      g_autofree char *path = g_strdup_printf ("/truth/%s", methods[i].method);

      g_test_add_data_func (path, &methods[i], test_method);
    }
  status = g_test_run ();

  cli_tmp_dir_remove ();
  return status;
}
