/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * libFuzzer target: a command line as the worker reads it on stdin or in its arguments, and a
 * key=value pair as rtbench-cli passes its options. An accepted command must format and parse
 * back to itself: what the worker echoes in STARTED is what it runs.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rtb-command.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const int cpu_counts[] = { 0, 1, 4, RTB_MAX_CPUS };

static void
check_round_trip (const RtbCommand *cmd, int n_cpus)
{
  char line[RTB_COMMAND_MAX * 2];
  RtbCommand again;
  RtbCommandError error;

  if (!rtb_command_check (cmd, n_cpus, &error))
    abort ();
  if (rtb_command_format (cmd, line, sizeof line) < 0)
    abort ();
  if (!rtb_command_parse (line, true, n_cpus, &again, &error))
    abort ();
  if (memcmp (cmd, &again, sizeof again) != 0)
    abort ();
}

static void
check_error (const RtbCommandError *error)
{
  if (memchr (error->field, '\0', sizeof error->field) == NULL ||
      memchr (error->message, '\0', sizeof error->message) == NULL ||
      error->message[0] == '\0' || error->code < RTB_ERROR_SYNTAX ||
      error->code > RTB_ERROR_UNSAFE)
    abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char *line = malloc (size + 1);
  RtbCommand cmd;
  RtbCommandError error;

  memcpy (line, data, size);
  line[size] = '\0';

  for (size_t i = 0; i < sizeof cpu_counts / sizeof cpu_counts[0]; i++)
    for (int with_verb = 0; with_verb < 2; with_verb++)
      {
        memset (&cmd, 0xa5, sizeof cmd);
        if (rtb_command_parse (line, with_verb, cpu_counts[i], &cmd, &error))
          check_round_trip (&cmd, cpu_counts[i]);
        else
          check_error (&error);
      }

  /* rtbench-cli: "--key value" becomes rtb_command_set (key, value) on the defaults. */
  char *eq = strchr (line, '=');
  if (eq != NULL)
    {
      *eq = '\0';
      for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_RESPONSE; m++)
        {
          rtb_command_defaults (&cmd, m, 4);
          if (rtb_command_set (&cmd, line, eq + 1, 4, &error))
            {
              if (rtb_command_check (&cmd, 4, &error))
                check_round_trip (&cmd, 4);
              else
                check_error (&error);
            }
          else
            check_error (&error);
        }
      *eq = '=';
    }

  uint64_t cpus[RTB_MAX_CPUS / 64];
  const char *too_high;
  if (rtb_cpu_list_parse (line, cpus, RTB_MAX_CPUS, &too_high))
    {
      char list[RTB_COMMAND_MAX * 4];
      uint64_t again[RTB_MAX_CPUS / 64];
      if (rtb_cpu_list_format (cpus, RTB_MAX_CPUS, list, sizeof list) < 0 ||
          !rtb_cpu_list_parse (list, again, RTB_MAX_CPUS, NULL) ||
          memcmp (cpus, again, sizeof cpus) != 0)
        abort ();
    }

  free (line);
  return 0;
}
