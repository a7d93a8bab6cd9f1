/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A kernel tracer taken for one run, every change it makes undone by a janitor: see the header. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rtb-file-text.h"
#include "rtb-refusals.h"
#include "rtb-time.h"
#include "rtb-worker-tracefs.h"
#include "rtb-worker-tracer.h"
#include "rtb-worker.h"

/* What the janitor does with one entry of the journal, newest first. */
typedef enum {
  UNDO_WRITE = 1,  /* write `value` back to `path` */
  UNDO_RMDIR = 2,  /* remove the instance `path` */
  UNDO_UMOUNT = 3, /* unmount tracefs at `path` */
} UndoKind;

typedef struct {
  uint32_t kind;
  char path[RTB_WORKER_TRACE_PATH_MAX + 128];
  char value[RTB_WORKER_TRACER_VALUE_MAX];
} UndoEntry;
/* One write of the pipe, whole: the janitor never reads half an entry. */
_Static_assert (sizeof (UndoEntry) <= PIPE_BUF, "an undo entry is written atomically");

/* The janitor's copy of the journal (in the janitor only, which allocates nothing). */
static UndoEntry journal[RTB_WORKER_TRACER_CHANGES_MAX];

/* The kernel option each tracer needs, for the way out of a refusal. */
static const char *
config_of (const char *name)
{
  if (strcmp (name, "timerlat") == 0)
    return "CONFIG_TIMERLAT_TRACER";
  if (strcmp (name, "osnoise") == 0)
    return "CONFIG_OSNOISE_TRACER";
  if (strcmp (name, "hwlat") == 0)
    return "CONFIG_HWLAT_TRACER";
  return "its tracer";
}

static RtbWorkerTracerStatus
refuse (RtbWorkerTracer *t, RtbWorkerTracerStatus status, int err, const char *format, ...)
  __attribute__ ((format (printf, 4, 5)));

static RtbWorkerTracerStatus
refuse (RtbWorkerTracer *t, RtbWorkerTracerStatus status, int err, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  rtb_worker_tracefs_refusal ("tracer", err, &t->sys_errno, t->why, sizeof t->why, format, args);
  va_end (args);
  return t->status = status;
}

static int
read_text (const char *path, char *buf, size_t size)
{
  int err = rtb_file_text_read (NULL, path, buf, size);
  size_t got = strlen (buf);

  if (err != 0)
    return err;
  while (got > 0 && buf[got - 1] == '\n')
    buf[--got] = '\0';
  return 0;
}

bool
rtb_worker_tracer_available (const char *root, const char *name)
{
  char path[RTB_WORKER_TRACE_PATH_MAX + 32];
  char tracers[4096];
  size_t len = strlen (name);

  snprintf (path, sizeof path, "%s/available_tracers", root);
  if (read_text (path, tracers, sizeof tracers) != 0)
    return false;
  char *save = NULL;

  for (char *word = strtok_r (tracers, " \n", &save); word != NULL;
       word = strtok_r (NULL, " \n", &save))
    if (strlen (word) == len && strcmp (word, name) == 0)
      return true;
  return false;
}

/* ---- The janitor ------------------------------------------------------------------------ */

