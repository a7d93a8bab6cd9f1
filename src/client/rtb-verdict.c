/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "rtb-verdict.h"

/* The worst |value| of every series in µs: a jitter or timer error counts early as late. */
static double
worst_us (RtbRun *run, uint64_t *cpus)
{
  double worst = NAN;

  memset (cpus, 0, RTB_MAX_CPUS / 8);
  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      RtbSeries *series = rtb_run_get_series (run, i);
      RtbSeriesSummary s;
      double w;

      rtb_series_get_summary (series, &s);
      if (s.count == 0)
        continue;
      w = MAX (fabs (s.min_us), fabs (s.max_us));
      if (isnan (worst) || w > worst)
        worst = w;
      if (series->cpu >= 0 && series->cpu < RTB_MAX_CPUS)
        cpus[series->cpu / 64] |= G_GUINT64_CONSTANT (1) << (series->cpu % 64);
    }
  return worst;
}

/* The shortest period of the 1-2-5 series at least ten times the worst case, in µs. */
static double
loop_period_us (double worst)
{
  static const double steps[] = { 1, 2, 5 };
  double period = 0;

  for (double decade = 1; period == 0; decade *= 10)
    for (guint i = 0; i < G_N_ELEMENTS (steps) && period == 0; i++)
      if (steps[i] * decade >= 10 * worst)
        period = steps[i] * decade;
  return period;
}

/* A period of the 1-2-5 series as people write it: "500 µs", "2 ms", "5 s". */
static char *
format_period (double us)
{
  if (us < 1000)
    /* Translators: a control loop's period in microseconds */
    return g_strdup_printf (_("%.0f µs"), us);
  if (us < 1e6)
    /* Translators: a control loop's period in milliseconds */
    return g_strdup_printf (_("%.0f ms"), us / 1000);
  /* Translators: a control loop's period in seconds */
  return g_strdup_printf (_("%.0f s"), us / 1e6);
}

/* A worst case in µs below a millisecond, else in ms, as the live view shows figures. */
static char *
format_worst (double us)
{
  if (us < 1000)
    return g_strdup_printf (_("%.1f µs"), us);
  return g_strdup_printf (_("%.2f ms"), us / 1000);
}

static const char *
load_words (RtbRun *run)
{
  const char *load = rtb_run_get_load (run);

  if (g_strcmp0 (load, "full") == 0)
    return _(", under full load");
  if (g_strcmp0 (load, "cpu") == 0)
    return _(", under CPU load");
  if (g_strcmp0 (load, "none") == 0)
    return _(", idle");
  return "";
}

static char *
where (const uint64_t *cpus)
{
  char list[256];
  int n = rtb_cpu_count (cpus, RTB_MAX_CPUS);

  if (n == 0 || rtb_cpu_list_format (cpus, RTB_MAX_CPUS, list, sizeof list) < 0)
    return g_strdup ("");
  /* Translators: %s is a CPU list such as "3" or "0-1" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, " on CPU %s", " on CPUs %s", n), list);
}

/* The advice of the first two items that are not good, bad ones first. */
static void
append_help (GString *text, GPtrArray *checks)
{
  guint n = 0;

  for (RtbCheckStatus status = RTB_CHECK_BAD; status <= RTB_CHECK_COULD_BE_BETTER; status++)
    for (guint i = 0; checks != NULL && i < checks->len && n < 2; i++)
      {
        const RtbCheck *check = checks->pdata[i];

        if (check->status != status || check->advice == NULL)
          continue;
        /* Translators: the first %s is a checklist item such as kernel.preemption, the
         * second its advice */
        g_string_append_printf (text, n == 0 ? _(" Would help most: %s: %s") : _(" Then %s: %s"),
                                check->id, check->advice);
        n++;
      }
}

char *
rtb_verdict (GPtrArray *checks, RtbRun *run)
{
  const RtbCheck *preemption = rtb_checklist_find (checks, "kernel.preemption");
  const RtbCheck *virtual = rtb_checklist_find (checks, "machine.virtual");
  g_autoptr (GString) text = g_string_new (NULL);
  uint64_t cpus[RTB_MAX_CPUS / 64] = { 0 };
  double worst = run != NULL ? worst_us (run, cpus) : NAN;
  g_autofree char *on = where (cpus);
  g_autofree char *figure = NULL;
  g_autofree char *period = NULL;
  int rt = -1; /* unknown */
  guint n_bad = 0;
  gboolean virtual_machine = virtual != NULL && virtual->status != RTB_CHECK_GOOD &&
                             virtual->status != RTB_CHECK_UNKNOWN;

  for (guint i = 0; checks != NULL && i < checks->len; i++)
    n_bad += ((RtbCheck *) checks->pdata[i])->status == RTB_CHECK_BAD;
  if (preemption != NULL && preemption->status != RTB_CHECK_UNKNOWN)
    rt = preemption->status == RTB_CHECK_GOOD;
  else if (run != NULL && rtb_run_get_system (run) != NULL &&
           rtb_run_get_system (run)->preempt_rt != RTB_SYSTEM_INFO_UNKNOWN)
    rt = rtb_run_get_system (run)->preempt_rt;
  if (!isnan (worst))
    {
      g_autofree char *worst_text = format_worst (worst);

      if (rt == 1 && !virtual_machine && n_bad == 0 &&
          rtb_run_get_method (run) != RTB_METHOD_RESPONSE)
        period = format_period (loop_period_us (worst));
      /* Translators: "worst case 42.0 µs on CPU 3, under full load" */
      figure = g_strdup_printf (_("worst case %s%s%s"), worst_text, period != NULL ? "" : on,
                                load_words (run));
    }

  if (rt == 0)
    g_string_append (text, _("Not a real-time kernel: expect worst cases in the milliseconds"));
  else if (virtual_machine)
    g_string_append (text, _("A virtual machine: its worst cases are the hypervisor's"));
  else if (period != NULL)
    {
      /* Translators: "A control loop with a period of 500 µs or longer could run on CPU 3:
       * worst case 42.0 µs, idle" */
      g_string_append_printf (text, _("A control loop with a period of %s or longer could "
                                      "run%s: %s"), period, on, figure);
      g_clear_pointer (&figure, g_free);
    }
  else if (n_bad > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                               "Not ready for real time: %u setting is bad",
                                               "Not ready for real time: %u settings are bad",
                                               n_bad), n_bad);
  else if (rt == 1)
    g_string_append (text, _("Set up for real time"));
  else
    g_string_append (text, _("Unknown kernel: whether it is real-time was not recorded"));

  if (figure != NULL)
    g_string_append_printf (text, _(" (this run: %s)"), figure);
  g_string_append_c (text, '.');
  append_help (text, checks);
  return g_string_free (g_steal_pointer (&text), FALSE);
}
