/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cyclictest -v: every sample as "THREAD: CYCLE: LATENCY" ("%8d:%8lu:%8ld", with --smi a fourth
 * number), after a preamble ("Max CPUs = 2", "Thread 0 Interval: 1500", with -a LIST "Thread 0
 * using cpu 1.") and before cyclictest's closing summary when it printed one (-q: "T: …" status
 * lines; -h/-H: the histogram block). Each thread becomes a series of its samples: its curve,
 * histogram and figures are what cyclictest computes from them.
 *
 * The log is read twice, a chunk at a time, so its length does not matter: the first pass checks
 * every line and finds the summary, whose histogram size the series take; the second adds the
 * samples. The summary is read by the cyclictest text importer and compared with the samples:
 * cyclictest prints its samples every 10 ms and stops printing when it ends, so a log of a run
 * with -D, or one whose threads did not all reach -l, holds fewer samples than it counted.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "rtb-command-keys.h"
#include "rtb-import-reader.h"

#define SAMPLE_EXAMPLE "\"       0:     123:      17\" (thread: cycle: latency)"

typedef struct {
  int cpu;           /* "Thread N using cpu C.", else -1 */
  guint64 interval;  /* "Thread N Interval: X" (cyclictest 2.x prints the next thread's) */
  guint64 count;
  guint64 next_cycle;
  gint64 min_ns, max_ns, sum_ns;
} Thread;

typedef struct {
  RtbImportInput *in;
  gboolean ns;
  Thread threads[RTB_MAX_THREADS];
  guint n_threads;          /* 1 + the highest thread any line names */
  guint first_sample;       /* its line, 0 = none yet */
  guint stop_line;          /* the first line that holds no sample to add: 0 = none */
  guint summary_line;       /* where cyclictest's closing summary starts, 0 = none */
  GByteArray *summary;
  guint cut_line;           /* a last line cut short, left out */
  char *cut_text;
  guint64 missing;          /* cycles the log skips, over every thread */
  guint first_gap_line;
  RtbImportUnknown unknown;
} Parse;

static guint64
value_max (gboolean ns)
{
  return ns ? (guint64) RTB_IMPORT_MAX_VALUE_US * 1000 : (guint64) RTB_IMPORT_MAX_VALUE_US;
}

/* -1: not a sample line; 0: a broken one (error set); 1: a sample. */
static int
parse_sample (const RtbImportLine *line, gboolean ns, guint64 *thread, guint64 *cycle,
              gint64 *value_ns, GError **error)
{
  RtbImportCursor c;
  guint64 value, max = value_max (ns), smi;
  gboolean negative;

  _rtb_import_cursor_init (&c, line);
  _rtb_import_skip_blanks (&c);
  if (!_rtb_import_parse_u64 (&c, G_MAXUINT64, thread) || !_rtb_import_skip_text (&c, ":"))
    return -1;
  _rtb_import_skip_blanks (&c);
  if (!_rtb_import_parse_u64 (&c, G_MAXUINT64 - 1, cycle) || !_rtb_import_skip_text (&c, ":"))
    goto broken;
  _rtb_import_skip_blanks (&c);
  negative = _rtb_import_skip_text (&c, "-");
  if (!_rtb_import_parse_u64 (&c, max, &value))
    goto broken;
  /* --smi: the SMIs of the period follow */
  if (_rtb_import_skip_blanks (&c) &&
      (!_rtb_import_parse_u64 (&c, G_MAXUINT64, &smi) || _rtb_import_skip_blanks (&c)))
    goto broken;
  if (*thread >= RTB_MAX_THREADS)
    return _rtb_import_fail (error, line->number, "thread %" G_GUINT64_FORMAT ": cyclictest "
                             "runs at most %u threads", *thread, RTB_MAX_THREADS);
  if (*cycle >= RTB_IMPORT_MAX_COUNT)
    return _rtb_import_fail (error, line->number, "cycle %" G_GUINT64_FORMAT ": rtbench reads "
                             "at most %" G_GUINT64_FORMAT " cycles of a thread (100 days at "
                             "1 kHz)", *cycle, RTB_IMPORT_MAX_COUNT);
  if (negative && value > 0)
    return _rtb_import_fail (error, line->number, "a latency below zero (-%" G_GUINT64_FORMAT
                             "): cyclictest measures the time after each deadline", value);
  *value_ns = ns ? (gint64) value : (gint64) value * 1000;
  return 1;

broken:
  return _rtb_import_fail_found (error, line, "expected a cyclictest -v sample "
                                 SAMPLE_EXAMPLE " with a latency up to %" G_GUINT64_FORMAT, max);
}

