/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A scripted stand-in for rtbench-worker (and for pkexec), for the failures the real worker
 * cannot be made to produce. The script is the name it runs under (tests make symlinks named
 * after the scripts), so it plays pkexec as well as the worker; any other name means "ok":
 *
 *   ok        HELLO, SYSTEM, STARTED, two SAMPLES, SUMMARY, exit 0
 *   die       HELLO, SYSTEM, STARTED, three SAMPLES, a last stderr line, exit 3
 *   kill      the same, then SIGKILL itself
 *   garbage   HELLO, SYSTEM, then bytes that are no frame; exits at EOF on stdin
 *   exit126   what pkexec does when its dialog is dismissed
 *   exit127   what pkexec does when polkit says no
 *   nopolkit  what pkexec does when it cannot reach polkit (no system D-Bus)
 *   stderr    three log lines on stderr around a complete run
 *   stubborn  HELLO, SYSTEM, STARTED, then ignores EOF on stdin until a signal comes
 *
 * and, as RTBENCH_SSH, boards that would hold their client for ever (each ends on a signal):
 *   mute      nothing at all: a board that took the connection and froze
 *   endless   HELLO, SYSTEM, STARTED, then samples every millisecond whatever is asked
 *   babble    HELLO, SYSTEM, STARTED, then stderr without a newline, 64 KiB every millisecond
 *
 * and boards that send what no worker measures (each ends with SUMMARY, as if nothing happened):
 *   impossible  8 samples, then a batch of 5.4 µs, -1 ns, INT64_MIN and 5 µs, then 4 more
 *   phantom     8 samples, then a SPIKE for sample 100, which never came
 *   liar        8 samples of at most 5.3 µs, then a SPIKE of 8646 µs for sample 3 (5.3 µs)
 *   flood       FLOOD_SPIKES samples of 20-3019 µs, each followed by its SPIKE with a trace of
 *               FLOOD_TEXT bytes in which every line is another task
 *
 * Its SYSTEM frame describes a board ("fake-board", PREEMPT_RT, aarch64), not this machine.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board-test-util.h"
#include "rtb-command.h"

#define FLOOD_SPIKES 3000
#define FLOOD_TEXT (128 * 1024)

static void
send_system (void)
{
  static const char *const entries[][2] = {
    { "uname/nodename", "fake-board" },
    { "uname/release", "6.6.20-rt25-v8+" },
    { "uname/version", "#1 SMP PREEMPT_RT Tue Jan 1 00:00:00 UTC 2024" },
    { "uname/machine", "aarch64" },
    { "proc/cmdline", "console=tty1 isolcpus=2,3 nohz_full=2,3\n" },
    { "sys/devices/system/cpu/online", "0-3\n" },
  };

  board_send_system (entries, sizeof entries / sizeof entries[0]);
}

static void
send_hello (void)
{
  board_send_hello ("fake", "fake", 1);
  send_system ();
}

static void
read_command (void)
{
  char c;

  while (read (STDIN_FILENO, &c, 1) == 1 && c != '\n')
    ;
}

static void
wait_for_eof (void)
{
  char buf[256];

  while (read (STDIN_FILENO, buf, sizeof buf) > 0)
    ;
}

static void
send_started (void)
{
  RtbStartedFrame started = { .n_threads = 1 };
  RtbThreadInfo thread = { .thread = 0, .cpu = 0, .policy = RTB_POLICY_OTHER };
  RtbCommand command;

  /* "start latency" on its one CPU */
  rtb_command_defaults (&command, RTB_METHOD_LATENCY, 1);
  rtb_command_to_wire (&command, &started.command);
  snprintf (thread.name, sizeof thread.name, "CPU0");
  board_send_frame (RTB_FRAME_STARTED, &started, sizeof started, &thread, sizeof thread);
}

/* Samples first, first + 1, ... of the values given. */
static void
send_values (uint64_t first, const int64_t *values, uint32_t n)
{
  RtbSamplesFrame head = { .thread = 0, .count = n };
  RtbSample samples[8];

  for (uint32_t i = 0; i < n && i < 8; i++)
    samples[i] = (RtbSample) { .index = first + i, .value_ns = values[i] };
  board_send_frame (RTB_FRAME_SAMPLES, &head, sizeof head, samples, n * sizeof samples[0]);
}

static void
send_samples (uint64_t first)
{
  static const int64_t values[4] = { 5000, 5100, 5200, 5300 };

  send_values (first, values, 4);
}

static void
send_trace_armed (int64_t threshold_ns)
{
  RtbTraceFrame trace = { .status = RTB_TRACE_ARMED, .threshold_ns = threshold_ns };

  board_send_frame (RTB_FRAME_TRACE, &trace, sizeof trace, NULL, 0);
}

/* A SPIKE for sample `index` of `value_ns`, woken at 1000 s, with `text_len` bytes of trace in
 * which each line switches to another task. */
