/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A small text file read whole: see the header. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "rtb-file-text.h"

int
rtb_file_text_read (const char *dir, const char *name, char *buf, size_t size)
{
  char path[1024];
  size_t got = 0;
  int fd;

  if (size == 0)
    return EOVERFLOW;
  buf[0] = '\0';
  if (dir != NULL && snprintf (path, sizeof path, "%s/%s", dir, name) >= (int) sizeof path)
    return ENAMETOOLONG;
  fd = open (dir != NULL ? path : name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    return errno;
  while (got < size - 1)
    {
      ssize_t n = read (fd, buf + got, size - 1 - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      got += (size_t) n;
    }
  close (fd);
  buf[got] = '\0';
  return got == size - 1 ? EOVERFLOW : 0;
}
