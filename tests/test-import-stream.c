/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Importing a recorded rtbench-worker stream: whole, cut anywhere, of every protocol version,
 * and recorded live from the real worker. */
#include "config.h"

#include <string.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

#include "rtb-import.h"

#include "import-test-util.h"

static void
check_stream (const guint8 *data, gsize len, gboolean complete)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) notes = NULL;
  g_autoptr (RtbRun) run = rtb_import_data (data, len, "worker.stream", NULL, &notes, &error);

  g_assert_no_error (error);
  import_test_check_consistent (run);
  g_assert_cmpint (rtb_run_get_method (run), ==, RTB_METHOD_LATENCY);
  g_assert_cmpuint (rtb_run_get_n_series (run), ==, 1);
  if (complete)
    {
      RtbSeries *series = rtb_run_get_series (run, 0);
      RtbSeriesSummary summary;

      g_assert_cmpint (rtb_run_get_state (run), ==, RTB_RUN_STATE_FINISHED);
      g_assert_true (series->have_worker_stats);
      rtb_series_get_summary (series, &summary);
      g_assert_cmpuint (summary.count + series->dropped, ==, series->worker_stats.count);
      if (series->dropped == 0)
        {
          g_assert_cmpint (series->histogram.stats.min_ns, ==, series->worker_stats.min_ns);
          g_assert_cmpint (series->histogram.stats.max_ns, ==, series->worker_stats.max_ns);
          g_assert_cmpint (series->histogram.stats.sum_ns, ==, series->worker_stats.sum_ns);
        }
    }
  else
    {
      g_assert_cmpint (rtb_run_get_state (run), ==, RTB_RUN_STATE_CUT_SHORT);
      g_assert_nonnull (notes[0]);
    }
}

static void
check_stream_and_cuts (GBytes *bytes)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);

  g_assert_cmpint (rtb_import_detect (data, len), ==, RTB_IMPORT_FORMAT_STREAM);
  check_stream (data, len, TRUE);
  /* Cut inside the SUMMARY frame, and in the middle of the samples. */
  check_stream (data, len - 10, FALSE);
  check_stream (data, len / 2, FALSE);
}

static void
test_stream_fixture (void)
{
  g_autofree char *path = import_test_data_path ("worker-latency-1s.stream");
  g_autofree char *contents = NULL;
  g_autoptr (GBytes) bytes = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  bytes = g_bytes_new (contents, len);
  check_stream_and_cuts (bytes);

  /* Recorded with protocol 1, before SYSTEM: the machine is what HELLO says, no more. */
  {
    g_autoptr (RtbRun) run = rtb_import_data ((const guint8 *) contents, len, "old.stream", NULL,
                                              NULL, NULL);
    const RtbSystemInfo *system = rtb_run_get_system (run);

    g_assert_cmpuint (rtb_run_get_worker (run)->protocol_version, ==, 1);
    g_assert_null (system->hostname);
    g_assert_null (system->kernel_release);
    g_assert_cmpstr (system->machine, ==, "x86_64");
  }
}

/* Recordings of protocol 2 (before STARTED carried the command as fields), one per method, as
 * rtbench-worker 0.1.0 wrote them (their SYSTEM frame then replaced by a made-up machine): the
 * command comes back whole from the frame's fields and its command line. */
