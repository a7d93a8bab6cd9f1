/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "rtb-cyclictest-export.h"
#include "rtb-file-write.h"
#include "rtb-safe-text.h"

/* cyclictest clamps -h to 1000000 buckets: a larger index would not fit its six digits. */
#define CYCLICTEST_HIST_MAX 1000000

static gboolean
check_exportable (RtbRun *run, GError **error)
{
  RtbMethod method = rtb_run_get_method (run);

  if (method == RTB_METHOD_NOISE)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           "a noise run cannot be written as cyclictest text: its values are "
                           "the gaps of a polling loop, which cyclictest's text would present "
                           "as wake-up latencies (export the histogram as CSV instead)");
      return FALSE;
    }
  if (method != RTB_METHOD_LATENCY && method != RTB_METHOD_RESPONSE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "a %s run cannot be written as cyclictest text: its values are signed "
                   "deviations and cyclictest's histogram has no negative buckets (export the "
                   "histogram as CSV instead)", rtb_method_to_string (method));
      return FALSE;
    }
  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      const RtbHistogram *h = &rtb_run_get_series (run, i)->histogram;

      if (rtb_run_get_series (run, i)->no_histogram)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       "series %s has no histogram (its source is cyclictest's status lines, "
                       "without -h): there is no cyclictest histogram text to write (export "
                       "the statistics as CSV instead)", rtb_run_get_series (run, i)->name);
          return FALSE;
        }

      if (h->lo_us < 0 || h->n_below > 0 || (h->stats.count > 0 && h->stats.min_ns < 0))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       "series %s holds negative values, which cyclictest text cannot show",
                       rtb_run_get_series (run, i)->name);
          return FALSE;
        }
    }
  return TRUE;
}

static void
append_comment (GString *text, RtbRun *run)
{
  g_autofree char *label = rtb_safe_text (rtb_run_get_label (run));
  guint n = rtb_run_get_n_series (run);

  /* One line: a line break in a name would forge histogram lines. */
  g_string_append_printf (text, "# rtbench-cli export of \"%s\" (%s", label != NULL ? label : "",
                          rtb_method_to_string (rtb_run_get_method (run)));
  if (rtb_run_get_method (run) == RTB_METHOD_RESPONSE)
    g_string_append (text, ": execution time of each instance in us");
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = rtb_safe_text (rtb_run_get_series (run, i)->name);

      g_string_append_printf (text, "%sthread %u = %s", i == 0 ? "; " : ", ", i, name);
    }
  g_string_append (text, ")\n");
}

typedef enum { SUMMARY_MIN, SUMMARY_AVG, SUMMARY_MAX, SUMMARY_OVERFLOWS } SummaryLine;

/* cyclictest's figures: from each sample truncated to whole µs (RtbSeries.cyclictest), the
 * average their sum / count truncated, as its print_hist() writes them. */
static void
append_summary (GString *text, const char *title, RtbRun *run, SummaryLine what)
{
  g_string_append (text, title);
  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      RtbSeries *series = rtb_run_get_series (run, i);
      const RtbStats *ct = &series->cyclictest;
      guint64 value = 0;

      if (what == SUMMARY_OVERFLOWS)
        value = rtb_histogram_overflows (&series->histogram);
      else if (ct->count > 0)
        value = what == SUMMARY_MIN ? (guint64) ct->min_ns / 1000
              : what == SUMMARY_AVG ? (guint64) ct->sum_ns / 1000 / ct->count
                                 : (guint64) ct->max_ns / 1000;
      g_string_append_printf (text, " %05" G_GUINT64_FORMAT, value);
    }
  g_string_append_c (text, '\n');
}

