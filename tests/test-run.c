/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "rtb-headline.h"
#include "rtb-hwlat.h"
#include "rtb-label.h"
#include "rtb-run.h"
#include "rtb-sample-check.h"
#include "rtb-test-run.h"

/* Frames go through the real encoder and decoder, as they would from a worker's pipe. */
typedef struct {
  RtbRun *run;
  RtbDecoder *decoder;
  guint32 seq;
  gboolean hello_sent;  /* a decoder reads nothing before HELLO */
  char *refused;        /* why the decoder refused the last frame, or NULL */
  GError *error;
  guint n_changed;
  guint n_finished;
  guint changed_at_finish;
} Feed;

static bool
deliver (const RtbFrame *frame, void *user_data)
{
  Feed *feed = user_data;

  if (feed->error != NULL)
    return false;
  return rtb_run_handle_frame (feed->run, frame, &feed->error);
}

static void
on_changed (RtbRun *run, Feed *feed)
{
  feed->n_changed++;
}

static void
on_finished (RtbRun *run, Feed *feed)
{
  feed->n_finished++;
  feed->changed_at_finish = feed->n_changed;
}

static void
feed_init (Feed *feed, RtbRun *run)
{
  memset (feed, 0, sizeof *feed);
  feed->run = run;
  feed->decoder = rtb_decoder_new (deliver, feed);
  g_signal_connect (run, "changed", G_CALLBACK (on_changed), feed);
  g_signal_connect (run, "finished", G_CALLBACK (on_finished), feed);
}

static void
feed_clear (Feed *feed)
{
  g_clear_pointer (&feed->decoder, rtb_decoder_free);
  g_clear_pointer (&feed->refused, g_free);
  g_clear_error (&feed->error);
  g_clear_object (&feed->run);
}

static void send_hello (Feed *feed);

static void
feed_restart (Feed *feed)
{
  rtb_decoder_free (feed->decoder);
  feed->decoder = rtb_decoder_new (deliver, feed);
  feed->seq = 0;
  feed->hello_sent = FALSE;
}

/* Sends one frame, after a HELLO when the decoder has not had one. Returns FALSE and leaves
 * feed->error set when the run refused it, or feed->refused when the decoder did. */
static gboolean
send2 (Feed *feed, RtbFrameType type, const void *part1, gsize len1, const void *part2,
       gsize len2)
{
  gsize size = sizeof (RtbFrameHeader) + len1 + len2;
  g_autofree guint8 *buf = g_malloc (size);
  gsize n;
  long delivered;

  if (type == RTB_FRAME_HELLO)
    feed->hello_sent = TRUE;
  else if (!feed->hello_sent)
    send_hello (feed);
  n = rtb_frame_encode2 (buf, size, type, feed->seq++, part1, len1, part2, len2);
  g_assert_cmpuint (n, ==, size);
  g_clear_error (&feed->error);
  g_clear_pointer (&feed->refused, g_free);
  delivered = rtb_decoder_feed (feed->decoder, buf, n);
  if (delivered < 0)
    {
      /* A fresh decoder for the next frame. */
      if (feed->error == NULL)
        feed->refused = g_strdup (rtb_decoder_error (feed->decoder));
      feed_restart (feed);
      return FALSE;
    }
  g_assert_cmpint (delivered, ==, 1);
  return TRUE;
}

static void
send_hello (Feed *feed)
{
  RtbHelloFrame hello = {
    .protocol_version = RTB_PROTOCOL_VERSION,
    .pid = 1234,
    .n_cpus_online = 4,
    .mlockall_errno = 0,
    .dma_latency_errno = 13,
    .rt_priority_max = 99,
    .rt_runtime_us = 950000,
  };

  g_strlcpy (hello.worker_version, "0.1.0", sizeof hello.worker_version);
  g_strlcpy (hello.machine, "aarch64", sizeof hello.machine);
  g_assert_true (send2 (feed, RTB_FRAME_HELLO, &hello, sizeof hello, NULL, 0));
}

static gboolean
send_started (Feed *feed, RtbMethod method, guint n_threads, guint32 interval_us,
              guint32 histogram_us)
{
  RtbStartedFrame started = {
    .n_threads = n_threads,
    .start_realtime_ns = G_GUINT64_CONSTANT (1700000000123456789),
  };
  g_autofree RtbThreadInfo *threads = g_new0 (RtbThreadInfo, n_threads);
  RtbCommand command;

  rtb_command_defaults (&command, method, (int) n_threads);
  if (histogram_us > 0)
    command.latency.histogram_us = histogram_us;
  if (method != RTB_METHOD_RESPONSE)
    {
      /* 0: the method's own defaults (osnoise's period and runtime). */
      if (interval_us > 0)
        rtb_command_set_intervals (&command, interval_us,
                                   method == RTB_METHOD_JITTER ? 2000 : 0);
      command.duration_ns = 60 * G_GUINT64_CONSTANT (1000000000);
    }
  rtb_command_to_wire (&command, &started.command);
  for (guint i = 0; i < n_threads; i++)
    {
      threads[i].thread = i;
      threads[i].cpu = i;
      threads[i].policy = RTB_POLICY_FIFO;
      threads[i].priority = 99;
      g_snprintf (threads[i].name, sizeof threads[i].name, "CPU%u", i);
    }
  return send2 (feed, RTB_FRAME_STARTED, &started, sizeof started, threads,
                n_threads * sizeof *threads);
}

static gboolean
send_samples (Feed *feed, guint thread, const RtbSample *samples, guint n, guint64 dropped)
{
  RtbSamplesFrame frame = { .thread = thread, .count = n, .dropped_total = dropped };

  return send2 (feed, RTB_FRAME_SAMPLES, &frame, sizeof frame, samples, n * sizeof *samples);
}

static gboolean
send_stats (Feed *feed, RtbFrameType type, guint n_threads, guint first_thread,
            guint64 skipped, RtbEndReason reason)
{
  RtbStatsFrame frame = {
    .n_threads = n_threads,
    .reason = type == RTB_FRAME_SUMMARY ? reason : 0,
    .elapsed_ns = 2 * G_GUINT64_CONSTANT (1000000000),
    .end_realtime_ns = G_GUINT64_CONSTANT (1700000002123456789),
  };
  g_autofree RtbThreadStats *stats = g_new0 (RtbThreadStats, MAX (n_threads, 1));

  for (guint i = 0; i < n_threads; i++)
    {
      stats[i].thread = first_thread + i;
      stats[i].skipped = skipped;
      stats[i].dropped = 1;
    }
  return send2 (feed, type, &frame, sizeof frame, stats, n_threads * sizeof *stats);
}

static RtbRun *
new_run (RtbMethod method, guint32 histogram_us)
{
  RtbCommand cmd;

  rtb_command_defaults (&cmd, method, 4);
  if (histogram_us > 0)
    cmd.latency.histogram_us = histogram_us;
  return rtb_run_new (&cmd);
}

static guint64
histogram_total (const RtbHistogram *hist)
{
  guint64 total = hist->n_below + hist->n_above;

  for (guint32 b = 0; b < hist->n_buckets; b++)
    total += hist->counts[b];
  return total;
}

