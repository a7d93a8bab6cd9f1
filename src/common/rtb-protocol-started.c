/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STARTED frames of every protocol version, checked and decoded into one RtbStarted. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rtb-command.h"
#include "rtb-protocol-private.h"

static const char *
check_threads (const RtbThreadInfo *threads, uint32_t n_threads)
{
  for (uint32_t i = 0; i < n_threads; i++)
    {
      if (threads[i].thread != i)
        return "STARTED frame threads are not numbered in order";
      if (!_rtb_is_text (threads[i].name, sizeof threads[i].name))
        return "STARTED frame thread name is not terminated printable ASCII";
      if (threads[i].policy > RTB_POLICY_RR)
        return "STARTED frame names an unknown policy";
      if (threads[i].cpu < -1 || threads[i].cpu >= RTB_MAX_CPUS || threads[i].priority > 99)
        return "STARTED frame has an impossible CPU or priority";
      if (threads[i].placement > RTB_CPU_PLACEMENT_NONE || threads[i].reserved != 0)
        return "STARTED frame names an unknown thread placement";
    }
  return NULL;
}

static const char *
check_length (size_t len, size_t fixed, uint32_t n_threads)
{
  if (n_threads == 0 || n_threads > RTB_MAX_THREADS)
    return "STARTED frame has an impossible thread count";
  if (len != fixed + n_threads * sizeof (RtbThreadInfo))
    return "STARTED frame length does not match its thread count";
  return NULL;
}

/* Before protocol 4 every worker set its threads' slack to 1 ns; real-time threads get none. */
static int64_t
legacy_timer_slack (RtbPolicy policy)
{
  return policy == RTB_POLICY_OTHER ? 1 : 0;
}

static const char *
decode_current (const void *payload, size_t len, uint32_t version, RtbStarted *out,
                RtbCommand *command, char *detail, size_t detail_size)
{
  const RtbStartedFrame *started = payload;
  size_t fixed = version >= 4 ? sizeof (RtbStartedFrame) : RTB_STARTED_FRAME_V3_SIZE;
  const RtbThreadInfo *threads = (const RtbThreadInfo *) (const void *) ((const char *) payload +
                                                                         fixed);
  const char *invalid;
  RtbCommandError error;

  if (len < fixed)
    return "STARTED frame is too short";
  if ((invalid = check_length (len, fixed, started->n_threads)) != NULL)
    return invalid;
  if ((started->flags & ~RTB_STARTED_FLAGS_KNOWN) != 0 || (version < 4 && started->flags != 0) ||
      (version < 7 && (started->flags & RTB_STARTED_SHARES_MEASURED_CPUS) != 0))
    return "STARTED frame has reserved bytes that are not 0";
  if (version >= 4 && started->timer_slack_ns < 0)
    return "STARTED frame has an impossible timer slack";
  if ((invalid = check_threads (threads, started->n_threads)) != NULL)
    return invalid;
  if (version < 6 && started->command.method == RTB_METHOD_NOISE)
    return "STARTED frame names the noise method, which came with protocol 6";
  if (version < 8 && started->command.method == RTB_METHOD_TIMERLAT)
    return "STARTED frame names the timerlat method, which came with protocol 8";
  if (version < 9 && started->command.method == RTB_METHOD_OSNOISE)
    return "STARTED frame names the osnoise method, which came with protocol 9";
  if (version < 10 && started->command.method == RTB_METHOD_HWLAT)
    return "STARTED frame names the hwlat method, which came with protocol 10";
  /* The CPUs are checked against no online count: the worker's threads ran on them. */
  if (!rtb_command_from_wire (&started->command, 0, command, &error))
    {
      snprintf (detail, detail_size, "STARTED frame carries a command no worker runs: %s",
                error.message);
      return "STARTED frame carries a command no worker runs";
    }
  *out = (RtbStarted) {
    .command = command,
    .threads = threads,
    .n_threads = started->n_threads,
    .start_realtime_ns = started->start_realtime_ns,
    .flags = started->flags,
    .timer_slack_ns = version >= 4 ? started->timer_slack_ns
                                   : legacy_timer_slack (command->policy),
  };
  if (version < 4)
    command->timer_slack_ns = 1;
  return NULL;
}

/* Protocols 1 and 2 name policy, priority and CPUs only in the command line. When it does not
 * parse (cut at 128 bytes), the threads say what they got. */
