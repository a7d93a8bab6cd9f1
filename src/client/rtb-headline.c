/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-client"
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "rtb-headline.h"
#include "rtb-import.h"

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
  /* A latency run's, a noise run's (every gap between two clock reads), and those of rtla
   * osnoise hist's single noises above its threshold. */
  static const char *const captions[][RTB_N_HEADLINES] = {
    { N_("Max latency"), N_("Average latency"),
      /* xgettext:no-c-format */
      N_("99.9 % latency") },
    { N_("Longest gap"), N_("Average gap"),
      /* xgettext:no-c-format */
      N_("99.9 % gap") },
    { N_("Longest single noise"), N_("Average single noise"),
      /* xgettext:no-c-format */
      N_("99.9 % single noise") },
  };
  const char *const *caption;
  double sum = 0;
  guint64 count = 0;

  g_return_if_fail (RTB_IS_RUN (run));
  g_return_if_fail (rtb_headline_applies (rtb_run_get_method (run)));

  caption = captions[rtb_run_get_method (run) == RTB_METHOD_LATENCY ? 0
                     : rtb_import_holds_single_noises (run)     ? 2
                                                                 : 1];
  headlines[RTB_HEADLINE_MAX] = (RtbHeadline) {
    "max", caption[RTB_HEADLINE_MAX], N_("worst CPU"), NAN, -1
  };
  headlines[RTB_HEADLINE_AVG] = (RtbHeadline) {
    "avg", caption[RTB_HEADLINE_AVG], N_("all CPUs"), NAN, -1
  };
  headlines[RTB_HEADLINE_P999] = (RtbHeadline) {
    "p999", caption[RTB_HEADLINE_P999], N_("worst CPU"), NAN, -1
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