static void
test_run_latency (void)
{
  Feed feed;
  RtbSample samples[100];
  RtbSeriesSummary summary;
  RtbSeries *s0, *s1;

  feed_init (&feed, new_run (RTB_METHOD_LATENCY, 100));
  send_hello (&feed);
  g_assert_nonnull (rtb_run_get_worker (feed.run));
  g_assert_cmpint (rtb_run_get_worker (feed.run)->dma_latency_errno, ==, 13);
  g_assert_true (send_started (&feed, RTB_METHOD_LATENCY, 2, 1000, 100));
  g_assert_cmpint (rtb_run_get_state (feed.run), ==, RTB_RUN_STATE_RUNNING);
  g_assert_cmpint (rtb_run_get_start_time (feed.run), ==, G_GINT64_CONSTANT (1700000000123456));
  g_assert_cmpuint (rtb_run_get_n_series (feed.run), ==, 2);
  /* The command the worker ran, in full. */
  g_assert_cmpstr (rtb_run_get_worker_command (feed.run), ==,
                   "start latency cpus=all policy=fifo priority=99 interval_us=1000 "
                   "histogram_us=100 duration=1m");
  g_assert_cmpuint (rtb_run_get_command (feed.run)->latency.histogram_us, ==, 100);

  /* Thread 0: one value in each bucket 0…99 µs. */
  for (guint i = 0; i < 100; i++)
    samples[i] = (RtbSample) { .index = i, .value_ns = i * 1000 + 500 };
  g_assert_true (send_samples (&feed, 0, samples, 100, 0));

  /* Thread 1: 98 values at 10 µs and two overflows. */
  for (guint i = 0; i < 100; i++)
    samples[i] = (RtbSample) { .index = i, .value_ns = 10200 };
  samples[40].value_ns = 150500;
  samples[70].value_ns = 250250;
  g_assert_true (send_samples (&feed, 1, samples, 100, 0));

  g_assert_cmpuint (feed.n_changed, ==, 0);
  rtb_run_flush_changed (feed.run);
  g_assert_cmpuint (feed.n_changed, ==, 1);
  rtb_run_flush_changed (feed.run);
  g_assert_cmpuint (feed.n_changed, ==, 1);

  s0 = rtb_run_get_series (feed.run, 0);
  s1 = rtb_run_get_series (feed.run, 1);
  g_assert_cmpstr (s0->name, ==, "CPU0");
  g_assert_cmpint (s1->cpu, ==, 1);
  g_assert_cmpint (s1->policy, ==, RTB_POLICY_FIFO);
  g_assert_cmpint (s1->priority, ==, 99);
  g_assert_cmpuint (s0->histogram.n_buckets, ==, 100);

  rtb_series_get_summary (s0, &summary);
  g_assert_cmpuint (summary.count, ==, 100);
  g_assert_cmpfloat (summary.min_us, ==, 0.5);
  g_assert_cmpfloat (summary.max_us, ==, 99.5);
  g_assert_cmpfloat_with_epsilon (summary.avg_us, 50.0, 1e-9);
  /* Nearest rank over the exact values, not the bucket's lower edge. */
  test_assert_percentile (summary.p50_us, 49.5);
  test_assert_percentile (summary.p95_us, 94.5);
  test_assert_percentile (summary.p99_us, 98.5);
  g_assert_cmpfloat (summary.p999_us, ==, 99.5);
  g_assert_cmpuint (summary.overflows, ==, 0);
  g_assert_cmpuint (histogram_total (&s0->histogram), ==, 100);

  rtb_series_get_summary (s1, &summary);
  g_assert_cmpuint (summary.count, ==, 100);
  g_assert_cmpuint (summary.overflows, ==, 2);
  g_assert_cmpuint (histogram_total (&s1->histogram), ==, summary.count);
  test_assert_percentile (summary.p50_us, 10.2);
  /* Percentiles among the overflows are not clamped to the limit. */
  test_assert_percentile (summary.p99_us, 150.5);
  g_assert_cmpfloat (summary.p999_us, ==, 250.25);
  g_assert_cmpfloat (summary.max_us, ==, 250.25);
  g_assert_cmpfloat (rtb_run_get_worst_us (feed.run), ==, 250.25);
  g_assert_cmpuint (rtb_run_get_total_count (feed.run), ==, 200);
  g_assert_cmpuint (s0->gaps, ==, 0);

  g_assert_true (send_stats (&feed, RTB_FRAME_SUMMARY, 2, 0, 0, RTB_END_COMPLETED));
  g_assert_cmpint (rtb_run_get_state (feed.run), ==, RTB_RUN_STATE_FINISHED);
  g_assert_cmpint (rtb_run_get_end_reason (feed.run), ==, RTB_END_COMPLETED);
  g_assert_cmpint (rtb_run_get_end_time (feed.run), ==, G_GINT64_CONSTANT (1700000002123456));
  g_assert_cmpuint (rtb_run_get_elapsed_ns (feed.run), ==, 2 * G_GUINT64_CONSTANT (1000000000));
  g_assert_true (s1->have_worker_stats);
  g_assert_cmpuint (feed.n_finished, ==, 1);
  /* The final ::changed arrives before ::finished. */
  g_assert_cmpuint (feed.changed_at_finish, ==, 2);

  rtb_run_stream_ended (feed.run);
  g_assert_cmpint (rtb_run_get_state (feed.run), ==, RTB_RUN_STATE_FINISHED);
  g_assert_cmpuint (feed.n_finished, ==, 1);
  feed_clear (&feed);
}

static void
test_run_gaps (void)
{
  static const guint64 indices[] = { 0, 1, 2, 5, 6, 10 };
  RtbSample samples[G_N_ELEMENTS (indices)];
  RtbSeries *series;
  Feed feed;

  feed_init (&feed, new_run (RTB_METHOD_LATENCY, 0));
  g_assert_true (send_started (&feed, RTB_METHOD_LATENCY, 1, 1000, 1000));
  for (guint i = 0; i < G_N_ELEMENTS (indices); i++)
    samples[i] = (RtbSample) { .index = indices[i], .value_ns = 3000 };
  g_assert_true (send_samples (&feed, 0, samples, 3, 0));
  g_assert_true (send_samples (&feed, 0, samples + 3, 3, 7));

  series = rtb_run_get_series (feed.run, 0);
  g_assert_cmpuint (series->gaps, ==, 5);
  g_assert_cmpuint (series->next_index, ==, 11);
  g_assert_cmpuint (series->dropped, ==, 7);
  g_assert_cmpuint (rtb_run_get_total_dropped (feed.run), ==, 7);
  /* The curve keeps each sample at its number: the missing ones are places without a sample. */
  g_assert_cmpuint (series->history.n_positions, ==, 11);
  g_assert_cmpuint (rtb_history_n_samples (&series->history), ==, 6);
  for (guint64 i = 0, s = 0; i < 11; i++)
    {
      gboolean sent = s < G_N_ELEMENTS (indices) && indices[s] == i;

      g_assert_cmpuint (rtb_history_block_missing (&series->history, i), ==, sent ? 0 : 1);
      s += sent;
    }

  g_assert_true (send_stats (&feed, RTB_FRAME_STATS, 1, 0, 3, 0));
  g_assert_cmpuint (series->skipped, ==, 3);
  g_assert_cmpuint (series->dropped, ==, 7);
  g_assert_false (series->have_worker_stats);
  g_assert_cmpint (rtb_run_get_state (feed.run), ==, RTB_RUN_STATE_RUNNING);
  feed_clear (&feed);
}

