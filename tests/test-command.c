/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "rtb-command-keys.h"
#include "rtb-command.h"
#include "rtb-time.h"

#define N_CPUS 4

static RtbCommand
parse_ok (const char *line, bool with_verb)
{
  RtbCommand cmd;
  RtbCommandError error;

  if (!rtb_command_parse (line, with_verb, N_CPUS, &cmd, &error))
    g_error ("'%s' was refused: [%s] %s", line, error.field, error.message);
  return cmd;
}

static void
test_defaults (void)
{
  RtbCommand cmd = parse_ok ("start latency", true);
  g_assert_cmpint (cmd.method, ==, RTB_METHOD_LATENCY);
  g_assert_cmpint (cmd.policy, ==, RTB_POLICY_FIFO);
  g_assert_cmpint (cmd.priority, ==, 99);
  g_assert_true (cmd.cpus_all);
  g_assert_cmpint (rtb_cpu_count (cmd.cpus, RTB_MAX_CPUS), ==, N_CPUS);
  g_assert_cmpuint (cmd.latency.interval_us, ==, 1000);
  g_assert_cmpuint (cmd.latency.histogram_us, ==, 1000);
  g_assert_cmpuint (cmd.duration_ns, ==, 60 * RTB_NSEC_PER_SEC);
  g_assert_false (cmd.unthrottled);

  cmd = parse_ok ("jitter", false);
  g_assert_cmpint (cmd.method, ==, RTB_METHOD_JITTER);
  g_assert_cmpuint (cmd.jitter.base_us, ==, 25);
  g_assert_cmpuint (cmd.jitter.servo_us, ==, 1000);
  /* LinuxCNC's placement, chosen by the worker on its own machine. */
  g_assert_true (cmd.cpu_auto);
  g_assert_cmpint (rtb_cpu_count (cmd.cpus, RTB_MAX_CPUS), ==, 0);
  g_assert_cmpint (cmd.priority, ==, 99);
  g_assert_cmpuint (cmd.duration_ns, ==, 60 * RTB_NSEC_PER_SEC);
  g_assert_cmpuint (cmd.timer_slack_ns, ==, 0);

  /* The seed's real-time timer: FIFO 80, not pinned. */
  cmd = parse_ok ("timer", false);
  g_assert_cmpuint (cmd.timer.variant, ==, RTB_TIMER_VARIANT_RT);
  g_assert_cmpuint (cmd.timer.period_us, ==, 5000);
  g_assert_cmpuint (cmd.timer.spin_us, ==, 100);
  g_assert_false (cmd.cpu_auto);
  g_assert_cmpint (rtb_cpu_count (cmd.cpus, RTB_MAX_CPUS), ==, 0);
  g_assert_cmpint (cmd.priority, ==, 80);
  g_assert_cmpint (cmd.policy, ==, RTB_POLICY_FIFO);

  cmd = parse_ok ("response", false);
  g_assert_cmpuint (cmd.response.size, ==, 32);
  g_assert_cmpuint (cmd.response.more_sizes[0], ==, 0);
  g_assert_cmpuint (cmd.response.experiments, ==, 1);
  g_assert_cmpuint (cmd.response.instances, ==, 1000);
  g_assert_cmpuint (cmd.response.gap_us, ==, 0);
  g_assert_true (rtb_cpu_isset (cmd.cpus, 0));
  g_assert_cmpint (cmd.priority, ==, 99);
  g_assert_cmpuint (cmd.duration_ns, ==, 0);

  cmd = parse_ok ("latency", false);
  g_assert_cmpuint (cmd.latency.gpio, ==, 0);

  /* The kernel's hwlat detector as it comes: every CPU in turn, half of each 1 s window, the
   * tracer's own 10 µs threshold; its thread is the kernel's, of no policy of ours. */
  cmd = parse_ok ("hwlat", false);
  g_assert_cmpint (cmd.method, ==, RTB_METHOD_HWLAT);
  g_assert_cmpuint (cmd.hwlat.width_us, ==, 500000);
  g_assert_cmpuint (cmd.hwlat.window_us, ==, 1000000);
  g_assert_cmpuint (cmd.hwlat.threshold_us, ==, 10);
  g_assert_cmpuint (cmd.hwlat.histogram_us, ==, 1000);
  g_assert_true (cmd.cpus_all);
  g_assert_cmpint (cmd.policy, ==, RTB_POLICY_OTHER);
  g_assert_cmpint (cmd.priority, ==, 0);
  g_assert_cmpuint (cmd.duration_ns, ==, 60 * RTB_NSEC_PER_SEC);
  cmd = parse_ok ("hwlat cpus=1 width_us=100000 window_us=200000 threshold_us=5", false);
  g_assert_cmpuint (cmd.hwlat.width_us, ==, 100000);
  g_assert_cmpuint (cmd.hwlat.window_us, ==, 200000);
  g_assert_cmpuint (cmd.hwlat.threshold_us, ==, 5);

  /* osnoise sums its sources' durations unless told not to (0 on the wire: protocol 11's). */
  cmd = parse_ok ("osnoise", false);
  g_assert_cmpuint (cmd.osnoise.durations, ==, RTB_OSNOISE_DURATIONS_YES);
  g_assert_cmpuint (RTB_OSNOISE_DURATIONS_YES, ==, 0);
  cmd = parse_ok ("osnoise durations=no", false);
  g_assert_cmpuint (cmd.osnoise.durations, ==, RTB_OSNOISE_DURATIONS_NO);

  /* hwlat's detector visits one CPU a window unless told per-cpu (0 on the wire: protocol 11's
   * round-robin). */
  cmd = parse_ok ("hwlat", false);
  g_assert_cmpuint (cmd.hwlat.mode, ==, RTB_HWLAT_MODE_ROUND_ROBIN);
  g_assert_cmpuint (RTB_HWLAT_MODE_ROUND_ROBIN, ==, 0);
  cmd = parse_ok ("hwlat mode=per-cpu", false);
  g_assert_cmpuint (cmd.hwlat.mode, ==, RTB_HWLAT_MODE_PER_CPU);
  cmd = parse_ok ("hwlat mode=round-robin", false);
  g_assert_cmpuint (cmd.hwlat.mode, ==, RTB_HWLAT_MODE_ROUND_ROBIN);
}

