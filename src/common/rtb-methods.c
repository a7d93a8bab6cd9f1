/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Each measurement method, declared once. A new method takes its entry here. */
#include "config.h"

#include <stdio.h>

#include "rtb-methods.h"

/* Marks the words shown for a method for xgettext; the client translates them (plain C here:
 * the worker links this file). */
#define N_(text) text

static const RtbMethodInfo methods[RTB_METHOD_LAST + 1] = {
  [RTB_METHOD_LATENCY] = {
    .name = "latency",
    .summary = "wake-up latency, the cyclictest method: one thread per CPU",
    .description =
      "Wake-up latency, the cyclictest method: one thread per CPU sleeps until the next\n"
      "interval and records how late it woke up.",
    .per_cpu = true,
    .duty = "a wake-up every # us",
    .setup_name = N_("Latency"),
    .setup_description = N_("Wake-up latency of one thread per CPU, the cyclictest method"),
    .title = N_("Wake-up Latency"),
    .value_label = N_("latency (µs)"),
    .curve_title = N_("Latency per CPU, with the running mean"),
    .histogram_title = N_("Latency histogram per CPU"),
    .span_key = RTB_KEY_HISTOGRAM_US,
    .span_min_us = RTB_HISTOGRAM_MIN_US,
    .span_max_us = RTB_HISTOGRAM_MAX_US,
    /* clock_nanosleep(TIMER_ABSTIME) never returns before its deadline. */
    .impossible = "a wake-up is never earlier than its deadline",
    .examples = {
      { "--duration 10m --load full", "every CPU for 10 minutes under full load" },
      { "--cpus 1 --interval-us 200 --output cpu1.rtbench", "CPU 1 every 200 µs, saved" },
      { "--duration 1h --fail-above 100 --junit latency.xml", "a CI gate: fail above 100 µs" },
    },
  },
  [RTB_METHOD_JITTER] = {
    .name = "jitter",
    .summary = "thread jitter, the LinuxCNC latency-test method: base and servo threads",
    .description =
      "Thread jitter, the LinuxCNC latency-test method: a fast base and a slower servo\n"
      "thread on one CPU; each sample is an interval between two wake-ups minus the period.",
    .per_cpu = false,
    .signed_values = true,
    .duty = "wake-ups every # and # us",
    .setup_name = N_("Jitter"),
    .setup_description = N_("Base and servo thread jitter, the LinuxCNC latency-test method"),
    .title = N_("Thread Jitter"),
    .value_label = N_("interval deviation (µs)"),
    .magnitude_label = N_("|interval deviation| (µs)"),
    .curve_title = N_("Interval deviation, with the running mean"),
    .thread_titles = { N_("Base thread, with the running mean"),
                       N_("Servo thread, with the running mean") },
    .histogram_title = N_("Deviation histogram"),
    .count_column = "intervals",
    .count_title = N_("Intervals"),
    .own_periods = true,
    .table_note = "avg and stddev: of the intervals less the period; jitter = max(max int − "
                  "period, period − min int); overruns: periods begun after their deadline (no "
                  "period is skipped)",
    /* Its base period either side, at least 1 ms, at most as the worker bounds the period. */
    .span_key = RTB_KEY_BASE_US,
    .span_min_us = 1000,
    .span_max_us = RTB_INTERVAL_MAX_US,
    /* The deviation of an interval from its thread's period: no interval is shorter than 0. */
    .least_less_period = true,
    .impossible = "an interval is never shorter than nothing",
    .examples = {
      { "--duration 10m --load full", "LinuxCNC's test under full load, on its own CPU choice" },
      { "--cpu 1 --base-us 50 --servo-us 1000", "a 50 µs base thread on CPU 1" },
    },
  },
  [RTB_METHOD_TIMER] = {
    .name = "timer",
    .summary = "periodic timer error: sleep, then spin until each deadline",
    .description =
      "Periodic timer error: sleep until shortly before each deadline, spin until it, and\n"
      "record the time observed minus the deadline (the first tick is a warm-up).",
    .per_cpu = false,
    .signed_values = true,
    .duty = "a # us spin every # us",
    .setup_name = N_("Timer"),
    .setup_description = N_("Error of a periodic timer's ticks"),
    .title = N_("Timer Error"),
    .value_label = N_("tick error (µs)"),
    .magnitude_label = N_("|tick error| (µs)"),
    .curve_title = N_("Tick error, with the running mean"),
    .histogram_title = N_("Tick error histogram"),
    .count_column = "ticks",
    .count_title = N_("Ticks"),
    .table_duration = true,
    /* Its period either side, at most ±0.5 s, so a 1 s period still costs only 8 MB. */
    .span_key = RTB_KEY_PERIOD_US,
    .span_min_us = 1,
    .span_max_us = 500000,
    .impossible = "the timer spins until its deadline, so it is never early",
    .examples = {
      { "--period-us 1000 --spin-us 50 --cpu 1", "a 1 ms tick on CPU 1" },
      { "--variant normal --duration 5m", "the same timer in an ordinary thread, to compare" },
    },
  },
  [RTB_METHOD_RESPONSE] = {
    .name = "response",
    .summary = "execution time of a Gauss-Jordan matrix inversion, per instance",
    .description =
      "Response time of a Gauss-Jordan inversion of an N×N matrix: each instance's\n"
      "execution time, a pause between instances.",
    .per_cpu = false,
    .duty = "each instance computes to its end",
    .never_sleeps = true,
    .setup_name = N_("Response"),
    .setup_description = N_("Execution time of a matrix inversion, instance by instance"),
    .title = N_("Response Time"),
    .value_label = N_("execution time (µs)"),
    .curve_title = N_("Execution time per instance, with the running mean"),
    .histogram_title = N_("Execution time histogram"),
    /* Response times of big matrices run to seconds: a 10 s histogram would be 80 MB per
     * series. 1 s (8 MB, allocated lazily by the kernel) covers every size up to 256×256 on
     * slow boards; longer instances are overflows, and their percentiles come from the
     * log-linear histogram. */
    .span_key = NULL,
    .span_max_us = 1000000,
    .impossible = "an instance never ends before it starts",
    .examples = {
      { "--size 32,64,128 --instances 500", "three matrix sizes, 500 inversions each" },
      { "--experiments 5 --cpu 1 --load cpu", "five runs on CPU 1 while the CPUs are busy" },
    },
  },
  [RTB_METHOD_NOISE] = {
    .name = "noise",
    .summary = "the gaps of a busy loop reading the clock, one thread per CPU (oslat)",
    .description =
      "OS noise, the oslat method: one thread per CPU reads the clock without pause; each\n"
      "sample is the gap between two reads, rounded up to the whole µs as oslat counts it.\n"
      "Gaps below 1 µs are the loop's own; longer ones are interrupts, other tasks, SMIs\n"
      "or the hypervisor. The standard check that an isolated CPU is quiet.",
    .per_cpu = true,
    .duty = "it polls the clock without pause",
    .never_sleeps = true,
    .setup_name = N_("Noise"),
    .setup_description = N_("Gaps while one thread per CPU polls the clock, the oslat method: "
                            "is an isolated CPU quiet?"),
    .title = N_("OS Noise"),
    .value_label = N_("gap between clock reads (µs)"),
    .curve_title = N_("Every gap between two clock reads per CPU, with the running mean"),
    .histogram_title = N_("Gap histogram per CPU"),
    .span_key = RTB_KEY_HISTOGRAM_US,
    .span_min_us = RTB_HISTOGRAM_MIN_US,
    .span_max_us = RTB_HISTOGRAM_MAX_US,
    .least_ns = 1000,
    .whole_us = true,
    .impossible = "gaps are sent from 1 µs up, in whole microseconds",
    .examples = {
      { "--cpus 1 --duration 10m", "is isolated CPU 1 quiet for 10 minutes?" },
      { "--cpus 0-1 --policy fifo --priority 1", "polling at a real-time priority, as oslat -f" },
    },
  },
  [RTB_METHOD_TIMERLAT] = {
    .name = "timerlat",
    .summary = "the kernel's timerlat tracer: IRQ and thread latency per CPU (rtla timerlat)",
    .description =
      "The kernel's timerlat tracer, as rtla timerlat runs it: on each CPU a kernel thread\n"
      "wakes every period; each period gives the IRQ latency (how late the timer's interrupt\n"
      "ran) and the thread latency (how late the thread ran), two series per CPU, in whole\n"
      "µs as rtla counts them. Needs root and a kernel with CONFIG_TIMERLAT_TRACER.",
    .per_cpu = true,
    .duty = "the kernel's timerlat thread wakes every # us",
    .setup_name = N_("Timerlat"),
    .setup_description = N_("The kernel's timerlat tracer, as rtla runs it: how late each "
                            "period's timer interrupt and thread ran, per CPU (root and a "
                            "kernel with the tracer)"),
    .title = N_("Timerlat"),
    .value_label = N_("timer latency (µs)"),
    .curve_title = N_("IRQ and thread latency per CPU, with the running mean"),
    .histogram_title = N_("IRQ and thread latency histograms per CPU"),
    .span_key = RTB_KEY_HISTOGRAM_US,
    .span_min_us = RTB_HISTOGRAM_MIN_US,
    .span_max_us = RTB_HISTOGRAM_MAX_US,
    /* The tracer's latencies are unsigned ns, sent in whole µs as rtla counts them. */
    .whole_us = true,
    .impossible = "timerlat's latencies are never negative and come in whole microseconds",
    .examples = {
      { "--cpus 1 --duration 10m", "is isolated CPU 1's interrupt or its scheduler late?" },
      { "--period-us 500 --priority 99", "a 500 µs period, the threads at FIFO 99 (rtla -P f:99)" },
    },
  },
  [RTB_METHOD_OSNOISE] = {
    .name = "osnoise",
    .summary = "the kernel's osnoise tracer: each period's noise per CPU and its sources (rtla "
               "osnoise top)",
    .description =
      "The kernel's osnoise tracer, as rtla osnoise top runs it: on each CPU a kernel thread\n"
      "runs for runtime_us of every period_us and counts what takes the CPU from it; each\n"
      "sample is one period's noise in µs, and each CPU keeps rtla's totals: runtime, noise,\n"
      "max single noise, the HW, NMI, IRQ, softirq and thread counts, % CPU available.\n"
      "Needs root and a kernel with CONFIG_OSNOISE_TRACER.",
    .per_cpu = true,
    .duty = "the kernel's osnoise thread runs # us of every # us",
    .setup_name = N_("Osnoise"),
    .setup_description = N_("The kernel's osnoise tracer, as rtla osnoise top runs it: each "
                            "period's noise per CPU and what caused it, hardware, NMI, IRQ, "
                            "softirq or thread (root and a kernel with the tracer)"),
    .title = N_("Osnoise"),
    .value_label = N_("noise per period (µs)"),
    .curve_title = N_("Each period's noise per CPU, with the running mean"),
    .histogram_title = N_("Noise per period histogram per CPU"),
    .span_key = RTB_KEY_HISTOGRAM_US,
    .span_min_us = RTB_HISTOGRAM_MIN_US,
    .span_max_us = RTB_HISTOGRAM_MAX_US,
    /* A period's noise, which the tracer prints in whole µs. */
    .whole_us = true,
    .impossible = "osnoise's noise per period is never negative and comes in whole microseconds",
    .examples = {
      { "--cpus 1 --duration 10m", "what takes isolated CPU 1 from a busy thread?" },
      { "--period-us 100000 --runtime-us 90000 --threshold-us 1",
        "10 periods a second, each 90 % busy, every gap of 1 µs noise (rtla -p -r -T)" },
    },
  },
  [RTB_METHOD_HWLAT] = {
    .name = "hwlat",
    .summary = "the kernel's hardware latency detector: stalls with interrupts off (firmware, "
               "SMIs, a hypervisor) per CPU",
    .description =
      "The kernel's hwlat tracer: a kernel thread spins with interrupts off for width_us of\n"
      "every window_us, on the next CPU of the list each window, reading the clock in a loop;\n"
      "a window whose longest gap is above threshold_us is a sample: per CPU, its latency\n"
      "(the larger of inner, between two reads, and outer, between two turns of the loop), and\n"
      "the inner and outer apart, in whole µs as the tracer gives them, with the gaps above the\n"
      "threshold and the NMIs. Needs root and a kernel with CONFIG_HWLAT_TRACER.",
    .per_cpu = true,
    .duty = "the kernel's hwlat thread spins # us of every # us",
    .setup_name = N_("Hwlat"),
    .setup_description =
      N_("The kernel's hardware latency detector (hwlat): with interrupts off, a thread reads "
         "the clock on each CPU in turn; every window whose longest gap is above the threshold, "
         "as the firmware, an SMI or a hypervisor stalls the CPU (root and a kernel with the "
         "tracer)"),
    .title = N_("Hardware Latency"),
    .value_label = N_("hardware latency (µs)"),
    .curve_title = N_("Each window's hardware latency per CPU, with the running mean"),
    .histogram_title = N_("Hardware latency histograms per CPU"),
    .skip_note = N_("▲ on the time axis: windows without a sample on this CPU (quiet, or the "
                    "detector on another CPU)"),
    .count_column = "samples",
    .count_title = N_("Samples"),
    .span_key = RTB_KEY_HISTOGRAM_US,
    .span_min_us = RTB_HISTOGRAM_MIN_US,
    .span_max_us = RTB_HISTOGRAM_MAX_US,
    /* The tracer measures in whole µs (the inner and outer gaps, truncated). */
    .whole_us = true,
    .impossible = "hwlat's latencies are never negative and come in whole microseconds",
    .examples = {
      { "--cpus 1 --duration 10m", "does the firmware stall isolated CPU 1?" },
      { "--width-us 100000 --window-us 200000 --threshold-us 5",
        "5 windows a second, half of each spinning, every stall of 5 µs or more" },
    },
  },
};

const RtbMethodInfo *
rtb_method_info (RtbMethod method)
{
  if (method < RTB_METHOD_LATENCY || method > RTB_METHOD_LAST)
    return NULL;
  return &methods[method];
}

int
rtb_method_list (char *buf, size_t buf_size, const char *separator, const char *last_joiner)
{
  size_t used = 0;

  if (buf_size == 0)
    return -1;
  buf[0] = '\0';
  for (int m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    {
      const char *joiner = m == RTB_METHOD_LATENCY ? "" : m == RTB_METHOD_LAST ? last_joiner
                                                                               : separator;
      int n = snprintf (buf + used, buf_size - used, "%s%s", joiner, methods[m].name);

      if (n < 0 || (size_t) n >= buf_size - used)
        return -1;
      used += (size_t) n;
    }
  return (int) used;
}