/* A stall across the run's end skips periods no later sample's number shows: the last STATS
 * counts them, and the finished curve keeps their places after the last sample, so that it holds
 * every number the figures count (samples, skipped periods, samples lost). */
static void
test_run_trailing_skips (void)
{
  RtbSample samples[5];
  RtbSeries *series;
  Feed feed;

  feed_init (&feed, new_run (RTB_METHOD_LATENCY, 0));
  g_assert_true (send_started (&feed, RTB_METHOD_LATENCY, 1, 1000, 1000));
  for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
    samples[i] = (RtbSample) { .index = i, .value_ns = 3000 };
  g_assert_true (send_samples (&feed, 0, samples, G_N_ELEMENTS (samples), 0));
  series = rtb_run_get_series (feed.run, 0);
  g_assert_true (send_stats (&feed, RTB_FRAME_STATS, 1, 0, 3, 0));
  g_assert_cmpuint (series->history.n_positions, ==, 5);
  g_assert_true (send_stats (&feed, RTB_FRAME_SUMMARY, 1, 0, 3, RTB_END_COMPLETED));
  g_assert_cmpint (rtb_run_get_state (feed.run), ==, RTB_RUN_STATE_FINISHED);
  g_assert_cmpuint (series->gaps, ==, 0);
  /* 5 samples and 3 periods skipped (the sample send_stats says lost is not placed). */
  g_assert_cmpuint (series->history.n_positions, ==, 8);
  g_assert_cmpuint (series->heatmap.n_positions, ==, 8);
  g_assert_cmpuint (rtb_history_n_samples (&series->history), ==, 5);
  for (guint64 i = 5; i < 8; i++)
    g_assert_cmpuint (rtb_history_block_missing (&series->history, i), ==, 1);
  feed_clear (&feed);
}

/* Noise sends only its gaps of 1 µs or more; the numbers between are gaps shorter than 1 µs,
 * each 1 µs as oslat counts it. The curve holds every gap, so that its running mean ends at the
 * average the figures give. */
static void
test_run_noise_history (void)
{
  static const guint64 indices[] = { 3, 4, 1000, 5000 };
  RtbSample samples[G_N_ELEMENTS (indices)];
  RtbSeriesSummary summary;
  RtbSeries *series;
  gint64 sum = 0;
  guint64 count = 0;
  Feed feed;

  feed_init (&feed, new_run (RTB_METHOD_NOISE, 0));
  g_assert_true (send_started (&feed, RTB_METHOD_NOISE, 1, 0, 0));
  for (guint i = 0; i < G_N_ELEMENTS (indices); i++)
    samples[i] = (RtbSample) { .index = indices[i], .value_ns = 2000 + 1000 * i };
  g_assert_true (send_samples (&feed, 0, samples, G_N_ELEMENTS (indices), 0));
  /* 5001 numbers, 4 sent: 4997 short gaps, and 999 more after the last one sent. */
  g_assert_true (send_stats (&feed, RTB_FRAME_SUMMARY, 1, 0, 4997 + 999, RTB_END_COMPLETED));

  series = rtb_run_get_series (feed.run, 0);
  rtb_series_get_summary (series, &summary);
  g_assert_cmpuint (summary.count, ==, 6000);
  g_assert_cmpuint (series->history.n_positions, ==, 6000);
  for (gsize b = 0; b < series->history.n_blocks; b++)
    {
      sum += series->history.blocks[b].sum_ns;
      count += series->history.blocks[b].count;
    }
  g_assert_cmpuint (count, ==, 6000);
  g_assert_cmpint (sum, ==, series->histogram.stats.sum_ns);
  g_assert_cmpfloat_with_epsilon (sum / 1000.0 / count, summary.avg_us, 1e-9);
  feed_clear (&feed);
}

/* The periods of the osnoise tracer on the lab's board-rt (tests/data/rtla), as the worker sends
 * them: each period's noise a sample, its other values added up in the CPU's statistics. The
 * run fills rtla osnoise top's totals from exactly those periods, and the summary's figures are
 * theirs: Max Single the longest, the counts by source their sums, % CPU Aval rtla's integer
 * rule over the summed runtime and noise. */
