/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rtbench-cli run and its --output: checked before the worker starts, kept in the unsaved
 * folder when saving still fails at the end, locked against a second run, and a warning when
 * another measurement already runs on a chosen CPU. The real CLI and worker, real files. */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sys/wait.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli-test-util.h"
#include "rtb-output.h"
#include "disk-test-util.h"


/* Refused at once, before any measurement: nothing on stdout, the path quoted on stderr. */
static void
assert_refused (CliResult *r, const char *path, const char *why)
{
  g_assert_cmpint (r->status, ==, 2);
  g_assert_cmpstr (r->out, ==, "");
  g_assert_nonnull (strstr (r->err, path));
  g_assert_nonnull (strstr (r->err, why));
}

static void
test_missing_folder (void)
{
  CliResult r = { 0 };

  run_cli (&r, "run", "latency", "--cpus", "0", "--policy", "other", "--duration", "3s",
           "--output", "/nonexistent/y.rtbench");
  assert_refused (&r, "/nonexistent", "does not exist");
  cli_result_clear (&r);
}

static void
test_folder_target (void)
{
  g_autofree char *dir = cli_tmp_path ("a-folder");
  CliResult r = { 0 };

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  run_cli (&r, "run", "timer", "--policy", "other", "--priority", "0", "--duration", "3s",
           "--output", dir);
  assert_refused (&r, dir, "is a folder");
  cli_result_clear (&r);

  run_cli (&r, "run", "timer", "--policy", "other", "--priority", "0", "--duration", "3s",
           "--output", "/dev/null");
  assert_refused (&r, "/dev/null", "not a regular file");
  cli_result_clear (&r);
}

/* In a shared folder (sticky, like /tmp) a link planted by another user cannot be replaced:
 * the final rename would fail after the whole run. Checked as an ordinary user (nobody). */
static void
test_planted_link (void)
{
  g_autofree char *shared = cli_tmp_path ("shared");
  g_autofree char *link = g_build_filename (shared, "run.rtbench", NULL);
  g_autofree char *setpriv = g_find_program_in_path ("setpriv");
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  int status;

  if (geteuid () != 0 || setpriv == NULL)
    {
      g_test_skip ("needs root and setpriv to play another user");
      return;
    }
  g_assert_cmpint (g_mkdir (shared, 01777), ==, 0);
  g_assert_cmpint (chmod (shared, 01777), ==, 0);
  g_assert_cmpint (chmod (cli_tmp_dir (), 0755), ==, 0);
  g_assert_cmpint (symlink ("/etc/passwd", link), ==, 0);
  const char *argv[] = { setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                         g_getenv ("RTBENCH_CLI"), "run", "latency", "--cpus", "0", "--policy",
                         "other", "--duration", "3s", "--output", link, NULL };
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &status, &error));
  g_assert_no_error (error);
  g_test_message ("stdout: %s\nstderr: %s", out, err);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 2);
  g_assert_nonnull (strstr (err, "belongs to another user"));
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
}

/* The folder passes the check (a file can be created there) but the run does not fit when it
 * ends: it is kept in the unsaved folder, and the message says where. */
static void
test_save_fails_at_end (void)
{
  g_autofree char *dir = cli_tmp_path ("full");
  g_autofree char *output = g_build_filename (dir, "run.rtbench", NULL);
  g_autofree char *data_home = cli_tmp_path ("data");
  g_autofree char *unsaved = g_build_filename (data_home, "rtbench", "unsaved", NULL);
  g_autofree char *kept = NULL;
  g_autofree char *why = NULL;
  g_autofree char *saving = NULL;
  const char *start, *end;
  CliResult r = { 0 };
  CliResult s = { 0 };

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  if (!disk_test_mount_tmpfs (dir, "256k", &why))
    {
      g_test_skip (why);
      return;
    }
  disk_test_fill (dir);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  run_cli (&r, "run", "latency", "--cpus", "0", "--policy", "other", "--duration", "2s",
           "--label", "kept", "--output", output);
  g_unsetenv ("XDG_DATA_HOME");
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.out, "CPU0")); /* it measured and summarised */
  /* Named as the user gave it, with no previous file to speak of. */
  saving = g_strdup_printf ("Could not save “%s”: No space left on device.", output);
  g_assert_nonnull (strstr (r.err, saving));
  g_assert_null (strstr (r.err, "The previous"));
  g_assert_false (g_file_test (output, G_FILE_TEST_EXISTS));

  /* "… It is kept in “PATH”." */
  start = strstr (r.err, unsaved);
  g_assert_nonnull (start);
  end = strstr (start, ".rtbench");
  g_assert_nonnull (end);
  kept = g_strndup (start, end + strlen (".rtbench") - start);
  run_cli (&s, "summary", kept);
  g_assert_cmpint (s.status, ==, 0);
  g_assert_nonnull (strstr (s.out, "kept"));
  cli_result_clear (&s);
  cli_result_clear (&r);
  disk_test_unmount (dir);
}

