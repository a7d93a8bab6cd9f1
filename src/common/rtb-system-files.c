/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "rtb-cpu-list.h"
#include "rtb-protocol.h"
#include "rtb-system-files.h"

/* How many /proc entries are looked at, whatever the machine runs. */
#define TASKS_VISITED_MAX 65536
#define STAT_MAX 1024

const char *const rtb_system_files[] = {
  RTB_SYSTEM_CPUINFO, RTB_SYSTEM_MEMINFO, RTB_SYSTEM_CMDLINE, RTB_SYSTEM_INTERRUPTS,
  RTB_SYSTEM_SOFTIRQS,
  RTB_SYSTEM_RT_RUNTIME, RTB_SYSTEM_RT_PERIOD, RTB_SYSTEM_PRINTK, RTB_SYSTEM_TIMER_MIGRATION,
  RTB_SYSTEM_WATCHDOG, RTB_SYSTEM_NMI_WATCHDOG, RTB_SYSTEM_WATCHDOG_CPUMASK,
  RTB_SYSTEM_OVERCOMMIT, RTB_SYSTEM_THP, RTB_SYSTEM_REALTIME, RTB_SYSTEM_ONLINE,
  RTB_SYSTEM_ISOLATED, RTB_SYSTEM_NOHZ_FULL, RTB_SYSTEM_SMT, RTB_SYSTEM_BOOST,
  RTB_SYSTEM_NO_TURBO, RTB_SYSTEM_CLOCKSOURCE, RTB_SYSTEM_DMI_VENDOR, RTB_SYSTEM_DMI_PRODUCT,
  RTB_SYSTEM_HYPERVISOR, RTB_SYSTEM_DT_MODEL, RTB_SYSTEM_TRACERS, NULL,
};

typedef struct {
  const char *root;
  char *buf;
  RtbSystemFileFunc add;
  void *data;
  bool stopped;
} Reader;

/* Up to `max` bytes of root/relative; -1 if it cannot be read. */
static ssize_t
read_into (const Reader *r, const char *relative, char *buf, size_t max)
{
  char path[512];
  size_t got = 0;
  int fd;

  if (snprintf (path, sizeof path, "%s/%s", r->root, relative) >= (int) sizeof path)
    return -1;
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0)
    return -1;
  while (got < max)
    {
      ssize_t n = read (fd, buf + got, max - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          close (fd);
          return -1;
        }
      if (n == 0)
        break;
      got += (size_t) n;
    }
  close (fd);
  return (ssize_t) got;
}

static void
give (Reader *r, const char *relative, const char *contents, size_t len)
{
  if (!r->stopped && !r->add (relative, contents, len, r->data))
    r->stopped = true;
}

/* Returns whether the file was there. */
static bool
add_file (Reader *r, const char *relative)
{
  ssize_t len;

  if (r->stopped)
    return false;
  len = read_into (r, relative, r->buf, RTB_SYSTEM_VALUE_MAX);
  /* A device tree's strings end in NUL. */
  while (len > 0 && r->buf[len - 1] == '\0')
    len--;
  if (len >= 0)
    give (r, relative, r->buf, (size_t) len);
  return len >= 0;
}

static bool
is_number (const char *name, unsigned *out)
{
  char *end;
  unsigned long value;

  if (name[0] < '0' || name[0] > '9')
    return false;
  errno = 0;
  value = strtoul (name, &end, 10);
  if (*end != '\0' || errno != 0 || value > UINT32_MAX)
    return false;
  *out = (unsigned) value;
  return true;
}

