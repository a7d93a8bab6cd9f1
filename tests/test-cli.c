/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rtbench-cli as users and scripts call it: the real CLI, the real worker, real files. */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "cli-test-util.h"
#include "rtb-checklist.h"
#include "rtb-test-run.h"


static JsonObject *
summary_json (JsonParser *parser, const char *file)
{
  CliResult r = { 0 };
  g_autoptr (GError) error = NULL;

  run_cli (&r, "summary", file, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, r.out, -1, &error));
  g_assert_no_error (error);
  cli_result_clear (&r);

  JsonObject *root = json_node_get_object (json_parser_get_root (parser));
  JsonArray *runs = json_object_get_array_member (root, "runs");
  g_assert_cmpuint (json_array_get_length (runs), ==, 1);
  return json_array_get_object_element (runs, 0);
}

/* Every series has the contract's figures, and they are ordered as statistics must be. */
static guint64
check_series (JsonObject *run, guint expected_series)
{
  JsonArray *series = json_object_get_array_member (run, "series");
  guint64 total = 0;

  g_assert_cmpuint (json_array_get_length (series), ==, expected_series);
  for (guint i = 0; i < json_array_get_length (series); i++)
    {
      JsonObject *s = json_array_get_object_element (series, i);
      static const char *keys[] = { "name", "cpu", "count", "min_us", "avg_us", "max_us", "p50_us",
                                    "p90_us", "p99_us", "p999_us", "p9999_us", "stddev_us",
                                    "overflows", "percentile_error_pct" };
      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        g_assert_true (json_object_has_member (s, keys[k]));
      gint64 count = json_object_get_int_member (s, "count");
      g_assert_cmpint (count, >, 0);
      double min = json_object_get_double_member (s, "min_us");
      double max = json_object_get_double_member (s, "max_us");
      double avg = json_object_get_double_member (s, "avg_us");
      double p50 = json_object_get_double_member (s, "p50_us");
      double p99 = json_object_get_double_member (s, "p99_us");
      double p999 = json_object_get_double_member (s, "p999_us");
      g_assert_cmpfloat (min, <=, avg);
      g_assert_cmpfloat (avg, <=, max);
      /* Percentiles are truncated to the µs bucket, so compare against floor(min). */
      g_assert_cmpfloat (floor (min), <=, p50);
      g_assert_cmpfloat (p50, <=, p99);
      g_assert_cmpfloat (p99, <=, p999);
      g_assert_cmpfloat (p999, <=, max);
      total += (guint64) count;
    }
  return total;
}

static gint64 int_member (JsonObject *o, const char *name);

/* Keeps CPU 0 for 30 ms from a SCHED_FIFO 50 thread born there. */
static void *
hog_main (gpointer data)
{
  gint64 end = g_get_monotonic_time () + 30000;

  while (g_get_monotonic_time () < end)
    ;
  return NULL;
}

static void
hog_cpu0 (void)
{
  struct sched_param param = { .sched_priority = 50 };
  pthread_attr_t attr;
  pthread_t thread;
  cpu_set_t set;

  CPU_ZERO (&set);
  CPU_SET (0, &set);
  g_assert_cmpint (pthread_attr_init (&attr), ==, 0);
  g_assert_cmpint (pthread_attr_setinheritsched (&attr, PTHREAD_EXPLICIT_SCHED), ==, 0);
  g_assert_cmpint (pthread_attr_setschedpolicy (&attr, SCHED_FIFO), ==, 0);
  g_assert_cmpint (pthread_attr_setschedparam (&attr, &param), ==, 0);
  g_assert_cmpint (pthread_attr_setaffinity_np (&attr, sizeof set, &set), ==, 0);
  g_assert_cmpint (pthread_create (&thread, &attr, hog_main, NULL), ==, 0);
  g_assert_cmpint (pthread_join (thread, NULL), ==, 0);
  pthread_attr_destroy (&attr);
}

/* A thread kept from its CPU skips the periods that went by, as cyclictest does: summary --json
 * counts them, and the curve keeps their places: the run file's history covers the samples and
 * the skipped periods, and its series CSV's numbers jump by as many. */