typedef struct {
  GSubprocess *cli;
  GDataInputStream *err;
} Background;

/* A run on CPU 0, its worker's log on stderr; returns once it measures. A minute long, not
 * until stopped, so that a test that dies cannot leave it running. */
static void
start_background (Background *b, const char *output)
{
  g_autoptr (GError) error = NULL;

  b->cli = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                             &error, g_getenv ("RTBENCH_CLI"), "run", "latency", "--cpus", "0",
                             "--policy", "other", "--duration", "60s", "--verbose", "--label",
                             "first", "--output", output, NULL);
  g_assert_no_error (error);
  b->err = g_data_input_stream_new (g_subprocess_get_stderr_pipe (b->cli));
  for (;;)
    {
      g_autofree char *line = g_data_input_stream_read_line_utf8 (b->err, NULL, NULL, &error);

      g_assert_no_error (error);
      g_assert_nonnull (line);
      g_test_message ("first: %s", line);
      /* The worker logs each thread once it runs on its CPU. */
      if (strstr (line, "thread CPU0") != NULL)
        break;
    }
}

static void
stop_background (Background *b)
{
  g_autoptr (GError) error = NULL;

  g_subprocess_send_signal (b->cli, SIGINT);
  g_assert_true (g_subprocess_wait (b->cli, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (b->cli), ==, 0);
  g_clear_object (&b->err);
  g_clear_object (&b->cli);
}

/* Two runs cannot save to one file: the second is refused before it measures, naming the
 * process that holds the file. */
static void
test_output_locked (void)
{
  g_autofree char *output = cli_tmp_path ("shared.rtbench");
  g_autofree char *lock = cli_tmp_path (".shared.rtbench.lock");
  g_autofree char *holder = NULL;
  Background first = { 0 };
  CliResult r = { 0 };
  CliResult s = { 0 };

  start_background (&first, output);
  g_assert_true (g_file_test (lock, G_FILE_TEST_IS_REGULAR));
  holder = g_strdup_printf ("process %s", g_subprocess_get_identifier (first.cli));
  run_cli (&r, "run", "latency", "--cpus", "0", "--policy", "other", "--duration", "1s",
           "--label", "second", "--output", output);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_nonnull (strstr (r.err, "another rtbench run"));
  g_assert_nonnull (strstr (r.err, holder));
  cli_result_clear (&r);
  stop_background (&first);

  /* The file is the first run's, and the lock went with it. */
  run_cli (&s, "summary", output);
  g_assert_cmpint (s.status, ==, 0);
  g_assert_nonnull (strstr (s.out, "first"));
  cli_result_clear (&s);
  g_assert_false (g_file_test (lock, G_FILE_TEST_EXISTS));
}

/* A file of one's own at `path` with `text`, and how it is now. */
static void
write_victim (const char *path, const char *text, struct stat *st)
{
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_cmpint (stat (path, st), ==, 0);
}

static void
assert_victim_unchanged (const char *path, const char *text, const struct stat *before)
{
  g_autofree char *now = NULL;
  struct stat st;

  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, text);
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, before->st_size);
  g_assert_cmpint (st.st_ino, ==, before->st_ino);
}

