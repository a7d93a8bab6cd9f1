/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "import-test-util.h"

char *
import_test_data_path (const char *name)
{
  const char *dir = g_getenv ("RTBENCH_TEST_DATA");

  return g_build_filename (dir != NULL ? dir : "tests/data", "import", name, NULL);
}

guint64
import_test_bucket_sum (RtbSeries *series)
{
  guint64 sum = 0;

  for (guint32 b = 0; b < series->histogram.n_buckets; b++)
    sum += series->histogram.counts[b];
  return sum;
}

/* Every series: count = buckets + overflows, and the figures survive a save and load. */
void
import_test_check_consistent (RtbRun *run)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "rtb-test-import-XXXXXX.rtbench",
                                            NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) loaded = NULL;
  int fd = g_mkstemp (path);

  g_assert_cmpint (fd, >=, 0);
  close (fd);
  g_assert_true (g_str_has_prefix (rtb_run_get_source (run), "imported from "));
  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      RtbSeries *series = rtb_run_get_series (run, i);
      RtbSeriesSummary summary;

      rtb_series_get_summary (series, &summary);
      g_assert_cmpuint (summary.count, ==, import_test_bucket_sum (series) + summary.overflows +
                                           series->histogram.n_unbucketed);
      if (summary.count > 0)
        {
          /* Unknown (NAN) when the rank falls among overflows the file gives no values for. */
          g_assert_true (isnan (summary.p999_us) || summary.p999_us <= summary.max_us);
          g_assert_true (isnan (summary.p50_us) || summary.p50_us >= floor (summary.min_us) - 1);
        }
    }

  g_assert_true (rtb_run_save (run, path, &error));
  g_assert_no_error (error);
  loaded = rtb_run_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rtb_run_get_n_series (loaded), ==, rtb_run_get_n_series (run));
  g_assert_cmpstr (rtb_run_get_source (loaded), ==, rtb_run_get_source (run));
  /* What the source did not state stays unknown through a save. */
  g_assert_cmpint (rtb_run_get_stated (loaded), ==, rtb_run_get_stated (run));
  g_assert_cmpstr (rtb_run_get_load (loaded), ==, rtb_run_get_load (run));
  {
    g_autoptr (JsonNode) a = rtb_system_info_to_json (rtb_run_get_system (run));
    g_autoptr (JsonNode) b = rtb_system_info_to_json (rtb_run_get_system (loaded));

    g_assert_true (json_node_equal (a, b));
  }
  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      RtbSeriesSummary a, b;

      rtb_series_get_summary (rtb_run_get_series (run, i), &a);
      rtb_series_get_summary (rtb_run_get_series (loaded, i), &b);
      g_assert_cmpuint (a.count, ==, b.count);
      g_assert_cmpuint (a.overflows, ==, b.overflows);
      g_assert_cmpint (a.overflows_known, ==, b.overflows_known);
      if (a.count > 0)
        {
          g_assert_cmpfloat (a.min_us, ==, b.min_us);
          g_assert_cmpfloat (a.max_us, ==, b.max_us);
          g_assert_cmpfloat_with_epsilon (a.avg_us, b.avg_us, 1e-9);
        }
    }
  g_unlink (path);
}
