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
#include "rtb-protocol.h"

#define NOBODY 65534
#define STOP_BOUND_US (1000 * 1000)

typedef struct {
  RtbDecoder *decoder;
  GArray *types;          /* guint16, in stream order */
  RtbHelloFrame hello;
  GBytes *started;        /* the STARTED payload */
  GPtrArray *samples;     /* per thread: GArray of RtbSample */
  GArray *dropped_total;  /* per thread: guint64, from the last SAMPLES frame */
  GBytes *summary;        /* the SUMMARY payload */
  guint n_stats;
  GArray *errors;         /* RtbErrorFrame */
  int exit_status;
} Stream;

static bool
on_frame (const RtbFrame *frame, void *user_data)
{
  Stream *s = user_data;
  guint16 type = frame->header->type;

  g_array_append_val (s->types, type);
  switch (type)
    {
    case RTB_FRAME_HELLO:
      memcpy (&s->hello, frame->payload, sizeof s->hello);
      break;
    case RTB_FRAME_STARTED:
      g_assert_null (s->started);
      s->started = g_bytes_new (frame->payload, frame->payload_len);
      break;
    case RTB_FRAME_SAMPLES:
      {
        const RtbSamplesFrame *f = frame->payload;
        while (s->samples->len <= f->thread)
          {
            guint64 zero = 0;
            g_ptr_array_add (s->samples, g_array_new (FALSE, FALSE, sizeof (RtbSample)));
            g_array_append_val (s->dropped_total, zero);
          }
        g_array_append_vals (g_ptr_array_index (s->samples, f->thread), rtb_samples_data (f),
                             f->count);
        g_array_index (s->dropped_total, guint64, f->thread) = f->dropped_total;
        break;
      }
    case RTB_FRAME_STATS:
      s->n_stats++;
      break;
    case RTB_FRAME_SUMMARY:
      g_assert_null (s->summary);
      s->summary = g_bytes_new (frame->payload, frame->payload_len);
      break;
    case RTB_FRAME_ERROR:
      g_array_append_vals (s->errors, frame->payload, 1);
      break;
    default:
      g_assert_not_reached ();
    }
  return true;
}

static Stream *
stream_new (void)
{
  Stream *s = g_new0 (Stream, 1);

  s->decoder = rtb_decoder_new (on_frame, s);
  s->types = g_array_new (FALSE, FALSE, sizeof (guint16));
  s->samples = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  s->dropped_total = g_array_new (FALSE, FALSE, sizeof (guint64));
  s->errors = g_array_new (FALSE, FALSE, sizeof (RtbErrorFrame));
  s->exit_status = -1;
  return s;
}

static void
stream_free (Stream *s)
{
  rtb_decoder_free (s->decoder);
  g_array_unref (s->types);
  g_clear_pointer (&s->started, g_bytes_unref);
  g_ptr_array_unref (s->samples);
  g_array_unref (s->dropped_total);
  g_clear_pointer (&s->summary, g_bytes_unref);
  g_array_unref (s->errors);
  g_free (s);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Stream, stream_free)

static void
stream_feed (Stream *s, const void *data, gsize len)
{
  if (rtb_decoder_feed (s->decoder, data, len) < 0)
    g_error ("the worker's stream is broken: %s", rtb_decoder_error (s->decoder));
}

static gboolean
stream_has (Stream *s, RtbFrameType type)
{
  for (guint i = 0; i < s->types->len; i++)
    if (g_array_index (s->types, guint16, i) == type)
      return TRUE;
  return FALSE;
}

static const RtbStartedFrame *
stream_started (Stream *s)
{
  g_assert_nonnull (s->started);
  return g_bytes_get_data (s->started, NULL);
}

static const RtbStatsFrame *
stream_summary (Stream *s)
{
  g_assert_nonnull (s->summary);
  return g_bytes_get_data (s->summary, NULL);
}