static void
test_run_osnoise_totals (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "rtla",
                                            "osnoise-trace-with-top.txt", NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  RtbStatsFrame frame = { .n_threads = 2, .reason = RTB_END_COMPLETED };
  RtbThreadStats stats[2] = { { .thread = 0 }, { .thread = 1 } };
  RtbOsnoiseTotals want[2] = { { 0 } };
  guint64 n_periods[2] = { 0, 0 };
  Feed feed;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  feed_init (&feed, new_run (RTB_METHOD_OSNOISE, 0));
  g_assert_true (send_started (&feed, RTB_METHOD_OSNOISE, 2, 0, 0));
  for (guint i = 0; lines[i] != NULL; i++)
    {
      RtbOsnoisePeriod p;
      RtbThreadStats *t;
      RtbSample sample;

      if (!rtb_osnoise_parse_period (lines[i], strlen (lines[i]), &p))
        continue;
      g_assert_cmpint (p.cpu, <, 2);
      t = &stats[p.cpu];
      sample = (RtbSample) { .index = n_periods[p.cpu]++, .value_ns = (gint64) p.noise_us * 1000 };
      g_assert_true (send_samples (&feed, (guint) p.cpu, &sample, 1, 0));
      t->min_ns = t->count == 0 ? sample.value_ns : MIN (t->min_ns, sample.value_ns);
      t->max_ns = MAX (t->max_ns, sample.value_ns);
      t->sum_ns += sample.value_ns;
      t->count++;
      t->osnoise_runtime_us += p.runtime_us;
      t->osnoise_max_single_us = MAX (t->osnoise_max_single_us, p.max_single_us);
      for (guint s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
        t->osnoise_counts[s] += p.counts[s];
      rtb_osnoise_totals_add (&want[p.cpu], &p);
    }
  g_assert_cmpuint (n_periods[0], >, 1);
  g_assert_cmpuint (n_periods[1], >, 1);
  g_assert_true (send2 (&feed, RTB_FRAME_SUMMARY, &frame, sizeof frame, stats, sizeof stats));

  for (guint cpu = 0; cpu < 2; cpu++)
    {
      RtbSeries *series = rtb_run_get_series (feed.run, cpu);
      const RtbOsnoiseTotals *got = &series->osnoise;
      RtbSeriesSummary summary;
      guint64 runtime = 0, noise = 0, single = 0, counts[RTB_OSNOISE_N_SOURCES] = { 0 };
      char pct[32], own[32];

      g_assert_true (series->have_osnoise);
      g_assert_cmpmem (got, sizeof *got, &want[cpu], sizeof want[cpu]);
      /* The same sums by hand, from the lines again. */
      for (guint i = 0; lines[i] != NULL; i++)
        {
          RtbOsnoisePeriod p;

          if (!rtb_osnoise_parse_period (lines[i], strlen (lines[i]), &p) || p.cpu != (int) cpu)
            continue;
          runtime += p.runtime_us;
          noise += p.noise_us;
          single = MAX (single, p.max_single_us);
          for (guint s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
            counts[s] += p.counts[s];
        }
      rtb_series_get_summary (series, &summary);
      g_assert_true (summary.osnoise_known);
      g_assert_cmpuint (summary.count, ==, n_periods[cpu]);
      g_assert_cmpuint (got->periods, ==, n_periods[cpu]);
      g_assert_cmpuint (got->runtime_us, ==, runtime);
      g_assert_cmpuint (got->noise_us, ==, noise);
      g_assert_cmpfloat (summary.max_single_us, ==, (double) single);
      g_assert_cmpmem (summary.noise_counts, sizeof summary.noise_counts, counts, sizeof counts);
      /* rtla: ((runtime − noise) × 10⁷) / runtime in integers, printed %d.%05d. */
      g_snprintf (pct, sizeof pct, "%" G_GUINT64_FORMAT ".%05" G_GUINT64_FORMAT,
                  (runtime - noise) * 10000000 / runtime / 100000,
                  (runtime - noise) * 10000000 / runtime % 100000);
      g_snprintf (own, sizeof own, "%.5f", summary.cpu_available_pct);
      g_assert_cmpstr (own, ==, pct);
    }
  feed_clear (&feed);
}

/* Unknown stays unknown: a run without rtla's totals, and an osnoise CPU before its first
 * period ends, have none of osnoise's figures (NAN), not zeros. */
static void
test_run_osnoise_unknown (void)
{
  g_autoptr (RtbRun) latency = test_run_new ("latency", RTB_METHOD_LATENCY, 1, 100);
  g_autoptr (RtbRun) osnoise = test_run_new ("osnoise", RTB_METHOD_OSNOISE, 1, 100);
  RtbSeries *empty = rtb_run_get_series (osnoise, 0);
  RtbSeriesSummary s;

  empty->have_osnoise = TRUE;
  rtb_series_get_summary (rtb_run_get_series (latency, 0), &s);
  g_assert_false (s.osnoise_known);
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    if (rtb_figure_applies (f, RTB_METHOD_OSNOISE) && !rtb_figure_applies (f, RTB_METHOD_LATENCY))
      g_assert_true (isnan (rtb_figure_value (f, &s)));
  rtb_series_get_summary (empty, &s);
  g_assert_false (s.osnoise_known);
  g_assert_true (isnan (s.max_single_us));
  g_assert_true (isnan (s.cpu_available_pct));
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    if (rtb_figure_applies (f, RTB_METHOD_OSNOISE) && !rtb_figure_applies (f, RTB_METHOD_LATENCY))
      g_assert_true (isnan (rtb_figure_value (f, &s)));
}

/* The headlines say what each is of: the worst CPU's max and p99.9 (each its own worst CPU),
 * and the average of every sample of all CPUs, not the average of the CPUs' averages. */
static void
test_run_headlines (void)
{
  g_autoptr (RtbRun) run = test_run_new ("headlines", RTB_METHOD_LATENCY, 3, 1000);
  RtbHeadline h[RTB_N_HEADLINES];

  /* CPU0: 1000 samples of 10 µs and one of 500 µs; CPU1: 10 of 100 µs; CPU2 empty. */
  test_series_fill (rtb_run_get_series (run, 0), 1000, 10000, 0, 1);
  test_series_add (rtb_run_get_series (run, 0), 500000);
  test_series_fill (rtb_run_get_series (run, 1), 10, 100000, 0, 1);
  g_assert_true (rtb_headline_applies (RTB_METHOD_LATENCY));
  g_assert_true (rtb_headline_applies (RTB_METHOD_NOISE));
  g_assert_false (rtb_headline_applies (RTB_METHOD_TIMER));
  rtb_headlines (run, h);
  g_assert_cmpstr (h[RTB_HEADLINE_MAX].of, ==, "worst CPU");
  g_assert_cmpint (h[RTB_HEADLINE_MAX].series, ==, 0);
  g_assert_cmpfloat (h[RTB_HEADLINE_MAX].value_us, ==, 500);
  g_assert_cmpstr (h[RTB_HEADLINE_P999].of, ==, "worst CPU");
  g_assert_cmpint (h[RTB_HEADLINE_P999].series, ==, 1);
  test_assert_percentile (h[RTB_HEADLINE_P999].value_us, 100);
  g_assert_cmpstr (h[RTB_HEADLINE_AVG].of, ==, "all CPUs");
  g_assert_cmpint (h[RTB_HEADLINE_AVG].series, ==, -1);
  g_assert_cmpfloat_with_epsilon (h[RTB_HEADLINE_AVG].value_us,
                                  (1000 * 10 + 500 + 10 * 100) / 1011.0, 1e-9);
  g_assert_cmpstr (h[RTB_HEADLINE_MAX].caption, ==, "Max latency");

  /* A measured noise run's values are every gap between two clock reads. */
  g_clear_object (&run);
  run = test_run_new ("noise", RTB_METHOD_NOISE, 1, 1000);
  rtb_headlines (run, h);
  g_assert_cmpstr (h[RTB_HEADLINE_MAX].caption, ==, "Longest gap");
  g_assert_cmpstr (h[RTB_HEADLINE_P999].caption, ==, "99.9 % gap");
}

static void
test_run_cut_short (void)
{
  RtbSample samples[50];
  gint64 before;
  Feed feed;

  feed_init (&feed, new_run (RTB_METHOD_LATENCY, 0));
  g_assert_true (send_started (&feed, RTB_METHOD_LATENCY, 1, 1000, 1000));
  for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
    samples[i] = (RtbSample) { .index = i, .value_ns = 1000 * i };
  g_assert_true (send_samples (&feed, 0, samples, G_N_ELEMENTS (samples), 0));

  before = g_get_real_time ();
  rtb_run_stream_ended (feed.run);
  g_assert_cmpint (rtb_run_get_state (feed.run), ==, RTB_RUN_STATE_CUT_SHORT);
  g_assert_cmpint (rtb_run_get_end_time (feed.run), >=, before);
  g_assert_cmpint (rtb_run_get_end_reason (feed.run), ==, 0);
  g_assert_cmpuint (rtb_run_get_total_count (feed.run), ==, 50);
  g_assert_cmpuint (feed.n_finished, ==, 1);
  g_assert_cmpuint (feed.changed_at_finish, ==, 1);

  rtb_run_stream_ended (feed.run);
  g_assert_cmpuint (feed.n_finished, ==, 1);

  /* Nothing more may arrive after the end. */
  g_assert_false (send_samples (&feed, 0, samples, 1, 0));
  g_assert_error (feed.error, RTB_RUN_ERROR, RTB_RUN_ERROR_PROTOCOL);
  feed_clear (&feed);
}

static void
test_run_protocol_errors (void)
{
  RtbSample sample = { .index = 0, .value_ns = 1000 };
  Feed feed;

  feed_init (&feed, new_run (RTB_METHOD_LATENCY, 0));
  g_assert_false (send_samples (&feed, 0, &sample, 1, 0));
  g_assert_error (feed.error, RTB_RUN_ERROR, RTB_RUN_ERROR_PROTOCOL);
  g_assert_nonnull (strstr (feed.error->message, "before STARTED"));
  g_assert_false (send_stats (&feed, RTB_FRAME_STATS, 1, 0, 0, 0));
  g_assert_error (feed.error, RTB_RUN_ERROR, RTB_RUN_ERROR_PROTOCOL);
  g_assert_false (send_stats (&feed, RTB_FRAME_SUMMARY, 1, 0, 0, RTB_END_STOPPED));
  g_assert_error (feed.error, RTB_RUN_ERROR, RTB_RUN_ERROR_PROTOCOL);

  g_assert_true (send_started (&feed, RTB_METHOD_LATENCY, 2, 1000, 1000));
  g_assert_false (send_started (&feed, RTB_METHOD_LATENCY, 2, 1000, 1000));
  g_assert_error (feed.error, RTB_RUN_ERROR, RTB_RUN_ERROR_PROTOCOL);
  g_assert_nonnull (strstr (feed.error->message, "second STARTED"));

  g_assert_false (send_samples (&feed, 2, &sample, 1, 0));
  g_assert_error (feed.error, RTB_RUN_ERROR, RTB_RUN_ERROR_PROTOCOL);
  g_assert_false (send_stats (&feed, RTB_FRAME_STATS, 1, 5, 0, 0));
  g_assert_error (feed.error, RTB_RUN_ERROR, RTB_RUN_ERROR_PROTOCOL);
  /* A refused frame changed nothing. */
  g_assert_cmpuint (rtb_run_get_total_count (feed.run), ==, 0);

  g_assert_true (send_samples (&feed, 1, &sample, 1, 0));
  g_assert_true (send_stats (&feed, RTB_FRAME_SUMMARY, 2, 0, 0, RTB_END_STOPPED));
  g_assert_false (send_samples (&feed, 1, &sample, 1, 0));
  g_assert_nonnull (strstr (feed.error->message, "after SUMMARY"));
  g_assert_false (send_stats (&feed, RTB_FRAME_SUMMARY, 2, 0, 0, RTB_END_STOPPED));
  g_assert_cmpuint (feed.n_finished, ==, 1);
  feed_clear (&feed);
}

/* The decoder refuses what the run could not use: the run never sees it and stays as it was. */
static void
test_run_bad_started (void)
{
  RtbStartedFrame started = { .n_threads = 2 };
  RtbThreadInfo threads[2] = { { .thread = 1, .cpu = 0 }, { .thread = 1, .cpu = 1 } };
  RtbSamplesFrame samples = { .thread = 0, .count = 3 };
  RtbCommand command;
  Feed feed;

  rtb_command_defaults (&command, RTB_METHOD_LATENCY, 2);
  rtb_command_to_wire (&command, &started.command);
  feed_init (&feed, new_run (RTB_METHOD_LATENCY, 0));
  g_assert_false (send2 (&feed, RTB_FRAME_STARTED, &started, sizeof started, threads,
                         sizeof threads));
  g_assert_no_error (feed.error);
  g_assert_cmpstr (feed.refused, ==, "STARTED frame threads are not numbered in order");
  g_assert_cmpint (rtb_run_get_state (feed.run), ==, RTB_RUN_STATE_NEW);
  g_assert_cmpuint (rtb_run_get_n_series (feed.run), ==, 0);

  threads[0].thread = 0;
  g_assert_true (send2 (&feed, RTB_FRAME_STARTED, &started, sizeof started, threads,
                        sizeof threads));
  /* A count that the payload does not hold. */
  g_assert_false (send2 (&feed, RTB_FRAME_SAMPLES, &samples, sizeof samples, NULL, 0));
  g_assert_cmpstr (feed.refused, ==, "SAMPLES frame length does not match its sample count");
  g_assert_cmpuint (rtb_run_get_series (feed.run, 0)->histogram.stats.count, ==, 0);
  feed_clear (&feed);
}

static void
test_run_signed_methods (void)
{
  RtbSample samples[4] = {
    { 0, -5500 }, { 1, 2300 }, { 2, -1200000 }, { 3, 700 },
  };
  RtbSeriesSummary summary;
  RtbSeries *series;
  Feed feed;

  /* The servo thread's intervals of 2 ms: one 1.2 ms short lies below the histogram. */
  feed_init (&feed, new_run (RTB_METHOD_JITTER, 0));
  g_assert_true (send_started (&feed, RTB_METHOD_JITTER, 2, 25, 0));
  series = rtb_run_get_series (feed.run, 1);
  g_assert_cmpint (series->histogram.lo_us, ==, -1000);
  g_assert_cmpuint (series->histogram.n_buckets, ==, 2000);
  g_assert_true (send_samples (&feed, 1, samples, 4, 0));
  rtb_series_get_summary (series, &summary);
  g_assert_cmpuint (summary.overflows, ==, 1);
  g_assert_cmpuint (series->histogram.n_below, ==, 1);
  g_assert_cmpfloat (summary.min_us, ==, -1200);
  g_assert_cmpfloat (rtb_series_percentile_us (series, 25), ==, -1200);
  test_assert_percentile (rtb_series_percentile_us (series, 50), -5.5);
  g_assert_cmpfloat (rtb_series_percentile_us (series, 75), ==, 0.7);
  g_assert_cmpfloat (rtb_series_percentile_us (series, 100), ==, 2.3);
  /* Of the magnitudes: 0.7, 2.3, 5.5, 1200. */
  test_assert_percentile (rtb_series_abs_percentile_us (series, 75), 5.5);
  test_assert_percentile (rtb_series_abs_percentile_us (series, 50), 2.3);
  rtb_series_get_summary (series, &summary);
  g_assert_cmpfloat (summary.max_abs_us, ==, 1200);
  g_assert_cmpfloat_with_epsilon (summary.rms_us, sqrt ((5.5 * 5.5 + 2.3 * 2.3 + 1200.0 * 1200 +
                                                        0.7 * 0.7) / 4), 1e-9);
  feed_clear (&feed);

  feed_init (&feed, new_run (RTB_METHOD_TIMER, 0));
  g_assert_true (send_started (&feed, RTB_METHOD_TIMER, 1, 5000, 0));
  series = rtb_run_get_series (feed.run, 0);
  g_assert_cmpint (series->histogram.lo_us, ==, -5000);
  g_assert_cmpuint (series->histogram.n_buckets, ==, 10000);
  feed_clear (&feed);

  feed_init (&feed, new_run (RTB_METHOD_RESPONSE, 0));
  g_assert_true (send_started (&feed, RTB_METHOD_RESPONSE, 1, 0, 0));
  series = rtb_run_get_series (feed.run, 0);
  g_assert_cmpint (series->histogram.lo_us, ==, 0);
  g_assert_cmpuint (series->histogram.n_buckets, ==, 1000000);
  feed_clear (&feed);
}

/* 20 million samples: every structure stays at its fixed size. Checked on the structures, not
 * on RSS, so it cannot flake. */
static void
test_run_bounded_memory (void)
{
  const guint per_frame = RTB_SAMPLES_PER_FRAME;
  const guint64 total = 20000000;
  gsize size = sizeof (RtbFrameHeader) + sizeof (RtbSamplesFrame) + per_frame * sizeof (RtbSample);
  g_autofree guint8 *buf = g_malloc (size);
  g_autofree RtbSample *samples = g_new (RtbSample, per_frame);
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = new_run (RTB_METHOD_LATENCY, 200);
  RtbSeries *series;
  guint64 index = 0;
  guint32 seq = 0;
  Feed feed;

  feed_init (&feed, g_object_ref (run));
  g_assert_true (send_started (&feed, RTB_METHOD_LATENCY, 1, 1000, 200));
  series = rtb_run_get_series (run, 0);

  while (index < total)
    {
      guint n = (guint) MIN (per_frame, total - index);
      RtbSamplesFrame frame = { .thread = 0, .count = n };
      RtbFrame decoded = { 0 };
      gsize len;

      for (guint i = 0; i < n; i++, index++)
        {
          /* Mostly 2–50 µs, one overflow in every 10007 samples. */
          samples[i].index = index;
          samples[i].value_ns = (index % 10007 == 0) ? 300000 + (gint64) (index % 977)
                                                     : 2000 + (gint64) ((index * 7919) % 48000);
        }
      len = rtb_frame_encode2 (buf, size, RTB_FRAME_SAMPLES, seq++, &frame, sizeof frame,
                               samples, n * sizeof *samples);
      g_assert_cmpuint (len, >, 0);
      decoded.header = (const RtbFrameHeader *) buf;
      decoded.payload = buf + sizeof (RtbFrameHeader);
      decoded.payload_len = len - sizeof (RtbFrameHeader);
      g_assert_true (rtb_run_handle_frame (run, &decoded, &error));
      g_assert_no_error (error);
    }

  g_assert_cmpuint (series->histogram.stats.count, ==, total);
  g_assert_cmpuint (histogram_total (&series->histogram), ==, total);
  g_assert_cmpuint (series->histogram.n_above, ==, (total + 10006) / 10007);
  g_assert_cmpuint (series->histogram.n_buckets, ==, 200);
  g_assert_cmpuint (series->history.n_positions, ==, total);
  g_assert_cmpuint (series->history.capacity, ==, RTB_HISTORY_DEFAULT_CAPACITY);
  g_assert_cmpuint (series->history.n_blocks, <=, series->history.capacity);
  g_assert_cmpuint (series->history.block_size, >=, total / series->history.capacity);
  g_assert_cmpuint (series->gaps, ==, 0);
  /* The whole series: histogram, history and percentiles, well under 1 MB (2–50 µs and
   * 300 µs: chunks 1–6 and 9 of the percentiles' histogram). */
  g_assert_cmpuint (rtb_log_histogram_memory (&series->values), ==,
                    7 * RTB_LOG_HISTOGRAM_CHUNK_BYTES);
  g_assert_cmpuint (series->histogram.n_buckets * sizeof (guint64) +
                    series->history.capacity * sizeof (RtbHistoryBlock) +
                    rtb_log_histogram_memory (&series->values), <, 1 << 20);
  g_assert_cmpfloat (rtb_series_percentile_us (series, 100), ==,
                    series->histogram.stats.max_ns / 1000.0);
  g_assert_cmpfloat (rtb_series_percentile_us (series, 100), >=, 300);
  feed_clear (&feed);
}

static void
test_run_summary_json (void)
{
  g_autoptr (JsonNode) node = NULL;
  RtbSample samples[10];
  JsonObject *object, *series;
  RtbSystemInfo *info = g_new0 (RtbSystemInfo, 1);
  Feed feed;

  feed_init (&feed, new_run (RTB_METHOD_LATENCY, 0));
  rtb_run_set_label (feed.run, "rpi4 rt");
  info->hostname = g_strdup ("pi");
  info->kernel_release = g_strdup ("6.6.0-rt");
  info->machine = g_strdup ("aarch64");
  info->preempt_rt = TRUE;
  rtb_run_set_system (feed.run, info);
  g_assert_true (send_started (&feed, RTB_METHOD_LATENCY, 2, 1000, 1000));
  for (guint i = 0; i < 10; i++)
    samples[i] = (RtbSample) { .index = i, .value_ns = 1000 * (i + 1) };
  g_assert_true (send_samples (&feed, 0, samples, 10, 0));

  node = rtb_run_summary_to_json (feed.run);
  object = json_node_get_object (node);
  g_assert_cmpstr (json_object_get_string_member (object, "label"), ==, "rpi4 rt");
  g_assert_cmpstr (json_object_get_string_member (object, "test"), ==, "latency");
  g_assert_true (json_object_get_null_member (object, "file"));
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (object, "system"),
                                                  "hostname"), ==, "pi");
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (object, "system"),
                                                 "preempt_rt"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "series")), ==, 2);
  series = json_array_get_object_element (json_object_get_array_member (object, "series"), 0);
  g_assert_cmpstr (json_object_get_string_member (series, "name"), ==, "CPU0");
  g_assert_cmpint (json_object_get_int_member (series, "cpu"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (series, "count"), ==, 10);
  g_assert_cmpfloat (json_object_get_double_member (series, "min_us"), ==, 1);
  g_assert_cmpfloat (json_object_get_double_member (series, "avg_us"), ==, 5.5);
  g_assert_cmpfloat (json_object_get_double_member (series, "max_us"), ==, 10);
  test_assert_percentile (json_object_get_double_member (series, "p50_us"), 5);
  test_assert_percentile (json_object_get_double_member (series, "p95_us"), 10);
  g_assert_cmpfloat (json_object_get_double_member (series, "p99_us"), ==, 10);
  g_assert_cmpfloat (json_object_get_double_member (series, "p999_us"), ==, 10);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (series, "stddev_us"),
                                  sqrt (8.25), 1e-9);
  /* √(mean² + variance) = √(Σ v² / n) = √38.5 */
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (series, "rms_us"), sqrt (38.5),
                                  1e-9);
  g_assert_cmpfloat (json_object_get_double_member (series, "max_abs_us"), ==, 10);
  g_assert_cmpint (json_object_get_int_member (series, "resolution_ns"), ==, 1);
  g_assert_false (json_object_get_boolean_member (series, "stddev_partial"));
  g_assert_cmpint (json_object_get_int_member (series, "overflows"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (series, "dropped"), ==, 0);

  /* An empty series has no values to show: null, never NaN (which JSON cannot carry). */
  series = json_array_get_object_element (json_object_get_array_member (object, "series"), 1);
  g_assert_cmpint (json_object_get_int_member (series, "count"), ==, 0);
  g_assert_true (json_object_get_null_member (series, "min_us"));
  g_assert_true (json_object_get_null_member (series, "p99_us"));
  feed_clear (&feed);
}

