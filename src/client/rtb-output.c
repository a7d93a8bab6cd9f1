/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "rtb-output.h"

G_DEFINE_QUARK (rtb-output-error-quark, rtb_output_error)

struct _RtbOutputLock
{
  char *path;      /* the output */
  char *lock_path; /* .NAME.lock beside it */
  int fd;
};

static gboolean
unusable (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
unusable (GError **error, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, RTB_OUTPUT_ERROR, RTB_OUTPUT_ERROR_UNUSABLE, message);
  return FALSE;
}

/* Whether this user may create a file in `dir`: tried for real (a temporary file, removed at
 * once), so a read-only mount refuses root too. */
static gboolean
check_writable_dir (const char *dir, const char *path, GError **error)
{
  g_autofree char *probe = g_build_filename (dir, ".rtbench-check-XXXXXX", NULL);
  int fd = g_mkstemp_full (probe, O_RDWR | O_CLOEXEC, 0600);
  int saved_errno = errno;

  if (fd < 0)
    return unusable (error, _("cannot create “%s”: the folder “%s” does not let this user write "
                              "in it (%s); choose a folder you can write to"),
                     path, dir, g_strerror (saved_errno));
  close (fd);
  g_unlink (probe);
  return TRUE;
}

gboolean
rtb_output_check (const char *path, GError **error)
{
  g_autofree char *dir = NULL;
  struct stat dir_st, st;

  g_return_val_if_fail (path != NULL, FALSE);

  if (*path == '\0')
    return unusable (error, _("the output file name is empty: give a file such as "
                              "run.rtbench"));
  if (strcmp (path, "-") == 0)
    return unusable (error, _("“-” is not standard output here: rtbench saves a run to a file; "
                              "give a file name (./- for a file named “-”)"));
  if (g_str_has_suffix (path, "/"))
    return unusable (error, _("“%s” names a folder: give a file name inside it, such as "
                              "%srun.rtbench"), path, path);
  dir = g_path_get_dirname (path);
  if (stat (dir, &dir_st) != 0)
    {
      int saved_errno = errno;

      if (saved_errno == ENOENT)
        return unusable (error, _("cannot create “%s”: the folder “%s” does not exist; create "
                                  "it first (mkdir -p %s) or choose another file"),
                         path, dir, dir);
      return unusable (error, _("cannot create “%s”: the folder “%s” cannot be reached (%s)"),
                       path, dir, g_strerror (saved_errno));
    }
  if (!S_ISDIR (dir_st.st_mode))
    return unusable (error, _("cannot create “%s”: “%s” is not a folder"), path, dir);

  if (lstat (path, &st) == 0)
    {
      if (S_ISDIR (st.st_mode))
        return unusable (error, _("“%s” is a folder: give a file name inside it, such as "
                                  "%s/run.rtbench"), path, path);
      /* A symbolic link is replaced by the run file, never followed, as every output is. */
      if (!S_ISREG (st.st_mode) && !S_ISLNK (st.st_mode))
        return unusable (error, _("“%s” is not a regular file (a device, FIFO or socket): give "
                                  "the name of a file"), path);
      /* In a shared folder such as /tmp only the file's owner may replace it: a link planted
       * there by another user would make the final save fail after the whole run. */
      if ((dir_st.st_mode & S_ISVTX) && geteuid () != 0 && st.st_uid != geteuid () &&
          dir_st.st_uid != geteuid ())
        return unusable (error, _("“%s” belongs to another user in the shared folder “%s”, "
                                  "which lets only its owner replace it; choose another name"),
                         path, dir);
    }
  else if (errno != ENOENT)
    {
      int saved_errno = errno;

      return unusable (error, _("cannot create “%s”: %s"), path, g_strerror (saved_errno));
    }
  return check_writable_dir (dir, path, error);
}

/* ---- Locks ------------------------------------------------------------------------------- */

static char *
lock_path_for (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = g_strdup_printf (".%s.lock", base);

  return g_build_filename (dir, name, NULL);
}

/* "process 1234 on HOST", from what the holder wrote in its lock file. */
static char *
describe_holder (int fd)
{
  char text[128] = "";
  ssize_t n = pread (fd, text, sizeof text - 1, 0);
  unsigned long pid = 0;

  if (n > 0 && sscanf (text, "%lu", &pid) == 1 && pid > 0)
    return g_strdup_printf (_("process %lu"), pid);
  return g_strdup (_("another process"));
}

/* "PID HOST", for describe_holder () of a run that finds the lock taken. */
static void
write_holder (int fd, const char *lock_path)
{
  g_autofree char *owner = g_strdup_printf ("%lu %s\n", (unsigned long) getpid (),
                                            g_get_host_name ());

  if (write (fd, owner, strlen (owner)) < 0)
    g_debug ("Could not write the holder into %s: %s", lock_path, g_strerror (errno));
}

