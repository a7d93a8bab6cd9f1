/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "rtb-figure.h"
#include "rtb-methods.h"

#define M(method) RTB_FIGURE_METHOD (RTB_METHOD_##method)
/* Every method, and the methods whose values are one-sided (not `signed_values` in their
 * declaration: latency, response time, noise's gaps, a period's noise), which a bit of its own
 * stands for. */
#define ALL (RTB_FIGURE_METHOD (RTB_METHOD_LAST + 1) - RTB_FIGURE_METHOD (RTB_METHOD_LATENCY))
#define ONE_SIDED (1u << 31)
_Static_assert (RTB_METHOD_LAST < 31, "a method's bit is below ONE_SIDED");
#define AT(field) offsetof (RtbSeriesSummary, field)

#define US(...) .kind = RTB_FIGURE_KIND_US, __VA_ARGS__
/* osnoise's count of the noises of one source (rtla osnoise top's HW … Thread columns). */
#define NOISES(from, ...) \
  .kind = RTB_FIGURE_KIND_EVENTS, .judged = TRUE, .methods = M (OSNOISE), .by_source = TRUE, \
  .source = RTB_OSNOISE_##from, .offset = AT (noise_counts[RTB_OSNOISE_##from]), \
  .known = AT (osnoise_known), __VA_ARGS__
/* Their durations: the sum of the kernel's events' (NAN when not all were seen). */
#define NOISE_US(from, ...) \
  .kind = RTB_FIGURE_KIND_US, .judged = TRUE, .methods = M (OSNOISE), .by_source = TRUE, \
  .source = RTB_OSNOISE_##from, .offset = AT (noise_durations_us[RTB_OSNOISE_##from]), \
  .known = AT (osnoise_known), __VA_ARGS__
/* Left out of osnoise's table, which keeps to each CPU's periods, their largest noise, the
 * longest single noise, the CPU available and the samples dropped (its sources have a table of
 * their own, rtla's totals the mean); summary --json, the CSV and the compare keep them. */
#define NOT_OSNOISE .table_except = M (OSNOISE)
/* hwlat's count of a CPU's samples (RtbHwlatTotals): its own table in the CLI, as its run
 * file's keys. */
#define HWLAT(field, known_field, ...) \
  .kind = RTB_FIGURE_KIND_EVENTS, .judged = TRUE, .methods = M (HWLAT), \
  .offset = AT (hwlat.field), .known = AT (hwlat.known_field), __VA_ARGS__

