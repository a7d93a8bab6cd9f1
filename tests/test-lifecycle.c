/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * How runs end when their owner dies: a SIGKILLed rtbench-cli takes its worker down within a
 * second whatever the method, and a process killed while it saves over a run file leaves the
 * old file whole.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rtb-run.h"

#define EXIT_BOUND_US (1000 * 1000)
#define N_SAVE_KILLS 50

static const char *
env_path (const char *name)
{
  const char *path = g_getenv (name);

  if (path == NULL)
    g_error ("%s is not set: run the tests through meson", name);
  return path;
}

static gboolean
is_root (void)
{
  return geteuid () == 0;
}

/* Starts argv with stdin and stderr on /dev/null; stdout too unless `out_fd` asks for a pipe. */
static pid_t
start (const char *const *argv, int *out_fd)
{
  int fds[2] = { -1, -1 };
  pid_t pid;

  if (out_fd != NULL)
    g_assert_cmpint (pipe2 (fds, O_CLOEXEC), ==, 0);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      int null = open ("/dev/null", O_RDWR);
      dup2 (null, STDIN_FILENO);
      dup2 (out_fd != NULL ? fds[1] : null, STDOUT_FILENO);
      dup2 (null, STDERR_FILENO);
      execv (argv[0], (char *const *) argv);
      _exit (127);
    }
  if (out_fd != NULL)
    {
      close (fds[1]);
      *out_fd = fds[0];
    }
  return pid;
}

