/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Each method's fidelity to its reference, with the real worker: the timer's exact tick count
 * and its two variants, LinuxCNC's jitter (every period measured, overruns counted, the CPU
 * chosen as LinuxCNC chooses), the response study's experiments and its off-CPU marks, the
 * timer slack each thread really gets, and the GPIO line's error where there is no chip.
 * Counts and structure only: no latency value is judged.
 */
#include "config.h"

#include <errno.h>
#include <gio/gio.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "rtb-command.h"
#include "rtb-protocol.h"
#include "worker-harness.h"

static const RtbThreadInfo *
threads_of (Stream *s)
{
  return rtb_started_threads (stream_started (s));
}

static const RtbThreadStats *
stats_of (Stream *s)
{
  return rtb_stats_threads (stream_summary (s));
}

static GArray *
samples_of (Stream *s, guint thread)
{
  g_assert_cmpuint (thread, <, s->samples->len);
  return g_ptr_array_index (s->samples, thread);
}

static void
assert_completed (Stream *s, guint n_threads)
{
  g_assert_cmpint (s->exit_status, ==, 0);
  g_assert_cmpuint (stream_started (s)->n_threads, ==, n_threads);
  g_assert_cmpuint (stream_summary (s)->n_threads, ==, n_threads);
  g_assert_cmpint (stream_summary (s)->reason, ==, RTB_END_COMPLETED);
  for (guint t = 0; t < n_threads; t++)
    g_assert_cmpuint (stats_of (s)[t].dropped, ==, 0);
}

/* The slack a fresh SCHED_OTHER thread of this machine gets: the kernel's default. */
static gint64
default_timer_slack (void)
{
  return prctl (PR_GET_TIMERSLACK);
}

/* 1 s of a 5 ms timer is exactly 200 ticks after the warm-up: ticks 1…200. */
static void
assert_ticks (Stream *s)
{
  GArray *samples = samples_of (s, 0);

  g_assert_cmpuint (samples->len, ==, 200);
  for (guint i = 0; i < samples->len; i++)
    g_assert_cmpuint (g_array_index (samples, RtbSample, i).index, ==, i + 1);
  g_assert_cmpuint (stats_of (s)[0].count, ==, 200);
}

static void
test_timer_normal (void)
{
  g_autoptr (Stream) s = run_args ("timer variant=normal duration=1s", FALSE);
  const RtbStartedFrame *started;
  const RtbThreadInfo *thread;

  assert_completed (s, 1);
  assert_ticks (s);
  started = stream_started (s);
  thread = &threads_of (s)[0];
  g_assert_cmpint (thread->policy, ==, RTB_POLICY_OTHER);
  g_assert_cmpint (thread->priority, ==, 0);
  g_assert_cmpint (thread->cpu, ==, -1);
  g_assert_cmpint (thread->placement, ==, RTB_CPU_PLACEMENT_NONE);
  g_assert_cmpuint (s->command.timer.variant, ==, RTB_TIMER_VARIANT_NORMAL);
  /* An ordinary thread: what HELLO had set up for the process is given back for the run. */
  g_assert_cmpuint ((started->flags & RTB_STARTED_MEMORY_UNLOCKED) != 0, ==,
                    s->hello.mlockall_errno == 0);
  g_assert_cmpuint ((started->flags & RTB_STARTED_DMA_LATENCY_RELEASED) != 0, ==,
                    s->hello.dma_latency_errno == 0);
  g_assert_cmpint (started->timer_slack_ns, ==, default_timer_slack ());
}

static void
test_timer_rt (void)
{
  g_autoptr (Stream) s = NULL;
  const RtbThreadInfo *thread;

  if (!is_root ())
    {
      g_test_skip ("SCHED_FIFO needs root");
      return;
    }
  s = run_args ("timer duration=1s", FALSE);
  assert_completed (s, 1);
  assert_ticks (s);
  thread = &threads_of (s)[0];
  g_assert_cmpint (thread->policy, ==, RTB_POLICY_FIFO);
  g_assert_cmpint (thread->priority, ==, 80);
  /* The seed's thread is not pinned either. */
  g_assert_cmpint (thread->cpu, ==, -1);
  g_assert_cmpint (thread->placement, ==, RTB_CPU_PLACEMENT_NONE);
  g_assert_cmpuint (stream_started (s)->flags, ==, 0);
  g_assert_cmpint (stream_started (s)->timer_slack_ns, ==, 0);

  /* Pinned when asked. */
  g_clear_pointer (&s, stream_free);
  s = run_args ("timer cpu=0 duration=1s", FALSE);
  assert_completed (s, 1);
  assert_ticks (s);
  g_assert_cmpint (threads_of (s)[0].cpu, ==, 0);
  g_assert_cmpint (threads_of (s)[0].placement, ==, RTB_CPU_PLACEMENT_GIVEN);
}

