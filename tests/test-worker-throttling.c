/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The real worker and CLI with the kernel's RT throttling really off
 * (kernel.sched_rt_runtime_us = -1, as root): a busy real-time run of every method is
 * refused before any thread starts, unthrottled=yes (--unthrottled) gets past, and a quiet run
 * runs. The setting is restored on every way out, a failed assertion or a signal included, and
 * the test is skipped when throttling is off already.
 */
#include "config.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "worker-harness.h"

#define RT_RUNTIME "/proc/sys/kernel/sched_rt_runtime_us"

static char saved[32];
static size_t saved_len;

static gboolean
write_setting (const char *value, size_t len)
{
  int fd = open (RT_RUNTIME, O_WRONLY | O_CLOEXEC);
  gboolean ok = fd >= 0 && write (fd, value, len) == (ssize_t) len;

  if (fd >= 0)
    close (fd);
  return ok;
}

/* Async-signal-safe: also called from the signal handler. */
static void
restore (void)
{
  if (saved_len > 0)
    write_setting (saved, saved_len);
}

static void
on_fatal_signal (int signo)
{
  restore ();
  signal (signo, SIG_DFL);
  raise (signo);
}

static void
test_refused (void)
{
  static const struct {
    const char *command;
    const char *message;
  } busy[] = {
    { "start timer cpu=0 period_us=100 spin_us=99 duration=1",
      "this timer run would keep its CPU 100% busy (a 99 us spin every 100 us)" },
    { "start latency cpus=0 interval_us=50 duration=1",
      "this latency run would keep its CPU about 40% busy (a wake-up every 50 us)" },
    { "start jitter cpu=0 duration=1",
      "this jitter run would keep its CPU about 82% busy (wake-ups every 25 and 1000 us)" },
    { "start response cpu=0 instances=1", "this response run would keep its CPU 100% busy" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (busy); i++)
    {
      g_autofree char *line = g_strconcat (busy[i].command, "\n", NULL);
      g_autoptr (Stream) s = run_stdin (line);

      g_assert_cmpint (s->hello.rt_runtime_us, ==, -1);
      assert_error (s, RTB_ERROR_UNSAFE, "unthrottled", busy[i].message);
      g_assert_null (s->started);
    }
}

static void
test_accepted (void)
{
  static const char *const quiet[] = {
    "timer cpu=0 duration=1",
    "latency cpus=0 interval_us=100 duration=1",
    "latency cpus=0 interval_us=50 duration=1 unthrottled=yes",
    "jitter cpu=0 base_us=200 duration=1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (quiet); i++)
    {
      g_autoptr (Stream) s = run_args (quiet[i], FALSE);

      g_test_message ("%s: exit %d", quiet[i], s->exit_status);
      g_assert_cmpint (s->exit_status, ==, 0);
      g_assert_cmpuint (s->errors->len, ==, 0);
      g_assert_nonnull (s->started);
      g_assert_cmpint (stream_summary (s)->reason, ==, RTB_END_COMPLETED);
    }
}

/* rtbench-cli passes the refusal on, and --unthrottled is the way past it. */
static void
test_cli (void)
{
  const char *cli = g_getenv ("RTBENCH_CLI");
  const char *argv[] = { cli, "run", "timer", "--cpu", "0", "--period-us", "200",
                         "--spin-us", "150", "--duration", "1s", NULL, NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  int status;

  g_assert_nonnull (cli);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &status, &error));
  g_assert_no_error (error);
  g_test_message ("%s", err);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, "about 85% busy (a 150 us spin every 200 us)"));
  g_assert_nonnull (strstr (err, "--unthrottled"));
}

int
main (int argc, char **argv)
{
  ssize_t n = -1;
  int status;
  int fd;

  g_test_init (&argc, &argv, NULL);
  if (geteuid () != 0)
    {
      g_print ("1..0 # SKIP setting kernel.sched_rt_runtime_us needs root\n");
      return 0;
    }
  fd = open (RT_RUNTIME, O_RDONLY | O_CLOEXEC);
  if (fd >= 0)
    {
      n = read (fd, saved, sizeof saved - 1);
      close (fd);
    }
  if (n <= 0)
    {
      g_print ("1..0 # SKIP %s cannot be read\n", RT_RUNTIME);
      return 0;
    }
  /* Off already (perhaps by another test of this machine, between its change and its
   * restore): saving -1 and writing it back would leave throttling off for good. */
  if (strncmp (saved, "-1", 2) == 0)
    {
      g_print ("1..0 # SKIP RT throttling is off already here\n");
      return 0;
    }
  saved_len = (size_t) n;
  signal (SIGABRT, on_fatal_signal);
  signal (SIGTERM, on_fatal_signal);
  signal (SIGINT, on_fatal_signal);
  signal (SIGSEGV, on_fatal_signal);
  atexit (restore);
  if (!write_setting ("-1", 2))
    {
      saved_len = 0;
      g_print ("1..0 # SKIP %s cannot be written here\n", RT_RUNTIME);
      return 0;
    }

  g_test_add_func ("/worker-throttling/refused", test_refused);
  g_test_add_func ("/worker-throttling/accepted", test_accepted);
  g_test_add_func ("/worker-throttling/cli", test_cli);
  status = g_test_run ();
  restore ();
  return status;
}