/* The pid of `parent`'s child named `comm`, or 0. */
static pid_t
find_child (pid_t parent, const char *comm)
{
  g_autoptr (GDir) proc = g_dir_open ("/proc", 0, NULL);
  const char *name;

  g_assert_nonnull (proc);
  while ((name = g_dir_read_name (proc)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *stat = NULL;
      const char *open_paren, *close_paren;
      char state;
      int ppid;

      if (!g_ascii_isdigit (name[0]))
        continue;
      path = g_strdup_printf ("/proc/%s/stat", name);
      if (!g_file_get_contents (path, &stat, NULL, NULL))
        continue;
      open_paren = strchr (stat, '(');
      close_paren = strrchr (stat, ')');
      if (open_paren == NULL || close_paren == NULL ||
          sscanf (close_paren + 1, " %c %d", &state, &ppid) != 2 || ppid != parent)
        continue;
      if ((size_t) (close_paren - open_paren - 1) == strlen (comm) &&
          strncmp (open_paren + 1, comm, strlen (comm)) == 0)
        return (pid_t) g_ascii_strtoll (name, NULL, 10);
    }
  return 0;
}

static guint
count_tasks (pid_t pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/task", (int) pid);
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  if (dir == NULL)
    return 0;
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* Starts the client `argv`, SIGKILLs it once its worker measures, and returns how long the
 * worker outlived it. */
static gint64
kill_client_during (const char *const *argv)
{
  gint64 t0, gone_us;
  pid_t cli, worker = 0;
  int status;

  cli = start (argv, NULL);

  /* Measuring: main, writer and at least one measurement thread. */
  t0 = g_get_monotonic_time ();
  while (worker == 0 || count_tasks (worker) < 3)
    {
      if (g_get_monotonic_time () - t0 > 10 * G_USEC_PER_SEC)
        {
          kill (cli, SIGKILL);
          g_error ("%s did not start a measuring worker within 10 s", argv[0]);
        }
      g_usleep (5000);
      if (worker == 0)
        worker = find_child (cli, "rtbench-worker");
    }
  g_usleep (g_random_int_range (50000, 300000));

  g_assert_cmpint (kill (cli, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (cli, &status, 0), ==, cli);
  g_assert_true (WIFSIGNALED (status));

  /* We are the subreaper: the orphaned worker is now our child. */
  t0 = g_get_monotonic_time ();
  for (;;)
    {
      pid_t r = waitpid (worker, &status, WNOHANG);
      if (r == worker)
        break;
      g_assert_cmpint (r, ==, 0);
      if (g_get_monotonic_time () - t0 > EXIT_BOUND_US)
        {
          kill (worker, SIGKILL);
          waitpid (worker, &status, 0);
          g_error ("the worker outlived the killed %s by more than 1 s", argv[0]);
        }
      g_usleep (2000);
    }
  gone_us = g_get_monotonic_time () - t0;
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (kill (worker, 0), ==, -1);
  g_assert_cmpint (errno, ==, ESRCH);
  return gone_us;
}

/* SIGKILLs `rtbench-cli run …` once its worker measures. */
static gint64
kill_cli_during (const char *const *run_args)
{
  g_autofree char *dir = g_dir_make_tmp ("rtbench-lifecycle-XXXXXX", NULL);
  g_autofree char *output = g_build_filename (dir, "run.rtbench", NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  gint64 gone_us;

  g_ptr_array_add (argv, (gpointer) env_path ("RTBENCH_CLI"));
  g_ptr_array_add (argv, (gpointer) "run");
  for (; *run_args != NULL; run_args++)
    g_ptr_array_add (argv, (gpointer) *run_args);
  g_ptr_array_add (argv, (gpointer) "--output");
  g_ptr_array_add (argv, output);
  g_ptr_array_add (argv, NULL);
  gone_us = kill_client_during ((const char *const *) argv->pdata);
  g_unlink (output);
  g_rmdir (dir);
  return gone_us;
}

static void
test_cli_killed (void)
{
  const char *policy = is_root () ? "fifo" : "other";
  const char *const latency[] = { "latency", "--cpus", "0", "--policy", policy,
                                  "--duration", "60s", NULL };
  const char *const jitter[] = { "jitter", "--cpu", "0", "--duration", "60s", NULL };
  const char *const timer[] = { "timer", "--cpu", "0", "--policy", policy, "--duration", "60s",
                                NULL };
  const char *const response[] = { "response", "--size", "1024", "--instances", "1000",
                                   "--cpu", "0", "--policy", policy, NULL };
  const char *const *const runs[] = { latency, jitter, timer, response };
  gint64 worst = 0;

  g_assert_cmpint (prctl (PR_SET_CHILD_SUBREAPER, 1), ==, 0);
  for (int round = 0; round < 2; round++)
    for (gsize i = 0; i < G_N_ELEMENTS (runs); i++)
      {
        gint64 us;

        /* jitter measures with SCHED_FIFO only */
        if (runs[i] == jitter && !is_root ())
          continue;
        us = kill_cli_during (runs[i]);
        g_test_message ("%s: the worker exited %" G_GINT64_FORMAT " us after rtbench-cli died",
                        runs[i][0], us);
        worst = MAX (worst, us);
      }
  prctl (PR_SET_CHILD_SUBREAPER, 0);
  g_test_message ("worst: %" G_GINT64_FORMAT " us (bound %d us)", worst, EXIT_BOUND_US);
}

/* The desktop application killed during a run (`rtbench --start` measures the default setup,
 * a 60 s latency run on every CPU): its worker must go too. */
static void
test_gui_killed (void)
{
  const char *app = g_getenv ("RTBENCH_APP");
  g_autofree char *config = g_dir_make_tmp ("rtbench-lifecycle-XXXXXX", NULL);
  const char *argv[] = { app, "--start", NULL };
  gint64 us;

  if (app == NULL || g_getenv ("DISPLAY") == NULL)
    {
      g_test_skip ("needs the GUI build and an X display (./test.sh runs the tests under xvfb-run)");
      return;
    }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  g_setenv ("XDG_DATA_HOME", config, TRUE);
  g_assert_cmpint (prctl (PR_SET_CHILD_SUBREAPER, 1), ==, 0);
  us = kill_client_during (argv);
  prctl (PR_SET_CHILD_SUBREAPER, 0);
  g_test_message ("the worker exited %" G_GINT64_FORMAT " us after rtbench died", us);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", config);
  (void) !system (cmd);
}

static GBytes *
save_versions (const char *source, const char *target, const char *count)
{
  const char *const argv[] = { env_path ("RTBENCH_SAVE_LOOP"), source, target, count, NULL };
  g_autoptr (GError) error = NULL;
  GMappedFile *mapped;
  GBytes *bytes;
  pid_t pid = start (argv, NULL);
  int status;

  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  mapped = g_mapped_file_new (target, FALSE, &error);
  g_assert_no_error (error);
  bytes = g_mapped_file_get_bytes (mapped);
  g_mapped_file_unref (mapped);
  return bytes;
}

/* Temporary files a killed save left beside the target; removes them. */
static guint
remove_leftovers (const char *dir, const char *keep)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "target.rtbench.") && strcmp (name, keep) != 0)
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        g_unlink (path);
        n++;
      }
  return n;
}

