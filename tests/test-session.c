/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * RtbSession against the real worker (SCHED_OTHER always, SCHED_FIFO when root) and against
 * rtb-fake-worker for the endings the real one cannot be made to produce. Only the structure
 * of the streams is checked, never timing.
 */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "proc-test-util.h"
#include "rtb-session-private.h"

#define GUARD_SECONDS 10

/* Holds one symlink to rtb-fake-worker per script, named after it. */
static char *fake_dir;

typedef struct {
  RtbSession *session;
  GMainLoop *loop;
  GArray *types;
  GPtrArray *logs;
  GError *error;
  RtbCommand command;
  guint n_finished;
  guint n_samples;
  guint32 summary_reason;
  guint32 worker_pid;
  gboolean stop_after_samples;
  gboolean timed_out;
} Fixture;

static void
on_frame (RtbSession *session, const RtbFrame *frame, Fixture *f)
{
  guint16 type = frame->header->type;

  g_array_append_val (f->types, type);
  switch (type)
    {
    case RTB_FRAME_HELLO:
      f->worker_pid = ((const RtbHelloFrame *) frame->payload)->pid;
      break;
    case RTB_FRAME_SAMPLES:
      f->n_samples++;
      if (f->stop_after_samples)
        rtb_session_stop (session);
      break;
    case RTB_FRAME_SUMMARY:
      f->summary_reason = ((const RtbStatsFrame *) frame->payload)->reason;
      break;
    default:
      break;
    }
}

static void
on_log (RtbSession *session, const char *line, Fixture *f)
{
  g_ptr_array_add (f->logs, g_strdup (line));
}

static void
on_finished (RtbSession *session, const GError *error, Fixture *f)
{
  f->n_finished++;
  g_clear_error (&f->error);
  if (error != NULL)
    f->error = g_error_copy (error);
  g_main_loop_quit (f->loop);
}

static gboolean
on_guard (gpointer user_data)
{
  Fixture *f = user_data;

  f->timed_out = TRUE;
  g_main_loop_quit (f->loop);
  return G_SOURCE_REMOVE;
}

static gboolean
on_quit (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->session = rtb_session_new ();
  f->loop = g_main_loop_new (NULL, FALSE);
  f->types = g_array_new (FALSE, FALSE, sizeof (guint16));
  f->logs = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (f->session, "frame", G_CALLBACK (on_frame), f);
  g_signal_connect (f->session, "log", G_CALLBACK (on_log), f);
  g_signal_connect (f->session, "finished", G_CALLBACK (on_finished), f);

  rtb_command_defaults (&f->command, RTB_METHOD_LATENCY, (int) g_get_num_processors ());
  f->command.policy = RTB_POLICY_OTHER;
  f->command.priority = 0;
  f->command.duration_ns = G_GUINT64_CONSTANT (1000000000);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->session);
  g_clear_pointer (&f->loop, g_main_loop_unref);
  g_clear_pointer (&f->types, g_array_unref);
  g_clear_pointer (&f->logs, g_ptr_array_unref);
  g_clear_error (&f->error);
}

/* Runs until ::finished, then a little longer to catch a second emission. */
static void
run_session (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  guint guard;

  g_assert_true (rtb_session_start (f->session, &f->command, &error));
  g_assert_no_error (error);
  g_assert_true (rtb_session_is_running (f->session));

  guard = g_timeout_add_seconds (GUARD_SECONDS, on_guard, f);
  g_main_loop_run (f->loop);
  g_assert_false (f->timed_out);
  g_source_remove (guard);

  g_timeout_add (200, on_quit, f->loop);
  g_main_loop_run (f->loop);

  g_assert_cmpuint (f->n_finished, ==, 1);
  g_assert_false (rtb_session_is_running (f->session));
  g_assert_true (rtb_session_is_finished (f->session));
}

static guint16
type_at (Fixture *f, guint i)
{
  g_assert_cmpuint (i, <, f->types->len);
  return g_array_index (f->types, guint16, i);
}

static gboolean
has_type (Fixture *f, RtbFrameType type)
{
  for (guint i = 0; i < f->types->len; i++)
    if (type_at (f, i) == type)
      return TRUE;
  return FALSE;
}

