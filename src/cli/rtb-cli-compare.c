/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include <math.h>
#include <string.h>

#include "rtb-cli-runs.h"
#include "rtb-cli-util.h"
#include "rtb-cli.h"
#include "rtb-compare-causes.h"
#include "rtb-compare.h"
#include "rtb-csv.h"
#include "rtb-json-text.h"
#include "rtb-safe-text.h"

static const char compare_usage[] =
  "Usage: rtbench-cli compare FILE|DIR... [--png F] [--svg F] [--pdf F] [--csv F]\n"
  "                                        [--csv-histogram F]\n"
  "                                        [--chart both|curve|histogram|heatmap]\n"
  "                                        [--y-scale auto|linear|log] [--time-axis elapsed|clock]\n"
  "                                        [--width N] [--height N] [--scale S] [--dark] [--json]\n"
  "\n"
  "Compares saved runs, from this machine or others; the first is the baseline; a folder\n"
  "stands for the .rtbench files in it, by name (as run --output-dir writes them). Prints the\n"
  "systems and their tuning checklists side by side (* marks the rows that differ, ! the\n"
  "checklist differences that most likely explain why one run's worst case is worse), notices\n"
  "about what makes the runs hard to compare (different methods, intervals, durations…) and\n"
  "which checklist items likely explain the difference, and every statistic per series and\n"
  "for all CPUs pooled, with its difference and ratio to the baseline; * marks the best value\n"
  "of a row (closer to zero is better, higher for osnoise's CPU available %; count is not\n"
  "judged; ties are not marked).\n"
  "\n"
  "  --png/--svg/--pdf F  the runs' charts overlaid, each series in its own colour\n"
  "  --chart C            both (default), curve or histogram; or heatmap: a heatmap per\n"
  "                       series, the runs side by side on the same time, value and\n"
  "                       count scales\n"
  "  --y-scale S          the curves' value axis: auto (default: logarithmic when spikes of\n"
  "                       10 times the mean or more would squash the running mean), linear\n"
  "                       or log (for values above zero)\n"
  "  --time-axis T        the time axis: elapsed (default) or clock, the time of day of the\n"
  "                       machine that measured (a curve: one run; heatmaps: each run's own)\n"
  "  --width/--height N   chart size (default 1200×900, 1200×500 for one chart, 300 high\n"
  "                       per series for heatmaps); --scale S\n"
  "                       multiplies PNG pixels; --dark uses the dark theme\n"
  "  --csv F              the comparison table: series, statistic, each run's value, each\n"
  "                       run's difference and ratio to the baseline, the best run\n"
  "  --csv-histogram F    bucket_us and one column per series of each run\n"
  "  --json               print the comparison as JSON instead of text\n";

#define NAME_WIDTH 21 /* a statistic's label whole: "max single noise µs" */
#define MAX_COLUMN 24
#define INTERRUPTS_SHOWN 12

static guint
text_width (const char *text)
{
  return (guint) g_utf8_strlen (text, -1);
}

/* Pads or cuts `text` to `width` characters, right-aligned when `right`. */
static void
put_cell (GString *line, const char *text, guint width, gboolean right)
{
  guint w = text_width (text);

  /* Shortened in the middle: runs' names tend to differ at their ends ("…, board2"). */
  if (w > width)
    {
      guint head = width > 0 ? (width - 1) / 2 : 0;
      guint tail = width > 0 ? width - 1 - head : 0;
      const char *head_end = g_utf8_offset_to_pointer (text, head);

      g_string_append_len (line, text, head_end - text);
      g_string_append (line, "…");
      g_string_append (line, g_utf8_offset_to_pointer (text, g_utf8_strlen (text, -1) - tail));
      return;
    }
  if (!right)
    g_string_append (line, text);
  for (guint i = w; i < width; i++)
    g_string_append_c (line, ' ');
  if (right)
    g_string_append (line, text);
}

