/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cyclictest text output, every version 1.x–2.10 (FORMATS.md §1, §3): the -h/-H histogram block
 * with or without "# Total:" and empty rows, preceded by anything (the cpu_dma_latency line,
 * a terminal capture of the live display, a spike list), or -q status lines alone.
 *
 * Two passes: the first checks every line and learns the thread count from the summary (which
 * comes after the rows), the second adds the already checked rows to the histograms.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "rtb-import-private.h"

#define MAX_COLUMNS (RTB_MAX_THREADS + 1)
#define ROW_EXPECTED "expected a histogram row \"NNNNNN COUNT…\" or a \"# …\" summary line"
#define STATUS_EXAMPLE "\"T: 0 ( 1636) P:90 I:200 C: 100000 Min: 2 Act: 3 Avg: 3 Max: 19\""

typedef struct {
  guint line; /* 0: absent */
  guint n;
  guint64 values[MAX_COLUMNS];
} SummaryRow;

typedef struct {
  gboolean seen;
  guint64 priority, interval, count, min, avg, max;
} Status;

typedef enum { PREAMBLE, ROWS, SUMMARY } State;

/* "# Thread N: c1 c2 … # M others": the cycle numbers of a thread's first overflows. */
typedef struct {
  guint line; /* 0: absent */
  GArray *cycles; /* guint64 */
  guint64 others;
} CycleList;

/* cyclictest logs at most its histogram size (≤ 1000000) cycle numbers per thread. */
#define MAX_CYCLES 1000000

typedef struct {
  State state;
  guint histogram_line;
  RtbImportLines rows;       /* positioned just after "# Histogram" */
  guint n_rows;
  guint n_columns;
  guint64 last_index;
  guint64 column_sums[MAX_COLUMNS];
  SummaryRow total, min, avg, max, overflows;
  CycleList cycles[RTB_MAX_THREADS];
  Status status[RTB_MAX_THREADS];
  guint n_status;
  RtbPolicy policy;
  gboolean have_policy;
  RtbImportUnknown unknown;
  guint last_line;
} Parse;

static const struct {
  const char *prefix;
  gsize offset;
  guint64 max;
} summary_lines[] = {
  { "# Total:", G_STRUCT_OFFSET (Parse, total), RTB_IMPORT_MAX_COUNT },
  { "# Min Latencies:", G_STRUCT_OFFSET (Parse, min), RTB_IMPORT_MAX_VALUE_US * 1000 },
  { "# Avg Latencies:", G_STRUCT_OFFSET (Parse, avg), RTB_IMPORT_MAX_VALUE_US * 1000 },
  { "# Max Latencies:", G_STRUCT_OFFSET (Parse, max), RTB_IMPORT_MAX_VALUE_US * 1000 },
  { "# Histogram Overflows:", G_STRUCT_OFFSET (Parse, overflows), RTB_IMPORT_MAX_COUNT },
};

/* Returns -1 when the line is not a row at all, 0 when it is a broken row (error set). */
static int
parse_row (const RtbImportLine *line, guint64 *index, guint64 *values, guint *n, GError **error)
{
  RtbImportCursor c;

  _rtb_import_cursor_init (&c, line);
  if (line->len == 0 || !g_ascii_isdigit (line->p[0]))
    return -1;
  if (!_rtb_import_parse_u64 (&c, RTB_IMPORT_MAX_INDEX (FALSE), index) ||
      (c.p < c.end && *c.p != ' ' && *c.p != '\t'))
    return _rtb_import_fail_found (error, line, "expected a histogram row starting with a "
                                   "bucket index from 0 to 999999");
  *n = 0;
  while (_rtb_import_skip_blanks (&c))
    {
      if (*n == MAX_COLUMNS)
        return _rtb_import_fail (error, line->number, "a histogram row with more than %u "
                                 "columns: cyclictest runs at most %u threads", MAX_COLUMNS,
                                 RTB_MAX_THREADS);
      if (!_rtb_import_parse_u64 (&c, RTB_IMPORT_MAX_COUNT, &values[*n]) ||
          (c.p < c.end && *c.p != ' ' && *c.p != '\t'))
        return _rtb_import_fail_found (error, line, "expected bucket counts (whole numbers up "
                                       "to %" G_GUINT64_FORMAT ") separated by tabs",
                                       RTB_IMPORT_MAX_COUNT);
      (*n)++;
    }
  if (*n == 0)
    {
      g_autofree char *found = _rtb_import_quote (line->p, line->len);

      return _rtb_import_fail (error, line->number, "a histogram row without counts: %s",
                               found);
    }
  return 1;
}

