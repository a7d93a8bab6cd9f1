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

/* Room for every entry: cpuinfo at its cap, a governor per CPU, the small files. */
#define SYSTEM_PAYLOAD_SIZE (256 * 1024)

/* Up to RTB_SYSTEM_VALUE_MAX bytes of the file at / + `relative`; -1 if it cannot be read. */
static ssize_t
read_file (const char *relative, char *buf)
{
  char path[256];
  size_t got = 0;
  int fd;

  if (snprintf (path, sizeof path, "/%s", relative) >= (int) sizeof path)
    return -1;
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0)
    return -1;
  while (got < RTB_SYSTEM_VALUE_MAX)
    {
      ssize_t n = read (fd, buf + got, RTB_SYSTEM_VALUE_MAX - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          close (fd);
          return -1;
        }
      if (n == 0)
        break;
      got += (size_t) n;
    }
  close (fd);
  return (ssize_t) got;
}

typedef struct {
  unsigned char *payload;
  size_t used;
  char *file;
} Builder;

static void
add_text (Builder *b, const char *key, const char *value, size_t len)
{
  size_t used = rtb_system_frame_add (b->payload, SYSTEM_PAYLOAD_SIZE, b->used, key, value, len);

  if (used == 0)
    rtb_worker_log ("system: no room for %s in the SYSTEM frame", key);
  else
    b->used = used;
}

/* Returns whether the file was there. */
static bool
add_file (Builder *b, const char *relative)
{
  ssize_t len = read_file (relative, b->file);

  if (len >= 0)
    add_text (b, relative, b->file, (size_t) len);
  return len >= 0;
}

/* Returns false only when stdout is closed. */
bool
rtb_worker_system_send (void)
{
  Builder b = { malloc (SYSTEM_PAYLOAD_SIZE), 0, malloc (RTB_SYSTEM_VALUE_MAX) };
  long n_cpus = sysconf (_SC_NPROCESSORS_CONF);
  struct utsname uts;
  char relative[128];
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
  for (const char *const *file = rtb_system_files; *file != NULL; file++)
    add_file (&b, *file);
  for (long cpu = 0; cpu < n_cpus && cpu < RTB_MAX_CPUS; cpu++)
    {
      snprintf (relative, sizeof relative, RTB_SYSTEM_GOVERNOR_FORMAT, (unsigned) cpu);
      add_file (&b, relative);
    }
  for (unsigned state = 0; state < RTB_SYSTEM_IDLE_STATES_MAX; state++)
    {
      snprintf (relative, sizeof relative, RTB_SYSTEM_IDLE_STATE_FORMAT, state);
      if (!add_file (&b, relative))
        break;
    }

  sent = rtb_worker_output_send (RTB_FRAME_SYSTEM, b.payload, b.used, NULL, 0);
  free (b.payload);
  free (b.file);
  return sent;
}
