/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the client says of the command keys (see rtb-key-words.h). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "rtb-key-words.h"

const RtbKeyWords rtb_key_words[] = {
  { "interval_us", RTB_METHOD_LATENCY, "interval-us", N_("Interval (µs)"),
    N_("Wake-up period of each thread"), 100,
    N_("different intervals"), NULL, NULL, " " },
  { "histogram_us", RTB_METHOD_LATENCY, "histogram-us", N_("Histogram Limit (µs)"),
    N_("1 µs buckets; larger values count as overflows"), 100,
    N_("different histogram limits"), N_("overflow counts are not comparable") },
  { "histogram_us", RTB_METHOD_NOISE, "noise-histogram-us", N_("Histogram Limit (µs)"),
    N_("1 µs buckets, 32 as oslat; longer gaps count as overflows"), 8,
    N_("different histogram limits"), N_("overflow counts are not comparable"), NULL,
    " histogram " },
  { "base_us", RTB_METHOD_JITTER, "base-us", N_("Base Thread Period (µs)"),
    N_("The fast thread that steps motors in software"), 5,
    N_("different base periods"), NULL, NULL, " ", TRUE },
  { "servo_us", RTB_METHOD_JITTER, "servo-us", N_("Servo Thread Period (µs)"),
    N_("The slow thread that runs the motion controller"), 100,
    N_("different servo periods"), NULL, NULL, "/" },
  { "period_us", RTB_METHOD_TIMER, "period-us", N_("Timer Period (µs)"), NULL, 500,
    N_("different periods"), NULL, NULL, " " },
  { "spin_us", RTB_METHOD_TIMER, "spin-us", N_("Spin Before Deadline (µs)"),
    N_("Sleep until this long before each tick, then spin"), 10,
    N_("different spin times"), NULL, NULL, " spin " },
  { "variant", RTB_METHOD_TIMER, .differs = N_("different timer threads"),
    .why = N_("an ordinary thread locks nothing") },
  { "size", RTB_METHOD_RESPONSE, .differs = N_("different matrix sizes"), .label = " " },
  { "experiments", RTB_METHOD_RESPONSE, "experiments", N_("Experiments"),
    N_("Runs of each size, one curve each"), 1,
    N_("different experiment counts") },
  { "instances", RTB_METHOD_RESPONSE, "instances", N_("Instances"),
    N_("How many inversions each experiment times"), 100,
    N_("different instance counts") },
  /* 0 is "Auto": long enough that RT throttling never cuts an instance. */
  { "gap_us", RTB_METHOD_RESPONSE, "gap-us", N_("Pause Between Instances (µs)"),
    N_("Auto keeps the thread at half of what RT throttling allows"), 100,
    N_("different gaps between instances") },
  { "period_us", RTB_METHOD_TIMERLAT, "timerlat-period-us", N_("Tracer Period (µs)"),
    N_("How often the tracer's thread wakes, 100 µs or more"), 100,
    .label = " " },
  { "histogram_us", RTB_METHOD_TIMERLAT, "timerlat-histogram-us",
    N_("Histogram Limit (µs)"),
    N_("1 µs buckets, 256 as rtla timerlat hist; longer latencies count as overflows"), 16,
    N_("different histogram limits"), N_("overflow counts are not comparable") },
  /* osnoise's label reads "osnoise 900000/1000000 µs": the runtime of each period. */
  { "runtime_us", RTB_METHOD_OSNOISE, "osnoise-runtime-us", N_("Tracer Runtime (µs)"),
    N_("How long of each period the tracer's thread runs, at most the period"), 1000,
    N_("different runtimes"), NULL, NULL, " ", TRUE },
  { "period_us", RTB_METHOD_OSNOISE, "osnoise-period-us", N_("Tracer Period (µs)"),
    N_("Each period's noise is one sample"), 1000,
    N_("different periods"), NULL, NULL, "/" },
  { "threshold_us", RTB_METHOD_OSNOISE, .differs = N_("different noise thresholds"),
    .why = N_("a lower threshold counts more, shorter noise"),
    /* TRANSLATORS: the osnoise tracer's threshold left at the kernel's default */
    .unset = N_("the kernel's") },
  /* A run without them reads "osnoise durations no". */
  { "durations", RTB_METHOD_OSNOISE, "osnoise-durations", N_("Source Durations"),
    N_("Each source's time from the tracer's events; without them the counts are rtla "
       "osnoise top's"), 1,
    N_("different source durations"),
    N_("the events that time the sources add hardware noise at low thresholds"), NULL,
    " durations ",
    .choices = { N_("Yes"), N_("No") } },
  /* hwlat's label reads "hwlat 500000/1000000 µs": the width of each window. */
  { "width_us", RTB_METHOD_HWLAT, "hwlat-width-us", N_("Detector Width (µs)"),
    N_("How long of each window the detector spins with interrupts off, less than the window"),
    1000, N_("different widths"), NULL, NULL, " ", TRUE },
  { "window_us", RTB_METHOD_HWLAT, "hwlat-window-us", N_("Detector Window (µs)"),
    N_("How often the detector samples: one CPU each window, or every CPU in per-CPU mode"),
    1000,
    N_("different windows"), NULL, NULL, "/" },
  { "threshold_us", RTB_METHOD_HWLAT, "hwlat-threshold-us", N_("Threshold (µs)"),
    N_("A window whose longest gap is above it is a sample"), 1,
    N_("different thresholds"), N_("a lower threshold records more, shorter latencies"),
    /* TRANSLATORS: a hwlat threshold an imported trace does not state */
    N_("unknown") },
  /* A run of every CPU at once reads "hwlat per-cpu". */
  { "mode", RTB_METHOD_HWLAT, "hwlat-mode", N_("Detector Mode"),
    N_("Round robin: the next CPU each window; per CPU: every CPU each window, all stopped at "
       "once"), 1,
    N_("different detector modes"), N_("per CPU samples every CPU in each window"), NULL, " ",
    .choices = { N_("Round robin"), N_("Per CPU") } },
  /* Policy and priority, as one: "fifo 99". */
  { "policy", 0, .differs = N_("different scheduling") },
  { "duration", 0, .differs = N_("different durations"),
    .why = N_("longer runs meet rarer spikes") },
  /* Response computes without sleeping: its timer slack changes nothing. */
  { "timer_slack_ns", RTB_METHOD_RESPONSE, .differs = N_("different timer slack"),
    /* TRANSLATORS: a timer slack left at the kernel's default */
    .unset = N_("the kernel's") },
  { "timer_slack_ns", 0, .differs = N_("different timer slack"),
    .why = N_("an ordinary thread's sleeps end later by it"),
    /* TRANSLATORS: a timer slack left at the kernel's default */
    .unset = N_("the kernel's") },
};
const guint rtb_n_key_words = G_N_ELEMENTS (rtb_key_words);