/* cyclictest leaves a SCHED_OTHER thread's slack at the kernel's default; an explicit
 * timer_slack_ns sets it; a real-time thread has none whatever it is set to. */
static void
test_timer_slack (void)
{
  g_autoptr (Stream) s = run_args ("latency cpus=0 policy=other duration=1s", FALSE);

  assert_completed (s, 1);
  g_assert_cmpint (stream_started (s)->timer_slack_ns, ==, default_timer_slack ());
  g_assert_cmpuint (s->command.timer_slack_ns, ==, 0);

  g_clear_pointer (&s, stream_free);
  s = run_args ("latency cpus=0 policy=other timer_slack_ns=1 duration=1s", FALSE);
  assert_completed (s, 1);
  g_assert_cmpint (stream_started (s)->timer_slack_ns, ==, 1);
  g_assert_cmpuint (s->command.timer_slack_ns, ==, 1);

  if (!is_root ())
    return;
  g_clear_pointer (&s, stream_free);
  s = run_args ("latency cpus=0 timer_slack_ns=30000 duration=1s", FALSE);
  assert_completed (s, 1);
  g_assert_cmpint (stream_started (s)->timer_slack_ns, ==, 0);
}

/* Every interval from the first is there: no gap, no skipped period. */
static void
assert_every_period (Stream *s, guint thread)
{
  GArray *samples = samples_of (s, thread);

  g_assert_cmpuint (samples->len, >, 0);
  for (guint i = 0; i < samples->len; i++)
    g_assert_cmpuint (g_array_index (samples, RtbSample, i).index, ==, i);
  g_assert_cmpuint (stats_of (s)[thread].skipped, ==, 0);
  g_assert_cmpuint (stats_of (s)[thread].count, ==, samples->len);
}

static void
test_jitter_every_period (void)
{
  g_autoptr (Stream) s = run_args ("jitter cpu=0 policy=other duration=1s", FALSE);

  assert_completed (s, 2);
  assert_every_period (s, 0);
  assert_every_period (s, 1);
}

typedef struct {
  int cpu;
  gint64 busy_us;
} Hog;

/* Keeps a CPU from the measuring threads for a while: a SCHED_FIFO 50 thread spinning there. */
static void *
hog_main (void *data)
{
  const Hog *hog = data;
  gint64 end = g_get_monotonic_time () + hog->busy_us;

  while (g_get_monotonic_time () < end)
    ;
  return NULL;
}

/* The hog is born real-time on its CPU: a SCHED_OTHER thread moved there would only run in the
 * pauses of the real-time thread it is meant to interrupt. */
static void
hog_run (Hog *hog)
{
  pthread_attr_t attr;
  struct sched_param param = { .sched_priority = 50 };
  cpu_set_t set;
  pthread_t thread;

  CPU_ZERO (&set);
  CPU_SET (hog->cpu, &set);
  g_assert_cmpint (pthread_attr_init (&attr), ==, 0);
  g_assert_cmpint (pthread_attr_setinheritsched (&attr, PTHREAD_EXPLICIT_SCHED), ==, 0);
  g_assert_cmpint (pthread_attr_setschedpolicy (&attr, SCHED_FIFO), ==, 0);
  g_assert_cmpint (pthread_attr_setschedparam (&attr, &param), ==, 0);
  g_assert_cmpint (pthread_attr_setaffinity_np (&attr, sizeof set, &set), ==, 0);
  g_assert_cmpint (pthread_create (&thread, &attr, hog_main, hog), ==, 0);
  g_assert_cmpint (pthread_join (thread, NULL), ==, 0);
  pthread_attr_destroy (&attr);
}

/* Runs the worker with `args` and, once it measures, a 30 ms SCHED_FIFO hog on CPU 0; NULL (a
 * skip) when not root. */