static void
assert_complete_stream (Fixture *f)
{
  g_assert_cmpuint (f->types->len, >=, 4);
  g_assert_cmpuint (type_at (f, 0), ==, RTB_FRAME_HELLO);
  g_assert_cmpuint (type_at (f, 1), ==, RTB_FRAME_SYSTEM);
  g_assert_cmpuint (type_at (f, 2), ==, RTB_FRAME_STARTED);
  g_assert_cmpuint (type_at (f, f->types->len - 1), ==, RTB_FRAME_SUMMARY);
  g_assert_cmpuint (f->n_samples, >, 0);
  for (guint i = 3; i + 1 < f->types->len; i++)
    g_assert_true (type_at (f, i) == RTB_FRAME_SAMPLES || type_at (f, i) == RTB_FRAME_STATS ||
                   type_at (f, i) == RTB_FRAME_COUNTERS);
}

static char *
fake_path (const char *mode)
{
  return g_build_filename (fake_dir, mode, NULL);
}

static void
use_fake (Fixture *f, const char *mode)
{
  g_autofree char *path = fake_path (mode);

  rtb_session_set_worker_path (f->session, path);
}

static void
test_real_other (Fixture *f, gconstpointer data)
{
  const RtbHelloFrame *hello;

  rtb_session_set_launch (f->session, RTB_SESSION_LAUNCH_DIRECT);
  run_session (f);

  g_assert_no_error (f->error);
  assert_complete_stream (f);
  g_assert_cmpuint (f->summary_reason, ==, RTB_END_COMPLETED);
  g_assert_false (rtb_session_get_uses_pkexec (f->session));
  g_assert_cmpstr (rtb_session_get_argv (f->session)[0], ==, g_getenv ("RTBENCH_WORKER"));

  hello = rtb_session_get_hello (f->session);
  g_assert_nonnull (hello);
  g_assert_cmpuint (hello->protocol_version, ==, RTB_PROTOCOL_VERSION);
  g_assert_cmpuint (hello->pid, ==, f->worker_pid);
  g_assert_null (rtb_session_get_error (f->session));
}

static void
test_real_fifo (Fixture *f, gconstpointer data)
{
  if (geteuid () != 0)
    {
      g_test_skip ("SCHED_FIFO needs root");
      return;
    }

  f->command.policy = RTB_POLICY_FIFO;
  f->command.priority = 80;
  rtb_session_set_launch (f->session, RTB_SESSION_LAUNCH_AUTO_CLI);
  run_session (f);

  g_assert_no_error (f->error);
  assert_complete_stream (f);
  g_assert_cmpuint (f->summary_reason, ==, RTB_END_COMPLETED);
  g_assert_false (rtb_session_get_uses_pkexec (f->session));
}

static void
test_real_stop (Fixture *f, gconstpointer data)
{
  f->command.duration_ns = 0;
  f->stop_after_samples = TRUE;
  run_session (f);

  g_assert_no_error (f->error);
  assert_complete_stream (f);
  g_assert_cmpuint (f->summary_reason, ==, RTB_END_STOPPED);

  /* Stopping again after the end is harmless. */
  rtb_session_stop (f->session);
  g_assert_cmpuint (f->n_finished, ==, 1);
}

/* Each read of the worker's stream is one wake-up of the main loop, not more: GLib taking the
 * pipe out of the poll set and back around each read woke it again for nothing, about once per
 * read. A wake-up that dispatches nothing is an iteration that returns FALSE; starting and
 * ending the worker cause a few. */
static void
test_real_wakeups (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  guint n_idle = 0;
  guint n_busy = 0;

  /* Long enough for some twenty reads at the worker's four drains a second. */
  f->command.duration_ns = G_GUINT64_CONSTANT (4000000000);
  g_assert_true (rtb_session_start (f->session, &f->command, &error));
  g_assert_no_error (error);
  while (f->n_finished == 0)
    {
      if (g_main_context_iteration (NULL, TRUE))
        n_busy++;
      else
        n_idle++;
    }
  g_test_message ("%u frames (%u of samples): %u iterations dispatched, %u woke for nothing",
                  f->types->len, f->n_samples, n_busy, n_idle);
  g_assert_no_error (f->error);
  assert_complete_stream (f);
  g_assert_cmpuint (f->n_samples, >=, 20);
  g_assert_cmpuint (n_idle, <, n_busy / 2);
}

