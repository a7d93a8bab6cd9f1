/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A synthetic board for long runs. It plays rtbench-worker (as RTBENCH_WORKER, or behind
 * RTBENCH_SSH as a board reached over ssh) on a machine of STREAM_CPUS CPUs and answers a
 * latency command with the real wire protocol, its samples made up but known, as fast as its
 * client takes them: a 12 h run at 1 kHz on 4 CPUs (172.8 M samples) goes through the client's
 * decoder, run model, checkpoints and saving in minutes.
 *
 *   HELLO, SYSTEM, then the command read from stdin; STARTED (the command as asked, "all"
 *   being CPUs 0-3); for each second of run time one SAMPLES frame per thread (the second's
 *   samples, one per period) and a STATS frame whose elapsed time is that second; SUMMARY at
 *   the command's duration, or at EOF or "stop" on stdin, as the worker does.
 *
 * Sample i of thread t is stream_value_ns (i, t): 5-24.999 µs, except the sample 30 s into each
 * minute m, which is that minute's maximum, (100 + (37 m + 11 t) mod 400) µs.
 *
 * Environment:
 *   RTBENCH_STREAM_PACE=realtime  each second is sent when it is due (a live run, to watch)
 *   RTBENCH_STREAM_HOLD=SECONDS   after that much run time nothing more is sent until stdin
 *                                 ends (the moment to kill the client)
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "board-test-util.h"
#include "rtb-command.h"
#include "rtb-cpu-list.h"
#include "rtb-time.h"

#define STREAM_CPUS 4

static RtbThreadStats stats[STREAM_CPUS];

static void
send_hello (void)
{
  static const char *const entries[][2] = {
    { "uname/nodename", "stream-board" },
    { "uname/release", "6.1.0-rt-stream" },
    { "uname/version", "#1 SMP PREEMPT_RT" },
    { "uname/machine", "aarch64" },
    { "sys/devices/system/cpu/online", "0-3\n" },
  };

  board_send_hello ("stream", "aarch64", STREAM_CPUS);
  board_send_system (entries, sizeof entries / sizeof entries[0]);
}

static void
send_error (const char *field, const char *message)
{
  RtbErrorFrame error = { .code = RTB_ERROR_RANGE };

  snprintf (error.field, sizeof error.field, "%s", field);
  snprintf (error.message, sizeof error.message, "%s", message);
  board_send_frame (RTB_FRAME_ERROR, &error, sizeof error, NULL, 0);
  exit (2);
}

/* The client's "start latency …" line. */
static void
read_command (RtbCommand *command)
{
  char line[RTB_COMMAND_MAX + 1];
  size_t len = 0;
  RtbCommandError error = { 0 };
  char c;

  while (len < RTB_COMMAND_MAX && read (STDIN_FILENO, &c, 1) == 1 && c != '\n')
    line[len++] = c;
  line[len] = '\0';
  if (!rtb_command_parse (line, true, STREAM_CPUS, command, &error))
    send_error (error.field, error.message);
  if (command->method != RTB_METHOD_LATENCY)
    send_error ("", "this synthetic board streams the latency method only");
}

static unsigned
send_started (const RtbCommand *command)
{
  RtbStartedFrame started = { .start_realtime_ns = (uint64_t) time (NULL) * RTB_NSEC_PER_SEC };
  RtbThreadInfo threads[STREAM_CPUS] = { 0 };
  unsigned n = 0;

  for (int cpu = 0; cpu < STREAM_CPUS; cpu++)
    if (rtb_cpu_isset (command->cpus, cpu))
      {
        threads[n] = (RtbThreadInfo) { .thread = (uint16_t) n, .cpu = (int16_t) cpu,
                                       .policy = (uint8_t) command->policy,
                                       .priority = (uint8_t) command->priority };
        snprintf (threads[n].name, sizeof threads[n].name, "CPU%d", cpu);
        n++;
      }
  started.n_threads = n;
  rtb_command_to_wire (command, &started.command);
  board_send_frame (RTB_FRAME_STARTED, &started, sizeof started, threads, n * sizeof threads[0]);
  return n;
}

static int64_t
stream_value_ns (uint64_t i, unsigned t, uint64_t per_minute)
{
  uint64_t minute = i / per_minute;

  if (i % per_minute == per_minute / 2)
    return (int64_t) (100 + (37 * minute + 11 * t) % 400) * 1000;
  return 5000 + (int64_t) ((i * 7 + t * 3) % 20) * 1000 + (int64_t) (i * 13 % 1000);
}