static gboolean
parse_summary (const RtbImportLine *line, gsize skip, guint64 max, SummaryRow *row,
               GError **error)
{
  RtbImportCursor c;

  _rtb_import_cursor_init (&c, line);
  c.p += skip;
  if (row->line != 0)
    return _rtb_import_fail (error, line->number, "%.*s appears twice (first on line %u)",
                             (int) skip, line->p, row->line);
  row->line = line->number;
  row->n = 0;
  while (_rtb_import_skip_blanks (&c))
    {
      if (row->n == MAX_COLUMNS ||
          !_rtb_import_parse_u64 (&c, max, &row->values[row->n]) ||
          (c.p < c.end && *c.p != ' ' && *c.p != '\t'))
        return _rtb_import_fail_found (error, line, "expected up to %u whole numbers up to "
                                       "%" G_GUINT64_FORMAT " after \"%.*s\"", MAX_COLUMNS, max,
                                       (int) skip, line->p);
      row->n++;
    }
  return TRUE;
}

/* "T: 0 (11136) P:80 I:1000 C:    200 Min:     17 Act:   25 Avg:   56 Max:    6309".
 * Returns FALSE for anything else, including a line cut short by the end of a capture. */
static gboolean
parse_status (const RtbImportLine *line, Parse *parse)
{
  RtbImportCursor c;
  guint64 thread, value;
  Status status = { .seen = TRUE };
  guint found = 0;

  _rtb_import_cursor_init (&c, line);
  if (!_rtb_import_skip_text (&c, "T:") || !_rtb_import_skip_blanks (&c) ||
      !_rtb_import_parse_u64 (&c, RTB_MAX_THREADS - 1, &thread) ||
      !_rtb_import_skip_blanks (&c) || !_rtb_import_skip_text (&c, "(") ||
      !_rtb_import_skip_blanks (&c) || !_rtb_import_parse_u64 (&c, G_MAXUINT32, &value) ||
      !_rtb_import_skip_text (&c, ")"))
    return FALSE;

  while (_rtb_import_skip_blanks (&c))
    {
      static const char * const keys[] = { "P:", "I:", "C:", "Min:", "Act:", "Avg:", "Max:",
                                           "SMI:" };
      guint64 *slots[] = { &status.priority, &status.interval, &status.count, &status.min, NULL,
                           &status.avg, &status.max, NULL };
      guint k;

      for (k = 0; k < G_N_ELEMENTS (keys); k++)
        if (_rtb_import_skip_text (&c, keys[k]))
          break;
      if (k == G_N_ELEMENTS (keys))
        return FALSE;
      _rtb_import_skip_blanks (&c);
      if (!_rtb_import_parse_u64 (&c, RTB_IMPORT_MAX_VALUE_US * 1000, &value))
        return FALSE;
      if (slots[k] != NULL)
        *slots[k] = value;
      found |= 1u << k;
    }
  /* C, Min, Avg and Max are what an import needs. */
  if ((found & 0x6c) != 0x6c || status.count > RTB_IMPORT_MAX_COUNT)
    return FALSE;
  parse->status[thread] = status;
  parse->n_status = MAX (parse->n_status, (guint) thread + 1);
  return TRUE;
}

static void
parse_policy (const RtbImportLine *line, Parse *parse)
{
  static const struct { const char *text; RtbPolicy policy; } policies[] = {
    { "policy: fifo", RTB_POLICY_FIFO }, { "policy: rr", RTB_POLICY_RR },
    { "policy: other", RTB_POLICY_OTHER }, { "policy: batch", RTB_POLICY_OTHER },
    { "policy: idle", RTB_POLICY_OTHER },
  };

  for (guint i = 0; i < G_N_ELEMENTS (policies); i++)
    if (_rtb_import_line_has_prefix (line, policies[i].text))
      {
        parse->policy = policies[i].policy;
        parse->have_policy = TRUE;
      }
}