/* A key of words: its word written back, left out at its default, its index on the wire. */
static void
test_word_keys (void)
{
  RtbCommand cmd = parse_ok ("osnoise durations=no", false), back;
  RtbWireCommand wire;
  RtbCommandError error;
  char text[RTB_COMMAND_MAX + 1];

  g_assert_cmpint (rtb_command_format (&cmd, text, sizeof text), >, 0);
  g_assert_nonnull (strstr (text, " durations=no"));
  rtb_command_to_wire (&cmd, &wire);
  g_assert_cmpuint (wire.params.osnoise.durations, ==, RTB_OSNOISE_DURATIONS_NO);
  g_assert_true (rtb_command_from_wire (&wire, N_CPUS, &back, &error));
  g_assert_cmpuint (back.osnoise.durations, ==, RTB_OSNOISE_DURATIONS_NO);

  cmd = parse_ok ("osnoise durations=yes", false);
  g_assert_cmpint (rtb_command_format (&cmd, text, sizeof text), >, 0);
  g_assert_null (strstr (text, "durations"));

  /* A stream of protocol 11 has 0 where the field is: durations on. */
  wire.params.osnoise.durations = 0;
  g_assert_true (rtb_command_from_wire (&wire, N_CPUS, &back, &error));
  g_assert_cmpuint (back.osnoise.durations, ==, RTB_OSNOISE_DURATIONS_YES);
}

static void
test_method_keys (void)
{
  RtbCommand cmd;
  uint32_t sizes[RTB_RESPONSE_SIZES_MAX];

  /* The normal timer: the untouched default policy follows the variant, in any key order. */
  cmd = parse_ok ("timer variant=normal", false);
  g_assert_cmpuint (cmd.timer.variant, ==, RTB_TIMER_VARIANT_NORMAL);
  g_assert_cmpint (cmd.policy, ==, RTB_POLICY_OTHER);
  g_assert_cmpint (cmd.priority, ==, 0);
  cmd = parse_ok ("timer duration=10s variant=normal policy=other", false);
  g_assert_cmpint (cmd.policy, ==, RTB_POLICY_OTHER);
  cmd = parse_ok ("timer variant=rt", false);
  g_assert_cmpint (cmd.policy, ==, RTB_POLICY_FIFO);
  g_assert_cmpint (cmd.priority, ==, 80);
  cmd = parse_ok ("timer variant=rt cpu=1 timer_slack_ns=1", false);
  g_assert_true (rtb_cpu_isset (cmd.cpus, 1));
  g_assert_cmpuint (cmd.timer_slack_ns, ==, 1);

  cmd = parse_ok ("jitter cpu=2", false);
  g_assert_false (cmd.cpu_auto);
  g_assert_true (rtb_cpu_isset (cmd.cpus, 2));
  cmd = parse_ok ("jitter cpu=none", false);
  g_assert_false (cmd.cpu_auto);
  g_assert_cmpint (rtb_cpu_count (cmd.cpus, RTB_MAX_CPUS), ==, 0);
  cmd = parse_ok ("response cpu=auto", false);
  g_assert_true (cmd.cpu_auto);
  g_assert_cmpint (rtb_cpu_count (cmd.cpus, RTB_MAX_CPUS), ==, 0);

  cmd = parse_ok ("latency cpus=3 gpio=0:17", false);
  g_assert_cmpuint (cmd.latency.gpio, ==, 1);
  g_assert_cmpuint (cmd.latency.gpio_chip, ==, 0);
  g_assert_cmpuint (cmd.latency.gpio_line, ==, 17);
  cmd = parse_ok ("latency cpus=0 gpio=4095:65535", false);
  g_assert_cmpuint (cmd.latency.gpio_chip, ==, 4095);
  g_assert_cmpuint (cmd.latency.gpio_line, ==, 65535);

  /* The study's layout: four experiments of each of three sizes. */
  cmd = parse_ok ("response size=32,64,128 experiments=4 gap_us=auto", false);
  g_assert_cmpuint (rtb_command_response_sizes (&cmd, sizes), ==, 3);
  g_assert_cmpuint (sizes[0], ==, 32);
  g_assert_cmpuint (sizes[1], ==, 64);
  g_assert_cmpuint (sizes[2], ==, 128);
  g_assert_cmpuint (cmd.response.experiments, ==, 4);
  g_assert_cmpuint (cmd.response.gap_us, ==, 0);
  cmd = parse_ok ("response size=2,1024,2,3,4,5,6,7 experiments=16", false);
  g_assert_cmpuint (rtb_command_response_sizes (&cmd, sizes), ==, 8);
  g_assert_cmpuint (sizes[7], ==, 7);
  cmd = parse_ok ("response size=64", false);
  g_assert_cmpuint (rtb_command_response_sizes (&cmd, sizes), ==, 1);
  g_assert_cmpuint (sizes[0], ==, 64);

  cmd = parse_ok ("latency timer_slack_ns=1000000000", false);
  g_assert_cmpuint (cmd.timer_slack_ns, ==, 1000000000);
}

