/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "rtb-compare-private.h"
#include "rtb-label.h"

typedef struct {
  char *name;
  gboolean pooled;
  guint n_runs;
  RtbSeries **series;           /* per run; borrowed, or owned when pooled */
  RtbSeriesSummary *summaries;  /* per run */
  RtbCompareCell *cells;        /* per run, RTB_N_FIGURES each */
} Row;

struct _RtbCompare
{
  GObject parent_instance;

  /* Owned references */
  GPtrArray *runs;
  GPtrArray *names;
  GPtrArray *rows;          /* Row */
  GArray *system_rows;      /* RtbCompareSystemRow */
  GPtrArray *notices;       /* NULL-terminated */

  guint decimals;
  gboolean cyclictest_figures; /* like with like: a run imported from cyclictest is among them */
  gboolean cyclictest_text;    /* one of its text output: averages truncated as it prints them */
};

G_DEFINE_FINAL_TYPE (RtbCompare, rtb_compare, G_TYPE_OBJECT)

static void
row_free (Row *row)
{
  if (row->pooled)
    for (guint r = 0; r < row->n_runs; r++)
      rtb_series_free (row->series[r]);
  g_free (row->name);
  g_free (row->series);
  g_free (row->summaries);
  g_free (row->cells);
  g_free (row);
}

static Row *
row_new (const char *name, gboolean pooled, guint n_runs)
{
  Row *row = g_new0 (Row, 1);

  row->name = g_strdup (name);
  row->pooled = pooled;
  row->n_runs = n_runs;
  row->series = g_new0 (RtbSeries *, n_runs);
  row->summaries = g_new0 (RtbSeriesSummary, n_runs);
  row->cells = g_new0 (RtbCompareCell, (gsize) n_runs * RTB_N_FIGURES);
  return row;
}

/* Every series of a run in one: bucket counts added on a histogram spanning all of them, the
 * percentiles' histograms merged, the statistics merged (all exactly). */
static RtbSeries *
pool_series (RtbRun *run, const char *name)
{
  guint n = rtb_run_get_n_series (run);
  RtbSeries *pooled = g_new0 (RtbSeries, 1);
  gint64 lo = n > 0 ? G_MAXINT32 : 0, hi = 0;

  pooled->name = g_strdup (name);
  pooled->cpu = -1;
  pooled->resolution_ns = 1;
  rtb_stats_init (&pooled->cyclictest);
  rtb_log_histogram_init (&pooled->cyclictest_outside);
  pooled->cyclictest_is_source = n > 0 && rtb_run_get_series (run, 0)->cyclictest_is_source;
  for (guint i = 0; i < n; i++)
    {
      const RtbHistogram *h = &rtb_run_get_series (run, i)->histogram;

      lo = MIN (lo, h->lo_us);
      hi = MAX (hi, (gint64) h->lo_us + h->n_buckets);
    }
  if (!rtb_histogram_init (&pooled->histogram, (int32_t) lo, (uint32_t) MAX (hi - lo, 0)))
    g_error ("out of memory pooling %u series", n);
  rtb_log_histogram_init (&pooled->values);

  for (guint i = 0; i < n; i++)
    {
      RtbSeries *series = rtb_run_get_series (run, i);
      const RtbHistogram *h = &series->histogram;
      gsize offset = (gsize) (h->lo_us - lo);

      if (i == 0)
        {
          pooled->policy = series->policy;
          pooled->priority = series->priority;
        }
      for (guint32 b = 0; b < h->n_buckets; b++)
        pooled->histogram.counts[offset + b] += h->counts[b];
      /* An overflow stays one, as in its series' row, even where another series' span
       * would have held it. */
      pooled->histogram.n_below += h->n_below;
      pooled->histogram.n_above += h->n_above;
      pooled->histogram.n_unbucketed += h->n_unbucketed;
      rtb_stats_merge (&pooled->histogram.stats, &h->stats);
      rtb_stats_merge (&pooled->cyclictest, &series->cyclictest);
      if (!rtb_log_histogram_merge (&pooled->cyclictest_outside, &series->cyclictest_outside))
        g_error ("out of memory pooling %u series", n);
      if (!rtb_log_histogram_merge (&pooled->values, &series->values))
        g_error ("out of memory pooling %u series", n);
      pooled->resolution_ns = MAX (pooled->resolution_ns, series->resolution_ns);
      pooled->unknown_values += series->unknown_values;
      pooled->no_histogram |= series->no_histogram;
      pooled->dropped += series->dropped;
      pooled->skipped += series->skipped;
      pooled->gaps += series->gaps;
      /* rtla's totals of the CPUs together, when every CPU has them. */
      pooled->have_osnoise = series->have_osnoise && (i == 0 || pooled->have_osnoise);
      rtb_osnoise_totals_merge (&pooled->osnoise, &series->osnoise);
      rtb_hwlat_totals_merge (&pooled->hwlat, &series->hwlat);
    }
  return pooled;
}