static gboolean
is_histogram_start (const RtbImportLine *line)
{
  RtbImportCursor c;

  _rtb_import_cursor_init (&c, line);
  return _rtb_import_skip_text (&c, "# Histogram") && !_rtb_import_skip_blanks (&c);
}

static gboolean
handle_row (Parse *parse, const RtbImportLine *line, GError **error)
{
  guint64 index, values[MAX_COLUMNS];
  guint n;
  int r = parse_row (line, &index, values, &n, error);

  if (r <= 0)
    {
      if (r < 0)
        _rtb_import_fail_found (error, line, ROW_EXPECTED);
      return FALSE;
    }
  if (parse->n_rows > 0 && n != parse->n_columns)
    return _rtb_import_fail (error, line->number, "a histogram row with %u counts, but the "
                             "rows before have %u", n, parse->n_columns);
  if (parse->n_rows > 0 && index <= parse->last_index)
    return _rtb_import_fail (error, line->number, "bucket %" G_GUINT64_FORMAT " does not "
                             "follow bucket %" G_GUINT64_FORMAT ": rows must go up",
                             index, parse->last_index);
  for (guint i = 0; i < n; i++)
    {
      parse->column_sums[i] += values[i];
      if (parse->column_sums[i] > RTB_IMPORT_MAX_COUNT)
        return _rtb_import_fail (error, line->number, "column %u holds more than %"
                                 G_GUINT64_FORMAT " samples", i + 1, RTB_IMPORT_MAX_COUNT);
    }
  parse->n_columns = n;
  parse->last_index = index;
  parse->n_rows++;
  return TRUE;
}

/* "# Thread N: 12873 48211 # 00007 others" (2.7+: "# Thread N: " then "%05lu" joined by
 * spaces; 1.x–2.6: " %05lu" each). Returns -1 when the line is not one ("# Thread Ids: …" of
 * -b), 0 on a broken one (error set). */
static int
parse_cycles (Parse *parse, const RtbImportLine *line, GError **error)
{
  RtbImportCursor c;
  guint64 thread, value;
  CycleList *list;

  _rtb_import_cursor_init (&c, line);
  if (!_rtb_import_skip_text (&c, "# Thread ") ||
      !_rtb_import_parse_u64 (&c, G_MAXUINT64, &thread) || !_rtb_import_skip_text (&c, ":"))
    return -1;
  if (thread >= RTB_MAX_THREADS)
    return _rtb_import_fail (error, line->number, "thread %" G_GUINT64_FORMAT ": cyclictest "
                             "runs at most %u threads", thread, RTB_MAX_THREADS);
  list = &parse->cycles[thread];
  if (list->line != 0)
    return _rtb_import_fail (error, line->number, "the overflow cycles of thread %"
                             G_GUINT64_FORMAT " appear twice (first on line %u)", thread,
                             list->line);
  list->line = line->number;
  list->cycles = g_array_new (FALSE, FALSE, sizeof (guint64));
  while (_rtb_import_skip_blanks (&c))
    {
      if (_rtb_import_skip_text (&c, "#"))
        {
          _rtb_import_skip_blanks (&c);
          if (_rtb_import_parse_u64 (&c, RTB_IMPORT_MAX_COUNT, &list->others) &&
              _rtb_import_skip_blanks (&c) && _rtb_import_skip_text (&c, "others") &&
              !_rtb_import_skip_blanks (&c))
            return 1;
        }
      else if (list->cycles->len < MAX_CYCLES &&
               _rtb_import_parse_u64 (&c, RTB_IMPORT_MAX_COUNT, &value) &&
               (c.p == c.end || *c.p == ' ' || *c.p == '\t'))
        {
          g_array_append_val (list->cycles, value);
          continue;
        }
      return _rtb_import_fail_found (error, line, "expected at most %u cycle numbers, then "
                                     "\"# N others\", after \"# Thread %" G_GUINT64_FORMAT
                                     ":\"", MAX_CYCLES, thread);
    }
  return 1;
}