static void
test_keys (void)
{
  RtbCommand cmd;

  cmd = parse_ok ("start latency cpus=0,2-3 policy=rr priority=42 interval_us=250 "
                  "histogram_us=400 duration=15m unthrottled=yes", true);
  g_assert_false (cmd.cpus_all);
  g_assert_true (rtb_cpu_isset (cmd.cpus, 0));
  g_assert_false (rtb_cpu_isset (cmd.cpus, 1));
  g_assert_true (rtb_cpu_isset (cmd.cpus, 2));
  g_assert_true (rtb_cpu_isset (cmd.cpus, 3));
  g_assert_cmpint (cmd.policy, ==, RTB_POLICY_RR);
  g_assert_cmpint (cmd.priority, ==, 42);
  g_assert_cmpuint (cmd.latency.interval_us, ==, 250);
  g_assert_cmpuint (cmd.latency.histogram_us, ==, 400);
  g_assert_cmpuint (cmd.duration_ns, ==, 900 * RTB_NSEC_PER_SEC);
  g_assert_true (cmd.unthrottled);

  cmd = parse_ok ("jitter base_us=50 servo_us=2000 cpu=1 priority=10 duration=2h", false);
  g_assert_cmpuint (cmd.jitter.base_us, ==, 50);
  g_assert_cmpuint (cmd.jitter.servo_us, ==, 2000);
  g_assert_true (rtb_cpu_isset (cmd.cpus, 1));
  g_assert_cmpint (rtb_cpu_count (cmd.cpus, RTB_MAX_CPUS), ==, 1);
  g_assert_cmpint (cmd.priority, ==, 10);
  g_assert_cmpuint (cmd.duration_ns, ==, 7200 * RTB_NSEC_PER_SEC);

  cmd = parse_ok ("timer period_us=1000 spin_us=0 cpu=2 policy=fifo priority=80 duration=0",
                  false);
  g_assert_cmpuint (cmd.timer.period_us, ==, 1000);
  g_assert_cmpuint (cmd.timer.spin_us, ==, 0);
  g_assert_true (rtb_cpu_isset (cmd.cpus, 2));
  g_assert_cmpuint (cmd.duration_ns, ==, 0);

  cmd = parse_ok ("response size=128 instances=50 cpu=3 gap_us=100 unthrottled=no", false);
  g_assert_cmpuint (cmd.response.size, ==, 128);
  g_assert_cmpuint (cmd.response.instances, ==, 50);
  g_assert_true (rtb_cpu_isset (cmd.cpus, 3));
  g_assert_cmpuint (cmd.response.gap_us, ==, 100);
  g_assert_false (cmd.unthrottled);

  /* Extra blanks, a trailing newline and key order do not matter. */
  cmd = parse_ok ("  start\tlatency   duration=1d  cpus=1 \r\n", true);
  g_assert_cmpuint (cmd.duration_ns, ==, 86400 * RTB_NSEC_PER_SEC);
  g_assert_cmpint (rtb_cpu_count (cmd.cpus, RTB_MAX_CPUS), ==, 1);
}

static void
test_policy_priority (void)
{
  RtbCommand cmd;

  /* policy=other alone drops the default priority, wherever it comes in the line. */
  cmd = parse_ok ("latency policy=other", false);
  g_assert_cmpint (cmd.policy, ==, RTB_POLICY_OTHER);
  g_assert_cmpint (cmd.priority, ==, 0);
  cmd = parse_ok ("latency duration=1s policy=other", false);
  g_assert_cmpint (cmd.priority, ==, 0);
  cmd = parse_ok ("latency priority=0 policy=other", false);
  g_assert_cmpint (cmd.priority, ==, 0);
  cmd = parse_ok ("timer policy=other", false);
  g_assert_cmpint (cmd.priority, ==, 0);

  /* An explicit priority is kept even when it equals the default, and then refused. */
  RtbCommandError error;
  g_assert_false (rtb_command_parse ("latency priority=99 policy=other", false, N_CPUS, &cmd,
                                     &error));
  g_assert_cmpstr (error.field, ==, "priority");

  /* The CLI path: defaults, then options one by one. */
  rtb_command_defaults (&cmd, RTB_METHOD_TIMER, N_CPUS);
  g_assert_true (rtb_command_set (&cmd, "policy", "other", N_CPUS, &error));
  g_assert_cmpint (cmd.priority, ==, 0);
  g_assert_true (rtb_command_check (&cmd, N_CPUS, &error));
  g_assert_true (rtb_command_set (&cmd, "policy", "fifo", N_CPUS, &error));
  g_assert_cmpint (cmd.priority, ==, 80);
  g_assert_true (rtb_command_set (&cmd, "priority", "12", N_CPUS, &error));
  g_assert_true (rtb_command_set (&cmd, "cpu", "3", N_CPUS, &error));
  g_assert_true (rtb_command_check (&cmd, N_CPUS, &error));
  g_assert_false (rtb_command_set (&cmd, "cpus", "1", N_CPUS, &error));
  g_assert_cmpstr (error.field, ==, "cpus");
}