static void
print_system (RtbCompare *compare, FILE *out)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  guint width = 12, names = 0, title_width = NAME_WIDTH;
  gboolean in_checklist = FALSE;
  g_autoptr (GString) line = g_string_new (NULL);

  for (guint r = 0; r < n_runs; r++)
    names = MAX (names, text_width (rtb_compare_get_run_name (compare, r)));
  width = MAX (width, names);
  for (guint i = 0; i < rtb_compare_get_n_system_rows (compare); i++)
    for (guint r = 0; r < n_runs; r++)
      {
        guint w = text_width (rtb_compare_system_row_label (rtb_compare_get_system_row (compare,
                                                                                        i), r));
        if (w <= 30)
          width = MAX (width, w);
      }
  width = MIN (width, 30) + 2;
  for (guint i = 0; i < rtb_compare_get_n_system_rows (compare); i++)
    title_width = MAX (title_width, text_width (rtb_compare_get_system_row (compare, i)->title));

  g_string_assign (line, "System");
  for (guint i = text_width ("System"); i < title_width + 3; i++)
    g_string_append_c (line, ' ');
  for (guint r = 0; r < n_runs; r++)
    put_cell (line, rtb_compare_get_run_name (compare, r), width, FALSE);
  fprintf (out, "%s\n", g_strchomp (line->str));

  for (guint i = 0; i < rtb_compare_get_n_system_rows (compare); i++)
    {
      const RtbCompareSystemRow *row = rtb_compare_get_system_row (compare, i);
      gboolean long_values = FALSE;

      for (guint r = 0; r < n_runs; r++)
        long_values = long_values ||
                      text_width (rtb_compare_system_row_label (row, r)) > width - 2;
      if (!in_checklist && row->checklist)
        {
          in_checklist = TRUE;
          fputs ("Checklist at the start\n", out);
        }
      g_string_assign (line, row->explains ? "! " : row->differs ? "* " : "  ");
      put_cell (line, row->title, title_width + 1, FALSE);
      if (long_values && !row->differs)
        {
          fprintf (out, "%s%s  (all runs)\n", line->str, rtb_compare_system_row_label (row, 0));
          continue;
        }
      if (long_values)
        {
          fprintf (out, "%s\n", g_strchomp (line->str));
          for (guint r = 0; r < n_runs; r++)
            {
              g_autoptr (GString) sub = g_string_new ("    ");
              g_autofree char *name = g_strdup_printf ("%s:",
                                                       rtb_compare_get_run_name (compare, r));
              put_cell (sub, name, names + 2, FALSE);
              fprintf (out, "%s%s\n", sub->str, rtb_compare_system_row_label (row, r));
            }
          continue;
        }
      for (guint r = 0; r < n_runs; r++)
        put_cell (line, rtb_compare_system_row_label (row, r), width, FALSE);
      fprintf (out, "%s\n", g_strchomp (line->str));
    }
  fputs ("(* the runs differ; ! they differ, and this likely explains part of the difference in "
         "worst cases)\n", out);
}

static char *
format_value (RtbFigure stat, double value, gboolean sign, guint decimals)
{
  if (isnan (value))
    return g_strdup ("-");
  if (sign && value == 0)
    return g_strdup ("0");
  return g_strdup_printf (sign ? "%+.*f" : "%.*f", (int) rtb_figure_decimals (stat, decimals),
                          value);
}

/* Columns: the series or statistic, each run's value followed by a two-character slot for the
 * best mark, then for each run after the baseline its difference and ratio. */