/* A run onto `output` is refused for its lock file `lock`, which stays (and is then removed
 * here), and `victim` keeps its bytes. */
static void
assert_lock_refused (const char        *output,
                     const char        *lock,
                     const char        *why,
                     const char        *victim,
                     const char        *text,
                     const struct stat *before)
{
  CliResult r = { 0 };

  run_cli (&r, "run", "latency", "--cpus", "0", "--policy", "other", "--duration", "1s",
           "--output", output);
  g_test_message ("stderr: %s", r.err);
  assert_refused (&r, lock, why);
  g_assert_nonnull (strstr (r.err, "Remove it"));
  cli_result_clear (&r);
  assert_victim_unchanged (victim, text, before);
  g_assert_false (g_file_test (output, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_unlink (lock), ==, 0);
}

/* A lock file planted by someone else, in a folder such as /tmp: a hard link to a file of the
 * user's (root can make one whatever fs.protected_hardlinks says), or a symbolic link. The run
 * refuses it before it measures, naming the lock file and what to do, and the file it leads to
 * keeps every byte. */
static void
test_planted_lock (void)
{
  static const char text[] = "root's own file\n";
  g_autofree char *dir = cli_tmp_path ("planted-lock");
  g_autofree char *output = g_build_filename (dir, "run.rtbench", NULL);
  g_autofree char *lock = g_build_filename (dir, ".run.rtbench.lock", NULL);
  g_autofree char *victim = cli_tmp_path ("victim");
  struct stat before;
  CliResult r = { 0 };

  g_assert_cmpint (g_mkdir (dir, 01777), ==, 0);
  g_assert_cmpint (chmod (dir, 01777), ==, 0);
  write_victim (victim, text, &before);

  g_assert_cmpint (link (victim, lock), ==, 0);
  assert_lock_refused (output, lock, "has other names (hard links)", victim, text, &before);
  g_assert_cmpint (symlink (victim, lock), ==, 0);
  assert_lock_refused (output, lock, "is a symbolic link", victim, text, &before);

  /* A lock its run left behind when it was killed is the user's own: it is taken. */
  g_assert_true (g_file_set_contents (lock, "1 elsewhere\n", -1, NULL));
  run_cli (&r, "run", "latency", "--cpus", "0", "--policy", "other", "--duration", "1s",
           "--output", output);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
  g_assert_true (g_file_test (output, G_FILE_TEST_IS_REGULAR));
  g_assert_false (g_file_test (lock, G_FILE_TEST_EXISTS));
}

/* A run measures into OUT: an import to OUT is refused, naming the run, and OUT stays the
 * run's. */
static void
test_import_while_running (void)
{
  g_autofree char *output = cli_tmp_path ("measured.rtbench");
  g_autofree char *fixture = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "import",
                                               "ct24-h20-q-2t.txt", NULL);
  g_autofree char *holder = NULL;
  Background first = { 0 };
  CliResult r = { 0 };
  CliResult s = { 0 };

  start_background (&first, output);
  holder = g_strdup_printf ("process %s", g_subprocess_get_identifier (first.cli));
  run_cli (&r, "import", fixture, "--label", "imported", "--output", output);
  g_test_message ("stdout: %s\nstderr: %s", r.out, r.err);
  stop_background (&first);
  g_assert_cmpint (r.status, !=, 0);
  g_assert_null (strstr (r.out, "saved to"));
  g_assert_nonnull (strstr (r.err, "another rtbench run"));
  g_assert_nonnull (strstr (r.err, holder));
  g_assert_nonnull (strstr (r.err, output));
  cli_result_clear (&r);

  run_cli (&s, "summary", output);
  g_assert_cmpint (s.status, ==, 0);
  g_assert_nonnull (strstr (s.out, "first"));
  g_assert_null (strstr (s.out, "imported"));
  cli_result_clear (&s);
}

