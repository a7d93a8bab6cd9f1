/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "rtb-file-read.h"
#include "rtb-json-text.h"
#include "rtb-test-run.h"
#include "rtb-run.h"
#include "rtb-system-info-private.h"
#include "run-file-test-util.h"

static char *
data_path (const char *name)
{
  const char *dir = g_getenv ("RTBENCH_TEST_DATA");

  if (dir != NULL)
    return g_build_filename (dir, name, NULL);
  return g_test_build_filename (G_TEST_DIST, "data", name, NULL);
}

/* A finished run with every kind of content: two threads, overflows on both sides of a
 * signed histogram when `method` is jitter, a history long enough to have merged blocks. */
/* A value thread `t` of the method can measure, about the size of `value`: only jitter's
 * are below 0 (down to minus its period: 1000 µs for the base thread here, 2000 µs for the
 * servo thread), only whole µs from 1 µs up are noise's. */
static gint64
possible_value (RtbMethod method, guint t, gint64 value)
{
  switch (method)
    {
    case RTB_METHOD_JITTER:
      return MAX (value, -1000000 * (gint64) (t + 1));
    case RTB_METHOD_NOISE:
      return (ABS (value) / 1000 + 1) * 1000;
    case RTB_METHOD_TIMERLAT:
    case RTB_METHOD_OSNOISE:
    case RTB_METHOD_HWLAT:
      return ABS (value) / 1000 * 1000;
    case RTB_METHOD_RESPONSE:
      /* Its histogram spans 1 s: the outliers of 2.5 ms become 2.5 s, above it. */
      return value < -2000000 ? -value * 1000 : ABS (value);
    case RTB_METHOD_LATENCY:
    case RTB_METHOD_TIMER:
    default:
      return ABS (value);
    }
}

static RtbRun *
make_run (RtbMethod method, guint32 histogram_us, guint n_samples)
{
  RtbCommand cmd;
  RtbRun *run;
  RtbHelloFrame hello = {
    .protocol_version = RTB_PROTOCOL_VERSION, .pid = 42, .n_cpus_online = 4,
    .mlockall_errno = 0, .dma_latency_errno = EACCES, .rt_priority_max = 99,
    .rt_runtime_us = 950000,
  };
  RtbStartedFrame started = {
    .n_threads = 2, .start_realtime_ns = G_GUINT64_CONSTANT (1714564800123456000),
    .flags = RTB_STARTED_DMA_LATENCY_RELEASED | RTB_STARTED_SHARES_MEASURED_CPUS,
    .timer_slack_ns = 50000,
  };
  RtbCommand ran;
  RtbDecoder *decoder;
  guint32 seq = 0;
  RtbThreadInfo threads[2] = {
    { .thread = 0, .cpu = 0, .policy = RTB_POLICY_FIFO, .priority = 99, .name = "CPU0" },
    { .thread = 1, .cpu = 3, .policy = RTB_POLICY_RR, .priority = 80,
      .placement = RTB_CPU_PLACEMENT_ISOLATED, .name = "CPU3" },
  };
  RtbStatsFrame summary = {
    .n_threads = 2, .reason = RTB_END_STOPPED, .elapsed_ns = 61000000007,
    .end_realtime_ns = G_GUINT64_CONSTANT (1714564861123456999),
  };
  RtbThreadStats stats[2] = {
    { .thread = 0, .count = n_samples, .dropped = 3, .skipped = 2, .min_ns = -5,
      .sum_sq_us2 = 1.0 / 3.0, .residual_max = 1e-12, .overruns = 7 },
    { .thread = 1, .count = n_samples, .residual_failures = 1, .off_cpu = (n_samples + 999) / 1000 },
  };
  g_autofree RtbSample *samples = g_new (RtbSample, n_samples);
  g_autofree char *root = data_path ("sysroot-rpi4");

  rtb_command_defaults (&cmd, method, 4);
  if (histogram_us > 0)
    cmd.latency.histogram_us = histogram_us;
  run = rtb_run_new (&cmd);
  rtb_run_set_label (run, "Pi 4 \"rt\" — ünïcode");
  rtb_run_set_load (run, "cpu");
  rtb_run_set_load_span (run, -312000000, 9876543210);
  rtb_run_set_system (run, _rtb_system_info_collect_from (root));
  g_strlcpy (hello.worker_version, "0.1.0", sizeof hello.worker_version);
  g_strlcpy (hello.machine, "aarch64", sizeof hello.machine);
  /* What the worker reports it runs: a 1000 µs period, on CPUs 0 and 3 for latency. */
  ran = cmd;
  rtb_command_set_intervals (&ran, 1000, method == RTB_METHOD_JITTER ? 2000 : 0);
  ran.duration_ns = 60000000000;
  /* The keys of protocol 4, each where it belongs. */
  ran.timer_slack_ns = 20000;
  if (method == RTB_METHOD_TIMER)
    g_assert_true (rtb_command_parse ("timer variant=normal period_us=1000 spin_us=0 "
                                      "duration=60s", FALSE, 4, &ran, NULL));
  if (method == RTB_METHOD_RESPONSE)
    g_assert_true (rtb_command_parse ("response size=16,32 experiments=1 instances=40000 "
                                      "cpu=auto timer_slack_ns=7", FALSE, 4, &ran, NULL));
  if (method == RTB_METHOD_JITTER)
    ran.cpu_auto = TRUE;
  if (method == RTB_METHOD_LATENCY)
    {
      g_assert_true (rtb_command_set (&ran, "cpus", "0,3", 4, NULL));
      g_assert_true (rtb_command_check (&ran, 4, NULL));
    }
  rtb_command_to_wire (&ran, &started.command);

  decoder = run_file_test_decoder_new (run);
  run_file_test_feed (decoder, &seq, RTB_FRAME_HELLO, &hello, sizeof hello, NULL, 0);
  run_file_test_feed (decoder, &seq, RTB_FRAME_STARTED, &started, sizeof started, threads,
                      sizeof threads);
  for (guint t = 0; t < 2; t++)
    {
      RtbSamplesFrame frame = { .thread = t, .count = n_samples, .dropped_total = t };
      guint64 index = 0;

      for (guint i = 0; i < n_samples; i++, index++)
        {
          gint64 value = (gint64) ((i * 7919u + t * 13u) % 97u) * 137 - 3000;

          if (i % 101 == 7)
            value = 1500000 + (gint64) i;
          if (i % 211 == 5)
            value = -2500000 - (gint64) i;
          value = possible_value (method, t, value);
          if (i % 500 == 499)
            index += 3;
          samples[i] = (RtbSample) { .index = index, .value_ns = value };
          if (t == 1 && i % 1000 == 0)
            samples[i].index |= RTB_SAMPLE_OFF_CPU;
        }
      run_file_test_feed (decoder, &seq, RTB_FRAME_SAMPLES, &frame, sizeof frame, samples,
                          n_samples * sizeof *samples);
    }
  run_file_test_feed (decoder, &seq, RTB_FRAME_SUMMARY, &summary, sizeof summary, stats,
                      sizeof stats);
  rtb_decoder_free (decoder);
  return run;
}

