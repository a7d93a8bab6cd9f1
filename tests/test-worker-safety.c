/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The worker's refusal of a busy real-time run while RT throttling is off, fed with every
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
test_throttling (void)
{
  const struct {
    const char *line;
    int rt_runtime_us;
    gboolean allowed;
    unsigned busy; /* per cent, 0: not checked */
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
    /* latency: one wake-up per interval */
    { "latency policy=fifo", -1, TRUE, 2 },
    { "latency interval_us=100", -1, TRUE, 20 },
    { "latency interval_us=99", -1, FALSE, 21 },
    { "latency interval_us=50", -1, FALSE, 40 },
    { "latency interval_us=50 unthrottled=yes", -1, TRUE, 40 },
    { "latency interval_us=50 policy=other", -1, TRUE, 40 },
    { "latency interval_us=50", 950000, TRUE, 40 },
    /* jitter: both threads on one CPU */
    { "jitter", -1, FALSE, 82 },
    { "jitter base_us=10 servo_us=100", -1, FALSE, 100 },
    { "jitter base_us=200 servo_us=1000", -1, TRUE, 12 },
    { "jitter unthrottled=yes", -1, TRUE, 82 },
    /* timer: the spin comes on top of the wake-up */
    { "timer", -1, TRUE, 3 },
    { "timer period_us=100 spin_us=99", -1, FALSE, 100 },
    { "timer period_us=100 spin_us=99", 950000, TRUE, 100 },
    { "timer period_us=100 spin_us=99 unthrottled=yes", -1, TRUE, 100 },
    { "timer spin_us=4000", -1, FALSE, 81 },
    { "timer period_us=1000 spin_us=180", -1, TRUE, 20 },
    { "timer period_us=1000 spin_us=181", -1, FALSE, 21 },
    { "response policy=fifo", -1, FALSE, 100 },
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
      if (cases[i].busy != 0)
        g_assert_cmpuint (rtb_worker_safety_busy_percent (&cmd), ==, cases[i].busy);
      if (!allowed)
        {
          g_assert_cmpint (error.code, ==, RTB_ERROR_UNSAFE);
          g_assert_cmpstr (error.field, ==, "unthrottled");
          g_assert_nonnull (strstr (error.message, "unthrottled=yes"));
          g_assert_nonnull (strstr (error.message, "950000"));
          g_assert_nonnull (strstr (error.message, rtb_method_to_string (cmd.method)));
          g_assert_nonnull (strstr (error.message, "% busy"));
          for (const char *p = error.message; *p != '\0'; p++)
            g_assert_true (*p >= 0x20 && *p < 0x7f);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/worker-safety/throttling", test_throttling);
  return g_test_run ();
}
