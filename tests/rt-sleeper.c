/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include "rt-sleeper.h"

/* Whether the task is `sleep` at SCHED_FIFO: chrt sets the policy and execs taskset, which
 * sets the CPUs and execs sleep, so the name comes last. From /proc/PID/stat: the name in
 * parentheses, the policy in field 41. */
static gboolean
is_sleeping_at_fifo (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", pid);
  g_autofree char *stat = NULL;
  g_auto (GStrv) fields = NULL;
  char *close;

  if (!g_file_get_contents (path, &stat, NULL, NULL) || (close = strrchr (stat, ')')) == NULL)
    return FALSE;
  if (strstr (stat, " (sleep) ") == NULL)
    return FALSE;
  fields = g_strsplit (close + 2, " ", -1);
  return g_strv_length (fields) > 38 && atoi (fields[38]) == 1;
}

/* Killed with the thread that started it, even when that one is killed with SIGKILL: the
 * setting survives chrt's and taskset's exec. */
static void
die_with_parent (G_GNUC_UNUSED gpointer unused)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

GPid
rt_sleeper_start (void)
{
  const char *argv[] = { "chrt", "-f", "99", "taskset", "-c", "1", "sleep", "60", NULL };
  g_autoptr (GError) error = NULL;
  GPid pid;

  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL,
                                G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD, die_with_parent,
                                NULL, &pid, &error));
  g_assert_no_error (error);
  for (int i = 0; i < 500 && !is_sleeping_at_fifo (pid); i++)
    g_usleep (2000);
  g_assert_true (is_sleeping_at_fifo (pid));
  return pid;
}

char *
rt_sleeper_mark (GPid pid)
{
  return g_strdup_printf ("sleep (pid %d) at FIFO 99, allowed on CPU 1", pid);
}

void
rt_sleeper_stop (GPid pid)
{
  kill (pid, SIGKILL);
  waitpid (pid, NULL, 0);
  g_spawn_close_pid (pid);
}