/* The same buckets, counts, min and max. */
static void
assert_values_equal (const RtbLogHistogram *a, const RtbLogHistogram *b)
{
  RtbLogHistogramIter ia = { 0 }, ib = { 0 };
  gint64 ka, kb;
  guint64 na, nb;

  g_assert_cmpuint (a->count, ==, b->count);
  if (a->count > 0)
    {
      g_assert_cmpint (a->min_ns, ==, b->min_ns);
      g_assert_cmpint (a->max_ns, ==, b->max_ns);
    }
  while (rtb_log_histogram_next (a, &ia, &ka, &na))
    {
      g_assert_true (rtb_log_histogram_next (b, &ib, &kb, &nb));
      g_assert_cmpint (ka, ==, kb);
      g_assert_cmpuint (na, ==, nb);
    }
  g_assert_false (rtb_log_histogram_next (b, &ib, &kb, &nb));
}

static void
assert_runs_equal (RtbRun *a, RtbRun *b)
{
  static const double ps[] = { 0, 0.1, 1, 5, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100 };
  const RtbCommand *ca = rtb_run_get_command (a);
  const RtbCommand *cb = rtb_run_get_command (b);
  g_autoptr (JsonNode) ja = rtb_run_to_json (a);
  g_autoptr (JsonNode) jb = rtb_run_to_json (b);

  g_assert_cmpstr (rtb_run_get_label (a), ==, rtb_run_get_label (b));
  g_assert_cmpstr (rtb_run_get_load (a), ==, rtb_run_get_load (b));
  g_assert_cmpstr (rtb_run_get_source (a), ==, rtb_run_get_source (b));
  g_assert_cmpstr (rtb_run_get_worker_command (a), ==, rtb_run_get_worker_command (b));
  g_assert_cmpint (rtb_run_get_state (a), ==, rtb_run_get_state (b));
  g_assert_cmpint (rtb_run_get_end_reason (a), ==, rtb_run_get_end_reason (b));
  g_assert_cmpint (rtb_run_get_start_time (a), ==, rtb_run_get_start_time (b));
  g_assert_cmpint (rtb_run_get_end_time (a), ==, rtb_run_get_end_time (b));
  g_assert_cmpuint (rtb_run_get_elapsed_ns (a), ==, rtb_run_get_elapsed_ns (b));
  {
    gint64 start_a, stop_a, start_b, stop_b;

    rtb_run_get_load_span (a, &start_a, &stop_a);
    rtb_run_get_load_span (b, &start_b, &stop_b);
    g_assert_cmpint (start_a, ==, start_b);
    g_assert_cmpint (stop_a, ==, stop_b);
  }

  g_assert_cmpint (ca->method, ==, cb->method);
  g_assert_cmpint (ca->policy, ==, cb->policy);
  g_assert_cmpint (ca->priority, ==, cb->priority);
  g_assert_cmpmem (ca->cpus, sizeof ca->cpus, cb->cpus, sizeof cb->cpus);
  g_assert_cmpint (ca->cpus_all, ==, cb->cpus_all);
  g_assert_cmpmem (&ca->latency, sizeof ca->latency, &cb->latency, sizeof cb->latency);
  g_assert_cmpmem (&ca->jitter, sizeof ca->jitter, &cb->jitter, sizeof cb->jitter);
  g_assert_cmpmem (&ca->timer, sizeof ca->timer, &cb->timer, sizeof cb->timer);
  g_assert_cmpmem (&ca->response, sizeof ca->response, &cb->response, sizeof cb->response);
  g_assert_cmpuint (ca->duration_ns, ==, cb->duration_ns);
  g_assert_cmpint (ca->unthrottled, ==, cb->unthrottled);
  g_assert_cmpint (ca->cpu_auto, ==, cb->cpu_auto);
  g_assert_cmpuint (ca->timer_slack_ns, ==, cb->timer_slack_ns);
  g_assert_cmpuint (rtb_run_get_started_flags (a), ==, rtb_run_get_started_flags (b));
  g_assert_cmpint (rtb_run_get_timer_slack_ns (a), ==, rtb_run_get_timer_slack_ns (b));

  g_assert_true ((rtb_run_get_worker (a) == NULL) == (rtb_run_get_worker (b) == NULL));
  if (rtb_run_get_worker (a) != NULL)
    g_assert_cmpmem (rtb_run_get_worker (a), sizeof (RtbHelloFrame),
                     rtb_run_get_worker (b), sizeof (RtbHelloFrame));

  g_assert_cmpuint (rtb_run_get_n_series (a), ==, rtb_run_get_n_series (b));
  for (guint i = 0; i < rtb_run_get_n_series (a); i++)
    {
      RtbSeries *sa = rtb_run_get_series (a, i);
      RtbSeries *sb = rtb_run_get_series (b, i);
      const RtbHistogram *ha = &sa->histogram, *hb = &sb->histogram;
      RtbSeriesSummary suma, sumb;

      g_assert_cmpstr (sa->name, ==, sb->name);
      g_assert_cmpint (sa->cpu, ==, sb->cpu);
      g_assert_cmpint (sa->policy, ==, sb->policy);
      g_assert_cmpint (sa->priority, ==, sb->priority);
      /* Bit for bit, the doubles of Welford's mean and M2 included. */
      g_assert_cmpmem (&ha->stats, sizeof ha->stats, &hb->stats, sizeof hb->stats);
      g_assert_cmpint (ha->lo_us, ==, hb->lo_us);
      g_assert_cmpmem (ha->counts, ha->n_buckets * sizeof (guint64),
                       hb->counts, hb->n_buckets * sizeof (guint64));
      g_assert_cmpuint (ha->n_below, ==, hb->n_below);
      g_assert_cmpuint (ha->n_above, ==, hb->n_above);
      assert_values_equal (&sa->values, &sb->values);
      g_assert_cmpuint (ha->n_unbucketed, ==, hb->n_unbucketed);
      g_assert_cmpmem (&sa->cyclictest, sizeof sa->cyclictest, &sb->cyclictest,
                       sizeof sb->cyclictest);
      g_assert_cmpint (sa->cyclictest_is_source, ==, sb->cyclictest_is_source);
      g_assert_cmpmem (sa->overflow_cycles, sa->n_overflow_cycles * sizeof (guint64),
                       sb->overflow_cycles, sb->n_overflow_cycles * sizeof (guint64));
      g_assert_cmpuint (sa->resolution_ns, ==, sb->resolution_ns);
      g_assert_cmpuint (sa->unknown_values, ==, sb->unknown_values);
      g_assert_cmpuint (sa->history.block_size, ==, sb->history.block_size);
      g_assert_cmpuint (sa->history.n_positions, ==, sb->history.n_positions);
      g_assert_cmpmem (sa->history.blocks, sa->history.n_blocks * sizeof (RtbHistoryBlock),
                       sb->history.blocks, sb->history.n_blocks * sizeof (RtbHistoryBlock));
      g_assert_cmpint (rtb_series_has_heatmap (sa), ==, rtb_series_has_heatmap (sb));
      g_assert_cmpuint (sa->heatmap.n_rows, ==, sb->heatmap.n_rows);
      g_assert_cmpuint (sa->heatmap.column_size, ==, sb->heatmap.column_size);
      g_assert_cmpuint (sa->heatmap.n_positions, ==, sb->heatmap.n_positions);
      g_assert_cmpuint (sa->heatmap.n_columns, ==, sb->heatmap.n_columns);
      g_assert_cmpmem (sa->heatmap.cells, sa->heatmap.n_columns * sa->heatmap.n_rows * 8,
                       sb->heatmap.cells, sb->heatmap.n_columns * sb->heatmap.n_rows * 8);
      g_assert_cmpmem (sa->heatmap.column_max_ns, sa->heatmap.n_columns * 8,
                       sb->heatmap.column_max_ns, sb->heatmap.n_columns * 8);
      g_assert_cmpuint (sa->dropped, ==, sb->dropped);
      g_assert_cmpuint (sa->skipped, ==, sb->skipped);
      g_assert_cmpuint (sa->gaps, ==, sb->gaps);
      g_assert_cmpuint (sa->next_index, ==, sb->next_index);
      g_assert_cmpfloat (sa->residual_max, ==, sb->residual_max);
      g_assert_cmpuint (sa->residual_failures, ==, sb->residual_failures);
      g_assert_cmpint (sa->placement, ==, sb->placement);
      g_assert_cmpuint (sa->overruns, ==, sb->overruns);
      g_assert_cmpuint (sa->off_cpu, ==, sb->off_cpu);
      g_assert_true ((sa->off_cpu_log == NULL) == (sb->off_cpu_log == NULL));
      if (sa->off_cpu_log != NULL)
        g_assert_cmpmem (sa->off_cpu_log->data, sa->off_cpu_log->len * sizeof (guint64),
                         sb->off_cpu_log->data, sb->off_cpu_log->len * sizeof (guint64));
      g_assert_cmpint (sa->have_worker_stats, ==, sb->have_worker_stats);
      g_assert_cmpmem (&sa->worker_stats, sizeof sa->worker_stats,
                       &sb->worker_stats, sizeof sb->worker_stats);

      for (guint p = 0; p < G_N_ELEMENTS (ps); p++)
        {
          double pa = rtb_series_percentile_us (sa, ps[p]);
          double pb = rtb_series_percentile_us (sb, ps[p]);

          g_assert_true ((isnan (pa) && isnan (pb)) || pa == pb);
        }
      rtb_series_get_summary (sa, &suma);
      rtb_series_get_summary (sb, &sumb);
      g_assert_cmpmem (&suma, sizeof suma, &sumb, sizeof sumb);
    }

  g_assert_true (json_node_equal (ja, jb));
}