static void
print_row (RtbCompare *compare, guint row, guint width, FILE *out)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  guint decimals = rtb_compare_get_decimals (compare);
  g_autoptr (GString) line = g_string_new (NULL);

  put_cell (line, rtb_compare_get_row_name (compare, row), NAME_WIDTH, FALSE);
  for (guint r = 0; r < n_runs; r++)
    {
      put_cell (line, rtb_compare_get_run_name (compare, r), width, TRUE);
      g_string_append (line, "  ");
    }
  for (guint r = 1; r < n_runs; r++)
    {
      g_autofree char *diff = g_strdup_printf ("Δ %s", rtb_compare_get_run_name (compare, r));
      g_autofree char *ratio = g_strdup_printf ("× %s", rtb_compare_get_run_name (compare, r));
      put_cell (line, diff, width, TRUE);
      g_string_append (line, "  ");
      put_cell (line, ratio, width, TRUE);
      g_string_append (line, "  ");
    }
  fprintf (out, "%s\n", g_strchomp (line->str));

  for (RtbFigure stat = 0; stat < RTB_N_FIGURES; stat++)
    {
      if (!rtb_compare_shows_stat (compare, stat))
        continue;
      g_string_assign (line, "  ");
      put_cell (line, rtb_figure_label (stat), NAME_WIDTH - 2, FALSE);
      for (guint r = 0; r < n_runs; r++)
        {
          const RtbCompareCell *cell = rtb_compare_get_cell (compare, row, r, stat);
          g_autofree char *value = format_value (stat, cell->value, FALSE, decimals);

          put_cell (line, value, width, TRUE);
          g_string_append (line, cell->best ? " *" : cell->partial ? " †" : "  ");
        }
      for (guint r = 1; r < n_runs; r++)
        {
          const RtbCompareCell *cell = rtb_compare_get_cell (compare, row, r, stat);
          g_autofree char *diff = format_value (stat, cell->difference, TRUE, decimals);
          g_autofree char *ratio = isnan (cell->ratio) ? g_strdup ("-")
                                                       : g_strdup_printf ("%.2f", cell->ratio);
          put_cell (line, diff, width, TRUE);
          g_string_append (line, "  ");
          put_cell (line, ratio, width, TRUE);
          g_string_append (line, "  ");
        }
      fprintf (out, "%s\n", g_strchomp (line->str));
    }
}

static gboolean
any_partial (RtbCompare *compare)
{
  for (guint row = 0; row < rtb_compare_get_n_rows (compare); row++)
    for (guint r = 0; r < rtb_compare_get_n_runs (compare); r++)
      for (RtbFigure stat = 0; stat < RTB_N_FIGURES; stat++)
        if (rtb_compare_get_cell (compare, row, r, stat)->partial)
          return TRUE;
  return FALSE;
}

/* The compared runs, in order (transfer container). */
static RtbRun **
runs_of (RtbCompare *compare)
{
  RtbRun **runs = g_new0 (RtbRun *, rtb_compare_get_n_runs (compare));

  for (guint r = 0; r < rtb_compare_get_n_runs (compare); r++)
    runs[r] = rtb_compare_get_run (compare, r);
  return runs;
}

/* How a table whose columns are the runs says a row: where its label is, where its gboolean
 * "marked *" is (some runs have it and others have not; -1: never marked), and its cell of run
 * `r`. */
typedef struct {
  glong label_offset;
  glong marked_offset;
  char *(*cell) (gconstpointer row, guint r);
} RunTableRows;

static const char *
row_label (const RunTableRows *how, gconstpointer row)
{
  return G_STRUCT_MEMBER (const char *, row, how->label_offset);
}

/* The table's title, a line of the runs' names, then the first `shown` rows. */
static void
print_run_table (RtbCompare *compare, const char *title, GPtrArray *rows, guint shown,
                 const RunTableRows *how, guint names, FILE *out)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  g_autoptr (GString) line = g_string_new ("  ");
  guint label_width = 12;

  shown = MIN (shown, rows->len);
  for (guint i = 0; i < shown; i++)
    label_width = MAX (label_width, text_width (row_label (how, rows->pdata[i])) + 2);
  label_width = MIN (label_width, MAX_COLUMN * 2);
  fprintf (out, "\n%s\n", title);
  put_cell (line, "", label_width, FALSE);
  for (guint r = 0; r < n_runs; r++)
    put_cell (line, rtb_compare_get_run_name (compare, r), MAX (names + 2, 24), FALSE);
  fprintf (out, "%s\n", line->str);
  for (guint i = 0; i < shown; i++)
    {
      g_autofree char *label = rtb_safe_text (row_label (how, rows->pdata[i]));
      gboolean marked = how->marked_offset >= 0 &&
                        G_STRUCT_MEMBER (gboolean, rows->pdata[i], how->marked_offset);

      g_string_assign (line, marked ? "* " : "  ");
      put_cell (line, label, label_width, FALSE);
      for (guint r = 0; r < n_runs; r++)
        {
          g_autofree char *cell = how->cell (rows->pdata[i], r);

          put_cell (line, cell, MAX (names + 2, 24), FALSE);
        }
      fprintf (out, "%s\n", line->str);
    }
}