/* cyclictest's figures from the same samples: each truncated to whole µs; min, max, the average
 * of the truncated samples (truncated again as its text prints it), percentiles from the 1 µs
 * buckets; and the cycle number of each overflow, at most one per bucket, then "others". */
static void
test_run_cyclictest_figures (void)
{
  RtbSample samples[40];
  RtbSeriesSummary ct, exact;
  RtbSeries *series;
  gint64 sum_truncated = 0, sum_exact = 0;
  guint n = G_N_ELEMENTS (samples);
  Feed feed;

  feed_init (&feed, new_run (RTB_METHOD_LATENCY, 10));
  g_assert_true (send_started (&feed, RTB_METHOD_LATENCY, 1, 1000, 10));
  for (guint i = 0; i < n; i++)
    {
      /* 2.9 µs, 3.9 µs… and every fourth an overflow of 10.9 µs or more */
      gint64 v = 2900 + (gint64) (i % 7) * 1000 + (i % 4 == 3 ? 8000 + i * 100 : 0);

      samples[i] = (RtbSample) { .index = i, .value_ns = v };
      sum_truncated += v / 1000;
      sum_exact += v;
    }
  g_assert_true (send_samples (&feed, 0, samples, n, 0));
  series = rtb_run_get_series (feed.run, 0);
  rtb_series_get_summary (series, &exact);
  rtb_series_get_cyclictest_summary (series, TRUE, &ct);

  g_assert_cmpuint (ct.count, ==, n);
  g_assert_cmpfloat (ct.min_us, ==, 2);
  g_assert_cmpfloat (exact.min_us, ==, 2.9);
  g_assert_cmpfloat (ct.avg_us, ==, (double) (sum_truncated / n));
  g_assert_cmpfloat_with_epsilon (exact.avg_us, sum_exact / 1000.0 / n, 1e-9);
  g_assert_cmpfloat (ct.avg_us, <, exact.avg_us - 0.5);
  rtb_series_get_cyclictest_summary (series, FALSE, &ct);
  g_assert_cmpfloat_with_epsilon (ct.avg_us, (double) sum_truncated / n, 1e-9);
  g_assert_cmpuint (ct.resolution_ns, ==, 1000);
  /* The samples truncated and sorted: rank 20 of 40 is the median. */
  {
    gint64 truncated[G_N_ELEMENTS (samples)];

    for (guint i = 0; i < n; i++)
      truncated[i] = samples[i].value_ns / 1000;
    for (guint i = 0; i < n; i++)
      for (guint j = i + 1; j < n; j++)
        if (truncated[j] < truncated[i])
          {
            gint64 t = truncated[i];
            truncated[i] = truncated[j];
            truncated[j] = t;
          }
    g_assert_cmpfloat (ct.p50_us, ==, (double) truncated[19]);
    g_assert_cmpfloat (ct.p95_us, ==, (double) truncated[37]);
    g_assert_cmpfloat (ct.max_us, ==, (double) truncated[n - 1]);
  }

  /* 10 overflows, at cycles 3, 7, 11 …; the log holds 10 (the histogram's size). */
  g_assert_cmpuint (exact.overflows, ==, 10);
  g_assert_cmpuint (series->n_overflow_cycles, ==, 10);
  g_assert_cmpuint (series->overflow_cycles[0], ==, 3);
  g_assert_cmpuint (series->overflow_cycles[9], ==, 39);
  g_assert_cmpuint (rtb_series_overflow_cycles_others (series), ==, 0);
  for (guint i = 0; i < n; i++)
    samples[i] = (RtbSample) { .index = n + i, .value_ns = 50000 };
  g_assert_true (send_samples (&feed, 0, samples, 5, 0));
  g_assert_cmpuint (series->n_overflow_cycles, ==, 10);
  g_assert_cmpuint (rtb_series_overflow_cycles_others (series), ==, 5);
  feed_clear (&feed);
}