static void
test_round_trip (void)
{
  const char *lines[] = {
    "start latency",
    "start latency cpus=1-3 policy=rr priority=7 interval_us=50 histogram_us=1000000 duration=7d",
    "start latency cpus=0,2 policy=other duration=90s",
    "start jitter",
    "start jitter cpu=0 base_us=10 servo_us=100 priority=1 duration=0",
    "start timer period_us=1000000 spin_us=10000 policy=other duration=5m",
    "start response size=1024 instances=100000000 gap_us=10000000 unthrottled=yes",
    "start response size=2 instances=1 gap_us=100 cpu=3 policy=fifo priority=99",
    "start response size=32,64,128 experiments=4 gap_us=auto cpu=auto",
    "start response cpu=none timer_slack_ns=50000",
    "start timer variant=normal duration=60s",
    "start timer variant=rt cpu=1 timer_slack_ns=1",
    "start jitter cpu=none",
    "start latency cpus=2 gpio=1:23",
    "start osnoise durations=no threshold_us=2",
    "start osnoise durations=yes",
    "start osnoise period_us=10000000 runtime_us=10000000 duration=30s",
    "start hwlat mode=per-cpu cpus=0-1",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      RtbCommand a = parse_ok (lines[i], true);
      RtbCommand b;
      RtbCommandError error;
      char text[RTB_COMMAND_MAX + 1];
      char text2[RTB_COMMAND_MAX + 1];
      int len = rtb_command_format (&a, text, sizeof text);

      g_assert_cmpint (len, >, 0);
      g_assert_cmpint (len, ==, (int) strlen (text));
      g_assert_true (g_str_has_prefix (text, "start "));
      if (!rtb_command_parse (text, true, N_CPUS, &b, &error))
        g_error ("'%s' formatted as '%s' does not parse back: %s", lines[i], text,
                 error.message);
      g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
      g_assert_cmpint (rtb_command_format (&b, text2, sizeof text2), ==, len);
      g_assert_cmpstr (text, ==, text2);
    }

  /* Too small a buffer is reported, never cut silently. */
  RtbCommand cmd = parse_ok ("latency", false);
  char small[16];
  g_assert_cmpint (rtb_command_format (&cmd, small, sizeof small), ==, -1);
}

static void
test_cpu_list (void)
{
  uint64_t cpus[RTB_MAX_CPUS / 64];
  char buf[256];
  const char *bad = NULL;

  g_assert_true (rtb_cpu_list_parse ("0,2-3,7", cpus, RTB_MAX_CPUS, &bad));
  g_assert_cmpint (rtb_cpu_count (cpus, RTB_MAX_CPUS), ==, 4);
  g_assert_cmpint (rtb_cpu_list_format (cpus, RTB_MAX_CPUS, buf, sizeof buf), ==, 7);
  g_assert_cmpstr (buf, ==, "0,2-3,7");

  g_assert_true (rtb_cpu_list_parse ("5,1,2,3", cpus, RTB_MAX_CPUS, &bad));
  rtb_cpu_list_format (cpus, RTB_MAX_CPUS, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "1-3,5");

  g_assert_true (rtb_cpu_list_parse ("1023", cpus, RTB_MAX_CPUS, &bad));
  g_assert_true (rtb_cpu_isset (cpus, 1023));

  const char *bad_lists[] = { "", ",", "1,", "a", "1-", "-1", "3-1", "1--2", "1 2", "0x1", "+1" };
  for (gsize i = 0; i < G_N_ELEMENTS (bad_lists); i++)
    {
      g_assert_false (rtb_cpu_list_parse (bad_lists[i], cpus, RTB_MAX_CPUS, &bad));
      g_assert_null (bad);
    }
  g_assert_false (rtb_cpu_list_parse ("0-1024", cpus, RTB_MAX_CPUS, &bad));
  g_assert_cmpstr (bad, ==, "1024");
  g_assert_false (rtb_cpu_list_parse ("1,99999999999999999999-2", cpus, RTB_MAX_CPUS, &bad));
  g_assert_cmpstr (bad, ==, "99999999999999999999-2");

  g_assert_true (rtb_cpu_list_parse ("0-1023", cpus, RTB_MAX_CPUS, &bad));
  g_assert_cmpint (rtb_cpu_list_format (cpus, RTB_MAX_CPUS, buf, 4), ==, -1);
}

typedef struct {
  const char *line;
  RtbErrorCode code;
  const char *field;
  const char *in_message; /* the allowed range or the advice */
} BadCase;