static const char *
worker_path (void)
{
  const char *path = g_getenv ("RTBENCH_WORKER");

  if (path == NULL)
    g_error ("RTBENCH_WORKER is not set: run the tests through meson");
  return path;
}

static void
become_nobody (gpointer user_data)
{
  gid_t gid = NOBODY;

  if (setgroups (1, &gid) != 0 || setgid (NOBODY) != 0 || setuid (NOBODY) != 0)
    _exit (126);
}

static GSubprocess *
spawn (const char *const *args, gboolean stdin_pipe, gboolean as_nobody)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  GSubprocess *sp;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        (stdin_pipe ? G_SUBPROCESS_FLAGS_STDIN_PIPE
                                                    : G_SUBPROCESS_FLAGS_NONE));
  if (as_nobody)
    g_subprocess_launcher_set_child_setup (launcher, become_nobody, NULL, NULL);
  g_ptr_array_add (argv, (gpointer) worker_path ());
  for (; args != NULL && *args != NULL; args++)
    g_ptr_array_add (argv, (gpointer) *args);
  g_ptr_array_add (argv, NULL);
  sp = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  return sp;
}

static int
stdout_fd (GSubprocess *sp)
{
  return g_unix_input_stream_get_fd (G_UNIX_INPUT_STREAM (g_subprocess_get_stdout_pipe (sp)));
}

/* Reads what is there within `timeout_ms`; returns FALSE at EOF. */
static gboolean
read_some (Stream *s, int fd, int timeout_ms)
{
  struct pollfd pfd = { .fd = fd, .events = POLLIN };
  char buf[65536];
  ssize_t n;

  if (poll (&pfd, 1, timeout_ms) <= 0)
    return TRUE;
  n = read (fd, buf, sizeof buf);
  if (n < 0 && errno == EINTR)
    return TRUE;
  g_assert_cmpint (n, >=, 0);
  if (n == 0)
    return FALSE;
  stream_feed (s, buf, (gsize) n);
  return TRUE;
}

/* Reads until `type` arrives (10 s at most). */
static void
read_until (Stream *s, GSubprocess *sp, RtbFrameType type)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!stream_has (s, type))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_assert_true (read_some (s, stdout_fd (sp), 100));
    }
}

/* Reads to EOF; returns how long it took. */
static gint64
read_to_eof (Stream *s, GSubprocess *sp, gint64 bound_us)
{
  gint64 start = g_get_monotonic_time ();

  while (read_some (s, stdout_fd (sp), 100))
    g_assert_cmpint (g_get_monotonic_time () - start, <, bound_us);
  return g_get_monotonic_time () - start;
}

static void
wait_exit (Stream *s, GSubprocess *sp)
{
  g_autoptr (GError) error = NULL;

  g_subprocess_wait (sp, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (sp));
  s->exit_status = g_subprocess_get_exit_status (sp);
  g_assert_cmpuint (rtb_decoder_pending (s->decoder), ==, 0);
}

/* Runs a command given in the worker's arguments, to the end. */
static Stream *
run_args (const char *command, gboolean as_nobody)
{
  g_auto (GStrv) args = g_strsplit (command, " ", -1);
  g_autoptr (GSubprocess) sp = NULL;
  Stream *s = stream_new ();

  g_test_message ("rtbench-worker %s%s", command, as_nobody ? " (as nobody)" : "");
  /* stdin is a pipe closed at once: a command from the arguments must not read it. */
  sp = spawn ((const char *const *) args, TRUE, as_nobody);
  g_output_stream_close (g_subprocess_get_stdin_pipe (sp), NULL, NULL);
  read_to_eof (s, sp, 60 * G_USEC_PER_SEC);
  wait_exit (s, sp);
  return s;
}