static void
undo_write (const UndoEntry *e)
{
  const char *value = e->value[0] != '\0' ? e->value : "\n";
  size_t len = strlen (value);

  /* A tracer cannot change while its trace_pipe is read: the dying worker's files may close
   * just after the pipe told the janitor. */
  for (int tries = 0; tries < 100; tries++)
    {
      int fd = open (e->path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
      ssize_t n;

      if (fd < 0)
        return;
      n = write (fd, value, len);
      close (fd);
      if (n == (ssize_t) len || errno != EBUSY)
        return;
      usleep (10000);
    }
}

static void
undo (const UndoEntry *e)
{
  switch ((UndoKind) e->kind)
    {
    case UNDO_WRITE:
      undo_write (e);
      break;
    case UNDO_RMDIR:
      for (int tries = 0; rmdir (e->path) != 0 && errno == EBUSY && tries < 100; tries++)
        usleep (10000);
      break;
    case UNDO_UMOUNT:
      umount (e->path);
      break;
    default:
      break;
    }
}

static bool
read_entry (int fd, UndoEntry *e)
{
  size_t got = 0;

  while (got < sizeof *e)
    {
      ssize_t r = read (fd, (char *) e + got, sizeof *e - got);

      if (r < 0 && errno == EINTR)
        continue;
      if (r <= 0)
        return false;
      got += (size_t) r;
    }
  e->path[sizeof e->path - 1] = '\0';
  e->value[sizeof e->value - 1] = '\0';
  return true;
}

static void __attribute__ ((noreturn))
janitor_main (int fd)
{
  UndoEntry extra;
  unsigned n = 0;

  while (n < RTB_WORKER_TRACER_CHANGES_MAX && read_entry (fd, &journal[n]))
    n++;
  /* The worker journals no more than that; whatever it sends, the end is the pipe's end. */
  while (read_entry (fd, &extra))
    ;
  while (n > 0)
    undo (&journal[--n]);
  _exit (0);
}

static int
start_janitor (RtbWorkerTracer *t)
{
  int fd;
  pid_t pid = rtb_worker_tracefs_fork_janitor ("rtbench-tracer", &fd);

  if (pid < 0)
    return errno;
  if (pid == 0)
    janitor_main (fd);
  t->journal_fd = fd;
  t->janitor = pid;
  return 0;
}

static int
journal_add (RtbWorkerTracer *t, UndoKind kind, const char *path, const char *value)
{
  UndoEntry e;
  ssize_t n;

  if (t->journal_fd < 0)
    return EBADF;
  if (t->n_changes >= RTB_WORKER_TRACER_CHANGES_MAX)
    return EOVERFLOW;
  memset (&e, 0, sizeof e);
  e.kind = kind;
  if (snprintf (e.path, sizeof e.path, "%s", path) >= (int) sizeof e.path ||
      snprintf (e.value, sizeof e.value, "%s", value) >= (int) sizeof e.value)
    return ENAMETOOLONG;
  do
    n = write (t->journal_fd, &e, sizeof e);
  while (n < 0 && errno == EINTR);
  if (n != (ssize_t) sizeof e)
    return n < 0 ? errno : EIO;
  t->n_changes++;
  return 0;
}

/* ---- Taking, changing, giving back ------------------------------------------------------ */

void
rtb_worker_tracer_init (RtbWorkerTracer *t)
{
  memset (t, 0, sizeof *t);
  t->journal_fd = -1;
  t->janitor = -1;
}

static RtbWorkerTracerStatus
make_instance (RtbWorkerTracer *t)
{
  unsigned long long start;
  int err;

  if (!rtb_worker_tracefs_process_start (getpid (), &start))
    start = 0;
  if (snprintf (t->dir, sizeof t->dir,
                "%s/instances/" RTB_WORKER_TRACEFS_INSTANCE_PREFIX "%d-%llu"
                RTB_WORKER_TRACER_INSTANCE_SUFFIX, t->root, (int) getpid (), start)
      >= (int) sizeof t->dir)
    return refuse (t, RTB_WORKER_TRACER_FAILED, ENAMETOOLONG, "the tracefs path is too long");
  if ((err = journal_add (t, UNDO_RMDIR, t->dir, "")) != 0)
    return refuse (t, RTB_WORKER_TRACER_FAILED, err, "cannot journal the instance: %s",
                   strerror (err));
  if (mkdir (t->dir, 0700) != 0)
    return refuse (t, RTB_WORKER_TRACER_FAILED, errno,
                   "cannot create a tracefs instance for the %s tracer in %s/instances: %s",
                   t->name, t->root, strerror (errno));
  t->in_instance = true;
  rtb_worker_log ("tracer: %s in the instance %s", t->name, t->dir);
  return RTB_WORKER_TRACER_TAKEN;
}

RtbWorkerTracerStatus
rtb_worker_tracer_take (RtbWorkerTracer *t, const char *name, bool own_instance)
{
  bool mounted_here;
  int err;

  rtb_worker_tracer_init (t);
  t->name = name;
  if (geteuid () != 0)
    return refuse (t, RTB_WORKER_TRACER_NOT_PERMITTED, EPERM, RTB_REFUSAL_TRACER_NOT_ROOT, name);
  err = rtb_worker_tracefs_root (t->root, sizeof t->root, &mounted_here);
  if (err == ENODEV || err == ENOENT)
    return refuse (t, RTB_WORKER_TRACER_NO_TRACEFS, err, RTB_REFUSAL_TRACER_NO_TRACEFS, name,
                   config_of (name));
  if (err != 0)
    return refuse (t, RTB_WORKER_TRACER_NOT_PERMITTED, err, RTB_REFUSAL_TRACER_NOT_MOUNTED,
                   strerror (err), t->root);
  /* Before anything changes: from here on, whatever the worker does, the janitor undoes. */
  if ((err = start_janitor (t)) != 0)
    {
      if (mounted_here)
        umount (t->root);
      return refuse (t, RTB_WORKER_TRACER_FAILED, err, "cannot fork the tracer's janitor: %s",
                     strerror (err));
    }
  if (mounted_here && (err = journal_add (t, UNDO_UMOUNT, t->root, "")) != 0)
    umount (t->root);
  rtb_worker_tracefs_remove_stale (t->root);
  snprintf (t->dir, sizeof t->dir, "%s", t->root);
  if (!rtb_worker_tracer_available (t->root, name))
    refuse (t, RTB_WORKER_TRACER_MISSING, ENOENT, RTB_REFUSAL_TRACER_MISSING, name,
            config_of (name));
  else if (!own_instance || make_instance (t) == RTB_WORKER_TRACER_TAKEN)
    t->status = RTB_WORKER_TRACER_TAKEN;
  if (t->status != RTB_WORKER_TRACER_TAKEN)
    {
      RtbWorkerTracerStatus status = t->status;

      rtb_worker_tracer_release (t);
      t->status = status;
    }
  return t->status;
}

static int
path_of (const RtbWorkerTracer *t, RtbWorkerTracerScope scope, const char *file, char *path,
         size_t size)
{
  const char *dir = scope == RTB_WORKER_TRACER_TOP ? t->root : t->dir;

  return snprintf (path, size, "%s/%s", dir, file) >= (int) size ? ENAMETOOLONG : 0;
}

int
rtb_worker_tracer_get (const RtbWorkerTracer *t, RtbWorkerTracerScope scope, const char *file,
                       char *buf, size_t size)
{
  char path[RTB_WORKER_TRACE_PATH_MAX + 128];
  int err = path_of (t, scope, file, path, sizeof path);

  return err != 0 ? err : read_text (path, buf, size);
}

/* A file that lists its choices shows the chosen one in brackets ("[local] global mono"):
 * that one is what goes back. */
static void
keep_chosen (char *value)
{
  char *open = strchr (value, '['), *close = open != NULL ? strchr (open, ']') : NULL;

  if (close == NULL)
    return;
  *close = '\0';
  memmove (value, open + 1, (size_t) (close - open));
}

/* A trace buffer the kernel has not expanded yet reads "7 (expanded: 1408)": 7 KiB now, 1408
 * once a tracer starts. The kernel takes back a number alone, and its flag that the buffers are
 * still to expand cannot be put back (in 6.1 one flag for every instance, set by any size
 * written or tracer started in any of them): the size it was to expand to goes back, what the
 * buffer's next user would have had. */
static void
keep_unexpanded (char *value)
{
  unsigned long now, expanded;
  char end;

  if (sscanf (value, "%lu (expanded: %lu%c", &now, &expanded, &end) == 3 && end == ')')
    snprintf (value, RTB_WORKER_TRACER_VALUE_MAX, "%lu", expanded);
}

int
rtb_worker_tracer_set (RtbWorkerTracer *t, RtbWorkerTracerScope scope, const char *file,
                       const char *value)
{
  char path[RTB_WORKER_TRACE_PATH_MAX + 128];
  char old[RTB_WORKER_TRACER_VALUE_MAX];
  size_t len = strlen (value);
  ssize_t n;
  int err, fd;

  if (t->status != RTB_WORKER_TRACER_TAKEN)
    return EBADF;
  if ((err = path_of (t, scope, file, path, sizeof path)) != 0 ||
      (err = read_text (path, old, sizeof old)) != 0 ||
      (keep_chosen (old), keep_unexpanded (old),
       err = journal_add (t, UNDO_WRITE, path, old)) != 0)
    {
      t->sys_errno = err;
      snprintf (t->why, sizeof t->why, "cannot keep the value of %.160s to put it back: %s", path,
                strerror (err));
      rtb_worker_log ("tracer: %s", t->why);
      return err;
    }
  fd = open (path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    err = errno;
  else
    {
      n = write (fd, value, len);
      err = n == (ssize_t) len ? 0 : n < 0 ? errno : EIO;
      close (fd);
    }
  if (err != 0)
    {
      t->sys_errno = err;
      snprintf (t->why, sizeof t->why, "the kernel refused %.40s in %.160s: %s", value, path,
                strerror (err));
      rtb_worker_log ("tracer: %s", t->why);
      return err;
    }
  rtb_worker_log ("tracer: %s = %s (was %s)", path, value, old);
  return 0;
}

RtbWorkerTracerStatus
rtb_worker_tracer_start (RtbWorkerTracer *t)
{
  int err;

  t->started_ns = rtb_monotonic_ns ();
  err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_OWN, "current_tracer", t->name);
  if (err == 0)
    return RTB_WORKER_TRACER_TAKEN;
  if (err == EBUSY)
    return refuse (t, RTB_WORKER_TRACER_BUSY, err, RTB_REFUSAL_TRACER_BUSY, t->name);
  return refuse (t, RTB_WORKER_TRACER_FAILED, err, "the kernel refused the %s tracer: %s",
                 t->name, strerror (err));
}

int
rtb_worker_tracer_open (RtbWorkerTracer *t, const char *file, int flags)
{
  char path[RTB_WORKER_TRACE_PATH_MAX + 128];
  int fd;

  if (t->n_fds >= RTB_WORKER_TRACER_FDS_MAX || path_of (t, RTB_WORKER_TRACER_OWN, file, path,
                                                        sizeof path) != 0)
    {
      errno = t->n_fds >= RTB_WORKER_TRACER_FDS_MAX ? EMFILE : ENAMETOOLONG;
      return -1;
    }
  fd = open (path, flags | O_CLOEXEC | O_NOFOLLOW);
  if (fd >= 0)
    t->fds[t->n_fds++] = fd;
  return fd;
}

void
rtb_worker_tracer_release (RtbWorkerTracer *t)
{
  for (unsigned i = 0; i < t->n_fds; i++)
    close (t->fds[i]);
  t->n_fds = 0;
  if (t->journal_fd >= 0)
    close (t->journal_fd);
  t->journal_fd = -1;
  if (t->janitor > 0)
    {
      while (waitpid (t->janitor, NULL, 0) < 0 && errno == EINTR)
        ;
      rtb_worker_log ("tracer: %s given back, %u change%s undone", t->name, t->n_changes,
                      t->n_changes == 1 ? "" : "s");
    }
  t->janitor = -1;
  t->status = RTB_WORKER_TRACER_NONE;
}

void
rtb_worker_tracer_error (const RtbWorkerTracer *t, RtbCommandError *error)
{
  memset (error, 0, sizeof *error);
  error->code = t->status == RTB_WORKER_TRACER_NOT_PERMITTED ? RTB_ERROR_PERMISSION
                                                              : RTB_ERROR_SYSTEM;
  snprintf (error->message, sizeof error->message, "%s", t->why);
}
