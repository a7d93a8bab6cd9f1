/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs made in the test itself: a command, a system and series filled with chosen values. */
#pragma once

#include <math.h>

#include "rtb-methods.h"
#include "rtb-run.h"

/* A run of `method` on CPUs 0…n_series-1 (its series CPU0… for a method of a thread per CPU) with `histogram_us` buckets, every series empty. */
static inline RtbRun *
test_run_new (const char *label, RtbMethod method, guint n_series, guint32 histogram_us)
{
  RtbCommand command;
  g_autoptr (RtbRun) run = NULL;
  RtbSystemInfo *system = g_new0 (RtbSystemInfo, 1);

  rtb_command_defaults (&command, method, 4);
  if (method == RTB_METHOD_LATENCY)
    command.latency.histogram_us = histogram_us;
  command.duration_ns = 10 * G_GUINT64_CONSTANT (1000000000);
  run = rtb_run_new (&command);
  rtb_run_set_label (run, label);
  rtb_run_set_source (run, "measured");
  rtb_run_set_load (run, "none");

  system->hostname = g_strdup ("rpi4");
  system->kernel_release = g_strdup ("6.6.20-rt25-v8+");
  system->kernel_version = g_strdup ("#1 SMP PREEMPT_RT");
  system->preempt_rt = TRUE;
  system->machine = g_strdup ("aarch64");
  system->cpu_model = g_strdup ("Cortex-A72");
  system->n_cpus = 4;
  system->cmdline = g_strdup ("isolcpus=2,3");
  system->isolcpus = g_strdup ("2,3");
  system->nohz_full = g_strdup ("");
  system->rcu_nocbs = g_strdup ("");
  system->isolated = g_strdup ("2-3");
  system->governor = g_strdup ("performance");
  system->smt = g_strdup ("notsupported");
  system->idle_states = g_strdup ("");
  rtb_run_set_system (run, system);

  for (guint i = 0; i < n_series; i++)
    {
      g_autofree char *name = NULL;

      if (rtb_method_info (method)->per_cpu)
        name = g_strdup_printf ("CPU%u", i);
      else
        name = g_strdup (rtb_method_to_string (method));
      rtb_run_add_series (run, name, (int) i);
    }
  return g_steal_pointer (&run);
}

static inline void
test_series_add (RtbSeries *series, gint64 value_ns)
{
  rtb_series_add (series, value_ns);
}

/* A percentile as the log-linear histogram reports it: exact below 2 µs, within 2^−11 above. */
#define test_assert_percentile(got_us, want_us) \
  g_assert_cmpfloat_with_epsilon ((got_us), (want_us), \
                                  fabs ((double) (want_us)) >= 2.048 \
                                  ? fabs ((double) (want_us)) / 2048 : 1e-9)

/* Adds `n` values from `from_ns` in steps of `step_ns`, wrapping every `period` values. */
static inline void
test_series_fill (RtbSeries *series, guint n, gint64 from_ns, gint64 step_ns, guint period)
{
  for (guint i = 0; i < n; i++)
    test_series_add (series, from_ns + step_ns * (gint64) (i % period));
}