static char *
cause_cell (gconstpointer data, guint r)
{
  const RtbCauseRow *row = data;

  return row->counts[r] > 0 ? g_strdup_printf ("%" G_GUINT64_FORMAT " (%.1f µs)",
                                               row->counts[r], row->worst_ns[r] / 1000.0)
                            : g_strdup ("-");
}

/* Which causes of spikes each run has: the first column the cause, then per run its count. */
static void
print_causes (RtbCompare *compare, guint names, FILE *out)
{
  static const RunTableRows how = { G_STRUCT_OFFSET (RtbCauseRow, label),
                                    G_STRUCT_OFFSET (RtbCauseRow, differs), cause_cell };
  guint n_runs = rtb_compare_get_n_runs (compare);
  g_autofree RtbRun **runs = runs_of (compare);
  g_autoptr (GPtrArray) rows = NULL;

  if (!rtb_compare_causes_any_traced (runs, n_runs))
    return;
  rows = rtb_compare_causes (runs, n_runs);
  print_run_table (compare, "Causes of spikes (spikes each was the main cause of, and the worst; "
                   "* where some runs have it and others have not)", rows, rows->len, &how,
                   names, out);
  if (rows->len == 0)
    fputs ("  none: no spike reached a threshold\n", out);
}

static char *
irq_cell (gconstpointer data, guint r)
{
  const RtbIrqRow *row = data;

  if (!row->known[r])
    return g_strdup ("-");
  if (isnan (row->per_second[r]))
    return g_strdup_printf ("%" G_GUINT64_FORMAT, row->counts[r]);
  return g_strdup_printf ("%" G_GUINT64_FORMAT " (%.1f/s)", row->counts[r], row->per_second[r]);
}

/* The cheap clue of every run, traced or not: what its measured CPUs served, per second. */
static void
print_interrupts (RtbCompare *compare, guint names, FILE *out)
{
  static const RunTableRows how = { G_STRUCT_OFFSET (RtbIrqRow, label), -1, irq_cell };
  g_autofree RtbRun **runs = runs_of (compare);
  g_autoptr (GPtrArray) rows = rtb_compare_interrupts (runs, rtb_compare_get_n_runs (compare));

  if (rows->len == 0)
    return;
  print_run_table (compare, "Interrupts and softirqs the measured CPUs served (count during the "
                   "run, per second; - where the run did not keep it)", rows, INTERRUPTS_SHOWN,
                   &how, names, out);
  if (rows->len > INTERRUPTS_SHOWN)
    fprintf (out, "  and %u more\n", rows->len - INTERRUPTS_SHOWN);
}