/* A lock file is written only when this process made it: one found at the name may be
 * anyone's, planted in a shared folder such as /tmp to make a run overwrite what it leads to. */
static RtbOutputLock *
refuse_lock (const char  *path,
             const char  *lock_path,
             const char  *why,
             GError     **error)
{
  g_set_error (error, RTB_OUTPUT_ERROR, RTB_OUTPUT_ERROR_UNUSABLE,
               /* Translators: the lock file, the output, why it is refused ("is a symbolic
                * link"…), the output again */
               _("“%s”, the lock file of “%s”, %s, so it is not one that rtbench made for "
                 "this user. Remove it if no rtbench run is saving to “%s”, or choose another "
                 "file"),
               lock_path, path, why, path);
  return NULL;
}

RtbOutputLock *
rtb_output_lock (const char *path, GError **error)
{
  g_autofree char *lock_path = NULL;
  RtbOutputLock *lock;

  g_return_val_if_fail (path != NULL, NULL);

  lock_path = lock_path_for (path);
  for (guint attempt = 0; attempt < 10; attempt++)
    {
      struct stat held, named;
      gboolean made = TRUE;
      int fd = g_open (lock_path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
      int saved_errno = errno;

      /* Another run's lock, or one left by a run that was killed: only read and locked. */
      if (fd < 0 && saved_errno == EEXIST)
        {
          made = FALSE;
          fd = g_open (lock_path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
          saved_errno = errno;
          if (fd < 0 && saved_errno == ENOENT)
            continue;
        }
      if (fd < 0 && saved_errno == ELOOP)
        return refuse_lock (path, lock_path, _("is a symbolic link"), error);
      if (fd < 0 || fstat (fd, &held) != 0)
        {
          saved_errno = errno;
          if (fd >= 0)
            close (fd);
          g_set_error (error, RTB_OUTPUT_ERROR, RTB_OUTPUT_ERROR_UNUSABLE,
                       _("cannot lock “%s” (%s): %s"), path, lock_path,
                       g_strerror (saved_errno));
          return NULL;
        }
      if (!made && !S_ISREG (held.st_mode))
        {
          close (fd);
          return refuse_lock (path, lock_path, _("is not a regular file"), error);
        }
      if (!made && held.st_nlink != 1)
        {
          close (fd);
          return refuse_lock (path, lock_path, _("has other names (hard links)"), error);
        }
      if (flock (fd, LOCK_EX | LOCK_NB) != 0)
        {
          g_autofree char *holder = describe_holder (fd);

          close (fd);
          g_set_error (error, RTB_OUTPUT_ERROR, RTB_OUTPUT_ERROR_BUSY,
                       _("another rtbench run (%s) is saving to “%s”: choose another file, or "
                         "wait until that run ends"), holder, path);
          return NULL;
        }
      /* The holder before us may have removed the file between our open and our lock: a lock
       * on a file that no longer has the name locks nothing. */
      if (lstat (lock_path, &named) != 0 || held.st_dev != named.st_dev ||
          held.st_ino != named.st_ino)
        {
          close (fd);
          continue;
        }
      if (!made && held.st_uid != geteuid ())
        {
          close (fd);
          return refuse_lock (path, lock_path, _("belongs to another user"), error);
        }
      /* Nobody holds it: the user's own run left it when it was killed. Made anew, so that
       * what it says is ours. */
      if (!made)
        {
          g_unlink (lock_path);
          close (fd);
          continue;
        }
      write_holder (fd, lock_path);
      lock = g_new0 (RtbOutputLock, 1);
      lock->path = g_strdup (path);
      lock->lock_path = g_steal_pointer (&lock_path);
      lock->fd = fd;
      return lock;
    }
  g_set_error (error, RTB_OUTPUT_ERROR, RTB_OUTPUT_ERROR_BUSY,
               _("cannot lock “%s”: its lock file keeps changing"), path);
  return NULL;
}

RtbOutputLock *
rtb_output_lock_free_name (const char *path, char **chosen, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  const char *dot = strrchr (base, '.');
  g_autofree char *stem = dot != NULL && dot != base ? g_strndup (base, dot - base)
                                                     : g_strdup (base);
  const char *ext = dot != NULL && dot != base ? dot : "";

  g_return_val_if_fail (chosen != NULL, NULL);

  for (guint n = 1; n < 1000; n++)
    {
      g_autoptr(GError) local_error = NULL;
      g_autofree char *name = n == 1 ? g_strdup (base)
                                     : g_strdup_printf ("%s-%u%s", stem, n, ext);
      g_autofree char *candidate = g_build_filename (dir, name, NULL);
      RtbOutputLock *lock = rtb_output_lock (n == 1 ? path : candidate, &local_error);

      if (lock != NULL)
        {
          *chosen = g_strdup (lock->path);
          return lock;
        }
      if (!g_error_matches (local_error, RTB_OUTPUT_ERROR, RTB_OUTPUT_ERROR_BUSY))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
    }
  g_set_error (error, RTB_OUTPUT_ERROR, RTB_OUTPUT_ERROR_BUSY,
               _("a thousand rtbench runs are saving to names like “%s”"), path);
  return NULL;
}

const char *
rtb_output_lock_get_path (RtbOutputLock *lock)
{
  return lock->path;
}

void
rtb_output_lock_release (RtbOutputLock *lock)
{
  if (lock == NULL)
    return;
  /* Removed while still held, so that nobody locks a file that is about to go. */
  g_unlink (lock->lock_path);
  close (lock->fd);
  g_free (lock->path);
  g_free (lock->lock_path);
  g_free (lock);
}

gboolean
rtb_output_save_run (RtbRun      *run,
                     const char  *path,
                     GError     **error)
{
  g_autoptr(RtbOutputLock) lock = NULL;

  g_return_val_if_fail (RTB_IS_RUN (run), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!rtb_output_check (path, error) || (lock = rtb_output_lock (path, error)) == NULL)
    return FALSE;
  return rtb_run_save (run, path, error);
}

/* ---- The unsaved folder ------------------------------------------------------------------ */

char *
rtb_output_unsaved_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "rtbench", "unsaved", NULL);
}

