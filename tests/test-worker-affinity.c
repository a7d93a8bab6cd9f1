/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Where the real worker's threads may run: every method, measuring one CPU, keeps its own
 * threads that do not measure (main, writer, and the tracefs janitor when it traces) off that
 * CPU, and only the measuring threads on it; with every CPU measured, they stay and STARTED
 * says so. rtbench-cli, the client, leaves that CPU too. Read from the kernel
 * (sched_getaffinity of each task) while the run goes on.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <gio/gio.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "rtb-command.h"
#include "rtb-protocol.h"
#include "proc-test-util.h"
#include "worker-harness.h"

/* Each method's keys after its CPU, to run until stopped. */
static const char *const keys[RTB_METHOD_LAST + 1] = {
  [RTB_METHOD_LATENCY] = "policy=other interval_us=1000 duration=0",
  [RTB_METHOD_JITTER] = "policy=other duration=0",
  [RTB_METHOD_TIMER] = "policy=other duration=0",
  [RTB_METHOD_RESPONSE] = "policy=other size=8 instances=100000000 gap_us=1000",
  [RTB_METHOD_NOISE] = "policy=other duration=0",
  [RTB_METHOD_TIMERLAT] = NULL,
  [RTB_METHOD_OSNOISE] = NULL,
  [RTB_METHOD_HWLAT] = NULL,
};

/* The methods that explain spikes, with a threshold no sample reaches: their janitor runs. */
static gboolean
traced (RtbMethod method)
{
  return method == RTB_METHOD_LATENCY || method == RTB_METHOD_JITTER ||
         method == RTB_METHOD_TIMER;
}

/* The highest CPU this process may use, when it may use another one too; -1 otherwise. */
static int
cpu_to_measure (void)
{
  cpu_set_t set;

  if (sched_getaffinity (0, sizeof set, &set) != 0 || CPU_COUNT (&set) < 2)
    return -1;
  for (int cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--)
    if (CPU_ISSET (cpu, &set))
      return cpu;
  return -1;
}

static char *
task_comm (int pid, int tid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/task/%d/comm", pid, tid);
  g_autofree char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return g_strdup (g_strchomp (text));
}

static gboolean
is_measuring (const RtbStartedFrame *started, const char *comm)
{
  const RtbThreadInfo *infos = rtb_started_threads (started);

  for (guint i = 0; i < started->n_threads; i++)
    if (strncmp (infos[i].name, comm, 15) == 0)
      return TRUE;
  return FALSE;
}

/* Checks one task; returns whether it measures. */
static gboolean
check_task (const RtbStartedFrame *started, int pid, int tid, int measured)
{
  g_autofree char *comm = task_comm (pid, tid);
  cpu_set_t set;

  g_assert_nonnull (comm);
  g_assert_cmpint (sched_getaffinity (tid, sizeof set, &set), ==, 0);
  g_test_message ("task %d (%s): %d CPUs, CPU %d %s", tid, comm, CPU_COUNT (&set), measured,
                  CPU_ISSET (measured, &set) ? "allowed" : "not allowed");
  if (is_measuring (started, comm))
    {
      /* Pinned to the measured CPU, and to it only. */
      g_assert_cmpint (CPU_COUNT (&set), ==, 1);
      g_assert_true (CPU_ISSET (measured, &set));
      return TRUE;
    }
  g_assert_cmpint (CPU_COUNT (&set), >=, 1);
  g_assert_false (CPU_ISSET (measured, &set));
  return FALSE;
}

/* The worker's child processes (the tracefs janitor), from /proc/PID/task/PID/children. */
static GArray *
children_of (int pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/task/%d/children", pid, pid);
  g_autofree char *text = NULL;
  g_auto (GStrv) words = NULL;
  GArray *children = g_array_new (FALSE, FALSE, sizeof (int));

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return children;
  words = g_strsplit (g_strstrip (text), " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      {
        int child = (int) g_ascii_strtoll (words[i], NULL, 10);
        g_array_append_val (children, child);
      }
  return children;
}

/* The janitor removes the tracefs instance, and unmounts tracefs if its worker mounted it,
 * once the worker is gone: wait for it, so that the next run finds tracefs as this one did. */
static void
wait_for_janitors (GArray *children)
{
  /* Not a time measured: how long the janitor may take before the test gives up. */
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  for (guint i = 0; i < children->len; i++)
    while (!test_process_gone (g_array_index (children, int, i)) && g_get_monotonic_time () < deadline)
      g_usleep (10 * 1000);
}

