/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-report"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "rtb-checklist.h"
#include "rtb-compare-causes.h"
#include "rtb-report-sections.h"

static char *
format_stat (RtbFigure stat, double value, guint decimals)
{
  if (isnan (value))
    return g_strdup ("-");
  return g_strdup_printf ("%.*f", (int) rtb_figure_decimals (stat, decimals), value);
}

/* The statistics a page's width holds beside the series and the run: more go to another table
 * under it (osnoise's 20 did not fit one). */
#define STATS_PER_TABLE 8

/* Rows: each series (the pooled one first), and within it each run; columns: the statistics
 * the runs' method shows, `n` of them from `stats`. The best value of a column within a series
 * is marked. Returns whether a value is partial. */
static gboolean
add_statistics_table (RtbReportDoc *doc, RtbCompare *compare, const RtbFigure *stats, guint n)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  guint decimals = rtb_compare_get_decimals (compare);
  RtbMethod method = rtb_run_get_method (rtb_compare_get_run (compare, 0));
  gboolean partial = FALSE;
  RtbReportTable *table;

  table = rtb_report_doc_add_table (doc, 1 + (n_runs > 1) + n);
  rtb_report_table_add (table, _("series"), RTB_REPORT_CELL_HEADER);
  if (n_runs > 1)
    rtb_report_table_add (table, _("run"), RTB_REPORT_CELL_HEADER);
  for (guint i = 0; i < n; i++)
    rtb_report_table_add (table, rtb_figure_title (stats[i], method),
                          RTB_REPORT_CELL_HEADER | RTB_REPORT_CELL_NUMBER);

  for (guint row = 0; row < rtb_compare_get_n_rows (compare); row++)
    for (guint r = 0; r < n_runs; r++)
      {
        if (rtb_compare_get_series (compare, row, r) == NULL)
          continue;
        rtb_report_table_add (table, rtb_compare_get_row_name (compare, row), 0);
        if (n_runs > 1)
          rtb_report_table_add (table, rtb_compare_get_run_name (compare, r), 0);
        for (guint i = 0; i < n; i++)
          {
            const RtbCompareCell *cell = rtb_compare_get_cell (compare, row, r, stats[i]);
            char *text = format_stat (stats[i], cell->value, decimals);

            if (cell->partial)
              {
                char *marked = g_strdup_printf ("%s †", text);
                g_free (text);
                text = marked;
                partial = TRUE;
              }
            rtb_report_table_add_take (table, text, RTB_REPORT_CELL_NUMBER |
                                                    (cell->best ? RTB_REPORT_CELL_BEST : 0));
          }
      }
  return partial;
}

void
rtb_report_add_statistics (RtbReportDoc *doc, RtbCompare *compare)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  RtbMethod method = rtb_run_get_method (rtb_compare_get_run (compare, 0));
  RtbFigure stats[RTB_N_FIGURES];
  guint n_stats = 0;
  gboolean partial = FALSE;

  for (RtbFigure stat = 0; stat < RTB_N_FIGURES; stat++)
    if (rtb_compare_shows_stat (compare, stat))
      stats[n_stats++] = stat;
  if (rtb_compare_get_n_rows (compare) == 0 || n_stats == 0)
    return;
  for (guint first = 0; first < n_stats; first += STATS_PER_TABLE)
    partial |= add_statistics_table (doc, compare, stats + first,
                                     MIN (STATS_PER_TABLE, n_stats - first));
  if (n_runs > 1)
    rtb_report_doc_add (doc, RTB_REPORT_NOTE,
                        _("Values in µs. ★ marks the best value of a series among the runs "
                          "(closer to zero is better; count and intervals are not judged; "
                          "ties are not marked)."));
  else
    rtb_report_doc_add (doc, RTB_REPORT_NOTE, _("Values in µs."));
  for (RtbFigure stat = 0; n_runs > 1 && stat < RTB_N_FIGURES; stat++)
    if (rtb_compare_shows_stat (compare, stat) && rtb_figure_is_higher_better (stat))
      {
        /* Translators: %s is a figure's title, such as "CPU available %" */
        g_autofree char *note = g_strdup_printf (_("%s: higher is better."),
                                                 rtb_figure_title (stat, method));

        rtb_report_doc_add (doc, RTB_REPORT_NOTE, note);
      }
  if (partial)
    rtb_report_doc_add (doc, RTB_REPORT_NOTE,
                        _("† covers only the samples whose values the source gave (not its "
                          "overflows): not compared."));
}

/* The checklist rows of the comparison, those whose runs differ first (stable otherwise: the
 * model's order, most important first). */
static GPtrArray *
checklist_rows (RtbCompare *compare)
{
  GPtrArray *rows = g_ptr_array_new ();

  for (int differing = 1; differing >= 0; differing--)
    for (guint i = 0; i < rtb_compare_get_n_system_rows (compare); i++)
      {
        const RtbCompareSystemRow *row = rtb_compare_get_system_row (compare, i);
        if (row->checklist && row->differs == differing)
          g_ptr_array_add (rows, (gpointer) row);
      }
  return rows;
}

/* A table whose first column is titled `first` and whose others are the runs. */
RtbReportTable *
rtb_report_add_runs_table (RtbReportDoc *doc, RtbCompare *compare, const char *first,
                RtbReportCellFlags run_flags)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  RtbReportTable *table = rtb_report_doc_add_table (doc, 1 + n_runs);

  rtb_report_table_add (table, first, RTB_REPORT_CELL_HEADER);
  for (guint r = 0; r < n_runs; r++)
    rtb_report_table_add (table, rtb_compare_get_run_name (compare, r),
                          RTB_REPORT_CELL_HEADER | run_flags);
  return table;
}