static void
test_round_trip (gconstpointer data)
{
  RtbMethod method = GPOINTER_TO_INT (data);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rtbench-test-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "run.rtbench", NULL);
  g_autoptr (RtbRun) run = make_run (method, 50, 40000);
  g_autoptr (RtbRun) loaded = NULL;
  RtbSeries *series = rtb_run_get_series (run, 0);

  g_assert_no_error (error);
  /* The test is only worth it if every part is populated. */
  g_assert_cmpuint (series->history.block_size, >, 1);
  /* The heatmap's columns merged, its cells counting every sample, the periods skipped in
   * their place (positions past the samples). */
  g_assert_true (rtb_series_has_heatmap (series));
  g_assert_cmpuint (series->heatmap.column_size, >, 1);
  g_assert_cmpuint (rtb_heatmap_n_samples (&series->heatmap), ==,
                    series->histogram.stats.count);
  g_assert_cmpuint (series->heatmap.n_positions, ==, series->history.n_positions);
  if (method != RTB_METHOD_NOISE)
    g_assert_cmpuint (series->heatmap.n_positions, >, series->histogram.stats.count);
  g_assert_cmpuint (series->histogram.n_above + series->histogram.n_below, >, 0);
  g_assert_cmpuint (series->values.count, ==, series->histogram.stats.count);
  g_assert_cmpuint (series->n_overflow_cycles, >, 0);
  g_assert_cmpuint (series->gaps, >, 0);
  if (method == RTB_METHOD_JITTER)
    g_assert_cmpuint (rtb_run_get_series (run, 1)->histogram.n_below, >, 0);
  g_assert_cmpuint (series->overruns, ==, 7);
  g_assert_cmpuint (rtb_run_get_series (run, 1)->off_cpu, ==, 40);
  g_assert_cmpuint (rtb_run_get_series (run, 1)->off_cpu_log->len, ==, 40);
  g_assert_cmpuint (g_array_index (rtb_run_get_series (run, 1)->off_cpu_log, guint64, 1), ==,
                    1000 + 1000 / 500 * 3);
  g_assert_cmpint (rtb_run_get_series (run, 1)->placement, ==, RTB_CPU_PLACEMENT_ISOLATED);
  g_assert_cmpint (rtb_run_get_timer_slack_ns (run), ==, 50000);
  g_assert_cmpuint (rtb_run_get_started_flags (run), ==,
                    RTB_STARTED_DMA_LATENCY_RELEASED | RTB_STARTED_SHARES_MEASURED_CPUS);

  g_assert_true (rtb_run_save (run, path, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (rtb_run_get_file (run), ==, path);

  loaded = rtb_run_load (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_cmpstr (rtb_run_get_file (loaded), ==, path);
  g_assert_cmpint (rtb_run_get_state (loaded), ==, RTB_RUN_STATE_FINISHED);
  g_assert_cmpstr (rtb_run_get_system (loaded)->cpu_model, ==,
                   "Raspberry Pi 4 Model B Rev 1.1 (Cortex-A72)");
  {
    gint64 start, stop;

    rtb_run_get_load_span (loaded, &start, &stop);
    g_assert_cmpint (start, ==, -312000000);
    g_assert_cmpint (stop, ==, 9876543210);
  }
  assert_runs_equal (run, loaded);

  g_assert_no_errno (g_unlink (path));
  g_assert_no_errno (g_rmdir (dir));
}

/* A file written before heatmaps: when its samples came is unknown, not "none", and saving it
 * again does not make up an empty heatmap. */
static void
test_without_heatmap (void)
{
  g_autoptr (RtbRun) run = make_run (RTB_METHOD_LATENCY, 10, 40);
  g_autoptr (JsonNode) doc = rtb_run_to_json (run);
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) loaded = NULL;
  g_autoptr (RtbRun) again = NULL;
  g_autoptr (JsonNode) saved = NULL;
  JsonArray *series;

  g_assert_true (rtb_series_has_heatmap (rtb_run_get_series (run, 0)));
  series = json_object_get_array_member (json_node_get_object (doc), "series");
  for (guint i = 0; i < json_array_get_length (series); i++)
    json_object_remove_member (json_array_get_object_element (series, i), "heatmap");
  loaded = rtb_run_from_json (doc, &error);
  g_assert_no_error (error);
  g_assert_false (rtb_series_has_heatmap (rtb_run_get_series (loaded, 0)));
  g_assert_cmpuint (rtb_run_get_series (loaded, 0)->histogram.stats.count, ==, 40);

  saved = rtb_run_to_json (loaded);
  series = json_object_get_array_member (json_node_get_object (saved), "series");
  g_assert_false (json_object_has_member (json_array_get_object_element (series, 0), "heatmap"));
  again = rtb_run_from_json (saved, &error);
  g_assert_no_error (error);
  g_assert_false (rtb_series_has_heatmap (rtb_run_get_series (again, 0)));
}

static void
test_round_trip_minimal (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = NULL;
  g_autoptr (RtbRun) back = NULL;
  g_autoptr (JsonNode) node = NULL;
  RtbCommand cmd;

  /* Nothing measured, no system, no worker: nulls where there is nothing. */
  rtb_command_defaults (&cmd, RTB_METHOD_RESPONSE, 2);
  run = rtb_run_new (&cmd);
  rtb_run_add_series (run, "response", 0);
  node = rtb_run_to_json (run);
  g_assert_true (json_object_get_null_member (json_node_get_object (node), "start_time"));
  g_assert_true (json_object_get_null_member (json_node_get_object (node), "worker"));
  g_assert_true (json_object_get_null_member (json_node_get_object (node), "load_start_ns"));
  /* Files written before the load's span was kept lack it: unknown */
  json_object_remove_member (json_node_get_object (node), "load_stop_ns");
  back = rtb_run_from_json (node, &error);
  g_assert_no_error (error);
  {
    gint64 start, stop;

    rtb_run_get_load_span (back, &start, &stop);
    g_assert_cmpint (start, ==, RTB_RUN_TIME_UNKNOWN);
    g_assert_cmpint (stop, ==, RTB_RUN_TIME_UNKNOWN);
  }
  g_assert_null (rtb_run_get_system (back));
  g_assert_null (rtb_run_get_worker (back));
  g_assert_cmpint (rtb_run_get_state (back), ==, RTB_RUN_STATE_NEW);
  assert_runs_equal (run, back);
}

/* Every number key of every method comes back from a run file at a value other than its
 * default: a key that run files do not keep would read back as its default. */
static void
test_every_key (void)
{
  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    for (size_t k = 0; k < rtb_command_n_keys; k++)
      {
        const RtbKey *key = rtb_command_keys[k];
        g_autoptr (GError) error = NULL;
        g_autoptr (RtbRun) run = NULL;
        g_autoptr (RtbRun) back = NULL;
        g_autoptr (JsonNode) node = NULL;
        RtbCommand cmd;
        guint64 value;

        if (!rtb_command_key_taken (key, m) || (key->kind != RTB_KIND_NUMBER && key->kind != RTB_KIND_WORD))
          continue;
        rtb_command_defaults (&cmd, m, 4);
        value = key->on[m].def < key->max ? MAX (key->on[m].def + 1, key->min)
                                          : key->on[m].def - 1;
        rtb_command_key_put (&cmd, key, value);
        run = rtb_run_new (&cmd);
        node = rtb_run_to_json (run);
        back = rtb_run_from_json (node, &error);
        g_assert_no_error (error);
        if (rtb_command_key_get (rtb_run_get_command (back), key) != value)
          g_error ("%s of %s: %" G_GUINT64_FORMAT " saved, %" G_GUINT64_FORMAT " read back",
                   key->name, rtb_method_to_string (m), value,
                   rtb_command_key_get (rtb_run_get_command (back), key));
      }
}

/* A response self-check that produced NaN is saved as null and loads back as NaN. */
static void
test_residual_nan (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = NULL;
  g_autoptr (RtbRun) back = NULL;
  g_autoptr (JsonNode) node = NULL;
  RtbCommand cmd;
  RtbSeries *series;

  rtb_command_defaults (&cmd, RTB_METHOD_RESPONSE, 2);
  run = rtb_run_new (&cmd);
  series = rtb_run_add_series (run, "response", 0);
  series->residual_max = NAN;
  series->residual_failures = 1;
  series->have_worker_stats = TRUE;
  series->worker_stats.residual_max = NAN;
  node = rtb_run_to_json (run);
  back = rtb_run_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_true (isnan (rtb_run_get_series (back, 0)->residual_max));
  g_assert_true (isnan (rtb_run_get_series (back, 0)->worker_stats.residual_max));
  g_assert_cmpuint (rtb_run_get_series (back, 0)->residual_failures, ==, 1);
}

static void
test_saved_running (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = make_run (RTB_METHOD_LATENCY, 20, 100);
  g_autoptr (JsonNode) node = rtb_run_to_json (run);
  g_autoptr (RtbRun) back = NULL;

  json_object_set_string_member (json_node_get_object (node), "state", "running");
  back = rtb_run_from_json (node, &error);
  g_assert_no_error (error);
  /* A copy on disk will never receive another frame. */
  g_assert_cmpint (rtb_run_get_state (back), ==, RTB_RUN_STATE_CUT_SHORT);
}

static char *
read_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

static guint
count_entries (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static void
test_atomic_save (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rtbench-test-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "run.rtbench", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-dir", "run.rtbench", NULL);
  g_autoptr (RtbRun) small = make_run (RTB_METHOD_LATENCY, 10, 10);
  g_autoptr (RtbRun) big = make_run (RTB_METHOD_LATENCY, 1000, 20000);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  struct rlimit saved, limited;
  void (*old_handler) (int);
  gboolean ok;

  g_assert_no_error (error);
  g_assert_true (rtb_run_save (small, path, &error));
  g_assert_no_error (error);
  before = read_file (path);

  /* A write that fails half way (here: the file size limit, which binds root too) must
   * leave the old file as it was and no temporary file behind. */
  g_assert_no_errno (getrlimit (RLIMIT_FSIZE, &saved));
  limited = saved;
  limited.rlim_cur = strlen (before) + 1024;
  old_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_no_errno (setrlimit (RLIMIT_FSIZE, &limited));
  ok = rtb_run_save (big, path, &error);
  g_assert_no_errno (setrlimit (RLIMIT_FSIZE, &saved));
  signal (SIGXFSZ, old_handler);
  g_assert_false (ok);
  g_assert_nonnull (error);
  g_assert_cmpuint (error->domain, ==, G_IO_ERROR);
  g_clear_error (&error);
  after = read_file (path);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (count_entries (dir), ==, 1);
  g_assert_cmpstr (rtb_run_get_file (big), ==, NULL);

  g_assert_false (rtb_run_save (big, missing, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* A directory the user may not write to: root may write anywhere, so only as a user. */
  if (geteuid () != 0)
    {
      g_assert_no_errno (g_chmod (dir, 0555));
      g_assert_false (rtb_run_save (big, path, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
      g_clear_error (&error);
      g_assert_no_errno (g_chmod (dir, 0755));
      g_clear_pointer (&after, g_free);
      after = read_file (path);
      g_assert_cmpstr (after, ==, before);
    }

  /* And a successful save replaces it whole. */
  g_assert_true (rtb_run_save (big, path, &error));
  g_assert_no_error (error);
  g_clear_pointer (&after, g_free);
  after = read_file (path);
  g_assert_cmpstr (after, !=, before);
  g_assert_cmpuint (count_entries (dir), ==, 1);

  g_assert_no_errno (g_unlink (path));
  g_assert_no_errno (g_rmdir (dir));
  if (geteuid () == 0)
    g_test_message ("running as root: the read-only directory case was not tried");
}

/* Replaces (or with value == NULL removes) the node at a path such as "series[0].count". */
static void
set_at_path (JsonNode *root, const char *path, const char *value)
{
  g_auto (GStrv) parts = g_strsplit_set (path, ".[", -1);
  JsonNode *node = root;
  guint n = g_strv_length (parts);

  for (guint i = 0; i < n; i++)
    {
      const char *part = parts[i];
      gboolean last = i + 1 == n;
      gboolean is_index = g_str_has_suffix (part, "]");

      if (is_index)
        {
          JsonArray *array = json_node_get_array (node);
          guint index = (guint) g_ascii_strtoull (part, NULL, 10);

          if (!last)
            {
              node = json_array_get_element (array, index);
              continue;
            }
          if (value == NULL)
            json_array_remove_element (array, index);
          else
            {
              /* JsonArray cannot replace in place: rebuild it. */
              g_autoptr (JsonArray) copy = json_array_new ();
              guint len = json_array_get_length (array);

              for (guint k = 0; k < len; k++)
                {
                  JsonNode *element = json_array_get_element (array, k);

                  json_array_add_element (copy, k == index ? json_from_string (value, NULL)
                                                           : json_node_copy (element));
                }
              json_node_set_array (node, copy);
            }
          return;
        }

      if (!last)
        {
          node = json_object_get_member (json_node_get_object (node), part);
          g_assert_nonnull (node);
          continue;
        }
      if (value == NULL)
        json_object_remove_member (json_node_get_object (node), part);
      else
        json_object_set_member (json_node_get_object (node), part, json_from_string (value, NULL));
    }
}

static const struct {
  const char *path;
  const char *value; /* NULL: remove the member */
  const char *message;
} broken[] = {
  { "format", NULL, "not an rtbench run file: missing \"format\"" },
  { "format", "\"cyclictest\"", "not an rtbench run file: \"format\" is not \"rtbench-run\"" },
  { "version", "\"1\"", "version: expected an integer, found a string" },
  { "version", "0", "version: 0 is outside 1–2147483647" },
  { "version", NULL, "missing member \"version\"" },
  { "method", "\"bogus\"", "method: \"bogus\" is not one of latency, jitter, timer, response, noise" },
  { "command", NULL, "missing member \"command\"" },
  { "command.method", "\"jitter\"", "command.method: \"jitter\" does not match the run's method "
                                    "\"latency\"" },
  { "command.priority", "120", "command.priority: 120 is outside 0–99" },
  { "command.policy", "\"batch\"", "command.policy: \"batch\" is not one of fifo, rr, other" },
  { "command.cpus", "\"2-x\"", "command.cpus: \"2-x\" is not a CPU list" },
  { "command.cpus_all", "1", "command.cpus_all: expected true or false, found an integer" },
  { "label", "null", "label: expected a string, found null" },
  { "state", "\"paused\"", "state: \"paused\" is not one of new, running, finished, cut-short" },
  { "end_reason", "\"bored\"", "end_reason: \"bored\" is not a known reason" },
  { "start_time", "\"yesterday\"", "start_time: expected an ISO 8601 date and time" },
  { "elapsed_ns", "-5", "elapsed_ns: -5 is outside 0–9223372036854775807" },
  { "system", "[]", "system: expected an object or null, found an array" },
  { "system.hostname", "5", "system.hostname: expected a string or null, found an integer" },
  { "system.smt", NULL, "system: missing member \"smt\"" },
  { "worker.machine", "\"0123456789012345678901234567890123\"",
    "worker.machine: longer than 31 characters" },
  { "worker.rt_priority_max", "150", "worker.rt_priority_max: 150 is outside 0–99" },
  { "worker.mlockall_errno", NULL, "worker: missing member \"mlockall_errno\"" },
  { "threads", "[]", "threads: 0 threads for 2 series" },
  { "threads[1].policy", "\"idle\"", "threads[1].policy: \"idle\" is not one of fifo, rr, other" },
  { "series", "{}", "series: expected an array, found an object" },
  { "series[1]", "7", "series[1]: expected an object" },
  { "series[0].count", NULL, "series[0]: missing member \"count\"" },
  { "series[0].count", "999", "series[0].histogram: the buckets hold" },
  { "series[0].cpu", "5000", "series[0].cpu: 5000 is outside -1–1023" },
  { "series[0].min_ns", "99999999", "series[0].min_ns: 99999999 is above max_ns" },
  { "series[0].mean_us", "\"NaN\"", "series[0].mean_us: expected a number, found a string" },
  { "series[0].m2_us2", "-1.5", "series[0].m2_us2: must not be negative" },
  { "series[1].histogram.n_buckets", "0", "series[1].histogram.n_buckets: 0 is outside 1–4000000" },
  { "series[1].histogram.lo_us", "1e3", "series[1].histogram.lo_us: expected an integer, found a "
                                        "fractional number" },
  { "series[1].histogram.counts[3]", "[900, 1]", "series[1].histogram.counts[3]: bucket index 900 "
                                                 "is outside 0–9" },
  { "series[1].histogram.counts[3]", "[1]", "series[1].histogram.counts[3]: expected "
                                            "[bucket index, count]" },
  { "series[1].histogram.counts[3]", "[0, 5]", "series[1].histogram.counts[3]: bucket index 0 "
                                               "does not follow" },
  { "series[1].histogram.counts[0]", "[0, 0]", "series[1].histogram.counts[0]: count 0 must be "
                                               "positive" },
  { "series[1].histogram.counts", "[[0, 9223372036854775807], [1, 1]]",
    "series[1].histogram.counts[1]: count 1 brings the buckets' total past 9223372036854775807" },
  { "series[1].histogram.counts[0]", "[0, \"many\"]", "series[1].histogram.counts[0]: expected an "
                                                      "integer, found a string" },
  { "series[1].histogram.above", "0", "series[1].histogram: the buckets hold" },
  { "series[1].values", NULL, "series[1]: missing member \"values\"" },
  { "series[1].values.unknown", "2", "series[1].values: the buckets hold" },
  { "series[1].values.sub_bucket_bits", "7", "series[1].values.sub_bucket_bits: 7 is outside "
                                             "10–10" },
  { "series[1].values.resolution_ns", "10", "series[1].values.resolution_ns: 10 is not 1 or "
                                            "1000" },
  { "series[1].values.buckets[0]", "[5001, 1]", "series[1].values.buckets[0]: 5001 is not where "
                                                "a bucket starts" },
  { "series[1].values.buckets[0]", "[0, 0]", "series[1].values.buckets[0]: count 0 must be "
                                             "positive" },
  { "series[1].values.buckets[1]", "[-9223372036854775808, 1]", "series[1].values.buckets[1]: "
                                                                "bucket -9223372036854775808 does "
                                                                "not follow" },
  { "series[1].values.min_ns", "-5", "series[1].values: min_ns -5 and max_ns" },
  { "series[1].cyclictest.count", "5", "series[1].cyclictest.count: 5 is not the series' count" },
  { "series[1].cyclictest.m2_us2", "-1", "series[1].cyclictest.m2_us2: must not be negative" },
  { "series[1].overflow_cycles", "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, "
                                 "18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33]",
    "series[1].overflow_cycles: 33 cycle numbers for" },
  { "series[1].histogram.unbucketed", "3", "series[1].histogram: the buckets hold" },
  { "series[1].history.block_size", "0", "series[1].history.block_size: 0 is outside" },
  { "series[1].history.n_samples", "3", "series[1].history.n_samples: 3 does not match" },
  { "series[1].history.blocks[0]", "[9, 1, 10, 1]", "series[1].history.blocks[0]: min 9 is above "
                                                    "max 1" },
  { "series[1].history.blocks[0]", "[1, 9, 10, 2]", "series[1].history.blocks[0]: count 2 must be "
                                                    "from 0 to the 1 positions it covers" },
  { "series[1].history.n_positions", "39", "series[1].history.n_positions: 39 is outside 40" },
  { "series[1].history.n_positions", "41", "series[1].history.n_positions: 41 positions do not "
                                           "fill 40 blocks of 1" },
  { "series[1].heatmap.limit_us", "20", "series[1].heatmap: 12 rows up to 20 µs, but the "
                                        "histogram's limit gives 12 rows up to 10 µs" },
  { "series[1].heatmap.n_samples", "3", "series[1].heatmap.n_samples: 3 does not match the 40 "
                                        "samples in its cells" },
  { "series[1].heatmap.cells[0]", "[0, 12, 1]", "series[1].heatmap.cells[0]: cell (0, 12) is "
                                                "outside its 40 columns of 12 rows" },
  { "series[1].heatmap.cells[1]", "[0, 0, 1]", "series[1].heatmap.cells[1]: cells must be in "
                                               "order" },
  { "series[1].heatmap.cells[0]", "[0, 1]", "series[1].heatmap.cells[0]: expected" },
  { "series[1].heatmap.column_max_ns[0]", "99999999", "series[1].heatmap: a column holds more "
                                                      "samples" },
  { "series[1].heatmap.n_positions", "41", "series[1].heatmap.n_positions: 41 positions do not "
                                           "fill 40 columns of 1" },
  { "series[1].worker_stats.sum_sq_us2", "true", "series[1].worker_stats.sum_sq_us2: expected a "
                                                 "number, found a boolean" },
};

static void
test_malformed (void)
{
  g_autoptr (RtbRun) run = make_run (RTB_METHOD_LATENCY, 10, 40);
  g_autoptr (JsonNode) good = rtb_run_to_json (run);
  g_autofree char *text = json_to_string (good, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      /* json_node_copy() shares objects: parse afresh for a deep copy. */
      g_autoptr (JsonNode) doc = json_from_string (text, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (RtbRun) loaded = NULL;

      set_at_path (doc, broken[i].path, broken[i].value);
      loaded = rtb_run_from_json (doc, &error);
      g_test_message ("%s = %s -> %s", broken[i].path, broken[i].value,
                      error != NULL ? error->message : "(accepted)");
      g_assert_null (loaded);
      g_assert_error (error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT);
      g_assert_true (g_str_has_prefix (error->message, broken[i].message));

      /* Loaded from a file, compact or indented, the message is the same. */
      for (int pretty = 0; pretty < 2; pretty++)
        {
          g_autofree char *saved = json_to_string (doc, pretty);
          g_autoptr (GError) file_error = NULL;
          g_autoptr (RtbRun) from_file = run_file_test_load_text (saved, &file_error);

          g_assert_null (from_file);
          g_assert_error (file_error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT);
          g_assert_cmpstr (file_error->message, ==, error->message);
        }
    }

  {
    g_autoptr (GError) error = NULL;
    g_autoptr (RtbRun) loaded = rtb_run_from_json (good, &error);

    g_assert_no_error (error);
    g_assert_nonnull (loaded);
  }
}

static void
test_not_a_run (void)
{
  static const struct {
    const char *text;
    const char *message;
  } cases[] = {
    { "", "not valid JSON: " },
    { "{\"format\": \"rtbench-run\", ", "not valid JSON: " },
    { "[1, 2]", "not an rtbench run file: expected a JSON object" },
    { "{}", "not an rtbench run file: missing \"format\"" },
    { "{\"format\": 3}", "not an rtbench run file: \"format\" is not \"rtbench-run\"" },
  };
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rtbench-test-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "broken.rtbench", NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (RtbRun) run = NULL;

      g_assert_true (g_file_set_contents (path, cases[i].text, -1, &error));
      run = rtb_run_load (path, &error);
      g_assert_null (run);
      g_assert_error (error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, cases[i].message));
      g_clear_error (&error);
    }

  g_assert_null (rtb_run_load (dir, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_no_errno (g_unlink (path));
  g_assert_no_errno (g_rmdir (dir));
}

static void
test_fixtures (void)
{
  g_autofree char *good = data_path ("run-v1.rtbench");
  g_autofree char *newer = data_path ("run-v7.rtbench");
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = rtb_run_load (good, &error);
  RtbSeriesSummary summary;
  RtbSeries *series;

  /* A file written by version 1 must load forever, with the same figures. */
  g_assert_no_error (error);
  g_assert_cmpstr (rtb_run_get_label (run), ==, "rpi4 PREEMPT_RT");
  g_assert_cmpint (rtb_run_get_method (run), ==, RTB_METHOD_LATENCY);
  g_assert_cmpint (rtb_run_get_state (run), ==, RTB_RUN_STATE_FINISHED);
  g_assert_cmpint (rtb_run_get_end_reason (run), ==, RTB_END_STOPPED);
  g_assert_cmpint (rtb_run_get_start_time (run), ==, G_GINT64_CONSTANT (1714564800123456));
  g_assert_cmpstr (rtb_run_get_system (run)->hostname, ==, "rpi4");
  g_assert_true (rtb_run_get_system (run)->preempt_rt);
  g_assert_cmpint (rtb_run_get_worker (run)->dma_latency_errno, ==, EACCES);
  g_assert_cmpuint (rtb_run_get_n_series (run), ==, 2);
  series = rtb_run_get_series (run, 1);
  g_assert_cmpstr (series->name, ==, "CPU3");
  rtb_series_get_summary (series, &summary);
  g_assert_cmpuint (summary.count, ==, 300);
  g_assert_cmpuint (summary.overflows, ==, 77);
  g_assert_cmpfloat (summary.min_us, ==, -2500.216);
  g_assert_cmpfloat (summary.max_us, ==, 1500.209);
  /* Version 1 kept µs buckets and exact overflows: percentiles to the µs inside the histogram,
   * exact beyond it, as that version reported them. */
  g_assert_cmpuint (summary.resolution_ns, ==, 1000);
  g_assert_cmpfloat (summary.p50_us, ==, 3);
  /* cyclictest's figures follow from the buckets and the kept values, truncated. */
  g_assert_cmpuint (series->cyclictest.count, ==, 300);
  g_assert_cmpint (series->cyclictest.min_ns, ==, -2501000);
  g_assert_cmpint (series->cyclictest.max_ns, ==, 1500000);
  test_assert_percentile (summary.p99_us, 10.152);
  g_assert_cmpfloat (summary.p999_us, ==, 1500.209);
  g_assert_cmpuint (series->gaps, ==, 0);

  g_clear_object (&run);
  run = rtb_run_load (newer, &error);
  g_assert_null (run);
  g_assert_error (error, RTB_RUN_ERROR, RTB_RUN_ERROR_VERSION);
  g_assert_cmpstr (error->message, ==, "version 7 is newer than this rtbench (5): update rtbench");
}

/* Numbers in written JSON are as short as they can be and still read back exactly. */
static void
test_json_numbers (void)
{
  static const struct {
    double value;
    const char *text; /* NULL: only the round trip is checked */
  } cases[] = {
    { 610.909, "610.909" }, { 30.0, "30.0" }, { 0.1, "0.1" }, { -2500.216, "-2500.216" },
    { 0.0, "0.0" }, { -0.0, "-0.0" }, { 1e-7, "1e-07" }, { 1e15, "1e+15" }, { 0.000125, "0.000125" },
    { 1.0 / 3, NULL }, { 22.665362577725265, "22.665362577725265" }, { 5e-324, NULL },
    { 1.7976931348623157e308, NULL }, { -123456789012.5, "-123456789012.5" }, { 2.5e-5, NULL },
  };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;
  JsonObject *object;
  JsonArray *array;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GString) out = g_string_new (NULL);
      double back;

      rtb_json_append_double (out, cases[i].value);
      back = g_ascii_strtod (out->str, NULL);
      g_test_message ("%.17g -> %s", cases[i].value, out->str);
      g_assert_true (back == cases[i].value && !signbit (back) == !signbit (cases[i].value));
      g_assert_nonnull (strpbrk (out->str, ".e"));
      if (cases[i].text != NULL)
        g_assert_cmpstr (out->str, ==, cases[i].text);
    }

  /* Only numbers are rewritten: not digits in strings, escaped quotes included, nor integers. */
  g_assert_true (json_parser_load_from_data (parser,
                                             "{\"a\": \"x\\\"1.50\", \"b\": 610.909, "
                                             "\"c\": [3, -2.25e-9, 12345678901234], "
                                             "\"d\": \"9.0\"}", -1, &error));
  g_assert_no_error (error);
  text = rtb_json_to_text (json_parser_get_root (parser), FALSE, NULL);
  g_assert_cmpstr (text, ==,
                   "{\"a\":\"x\\\"1.50\",\"b\":610.909,\"c\":[3,-2.25e-09,12345678901234],"
                   "\"d\":\"9.0\"}");
  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  root = json_node_copy (json_parser_get_root (parser));
  object = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (object, "a"), ==, "x\"1.50");
  g_assert_cmpfloat (json_object_get_double_member (object, "b"), ==, 610.909);
  array = json_object_get_array_member (object, "c");
  g_assert_cmpint (json_array_get_int_element (array, 0), ==, 3);
  g_assert_cmpfloat (json_array_get_double_element (array, 1), ==, -2.25e-9);
  g_assert_cmpint (json_array_get_int_element (array, 2), ==, G_GINT64_CONSTANT (12345678901234));
}

/* 100 000 nested arrays are refused before parsing (json-glib recurses and would overflow the
 * stack); 64 levels, whatever their content, still parse. */
static void
test_nesting (void)
{
  g_autoptr (RtbRun) run = make_run (RTB_METHOD_LATENCY, 10, 40);
  g_autoptr (JsonNode) good = rtb_run_to_json (run);
  g_autofree char *text = json_to_string (good, FALSE);
  static const guint depths[] = { 100000, 65, 64 };

  for (guint i = 0; i < G_N_ELEMENTS (depths); i++)
    {
      /* The root object is one level: extra arrays reach the depth with it. */
      guint n = depths[i] - 1;
      g_autoptr (GString) doc = g_string_new_len (text, (gssize) strlen (text) - 1);
      g_autoptr (GError) error = NULL;
      g_autoptr (RtbRun) loaded = NULL;

      g_string_append (doc, ",\"extra\":");
      for (guint k = 0; k < n; k++)
        g_string_append_c (doc, '[');
      g_string_append (doc, "\"[[[{{{\"");
      for (guint k = 0; k < n; k++)
        g_string_append_c (doc, ']');
      g_string_append_c (doc, '}');
      loaded = run_file_test_load_text (doc->str, &error);
      if (depths[i] > 64)
        {
          g_assert_null (loaded);
          g_assert_error (error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT);
          g_assert_cmpstr (error->message, ==, "line 1: the JSON nests deeper than 64 levels, "
                           "which no file rtbench reads does: refused before parsing");
        }
      else
        {
          g_assert_no_error (error);
          g_assert_nonnull (loaded);
        }
    }
}

/* Only regular files are read, and none larger than RTB_RUN_FILE_MAX_SIZE: a FIFO does not block,
 * /dev/zero does not fill the memory. */
static void
test_not_regular (void)
{
  g_autofree char *dir = g_dir_make_tmp ("rtbench-test-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.rtbench", NULL);
  g_autofree char *huge = g_build_filename (dir, "huge.rtbench", NULL);
  static const struct {
    const char *path;
    const char *message;
  } cases[] = {
    { "FIFO", "is a FIFO, not a saved file" },
    { "/dev/zero", "/dev/zero is a device, not a saved file" },
    { "DIR", "is a directory, not a saved file" },
    { "HUGE", "is larger than 4096 MiB: no run rtbench saves is that large" },
  };
  int fd;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  fd = g_open (huge, O_WRONLY | O_CREAT, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) RTB_RUN_FILE_MAX_SIZE + 1), ==, 0);
  close (fd);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *path = g_str_equal (cases[i].path, "FIFO") ? fifo
                         : g_str_equal (cases[i].path, "DIR") ? dir
                         : g_str_equal (cases[i].path, "HUGE") ? huge : cases[i].path;
      g_autoptr (GError) error = NULL;
      g_autoptr (RtbRun) run = rtb_run_load (path, &error);

      g_assert_null (run);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
  g_unlink (fifo);
  g_unlink (huge);
  g_rmdir (dir);
}

/* json-glib wraps an integer past 64 bits silently (99999999999999999999 reads as -1) and
 * reads a leading zero as octal (0747 is 487): the loader refuses both, naming them. */
static void
test_misread_numbers (void)
{
  g_autoptr (RtbRun) run = make_run (RTB_METHOD_LATENCY, 10, 40);
  g_autoptr (JsonNode) doc = rtb_run_to_json (run);
  g_autoptr (GString) text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) loaded = NULL;
  g_autofree char *saved = NULL;

  set_at_path (doc, "series[0].dropped", "12345");
  set_at_path (doc, "series[0].history.blocks[0]", "[4321, 4321, 4321, 1]");
  saved = json_to_string (doc, FALSE);
  text = g_string_new (saved);
  g_assert_cmpuint (g_string_replace (text, "\"dropped\":12345",
                                      "\"dropped\":99999999999999999999", 0), ==, 1);
  loaded = run_file_test_load_text (text->str, &error);
  g_assert_null (loaded);
  g_assert_error (error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message,
                            "99999999999999999999 does not fit in a 64-bit integer"));
  g_clear_error (&error);
  g_clear_object (&loaded);

  /* In a member and in a history block (read apart from the JSON tree). */
  g_assert_cmpuint (g_string_replace (text, "\"dropped\":99999999999999999999",
                                      "\"dropped\":0747", 0), ==, 1);
  loaded = run_file_test_load_text (text->str, &error);
  g_assert_null (loaded);
  g_assert_nonnull (strstr (error->message, "a number with a leading zero"));
  g_clear_error (&error);
  g_assert_cmpuint (g_string_replace (text, "\"dropped\":0747", "\"dropped\":747", 0), ==, 1);
  g_assert_cmpuint (g_string_replace (text, "[4321,", "[04321,", 0), ==, 1);
  loaded = run_file_test_load_text (text->str, &error);
  g_assert_null (loaded);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "a number with a leading zero"));
}

