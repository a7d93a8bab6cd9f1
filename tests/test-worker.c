/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Runs the real rtbench-worker ($RTBENCH_WORKER) and checks its frame stream: structure, sample
 * counts and the stop contract. No latency value is judged: this may run on a noisy VM.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>
#include <grp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rtb-command.h"
#include "rtb-methods.h"
#include "rtb-protocol.h"
#include "worker-harness.h"

#define MAX_EXPECT 64

typedef struct {
  guint n_threads;
  double expected[MAX_EXPECT]; /* per thread: periods in the run (count + skipped near it) */
  RtbPolicy policy;
  int priority[MAX_EXPECT];
} Expect;

/* The structure and the counts of a whole run. */
static void
check_run (Stream *s, RtbMethod method, const Expect *expect, RtbEndReason reason)
{
  const RtbStartedFrame *started = stream_started (s);
  const RtbThreadInfo *infos = rtb_started_threads (started);
  const RtbStatsFrame *summary = stream_summary (s);
  const RtbThreadStats *stats = rtb_stats_threads (summary);
  guint n = s->types->len;

  g_assert_cmpint (s->exit_status, ==, 0);
  g_assert_cmpuint (n, >=, 4);
  g_assert_cmpint (g_array_index (s->types, guint16, 0), ==, RTB_FRAME_HELLO);
  g_assert_cmpint (g_array_index (s->types, guint16, 1), ==, RTB_FRAME_SYSTEM);
  g_assert_cmpint (g_array_index (s->types, guint16, 2), ==, RTB_FRAME_STARTED);
  g_assert_cmpint (g_array_index (s->types, guint16, n - 1), ==, RTB_FRAME_SUMMARY);
  for (guint i = 3; i < n - 1; i++)
    {
      guint16 type = g_array_index (s->types, guint16, i);
      g_assert_true (type == RTB_FRAME_SAMPLES || type == RTB_FRAME_STATS ||
                     type == RTB_FRAME_COUNTERS);
    }
  g_assert_true (stream_has (s, RTB_FRAME_SAMPLES));
  /* The interrupt counts at the end, once, just before SUMMARY. */
  g_assert_cmpint (g_array_index (s->types, guint16, n - 2), ==, RTB_FRAME_COUNTERS);
  g_assert_cmpuint (s->n_counters, ==, 1);

  g_assert_cmpuint (s->hello.protocol_version, ==, RTB_PROTOCOL_VERSION);
  g_assert_cmpuint (s->hello.pid, >, 0);
  g_assert_cmpstr (s->hello.worker_version, ==, PACKAGE_VERSION);

  g_assert_cmpint (s->command.method, ==, method);
  g_assert_cmpint (s->command.policy, ==, expect->policy);
  g_assert_cmpint (s->command.priority, ==, expect->priority[0]);
  g_assert_cmpuint (started->n_threads, ==, expect->n_threads);
  g_assert_cmpuint (summary->n_threads, ==, expect->n_threads);
  g_assert_cmpint (summary->reason, ==, reason);
  g_assert_cmpuint (started->start_realtime_ns, >, 0);

  for (guint t = 0; t < expect->n_threads; t++)
    {
      GArray *samples = t < s->samples->len ? g_ptr_array_index (s->samples, t) : NULL;
      guint64 dropped = t < s->dropped_total->len
                          ? g_array_index (s->dropped_total, guint64, t) : 0;
      guint received = samples != NULL ? samples->len : 0;
      gint64 min = G_MAXINT64, max = G_MININT64;
      guint64 off_cpu = 0;

      g_assert_cmpuint (infos[t].thread, ==, t);
      g_assert_cmpint (infos[t].policy, ==, expect->policy);
      g_assert_cmpint (infos[t].priority, ==, expect->priority[t]);
      g_assert_cmpuint (stats[t].thread, ==, t);

      for (guint i = 0; i < received; i++)
        {
          const RtbSample *x = &g_array_index (samples, RtbSample, i);
          /* The top bits are flags (a response instance kept off its CPU), not the index. */
          if (i > 0)
            g_assert_cmpuint (x->index & ~RTB_SAMPLE_FLAGS, >,
                              g_array_index (samples, RtbSample, i - 1).index & ~RTB_SAMPLE_FLAGS);
          off_cpu += (x->index & RTB_SAMPLE_OFF_CPU) != 0;
          min = MIN (min, x->value_ns);
          max = MAX (max, x->value_ns);
        }

      g_test_message ("%s: %u received, %" G_GUINT64_FORMAT " dropped, %" G_GUINT64_FORMAT
                      " skipped, expected about %.0f, min %" G_GINT64_FORMAT " max %"
                      G_GINT64_FORMAT " ns", infos[t].name, received, stats[t].dropped,
                      stats[t].skipped, expect->expected[t], min, max);
      g_assert_cmpuint (stats[t].count, ==, received + stats[t].dropped);
      g_assert_cmpuint (stats[t].off_cpu, ==, off_cpu);
      g_assert_cmpuint (stats[t].dropped, ==, dropped);
      if (received > 0)
        {
          g_assert_cmpint (stats[t].min_ns, ==, min);
          g_assert_cmpint (stats[t].max_ns, ==, max);
        }
      double periods = (double) (stats[t].count + stats[t].skipped);
      g_assert_cmpfloat (periods, >=, expect->expected[t] * 0.9 - 2);
      g_assert_cmpfloat (periods, <=, expect->expected[t] * 1.1 + 2);
    }
}