static void
test_skipped_periods (void)
{
  g_autofree char *file = cli_tmp_path ("skipped.rtbench");
  g_autofree char *csv = cli_tmp_path ("skipped-series.csv");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonParser) file_parser = json_parser_new ();
  g_autoptr (GSubprocess) cli = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  JsonObject *series, *history;
  guint64 jumps = 0, next = 0;
  CliResult r = { 0 };

  if (geteuid () != 0)
    {
      g_test_skip ("SCHED_FIFO needs root");
      return;
    }
  cli = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE, &error, g_getenv ("RTBENCH_CLI"),
                          "run", "latency", "--cpus", "0", "--priority", "10", "--interval-us",
                          "1000", "--duration", "3s", "--unthrottled", "--output", file, NULL);
  g_assert_no_error (error);
  g_usleep (1500 * 1000);
  hog_cpu0 ();
  g_assert_true (g_subprocess_wait_check (cli, NULL, &error));
  g_assert_no_error (error);

  series = json_array_get_object_element (
    json_object_get_array_member (summary_json (parser, file), "series"), 0);
  g_assert_cmpint (int_member (series, "dropped"), ==, 0);
  g_assert_cmpint (int_member (series, "skipped"), >, 0);

  g_assert_true (json_parser_load_from_file (file_parser, file, &error));
  g_assert_no_error (error);
  history = json_object_get_object_member (
    json_array_get_object_element (
      json_object_get_array_member (json_node_get_object (json_parser_get_root (file_parser)),
                                    "series"), 0), "history");
  g_assert_cmpint (int_member (history, "n_positions"), ==,
                   int_member (series, "count") + int_member (series, "skipped"));

  run_cli (&r, "export", file, "--csv-series", csv, NULL);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  lines = g_strsplit (g_strstrip (text), "\n", -1);
  for (guint i = 1; lines[i] != NULL; i++)
    {
      /* From the end: the run's label may hold commas. */
      g_auto (GStrv) f = g_strsplit (lines[i], ",", -1);
      guint n = g_strv_length (f);
      guint64 index = g_ascii_strtoull (f[n - 6], NULL, 10);

      /* One sample per block while the run is short. */
      g_assert_cmpstr (f[n - 5], ==, "1");
      g_assert_cmpuint (index, >=, next);
      jumps += index - next;
      next = index + 1;
    }
  /* Periods a stall across the run's end skipped come after the last row (a row is a block
   * holding samples). */
  jumps += int_member (history, "n_positions") - next;
  g_assert_cmpint ((gint64) jumps, ==, int_member (series, "skipped"));
}

static void
test_latency_run_and_summary (void)
{
  CliResult r = { 0 };
  g_autofree char *file = cli_tmp_path ("latency.rtbench");
  g_autoptr (JsonParser) parser = json_parser_new ();

  run_cli (&r, "run", "latency", "--cpus", "0", "--policy", "other", "--interval-us", "1000",
           "--duration", "1s", "--label", "cli test", "--output", file, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "CPU0"));
  g_assert_nonnull (strstr (r.out, "p99.9"));
  g_assert_nonnull (strstr (r.out, "\nChecklist at the start: "));
  g_assert_nonnull (strstr (r.out, "\nVerdict: "));
  cli_result_clear (&r);

  JsonObject *run = summary_json (parser, file);
  /* The checklist as it was at the start, judged with what the worker obtained. */
  JsonArray *checks = json_object_get_array_member (run, "checks");
  g_assert_cmpuint (json_array_get_length (checks), ==, 24);
  for (guint i = 0; i < json_array_get_length (checks); i++)
    {
      JsonObject *check = json_array_get_object_element (checks, i);
      const char *id = json_object_get_string_member (check, "id");
      const char *status = json_object_get_string_member (check, "status");

      g_assert_true (json_object_has_member (check, "value"));
      g_assert_true (json_object_has_member (check, "advice"));
      if (strcmp (id, "mem.mlockall") == 0 || strcmp (id, "power.dma_latency") == 0)
        g_assert_cmpstr (status, !=, "unknown");
    }
  g_assert_cmpstr (json_object_get_string_member (run, "verdict"), !=, "");
  g_assert_cmpstr (json_object_get_string_member (run, "label"), ==, "cli test");
  g_assert_cmpstr (json_object_get_string_member (run, "test"), ==, "latency");
  g_assert_cmpstr (json_object_get_string_member (run, "file"), ==, file);
  JsonObject *system = json_object_get_object_member (run, "system");
  g_assert_nonnull (system);
  g_assert_true (json_object_has_member (system, "preempt_rt"));
  g_assert_cmpstr (json_object_get_string_member (system, "machine"), !=, "");
  guint64 count = check_series (run, 1);
  /* 1 s at 1 ms: about 1000 wake-ups; skipped periods on a loaded VM make it a little less. */
  g_assert_cmpuint (count, >=, 500);
  g_assert_cmpuint (count, <=, 1001);
}

static gint64
int_member (JsonObject *o, const char *name)
{
  g_assert_true (json_object_has_member (o, name));
  return json_object_get_int_member (o, name);
}

