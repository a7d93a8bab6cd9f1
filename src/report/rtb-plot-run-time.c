/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-plot"
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "rtb-plot-run.h"
#include "rtb-plot-run-time.h"

/* Offsets run from UTC−12 to UTC+14; anything else is not a clock's. */
#define OFFSET_MAX_S (14 * 3600)

gboolean
rtb_plot_run_time_from_string (const char *text, RtbPlotRunTime *out)
{
  if (g_strcmp0 (text, "elapsed") == 0)
    *out = RTB_PLOT_RUN_TIME_ELAPSED;
  else if (g_strcmp0 (text, "clock") == 0)
    *out = RTB_PLOT_RUN_TIME_CLOCK;
  else
    return FALSE;
  return TRUE;
}

const char *
rtb_plot_run_clock_unavailable (RtbRun *const *runs, guint n_runs, int thread)
{
  g_return_val_if_fail (runs != NULL || n_runs == 0, NULL);

  if (n_runs != 1)
    return N_("Clock time reads one run at a time: runs shown together share elapsed time");
  if (rtb_run_get_start_time (runs[0]) <= 0)
    return N_("The run does not record when it started (an import, or a file of an older "
              "rtbench): only elapsed time");
  /* Every series (thread < 0): a jitter run's threads each have their own period */
  for (guint i = 0; i < rtb_run_get_n_series (runs[0]); i++)
    if ((thread < 0 || (guint) thread == i) &&
        rtb_plot_run_seconds_per_instance (runs, n_runs, (int) i) > 0)
      return NULL;
  return N_("The run's instances are not evenly spaced in time: its axis counts them");
}

const char *
rtb_plot_run_heatmap_clock_unavailable (RtbRun *const *runs, guint n_runs)
{
  g_return_val_if_fail (runs != NULL || n_runs == 0, NULL);

  if (n_runs > 1 && rtb_plot_run_seconds_per_instance (runs, n_runs, -1) <= 0)
    return N_("The runs' instances are not spaced alike in time: their heatmaps' axis counts "
              "them");
  for (guint r = 0; r < n_runs; r++)
    {
      const char *why = rtb_plot_run_clock_unavailable (&runs[r], 1, -1);

      if (why != NULL)
        return why;
    }
  return n_runs == 0 ? rtb_plot_run_clock_unavailable (runs, 0, -1) : NULL;
}

static int
utc_offset (RtbRun *run)
{
  const RtbSystemInfo *system = rtb_run_get_system (run);

  if (system == NULL || system->utc_offset_s == RTB_SYSTEM_INFO_UNKNOWN ||
      ABS (system->utc_offset_s) > OFFSET_MAX_S)
    return RTB_SYSTEM_INFO_UNKNOWN;
  return system->utc_offset_s;
}

static char *
clock_label (int offset)
{
  int minutes = ABS (offset) / 60;
  char sign_hours[16];

  if (offset == RTB_SYSTEM_INFO_UNKNOWN)
    return g_strdup (_("time of day (UTC: the machine's time zone is not recorded)"));
  if (offset == 0)
    return g_strdup (_("time of day (UTC)"));
  g_snprintf (sign_hours, sizeof sign_hours, "%c%02d:%02d", offset < 0 ? '-' : '+',
              minutes / 60, minutes % 60);
  /* Translators: %s is the offset from UTC of the clock shown, such as "+01:00" */
  return g_strdup_printf (_("time of day (UTC%s)"), sign_hours);
}

/* Where the run's time axis ends: its last instance, or its elapsed time without any. */
static double
end_seconds (RtbRun *run, double x_per_instance)
{
  guint64 positions = 0;

  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    positions = MAX (positions, rtb_run_get_series (run, i)->history.n_positions);
  if (positions > 0)
    return positions * x_per_instance;
  return MIN (rtb_run_get_elapsed_ns (run), (guint64) G_MAXINT64) / 1e9;
}

static void
mark_load (RtbRun *run, double x_per_instance, RtbPlotTime *axis)
{
  gint64 start_ns, stop_ns;
  double end_s = end_seconds (run, x_per_instance);

  /* The load starts before the worker and is stopped after the run's end (a few ms after its
   * last instance): on from the first instance to the last, it is marked at both, as it is
   * where it ended early. */
  rtb_run_get_load_span (run, &start_ns, &stop_ns);
  if (start_ns != RTB_RUN_TIME_UNKNOWN)
    axis->load_start_s = MAX (start_ns, 0) / 1e9;
  if (stop_ns != RTB_RUN_TIME_UNKNOWN && stop_ns >= 0)
    axis->load_stop_s = end_s > 0 ? MIN (stop_ns / 1e9, end_s) : stop_ns / 1e9;
  axis->load_start_note = _("load on");
  axis->load_stop_note = _("load off");
}

char *
rtb_plot_run_time_apply (RtbRun *const *runs, guint n_runs, int thread, RtbPlotRunTime time,
                         double x_per_instance, RtbPlotTime *axis)
{
  int offset;

  g_return_val_if_fail (axis != NULL, NULL);

  if (n_runs == 1 && x_per_instance > 0)
    mark_load (runs[0], x_per_instance, axis);
  if (time != RTB_PLOT_RUN_TIME_CLOCK || x_per_instance <= 0 ||
      rtb_plot_run_clock_unavailable (runs, n_runs, thread) != NULL)
    return NULL;

  offset = utc_offset (runs[0]);
  axis->clock = true;
  axis->clock_origin = rtb_run_get_start_time (runs[0]) / 1e6 +
                       (offset != RTB_SYSTEM_INFO_UNKNOWN ? offset : 0);
  return clock_label (offset);
}
