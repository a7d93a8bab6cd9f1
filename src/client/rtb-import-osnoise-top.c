/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rtla osnoise top's table (rtla 6.1, osnoise_top.c): a title "Operating System Noise", the line
 * "duration:   0 00:00:05 | time is in us", the column line "CPU Period       Runtime        Noise
 * % CPU Aval   Max Noise   Max Single          HW          NMI          IRQ      Softirq
 * Thread", then one row per CPU:
 *
 *     0 #5           5037056      4347569    13.68829      944837       136740        2228  …
 *
 * Without -q the table is printed again every second, each time whole after a terminal reset:
 * the last complete one counts. Each CPU becomes a series of a noise run that holds rtla's totals
 * of its periods (RtbOsnoiseTotals) and no samples: top keeps none.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rtb-import-private.h"
#include "rtb-run-private.h"

typedef struct {
  int cpu;
  RtbOsnoiseTotals totals;
  guint line;
} Row;

typedef struct {
  GArray *rows;        /* Row: the table being read */
  GArray *last;        /* Row: the last complete table */
  gboolean in_table;
  guint64 elapsed_ns;
  gboolean have_title;
} Parse;

/* "% CPU Aval" as rtla printed it, against 100 × (runtime − noise) / runtime at the same
 * number of decimals. */
static gboolean
check_available (const Row *row, const char *printed, gsize len, GError **error)
{
  const char *dot = memchr (printed, '.', len);
  int decimals = dot != NULL ? (int) (printed + len - dot - 1) : 0;
  double pct = rtb_osnoise_available_pct (&row->totals);
  char own[64];

  if (isnan (pct))
    g_strlcpy (own, "-", sizeof own);
  else
    g_snprintf (own, sizeof own, "%.*f", MIN (decimals, 9), pct);
  if (strlen (own) == len && memcmp (own, printed, len) == 0)
    return TRUE;
  {
    g_autofree char *found = _rtb_import_quote (printed, len);

    return _rtb_import_fail (error, row->line, "CPU %d: %% CPU Aval %s is not 100 × (runtime − "
                             "noise) / runtime of its row, %s", row->cpu, found, own);
  }
}

static gboolean
parse_row (Parse *parse, const RtbImportLine *line, GError **error)
{
  RtbImportCursor c;
  Row row = { .line = line->number };
  guint64 cpu;
  const char *pct;

  _rtb_import_cursor_init (&c, line);
  _rtb_import_skip_blanks (&c);
  if (!_rtb_import_parse_u64 (&c, RTB_MAX_CPUS - 1, &cpu) || !_rtb_import_skip_blanks (&c) ||
      !_rtb_import_skip_text (&c, "#"))
    goto bad;
  row.cpu = (int) cpu;
  for (guint f = 0; f < RTB_OSNOISE_N_FIGURES; f++)
    {
      if (f > 0 && !_rtb_import_skip_blanks (&c))
        goto bad;
      if (!_rtb_import_parse_u64 (&c, RTB_IMPORT_MAX_VALUE_US * 1000,
                                  rtb_osnoise_figure_at (&row.totals, f)))
        goto bad;
      if (f != RTB_OSNOISE_NOISE)
        continue;
      /* % CPU Aval follows the noise. */
      if (!_rtb_import_skip_blanks (&c))
        goto bad;
      for (pct = c.p; c.p < c.end && (g_ascii_isdigit (*c.p) || *c.p == '.' || *c.p == '-');
           c.p++)
        ;
      if (c.p == pct)
        goto bad;
      if (!check_available (&row, pct, (gsize) (c.p - pct), error))
        return FALSE;
    }
  if (_rtb_import_skip_blanks (&c))
    goto bad;
  for (guint i = 0; i < parse->rows->len; i++)
    if (g_array_index (parse->rows, Row, i).cpu == row.cpu)
      return _rtb_import_fail (error, line->number, "CPU %d has a second row in one table",
                               row.cpu);
  g_array_append_val (parse->rows, row);
  return TRUE;

bad:
  return _rtb_import_fail_found (error, line, "expected a row \"CPU #PERIODS RUNTIME NOISE "
                                 "%%AVAILABLE MAX-NOISE MAX-SINGLE HW NMI IRQ SOFTIRQ THREAD\" "
                                 "of whole numbers (the %% to its decimals)");
}