void
rtb_cli_print_comparison (RtbCompare *compare, char **files, FILE *out)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  const char * const *notices = rtb_compare_get_notices (compare);
  guint width = 8, names = 0;

  for (guint r = 0; r < n_runs; r++)
    names = MAX (names, text_width (rtb_compare_get_run_name (compare, r)));
  fprintf (out, "Comparing %u runs; the first is the baseline:\n", n_runs);
  for (guint r = 0; r < n_runs; r++)
    {
      g_autoptr (GString) line = g_string_new ("  ");
      g_autofree char *file = rtb_safe_text (files[r]);

      put_cell (line, rtb_compare_get_run_name (compare, r), names + 2, FALSE);
      fprintf (out, "%s%s\n", line->str, file);
    }
  fputc ('\n', out);
  print_system (compare, out);

  if (notices[0] != NULL)
    {
      fputs ("\nNotices\n", out);
      for (guint i = 0; notices[i] != NULL; i++)
        fprintf (out, "  ! %s\n", notices[i]);
    }

  width = CLAMP (names + 2, width, MAX_COLUMN);
  fprintf (out, "\nStatistics in µs. Δ and × are the difference and ratio to %s;\n"
           "* marks the best of a row (closer to zero is better; count is not judged).\n",
           rtb_compare_get_run_name (compare, 0));
  for (RtbFigure stat = 0; stat < RTB_N_FIGURES; stat++)
    if (rtb_compare_shows_stat (compare, stat) && rtb_figure_is_higher_better (stat))
      fprintf (out, "%s: higher is better.\n", rtb_figure_label (stat));
  for (guint row = 0; row < rtb_compare_get_n_rows (compare); row++)
    {
      fputc ('\n', out);
      print_row (compare, row, width, out);
    }
  if (any_partial (compare))
    fputs ("\n† covers only the samples whose values the source gave (not its overflows): "
           "not compared\n", out);
  print_causes (compare, names, out);
  print_interrupts (compare, names, out);
}

static void
add_double (JsonBuilder *builder, double value)
{
  if (isnan (value) || isinf (value))
    json_builder_add_null_value (builder);
  else
    json_builder_add_double_value (builder, value);
}

static const char *
verdict_name (RtbCompareVerdict verdict)
{
  switch (verdict)
    {
    case RTB_COMPARE_SAME:
      return "same";
    case RTB_COMPARE_BETTER:
      return "better";
    case RTB_COMPARE_WORSE:
      return "worse";
    case RTB_COMPARE_UNJUDGED:
    default:
      return NULL;
    }
}

static void
add_stats_json (JsonBuilder *b, RtbCompare *compare, guint row)
{
  guint n_runs = rtb_compare_get_n_runs (compare);

  json_builder_begin_object (b);
  for (RtbFigure stat = 0; stat < RTB_N_FIGURES; stat++)
    {
      int best = -1;

      if (!rtb_compare_shows_stat (compare, stat))
        continue;
      json_builder_set_member_name (b, rtb_figure_key (stat));
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "values");
      json_builder_begin_array (b);
      for (guint r = 0; r < n_runs; r++)
        {
          const RtbCompareCell *cell = rtb_compare_get_cell (compare, row, r, stat);
          add_double (b, cell->value);
          if (cell->best)
            best = (int) r;
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "difference");
      json_builder_begin_array (b);
      for (guint r = 0; r < n_runs; r++)
        add_double (b, rtb_compare_get_cell (compare, row, r, stat)->difference);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "ratio");
      json_builder_begin_array (b);
      for (guint r = 0; r < n_runs; r++)
        add_double (b, rtb_compare_get_cell (compare, row, r, stat)->ratio);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "verdict");
      json_builder_begin_array (b);
      for (guint r = 0; r < n_runs; r++)
        {
          const char *v = verdict_name (rtb_compare_get_cell (compare, row, r, stat)->verdict);
          if (v != NULL)
            json_builder_add_string_value (b, v);
          else
            json_builder_add_null_value (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "partial");
      json_builder_begin_array (b);
      for (guint r = 0; r < n_runs; r++)
        json_builder_add_boolean_value (b, rtb_compare_get_cell (compare, row, r, stat)->partial);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "best");
      if (best >= 0)
        json_builder_add_int_value (b, best);
      else
        json_builder_add_null_value (b);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