/* The running mean of the last row of `export --csv-series`: where the chart's mean ends. */
static double
last_running_mean (const char *file)
{
  g_autofree char *csv = cli_tmp_path ("series.csv");
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) fields = NULL;
  guint n;
  CliResult r;

  run_cli (&r, "export", file, "--csv-series", csv, NULL);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  lines = g_strsplit (g_strstrip (text), "\n", -1);
  n = g_strv_length (lines);
  g_assert_cmpuint (n, >=, 2);
  g_assert_true (g_str_has_suffix (lines[0], ",running_mean_us"));
  fields = g_strsplit (lines[n - 1], ",", -1);
  return g_ascii_strtod (fields[g_strv_length (fields) - 1], NULL);
}

/* A noise run keeps every gap the worker counted: the short ones it counted without sending
 * (skipped) in the histogram's 1 µs bucket, the figures and the history, so that the chart's
 * running mean ends at the table's average gap. */
static void
check_noise_file (const char *file, guint64 summary_count, double avg_us)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *series, *worker, *histogram;
  JsonArray *counts;
  gint64 in_buckets = 0, one_us = 0;

  g_assert_true (json_parser_load_from_file (parser, file, &error));
  g_assert_no_error (error);
  series = json_array_get_object_element (
    json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "series"),
    0);
  worker = json_object_get_object_member (series, "worker_stats");
  histogram = json_object_get_object_member (series, "histogram");
  counts = json_object_get_array_member (histogram, "counts");
  for (guint i = 0; i < json_array_get_length (counts); i++)
    {
      JsonArray *pair = json_array_get_array_element (counts, i);
      gint64 bucket = int_member (histogram, "lo_us") + json_array_get_int_element (pair, 0);

      in_buckets += json_array_get_int_element (pair, 1);
      if (bucket == 1)
        one_us = json_array_get_int_element (pair, 1);
    }
  g_assert_cmpint (int_member (series, "count"), ==, (gint64) summary_count);
  g_assert_cmpint (int_member (series, "count"), ==,
                   int_member (worker, "count") - int_member (worker, "dropped"));
  g_assert_cmpint (int_member (series, "skipped"), ==, int_member (worker, "skipped"));
  g_assert_cmpint (in_buckets + int_member (histogram, "above") + int_member (histogram, "below"),
                   ==, int_member (series, "count"));
  g_assert_cmpint (one_us, >=, int_member (series, "skipped"));
  g_assert_cmpint (int_member (series, "sum_ns"), ==, int_member (worker, "sum_ns"));
  g_assert_cmpint (int_member (json_object_get_object_member (series, "history"), "n_samples"),
                   ==, int_member (series, "count"));
  g_assert_cmpint (int_member (json_object_get_object_member (series, "history"), "n_positions"),
                   ==, int_member (series, "count"));
  g_assert_cmpfloat_with_epsilon (last_running_mean (file), avg_us, 0.0015);
}

static void
test_every_method (void)
{
  static const struct { const char *method; const char *args[8]; guint series; } cases[] = {
    { "jitter", { "--duration", "1s", "--policy", "other", NULL }, 2 },
    { "timer", { "--duration", "1s", "--period-us", "5000", NULL }, 1 },
    { "response", { "--size", "16", "--instances", "20", "--gap-us", "100", NULL }, 1 },
    { "latency", { "--duration", "1s", "--cpus", "all", "--interval-us", "500", NULL }, 0 },
    { "noise", { "--duration", "1s", "--cpus", "0", NULL }, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *file = cli_tmp_path ("method.rtbench");
      g_autoptr (GPtrArray) argv = g_ptr_array_new ();
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autofree char *out = NULL, *err = NULL;
      g_autoptr (GError) error = NULL;
      int wait_status;

      g_ptr_array_add (argv, (gpointer) g_getenv ("RTBENCH_CLI"));
      g_ptr_array_add (argv, "run");
      g_ptr_array_add (argv, (gpointer) cases[i].method);
      for (guint a = 0; cases[i].args[a] != NULL; a++)
        g_ptr_array_add (argv, (gpointer) cases[i].args[a]);
      g_ptr_array_add (argv, "--output");
      g_ptr_array_add (argv, file);
      g_ptr_array_add (argv, NULL);
      g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                   &out, &err, &wait_status, &error));
      if (!g_spawn_check_wait_status (wait_status, NULL))
        g_error ("run %s failed: %s%s", cases[i].method, out, err);

      JsonObject *run = summary_json (parser, file);
      g_assert_cmpstr (json_object_get_string_member (run, "test"), ==, cases[i].method);
      guint n_series = cases[i].series ? cases[i].series : (guint) g_get_num_processors ();
      guint64 count = check_series (run, n_series);
      if (strcmp (cases[i].method, "response") == 0)
        g_assert_cmpuint (count, ==, 20);
      if (strcmp (cases[i].method, "noise") == 0)
        check_noise_file (file, count,
                          json_object_get_double_member (
                            json_array_get_object_element (
                              json_object_get_array_member (run, "series"), 0), "avg_us"));
    }
}