static void
end_table (Parse *parse)
{
  if (parse->in_table && parse->rows->len > 0)
    {
      g_array_set_size (parse->last, 0);
      g_array_append_vals (parse->last, parse->rows->data, parse->rows->len);
    }
  g_array_set_size (parse->rows, 0);
  parse->in_table = FALSE;
}

static gboolean
handle_line (gpointer data, const RtbImportLine *line, const RtbImportLines *rest,
             GError **error)
{
  Parse *parse = data;

  if (memmem (line->p, line->len, "Operating System Noise", 22) != NULL)
    {
      end_table (parse);
      parse->have_title = TRUE;
    }
  else if (_rtb_import_line_has_prefix (line, "duration:"))
    _rtb_import_rtla_duration_line (line, "duration:", &parse->elapsed_ns);
  else if (_rtb_import_line_has_prefix (line, "CPU Period"))
    {
      end_table (parse);
      parse->in_table = TRUE;
    }
  else if (parse->in_table && !_rtb_import_line_is_blank (line))
    return parse_row (parse, line, error);
  else if (!_rtb_import_line_is_blank (line) && !parse->have_title)
    return _rtb_import_fail_found (error, line, "expected rtla osnoise top's title \"Operating "
                                   "System Noise\"");
  return TRUE;
}

static RtbRun *
build_run (Parse *parse, RtbImportInput *in, GError **error)
{
  g_autoptr (RtbRun) run = NULL;
  RtbCommand cmd;

  /* What rtbench's osnoise method measures, as rtla osnoise top runs the tracer. */
  _rtb_import_command_init (&cmd, RTB_METHOD_OSNOISE, RTB_HISTOGRAM_MIN_US);
  for (guint i = 0; i < parse->last->len; i++)
    {
      int cpu = g_array_index (parse->last, Row, i).cpu;

      cmd.cpus[cpu / 64] |= G_GUINT64_CONSTANT (1) << (cpu % 64);
    }
  run = _rtb_import_new_run (in, &cmd, parse->last->len, RTB_RUN_STATED_CPUS, error);
  if (run == NULL)
    return NULL;
  for (guint i = 0; i < parse->last->len; i++)
    {
      const Row *row = &g_array_index (parse->last, Row, i);
      RtbSeries *series = _rtb_import_add_series (run, in, G_MAXUINT, row->cpu, NULL);

      series->osnoise = row->totals;
      series->have_osnoise = TRUE;
      /* Nor a histogram of them, nor their overflows. */
      series->no_histogram = TRUE;
    }
  _rtb_import_note (in, _("rtla osnoise top keeps each CPU's totals, not its samples: the run "
                          "holds its noise sources and no noise values"));
  _rtb_import_finish (run, in, "rtla osnoise top", NULL);
  _rtb_run_set_times (run, 0, 0, parse->elapsed_ns);
  return g_steal_pointer (&run);
}

RtbRun *
_rtb_import_osnoise_top (RtbImportInput *in, GError **error)
{
  Parse parse = {
    .rows = g_array_new (FALSE, FALSE, sizeof (Row)),
    .last = g_array_new (FALSE, FALSE, sizeof (Row)),
  };
  RtbRun *run = NULL;
  gboolean ns;
  guint last;

  if (!_rtb_import_scan (in, handle_line, &parse, &last, error))
    goto out;
  end_table (&parse);
  if (parse.last->len == 0)
    _rtb_import_fail (error, last, "no table of rtla osnoise top: expected the column line "
                      "\"CPU Period       Runtime        Noise …\" and a row per CPU");
  else if (_rtb_import_units (in, 0, &ns, error))
    run = build_run (&parse, in, error);

out:
  g_array_unref (parse.rows);
  g_array_unref (parse.last);
  return run;
}