static void
count_notify (guint *counter)
{
  (*counter)++;
}

typedef struct {
  guint n;
  guint64 minute[4];
  guint64 count[4];
  gint64 max_ns[4];
  RtbRunState state[4];
} Ticks;

static void
on_minute (RtbRun *run, guint64 minute, Ticks *ticks)
{
  RtbSeries *series = rtb_run_get_series (run, 0);

  g_assert_cmpuint (ticks->n, <, G_N_ELEMENTS (ticks->minute));
  ticks->minute[ticks->n] = minute;
  ticks->count[ticks->n] = series->minute_count;
  ticks->max_ns[ticks->n] = series->minute_max_ns;
  ticks->state[ticks->n++] = rtb_run_get_state (run);
}

static void
send_at (Feed *feed, RtbFrameType type, guint seconds, guint64 index, gint64 value_ns)
{
  RtbStatsFrame frame = { .n_threads = 1, .reason = type == RTB_FRAME_SUMMARY
                                                    ? RTB_END_COMPLETED : 0,
                          .elapsed_ns = seconds * G_GUINT64_CONSTANT (1000000000) };
  RtbThreadStats stats = { .thread = 0 };
  RtbSample sample = { .index = index, .value_ns = value_ns };

  if (value_ns > 0)
    g_assert_true (send_samples (feed, 0, &sample, 1, 0));
  g_assert_true (send2 (feed, type, &frame, sizeof frame, &stats, sizeof stats));
}

