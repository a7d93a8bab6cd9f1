/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The worker tests' harness: spawning the real worker and reading its frame stream. */
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
#include "worker-harness.h"

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
    case RTB_FRAME_SYSTEM:
      g_assert_null (s->system);
      s->system = g_bytes_new (frame->payload, frame->payload_len);
      break;
    case RTB_FRAME_STARTED:
      g_assert_null (s->started);
      s->started = g_bytes_new (frame->payload, frame->payload_len);
      s->command = *frame->started->command;
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
        s->n_samples += f->count;
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
    case RTB_FRAME_TRACE:
      g_array_append_vals (s->traces, frame->payload, 1);
      g_array_append_val (s->trace_after, s->n_samples);
      break;
    case RTB_FRAME_SPIKE:
      s->n_spikes++;
      g_array_append_vals (s->spikes, frame->payload, 1);
      break;
    case RTB_FRAME_COUNTERS:
      s->n_counters++;
      break;
    default:
      g_assert_not_reached ();
    }
  return true;
}

Stream *
stream_new (void)
{
  Stream *s = g_new0 (Stream, 1);

  s->decoder = rtb_decoder_new (on_frame, s);
  s->types = g_array_new (FALSE, FALSE, sizeof (guint16));
  s->samples = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  s->dropped_total = g_array_new (FALSE, FALSE, sizeof (guint64));
  s->errors = g_array_new (FALSE, FALSE, sizeof (RtbErrorFrame));
  s->traces = g_array_new (FALSE, FALSE, sizeof (RtbTraceFrame));
  s->trace_after = g_array_new (FALSE, FALSE, sizeof (guint64));
  s->spikes = g_array_new (FALSE, FALSE, sizeof (RtbSpikeFrame));
  s->exit_status = -1;
  return s;
}

void
stream_free (Stream *s)
{
  rtb_decoder_free (s->decoder);
  g_array_unref (s->types);
  g_clear_pointer (&s->system, g_bytes_unref);
  g_clear_pointer (&s->started, g_bytes_unref);
  g_ptr_array_unref (s->samples);
  g_array_unref (s->dropped_total);
  g_clear_pointer (&s->summary, g_bytes_unref);
  g_array_unref (s->errors);
  g_array_unref (s->traces);
  g_array_unref (s->trace_after);
  g_array_unref (s->spikes);
  g_free (s);
}

void
stream_feed (Stream *s, const void *data, gsize len)
{
  if (rtb_decoder_feed (s->decoder, data, len) < 0)
    g_error ("the worker's stream is broken: %s", rtb_decoder_error (s->decoder));
}

gboolean
stream_has (Stream *s, RtbFrameType type)
{
  for (guint i = 0; i < s->types->len; i++)
    if (g_array_index (s->types, guint16, i) == type)
      return TRUE;
  return FALSE;
}

const RtbStartedFrame *
stream_started (Stream *s)
{
  g_assert_nonnull (s->started);
  return g_bytes_get_data (s->started, NULL);
}

const RtbStatsFrame *
stream_summary (Stream *s)
{
  g_assert_nonnull (s->summary);
  return g_bytes_get_data (s->summary, NULL);
}

const char *
worker_path (void)
{
  const char *path = g_getenv ("RTBENCH_WORKER");

  if (path == NULL)
    g_error ("RTBENCH_WORKER is not set: run the tests through meson");
  return path;
}

void
become_nobody (gpointer user_data)
{
  gid_t gid = NOBODY;

  if (setgroups (1, &gid) != 0 || setgid (NOBODY) != 0 || setuid (NOBODY) != 0)
    _exit (126);
}

GSubprocess *
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

int
stdout_fd (GSubprocess *sp)
{
  return g_unix_input_stream_get_fd (G_UNIX_INPUT_STREAM (g_subprocess_get_stdout_pipe (sp)));
}

/* Reads what is there within `timeout_ms`; returns FALSE at EOF. */
gboolean
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
void
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
gint64
read_to_eof (Stream *s, GSubprocess *sp, gint64 bound_us)
{
  gint64 start = g_get_monotonic_time ();

  while (read_some (s, stdout_fd (sp), 100))
    g_assert_cmpint (g_get_monotonic_time () - start, <, bound_us);
  return g_get_monotonic_time () - start;
}

void
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
Stream *
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

void
assert_error (Stream *s, RtbErrorCode code, const char *field, const char *in_message)
{
  g_assert_cmpint (s->exit_status, ==, 2);
  g_assert_cmpuint (s->types->len, ==, 3);
  g_assert_cmpint (g_array_index (s->types, guint16, 0), ==, RTB_FRAME_HELLO);
  g_assert_cmpint (g_array_index (s->types, guint16, 1), ==, RTB_FRAME_SYSTEM);
  g_assert_cmpint (g_array_index (s->types, guint16, 2), ==, RTB_FRAME_ERROR);
  const RtbErrorFrame *e = &g_array_index (s->errors, RtbErrorFrame, 0);
  g_test_message ("ERROR %d [%s] %s", e->code, e->field, e->message);
  g_assert_cmpint (e->code, ==, code);
  g_assert_cmpstr (e->field, ==, field);
  g_assert_nonnull (strstr (e->message, in_message));
}

gboolean
is_root (void)
{
  return geteuid () == 0;
}

/* Sends `input` on stdin, then closes it; returns the stream up to EOF. */
Stream *
run_stdin (const char *input)
{
  return run_stdin_bytes (input, strlen (input));
}

Stream *
run_stdin_bytes (const char *input, gsize len)
{
  g_autoptr (GSubprocess) sp = spawn (NULL, TRUE, FALSE);
  g_autoptr (GBytes) bytes = g_bytes_new (input, len);
  g_autoptr (GBytes) out = NULL;
  g_autoptr (GError) error = NULL;
  Stream *s = stream_new ();

  g_subprocess_communicate (sp, bytes, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  stream_feed (s, g_bytes_get_data (out, NULL), g_bytes_get_size (out));
  wait_exit (s, sp);
  return s;
}

void
write_stdin (GSubprocess *sp, const char *text)
{
  write_stdin_bytes (sp, text, strlen (text));
}

void
write_stdin_bytes (GSubprocess *sp, const char *data, gsize len)
{
  g_autoptr (GError) error = NULL;

  g_output_stream_write_all (g_subprocess_get_stdin_pipe (sp), data, len, NULL, NULL, &error);
  g_assert_no_error (error);
}

/* A stdin-driven run that lasts until stopped, read until its first samples. */
GSubprocess *
start_stdin_run (Stream *s)
{
  GSubprocess *sp = spawn (NULL, TRUE, FALSE);

  write_stdin (sp, "start latency policy=other interval_us=1000 duration=0\n");
  read_until (s, sp, RTB_FRAME_SAMPLES);
  return sp;
}
