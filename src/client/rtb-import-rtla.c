/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rtla timerlat hist and osnoise hist text, FORMATS.md §4.1: a "#" header, the column line
 * "Index   IRQ-000   Thr-000 …" (osnoise: "Index   CPU-000 …"), rows "INDEX COUNT…" (all-zero
 * rows skipped), then the rows over:, count:, min:, avg:, max: ("-" for a column without
 * samples) and an ALL: block. timerlat's are wake-up latencies (a latency run); osnoise's are
 * the durations of single noises above its threshold (a noise run).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "rtb-import-private.h"
#include "rtb-run-private.h"

#define MAX_COLUMNS (3 * RTB_MAX_THREADS)
#define NO_VALUE G_MAXUINT64
#define CPU_KIND 3 /* osnoise's column kind */
#define OSNOISE_WHAT "rtla osnoise hist text"

typedef enum { OVER, COUNT, MIN, AVG, MAX, N_STATS } Stat;
static const char * const stat_names[N_STATS] = { "over:", "count:", "min:", "avg:", "max:" };

typedef struct {
  guint n_columns;
  int cpu[MAX_COLUMNS];
  char kind[MAX_COLUMNS][4];
  gboolean ns;
  gboolean osnoise; /* CPU- columns */
  gboolean have_unit;
  guint64 elapsed_ns;
  RtbImportLines rows;
  guint n_rows;
  guint64 last_index;
  guint64 sums[MAX_COLUMNS];
  guint stat_line[N_STATS];
  guint64 stats[N_STATS][MAX_COLUMNS];
  gboolean trailing;
} Parse;

static void
parse_header_line (Parse *parse, const RtbImportLine *line)
{
  RtbImportCursor c;

  _rtb_import_cursor_init (&c, line);
  if (_rtb_import_skip_text (&c, "# Time unit is "))
    {
      parse->ns = _rtb_import_skip_text (&c, "nanoseconds");
      parse->have_unit = TRUE;
    }
  else
    _rtb_import_rtla_duration_line (line, "# Duration:", &parse->elapsed_ns);
}

static gboolean
parse_columns (Parse *parse, const RtbImportLine *line, GError **error)
{
  RtbImportCursor c;

  _rtb_import_cursor_init (&c, line);
  _rtb_import_skip_text (&c, "Index");
  while (_rtb_import_skip_blanks (&c))
    {
      static const char * const kinds[] = { [0] = "IRQ-", [1] = "Thr-", [2] = "Usr-",
                                            [CPU_KIND] = "CPU-" };
      guint64 cpu;
      guint k;

      for (k = 0; k < G_N_ELEMENTS (kinds); k++)
        if (_rtb_import_skip_text (&c, kinds[k]))
          break;
      if (k == G_N_ELEMENTS (kinds) || parse->n_columns == MAX_COLUMNS ||
          !_rtb_import_parse_u64 (&c, RTB_MAX_CPUS - 1, &cpu) ||
          (c.p < c.end && *c.p != ' ' && *c.p != '\t'))
        return _rtb_import_fail_found (error, line, "expected the column line \"Index   "
                                       "IRQ-000   Thr-000 …\" (IRQ-, Thr-, Usr- or CPU- and a "
                                       "CPU number, at most %u columns)", MAX_COLUMNS);
      if (parse->n_columns > 0 && (k == CPU_KIND) != parse->osnoise)
        return _rtb_import_fail (error, line->number, "the column line mixes osnoise's CPU- "
                                 "columns with timerlat's IRQ-, Thr- and Usr- columns");
      parse->osnoise = k == CPU_KIND;
      parse->cpu[parse->n_columns] = (int) cpu;
      memcpy (parse->kind[parse->n_columns], kinds[k], 3);
      parse->n_columns++;
    }
  if (parse->n_columns == 0)
    return _rtb_import_fail (error, line->number, "the column line \"Index\" names no columns");
  return TRUE;
}