static void
check_latency (const char *policy_args, RtbPolicy policy, int priority)
{
  const guint intervals[] = { 1000, 500 };
  long n_cpus = sysconf (_SC_NPROCESSORS_ONLN);

  g_assert_cmpint (n_cpus, <=, MAX_EXPECT);
  for (gsize i = 0; i < G_N_ELEMENTS (intervals); i++)
    {
      g_autofree char *command = g_strdup_printf ("latency cpus=all interval_us=%u duration=1s %s",
                                                  intervals[i], policy_args);
      g_autoptr (Stream) s = run_args (command, FALSE);
      Expect expect = { .n_threads = (guint) n_cpus, .policy = policy };

      for (guint t = 0; t < expect.n_threads; t++)
        {
          expect.expected[t] = 1e6 / intervals[i];
          expect.priority[t] = priority;
        }
      check_run (s, RTB_METHOD_LATENCY, &expect, RTB_END_COMPLETED);
      const RtbThreadInfo *infos = rtb_started_threads (stream_started (s));
      for (guint t = 0; t < expect.n_threads; t++)
        {
          g_autofree char *name = g_strdup_printf ("CPU%u", t);
          g_assert_cmpstr (infos[t].name, ==, name);
          g_assert_cmpint (infos[t].cpu, ==, (int) t);
        }
      g_assert_cmpuint (s->command.latency.interval_us, ==, intervals[i]);
      g_assert_cmpuint (s->command.duration_ns, ==, G_USEC_PER_SEC * 1000);
    }
}

static void
check_jitter (const char *policy_args, RtbPolicy policy, int priority)
{
  g_autofree char *command = g_strdup_printf ("jitter cpu=0 duration=1s %s", policy_args);
  g_autoptr (Stream) s = run_args (command, FALSE);
  /* The first interval of each thread is discarded. */
  Expect expect = {
    .n_threads = 2, .policy = policy,
    .expected = { 1e6 / 25 - 1, 1e6 / 1000 - 1 },
    .priority = { priority, priority > 1 ? priority - 1 : priority },
  };

  check_run (s, RTB_METHOD_JITTER, &expect, RTB_END_COMPLETED);
  const RtbThreadInfo *infos = rtb_started_threads (stream_started (s));
  g_assert_cmpstr (infos[0].name, ==, "base");
  g_assert_cmpstr (infos[1].name, ==, "servo");
  g_assert_cmpint (infos[0].cpu, ==, 0);
  g_assert_cmpint (infos[1].cpu, ==, 0);
}

static void
check_timer (const char *policy_args, RtbPolicy policy, int priority)
{
  g_autofree char *command = g_strdup_printf ("timer period_us=5000 duration=1s %s", policy_args);
  g_autoptr (Stream) s = run_args (command, FALSE);
  Expect expect = { .n_threads = 1, .policy = policy, .expected = { 1e6 / 5000 - 1 },
                    .priority = { priority } };

  check_run (s, RTB_METHOD_TIMER, &expect, RTB_END_COMPLETED);
  g_assert_cmpstr (rtb_started_threads (stream_started (s))[0].name, ==, "timer");
  /* Tick 0 is the warm-up. */
  GArray *samples = g_ptr_array_index (s->samples, 0);
  g_assert_cmpuint (g_array_index (samples, RtbSample, 0).index & ~RTB_SAMPLE_FLAGS, ==, 1);
}

