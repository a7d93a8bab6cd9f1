/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The checklist's items about other tasks: real-time ones that compete with the measurement,
 * and irqbalance. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtb-checklist-private.h"
#include "rtb-system-files.h"

#define POLICY_FIFO 1
#define POLICY_RR 2
#define POLICY_DEADLINE 6

typedef struct {
  unsigned pid;
  unsigned tid;
  char *comm;
  int policy;
  int priority;
  char *cpus;  /* Cpus_allowed_list, NULL when not recorded */
} Task;

static void
task_clear (Task *task)
{
  g_free (task->comm);
  g_free (task->cpus);
}

/* Field 40 is rt_priority and 41 policy: the 38th and 39th after the command name. */
static gboolean
parse_stat (const char *stat, Task *task)
{
  const char *open = strchr (stat, '(');
  const char *close = strrchr (stat, ')');
  g_auto (GStrv) fields = NULL;

  if (open == NULL || close == NULL || close < open)
    return FALSE;
  fields = g_strsplit (close + 2, " ", 42);
  if (g_strv_length (fields) < 40)
    return FALSE;
  task->comm = g_strndup (open + 1, close - open - 1);
  task->priority = atoi (fields[37]);
  task->policy = atoi (fields[38]);
  return TRUE;
}

/* Highest priority first, then the newest. */
static gint
compare_tasks (gconstpointer a, gconstpointer b)
{
  const Task *x = a, *y = b;

  if (x->priority != y->priority)
    return y->priority - x->priority;
  return (y->tid > x->tid) - (y->tid < x->tid);
}

/* Every task the snapshot holds, in the order they are reported. */
static GArray *
collect_tasks (const RtbChecklistContext *c)
{
  GArray *tasks = g_array_new (FALSE, TRUE, sizeof (Task));
  GHashTableIter iter;
  gpointer key, value;

  g_array_set_clear_func (tasks, (GDestroyNotify) task_clear);
  g_hash_table_iter_init (&iter, c->files);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Task task = { 0 };
      char tail[16];
      g_autofree char *status_key = NULL;
      const char *status;

      if (sscanf (key, "proc/%u/task/%u/%15s", &task.pid, &task.tid, tail) != 3 ||
          strcmp (tail, "stat") != 0 || !parse_stat (value, &task))
        continue;
      status_key = g_strdup_printf (RTB_SYSTEM_TASK_STATUS_FORMAT, task.pid, task.tid);
      status = g_hash_table_lookup (c->files, status_key);
      if (status != NULL && (status = strstr (status, "Cpus_allowed_list:")) != NULL)
        {
          status += strlen ("Cpus_allowed_list:");
          task.cpus = g_strstrip (g_strndup (status, strcspn (status, "\n")));
        }
      g_array_append_val (tasks, task);
    }
  g_array_sort (tasks, compare_tasks);
  return tasks;
}

static const char *
policy_name (int policy)
{
  return policy == POLICY_FIFO ? "FIFO" : policy == POLICY_RR ? "RR" : "DEADLINE";
}

/* Per-CPU stopper threads run at FIFO 99 on every machine and sleep: not a competitor. */
static gboolean
is_inherent (const Task *task)
{
  return g_str_has_prefix (task->comm, "migration/") ||
         g_str_has_prefix (task->comm, "idle_inject/") ||
         g_str_has_prefix (task->comm, "rtbench");
}

