/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which checklist differences most likely explain a difference in figures. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "rtb-checklist.h"
#include "rtb-compare-private.h"

/* Named per run whose figures differ from the baseline's. */
#define MAX_REASONS 2

/* How far a status is from good; -1 when unknown (it explains nothing). */
static int
severity (const RtbCheck *check)
{
  if (check == NULL)
    return -1;
  switch (check->status)
    {
    case RTB_CHECK_BAD:
      return 2;
    case RTB_CHECK_COULD_BE_BETTER:
      return 1;
    case RTB_CHECK_GOOD:
      return 0;
    case RTB_CHECK_UNKNOWN:
    default:
      return -1;
    }
}

/* The worst case of a method: the largest |error| for the timer, the largest value else. */
static RtbFigure
headline_stat (RtbMethod method)
{
  return method == RTB_METHOD_TIMER ? RTB_FIGURE_MAX_ABS : RTB_FIGURE_MAX;
}

typedef struct {
  RtbCompareSystemRow *row;
  const RtbCheck *worse;
  const RtbCheck *better;
  int gap;
} Reason;

static int
compare_reasons (gconstpointer a, gconstpointer b)
{
  const Reason *x = a, *y = b;

  /* The widest gap first (bad against good); the model's order, most important first, breaks
   * ties: the sort is stable. */
  return y->gap - x->gap;
}

/* For the baseline and one other run whose worst cases differ: the items where the worse run's
 * status is worse than the better run's, the widest gaps first. */
static void
explain_pair (RtbCompare *self, guint worse, guint better, GArray *system_rows,
              GPtrArray *notices)
{
  GPtrArray *worse_checks = rtb_run_get_checks (rtb_compare_get_run (self, worse));
  GPtrArray *better_checks = rtb_run_get_checks (rtb_compare_get_run (self, better));
  g_autoptr (GArray) reasons = g_array_new (FALSE, FALSE, sizeof (Reason));

  for (guint i = 0; i < system_rows->len; i++)
    {
      RtbCompareSystemRow *row = &g_array_index (system_rows, RtbCompareSystemRow, i);
      Reason reason = { row, NULL, NULL, 0 };

      if (!row->checklist)
        continue;
      reason.worse = rtb_checklist_find (worse_checks, row->key);
      reason.better = rtb_checklist_find (better_checks, row->key);
      if (severity (reason.worse) < 0 || severity (reason.better) < 0)
        continue;
      reason.gap = severity (reason.worse) - severity (reason.better);
      if (reason.gap > 0)
        g_array_append_val (reasons, reason);
    }
  g_array_sort (reasons, compare_reasons);

  for (guint i = 0; i < MIN (reasons->len, MAX_REASONS); i++)
    {
      const Reason *reason = &g_array_index (reasons, Reason, i);

      reason->row->explains = TRUE;
      g_ptr_array_add (notices,
                       /* Translators: "kernel.preemption likely explains part of why desktop
                        * is worse than pi (desktop: dynamic preemption…; pi: PREEMPT_RT)" */
                       g_strdup_printf (_("%s likely explains part of why %s is worse than %s "
                                          "(%s: %s; %s: %s)"), reason->row->key,
                                        rtb_compare_get_run_name (self, worse),
                                        rtb_compare_get_run_name (self, better),
                                        rtb_compare_get_run_name (self, worse),
                                        reason->worse->value,
                                        rtb_compare_get_run_name (self, better),
                                        reason->better->value));
    }
}

void
_rtb_compare_explain (RtbCompare *self, GArray *system_rows, GPtrArray *notices)
{
  RtbMethod method = rtb_run_get_method (rtb_compare_get_run (self, 0));
  RtbFigure stat = headline_stat (method);

  if (rtb_compare_get_n_rows (self) == 0)
    return;
  for (guint r = 1; r < rtb_compare_get_n_runs (self); r++)
    {
      /* The first row pools every CPU, or is the runs' one series. */
      const RtbCompareCell *cell = rtb_compare_get_cell (self, 0, r, stat);

      if (rtb_run_get_method (rtb_compare_get_run (self, r)) != method)
        continue;
      if (cell->verdict == RTB_COMPARE_WORSE)
        explain_pair (self, r, 0, system_rows, notices);
      else if (cell->verdict == RTB_COMPARE_BETTER)
        explain_pair (self, 0, r, system_rows, notices);
    }
}