static void
check_response (const char *policy_args, RtbPolicy policy, int priority)
{
  g_autofree char *command = g_strdup_printf ("response size=16 instances=50 gap_us=100 %s",
                                              policy_args);
  g_autoptr (Stream) s = run_args (command, FALSE);
  Expect expect = { .n_threads = 1, .policy = policy, .expected = { 50 },
                    .priority = { priority } };

  check_run (s, RTB_METHOD_RESPONSE, &expect, RTB_END_COMPLETED);
  const RtbThreadStats *stats = rtb_stats_threads (stream_summary (s));
  GArray *samples = g_ptr_array_index (s->samples, 0);
  g_assert_cmpstr (rtb_started_threads (stream_started (s))[0].name, ==, "response");
  g_assert_cmpuint (samples->len, ==, 50);
  g_assert_cmpuint (g_array_index (samples, RtbSample, 49).index & ~RTB_SAMPLE_FLAGS, ==, 49);
  g_assert_cmpuint (stats[0].residual_failures, ==, 0);
  g_assert_cmpfloat (stats[0].residual_max, <=, 1e-6);
  g_assert_cmpuint (s->command.response.size, ==, 16);
  g_assert_cmpuint (s->command.response.instances, ==, 50);
  g_assert_cmpuint (s->command.response.gap_us, ==, 100);
  for (guint i = 0; i < samples->len; i++)
    g_assert_cmpint (g_array_index (samples, RtbSample, i).value_ns, >, 0);
}

/* Noise: every gap between two reads of the clock is counted; the ones of 1 µs or more are sent,
 * rounded up to the next whole µs as oslat counts them, the others counted as 1 µs each. The
 * worker's figures are recomputed from what it sent. */
static void
check_noise (const char *policy_args, RtbPolicy policy, int priority)
{
  g_autofree char *command = g_strdup_printf ("noise cpus=0 duration=1s %s", policy_args);
  g_autoptr (Stream) s = run_args (command, FALSE);
  const RtbStartedFrame *started = stream_started (s);
  const RtbThreadStats *stats = rtb_stats_threads (stream_summary (s));
  GArray *samples = s->samples->len > 0 ? g_ptr_array_index (s->samples, 0) : NULL;
  guint received = samples != NULL ? samples->len : 0;
  gint64 sum = 0, max = G_MININT64, min = G_MAXINT64;
  guint64 overflows = 0;

  g_assert_cmpint (s->exit_status, ==, 0);
  g_assert_cmpint (s->command.method, ==, RTB_METHOD_NOISE);
  g_assert_cmpint (s->command.policy, ==, policy);
  g_assert_cmpint (s->command.priority, ==, priority);
  /* oslat's 32 buckets */
  g_assert_cmpuint (s->command.noise.histogram_us, ==, 32);
  g_assert_cmpuint (started->n_threads, ==, 1);
  g_assert_cmpstr (rtb_started_threads (started)[0].name, ==, "CPU0");
  g_assert_cmpint (rtb_started_threads (started)[0].cpu, ==, 0);
  g_assert_cmpint (stream_summary (s)->reason, ==, RTB_END_COMPLETED);

  for (guint i = 0; i < received; i++)
    {
      const RtbSample *x = &g_array_index (samples, RtbSample, i);

      if (i > 0)
        g_assert_cmpuint (x->index, >, g_array_index (samples, RtbSample, i - 1).index);
      g_assert_cmpint (x->value_ns % 1000, ==, 0);
      g_assert_cmpint (x->value_ns, >=, 2000);
      sum += x->value_ns;
      min = MIN (min, x->value_ns);
      max = MAX (max, x->value_ns);
      overflows += x->value_ns >= 32000;
    }
  g_test_message ("noise %s: %" G_GUINT64_FORMAT " gaps, %u sent, %" G_GUINT64_FORMAT
                  " dropped, %" G_GUINT64_FORMAT " below 1 µs, max %" G_GINT64_FORMAT " ns",
                  policy_args, stats[0].count, received, stats[0].dropped, stats[0].skipped,
                  stats[0].max_ns);
  g_assert_cmpuint (stats[0].count, ==, received + stats[0].dropped + stats[0].skipped);
  if (received > 0)
    g_assert_cmpuint (g_array_index (samples, RtbSample, received - 1).index, <,
                      stats[0].count);
  if (stats[0].dropped == 0)
    {
      g_assert_cmpint (stats[0].sum_ns, ==, sum + (gint64) stats[0].skipped * 1000);
      g_assert_cmpuint (stats[0].overflows, ==, overflows);
      g_assert_cmpint (stats[0].min_ns, ==, stats[0].skipped > 0 ? 1000 : min);
      g_assert_cmpint (stats[0].max_ns, ==, received > 0 ? max : 1000);
    }
}