static gboolean
is_summary_line (const RtbImportLine *line)
{
  for (guint i = 0; i < G_N_ELEMENTS (summary_lines); i++)
    if (_rtb_import_line_has_prefix (line, summary_lines[i].prefix))
      return TRUE;
  return FALSE;
}

static gboolean
handle_line (gpointer data, const RtbImportLine *line, const RtbImportLines *position,
             GError **error)
{
  Parse *parse = data;

  if (is_histogram_start (line))
    {
      if (parse->histogram_line != 0)
        return _rtb_import_fail (error, line->number, "a second \"# Histogram\" (the first is "
                                 "on line %u): import one cyclictest output at a time",
                                 parse->histogram_line);
      parse->histogram_line = line->number;
      parse->rows = *position;
      parse->state = ROWS;
      return TRUE;
    }

  /* A summary whose histogram rows (and "# Histogram") were left out starts here. */
  if (parse->state == PREAMBLE && is_summary_line (line))
    parse->state = SUMMARY;

  if (parse->state == PREAMBLE)
    {
      if (_rtb_import_line_has_prefix (line, "T:"))
        {
          if (!parse_status (line, parse) && memmem (line->p, line->len, "Spike:", 6) == NULL)
            _rtb_import_unknown_add (&parse->unknown, line);
        }
      else if (_rtb_import_line_has_prefix (line, "policy:"))
        parse_policy (line, parse);
      else if (!_rtb_import_line_is_blank (line) && line->p[0] != '#' &&
               !_rtb_import_line_has_prefix (line, "spikes = "))
        _rtb_import_unknown_add (&parse->unknown, line);
      return TRUE;
    }

  if (line->len > 0 && line->p[0] == '#')
    {
      parse->state = SUMMARY;
      for (guint i = 0; i < G_N_ELEMENTS (summary_lines); i++)
        if (_rtb_import_line_has_prefix (line, summary_lines[i].prefix))
          return parse_summary (line, strlen (summary_lines[i].prefix), summary_lines[i].max,
                                G_STRUCT_MEMBER_P (parse, summary_lines[i].offset), error);
      /* SMIs and the break trace: nothing an import needs. */
      return parse_cycles (parse, line, error) != 0;
    }

  if (parse->state == ROWS)
    return handle_row (parse, line, error);

  /* After the summary: the trailing blank line, or status lines printed at exit. */
  if (_rtb_import_line_is_blank (line) || _rtb_import_line_has_prefix (line, "T:") ||
      _rtb_import_line_has_prefix (line, "policy:"))
    return TRUE;
  if (line->len > 0 && g_ascii_isdigit (line->p[0]))
    return _rtb_import_fail_found (error, line, "a histogram row after the summary (\"# Min "
                                   "Latencies: …\")");
  return _rtb_import_fail_found (error, line, "expected a \"# …\" summary line");
}

static gboolean
check_count (const SummaryRow *row, guint n_threads, const char *what, GError **error)
{
  if (row->line == 0 || row->n == n_threads || (n_threads > 1 && row->n == n_threads + 1))
    return TRUE;
  return _rtb_import_fail (error, row->line, "%s has %u values, but \"# Min Latencies:\" has %u "
                           "(one per thread, and with -H one more for all threads)", what,
                           row->n, n_threads);
}

