/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The report's sections in their order: answer, systems and what was run, checklists, each
 * method's charts and statistics, causes of spikes, appendix. */
#define G_LOG_DOMAIN "rtbench-report"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rtb-load.h"
#include "rtb-label.h"
#include "rtb-report-build.h"
#include "rtb-report-sections.h"

static char *
duration_text (RtbRun *run)
{
  guint64 ns = rtb_run_get_elapsed_ns (run);

  if (ns == 0)
    return g_strdup ("-");
  /* Translators: how long a run measured, in seconds */
  return g_strdup_printf (_("%.1f s"), ns / 1e9);
}

/* The words of `run`'s kernel command line that not every other run has. */
static char *
cmdline_only_here (RtbCompare *compare, guint run)
{
  const RtbSystemInfo *mine = rtb_run_get_system (rtb_compare_get_run (compare, run));
  g_auto (GStrv) words = NULL;
  g_autoptr (GPtrArray) only = g_ptr_array_new ();

  if (mine == NULL || mine->cmdline == NULL)
    return g_strdup ("-");
  words = g_strsplit_set (mine->cmdline, " \t\n", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      gboolean everywhere = TRUE;

      if (words[i][0] == '\0')
        continue;
      for (guint r = 0; r < rtb_compare_get_n_runs (compare) && everywhere; r++)
        {
          const RtbSystemInfo *s = rtb_run_get_system (rtb_compare_get_run (compare, r));
          g_auto (GStrv) theirs = s != NULL && s->cmdline != NULL
                                    ? g_strsplit_set (s->cmdline, " \t\n", -1) : NULL;
          everywhere = theirs != NULL && g_strv_contains ((const char * const *) theirs,
                                                          words[i]);
        }
      if (!everywhere)
        g_ptr_array_add (only, words[i]);
    }
  g_ptr_array_add (only, NULL);
  return only->len > 1 ? g_strjoinv (" ", (char **) only->pdata) : g_strdup (_("none"));
}

static void
add_row (RtbReportTable *table, RtbCompare *compare, const char *title, gboolean differs,
         char *(*value) (RtbCompare *compare, guint run))
{
  rtb_report_table_add_take (table, differs ? g_strdup_printf ("* %s", title) : g_strdup (title),
                             differs ? RTB_REPORT_CELL_DIFFERS : 0);
  for (guint r = 0; r < rtb_compare_get_n_runs (compare); r++)
    rtb_report_table_add_take (table, value (compare, r), 0);
}

static char *
duration_of (RtbCompare *compare, guint run)
{
  return duration_text (rtb_compare_get_run (compare, run));
}

static char *
cmdline_of (RtbCompare *compare, guint run)
{
  const RtbSystemInfo *s = rtb_run_get_system (rtb_compare_get_run (compare, run));

  return g_strdup (s != NULL && s->cmdline != NULL ? s->cmdline : "-");
}

/* How to measure the same again: the load, the worker with the run's own command (it takes one
 * from its arguments), and the import of what it wrote. Imported runs say where they came from. */
static char *
commands_text (RtbRun *run, const char *name)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree char *parameters = rtb_run_format_parameters (run);
  const RtbSystemInfo *system = rtb_run_get_system (run);
  const char *source = rtb_run_get_source (run);
  RtbLoadScenario load = RTB_LOAD_NONE;

  if (rtb_run_get_load (run) != NULL)
    rtb_load_scenario_from_string (rtb_run_get_load (run), &load);
  if (source != NULL && *source != '\0' && strcmp (source, "measured") != 0 &&
      !g_str_has_prefix (source, "imported from rtbench-worker stream"))
    return NULL;
  g_string_append_printf (text, "# %s\n", name);
  if (load != RTB_LOAD_NONE)
    {
      g_auto (GStrv) argv = rtb_load_build_argv (load, system != NULL ? system->n_cpus : 0);
      g_autofree char *line = g_strjoinv (" ", argv);
      g_string_append_printf (text, "%s &\n", line);
    }
  g_string_append_printf (text, "rtbench-worker %s > run.stream\n", parameters);
  if (load != RTB_LOAD_NONE)
    g_string_append (text, "kill %1\n");
  g_string_append (text, "rtbench-cli import run.stream --output run.rtbench");
  return g_string_free (g_steal_pointer (&text), FALSE);
}