/* Below 0 when `a` is better than `b`: closer to zero, or higher for a figure whose higher
 * values are better (% CPU available); equal at the precision the tables print (whole counts,
 * µs to the comparison's decimals, per cents to rtla's). */
static int
compare_magnitude (double a, double b, RtbFigure stat, guint decimals)
{
  double scale = pow (10, rtb_figure_decimals (stat, decimals));
  long long x = llround (fabs (a) * scale);
  long long y = llround (fabs (b) * scale);

  return rtb_figure_is_higher_better (stat) ? (y > x) - (y < x) : (x > y) - (x < y);
}

static void
judge_row (Row *row, guint decimals)
{
  for (RtbFigure stat = 0; stat < RTB_N_FIGURES; stat++)
    {
      double base = row->series[0] ? rtb_figure_value (stat, &row->summaries[0]) : NAN;
      gboolean base_partial = row->series[0] &&
                              rtb_figure_is_partial (stat, &row->summaries[0]);
      gboolean judged = rtb_figure_is_judged (stat);
      int best = -1;
      guint n_values = 0, n_best = 0;

      for (guint r = 0; r < row->n_runs; r++)
        {
          RtbCompareCell *cell = &row->cells[r * RTB_N_FIGURES + stat];
          double v = row->series[r] ? rtb_figure_value (stat, &row->summaries[r]) : NAN;

          cell->value = v;
          cell->partial = row->series[r] &&
                          rtb_figure_is_partial (stat, &row->summaries[r]);
          /* A partial figure compares badly: shown, never set against another or judged. */
          if (cell->partial || base_partial)
            cell->difference = cell->ratio = NAN;
          else
            {
              cell->difference = isnan (v) || isnan (base) ? NAN : v - base;
              cell->ratio = isnan (v) || isnan (base) || base == 0 ? NAN : v / base;
            }
          cell->verdict = RTB_COMPARE_UNJUDGED;
          if (isnan (v) || cell->partial)
            continue;
          if (judged && r > 0 && !isnan (base) && !base_partial)
            {
              int c = compare_magnitude (v, base, stat, decimals);
              cell->verdict = c == 0 ? RTB_COMPARE_SAME : c < 0 ? RTB_COMPARE_BETTER
                                                               : RTB_COMPARE_WORSE;
            }
          n_values++;
          if (best < 0)
            {
              best = (int) r;
              n_best = 1;
              continue;
            }
          int c = compare_magnitude (v, row->cells[best * RTB_N_FIGURES + stat].value, stat,
                                     decimals);
          if (c < 0)
            {
              best = (int) r;
              n_best = 1;
            }
          else if (c == 0)
            n_best++;
        }
      if (judged && n_values >= 2 && n_best == 1)
        row->cells[best * RTB_N_FIGURES + stat].best = TRUE;
    }
}

static void
fill_row (RtbCompare *self, Row *row)
{
  for (guint r = 0; r < row->n_runs; r++)
    if (row->series[r] != NULL && self->cyclictest_figures)
      rtb_series_get_cyclictest_summary (row->series[r], self->cyclictest_text,
                                         &row->summaries[r]);
    else if (row->series[r] != NULL)
      rtb_series_get_summary (row->series[r], &row->summaries[r]);
  judge_row (row, self->decimals);
}

