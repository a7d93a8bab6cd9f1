/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One run: check what the system allows, start the threads together, watch for the end. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "rtb-worker.h"
#include "rtb-worker-plan.h"
#include "rtb-worker-safety.h"

static bool
fail (RtbCommandError *error, RtbErrorCode code, const char *field, const char *message)
{
  memset (error, 0, sizeof *error);
  error->code = code;
  snprintf (error->field, sizeof error->field, "%s", field);
  snprintf (error->message, sizeof error->message, "%s", message);
  return false;
}

static bool
check_cpus (RtbWorker *w, RtbCommandError *error)
{
  RtbCommand *cmd = &w->cmd;
  const char *field = rtb_method_is_per_cpu (cmd->method) ? "cpus" : "cpu";
  char usable[256];

  if (cmd->cpus_all)
    memcpy (cmd->cpus, w->usable_cpus, sizeof cmd->cpus);
  if (cmd->cpu_auto)
    {
      int cpu = rtb_worker_plan_rt_cpu (w->usable_cpus, w->isolated_cpus, &w->placement);
      if (cpu >= 0)
        cmd->cpus[cpu / 64] = (uint64_t) 1 << (cpu % 64);
    }
  else if (cmd->method != RTB_METHOD_LATENCY && rtb_cpu_count (cmd->cpus, RTB_MAX_CPUS) == 0)
    w->placement = RTB_CPU_PLACEMENT_NONE;
  if (rtb_cpu_list_format (w->usable_cpus, RTB_MAX_CPUS, usable, sizeof usable) < 0)
    snprintf (usable, sizeof usable, "the online CPUs");

  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    if (rtb_cpu_isset (cmd->cpus, cpu) && !rtb_cpu_isset (w->usable_cpus, cpu))
      {
        char message[256];
        snprintf (message, sizeof message,
                  "%s %d is not online or not allowed for this process: use %.120s", field, cpu,
                  usable);
        return fail (error, RTB_ERROR_RANGE, field, message);
      }
  if (rtb_cpu_count (cmd->cpus, RTB_MAX_CPUS) > RTB_MAX_THREADS)
    return fail (error, RTB_ERROR_RANGE, field, "too many CPUs: use at most 256");
  return true;
}

/* Each method's prepare step, from its file (rtb-worker.h). */
#define PREPARE_ROW(id, name, Name, arg) [id] = rtb_worker_##name##_prepare,
static const RtbWorkerPrepareFunc prepares[RTB_METHOD_LAST + 1] = {
  RTB_EACH_METHOD (PREPARE_ROW, )
};

static bool
prepare (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  RtbMethod method = w->cmd.method;

  if (method < RTB_METHOD_LATENCY || method > RTB_METHOD_LAST)
    return false;
  return prepares[method] (w, error, sys_errno);
}

static bool
send_started (RtbWorker *w)
{
  RtbStartedFrame frame;
  RtbThreadInfo infos[RTB_MAX_THREADS];
  char command[RTB_COMMAND_MAX * 2];

  memset (&frame, 0, sizeof frame);
  frame.n_threads = w->n_measures;
  frame.start_realtime_ns = (uint64_t) w->start_realtime_ns;
  rtb_command_to_wire (&w->cmd, &frame.command);
  frame.flags = (w->memory_locked || w->hello.mlockall_errno != 0 ? 0
                                                                   : RTB_STARTED_MEMORY_UNLOCKED) |
                (w->dma_latency_held || w->hello.dma_latency_errno != 0
                   ? 0 : RTB_STARTED_DMA_LATENCY_RELEASED) |
                (w->shares_measured_cpus ? RTB_STARTED_SHARES_MEASURED_CPUS : 0);
  /* Every thread of a run has the same policy, hence the same slack. */
  frame.timer_slack_ns = w->measures[0].timer_slack_ns;

  for (unsigned i = 0; i < w->n_measures; i++)
    {
      const RtbThreadInfo *info = &w->measures[i].info;
      infos[i] = *info;
      rtb_worker_log ("thread %s: cpu %d (%s), %s priority %d, timer slack %lld ns", info->name,
                      info->cpu, rtb_cpu_placement_to_string ((RtbCpuPlacement) info->placement),
                      rtb_policy_to_string ((RtbPolicy) info->policy), info->priority,
                      (long long) w->measures[i].timer_slack_ns);
    }
  if (rtb_command_format (&w->cmd, command, sizeof command) < 0)
    command[0] = '\0';
  rtb_worker_log ("started: %s", command);
  return rtb_worker_output_send (RTB_FRAME_STARTED, &frame, sizeof frame, infos,
                                 w->n_measures * sizeof (RtbThreadInfo));
}