static const RtbFigureInfo figures[RTB_N_FIGURES] = {
  [RTB_FIGURE_COUNT] = {
    .key = "count", .label = "count", .column = "count", .title = N_("Samples"),
    .kind = RTB_FIGURE_KIND_SAMPLES, .methods = ALL, .table = ALL, .offset = AT (count),
  },
  [RTB_FIGURE_MIN] = {
    US (.key = "min_us", .label = "min µs", .column = "min µs", .title = N_("Min µs"),
        .judged = TRUE, .baseline = TRUE, .methods = ALL, .table = ALL & ~M (JITTER),
        NOT_OSNOISE, .offset = AT (min_us)),
  },
  [RTB_FIGURE_AVG] = {
    US (.key = "avg_us", .label = "avg µs", .column = "avg µs", .title = N_("Avg µs"),
        .judged = TRUE, .baseline = TRUE, .methods = ALL, .table = ALL, NOT_OSNOISE,
        .offset = AT (avg_us)),
  },
  [RTB_FIGURE_MAX] = {
    US (.key = "max_us", .label = "max µs", .column = "max µs", .title = N_("Max µs"),
        .limit = "fail-above",
        .limit_help = "fail when a series' max is above US µs (jitter, timer: the largest "
                      "deviation either way)",
        .judged = TRUE, .baseline = TRUE, .methods = ALL, .table = ALL & ~M (JITTER),
        .offset = AT (max_us)),
  },
  [RTB_FIGURE_P50] = {
    US (.key = "p50_us", .label = "p50 µs", .column = "p50 µs", .title = N_("Median µs"),
        .percentile = 50, .judged = TRUE, .baseline = TRUE, .methods = ALL, .table = ONE_SIDED,
        NOT_OSNOISE, .offset = AT (p50_us)),
  },
  [RTB_FIGURE_P90] = {
    US (.key = "p90_us", .label = "p90 µs", .column = "p90 µs", .title = N_("90 % µs"),
        .limit = "fail-p90-above",
        .limit_help = "fail when a series' 90th percentile is above US µs",
        .percentile = 90, .judged = TRUE, .baseline = TRUE, .methods = ALL, .table = ONE_SIDED,
        NOT_OSNOISE, .offset = AT (p90_us)),
  },
  [RTB_FIGURE_P95] = {
    US (.key = "p95_us", .label = "p95 µs", .column = "p95 µs", .title = N_("95 % µs"),
        .percentile = 95, .judged = TRUE, .methods = ALL, .offset = AT (p95_us)),
  },
  [RTB_FIGURE_P99] = {
    US (.key = "p99_us", .label = "p99 µs", .column = "p99 µs", .title = N_("99 % µs"),
        .limit = "fail-p99-above",
        .limit_help = "fail when a series' 99th percentile is above US µs",
        .percentile = 99, .judged = TRUE, .baseline = TRUE, .methods = ALL, .table = ONE_SIDED,
        NOT_OSNOISE, .offset = AT (p99_us)),
  },
  [RTB_FIGURE_P999] = {
    US (.key = "p999_us", .label = "p99.9 µs", .column = "p99.9 µs", .title = N_("99.9 % µs"),
        .percentile = 99.9, .judged = TRUE, .baseline = TRUE, .methods = ALL, .table = ONE_SIDED,
        NOT_OSNOISE, .offset = AT (p999_us)),
  },
  [RTB_FIGURE_P9999] = {
    US (.key = "p9999_us", .label = "p99.99 µs", .column = "p99.99 µs",
        .title = N_("99.99 % µs"), .limit = "fail-p9999-above",
        .limit_help = "fail when a series' 99.99th percentile is above US µs",
        .percentile = 99.99, .judged = TRUE, .baseline = TRUE, .methods = ALL, .table = ONE_SIDED,
        NOT_OSNOISE, .offset = AT (p9999_us)),
  },
  [RTB_FIGURE_STDDEV] = {
    US (.key = "stddev_us", .label = "stddev µs", .column = "stddev",
        .title = N_("Std. dev. µs"), .judged = TRUE, .spread = TRUE, .baseline = TRUE,
        .methods = ALL, .table = ALL, NOT_OSNOISE, .offset = AT (stddev_us)),
  },
  [RTB_FIGURE_RMS] = {
    US (.key = "rms_us", .label = "RMS µs", .column = "RMS µs", .title = N_("RMS error µs"),
        .judged = TRUE, .spread = TRUE, .methods = M (TIMER), .table = M (TIMER),
        .offset = AT (rms_us)),
  },
  [RTB_FIGURE_MAX_ABS] = {
    US (.key = "max_abs_us", .label = "max |v| µs", .column = "max|e| µs",
        .title = N_("Max |error| µs"), .judged = TRUE, .methods = M (TIMER), .table = M (TIMER),
        .offset = AT (max_abs_us)),
  },
  [RTB_FIGURE_P95_ABS] = {
    US (.key = "p95_abs_us", .label = "p95 |v| µs", .column = "p95|e| µs",
        .title = N_("95 % |error| µs"), .percentile = 95, .magnitude = TRUE, .judged = TRUE,
        .methods = M (TIMER), .table = M (TIMER), .offset = AT (p95_abs_us)),
  },
  [RTB_FIGURE_P99_ABS] = {
    US (.key = "p99_abs_us", .label = "p99 |v| µs", .column = "p99|e| µs",
        .title = N_("99 % |error| µs"), .percentile = 99, .magnitude = TRUE, .judged = TRUE,
        .methods = M (TIMER), .table = M (TIMER), .offset = AT (p99_abs_us)),
  },
  [RTB_FIGURE_MIN_INTERVAL] = {
    US (.key = "min_interval_us", .label = "min interval µs", .column = "min int µs",
        .title = N_("Min interval µs"), .methods = M (JITTER), .table = M (JITTER),
        .offset = AT (min_interval_us)),
  },
  [RTB_FIGURE_MAX_INTERVAL] = {
    US (.key = "max_interval_us", .label = "max interval µs", .column = "max int µs",
        .title = N_("Max interval µs"), .methods = M (JITTER), .table = M (JITTER),
        .offset = AT (max_interval_us)),
  },
  [RTB_FIGURE_MAX_JITTER] = {
    US (.key = "max_jitter_us", .label = "max jitter µs", .column = "jitter µs",
        .title = N_("Max jitter µs"), .judged = TRUE, .methods = M (JITTER),
        .table = M (JITTER), .offset = AT (max_jitter_us)),
  },
  [RTB_FIGURE_OVERRUNS] = {
    .key = "overruns", .label = "overruns", .column = "overruns", .title = N_("Overruns"),
    .counted = "overruns", .kind = RTB_FIGURE_KIND_EVENTS, .judged = TRUE,
    .methods = M (JITTER), .table = M (JITTER), .offset = AT (overruns), .known = AT (linuxcnc),
  },
  [RTB_FIGURE_SKIPPED] = {
    .key = "skipped", .label = "skipped periods", .column = "skipped",
    .title = N_("Skipped periods"), .counted = "skipped periods",
    .kind = RTB_FIGURE_KIND_EVENTS, .judged = TRUE, .methods = M (LATENCY) | M (TIMERLAT),
    .table = M (LATENCY) | M (TIMERLAT), .offset = AT (skipped), .known = AT (skipped_known),
  },
  [RTB_FIGURE_MAX_SINGLE] = {
    US (.key = "max_single_us", .label = "max single noise µs", .column = "single µs",
        .title = N_("Max single noise µs"), .limit = "fail-single-noise-above",
        .limit_help = "fail when a CPU's longest single noise is above US µs (osnoise)",
        .judged = TRUE, .baseline = TRUE, .methods = M (OSNOISE), .table = M (OSNOISE),
        .offset = AT (max_single_us), .known = AT (osnoise_known)),
  },
  [RTB_FIGURE_CPU_AVAILABLE] = {
    .key = "cpu_available_pct", .label = "CPU available %", .column = "avail %",
    .title = N_("CPU available %"), .limit = "fail-cpu-available-below",
    .limit_help = "fail when a CPU's share left to the osnoise tracer's thread (rtla osnoise "
                  "top's % CPU Aval) is below PERCENT %",
    .kind = RTB_FIGURE_KIND_PERCENT, .judged = TRUE, .higher_better = TRUE,
    .methods = M (OSNOISE), .table = M (OSNOISE), .offset = AT (cpu_available_pct),
    .known = AT (osnoise_known),
  },
  [RTB_FIGURE_NOISE_HW] = {
    NOISES (HW, .key = "noise_hw", .label = "HW noises", .column = "HW",
            .title = N_("HW noises"), .counted = "hardware noises", .limit = "fail-hw-noise",
            .limit_help = "fail when a CPU counted more than N hardware noises (osnoise; 0 "
                          "fails on the first)"),
  },
  [RTB_FIGURE_NOISE_NMI] = {
    NOISES (NMI, .key = "noise_nmi", .label = "NMI noises", .column = "NMI",
            .title = N_("NMI noises"), .counted = "NMI noises"),
  },
  [RTB_FIGURE_NOISE_IRQ] = {
    NOISES (IRQ, .key = "noise_irq", .label = "IRQ noises", .column = "IRQ",
            .title = N_("IRQ noises"), .counted = "IRQ noises"),
  },
  [RTB_FIGURE_NOISE_SOFTIRQ] = {
    NOISES (SOFTIRQ, .key = "noise_softirq", .label = "softirq noises", .column = "softirq",
            .title = N_("Softirq noises"), .counted = "softirq noises"),
  },
  [RTB_FIGURE_NOISE_THREAD] = {
    NOISES (THREAD, .key = "noise_thread", .label = "thread noises", .column = "thread",
            .title = N_("Thread noises"), .counted = "thread noises"),
  },
  [RTB_FIGURE_NOISE_HW_US] = {
    NOISE_US (HW, .key = "noise_hw_us", .label = "HW noise µs", .column = "HW µs",
              .title = N_("HW noise µs")),
  },
  [RTB_FIGURE_NOISE_NMI_US] = {
    NOISE_US (NMI, .key = "noise_nmi_us", .label = "NMI noise µs", .column = "NMI µs",
              .title = N_("NMI noise µs")),
  },
  [RTB_FIGURE_NOISE_IRQ_US] = {
    NOISE_US (IRQ, .key = "noise_irq_us", .label = "IRQ noise µs", .column = "IRQ µs",
              .title = N_("IRQ noise µs")),
  },
  [RTB_FIGURE_NOISE_SOFTIRQ_US] = {
    NOISE_US (SOFTIRQ, .key = "noise_softirq_us", .label = "softirq noise µs",
              .column = "softirq µs", .title = N_("Softirq noise µs")),
  },
  [RTB_FIGURE_NOISE_THREAD_US] = {
    NOISE_US (THREAD, .key = "noise_thread_us", .label = "thread noise µs",
              .column = "thread µs", .title = N_("Thread noise µs")),
  },
  [RTB_FIGURE_HWLAT_GAPS] = {
    HWLAT (gaps, gaps_known, .key = "gaps", .label = "gaps > threshold",
           .column = "gaps", .title = N_("Gaps above threshold"),
           .counted = "gaps above the threshold", .limit = "fail-hwlat-gaps",
           .limit_help = "fail when a CPU's hwlat windows had more than N gaps above the "
                         "threshold (0 fails on the first)"),
  },
  [RTB_FIGURE_HWLAT_NMI_WINDOWS] = {
    HWLAT (nmi_windows, nmi_known, .key = "nmi_windows", .label = "NMI windows",
           .column = "NMI windows", .title = N_("Windows with NMIs"),
           .counted = "windows with NMIs"),
  },
  [RTB_FIGURE_HWLAT_NMI_COUNT] = {
    HWLAT (nmi_count, nmi_known, .key = "nmi_count", .label = "NMIs", .column = "NMIs",
           .title = N_("NMIs"), .counted = "NMIs"),
  },
  [RTB_FIGURE_HWLAT_NMI_US] = {
    HWLAT (nmi_us, nmi_us_known, .key = "nmi_us", .label = "NMI µs", .column = "NMI µs",
           .title = N_("NMI µs"), .counted = "µs of NMIs"),
  },
  [RTB_FIGURE_OVERFLOWS] = {
    .key = "overflows", .label = "overflows", .column = "overflows", .title = N_("Overflows"),
    .counted = "overflows", .limit = "fail-overflows",
    .limit_help = "fail when a series has more than N values past its histogram",
    .kind = RTB_FIGURE_KIND_EVENTS, .judged = TRUE, .methods = ALL, .table = ONE_SIDED,
    NOT_OSNOISE, .offset = AT (overflows), .known = AT (overflows_known),
  },
  [RTB_FIGURE_DROPPED] = {
    .key = "dropped", .label = "dropped", .column = "dropped", .title = N_("Dropped"),
    .counted = "dropped samples", .limit = "fail-dropped",
    .limit_help = "fail when a series lost more than N samples",
    .kind = RTB_FIGURE_KIND_EVENTS, .judged = TRUE, .methods = ALL, .table = ALL,
    .offset = AT (dropped),
  },
};