static void
count (RtbThreadStats *s, int64_t value_ns)
{
  double us = (double) value_ns / 1000.0;

  s->min_ns = s->count == 0 || value_ns < s->min_ns ? value_ns : s->min_ns;
  s->max_ns = s->count == 0 || value_ns > s->max_ns ? value_ns : s->max_ns;
  s->count++;
  s->sum_ns += value_ns;
  s->sum_sq_us2 += us * us;
}

/* One second of thread t's samples: from `first`, `n` of them. */
static void
send_second (unsigned t, uint64_t first, uint32_t n, uint64_t per_minute)
{
  static RtbSample samples[RTB_SAMPLES_PER_FRAME];
  RtbSamplesFrame head = { .thread = (uint16_t) t, .count = n };

  for (uint32_t k = 0; k < n; k++)
    {
      samples[k] = (RtbSample) { .index = first + k,
                                 .value_ns = stream_value_ns (first + k, t, per_minute) };
      count (&stats[t], samples[k].value_ns);
    }
  board_send_frame (RTB_FRAME_SAMPLES, &head, sizeof head, samples, n * sizeof samples[0]);
}

static void
send_stats (RtbFrameType type, unsigned n_threads, uint64_t elapsed_ns, RtbEndReason reason)
{
  RtbStatsFrame head = {
    .n_threads = n_threads,
    .reason = type == RTB_FRAME_SUMMARY ? reason : 0,
    .elapsed_ns = elapsed_ns,
    .end_realtime_ns = (uint64_t) time (NULL) * RTB_NSEC_PER_SEC,
  };

  for (unsigned t = 0; t < n_threads; t++)
    stats[t].thread = (uint16_t) t;
  board_send_frame (type, &head, sizeof head, stats, n_threads * sizeof stats[0]);
}

/* Waits up to `timeout_ms` (-1: for ever) for the client; TRUE when it said stop or closed
 * stdin. */
static int
told_to_stop (int timeout_ms)
{
  struct pollfd fd = { .fd = STDIN_FILENO, .events = POLLIN };
  char buf[256];

  while (poll (&fd, 1, timeout_ms) < 0)
    if (errno != EINTR)
      return 1;
  if (fd.revents == 0)
    return 0;
  /* A further line is "stop" or an error the worker would answer; either way it ends here. */
  return read (STDIN_FILENO, buf, sizeof buf) >= 0;
}

int
main (void)
{
  RtbCommand command;
  const char *pace = getenv ("RTBENCH_STREAM_PACE");
  const char *hold = getenv ("RTBENCH_STREAM_HOLD");
  int realtime = pace != NULL && strcmp (pace, "realtime") == 0;
  uint64_t hold_s = hold != NULL ? strtoull (hold, NULL, 10) : 0;
  uint64_t per_second, seconds, s;
  unsigned n;
  int64_t start_ns = rtb_monotonic_ns ();

  send_hello ();
  read_command (&command);
  n = send_started (&command);
  per_second = 1000000 / command.latency.interval_us;
  if (per_second > RTB_SAMPLES_PER_FRAME)
    send_error ("interval_us", "this synthetic board sends a second per frame: use 16 µs or more");
  seconds = command.duration_ns / RTB_NSEC_PER_SEC;

  for (s = 0; seconds == 0 || s < seconds; s++)
    {
      if (hold_s > 0 && s == hold_s)
        {
          told_to_stop (-1);
          break;
        }
      int64_t due_ms = (start_ns + (int64_t) s * RTB_NSEC_PER_SEC - rtb_monotonic_ns ()) / 1000000;

      if (told_to_stop (realtime && due_ms > 0 ? (int) due_ms : 0))
        break;
      for (unsigned t = 0; t < n; t++)
        send_second (t, s * per_second, (uint32_t) per_second, 60 * per_second);
      send_stats (RTB_FRAME_STATS, n, (s + 1) * RTB_NSEC_PER_SEC, 0);
    }
  send_stats (RTB_FRAME_SUMMARY, n, s * RTB_NSEC_PER_SEC,
              seconds > 0 && s == seconds ? RTB_END_COMPLETED : RTB_END_STOPPED);
  return 0;
}
