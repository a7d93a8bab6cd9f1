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

void
disk_test_unmount (const char *dir)
{
  g_assert_cmpint (umount2 (dir, MNT_DETACH), ==, 0);
}
