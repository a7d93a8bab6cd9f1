/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The report's title and its answer: which system is better, on which figure and by how much,
 * and what each could hold (rtb_verdict), then what makes the answer less sure. */
#define G_LOG_DOMAIN "rtbench-report"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "rtb-report-sections.h"
#include "rtb-verdict.h"

/* Runs whose lengths differ by more than this share are said to be unequal. */
#define UNEQUAL_DURATION 0.1

/* The worst case of a method, as compare explains differences with it. */
static RtbFigure
headline_stat (RtbMethod method)
{
  return method == RTB_METHOD_TIMER ? RTB_FIGURE_MAX_ABS : RTB_FIGURE_MAX;
}

static void
add_title (RtbReportDoc *doc, RtbCompare *compare)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();

  if (n_runs == 1)
    {
      /* Translators: the title of a run's report; %s is the run's name */
      rtb_report_doc_add_printf (doc, RTB_REPORT_TITLE, _("rtbench report: %s"),
                                 rtb_compare_get_run_name (compare, 0));
      return;
    }
  for (guint r = 0; r < n_runs; r++)
    g_ptr_array_add (names, (gpointer) rtb_compare_get_run_name (compare, r));
  g_ptr_array_add (names, NULL);
  g_autofree char *joined = g_strjoinv (_(" vs "), (char **) names->pdata);
  /* Translators: the title of a comparison's report; %s is "A vs B" */
  rtb_report_doc_add_printf (doc, RTB_REPORT_TITLE, _("rtbench comparison: %s"), joined);
}

/* "B is better for real-time work than A on the worst case (max µs): 42.0 against 120.0 µs,
 * 2.86 times lower." for the best run of the headline figure, against each other run of the
 * baseline's method. */
static void
append_better (GString *text, RtbCompare *compare)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  RtbMethod method = rtb_run_get_method (rtb_compare_get_run (compare, 0));
  RtbFigure stat = headline_stat (method);
  guint decimals = rtb_compare_get_decimals (compare);
  int best = -1;
  guint same_method = 0;

  for (guint r = 0; r < n_runs; r++)
    if (rtb_run_get_method (rtb_compare_get_run (compare, r)) == method)
      {
        same_method++;
        if (rtb_compare_get_cell (compare, 0, r, stat)->best)
          best = (int) r;
      }
  /* Runs of other methods measure other things: no system is better for them. */
  if (same_method < 2)
    return;
  if (best < 0)
    {
      g_string_append_printf (text, _("Neither system is better on the worst case (%s): the "
                                      "values are equal to the digits shown, or missing. "),
                              rtb_figure_title (stat, method));
      return;
    }

  double value = rtb_compare_get_cell (compare, 0, (guint) best, stat)->value;
  /* Translators: "pi is the better system for real-time work on the worst case (max µs) of
   * all CPUs: 42.0 µs" */
  g_string_append_printf (text, _("%s is the better system for real-time work on the worst "
                                  "case (%s) of %s: %.*f µs"),
                          rtb_compare_get_run_name (compare, (guint) best),
                          rtb_figure_title (stat, method), rtb_compare_get_row_name (compare, 0),
                          (int) decimals, value);
  for (guint r = 0; r < n_runs; r++)
    {
      double other = rtb_compare_get_cell (compare, 0, r, stat)->value;

      if (r == (guint) best || isnan (other) ||
          rtb_run_get_method (rtb_compare_get_run (compare, r)) != method)
        continue;
      if (value != 0)
        /* Translators: ", against 120.0 µs on desktop (2.86 times as much)" */
        g_string_append_printf (text, _(", against %.*f µs on %s (%.2f times as much)"),
                                (int) decimals, other, rtb_compare_get_run_name (compare, r),
                                other / value);
      else
        g_string_append_printf (text, _(", against %.*f µs on %s"), (int) decimals, other,
                                rtb_compare_get_run_name (compare, r));
    }
  g_string_append (text, ". ");
}

/* What each run could hold, in rtb_verdict()'s words. */
static void
append_verdicts (GString *text, RtbCompare *compare)
{
  guint n_runs = rtb_compare_get_n_runs (compare);

  for (guint r = 0; r < n_runs; r++)
    {
      RtbRun *run = rtb_compare_get_run (compare, r);
      g_autofree char *verdict = rtb_verdict (rtb_run_get_checks (run), run);

      if (n_runs == 1)
        g_string_append (text, verdict);
      else
        /* Translators: a system's name, then its verdict */
        g_string_append_printf (text, _("%s: %s"), rtb_compare_get_run_name (compare, r),
                                verdict);
      if (r + 1 < n_runs)
        g_string_append_c (text, ' ');
    }
}

static gboolean
is_virtual (RtbRun *run)
{
  const RtbCheck *check = rtb_checklist_find (rtb_run_get_checks (run), "machine.virtual");

  return check != NULL && (check->status == RTB_CHECK_BAD ||
                           check->status == RTB_CHECK_COULD_BE_BETTER);
}

static void
add_caveats (RtbReportDoc *doc, RtbCompare *compare)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  guint64 shortest = G_MAXUINT64, longest = 0;

  for (guint r = 0; r < n_runs; r++)
    {
      RtbRun *run = rtb_compare_get_run (compare, r);
      const char *name = rtb_compare_get_run_name (compare, r);
      g_autofree char *format = NULL;
      g_autofree char *file = NULL;
      guint64 elapsed = rtb_run_get_elapsed_ns (run);

      if (is_virtual (run))
        rtb_report_doc_add_printf (doc, RTB_REPORT_NOTE,
                                   _("%s ran in a virtual machine: its worst cases are the "
                                     "hypervisor's as much as its kernel's."), name);
      if (rtb_plot_run_get_import (run, &format, &file))
        rtb_report_doc_add_printf (doc, RTB_REPORT_NOTE,
                                   _("%s was imported from %s (%s): its figures are that tool's, "
                                     "its system is what the file says."), name,
                                   file != NULL ? file : "-", format != NULL ? format : "-");
      if (elapsed > 0)
        {
          shortest = MIN (shortest, elapsed);
          longest = MAX (longest, elapsed);
        }
    }
  if (longest > 0 && shortest < longest && (longest - shortest) > UNEQUAL_DURATION * longest)
    rtb_report_doc_add_printf (doc, RTB_REPORT_NOTE,
                               _("The runs lasted from %.1f s to %.1f s: a longer run meets "
                                 "rarer spikes, so its worst case tends to be higher."),
                               shortest / 1e9, longest / 1e9);
}

void
rtb_report_add_answer (RtbReportDoc *doc, RtbCompare *compare)
{
  g_autoptr (GString) text = g_string_new (NULL);

  add_title (doc, compare);
  if (rtb_compare_get_n_runs (compare) > 1 && rtb_compare_get_n_rows (compare) > 0)
    append_better (text, compare);
  append_verdicts (text, compare);
  rtb_report_doc_add (doc, RTB_REPORT_PARAGRAPH, text->str);
  add_caveats (doc, compare);
}