/* A row of n_columns numbers after `c`; "-" (NO_VALUE) only when `dash_ok`. */
static gboolean
parse_numbers (Parse *parse, RtbImportCursor *c, guint64 max, gboolean dash_ok, guint64 *out,
               const RtbImportLine *line, GError **error)
{
  guint n = 0;

  while (_rtb_import_skip_blanks (c))
    {
      if (n == parse->n_columns)
        break;
      if (dash_ok && *c->p == '-' && (c->end - c->p == 1 || c->p[1] == ' ' || c->p[1] == '\t'))
        {
          out[n++] = NO_VALUE;
          c->p++;
          continue;
        }
      if (!_rtb_import_parse_u64 (c, max, &out[n]) ||
          (c->p < c->end && *c->p != ' ' && *c->p != '\t'))
        break;
      n++;
    }
  if (n == parse->n_columns && !_rtb_import_skip_blanks (c))
    return TRUE;
  return _rtb_import_fail_found (error, line, "expected %u whole numbers up to %"
                                 G_GUINT64_FORMAT "%s, one per column of the \"Index\" line",
                                 parse->n_columns, max, dash_ok ? " (or -)" : "");
}

static gboolean
parse_table_line (Parse *parse, const RtbImportLine *line, GError **error)
{
  RtbImportCursor c;
  guint64 index, values[MAX_COLUMNS];

  _rtb_import_cursor_init (&c, line);
  if (parse->trailing || _rtb_import_line_is_blank (line))
    return TRUE;
  for (guint s = 0; s < N_STATS; s++)
    if (_rtb_import_skip_text (&c, stat_names[s]))
      {
        guint64 max = s == OVER || s == COUNT ? RTB_IMPORT_MAX_COUNT
                                              : RTB_IMPORT_MAX_VALUE_US * 1000;

        if (parse->stat_line[s] != 0)
          return _rtb_import_fail (error, line->number, "a second \"%s\" row (the first is on "
                                   "line %u)", stat_names[s], parse->stat_line[s]);
        parse->stat_line[s] = line->number;
        return parse_numbers (parse, &c, max, s != OVER && s != COUNT, parse->stats[s], line,
                              error);
      }
  if (_rtb_import_line_has_prefix (line, "ALL:"))
    {
      parse->trailing = TRUE;
      return TRUE;
    }
  if (line->len > 0 && g_ascii_isdigit (line->p[0]) && parse->stat_line[OVER] == 0 &&
      parse->stat_line[COUNT] == 0 && parse->stat_line[MIN] == 0)
    {
      if (!_rtb_import_parse_u64 (&c, RTB_IMPORT_MAX_INDEX (parse->ns), &index) ||
          !parse_numbers (parse, &c, RTB_IMPORT_MAX_COUNT, FALSE, values, line, error))
        {
          g_clear_error (error);
          return _rtb_import_fail_found (error, line, "expected a histogram row \"INDEX "
                                         "COUNT…\" with an index up to %" G_GUINT64_FORMAT
                                         " and %u counts", RTB_IMPORT_MAX_INDEX (parse->ns),
                                         parse->n_columns);
        }
      if (parse->n_rows > 0 && index <= parse->last_index)
        return _rtb_import_fail (error, line->number, "index %" G_GUINT64_FORMAT " does not "
                                 "follow %" G_GUINT64_FORMAT ": rows must go up", index,
                                 parse->last_index);
      for (guint i = 0; i < parse->n_columns; i++)
        if ((parse->sums[i] += values[i]) > RTB_IMPORT_MAX_COUNT)
          return _rtb_import_fail (error, line->number, "column %u holds more than %"
                                   G_GUINT64_FORMAT " samples", i + 1, RTB_IMPORT_MAX_COUNT);
      parse->last_index = index;
      parse->n_rows++;
      return TRUE;
    }
  if (parse->stat_line[MAX] != 0)
    {
      /* rtla's auto-analysis and notes follow the table. */
      parse->trailing = TRUE;
      return TRUE;
    }
  return _rtb_import_fail_found (error, line, "expected a histogram row \"INDEX COUNT…\" or "
                                 "a summary row (over:, count:, min:, avg:, max:)");
}