const RtbFigureInfo *
rtb_figure_info (RtbFigure figure)
{
  g_return_val_if_fail (figure < RTB_N_FIGURES, NULL);
  return &figures[figure];
}

const char *
rtb_figure_key (RtbFigure figure)
{
  g_return_val_if_fail (figure < RTB_N_FIGURES, NULL);
  return figures[figure].key;
}

const char *
rtb_figure_label (RtbFigure figure)
{
  g_return_val_if_fail (figure < RTB_N_FIGURES, NULL);
  return figures[figure].label;
}

char *
rtb_figure_name (RtbFigure figure)
{
  const char *label = rtb_figure_label (figure);
  const char *unit = label == NULL                   ? NULL
                     : strstr (label, " µs") != NULL ? strstr (label, " µs")
                                                     : strstr (label, " %");

  return unit != NULL ? g_strndup (label, unit - label) : g_strdup (label);
}

const char *
rtb_figure_column (RtbFigure figure, RtbMethod method)
{
  g_return_val_if_fail (figure < RTB_N_FIGURES, NULL);
  if (figure == RTB_FIGURE_COUNT && rtb_method_info (method) != NULL &&
      rtb_method_info (method)->count_column != NULL)
    return rtb_method_info (method)->count_column;
  return figures[figure].column;
}