static void
handle_line (char *line, size_t line_len)
{
  RtbCommandError error = { 0 };
  char *word;

  while (line_len > 0 && (line[line_len - 1] == ' ' || line[line_len - 1] == '\t' ||
                          line[line_len - 1] == '\r'))
    line[--line_len] = '\0';
  if (!rtb_command_check_bytes (line, line_len, &error))
    {
      rtb_worker_output_error (&error, 0);
      return;
    }
  word = line + strspn (line, " \t");

  if (strcmp (word, "stop") == 0)
    {
      rtb_worker_stop_request (RTB_END_STOPPED);
      return;
    }
  if (strncmp (word, "start", 5) == 0 && (word[5] == ' ' || word[5] == '\0'))
    {
      error.code = RTB_ERROR_STATE;
      snprintf (error.message, sizeof error.message,
                "a run is already in progress: send stop first, then start");
    }
  else
    {
      char shown[41];
      size_t n = 0;

      /* Echoed text stays printable ASCII: clients show it in terminals and GTK labels. */
      for (; n < sizeof shown - 1 && word[n] != '\0'; n++)
        shown[n] = word[n] >= 0x20 && word[n] < 0x7f ? word[n] : '?';
      shown[n] = '\0';
      error.code = RTB_ERROR_SYNTAX;
      snprintf (error.message, sizeof error.message,
                "unknown command '%s' during a run: use stop", shown);
    }
  rtb_worker_output_error (&error, 0);
}

/* Waits for what ends the run, without waking until something happens: a line from the
 * client, its end, stdout closed, a signal, or a thread's exit (it wakes the main thread), as
 * at the end of a duration. The parent's death is a signal too (PR_SET_PDEATHSIG, set again
 * when the privileges were dropped): whether it died before is asked at each turn. */
static void
watch (RtbWorker *w, RtbWorkerInput *input)
{
  char line[RTB_COMMAND_MAX + 2];

  while (!rtb_worker_stop_requested ())
    {
      RtbCommandError error = { 0 };
      int signo;

      if (rtb_worker_threads_any_failed (w))
        rtb_worker_stop_request (RTB_END_FAILED);
      else if (rtb_worker_threads_all_exited (w))
        rtb_worker_stop_request (RTB_END_COMPLETED);
      else if (!rtb_worker_setup_parent_alive ())
        rtb_worker_stop_request (RTB_END_PARENT);
      if (rtb_worker_stop_requested ())
        break;

      switch (rtb_worker_input_wait (input, line, sizeof line, -1))
        {
        case RTB_WORKER_INPUT_LINE:
          handle_line (line, input->line_len);
          break;
        case RTB_WORKER_INPUT_EOF:
        case RTB_WORKER_INPUT_ERROR:
          rtb_worker_stop_request (RTB_END_STOPPED);
          break;
        case RTB_WORKER_INPUT_OUTPUT_CLOSED:
          rtb_worker_stop_request (RTB_END_PIPE);
          break;
        case RTB_WORKER_INPUT_TOO_LONG:
          error.code = RTB_ERROR_SYNTAX;
          snprintf (error.message, sizeof error.message,
                    "the command is longer than %d bytes", RTB_COMMAND_MAX);
          rtb_worker_output_error (&error, 0);
          break;
        case RTB_WORKER_INPUT_WAKE:
          signo = rtb_worker_stop_take_signal ();
          if (signo != 0)
            rtb_worker_stop_request (rtb_worker_setup_parent_alive () ? RTB_END_SIGNAL
                                                                      : RTB_END_PARENT);
          break;
        case RTB_WORKER_INPUT_TIMEOUT:
        default:
          break;
        }
    }
}

