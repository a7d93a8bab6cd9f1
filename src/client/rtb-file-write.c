/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rtb-file-write.h"

static gboolean
failed (const char  *path,
        gboolean     existed,
        int          errsv,
        GError     **error)
{
  g_autofree char *name = g_filename_display_name (path);
  g_autofree char *base = g_filename_display_basename (path);
  GString *message = g_string_new (NULL);

  /* Translators: the file, then the system's reason ("No space left on device") */
  g_string_printf (message, _("Could not save “%s”: %s."), name, g_strerror (errsv));
  if (existed)
    {
      g_string_append_c (message, ' ');
      g_string_append_printf (message, _("The previous “%s” is kept."), base);
    }
  if (errsv == ENOSPC || errsv == EDQUOT)
    {
      g_string_append_c (message, ' ');
      g_string_append (message, _("Free some space there or save it elsewhere."));
    }
  else if (errsv == EACCES || errsv == EPERM || errsv == EROFS)
    {
      g_string_append_c (message, ' ');
      g_string_append (message, _("Save it in a folder this user may write to."));
    }
  g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (errsv), message->str);
  g_string_free (message, TRUE);
  return FALSE;
}

static gboolean
write_all (int          fd,
           const char  *data,
           gsize        length)
{
  while (length > 0)
    {
      ssize_t n = write (fd, data, MIN (length, (gsize) G_MAXSSIZE));

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return FALSE;
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

gboolean
rtb_file_write (const char  *path,
                const void  *data,
                gsize        length,
                GError     **error)
{
  g_autofree char *tmp = NULL;
  GStatBuf st;
  gboolean existed;
  int fd;
  int errsv;

  g_return_val_if_fail (path != NULL && path[0] != '\0', FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  /* "-" reads as standard output to a reader of Unix tools, as a file named "-" to the kernel. */
  if (strcmp (path, "-") == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                   _("Could not save “-”: rtbench writes to files, not to standard output. Give "
                     "a file name (./- for a file named “-”)."));
      return FALSE;
    }
  existed = g_lstat (path, &st) == 0;
  /* A FIFO, a device (/dev/null), a folder or a socket: renaming over it would replace it. A
   * link is replaced, never followed. */
  if (existed && !S_ISREG (st.st_mode) && !S_ISLNK (st.st_mode))
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   _("Could not save “%s”: it is not a regular file (a device, a FIFO, a folder "
                     "or a socket), which rtbench never replaces. Give the name of a file."),
                   name);
      return FALSE;
    }
  tmp = g_strconcat (path, ".XXXXXX", NULL);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    return failed (path, existed, errno, error);
  /* Replacing a file: its new contents reach the disk before the rename does, so a crash
   * leaves the old file or the new one, never an empty one. */
  if (!write_all (fd, data, length) || (existed && fsync (fd) != 0))
    {
      errsv = errno;
      close (fd);
      g_unlink (tmp);
      return failed (path, existed, errsv, error);
    }
  if (close (fd) != 0 || g_rename (tmp, path) != 0)
    {
      errsv = errno;
      g_unlink (tmp);
      return failed (path, existed, errsv, error);
    }
  return TRUE;
}