static void
build_rows (RtbCompare *self)
{
  guint n_runs = self->runs->len;
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  gboolean all_latency = TRUE, need_pooled = FALSE;

  for (guint r = 0; r < n_runs; r++)
    {
      RtbRun *run = self->runs->pdata[r];
      guint n = rtb_run_get_n_series (run);

      if (n != 1)
        need_pooled = TRUE;
      if (rtb_run_get_method (run) != RTB_METHOD_LATENCY)
        all_latency = FALSE;
      for (guint i = 0; i < n; i++)
        {
          const char *name = rtb_run_get_series (run, i)->name;
          if (!g_ptr_array_find_with_equal_func (names, name, g_str_equal, NULL))
            g_ptr_array_add (names, (gpointer) name);
        }
    }
  if (names->len != 1)
    need_pooled = TRUE;

  if (need_pooled)
    {
      const char *name = all_latency ? "all CPUs" : "all";
      Row *row = row_new (name, TRUE, n_runs);

      for (guint r = 0; r < n_runs; r++)
        row->series[r] = pool_series (self->runs->pdata[r], name);
      fill_row (self, row);
      g_ptr_array_add (self->rows, row);
    }

  for (guint k = 0; k < names->len; k++)
    {
      Row *row = row_new (names->pdata[k], FALSE, n_runs);

      for (guint r = 0; r < n_runs; r++)
        {
          RtbRun *run = self->runs->pdata[r];
          for (guint i = 0; i < rtb_run_get_n_series (run) && row->series[r] == NULL; i++)
            if (g_str_equal (rtb_run_get_series (run, i)->name, row->name))
              row->series[r] = rtb_run_get_series (run, i);
        }
      fill_row (self, row);
      g_ptr_array_add (self->rows, row);
    }
}

static void
build_names (RtbCompare *self)
{
  g_autoptr(GPtrArray) names = rtb_label_unique ((RtbRun *const *) self->runs->pdata,
                                                 self->runs->len);

  for (guint r = 0; r < names->len; r++)
    g_ptr_array_add (self->names, g_strdup (g_ptr_array_index (names, r)));
}

static void
rtb_compare_finalize (GObject *object)
{
  RtbCompare *self = RTB_COMPARE (object);

  for (guint i = 0; i < self->system_rows->len; i++)
    g_strfreev (g_array_index (self->system_rows, RtbCompareSystemRow, i).values);
  g_clear_pointer (&self->system_rows, g_array_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->notices, g_ptr_array_unref);
  g_clear_pointer (&self->names, g_ptr_array_unref);
  g_clear_pointer (&self->runs, g_ptr_array_unref);

  G_OBJECT_CLASS (rtb_compare_parent_class)->finalize (object);
}

static void
rtb_compare_class_init (RtbCompareClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rtb_compare_finalize;
}

static void
rtb_compare_init (RtbCompare *self)
{
  self->runs = g_ptr_array_new_with_free_func (g_object_unref);
  self->names = g_ptr_array_new_with_free_func (g_free);
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  self->system_rows = g_array_new (FALSE, TRUE, sizeof (RtbCompareSystemRow));
  self->notices = g_ptr_array_new_with_free_func (g_free);
}

RtbCompare *
rtb_compare_new (RtbRun *const *runs, guint n_runs)
{
  RtbCompare *self;

  g_return_val_if_fail (runs != NULL, NULL);
  g_return_val_if_fail (n_runs >= 1, NULL);
  for (guint r = 0; r < n_runs; r++)
    g_return_val_if_fail (RTB_IS_RUN (runs[r]), NULL);

  self = g_object_new (RTB_TYPE_COMPARE, NULL);
  for (guint r = 0; r < n_runs; r++)
    g_ptr_array_add (self->runs, g_object_ref (runs[r]));
  for (guint r = 0; r < n_runs; r++)
    self->decimals = MAX (self->decimals, rtb_method_decimals (rtb_run_get_method (runs[r])));
  self->cyclictest_figures = _rtb_compare_meets_cyclictest (runs, n_runs,
                                                            &self->cyclictest_text);
  build_names (self);
  build_rows (self);
  _rtb_compare_build_system (runs, n_runs, self->system_rows);
  _rtb_compare_build_notices (runs, (const char * const *) self->names->pdata, n_runs,
                              self->notices);
  _rtb_compare_explain (self, self->system_rows, self->notices);
  g_ptr_array_add (self->notices, NULL);
  return self;
}