static gboolean
kernel_has_tracefs (void)
{
  g_autofree char *filesystems = NULL;

  return g_file_get_contents ("/proc/filesystems", &filesystems, NULL, NULL) &&
         strstr (filesystems, "\ttracefs\n") != NULL;
}

/* The tracer files a refused timerlat, osnoise or hwlat run must leave as they were (hwlat's at
 * the top level among them). */
static char *
tracing_state (void)
{
  static const char *const files[] = { "current_tracer", "tracing_thresh", "tracing_cpumask",
                                       "trace_clock", "tracing_on" };
  g_autoptr (GString) state = g_string_new (NULL);
  g_autoptr (GDir) dir = g_dir_open ("/sys/kernel/tracing/instances", 0, NULL);
  const char *name;

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename ("/sys/kernel/tracing", files[i], NULL);
      g_autofree char *value = NULL;

      g_file_get_contents (path, &value, NULL, NULL);
      g_string_append_printf (state, "%s%s=%s", i > 0 ? " " : "", files[i],
                              value != NULL ? value : "?");
    }
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "rtbench-") && g_str_has_suffix (name, "-tracer"))
      g_string_append_printf (state, " instance %s", name);
  return g_string_free (g_steal_pointer (&state), FALSE);
}

/* This machine's kernel has no timerlat, osnoise or hwlat tracer: each method is offered,
 * refused at start with the reason and the way out, and nothing of tracefs changes; check says
 * which tracers the kernel offers. */
static void
test_tracer_refused (gconstpointer data)
{
  const char *method = data;
  g_autofree char *tracers = NULL;
  g_autofree char *before = NULL, *after = NULL;
  g_autofree char *file = cli_tmp_path ("tracer.rtbench");
  g_autofree char *config = g_ascii_strup (method, -1);
  g_autofree char *reason = g_strdup_printf ("this kernel has no %s tracer: boot a kernel built "
                                             "with CONFIG_%s_TRACER, e.g. Debian's "
                                             "linux-image-rt-*", method, config);
  CliResult r = { 0 };

  if (g_file_get_contents ("/sys/kernel/tracing/available_tracers", &tracers, NULL, NULL) &&
      strstr (tracers, method) != NULL)
    {
      g_test_skip ("this kernel has the tracer (the lab's suite runs the method)");
      return;
    }
  before = tracing_state ();
  run_cli (&r, "run", method, "--duration", "1s", "--output", file, NULL);
  g_test_message ("%s", r.err);
  g_assert_cmpint (r.status, !=, 0);
  g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
  /* As root the worker mounts tracefs itself when nothing has (a fresh machine), so the tracer's
   * absence is the reason wherever this kernel has tracefs at all. */
  if (geteuid () == 0 && (tracers != NULL || kernel_has_tracefs ()))
    g_assert_nonnull (strstr (r.err, reason));
  else if (geteuid () == 0)
    g_assert_nonnull (strstr (r.err, "no tracefs"));
  cli_result_clear (&r);
  after = tracing_state ();
  g_assert_cmpstr (after, ==, before);

  run_cli (&r, "check", NULL);
  g_assert_nonnull (strstr (r.out, "kernel.tracers"));
  if (tracers != NULL && geteuid () == 0 && strstr (tracers, "osnoise") == NULL &&
      strstr (tracers, "hwlat") == NULL)
    g_assert_nonnull (strstr (r.out, "the kernel lacks timerlat, osnoise, hwlat"));
  cli_result_clear (&r);
}

/* Ctrl-C (and SIGTERM) end the run early; what was measured is summarised and saved. */
static void
check_interrupt (int signo)
{
  g_autofree char *file = cli_tmp_path ("interrupted.rtbench");
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();

  g_remove (file);
  g_autoptr (GSubprocess) cli = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                  G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                                                  g_getenv ("RTBENCH_CLI"), "run", "latency",
                                                  "--duration", "60s", "--output", file, NULL);
  g_assert_no_error (error);
  g_usleep (1500 * 1000);
  g_subprocess_send_signal (cli, signo);

  g_autofree char *out = NULL, *err = NULL;
  g_subprocess_communicate_utf8 (cli, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (cli));
  g_test_message ("stdout: %s\nstderr: %s", out, err);
  g_assert_cmpint (g_subprocess_get_exit_status (cli), ==, 0);
  g_assert_nonnull (strstr (out, "Saved to"));

  JsonObject *run = summary_json (parser, file);
  guint64 count = check_series (run, (guint) g_get_num_processors ());
  /* Stopped long before the 60 s were up. */
  g_assert_cmpuint (count, <, 30000 * (guint64) g_get_num_processors ());
}