const RtbKey *
rtb_key_words_key (guint i)
{
  const RtbKey *key;

  g_return_val_if_fail (i < rtb_n_key_words, NULL);

  key = rtb_command_key_lookup (rtb_key_words[i].key, strlen (rtb_key_words[i].key));
  g_assert (key != NULL);
  return key;
}

guint64
rtb_key_words_least (guint i)
{
  const RtbKey *key = rtb_key_words_key (i);

  if (key->auto_word != NULL)
    return 0;
  return rtb_command_key_min (key, rtb_key_words[i].method);
}

gboolean
rtb_key_words_apply (guint i, RtbMethod method)
{
  g_return_val_if_fail (i < rtb_n_key_words, FALSE);

  if (rtb_key_words[i].method != 0)
    return rtb_key_words[i].method == method;
  if (!rtb_command_key_taken (rtb_key_words_key (i), method))
    return FALSE;
  for (guint j = 0; j < rtb_n_key_words; j++)
    if (g_str_equal (rtb_key_words[j].key, rtb_key_words[i].key) &&
        rtb_key_words[j].method == method)
      return FALSE;
  return TRUE;
}

static char *
duration_text (guint64 ns)
{
  guint64 s = ns / G_GUINT64_CONSTANT (1000000000);

  if (ns == 0)
    return g_strdup (_("until stopped"));
  if (ns % G_GUINT64_CONSTANT (1000000000) != 0)
    return g_strdup_printf ("%.3g s", (double) ns / 1e9);
  if (s % 86400 == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " d", s / 86400);
  if (s % 3600 == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " h", s / 3600);
  if (s % 60 == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " min", s / 60);
  return g_strdup_printf ("%" G_GUINT64_FORMAT " s", s);
}

