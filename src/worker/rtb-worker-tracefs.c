/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The worker's own tracefs instance. It records scheduling and interrupt events of the measured
 * CPUs with the `mono` trace clock (CLOCK_MONOTONIC, the clock of every sample), so that the
 * window before a late wake-up can be read back and explained. Nothing outside the instance is
 * written: the top-level buffer, tracer, events and clock stay as the user left them.
 *
 * The instance is named rtbench-PID-START (START: the process's start time in clock ticks, from
 * /proc/PID/stat), so a later worker recognises an instance whose worker is dead even when its
 * pid was reused, and removes it. The worker itself cannot remove its instance at the end: by
 * then it has given up root. A janitor, a child forked while the worker is still root, waits on
 * a pipe whose only writer is the worker; when the worker exits, however it exits (SIGKILL
 * included), the pipe closes and the janitor turns the instance's tracing and events off, then
 * removes it (and unmounts tracefs if the worker mounted it and nobody else uses it), and exits.
 * When both are killed, the instance records until the next worker starts: that one turns off
 * and removes every instance of a worker that is gone; a tracefs mount made by the dead worker
 * stays mounted. The janitor executes nothing and
 * touches no other path.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "rtb-refusals.h"
#include "rtb-worker-trace.h"
#include "rtb-worker-tracefs.h"
#include "rtb-worker.h"


#define DEFAULT_MOUNT "/sys/kernel/tracing"
#define BUFFER_SIZE_KB "256"

static const char *const required_events[] = {
  "sched/sched_switch", "sched/sched_waking", NULL,
};
static const char *const optional_events[] = {
  "sched/sched_wakeup", "irq/irq_handler_entry", "irq/irq_handler_exit",
  "irq/softirq_entry", "irq/softirq_exit", NULL,
};

void
rtb_worker_tracefs_refusal (const char *who, int err, int *sys_errno, char *why, size_t size,
                            const char *format, va_list args)
{
  *sys_errno = err;
  vsnprintf (why, size, format, args);
  rtb_worker_log ("%s: %s", who, why);
}