static const BadCase bad_cases[] = {
  /* every range, at both ends */
  { "latency priority=0", RTB_ERROR_RANGE, "priority", "1-99" },
  { "latency priority=100", RTB_ERROR_RANGE, "priority", "1-99" },
  { "latency priority=120", RTB_ERROR_RANGE, "priority", "priority 120 is out of range: use 1-99" },
  { "latency interval_us=49", RTB_ERROR_RANGE, "interval_us", "50-1000000" },
  { "latency interval_us=1000001", RTB_ERROR_RANGE, "interval_us", "50-1000000" },
  /* a method's own lower bound of a key (the kernel's tracers), the timer's below it */
  { "timerlat period_us=99", RTB_ERROR_RANGE, "period_us",
    "period_us 99 is out of range for timerlat: use 100-1000000" },
  { "osnoise period_us=99 runtime_us=100", RTB_ERROR_RANGE, "period_us",
    "period_us 99 is out of range for osnoise: use 100-10000000" },
  /* osnoise's period goes to rtla -p's 10 s (the kernel sets no bound), the others' to 1 s. */
  { "osnoise period_us=10000001", RTB_ERROR_RANGE, "period_us", "100-10000000" },
  { "timerlat period_us=1000001", RTB_ERROR_RANGE, "period_us",
    "period_us 1000001 is out of range for timerlat: use 100-1000000" },
  { "osnoise period_us=2000000 runtime_us=10000000", RTB_ERROR_RANGE, "runtime_us",
    "longer than period_us" },
  { "timer period_us=49", RTB_ERROR_RANGE, "period_us", "period_us 49 is out of range for timer: use 50-1000000" },
  { "latency histogram_us=0", RTB_ERROR_RANGE, "histogram_us", "1-1000000" },
  { "latency histogram_us=1000001", RTB_ERROR_RANGE, "histogram_us", "1-1000000" },
  { "latency duration=8d", RTB_ERROR_RANGE, "duration", "0-7d" },
  { "latency duration=169h", RTB_ERROR_RANGE, "duration", "0-7d" },
  { "latency cpus=4", RTB_ERROR_RANGE, "cpus", "0-3" },
  { "latency cpus=0-1024", RTB_ERROR_RANGE, "cpus", "0-3" },
  { "jitter base_us=9", RTB_ERROR_RANGE, "base_us", "10-1000000" },
  { "jitter base_us=1000001", RTB_ERROR_RANGE, "base_us", "10-1000000" },
  { "jitter servo_us=99", RTB_ERROR_RANGE, "servo_us", "100-1000000" },
  { "jitter servo_us=1000001", RTB_ERROR_RANGE, "servo_us", "100-1000000" },
  { "jitter base_us=500 servo_us=500", RTB_ERROR_RANGE, "servo_us", "501-1000000" },
  { "jitter cpu=4", RTB_ERROR_RANGE, "cpu", "0-3" },
  { "jitter priority=0", RTB_ERROR_RANGE, "priority", "1-99" },
  { "timer period_us=49", RTB_ERROR_RANGE, "period_us", "50-1000000" },
  { "timer period_us=1000001", RTB_ERROR_RANGE, "period_us", "50-1000000" },
  { "timer spin_us=10001", RTB_ERROR_RANGE, "spin_us", "0-10000" },
  { "timer period_us=100 spin_us=100", RTB_ERROR_RANGE, "spin_us", "0-99" },
  { "timer cpu=9", RTB_ERROR_RANGE, "cpu", "0-3" },
  { "response size=1", RTB_ERROR_RANGE, "size", "2-1024" },
  { "response size=1025", RTB_ERROR_RANGE, "size", "2-1024" },
  { "response instances=0", RTB_ERROR_RANGE, "instances", "1-100000000" },
  { "response instances=100000001", RTB_ERROR_RANGE, "instances", "1-100000000" },
  { "response gap_us=99", RTB_ERROR_RANGE, "gap_us", "100-10000000" },
  { "response gap_us=10000001", RTB_ERROR_RANGE, "gap_us", "100-10000000" },
  { "response cpu=4", RTB_ERROR_RANGE, "cpu", "0-3" },
  /* hwlat: the kernel's width < window, a sample needs a whole window */
  { "hwlat width_us=1000000", RTB_ERROR_RANGE, "width_us", "1-999999" },
  { "hwlat width_us=200 window_us=200", RTB_ERROR_RANGE, "width_us", "1-199" },
  { "hwlat window_us=1", RTB_ERROR_RANGE, "window_us", "2-100000000" },
  { "hwlat window_us=100000001", RTB_ERROR_RANGE, "window_us", "2-100000000" },
  { "hwlat threshold_us=0", RTB_ERROR_RANGE, "threshold_us", "1-1000000" },
  { "hwlat window_us=2000000 duration=1s", RTB_ERROR_RANGE, "duration", "one window of window_us" },
  { "hwlat cpus=4", RTB_ERROR_RANGE, "cpus", "0-3" },
  { "response size=32,1025", RTB_ERROR_RANGE, "size", "2-1024" },
  { "response size=1,32", RTB_ERROR_RANGE, "size", "2-1024" },
  { "response size=2,3,4,5,6,7,8,9,10", RTB_ERROR_RANGE, "size", "at most 8" },
  { "response experiments=0", RTB_ERROR_RANGE, "experiments", "1-16" },
  { "response experiments=17", RTB_ERROR_RANGE, "experiments", "1-16" },
  { "latency timer_slack_ns=0", RTB_ERROR_RANGE, "timer_slack_ns", "1-1000000000" },
  { "latency timer_slack_ns=1000000001", RTB_ERROR_RANGE, "timer_slack_ns", "1-1000000000" },
  { "latency cpus=0 gpio=4096:1", RTB_ERROR_RANGE, "gpio", "0-4095" },
  { "latency cpus=0 gpio=0:65536", RTB_ERROR_RANGE, "gpio", "0-65535" },
  /* the normal timer is an ordinary thread, the gpio line has one thread */
  { "timer variant=normal policy=fifo", RTB_ERROR_RANGE, "policy", "variant=rt" },
  { "timer variant=normal priority=80", RTB_ERROR_RANGE, "priority", "policy other takes no" },
  { "timer variant=normal cpu=0", RTB_ERROR_RANGE, "cpu", "unpinned" },
  { "timer variant=normal cpu=auto", RTB_ERROR_RANGE, "cpu", "unpinned" },
  { "timer variant=normal timer_slack_ns=1", RTB_ERROR_RANGE, "timer_slack_ns", "kernel's" },
  { "latency gpio=0:17", RTB_ERROR_RANGE, "gpio", "cpus=N" },
  { "latency cpus=0-1 gpio=0:17", RTB_ERROR_RANGE, "gpio", "cpus=N" },
  /* policy and priority together */
  { "latency policy=other priority=5", RTB_ERROR_RANGE, "priority", "policy other takes no" },
  { "timer priority=50 policy=other", RTB_ERROR_RANGE, "priority", "policy other takes no" },
  { "latency policy=idle", RTB_ERROR_SYNTAX, "policy", "fifo, rr or other" },
  { "latency policy=FIFO", RTB_ERROR_SYNTAX, "policy", "fifo, rr or other" },
  /* malformed values */
  { "latency interval_us=abc", RTB_ERROR_SYNTAX, "interval_us", "50-1000000" },
  { "latency interval_us=1000x", RTB_ERROR_SYNTAX, "interval_us", "50-1000000" },
  { "latency interval_us=-5", RTB_ERROR_SYNTAX, "interval_us", "50-1000000" },
  { "latency interval_us=+500", RTB_ERROR_SYNTAX, "interval_us", "50-1000000" },
  { "latency interval_us=0x100", RTB_ERROR_SYNTAX, "interval_us", "50-1000000" },
  { "latency interval_us=1e3", RTB_ERROR_SYNTAX, "interval_us", "50-1000000" },
  /* numbers too large for 64 bits: quoted as written, out of range */
  { "latency interval_us=99999999999999999999999", RTB_ERROR_RANGE, "interval_us",
    "interval_us 99999999999999999999999 is out of range: use 50-1000000" },
  { "response instances=99999999999999999999", RTB_ERROR_RANGE, "instances",
    "instances 99999999999999999999 is out of range: use 1-100000000" },
  { "latency priority=99999999999999999999", RTB_ERROR_RANGE, "priority",
    "priority 99999999999999999999 is out of range" },
  { "jitter cpu=99999999999999999999", RTB_ERROR_RANGE, "cpu",
    "cpu 99999999999999999999 is out of range: use 0-3" },
  { "latency duration=99999999999999999999d", RTB_ERROR_RANGE, "duration",
    "duration 99999999999999999999d is out of range: use 0-7d" },
  { "latency cpus=4294967296", RTB_ERROR_RANGE, "cpus",
    "cpus 4294967296 is out of range: use 0-3 (the online CPUs)" },
  { "latency cpus=1,0-99999999999", RTB_ERROR_RANGE, "cpus",
    "cpus 99999999999 is out of range: use 0-3" },
  { "latency cpus=0-5", RTB_ERROR_RANGE, "cpus", "cpus 5 is out of range: use 0-3" },
  { "latency priority=9x", RTB_ERROR_SYNTAX, "priority", "1-99" },
  { "latency duration=10x", RTB_ERROR_SYNTAX, "duration", "0-7d" },
  { "latency duration=-1s", RTB_ERROR_SYNTAX, "duration", "0-7d" },
  { "latency duration=1.5s", RTB_ERROR_SYNTAX, "duration", "0-7d" },
  { "latency cpus=a", RTB_ERROR_SYNTAX, "cpus", "0,2-3" },
  { "latency cpus=3-1", RTB_ERROR_SYNTAX, "cpus", "0,2-3" },
  { "latency cpus=1,", RTB_ERROR_SYNTAX, "cpus", "0,2-3" },
  { "jitter cpu=x", RTB_ERROR_SYNTAX, "cpu", "0-3" },
  { "jitter cpu=0,1", RTB_ERROR_SYNTAX, "cpu", "0-3" },
  { "response size=12k", RTB_ERROR_SYNTAX, "size", "2-1024" },
  { "response size=32,", RTB_ERROR_SYNTAX, "size", "32,64,128" },
  { "response size=,32", RTB_ERROR_SYNTAX, "size", "32,64,128" },
  { "response size=32;64", RTB_ERROR_SYNTAX, "size", "32,64,128" },
  { "response gap_us=soon", RTB_ERROR_SYNTAX, "gap_us", "auto or 100-10000000" },
  { "timer variant=fast", RTB_ERROR_SYNTAX, "variant", "rt" },
  { "timer cpu=first", RTB_ERROR_SYNTAX, "cpu", "auto" },
  { "latency cpus=0 gpio=17", RTB_ERROR_SYNTAX, "gpio", "CHIP:LINE" },
  { "latency cpus=0 gpio=:17", RTB_ERROR_SYNTAX, "gpio", "CHIP:LINE" },
  { "latency cpus=0 gpio=0:", RTB_ERROR_SYNTAX, "gpio", "CHIP:LINE" },
  { "latency cpus=0 gpio=0:1:2", RTB_ERROR_SYNTAX, "gpio", "CHIP:LINE" },
  { "latency cpus=0 gpio=gpiochip0:17", RTB_ERROR_SYNTAX, "gpio", "CHIP:LINE" },
  { "latency cpus=0 gpio=/dev/gpiochip0:17", RTB_ERROR_SYNTAX, "gpio", "CHIP:LINE" },
  { "latency cpus=0 gpio=../../etc/passwd", RTB_ERROR_SYNTAX, "gpio", "CHIP:LINE" },
  { "latency cpus=0 gpio=99999999999999999999:1", RTB_ERROR_SYNTAX, "gpio", "CHIP:LINE" },
  { "latency timer_slack_ns=fast", RTB_ERROR_SYNTAX, "timer_slack_ns", "1-1000000000" },
  { "jitter gpio=0:1", RTB_ERROR_SYNTAX, "gpio", "base_us" },
  { "latency variant=rt", RTB_ERROR_SYNTAX, "variant", "interval_us" },
  { "latency cpu=auto", RTB_ERROR_SYNTAX, "cpu", "cpus" },
  { "jitter experiments=2", RTB_ERROR_SYNTAX, "experiments", "base_us" },
  { "latency unthrottled=maybe", RTB_ERROR_SYNTAX, "unthrottled", "yes or no" },
  /* structure */
  { "latency interval_us=", RTB_ERROR_SYNTAX, "interval_us", "no value" },
  { "latency interval_us", RTB_ERROR_SYNTAX, "interval_us", "key=value" },
  { "latency =5", RTB_ERROR_SYNTAX, "", "no key" },
  { "latency priority=5 priority=6", RTB_ERROR_SYNTAX, "priority", "twice" },
  { "latency bogus=1", RTB_ERROR_SYNTAX, "bogus", "cpus, policy, priority, interval_us" },
  { "latency size=32", RTB_ERROR_SYNTAX, "size", "interval_us" },
  { "timer cpus=0", RTB_ERROR_SYNTAX, "cpus", "period_us" },
  { "response duration=10s", RTB_ERROR_SYNTAX, "duration", "gap_us" },
  { "jitter interval_us=10", RTB_ERROR_SYNTAX, "interval_us", "base_us, servo_us" },
  { "hwlat policy=fifo", RTB_ERROR_SYNTAX, "policy", "width_us" },
  { "osnoise durations=off", RTB_ERROR_SYNTAX, "durations",
    "durations 'off' is unknown: use yes or no" },
  { "latency durations=no", RTB_ERROR_SYNTAX, "durations", "interval_us" },
  { "hwlat mode=percpu", RTB_ERROR_SYNTAX, "mode",
    "mode 'percpu' is unknown: use round-robin or per-cpu" },
  { "osnoise mode=per-cpu", RTB_ERROR_SYNTAX, "mode", "durations" },
  { "sleep", RTB_ERROR_SYNTAX, "method", "latency, jitter, timer, response, noise, timerlat, osnoise or hwlat" },
  { "LATENCY", RTB_ERROR_SYNTAX, "method", "latency, jitter, timer, response, noise, timerlat, osnoise or hwlat" },
  { "priority=5", RTB_ERROR_SYNTAX, "method", "latency, jitter, timer, response, noise, timerlat, osnoise or hwlat" },
  { "", RTB_ERROR_SYNTAX, "", "empty command" },
  { "   \t ", RTB_ERROR_SYNTAX, "", "empty command" },
  { "latency interval_us=100\x01", RTB_ERROR_SYNTAX, "", "a control byte 0x01 at offset" },
  { "latency interval_us=100\x1b[2J", RTB_ERROR_SYNTAX, "", "a control byte 0x1b at offset" },
  { "latency label=\xc3\xa9t\xc3\xa9", RTB_ERROR_SYNTAX, "", "a non-ASCII byte 0xc3 at offset" },
};

