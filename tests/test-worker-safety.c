/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The worker's refusal of a real-time response run while RT throttling is off, fed with every
 * kernel setting directly: the worker itself only ever reads the real /proc file.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "rtb-command.h"
#include "rtb-worker-safety.h"

static void
parse (const char *line, RtbCommand *cmd)
{
  RtbCommandError error;

  if (!rtb_command_parse (line, FALSE, 4, cmd, &error))
    g_error ("%s: %s", line, error.message);
}

static void
test_response_throttling (void)
{
  const struct {
    const char *line;
    int rt_runtime_us;
    gboolean allowed;
  } cases[] = {
    { "response policy=fifo", -1, FALSE },
    { "response policy=rr priority=50", -1, FALSE },
    { "response size=1024 instances=1", -1, FALSE },
    { "response policy=fifo unthrottled=no", -1, FALSE },
    { "response policy=fifo unthrottled=yes", -1, TRUE },
    { "response policy=other", -1, TRUE },
    { "response policy=fifo", 950000, TRUE },
    { "response policy=fifo", 0, TRUE },
    { "response policy=fifo", -2, TRUE },
    { "latency policy=fifo", -1, TRUE },
    { "jitter", -1, TRUE },
    { "timer spin_us=4000", -1, TRUE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      RtbCommand cmd;
      RtbCommandError error = { 0 };
      gboolean allowed;

      parse (cases[i].line, &cmd);
      allowed = rtb_worker_safety_check (&cmd, cases[i].rt_runtime_us, &error);
      g_test_message ("%s with sched_rt_runtime_us %d: %s", cases[i].line,
                      cases[i].rt_runtime_us, allowed ? "allowed" : error.message);
      g_assert_cmpint (allowed, ==, cases[i].allowed);
      if (!allowed)
        {
          g_assert_cmpint (error.code, ==, RTB_ERROR_UNSAFE);
          g_assert_cmpstr (error.field, ==, "unthrottled");
          g_assert_nonnull (strstr (error.message, "unthrottled=yes"));
          g_assert_nonnull (strstr (error.message, "950000"));
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/worker-safety/response-throttling", test_response_throttling);
  return g_test_run ();
}