static void
assert_error (Stream *s, RtbErrorCode code, const char *field, const char *in_message)
{
  g_assert_cmpint (s->exit_status, ==, 2);
  g_assert_cmpuint (s->types->len, ==, 2);
  g_assert_cmpint (g_array_index (s->types, guint16, 0), ==, RTB_FRAME_HELLO);
  g_assert_cmpint (g_array_index (s->types, guint16, 1), ==, RTB_FRAME_ERROR);
  const RtbErrorFrame *e = &g_array_index (s->errors, RtbErrorFrame, 0);
  g_test_message ("ERROR %d [%s] %s", e->code, e->field, e->message);
  g_assert_cmpint (e->code, ==, code);
  g_assert_cmpstr (e->field, ==, field);
  g_assert_nonnull (strstr (e->message, in_message));
}

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
  g_assert_cmpuint (n, >=, 3);
  g_assert_cmpint (g_array_index (s->types, guint16, 0), ==, RTB_FRAME_HELLO);
  g_assert_cmpint (g_array_index (s->types, guint16, 1), ==, RTB_FRAME_STARTED);
  g_assert_cmpint (g_array_index (s->types, guint16, n - 1), ==, RTB_FRAME_SUMMARY);
  for (guint i = 2; i < n - 1; i++)
    {
      guint16 type = g_array_index (s->types, guint16, i);
      g_assert_true (type == RTB_FRAME_SAMPLES || type == RTB_FRAME_STATS);
    }
  g_assert_true (stream_has (s, RTB_FRAME_SAMPLES));

  g_assert_cmpuint (s->hello.protocol_version, ==, RTB_PROTOCOL_VERSION);
  g_assert_cmpuint (s->hello.pid, >, 0);
  g_assert_cmpstr (s->hello.worker_version, ==, PACKAGE_VERSION);

  g_assert_cmpint (started->method, ==, method);
  g_assert_cmpuint (started->n_threads, ==, expect->n_threads);
  g_assert_cmpuint (summary->n_threads, ==, expect->n_threads);
  g_assert_cmpint (summary->reason, ==, reason);
  g_assert_cmpuint (started->start_realtime_ns, >, 0);
  g_assert_true (g_str_has_prefix (started->command, "start "));

  for (guint t = 0; t < expect->n_threads; t++)
    {
      GArray *samples = t < s->samples->len ? g_ptr_array_index (s->samples, t) : NULL;
      guint64 dropped = t < s->dropped_total->len
                          ? g_array_index (s->dropped_total, guint64, t) : 0;
      guint received = samples != NULL ? samples->len : 0;
      gint64 min = G_MAXINT64, max = G_MININT64;

      g_assert_cmpuint (infos[t].thread, ==, t);
      g_assert_cmpint (infos[t].policy, ==, expect->policy);
      g_assert_cmpint (infos[t].priority, ==, expect->priority[t]);
      g_assert_cmpuint (stats[t].thread, ==, t);

      for (guint i = 0; i < received; i++)
        {
          const RtbSample *x = &g_array_index (samples, RtbSample, i);
          if (i > 0)
            g_assert_cmpuint (x->index, >, g_array_index (samples, RtbSample, i - 1).index);
          min = MIN (min, x->value_ns);
          max = MAX (max, x->value_ns);
        }

      g_test_message ("%s: %u received, %" G_GUINT64_FORMAT " dropped, %" G_GUINT64_FORMAT
                      " skipped, expected about %.0f, min %" G_GINT64_FORMAT " max %"
                      G_GINT64_FORMAT " ns", infos[t].name, received, stats[t].dropped,
                      stats[t].skipped, expect->expected[t], min, max);
      g_assert_cmpuint (stats[t].count, ==, received + stats[t].dropped);
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

static gboolean
is_root (void)
{
  return geteuid () == 0;
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
      g_assert_cmpuint (stream_started (s)->interval_us, ==, intervals[i]);
      g_assert_cmpuint (stream_started (s)->duration_ns, ==, G_USEC_PER_SEC * 1000);
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
  g_assert_cmpuint (g_array_index (samples, RtbSample, 0).index, ==, 1);
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
  g_assert_cmpuint (g_array_index (samples, RtbSample, 49).index, ==, 49);
  g_assert_cmpuint (stats[0].residual_failures, ==, 0);
  g_assert_cmpfloat (stats[0].residual_max, <=, 1e-6);
  g_assert_cmpuint (stream_started (s)->size, ==, 16);
  g_assert_cmpuint (stream_started (s)->instances, ==, 50);
  for (guint i = 0; i < samples->len; i++)
    g_assert_cmpint (g_array_index (samples, RtbSample, i).value_ns, >, 0);
}

static void
test_methods_other (void)
{
  check_latency ("policy=other", RTB_POLICY_OTHER, 0);
  check_jitter ("policy=other", RTB_POLICY_OTHER, 0);
  check_timer ("policy=other", RTB_POLICY_OTHER, 0);
  check_response ("policy=other", RTB_POLICY_OTHER, 0);
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
    { "wobble", RTB_ERROR_SYNTAX, "method", "latency, jitter, timer or response" },
    { "--frobnicate", RTB_ERROR_SYNTAX, "method", "latency, jitter, timer or response" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (Stream) s = run_args (bad[i].command, FALSE);
      assert_error (s, bad[i].code, bad[i].field, bad[i].in_message);
    }
}

/* Sends `input` on stdin, then closes it; returns the stream up to EOF. */
static Stream *
run_stdin (const char *input)
{
  g_autoptr (GSubprocess) sp = spawn (NULL, TRUE, FALSE);
  g_autoptr (GBytes) bytes = g_bytes_new (input, strlen (input));
  g_autoptr (GBytes) out = NULL;
  g_autoptr (GError) error = NULL;
  Stream *s = stream_new ();

  g_subprocess_communicate (sp, bytes, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  stream_feed (s, g_bytes_get_data (out, NULL), g_bytes_get_size (out));
  wait_exit (s, sp);
  return s;
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
    /* EOF before any command: nothing to do, no error. */
    g_autoptr (Stream) s = run_stdin ("");
    g_assert_cmpint (s->exit_status, ==, 0);
    g_assert_cmpuint (s->types->len, ==, 1);
    g_assert_cmpint (g_array_index (s->types, guint16, 0), ==, RTB_FRAME_HELLO);
  }
}

static void
write_stdin (GSubprocess *sp, const char *text)
{
  g_autoptr (GError) error = NULL;

  g_output_stream_write_all (g_subprocess_get_stdin_pipe (sp), text, strlen (text), NULL, NULL,
                             &error);
  g_assert_no_error (error);
}

/* A stdin-driven run that lasts until stopped, read until its first samples. */
static GSubprocess *
start_stdin_run (Stream *s)
{
  GSubprocess *sp = spawn (NULL, TRUE, FALSE);

  write_stdin (sp, "start latency policy=other interval_us=1000 duration=0\n");
  read_until (s, sp, RTB_FRAME_SAMPLES);
  return sp;
}

static void
test_stdin_eof (void)
{
  g_autoptr (Stream) s = stream_new ();
  g_autoptr (GSubprocess) sp = start_stdin_run (s);
  gint64 took;

  g_output_stream_close (g_subprocess_get_stdin_pipe (sp), NULL, NULL);
  took = read_to_eof (s, sp, STOP_BOUND_US);
  wait_exit (s, sp);
  g_test_message ("stopped %" G_GINT64_FORMAT " us after EOF", took);
  g_assert_cmpint (s->exit_status, ==, 0);
  g_assert_cmpint (stream_summary (s)->reason, ==, RTB_END_STOPPED);
  g_assert_cmpint (g_array_index (s->types, guint16, s->types->len - 1), ==, RTB_FRAME_SUMMARY);
}

static void
test_stdin_stop (void)
{
  g_autoptr (Stream) s = stream_new ();
  g_autoptr (GSubprocess) sp = start_stdin_run (s);

  /* A second start is refused but the run goes on. */
  write_stdin (sp, "start timer\n");
  read_until (s, sp, RTB_FRAME_ERROR);
  g_assert_cmpint (g_array_index (s->errors, RtbErrorFrame, 0).code, ==, RTB_ERROR_STATE);
  write_stdin (sp, "stop\n");
  read_to_eof (s, sp, STOP_BOUND_US);
  wait_exit (s, sp);
  g_assert_cmpint (s->exit_status, ==, 0);
  g_assert_cmpint (stream_summary (s)->reason, ==, RTB_END_STOPPED);
  const RtbThreadStats *stats = rtb_stats_threads (stream_summary (s));
  GArray *samples = g_ptr_array_index (s->samples, 0);
  g_assert_cmpuint (stats[0].count, ==, samples->len + stats[0].dropped);
}

/* A stop request cuts even a 1024×1024 inversion short instead of waiting for it. */
static void
test_stop_long_instance (void)
{
  g_autoptr (Stream) s = stream_new ();
  g_autoptr (GSubprocess) sp = spawn (NULL, TRUE, FALSE);
  gint64 took;

  write_stdin (sp, "start response policy=other size=1024 instances=100 gap_us=100\n");
  read_until (s, sp, RTB_FRAME_STARTED);
  g_usleep (300 * 1000);
  g_output_stream_close (g_subprocess_get_stdin_pipe (sp), NULL, NULL);
  took = read_to_eof (s, sp, STOP_BOUND_US);
  wait_exit (s, sp);
  g_test_message ("stopped %" G_GINT64_FORMAT " us after EOF, mid-instance", took);
  g_assert_cmpint (s->exit_status, ==, 0);
  g_assert_cmpint (stream_summary (s)->reason, ==, RTB_END_STOPPED);
  g_assert_cmpuint (rtb_stats_threads (stream_summary (s))[0].count, <, 100);
}

/* Garbage on stdin during a run: one error per line, the run carries on, the stream stays
 * valid. stdin is written without blocking while stdout is drained, so neither pipe stalls. */
static void
test_stdin_garbage (void)
{
  g_autoptr (Stream) s = stream_new ();
  g_autoptr (GSubprocess) sp = start_stdin_run (s);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240501);
  g_autoptr (GByteArray) garbage = g_byte_array_new ();
  int in = g_unix_output_stream_get_fd (G_UNIX_OUTPUT_STREAM (g_subprocess_get_stdin_pipe (sp)));
  const char *const hostile[] = { "start latency\n", "start response size=1024\n", "\r\n",
                                  "   \t  \n", "stop now\n", "STOP\n", "\x1b[2J\xff\xfe\n" };
  guint n_lines = 0, n_too_long = 0;
  gsize off = 0;

  for (gsize i = 0; i < G_N_ELEMENTS (hostile); i++)
    g_byte_array_append (garbage, (const guint8 *) hostile[i], strlen (hostile[i]));
  while (garbage->len < 1024 * 1024)
    {
      /* Mostly short lines, some far over the limit; any byte but a newline inside. */
      guint len = g_rand_int_range (rand, 0, 8) == 0 ? g_rand_int_range (rand, 1000, 5000)
                                                     : g_rand_int_range (rand, 0, 120);
      for (guint j = 0; j < len; j++)
        {
          guint8 c = (guint8) g_rand_int_range (rand, 0, 256);
          g_byte_array_append (garbage, c == '\n' ? (const guint8 *) "x" : &c, 1);
        }
      g_byte_array_append (garbage, (const guint8 *) "\n", 1);
      n_too_long += len > RTB_COMMAND_MAX;
    }
  for (gsize i = 0; i < garbage->len; i++)
    n_lines += garbage->data[i] == '\n';
  g_test_message ("%u garbage lines (%u over %d bytes), %u bytes", n_lines, n_too_long,
                  RTB_COMMAND_MAX, garbage->len);

  g_assert_cmpint (fcntl (in, F_SETFL, fcntl (in, F_GETFL) | O_NONBLOCK), ==, 0);
  while (off < garbage->len)
    {
      struct pollfd fds[2] = { { .fd = in, .events = POLLOUT },
                               { .fd = stdout_fd (sp), .events = POLLIN } };
      g_assert_cmpint (poll (fds, 2, 10000), >, 0);
      if (fds[0].revents & POLLOUT)
        {
          ssize_t n = write (in, garbage->data + off, MIN (garbage->len - off, 4096));
          g_assert_true (n > 0 || errno == EAGAIN);
          if (n > 0)
            off += (gsize) n;
        }
      g_assert_false (fds[0].revents & (POLLERR | POLLHUP));
      if (fds[1].revents != 0)
        g_assert_true (read_some (s, stdout_fd (sp), 0));
    }
  g_assert_cmpint (fcntl (in, F_SETFL, fcntl (in, F_GETFL) & ~O_NONBLOCK), ==, 0);
  write_stdin (sp, "stop\n");
  read_to_eof (s, sp, 30 * G_USEC_PER_SEC);
  wait_exit (s, sp);

  g_assert_cmpint (s->exit_status, ==, 0);
  g_assert_null (rtb_decoder_error (s->decoder));
  g_assert_cmpint (stream_summary (s)->reason, ==, RTB_END_STOPPED);
  /* An overlong line gives one error for the whole line; a line of blanks gives one too. */
  g_assert_cmpuint (s->errors->len, ==, n_lines);
  for (guint i = 0; i < s->errors->len; i++)
    {
      const RtbErrorFrame *e = &g_array_index (s->errors, RtbErrorFrame, i);
      g_assert_true (e->code == RTB_ERROR_SYNTAX || e->code == RTB_ERROR_STATE);
      for (const char *p = e->message; *p != '\0'; p++)
        g_assert_true (*p >= 0x20 && *p < 0x7f);
    }
  g_assert_cmpint (g_array_index (s->errors, RtbErrorFrame, 0).code, ==, RTB_ERROR_STATE);
}