static void
assert_refused (const char *line, bool with_verb, RtbErrorCode code, const char *field,
                const char *in_message)
{
  RtbCommand cmd;
  RtbCommandError error;

  if (rtb_command_parse (line, with_verb, N_CPUS, &cmd, &error))
    g_error ("'%s' was accepted", line);
  g_test_message ("'%s' -> [%s] %s", line, error.field, error.message);
  g_assert_cmpint (error.code, ==, code);
  g_assert_cmpstr (error.field, ==, field);
  g_assert_nonnull (strstr (error.message, in_message));
  if (field[0] != '\0' && strcmp (field, "method") != 0)
    g_assert_nonnull (strstr (error.message, field));
}

static void
test_errors (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      const BadCase *c = &bad_cases[i];
      g_autofree char *with_verb = g_strconcat ("start ", c->line, NULL);

      assert_refused (c->line, false, c->code, c->field, c->in_message);
      if (c->line[0] != '\0' && c->line[0] != ' ')
        assert_refused (with_verb, true, c->code, c->field, c->in_message);
    }
}

/* A NUL inside a command read from a pipe is an error naming it, not the end of the command:
 * the rest ("cpus=99 garbage") is never silently dropped. */
static void
test_nul_byte (void)
{
  static const char line[] = "start latency duration=1 cpus=0\0 cpus=99 garbage\n";
  RtbCommandError error;
  RtbCommand cmd;

  g_assert_false (rtb_command_parse_n (line, sizeof line - 1, true, N_CPUS, &cmd, &error));
  g_assert_cmpint (error.code, ==, RTB_ERROR_SYNTAX);
  g_assert_cmpstr (error.message, ==, "the command has a NUL byte (0x00) at offset 31, which "
                   "would hide what follows it: send plain ASCII key=value words");
  /* Up to the NUL it is a valid command: only the length makes the difference. */
  g_assert_true (rtb_command_parse (line, true, N_CPUS, &cmd, &error));
  g_assert_true (rtb_command_parse_n (line, 31, true, N_CPUS, &cmd, &error));
  g_assert_false (rtb_command_check_bytes ("stop\0x", 6, &error));
  g_assert_true (rtb_command_check_bytes ("start\tlatency", 13, &error));
}