/* The bucket counts a thread's "# Total:" adds up (1.x–2.6): the rows printed, no overflows. */
static void
append_totals (GString *text, RtbRun *run, guint32 n_buckets)
{
  g_string_append (text, "# Total:");
  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      const RtbHistogram *h = &rtb_run_get_series (run, i)->histogram;
      guint64 total = 0;

      for (guint32 b = 0; b < MIN (n_buckets, h->n_buckets); b++)
        total += h->counts[b];
      g_string_append_printf (text, " %09" G_GUINT64_FORMAT, total);
    }
  g_string_append_c (text, '\n');
}

/* 2.7+ hist_print_oflows(): "# Thread N: " then the cycle numbers joined by " ";
 * 1.x–2.6 print_hist(): "# Thread N:" then " %05lu" each. Both end with " # NNNNN others". */
static void
append_overflow_cycles (GString *text, RtbRun *run, RtbCyclictestLayout layout)
{
  gboolean old = layout == RTB_CYCLICTEST_LAYOUT_1_X;

  g_string_append (text, "# Histogram Overflow at cycle number:\n");
  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      RtbSeries *series = rtb_run_get_series (run, i);
      guint64 others = rtb_series_overflow_cycles_others (series);

      g_string_append_printf (text, old ? "# Thread %u:" : "# Thread %u: ", i);
      for (guint k = 0; k < series->n_overflow_cycles; k++)
        g_string_append_printf (text, "%s%05" G_GUINT64_FORMAT, k > 0 || old ? " " : "",
                                series->overflow_cycles[k]);
      if (others > 0)
        g_string_append_printf (text, " # %05" G_GUINT64_FORMAT " others", others);
      g_string_append_c (text, '\n');
    }
}

char *
rtb_cyclictest_export (RtbRun *run, RtbCyclictestLayout layout, GError **error)
{
  g_autoptr (GString) text = g_string_new (NULL);
  guint n = 0;
  guint32 n_buckets = 0;

  g_return_val_if_fail (RTB_IS_RUN (run), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_exportable (run, error))
    return NULL;
  layout = rtb_cyclictest_layout_resolve (layout, NULL);
  n = rtb_run_get_n_series (run);
  for (guint i = 0; i < n; i++)
    n_buckets = MAX (n_buckets, rtb_run_get_series (run, i)->histogram.n_buckets);
  n_buckets = MIN (n_buckets, CYCLICTEST_HIST_MAX);

  append_comment (text, run);
  g_string_append (text, "# Histogram\n");
  for (guint32 b = 0; b < n_buckets; b++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < n && !any; i++)
        {
          const RtbHistogram *h = &rtb_run_get_series (run, i)->histogram;
          any = b < h->n_buckets && h->counts[b] > 0;
        }
      if (!any && layout == RTB_CYCLICTEST_LAYOUT_2_7)
        continue;
      g_string_append_printf (text, "%06u ", b);
      for (guint i = 0; i < n; i++)
        {
          const RtbHistogram *h = &rtb_run_get_series (run, i)->histogram;
          g_string_append_printf (text, "%s%06" G_GUINT64_FORMAT, i > 0 ? "\t" : "",
                                  b < h->n_buckets ? h->counts[b] : 0);
        }
      g_string_append_c (text, '\n');
    }
  if (layout == RTB_CYCLICTEST_LAYOUT_1_X)
    append_totals (text, run, n_buckets);
  append_summary (text, "# Min Latencies:", run, SUMMARY_MIN);
  append_summary (text, "# Avg Latencies:", run, SUMMARY_AVG);
  append_summary (text, "# Max Latencies:", run, SUMMARY_MAX);
  append_summary (text, "# Histogram Overflows:", run, SUMMARY_OVERFLOWS);
  append_overflow_cycles (text, run, layout);
  g_string_append_c (text, '\n');
  return g_string_free (g_steal_pointer (&text), FALSE);
}

gboolean
rtb_cyclictest_export_file (RtbRun *run, RtbCyclictestLayout layout, const char *path,
                            GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (RTB_IS_RUN (run), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  text = rtb_cyclictest_export (run, layout, error);
  if (text == NULL)
    return FALSE;
  return rtb_file_write (path, text, strlen (text), error);
}