static void
test_real_rejected (Fixture *f, gconstpointer data)
{
  f->command.latency.interval_us = 10;
  run_session (f);

  g_assert_error (f->error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_REJECTED);
  g_test_message ("%s", f->error->message);
  g_assert_nonnull (strstr (f->error->message, "interval_us"));
  g_assert_cmpuint (type_at (f, 0), ==, RTB_FRAME_HELLO);
  g_assert_true (has_type (f, RTB_FRAME_ERROR));
  g_assert_false (has_type (f, RTB_FRAME_STARTED));
}

static void
test_real_dispose (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  gint64 deadline;

  f->command.duration_ns = 0;
  g_assert_true (rtb_session_start (f->session, &f->command, &error));
  g_assert_no_error (error);
  while (f->worker_pid == 0)
    g_main_context_iteration (NULL, TRUE);

  g_clear_object (&f->session);
  g_assert_cmpuint (f->n_finished, ==, 0);

  deadline = g_get_monotonic_time () + GUARD_SECONDS * G_USEC_PER_SEC;
  while (!test_process_gone ((int) f->worker_pid) && g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  g_assert_true (test_process_gone ((int) f->worker_pid));
}

static void
test_missing_worker (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *found = NULL;

  rtb_session_set_worker_path (f->session, "/nonexistent/rtbench-worker");
  g_assert_false (rtb_session_start (f->session, &f->command, &error));
  g_assert_error (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_WORKER_MISSING);
  g_assert_nonnull (strstr (error->message, "/nonexistent/rtbench-worker"));
  g_assert_false (rtb_session_is_running (f->session));
  g_assert_null (rtb_session_get_argv (f->session));
  g_clear_error (&error);

  /* The environment is changed in a child of its own, before any thread exists. */
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 0, 0);
      g_test_trap_assert_passed ();
      return;
    }

  g_setenv ("RTBENCH_WORKER", "/nonexistent/dev-worker", TRUE);
  found = rtb_session_find_worker (NULL, &error);
  g_assert_null (found);
  g_assert_error (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_WORKER_MISSING);
  g_assert_nonnull (strstr (error->message, "RTBENCH_WORKER"));
  g_assert_nonnull (strstr (error->message, "/nonexistent/dev-worker"));
  g_clear_error (&error);

  rtb_session_set_worker_path (f->session, NULL);
  g_assert_false (rtb_session_start (f->session, &f->command, &error));
  g_assert_error (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_WORKER_MISSING);
}

/* A remote host that ssh would read as an option (here one that runs a command here) is
 * refused before anything is spawned, for a probe and for a run. */
static void
test_remote_option (Fixture *f, gconstpointer data)
{
  g_autofree char *marker = g_build_filename (fake_dir, "proxy-command-ran", NULL);
  g_autofree char *host = g_strdup_printf ("-oProxyCommand=touch %s", marker);
  g_autoptr(GError) error = NULL;

  rtb_session_set_remote (f->session, host);
  g_assert_false (rtb_session_probe (f->session, &error));
  g_assert_error (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_SPAWN);
  g_assert_nonnull (strstr (error->message, "starts with “-”, which ssh would take as one of its "
                            "options"));
  g_assert_nonnull (strstr (error->message, host));
  g_clear_error (&error);
  g_assert_false (rtb_session_start (f->session, &f->command, &error));
  g_assert_error (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_SPAWN);
  g_assert_false (rtb_session_is_running (f->session));
  g_assert_null (rtb_session_get_argv (f->session));
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));

  g_assert_true (rtb_session_check_remote_host ("root@board", NULL));
  g_assert_true (rtb_session_check_remote_host ("board-1", NULL));
  g_assert_false (rtb_session_check_remote_host ("-F/tmp/x", NULL));
}