static void
test_save_killed (void)
{
  g_autofree char *dir = g_dir_make_tmp ("rtbench-save-XXXXXX", NULL);
  g_autofree char *source = g_build_filename (dir, "source.rtbench", NULL);
  g_autofree char *version0 = g_build_filename (dir, "v0.rtbench", NULL);
  g_autofree char *version1 = g_build_filename (dir, "v1.rtbench", NULL);
  g_autofree char *target = g_build_filename (dir, "target.rtbench", NULL);
  const char *const run[] = { env_path ("RTBENCH_CLI"), "run", "latency", "--cpus", "0",
                              "--policy", "other", "--interval-us", "100",
                              "--histogram-us", "1000000", "--duration", "2s",
                              "--output", source, NULL };
  g_autoptr (GBytes) v0 = NULL;
  g_autoptr (GBytes) v1 = NULL;
  g_autoptr (GError) error = NULL;
  guint n_v0 = 0, n_v1 = 0, n_interrupted = 0;
  gint64 t0, per_save_us;
  pid_t pid;
  int status;

  pid = start (run, NULL);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);

  /* The two complete versions a save can leave, and how long one save takes. */
  v0 = save_versions (source, version0, "1");
  t0 = g_get_monotonic_time ();
  v1 = save_versions (source, version1, "2");
  per_save_us = (g_get_monotonic_time () - t0) / 2;
  g_assert_false (g_bytes_equal (v0, v1));
  g_test_message ("run file of %zu bytes, about %" G_GINT64_FORMAT " us per save",
                  g_bytes_get_size (v0), per_save_us);

  g_assert_true (g_file_set_contents (target, g_bytes_get_data (v0, NULL),
                                      (gssize) g_bytes_get_size (v0), &error));
  for (int i = 0; i < N_SAVE_KILLS; i++)
    {
      const char *const argv[] = { env_path ("RTBENCH_SAVE_LOOP"), source, target, "0", NULL };
      g_autoptr (GBytes) now = NULL;
      g_autoptr (RtbRun) loaded = NULL;
      g_autofree char *contents = NULL;
      char ready[16] = "";
      gsize len;
      int out;

      pid = start (argv, &out);
      g_assert_cmpint (read (out, ready, sizeof ready - 1), >, 0);
      close (out);
      g_assert_cmpstr (ready, ==, "ready\n");
      g_usleep (g_random_int_range (0, (gint32) MIN (per_save_us * 3, 2000000) + 1));
      kill (pid, SIGKILL);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_assert_true (WIFSIGNALED (status));

      g_assert_true (g_file_get_contents (target, &contents, &len, &error));
      now = g_bytes_new_take (g_steal_pointer (&contents), len);
      if (g_bytes_equal (now, v0))
        n_v0++;
      else if (g_bytes_equal (now, v1))
        n_v1++;
      else
        g_error ("kill %d left a target of %zu bytes that is neither complete version", i, len);
      loaded = rtb_run_load (target, &error);
      g_assert_no_error (error);
      n_interrupted += remove_leftovers (dir, "") > 0;
    }
  g_test_message ("%d kills: target whole each time (%u times version 0, %u times version 1); "
                  "%u kills landed while a temporary file was being written",
                  N_SAVE_KILLS, n_v0, n_v1, n_interrupted);

  g_unlink (source);
  g_unlink (version0);
  g_unlink (version1);
  g_unlink (target);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lifecycle/cli-killed", test_cli_killed);
  g_test_add_func ("/lifecycle/gui-killed", test_gui_killed);
  g_test_add_func ("/lifecycle/save-killed", test_save_killed);
  return g_test_run ();
}
