/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rtb-file-read.h"

static const char *
describe_type (mode_t mode)
{
  if (S_ISDIR (mode))
    return "a directory";
  if (S_ISFIFO (mode))
    return "a FIFO";
  if (S_ISCHR (mode) || S_ISBLK (mode))
    return "a device";
  if (S_ISSOCK (mode))
    return "a socket";
  return "not a regular file";
}

static GBytes *
too_large (const char *path, guint64 max_size, const char *hint, GError **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
               "%s is larger than %" G_GUINT64_FORMAT " MiB: %s", path, max_size >> 20, hint);
  return NULL;
}

static GBytes *
no_memory (const char *path, gsize size, GError **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
               "Not enough memory to read %s (%" G_GSIZE_FORMAT " MiB): close other programs "
               "or read it on a machine with more memory", path, size >> 20);
  return NULL;
}

/* No file rtbench reads starts with more blank space than this: a run file, another tool's
 * result and a worker's stream start on their first line. */
#define LEADING_BLANK_MAX 4096

/* Whether something other than blank space comes in the first LEADING_BLANK_MAX bytes: 2 GiB
 * of spaces before a run are refused before they are read. */
static gboolean
starts_soon (int fd, const char *path, GError **error)
{
  char head[LEADING_BLANK_MAX];
  ssize_t n;

  do
    n = pread (fd, head, sizeof head, 0);
  while (n < 0 && errno == EINTR);
  if (n < (ssize_t) sizeof head)
    return TRUE;
  for (gsize i = 0; i < sizeof head; i++)
    if (!g_ascii_isspace (head[i]))
      return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               "%s starts with more than %d bytes of blank space: no file rtbench saves or "
               "imports does, so it is not read", path, LEADING_BLANK_MAX);
  return FALSE;
}

int
_rtb_file_open (const char *path, struct stat *st_out, GError **error)
{
  struct stat st;
  int fd;

  g_return_val_if_fail (path != NULL, -1);

  /* O_NONBLOCK: opening a FIFO without a writer would otherwise wait for one. */
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "Could not open %s: %s",
                   path, g_strerror (saved));
      return -1;
    }
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "Could not read %s: %s",
                   path, g_strerror (saved));
      close (fd);
      return -1;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   "%s is %s, not a saved file: rtbench reads regular files only", path,
                   describe_type (st.st_mode));
      close (fd);
      return -1;
    }
  if (st_out != NULL)
    *st_out = st;
  return fd;
}

GBytes *
_rtb_file_read (const char *path, guint64 max_size, const char *too_large_hint,
                GError **error)
{
  g_autofree char *data = NULL;
  struct stat st;
  gsize len = 0, alloc;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  fd = _rtb_file_open (path, &st, error);
  if (fd < 0)
    return NULL;
  max_size = MIN (max_size, (guint64) G_MAXSSIZE - 2);
  if ((guint64) st.st_size > max_size)
    {
      close (fd);
      return too_large (path, max_size, too_large_hint, error);
    }

  if (!starts_soon (fd, path, error))
    {
      close (fd);
      return NULL;
    }

  /* The size can change while reading: read up to one byte past the limit to notice. */
  alloc = (gsize) st.st_size + 1;
  data = g_try_malloc (alloc + 1);
  if (data == NULL)
    {
      close (fd);
      return no_memory (path, alloc, error);
    }
  for (;;)
    {
      ssize_t n;

      if (len == alloc)
        {
          char *grown;

          if (alloc > max_size)
            {
              close (fd);
              return too_large (path, max_size, too_large_hint, error);
            }
          alloc = (gsize) MIN ((guint64) alloc * 2, max_size + 1);
          grown = g_try_realloc (data, alloc + 1);
          if (grown == NULL)
            {
              close (fd);
              return no_memory (path, alloc, error);
            }
          data = grown;
        }
      n = read (fd, data + len, alloc - len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "Could not read %s: %s",
                       path, g_strerror (saved));
          close (fd);
          return NULL;
        }
      if (n == 0)
        break;
      len += (gsize) n;
    }
  close (fd);
  data[len] = '\0';
  return g_bytes_new_take (g_realloc (g_steal_pointer (&data), len + 1), len);
}