static void
test_sigint_saves (void)
{
  check_interrupt (SIGINT);
}

static void
test_sigterm_saves (void)
{
  check_interrupt (SIGTERM);
}

/* A long run saves itself at every minute: after kill -9 of the CLI the last checkpoint loads,
 * marked as cut short, with what had been measured by then. */
static void
test_checkpoint_survives_kill (void)
{
  g_autofree char *file = cli_tmp_path ("checkpoint.rtbench");
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();

  g_remove (file);
  g_autoptr (GSubprocess) cli = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                                  G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error,
                                                  g_getenv ("RTBENCH_CLI"), "run", "latency",
                                                  "--cpus", "0", "--duration", "0",
                                                  "--output", file, NULL);
  g_assert_no_error (error);
  for (guint i = 0; i < 1200 && !g_file_test (file, G_FILE_TEST_EXISTS); i++)
    g_usleep (100 * 1000);
  g_assert_true (g_file_test (file, G_FILE_TEST_EXISTS));
  g_subprocess_force_exit (cli);
  g_subprocess_wait (cli, NULL, NULL);

  JsonObject *run = summary_json (parser, file);
  guint64 count = check_series (run, 1);
  /* About a minute at 1 kHz had been measured when the checkpoint was written. */
  g_assert_cmpuint (count, >, 1000);
  g_assert_true (json_parser_load_from_file (parser, file, &error));
  g_assert_no_error (error);
  JsonObject *root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "state"), ==, "running");
}

static void
test_bad_options (void)
{
  static const struct { const char *args[6]; const char *message; } cases[] = {
    { { "run", NULL }, "missing method" },
    { { "run", "latenc", NULL }, "unknown method" },
    { { "run", "latency", "--priority", "120", NULL }, "--priority: priority 120 is out of range: use 1-99" },
    { { "run", "latency", "--priority", "x", NULL }, "--priority" },
    { { "run", "latency", "--interval-us", "10", NULL }, "use 50-1000000" },
    { { "run", "latency", "--cpus", "4096", NULL }, "--cpus" },
    { { "run", "latency", "--duration", "8d", NULL }, "use 0-7d" },
    { { "run", "latency", "--duration", "1x", NULL }, "--duration" },
    { { "run", "latency", "--histogram-us", "0", NULL }, "--histogram-us" },
    { { "run", "latency", "--load", "heavy", NULL }, "use none, cpu or full" },
    { { "run", "latency", "--size", "8", NULL }, "unknown option --size for run latency" },
    { { "run", "latency", "--duration", NULL }, "--duration needs a value" },
    { { "run", "latency", "stray", NULL }, "unexpected argument" },
    { { "run", "latency", "--priority", "50", "--policy", "other" }, "cannot be used with --policy other" },
    { { "run", "response", "--size", "1025", NULL }, "use 2-1024" },
    { { "run", "jitter", "--base-us", "1000", "--servo-us", "500" }, "--servo-us" },
    { { "run", "latency", "--output", "-", NULL }, "not standard output" },
    { { "run", "timer", "--spin-us", "6000", NULL }, "--spin-us" },
    { { "frobnicate", NULL }, "unknown command" },
    { { "summary", NULL }, "at least one run file" },
    { { "summary", "a.rtbench", "--csv", NULL }, "unknown option" },
    { { "export", "a.rtbench", NULL }, "nothing to export" },
    { { "export", "a.rtbench", "--png", "x.png", "--width", "5" }, "--width" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CliResult r = { 0 };
      run_cli (&r, cases[i].args[0], cases[i].args[1], cases[i].args[2], cases[i].args[3],
               cases[i].args[4], cases[i].args[5], NULL);
      if (r.status != 2 || strstr (r.err, cases[i].message) == NULL)
        g_error ("case %u (%s %s %s): exit %d, expected 2 and \"%s\" in: %s", i, cases[i].args[0],
                 cases[i].args[1] ? cases[i].args[1] : "", cases[i].args[2] ? cases[i].args[2] : "",
                 r.status, cases[i].message, r.err);
      cli_result_clear (&r);
    }
}

static void
test_bad_files (void)
{
  g_autofree char *garbage = cli_tmp_path ("garbage.rtbench");
  g_autofree char *missing = cli_tmp_path ("missing.rtbench");
  CliResult r = { 0 };

  g_assert_true (g_file_set_contents (garbage, "{\"format\": \"something else\"}", -1, NULL));
  run_cli (&r, "summary", garbage, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, garbage));
  cli_result_clear (&r);

  run_cli (&r, "summary", missing, "--json", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, missing));
  cli_result_clear (&r);

  run_cli (&r, "export", missing, "--png", "x.png", NULL);
  g_assert_cmpint (r.status, ==, 1);
  cli_result_clear (&r);
}