static void
test_verb_errors (void)
{
  assert_refused ("", true, RTB_ERROR_SYNTAX, "", "empty command");
  assert_refused ("stop", true, RTB_ERROR_STATE, "", "no run");
  assert_refused ("begin latency", true, RTB_ERROR_SYNTAX, "", "use start METHOD");
  assert_refused ("start", true, RTB_ERROR_SYNTAX, "method", "latency, jitter, timer, response, noise, timerlat, osnoise or hwlat");
  assert_refused ("start start latency", true, RTB_ERROR_SYNTAX, "method", "unknown method");
  /* With with_verb false, "start" is just an unknown method. */
  assert_refused ("start latency", false, RTB_ERROR_SYNTAX, "method", "unknown method 'start'");
}

static void
test_lengths (void)
{
  g_autoptr (GString) line = g_string_new ("start latency");
  RtbCommand cmd;
  RtbCommandError error;

  while (line->len < RTB_COMMAND_MAX)
    g_string_append_c (line, ' ');
  g_assert_true (rtb_command_parse (line->str, true, N_CPUS, &cmd, &error));
  g_string_append_c (line, ' ');
  g_assert_false (rtb_command_parse (line->str, true, N_CPUS, &cmd, &error));
  g_assert_cmpint (error.code, ==, RTB_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error.message, "1024"));

  /* Too many words for the parser is an error, not an overflow. */
  g_string_assign (line, "latency");
  for (int i = 0; i < 100; i++)
    g_string_append (line, " a=1");
  g_assert_false (rtb_command_parse (line->str, false, N_CPUS, &cmd, &error));
  g_assert_cmpint (error.code, ==, RTB_ERROR_SYNTAX);

  /* Long client text in a message is cut, the allowed range is kept. */
  g_string_assign (line, "latency interval_us=");
  for (int i = 0; i < 600; i++)
    g_string_append_c (line, '7');
  g_assert_false (rtb_command_parse (line->str, false, N_CPUS, &cmd, &error));
  g_assert_cmpstr (error.field, ==, "interval_us");
  g_assert_nonnull (strstr (error.message, "50-1000000"));

  g_assert_false (rtb_command_parse (NULL, true, N_CPUS, &cmd, &error));
}