static gboolean
check_summary (Parse *parse, guint *n_threads, GError **error)
{
  const SummaryRow *needed[] = { &parse->min, &parse->avg, &parse->max, &parse->overflows };
  const char *names[] = { "# Min Latencies:", "# Avg Latencies:", "# Max Latencies:",
                          "# Histogram Overflows:" };
  guint n;

  if (parse->min.line == 0 && parse->avg.line == 0 && parse->max.line == 0 &&
      parse->overflows.line == 0)
    return _rtb_import_fail (error, parse->last_line, "the file ends without the summary that "
                             "follows the histogram (\"# Min Latencies: …\"): it was cut short");
  for (guint i = 0; i < G_N_ELEMENTS (needed); i++)
    if (needed[i]->line == 0)
      return _rtb_import_fail (error, parse->last_line, "the summary has no \"%s\" line",
                               names[i]);

  n = parse->min.n;
  if (n == 0)
    return _rtb_import_fail (error, parse->min.line, "\"# Min Latencies:\" without values");
  if (parse->avg.n != n)
    return _rtb_import_fail (error, parse->avg.line, "\"# Avg Latencies:\" has %u values, but "
                             "\"# Min Latencies:\" has %u", parse->avg.n, n);
  if (!check_count (&parse->max, n, "\"# Max Latencies:\"", error) ||
      !check_count (&parse->overflows, n, "\"# Histogram Overflows:\"", error) ||
      !check_count (&parse->total, n, "\"# Total:\"", error))
    return FALSE;
  if (parse->n_rows > 0 && parse->n_columns != n && parse->n_columns != n + 1)
    return _rtb_import_fail (error, parse->rows.number + 1, "histogram rows with %u counts, but "
                             "the summary is for %u threads", parse->n_columns, n);
  *n_threads = n;
  return TRUE;
}

static gboolean
value_ns (const SummaryRow *row, guint thread, gboolean ns, gint64 *out, GError **error)
{
  if (_rtb_import_to_ns (row->values[thread], ns, out))
    return TRUE;
  return _rtb_import_fail (error, row->line, "%" G_GUINT64_FORMAT " is too large for a "
                           "latency", row->values[thread]);
}

static gboolean
set_stats (RtbSeries *series, const Parse *parse, guint t, guint64 count, gboolean ns,
           GError **error)
{
  gint64 min_ns, avg_ns, max_ns, sum_ns;

  if (count == 0)
    return TRUE;
  if (!value_ns (&parse->min, t, ns, &min_ns, error) ||
      !value_ns (&parse->avg, t, ns, &avg_ns, error) ||
      !value_ns (&parse->max, t, ns, &max_ns, error))
    return FALSE;
  if (min_ns > max_ns)
    return _rtb_import_fail (error, parse->max.line, "thread %u: Max %" G_GUINT64_FORMAT
                             " is below Min %" G_GUINT64_FORMAT, t, parse->max.values[t],
                             parse->min.values[t]);
  if (!_rtb_import_sum_for_avg (avg_ns, count, &sum_ns))
    return _rtb_import_fail (error, parse->avg.line, "thread %u: %" G_GUINT64_FORMAT " samples "
                             "of average %" G_GUINT64_FORMAT " are too large to add up", t,
                             count, parse->avg.values[t]);
  rtb_series_set_imported_stats (series, count, min_ns, max_ns, sum_ns);
  return TRUE;
}

static gboolean
add_rows (Parse *parse, RtbRun *run, guint n_threads, gboolean ns, GError **error)
{
  RtbImportLines lines = parse->rows;
  RtbImportLine line;

  for (guint r = 0; r < parse->n_rows && _rtb_import_lines_next (&lines, &line); r++)
    {
      guint64 index, values[MAX_COLUMNS], sum = 0;
      guint n;

      if (parse_row (&line, &index, values, &n, error) <= 0)
        g_assert_not_reached ();
      for (guint t = 0; t < n_threads; t++)
        {
          if (values[t] > 0)
            _rtb_import_add_bucket (rtb_run_get_series (run, t), index, ns, values[t]);
          sum += values[t];
        }
      if (n > n_threads && values[n_threads] != sum)
        return _rtb_import_fail (error, line.number, "the all-threads column (-H) holds %"
                                 G_GUINT64_FORMAT ", but the threads' counts add up to %"
                                 G_GUINT64_FORMAT, values[n_threads], sum);
    }
  return TRUE;
}

/* cyclictest logs each overflow's cycle number until its log is full, then counts the others:
 * listed + others = overflows. */
static gboolean
set_cycles (RtbSeries *series, const CycleList *list, guint t, guint64 overflows,
            GError **error)
{
  if (list->line == 0)
    return TRUE;
  if ((guint64) list->cycles->len + list->others != overflows)
    return _rtb_import_fail (error, list->line, "thread %u lists %u overflow cycle numbers and %"
                             G_GUINT64_FORMAT " others, but \"# Histogram Overflows:\" counts %"
                             G_GUINT64_FORMAT, t, list->cycles->len, list->others, overflows);
  rtb_series_set_overflow_cycles (series, (const guint64 *) (gpointer) list->cycles->data,
                                  list->cycles->len);
  return TRUE;
}