static void
test_methods_other (void)
{
  check_latency ("policy=other", RTB_POLICY_OTHER, 0);
  check_jitter ("policy=other", RTB_POLICY_OTHER, 0);
  check_timer ("policy=other", RTB_POLICY_OTHER, 0);
  check_response ("policy=other", RTB_POLICY_OTHER, 0);
  /* oslat's default: no real-time policy */
  check_noise ("", RTB_POLICY_OTHER, 0);
}

static void
test_methods_fifo (void)
{
  if (!is_root ())
    {
      g_test_skip ("SCHED_FIFO needs root");
      return;
    }
  check_latency ("policy=fifo priority=80", RTB_POLICY_FIFO, 80);
  check_jitter ("priority=80", RTB_POLICY_FIFO, 80);
  check_timer ("", RTB_POLICY_FIFO, 80);
  check_response ("policy=rr priority=70", RTB_POLICY_RR, 70);
  check_noise ("policy=fifo", RTB_POLICY_FIFO, 1);
}

static void
test_hello (void)
{
  g_autoptr (Stream) s = run_args ("latency duration=1s policy=other cpus=0 interval_us=100000",
                                   FALSE);

  g_assert_cmpuint (s->hello.n_cpus_online, ==, (guint) sysconf (_SC_NPROCESSORS_ONLN));
  g_assert_cmpuint (s->hello.euid, ==, geteuid ());
  g_assert_cmpint (s->hello.rt_runtime_us, >=, -2);
  g_assert_cmpuint (strlen (s->hello.machine), >, 0);
  if (is_root ())
    {
      g_assert_cmpint (s->hello.mlockall_errno, ==, 0);
      g_assert_cmpint (s->hello.rt_priority_max, ==, 99);
    }
}

static void
test_nobody (void)
{
  if (!is_root ())
    {
      g_test_skip ("dropping to nobody needs root");
      return;
    }
  {
    g_autoptr (Stream) s = run_args ("latency policy=fifo duration=1s", TRUE);
    g_assert_cmpuint (s->hello.euid, ==, NOBODY);
    g_assert_cmpint (s->hello.rt_priority_max, ==, 0);
    assert_error (s, RTB_ERROR_PERMISSION, "policy", "CAP_SYS_NICE");
    const RtbErrorFrame *e = &g_array_index (s->errors, RtbErrorFrame, 0);
    g_assert_nonnull (strstr (e->message, "root"));
    g_assert_nonnull (strstr (e->message, "pkexec"));
    g_assert_nonnull (strstr (e->message, "RLIMIT_RTPRIO"));
    g_assert_cmpint (e->sys_errno, ==, EPERM);
  }
  {
    g_autoptr (Stream) s = run_args ("latency policy=other cpus=0 interval_us=1000 duration=1s",
                                     TRUE);
    Expect expect = { .n_threads = 1, .policy = RTB_POLICY_OTHER, .expected = { 1000 } };
    g_assert_cmpuint (s->hello.euid, ==, NOBODY);
    check_run (s, RTB_METHOD_LATENCY, &expect, RTB_END_COMPLETED);
  }
}

typedef struct {
  const char *command;
  RtbErrorCode code;
  const char *field;
  const char *in_message;
} BadCommand;