static void
read_cpus (Reader *r)
{
  uint64_t online[RTB_MAX_CPUS / 64];
  char relative[128];
  unsigned n_states = 0;
  ssize_t len;

  len = read_into (r, RTB_SYSTEM_ONLINE, r->buf, 4096);
  if (len <= 0)
    return;
  r->buf[len] = '\0';
  if (r->buf[len - 1] == '\n')
    r->buf[len - 1] = '\0';
  if (!rtb_cpu_list_parse (r->buf, online, RTB_MAX_CPUS, NULL))
    return;

  for (unsigned state = 0; state < RTB_SYSTEM_IDLE_STATES_MAX; state++, n_states++)
    {
      snprintf (relative, sizeof relative, RTB_SYSTEM_IDLE_STATE_FORMAT, state);
      if (!add_file (r, relative))
        break;
      snprintf (relative, sizeof relative, RTB_SYSTEM_IDLE_LATENCY_FORMAT, state);
      add_file (r, relative);
    }
  for (unsigned cpu = 0, seen = 0; cpu < RTB_MAX_CPUS && seen < RTB_SYSTEM_CPUS_MAX; cpu++)
    {
      if (!rtb_cpu_isset (online, (int) cpu))
        continue;
      seen++;
      snprintf (relative, sizeof relative, RTB_SYSTEM_GOVERNOR_FORMAT, cpu);
      add_file (r, relative);
      snprintf (relative, sizeof relative, RTB_SYSTEM_SIBLINGS_FORMAT, cpu);
      add_file (r, relative);
      for (unsigned state = 0; state < n_states; state++)
        {
          snprintf (relative, sizeof relative, RTB_SYSTEM_IDLE_DISABLE_FORMAT, cpu, state);
          add_file (r, relative);
        }
    }
}

static void
read_irqs (Reader *r)
{
  char dir_path[512];
  char relative[128];
  unsigned n = 0;
  struct dirent *entry;
  DIR *dir;

  snprintf (dir_path, sizeof dir_path, "%s/proc/irq", r->root);
  dir = opendir (dir_path);
  if (dir == NULL)
    return;
  while (n < RTB_SYSTEM_IRQS_MAX && (entry = readdir (dir)) != NULL)
    {
      unsigned irq;

      if (!is_number (entry->d_name, &irq))
        continue;
      n++;
      snprintf (relative, sizeof relative, RTB_SYSTEM_IRQ_EFFECTIVE_FORMAT, irq);
      if (!add_file (r, relative))
        {
          snprintf (relative, sizeof relative, RTB_SYSTEM_IRQ_AFFINITY_FORMAT, irq);
          add_file (r, relative);
        }
    }
  closedir (dir);
}

/* Whether a task's stat names a real-time policy or irqbalance. */
static bool
task_is_wanted (const char *stat)
{
  const char *open = strchr (stat, '(');
  const char *close = strrchr (stat, ')');
  const char *p;
  unsigned long policy;

  if (open == NULL || close == NULL || close < open)
    return false;
  if (close - open - 1 == (int) strlen ("irqbalance") &&
      strncmp (open + 1, "irqbalance", strlen ("irqbalance")) == 0)
    return true;
  /* Field 41, the policy, is the 39th after the command name. */
  p = close + 1;
  for (int field = 0; field < 39 && p != NULL; field++)
    {
      p = strchr (p, ' ');
      if (p != NULL)
        p++;
    }
  if (p == NULL)
    return false;
  policy = strtoul (p, NULL, 10);
  return policy == 1 || policy == 2 || policy == 6;
}

/* The status line the checklist needs, so that a task costs some 300 bytes, not 1500. */
static void
add_task_status (Reader *r, const char *relative)
{
  static const char key[] = "Cpus_allowed_list:";
  ssize_t len = read_into (r, relative, r->buf, RTB_SYSTEM_VALUE_MAX - 1);
  char *line, *end;

  if (len < 0)
    return;
  r->buf[len] = '\0';
  line = strstr (r->buf, key);
  if (line == NULL)
    return;
  end = strchr (line, '\n');
  give (r, relative, line, end != NULL ? (size_t) (end - line + 1) : strlen (line));
}

static bool
read_task (Reader *r, unsigned pid, unsigned tid)
{
  char relative[128];
  char stat[STAT_MAX + 1];
  ssize_t len;

  snprintf (relative, sizeof relative, RTB_SYSTEM_TASK_STAT_FORMAT, pid, tid);
  len = read_into (r, relative, stat, STAT_MAX);
  if (len <= 0)
    return false;
  stat[len] = '\0';
  if (!task_is_wanted (stat))
    return false;
  give (r, relative, stat, (size_t) len);
  snprintf (relative, sizeof relative, RTB_SYSTEM_TASK_STATUS_FORMAT, pid, tid);
  add_task_status (r, relative);
  return true;
}

