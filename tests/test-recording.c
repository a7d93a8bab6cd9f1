/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * RtbRecording against the real worker (SCHED_OTHER: these runs share the machine with other
 * tests) and rtb-fake-worker for an ending the real one cannot produce: its signals, its run,
 * several recordings at once each with its own worker, and the file it saves at the end.
 * Structure only, never timing.
 */
#include "config.h"

#include <unistd.h>

#include <glib/gstdio.h>

#include "rtb-output.h"
#include "rtb-recording.h"

#define GUARD_SECONDS 20

static char *tmp_dir;

typedef struct {
  guint n_changed;
  guint n_finished;
  guint n_failed;
  guint n_system;
  GPtrArray *warnings;
  GError *error;
} Counts;

static void
on_changed (RtbRecording *recording, Counts *c)
{
  c->n_changed++;
}

static void
on_finished (RtbRecording *recording, Counts *c)
{
  c->n_finished++;
}

static void
on_failed (RtbRecording *recording, const GError *error, Counts *c)
{
  c->n_failed++;
  g_clear_error (&c->error);
  c->error = g_error_copy (error);
}

static void
on_system (RtbRecording *recording, GParamSpec *pspec, Counts *c)
{
  c->n_system++;
}

static void
on_warning (RtbRecording *recording, const char *text, Counts *c)
{
  g_test_message ("warning: %s", text);
  g_ptr_array_add (c->warnings, g_strdup (text));
}

static void
watch (RtbRecording *recording, Counts *c)
{
  c->warnings = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (recording, "changed", G_CALLBACK (on_changed), c);
  g_signal_connect (recording, "finished", G_CALLBACK (on_finished), c);
  g_signal_connect (recording, "failed", G_CALLBACK (on_failed), c);
  g_signal_connect (recording, "notify::system", G_CALLBACK (on_system), c);
  g_signal_connect (recording, "warning", G_CALLBACK (on_warning), c);
}

static void
counts_clear (Counts *c)
{
  g_clear_pointer (&c->warnings, g_ptr_array_unref);
  g_clear_error (&c->error);
}

static void
wait_until_ended (RtbRecording **recordings, guint n)
{
  gint64 deadline = g_get_monotonic_time () + GUARD_SECONDS * G_USEC_PER_SEC;

  for (;;)
    {
      gboolean live = FALSE;

      for (guint i = 0; i < n; i++)
        live |= rtb_recording_get_state (recordings[i]) == RTB_RECORDING_STARTING ||
                rtb_recording_is_live (recordings[i]);
      if (!live || g_get_monotonic_time () > deadline)
        break;
      g_main_context_iteration (NULL, TRUE);
    }
}

static RtbRecording *
new_latency (const char *cpus, const char *duration, const char *label)
{
  RtbCommand cmd;
  RtbCommandError error;
  int n_cpus = (int) sysconf (_SC_NPROCESSORS_ONLN);

  rtb_command_defaults (&cmd, RTB_METHOD_LATENCY, n_cpus);
  g_assert_true (rtb_command_set (&cmd, "cpus", cpus, n_cpus, &error));
  g_assert_true (rtb_command_set (&cmd, "policy", "other", n_cpus, &error));
  g_assert_true (rtb_command_set (&cmd, "priority", "0", n_cpus, &error));
  g_assert_true (rtb_command_set (&cmd, "duration", duration, n_cpus, &error));
  g_assert_true (rtb_command_set (&cmd, "interval_us", "1000", n_cpus, &error));
  return rtb_recording_new (&cmd, label);
}

static guint64
series_count_sum (RtbRun *run)
{
  guint64 total = 0;

  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    total += rtb_run_get_series (run, i)->histogram.stats.count;
  return total;
}

/* A short local run: it changes while it runs, describes its machine, finishes once and saves
 * the whole run to its output at the end. */
