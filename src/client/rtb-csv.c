/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "rtb-csv.h"
#include "rtb-file-write.h"

/* A plain decimal number ("-1.250"), which a spreadsheet reads as a number, never as a
 * formula. */
static gboolean
is_plain_number (const char *field)
{
  const char *p = field + (*field == '-');
  gboolean digits = FALSE;

  while (g_ascii_isdigit (*p))
    p++, digits = TRUE;
  if (*p == '.')
    for (p++; g_ascii_isdigit (*p); p++)
      ;
  return digits && *p == '\0';
}

/* A cell that a spreadsheet would run as a formula (OWASP's CSV injection guidance: it starts
 * with =, +, -, @, a tab or a carriage return). */
static gboolean
is_formula (const char *field)
{
  return field[0] != '\0' && strchr ("=+-@\t\r", field[0]) != NULL && !is_plain_number (field);
}

void
rtb_csv_append_field (GString *line, const char *field)
{
  gboolean formula;
  gsize len;

  g_return_if_fail (line != NULL);

  if (field == NULL)
    field = "";
  len = strlen (field);
  formula = is_formula (field);
  if (!formula && strpbrk (field, ",\"\r\n") == NULL &&
      (len == 0 || (field[0] != ' ' && field[len - 1] != ' ')))
    {
      g_string_append (line, field);
      return;
    }
  /* A formula is shown as the text it is: a leading quote, and the whole cell quoted. */
  g_string_append (line, formula ? "\"'" : "\"");
  for (const char *p = field; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (line, '"');
      g_string_append_c (line, *p);
    }
  g_string_append_c (line, '"');
}

static void
append_sep (GString *line)
{
  g_string_append_c (line, ',');
}

/* `format` is a printf double conversion; NAN leaves the field empty. */
static void
append_double (GString *line, const char *format, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  append_sep (line);
  if (!isnan (value) && !isinf (value))
    g_string_append (line, g_ascii_formatd (buf, sizeof buf, format, value));
}

static void
append_uint (GString *line, guint64 value)
{
  g_string_append_printf (line, ",%" G_GUINT64_FORMAT, value);
}

static void
append_stat (GString *line, RtbFigure stat, double value)
{
  g_autofree char *format = g_strdup_printf ("%%.%uf", rtb_figure_decimals (stat, 3));

  append_double (line, format, value);
}

static void
append_header (GString *text, const char * const *fields)
{
  for (guint i = 0; fields[i] != NULL; i++)
    {
      if (i > 0)
        append_sep (text);
      rtb_csv_append_field (text, fields[i]);
    }
  g_string_append_c (text, '\n');
}

char *
rtb_csv_summary (RtbRun *const *runs, guint n_runs)
{
  GString *text = g_string_new ("run,series,cpu");

  g_return_val_if_fail (runs != NULL || n_runs == 0, NULL);

  for (RtbFigure stat = 0; stat < RTB_N_FIGURES; stat++)
    g_string_append_printf (text, ",%s", rtb_figure_key (stat));
  g_string_append (text, ",resolution_ns,percentile_error_pct,stddev_partial\n");

  for (guint r = 0; r < n_runs; r++)
    for (guint i = 0; i < rtb_run_get_n_series (runs[r]); i++)
      {
        RtbSeries *series = rtb_run_get_series (runs[r], i);
        RtbSeriesSummary s;

        rtb_series_get_summary (series, &s);
        rtb_csv_append_field (text, rtb_run_get_label (runs[r]));
        append_sep (text);
        rtb_csv_append_field (text, series->name);
        append_sep (text);
        if (series->cpu >= 0)
          g_string_append_printf (text, "%d", series->cpu);
        for (RtbFigure stat = 0; stat < RTB_N_FIGURES; stat++)
          append_stat (text, stat, rtb_figure_value (stat, &s));
        append_uint (text, s.resolution_ns);
        append_double (text, "%.3f", s.percentile_error_pct);
        g_string_append (text, s.spread_partial ? ",true\n" : ",false\n");
      }
  return g_string_free (text, FALSE);
}