static void
test_check (void)
{
  RtbCommand cmd;
  RtbCommandError error;

  rtb_command_defaults (&cmd, RTB_METHOD_LATENCY, N_CPUS);
  memset (cmd.cpus, 0, sizeof cmd.cpus);
  cmd.cpus_all = false;
  g_assert_false (rtb_command_check (&cmd, N_CPUS, &error));
  g_assert_cmpstr (error.field, ==, "cpus");

  rtb_command_defaults (&cmd, RTB_METHOD_TIMER, N_CPUS);
  cmd.cpus[0] = 3;
  g_assert_false (rtb_command_check (&cmd, N_CPUS, &error));
  g_assert_cmpstr (error.field, ==, "cpu");

  rtb_command_defaults (&cmd, RTB_METHOD_RESPONSE, N_CPUS);
  cmd.response.size = 5000;
  g_assert_false (rtb_command_check (&cmd, N_CPUS, &error));
  g_assert_cmpstr (error.field, ==, "size");
  g_assert_nonnull (strstr (error.message, "2-1024"));

  /* CPUs are only checked against the online count when one is given. */
  g_assert_true (rtb_command_parse ("latency cpus=100", false, 0, &cmd, &error));
  g_assert_true (rtb_cpu_isset (cmd.cpus, 100));
}

/* Every method's defaults, as the key table gives them, make a valid command that formats,
 * parses and crosses STARTED unchanged; every number key takes its range's ends and refuses
 * one past them, naming itself; every key is found by its name and its option. */
static void
test_key_table (void)
{
  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    {
      RtbCommand cmd, again;
      RtbCommandError error;
      RtbWireCommand wire;
      char line[RTB_COMMAND_MAX];

      rtb_command_defaults (&cmd, m, N_CPUS);
      g_assert_true (rtb_command_check (&cmd, N_CPUS, &error));
      g_assert_cmpint (rtb_command_format (&cmd, line, sizeof line), >, 0);
      g_assert_true (rtb_command_parse (line, true, N_CPUS, &again, &error));
      g_assert_cmpmem (&cmd, sizeof cmd, &again, sizeof again);
      rtb_command_to_wire (&cmd, &wire);
      g_assert_true (rtb_command_from_wire (&wire, N_CPUS, &again, &error));
      g_assert_cmpmem (&cmd, sizeof cmd, &again, sizeof again);

      for (size_t k = 0; k < rtb_command_n_keys; k++)
        {
          const RtbKey *key = rtb_command_keys[k];
          g_autofree char *low = g_strdup_printf ("%" G_GUINT64_FORMAT, key->min);
          g_autofree char *high = g_strdup_printf ("%" G_GUINT64_FORMAT, key->max);
          g_autofree char *past = g_strdup_printf ("%" G_GUINT64_FORMAT, key->max + 1);

          g_assert_true (rtb_command_key_lookup (key->name, strlen (key->name)) == key);
          g_assert_true (rtb_command_key_by_option (key->option) == key);
          if (!rtb_command_key_taken (key, m) || key->kind != RTB_KIND_NUMBER)
            continue;
          g_assert_true (rtb_command_set (&cmd, key->name, low, N_CPUS, &error));
          g_assert_cmpuint (rtb_command_key_get (&cmd, key), ==, key->min);
          g_assert_true (rtb_command_set (&cmd, key->name, high, N_CPUS, &error));
          g_assert_cmpuint (rtb_command_key_get (&cmd, key), ==, key->max);
          g_assert_false (rtb_command_set (&cmd, key->name, past, N_CPUS, &error));
          g_assert_cmpint (error.code, ==, RTB_ERROR_RANGE);
          g_assert_cmpstr (error.field, ==, key->name);
          if (key->min > 0)
            {
              g_autofree char *below = g_strdup_printf ("%" G_GUINT64_FORMAT, key->min - 1);

              g_assert_false (rtb_command_set (&cmd, key->name, below, N_CPUS, &error));
              g_assert_cmpstr (error.field, ==, key->name);
            }
          rtb_command_defaults (&cmd, m, N_CPUS);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/command/defaults", test_defaults);
  g_test_add_func ("/command/keys", test_keys);
  g_test_add_func ("/command/key-table", test_key_table);
  g_test_add_func ("/command/method-keys", test_method_keys);
  g_test_add_func ("/command/word-keys", test_word_keys);
  g_test_add_func ("/command/policy-priority", test_policy_priority);
  g_test_add_func ("/command/round-trip", test_round_trip);
  g_test_add_func ("/command/cpu-list", test_cpu_list);
  g_test_add_func ("/command/errors", test_errors);
  g_test_add_func ("/command/verb-errors", test_verb_errors);
  g_test_add_func ("/command/nul-byte", test_nul_byte);
  g_test_add_func ("/command/lengths", test_lengths);
  g_test_add_func ("/command/check", test_check);
  return g_test_run ();
}