static gboolean
handle_line (gpointer data, const RtbImportLine *line, const RtbImportLines *rest,
             GError **error)
{
  Parse *parse = data;

  if (parse->n_columns > 0)
    return parse_table_line (parse, line, error);
  if (_rtb_import_line_has_prefix (line, "Index"))
    {
      parse->rows = *rest;
      return parse_columns (parse, line, error);
    }
  if (line->len > 0 && line->p[0] == '#')
    parse_header_line (parse, line);
  else if (!_rtb_import_line_is_blank (line))
    return _rtb_import_fail_found (error, line, "expected the rtla header (\"# RTLA timerlat "
                                   "histogram\", \"# Time unit is …\") or the column line "
                                   "\"Index   IRQ-000   Thr-000 …\"");
  return TRUE;
}

static gboolean
set_stats (Parse *parse, RtbSeries *series, guint col, GError **error)
{
  guint64 over = parse->stat_line[OVER] != 0 ? parse->stats[OVER][col] : 0;
  guint64 count = parse->sums[col] + over;
  gint64 min_ns, avg_ns, max_ns, sum_ns;

  rtb_series_add_unknown_overflows (series, over);
  if (parse->stat_line[COUNT] != 0 && parse->stats[COUNT][col] != count)
    return _rtb_import_fail (error, parse->stat_line[COUNT], "column %u counts %"
                             G_GUINT64_FORMAT " samples, but its rows and over: hold %"
                             G_GUINT64_FORMAT, col + 1, parse->stats[COUNT][col], count);
  if (count == 0)
    return TRUE;
  for (guint s = MIN; s <= MAX; s++)
    if (parse->stats[s][col] == NO_VALUE)
      return _rtb_import_fail (error, parse->stat_line[s], "column %u has samples but no %s",
                               col + 1, stat_names[s]);
  if (!_rtb_import_to_ns (parse->stats[MIN][col], parse->ns, &min_ns) ||
      !_rtb_import_to_ns (parse->stats[AVG][col], parse->ns, &avg_ns) ||
      !_rtb_import_to_ns (parse->stats[MAX][col], parse->ns, &max_ns) ||
      !_rtb_import_sum_for_avg (avg_ns, count, &sum_ns))
    return _rtb_import_fail (error, parse->stat_line[MAX], "column %u: values too large",
                             col + 1);
  if (min_ns > max_ns)
    return _rtb_import_fail (error, parse->stat_line[MAX], "column %u: max is below min",
                             col + 1);
  rtb_series_set_imported_stats (series, count, min_ns, max_ns, sum_ns);
  return TRUE;
}