/* 64 MiB of spaces before a good run: refused from its first 4 KiB, without reading the rest;
 * 4095 spaces are still whitespace JSON allows. */
static void
test_leading_blank (void)
{
  g_autofree char *good = data_path ("run-v1.rtbench");
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "rtbench-blank-test.rtbench", NULL);
  g_autofree char *run = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) loaded = NULL;
  gsize run_len;
  FILE *file;

  g_assert_true (g_file_get_contents (good, &run, &run_len, NULL));
  for (guint big = 0; big < 2; big++)
    {
      gsize blank = big ? (gsize) 64 << 20 : 4095;
      g_autofree char *spaces = g_malloc (blank);

      memset (spaces, ' ', blank);
      file = fopen (path, "w");
      g_assert_nonnull (file);
      g_assert_cmpuint (fwrite (spaces, 1, blank, file), ==, blank);
      g_assert_cmpuint (fwrite (run, 1, run_len, file), ==, run_len);
      g_assert_cmpint (fclose (file), ==, 0);
      loaded = rtb_run_load (path, &error);
      if (big)
        {
          g_assert_null (loaded);
          g_assert_nonnull (strstr (error->message, "starts with more than 4096 bytes of blank "
                                                    "space"));
          g_clear_error (&error);
        }
      else
        {
          g_assert_no_error (error);
          g_assert_nonnull (loaded);
          g_clear_object (&loaded);
        }
    }
  g_unlink (path);
}