static void
test_export_png (void)
{
  g_autofree char *file = cli_tmp_path ("export.rtbench");
  g_autofree char *png = cli_tmp_path ("export.png");
  g_autofree char *svg = cli_tmp_path ("export.svg");
  g_autofree char *pdf = cli_tmp_path ("export.pdf");
  CliResult r = { 0 };

  run_cli (&r, "run", "latency", "--cpus", "0", "--duration", "1s", "--output", file, NULL);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
  run_cli (&r, "export", file, "--png", png, "--svg", svg, "--pdf", pdf, "--width", "800",
           "--height", "600", NULL);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
  /* "-" is no output: refused, and no file named "-" appears where the CLI runs. */
  run_cli (&r, "export", file, "--csv", "-", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "not to standard output"));
  g_assert_false (g_file_test ("-", G_FILE_TEST_EXISTS));
  cli_result_clear (&r);

  g_autofree char *data = NULL;
  gsize len;
  g_assert_true (g_file_get_contents (png, &data, &len, NULL));
  g_assert_cmpuint (len, >, 24);
  g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);
  guint32 width = GUINT32_FROM_BE (*(guint32 *) (data + 16));
  guint32 height = GUINT32_FROM_BE (*(guint32 *) (data + 20));
  g_assert_cmpuint (width, ==, 800);
  g_assert_cmpuint (height, ==, 600);
  g_clear_pointer (&data, g_free);
  g_assert_true (g_file_get_contents (pdf, &data, &len, NULL));
  g_assert_true (g_str_has_prefix (data, "%PDF-"));
  g_clear_pointer (&data, g_free);
  g_assert_true (g_file_get_contents (svg, &data, &len, NULL));
  g_assert_nonnull (strstr (data, "<svg"));
}

/* The heatmap of a real run: its image, and its cells as CSV adding up to every sample; two
 * runs side by side in compare. */
static void
test_export_heatmap (void)
{
  g_autofree char *file = cli_tmp_path ("heatmap.rtbench");
  g_autofree char *png = cli_tmp_path ("heatmap.png");
  g_autofree char *csv = cli_tmp_path ("heatmap.csv");
  g_autofree char *both = cli_tmp_path ("heatmap-compare.svg");
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = NULL;
  g_auto (GStrv) lines = NULL;
  CliResult r = { 0 };
  guint64 sum = 0, previous = 0;
  RtbSeries *series;

  run_cli (&r, "run", "latency", "--cpus", "0", "--duration", "2s", "--label", "hm", "--output",
           file, NULL);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
  run_cli (&r, "export", file, "--chart", "heatmap", "--png", png, "--csv-heatmap", csv, NULL);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);

  g_assert_true (g_file_get_contents (png, &text, NULL, NULL));
  g_assert_cmpmem (text, 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_cmpuint (GUINT32_FROM_BE (*(guint32 *) (text + 20)), ==, 500);
  g_clear_pointer (&text, g_free);

  run = rtb_run_load (file, &error);
  g_assert_no_error (error);
  series = rtb_run_get_series (run, 0);
  g_assert_true (rtb_series_has_heatmap (series));
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "run,series,index,positions,row,lo_us,hi_us,count,"
                                 "column_max_us");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], ",", -1);
      guint64 index, row;

      g_assert_cmpuint (g_strv_length (f), ==, 9);
      g_assert_cmpstr (f[1], ==, "CPU0");
      index = g_ascii_strtoull (f[2], NULL, 10);
      row = g_ascii_strtoull (f[4], NULL, 10);
      g_assert_cmpuint (index, >=, previous);
      g_assert_cmpuint (row, <, series->heatmap.n_rows);
      /* The row's span as the heatmap has it, and the column's max at or above the row. */
      g_assert_cmpfloat (g_ascii_strtod (f[5], NULL), ==,
                         rtb_heatmap_row_lo_ns (&series->heatmap, row) / 1000.0);
      g_assert_cmpfloat (g_ascii_strtod (f[8], NULL), >=, g_ascii_strtod (f[5], NULL));
      sum += g_ascii_strtoull (f[7], NULL, 10);
      previous = index;
    }
  g_assert_cmpuint (sum, ==, series->histogram.stats.count);
  g_assert_cmpuint (sum, >, 0);

  run_cli (&r, "compare", file, file, "--chart", "heatmap", "--svg", both, NULL);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (both, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "<svg"));

  run_cli (&r, "export", file, "--chart", "heatmaps", "--png", png, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "use both, curve, histogram or heatmap"));
  cli_result_clear (&r);
}