/* The pid of the worker a CLI started (its only child). */
static char *
worker_of (const char *cli_pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%s/task/%s/children", cli_pid, cli_pid);
  g_autofree char *children = NULL;

  g_assert_true (g_file_get_contents (path, &children, NULL, NULL));
  g_strstrip (children);
  g_assert_cmpstr (children, !=, "");
  g_assert_null (strchr (children, ' '));
  return g_steal_pointer (&children);
}

/* Whether a line of `err` warns about CPU `cpu` and names the worker `pid` among others. */
static gboolean
warns_about (const char *err, const char *cpu, const char *pid)
{
  g_auto (GStrv) lines = g_strsplit (err, "\n", -1);
  g_autofree char *what = g_strdup_printf ("already runs on CPU %s of this machine", cpu);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *list = strstr (lines[i], "(rtbench-worker process ");
      g_autofree char *inner = NULL;
      g_auto (GStrv) pids = NULL;

      if (strstr (lines[i], what) == NULL || list == NULL)
        continue;
      list += strlen ("(rtbench-worker process ");
      inner = g_strndup (list, strcspn (list, ")"));
      pids = g_strsplit_set (inner, ", ", -1);
      if (g_strv_contains ((const char * const *) pids, pid))
        return TRUE;
    }
  return FALSE;
}

/* Another measurement on a chosen CPU: warned about, with its worker's process, and measured
 * all the same; a run on another CPU hears nothing. */
static void
test_cpu_in_use (void)
{
  g_autofree char *output = cli_tmp_path ("busy.rtbench");
  g_autofree char *worker = NULL;
  Background first = { 0 };
  CliResult r = { 0 };

  start_background (&first, output);
  worker = worker_of (g_subprocess_get_identifier (first.cli));
  run_cli (&r, "run", "latency", "--cpus", "0", "--policy", "other", "--duration", "1s");
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (warns_about (r.err, "0", worker));
  g_assert_nonnull (strstr (r.out, "CPU0"));
  cli_result_clear (&r);

  /* Other tests' or users' workers may run on CPU 1 of this machine, but not the first's. */
  if (g_get_num_processors () > 1)
    {
      run_cli (&r, "run", "latency", "--cpus", "1", "--policy", "other", "--duration", "1s");
      g_assert_cmpint (r.status, ==, 0);
      g_assert_false (warns_about (r.err, "1", worker));
      cli_result_clear (&r);
    }
  stop_background (&first);
}

/* The name the window proposes for a run or an export: no commas, no spaces. */
static void
test_file_name (void)
{
  g_autoptr (GDateTime) start = g_date_time_new_local (2026, 12, 3, 9, 47, 21);
  gint64 start_us = g_date_time_to_unix (start) * G_USEC_PER_SEC;
  g_autofree char *run = rtb_output_file_name ("latency, vm", start_us, "rtbench");
  g_autofree char *odd = rtb_output_file_name (" a/b\\c: ümlaut, 64×64 ", 0, "png");
  g_autofree char *empty = rtb_output_file_name (", ", 0, "csv");

  g_assert_cmpstr (run, ==, "latency-vm-2026-12-03-0947.rtbench");
  g_assert_cmpstr (odd, ==, "a-b-c-ümlaut-64-64.png");
  g_assert_cmpstr (empty, ==, "rtbench.csv");
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  CLI_REQUIRE_ENV ();
  cli_tmp_dir_make ("run-output");
  g_test_add_func ("/run-output/file-name", test_file_name);
  g_test_add_func ("/run-output/missing-folder", test_missing_folder);
  g_test_add_func ("/run-output/folder-target", test_folder_target);
  g_test_add_func ("/run-output/planted-link", test_planted_link);
  g_test_add_func ("/run-output/locked", test_output_locked);
  g_test_add_func ("/run-output/planted-lock", test_planted_lock);
  g_test_add_func ("/run-output/import-while-running", test_import_while_running);
  g_test_add_func ("/run-output/cpu-in-use", test_cpu_in_use);
  /* Last: it leaves this process in a mount namespace of its own. */
  g_test_add_func ("/run-output/save-fails-at-end", test_save_fails_at_end);
  status = g_test_run ();

  cli_tmp_dir_remove ();
  return status;
}