RtbCheck *
_rtb_check_rt_tasks (const RtbChecklistContext *c)
{
  static const char *id = "sched.rt_tasks";
  g_autoptr (GArray) tasks = collect_tasks (c);
  g_autoptr (RtbCheckText) list = _rtb_check_text_list ();
  int threshold = MAX (c->priority, 1);
  guint n_above = 0, n_below = 0;

  if (tasks->len == 0)
    return UNKNOWN (id, N_("the machine's tasks were not recorded"));
  for (guint i = 0; i < tasks->len; i++)
    {
      Task *task = &g_array_index (tasks, Task, i);
      uint64_t cpus[RTB_MAX_CPUS / 64];
      const char *allowed = task->cpus != NULL ? task->cpus : "?";
      g_autoptr (RtbCheckText) item = NULL;
      guint n_cpus;

      if (task->policy != POLICY_FIFO && task->policy != POLICY_RR &&
          task->policy != POLICY_DEADLINE)
        continue;
      if (is_inherent (task) ||
          (task->cpus != NULL && _rtb_checklist_parse_cpus (task->cpus, cpus) &&
           _rtb_checklist_measured_in (c, cpus) == 0))
        continue;
      if (task->policy != POLICY_DEADLINE && task->priority < threshold)
        {
          n_below++;
          continue;
        }
      if (n_above++ >= 5)
        continue;
      if (n_above > 1)
        _rtb_check_text_append_words (list, ", ");
      /* "allowed on CPU 1", "allowed on CPUs 0-3"; unknown CPUs ("?") count as several. */
      n_cpus = task->cpus != NULL && _rtb_checklist_parse_cpus (task->cpus, cpus)
                 ? (guint) rtb_cpu_count (cpus, RTB_MAX_CPUS) : 2;
      if (task->tid != task->pid)
        /* Translators: "multipathd (thread 812 of pid 800) at FIFO 99, allowed on CPUs 0-3" */
        item = MSGN ("%s (thread %u of pid %u) at %s %d, allowed on CPU %s",
                     "%s (thread %u of pid %u) at %s %d, allowed on CPUs %s", n_cpus,
                     task->comm, task->tid, task->pid, policy_name (task->policy),
                     task->priority, allowed);
      else
        /* Translators: "multipathd (pid 800) at FIFO 99, allowed on CPUs 0-3" */
        item = MSGN ("%s (pid %u) at %s %d, allowed on CPU %s",
                     "%s (pid %u) at %s %d, allowed on CPUs %s", n_cpus, task->comm, task->pid,
                     policy_name (task->policy), task->priority, allowed);
      _rtb_check_text_append (list, item);
    }
  if (n_above > 5)
    {
      g_autoptr (RtbCheckText) more = MSGF (" and %u more", n_above - 5);

      _rtb_check_text_append (list, more);
    }
  if (n_above > 0 && c->no_policy)
    return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                           /* Translators: %s is a list of tasks */
                           MSGF ("real-time tasks that may run beside the method's kernel "
                                 "thread: %s", list),
                           /* Translators: %s is "CPU 1" or "CPUs 0-1" */
                           MSGF ("Move these real-time tasks off %s (taskset -pc CPUS PID) or "
                                 "stop them: this method takes no policy, its thread is the "
                                 "kernel's.", c->measured_words));
  if (n_above > 0 && c->priority == 0)
    return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                           MSGF ("measured at SCHED_OTHER, so every real-time task preempts it: "
                                 "%s", list),
                           MSG ("Measure at a real-time priority (--policy fifo --priority 99), "
                                "as a real-time program runs."));
  if (n_above == 0)
    return _rtb_check_new (id, RTB_CHECK_GOOD,
                           /* Translators: "none at priority 99 or above on CPU 1 (2 real-time
                            * tasks below)" */
                           MSGN ("none at priority %d or above on %s (%u real-time task below)",
                                 "none at priority %d or above on %s (%u real-time tasks below)",
                                 n_below, threshold, c->measured_words, n_below), NULL);
  return _rtb_check_new (id, RTB_CHECK_BAD, g_steal_pointer (&list),
                         /* Translators: the second %s is "CPU 1" or "CPUs 0-1" */
                         MSGF ("Lower these real-time tasks below the measurement (chrt -f -p %d "
                               "PID), move them off %s (taskset -pc CPUS PID) or stop them: they "
                               "preempt it.", MAX (threshold - 1, 1), c->measured_words));
}

RtbCheck *
_rtb_check_irqbalance (const RtbChecklistContext *c)
{
  static const char *id = "cpus.irqbalance";
  g_autoptr (GArray) tasks = collect_tasks (c);

  if (tasks->len == 0)
    return UNKNOWN (id, N_("the machine's tasks were not recorded"));
  for (guint i = 0; i < tasks->len; i++)
    {
      Task *task = &g_array_index (tasks, Task, i);

      if (strcmp (task->comm, "irqbalance") == 0)
        return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                               MSGF ("irqbalance is running (pid %u)", task->pid),
                               MSGF ("Keep it off the measured CPUs (IRQBALANCE_BANNED_CPULIST=%s "
                                     "in /etc/default/irqbalance) or stop it (systemctl disable "
                                     "--now irqbalance): it moves interrupts while you measure.",
                                     c->measured_text));
    }
  return _rtb_check_new (id, RTB_CHECK_GOOD, MSG ("irqbalance is not running"), NULL);
}