static void
test_local (void)
{
  g_autoptr(RtbRecording) recording = new_latency ("0", "1", "local");
  g_autofree char *output = g_build_filename (tmp_dir, "local.rtbench", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbRun) saved = NULL;
  Counts c = { 0 };
  RtbRun *run;

  watch (recording, &c);
  rtb_recording_set_output (recording, output);
  rtb_recording_set_flush_interval (recording, 100);
  g_assert_cmpint (rtb_recording_get_state (recording), ==, RTB_RECORDING_NEW);
  g_assert_true (rtb_recording_start (recording, &error));
  g_assert_no_error (error);
  g_assert_true (rtb_recording_is_live (recording));
  wait_until_ended (&recording, 1);

  g_assert_cmpint (rtb_recording_get_state (recording), ==, RTB_RECORDING_FINISHED);
  g_assert_cmpuint (c.n_finished, ==, 1);
  g_assert_cmpuint (c.n_failed, ==, 0);
  g_assert_cmpuint (c.n_changed, >, 1);
  g_assert_cmpuint (c.n_system, ==, 1);
  g_assert_cmpstr (rtb_recording_get_system (recording)->hostname, ==, g_get_host_name ());
  g_assert_null (rtb_recording_get_error (recording));

  run = rtb_recording_get_run (recording);
  g_assert_cmpint (rtb_run_get_state (run), ==, RTB_RUN_STATE_FINISHED);
  g_assert_cmpint (rtb_run_get_end_reason (run), ==, RTB_END_COMPLETED);
  g_assert_cmpstr (rtb_run_get_label (run), ==, "local");
  g_assert_cmpuint (rtb_run_get_n_series (run), ==, 1);
  g_assert_cmpuint (rtb_run_get_total_count (run), >, 0);

  g_assert_cmpstr (rtb_recording_get_saved_path (recording), ==, output);
  g_assert_null (rtb_recording_get_save_error (recording));
  saved = rtb_run_load (output, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (series_count_sum (saved), ==, rtb_run_get_total_count (run));
  counts_clear (&c);
}

/* A run without an output, kept as the window keeps its runs, is in the unsaved folder at its
 * end; saved later, it is where the user saved it and the unsaved file is gone (not while
 * another run saves there); discarded, it is saved nowhere. */
static void
test_saved_after_end (void)
{
  g_autoptr(RtbRecording) kept = new_latency ("0", "1", "kept");
  g_autoptr(RtbRecording) dropped = new_latency ("0", "1", "dropped");
  g_autofree char *output = g_build_filename (tmp_dir, "saved-after-end.rtbench", NULL);
  g_autofree char *unsaved = NULL;
  g_autoptr(GError) error = NULL;
  RtbOutputLock *other;
  RtbRecording *both[] = { kept, dropped };

  rtb_recording_set_keep_unsaved (kept, TRUE);
  rtb_recording_set_keep_unsaved (dropped, TRUE);
  g_assert_true (rtb_recording_start (kept, &error));
  g_assert_true (rtb_recording_start (dropped, &error));
  g_assert_no_error (error);
  wait_until_ended (both, 2);

  unsaved = g_strdup (rtb_recording_get_unsaved_path (kept));
  g_assert_nonnull (unsaved);
  g_assert_cmpstr (rtb_recording_get_saved_path (kept), ==, unsaved);
  g_assert_true (g_file_test (unsaved, G_FILE_TEST_IS_REGULAR));
  other = rtb_output_lock (output, &error);
  g_assert_no_error (error);
  g_assert_false (rtb_recording_save_to (kept, output, &error));
  g_assert_error (error, RTB_OUTPUT_ERROR, RTB_OUTPUT_ERROR_BUSY);
  g_clear_error (&error);
  g_assert_false (g_file_test (output, G_FILE_TEST_EXISTS));
  g_assert_cmpstr (rtb_recording_get_saved_path (kept), ==, unsaved);
  g_clear_pointer (&other, rtb_output_lock_release);
  g_assert_true (rtb_recording_save_to (kept, output, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (rtb_recording_get_saved_path (kept), ==, output);
  g_assert_null (rtb_recording_get_unsaved_path (kept));
  g_assert_false (g_file_test (unsaved, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (output, G_FILE_TEST_IS_REGULAR));

  g_clear_pointer (&unsaved, g_free);
  unsaved = g_strdup (rtb_recording_get_saved_path (dropped));
  g_assert_cmpstr (unsaved, ==, rtb_recording_get_unsaved_path (dropped));
  rtb_recording_discard (dropped);
  g_assert_null (rtb_recording_get_saved_path (dropped));
  g_assert_false (g_file_test (unsaved, G_FILE_TEST_EXISTS));
}

/* Two recordings at once, each with its own worker: both fill their runs and finish. */
static void
test_concurrent (void)
{
  RtbRecording *recordings[2] = {
    new_latency ("0", "2", "first"),
    new_latency (sysconf (_SC_NPROCESSORS_ONLN) > 1 ? "1" : "0", "2", "second"),
  };
  Counts c[2] = { { 0 } };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 2; i++)
    {
      watch (recordings[i], &c[i]);
      g_assert_true (rtb_recording_start (recordings[i], &error));
      g_assert_no_error (error);
    }
  wait_until_ended (recordings, 2);

  for (guint i = 0; i < 2; i++)
    {
      RtbRun *run = rtb_recording_get_run (recordings[i]);

      g_assert_cmpuint (c[i].n_finished, ==, 1);
      g_assert_cmpuint (c[i].n_failed, ==, 0);
      g_assert_cmpuint (rtb_run_get_total_count (run), >, 0);
      g_assert_nonnull (rtb_run_get_worker (run));
      g_test_message ("%s: %" G_GUINT64_FORMAT " samples, worker %u", rtb_run_get_label (run),
                      rtb_run_get_total_count (run), rtb_run_get_worker (run)->pid);
    }
  g_assert_cmpuint (rtb_run_get_worker (rtb_recording_get_run (recordings[0]))->pid, !=,
                    rtb_run_get_worker (rtb_recording_get_run (recordings[1]))->pid);
  for (guint i = 0; i < 2; i++)
    {
      counts_clear (&c[i]);
      g_object_unref (recordings[i]);
    }
}

static gboolean
has_samples (RtbRecording *recording)
{
  return rtb_run_get_total_count (rtb_recording_get_run (recording)) > 0;
}

/* Two runs of this process on one CPU: the second is started, with a warning naming the first
 * (before the first's threads may even exist); a run on another CPU hears nothing of it. */
static void
test_same_cpus (void)
{
  g_autoptr(RtbRecording) first = new_latency ("0", "2", "first");
  g_autoptr(RtbRecording) second = new_latency ("0", "1", "second");
  g_autoptr(GError) error = NULL;
  Counts c = { 0 };

  g_assert_true (rtb_recording_start (first, &error));
  watch (second, &c);
  g_assert_true (rtb_recording_start (second, &error));
  /* Other workers of this machine (other tests, other users) may be warned about too. */
  g_assert_true (g_ptr_array_find_with_equal_func (c.warnings,
                                                   "The run “first” already measures CPU 0 of "
                                                   "this machine: the two runs disturb each "
                                                   "other’s figures", g_str_equal, NULL));
  if (sysconf (_SC_NPROCESSORS_ONLN) > 1)
    {
      g_autoptr(RtbRecording) third = new_latency ("1", "1", "third");
      Counts t = { 0 };

      watch (third, &t);
      g_assert_true (rtb_recording_start (third, &error));
      for (guint i = 0; i < t.warnings->len; i++)
        g_assert_false (g_str_has_prefix (g_ptr_array_index (t.warnings, i), "The run “"));
      wait_until_ended (&third, 1);
      counts_clear (&t);
    }
  wait_until_ended (&second, 1);
  wait_until_ended (&first, 1);
  g_assert_cmpint (rtb_recording_get_state (second), ==, RTB_RECORDING_FINISHED);
  counts_clear (&c);
}

/* Stopped while it runs: it finishes (stopped, not failed) with what it measured. */
static void
test_stop (void)
{
  g_autoptr(RtbRecording) recording = new_latency ("0", "0", "until stopped");
  g_autoptr(GError) error = NULL;
  gint64 deadline = g_get_monotonic_time () + GUARD_SECONDS * G_USEC_PER_SEC;
  Counts c = { 0 };

  watch (recording, &c);
  g_assert_true (rtb_recording_start (recording, &error));
  while (!has_samples (recording) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (rtb_recording_get_state (recording), ==, RTB_RECORDING_RUNNING);
  g_assert_cmpfloat (rtb_recording_get_elapsed_seconds (recording), >, 0);
  rtb_recording_stop (recording);
  wait_until_ended (&recording, 1);

  g_assert_cmpuint (c.n_finished, ==, 1);
  g_assert_cmpint (rtb_run_get_end_reason (rtb_recording_get_run (recording)), ==,
                   RTB_END_STOPPED);
  g_assert_cmpuint (rtb_run_get_total_count (rtb_recording_get_run (recording)), >, 0);
  counts_clear (&c);
}

/* A worker that cannot be found: nothing starts, and the error says so. */
static void
test_worker_missing (void)
{
  g_autoptr(RtbRecording) recording = new_latency ("0", "1", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *worker = g_strdup (g_getenv ("RTBENCH_WORKER"));

  g_setenv ("RTBENCH_WORKER", "/nonexistent/rtbench-worker", TRUE);
  g_assert_false (rtb_recording_start (recording, &error));
  g_setenv ("RTBENCH_WORKER", worker, TRUE);
  g_assert_error (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_WORKER_MISSING);
  g_assert_cmpint (rtb_recording_get_state (recording), ==, RTB_RECORDING_NEW);
}

/* A worker that dies mid-run: ::failed says why, the run is cut short with its samples, and
 * they are saved all the same. */
static void
test_worker_dies (void)
{
  g_autoptr(RtbRecording) recording = new_latency ("0", "1", "dies");
  g_autofree char *output = g_build_filename (tmp_dir, "dies.rtbench", NULL);
  g_autofree char *fake = g_build_filename (tmp_dir, "die", NULL);
  g_autofree char *worker = g_strdup (g_getenv ("RTBENCH_WORKER"));
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbRun) saved = NULL;
  Counts c = { 0 };

  g_assert_cmpint (symlink (g_getenv ("RTBENCH_FAKE_WORKER"), fake), ==, 0);
  g_setenv ("RTBENCH_WORKER", fake, TRUE);
  watch (recording, &c);
  rtb_recording_set_output (recording, output);
  g_assert_true (rtb_recording_start (recording, &error));
  g_setenv ("RTBENCH_WORKER", worker, TRUE);
  wait_until_ended (&recording, 1);

  g_assert_cmpint (rtb_recording_get_state (recording), ==, RTB_RECORDING_FAILED);
  g_assert_cmpuint (c.n_failed, ==, 1);
  g_assert_cmpuint (c.n_finished, ==, 0);
  g_assert_error (c.error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_DIED);
  g_assert_cmpint (rtb_run_get_state (rtb_recording_get_run (recording)), ==,
                   RTB_RUN_STATE_CUT_SHORT);
  saved = rtb_run_load (output, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rtb_run_get_total_count (saved), >, 0);
  g_assert_cmpuint (rtb_run_get_total_count (saved), ==,
                    rtb_run_get_total_count (rtb_recording_get_run (recording)));
  g_unlink (fake);
  counts_clear (&c);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("rtbench-recording-XXXXXX", &error);
  g_assert_no_error (error);
  /* The unsaved folder of these tests is theirs alone. */
  g_setenv ("XDG_DATA_HOME", tmp_dir, TRUE);

  g_test_add_func ("/recording/local", test_local);
  g_test_add_func ("/recording/concurrent", test_concurrent);
  g_test_add_func ("/recording/saved-after-end", test_saved_after_end);
  g_test_add_func ("/recording/stop", test_stop);
  g_test_add_func ("/recording/same-cpus", test_same_cpus);
  g_test_add_func ("/recording/worker-missing", test_worker_missing);
  g_test_add_func ("/recording/worker-dies", test_worker_dies);
  status = g_test_run ();
  remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