static Stream *
run_with_hog (const char *const *args)
{
  g_autoptr (GSubprocess) sp = NULL;
  Stream *s;
  Hog hog = { .cpu = 0, .busy_us = 30000 };

  if (!is_root ())
    {
      g_test_skip ("SCHED_FIFO needs root");
      return NULL;
    }
  s = stream_new ();
  sp = spawn (args, TRUE, FALSE);
  g_output_stream_close (g_subprocess_get_stdin_pipe (sp), NULL, NULL);
  read_until (s, sp, RTB_FRAME_SAMPLES);
  hog_run (&hog);
  read_to_eof (s, sp, 30 * G_USEC_PER_SEC);
  wait_exit (s, sp);
  return s;
}

/* A late thread runs at once and its next deadline stays on the grid: after the stall, the
 * missed periods come back to back, each counted as an overrun and measured as a short
 * interval, as LinuxCNC's threads do. */
static void
test_jitter_overruns (void)
{
  /* unthrottled=yes: another test may have RT throttling off meanwhile. */
  const char *args[] = { "jitter", "cpu=0", "priority=10", "base_us=100", "servo_us=1000",
                         "duration=2s", "unthrottled=yes", NULL };
  g_autoptr (Stream) s = run_with_hog (args);

  if (s == NULL)
    return;
  assert_completed (s, 2);
  for (guint t = 0; t < 2; t++)
    {
      const RtbThreadStats *stats = &stats_of (s)[t];
      GArray *samples = samples_of (s, t);
      gint64 period_ns = t == 0 ? 100000 : 1000000;
      guint short_intervals = 0;

      assert_every_period (s, t);
      for (guint i = 0; i < samples->len; i++)
        if (g_array_index (samples, RtbSample, i).value_ns < -period_ns / 2)
          short_intervals++;
      g_test_message ("%s: %u intervals, %" G_GUINT64_FORMAT " overruns, %u shorter than half "
                      "a period", threads_of (s)[t].name, samples->len, stats->overruns,
                      short_intervals);
      g_assert_cmpuint (stats->overruns, >, 0);
      g_assert_cmpuint (short_intervals, >, 0);
    }
}

/* A thread kept from its CPU past several periods skips them, as cyclictest does: it counts
 * them, and its sample numbers jump by as many, so that each sample keeps its time. */
static void
test_latency_skipped (void)
{
  const char *args[] = { "latency", "cpus=0", "priority=10", "interval_us=1000",
                         "duration=2s", "unthrottled=yes", NULL };
  g_autoptr (Stream) s = run_with_hog (args);
  const RtbThreadStats *stats;
  GArray *samples;
  guint64 jumps = 0, next = 0;

  if (s == NULL)
    return;
  assert_completed (s, 1);
  stats = &stats_of (s)[0];
  samples = samples_of (s, 0);
  for (guint i = 0; i < samples->len; i++)
    {
      guint64 index = g_array_index (samples, RtbSample, i).index;

      g_assert_cmpuint (index, >=, next);
      jumps += index - next;
      next = index + 1;
    }
  g_test_message ("%u samples, %" G_GUINT64_FORMAT " periods skipped, %" G_GUINT64_FORMAT
                  " numbers jumped", samples->len, stats->skipped, jumps);
  g_assert_cmpuint (stats->count, ==, samples->len);
  g_assert_cmpuint (stats->skipped, >, 0);
  g_assert_cmpuint (stats->skipped, ==, jumps);
}

static void
pin_to_cpu0 (gpointer user_data)
{
  cpu_set_t set;

  CPU_ZERO (&set);
  CPU_SET (0, &set);
  if (sched_setaffinity (0, sizeof set, &set) != 0)
    _exit (125);
}

/* The highest CPU in a kernel CPU list file, -1 when it lists none. */
static int
last_cpu_listed (const char *path)
{
  g_autofree char *text = NULL;
  uint64_t cpus[RTB_MAX_CPUS / 64];

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return -1;
  g_strstrip (text);
  if (text[0] == '\0' || !rtb_cpu_list_parse (text, cpus, RTB_MAX_CPUS, NULL))
    return -1;
  for (int cpu = RTB_MAX_CPUS - 1; cpu >= 0; cpu--)
    if (rtb_cpu_isset (cpus, cpu))
      return cpu;
  return -1;
}

