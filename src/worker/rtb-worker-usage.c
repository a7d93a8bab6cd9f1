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
print_key (RtbKeyId key, RtbMethod method)
{
  const RtbKey *info = &rtb_command_keys[key];
  char left[48], def[32], range[64], help[320];
  int used;

  snprintf (left, sizeof left, "%s=%s", info->name, info->arg);
  rtb_command_key_default_text (key, method, def, sizeof def);
  rtb_command_key_range_text (key, range, sizeof range);
  used = printf ("    %-24s %s", left, def);
  if (strcmp (range, info->arg) == 0)
    snprintf (help, sizeof help, "%s", info->help);
  else
    snprintf (help, sizeof help, "%s: %s", range, info->help);
  rtb_text_wrap_print (stdout, help, used, HELP_COLUMN, HELP_WIDTH);
}

/* A key that three methods or more take with the same default is listed once, after them. */
static bool
is_shared (RtbKeyId key)
{
  int n = 0;
  RtbMethod first = 0;

  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    {
      if (!rtb_command_key_taken (key, m))
        continue;
      if (n++ == 0)
        first = m;
      else if (rtb_command_keys[key].on[m].def != rtb_command_keys[key].on[first].def)
        return false;
    }
  return n >= 3;
}

static bool
same_methods (RtbKeyId a, RtbKeyId b)
{
  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    if (rtb_command_key_taken (a, m) != rtb_command_key_taken (b, m))
      return false;
  return true;
}

/* "  latency, jitter, timer:" or "  any method:" before the keys they share. */
static void
print_sharers (RtbKeyId key)
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
      for (int k = 0; k < RTB_N_KEYS; k++)
        if (rtb_command_key_taken ((RtbKeyId) k, m) && !is_shared ((RtbKeyId) k))
          print_key ((RtbKeyId) k, m);
    }
  for (int k = 0, previous = -1; k < RTB_N_KEYS; k++)
    if (is_shared ((RtbKeyId) k))
      {
        RtbMethod m = RTB_METHOD_LATENCY;

        while (!rtb_command_key_taken ((RtbKeyId) k, m))
          m++;
        if (previous < 0 || !same_methods ((RtbKeyId) previous, (RtbKeyId) k))
          print_sharers ((RtbKeyId) k);
        print_key ((RtbKeyId) k, m);
        previous = k;
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
