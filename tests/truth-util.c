/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "truth-util.h"

static void
truth_series_free (TruthSeries *series)
{
  g_free (series->name);
  g_array_unref (series->values);
  g_free (series);
}

/* "12.345" µs, printed to the nanosecond, back to ns exactly. */
static gint64
parse_ns (const char *field)
{
  char *end = NULL;
  double us = g_ascii_strtod (field, &end);

  g_assert_true (end != field && *end == '\0');
  return (gint64) llround (us * 1000.0);
}

char **
truth_csv_fields (const char *line)
{
  GStrvBuilder *fields = g_strv_builder_new ();
  GString *field = g_string_new (NULL);
  gboolean quoted = FALSE;
  char **out;

  for (const char *p = line;; p++)
    {
      if (quoted && *p == '"' && p[1] == '"')
        g_string_append_c (field, *p++);
      else if (*p == '"' && (quoted || field->len == 0))
        quoted = !quoted;
      else if ((*p == ',' && !quoted) || *p == '\0')
        {
          g_strv_builder_add (fields, field->str);
          g_string_truncate (field, 0);
          if (*p == '\0')
            break;
        }
      else
        g_string_append_c (field, *p);
    }
  g_string_free (field, TRUE);
  out = g_strv_builder_end (fields);
  g_strv_builder_unref (fields);
  return out;
}

GPtrArray *
truth_read_series_csv (const char *path)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GPtrArray *all = g_ptr_array_new_with_free_func ((GDestroyNotify) truth_series_free);
  TruthSeries *current = NULL;
  guint64 last_index = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "run,series,index,samples,min_us,max_us,mean_us,running_mean_us");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto (GStrv) f = truth_csv_fields (lines[i]);
      guint64 index;
      gint64 value;

      g_assert_cmpuint (g_strv_length (f), ==, 8);
      /* The history is exact: one sample per block, min = max = mean. */
      g_assert_cmpstr (f[3], ==, "1");
      value = parse_ns (f[4]);
      g_assert_cmpint (parse_ns (f[5]), ==, value);
      g_assert_cmpint (parse_ns (f[6]), ==, value);
      if (current == NULL || strcmp (current->name, f[1]) != 0)
        {
          current = g_new0 (TruthSeries, 1);
          current->name = g_strdup (f[1]);
          current->values = g_array_new (FALSE, FALSE, sizeof (gint64));
          g_ptr_array_add (all, current);
        }
      index = g_ascii_strtoull (f[2], NULL, 10);
      if (current->values->len > 0)
        g_assert_cmpuint (index, >, last_index);
      last_index = index;
      g_array_append_val (current->values, value);
    }
  return all;
}

static int
compare_int64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

/* The ⌈p/100 · n⌉-th smallest, p in hundredths of a percent: in integers, as a rank is
 * exact. */
static double
nearest_rank_us (const gint64 *sorted, guint n, guint p_basis_points)
{
  guint64 rank = ((guint64) p_basis_points * n + 9999) / 10000;

  rank = CLAMP (rank, 1, n);
  return sorted[rank - 1] / 1000.0;
}

static gint64
floor_us (gint64 ns)
{
  return ns >= 0 ? ns / 1000 : -((-ns + 999) / 1000);
}

void
truth_compute (GArray *values, gint32 lo_us, guint32 n_buckets, TruthFigures *out)
{
  guint n = values->len;
  g_autofree gint64 *sorted = g_memdup2 (values->data, n * sizeof (gint64));
  g_autofree gint64 *magnitude = g_new (gint64, n);
  g_autofree gint64 *truncated = g_new (gint64, n);
  double sum = 0, sum_sq_dev = 0, sum_sq = 0;
  gint64 ct_sum = 0;

  memset (out, 0, sizeof *out);
  out->count = n;
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      gint64 v = g_array_index (values, gint64, i);
      gint64 bucket = floor_us (v) - lo_us;

      magnitude[i] = v < 0 ? -v : v;
      truncated[i] = floor_us (v) * 1000;
      sum += v / 1000.0;
      sum_sq += (v / 1000.0) * (v / 1000.0);
      ct_sum += floor_us (v);
      if (bucket < 0 || bucket >= n_buckets)
        out->overflows++;
    }
  qsort (sorted, n, sizeof *sorted, compare_int64);
  qsort (magnitude, n, sizeof *magnitude, compare_int64);
  qsort (truncated, n, sizeof *truncated, compare_int64);

  out->min_us = sorted[0] / 1000.0;
  out->max_us = sorted[n - 1] / 1000.0;
  out->avg_us = sum / n;
  for (guint i = 0; i < n; i++)
    sum_sq_dev += (sorted[i] / 1000.0 - out->avg_us) * (sorted[i] / 1000.0 - out->avg_us);
  out->stddev_us = sqrt (sum_sq_dev / n);
  out->rms_us = sqrt (sum_sq / n);
  out->p50_us = nearest_rank_us (sorted, n, 5000);
  out->p90_us = nearest_rank_us (sorted, n, 9000);
  out->p95_us = nearest_rank_us (sorted, n, 9500);
  out->p99_us = nearest_rank_us (sorted, n, 9900);
  out->p999_us = nearest_rank_us (sorted, n, 9990);
  out->p9999_us = nearest_rank_us (sorted, n, 9999);
  out->max_abs_us = magnitude[n - 1] / 1000.0;
  out->p95_abs_us = nearest_rank_us (magnitude, n, 9500);
  out->p99_abs_us = nearest_rank_us (magnitude, n, 9900);

  out->ct_min_us = truncated[0] / 1000.0;
  out->ct_max_us = truncated[n - 1] / 1000.0;
  out->ct_avg_us = (double) (ct_sum / (gint64) n);
  out->ct_mean_us = (double) ct_sum / n;
  out->ct_p50_us = nearest_rank_us (truncated, n, 5000);
  out->ct_p90_us = nearest_rank_us (truncated, n, 9000);
  out->ct_p95_us = nearest_rank_us (truncated, n, 9500);
  out->ct_p99_us = nearest_rank_us (truncated, n, 9900);
  out->ct_p999_us = nearest_rank_us (truncated, n, 9990);
  out->ct_p9999_us = nearest_rank_us (truncated, n, 9999);
}

gboolean
truth_percentile_close (double got_us, double want_us)
{
  return fabs (got_us - want_us) <= fmax (fabs (want_us) * 0.001, 0.001) + 1e-9;
}

gboolean
truth_close (double got_us, double want_us)
{
  return fabs (got_us - want_us) <= fmax (fabs (want_us) * 1e-9, 1e-9);
}
