/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sched.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "disk-test-util.h"

gboolean
disk_test_mount_tmpfs (const char  *dir,
                       const char  *size,
                       char       **why)
{
  g_autofree char *options = g_strdup_printf ("size=%s,mode=0700", size);

  if (geteuid () != 0)
    {
      *why = g_strdup ("mounting a full file system needs root");
      return FALSE;
    }
  if (unshare (CLONE_NEWNS) != 0 || mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
      mount ("rtbench-full", dir, "tmpfs", 0, options) != 0)
    {
      *why = g_strdup_printf ("could not mount a tmpfs: %s", g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

void
disk_test_fill (const char *dir)
{
  static char block[16384];
  g_autofree char *path = g_build_filename (dir, "filler", NULL);
  int fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

  g_assert_cmpint (fd, >=, 0);
  memset (block, 'x', sizeof block);
  for (gsize chunk = sizeof block; chunk > 0; chunk /= 2)
    while (write (fd, block, chunk) == (ssize_t) chunk)
      ;
  g_assert_cmpint (errno, ==, ENOSPC);
  g_assert_cmpint (close (fd), ==, 0);
}

GBytes *
disk_test_read (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *data = NULL;
  gsize len;

  g_file_get_contents (path, &data, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (data, len);
}

void
disk_test_assert_unchanged (const char *path,
                            GBytes     *before)
{
  g_autoptr (GBytes) now = disk_test_read (path);

  if (!g_bytes_equal (now, before))
    g_error ("%s changed: %" G_GSIZE_FORMAT " bytes before, %" G_GSIZE_FORMAT " now", path,
             g_bytes_get_size (before), g_bytes_get_size (now));
}

void
disk_test_assert_only (const char         *dir,
                       const char * const *names)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (!g_strv_contains (names, name))
      g_error ("%s was left in %s", name, dir);
}

void
disk_test_assert_no_space (const char *message,
                           const char *path)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *saving = g_strdup_printf ("Could not save “%s”: No space left on device.",
                                             path);
  g_autofree char *kept = g_strdup_printf ("The previous “%s” is kept.", name);

  g_test_message ("%s", message);
  g_assert_nonnull (strstr (message, saving));
  g_assert_nonnull (strstr (message, kept));
  for (const char *at = strstr (message, name); at != NULL; at = strstr (at + 1, name))
    g_assert_true (g_str_has_prefix (at + strlen (name), "”"));
}

void
disk_test_unmount (const char *dir)
{
  g_assert_cmpint (umount2 (dir, MNT_DETACH), ==, 0);
}