static RtbRun *
build_histogram_run (Parse *parse, RtbImportInput *in, GError **error)
{
  g_autoptr (RtbRun) run = NULL;
  RtbCommand cmd;
  guint n_threads = 0;
  gboolean ns, summary_only;

  if (!check_summary (parse, &n_threads, error) ||
      !_rtb_import_units (in, -1, &ns, error))
    return NULL;
  summary_only = parse->n_rows == 0 && parse->total.line != 0;
  if (parse->histogram_line == 0 && parse->total.line == 0)
    {
      _rtb_import_fail (error, parse->min.line, "cyclictest's summary without \"# Histogram\" "
                        "rows needs its \"# Total:\" line: without it the number of samples is "
                        "unknown");
      return NULL;
    }

  _rtb_import_command_init (&cmd, RTB_METHOD_LATENCY,
                            _rtb_import_buckets_for (parse->last_index, ns));
  if (parse->have_policy)
    cmd.policy = parse->policy;
  for (guint t = 0; t < n_threads; t++)
    {
      int cpu = _rtb_import_thread_cpu (in, t, -1);

      if (cpu >= 0)
        cmd.cpus[cpu / 64] |= G_GUINT64_CONSTANT (1) << (cpu % 64);
    }
  run = _rtb_import_new_run (in, &cmd, n_threads,
                             parse->have_policy ? RTB_RUN_STATED_POLICY : 0, error);
  if (run == NULL)
    return NULL;
  for (guint t = 0; t < n_threads; t++)
    _rtb_import_add_series (run, in, t, -1, NULL);
  if (!add_rows (parse, run, n_threads, ns, error))
    return NULL;

  for (guint t = 0; t < n_threads; t++)
    {
      RtbSeries *series = rtb_run_get_series (run, t);
      guint64 in_buckets = parse->n_rows > 0 ? parse->column_sums[t] : 0;
      guint64 overflows = parse->overflows.values[t];

      if (summary_only)
        {
          /* The rows were left out: "# Total:" says how many samples they held. */
          in_buckets = parse->total.values[t];
          rtb_series_add_unbucketed (series, in_buckets);
        }
      else if (parse->total.line != 0 && parse->total.values[t] != in_buckets)
        {
          _rtb_import_fail (error, parse->total.line, "\"# Total:\" counts %" G_GUINT64_FORMAT
                            " samples for thread %u, but its histogram rows hold %"
                            G_GUINT64_FORMAT, parse->total.values[t], t, in_buckets);
          return NULL;
        }
      rtb_series_add_unknown_overflows (series, overflows);
      if (!set_stats (series, parse, t, in_buckets + overflows, ns, error) ||
          !set_cycles (series, &parse->cycles[t], t, overflows, error))
        return NULL;
    }

  if (summary_only)
    _rtb_import_note (in, _("the file has cyclictest's summary lines but no histogram rows: "
                            "each thread keeps its count, min, avg, max and overflows; its "
                            "percentiles (but the max) and its standard deviation are unknown"));
  if (parse->total.line != 0)
    _rtb_import_note (in, _("each thread's count includes its overflows: cyclictest's "
                            "\"# Total:\" leaves them out (count = Total + Overflows)"));
  if (parse->unknown.n > 0)
    _rtb_import_note (in, ngettext ("ignored %u unrecognised line before the histogram, the "
                                    "first on line %u: %s",
                                    "ignored %u unrecognised lines before the histogram, the "
                                    "first on line %u: %s", parse->unknown.n),
                      parse->unknown.n, parse->unknown.first, parse->unknown.first_text);
  _rtb_import_finish (run, in, parse->total.line != 0 ? "cyclictest 1.x–2.6 text"
                                                      : "cyclictest 2.7+ text", NULL);
  return g_steal_pointer (&run);
}