char *
rtb_csv_compare (RtbCompare *compare)
{
  GString *text = g_string_new (NULL);
  guint n_runs;
  g_autoptr (GPtrArray) header = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (RTB_IS_COMPARE (compare), NULL);

  n_runs = rtb_compare_get_n_runs (compare);
  g_ptr_array_add (header, g_strdup ("series"));
  g_ptr_array_add (header, g_strdup ("statistic"));
  for (guint r = 0; r < n_runs; r++)
    g_ptr_array_add (header, g_strdup (rtb_compare_get_run_name (compare, r)));
  for (guint r = 1; r < n_runs; r++)
    {
      const char *base = rtb_compare_get_run_name (compare, 0);
      const char *name = rtb_compare_get_run_name (compare, r);

      g_ptr_array_add (header, g_strdup_printf ("%s - %s", name, base));
      g_ptr_array_add (header, g_strdup_printf ("%s / %s", name, base));
    }
  g_ptr_array_add (header, g_strdup ("best"));
  g_ptr_array_add (header, g_strdup ("partial"));
  g_ptr_array_add (header, NULL);
  append_header (text, (const char * const *) header->pdata);

  for (guint row = 0; row < rtb_compare_get_n_rows (compare); row++)
    for (RtbFigure stat = 0; stat < RTB_N_FIGURES; stat++)
      {
        const char *best = NULL;
        g_autoptr (GString) partial = g_string_new (NULL);

        if (!rtb_compare_shows_stat (compare, stat))
          continue;
        rtb_csv_append_field (text, rtb_compare_get_row_name (compare, row));
        append_sep (text);
        rtb_csv_append_field (text, rtb_figure_key (stat));
        for (guint r = 0; r < n_runs; r++)
          {
            const RtbCompareCell *cell = rtb_compare_get_cell (compare, row, r, stat);

            append_stat (text, stat, cell->value);
            if (cell->best)
              best = rtb_compare_get_run_name (compare, r);
            if (cell->partial)
              g_string_append_printf (partial, "%s%s", partial->len > 0 ? "; " : "",
                                      rtb_compare_get_run_name (compare, r));
          }
        for (guint r = 1; r < n_runs; r++)
          {
            const RtbCompareCell *cell = rtb_compare_get_cell (compare, row, r, stat);

            append_stat (text, stat, cell->difference);
            append_double (text, "%.4f", cell->ratio);
          }
        append_sep (text);
        rtb_csv_append_field (text, best);
        append_sep (text);
        rtb_csv_append_field (text, partial->str);
        g_string_append_c (text, '\n');
      }
  return g_string_free (text, FALSE);
}

