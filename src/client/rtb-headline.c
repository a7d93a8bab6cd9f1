/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-client"
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "rtb-headline.h"

gboolean
rtb_headline_applies (RtbMethod method)
{
  return method == RTB_METHOD_LATENCY || method == RTB_METHOD_NOISE;
}

/* Keeps the larger of `value` of series `index` and the headline's. */
static void
keep_worst (RtbHeadline *headline, double value, int index)
{
  if (isnan (value) || (!isnan (headline->value_us) && value <= headline->value_us))
    return;
  headline->value_us = value;
  headline->series = index;
}

void
rtb_headlines (RtbRun *run, RtbHeadline headlines[RTB_N_HEADLINES])
{
  gboolean noise;
  double sum = 0;
  guint64 count = 0;

  g_return_if_fail (RTB_IS_RUN (run));
  g_return_if_fail (rtb_headline_applies (rtb_run_get_method (run)));

  noise = rtb_run_get_method (run) == RTB_METHOD_NOISE;
  headlines[RTB_HEADLINE_MAX] = (RtbHeadline) {
    "max", noise ? N_("Longest gap") : N_("Max latency"), N_("worst CPU"), NAN, -1
  };
  headlines[RTB_HEADLINE_AVG] = (RtbHeadline) {
    "avg", noise ? N_("Average gap") : N_("Average latency"), N_("all CPUs"), NAN, -1
  };
  /* xgettext:no-c-format */
  headlines[RTB_HEADLINE_P999] = (RtbHeadline) {
    "p999", noise ? N_("99.9 % gap") : N_("99.9 % latency"), N_("worst CPU"), NAN, -1
  };
  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      RtbSeriesSummary s;

      rtb_series_get_summary (rtb_run_get_series (run, i), &s);
      if (s.count == 0)
        continue;
      keep_worst (&headlines[RTB_HEADLINE_MAX], s.max_us, (int) i);
      keep_worst (&headlines[RTB_HEADLINE_P999], s.p999_us, (int) i);
      sum += s.avg_us * s.count;
      count += s.count;
    }
  if (count > 0)
    headlines[RTB_HEADLINE_AVG].value_us = sum / count;
}