static void
read_tasks (Reader *r)
{
  char path[512];
  unsigned visited = 0, sent = 0;
  struct dirent *entry;
  DIR *proc;

  snprintf (path, sizeof path, "%s/proc", r->root);
  proc = opendir (path);
  if (proc == NULL)
    return;
  while (!r->stopped && sent < RTB_SYSTEM_TASKS_MAX && visited < TASKS_VISITED_MAX &&
         (entry = readdir (proc)) != NULL)
    {
      struct dirent *task_entry;
      unsigned pid, tid;
      DIR *tasks;

      if (!is_number (entry->d_name, &pid))
        continue;
      snprintf (path, sizeof path, "%s/proc/%u/task", r->root, pid);
      tasks = opendir (path);
      if (tasks == NULL)
        continue;
      while (sent < RTB_SYSTEM_TASKS_MAX && visited < TASKS_VISITED_MAX &&
             (task_entry = readdir (tasks)) != NULL)
        if (is_number (task_entry->d_name, &tid))
          {
            visited++;
            sent += read_task (r, pid, tid);
          }
      closedir (tasks);
    }
  closedir (proc);
}

static void
read_radios (Reader *r)
{
  char path[512];
  char relative[128];
  unsigned n = 0;
  struct dirent *entry;
  DIR *dir;

  snprintf (path, sizeof path, "%s/sys/class/net", r->root);
  dir = opendir (path);
  while (dir != NULL && n < RTB_SYSTEM_NET_MAX && (entry = readdir (dir)) != NULL)
    {
      ssize_t len;

      if (entry->d_name[0] == '.' || strlen (entry->d_name) > 32)
        continue;
      n++;
      /* Cannot be cut (names are at most 32 bytes); checked so an unoptimised build sees it. */
      if (snprintf (relative, sizeof relative, RTB_SYSTEM_NET_UEVENT_FORMAT, entry->d_name) >=
          (int) sizeof relative)
        continue;
      len = read_into (r, relative, r->buf, 4095);
      if (len < 0)
        continue;
      r->buf[len] = '\0';
      if (strstr (r->buf, "DEVTYPE=wlan") == NULL)
        continue;
      give (r, relative, r->buf, (size_t) len);
      if (snprintf (relative, sizeof relative, RTB_SYSTEM_NET_OPERSTATE_FORMAT, entry->d_name) <
          (int) sizeof relative)
        add_file (r, relative);
    }
  if (dir != NULL)
    closedir (dir);

  for (unsigned i = 0; i < RTB_SYSTEM_NET_MAX; i++)
    {
      snprintf (relative, sizeof relative, RTB_SYSTEM_RFKILL_TYPE_FORMAT, i);
      if (!add_file (r, relative))
        continue;
      snprintf (relative, sizeof relative, RTB_SYSTEM_RFKILL_STATE_FORMAT, i);
      add_file (r, relative);
    }
}

void
rtb_system_files_read (const char *root, char *buf, RtbSystemFileFunc add, void *data)
{
  Reader r = { strcmp (root, "/") == 0 ? "" : root, buf, add, data, false };

  for (const char *const *file = rtb_system_files; *file != NULL; file++)
    add_file (&r, *file);
  read_cpus (&r);
  read_tasks (&r);
  read_irqs (&r);
  read_radios (&r);
}

size_t
rtb_system_utc_offset_text (char *buf, size_t size)
{
  time_t now = time (NULL);
  struct tm tm;
  int n;

  if (localtime_r (&now, &tm) == NULL)
    return 0;
  n = snprintf (buf, size, "%ld", (long) tm.tm_gmtoff);
  return n > 0 && (size_t) n < size ? (size_t) n : 0;
}
