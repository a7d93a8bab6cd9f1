/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The SYSTEM frame: the machine the worker runs on, from the fixed files of rtb-system-files.h
 * and uname(2), sent as they read so that every client parses them alike. A remote run
 * (`ssh board rtbench-worker`) and a recording (`rtbench-worker latency … > board.stream`)
 * then carry the board's kernel, PREEMPT_RT, isolated CPUs and governor, not the desktop's.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "rtb-system-files.h"
#include "rtb-worker.h"

/* Room for every entry: cpuinfo and interrupts at their cap, a few per CPU, interrupt and
 * real-time task; entries beyond it are left out (and logged), never the frame. */
#define SYSTEM_PAYLOAD_SIZE RTB_FRAME_MAX_PAYLOAD

typedef struct {
  unsigned char *payload;
  size_t used;
  char *file;
  unsigned refused;
} Builder;

/* Returns false when the frame is full. */
static bool
add_text (Builder *b, const char *key, const char *value, size_t len)
{
  size_t used = rtb_system_frame_add (b->payload, SYSTEM_PAYLOAD_SIZE, b->used, key, value, len);

  if (used == 0)
    {
      b->refused++;
      /* A key that is not a plain path is skipped; a full frame ends the reading. */
      if (b->refused < 16)
        return true;
      rtb_worker_log ("system: no room for %s and what follows in the SYSTEM frame", key);
      return false;
    }
  b->used = used;
  return true;
}

static bool
add_file (const char *relative, const char *contents, size_t len, void *data)
{
  return add_text (data, relative, contents, len);
}

/* Returns false only when stdout is closed. */
bool
rtb_worker_system_send (void)
{
  Builder b = { malloc (SYSTEM_PAYLOAD_SIZE), 0, malloc (RTB_SYSTEM_VALUE_MAX), 0 };
  struct utsname uts;
  char offset[24];
  size_t offset_len;
  bool sent;

  if (b.payload == NULL || b.file == NULL)
    {
      free (b.payload);
      free (b.file);
      /* The run goes on without it: clients then know only what HELLO says. */
      rtb_worker_log ("system: out of memory, no SYSTEM frame");
      return true;
    }
  b.used = rtb_system_frame_init (b.payload, SYSTEM_PAYLOAD_SIZE);
  if (uname (&uts) == 0)
    {
      add_text (&b, RTB_SYSTEM_UNAME_NODENAME, uts.nodename, strlen (uts.nodename));
      add_text (&b, RTB_SYSTEM_UNAME_RELEASE, uts.release, strlen (uts.release));
      add_text (&b, RTB_SYSTEM_UNAME_VERSION, uts.version, strlen (uts.version));
      add_text (&b, RTB_SYSTEM_UNAME_MACHINE, uts.machine, strlen (uts.machine));
    }
  offset_len = rtb_system_utc_offset_text (offset, sizeof offset);
  if (offset_len > 0)
    add_text (&b, RTB_SYSTEM_UTC_OFFSET, offset, offset_len);
  rtb_system_files_read ("/", b.file, add_file, &b);

  sent = rtb_worker_output_send (RTB_FRAME_SYSTEM, b.payload, b.used, NULL, 0);
  free (b.payload);
  free (b.file);
  return sent;
}

/* COUNTERS, from the writer at the end of a run: what /proc/interrupts and /proc/softirqs say
 * now, so that a client can tell what the measured CPUs served during the run. */
void
rtb_worker_system_send_counters (void)
{
  static const char *const files[] = { RTB_SYSTEM_INTERRUPTS, RTB_SYSTEM_SOFTIRQS };
  Builder b = { malloc (SYSTEM_PAYLOAD_SIZE), 0, malloc (RTB_SYSTEM_VALUE_MAX), 0 };

  if (b.payload != NULL && b.file != NULL)
    {
      b.used = rtb_system_frame_init (b.payload, SYSTEM_PAYLOAD_SIZE);
      for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        {
          char path[64];
          ssize_t len = -1;
          int fd;

          snprintf (path, sizeof path, "/%s", files[i]);
          fd = open (path, O_RDONLY | O_CLOEXEC);
          if (fd >= 0)
            {
              size_t got = 0;
              ssize_t n;
              while (got < RTB_SYSTEM_VALUE_MAX &&
                     (n = read (fd, b.file + got, RTB_SYSTEM_VALUE_MAX - got)) > 0)
                got += (size_t) n;
              len = (ssize_t) got;
              close (fd);
            }
          if (len >= 0)
            add_text (&b, files[i], b.file, (size_t) len);
        }
      rtb_worker_output_send (RTB_FRAME_COUNTERS, b.payload, b.used, NULL, 0);
    }
  free (b.payload);
  free (b.file);
}