static void
test_load_cpu (void)
{
  g_autofree char *stress = g_find_program_in_path ("stress-ng");
  g_autofree char *file = cli_tmp_path ("load.rtbench");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  CliResult r = { 0 };

  if (stress == NULL)
    {
      g_test_skip ("stress-ng is not installed (apt install stress-ng)");
      return;
    }
  run_cli (&r, "run", "latency", "--cpus", "0", "--duration", "2s", "--load", "cpu", "--output",
           file, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "load: cpu"));
  cli_result_clear (&r);

  g_assert_true (json_parser_load_from_file (parser, file, &error));
  JsonObject *root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "load"), ==, "cpu");

  /* The load's marks on the time axis: started before the worker, so before the run's first
   * sample; stopped after it (the run's end stops it), and loaded back as saved. */
  {
    gint64 start = json_object_get_int_member (root, "load_start_ns");
    gint64 stop = json_object_get_int_member (root, "load_stop_ns");
    gint64 elapsed = json_object_get_int_member (root, "elapsed_ns");
    g_autoptr (RtbRun) run = rtb_run_load (file, &error);
    gint64 loaded_start, loaded_stop;

    g_assert_no_error (error);
    g_test_message ("load from %.3f s to %.3f s; the run lasted %.3f s", start / 1e9, stop / 1e9,
                    elapsed / 1e9);
    g_assert_cmpint (start, <, 0);
    g_assert_cmpint (stop, >, 0);
    rtb_run_get_load_span (run, &loaded_start, &loaded_stop);
    g_assert_cmpint (loaded_start, ==, start);
    g_assert_cmpint (loaded_stop, ==, stop);
  }

  /* Its curve in clock time; beside another run, clock time is refused and says why */
  {
    g_autofree char *png = cli_tmp_path ("load-clock.png");
    g_autofree char *contents = NULL;
    gsize len = 0;

    run_cli (&r, "export", file, "--chart", "curve", "--time-axis", "clock", "--png", png, NULL);
    g_assert_cmpint (r.status, ==, 0);
    cli_result_clear (&r);
    g_assert_true (g_file_get_contents (png, &contents, &len, NULL));
    g_assert_cmpmem (contents, 8, "\x89PNG\r\n\x1a\n", 8);
    run_cli (&r, "compare", file, file, "--time-axis", "clock", "--png", png, NULL);
    g_assert_cmpint (r.status, !=, 0);
    g_assert_nonnull (strstr (r.err, "--time-axis clock: Clock time reads one run at a time"));
    cli_result_clear (&r);
    run_cli (&r, "export", file, "--time-axis", "wall", "--png", png, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "use elapsed or clock"));
    cli_result_clear (&r);
  }
}

/* The line after a run's table counts the checklist's items of each status and names those
 * that are not good; it reads well whichever statuses are there. */
static void
test_checklist_line (void)
{
  static const struct {
    const char *statuses; /* one letter per item: b(ad), c(ould be better), u(nknown), g(ood) */
    const char *line;     /* NULL: none */
  } cases[] = {
    { "bcug", "Checklist at the start: 1 bad (item0); 1 could be better (item1); 1 unknown "
              "(item2); 1 good." },
    { "ccgg", "Checklist at the start: 2 could be better (item0, item1); 2 good." },
    { "bgug", "Checklist at the start: 1 bad (item0); 1 unknown (item2); 2 good." },
    { "gggg", "Checklist at the start: 4 good." },
    { "uu", "Checklist at the start: 2 unknown (item0, item1)." },
    { "", NULL },
  };
  g_autofree char *file = cli_tmp_path ("checklist-line.rtbench");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (RtbRun) run = test_run_new ("line", RTB_METHOD_LATENCY, 1, 1000);
      GPtrArray *checks = g_ptr_array_new_with_free_func ((GDestroyNotify) rtb_check_free);
      g_autoptr (GError) error = NULL;
      g_auto (GStrv) lines = NULL;
      CliResult r = { 0 };
      const char *found = NULL;

      for (guint c = 0; cases[i].statuses[c] != '\0'; c++)
        {
          RtbCheck *check = g_new0 (RtbCheck, 1);

          check->id = g_strdup_printf ("item%u", c);
          check->value = g_strdup ("observed");
          switch (cases[i].statuses[c])
            {
            case 'b':
              check->status = RTB_CHECK_BAD;
              break;
            case 'c':
              check->status = RTB_CHECK_COULD_BE_BETTER;
              break;
            case 'u':
              check->status = RTB_CHECK_UNKNOWN;
              break;
            default:
              check->status = RTB_CHECK_GOOD;
              break;
            }
          if (check->status == RTB_CHECK_BAD || check->status == RTB_CHECK_COULD_BE_BETTER)
            check->advice = g_strdup ("Change it.");
          g_ptr_array_add (checks, check);
        }
      rtb_run_set_checks (run, checks);
      test_series_add (rtb_run_get_series (run, 0), 20000);
      g_assert_true (rtb_run_save (run, file, &error));
      g_assert_no_error (error);

      run_cli (&r, "summary", file, NULL);
      g_test_message ("%s:\n%s", cases[i].statuses, r.out);
      g_assert_cmpint (r.status, ==, 0);
      lines = g_strsplit (r.out, "\n", -1);
      for (guint l = 0; lines[l] != NULL; l++)
        if (g_str_has_prefix (lines[l], "Checklist at the start"))
          found = lines[l];
      g_assert_cmpstr (found, ==, cases[i].line);
      g_assert_nonnull (strstr (r.out, "\nVerdict: "));
      cli_result_clear (&r);
    }
  g_unlink (file);
}