char *
rtb_csv_histogram (RtbRun *const *runs, guint n_runs)
{
  GString *text = g_string_new ("bucket_us");
  g_autoptr (GPtrArray) columns = g_ptr_array_new ();
  g_autoptr (GArray) kept = g_array_new (FALSE, FALSE, sizeof (gboolean));
  gint64 lo = G_MAXINT64, hi = G_MININT64;
  gboolean unbucketed = FALSE;

  g_return_val_if_fail (runs != NULL || n_runs == 0, NULL);

  for (guint r = 0; r < n_runs; r++)
    for (guint i = 0; i < rtb_run_get_n_series (runs[r]); i++)
      {
        RtbSeries *series = rtb_run_get_series (runs[r], i);
        g_autofree char *name = g_strdup_printf ("%s %s", rtb_run_get_label (runs[r]),
                                                 series->name);

        gboolean has_histogram = !series->no_histogram;

        g_ptr_array_add (columns, &series->histogram);
        g_array_append_val (kept, has_histogram);
        lo = MIN (lo, series->histogram.lo_us);
        hi = MAX (hi, (gint64) series->histogram.lo_us + series->histogram.n_buckets);
        append_sep (text);
        rtb_csv_append_field (text, name);
      }
  g_string_append_c (text, '\n');

  for (gint64 bucket = lo; bucket < hi; bucket++)
    {
      gsize start = text->len;
      gboolean any = FALSE;

      g_string_append_printf (text, "%" G_GINT64_FORMAT, bucket);
      for (guint c = 0; c < columns->len; c++)
        {
          const RtbHistogram *h = columns->pdata[c];
          gint64 b = bucket - h->lo_us;
          guint64 count = b >= 0 && b < (gint64) h->n_buckets ? h->counts[b] : 0;

          append_uint (text, count);
          any = any || count > 0;
        }
      if (any)
        g_string_append_c (text, '\n');
      else
        g_string_truncate (text, start);
    }

  /* Empty where the source kept no histogram: its overflows are unknown. */
  g_string_append (text, "overflows");
  for (guint c = 0; c < columns->len; c++)
    {
      if (g_array_index (kept, gboolean, c))
        append_uint (text, rtb_histogram_overflows (columns->pdata[c]));
      else
        append_sep (text);
      unbucketed |= ((const RtbHistogram *) columns->pdata[c])->n_unbucketed > 0;
    }
  g_string_append_c (text, '\n');
  /* A summary imported without its rows: samples inside the span, in no known bucket. */
  if (unbucketed)
    {
      g_string_append (text, "unbucketed");
      for (guint c = 0; c < columns->len; c++)
        append_uint (text, ((const RtbHistogram *) columns->pdata[c])->n_unbucketed);
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

char *
rtb_csv_series (RtbRun *const *runs, guint n_runs)
{
  GString *text = g_string_new ("run,series,index,samples,min_us,max_us,mean_us,running_mean_us\n");

  g_return_val_if_fail (runs != NULL || n_runs == 0, NULL);

  for (guint r = 0; r < n_runs; r++)
    for (guint i = 0; i < rtb_run_get_n_series (runs[r]); i++)
      {
        RtbSeries *series = rtb_run_get_series (runs[r], i);
        const RtbHistory *history = &series->history;
        gint64 total_ns = 0;
        guint64 total_count = 0;

        for (gsize b = 0; b < history->n_blocks; b++)
          {
            const RtbHistoryBlock *block = &history->blocks[b];

            if (block->count == 0)
              continue;
            total_ns += block->sum_ns;
            total_count += block->count;
            rtb_csv_append_field (text, rtb_run_get_label (runs[r]));
            append_sep (text);
            rtb_csv_append_field (text, series->name);
            append_uint (text, rtb_history_block_start (history, b));
            append_uint (text, block->count);
            append_double (text, "%.3f", block->min_ns / 1000.0);
            append_double (text, "%.3f", block->max_ns / 1000.0);
            append_double (text, "%.3f", (double) block->sum_ns / 1000.0 / block->count);
            append_double (text, "%.3f", (double) total_ns / 1000.0 / (double) total_count);
            g_string_append_c (text, '\n');
          }
      }
  return g_string_free (text, FALSE);
}

static void
append_heatmap_cells (GString *text, const char *run, const RtbSeries *series)
{
  const RtbHeatmap *heatmap = &series->heatmap;

  for (gsize c = 0; c < heatmap->n_columns; c++)
    for (guint32 r = 0; r < heatmap->n_rows; r++)
      {
        guint64 count = rtb_heatmap_column (heatmap, c)[r];

        if (count == 0)
          continue;
        rtb_csv_append_field (text, run);
        append_sep (text);
        rtb_csv_append_field (text, series->name);
        append_uint (text, rtb_heatmap_column_start (heatmap, c));
        append_uint (text, rtb_heatmap_column_positions (heatmap, c));
        append_uint (text, r);
        append_double (text, "%.3f", rtb_heatmap_row_lo_ns (heatmap, r) / 1000.0);
        if (r + 1 < heatmap->n_rows)
          append_double (text, "%.3f", rtb_heatmap_row_hi_ns (heatmap, r) / 1000.0);
        else
          append_sep (text);
        append_uint (text, count);
        append_double (text, "%.3f", heatmap->column_max_ns[c] / 1000.0);
        g_string_append_c (text, '\n');
      }
}

char *
rtb_csv_heatmap (RtbRun *const *runs, guint n_runs)
{
  GString *text = g_string_new ("run,series,index,positions,row,lo_us,hi_us,count,"
                                "column_max_us\n");

  g_return_val_if_fail (runs != NULL || n_runs == 0, NULL);

  for (guint r = 0; r < n_runs; r++)
    for (guint i = 0; i < rtb_run_get_n_series (runs[r]); i++)
      {
        RtbSeries *series = rtb_run_get_series (runs[r], i);

        if (rtb_series_has_heatmap (series))
          {
            append_heatmap_cells (text, rtb_run_get_label (runs[r]), series);
            continue;
          }
        /* Unknown: the series, and nothing of its cells. */
        rtb_csv_append_field (text, rtb_run_get_label (runs[r]));
        append_sep (text);
        rtb_csv_append_field (text, series->name);
        g_string_append (text, ",,,,,,,\n");
      }
  return g_string_free (text, FALSE);
}

static void
append_us_or_empty (GString *text, gint64 ns)
{
  if (ns >= 0)
    append_double (text, "%.3f", (double) ns / 1000.0);
  else
    append_sep (text);
}

char *
rtb_csv_spikes (RtbRun *const *runs, guint n_runs)
{
  GString *text = g_string_new ("run,series,index,instance,time_s,cpu,value_us,cause,name,pid,irq,"
                                "cause_us,to_wakeup_us,to_run_us,lost_events,irq_latency_us\n");

  g_return_val_if_fail (runs != NULL || n_runs == 0, NULL);

  for (guint r = 0; r < n_runs; r++)
    {
      GPtrArray *spikes = rtb_spike_log_get_spikes (rtb_run_get_spike_log (runs[r]));

      for (guint i = 0; i < spikes->len; i++)
        {
          const RtbSpike *spike = spikes->pdata[i];
          const RtbCause *cause = &spike->main;

          if (spike->series >= rtb_run_get_n_series (runs[r]))
            continue;
          rtb_csv_append_field (text, rtb_run_get_label (runs[r]));
          append_sep (text);
          rtb_csv_append_field (text, rtb_run_get_series (runs[r], spike->series)->name);
          append_uint (text, spike->index);
          if (spike->instance > 0)
            append_uint (text, spike->instance);
          else
            append_sep (text);
          append_sep (text);
          if (spike->time_ns >= 0)
            g_string_append_printf (text, "%" G_GINT64_FORMAT ".%09" G_GINT64_FORMAT,
                                    spike->time_ns / 1000000000, spike->time_ns % 1000000000);
          append_uint (text, (guint64) MAX (spike->cpu, 0));
          append_us_or_empty (text, spike->value_ns);
          append_sep (text);
          rtb_csv_append_field (text, rtb_cause_kind_to_string (cause->kind));
          append_sep (text);
          if (cause->name != NULL)
            rtb_csv_append_field (text, cause->name);
          if (cause->kind == RTB_CAUSE_TASK)
            append_uint (text, (guint64) MAX (cause->pid, 0));
          else
            append_sep (text);
          if (cause->kind == RTB_CAUSE_IRQ || cause->kind == RTB_CAUSE_SOFTIRQ)
            append_uint (text, (guint64) MAX (cause->number, 0));
          else
            append_sep (text);
          append_us_or_empty (text, cause->duration_ns);
          append_us_or_empty (text, spike->to_wakeup_ns);
          append_us_or_empty (text, spike->to_run_ns);
          append_sep (text);
          g_string_append (text, spike->flags & RTB_SPIKE_LOST_EVENTS ? "true" : "false");
          append_us_or_empty (text, spike->irq_ns);
          g_string_append_c (text, '\n');
        }
    }
  return g_string_free (text, FALSE);
}

gboolean
rtb_csv_write (const char *path, const char *text, GError **error)
{
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  return rtb_file_write (path, text, strlen (text), error);
}
