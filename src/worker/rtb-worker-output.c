/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtb-worker.h"

static int out_fd = -1;
static unsigned char *out_buf;
static size_t out_size;
static uint32_t out_seq;
static bool out_broken;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

bool
rtb_worker_output_init (int fd)
{
  out_fd = fd;
  out_size = sizeof (RtbFrameHeader) + RTB_FRAME_MAX_PAYLOAD;
  out_buf = malloc (out_size);
  if (out_buf == NULL)
    return false;
  memset (out_buf, 0, out_size);
  return true;
}

static bool
write_all (const unsigned char *data, size_t len)
{
  while (len > 0)
    {
      ssize_t n = write (out_fd, data, len);
      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return false;
        }
      data += n;
      len -= (size_t) n;
    }
  return true;
}

bool
rtb_worker_output_send (RtbFrameType type, const void *part1, size_t len1, const void *part2,
                        size_t len2)
{
  bool ok = false;

  pthread_mutex_lock (&out_lock);
  if (!out_broken && out_buf != NULL)
    {
      size_t n = rtb_frame_encode2 (out_buf, out_size, type, out_seq, part1, len1, part2, len2);
      if (n > 0)
        {
          ok = write_all (out_buf, n);
          if (ok)
            out_seq++;
          else
            out_broken = true;
        }
    }
  pthread_mutex_unlock (&out_lock);

  /* EPIPE or any other write failure means nobody reads us any more. */
  if (!ok && rtb_worker_output_broken ())
    rtb_worker_stop_request (RTB_END_PIPE);
  return ok;
}

bool
rtb_worker_output_broken (void)
{
  bool broken;

  pthread_mutex_lock (&out_lock);
  broken = out_broken;
  pthread_mutex_unlock (&out_lock);
  return broken;
}

void
rtb_worker_output_error (const RtbCommandError *error, int sys_errno)
{
  RtbErrorFrame frame;

  memset (&frame, 0, sizeof frame);
  frame.code = error->code;
  frame.sys_errno = sys_errno;
  memcpy (frame.field, error->field, sizeof frame.field - 1);
  memcpy (frame.message, error->message, sizeof frame.message - 1);
  rtb_worker_output_send (RTB_FRAME_ERROR, &frame, sizeof frame, NULL, 0);
  rtb_worker_log ("%s", error->message);
}