static void
send_spike (uint64_t index, int64_t value_ns, size_t text_len)
{
  static char text[FLOOD_TEXT];
  RtbSpikeFrame spike = {
    .cpu = 0,
    .tid = 4242,
    .index = index,
    .value_ns = value_ns,
    .wake_ns = 1000000000000,
    .deadline_ns = 1000000000000 - value_ns,
  };
  size_t used = 0;

  for (int pid = 10000; text_len > 0 && used + 200 < text_len; pid++)
    used += (size_t) snprintf (text + used, sizeof text - used,
                               "%16s-%-7d [000] d..2.   999.%06d: sched_switch: prev_comm=task%d "
                               "prev_pid=%d prev_prio=120 prev_state=R ==> next_comm=task%d "
                               "next_pid=%d next_prio=120\n", "task", pid,
                               999500 + (int) (used / 200) % 500, pid, pid, pid + 1, pid + 1);
  spike.text_len = (uint32_t) used;
  board_send_frame (RTB_FRAME_SPIKE, &spike, sizeof spike, text, used);
}

/* What no worker sends, after 8 good samples. */
static void
send_impossible (const char *mode)
{
  if (strcmp (mode, "impossible") == 0)
    {
      static const int64_t values[4] = { 5400, -1, INT64_MIN, 5000 };

      send_values (8, values, 4);
      send_samples (12);
    }
  else if (strcmp (mode, "phantom") == 0)
    send_spike (100, 5300, 0);
  else if (strcmp (mode, "liar") == 0)
    send_spike (3, 8646000, 0);
  else if (strcmp (mode, "flood") == 0)
    for (uint64_t i = 0; i < FLOOD_SPIKES; i++)
      {
        int64_t value = (20 + (int64_t) (i * 7919 % 3000)) * 1000;

        send_values (8 + i, &value, 1);
        send_spike (8 + i, value, FLOOD_TEXT);
      }
}

static void
send_summary (void)
{
  RtbStatsFrame head = { .n_threads = 1, .reason = RTB_END_COMPLETED, .elapsed_ns = 8000000 };
  RtbThreadStats stats = {
    .thread = 0,
    .count = 8,
    .min_ns = 5000,
    .max_ns = 5300,
    .sum_ns = 2 * (5000 + 5100 + 5200 + 5300),
  };

  board_send_frame (RTB_FRAME_SUMMARY, &head, sizeof head, &stats, sizeof stats);
}

static const char *
pick_mode (const char *argv0)
{
  const char *slash = strrchr (argv0, '/');

  return slash != NULL ? slash + 1 : argv0;
}

int
main (int argc, char **argv)
{
  const char *mode = pick_mode (argv[0]);

  if (strcmp (mode, "exit126") == 0)
    {
      fprintf (stderr, "Error executing command as another user: Request dismissed\n");
      return 126;
    }
  if (strcmp (mode, "exit127") == 0)
    {
      fprintf (stderr, "Error executing command as another user: Not authorized\n");
      return 127;
    }
  /* Debian 12's pkexec, word for word. */
  if (strcmp (mode, "nopolkit") == 0)
    {
      fprintf (stderr, "Error getting authority: Error initializing authority: Could not "
               "connect: No such file or directory\n");
      return 127;
    }

  if (strcmp (mode, "mute") == 0)
    for (;;)
      pause ();

  send_hello ();
  read_command ();

  if (strcmp (mode, "garbage") == 0)
    {
      static const char garbage[64] = "this is not a frame, this is not a frame, this is not...";
      board_write_all (garbage, sizeof garbage);
      wait_for_eof ();
      return 0;
    }

  if (strcmp (mode, "stderr") == 0)
    fprintf (stderr, "fake: first line\nfake: second line\n");

  send_started ();
  if (strcmp (mode, "phantom") == 0 || strcmp (mode, "liar") == 0 ||
      strcmp (mode, "flood") == 0)
    send_trace_armed (5000);
  send_samples (0);
  send_samples (4);
  send_impossible (mode);

  if (strcmp (mode, "die") == 0 || strcmp (mode, "kill") == 0)
    {
      send_samples (8);
      fprintf (stderr, "fake: crashing on purpose\n");
      if (strcmp (mode, "kill") == 0)
        raise (SIGKILL);
      return 3;
    }

  if (strcmp (mode, "stubborn") == 0)
    {
      wait_for_eof ();
      for (;;)
        pause ();
    }
  if (strcmp (mode, "endless") == 0)
    for (uint64_t index = 8;; index += 4)
      {
        send_samples (index);
        usleep (1000);
      }
  if (strcmp (mode, "babble") == 0)
    {
      static char chatter[64 * 1024];

      memset (chatter, 'x', sizeof chatter);
      for (;;)
        {
          if (write (STDERR_FILENO, chatter, sizeof chatter) < 0 && errno != EINTR)
            return 1;
          usleep (1000);
        }
    }

  send_summary ();
  if (strcmp (mode, "stderr") == 0)
    fprintf (stderr, "fake: last line\n");
  return 0;
}
