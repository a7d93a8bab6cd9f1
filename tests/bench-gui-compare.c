/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Not a test: what the window costs while it follows two live runs side by side. Two latency
 * runs at 10 kHz (interval 100 µs) on every CPU of this machine start at once, each with its own
 * worker, and a comparison of them is shown while they run (with "tab", the first run's own tab
 * instead). After 5 s of filling, the window's process CPU time (every thread of it; the workers
 * are processes of their own) is taken over 30 s and printed as % of one core, with the samples
 * the workers dropped. tests/bench-gui.sh runs it RUNS times and prints the median.
 *
 *   build/tests/bench-gui-compare [compare|tab] [SECONDS [INTERVAL_US]]   (under an X server)
 *
 * Beside it, a fixed-work probe (cpu-probe.h) measured once on the quiet machine before the runs
 * start and once during the measurement tells what the runs' wake-ups charge to any process on
 * their CPUs; the window's figure with that factor taken out is printed too, as an estimate of
 * its own work.
 *
 * SECONDS (default 30) shortens the measurement and INTERVAL_US (default 100) slows the runs;
 * measure_window() is the measurement, for callgrind's --toggle-collect. Under callgrind the
 * window runs some 50 times slower than the runs: it falls behind, the workers drop samples and
 * the once-a-second updates pile up into fewer frames, so its counts are no steady state (the
 * decoding's instructions per sample are).
 */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <time.h>
#include <unistd.h>

#include "cpu-probe.h"
#include "gui-test-util.h"
#include "rtb-compare-view.h"

#define FILL_SECONDS 5
#define MEASURE_SECONDS 30
#define QUIET_PROBE_SECONDS 3

static double
process_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static gboolean
quit_loop (gpointer loop)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

/* The main loop as the application runs it, not a polling loop, for `seconds`. */
static void
run_for (guint seconds)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);

  g_timeout_add_seconds (seconds, quit_loop, loop);
  g_main_loop_run (loop);
}

static void
count_update (gpointer counter)
{
  (*(guint *) counter)++;
}

static guint64
total_samples (RtbRun *const *runs)
{
  return rtb_run_get_total_count (runs[0]) + rtb_run_get_total_count (runs[1]);
}

/* Not static, not inlined: callgrind's --toggle-collect names it. */
G_GNUC_NO_INLINE void measure_window (guint seconds);

void
measure_window (guint seconds)
{
  run_for (seconds);
}

int
main (int argc, char **argv)
{
  gboolean tab = argc > 1 && g_str_equal (argv[1], "tab");
  guint seconds = argc > 2 ? (guint) g_ascii_strtoull (argv[2], NULL, 10) : MEASURE_SECONDS;
  guint interval_us = argc > 3 ? (guint) g_ascii_strtoull (argv[3], NULL, 10) : 100;
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(GPtrArray) recordings = NULL;
  RtbRun *runs[2];
  guint64 samples0;
  guint updates = 0;
  guint64 dropped = 0;
  double cpu0, cpu1, quiet_ms, beside_ms, gui_percent;
  CpuProbe probe;
  gint64 t0, t1;
  RtbWindow *window;

  gui_test_init (&argc, &argv);
  if (!gui_test_have_display)
    g_error ("no display: run under Xvfb");
  if (seconds == 0 || seconds > MEASURE_SECONDS)
    g_error ("SECONDS must be 1 to %u (the runs last 40 s): not %s", MEASURE_SECONDS, argv[2]);
  if (interval_us < 50 || interval_us > 1000000)
    g_error ("INTERVAL_US must be 50 to 1000000: not %s", argv[3]);

  settings = g_settings_new ("io.github.rtbench.RtBench");
  g_settings_set_string (settings, "cpus", "all");
  g_settings_set_int (settings, "interval-us", (int) interval_us);
  window = new_window ();
  run_for (1);
  cpu_probe_start (&probe, QUIET_PROBE_SECONDS);
  quiet_ms = cpu_probe_finish (&probe);
  setup_short_latency (window, "40s", "10 kHz A");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  setup_short_latency (window, "40s", "10 kHz B");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  recordings = rtb_window_get_recordings (window);
  if (recordings->len != 2)
    g_error ("two runs did not start: %s", rtb_window_get_last_error (window));
  for (guint i = 0; i < 2; i++)
    runs[i] = rtb_recording_get_run (recordings->pdata[i]);
  if (tab)
    rtb_window_select_recording (window, recordings->pdata[0]);
  else
    rtb_window_compare_runs (window, runs, 2);

  run_for (FILL_SECONDS);
  t0 = g_get_monotonic_time ();
  cpu0 = process_cpu_seconds ();
  samples0 = total_samples (runs);
  for (guint i = 0; i < 2; i++)
    g_signal_connect_swapped (runs[i], "changed", G_CALLBACK (count_update), &updates);
  cpu_probe_start (&probe, seconds);
  measure_window (seconds);
  cpu1 = process_cpu_seconds ();
  t1 = g_get_monotonic_time ();
  beside_ms = cpu_probe_finish (&probe);
  for (guint i = 0; i < 2; i++)
    g_signal_handlers_disconnect_by_data (runs[i], &updates);

  for (guint i = 0; i < 2; i++)
    {
      if (!rtb_recording_is_live (recordings->pdata[i]))
        g_printerr ("run %u ended before the measurement did\n", i);
      for (guint s = 0; s < rtb_run_get_n_series (runs[i]); s++)
        dropped += rtb_run_get_series (runs[i], s)->dropped;
    }
  gui_percent = 100 * (cpu1 - cpu0) / ((t1 - t0) / 1e6);
  g_print ("GUI CPU over %.1f s (%s): %.2f %% of one core; %" G_GUINT64_FORMAT
           " samples so far (%" G_GUINT64_FORMAT " in that time, in %u updates of the runs), %"
           G_GUINT64_FORMAT " dropped\n",
           (t1 - t0) / 1e6, tab ? "one run's tab" : "the live comparison", gui_percent,
           total_samples (runs), total_samples (runs) - samples0, updates, dropped);
  g_print ("CPU probe: %.3f ms a burst on the quiet machine, %.3f ms beside the runs (x%.2f)\n"
           "GUI own work, the probe's factor taken out: %.2f %% of one core\n",
           quiet_ms, beside_ms, beside_ms / quiet_ms, gui_percent * quiet_ms / beside_ms);
  for (guint i = 0; i < 2; i++)
    rtb_recording_stop (recordings->pdata[i]);
  iterate_until (window_done, window, 10);
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