static void
test_method (gconstpointer data)
{
  RtbMethod method = GPOINTER_TO_INT (data);
  int measured = cpu_to_measure ();
  g_autoptr (Stream) s = stream_new ();
  g_autoptr (GSubprocess) sp = NULL;
  g_autoptr (GArray) children = NULL;
  g_autofree char *command = NULL;
  g_autofree char *task_dir = NULL;
  const RtbStartedFrame *started;
  gboolean trace = is_root () && traced (method);
  guint n_measuring = 0, n_own = 0;
  struct dirent *entry;
  DIR *dir;
  int pid;

  if (measured < 0)
    {
      g_test_skip ("this process may use one CPU only: no other CPU to keep the rest on");
      return;
    }
  g_assert_nonnull (keys[method]);
  command = g_strdup_printf ("start %s %s=%d %s%s\n", rtb_method_to_string (method),
                             rtb_method_is_per_cpu (method) ? "cpus" : "cpu", measured,
                             keys[method], trace ? " trace_above_us=10000000" : "");
  g_test_message ("%s", command);
  sp = spawn (NULL, TRUE, FALSE);
  pid = (int) g_ascii_strtoll (g_subprocess_get_identifier (sp), NULL, 10);
  write_stdin (sp, command);
  /* Every thread exists and stands where it runs once STARTED is out. */
  read_until (s, sp, RTB_FRAME_STARTED);
  if (trace)
    read_until (s, sp, RTB_FRAME_TRACE);
  started = stream_started (s);
  /* Another CPU was there for them. */
  g_assert_cmpuint (started->flags & RTB_STARTED_SHARES_MEASURED_CPUS, ==, 0);

  task_dir = g_strdup_printf ("/proc/%d/task", pid);
  dir = opendir (task_dir);
  g_assert_nonnull (dir);
  while ((entry = readdir (dir)) != NULL)
    {
      int tid;

      if (entry->d_name[0] == '.')
        continue;
      tid = (int) g_ascii_strtoll (entry->d_name, NULL, 10);
      if (check_task (started, pid, tid, measured))
        n_measuring++;
      else
        n_own++;
    }
  closedir (dir);
  g_assert_cmpuint (n_measuring, >=, 1);
  /* At least the main thread and the writer. */
  g_assert_cmpuint (n_own, >=, 2);

  children = children_of (pid);
  for (guint i = 0; i < children->len; i++)
    {
      int child = g_array_index (children, int, i);
      g_assert_false (check_task (started, child, child, measured));
    }
  if (trace && s->traces->len > 0 &&
      g_array_index (s->traces, RtbTraceFrame, 0).status == RTB_TRACE_ARMED)
    g_assert_cmpuint (children->len, ==, 1);

  write_stdin (sp, "stop\n");
  read_to_eof (s, sp, 10 * G_USEC_PER_SEC);
  wait_exit (s, sp);
  g_assert_cmpint (s->exit_status, ==, 0);
  wait_for_janitors (children);
}

/* Every CPU measured: there is no other CPU, the threads stay where they were, and STARTED
 * says that they share the measured CPUs. */
static void
test_all_measured (void)
{
  g_autoptr (Stream) s = stream_new ();
  g_autoptr (GSubprocess) sp = spawn (NULL, TRUE, FALSE);
  int pid = (int) g_ascii_strtoll (g_subprocess_get_identifier (sp), NULL, 10);
  cpu_set_t ours, main_thread;

  g_assert_cmpint (sched_getaffinity (0, sizeof ours, &ours), ==, 0);
  write_stdin (sp, "start latency cpus=all policy=other interval_us=1000 duration=0\n");
  read_until (s, sp, RTB_FRAME_STARTED);
  g_assert_cmpuint (stream_started (s)->flags & RTB_STARTED_SHARES_MEASURED_CPUS, ==,
                    RTB_STARTED_SHARES_MEASURED_CPUS);
  g_assert_cmpint (sched_getaffinity (pid, sizeof main_thread, &main_thread), ==, 0);
  g_assert_true (CPU_EQUAL (&main_thread, &ours));

  write_stdin (sp, "stop\n");
  read_to_eof (s, sp, 10 * G_USEC_PER_SEC);
  wait_exit (s, sp);
  g_assert_cmpint (s->exit_status, ==, 0);
}

/* Whether every task of `pid` keeps off `cpu`. */
static gboolean
all_off (int pid, int cpu)
{
  g_autofree char *task_dir = g_strdup_printf ("/proc/%d/task", pid);
  struct dirent *entry;
  gboolean off = TRUE;
  DIR *dir = opendir (task_dir);

  g_assert_nonnull (dir);
  while ((entry = readdir (dir)) != NULL)
    {
      cpu_set_t set;

      if (entry->d_name[0] == '.')
        continue;
      if (sched_getaffinity ((pid_t) g_ascii_strtoll (entry->d_name, NULL, 10), sizeof set,
                             &set) == 0 && CPU_ISSET (cpu, &set))
        off = FALSE;
    }
  closedir (dir);
  return off;
}

/* The client too: rtbench-cli, once its local run has started, keeps its threads off the
 * measured CPU. */
static void
test_cli (void)
{
  int measured = cpu_to_measure ();
  g_autofree char *cpus = NULL;
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) sp = NULL;
  g_autoptr (GError) error = NULL;
  gint64 deadline;
  int pid;

  if (measured < 0)
    {
      g_test_skip ("this process may use one CPU only: no other CPU to keep the rest on");
      return;
    }
  cpus = g_strdup_printf ("%d", measured);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                        G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  sp = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("RTBENCH_CLI"), "run", "latency",
                                    "--cpus", cpus, "--policy", "other", "--duration", "0",
                                    NULL);
  g_assert_no_error (error);
  pid = (int) g_ascii_strtoll (g_subprocess_get_identifier (sp), NULL, 10);
  /* Not a time measured: how long the run may take to start before the test gives up. */
  deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (!all_off (pid, measured) && g_get_monotonic_time () < deadline)
    g_usleep (20 * 1000);
  g_assert_true (all_off (pid, measured));

  g_subprocess_send_signal (sp, SIGINT);
  g_subprocess_wait (sp, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (sp));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (int method = 1; method <= RTB_METHOD_LAST; method++)
    {
      /* timerlat's and osnoise's measuring threads are the kernel's; they run where the tracer
       * is (the lab). */
      if (keys[method] == NULL)
        continue;
      g_autofree char *path = g_strdup_printf ("/worker-affinity/%s",
                                               rtb_method_to_string ((RtbMethod) method));
      g_test_add_data_func (path, GINT_TO_POINTER (method), test_method);
    }
  g_test_add_func ("/worker-affinity/all-measured", test_all_measured);
  g_test_add_func ("/worker-affinity/cli", test_cli);
  return g_test_run ();
}