/* run-v1.rtbench with its label and its system's hostname set to these, saved to `path`. */
static void
write_with_strings (const char *path, const char *label, const char *hostname)
{
  g_autofree char *good = data_path ("run-v1.rtbench");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  JsonObject *root;

  g_assert_true (json_parser_load_from_file (parser, good, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  json_object_set_string_member (root, "label", label);
  json_object_set_string_member (json_object_get_object_member (root, "system"), "hostname",
                                 hostname);
  json_generator_set_root (generator, json_parser_get_root (parser));
  g_assert_true (json_generator_to_file (generator, path, NULL));
}

/* `text` as read from a string of `len` bytes: whole when it is at most 4 KiB, else cut to at
 * most 4 KiB of whole characters of it and an ellipsis. */
static void
assert_capped (const char *text, const char *given)
{
  gsize len = strlen (given);

  g_assert_true (g_utf8_validate (text, -1, NULL));
  if (len <= 4096)
    {
      g_assert_cmpstr (text, ==, given);
      return;
    }
  g_assert_cmpuint (strlen (text), <=, 4096);
  g_assert_cmpuint (strlen (text), >, 4096 - 3 - 4);
  g_assert_true (g_str_has_suffix (text, "…"));
  g_assert_cmpmem (text, strlen (text) - strlen ("…"), given, strlen (text) - strlen ("…"));
}

/* Every string of a run file is read cut to 4 KiB, ending with an ellipsis: a label of 50 MiB,
 * a hostname of two-byte characters cut between characters, never inside one; 4096 bytes, and
 * escapes that are longer written than read, are kept whole. */
static void
test_long_strings (void)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "rtbench-long-test.rtbench", NULL);
  g_autofree char *huge = g_strnfill ((gsize) 50 << 20, 'A');
  g_autofree char *exact = g_strnfill (4096, 'B');
  g_autoptr (GString) accents = g_string_new (NULL);
  g_autoptr (GString) quotes = g_string_new (NULL);
  struct {
    const char *label, *hostname;
  } cases[] = { { huge, "vm" }, { exact, NULL }, { exact, NULL }, { NULL, NULL } };

  for (guint i = 0; i < 3000; i++)
    g_string_append (accents, "é");
  for (guint i = 0; i < 3000; i++)
    g_string_append_c (quotes, '"'); /* written \": 6000 bytes in the file */
  cases[1].hostname = accents->str;
  cases[2].label = quotes->str;
  cases[2].hostname = exact;
  cases[3].label = accents->str;
  cases[3].hostname = huge;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (RtbRun) run = NULL;

      write_with_strings (path, cases[i].label, cases[i].hostname);
      run = rtb_run_load (path, &error);
      g_assert_no_error (error);
      assert_capped (rtb_run_get_label (run), cases[i].label);
      assert_capped (rtb_run_get_system (run)->hostname, cases[i].hostname);
    }
  g_unlink (path);
}

