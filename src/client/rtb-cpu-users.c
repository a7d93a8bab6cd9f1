/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "rtb-cpu-users.h"

#define WORKER_NAME "rtbench-worker"

static char *
read_text (const char *path)
{
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return text;
}

static gboolean
is_number (const char *name)
{
  if (*name == '\0')
    return FALSE;
  for (; *name != '\0'; name++)
    if (!g_ascii_isdigit (*name))
      return FALSE;
  return TRUE;
}

/* The value of a line "FIELD:\tvalue" of the task's or process's status file, without its
 * blanks; NULL when it has none (or the file is unreadable). */
static char *
status_field (const char *dir, const char *field)
{
  g_autofree char *path = g_build_filename (dir, "status", NULL);
  g_autofree char *status = read_text (path);
  g_autofree char *key = g_strdup_printf ("\n%s:", field);
  const char *line = status != NULL ? strstr (status, key) : NULL;

  if (line == NULL)
    return NULL;
  line += strlen (key);
  return g_strstrip (g_strndup (line, strcspn (line, "\n")));
}

/* The one CPU a thread is pinned to, or -1 (not pinned, or unreadable). */
static int
pinned_cpu (const char *task_dir)
{
  g_autofree char *list = status_field (task_dir, "Cpus_allowed_list");
  uint64_t cpus[RTB_MAX_CPUS / 64];

  if (list == NULL || !rtb_cpu_list_parse (list, cpus, RTB_MAX_CPUS, NULL) ||
      rtb_cpu_count (cpus, RTB_MAX_CPUS) != 1)
    return -1;
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    if (rtb_cpu_isset (cpus, cpu))
      return cpu;
  return -1;
}

static gboolean
has_name (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, "comm", NULL);
  g_autofree char *comm = read_text (path);

  return comm != NULL && g_str_equal (g_strchomp (comm), name);
}

static gboolean
contains (GArray *pids, int pid)
{
  for (guint i = 0; i < pids->len; i++)
    if (g_array_index (pids, int, i) == pid)
      return TRUE;
  return FALSE;
}

static int
parent_of (const char *proc_dir)
{
  g_autofree char *ppid = status_field (proc_dir, "PPid");

  return ppid != NULL ? atoi (ppid) : -1;
}

/* The measuring threads of one worker: not its main thread, not its writer. */
static void
add_worker_threads (GArray *users, const char *proc_dir, int pid)
{
  g_autofree char *tasks = g_build_filename (proc_dir, "task", NULL);
  g_autoptr(GDir) dir = g_dir_open (tasks, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *task_dir = NULL;
      RtbCpuUser user = { .pid = pid };

      if (!is_number (name) || atoi (name) == pid)
        continue;
      task_dir = g_build_filename (tasks, name, NULL);
      if (has_name (task_dir, "writer") || (user.cpu = pinned_cpu (task_dir)) < 0)
        continue;
      g_array_append_val (users, user);
    }
}

GArray *
rtb_cpu_users_find (const char *proc, int parent)
{
  GArray *users = g_array_new (FALSE, FALSE, sizeof (RtbCpuUser));
  g_autoptr(GDir) dir = g_dir_open (proc, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *proc_dir = NULL;
      int pid;

      if (!is_number (name))
        continue;
      pid = atoi (name);
      proc_dir = g_build_filename (proc, name, NULL);
      if (has_name (proc_dir, WORKER_NAME) && parent_of (proc_dir) != parent)
        add_worker_threads (users, proc_dir, pid);
    }
  return users;
}

gboolean
rtb_command_uses_cpu (const RtbCommand *command, int cpu)
{
  if (cpu < 0 || cpu >= RTB_MAX_CPUS)
    return FALSE;
  return command->cpus_all || rtb_cpu_isset (command->cpus, cpu);
}

char *
rtb_cpus_in_words (const uint64_t *cpus)
{
  char list[4096];

  if (rtb_cpu_list_format (cpus, RTB_MAX_CPUS, list, sizeof list) < 0)
    g_strlcpy (list, "?", sizeof list);
  /* Translators: %s is a CPU list such as "3" or "0-1,4" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "CPU %s", "CPUs %s",
                                       rtb_cpu_count (cpus, RTB_MAX_CPUS)), list);
}

char *
rtb_cpu_users_describe_conflict (GArray *users, const RtbCommand *command)
{
  uint64_t shared[RTB_MAX_CPUS / 64] = { 0 };
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GString) pids = g_string_new (NULL);
  g_autofree char *words = NULL;

  for (guint i = 0; i < users->len; i++)
    {
      const RtbCpuUser *user = &g_array_index (users, RtbCpuUser, i);

      if (!rtb_command_uses_cpu (command, user->cpu))
        continue;
      shared[user->cpu / 64] |= UINT64_C (1) << (user->cpu % 64);
      if (!contains (seen, user->pid))
        {
          g_array_append_val (seen, user->pid);
          g_string_append_printf (pids, "%s%d", pids->len > 0 ? ", " : "", user->pid);
        }
    }
  if (pids->len == 0)
    return NULL;
  words = rtb_cpus_in_words (shared);
  /* Translators: the first %s is "CPU 1" or "CPUs 0-1" */
  return g_strdup_printf (_("Another rtbench measurement already runs on %s of this machine "
                            "(rtbench-worker process %s): the two runs disturb each other’s "
                            "figures"), words, pids->str);
}