static void
test_find_worker (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *found = NULL;
  gboolean needs_pkexec = TRUE;

  found = rtb_session_find_worker (&needs_pkexec, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (found, ==, g_getenv ("RTBENCH_WORKER"));
  /* Root may use SCHED_FIFO 99 itself; anyone else is asked, whatever the worker's path. */
  if (geteuid () == 0)
    g_assert_false (needs_pkexec);
}

static void
test_fake_ok (Fixture *f, gconstpointer data)
{
  use_fake (f, "ok");
  run_session (f);

  g_assert_no_error (f->error);
  assert_complete_stream (f);
}

static void
test_fake_died (Fixture *f, gconstpointer data)
{
  use_fake (f, "die");
  run_session (f);

  g_assert_error (f->error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_DIED);
  g_test_message ("%s", f->error->message);
  g_assert_nonnull (strstr (f->error->message, "status 3"));
  g_assert_nonnull (strstr (f->error->message, "crashing on purpose"));
  g_assert_cmpuint (type_at (f, 0), ==, RTB_FRAME_HELLO);
  g_assert_cmpuint (type_at (f, 1), ==, RTB_FRAME_SYSTEM);
  g_assert_cmpuint (type_at (f, 2), ==, RTB_FRAME_STARTED);
  g_assert_cmpuint (f->n_samples, ==, 3);
  g_assert_false (has_type (f, RTB_FRAME_SUMMARY));
  g_assert_nonnull (rtb_session_get_hello (f->session));
}

static void
test_fake_killed (Fixture *f, gconstpointer data)
{
  use_fake (f, "kill");
  run_session (f);

  g_assert_error (f->error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_DIED);
  g_assert_nonnull (strstr (f->error->message, "signal 9"));
  g_assert_cmpuint (f->n_samples, ==, 3);
}

static void
test_fake_garbage (Fixture *f, gconstpointer data)
{
  use_fake (f, "garbage");
  run_session (f);

  g_assert_error (f->error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_PROTOCOL);
  g_assert_cmpuint (f->types->len, ==, 2);
  g_assert_cmpuint (type_at (f, 0), ==, RTB_FRAME_HELLO);
  g_assert_cmpuint (type_at (f, 1), ==, RTB_FRAME_SYSTEM);
}

static void
test_fake_stderr (Fixture *f, gconstpointer data)
{
  use_fake (f, "stderr");
  run_session (f);

  g_assert_no_error (f->error);
  g_assert_cmpuint (f->logs->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (f->logs, 0), ==, "fake: first line");
  g_assert_cmpstr (g_ptr_array_index (f->logs, 1), ==, "fake: second line");
  g_assert_cmpstr (g_ptr_array_index (f->logs, 2), ==, "fake: last line");
}

static void
test_fake_stubborn (Fixture *f, gconstpointer data)
{
  use_fake (f, "stubborn");
  f->stop_after_samples = TRUE;
  run_session (f);

  g_assert_error (f->error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_DIED);
  g_assert_nonnull (strstr (f->error->message, "signal 15"));
}

static void
test_fake_pkexec (Fixture *f, gconstpointer data)
{
  g_autofree char *pkexec = fake_path (data);
  g_autofree char *worker = fake_path ("ok");
  const char * const *argv;

  use_fake (f, "ok");
  _rtb_session_set_pkexec (f->session, pkexec);
  rtb_session_set_launch (f->session, RTB_SESSION_LAUNCH_AUTO_GUI);
  run_session (f);

  g_assert_true (rtb_session_get_uses_pkexec (f->session));
  argv = rtb_session_get_argv (f->session);
  g_assert_cmpstr (argv[0], ==, pkexec);
  g_assert_cmpstr (argv[1], ==, "--disable-internal-agent");
  g_assert_cmpstr (argv[2], ==, worker);
  g_assert_null (argv[3]);

  if (g_str_equal (data, "exit126"))
    g_assert_error (f->error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_AUTH_DISMISSED);
  else if (g_str_equal (data, "nopolkit"))
    {
      /* Said as polkit missing, with pkexec's words and the ways that need no polkit. */
      g_assert_error (f->error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_NO_POLKIT);
      g_assert_nonnull (strstr (f->error->message, "polkit is not running"));
      g_assert_nonnull (strstr (f->error->message, "Error getting authority"));
      g_assert_nonnull (strstr (f->error->message, "rtprio"));
      g_assert_nonnull (strstr (f->error->message, "/etc/security/limits.conf"));
    }
  else
    {
      g_assert_error (f->error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_AUTH_DENIED);
      g_assert_true (g_str_has_prefix (f->error->message, "Not authorized to run the worker"));
    }
  g_assert_cmpuint (f->types->len, ==, 0);
}

static void
test_fake_pkexec_cli (Fixture *f, gconstpointer data)
{
  g_autofree char *pkexec = fake_path ("ok");
  const char * const *argv;

  /* pkexec that lets the worker run: the stream is the worker's. */
  use_fake (f, "ok");
  _rtb_session_set_pkexec (f->session, pkexec);
  run_session (f);

  argv = rtb_session_get_argv (f->session);
  g_assert_cmpstr (argv[0], ==, pkexec);
  g_assert_false (g_str_has_prefix (argv[1], "--"));
  g_assert_true (rtb_session_get_uses_pkexec (f->session));
  g_assert_no_error (f->error);
  assert_complete_stream (f);
}

static void
test_fake_direct_127 (Fixture *f, gconstpointer data)
{
  use_fake (f, "exit127");
  rtb_session_set_launch (f->session, RTB_SESSION_LAUNCH_DIRECT);
  run_session (f);

  /* Without pkexec in between, 127 is the worker's own failure to execute. */
  g_assert_false (rtb_session_get_uses_pkexec (f->session));
  g_assert_error (f->error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_WORKER_MISSING);
}

static void
add (const char *path, gconstpointer data, void (*func) (Fixture *, gconstpointer))
{
  g_test_add (path, Fixture, data, fixture_setup, func, fixture_teardown);
}

static void
make_fake_dir (const char *fake)
{
  static const char * const modes[] = {
    "ok", "die", "kill", "garbage", "exit126", "exit127", "nopolkit", "stderr", "stubborn",
  };
  g_autoptr(GError) error = NULL;

  fake_dir = g_dir_make_tmp ("rtbench-fake-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_autofree char *link = fake_path (modes[i]);
      g_assert_cmpint (symlink (fake, link), ==, 0);
    }
}

static void
remove_fake_dir (void)
{
  g_autoptr(GDir) dir = g_dir_open (fake_dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fake_dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (fake_dir);
  g_clear_pointer (&fake_dir, g_free);
}

int
main (int argc, char **argv)
{
  const char *fake = g_getenv ("RTBENCH_FAKE_WORKER");
  int status;

  g_test_init (&argc, &argv, NULL);

  if (g_getenv ("RTBENCH_WORKER") == NULL || fake == NULL)
    {
      g_print ("1..0 # SKIP RTBENCH_WORKER and RTBENCH_FAKE_WORKER are not set (meson test "
               "sets them)\n");
      return 0;
    }
  make_fake_dir (fake);

  add ("/session/real/other", NULL, test_real_other);
  add ("/session/real/fifo", NULL, test_real_fifo);
  add ("/session/real/stop", NULL, test_real_stop);
  add ("/session/real/wakeups", NULL, test_real_wakeups);
  add ("/session/real/rejected", NULL, test_real_rejected);
  add ("/session/real/dispose", NULL, test_real_dispose);
  add ("/session/find-worker", NULL, test_find_worker);
  add ("/session/missing-worker", NULL, test_missing_worker);
  add ("/session/remote-option", NULL, test_remote_option);
  add ("/session/fake/ok", NULL, test_fake_ok);
  add ("/session/fake/died", NULL, test_fake_died);
  add ("/session/fake/killed", NULL, test_fake_killed);
  add ("/session/fake/garbage", NULL, test_fake_garbage);
  add ("/session/fake/stderr", NULL, test_fake_stderr);
  add ("/session/fake/stubborn", NULL, test_fake_stubborn);
  add ("/session/fake/pkexec-cli", NULL, test_fake_pkexec_cli);
  add ("/session/fake/pkexec-126", "exit126", test_fake_pkexec);
  add ("/session/fake/pkexec-127", "exit127", test_fake_pkexec);
  add ("/session/fake/pkexec-no-polkit", "nopolkit", test_fake_pkexec);
  add ("/session/fake/direct-127", NULL, test_fake_direct_127);

  status = g_test_run ();
  remove_fake_dir ();
  return status;
}
