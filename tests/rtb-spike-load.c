/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Known causes of spikes for tests/test-spikes-live.c:
 *
 *   rtb-spike-load culprit CPU MS FILE [SPIN_US GAP_US]
 *                                        a SCHED_FIFO 99 task pinned to CPU that spins SPIN_US
 *                                        (500) µs, then sleeps GAP_US (50 000) µs, for MS ms,
 *                                        then writes each burst's start and end
 *                                        (CLOCK_MONOTONIC ns) to FILE
 *   rtb-spike-load udp CPU MS            UDP datagrams over loopback from CPU for MS ms: the
 *                                        NET_RX softirq runs on CPU
 *
 * Prints its pid first, so the test knows whom to look for.
 */
#include "config.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_BURSTS 100000

static long long
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void
pin (int cpu)
{
  cpu_set_t set;

  CPU_ZERO (&set);
  CPU_SET (cpu, &set);
  if (sched_setaffinity (0, sizeof set, &set) != 0)
    {
      perror ("sched_setaffinity");
      exit (1);
    }
}

static int
culprit (long long duration_ns, const char *path, long long spin_ns, long gap_us)
{
  static long long bursts[MAX_BURSTS][2];
  struct sched_param param = { .sched_priority = 99 };
  long long end = now_ns () + duration_ns;
  int n = 0;
  FILE *out;

  if (sched_setscheduler (0, SCHED_FIFO, &param) != 0)
    {
      perror ("sched_setscheduler");
      return 1;
    }
  while (now_ns () < end && n < MAX_BURSTS)
    {
      long long start;

      usleep ((useconds_t) gap_us);
      start = now_ns ();
      while (now_ns () - start < spin_ns)
        ;
      bursts[n][0] = start;
      bursts[n][1] = now_ns ();
      n++;
    }
  out = fopen (path, "w");
  if (out == NULL)
    return 1;
  for (int i = 0; i < n; i++)
    fprintf (out, "%lld %lld\n", bursts[i][0], bursts[i][1]);
  return fclose (out) == 0 ? 0 : 1;
}

static int
udp (long long duration_ns)
{
  static char data[60000];
  struct sockaddr_in addr = { .sin_family = AF_INET, .sin_addr.s_addr = htonl (INADDR_LOOPBACK) };
  socklen_t len = sizeof addr;
  long long end = now_ns () + duration_ns;
  int rx = socket (AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0);
  int tx = socket (AF_INET, SOCK_DGRAM, 0);

  if (rx < 0 || tx < 0 || bind (rx, (struct sockaddr *) &addr, sizeof addr) != 0 ||
      getsockname (rx, (struct sockaddr *) &addr, &len) != 0)
    {
      perror ("socket");
      return 1;
    }
  while (now_ns () < end)
    {
      if (sendto (tx, data, sizeof data, 0, (struct sockaddr *) &addr, sizeof addr) < 0)
        perror ("sendto");
      while (recv (rx, data, sizeof data, 0) > 0)
        ;
    }
  return 0;
}

int
main (int argc, char **argv)
{
  long long duration_ns;

  if (argc < 4)
    {
      fprintf (stderr, "usage: rtb-spike-load culprit CPU MS FILE [SPIN_US GAP_US] | "
               "udp CPU MS\n");
      return 2;
    }
  pin (atoi (argv[2]));
  duration_ns = atoll (argv[3]) * 1000000LL;
  printf ("%d\n", (int) getpid ());
  fflush (stdout);
  if (strcmp (argv[1], "culprit") == 0 && argc == 5)
    return culprit (duration_ns, argv[4], 500000, 50000);
  if (strcmp (argv[1], "culprit") == 0 && argc == 7)
    return culprit (duration_ns, argv[4], atoll (argv[5]) * 1000, atol (argv[6]));
  if (strcmp (argv[1], "udp") == 0)
    return udp (duration_ns);
  return 2;
}