/* The run's clock is the worker's elapsed time: a tick per minute it passes (one for several
 * passed at once), each series' max of the samples since the last tick, and the SUMMARY's
 * minute after the run finished. */
static void
test_run_minutes (void)
{
  Feed feed;
  Ticks ticks = { 0 };

  feed_init (&feed, new_run (RTB_METHOD_LATENCY, 1000));
  g_signal_connect (feed.run, "minute", G_CALLBACK (on_minute), &ticks);
  g_assert_true (send_started (&feed, RTB_METHOD_LATENCY, 1, 1000, 1000));
  send_at (&feed, RTB_FRAME_STATS, 59, 0, 10000);
  g_assert_cmpuint (ticks.n, ==, 0);
  send_at (&feed, RTB_FRAME_STATS, 60, 1, 30000);
  send_at (&feed, RTB_FRAME_STATS, 185, 2, 20000);
  send_at (&feed, RTB_FRAME_STATS, 200, 3, 5000);
  send_at (&feed, RTB_FRAME_SUMMARY, 240, 0, 0);

  g_assert_cmpuint (ticks.n, ==, 3);
  g_assert_cmpuint (ticks.minute[0], ==, 1);
  g_assert_cmpuint (ticks.count[0], ==, 2);
  g_assert_cmpint (ticks.max_ns[0], ==, 30000);
  g_assert_cmpint (ticks.state[0], ==, RTB_RUN_STATE_RUNNING);
  g_assert_cmpuint (ticks.minute[1], ==, 3);
  g_assert_cmpuint (ticks.count[1], ==, 1);
  g_assert_cmpint (ticks.max_ns[1], ==, 20000);
  g_assert_cmpuint (ticks.minute[2], ==, 4);
  g_assert_cmpuint (ticks.count[2], ==, 1);
  g_assert_cmpint (ticks.max_ns[2], ==, 5000);
  g_assert_cmpint (ticks.state[2], ==, RTB_RUN_STATE_FINISHED);
  feed_clear (&feed);
}