static void
test_stream_v2_fixtures (void)
{
  static const struct {
    const char *file;
    const char *line;
    guint n_series;
  } fixtures[] = {
    /* Workers before protocol 4 set every thread's timer slack to 1 ns. */
    { "worker-latency-v2.stream", "start latency cpus=0-1 policy=other priority=0 "
      "interval_us=500 histogram_us=200 duration=1s timer_slack_ns=1", 2 },
    { "worker-jitter-v2.stream", "start jitter cpu=1 policy=other priority=0 base_us=500 "
      "servo_us=2000 duration=1s timer_slack_ns=1", 2 },
    { "worker-timer-v2.stream", "start timer cpu=0 policy=other priority=0 period_us=1000 "
      "spin_us=10 duration=1s timer_slack_ns=1", 1 },
    { "worker-response-v2.stream", "start response cpu=1 policy=other priority=0 size=8 "
      "instances=20 gap_us=100 timer_slack_ns=1", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      g_autofree char *path = import_test_data_path (fixtures[i].file);
      g_autoptr (GError) error = NULL;
      g_autoptr (RtbRun) run = rtb_import_file (path, NULL, NULL, &error);
      RtbCommand expected;
      const RtbCommand *command;

      g_assert_no_error (error);
      import_test_check_consistent (run);
      g_assert_cmpuint (rtb_run_get_worker (run)->protocol_version, ==, 2);
      g_assert_cmpstr (rtb_run_get_system (run)->hostname, ==, "fixture");
      g_assert_cmpint (rtb_run_get_state (run), ==, RTB_RUN_STATE_FINISHED);
      g_assert_cmpuint (rtb_run_get_n_series (run), ==, fixtures[i].n_series);
      g_assert_cmpstr (rtb_run_get_worker_command (run), ==, fixtures[i].line);
      g_assert_true (rtb_command_parse (fixtures[i].line, TRUE, 2, &expected, NULL));
      command = rtb_run_get_command (run);
      g_assert_cmpint (command->method, ==, expected.method);
      g_assert_cmpint (command->policy, ==, expected.policy);
      g_assert_cmpint (command->priority, ==, expected.priority);
      g_assert_cmpmem (command->cpus, sizeof command->cpus, expected.cpus, sizeof expected.cpus);
      g_assert_cmpuint (command->duration_ns, ==, expected.duration_ns);
      g_assert_cmpmem (&command->latency, sizeof command->latency, &expected.latency,
                       sizeof expected.latency);
      g_assert_cmpmem (&command->jitter, sizeof command->jitter, &expected.jitter,
                       sizeof expected.jitter);
      g_assert_cmpmem (&command->timer, sizeof command->timer, &expected.timer,
                       sizeof expected.timer);
      g_assert_cmpmem (&command->response, sizeof command->response, &expected.response,
                       sizeof expected.response);
      for (guint t = 0; t < fixtures[i].n_series; t++)
        {
          RtbSeries *series = rtb_run_get_series (run, t);

          g_assert_true (series->have_worker_stats);
          g_assert_cmpuint (series->histogram.stats.count + series->dropped, ==,
                            series->worker_stats.count);
        }
    }
}

static void
test_stream_live (void)
{
  const char *worker = g_getenv ("RTBENCH_WORKER");
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GBytes) out = NULL;
  g_autoptr (GError) error = NULL;

  if (worker == NULL || !g_file_test (worker, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("RTBENCH_WORKER is not set to a worker binary");
      return;
    }
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                              &error, worker, "latency", "cpus=0", "policy=other", "priority=0",
                              "duration=1s", NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate (process, NULL, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
  check_stream_and_cuts (out);

  /* The recording carries its machine (SYSTEM) and the command the worker ran. */
  {
    g_autoptr (RtbRun) run = rtb_import_data (g_bytes_get_data (out, NULL), g_bytes_get_size (out),
                                              "board.stream", NULL, NULL, &error);
    g_autoptr (RtbSystemInfo) here = rtb_system_info_collect ();
    const RtbSystemInfo *system = rtb_run_get_system (run);
    const RtbCommand *command = rtb_run_get_command (run);

    g_assert_no_error (error);
    g_assert_cmpstr (system->hostname, ==, here->hostname);
    g_assert_cmpstr (system->kernel_release, ==, here->kernel_release);
    g_assert_cmpstr (system->cmdline, ==, here->cmdline);
    g_assert_cmpint (system->n_cpus, ==, here->n_cpus);
    g_assert_cmpint (command->policy, ==, RTB_POLICY_OTHER);
    g_assert_cmpint (command->priority, ==, 0);
    g_assert_false (command->cpus_all);
    g_assert_true (rtb_cpu_isset (command->cpus, 0));
    g_assert_cmpint (rtb_cpu_count (command->cpus, RTB_MAX_CPUS), ==, 1);
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/import/stream/fixture", test_stream_fixture);
  g_test_add_func ("/import/stream/v2-fixtures", test_stream_v2_fixtures);
  g_test_add_func ("/import/stream/live", test_stream_live);
  return g_test_run ();
}