static void
test_sigterm (void)
{
  g_autoptr (Stream) s = stream_new ();
  g_autoptr (GSubprocess) sp = start_stdin_run (s);

  g_subprocess_send_signal (sp, SIGTERM);
  read_to_eof (s, sp, STOP_BOUND_US);
  wait_exit (s, sp);
  g_assert_cmpint (s->exit_status, ==, 0);
  g_assert_cmpint (stream_summary (s)->reason, ==, RTB_END_SIGNAL);
}

static void
on_waited (GObject *source, GAsyncResult *result, gpointer user_data)
{
  gboolean *done = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  *done = TRUE;
}

static void
test_epipe (void)
{
  const char *args[] = { "latency", "policy=other", "interval_us=100", "duration=0", NULL };
  g_autoptr (Stream) s = stream_new ();
  g_autoptr (GSubprocess) sp = spawn (args, TRUE, FALSE);
  g_autoptr (GError) error = NULL;
  gboolean done = FALSE;
  gint64 start;

  read_until (s, sp, RTB_FRAME_SAMPLES);
  g_input_stream_close (g_subprocess_get_stdout_pipe (sp), NULL, &error);
  g_assert_no_error (error);
  start = g_get_monotonic_time ();
  g_subprocess_wait_async (sp, NULL, on_waited, &done);
  while (!done)
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, STOP_BOUND_US);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_test_message ("exited %" G_GINT64_FORMAT " us after stdout closed",
                  g_get_monotonic_time () - start);
  g_assert_true (g_subprocess_get_if_exited (sp));
  g_assert_cmpint (g_subprocess_get_exit_status (sp), ==, 0);
}