const char *
rtb_figure_title (RtbFigure figure, RtbMethod method)
{
  g_return_val_if_fail (figure < RTB_N_FIGURES, NULL);
  if (figure == RTB_FIGURE_COUNT && rtb_method_info (method) != NULL &&
      rtb_method_info (method)->count_title != NULL)
    return _(rtb_method_info (method)->count_title);
  return _(figures[figure].title);
}

gboolean
rtb_figure_is_integer (RtbFigure figure)
{
  g_return_val_if_fail (figure < RTB_N_FIGURES, FALSE);
  return figures[figure].kind == RTB_FIGURE_KIND_SAMPLES ||
         figures[figure].kind == RTB_FIGURE_KIND_EVENTS;
}

gboolean
rtb_figure_is_judged (RtbFigure figure)
{
  return figure < RTB_N_FIGURES && figures[figure].judged;
}

gboolean
rtb_figure_is_higher_better (RtbFigure figure)
{
  return figure < RTB_N_FIGURES && figures[figure].higher_better;
}

guint
rtb_figure_decimals (RtbFigure figure, guint us_decimals)
{
  g_return_val_if_fail (figure < RTB_N_FIGURES, us_decimals);
  if (rtb_figure_is_integer (figure))
    return 0;
  return figures[figure].kind == RTB_FIGURE_KIND_PERCENT ? 5 : us_decimals;
}

