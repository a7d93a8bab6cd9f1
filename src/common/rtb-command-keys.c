/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The keys of a run command: one row each (see rtb-command-keys.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rtb-command-private.h"
#include "rtb-time.h"

/* A field of a method's own parameters, which STARTED carries in RtbWireCommand.params. */
#define PARAM(block, field, default_value) \
  { true, (default_value), offsetof (RtbCommand, block.field), \
    offsetof (RtbWireCommand, params) + offsetof (RtbCommand, block.field) - \
      offsetof (RtbCommand, block) }
/* A method's field with bounds of its own (RtbKeyUse.min, max; 0 for the key's). */
#define PARAM_WITHIN(block, field, default_value, lower, upper) \
  { true, (default_value), offsetof (RtbCommand, block.field), \
    offsetof (RtbWireCommand, params) + offsetof (RtbCommand, block.field) - \
      offsetof (RtbCommand, block), (lower), (upper) }
/* A field every method keeps in the same place. */
#define SHARED(field, wire_field, default_value) \
  { true, (default_value), offsetof (RtbCommand, field), offsetof (RtbWireCommand, wire_field) }
#define SHARED_ON(id, name, Name, args) [id] = SHARED args,
#define ON_EVERY_METHOD(field, wire_field, default_value) \
  { RTB_EACH_METHOD (SHARED_ON, (field, wire_field, default_value)) }
#define MINUTE (60 * (uint64_t) RTB_NSEC_PER_SEC)

const RtbKey rtb_key_variant = {
  "variant", "variant", "rt|normal", "", RTB_KIND_VARIANT, 4, 0, RTB_TIMER_VARIANT_NORMAL,
  .quiet_default = true,
  .help = "rt: a SCHED_FIFO 80 thread, memory locked, explicit attributes; normal: an "
          "ordinary thread, nothing locked or pinned, no cpu_dma_latency",
  .on = { [RTB_METHOD_TIMER] = PARAM (timer, variant, RTB_TIMER_VARIANT_RT) },
};

static const RtbKey key_cpus = {
  "cpus", "cpus", "LIST|all", "", RTB_KIND_CPU_LIST, 0, 0, RTB_MAX_CPUS - 1,
  .flag = RTB_COMMAND_CPUS_ALL, .flag_offset = offsetof (RtbCommand, cpus_all),
  .help = "the CPUs measured, one thread each: all or a list such as 0,2-3",
  .on = { [RTB_METHOD_LATENCY] = SHARED (cpus, cpus, RTB_KEY_ALL),
          [RTB_METHOD_NOISE] = SHARED (cpus, cpus, RTB_KEY_ALL),
          [RTB_METHOD_TIMERLAT] = SHARED (cpus, cpus, RTB_KEY_ALL),
          [RTB_METHOD_OSNOISE] = SHARED (cpus, cpus, RTB_KEY_ALL),
          /* tracing_cpumask: the detector's thread moves among them, a CPU each window. */
          [RTB_METHOD_HWLAT] = SHARED (cpus, cpus, RTB_KEY_ALL) },
};

static const RtbKey key_cpu = {
  "cpu", "cpu", "N|auto|none", "", RTB_KIND_ONE_CPU, 0, 0, RTB_MAX_CPUS - 1,
  .flag = RTB_COMMAND_CPU_AUTO, .flag_offset = offsetof (RtbCommand, cpu_auto),
  .help = "the CPU the threads run on; auto: the last isolated CPU, else the last CPU "
          "(LinuxCNC's choice); none: not pinned",
  .on = { [RTB_METHOD_JITTER] = SHARED (cpus, cpus, RTB_KEY_AUTO),
          [RTB_METHOD_TIMER] = SHARED (cpus, cpus, RTB_KEY_NONE),
          [RTB_METHOD_RESPONSE] = SHARED (cpus, cpus, 0) },
};

const RtbKey rtb_key_policy = {
  "policy", "policy", "fifo|rr|other", "", RTB_KIND_POLICY, 0, 0, 0,
  .help = "the scheduling policy",
  .on = { [RTB_METHOD_LATENCY] = SHARED (policy, policy, RTB_POLICY_FIFO),
          [RTB_METHOD_JITTER] = SHARED (policy, policy, RTB_POLICY_FIFO),
          [RTB_METHOD_TIMER] = SHARED (policy, policy, RTB_POLICY_FIFO),
          [RTB_METHOD_RESPONSE] = SHARED (policy, policy, RTB_POLICY_FIFO),
          /* oslat polls at the default policy unless told -f: a busy real-time thread would
           * starve its CPU, or be throttled by the kernel every second. */
          [RTB_METHOD_NOISE] = SHARED (policy, policy, RTB_POLICY_OTHER),
          /* The kernel's timerlat threads: SCHED_FIFO 95 unless rtla -P says otherwise. */
          [RTB_METHOD_TIMERLAT] = SHARED (policy, policy, RTB_POLICY_FIFO),
          /* The kernel's osnoise threads: SCHED_OTHER unless rtla -P says otherwise. */
          [RTB_METHOD_OSNOISE] = SHARED (policy, policy, RTB_POLICY_OTHER) },
};

/* The default is the priority of a real-time policy; policy other takes 0. */
const RtbKey rtb_key_priority = {
  "priority", "priority", "N", "", RTB_KIND_PRIORITY, 0, RTB_PRIORITY_MIN, RTB_PRIORITY_MAX,
  .help = "the real-time priority (jitter's servo thread runs one lower)",
  .on = { [RTB_METHOD_LATENCY] = SHARED (priority, priority, 99),
          [RTB_METHOD_JITTER] = SHARED (priority, priority, 99),
          [RTB_METHOD_TIMER] = SHARED (priority, priority, 80),
          [RTB_METHOD_RESPONSE] = SHARED (priority, priority, 99),
          /* Noise at a real-time policy starts at the lowest priority: it never sleeps. */
          [RTB_METHOD_NOISE] = SHARED (priority, priority, 1),
          [RTB_METHOD_TIMERLAT] = SHARED (priority, priority, 95),
          [RTB_METHOD_OSNOISE] = SHARED (priority, priority, 1) },
};

static const RtbKey key_interval_us = {
  "interval_us", "interval-us", "N", "µs", RTB_KIND_NUMBER, 4, RTB_LATENCY_INTERVAL_MIN_US,
  RTB_INTERVAL_MAX_US,
  .interval_slot = 1, .period_from = 1,
  .help = "the wake-up interval of every thread",
  .on = { [RTB_METHOD_LATENCY] = PARAM (latency, interval_us, 1000) },
};

const RtbKey rtb_key_histogram_us = {
  "histogram_us", "histogram-us", "N", "µs", RTB_KIND_NUMBER, 4, RTB_HISTOGRAM_MIN_US,
  RTB_HISTOGRAM_MAX_US,
  .help = "the histogram's limit, 1 µs buckets; longer values count as overflows",
  .on = { [RTB_METHOD_LATENCY] = PARAM (latency, histogram_us, 1000),
          /* oslat's: 32 buckets of 1 µs. */
          [RTB_METHOD_NOISE] = PARAM (noise, histogram_us, 32),
          /* rtla timerlat hist's: 256 entries of 1 µs. */
          [RTB_METHOD_TIMERLAT] = PARAM (timerlat, histogram_us, 256),
          /* A period's noise: 1 µs buckets up to a tenth of the kernel's 1 s period (rtla's
           * own example has thousands of µs a period), longer noise exact beyond. */
          [RTB_METHOD_OSNOISE] = PARAM (osnoise, histogram_us, 100000),
          /* A window's latency: 1 µs buckets up to 1 ms, longer latencies exact beyond. */
          [RTB_METHOD_HWLAT] = PARAM (hwlat, histogram_us, 1000) },
};

const RtbKey rtb_key_base_us = {
  "base_us", "base-us", "N", "µs", RTB_KIND_NUMBER, 4, RTB_JITTER_BASE_MIN_US,
  RTB_INTERVAL_MAX_US,
  .interval_slot = 1, .period_from = 1,
  .help = "the base thread's period",
  .on = { [RTB_METHOD_JITTER] = PARAM (jitter, base_us, 25) },
};

static const RtbKey key_servo_us = {
  "servo_us", "servo-us", "N", "µs", RTB_KIND_NUMBER, 4, RTB_JITTER_SERVO_MIN_US,
  RTB_INTERVAL_MAX_US,
  .interval_slot = 2, .than_sign = 1, .than = RTB_KEY_BASE_US, .period_from = 2,
  .help = "the servo thread's period, longer than base_us",
  .on = { [RTB_METHOD_JITTER] = PARAM (jitter, servo_us, 1000) },
};

const RtbKey rtb_key_period_us = {
  "period_us", "period-us", "N", "µs", RTB_KIND_NUMBER, 4, RTB_LATENCY_INTERVAL_MIN_US,
  RTB_OSNOISE_PERIOD_MAX_US,
  .interval_slot = 1, .period_from = 1,
  .help = "the timer's period (timerlat: the tracer's timerlat_period_us; osnoise: "
          "osnoise/period_us)",
  .on = { [RTB_METHOD_TIMER] = PARAM_WITHIN (timer, period_us, 5000, 0, RTB_INTERVAL_MAX_US),
          /* rtla timerlat's default; the kernel's timerlat_period_us is 100 µs to 1 s. */
          [RTB_METHOD_TIMERLAT] = PARAM_WITHIN (timerlat, period_us, 1000,
                                                 RTB_TIMERLAT_PERIOD_MIN_US, RTB_INTERVAL_MAX_US),
          /* The kernel's default, which rtla osnoise keeps unless -p; the kernel bounds the
           * period by the runtime alone, rtla -p by 10 s. */
          [RTB_METHOD_OSNOISE] = PARAM_WITHIN (osnoise, period_us, 1000000,
                                                RTB_OSNOISE_RUNTIME_MIN_US, 0) },
};

static const RtbKey key_spin_us = {
  "spin_us", "spin-us", "N", "µs", RTB_KIND_NUMBER, 4, 0, RTB_TIMER_SPIN_MAX_US,
  .interval_slot = 2, .than_sign = -1, .than = RTB_KEY_PERIOD_US, .busy = true,
  .help = "how long before each deadline the thread stops sleeping and spins, shorter than "
          "period_us",
  .on = { [RTB_METHOD_TIMER] = PARAM (timer, spin_us, 100) },
};

static const RtbKey key_runtime_us = {
  "runtime_us", "runtime-us", "N", "µs", RTB_KIND_NUMBER, 4, RTB_OSNOISE_RUNTIME_MIN_US,
  RTB_OSNOISE_PERIOD_MAX_US,
  .interval_slot = 2, .busy = true,
  .help = "how long of each period the osnoise tracer's thread runs (osnoise/runtime_us, at "
          "most period_us)",
  .on = { [RTB_METHOD_OSNOISE] = PARAM (osnoise, runtime_us, 1000000) },
};

const RtbKey rtb_key_window_us = {
  "window_us", "window-us", "N", "µs", RTB_KIND_NUMBER, 4, 2, RTB_HWLAT_WINDOW_MAX_US,
  .interval_slot = 1, .period_from = 1,
  .help = "the hwlat detector's window: it samples once in each (hwlat_detector/window)",
  /* The kernel's default. */
  .on = { [RTB_METHOD_HWLAT] = PARAM (hwlat, window_us, 1000000) },
};

static const RtbKey key_width_us = {
  "width_us", "width-us", "N", "µs", RTB_KIND_NUMBER, 4, 1, RTB_HWLAT_WINDOW_MAX_US - 1,
  .interval_slot = 2, .than_sign = -1, .than = RTB_KEY_WINDOW_US, .busy = true,
  .help = "how long of each window the hwlat detector spins with interrupts off "
          "(hwlat_detector/width, shorter than window_us)",
  /* The kernel's default. */
  .on = { [RTB_METHOD_HWLAT] = PARAM (hwlat, width_us, 500000) },
};

const RtbKey rtb_key_threshold_us = {
  "threshold_us", "threshold-us", "N", "µs", RTB_KIND_NUMBER, 4, 1, RTB_INTERVAL_MAX_US,
  .zero_is_unset = true, .quiet_default = true, .unset_text = "the kernel's (5)",
  .help = "the least gap the osnoise tracer counts as noise (tracing_thresh, rtla -T); "
          "hwlat: the least latency it records",
  .on = { [RTB_METHOD_OSNOISE] = PARAM (osnoise, threshold_us, 0),
          /* The hwlat tracer's own default, which it takes when tracing_thresh is 0. */
          [RTB_METHOD_HWLAT] = PARAM (hwlat, threshold_us, 10) },
};

static const RtbKey key_durations = {
  "durations", "durations", "yes|no", "", RTB_KIND_WORD, 1, 0, 1,
  .words = { "yes", "no" }, .quiet_default = true,
  .help = "sum each source's noise durations from the tracer's events; no: counts only, as "
          "rtla osnoise top counts (the events add hardware noise at low thresholds)",
  .on = { [RTB_METHOD_OSNOISE] = PARAM (osnoise, durations, RTB_OSNOISE_DURATIONS_YES) },
};

const RtbKey rtb_key_hwlat_mode = {
  "mode", "mode", "round-robin|per-cpu", "", RTB_KIND_WORD, 1, 0, 1,
  .words = { "round-robin", "per-cpu" }, .quiet_default = true,
  .help = "hwlat_detector/mode: round-robin, the next CPU each window; per-cpu, a detector on "
          "every CPU in each window, all stopped at once (Linux 5.14 and later)",
  .on = { [RTB_METHOD_HWLAT] = PARAM (hwlat, mode, RTB_HWLAT_MODE_ROUND_ROBIN) },
};

const RtbKey rtb_key_size = {
  "size", "size", "N[,N...]", "", RTB_KIND_SIZES, 4, RTB_MATRIX_MIN, RTB_MATRIX_MAX,
  .help = "the matrix is N×N; a list such as 32,64,128 runs each size in turn",
  .on = { [RTB_METHOD_RESPONSE] = PARAM (response, size, 32) },
};

static const RtbKey key_experiments = {
  "experiments", "experiments", "N", "", RTB_KIND_NUMBER, 2, 1, RTB_EXPERIMENTS_MAX,
  .quiet_default = true,
  .help = "runs of each size, one series each",
  .on = { [RTB_METHOD_RESPONSE] = PARAM (response, experiments, 1) },
};

static const RtbKey key_instances = {
  "instances", "instances", "N", "", RTB_KIND_NUMBER, 8, RTB_INSTANCES_MIN, RTB_INSTANCES_MAX,
  .help = "inversions each experiment times",
  .on = { [RTB_METHOD_RESPONSE] = PARAM (response, instances, 1000) },
};

static const RtbKey key_gap_us = {
  "gap_us", "gap-us", "N|auto", "µs", RTB_KIND_NUMBER, 4, RTB_GAP_MIN_US, RTB_GAP_MAX_US,
  .auto_word = "auto",
  .interval_slot = 2,
  .help = "the sleep between instances; auto keeps the thread at half the RT throttling "
          "budget",
  .on = { [RTB_METHOD_RESPONSE] = PARAM (response, gap_us, 0) },
};

const RtbKey rtb_key_duration = {
  "duration", "duration", "TIME", "", RTB_KIND_TIME, 8, 0, RTB_DURATION_MAX_NS,
  .help = "how long it runs: a number with an s, m, h or d suffix, 0 = until stopped",
  .on = { [RTB_METHOD_LATENCY] = SHARED (duration_ns, duration_ns, MINUTE),
          [RTB_METHOD_JITTER] = SHARED (duration_ns, duration_ns, MINUTE),
          [RTB_METHOD_TIMER] = SHARED (duration_ns, duration_ns, MINUTE),
          [RTB_METHOD_NOISE] = SHARED (duration_ns, duration_ns, MINUTE),
          [RTB_METHOD_TIMERLAT] = SHARED (duration_ns, duration_ns, MINUTE),
          [RTB_METHOD_OSNOISE] = SHARED (duration_ns, duration_ns, MINUTE),
          [RTB_METHOD_HWLAT] = SHARED (duration_ns, duration_ns, MINUTE) },
};

static const RtbKey key_gpio = {
  "gpio", "gpio", "CHIP:LINE", "", RTB_KIND_GPIO, 8, 0, 0,
  .quiet_default = true, .unset_text = "none",
  .help = "toggle line LINE of /dev/gpiochipCHIP at each wake-up, for an oscilloscope (one "
          "CPU only)",
  .on = { [RTB_METHOD_LATENCY] = PARAM (latency, gpio, 0) },
};

static const RtbKey key_timer_slack_ns = {
  "timer_slack_ns", "timer-slack-ns", "N", "ns", RTB_KIND_NUMBER, 4, 1, RTB_TIMER_SLACK_MAX_NS,
  .zero_is_unset = true, .quiet_default = true, .unset_text = "the kernel's",
  .help = "the threads' timer slack (real-time threads have none whatever it says)",
  .on = ON_EVERY_METHOD (timer_slack_ns, timer_slack_ns, 0),
};

static const RtbKey key_unthrottled = {
  "unthrottled", "unthrottled", "yes|no", "", RTB_KIND_YES_NO, 0, 0, 1,
  .flag = RTB_COMMAND_UNTHROTTLED, .flag_offset = offsetof (RtbCommand, unthrottled),
  .quiet_default = true,
  .help = "accept a busy real-time run while the kernel's RT throttling is off "
          "(kernel.sched_rt_runtime_us -1)",
  .on = ON_EVERY_METHOD (unthrottled, flags, 0),
};

const RtbKey rtb_key_trace_above_us = {
  "trace_above_us", "trace-above", "N|auto", "µs", RTB_KIND_NUMBER, 4, RTB_TRACE_ABOVE_MIN_US,
  RTB_TRACE_ABOVE_MAX_US,
  .zero_is_unset = true, .auto_word = "auto", .flag = RTB_COMMAND_TRACE_AUTO,
  .flag_offset = offsetof (RtbCommand, trace_auto), .quiet_default = true,
  .unset_text = "none",
  .help = "explain every value of N µs or more from a kernel trace (auto: twice the running "
          "p99.9)",
  .on = { [RTB_METHOD_LATENCY] = SHARED (trace_above_us, trace_above_us, 0),
          [RTB_METHOD_JITTER] = SHARED (trace_above_us, trace_above_us, 0),
          [RTB_METHOD_TIMER] = SHARED (trace_above_us, trace_above_us, 0),
          [RTB_METHOD_TIMERLAT] = SHARED (trace_above_us, trace_above_us, 0) },
};

/* The table: the rows above in the order rtb_command_format writes their keys. */
const RtbKey *const rtb_command_keys[] = {
  RTB_KEY_VARIANT,
  &key_cpus,
  &key_cpu,
  RTB_KEY_POLICY,
  RTB_KEY_PRIORITY,
  &key_interval_us,
  RTB_KEY_HISTOGRAM_US,
  RTB_KEY_BASE_US,
  &key_servo_us,
  RTB_KEY_PERIOD_US,
  &key_spin_us,
  &key_runtime_us,
  RTB_KEY_WINDOW_US,
  &key_width_us,
  RTB_KEY_THRESHOLD_US,
  &key_durations,
  RTB_KEY_HWLAT_MODE,
  RTB_KEY_SIZE,
  &key_experiments,
  &key_instances,
  &key_gap_us,
  RTB_KEY_DURATION,
  &key_gpio,
  &key_timer_slack_ns,
  &key_unthrottled,
  RTB_KEY_TRACE_ABOVE_US,
};
const size_t rtb_command_n_keys = sizeof rtb_command_keys / sizeof *rtb_command_keys;

_Static_assert (sizeof rtb_command_keys / sizeof *rtb_command_keys <= RTB_MAX_KEYS,
                "RTB_MAX_KEYS holds every key");

const RtbKey *
rtb_command_key_lookup (const char *name, size_t len)
{
  for (size_t i = 0; i < rtb_command_n_keys; i++)
    if (strlen (rtb_command_keys[i]->name) == len &&
        strncmp (rtb_command_keys[i]->name, name, len) == 0)
      return rtb_command_keys[i];
  return NULL;
}

const RtbKey *
rtb_command_key_by_option (const char *option)
{
  for (size_t i = 0; i < rtb_command_n_keys; i++)
    if (strcmp (rtb_command_keys[i]->option, option) == 0)
      return rtb_command_keys[i];
  return NULL;
}

bool
rtb_command_key_taken (const RtbKey *key, RtbMethod method)
{
  return key != NULL && method >= RTB_METHOD_LATENCY && method <= RTB_METHOD_LAST &&
         key->on[method].taken;
}

uint64_t
rtb_command_key_get (const RtbCommand *cmd, const RtbKey *key)
{
  if (!rtb_command_key_taken (key, cmd->method))
    return 0;
  return _rtb_field_get (KEY_FIELD_CONST (cmd, key), key->size);
}

void
rtb_command_key_put (RtbCommand *cmd, const RtbKey *key, uint64_t value)
{
  if (rtb_command_key_taken (key, cmd->method))
    _rtb_field_set (KEY_FIELD (cmd, key), key->size, value);
}

void
_rtb_command_key_list (RtbMethod method, char *buf, size_t buf_size)
{
  size_t used = 0;

  buf[0] = '\0';
  for (size_t i = 0; i < rtb_command_n_keys; i++)
    {
      if (!rtb_command_key_taken (rtb_command_keys[i], method))
        continue;
      int n = snprintf (buf + used, buf_size - used, "%s%s", used > 0 ? ", " : "",
                        rtb_command_keys[i]->name);
      if (n < 0 || (size_t) n >= buf_size - used)
        return;
      used += (size_t) n;
    }
}

const char *
rtb_command_key_default_text (const RtbKey *k, RtbMethod method, char *buf, size_t buf_size)
{
  uint64_t def = k->on[method].def;

  switch (k->kind)
    {
    case RTB_KIND_TIME:
      rtb_duration_format (def, buf, buf_size);
      return buf;
    case RTB_KIND_CPU_LIST:
    case RTB_KIND_ONE_CPU:
      snprintf (buf, buf_size, "%s", def == RTB_KEY_ALL ? "all" : def == RTB_KEY_AUTO ? "auto"
                                     : def == RTB_KEY_NONE ? "none" : "");
      if (def < RTB_KEY_NONE)
        snprintf (buf, buf_size, "%llu", (unsigned long long) def);
      return buf;
    case RTB_KIND_POLICY:
      snprintf (buf, buf_size, "%s", rtb_policy_to_string ((RtbPolicy) def));
      return buf;
    case RTB_KIND_PRIORITY:
      if (RTB_KEY_POLICY->on[method].def == RTB_POLICY_OTHER)
        snprintf (buf, buf_size, "0 (fifo, rr: %llu)", (unsigned long long) def);
      else
        snprintf (buf, buf_size, "%llu", (unsigned long long) def);
      return buf;
    case RTB_KIND_VARIANT:
      snprintf (buf, buf_size, "%s", def == RTB_TIMER_VARIANT_NORMAL ? "normal" : "rt");
      return buf;
    case RTB_KIND_YES_NO:
      snprintf (buf, buf_size, "%s", def ? "yes" : "no");
      return buf;
    case RTB_KIND_WORD:
      snprintf (buf, buf_size, "%s", rtb_command_key_word (k, def));
      return buf;
    case RTB_KIND_NUMBER:
    case RTB_KIND_GPIO:
    case RTB_KIND_SIZES:
    default:
      if (def == 0 && k->zero_is_unset)
        snprintf (buf, buf_size, "%s", k->unset_text);
      else if (def == 0 && k->auto_word != NULL)
        snprintf (buf, buf_size, "%s", k->auto_word);
      else if (def == 0 && k->unset_text != NULL)
        snprintf (buf, buf_size, "%s", k->unset_text);
      else
        snprintf (buf, buf_size, "%llu", (unsigned long long) def);
      return buf;
    }
}

const char *
rtb_command_key_word (const RtbKey *key, uint64_t value)
{
  for (uint64_t i = 0; i < RTB_KEY_WORDS_MAX && key->words[i] != NULL; i++)
    if (i == value)
      return key->words[i];
  return NULL;
}

uint64_t
rtb_command_key_min (const RtbKey *key, RtbMethod method)
{
  if (!rtb_command_key_taken (key, method) || key->on[method].min < key->min)
    return key->min;
  return key->on[method].min;
}

uint64_t
rtb_command_key_max (const RtbKey *key, RtbMethod method)
{
  if (!rtb_command_key_taken (key, method) || key->on[method].max == 0 ||
      key->on[method].max > key->max)
    return key->max;
  return key->on[method].max;
}

const char *
rtb_command_key_range_text (const RtbKey *k, RtbMethod method, char *buf, size_t buf_size)
{
  switch (k->kind)
    {
    case RTB_KIND_TIME:
      snprintf (buf, buf_size, "0-7d");
      return buf;
    case RTB_KIND_CPU_LIST:
      snprintf (buf, buf_size, "all, or a list of online CPUs");
      return buf;
    case RTB_KIND_ONE_CPU:
      snprintf (buf, buf_size, "an online CPU, auto or none");
      return buf;
    case RTB_KIND_PRIORITY:
      snprintf (buf, buf_size, "%llu-%llu (0 with policy=other)", (unsigned long long) k->min,
                (unsigned long long) k->max);
      return buf;
    case RTB_KIND_GPIO:
      snprintf (buf, buf_size, "chip 0-%d, line 0-%d", RTB_GPIO_CHIP_MAX, RTB_GPIO_LINE_MAX);
      return buf;
    case RTB_KIND_POLICY:
    case RTB_KIND_VARIANT:
    case RTB_KIND_YES_NO:
    case RTB_KIND_WORD:
      snprintf (buf, buf_size, "%s", k->arg);
      return buf;
    case RTB_KIND_NUMBER:
    case RTB_KIND_SIZES:
    default:
      snprintf (buf, buf_size, "%llu-%llu%s%s%s%s",
                (unsigned long long) rtb_command_key_min (k, method),
                (unsigned long long) rtb_command_key_max (k, method),
                *k->unit != '\0' ? " " : "", k->unit,
                k->auto_word != NULL ? " or " : "", k->auto_word != NULL ? k->auto_word : "");
      return buf;
    }
}