guint
rtb_compare_get_n_runs (RtbCompare *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE (self), 0);
  return self->runs->len;
}

RtbRun *
rtb_compare_get_run (RtbCompare *self, guint run)
{
  g_return_val_if_fail (RTB_IS_COMPARE (self), NULL);
  g_return_val_if_fail (run < self->runs->len, NULL);
  return self->runs->pdata[run];
}

const char *
rtb_compare_get_run_name (RtbCompare *self, guint run)
{
  g_return_val_if_fail (RTB_IS_COMPARE (self), NULL);
  g_return_val_if_fail (run < self->names->len, NULL);
  return self->names->pdata[run];
}

guint
rtb_compare_get_n_rows (RtbCompare *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE (self), 0);
  return self->rows->len;
}

static Row *
get_row (RtbCompare *self, guint row)
{
  g_return_val_if_fail (RTB_IS_COMPARE (self), NULL);
  g_return_val_if_fail (row < self->rows->len, NULL);
  return self->rows->pdata[row];
}

const char *
rtb_compare_get_row_name (RtbCompare *self, guint row)
{
  Row *r = get_row (self, row);
  return r ? r->name : NULL;
}

gboolean
rtb_compare_row_is_pooled (RtbCompare *self, guint row)
{
  Row *r = get_row (self, row);
  return r ? r->pooled : FALSE;
}

RtbSeries *
rtb_compare_get_series (RtbCompare *self, guint row, guint run)
{
  Row *r = get_row (self, row);

  g_return_val_if_fail (r != NULL && run < r->n_runs, NULL);
  return r->series[run];
}

const RtbSeriesSummary *
rtb_compare_get_summary (RtbCompare *self, guint row, guint run)
{
  Row *r = get_row (self, row);

  g_return_val_if_fail (r != NULL && run < r->n_runs, NULL);
  return r->series[run] ? &r->summaries[run] : NULL;
}

const RtbCompareCell *
rtb_compare_get_cell (RtbCompare *self, guint row, guint run, RtbFigure stat)
{
  Row *r = get_row (self, row);

  g_return_val_if_fail (r != NULL && run < r->n_runs, NULL);
  g_return_val_if_fail (stat < RTB_N_FIGURES, NULL);
  return &r->cells[run * RTB_N_FIGURES + stat];
}

gboolean
rtb_compare_shows_stat (RtbCompare *self, RtbFigure stat)
{
  g_return_val_if_fail (RTB_IS_COMPARE (self), FALSE);

  for (guint r = 0; r < self->runs->len; r++)
    if (rtb_figure_applies (stat, rtb_run_get_method (self->runs->pdata[r])))
      return TRUE;
  return FALSE;
}

gboolean
rtb_compare_uses_cyclictest_figures (RtbCompare *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE (self), FALSE);
  return self->cyclictest_figures;
}

guint
rtb_compare_get_decimals (RtbCompare *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE (self), 1);
  return self->decimals;
}

guint
rtb_compare_get_n_system_rows (RtbCompare *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE (self), 0);
  return self->system_rows->len;
}

const RtbCompareSystemRow *
rtb_compare_get_system_row (RtbCompare *self, guint row)
{
  g_return_val_if_fail (RTB_IS_COMPARE (self), NULL);
  g_return_val_if_fail (row < self->system_rows->len, NULL);
  return &g_array_index (self->system_rows, RtbCompareSystemRow, row);
}

const RtbCompareSystemRow *
rtb_compare_find_system_row (RtbCompare *self, const char *key)
{
  g_return_val_if_fail (RTB_IS_COMPARE (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  for (guint i = 0; i < self->system_rows->len; i++)
    {
      const RtbCompareSystemRow *row = &g_array_index (self->system_rows, RtbCompareSystemRow, i);
      if (g_str_equal (row->key, key))
        return row;
    }
  return NULL;
}

const char * const *
rtb_compare_get_notices (RtbCompare *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE (self), NULL);
  return (const char * const *) self->notices->pdata;
}
