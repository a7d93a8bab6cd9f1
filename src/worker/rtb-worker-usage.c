/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rtbench-worker --help: the methods and their keys, from their tables. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rtb-command-keys.h"
#include "rtb-methods.h"
#include "rtb-text-wrap.h"
#include "rtb-worker.h"

#define HELP_COLUMN 43
#define HELP_WIDTH 92

static void
print_key (const RtbKey *key, RtbMethod method)
{
  char left[48], def[32], range[64], help[320];
  int used;

  snprintf (left, sizeof left, "%s=%s", key->name, key->arg);
  rtb_command_key_default_text (key, method, def, sizeof def);
  rtb_command_key_range_text (key, method, range, sizeof range);
  used = printf ("    %-24s %s", left, def);
  if (strcmp (range, key->arg) == 0)
    snprintf (help, sizeof help, "%s", key->help);
  else
    snprintf (help, sizeof help, "%s: %s", range, key->help);
  rtb_text_wrap_print (stdout, help, used, HELP_COLUMN, HELP_WIDTH);
}

/* A key that three methods or more take with the same default is listed once, after them. */
static bool
is_shared (const RtbKey *key)
{
  int n = 0;
  RtbMethod first = 0;

  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    {
      if (!rtb_command_key_taken (key, m))
        continue;
      if (n++ == 0)
        first = m;
      else if (key->on[m].def != key->on[first].def)
        return false;
    }
  return n >= 3;
}

static bool
same_methods (const RtbKey *a, const RtbKey *b)
{
  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    if (rtb_command_key_taken (a, m) != rtb_command_key_taken (b, m))
      return false;
  return true;
}

/* "  latency, jitter, timer:" or "  any method:" before the keys they share. */
static void
print_sharers (const RtbKey *key)
{
  int n = 0;

  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    n += rtb_command_key_taken (key, m);
  if (n == RTB_METHOD_LAST)
    {
      printf ("  any method:\n");
      return;
    }
  printf (" ");
  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    if (rtb_command_key_taken (key, m))
      printf (" %s%s", rtb_method_info (m)->name, --n > 0 ? "," : ":\n");
}

void
rtb_worker_usage_print (void)
{
  fputs ("Usage: rtbench-worker [METHOD key=value...]\n"
         "       rtbench-worker --help | --version\n"
         "\n"
         "Measures how real-time this system is and writes binary rtbench frames on stdout\n"
         "(log lines on stderr). With a command in its arguments it runs that command and reads\n"
         "nothing from stdin; without one it reads one line \"start METHOD key=value...\" from\n"
         "stdin, then \"stop\" or EOF ends the run.\n"
         "\n"
         "Methods and keys (default, allowed values: what it sets):\n",
         stdout);
  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    {
      printf ("  %-10s %s\n", rtb_method_info (m)->name, rtb_method_info (m)->summary);
      for (size_t k = 0; k < rtb_command_n_keys; k++)
        if (rtb_command_key_taken (rtb_command_keys[k], m) && !is_shared (rtb_command_keys[k]))
          print_key (rtb_command_keys[k], m);
    }
  const RtbKey *previous = NULL;
  for (size_t k = 0; k < rtb_command_n_keys; k++)
    if (is_shared (rtb_command_keys[k]))
      {
        const RtbKey *key = rtb_command_keys[k];
        RtbMethod m = RTB_METHOD_LATENCY;

        while (!rtb_command_key_taken (key, m))
          m++;
        if (previous == NULL || !same_methods (previous, key))
          print_sharers (key);
        print_key (key, m);
        previous = key;
      }
  fputs ("\n"
         "TIME is a number with an optional s, m, h or d suffix (seconds by default).\n"
         "Real-time policies need root, CAP_SYS_NICE or a high enough RLIMIT_RTPRIO.\n"
         "Exit status: 0 run completed or stopped, 1 a thread or the system failed,\n"
         "2 the command was refused (an ERROR frame says why).\n"
         "\n"
         "Example: rtbench-worker latency cpus=all priority=99 interval_us=1000 duration=10m\n",
         stdout);
}