gboolean
_rtb_import_is_verbose_sample (const RtbImportLine *line)
{
  guint64 thread, cycle;
  gint64 value;

  return parse_sample (line, FALSE, &thread, &cycle, &value, NULL) == 1;
}

/* What is left of a sample line that the end of the log cut. */
static gboolean
is_cut_sample (const RtbImportLine *line)
{
  for (gsize i = 0; i < line->len; i++)
    if (!g_ascii_isdigit (line->p[i]) && strchr (" \t:-", line->p[i]) == NULL)
      return FALSE;
  return TRUE;
}

static gboolean
is_summary_start (const RtbImportLine *line)
{
  RtbImportCursor c;

  _rtb_import_cursor_init (&c, line);
  if (_rtb_import_line_has_prefix (line, "T:"))
    return TRUE;
  return _rtb_import_skip_text (&c, "# Histogram") && !_rtb_import_skip_blanks (&c);
}

/* "Thread N Interval: X" and "Thread N using cpu C.": FALSE for anything else. */
static gboolean
parse_thread_line (Parse *parse, const RtbImportLine *line)
{
  RtbImportCursor c;
  guint64 thread, value;
  Thread *t;

  _rtb_import_cursor_init (&c, line);
  if (!_rtb_import_skip_text (&c, "Thread ") ||
      !_rtb_import_parse_u64 (&c, RTB_MAX_THREADS - 1, &thread))
    return FALSE;
  t = &parse->threads[thread];
  if (_rtb_import_skip_text (&c, " Interval: ") &&
      _rtb_import_parse_u64 (&c, G_MAXUINT32, &value) && c.p == c.end)
    t->interval = value;
  else if (_rtb_import_skip_text (&c, " using cpu ") &&
           _rtb_import_parse_u64 (&c, RTB_MAX_CPUS - 1, &value) &&
           _rtb_import_skip_text (&c, ".") && c.p == c.end)
    t->cpu = (int) value;
  else
    return FALSE;
  parse->n_threads = MAX (parse->n_threads, (guint) thread + 1);
  return TRUE;
}

static gboolean
is_preamble (const RtbImportLine *line)
{
  static const char * const prefixes[] = { "Max CPUs = ", "Online CPUs = ", "Using ", "#",
                                            "WARN:" };

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (_rtb_import_line_has_prefix (line, prefixes[i]))
      return TRUE;
  return _rtb_import_line_is_blank (line);
}

static gboolean
count_sample (Parse *parse, const RtbImportLine *line, guint64 thread, guint64 cycle,
              gint64 value_ns, GError **error)
{
  Thread *t = &parse->threads[thread];

  if (cycle < t->next_cycle)
    return _rtb_import_fail (error, line->number, "cycle %" G_GUINT64_FORMAT " of thread %"
                             G_GUINT64_FORMAT " comes after its cycle %" G_GUINT64_FORMAT ": "
                             "a thread's cycles go up (are two logs joined?)", cycle, thread,
                             t->next_cycle - 1);
  if (cycle > t->next_cycle && parse->missing == 0)
    parse->first_gap_line = line->number;
  parse->missing += cycle - t->next_cycle;
  if (t->count == RTB_IMPORT_MAX_COUNT)
    return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_TOO_LARGE, "line %u: thread %"
                                  G_GUINT64_FORMAT " has more than %" G_GUINT64_FORMAT
                                  " samples", line->number, thread, RTB_IMPORT_MAX_COUNT);
  if (t->count == 0 || value_ns < t->min_ns)
    t->min_ns = value_ns;
  if (t->count == 0 || value_ns > t->max_ns)
    t->max_ns = value_ns;
  if (__builtin_add_overflow (t->sum_ns, value_ns, &t->sum_ns))
    return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_TOO_LARGE, "line %u: the samples of "
                                  "thread %" G_GUINT64_FORMAT " add up past what 64 bits hold",
                                  line->number, thread);
  t->count++;
  if (parse->first_sample == 0)
    parse->first_sample = line->number;
  t->next_cycle = cycle + 1;
  parse->n_threads = MAX (parse->n_threads, (guint) thread + 1);
  return TRUE;
}