static void
cleanup (RtbWorker *w)
{
  rtb_worker_gpio_close (&w->gpio);
  rtb_worker_tracer_release (&w->tracer);
  rtb_worker_measures_free (w);
  for (unsigned i = 0; i < w->n_workloads; i++)
    rtb_matrix_workload_free (&w->workloads[i]);
  w->n_workloads = 0;
}

int
rtb_worker_run (RtbWorker *w, RtbWorkerInput *input)
{
  RtbCommand *cmd = &w->cmd;
  RtbCommandError error = { 0 };
  RtbEndReason reason;
  int sys_errno = 0;
  bool threads_ok;

  if (!check_cpus (w, &error) || !rtb_worker_safety_check (&w->cmd, w->hello.rt_runtime_us, &error))
    {
      rtb_worker_output_error (&error, 0);
      return 2;
    }

  rtb_worker_gate_init (w);
  rtb_worker_trace_init (w);
  rtb_worker_tracer_init (&w->tracer);
  if (!prepare (w, &error, &sys_errno))
    {
      if (error.code == 0)
        {
          fail (&error, RTB_ERROR_SYSTEM, "", "out of memory while preparing the run");
          sys_errno = ENOMEM;
        }
      rtb_worker_output_error (&error, sys_errno);
      cleanup (w);
      return error.code == RTB_ERROR_SYSTEM ? 1 : 2;
    }
  /* Before the writer, the janitor and the measurement threads: they inherit it. */
  rtb_worker_setup_keep_off_measured (w);
  if (!rtb_worker_writer_start (w))
    {
      fail (&error, RTB_ERROR_SYSTEM, "", "out of memory while preparing the run");
      rtb_worker_output_error (&error, ENOMEM);
      return 1;
    }

  /* While the worker is still root, before any real-time thread runs. */
  rtb_worker_trace_start (w);
  if (!rtb_worker_threads_create (w, &error, &sys_errno))
    {
      rtb_worker_writer_finish (w, RTB_END_FAILED);
      rtb_worker_output_error (&error, sys_errno);
      cleanup (w);
      return error.code == RTB_ERROR_PERMISSION ? 2 : 1;
    }

  if (!rtb_worker_privilege_drop_process (w->memory_locked, &sys_errno))
    {
      rtb_worker_threads_abort (w);
      rtb_worker_writer_finish (w, RTB_END_FAILED);
      fail (&error, RTB_ERROR_SYSTEM, "", "dropping privileges after creating the threads "
            "failed: the run is refused rather than measured with root rights");
      rtb_worker_output_error (&error, sys_errno);
      cleanup (w);
      return 1;
    }

  w->start_mono_ns = rtb_monotonic_ns ();
  w->start_realtime_ns = rtb_realtime_ns ();
  w->end_mono_ns = cmd->method == RTB_METHOD_RESPONSE || cmd->duration_ns == 0
                     ? 0
                     : w->start_mono_ns + (int64_t) cmd->duration_ns;
  send_started (w);
  rtb_worker_trace_announce (w);
  rtb_worker_threads_release (w);

  watch (w, input);

  threads_ok = rtb_worker_threads_stop (w);
  reason = rtb_worker_stop_reason ();
  if (!threads_ok)
    reason = RTB_END_FAILED;
  /* Every file of the tracer as it was before the run, before the summary says it ended. */
  rtb_worker_tracer_release (&w->tracer);
  rtb_worker_writer_finish (w, reason);
  rtb_worker_tracefs_off (&w->trace);
  rtb_worker_trace_log (w);

  uint64_t count = 0, dropped = 0;
  for (unsigned i = 0; i < w->n_measures; i++)
    {
      count += w->stats[i].count;
      dropped += w->stats[i].dropped;
    }
  rtb_worker_log ("run ended: %s, %llu samples, %llu dropped%s", rtb_end_reason_to_string (reason),
                  (unsigned long long) count, (unsigned long long) dropped,
                  rtb_worker_output_broken () ? ", no summary (stdout is closed)" : "");
  cleanup (w);
  return reason == RTB_END_FAILED ? 1 : 0;
}