static void
test_check (void)
{
  CliResult r = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  gboolean any_bad = FALSE;
  JsonObject *root;
  JsonArray *checks;

  run_cli (&r, "check", "--cpus", "0", "--json", NULL);
  g_assert_true (json_parser_load_from_data (parser, r.out, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "cpus"), ==, "0");
  g_assert_cmpstr (json_object_get_string_member (root, "host"), ==, g_get_host_name ());
  g_assert_true (g_str_has_suffix (json_object_get_string_member (root, "verdict"), "."));
  checks = json_object_get_array_member (root, "checks");
  g_assert_cmpuint (json_array_get_length (checks), ==, 24);
  for (guint i = 0; i < json_array_get_length (checks); i++)
    any_bad |= strcmp (json_object_get_string_member (json_array_get_object_element (checks, i),
                                                      "status"), "bad") == 0;
  /* 0 when nothing is bad, 1 otherwise. */
  g_assert_cmpint (r.status, ==, any_bad ? 1 : 0);
  cli_result_clear (&r);

  run_cli (&r, "check", NULL);
  g_assert_cmpint (r.status, ==, any_bad ? 1 : 0);
  g_assert_nonnull (strstr (r.out, "kernel.preemption"));
  g_assert_nonnull (strstr (r.out, "\nVerdict: "));
  cli_result_clear (&r);

  run_cli (&r, "check", "--help", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "Exit status: 0 when no item is bad, 1 when one is"));
  cli_result_clear (&r);

  run_cli (&r, "check", "--cpus", "4000", NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "--cpus \"4000\" is not a CPU list"));
  cli_result_clear (&r);

  run_cli (&r, "check", "--cpus", "1000", NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "CPU 1000 is not online there"));
  cli_result_clear (&r);

  run_cli (&r, "check", "--interval-us", "5", NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "check takes no \"--interval-us\""));
  cli_result_clear (&r);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  CLI_REQUIRE_ENV ();
  cli_tmp_dir_make ("cli");
  g_test_add_func ("/cli/latency-run-and-summary", test_latency_run_and_summary);
  g_test_add_func ("/cli/skipped-periods", test_skipped_periods);
  g_test_add_func ("/cli/check", test_check);
  g_test_add_func ("/cli/checklist-line", test_checklist_line);
  g_test_add_func ("/cli/every-method", test_every_method);
  g_test_add_data_func ("/cli/timerlat-refused", "timerlat", test_tracer_refused);
  g_test_add_data_func ("/cli/osnoise-refused", "osnoise", test_tracer_refused);
  g_test_add_data_func ("/cli/hwlat-refused", "hwlat", test_tracer_refused);
  g_test_add_func ("/cli/sigint-saves", test_sigint_saves);
  g_test_add_func ("/cli/sigterm-saves", test_sigterm_saves);
  g_test_add_func ("/cli/checkpoint-survives-kill", test_checkpoint_survives_kill);
  g_test_add_func ("/cli/bad-options", test_bad_options);
  g_test_add_func ("/cli/bad-files", test_bad_files);
  g_test_add_func ("/cli/export-png", test_export_png);
  g_test_add_func ("/cli/export-heatmap", test_export_heatmap);
  g_test_add_func ("/cli/load-cpu", test_load_cpu);
  int status = g_test_run ();
  cli_tmp_dir_remove ();
  return status;
}