static gboolean
has_threads (pid_t pid, int n)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/task", (int) pid);
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  int count = 0;

  if (dir == NULL)
    return FALSE;
  while (g_dir_read_name (dir) != NULL)
    count++;
  return count >= n;
}

static void
test_parent_death (void)
{
  const char *worker = worker_path ();
  int fds[2];
  pid_t middle, child = 0;
  gint64 start;
  int status;

  /* The orphaned worker is handed to us, so that we can reap it and see it gone. */
  g_assert_cmpint (prctl (PR_SET_CHILD_SUBREAPER, 1), ==, 0);
  g_assert_cmpint (pipe (fds), ==, 0);
  middle = fork ();
  g_assert_cmpint (middle, >=, 0);
  if (middle == 0)
    {
      pid_t w = fork ();
      if (w == 0)
        {
          int null = open ("/dev/null", O_RDWR);
          dup2 (null, STDIN_FILENO);
          dup2 (null, STDOUT_FILENO);
          execl (worker, worker, "latency", "policy=other", "interval_us=10000", "duration=0",
                 (char *) NULL);
          _exit (127);
        }
      if (write (fds[1], &w, sizeof w) != sizeof w)
        _exit (1);
      for (;;)
        pause ();
    }
  close (fds[1]);
  g_assert_cmpint (read (fds[0], &child, sizeof child), ==, sizeof child);
  close (fds[0]);

  /* Wait until the run is going: main, writer and two or more measurement threads. */
  start = g_get_monotonic_time ();
  while (!has_threads (child, 3))
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
      g_usleep (10000);
    }
  g_usleep (100000);

  kill (middle, SIGKILL);
  g_assert_cmpint (waitpid (middle, &status, 0), ==, middle);
  start = g_get_monotonic_time ();
  for (;;)
    {
      pid_t r = waitpid (child, &status, WNOHANG);
      if (r == child)
        break;
      g_assert_cmpint (r, ==, 0);
      if (g_get_monotonic_time () - start > STOP_BOUND_US)
        {
          kill (child, SIGKILL);
          waitpid (child, &status, 0);
          g_error ("the worker outlived its parent by more than 1 s");
        }
      g_usleep (5000);
    }
  g_test_message ("exited %" G_GINT64_FORMAT " us after its parent died",
                  g_get_monotonic_time () - start);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_assert_cmpint (kill (child, 0), ==, -1);
  prctl (PR_SET_CHILD_SUBREAPER, 0);
}

