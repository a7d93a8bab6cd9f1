/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The real rtbench-worker's stop contract (EOF, "stop", signals, EPIPE, parent death, within
 * 100 ms mid-instance), garbage on its stdin during a run, and the privileges it keeps.
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
#include "worker-harness.h"

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
  /* Not a stop: the NUL is named, the run goes on. */
  g_byte_array_append (garbage, (const guint8 *) "stop\0now\n", 9);
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

/* A latency thread stalled across the end of its run (the whole worker stopped by SIGSTOP from
 * 0.7 s to 1.3 s of a 1 s run): the periods it counts, measured or skipped, are only those of
 * the run, never the ones that went by after its end. */
static void
test_stall_across_end (void)
{
  const char *args[] = { "latency", "policy=other", "cpus=0", "interval_us=1000", "duration=1s",
                         NULL };
  g_autoptr (Stream) s = stream_new ();
  g_autoptr (GSubprocess) sp = spawn (args, FALSE, FALSE);
  const RtbThreadStats *stats;
  GPid pid;

  read_until (s, sp, RTB_FRAME_STARTED);
  pid = (GPid) g_ascii_strtoll (g_subprocess_get_identifier (sp), NULL, 10);
  g_usleep (700 * 1000);
  g_assert_cmpint (kill (pid, SIGSTOP), ==, 0);
  g_usleep (600 * 1000);
  g_assert_cmpint (kill (pid, SIGCONT), ==, 0);
  read_to_eof (s, sp, 10 * G_USEC_PER_SEC);
  wait_exit (s, sp);

  stats = rtb_stats_threads (stream_summary (s));
  g_test_message ("%" G_GUINT64_FORMAT " measured, %" G_GUINT64_FORMAT " skipped",
                  stats[0].count, stats[0].skipped);
  g_assert_cmpint (stream_summary (s)->reason, ==, RTB_END_COMPLETED);
  /* Its first period ends 1 ms after the thread started, after the run's clock did. */
  g_assert_cmpuint (stats[0].count + stats[0].skipped, <=, 1000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/worker/privileges", test_privileges);
  g_test_add_func ("/worker/stop/stdin-eof", test_stdin_eof);
  g_test_add_func ("/worker/stop/stdin-stop", test_stdin_stop);
  g_test_add_func ("/worker/stdin-garbage", test_stdin_garbage);
  g_test_add_func ("/worker/stop/sigterm", test_sigterm);
  g_test_add_func ("/worker/stop/long-instance", test_stop_long_instance);
  g_test_add_func ("/worker/stop/epipe", test_epipe);
  g_test_add_func ("/worker/stop/parent-death", test_parent_death);
  g_test_add_func ("/worker/stop/stall-across-end", test_stall_across_end);
  return g_test_run ();
}