/* Each piece of advice once, with the runs it is given for. */
static void
add_advice (RtbReportDoc *doc, RtbCompare *compare, GPtrArray *rows)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  RtbReportTable *table = NULL;

  for (guint i = 0; i < rows->len; i++)
    {
      const RtbCompareSystemRow *row = rows->pdata[i];
      g_autoptr (GPtrArray) given = g_ptr_array_new_with_free_func (g_free);

      for (guint r = 0; r < n_runs; r++)
        {
          const RtbCheck *check = rtb_checklist_find (rtb_run_get_checks (
                                                        rtb_compare_get_run (compare, r)),
                                                      row->key);
          g_autoptr (GString) names = NULL;

          if (check == NULL || check->advice == NULL || check->status == RTB_CHECK_GOOD ||
              g_ptr_array_find_with_equal_func (given, check->advice, g_str_equal, NULL))
            continue;
          g_ptr_array_add (given, g_strdup (check->advice));
          names = g_string_new (NULL);
          for (guint o = r; o < n_runs; o++)
            {
              const RtbCheck *same = rtb_checklist_find (rtb_run_get_checks (
                                                           rtb_compare_get_run (compare, o)),
                                                         row->key);
              if (same != NULL && g_strcmp0 (same->advice, check->advice) == 0)
                g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "",
                                        rtb_compare_get_run_name (compare, o));
            }
          if (table == NULL)
            {
              rtb_report_doc_add (doc, RTB_REPORT_SUBHEADING, _("What to change"));
              table = rtb_report_doc_add_table (doc, n_runs > 1 ? 3 : 2);
              rtb_report_table_add (table, _("item"), RTB_REPORT_CELL_HEADER);
              if (n_runs > 1)
                rtb_report_table_add (table, _("runs"), RTB_REPORT_CELL_HEADER);
              rtb_report_table_add (table, _("advice"), RTB_REPORT_CELL_HEADER);
            }
          rtb_report_table_add (table, row->key,
                                check->status == RTB_CHECK_BAD ? RTB_REPORT_CELL_BAD : 0);
          if (n_runs > 1)
            rtb_report_table_add (table, names->str, 0);
          rtb_report_table_add (table, check->advice, 0);
        }
    }
}

void
rtb_report_add_checklists (RtbReportDoc *doc, RtbCompare *compare)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  g_autoptr (GPtrArray) rows = checklist_rows (compare);
  RtbReportTable *table;

  if (rows->len == 0)
    return;
  rtb_report_doc_add (doc, RTB_REPORT_HEADING, _("Tuning checklist"));
  if (n_runs > 1)
    rtb_report_doc_add (doc, RTB_REPORT_NOTE,
                        _("As each system was when its run started; the items where the systems "
                          "differ come first, marked *."));
  table = rtb_report_add_runs_table (doc, compare, _("item"), 0);
  for (guint i = 0; i < rows->len; i++)
    {
      const RtbCompareSystemRow *row = rows->pdata[i];

      rtb_report_table_add_take (table, row->differs ? g_strdup_printf ("* %s", row->key)
                                                     : g_strdup (row->key),
                                 row->differs ? RTB_REPORT_CELL_DIFFERS : 0);
      for (guint r = 0; r < n_runs; r++)
        {
          const RtbCheck *check = rtb_checklist_find (rtb_run_get_checks (
                                                        rtb_compare_get_run (compare, r)),
                                                      row->key);
          char *text = check == NULL ? g_strdup ("-")
                       : g_strdup_printf ("%s: %s", rtb_check_status_label (check->status),
                                          check->value);
          rtb_report_table_add_take (table, text, check != NULL && check->status == RTB_CHECK_BAD
                                                    ? RTB_REPORT_CELL_BAD : 0);
        }
    }
  add_advice (doc, compare, rows);
}

void
rtb_report_add_causes (RtbReportDoc *doc, RtbCompare *compare)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  g_autofree RtbRun **runs = g_new0 (RtbRun *, n_runs);
  g_autoptr (GPtrArray) rows = NULL;
  RtbReportTable *table;

  for (guint r = 0; r < n_runs; r++)
    runs[r] = rtb_compare_get_run (compare, r);
  if (!rtb_compare_causes_any_traced (runs, n_runs))
    return;
  rows = rtb_compare_causes (runs, n_runs);
  rtb_report_doc_add (doc, RTB_REPORT_HEADING, _("Causes of spikes"));
  if (rows->len == 0)
    {
      rtb_report_doc_add (doc, RTB_REPORT_PARAGRAPH,
                          _("The runs were traced, and no spike reached the threshold."));
      return;
    }
  rtb_report_doc_add (doc, RTB_REPORT_NOTE,
                      _("Per system: how many spikes each cause was the main cause of, and the "
                        "worst of them, from the kernel's trace."));
  table = rtb_report_add_runs_table (doc, compare, _("cause"), RTB_REPORT_CELL_NUMBER);
  for (guint i = 0; i < rows->len; i++)
    {
      const RtbCauseRow *row = rows->pdata[i];

      rtb_report_table_add (table, row->label, row->differs ? RTB_REPORT_CELL_DIFFERS : 0);
      for (guint r = 0; r < n_runs; r++)
        rtb_report_table_add_take (table, row->counts[r] == 0 ? g_strdup ("-")
                                   : g_strdup_printf ("%" G_GUINT64_FORMAT " (%.1f µs)",
                                                      row->counts[r],
                                                      row->worst_ns[r] / 1000.0),
                                   RTB_REPORT_CELL_NUMBER);
    }
}