int
rtb_worker_tracefs_write (const char *dir, const char *name, const char *value)
{
  char path[RTB_WORKER_TRACE_PATH_MAX + 64];
  size_t len = strlen (value);
  ssize_t n;
  int fd;
  int err = 0;

  if (snprintf (path, sizeof path, "%s/%s", dir, name) >= (int) sizeof path)
    return ENAMETOOLONG;
  fd = open (path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    return errno;
  n = write (fd, value, len);
  if (n != (ssize_t) len)
    err = n < 0 ? errno : EIO;
  close (fd);
  return err;
}

/* Field 22 of /proc/PID/stat: when the process started, in clock ticks since boot. */
bool
rtb_worker_tracefs_process_start (pid_t pid, unsigned long long *start)
{
  char path[64], buf[1024];
  ssize_t n;
  int fd;
  char *p;

  snprintf (path, sizeof path, "/proc/%d/stat", (int) pid);
  fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  n = read (fd, buf, sizeof buf - 1);
  close (fd);
  if (n <= 0)
    return false;
  buf[n] = '\0';
  /* The command name may hold spaces and parentheses: count fields after the last ')'. */
  p = strrchr (buf, ')');
  if (p == NULL)
    return false;
  for (int field = 2; field < 22; field++)
    {
      p = strchr (p + 1, ' ');
      if (p == NULL)
        return false;
    }
  return sscanf (p + 1, "%llu", start) == 1;
}

/* Where tracefs is mounted, from /proc/self/mounts. */
static bool
find_mount (char *root, size_t size)
{
  char line[1024];
  bool found = false;
  FILE *mounts = fopen ("/proc/self/mounts", "re");

  if (mounts == NULL)
    return false;
  while (!found && fgets (line, sizeof line, mounts) != NULL)
    {
      char device[256], dir[512], type[64];

      if (sscanf (line, "%255s %511s %63s", device, dir, type) != 3 ||
          strcmp (type, "tracefs") != 0 || strchr (dir, '\\') != NULL)
        continue;
      if (strlen (dir) < size)
        {
          snprintf (root, size, "%s", dir);
          found = true;
        }
    }
  fclose (mounts);
  return found;
}

static bool
is_rtbench_instance (const char *name, long *pid, unsigned long long *start)
{
  char *end;

  if (strncmp (name, RTB_WORKER_TRACEFS_INSTANCE_PREFIX,
               strlen (RTB_WORKER_TRACEFS_INSTANCE_PREFIX)) != 0)
    return false;
  errno = 0;
  *pid = strtol (name + strlen (RTB_WORKER_TRACEFS_INSTANCE_PREFIX), &end, 10);
  if (errno != 0 || *pid <= 0 || *end != '-')
    return false;
  *start = strtoull (end + 1, &end, 10);
  return errno == 0 && (*end == '\0' || strcmp (end, RTB_WORKER_TRACER_INSTANCE_SUFFIX) == 0);
}

/* The first step of every cleanup: the instance stops recording, even if it cannot go yet (a
 * file of it still open). */
static void
stop_tracing (const char *instance)
{
  rtb_worker_tracefs_write (instance, "tracing_on", "0");
  rtb_worker_tracefs_write (instance, "events/enable", "0");
}

/* Removes the instances of rtbench workers that are gone (a SIGKILLed worker whose janitor was
 * killed too): an instance whose pid runs no process, or one started at another time. */
void
rtb_worker_tracefs_remove_stale (const char *root)
{
  char dir_path[RTB_WORKER_TRACE_PATH_MAX];
  struct dirent *entry;
  DIR *dir;

  snprintf (dir_path, sizeof dir_path, "%s/instances", root);
  dir = opendir (dir_path);
  if (dir == NULL)
    return;
  while ((entry = readdir (dir)) != NULL)
    {
      unsigned long long start, running_start;
      char path[RTB_WORKER_TRACE_PATH_MAX + 300];
      long pid;

      if (!is_rtbench_instance (entry->d_name, &pid, &start))
        continue;
      if (rtb_worker_tracefs_process_start ((pid_t) pid, &running_start) && running_start == start)
        continue;
      snprintf (path, sizeof path, "%s/%s", dir_path, entry->d_name);
      stop_tracing (path);
      if (rmdir (path) == 0)
        rtb_worker_log ("trace: removed the instance %s of a worker that is gone", entry->d_name);
      else
        rtb_worker_log ("trace: cannot remove the stale instance %s: %s", entry->d_name,
                        strerror (errno));
    }
  closedir (dir);
}

/* Keeps only `keep`, moved to descriptor 0: the janitor holds neither the worker's stdout (the
 * client would wait for its end) nor any file of the instance (it could not be removed). */
/* In a janitor just forked: keeps only `keep`, moved to descriptor 0. */
static void
keep_only (int keep)
{
  long max = sysconf (_SC_OPEN_MAX);

  if (keep != 0 && dup2 (keep, 0) != 0)
    _exit (1);
#ifdef SYS_close_range
  if (syscall (SYS_close_range, 1u, ~0u, 0u) == 0)
    return;
#endif
  if (max < 0 || max > 65536)
    max = 65536;
  for (int fd = 1; fd < (int) max; fd++)
    close (fd);
}

pid_t
rtb_worker_tracefs_fork_janitor (const char *name, int *fd)
{
  int fds[2];
  pid_t pid;
  sigset_t all;

  if (pipe2 (fds, O_CLOEXEC) != 0)
    return -1;
  pid = fork ();
  if (pid < 0)
    {
      int err = errno;

      close (fds[0]);
      close (fds[1]);
      errno = err;
      return -1;
    }
  if (pid > 0)
    {
      close (fds[0]);
      *fd = fds[1];
      return pid;
    }
  /* Ctrl-C on the terminal reaches the whole process group: the janitor outlives it so that
   * it can clean up after the worker, which it does as soon as the worker is gone. */
  prctl (PR_SET_NAME, name);
  sigfillset (&all);
  sigprocmask (SIG_BLOCK, &all, NULL);
  keep_only (fds[0]);
  *fd = 0;
  return 0;
}

static void __attribute__ ((noreturn))
janitor_main (int fd, const char *instance, const char *mounted)
{
  char byte;

  while (read (fd, &byte, 1) < 0 && errno == EINTR)
    ;
  stop_tracing (instance);
  for (int tries = 0; rmdir (instance) != 0 && errno == EBUSY && tries < 50; tries++)
    usleep (10000);
  if (mounted != NULL)
    umount (mounted);
  _exit (0);
}

static int
start_janitor (RtbWorkerTrace *t)
{
  int fd;
  pid_t pid = rtb_worker_tracefs_fork_janitor ("rtbench-janitor", &fd);

  if (pid < 0)
    return errno;
  if (pid == 0)
    janitor_main (fd, t->instance, t->mounted_here ? t->root : NULL);
  t->janitor_fd = fd;
  t->janitor = pid;
  return 0;
}

static RtbTraceStatus
refuse (RtbWorkerTrace *t, RtbTraceStatus status, int err, const char *format, ...)
  __attribute__ ((format (printf, 4, 5)));

static RtbTraceStatus
refuse (RtbWorkerTrace *t, RtbTraceStatus status, int err, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  rtb_worker_tracefs_refusal ("trace", err, &t->sys_errno, t->why, sizeof t->why, format, args);
  va_end (args);
  return t->status = status;
}

static RtbTraceStatus
status_for (int err)
{
  return err == EACCES || err == EPERM || err == EROFS ? RTB_TRACE_NOT_PERMITTED
                                                       : RTB_TRACE_FAILED;
}

int
rtb_worker_tracefs_root (char *root, size_t size, bool *mounted_here)
{
  *mounted_here = false;
  if (find_mount (root, size))
    return 0;
  /* Mounted nowhere: mount it where the kernel documents it, if this process may. */
  snprintf (root, size, "%s", DEFAULT_MOUNT);
  if (mount ("nodev", root, "tracefs", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0)
    return errno;
  *mounted_here = true;
  rtb_worker_log ("trace: mounted tracefs at %s", root);
  return 0;
}

static RtbTraceStatus
find_or_mount (RtbWorkerTrace *t)
{
  int err = rtb_worker_tracefs_root (t->root, sizeof t->root, &t->mounted_here);

  if (err == 0)
    return RTB_TRACE_ARMED;
  if (err == ENODEV || err == ENOENT)
    return refuse (t, RTB_TRACE_NO_TRACEFS, err, RTB_REFUSAL_TRACE_NO_TRACEFS);
  return refuse (t, status_for (err), err, RTB_REFUSAL_TRACE_NOT_MOUNTED, strerror (err),
                 DEFAULT_MOUNT);
}

static RtbTraceStatus
enable_events (RtbWorkerTrace *t)
{
  char name[128];

  for (int i = 0; required_events[i] != NULL; i++)
    {
      int err;

      snprintf (name, sizeof name, "events/%s/enable", required_events[i]);
      err = rtb_worker_tracefs_write (t->instance, name, "1");
      if (err == ENOENT)
        return refuse (t, RTB_TRACE_NO_EVENTS, err, RTB_REFUSAL_TRACE_NO_EVENT,
                       required_events[i]);
      if (err != 0)
        return refuse (t, status_for (err), err, "cannot enable the trace event %s: %s",
                       required_events[i], strerror (err));
    }
  for (int i = 0; optional_events[i] != NULL; i++)
    {
      snprintf (name, sizeof name, "events/%s/enable", optional_events[i]);
      if (rtb_worker_tracefs_write (t->instance, name, "1") != 0)
        rtb_worker_log ("trace: no %s event: explanations will not show it", optional_events[i]);
    }
  return RTB_TRACE_ARMED;
}

void
rtb_worker_tracefs_format_cpumask (const uint64_t *cpus, char *buf, size_t size)
{
  int top = RTB_MAX_CPUS / 32 - 1;
  size_t used = 0;

  while (top > 0 && ((cpus[top / 2] >> (32 * (top % 2))) & 0xffffffffu) == 0)
    top--;
  buf[0] = '\0';
  for (int word = top; word >= 0 && used < size; word--)
    used += (size_t) snprintf (buf + used, size - used, "%s%08x", word == top ? "" : ",",
                               (unsigned) ((cpus[word / 2] >> (32 * (word % 2))) & 0xffffffffu));
}

static RtbTraceStatus
configure (RtbWorkerTrace *t, const uint64_t *cpus)
{
  char mask[RTB_MAX_CPUS / 4 + RTB_MAX_CPUS / 32 + 1];
  int err;

  if ((err = rtb_worker_tracefs_write (t->instance, "tracing_on", "0")) != 0 ||
      (err = rtb_worker_tracefs_write (t->instance, "trace_clock", "mono")) != 0)
    return refuse (t, err == EINVAL ? RTB_TRACE_FAILED : status_for (err), err,
                   "the trace clock cannot be set to mono (%s): spikes are measured, not "
                   "explained", strerror (err));
  if ((err = rtb_worker_tracefs_write (t->instance, "buffer_size_kb", BUFFER_SIZE_KB)) != 0)
    rtb_worker_log ("trace: buffer_size_kb: %s", strerror (err));
  rtb_worker_tracefs_format_cpumask (cpus, mask, sizeof mask);
  if ((err = rtb_worker_tracefs_write (t->instance, "tracing_cpumask", mask)) != 0)
    rtb_worker_log ("trace: tracing_cpumask %s: %s", mask, strerror (err));
  return enable_events (t);
}

RtbTraceStatus
rtb_worker_tracefs_create (RtbWorkerTrace *t, const uint64_t *cpus)
{
  unsigned long long start;
  int err;

  t->janitor_fd = -1;
  t->janitor = -1;
  if (geteuid () != 0)
    return refuse (t, RTB_TRACE_NOT_PERMITTED, EPERM, RTB_REFUSAL_TRACE_NOT_ROOT);
  if (find_or_mount (t) != RTB_TRACE_ARMED)
    return t->status;
  rtb_worker_tracefs_remove_stale (t->root);

  if (!rtb_worker_tracefs_process_start (getpid (), &start))
    start = 0;
  if (snprintf (t->instance, sizeof t->instance,
                "%s/instances/" RTB_WORKER_TRACEFS_INSTANCE_PREFIX "%d-%llu",
                t->root, (int) getpid (), start) >= (int) sizeof t->instance)
    return refuse (t, RTB_TRACE_FAILED, ENAMETOOLONG, "the tracefs path is too long");
  /* The janitor first: whenever the worker dies after the instance exists, it goes with it. */
  if ((err = start_janitor (t)) != 0)
    return refuse (t, RTB_TRACE_FAILED, err, "cannot fork the tracefs janitor: %s",
                   strerror (err));
  if (mkdir (t->instance, 0700) != 0)
    return refuse (t, errno == ENOENT ? RTB_TRACE_NO_TRACEFS : status_for (errno), errno,
                   "cannot create a tracefs instance in %s/instances: %s", t->root,
                   strerror (errno));
  if (configure (t, cpus) != RTB_TRACE_ARMED)
    return t->status;
  rtb_worker_log ("trace: instance %s", t->instance);
  return RTB_TRACE_ARMED;
}

int
rtb_worker_tracefs_open (const RtbWorkerTrace *t, const char *relative, int flags)
{
  char path[RTB_WORKER_TRACE_PATH_MAX + 64];

  if (snprintf (path, sizeof path, "%s/%s", t->instance, relative) >= (int) sizeof path)
    {
      errno = ENAMETOOLONG;
      return -1;
    }
  return open (path, flags | O_CLOEXEC | O_NOFOLLOW);
}

void
rtb_worker_tracefs_off (const RtbWorkerTrace *t)
{
  if (t->on_fd >= 0 && write (t->on_fd, "0", 1) != 1)
    rtb_worker_log ("trace: cannot stop the instance: %s", strerror (errno));
}