/* `name` with letters, digits, '.' and '_' kept and every run of anything else made one '-':
 * "latency, vm" is "latency-vm"; "rtbench" when nothing is left. */
static GString *
file_stem (const char *name)
{
  GString *stem = g_string_new (NULL);

  for (const char *p = name != NULL ? name : ""; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isalnum (c) || c == '.' || c == '_')
        g_string_append_unichar (stem, c);
      else if (stem->len > 0 && stem->str[stem->len - 1] != '-')
        g_string_append_c (stem, '-');
    }
  while (stem->len > 0 && stem->str[stem->len - 1] == '-')
    g_string_truncate (stem, stem->len - 1);
  if (stem->len == 0)
    g_string_append (stem, "rtbench");
  return stem;
}

char *
rtb_output_reserve_unsaved (const char *name, GError **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *dir = rtb_output_unsaved_dir ();
  g_autofree char *base = g_strdup_printf ("%s-%s", stamp, name);

  /* The name stays as it is said (the recover menu reads it back), only made a file's name. */
  g_strdelimit (base, "/\\:", '-');
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not create the folder “%s”: %s"), dir, g_strerror (saved_errno));
      return NULL;
    }
  for (guint n = 1; n < 1000; n++)
    {
      g_autofree char *file = n == 1 ? g_strdup_printf ("%s.rtbench", base)
                                     : g_strdup_printf ("%s-%u.rtbench", base, n);
      g_autofree char *path = g_build_filename (dir, file, NULL);
      int fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);

      if (fd >= 0)
        {
          close (fd);
          return g_steal_pointer (&path);
        }
      if (errno != EEXIST)
        {
          int saved_errno = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       _("Could not create a file in “%s”: %s"), dir, g_strerror (saved_errno));
          return NULL;
        }
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
               _("“%s” already holds a thousand runs named “%s”"), dir, base);
  return NULL;
}

char *
rtb_output_file_name (const char *name,
                      gint64      start_us,
                      const char *extension)
{
  GString *file;

  g_return_val_if_fail (extension != NULL, NULL);

  file = file_stem (name);
  if (start_us > 0)
    {
      g_autoptr(GDateTime) start = g_date_time_new_from_unix_local (start_us / G_USEC_PER_SEC);
      g_autofree char *stamp = start != NULL ? g_date_time_format (start, "%Y-%m-%d-%H%M") : NULL;

      if (stamp != NULL)
        g_string_append_printf (file, "-%s", stamp);
    }
  g_string_append_printf (file, ".%s", extension);
  return g_string_free (file, FALSE);
}

char *
rtb_output_in_folder (const char *dir,
                      const char *machine,
                      const char *method)
{
  g_autofree char *valid = NULL;
  g_autofree char *name = NULL;
  g_autofree char *file = NULL;

  g_return_val_if_fail (dir != NULL && machine != NULL && method != NULL, NULL);

  valid = g_utf8_make_valid (machine, -1);
  name = g_strdup_printf ("%s-%s", valid, method);
  file = rtb_output_file_name (name, 0, "rtbench");
  return g_build_filename (dir, file, NULL);
}