static gboolean
keep_summary_line (Parse *parse, const RtbImportLine *line, GError **error)
{
  guint64 thread, cycle;
  gint64 value;

  if (parse_sample (line, parse->ns, &thread, &cycle, &value, NULL) == 1)
    return _rtb_import_fail (error, line->number, "a sample after cyclictest's closing summary, "
                             "which starts on line %u: import one log at a time",
                             parse->summary_line);
  if (parse->summary->len + line->len + 1 > RTB_IMPORT_MAX_FILE_SIZE)
    return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_TOO_LARGE, "cyclictest's summary "
                                  "from line %u on is larger than %" G_GSIZE_FORMAT " MiB",
                                  parse->summary_line, RTB_IMPORT_MAX_FILE_SIZE >> 20);
  g_byte_array_append (parse->summary, (const guint8 *) line->p, (guint) line->len);
  g_byte_array_append (parse->summary, (const guint8 *) "\n", 1);
  return TRUE;
}

static gboolean
start_summary (Parse *parse, const RtbImportLine *line, GError **error)
{
  parse->summary_line = line->number;
  if (parse->stop_line == 0)
    parse->stop_line = line->number;
  parse->summary = g_byte_array_new ();
  return keep_summary_line (parse, line, error);
}

/* The first pass: every line checked, the samples counted, the summary kept. */
static gboolean
scan_line (Parse *parse, const RtbImportLine *line, gboolean terminated, GError **error)
{
  guint64 thread, cycle;
  gint64 value;
  int r;

  if (parse->summary != NULL)
    return keep_summary_line (parse, line, error);
  if (!terminated && is_cut_sample (line) && line->len > 0)
    {
      parse->cut_line = parse->stop_line = line->number;
      parse->cut_text = _rtb_import_quote (line->p, line->len);
      return TRUE;
    }
  r = parse_sample (line, parse->ns, &thread, &cycle, &value, error);
  if (r == 1)
    return count_sample (parse, line, thread, cycle, value, error);
  if (r == 0)
    return FALSE;
  if (is_summary_start (line))
    return start_summary (parse, line, error);
  if (parse_thread_line (parse, line) || is_preamble (line))
    return TRUE;
  if (parse->first_sample == 0)
    {
      _rtb_import_unknown_add (&parse->unknown, line);
      return TRUE;
    }
  return _rtb_import_fail_found (error, line, "expected a cyclictest -v sample " SAMPLE_EXAMPLE
                                 " or its closing summary (\"T: …\" lines of -q, \"# Histogram\" "
                                 "of -h)");
}