static void
test_errors (void)
{
  char methods[256];
  const BadCommand bad[] = {
    { "latency priority=120", RTB_ERROR_RANGE, "priority",
      "priority 120 is out of range: use 1-99" },
    { "latency interval_us=10", RTB_ERROR_RANGE, "interval_us", "50-1000000" },
    { "latency histogram_us=0", RTB_ERROR_RANGE, "histogram_us", "1-1000000" },
    { "latency duration=8d", RTB_ERROR_RANGE, "duration", "0-7d" },
    { "latency cpus=1000", RTB_ERROR_RANGE, "cpus", "online" },
    { "timer cpu=1000", RTB_ERROR_RANGE, "cpu", "online" },
    { "jitter servo_us=10", RTB_ERROR_RANGE, "servo_us", "100-1000000" },
    { "timer spin_us=6000 period_us=5000", RTB_ERROR_RANGE, "spin_us", "0-4999" },
    { "response size=4096", RTB_ERROR_RANGE, "size", "2-1024" },
    { "latency policy=other priority=50", RTB_ERROR_RANGE, "priority", "policy other" },
    { "latency bogus=1", RTB_ERROR_SYNTAX, "bogus", "interval_us" },
    { "latency priority=1 priority=2", RTB_ERROR_SYNTAX, "priority", "twice" },
    { "latency priority", RTB_ERROR_SYNTAX, "priority", "=" },
    { "latency interval_us=12ab", RTB_ERROR_SYNTAX, "interval_us", "50-1000000" },
    { "latency policy=batch", RTB_ERROR_SYNTAX, "policy", "fifo, rr or other" },
    { "wobble", RTB_ERROR_SYNTAX, "method", methods },
    { "--frobnicate", RTB_ERROR_SYNTAX, "method", methods },
    { "latency trace_above_us=high", RTB_ERROR_SYNTAX, "trace_above_us",
      "neither a whole number nor auto" },
    { "latency trace_above_us=0", RTB_ERROR_RANGE, "trace_above_us", "1-10000000" },
    { "timer trace_above_us=10000001", RTB_ERROR_RANGE, "trace_above_us", "1-10000000" },
    { "response trace_above_us=auto", RTB_ERROR_SYNTAX, "trace_above_us", "unknown key" },
    { "noise trace_above_us=100", RTB_ERROR_SYNTAX, "trace_above_us", "unknown key" },
  };

  /* An unknown method's error names every method, as the method table lists them. */
  g_assert_cmpint (rtb_method_list (methods, sizeof methods, ", ", " or "), >, 0);

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (Stream) s = run_args (bad[i].command, FALSE);
      assert_error (s, bad[i].code, bad[i].field, bad[i].in_message);
    }
}

/* A worker that may not trace (not root), or whose threads are not pinned, measures all the
 * same and says why once, in one TRACE frame after STARTED; it sends no spike. */
static void
test_trace_not_permitted (void)
{
  g_autoptr (Stream) s = run_args ("jitter policy=other cpu=0 duration=1s trace_above_us=1",
                                   is_root ());
  const RtbTraceFrame *trace;
  guint started_at = 0, trace_at = 0;

  g_assert_cmpuint (s->hello.euid, !=, 0);
  g_assert_cmpuint (s->errors->len, ==, 0);
  g_assert_cmpuint (s->traces->len, ==, 1);
  trace = &g_array_index (s->traces, RtbTraceFrame, 0);
  g_test_message ("%s", trace->message);
  g_assert_cmpint (trace->status, ==, RTB_TRACE_NOT_PERMITTED);
  g_assert_cmpint (trace->threshold_ns, ==, 0);
  g_assert_nonnull (strstr (trace->message, "root"));
  g_assert_cmpuint (s->n_spikes, ==, 0);
  for (guint i = 0; i < s->types->len; i++)
    {
      guint16 type = g_array_index (s->types, guint16, i);
      if (type == RTB_FRAME_STARTED)
        started_at = i;
      if (type == RTB_FRAME_TRACE)
        trace_at = i;
    }
  g_assert_cmpuint (started_at, >, 0);
  g_assert_cmpuint (trace_at, ==, started_at + 1);
  g_assert_true (s->command.trace_above_us == 1 && !s->command.trace_auto);
  g_assert_true (stream_has (s, RTB_FRAME_SAMPLES));
  g_assert_nonnull (s->summary);
  g_assert_cmpuint (s->n_counters, ==, 1);

  /* Threads on no CPU in particular: no one CPU's trace can explain them. */
  {
    g_autoptr (Stream) unpinned = run_args ("jitter policy=other cpu=none duration=1s "
                                            "trace_above_us=1", is_root ());

    g_assert_cmpuint (unpinned->traces->len, ==, 1);
    trace = &g_array_index (unpinned->traces, RtbTraceFrame, 0);
    g_test_message ("%s", trace->message);
    g_assert_cmpint (trace->status, ==, RTB_TRACE_UNSUPPORTED);
    g_assert_nonnull (strstr (trace->message, "not pinned"));
    g_assert_cmpuint (unpinned->n_spikes, ==, 0);
    g_assert_nonnull (unpinned->summary);
  }
}