static void
test_run_properties (void)
{
  g_autoptr (RtbRun) run = new_run (RTB_METHOD_LATENCY, 0);
  g_autofree char *label = NULL;
  guint notified = 0;

  g_signal_connect_swapped (run, "notify::label", G_CALLBACK (count_notify), &notified);
  rtb_run_set_label (run, "one");
  rtb_run_set_label (run, "one");
  g_assert_cmpuint (notified, ==, 1);
  g_object_get (run, "label", &label, NULL);
  g_assert_cmpstr (label, ==, "one");
  g_assert_cmpstr (rtb_run_get_load (run), ==, "none");
  g_assert_cmpstr (rtb_run_get_source (run), ==, "measured");
  g_assert_null (rtb_run_get_file (run));
  g_assert_null (rtb_run_get_worker (run));
  g_assert_true (isnan (rtb_run_get_worst_us (run)));

  /* Loaders and importers add series themselves, with the method's histogram. */
  g_assert_cmpuint (rtb_run_add_series (run, "CPU3", 3)->histogram.n_buckets, ==,
                    rtb_run_get_command (run)->latency.histogram_us);
}

static char *
label_of (const char *command, const char *load, const char *host)
{
  RtbCommandError error;
  RtbCommand cmd;

  g_assert_true (rtb_command_parse (command, false, 4, &cmd, &error));
  return rtb_label_default (&cmd, load, host);
}

/* Runs without a label of the user's are told apart by what sets them apart. */
static void
test_default_label (void)
{
  static const struct {
    const char *command;
    const char *load;
    const char *host;
    const char *label;
  } cases[] = {
    { "latency", "none", "vm", "latency, vm" },
    { "latency", "full", "vm", "latency, full load, vm" },
    { "latency interval_us=100 cpus=0-1", "cpu", "vm", "latency 100 µs, CPUs 0-1, CPU load, vm" },
    { "latency cpus=2 policy=other priority=0", NULL, "board", "latency, CPU 2, normal policy, board" },
    { "jitter base_us=50 servo_us=2000", "none", "pi", "jitter 50/2000 µs, pi" },
    { "timer period_us=1000 policy=fifo priority=50", "none", "pi", "timer 1000 µs, priority 50, pi" },
    { "response size=64 policy=rr priority=10", NULL, NULL, "response 64×64, round robin 10" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *label = label_of (cases[i].command, cases[i].load, cases[i].host);

      g_assert_cmpstr (label, ==, cases[i].label);
    }
}

/* What each method's worker can send: the values either side of each bound, thread by thread
 * (jitter's least is its thread's period below 0: the base's 25 µs, the servo's 1000 µs). */
static void
test_run_sample_bounds (void)
{
  static const struct {
    RtbMethod method;
    guint thread;
    gint64 least_ns; /* the least value it can send */
    gboolean whole_us;
  } bounds[] = {
    { RTB_METHOD_LATENCY, 0, 0, FALSE },
    { RTB_METHOD_JITTER, 0, -25000, FALSE },
    { RTB_METHOD_JITTER, 1, -1000000, FALSE },
    { RTB_METHOD_TIMER, 0, 0, FALSE },
    { RTB_METHOD_RESPONSE, 0, 0, FALSE },
    { RTB_METHOD_NOISE, 0, 1000, TRUE },
    { RTB_METHOD_TIMERLAT, 1, 0, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bounds); i++)
    {
      RtbCommand cmd;
      const char *why;

      rtb_command_defaults (&cmd, bounds[i].method, 2);
      why = rtb_sample_impossible (&cmd, bounds[i].thread, bounds[i].least_ns - 1);
      g_test_message ("%s: %s", rtb_method_to_string (bounds[i].method), why);
      g_assert_nonnull (why);
      g_assert_null (rtb_sample_impossible (&cmd, bounds[i].thread,
                                            bounds[i].least_ns + (bounds[i].whole_us ? 0 : 1)));
      g_assert_null (rtb_sample_impossible (&cmd, bounds[i].thread, 5000));
      g_assert_true ((rtb_sample_impossible (&cmd, bounds[i].thread, 5500) != NULL) ==
                     bounds[i].whole_us);
    }
}

/* The detector's windows of a run: round-robin's visit one CPU each, per-cpu's every CPU. */
static void
test_hwlat_windows (void)
{
  RtbCommand cmd;
  RtbCommandError error;

  g_assert_true (rtb_command_parse ("hwlat cpus=0-1 width_us=100000 window_us=200000 "
                                    "duration=10s", false, 2, &cmd, &error));
  g_assert_cmpuint (rtb_hwlat_windows (&cmd, 10 * G_GUINT64_CONSTANT (1000000000)), ==, 50);
  /* The worker's clock past the run's end counts no window more. */
  g_assert_cmpuint (rtb_hwlat_windows (&cmd, 11 * G_GUINT64_CONSTANT (1000000000)), ==, 50);
  g_assert_true (rtb_command_parse ("hwlat cpus=0-1 width_us=100000 window_us=200000 "
                                    "mode=per-cpu duration=10s", false, 2, &cmd, &error));
  g_assert_cmpuint (rtb_hwlat_windows (&cmd, 10 * G_GUINT64_CONSTANT (1000000000)), ==, 100);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/run/latency", test_run_latency);
  g_test_add_func ("/run/hwlat-windows", test_hwlat_windows);
  g_test_add_func ("/run/gaps", test_run_gaps);
  g_test_add_func ("/run/trailing-skips", test_run_trailing_skips);
  g_test_add_func ("/run/noise-history", test_run_noise_history);
  g_test_add_func ("/run/headlines", test_run_headlines);
  g_test_add_func ("/run/cut-short", test_run_cut_short);
  g_test_add_func ("/run/minutes", test_run_minutes);
  g_test_add_func ("/run/protocol-errors", test_run_protocol_errors);
  g_test_add_func ("/run/bad-started", test_run_bad_started);
  g_test_add_func ("/run/signed-methods", test_run_signed_methods);
  g_test_add_func ("/run/sample-bounds", test_run_sample_bounds);
  g_test_add_func ("/run/bounded-memory", test_run_bounded_memory);
  g_test_add_func ("/run/summary-json", test_run_summary_json);
  g_test_add_func ("/run/cyclictest-figures", test_run_cyclictest_figures);
  g_test_add_func ("/run/properties", test_run_properties);
  g_test_add_func ("/run/default-label", test_default_label);
  g_test_add_func ("/run/osnoise-totals", test_run_osnoise_totals);
  g_test_add_func ("/run/osnoise-unknown", test_run_osnoise_unknown);

  return g_test_run ();
}