double
rtb_figure_value (RtbFigure figure, const RtbSeriesSummary *s)
{
  const RtbFigureInfo *info;
  const char *base = (const char *) s;

  g_return_val_if_fail (s != NULL, NAN);
  g_return_val_if_fail (figure < RTB_N_FIGURES, NAN);

  info = &figures[figure];
  if (info->known != 0 && !*(const gboolean *) (base + info->known))
    return NAN;
  if (!rtb_figure_is_integer (figure))
    return *(const double *) (base + info->offset);
  return (double) *(const guint64 *) (base + info->offset);
}

gboolean
rtb_figure_is_partial (RtbFigure figure, const RtbSeriesSummary *s)
{
  g_return_val_if_fail (s != NULL, FALSE);
  return figure < RTB_N_FIGURES && s->spread_partial && figures[figure].spread;
}

/* Whether `method` is one of a mask's methods, ONE_SIDED read from the declarations. */
static gboolean
in_mask (guint mask, RtbMethod method)
{
  const RtbMethodInfo *info = rtb_method_info (method);

  if (info == NULL)
    return FALSE;
  return (mask & RTB_FIGURE_METHOD (method)) != 0 || ((mask & ONE_SIDED) && !info->signed_values);
}

gboolean
rtb_figure_applies (RtbFigure figure, RtbMethod method)
{
  return figure < RTB_N_FIGURES && in_mask (figures[figure].methods, method);
}

gboolean
rtb_figure_in_table (RtbFigure figure, RtbMethod method)
{
  return figure < RTB_N_FIGURES && in_mask (figures[figure].table, method) &&
         (figures[figure].table_except & RTB_FIGURE_METHOD (method)) == 0;
}

gboolean
rtb_figure_of_source (RtbFigure figure, RtbMethod method, RtbOsnoiseSource *source)
{
  if (!rtb_figure_applies (figure, method) || !figures[figure].by_source)
    return FALSE;
  if (source != NULL)
    *source = figures[figure].source;
  return TRUE;
}

/* Whether the figure's value is one of hwlat's counts (RtbHwlatTotals in the summary). */
static gboolean
in_hwlat_totals (RtbFigure figure)
{
  gsize at = figures[figure].offset;

  return at >= AT (hwlat) && at < AT (hwlat) + sizeof (RtbHwlatTotals);
}

gboolean
rtb_figure_of_hwlat_cpu (RtbFigure figure, RtbMethod method)
{
  return rtb_figure_applies (figure, method) && in_hwlat_totals (figure);
}

guint64 *
rtb_figure_hwlat_at (RtbFigure figure, RtbHwlatTotals *totals, gboolean **known)
{
  gsize at;

  g_return_val_if_fail (figure < RTB_N_FIGURES, NULL);
  if (!in_hwlat_totals (figure))
    return NULL;
  at = figures[figure].offset;
  *known = (gboolean *) (void *) ((char *) totals + figures[figure].known - AT (hwlat));
  return (guint64 *) (void *) ((char *) totals + at - AT (hwlat));
}

RtbFigure
rtb_figure_by_limit (const char *option)
{
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    if (figures[f].limit != NULL && g_strcmp0 (figures[f].limit, option) == 0)
      return f;
  return RTB_N_FIGURES;
}

guint
rtb_method_decimals (RtbMethod method)
{
  return method == RTB_METHOD_TIMER ? 3 : 1;
}