static void
test_stdin_errors (void)
{
  g_autofree char *overlong = NULL;
  g_autoptr (GString) line = g_string_new ("start latency");

  while (line->len <= RTB_COMMAND_MAX)
    g_string_append_c (line, ' ');
  g_string_append_c (line, '\n');
  overlong = g_string_free (g_steal_pointer (&line), FALSE);

  {
    g_autoptr (Stream) s = run_stdin ("\n");
    assert_error (s, RTB_ERROR_SYNTAX, "", "empty command");
  }
  {
    g_autoptr (Stream) s = run_stdin (overlong);
    assert_error (s, RTB_ERROR_SYNTAX, "", "1024");
  }
  {
    g_autoptr (Stream) s = run_stdin ("start latency priority=0\n");
    assert_error (s, RTB_ERROR_RANGE, "priority", "1-99");
  }
  {
    g_autoptr (Stream) s = run_stdin ("launch latency\n");
    assert_error (s, RTB_ERROR_SYNTAX, "", "start METHOD");
  }
  {
    g_autoptr (Stream) s = run_stdin ("stop\n");
    assert_error (s, RTB_ERROR_STATE, "", "no run");
  }
  {
    /* A NUL does not end the command there: nothing is started, the byte is named. */
    static const char nul[] = "start latency duration=1 cpus=0\0 cpus=99 garbage\n";
    g_autoptr (Stream) s = run_stdin_bytes (nul, sizeof nul - 1);
    assert_error (s, RTB_ERROR_SYNTAX, "", "a NUL byte (0x00) at offset 31");
    g_assert_null (s->started);
  }
  {
    /* EOF before any command: nothing to do, no error. */
    g_autoptr (Stream) s = run_stdin ("");
    g_assert_cmpint (s->exit_status, ==, 0);
    g_assert_cmpuint (s->types->len, ==, 2);
    g_assert_cmpint (g_array_index (s->types, guint16, 0), ==, RTB_FRAME_HELLO);
    g_assert_cmpint (g_array_index (s->types, guint16, 1), ==, RTB_FRAME_SYSTEM);
  }
}

static void
test_help (void)
{
  const char *args[] = { "--help", NULL };
  const char *version[] = { "--version", NULL };
  const char *keys[] = { "cpus=", "policy=", "priority=", "interval_us=", "histogram_us=",
                         "duration=", "base_us=", "servo_us=", "cpu=", "period_us=", "spin_us=",
                         "size=", "instances=", "gap_us=", "unthrottled=", "1-99", "50-1000000",
                         "2-1024", "100-10000000", "0-7d" };
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  g_autoptr (GSubprocess) sp = NULL;

  sp = g_subprocess_newv ((const char *const[]) { worker_path (), args[0], NULL },
                          G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (sp, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (sp));
  for (gsize i = 0; i < G_N_ELEMENTS (keys); i++)
    if (strstr (out, keys[i]) == NULL)
      g_error ("--help does not mention %s", keys[i]);
  g_clear_object (&sp);
  g_clear_pointer (&out, g_free);

  sp = g_subprocess_newv ((const char *const[]) { worker_path (), version[0], NULL },
                          G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (sp, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (sp));
  g_assert_nonnull (strstr (out, PACKAGE_VERSION));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/worker/help", test_help);
  g_test_add_func ("/worker/hello", test_hello);
  g_test_add_func ("/worker/methods/other", test_methods_other);
  g_test_add_func ("/worker/methods/fifo", test_methods_fifo);
  g_test_add_func ("/worker/nobody", test_nobody);
  g_test_add_func ("/worker/trace-not-permitted", test_trace_not_permitted);
  g_test_add_func ("/worker/errors/arguments", test_errors);
  g_test_add_func ("/worker/errors/stdin", test_stdin_errors);
  return g_test_run ();
}