static void
legacy_command (const RtbStartedFrameV2 *started, const RtbThreadInfo *threads,
                uint32_t n_cpus_online, RtbCommand *command)
{
  char line[sizeof started->command + 1];
  int n_cpus = (int) (n_cpus_online < RTB_MAX_CPUS ? n_cpus_online : RTB_MAX_CPUS);
  RtbCommandError error;
  RtbCommand told;

  /* "cpus=all" meant the worker's online CPUs, or at least those its threads ran on. */
  for (uint32_t t = 0; t < started->n_threads; t++)
    if (threads[t].cpu + 1 > n_cpus)
      n_cpus = threads[t].cpu + 1;

  memcpy (line, started->command, sizeof started->command);
  line[sizeof started->command] = '\0';
  if (rtb_command_parse (line, true, n_cpus, &told, &error) &&
      told.method == (RtbMethod) started->method)
    *command = told;
  else
    {
      rtb_command_defaults (command, (RtbMethod) started->method, n_cpus);
      command->policy = (RtbPolicy) threads[0].policy;
      command->priority = threads[0].priority;
      command->cpus_all = false;
      memset (command->cpus, 0, sizeof command->cpus);
      for (uint32_t t = 0; t < started->n_threads; t++)
        if (threads[t].cpu >= 0)
          command->cpus[threads[t].cpu / 64] |= (uint64_t) 1 << (threads[t].cpu % 64);
    }

  rtb_command_set_intervals (command, started->interval_us, started->extra_us);
  if (started->method == RTB_METHOD_LATENCY && started->histogram_us > 0)
    command->latency.histogram_us = started->histogram_us;
  if (started->method == RTB_METHOD_RESPONSE)
    {
      command->response.size = started->size;
      command->response.instances = started->instances;
    }
  command->duration_ns = started->duration_ns;
}

static const char *
decode_legacy (const void *payload, size_t len, uint32_t n_cpus_online, RtbStarted *out,
               RtbCommand *command, char *detail, size_t detail_size)
{
  const RtbStartedFrameV2 *started = payload;
  const RtbThreadInfo *threads = (const RtbThreadInfo *) (const void *) (started + 1);
  const char *invalid;
  RtbCommandError error;

  if (len < sizeof (RtbStartedFrameV2))
    return "STARTED frame is too short";
  if ((invalid = check_length (len, sizeof (RtbStartedFrameV2), started->n_threads)) != NULL)
    return invalid;
  if (started->method < RTB_METHOD_LATENCY || started->method > RTB_METHOD_RESPONSE)
    return "STARTED frame names an unknown method";
  /* The widest limits of any method (rtb-command.h): clients size their histograms from these
   * values. */
  if (started->interval_us > RTB_INTERVAL_MAX_US || started->extra_us > RTB_GAP_MAX_US ||
      started->histogram_us > RTB_HISTOGRAM_MAX_US || started->size > RTB_MATRIX_MAX ||
      started->instances > RTB_INSTANCES_MAX || started->duration_ns > RTB_DURATION_MAX_NS)
    return "STARTED frame has a value beyond the command limits";
  if (!_rtb_is_text (started->command, sizeof started->command))
    return "STARTED frame text is not terminated printable ASCII";
  if ((invalid = check_threads (threads, started->n_threads)) != NULL)
    return invalid;

  legacy_command (started, threads, n_cpus_online, command);
  if (!rtb_command_check (command, 0, &error))
    {
      snprintf (detail, detail_size, "STARTED frame carries a command no worker runs: %s",
                error.message);
      return "STARTED frame carries a command no worker runs";
    }
  command->timer_slack_ns = 1;
  *out = (RtbStarted) {
    .command = command,
    .threads = threads,
    .n_threads = started->n_threads,
    .start_realtime_ns = started->start_realtime_ns,
    .timer_slack_ns = legacy_timer_slack (command->policy),
  };
  return NULL;
}

const char *
_rtb_started_decode (const void *payload, size_t len, uint32_t version, uint32_t n_cpus_online,
                     RtbStarted *out, RtbCommand *command, char *detail, size_t detail_size)
{
  const char *invalid;

  detail[0] = '\0';
  invalid = version >= 3 ? decode_current (payload, len, version, out, command, detail,
                                           detail_size)
                         : decode_legacy (payload, len, n_cpus_online, out, command, detail,
                                          detail_size);
  /* A worker's command came to it as one line: a CPU set too scattered to be written in one
   * (every other CPU of 1024) is no command it was given. */
  if (invalid == NULL)
    {
      char line[RTB_COMMAND_MAX];

      if (rtb_command_format (command, line, sizeof line) < 0)
        invalid = "STARTED frame carries a command too long for a command line";
    }
  if (invalid != NULL && detail[0] == '\0')
    snprintf (detail, detail_size, "%s", invalid);
  return invalid;
}
