/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Run files, reading side: one series, its statistics, histogram, percentile buckets,
 * cyclictest's figures and history, checked against each other as rtb-run-file-read.c checks
 * the rest.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rtb-json-check.h"
#include "rtb-run-file-read-series.h"
#include "rtb-run-private.h"

/* Far beyond what rtbench itself creates (2 M buckets for a 1 s jitter period), low enough
 * that a hostile file cannot make us allocate gigabytes. */
#define LOAD_MAX_BUCKETS 4000000
#define LOAD_MAX_LO_US 10000000

/* The response self-check's largest residual is NaN when a check produced no number; it is
 * saved as null. */
static gboolean
get_residual_max (JsonObject *object, const char *path, double *out, GError **error)
{
  JsonNode *node = json_object_get_member (object, "residual_max");

  if (node != NULL && JSON_NODE_HOLDS_NULL (node))
    {
      *out = NAN;
      return TRUE;
    }
  return _rtb_json_get_double (object, path, "residual_max", out, error);
}

/* An optional object of counts `member` (a CPU's osnoise totals), each of `n` keys
 * into its place; whether it was there. */
static gboolean
parse_counts (JsonObject *object, const char *series_path, const char *member, guint n,
              const char *(*key) (guint i), guint64 *(*at) (gpointer totals, guint i),
              gpointer totals, gboolean *found, GError **error)
{
  g_autofree char *path = g_strconcat (series_path, ".", member, NULL);
  JsonObject *o = NULL;

  *found = FALSE;
  if (!json_object_has_member (object, member))
    return TRUE;
  if (!_rtb_json_get_object (object, series_path, member, TRUE, &o, error))
    return FALSE;
  if (o == NULL)
    return TRUE;
  for (guint i = 0; i < n; i++)
    {
      gint64 value;

      if (!_rtb_json_get_int (o, path, key (i), 0, G_MAXINT64, &value, error))
        return FALSE;
      *at (totals, i) = (guint64) value;
    }
  *found = TRUE;
  return TRUE;
}

static const char *
osnoise_key (guint i)
{
  return rtb_osnoise_figure_key ((RtbOsnoiseFigure) i);
}

static guint64 *
osnoise_at (gpointer totals, guint i)
{
  return (guint64 *) rtb_osnoise_figure_at (totals, (RtbOsnoiseFigure) i);
}

/* A hwlat CPU's totals, under their figures' keys: each a count, or null when unknown. */
static gboolean
parse_hwlat (JsonObject *object, const char *series_path, RtbHwlatTotals *totals,
             GError **error)
{
  g_autofree char *path = g_strconcat (series_path, ".hwlat", NULL);
  JsonObject *o = NULL;

  memset (totals, 0, sizeof *totals);
  if (!json_object_has_member (object, "hwlat"))
    return TRUE;
  if (!_rtb_json_get_object (object, series_path, "hwlat", TRUE, &o, error))
    return FALSE;
  if (o == NULL)
    return TRUE;
  /* Every count's known first: two of them share one. */
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    {
      gboolean *known;

      if (rtb_figure_hwlat_at (f, totals, &known) != NULL)
        *known = TRUE;
    }
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    {
      gboolean *known;
      guint64 *count = rtb_figure_hwlat_at (f, totals, &known);
      const char *key = rtb_figure_key (f);
      JsonNode *node = json_object_get_member (o, key);
      gint64 value;

      if (count == NULL)
        continue;
      if (node != NULL && JSON_NODE_HOLDS_NULL (node))
        *known = FALSE;
      else if (!_rtb_json_get_int (o, path, key, 0, G_MAXINT64, &value, error))
        return FALSE;
      else
        *count = (guint64) value;
    }
  totals->known = TRUE;
  return TRUE;
}

