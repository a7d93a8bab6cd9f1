/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board-test-util.h"

static uint32_t seq;

void
board_write_all (const void *data, size_t len)
{
  const char *p = data;

  while (len > 0)
    {
      ssize_t n = write (STDOUT_FILENO, p, len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        exit (1);
      p += n;
      len -= (size_t) n;
    }
}

void
board_send_frame (RtbFrameType type, const void *part1, size_t len1, const void *part2,
                  size_t len2)
{
  static unsigned char buf[sizeof (RtbFrameHeader) + RTB_FRAME_MAX_PAYLOAD];
  size_t size = rtb_frame_encode2 (buf, sizeof buf, type, seq++, part1, len1, part2, len2);

  if (size == 0)
    abort ();
  board_write_all (buf, size);
}

void
board_send_hello (const char *version, const char *machine, uint32_t n_cpus)
{
  RtbHelloFrame hello = {
    .protocol_version = RTB_PROTOCOL_VERSION,
    .pid = (uint32_t) getpid (),
    .euid = (uint32_t) geteuid (),
    .n_cpus_online = n_cpus,
    .rt_runtime_us = 950000,
  };

  snprintf (hello.worker_version, sizeof hello.worker_version, "%s", version);
  snprintf (hello.machine, sizeof hello.machine, "%s", machine);
  board_send_frame (RTB_FRAME_HELLO, &hello, sizeof hello, NULL, 0);
}

void
board_send_system (const char *const entries[][2], size_t n)
{
  unsigned char payload[1024];
  size_t used = rtb_system_frame_init (payload, sizeof payload);

  for (size_t i = 0; i < n; i++)
    used = rtb_system_frame_add (payload, sizeof payload, used, entries[i][0], entries[i][1],
                                 strlen (entries[i][1]));
  if (used == 0)
    abort ();
  board_send_frame (RTB_FRAME_SYSTEM, payload, used, NULL, 0);
}
