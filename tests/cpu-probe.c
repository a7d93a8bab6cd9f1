/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cpu-probe.h"

#define BURST_PERIOD_US 100000
#define TOUCHED_BYTES (1 << 20)

static double
process_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* About a millisecond of work that touches a MiB, as a redraw or a decoded chunk does. */
static guint
burst (guint8 *memory)
{
  guint hash = 0;

  for (int rep = 0; rep < 4; rep++)
    {
      for (int i = 0; i < TOUCHED_BYTES; i += 64)
        memory[i] += (guint8) i;
      for (int i = 0; i < 300000; i++)
        hash = hash * 31 + (guint) i;
    }
  return hash;
}

/* The child: no GLib, no allocation after the fork, the result as raw bytes. */
G_GNUC_NORETURN static void
run_bursts (int fd, double seconds)
{
  static guint8 memory[TOUCHED_BYTES];
  volatile guint sink = 0;
  guint n = (guint) (seconds * 1e6 / BURST_PERIOD_US);
  double start = process_cpu_ms (), per_burst;

  for (guint i = 0; i < n; i++)
    {
      sink += burst (memory);
      usleep (BURST_PERIOD_US);
    }
  per_burst = n > 0 ? (process_cpu_ms () - start) / n : 0;
  if (write (fd, &per_burst, sizeof per_burst) != sizeof per_burst)
    _exit (1);
  _exit (0);
}

void
cpu_probe_start (CpuProbe *probe, double seconds)
{
  int fds[2];

  if (pipe (fds) != 0)
    g_error ("pipe: %s", g_strerror (errno));
  probe->pid = fork ();
  if (probe->pid < 0)
    g_error ("fork: %s", g_strerror (errno));
  if (probe->pid == 0)
    {
      close (fds[0]);
      run_bursts (fds[1], seconds);
    }
  close (fds[1]);
  probe->fd = fds[0];
}

double
cpu_probe_finish (CpuProbe *probe)
{
  double per_burst = 0;
  int status;

  if (read (probe->fd, &per_burst, sizeof per_burst) != sizeof per_burst)
    g_error ("the CPU probe gave no figure");
  close (probe->fd);
  waitpid (probe->pid, &status, 0);
  return per_burst;
}