static char *
sizes_text (const RtbCommand *cmd)
{
  uint32_t sizes[RTB_RESPONSE_SIZES_MAX];
  unsigned n = rtb_command_response_sizes (cmd, sizes);
  GString *text = g_string_new (NULL);

  for (unsigned i = 0; i < n; i++)
    g_string_append_printf (text, "%s%u×%u", i > 0 ? ", " : "", sizes[i], sizes[i]);
  return g_string_free (text, FALSE);
}

char *
rtb_key_words_value_text (guint i, const RtbCommand *cmd)
{
  const RtbKey *key;
  guint64 value;

  g_return_val_if_fail (i < rtb_n_key_words, NULL);
  g_return_val_if_fail (cmd != NULL, NULL);

  key = rtb_key_words_key (i);
  switch (key->kind)
    {
    case RTB_KIND_POLICY:
      if (cmd->policy == RTB_POLICY_OTHER)
        return g_strdup (rtb_policy_to_string (cmd->policy));
      return g_strdup_printf ("%s %d", rtb_policy_to_string (cmd->policy), cmd->priority);
    case RTB_KIND_TIME:
      return duration_text (cmd->duration_ns);
    case RTB_KIND_SIZES:
      return sizes_text (cmd);
    case RTB_KIND_VARIANT:
      return g_strdup (rtb_command_key_get (cmd, key) ==
                       RTB_TIMER_VARIANT_NORMAL ? "normal" : "rt");
    case RTB_KIND_WORD:
      return g_strdup (rtb_command_key_word (key, rtb_command_key_get (cmd, key)));
    case RTB_KIND_NUMBER:
      value = rtb_command_key_get (cmd, key);
      if (value == 0 && key->zero_is_unset && rtb_key_words[i].unset != NULL)
        return g_strdup (_(rtb_key_words[i].unset));
      if (value == 0 && key->auto_word != NULL)
        return g_strdup (key->auto_word);
      return g_strdup_printf ("%" G_GUINT64_FORMAT "%s%s", value, *key->unit != '\0' ? " " : "",
                              key->unit);
    case RTB_KIND_CPU_LIST:
    case RTB_KIND_ONE_CPU:
    case RTB_KIND_PRIORITY:
    case RTB_KIND_GPIO:
    case RTB_KIND_YES_NO:
    default:
      g_return_val_if_reached (g_strdup ("?"));
    }
}

/* The board vendor ran cyclictest -m -Sp99 -i1000 -h800 -D12h in three scenarios; the
 * LinuxCNC latency-test uses a 25 µs base and a 1 ms servo thread on the last isolated CPU, and
 * is read after 15 minutes under load; the response study inverted 32, 64 and 128 matrices,
 * four experiments of each; the timer study ran a 5 ms timer for 60 s in an ordinary thread
 * and in a SCHED_FIFO 80 one; rtla timerlat hist, unless told otherwise, runs the kernel's
 * timerlat tracer on every CPU at a 1000 µs period, its threads at the kernel's FIFO 95, into
 * 256 buckets of 1 µs. */