void
rtb_report_add_systems (RtbReportDoc *doc, RtbCompare *compare)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  RtbReportTable *table;
  gboolean cmdlines_differ = FALSE;

  rtb_report_doc_add (doc, RTB_REPORT_HEADING, n_runs > 1 ? _("Systems and what was run")
                                                          : _("System and what was run"));
  table = rtb_report_add_runs_table (doc, compare, "", 0);
  for (guint i = 0; i < rtb_compare_get_n_system_rows (compare); i++)
    {
      const RtbCompareSystemRow *row = rtb_compare_get_system_row (compare, i);
      const char *title;

      if (row->checklist)
        continue;
      title = rtb_compare_system_row_title (row);
      rtb_report_table_add_take (table, row->differs ? g_strdup_printf ("* %s", title)
                                                     : g_strdup (title),
                                 row->differs ? RTB_REPORT_CELL_DIFFERS : 0);
      for (guint r = 0; r < n_runs; r++)
        rtb_report_table_add (table, rtb_compare_system_row_label (row, r), 0);
    }
  for (guint r = 1; r < n_runs; r++)
    {
      g_autofree char *a = cmdline_of (compare, 0);
      g_autofree char *b = cmdline_of (compare, r);
      cmdlines_differ |= strcmp (a, b) != 0;
    }
  add_row (table, compare, _("duration"), FALSE, duration_of);
  add_row (table, compare, _("kernel command line"), cmdlines_differ, cmdline_of);
  if (cmdlines_differ)
    add_row (table, compare, _("command line: only here"), TRUE, cmdline_only_here);
  if (n_runs > 1)
    rtb_report_doc_add (doc, RTB_REPORT_NOTE, _("* the systems differ in this row."));

  for (guint r = 0; r < n_runs; r++)
    {
      g_autofree char *commands = commands_text (rtb_compare_get_run (compare, r),
                                                 rtb_compare_get_run_name (compare, r));
      if (commands == NULL)
        continue;
      if (r == 0 || n_runs == 1)
        rtb_report_doc_add (doc, RTB_REPORT_NOTE,
                            _("To measure the same again (as root, or with the right to use "
                              "real-time scheduling):"));
      rtb_report_doc_add (doc, RTB_REPORT_CODE, commands);
    }
}

/* Each method's runs together: their charts, then their statistics. */
static void
add_methods (RtbReportDoc *doc, RtbCompare *compare)
{
  guint n_runs = rtb_compare_get_n_runs (compare);

  for (RtbMethod method = RTB_METHOD_LATENCY; method <= RTB_METHOD_LAST; method++)
    {
      g_autoptr (GPtrArray) runs = g_ptr_array_new ();
      g_autoptr (RtbCompare) group = NULL;

      for (guint r = 0; r < n_runs; r++)
        if (rtb_run_get_method (rtb_compare_get_run (compare, r)) == method)
          g_ptr_array_add (runs, rtb_compare_get_run (compare, r));
      if (runs->len == 0)
        continue;
      group = rtb_compare_new ((RtbRun **) runs->pdata, runs->len);
      /* Translators: a section per method: "latency: charts and statistics" */
      rtb_report_doc_add_printf (doc, RTB_REPORT_HEADING, _("%s: charts and statistics"),
                                 rtb_method_to_string (method));
      rtb_report_doc_add_chart (doc, (RtbRun **) runs->pdata, runs->len);
      {
        g_autofree char *note = rtb_plot_run_no_instances_note ((RtbRun **) runs->pdata,
                                                                runs->len);
        rtb_report_doc_add (doc, RTB_REPORT_NOTE, note);
      }
      rtb_report_add_statistics (doc, group);
      {
        g_autoptr (GPtrArray) labels = rtb_label_unique ((RtbRun **) runs->pdata, runs->len);

        for (guint r = 0; r < runs->len; r++)
          {
            /* Translators: a section per run with its heatmaps, %s is its label */
            rtb_report_doc_add_printf (doc, RTB_REPORT_SUBHEADING,
                                       _("%s: when the samples came"),
                                       (const char *) labels->pdata[r]);
            rtb_report_doc_add_heatmap (doc, runs->pdata[r]);
          }
      }
    }
}

static char *
file_sha256 (const char *path)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  if (path == NULL || !g_file_get_contents (path, &data, &length, NULL))
    return NULL;
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, length);
}

static void
add_appendix (RtbReportDoc *doc, RtbCompare *compare)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  const char * const *notices = rtb_compare_get_notices (compare);
  RtbReportTable *table;

  rtb_report_doc_add (doc, RTB_REPORT_HEADING, _("Appendix"));
  /* Translators: %s is rtbench's version */
  rtb_report_doc_add_printf (doc, RTB_REPORT_PARAGRAPH, _("Written by rtbench %s."),
                             PACKAGE_VERSION);
  table = rtb_report_doc_add_table (doc, 3);
  rtb_report_table_add (table, _("run"), RTB_REPORT_CELL_HEADER);
  rtb_report_table_add (table, _("file"), RTB_REPORT_CELL_HEADER);
  rtb_report_table_add (table, _("SHA-256"), RTB_REPORT_CELL_HEADER);
  for (guint r = 0; r < n_runs; r++)
    {
      const char *path = rtb_run_get_file (rtb_compare_get_run (compare, r));
      char *sum = file_sha256 (path);

      rtb_report_table_add (table, rtb_compare_get_run_name (compare, r), 0);
      rtb_report_table_add_take (table, path != NULL ? g_path_get_basename (path)
                                                     : g_strdup (_("not saved")), 0);
      rtb_report_table_add_take (table, sum, 0);
    }
  if (notices[0] != NULL)
    {
      rtb_report_doc_add (doc, RTB_REPORT_SUBHEADING, _("Notices"));
      for (guint i = 0; notices[i] != NULL; i++)
        rtb_report_doc_add (doc, RTB_REPORT_PARAGRAPH, notices[i]);
    }
}

RtbReportDoc *
rtb_report_build (RtbRun *const *runs, guint n_runs)
{
  RtbReportDoc *doc = rtb_report_doc_new ();
  g_autoptr (RtbCompare) compare = rtb_compare_new (runs, n_runs);

  rtb_report_add_answer (doc, compare);
  rtb_report_add_systems (doc, compare);
  rtb_report_add_checklists (doc, compare);
  add_methods (doc, compare);
  rtb_report_add_causes (doc, compare);
  add_appendix (doc, compare);
  return doc;
}