static void
print_json (RtbCompare *compare, char **files, FILE *out)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  guint n_runs = rtb_compare_get_n_runs (compare);
  const char * const *notices = rtb_compare_get_notices (compare);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "runs");
  json_builder_begin_array (b);
  for (guint r = 0; r < n_runs; r++)
    {
      RtbRun *run = rtb_compare_get_run (compare, r);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, rtb_compare_get_run_name (compare, r));
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, files[r]);
      json_builder_set_member_name (b, "test");
      json_builder_add_string_value (b, rtb_method_to_string (rtb_run_get_method (run)));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "system");
  json_builder_begin_array (b);
  for (guint i = 0; i < rtb_compare_get_n_system_rows (compare); i++)
    {
      const RtbCompareSystemRow *row = rtb_compare_get_system_row (compare, i);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "key");
      json_builder_add_string_value (b, row->key);
      json_builder_set_member_name (b, "values");
      json_builder_begin_array (b);
      /* "-" is how a row says unknown: null in JSON. */
      for (guint r = 0; r < n_runs; r++)
        if (g_strcmp0 (row->values[r], "-") == 0)
          json_builder_add_null_value (b);
        else
          json_builder_add_string_value (b, row->values[r]);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "differs");
      json_builder_add_boolean_value (b, row->differs);
      json_builder_set_member_name (b, "explains");
      json_builder_add_boolean_value (b, row->explains);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "notices");
  json_builder_begin_array (b);
  for (guint i = 0; notices[i] != NULL; i++)
    json_builder_add_string_value (b, notices[i]);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "series");
  json_builder_begin_array (b);
  for (guint row = 0; row < rtb_compare_get_n_rows (compare); row++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, rtb_compare_get_row_name (compare, row));
      json_builder_set_member_name (b, "pooled");
      json_builder_add_boolean_value (b, rtb_compare_row_is_pooled (compare, row));
      json_builder_set_member_name (b, "stats");
      add_stats_json (b, compare, row);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  g_autoptr (JsonNode) root = json_builder_get_root (b);
  g_autofree char *text = rtb_json_to_text (root, TRUE, NULL);
  fprintf (out, "%s\n", text);
}

int
rtb_cli_compare (int argc, char **argv)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new ();
  g_autoptr (GPtrArray) folder_files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) runs = NULL;
  const char *csv = NULL, *csv_histogram = NULL;
  gboolean json = FALSE;
  const RtbCliOption options[] = {
    { "--csv", &csv }, { "--csv-histogram", &csv_histogram }, { "--json", NULL, &json },
    { NULL },
  };
  RtbCliChartOptions charts;
  int parsed;

  rtb_cli_chart_options_init (&charts);
  parsed = rtb_cli_parse_chart_command (argc, argv, "compare", compare_usage, options, &charts,
                                        files);
  if (parsed >= 0)
    return parsed;
  if (!rtb_cli_expand_folders (files, folder_files))
    return RTB_CLI_FAILED;
  if (files->len < 2)
    {
      rtb_cli_error ("compare needs at least two run files: rtbench-cli compare FILE FILE... "
                     "or a folder that holds them");
      return RTB_CLI_USAGE;
    }

  runs = rtb_cli_load_runs (files);
  if (runs == NULL)
    return RTB_CLI_FAILED;

  g_autoptr (RtbCompare) compare = rtb_compare_new ((RtbRun **) runs->pdata, runs->len);
  /* Unique names in the legends and CSV columns too: two runs may share a label. */
  for (guint r = 0; r < runs->len; r++)
    rtb_run_set_label (runs->pdata[r], rtb_compare_get_run_name (compare, r));

  if (json)
    print_json (compare, (char **) files->pdata, stdout);
  else
    rtb_cli_print_comparison (compare, (char **) files->pdata, stdout);
  fflush (stdout);

  FILE *status = json ? stderr : stdout;
  if (!json && (rtb_cli_chart_options_any (&charts) || csv != NULL || csv_histogram != NULL))
    fputc ('\n', status);
  charts.status = status;
  if (!rtb_cli_chart_write (&charts, (RtbRun **) runs->pdata, runs->len))
    return RTB_CLI_FAILED;
  if (csv != NULL)
    {
      g_autofree char *text = rtb_csv_compare (compare);
      if (!rtb_cli_write_text (csv, text, status))
        return RTB_CLI_FAILED;
    }
  if (csv_histogram != NULL)
    {
      g_autofree char *text = rtb_csv_histogram ((RtbRun **) runs->pdata, runs->len);
      if (!rtb_cli_write_text (csv_histogram, text, status))
        return RTB_CLI_FAILED;
    }
  return RTB_CLI_OK;
}