/* A run whose label is over 4 KiB is not saved, and the message says the limit. */
static void
test_save_long_label (void)
{
  g_autofree char *good = data_path ("run-v1.rtbench");
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "rtbench-label-test.rtbench", NULL);
  g_autofree char *label = g_strnfill (4097, 'x');
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = rtb_run_load (good, &error);

  g_assert_no_error (error);
  g_unlink (path);
  rtb_run_set_label (run, label);
  g_assert_false (rtb_run_save (run, path, &error));
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, "4097 bytes long, more than the 4096 bytes"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  label[4096] = '\0';
  rtb_run_set_label (run, label);
  g_assert_true (rtb_run_save (run, path, &error));
  g_assert_no_error (error);
  g_unlink (path);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/run-file/round-trip/latency", GINT_TO_POINTER (RTB_METHOD_LATENCY),
                        test_round_trip);
  g_test_add_data_func ("/run-file/round-trip/jitter", GINT_TO_POINTER (RTB_METHOD_JITTER),
                        test_round_trip);
  g_test_add_data_func ("/run-file/round-trip/timer", GINT_TO_POINTER (RTB_METHOD_TIMER),
                        test_round_trip);
  g_test_add_data_func ("/run-file/round-trip/response", GINT_TO_POINTER (RTB_METHOD_RESPONSE),
                        test_round_trip);
  g_test_add_func ("/run-file/round-trip/minimal", test_round_trip_minimal);
  g_test_add_func ("/run-file/every-key", test_every_key);
  g_test_add_func ("/run-file/without-heatmap", test_without_heatmap);
  g_test_add_func ("/run-file/saved-running", test_saved_running);
  g_test_add_func ("/run-file/residual-nan", test_residual_nan);
  g_test_add_func ("/run-file/atomic-save", test_atomic_save);
  g_test_add_func ("/run-file/malformed", test_malformed);
  g_test_add_func ("/run-file/not-a-run", test_not_a_run);
  g_test_add_func ("/run-file/fixtures", test_fixtures);
  g_test_add_func ("/run-file/json-numbers", test_json_numbers);
  g_test_add_func ("/run-file/nesting", test_nesting);
  g_test_add_func ("/run-file/not-regular", test_not_regular);
  g_test_add_func ("/run-file/leading-blank", test_leading_blank);
  g_test_add_func ("/run-file/misread-numbers", test_misread_numbers);
  g_test_add_func ("/run-file/long-strings", test_long_strings);
  g_test_add_func ("/run-file/save-long-label", test_save_long_label);

  return g_test_run ();
}