/* LinuxCNC's place: the last isolated CPU, else the last CPU, even one the worker's own
 * affinity leaves out (as isolcpus leaves out the isolated CPUs). */
static void
test_jitter_placement (void)
{
  const char *args[] = { "jitter", "policy=other", "duration=1s", NULL };
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) sp = NULL;
  g_autoptr (Stream) s = stream_new ();
  g_autoptr (GError) error = NULL;
  int isolated = last_cpu_listed ("/sys/devices/system/cpu/isolated");
  int last = last_cpu_listed ("/sys/devices/system/cpu/online");

  g_assert_cmpint (last, >=, 0);
  if (last == 0)
    {
      g_test_skip ("one CPU: no other CPU to be placed on");
      return;
    }
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_subprocess_launcher_set_child_setup (launcher, pin_to_cpu0, NULL, NULL);
  sp = g_subprocess_launcher_spawn (launcher, &error, worker_path (), args[0], args[1], args[2],
                                    NULL);
  g_assert_no_error (error);
  read_to_eof (s, sp, 30 * G_USEC_PER_SEC);
  wait_exit (s, sp);

  assert_completed (s, 2);
  g_assert_true (s->command.cpu_auto);
  for (guint t = 0; t < 2; t++)
    {
      const RtbThreadInfo *thread = &threads_of (s)[t];

      g_test_message ("%s: CPU %d (%s)", thread->name, thread->cpu,
                      rtb_cpu_placement_to_string (thread->placement));
      g_assert_cmpint (thread->cpu, ==, isolated >= 0 ? isolated : last);
      g_assert_cmpint (thread->placement, ==,
                       isolated >= 0 ? RTB_CPU_PLACEMENT_ISOLATED : RTB_CPU_PLACEMENT_LAST);
      g_assert_true (rtb_cpu_isset (s->command.cpus, thread->cpu));
    }
}

/* The study's layout: every size, every experiment, one series each, in order, run by one
 * thread; each is whole. */
static void
test_response_experiments (void)
{
  static const char *const names[] = { "8x8 #1", "8x8 #2", "8x8 #3", "16x16 #1", "16x16 #2",
                                       "16x16 #3" };
  g_autoptr (Stream) s = run_args ("response size=8,16 experiments=3 instances=5 policy=other",
                                   FALSE);

  assert_completed (s, G_N_ELEMENTS (names));
  for (guint t = 0; t < G_N_ELEMENTS (names); t++)
    {
      const RtbThreadInfo *thread = &threads_of (s)[t];
      const RtbThreadStats *stats = &stats_of (s)[t];
      GArray *samples = samples_of (s, t);
      guint marked = 0;

      g_assert_cmpstr (thread->name, ==, names[t]);
      g_assert_cmpint (thread->cpu, ==, threads_of (s)[0].cpu);
      g_assert_cmpint (thread->policy, ==, RTB_POLICY_OTHER);
      g_assert_cmpuint (samples->len, ==, 5);
      for (guint i = 0; i < samples->len; i++)
        {
          const RtbSample *x = &g_array_index (samples, RtbSample, i);
          g_assert_cmpuint (x->index & ~RTB_SAMPLE_FLAGS, ==, i);
          g_assert_cmpint (x->value_ns, >, 0);
          marked += (x->index & RTB_SAMPLE_OFF_CPU) != 0;
        }
      g_assert_cmpuint (stats->count, ==, 5);
      g_assert_cmpuint (stats->off_cpu, ==, marked);
      g_assert_cmpuint (stats->residual_failures, ==, 0);
    }
  g_assert_cmpuint (s->command.response.experiments, ==, 3);
  g_assert_cmpuint (s->command.response.gap_us, ==, 0);
}

static gint64
elapsed_ns (Stream *s)
{
  return (gint64) stream_summary (s)->elapsed_ns;
}

static gint64
sum_of_instances (Stream *s)
{
  gint64 sum = 0;

  for (guint t = 0; t < s->samples->len; t++)
    for (guint i = 0; i < samples_of (s, t)->len; i++)
      sum += g_array_index (samples_of (s, t), RtbSample, i).value_ns;
  return sum;
}