static RtbRun *
build_status_run (Parse *parse, RtbImportInput *in, GError **error)
{
  g_autoptr (RtbRun) run = NULL;
  RtbCommand cmd;
  guint n_series = 0;
  guint stated = 0;
  gboolean ns;

  if (!_rtb_import_units (in, -1, &ns, error))
    return NULL;
  _rtb_import_command_init (&cmd, RTB_METHOD_LATENCY, 1);
  if (parse->have_policy)
    {
      cmd.policy = parse->policy;
      stated |= RTB_RUN_STATED_POLICY;
    }
  for (guint t = 0; t < parse->n_status; t++)
    {
      const Status *status = &parse->status[t];
      int cpu = _rtb_import_thread_cpu (in, t, -1);

      if (!status->seen)
        continue;
      n_series++;
      if (status->priority <= RTB_PRIORITY_MAX)
        {
          cmd.priority = (int) status->priority;
          stated |= RTB_RUN_STATED_PRIORITY;
        }
      if (status->interval >= RTB_LATENCY_INTERVAL_MIN_US &&
          status->interval <= RTB_INTERVAL_MAX_US)
        {
          cmd.latency.interval_us = (guint32) status->interval;
          stated |= RTB_RUN_STATED_INTERVAL;
        }
      if (cpu >= 0)
        cmd.cpus[cpu / 64] |= G_GUINT64_CONSTANT (1) << (cpu % 64);
    }
  run = _rtb_import_new_run (in, &cmd, n_series, stated, error);
  if (run == NULL)
    return NULL;

  for (guint t = 0; t < parse->n_status; t++)
    {
      const Status *status = &parse->status[t];
      RtbSeries *series;
      gint64 min_ns, avg_ns, max_ns, sum_ns;

      if (!status->seen)
        continue;
      series = _rtb_import_add_series (run, in, t, -1, NULL);
      series->no_histogram = TRUE;
      if (status->count == 0)
        continue;
      if (!_rtb_import_to_ns (status->min, ns, &min_ns) ||
          !_rtb_import_to_ns (status->avg, ns, &avg_ns) ||
          !_rtb_import_to_ns (status->max, ns, &max_ns) || min_ns > max_ns ||
          !_rtb_import_sum_for_avg (avg_ns, status->count, &sum_ns))
        {
          _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "thread %u: the status line's "
                                 "Min, Avg and Max are out of range or contradict each other",
                                 t);
          return NULL;
        }
      rtb_series_add_unknown_overflows (series, status->count);
      rtb_series_set_imported_stats (series, status->count, min_ns, max_ns, sum_ns);
    }

  _rtb_import_note (in, _("the file has no histogram (cyclictest without -h/-H): each thread "
                          "keeps only its count, min, avg and max; its overflows, its "
                          "percentiles (but the max) and its standard deviation are unknown"));
  _rtb_import_finish (run, in, "cyclictest status lines", NULL);
  return g_steal_pointer (&run);
}

RtbRun *
_rtb_import_cyclictest (RtbImportInput *in, GError **error)
{
  Parse *parse = g_new0 (Parse, 1);
  RtbRun *run = NULL;

  if (!_rtb_import_scan (in, handle_line, parse, &parse->last_line, error))
    goto out;
  if (parse->histogram_line != 0 || parse->min.line != 0)
    run = build_histogram_run (parse, in, error);
  else if (parse->n_status > 0)
    run = build_status_run (parse, in, error);
  else if (parse->unknown.first != 0)
    _rtb_import_fail (error, parse->unknown.first, "expected cyclictest output: a \"# Histogram\" "
                      "line (-h/-H) or status lines " STATUS_EXAMPLE ", found %s",
                      parse->unknown.first_text);
  else
    _rtb_import_fail (error, parse->last_line, "the file ends without a cyclictest histogram "
                      "(\"# Histogram\") or status lines " STATUS_EXAMPLE);

out:
  for (guint t = 0; t < RTB_MAX_THREADS; t++)
    g_clear_pointer (&parse->cycles[t].cycles, g_array_unref);
  _rtb_import_unknown_clear (&parse->unknown);
  g_free (parse);
  return run;
}