static RtbRun *
build_run (Parse *parse, RtbImportInput *in, GError **error)
{
  g_autoptr (RtbRun) run = NULL;
  RtbImportLines lines = parse->rows;
  RtbImportLine line;
  RtbCommand cmd;
  guint n_summary = 0;

  for (guint s = MIN; s <= MAX; s++)
    n_summary += parse->stat_line[s] != 0;
  if (n_summary != 0 && n_summary != 3)
    {
      _rtb_import_fail (error, parse->stat_line[MIN] ? parse->stat_line[MIN]
                                                     : parse->stat_line[MAX],
                        "the summary needs all of min:, avg: and max:");
      return NULL;
    }

  _rtb_import_command_init (&cmd, parse->osnoise ? RTB_METHOD_NOISE : RTB_METHOD_LATENCY,
                            _rtb_import_buckets_for (parse->last_index, parse->ns));
  for (guint i = 0; i < parse->n_columns; i++)
    cmd.cpus[parse->cpu[i] / 64] |= G_GUINT64_CONSTANT (1) << (parse->cpu[i] % 64);
  run = _rtb_import_new_run (in, &cmd, parse->n_columns, RTB_RUN_STATED_CPUS, error);
  if (run == NULL)
    return NULL;
  for (guint i = 0; i < parse->n_columns; i++)
    {
      char kind[4] = { parse->kind[i][0], parse->kind[i][1], parse->kind[i][2], '\0' };

      _rtb_import_add_series (run, in, G_MAXUINT, parse->cpu[i], parse->osnoise ? NULL : kind);
    }

  for (guint r = 0; r < parse->n_rows && _rtb_import_lines_next (&lines, &line); r++)
    {
      RtbImportCursor c;
      guint64 index, values[MAX_COLUMNS];

      if (_rtb_import_line_is_blank (&line))
        {
          r--;
          continue;
        }
      _rtb_import_cursor_init (&c, &line);
      if (!_rtb_import_parse_u64 (&c, RTB_IMPORT_MAX_INDEX (parse->ns), &index) ||
          !parse_numbers (parse, &c, RTB_IMPORT_MAX_COUNT, FALSE, values, &line, NULL))
        g_assert_not_reached ();
      for (guint i = 0; i < parse->n_columns; i++)
        if (values[i] > 0)
          _rtb_import_add_bucket (rtb_run_get_series (run, i), index, parse->ns, values[i]);
    }

  gboolean overflows_at_limit = FALSE;
  for (guint i = 0; i < parse->n_columns; i++)
    if (n_summary == 0)
      {
        /* Without min:/avg:/max: nothing says how far above the histogram the over: samples
         * were; they still count, at the limit, which is a lower bound of each. */
        RtbSeries *series = rtb_run_get_series (run, i);
        RtbHistogram *hist = &series->histogram;
        gint32 limit_us = hist->lo_us + (gint32) hist->n_buckets;
        guint64 over = parse->stat_line[OVER] ? parse->stats[OVER][i] : 0;

        rtb_series_add_bucket (series, limit_us, over);
        overflows_at_limit |= over > 0;
      }
    else if (!set_stats (parse, rtb_run_get_series (run, i), i, error))
      return NULL;

  if (n_summary == 0)
    _rtb_import_note (in, _("the file has no min:/avg:/max: rows (rtla --no-summary): the "
                            "statistics are computed from the bucket values"));
  if (overflows_at_limit)
    _rtb_import_note (in, _("over: samples are counted at the histogram limit, a lower bound "
                            "of their real values, which the file does not give"));
  _rtb_import_finish (run, in, parse->osnoise ? OSNOISE_WHAT : "rtla timerlat hist text", NULL);
  _rtb_run_set_times (run, 0, 0, parse->elapsed_ns);
  return g_steal_pointer (&run);
}

RtbRun *
_rtb_import_rtla (RtbImportInput *in, GError **error)
{
  Parse *parse = g_new0 (Parse, 1);
  gboolean ns;
  RtbRun *run = NULL;
  guint last;

  if (!_rtb_import_scan (in, handle_line, parse, &last, error))
    goto out;
  if (parse->n_columns == 0)
    _rtb_import_fail (error, last, "the file ends before rtla's column line \"Index   IRQ-000 "
                      "  Thr-000 …\"");
  else if (parse->n_rows == 0 && parse->stat_line[COUNT] == 0 && parse->stat_line[OVER] == 0)
    _rtb_import_fail (error, last, "the file ends without histogram rows or a count: row");
  else if (_rtb_import_units (in, parse->have_unit ? parse->ns : -1, &ns, error))
    {
      parse->ns = ns;
      run = build_run (parse, in, error);
    }

out:
  g_free (parse);
  return run;
}

gboolean
rtb_import_holds_single_noises (RtbRun *run)
{
  const char *source;

  g_return_val_if_fail (RTB_IS_RUN (run), FALSE);

  source = rtb_run_get_source (run);
  return source != NULL && g_str_has_prefix (source, "imported from " OSNOISE_WHAT ":");
}