static char *
status_field (const char *path, const char *name)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  gsize len = strlen (name);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (char **l = lines; *l != NULL; l++)
    if (strncmp (*l, name, len) == 0 && (*l)[len] == ':')
      return g_strstrip (g_strdup (*l + len + 1));
  g_error ("%s has no %s", path, name);
}

/* Every task of a running worker: no capability anywhere, real-time threads still real-time. */
static void
check_dropped (pid_t pid, uid_t uid, int measure_policy)
{
  g_autofree char *status = g_strdup_printf ("/proc/%d/status", (int) pid);
  g_autofree char *task_dir = g_strdup_printf ("/proc/%d/task", (int) pid);
  g_autofree char *expect_uid = g_strdup_printf ("%u\t%u\t%u\t%u", uid, uid, uid, uid);
  g_autofree char *nnp = status_field (status, "NoNewPrivs");
  g_autofree char *uids = status_field (status, "Uid");
  g_autoptr (GDir) dir = g_dir_open (task_dir, 0, NULL);
  const char *const sets[] = { "CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb" };
  const char *tid;
  guint n_tasks = 0, n_measures = 0;

  g_assert_cmpstr (nnp, ==, "1");
  g_assert_cmpstr (uids, ==, expect_uid);
  g_assert_nonnull (dir);
  while ((tid = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s/status", task_dir, tid);
      g_autofree char *name = status_field (path, "Name");

      n_tasks++;
      for (gsize i = 0; i < G_N_ELEMENTS (sets); i++)
        {
          /* Shrinking the bounding set takes CAP_SETPCAP, which only root had to give up. */
          if (!is_root () && strcmp (sets[i], "CapBnd") == 0)
            continue;
          g_autofree char *value = status_field (path, sets[i]);
          if (g_ascii_strtoull (value, NULL, 16) != 0)
            g_error ("task %s (%s) still has %s %s", tid, name, sets[i], value);
        }
      if (g_str_has_prefix (name, "CPU"))
        {
          n_measures++;
          g_assert_cmpint (sched_getscheduler ((pid_t) g_ascii_strtoll (tid, NULL, 10)), ==,
                           measure_policy);
        }
    }
  g_test_message ("%u tasks checked, %u measuring", n_tasks, n_measures);
  g_assert_cmpuint (n_measures, >=, 1);
  g_assert_cmpuint (n_tasks, >=, n_measures + 2);
}

/* Runs a worker with PKEXEC_UID set to `pkexec_uid` (NULL: unset) and checks it after STARTED. */
static void
check_privileges (const char *pkexec_uid, uid_t expect_uid)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) sp = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (Stream) s = stream_new ();
  const char *policy = is_root () ? "policy=fifo" : "policy=other";
  const char *priority = is_root () ? "priority=10" : "priority=0";

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  if (pkexec_uid != NULL)
    g_subprocess_launcher_setenv (launcher, "PKEXEC_UID", pkexec_uid, TRUE);
  else
    g_subprocess_launcher_unsetenv (launcher, "PKEXEC_UID");
  sp = g_subprocess_launcher_spawn (launcher, &error, worker_path (), "latency", "cpus=0",
                                    policy, priority, "interval_us=1000", "duration=0",
                                    NULL);
  g_assert_no_error (error);
  g_test_message ("PKEXEC_UID=%s", pkexec_uid != NULL ? pkexec_uid : "(unset)");
  read_until (s, sp, RTB_FRAME_STARTED);

  check_dropped ((pid_t) s->hello.pid, expect_uid, is_root () ? SCHED_FIFO : SCHED_OTHER);
  g_assert_cmpuint (stream_started (s)->n_threads, ==, 1);
  g_assert_cmpint (rtb_started_threads (stream_started (s))[0].policy, ==,
                   is_root () ? RTB_POLICY_FIFO : RTB_POLICY_OTHER);

  /* The run goes on without its privileges, and stops as always. */
  g_usleep (200000);
  g_subprocess_send_signal (sp, SIGTERM);
  read_to_eof (s, sp, STOP_BOUND_US);
  wait_exit (s, sp);
  g_assert_cmpint (s->exit_status, ==, 0);
  g_assert_cmpuint (stream_summary (s)->reason, ==, RTB_END_SIGNAL);
  g_assert_cmpuint (rtb_stats_threads (stream_summary (s))[0].count, >, 50);
}