/* The durations by source the osnoise totals hold, those known (files before them have none). */
static gboolean
parse_durations (JsonObject *object, const char *series_path, RtbOsnoiseTotals *totals,
                 GError **error)
{
  g_autofree char *path = g_strconcat (series_path, ".osnoise", NULL);
  JsonObject *o = json_object_get_object_member (object, "osnoise");

  totals->durations_known = 0;
  for (int s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
    {
      gint64 value = -1;

      if (!_rtb_json_get_optional_int (o, path, rtb_osnoise_duration_key (s), 0, G_MAXINT64,
                                       &value, error))
        return FALSE;
      if (value < 0)
        continue;
      totals->durations_ns[s] = (guint64) value;
      totals->durations_known |= 1u << s;
    }
  return TRUE;
}

/* The CPU's osnoise totals (rtla osnoise top, and the durations by source) and hwlat totals,
 * since they are kept. */
static gboolean
parse_totals (JsonObject *object, const char *series_path, RtbSeries *series, GError **error)
{
  return parse_counts (object, series_path, "osnoise", RTB_OSNOISE_N_FIGURES, osnoise_key,
                       osnoise_at, &series->osnoise, &series->have_osnoise, error) &&
         (!series->have_osnoise ||
          parse_durations (object, series_path, &series->osnoise, error)) &&
         parse_hwlat (object, series_path, &series->hwlat, error);
}

static gboolean
parse_worker_stats (JsonObject *object, const char *series_path, RtbSeries *series,
                    GError **error)
{
  g_autofree char *path = g_strconcat (series_path, ".worker_stats", NULL);
  RtbThreadStats *stats = &series->worker_stats;
  JsonObject *ws = NULL;
  gint64 value;

  if (!_rtb_json_get_object (object, series_path, "worker_stats", TRUE, &ws, error))
    return FALSE;
  if (ws == NULL)
    return TRUE;

  memset (stats, 0, sizeof *stats);
#define GET_U64(member) \
  if (!_rtb_json_get_int (ws, path, #member, 0, G_MAXINT64, &value, error)) \
    return FALSE; \
  stats->member = (guint64) value;
#define GET_I64(member) \
  if (!_rtb_json_get_int (ws, path, #member, G_MININT64, G_MAXINT64, &value, error)) \
    return FALSE; \
  stats->member = value;
  GET_U64 (count)
  GET_U64 (dropped)
  GET_U64 (skipped)
  GET_U64 (overflows)
  GET_I64 (min_ns)
  GET_I64 (max_ns)
  GET_I64 (sum_ns)
  GET_U64 (residual_failures)
#undef GET_U64
#undef GET_I64
  value = 0;
  if (!_rtb_json_get_optional_int (ws, path, "overruns", 0, G_MAXINT64, &value, error))
    return FALSE;
  stats->overruns = (guint64) value;
  value = 0;
  if (!_rtb_json_get_optional_int (ws, path, "off_cpu", 0, G_MAXINT64, &value, error))
    return FALSE;
  stats->off_cpu = (guint64) value;
  if (!_rtb_json_get_double (ws, path, "sum_sq_us2", &stats->sum_sq_us2, error) ||
      !get_residual_max (ws, path, &stats->residual_max, error))
    return FALSE;
  series->have_worker_stats = TRUE;
  return TRUE;
}

/* [a, b, …] of exactly n integers. */
static gboolean
int_tuple (JsonNode *node, const char *name, guint n, const char *shape, gint64 *out,
           GError **error)
{
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node) ||
      json_array_get_length (array = json_node_get_array (node)) != n)
    return _rtb_json_format_error (error, "%s: expected %s", name, shape);
  for (guint i = 0; i < n; i++)
    if (!_rtb_json_node_int (json_array_get_element (array, i), name, G_MININT64, G_MAXINT64,
                             &out[i], error))
      return FALSE;
  return TRUE;
}

/* A bulk array (see rtb-run-file-scan.h) from the JSON tree: its integers (tuple == 0) or
 * arrays of `tuple` integers, flattened. */
static GArray *
flatten (JsonObject *object, const char *path, const char *member, guint tuple,
         const char *shape, GError **error)
{
  g_autoptr (GArray) values = g_array_new (FALSE, FALSE, sizeof (gint64));
  JsonArray *array;

  if (!_rtb_json_get_array (object, path, member, &array, error))
    return NULL;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s.%s[%u]", path, member, i);
      JsonNode *node = json_array_get_element (array, i);
      gint64 item[4];

      if (tuple == 0 ? !_rtb_json_node_int (node, name, G_MININT64, G_MAXINT64, item, error)
                     : !int_tuple (node, name, tuple, shape, item, error))
        return NULL;
      g_array_append_vals (values, item, MAX (tuple, 1));
    }
  return g_steal_pointer (&values);
}

/* The bulk array from the scanner when it took it, otherwise from `object`, the tree at `path`
 * that holds it. */
static GArray *
get_bulk (const RtbSeriesBulk *bulk, RtbBulkMember which, JsonObject *object, const char *path,
          GError **error)
{
  const RtbBulkMemberInfo *info = &_rtb_bulk_members[which];
  const char *dot = strrchr (info->path, '.');
  GArray *scanned = _rtb_series_bulk_get (bulk, which);

  if (scanned != NULL)
    return g_array_ref (scanned);
  return flatten (object, path, dot != NULL ? dot + 1 : info->path, info->tuple, info->shape,
                  error);
}

static void
add_value (RtbSeries *series, gint64 value_ns, guint64 n)
{
  if (!rtb_log_histogram_add (&series->values, value_ns, n))
    g_error ("Out of memory for the percentiles of series %s", series->name);
}

static gboolean
parse_histogram (JsonObject *object, const char *path, RtbHistogram *hist,
                 const RtbSeriesBulk *bulk, GError **error)
{
  g_autoptr (GArray) counts = NULL;
  gint64 value, previous = -1, sum = 0;
  guint n;

  counts = get_bulk (bulk, RTB_BULK_COUNTS, object, path, error);
  if (counts == NULL)
    return FALSE;
  n = counts->len / 2;
  for (guint i = 0; i < n; i++)
    {
      const gint64 *pair = &g_array_index (counts, gint64, 2 * i);

      if (pair[0] < 0 || pair[0] >= hist->n_buckets)
        return _rtb_json_format_error (error, "%s.counts[%u]: bucket index %" G_GINT64_FORMAT
                                       " is outside 0–%u", path, i, pair[0],
                                       hist->n_buckets - 1);
      if (pair[0] <= previous)
        return _rtb_json_format_error (error, "%s.counts[%u]: bucket index %" G_GINT64_FORMAT
                                       " does not follow %" G_GINT64_FORMAT
                                       " (indices must increase)", path, i, pair[0], previous);
      if (pair[1] < 1)
        return _rtb_json_format_error (error, "%s.counts[%u]: count %" G_GINT64_FORMAT
                                       " must be positive", path, i, pair[1]);
      if (pair[1] > G_MAXINT64 - sum)
        return _rtb_json_format_error (error, "%s.counts[%u]: count %" G_GINT64_FORMAT
                                       " brings the buckets' total past %" G_GINT64_FORMAT
                                       ", more samples than any run holds", path, i, pair[1],
                                       G_MAXINT64);
      hist->counts[pair[0]] = (guint64) pair[1];
      sum += pair[1];
      previous = pair[0];
    }

  if (!_rtb_json_get_int (object, path, "below", 0, G_MAXINT64, &value, error))
    return FALSE;
  hist->n_below = (guint64) value;
  if (!_rtb_json_get_int (object, path, "above", 0, G_MAXINT64, &value, error))
    return FALSE;
  hist->n_above = (guint64) value;
  /* Written since version 3 gained summary-only imports. */
  value = 0;
  if (json_object_has_member (object, "unbucketed") &&
      !_rtb_json_get_int (object, path, "unbucketed", 0, G_MAXINT64, &value, error))
    return FALSE;
  hist->n_unbucketed = (guint64) value;

  if ((guint64) sum + hist->n_below + hist->n_above + hist->n_unbucketed != hist->stats.count)
    return _rtb_json_format_error (error, "%s: the buckets hold %" G_GINT64_FORMAT
                                   " values, below %" G_GUINT64_FORMAT ", above %"
                                   G_GUINT64_FORMAT " and without bucket %" G_GUINT64_FORMAT
                                   ", which does not add up to the count %" G_GUINT64_FORMAT,
                                   path, sum, hist->n_below, hist->n_above, hist->n_unbucketed,
                                   hist->stats.count);
  return TRUE;
}

/* [bucket key, count] pairs in increasing order, added to `hist`: their sum and the first and
 * the last key. */
static gboolean
read_log_buckets (GArray *pairs, const char *path, const char *member, RtbSeries *series,
                  RtbLogHistogram *hist, guint64 *sum, gint64 *first, gint64 *last,
                  GError **error)
{
  guint n = pairs->len / 2;

  *sum = 0;
  for (guint i = 0; i < n; i++)
    {
      const gint64 *pair = &g_array_index (pairs, gint64, 2 * i);

      if (rtb_log_histogram_bucket_key (pair[0]) != pair[0])
        return _rtb_json_format_error (error, "%s.%s[%u]: %" G_GINT64_FORMAT " is not where a "
                                       "bucket starts", path, member, i, pair[0]);
      if (i > 0 && pair[0] <= *last)
        return _rtb_json_format_error (error, "%s.%s[%u]: bucket %" G_GINT64_FORMAT " does not "
                                       "follow %" G_GINT64_FORMAT " (buckets must increase)",
                                       path, member, i, pair[0], *last);
      if (pair[1] < 1 || (guint64) pair[1] > (guint64) G_MAXINT64 - *sum)
        return _rtb_json_format_error (error, "%s.%s[%u]: count %" G_GINT64_FORMAT " must be "
                                       "positive", path, member, i, pair[1]);
      if (i == 0)
        *first = pair[0];
      *last = pair[0];
      *sum += (guint64) pair[1];
      if (!rtb_log_histogram_add (hist, pair[0], (guint64) pair[1]))
        g_error ("Out of memory for the percentiles of series %s", series->name);
    }
  return TRUE;
}

/* The smallest whole µs at or above `ns`; at either end of the range, the nearest one that fits. */
static gint64
round_up_us (gint64 ns)
{
  gint64 us = rtb_floor_div (ns, 1000);

  if (us < G_MININT64 / 1000)
    us = G_MININT64 / 1000;
  else if (us * 1000 != ns && us < G_MAXINT64 / 1000)
    us++;
  return us * 1000;
}

static void
add_truncated_outside (RtbSeries *series, gint64 us, guint64 n)
{
  rtb_stats_add_n (&series->cyclictest, us * 1000, n);
  if (!rtb_log_histogram_add (&series->cyclictest_outside, us * 1000, n))
    g_error ("Out of memory for the percentiles of series %s", series->name);
}

/* cyclictest's figures where a file does not hold them (before they were saved): from the 1 µs
 * buckets and each outside value truncated — `outside` when the file kept them, else the
 * percentile histogram's buckets (within 0.05 %). An import's are its source's own. */
static void
derive_cyclictest (RtbSeries *series, gboolean imported, GArray *outside)
{
  const RtbHistogram *h = &series->histogram;
  RtbStats *ct = &series->cyclictest;

  series->cyclictest_is_source = imported;
  if (imported)
    {
      *ct = h->stats;
      return;
    }
  rtb_stats_init (ct);
  for (guint32 b = 0; b < h->n_buckets; b++)
    rtb_stats_add_n (ct, ((gint64) h->lo_us + b) * 1000, h->counts[b]);
  if (outside != NULL)
    {
      for (guint i = 0; i < outside->len; i++)
        add_truncated_outside (series, rtb_floor_div (g_array_index (outside, gint64, i), 1000),
                               1);
      return;
    }

  RtbLogHistogramIter iter = { 0 };
  gint64 key;
  guint64 n;

  while (rtb_log_histogram_next (&series->values, &iter, &key, &n))
    {
      gint64 bucket = rtb_floor_div (key, 1000);

      if (bucket < h->lo_us || bucket >= (gint64) h->lo_us + h->n_buckets)
        add_truncated_outside (series, bucket, n);
    }
}

/* The statistics of the truncated samples and the overflows' cycle numbers: absent from files
 * written before rtbench kept them, derived then. */
static gboolean
parse_cyclictest (JsonObject *object, const char *path, RtbSeries *series, gboolean imported,
                  const RtbSeriesBulk *bulk, GError **error)
{
  g_autofree char *ct_path = g_strconcat (path, ".cyclictest", NULL);
  RtbStats *ct = &series->cyclictest;
  g_autoptr (GArray) cycles = NULL;
  g_autoptr (GArray) outside = NULL;
  JsonObject *co;
  gint64 value, first = 0, last = 0;
  guint64 sum;

  if (!json_object_has_member (object, "cyclictest"))
    {
      derive_cyclictest (series, imported, NULL);
      return TRUE;
    }
  if (!_rtb_json_get_object (object, path, "cyclictest", FALSE, &co, error) ||
      !_rtb_json_get_bool (co, ct_path, "source", &imported, error) ||
      !_rtb_json_get_int (co, ct_path, "count", 0, G_MAXINT64, &value, error))
    return FALSE;
  rtb_stats_init (ct);
  ct->count = (guint64) value;
  if (!_rtb_json_get_int (co, ct_path, "min_ns", G_MININT64, G_MAXINT64, &ct->min_ns, error) ||
      !_rtb_json_get_int (co, ct_path, "max_ns", G_MININT64, G_MAXINT64, &ct->max_ns, error) ||
      !_rtb_json_get_int (co, ct_path, "sum_ns", G_MININT64, G_MAXINT64, &ct->sum_ns, error) ||
      !_rtb_json_get_double (co, ct_path, "mean_us", &ct->mean_us, error) ||
      !_rtb_json_get_double (co, ct_path, "m2_us2", &ct->m2_us2, error))
    return FALSE;
  if (ct->count != series->histogram.stats.count)
    return _rtb_json_format_error (error, "%s.count: %" G_GUINT64_FORMAT " is not the series' "
                                   "count %" G_GUINT64_FORMAT, ct_path, ct->count,
                                   series->histogram.stats.count);
  if (ct->count > 0 && ct->min_ns > ct->max_ns)
    return _rtb_json_format_error (error, "%s.min_ns: %" G_GINT64_FORMAT " is above max_ns %"
                                   G_GINT64_FORMAT, ct_path, ct->min_ns, ct->max_ns);
  if (ct->m2_us2 < 0)
    return _rtb_json_format_error (error, "%s.m2_us2: must not be negative", ct_path);
  if (ct->count == 0)
    rtb_stats_init (ct);
  series->cyclictest_is_source = imported;

  /* The truncated values outside the histogram: multiples of 1000 ns, so each bucket's key
   * rounded up to one is the value (within 0.05 % above 1 ms, where a bucket spans two). */
  outside = get_bulk (bulk, RTB_BULK_OUTSIDE_TRUNCATED, co, ct_path, error);
  if (outside == NULL ||
      !read_log_buckets (outside, ct_path, "outside", series, &series->cyclictest_outside, &sum,
                         &first, &last, error))
    return FALSE;
  if (sum != (imported ? 0 : rtb_histogram_overflows (&series->histogram)))
    return _rtb_json_format_error (error, "%s.outside: %" G_GUINT64_FORMAT " values for %"
                                   G_GUINT64_FORMAT " samples outside the histogram", ct_path,
                                   sum, imported ? 0 : rtb_histogram_overflows (&series->histogram));
  if (sum > 0)
    {
      series->cyclictest_outside.min_ns = round_up_us (first);
      series->cyclictest_outside.max_ns = round_up_us (last);
    }

  cycles = get_bulk (bulk, RTB_BULK_CYCLES, object, path, error);
  if (cycles == NULL)
    return FALSE;
  if (cycles->len > rtb_histogram_overflows (&series->histogram))
    return _rtb_json_format_error (error, "%s.overflow_cycles: %u cycle numbers for %"
                                   G_GUINT64_FORMAT " overflows", path, cycles->len,
                                   rtb_histogram_overflows (&series->histogram));
  for (guint i = 0; i < cycles->len; i++)
    if (g_array_index (cycles, gint64, i) < 0)
      return _rtb_json_format_error (error, "%s.overflow_cycles[%u]: %" G_GINT64_FORMAT " is "
                                     "not a cycle number", path, i,
                                     g_array_index (cycles, gint64, i));
  rtb_series_set_overflow_cycles (series, (const guint64 *) (gpointer) cycles->data,
                                  cycles->len);
  return TRUE;
}

/* Versions 1 and 2 kept no percentile histogram: the 1 µs buckets stand for their samples at
 * their lower edge (percentiles to the µs, as those versions reported them) and the kept
 * outside values are exact. */
static gboolean
parse_kept_outside_values (JsonObject *object, const char *path, RtbSeries *series,
                           gboolean imported, const RtbSeriesBulk *bulk, GError **error)
{
  RtbHistogram *hist = &series->histogram;
  g_autoptr (GArray) outside = NULL;
  guint64 kept_below = 0, kept_above = 0, in_buckets = 0;
  gint64 lost;
  guint n;

  if (!_rtb_json_get_int (object, path, "outside_lost", 0, G_MAXINT64, &lost, error))
    return FALSE;
  outside = get_bulk (bulk, RTB_BULK_OUTSIDE, object, path, error);
  if (outside == NULL)
    return FALSE;
  n = outside->len;
  if ((guint64) n + (guint64) lost != hist->n_below + hist->n_above)
    return _rtb_json_format_error (error, "%s.outside_ns: %u kept values and %" G_GINT64_FORMAT
                                   " lost ones do not match %" G_GUINT64_FORMAT
                                   " values outside the histogram", path, n, lost,
                                   hist->n_below + hist->n_above);
  for (guint i = 0; i < n; i++)
    {
      gint64 value = g_array_index (outside, gint64, i);
      gint64 bucket;

      if (value < hist->stats.min_ns || value > hist->stats.max_ns)
        return _rtb_json_format_error (error, "%s.outside_ns[%u]: %" G_GINT64_FORMAT " is outside %"
                                       G_GINT64_FORMAT "–%" G_GINT64_FORMAT, path, i, value,
                                       hist->stats.min_ns, hist->stats.max_ns);
      bucket = rtb_floor_div (value, 1000) - hist->lo_us;
      if (bucket >= 0 && bucket < hist->n_buckets)
        return _rtb_json_format_error (error, "%s.outside_ns[%u]: %" G_GINT64_FORMAT " ns falls "
                                       "inside the histogram, not outside it", path, i, value);
      if (bucket < 0)
        kept_below++;
      else
        kept_above++;
      add_value (series, value, 1);
    }
  if (kept_below > hist->n_below || kept_above > hist->n_above)
    return _rtb_json_format_error (error, "%s.outside_ns: %" G_GUINT64_FORMAT " values below "
                                   "and %" G_GUINT64_FORMAT " above, but the histogram counts %"
                                   G_GUINT64_FORMAT " below and %" G_GUINT64_FORMAT " above",
                                   path, kept_below, kept_above, hist->n_below, hist->n_above);

  for (guint32 b = 0; b < hist->n_buckets; b++)
    if (hist->counts[b] > 0)
      {
        add_value (series, ((gint64) hist->lo_us + b) * 1000, hist->counts[b]);
        in_buckets += hist->counts[b];
      }
  series->resolution_ns = in_buckets > 0 ? 1000 : 1;
  series->unknown_values = (guint64) lost;
  derive_cyclictest (series, imported, outside);
  return TRUE;
}

static gboolean
parse_values (JsonObject *object, const char *path, RtbSeries *series, const RtbSeriesBulk *bulk,
              GError **error)
{
  g_autofree char *values_path = g_strconcat (path, ".values", NULL);
  RtbLogHistogram *values = &series->values;
  g_autoptr (GArray) buckets = NULL;
  JsonObject *vo;
  gint64 bits, resolution, min_ns, max_ns, unknown, first = 0, last = 0;
  guint64 sum = 0;
  guint n;

  if (!_rtb_json_get_object (object, path, "values", FALSE, &vo, error) ||
      !_rtb_json_get_int (vo, values_path, "sub_bucket_bits", RTB_LOG_HISTOGRAM_SUB_BITS,
                          RTB_LOG_HISTOGRAM_SUB_BITS, &bits, error) ||
      !_rtb_json_get_int (vo, values_path, "resolution_ns", 1, 1000, &resolution, error) ||
      !_rtb_json_get_int (vo, values_path, "min_ns", G_MININT64, G_MAXINT64, &min_ns, error) ||
      !_rtb_json_get_int (vo, values_path, "max_ns", G_MININT64, G_MAXINT64, &max_ns, error) ||
      !_rtb_json_get_int (vo, values_path, "unknown", 0, G_MAXINT64, &unknown, error))
    return FALSE;
  if (resolution != 1 && resolution != 1000)
    return _rtb_json_format_error (error, "%s.resolution_ns: %" G_GINT64_FORMAT " is not 1 "
                                   "or 1000", values_path, resolution);
  buckets = get_bulk (bulk, RTB_BULK_BUCKETS, vo, values_path, error);
  if (buckets == NULL)
    return FALSE;

  if (!read_log_buckets (buckets, values_path, "buckets", series, values, &sum, &first, &last,
                         error))
    return FALSE;
  n = buckets->len / 2;

  if (sum + (guint64) unknown != series->histogram.stats.count)
    return _rtb_json_format_error (error, "%s: the buckets hold %" G_GUINT64_FORMAT " values "
                                   "and %" G_GINT64_FORMAT " are unknown, which does not add up "
                                   "to the count %" G_GUINT64_FORMAT, values_path, sum, unknown,
                                   series->histogram.stats.count);
  if (n > 0 && (min_ns > max_ns || rtb_log_histogram_bucket_key (min_ns) != first ||
                rtb_log_histogram_bucket_key (max_ns) != last))
    return _rtb_json_format_error (error, "%s: min_ns %" G_GINT64_FORMAT " and max_ns %"
                                   G_GINT64_FORMAT " must lie in the first and the last bucket",
                                   values_path, min_ns, max_ns);
  if (n > 0)
    {
      values->min_ns = min_ns;
      values->max_ns = max_ns;
    }
  series->resolution_ns = (guint32) resolution;
  series->unknown_values = (guint64) unknown;
  return TRUE;
}

/* The history's positions: its samples, and since version 5 the periods skipped between them
 * ("n_positions"; absent, every position holds a sample). */
static gboolean
parse_history (JsonObject *object, const char *path, RtbHistory *history, guint64 count,
               const RtbSeriesBulk *bulk, GError **error)
{
  g_autofree RtbHistoryBlock *blocks = NULL;
  g_autoptr (GArray) values = NULL;
  gint64 block_size, n_samples, n_positions, total = 0;
  guint n;

  if (!_rtb_json_get_int (object, path, "block_size", 1, G_MAXINT64, &block_size, error) ||
      !_rtb_json_get_int (object, path, "n_samples", 0, (gint64) count, &n_samples, error))
    return FALSE;
  n_positions = n_samples;
  if (!_rtb_json_get_optional_int (object, path, "n_positions", n_samples, G_MAXINT64,
                                   &n_positions, error))
    return FALSE;
  values = get_bulk (bulk, RTB_BULK_BLOCKS, object, path, error);
  if (values == NULL)
    return FALSE;

  n = values->len / 4;
  if (n > history->capacity)
    return _rtb_json_format_error (error, "%s.blocks: %u blocks, at most %" G_GSIZE_FORMAT
                                   " are possible", path, n, history->capacity);
  if (n > 0 && block_size > G_MAXINT64 / n)
    return _rtb_json_format_error (error, "%s.block_size: %u blocks of %" G_GINT64_FORMAT
                                   " positions are more than a run can cover", path, n,
                                   block_size);
  if (n == 0 ? n_positions != 0
             : n_positions <= (gint64) (n - 1) * block_size || n_positions > n * block_size)
    return _rtb_json_format_error (error, "%s.n_positions: %" G_GINT64_FORMAT " positions do "
                                   "not fill %u blocks of %" G_GINT64_FORMAT, path, n_positions,
                                   n, block_size);
  blocks = g_new0 (RtbHistoryBlock, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const gint64 *block = &g_array_index (values, gint64, 4 * i);
      gint64 positions = i + 1 < n ? block_size : n_positions - (gint64) i * block_size;

      if (block[3] > 0 && block[0] > block[1])
        return _rtb_json_format_error (error, "%s.blocks[%u]: min %" G_GINT64_FORMAT
                                       " is above max %" G_GINT64_FORMAT, path, i, block[0],
                                       block[1]);
      if (block[3] < 0 || block[3] > positions)
        return _rtb_json_format_error (error, "%s.blocks[%u]: count %" G_GINT64_FORMAT
                                       " must be from 0 to the %" G_GINT64_FORMAT
                                       " positions it covers", path, i, block[3], positions);
      blocks[i] = (RtbHistoryBlock) {
        .min_ns = block[0], .max_ns = block[1], .sum_ns = block[2], .count = (guint64) block[3]
      };
      total += block[3];
    }
  if (total != n_samples)
    return _rtb_json_format_error (error, "%s.n_samples: %" G_GINT64_FORMAT " does not match "
                                   "the %" G_GINT64_FORMAT " samples in its blocks", path,
                                   n_samples, total);
  if (!rtb_history_set (history, (guint64) block_size, blocks, n, (guint64) n_positions))
    return _rtb_json_format_error (error, "%s: inconsistent blocks", path);
  return TRUE;
}

/* The heatmap's cells, sparse and in order, into `dense` (n_columns × n_rows). */
static gboolean
parse_cells (GArray *triples, const char *path, guint n_columns, guint32 n_rows,
             guint64 *dense, gint64 *total, GError **error)
{
  gint64 previous = -1;

  for (guint i = 0; i < triples->len / 3; i++)
    {
      const gint64 *cell = &g_array_index (triples, gint64, 3 * i);
      gint64 place;

      if (cell[0] < 0 || cell[0] >= n_columns || cell[1] < 0 || cell[1] >= n_rows)
        return _rtb_json_format_error (error, "%s.cells[%u]: cell (%" G_GINT64_FORMAT ", %"
                                       G_GINT64_FORMAT ") is outside its %u columns of %u rows",
                                       path, i, cell[0], cell[1], n_columns, n_rows);
      place = cell[0] * n_rows + cell[1];
      if (place <= previous)
        return _rtb_json_format_error (error, "%s.cells[%u]: cells must be in order, column by "
                                       "column and row by row", path, i);
      if (cell[2] < 1 || cell[2] > G_MAXINT64 - *total)
        return _rtb_json_format_error (error, "%s.cells[%u]: count %" G_GINT64_FORMAT " must be "
                                       "positive, and all of them at most %" G_GINT64_FORMAT,
                                       path, i, cell[2], G_MAXINT64);
      dense[place] = (guint64) cell[2];
      *total += cell[2];
      previous = place;
    }
  return TRUE;
}

/* Written since heatmaps were kept; without one, when the samples came is unknown. */
static gboolean
parse_heatmap (JsonObject *series_object, const char *series_path, RtbSeries *series,
               const RtbSeriesBulk *bulk, GError **error)
{
  g_autofree char *path = g_strconcat (series_path, ".heatmap", NULL);
  RtbHeatmap *heatmap = &series->heatmap;
  g_autoptr (GArray) maxima = NULL;
  g_autoptr (GArray) cells = NULL;
  g_autofree guint64 *dense = NULL;
  JsonObject *object = NULL;
  gint64 limit_us, n_rows, column_size, n_samples, n_positions, total = 0;
  guint n;

  if (!json_object_has_member (series_object, "heatmap"))
    {
      series->heatmap_lost = TRUE;
      return TRUE;
    }
  if (!_rtb_json_get_object (series_object, series_path, "heatmap", FALSE, &object, error) ||
      !_rtb_json_get_int (object, path, "limit_us", 1, G_MAXINT32, &limit_us, error) ||
      !_rtb_json_get_int (object, path, "n_rows", 1, RTB_HEATMAP_MAX_ROWS, &n_rows, error) ||
      !_rtb_json_get_int (object, path, "column_size", 1, G_MAXINT64, &column_size, error) ||
      !_rtb_json_get_int (object, path, "n_samples", 0,
                          (gint64) MIN (series->histogram.stats.count, (guint64) G_MAXINT64),
                          &n_samples, error) ||
      !_rtb_json_get_int (object, path, "n_positions", n_samples, G_MAXINT64, &n_positions,
                          error))
    return FALSE;
  if (limit_us != heatmap->limit_us || n_rows != heatmap->n_rows)
    return _rtb_json_format_error (error, "%s: %" G_GINT64_FORMAT " rows up to %"
                                   G_GINT64_FORMAT " µs, but the histogram's limit gives %u "
                                   "rows up to %u µs", path, n_rows, limit_us, heatmap->n_rows,
                                   heatmap->limit_us);
  maxima = get_bulk (bulk, RTB_BULK_HEATMAP_MAXIMA, object, path, error);
  if (maxima == NULL)
    return FALSE;
  cells = get_bulk (bulk, RTB_BULK_HEATMAP_CELLS, object, path, error);
  if (cells == NULL)
    return FALSE;
  n = maxima->len;
  if (n > heatmap->capacity)
    return _rtb_json_format_error (error, "%s.column_max_ns: %u columns, at most %"
                                   G_GSIZE_FORMAT " are possible", path, n, heatmap->capacity);
  if (n > 0 && column_size > G_MAXINT64 / n)
    return _rtb_json_format_error (error, "%s.column_size: %u columns of %" G_GINT64_FORMAT
                                   " positions are more than a run can cover", path, n,
                                   column_size);
  if (n == 0 ? n_positions != 0
             : n_positions <= (gint64) (n - 1) * column_size || n_positions > n * column_size)
    return _rtb_json_format_error (error, "%s.n_positions: %" G_GINT64_FORMAT " positions do "
                                   "not fill %u columns of %" G_GINT64_FORMAT, path, n_positions,
                                   n, column_size);
  dense = g_new0 (guint64, MAX (n, 1) * heatmap->n_rows);
  if (!parse_cells (cells, path, n, heatmap->n_rows, dense, &total, error))
    return FALSE;
  if (total != n_samples)
    return _rtb_json_format_error (error, "%s.n_samples: %" G_GINT64_FORMAT " does not match "
                                   "the %" G_GINT64_FORMAT " samples in its cells", path,
                                   n_samples, total);
  if (!rtb_heatmap_set (heatmap, (guint64) column_size, dense,
                        (const gint64 *) maxima->data, n, (guint64) n_positions))
    return _rtb_json_format_error (error, "%s: a column holds more samples than the positions "
                                   "it covers, or its maximum (column_max_ns) is not in its "
                                   "highest row", path);
  return TRUE;
}

/* Placement, overruns and off-CPU instances: absent from older files. */
static gboolean
parse_series_v4 (JsonObject *object, const char *path, RtbSeries *series, GError **error)
{
  const char *placement = NULL;
  JsonArray *instances = NULL;
  gint64 value;

  if (!_rtb_json_get_optional_string (object, path, "placement", &placement, error))
    return FALSE;
  series->placement = RTB_CPU_PLACEMENT_GIVEN;
  if (placement != NULL)
    {
      guint p;
      for (p = RTB_CPU_PLACEMENT_GIVEN; p <= RTB_CPU_PLACEMENT_NONE; p++)
        if (strcmp (placement, rtb_cpu_placement_to_string (p)) == 0)
          break;
      if (p > RTB_CPU_PLACEMENT_NONE)
        return _rtb_json_format_error (error, "%s.placement: \"%s\" is not one of given, "
                                       "isolated, last, none", path, placement);
      series->placement = p;
    }
  value = 0;
  if (!_rtb_json_get_optional_int (object, path, "overruns", 0, G_MAXINT64, &value, error))
    return FALSE;
  series->overruns = (guint64) value;
  value = 0;
  if (!_rtb_json_get_optional_int (object, path, "off_cpu", 0, G_MAXINT64, &value, error))
    return FALSE;
  series->off_cpu = (guint64) value;
  if (!json_object_has_member (object, "off_cpu_instances"))
    return TRUE;
  if (!_rtb_json_get_array (object, path, "off_cpu_instances", &instances, error))
    return FALSE;
  if (json_array_get_length (instances) > RTB_SERIES_OFF_CPU_LOG)
    return _rtb_json_format_error (error, "%s.off_cpu_instances: more than %d", path,
                                   RTB_SERIES_OFF_CPU_LOG);
  for (guint i = 0; i < json_array_get_length (instances); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s.off_cpu_instances[%u]", path, i);
      if (!_rtb_json_node_int (json_array_get_element (instances, i), name, 0, G_MAXINT64,
                               &value, error))
        return FALSE;
      rtb_series_log_off_cpu (series, (guint64) value);
    }
  return TRUE;
}

gboolean
_rtb_run_file_parse_series (RtbRun *run, JsonObject *object, const char *path, gint64 version,
              const RtbSeriesBulk *bulk, GError **error)
{
  g_autofree char *hist_path = g_strconcat (path, ".histogram", NULL);
  g_autofree char *history_path = g_strconcat (path, ".history", NULL);
  JsonObject *hist_object = NULL, *history_object = NULL;
  RtbSeries *series;
  RtbStats stats;
  const char *name;
  gint64 cpu, lo_us, n_buckets, value;
  gboolean imported;

  rtb_stats_init (&stats);
  if (!_rtb_json_get_string (object, path, "name", FALSE, &name, error) ||
      !_rtb_json_get_int (object, path, "cpu", -1, RTB_MAX_CPUS - 1, &cpu, error) ||
      !_rtb_json_get_int (object, path, "count", 0, G_MAXINT64, &value, error))
    return FALSE;
  stats.count = (guint64) value;
  if (!_rtb_json_get_int (object, path, "min_ns", G_MININT64, G_MAXINT64, &stats.min_ns, error) ||
      !_rtb_json_get_int (object, path, "max_ns", G_MININT64, G_MAXINT64, &stats.max_ns, error) ||
      !_rtb_json_get_int (object, path, "sum_ns", G_MININT64, G_MAXINT64, &stats.sum_ns, error) ||
      !_rtb_json_get_double (object, path, "mean_us", &stats.mean_us, error) ||
      !_rtb_json_get_double (object, path, "m2_us2", &stats.m2_us2, error))
    return FALSE;
  if (stats.count > 0 && stats.min_ns > stats.max_ns)
    return _rtb_json_format_error (error, "%s.min_ns: %" G_GINT64_FORMAT " is above max_ns %"
                                   G_GINT64_FORMAT, path, stats.min_ns, stats.max_ns);
  if (stats.m2_us2 < 0)
    return _rtb_json_format_error (error, "%s.m2_us2: must not be negative", path);

  if (!_rtb_json_get_object (object, path, "histogram", FALSE, &hist_object, error) ||
      !_rtb_json_get_int (hist_object, hist_path, "lo_us", -LOAD_MAX_LO_US, LOAD_MAX_LO_US,
                          &lo_us, error) ||
      !_rtb_json_get_int (hist_object, hist_path, "n_buckets", 1, LOAD_MAX_BUCKETS, &n_buckets,
                          error) ||
      !_rtb_json_get_object (object, path, "history", FALSE, &history_object, error))
    return FALSE;

  series = _rtb_run_add_series_full (run, name, (int) cpu, (int32_t) lo_us,
                                     (uint32_t) n_buckets);
  series->histogram.stats = stats;
  /* Files from before cyclictest's figures were kept: another tool's figures are its own; a
   * recorded worker stream was measured by rtbench. */
  imported = g_str_has_prefix (rtb_run_get_source (run), "imported from ") &&
             !g_str_has_prefix (rtb_run_get_source (run), "imported from rtbench-worker stream");
  /* Written since cyclictest's status lines are imported: FALSE for those. */
  if (json_object_has_member (hist_object, "kept"))
    {
      gboolean kept;

      if (!_rtb_json_get_bool (hist_object, hist_path, "kept", &kept, error))
        return FALSE;
      series->no_histogram = !kept;
    }
  if (!parse_histogram (hist_object, hist_path, &series->histogram, bulk, error) ||
      !(version < 3 ? parse_kept_outside_values (hist_object, hist_path, series, imported, bulk,
                                                 error)
                    : parse_values (object, path, series, bulk, error) &&
                      parse_cyclictest (object, path, series, imported, bulk, error)) ||
      !parse_history (history_object, history_path, &series->history, stats.count, bulk,
                      error) ||
      !parse_heatmap (object, path, series, bulk, error))
    return FALSE;

#define GET_U64(member) \
  if (!_rtb_json_get_int (object, path, #member, 0, G_MAXINT64, &value, error)) \
    return FALSE; \
  series->member = (guint64) value;
  GET_U64 (dropped)
  GET_U64 (skipped)
  GET_U64 (gaps)
  GET_U64 (next_index)
  GET_U64 (residual_failures)
#undef GET_U64
  if (!get_residual_max (object, path, &series->residual_max, error) ||
      !parse_series_v4 (object, path, series, error))
    return FALSE;
  return parse_worker_stats (object, path, series, error) &&
         parse_totals (object, path, series, error);
}