const RtbPreset rtb_presets[] = {
  { N_("Board vendor method: idle"),
    N_("cyclictest -m -Sp99 -i1000 -h800 -D12h on every CPU, no load"),
    "latency cpus=all policy=fifo priority=99 interval_us=1000 histogram_us=800 duration=12h",
    RTB_LOAD_NONE },
  { N_("Board vendor method: full load"),
    N_("The same under stress-ng CPU, I/O and memory load"),
    "latency cpus=all policy=fifo priority=99 interval_us=1000 histogram_us=800 duration=12h",
    RTB_LOAD_FULL },
  { N_("Board vendor method: isolated core"),
    N_("Boot with isolcpus set to the last CPU, then the same under full load"),
    "latency cpus=all policy=fifo priority=99 interval_us=1000 histogram_us=800 duration=12h",
    RTB_LOAD_FULL },
  { N_("LinuxCNC latency test"),
    N_("25 µs base and 1 ms servo thread on the last isolated CPU, else the last CPU, for 15 minutes; load the desktop meanwhile"),
    "jitter base_us=25 servo_us=1000 cpu=auto policy=fifo priority=99 duration=15m",
    RTB_LOAD_NONE },
  { N_("Matrix inversion study"),
    N_("Four experiments of 1000 inversions each of a 32×32, a 64×64 and a 128×128 matrix: twelve curves with their running means"),
    "response size=32,64,128 experiments=4 instances=1000 cpu=0 policy=fifo priority=99 "
    "gap_us=auto",
    RTB_LOAD_NONE },
  { N_("Matrix inversion 32"),
    N_("1000 inversions of a 32×32 matrix, instance time against instance number"),
    "response size=32 instances=1000 cpu=0 policy=fifo priority=99 gap_us=auto",
    RTB_LOAD_NONE },
  { N_("Matrix inversion 64"),
    N_("1000 inversions of a 64×64 matrix"),
    "response size=64 instances=1000 cpu=0 policy=fifo priority=99 gap_us=auto",
    RTB_LOAD_NONE },
  { N_("Matrix inversion 128"),
    N_("1000 inversions of a 128×128 matrix"),
    "response size=128 instances=1000 cpu=0 policy=fifo priority=99 gap_us=auto",
    RTB_LOAD_NONE },
  { N_("5 ms timer: real-time"),
    N_("12000 ticks of a 5 ms timer after one warm-up tick (60 s) in a SCHED_FIFO 80 thread with locked memory, spinning the last 100 µs"),
    "timer variant=rt period_us=5000 spin_us=100 cpu=none policy=fifo priority=80 duration=60s",
    RTB_LOAD_NONE },
  { N_("5 ms timer: normal"),
    N_("The same 12000 ticks in an ordinary thread: SCHED_OTHER, not pinned, memory not locked"),
    "timer variant=normal period_us=5000 spin_us=100 duration=60s",
    RTB_LOAD_NONE },
  /* oslat's defaults (no real-time policy, 32 buckets) on the isolated CPUs, which the setup
   * chooses when it applies the preset. */
  { N_("Is my isolated CPU quiet?"),
    N_("oslat's busy loop on the isolated CPUs (all CPUs when none is) for 10 minutes: every "
       "gap of 1 µs or more is an interruption"),
    "noise cpus=all policy=other histogram_us=32 duration=10m",
    RTB_LOAD_NONE },
  { N_("Timerlat: rtla's defaults"),
    N_("The kernel's timerlat tracer on every CPU as rtla timerlat hist runs it by default: a "
       "1000 µs period, its threads at SCHED_FIFO 95; each period's IRQ and thread latency"),
    "timerlat cpus=all period_us=1000 policy=fifo priority=95 histogram_us=256 duration=1m",
    RTB_LOAD_NONE },
  { N_("Osnoise: rtla's defaults"),
    N_("The kernel's osnoise tracer on every CPU as rtla osnoise top runs it by default: the "
       "kernel's 1 s period, all of it running, its threads at SCHED_OTHER; each period's noise "
       "and its sources"),
    "osnoise cpus=all period_us=1000000 runtime_us=1000000 policy=other histogram_us=100000 "
    "duration=1m",
    RTB_LOAD_NONE },
  { N_("Hardware latency"),
    N_("The kernel's hwlat detector on every CPU in turn with its defaults: half of each 1 s "
       "window spinning with interrupts off; each window whose longest gap is above 10 µs"),
    "hwlat cpus=all width_us=500000 window_us=1000000 threshold_us=10 histogram_us=1000 "
    "duration=1m",
    RTB_LOAD_NONE },
};
const guint rtb_n_presets = G_N_ELEMENTS (rtb_presets);