static void
test_privileges (void)
{
  if (!is_root ())
    {
      check_privileges ("65534", getuid ());
      return;
    }
  check_privileges ("65534", NOBODY);
  check_privileges ("1234", 1234);
  check_privileges (NULL, NOBODY);
  check_privileges ("0", NOBODY);
  check_privileges ("12x", NOBODY);
  check_privileges ("-1", NOBODY);
  check_privileges ("4294967295", NOBODY);
  check_privileges ("99999999999999999999", NOBODY);
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
  g_test_add_func ("/worker/privileges", test_privileges);
  g_test_add_func ("/worker/errors/arguments", test_errors);
  g_test_add_func ("/worker/errors/stdin", test_stdin_errors);
  g_test_add_func ("/worker/stop/stdin-eof", test_stdin_eof);
  g_test_add_func ("/worker/stop/stdin-stop", test_stdin_stop);
  g_test_add_func ("/worker/stdin-garbage", test_stdin_garbage);
  g_test_add_func ("/worker/stop/sigterm", test_sigterm);
  g_test_add_func ("/worker/stop/long-instance", test_stop_long_instance);
  g_test_add_func ("/worker/stop/epipe", test_epipe);
  g_test_add_func ("/worker/stop/parent-death", test_parent_death);
  return g_test_run ();
}