/* The pause between instances is at least the floor, given or not. */
static void
test_response_gap (void)
{
  g_autoptr (Stream) s = run_args ("response size=8 instances=20 policy=other", FALSE);

  assert_completed (s, 1);
  g_assert_cmpint (elapsed_ns (s), >=, sum_of_instances (s) + 19 * 1000000);
  g_clear_pointer (&s, stream_free);
  s = run_args ("response size=8 instances=20 gap_us=20000 policy=other", FALSE);
  assert_completed (s, 1);
  g_assert_cmpint (elapsed_ns (s), >=, sum_of_instances (s) + 19 * 20000000ll);
}

/* A response instance that loses its CPU meanwhile is marked, whatever took the CPU: RT
 * throttling, the fair server, a hypervisor or, here, a SCHED_FIFO 50 thread that spins on the
 * same CPU for 30 ms ten times. A burst that starts while an inversion is timed marks it; one that
 * starts in the untimed self-check or the 1 ms pause only delays the next: about half of them mark
 * one here, so at least one of ten does unless the odds of about one in two thousand go wrong.
 * unthrottled=yes lets the run go even while another test has RT throttling off. */
static void
test_response_off_cpu (void)
{
  g_autoptr (Stream) s = stream_new ();
  g_autoptr (GSubprocess) sp = NULL;
  Hog hog = { .cpu = 0, .busy_us = 30000 };
  guint marked = 0;

  if (!is_root ())
    {
      g_test_skip ("SCHED_FIFO needs root");
      return;
    }
  sp = spawn (NULL, TRUE, FALSE);
  write_stdin (sp, "start response cpu=0 priority=10 size=160 instances=100000000 gap_us=1000 "
                   "unthrottled=yes\n");
  read_until (s, sp, RTB_FRAME_SAMPLES);
  for (int burst = 0; burst < 10; burst++)
    {
      hog_run (&hog);
      g_usleep (100000);
    }
  g_output_stream_close (g_subprocess_get_stdin_pipe (sp), NULL, NULL);
  read_to_eof (s, sp, 30 * G_USEC_PER_SEC);
  wait_exit (s, sp);

  g_assert_cmpint (s->exit_status, ==, 0);
  g_assert_cmpint (stream_summary (s)->reason, ==, RTB_END_STOPPED);
  g_assert_cmpuint (stats_of (s)[0].dropped, ==, 0);
  for (guint i = 0; i < samples_of (s, 0)->len; i++)
    marked += (g_array_index (samples_of (s, 0), RtbSample, i).index & RTB_SAMPLE_OFF_CPU) != 0;
  g_test_message ("%u instances in %.2f s, %u kept off their CPU", samples_of (s, 0)->len,
                  elapsed_ns (s) / 1e9, marked);
  g_assert_cmpuint (stats_of (s)[0].off_cpu, ==, marked);
  g_assert_cmpuint (marked, >, 0);
}

static void
test_gpio_missing (void)
{
  g_autoptr (Stream) s = run_args ("latency cpus=0 gpio=4095:3 duration=1s", FALSE);

  assert_error (s, RTB_ERROR_RANGE, "gpio", "there is no GPIO chip 4095 (/dev/gpiochip4095");
  g_clear_pointer (&s, stream_free);
  s = run_args ("latency gpio=0:3", FALSE);
  assert_error (s, RTB_ERROR_RANGE, "gpio", "cpus=N");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/worker-methods/timer/normal", test_timer_normal);
  g_test_add_func ("/worker-methods/timer/rt", test_timer_rt);
  g_test_add_func ("/worker-methods/timer-slack", test_timer_slack);
  g_test_add_func ("/worker-methods/jitter/every-period", test_jitter_every_period);
  g_test_add_func ("/worker-methods/jitter/overruns", test_jitter_overruns);
  g_test_add_func ("/worker-methods/jitter/placement", test_jitter_placement);
  g_test_add_func ("/worker-methods/latency/skipped", test_latency_skipped);
  g_test_add_func ("/worker-methods/response/experiments", test_response_experiments);
  g_test_add_func ("/worker-methods/response/gap", test_response_gap);
  g_test_add_func ("/worker-methods/response/off-cpu", test_response_off_cpu);
  g_test_add_func ("/worker-methods/gpio-missing", test_gpio_missing);
  return g_test_run ();
}