/* cyclictest's closing summary, read as its text output; NULL (and `why`) when it cannot be. */
static RtbRun *
import_summary (Parse *parse, char **why)
{
  g_autoptr (GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  RtbImportOptions options = *parse->in->options;
  RtbImportInput in = {
    .data = (const char *) parse->summary->data, .len = parse->summary->len,
    .name = parse->in->name, .options = &options, .notes = notes,
    .line_offset = parse->summary_line - 1,
  };
  RtbRun *run;

  options.format = RTB_IMPORT_FORMAT_CYCLICTEST;
  options.units = parse->ns ? RTB_IMPORT_UNITS_NS : RTB_IMPORT_UNITS_US;
  options.label = NULL;
  run = _rtb_import_cyclictest (&in, &error);
  if (run == NULL)
    *why = g_strdup (error->message);
  return run;
}

/* The run's command: the summary's histogram size, else rtbench's own; what the log says of
 * the priority, interval and CPUs. */
static void
init_command (Parse *parse, RtbRun *summary, gboolean summary_histogram, RtbCommand *cmd,
              guint *stated)
{
  RtbCommand defaults;
  guint64 interval = 0;
  gboolean same = TRUE;

  rtb_command_defaults (&defaults, RTB_METHOD_LATENCY, 0);
  _rtb_import_command_init (cmd, RTB_METHOD_LATENCY, summary_histogram
                                   ? (guint32) rtb_command_key_get (rtb_run_get_command (summary),
                                                                    RTB_KEY_HISTOGRAM_US)
                                   : defaults.latency.histogram_us);
  *stated = 0;
  if (summary != NULL)
    {
      const RtbCommand *said = rtb_run_get_command (summary);

      *stated = rtb_run_get_stated (summary) & (RTB_RUN_STATED_PRIORITY |
                                                 RTB_RUN_STATED_INTERVAL);
      cmd->priority = said->priority;
      cmd->latency.interval_us = said->latency.interval_us;
    }
  /* cyclictest prints each thread's interval plus -d: only equal ones (-h, -d0) are right. */
  for (guint t = 0; t < parse->n_threads; t++)
    {
      if (parse->threads[t].interval == 0 ||
          (interval != 0 && parse->threads[t].interval != interval))
        same = FALSE;
      interval = parse->threads[t].interval;
    }
  if (!(*stated & RTB_RUN_STATED_INTERVAL) && same && parse->n_threads > 1 &&
      interval >= RTB_LATENCY_INTERVAL_MIN_US && interval <= RTB_INTERVAL_MAX_US)
    {
      cmd->latency.interval_us = (guint32) interval;
      *stated |= RTB_RUN_STATED_INTERVAL;
    }
  for (guint t = 0; t < parse->n_threads; t++)
    {
      int cpu = _rtb_import_thread_cpu (parse->in, t, parse->threads[t].cpu);

      if (cpu >= 0)
        cmd->cpus[cpu / 64] |= G_GUINT64_CONSTANT (1) << (cpu % 64);
    }
}

typedef struct {
  GArray *cycles; /* guint64: the cycle numbers of the first overflows */
} Overflows;

/* The second pass: the samples into their series. */
static gboolean
add_samples (Parse *parse, RtbImportReader *reader, RtbRun *run, GError **error)
{
  guint n = rtb_run_get_n_series (run);
  g_autofree GArray **overflows = g_new0 (GArray *, n); /* guint64: first overflows' cycles */
  g_autoptr (GError) local_error = NULL;
  RtbImportLine line;
  gboolean terminated;

  if (!_rtb_import_reader_rewind (reader, error))
    return FALSE;
  while (_rtb_import_reader_next (reader, &line, &terminated, &local_error) &&
         (parse->stop_line == 0 || line.number < parse->stop_line))
    {
      guint64 thread, cycle;
      gint64 value_ns;
      RtbSeries *series;
      guint64 outside;

      if (parse_sample (&line, parse->ns, &thread, &cycle, &value_ns, NULL) != 1)
        continue;
      series = rtb_run_get_series (run, (guint) thread);
      if (cycle > series->next_index)
        {
          series->gaps += cycle - series->next_index;
          if (series->next_index > 0)
            rtb_series_skip_positions (series, cycle - series->next_index);
        }
      series->next_index = cycle + 1;
      outside = rtb_histogram_overflows (&series->histogram);
      rtb_series_add (series, value_ns);
      /* Logged by their cycle numbers, which skip where the log does. */
      if (rtb_histogram_overflows (&series->histogram) > outside)
        {
          if (overflows[thread] == NULL)
            overflows[thread] = g_array_new (FALSE, FALSE, sizeof (guint64));
          if (overflows[thread]->len < series->histogram.n_buckets)
            g_array_append_val (overflows[thread], cycle);
        }
    }
  for (guint t = 0; t < n; t++)
    {
      if (overflows[t] == NULL)
        continue;
      rtb_series_set_overflow_cycles (rtb_run_get_series (run, t),
                                      (const guint64 *) (gpointer) overflows[t]->data,
                                      overflows[t]->len);
      g_array_unref (overflows[t]);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

/* cyclictest's figures of thread `t` from the log's samples, in ns: Avg truncated in its unit. */
static void
log_figures (Parse *parse, guint t, gint64 figures[4])
{
  const Thread *thread = &parse->threads[t];
  gint64 unit = parse->ns ? 1 : 1000;

  figures[0] = (gint64) thread->count;
  figures[1] = thread->count > 0 ? thread->min_ns : 0;
  figures[2] = thread->count > 0
    ? (gint64) ((double) (thread->sum_ns / unit) / (double) thread->count) * unit : 0;
  figures[3] = thread->count > 0 ? thread->max_ns : 0;
}

static void
summary_figures (RtbSeries *series, gint64 figures[4])
{
  const RtbStats *stats = &series->histogram.stats;

  figures[0] = (gint64) stats->count;
  figures[1] = stats->count > 0 ? stats->min_ns : 0;
  figures[2] = stats->count > 0 ? stats->sum_ns / (gint64) stats->count : 0;
  figures[3] = stats->count > 0 ? stats->max_ns : 0;
}

static gboolean
same_histogram (RtbSeries *mine, RtbSeries *theirs)
{
  const RtbHistogram *a = &mine->histogram, *b = &theirs->histogram;

  if (a->n_buckets != b->n_buckets || rtb_histogram_overflows (a) != rtb_histogram_overflows (b))
    return FALSE;
  return memcmp (a->counts, b->counts, a->n_buckets * sizeof *a->counts) == 0;
}

/* Says whether cyclictest's own summary agrees with the samples of its log. */
static void
compare_summary (Parse *parse, RtbRun *run, RtbRun *summary, gboolean histogram)
{
  const char *unit = parse->ns ? "ns" : "µs";
  gint64 div = parse->ns ? 1 : 1000;
  guint n = rtb_run_get_n_series (summary);
  guint differ = 0;

  for (guint t = 0; t < n; t++)
    {
      gint64 log[4], said[4];
      RtbSeries *theirs = rtb_run_get_series (summary, t);

      log_figures (parse, t, log);
      summary_figures (theirs, said);
      if (memcmp (log, said, sizeof log) == 0 &&
          (!histogram || parse->ns || same_histogram (rtb_run_get_series (run, t), theirs)))
        continue;
      differ++;
      _rtb_import_note (parse->in, _("thread %u: cyclictest's summary counts %lld samples, "
                                     "min %lld, avg %lld, max %lld %s; its log holds %lld, min "
                                     "%lld, avg %lld, max %lld%s: the run keeps the log's"),
                        t, (long long) said[0], (long long) (said[1] / div),
                        (long long) (said[2] / div), (long long) (said[3] / div), unit,
                        (long long) log[0], (long long) (log[1] / div),
                        (long long) (log[2] / div), (long long) (log[3] / div),
                        memcmp (log, said, sizeof log) == 0 ? _(", in other buckets") : "");
    }
  if (differ > 0 && parse->missing == 0)
    _rtb_import_note (parse->in, _("cyclictest prints its samples every 10 ms and stops "
                                   "printing when its run ends: with -D, or when one thread "
                                   "reaches -l before the others, the last samples are not in "
                                   "the log"));
  else if (differ == 0)
    _rtb_import_note (parse->in, histogram
                        ? _("cyclictest's summary (line %u) agrees with the log's samples: "
                            "counts, min, avg, max, histogram and overflows")
                        : _("cyclictest's summary (line %u) agrees with the log's samples: "
                            "counts, min, avg and max"), parse->summary_line);
}

static void
note_log (Parse *parse, RtbRun *run)
{
  gboolean cpus_unknown = FALSE;

  for (guint t = 0; t < rtb_run_get_n_series (run); t++)
    cpus_unknown |= rtb_run_get_series (run, t)->cpu < 0;
  if (cpus_unknown)
    _rtb_import_note (parse->in, _("the CPU of a thread is unknown: cyclictest names it (\"Thread "
                                   "N using cpu C.\") only with -a LIST; give it with --cpus"));
  if (parse->missing > 0)
    _rtb_import_note (parse->in, _("the log skips %llu cycle numbers, the first on line %u "
                                   "(cyclictest -o prints one sample in so many, and its -v "
                                   "output loses samples when read too slowly): the figures "
                                   "are those of the samples it holds"),
                      (unsigned long long) parse->missing, parse->first_gap_line);
  if (parse->cut_line != 0)
    _rtb_import_note (parse->in, _("the last line (%u) is cut short, %s: it is left out"),
                      parse->cut_line, parse->cut_text);
  if (parse->unknown.n > 0)
    _rtb_import_note (parse->in, ngettext ("ignored %u unrecognised line before the samples, "
                                           "the first on line %u: %s",
                                           "ignored %u unrecognised lines before the samples, "
                                           "the first on line %u: %s", parse->unknown.n),
                      parse->unknown.n, parse->unknown.first, parse->unknown.first_text);
}

static RtbRun *
build_run (Parse *parse, RtbImportReader *reader, GError **error)
{
  g_autoptr (RtbRun) summary = NULL;
  g_autoptr (RtbRun) run = NULL;
  g_autofree char *why = NULL;
  gboolean histogram;
  RtbCommand cmd;
  guint stated, n_threads;

  if (parse->summary != NULL)
    summary = import_summary (parse, &why);
  if (summary != NULL && rtb_run_get_n_series (summary) > RTB_MAX_THREADS)
    {
      why = g_strdup_printf ("it has %u threads, cyclictest runs at most %u",
                             rtb_run_get_n_series (summary), RTB_MAX_THREADS);
      g_clear_object (&summary);
    }
  histogram = summary != NULL && rtb_run_get_n_series (summary) > 0 &&
              !rtb_run_get_series (summary, 0)->no_histogram;
  n_threads = MAX (parse->n_threads, summary != NULL ? rtb_run_get_n_series (summary) : 0);
  if (parse->first_sample == 0)
    {
      _rtb_import_fail_code (error, RTB_IMPORT_ERROR_EMPTY, "no cyclictest -v samples: expected "
                             "lines such as " SAMPLE_EXAMPLE);
      return NULL;
    }

  init_command (parse, summary, histogram, &cmd, &stated);
  run = _rtb_import_new_run (parse->in, &cmd, n_threads, stated, error);
  if (run == NULL)
    return NULL;
  for (guint t = 0; t < n_threads; t++)
    {
      RtbSeries *series = _rtb_import_add_series (run, parse->in, t, parse->threads[t].cpu, NULL);

      /* Whole µs stand for themselves in the percentiles. */
      series->resolution_ns = parse->ns ? 1 : 1000;
    }
  if (!add_samples (parse, reader, run, error))
    return NULL;

  note_log (parse, run);
  if (summary != NULL)
    compare_summary (parse, run, summary, histogram);
  else if (why != NULL)
    _rtb_import_note (parse->in, _("cyclictest's summary after the samples could not be read "
                                   "(%s): the figures are the samples'"), why);
  _rtb_import_finish (run, parse->in, "cyclictest -v", NULL);
  return g_steal_pointer (&run);
}

RtbRun *
_rtb_import_cyclictest_verbose (RtbImportInput *in, RtbImportReader *reader, GError **error)
{
  Parse *parse = g_new0 (Parse, 1);
  RtbImportLine line;
  gboolean terminated;
  RtbRun *run = NULL;
  GError *local_error = NULL;

  parse->in = in;
  for (guint t = 0; t < RTB_MAX_THREADS; t++)
    parse->threads[t].cpu = -1;
  if (!_rtb_import_units (in, -1, &parse->ns, error))
    goto out;
  while (_rtb_import_reader_next (reader, &line, &terminated, &local_error))
    if (!scan_line (parse, &line, terminated, &local_error))
      break;
  if (local_error != NULL)
    g_propagate_error (error, local_error);
  else
    run = build_run (parse, reader, error);

out:
  g_clear_pointer (&parse->summary, g_byte_array_unref);
  g_free (parse->cut_text);
  _rtb_import_unknown_clear (&parse->unknown);
  g_free (parse);
  return run;
}
