/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rtbench-worker: the privileged measurement process. It sets up the process (memory locking,
 * CPU idle states), says HELLO, takes one command from its arguments or from stdin, and runs it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtb-worker.h"

#define FIRST_COMMAND_POLL_MS 500

static bool
join_arguments (int argc, char **argv, char *line, size_t line_size)
{
  size_t used = 0;

  line[0] = '\0';
  for (int i = 1; i < argc; i++)
    {
      int n = snprintf (line + used, line_size - used, "%s%s", i > 1 ? " " : "", argv[i]);
      if (n < 0 || (size_t) n >= line_size - used)
        return false;
      used += (size_t) n;
    }
  return true;
}

/* Returns false when there is no command to run (EOF, a signal, the parent gone). */
static bool
read_first_command (RtbWorkerInput *input, char *line, size_t line_size, int *status)
{
  RtbCommandError error = { 0 };

  for (;;)
    {
      switch (rtb_worker_input_wait (input, line, line_size, FIRST_COMMAND_POLL_MS))
        {
        case RTB_WORKER_INPUT_LINE:
          return true;
        case RTB_WORKER_INPUT_EOF:
        case RTB_WORKER_INPUT_ERROR:
          rtb_worker_log ("stdin closed before a command came: exiting");
          *status = 0;
          return false;
        case RTB_WORKER_INPUT_OUTPUT_CLOSED:
          rtb_worker_log ("stdout closed before a command came: exiting");
          *status = 0;
          return false;
        case RTB_WORKER_INPUT_TOO_LONG:
          error.code = RTB_ERROR_SYNTAX;
          snprintf (error.message, sizeof error.message,
                    "the command is longer than %d bytes", RTB_COMMAND_MAX);
          rtb_worker_output_error (&error, 0);
          *status = 2;
          return false;
        case RTB_WORKER_INPUT_WAKE:
          if (rtb_worker_stop_take_signal () != 0)
            {
              rtb_worker_log ("stopped by a signal before a command came");
              *status = 0;
              return false;
            }
          break;
        case RTB_WORKER_INPUT_TIMEOUT:
        default:
          break;
        }
      if (!rtb_worker_setup_parent_alive ())
        {
          rtb_worker_log ("the parent process is gone: exiting");
          *status = 0;
          return false;
        }
    }
}

int
main (int argc, char **argv)
{
  static RtbWorker worker;
  RtbWorker *w = &worker;
  RtbCommandError error = { 0 };
  RtbWorkerInput input;
  char line[RTB_COMMAND_MAX + 2];
  bool from_arguments = argc > 1;
  int status = 0;

  /* Before anything can read the environment: nothing in it decides what the worker does. */
  rtb_worker_privilege_init ();

  if (argc == 2 && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0))
    {
      rtb_worker_usage_print ();
      return 0;
    }
  if (argc == 2 && strcmp (argv[1], "--version") == 0)
    {
      printf ("rtbench-worker %s\n", PACKAGE_VERSION);
      return 0;
    }

  if (!rtb_worker_stop_init ())
    {
      rtb_worker_log ("cannot create a pipe: %m");
      return 1;
    }
  rtb_worker_setup_process (w);
  if (!rtb_worker_output_init (STDOUT_FILENO))
    {
      rtb_worker_log ("out of memory");
      return 1;
    }
  if (!rtb_worker_output_send (RTB_FRAME_HELLO, &w->hello, sizeof w->hello, NULL, 0) ||
      !rtb_worker_system_send ())
    {
      rtb_worker_log ("stdout is closed: exiting");
      return 0;
    }

  if (from_arguments)
    {
      rtb_worker_input_init (&input, -1, STDOUT_FILENO);
      if (!join_arguments (argc, argv, line, sizeof line) || strlen (line) > RTB_COMMAND_MAX)
        {
          error.code = RTB_ERROR_SYNTAX;
          snprintf (error.message, sizeof error.message,
                    "the command is longer than %d bytes", RTB_COMMAND_MAX);
          rtb_worker_output_error (&error, 0);
          return 2;
        }
    }
  else
    {
      rtb_worker_input_init (&input, STDIN_FILENO, STDOUT_FILENO);
      if (!read_first_command (&input, line, sizeof line, &status))
        return status;
    }

  /* A line from stdin may hold a NUL: the parser sees all of it and names the byte. */
  if (!rtb_command_parse_n (line, from_arguments ? strlen (line) : input.line_len,
                            !from_arguments, rtb_worker_setup_highest_cpu (w->usable_cpus) + 1,
                            &w->cmd, &error))
    {
      rtb_worker_output_error (&error, 0);
      return 2;
    }

  return rtb_worker_run (w, &input);
}
