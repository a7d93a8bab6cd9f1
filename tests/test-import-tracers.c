/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The kernel's own instruments, from real runs on the lab's board-rt (Debian's arm64 PREEMPT_RT
 * kernel 6.1 and its rtla 6.1, tests/lab/lab.sh): `rtla timerlat hist` as a latency run, `rtla
 * osnoise hist` as a noise run, `rtla osnoise top` as an osnoise run, the hwlat tracer's trace
 * as a hwlat run, each figure against what the file says, read here by a reader of the test's
 * own. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "import-test-util.h"
#include "rtb-compare.h"
#include "rtb-headline.h"
#include "rtb-import.h"

static char *
fixture_text (const char *name)
{
  g_autofree char *path = import_test_data_path (name);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static RtbRun *
import_text (const char *name, const char *text, char ***notes, GError **error)
{
  RtbImportOptions options;

  rtb_import_options_init (&options);
  return rtb_import_data ((const guint8 *) text, strlen (text), name, &options, notes, error);
}

static RtbRun *
import_fixture (const char *name, char ***notes)
{
  g_autofree char *text = fixture_text (name);
  g_autoptr (GError) error = NULL;
  RtbRun *run = import_text (name, text, notes, &error);

  g_assert_no_error (error);
  g_assert_nonnull (run);
  import_test_check_consistent (run);
  return run;
}

/* ---- rtla's hist text -------------------------------------------------------------------- */

/* The numbers of the row starting with `prefix` ("count:"). */
static guint
row (const char *text, const char *prefix, guint64 out[8])
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      {
        g_auto (GStrv) words = g_strsplit_set (lines[i] + strlen (prefix), " ", -1);
        guint n = 0;

        for (guint w = 0; words[w] != NULL && n < 8; w++)
          if (*words[w] != '\0')
            out[n++] = g_ascii_strtoull (words[w], NULL, 10);
        return n;
      }
  g_assert_not_reached ();
}

/* Every column's count, over, min, avg and max are the file's; each bucket row's counts are in
 * the histogram at its index. */
static void
check_hist (const char *name, RtbMethod method, const char * const *series_names,
            const char *source)
{
  g_autofree char *text = fixture_text (name);
  g_autoptr (RtbRun) run = import_fixture (name, NULL);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint64 count[8], over[8], min[8], avg[8], max[8];
  guint n = row (text, "count:", count);
  guint rows = 0;

  g_assert_cmpuint (row (text, "over:", over), ==, n);
  g_assert_cmpuint (row (text, "min:", min), ==, n);
  g_assert_cmpuint (row (text, "avg:", avg), ==, n);
  g_assert_cmpuint (row (text, "max:", max), ==, n);
  g_assert_cmpint (rtb_run_get_command (run)->method, ==, method);
  g_assert_nonnull (strstr (rtb_run_get_source (run), source));
  g_assert_cmpuint (rtb_run_get_n_series (run), ==, n);
  for (guint i = 0; i < n; i++)
    {
      RtbSeries *series = rtb_run_get_series (run, i);
      RtbSeriesSummary summary;

      rtb_series_get_summary (series, &summary);
      g_assert_cmpstr (series->name, ==, series_names[i]);
      g_assert_cmpuint (summary.count, ==, count[i]);
      g_assert_cmpuint (summary.overflows, ==, over[i]);
      g_assert_cmpuint (import_test_bucket_sum (series), ==, count[i] - over[i]);
      g_assert_cmpfloat (summary.min_us, ==, (double) min[i]);
      g_assert_cmpfloat (summary.avg_us, ==, (double) avg[i]);
      g_assert_cmpfloat (summary.max_us, ==, (double) max[i]);
    }
  for (guint l = 0; lines[l] != NULL; l++)
    {
      guint64 index, v[4];

      if (sscanf (lines[l], "%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                  " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT, &index, &v[0], &v[1], &v[2],
                  &v[3]) != (int) n + 1)
        continue;
      rows++;
      for (guint i = 0; i < n; i++)
        g_assert_cmpuint (rtb_run_get_series (run, i)->histogram.counts[index], ==, v[i]);
    }
  g_assert_cmpuint (rows, >, 0);
}

static void
test_timerlat_hist (void)
{
  static const char * const names[] = { "CPU0 IRQ", "CPU0 Thr", "CPU1 IRQ", "CPU1 Thr" };

  check_hist ("rtla61real-timerlat-hist-d5.txt", RTB_METHOD_LATENCY, names,
              "rtla timerlat hist");
}

static void
test_osnoise_hist (void)
{
  static const char * const names[] = { "CPU0", "CPU1" };

  g_autoptr (RtbRun) run = import_fixture ("rtla61real-osnoise-hist-d5.txt", NULL);
  RtbHeadline h[RTB_N_HEADLINES];

  check_hist ("rtla61real-osnoise-hist-d5.txt", RTB_METHOD_NOISE, names, "rtla osnoise hist");

  /* Its values are osnoise's single noises above its threshold, not every gap: the headlines
   * say so; a hwlat trace's and a measured noise run's are gaps. */
  g_assert_true (rtb_import_holds_single_noises (run));
  rtb_headlines (run, h);
  g_assert_cmpstr (h[RTB_HEADLINE_MAX].caption, ==, "Longest single noise");
  g_assert_cmpstr (h[RTB_HEADLINE_AVG].caption, ==, "Average single noise");
  g_assert_cmpstr (h[RTB_HEADLINE_P999].caption, ==, "99.9 % single noise");
}

static void
test_rtla_mixed_columns (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = import_text ("mixed", "# RTLA osnoise histogram\n"
                                        "Index   CPU-000   IRQ-001\n0 1 1\n", NULL, &error);

  g_assert_null (run);
  g_assert_nonnull (strstr (error->message, "line 2: the column line mixes osnoise's CPU- "
                                            "columns"));
}

/* ---- rtla osnoise top's table ----------------------------------------------------------- */

/* Each CPU's figures are those of the file's last table, read with sscanf, and they survive a
 * save and load; its % CPU Aval prints as rtla's. */
static void
check_osnoise_top (const char *name)
{
  g_autofree char *text = fixture_text (name);
  g_autoptr (RtbRun) run = import_fixture (name, NULL);
  g_autoptr (JsonNode) saved = rtb_run_to_json (run);
  g_autoptr (RtbRun) loaded = rtb_run_from_json (saved, NULL);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autofree char *params = NULL;
  guint64 last[2][RTB_OSNOISE_N_FIGURES];
  char pct[2][32];
  guint rows = 0;

  for (guint l = 0; lines[l] != NULL; l++)
    {
      guint64 v[RTB_OSNOISE_N_FIGURES];
      char p[32];
      int cpu;

      if (sscanf (lines[l], "%d #%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                  " %31s %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %"
                  G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %"
                  G_GUINT64_FORMAT, &cpu, &v[0], &v[1], &v[2], p, &v[3], &v[4], &v[5], &v[6],
                  &v[7], &v[8], &v[9]) != 12)
        continue;
      g_assert_cmpint (cpu, <, 2);
      memcpy (last[cpu], v, sizeof v);
      g_strlcpy (pct[cpu], p, sizeof pct[cpu]);
      rows++;
    }
  g_assert_cmpuint (rows, >=, 2);
  g_assert_nonnull (loaded);
  /* An osnoise run, as rtbench's osnoise method measures one, whose period and runtime the
   * table does not say. */
  g_assert_cmpint (rtb_run_get_command (run)->method, ==, RTB_METHOD_OSNOISE);
  g_assert_cmpint (rtb_run_get_command (loaded)->method, ==, RTB_METHOD_OSNOISE);
  params = rtb_run_format_parameters (run);
  g_assert_cmpstr (params, ==, "osnoise cpus=0-1 histogram_us=1");
  g_assert_nonnull (strstr (rtb_run_get_source (run), "rtla osnoise top"));
  g_assert_cmpuint (rtb_run_get_n_series (run), ==, 2);
  g_assert_cmpuint (rtb_run_get_n_series (loaded), ==, 2);
  for (guint cpu = 0; cpu < 2; cpu++)
    {
      RtbSeries *series = rtb_run_get_series (run, cpu);
      RtbSeries *again = rtb_run_get_series (loaded, cpu);
      char own[32];

      g_assert_cmpint (series->cpu, ==, (int) cpu);
      g_assert_true (series->have_osnoise);
      g_assert_true (again->have_osnoise);
      g_assert_cmpuint (series->histogram.stats.count, ==, 0);
      for (guint f = 0; f < RTB_OSNOISE_N_FIGURES; f++)
        {
          g_assert_cmpuint (rtb_osnoise_figure (&series->osnoise, f), ==, last[cpu][f]);
          g_assert_cmpuint (rtb_osnoise_figure (&again->osnoise, f), ==, last[cpu][f]);
        }
      g_snprintf (own, sizeof own, "%.5f", rtb_osnoise_available_pct (&series->osnoise));
      g_assert_cmpstr (own, ==, pct[cpu]);
    }
}

static void
test_osnoise_top (void)
{
  /* -q: one table; without: one a second, the last one counts. */
  check_osnoise_top ("rtla61real-osnoise-top-q-d5.txt");
  check_osnoise_top ("rtla61real-osnoise-top-d5.txt");
}

static void
test_osnoise_top_errors (void)
{
  static const char head[] = "                    Operating System Noise\n"
                             "duration:   0 00:00:05 | time is in us\n"
                             "CPU Period       Runtime        Noise  % CPU Aval   Max Noise   "
                             "Max Single          HW          NMI          IRQ      Softirq       "
                             "Thread\n";
  static const struct { const char *rows; const char *error; } cases[] = {
    { "  0 #5   5027231   4638426   7.73398   938216   37380   514   0   742   0   337\n",
      "line 4: CPU 0: % CPU Aval \"7.73398\" is not 100 × (runtime − noise) / runtime of its "
      "row, 7.73397" },
    { "  0 #5   5027231   4638426   7.73397   938216   37380   514   0   742   0\n",
      "line 4: expected a row \"CPU #PERIODS RUNTIME" },
    { "  0 #5   5027231   4638426   7.73397   938216   37380   514   0   742   0   337\n"
      "  0 #5   5027231   4638426   7.73397   938216   37380   514   0   742   0   337\n",
      "line 5: CPU 0 has a second row in one table" },
    { "", "no table of rtla osnoise top" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strconcat (head, cases[i].rows, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (RtbRun) run = import_text ("top", text, NULL, &error);

      g_assert_null (run);
      g_assert_nonnull (error);
      if (strstr (error->message, cases[i].error) == NULL)
        g_error ("case %u: \"%s\" lacks \"%s\"", i, error->message, cases[i].error);
    }
}

/* ---- the hwlat tracer's trace ------------------------------------------------------------ */

typedef struct {
  GArray *values[2][3]; /* guint64 µs: [cpu][the larger, inner, outer] */
  guint64 gaps[2];      /* each CPU's count: fields added up */
  guint n;
} Traced;

static void
read_trace (const char *text, Traced *traced)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  memset (traced, 0, sizeof *traced);
  for (guint c = 0; c < 2; c++)
    for (guint k = 0; k < 3; k++)
      traced->values[c][k] = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (guint l = 0; lines[l] != NULL; l++)
    {
      const char *sample = strstr (lines[l], "inner/outer(us):");
      const char *cpu = strchr (lines[l], '[');
      guint64 inner, outer, count, larger;
      guint c;

      if (lines[l][0] == '#' || sample == NULL)
        continue;
      g_assert_nonnull (cpu);
      c = (guint) g_ascii_strtoull (cpu + 1, NULL, 10);
      g_assert_cmpuint (c, <, 2);
      g_assert_cmpint (sscanf (sample, "inner/outer(us): %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT,
                               &inner, &outer), ==, 2);
      g_assert_nonnull (strstr (sample, "count:"));
      count = g_ascii_strtoull (strstr (sample, "count:") + 6, NULL, 10);
      larger = MAX (inner, outer);
      g_array_append_val (traced->values[c][0], larger);
      g_array_append_val (traced->values[c][1], inner);
      g_array_append_val (traced->values[c][2], outer);
      traced->gaps[c] += count;
      traced->n++;
    }
}

static int
compare_u64 (gconstpointer a, gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/* Each CPU's latency, inner and outer series hold exactly the trace's values (the latency the
 * larger of the line's two): count, min, max, the mean, each value in its 1 µs bucket, the
 * median to the percentiles' precision. */
static void
test_hwlat (void)
{
  static const char name[] = "hwlat61real-w100ms-W200ms-d5.txt";
  g_autofree char *text = fixture_text (name);
  g_auto (GStrv) notes = NULL;
  g_autoptr (RtbRun) run = import_fixture (name, &notes);
  g_autofree char *gaps = NULL, *params = NULL;
  Traced traced;

  read_trace (text, &traced);
  g_assert_cmpuint (traced.n, ==, 24);
  g_assert_cmpint (rtb_import_detect ((const guint8 *) text, strlen (text)), ==,
                   RTB_IMPORT_FORMAT_HWLAT);
  /* A hwlat run as the method measures one: each CPU's latency, inner and outer. */
  g_assert_cmpint (rtb_run_get_command (run)->method, ==, RTB_METHOD_HWLAT);
  g_assert_cmpuint (rtb_run_get_command (run)->hwlat.threshold_us, ==, 0);
  g_assert_false (rtb_run_get_stated (run) & RTB_RUN_STATED_INTERVAL);
  /* The detector's window and width are not in the trace: its parameters do not say them. */
  params = rtb_run_format_parameters (run);
  g_assert_cmpstr (params, ==, "hwlat cpus=0-1 histogram_us=44081");
  g_assert_nonnull (strstr (rtb_run_get_source (run), "hwlat"));
  g_assert_false (rtb_import_holds_single_noises (run));
  g_assert_cmpuint (rtb_run_get_n_series (run), ==, 6);
  /* Each sample once, though a CPU's three series hold it. */
  g_assert_cmpuint (rtb_run_get_total_count (run), ==, traced.n);
  for (guint c = 0; c < 2; c++)
    for (guint k = 0; k < 3; k++)
      {
        RtbSeries *series = rtb_run_get_series (run, 3 * c + k);
        GArray *values = traced.values[c][k];
        g_autofree char *series_name = k == 0 ? g_strdup_printf ("CPU%u", c)
                                              : g_strdup_printf ("CPU%u %s", c,
                                                                 k == 2 ? "outer" : "inner");
        guint64 sum = 0, *v = (guint64 *) (void *) values->data;
        RtbSeriesSummary summary;

        g_assert_cmpstr (series->name, ==, series_name);
        g_assert_cmpint (series->cpu, ==, (int) c);
        rtb_series_get_summary (series, &summary);
        g_assert_cmpuint (summary.count, ==, values->len);
        g_assert_cmpuint (summary.overflows, ==, 0);
        qsort (v, values->len, sizeof *v, compare_u64);
        for (guint i = 0; i < values->len; i++)
          {
            guint64 same = 0;

            sum += v[i];
            for (guint j = 0; j < values->len; j++)
              same += v[j] == v[i];
            g_assert_cmpuint (series->histogram.counts[v[i]], ==, same);
          }
        g_assert_cmpfloat (summary.min_us, ==, (double) v[0]);
        g_assert_cmpfloat (summary.max_us, ==, (double) v[values->len - 1]);
        g_assert_cmpfloat_with_epsilon (summary.avg_us, (double) sum / values->len, 1e-9);
        /* Nearest rank: the 6th of 12. */
        g_assert_cmpfloat_with_epsilon (summary.p50_us, (double) v[(values->len + 1) / 2 - 1],
                                        v[(values->len + 1) / 2 - 1] * 0.00049);
        /* The CPU's totals are its first series': the count: fields of its lines. */
        g_assert_cmpint (series->hwlat.known, ==, k == 0);
        if (k == 0)
          {
            g_assert_cmpfloat (rtb_figure_value (RTB_FIGURE_HWLAT_GAPS, &summary), ==,
                               (double) traced.gaps[c]);
            g_assert_cmpfloat (rtb_figure_value (RTB_FIGURE_HWLAT_NMI_WINDOWS, &summary), ==, 0);
            g_assert_cmpfloat (rtb_figure_value (RTB_FIGURE_HWLAT_NMI_COUNT, &summary), ==, 0);
            g_assert_cmpfloat (rtb_figure_value (RTB_FIGURE_HWLAT_NMI_US, &summary), ==, 0);
          }
        else
          g_assert_true (isnan (rtb_figure_value (RTB_FIGURE_HWLAT_GAPS, &summary)));
        g_array_unref (traced.values[c][k]);
      }
  gaps = g_strdup_printf ("%u detector windows were above the threshold, with %" G_GUINT64_FORMAT
                          " gaps above it in all", traced.n, traced.gaps[0] + traced.gaps[1]);
  g_assert_nonnull (notes[0]);
  g_assert_nonnull (strstr (notes[0], gaps));
  /* The first and the last sample's wall-clock time (ts:). */
  g_assert_cmpint (rtb_run_get_start_time (run), ==, G_GINT64_CONSTANT (1796318479569594));
  g_assert_cmpuint (rtb_run_get_elapsed_ns (run), ==,
                    G_GUINT64_CONSTANT (1796318484667878) * 1000 -
                    G_GUINT64_CONSTANT (1796318479569594) * 1000);
}

/* NMIs, older kernels without count:, and what a trace can get wrong. */
/* The series' four hwlat figures as `expected` says them ("4 1 2 40", "-" unknown), in the
 * summary and after a save and a load. */
static void
check_hwlat_figures (RtbRun *run, const char *expected)
{
  static const RtbFigure figures[] = { RTB_FIGURE_HWLAT_GAPS, RTB_FIGURE_HWLAT_NMI_WINDOWS,
                                       RTB_FIGURE_HWLAT_NMI_COUNT, RTB_FIGURE_HWLAT_NMI_US };
  g_auto (GStrv) want = g_strsplit (expected, " ", -1);
  g_autoptr (JsonNode) saved = rtb_run_to_json (run);
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) loaded = rtb_run_from_json (saved, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (want), ==, G_N_ELEMENTS (figures));
  for (guint r = 0; r < 2; r++)
    {
      RtbSeriesSummary summary;

      rtb_series_get_summary (rtb_run_get_series (r == 0 ? run : loaded, 0), &summary);
      for (guint f = 0; f < G_N_ELEMENTS (figures); f++)
        {
          double value = rtb_figure_value (figures[f], &summary);

          if (g_str_equal (want[f], "-"))
            g_assert_true (isnan (value));
          else
            g_assert_cmpfloat (value, ==, g_ascii_strtod (want[f], NULL));
        }
    }
}

static void
test_hwlat_lines (void)
{
  static const char header[] = "# tracer: hwlat\n#\n";
  static const struct {
    const char *lines;
    const char *error; /* NULL: imports, with `note` among its notes */
    const char *note;
    const char *figures; /* the CPU's gaps, NMI windows, NMIs and NMI µs; "-" unknown */
  } cases[] = {
    { "  <...>-9 [003] d... 5.1: #1     inner/outer(us):   12/9     ts:100.000000001 count:3 "
      "nmi-total:40 nmi-count:2\n"
      "  <...>-9 [003] d... 6.1: #2     inner/outer(us):   11/10    ts:101.000000001 count:1\n",
      NULL, "NMIs came in 1 windows: 2 of them, 40 µs in all", "4 1 2 40" },
    /* A generic sched_clock(): NMIs counted, their time not. */
    { "  <...>-9 [001] d... 5.1: #1     inner/outer(us):   12/9     ts:100.000000001 count:0 "
      "nmi-count:1\n", NULL, "NMIs came in 1 windows: 1 of them", "0 1 1 -" },
    /* Before 5.14: no count:. */
    { "  hwlatd-9 [000] d... 5.1: #7     inner/outer(us):   12/9     ts:100.000000001\n",
      NULL, NULL, "- 0 0 0" },
    { "  <...>-9 [000] d... 5.1: #2     inner/outer(us):   12/9     ts:100.000000001 count:1\n"
      "  <...>-9 [000] d... 5.2: #2     inner/outer(us):   12/9     ts:100.100000001 count:1\n",
      "line 4: sample #2 does not follow #2", NULL },
    { "  <...>-9 [000] d... 5.1: #1     inner/outer(us):   12/x     ts:100.000000001 count:1\n",
      "line 3: expected a hwlat sample", NULL },
    { "  <...>-9 [000] d... 5.1: #1     inner/outer(us):   12/9     ts:100.000000001 count:1 "
      "extra\n", "line 3: expected a hwlat sample", NULL },
    { "", "the trace holds no sample", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strconcat (header, cases[i].lines, NULL);
      g_autoptr (GError) error = NULL;
      g_auto (GStrv) notes = NULL;
      g_auto (GStrv) lines = NULL;
      g_autoptr (RtbRun) run = NULL;
      RtbImportOptions options;

      rtb_import_options_init (&options);
      options.format = RTB_IMPORT_FORMAT_HWLAT;
      run = rtb_import_data ((const guint8 *) text, strlen (text), "case", &options, &notes,
                             &error);
      if (cases[i].error != NULL)
        {
          g_assert_null (run);
          g_assert_nonnull (error);
          if (strstr (error->message, cases[i].error) == NULL)
            g_error ("case %u: \"%s\" lacks \"%s\"", i, error->message, cases[i].error);
          continue;
        }
      g_assert_no_error (error);
      import_test_check_consistent (run);
      lines = g_strsplit (cases[i].lines, "\n", -1);
      g_assert_cmpuint (rtb_run_get_n_series (run), ==, 3);
      g_assert_cmpuint (rtb_run_get_series (run, 0)->histogram.stats.count, ==,
                        g_strv_length (lines) - 1);
      check_hwlat_figures (run, cases[i].figures);
      if (cases[i].note != NULL)
        {
          gboolean found = FALSE;

          for (guint n = 0; notes[n] != NULL; n++)
            found |= strstr (notes[n], cases[i].note) != NULL;
          if (!found)
            g_error ("case %u: no note says \"%s\"", i, cases[i].note);
        }
    }
}

/* Samples the kernel overwrote in a full buffer before the trace was read, in real traces of
 * board-rt whose 4 KiB buffer filled (width 1 ms of 2 ms windows, threshold 1 µs): the header's
 * entries-written less its entries-in-buffer, which the samples' numbers confirm (the detector
 * numbers them from 1, so the first kept is one past the lost) and each CPU's overrun in
 * per_cpu/cpuN/stats adds up to, are dropped on one CPU's three series, counted once in the
 * run's total, the compare's notice and a saved run. */
static void
test_hwlat_lost (void)
{
  static const struct {
    const char *name;
    guint64 overrun[2]; /* each CPU's, from its per_cpu/cpuN/stats as the trace was read */
    guint on;           /* the CPU they are dropped on */
    const char *note;
  } cases[] = {
    /* tracing_cpumask 2: the detector on CPU1 alone. */
    { "hwlat61real-w1ms-W2ms-t1-cpu1-4k-d10.txt", { 0, 583 }, 1,
      "the other 583, overwritten in the kernel's buffer before they were read, are dropped on "
      "CPU1" },
    /* Both CPUs (trace-page/hwlat-cpuN-stats.txt): the header counts them together, also in
     * per_cpu/cpuN/trace (seen on board-rt), so which CPU lost them is unknown. */
    { "../trace-page/hwlat-trace.txt", { 212, 212 }, 0,
      "the other 424, overwritten in the kernel's buffers before they were read, are dropped, "
      "all on CPU0: the trace counts them for every CPU together" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = fixture_text (cases[i].name);
      g_auto (GStrv) notes = NULL;
      g_autoptr (RtbRun) run = import_fixture (cases[i].name, &notes);
      g_autoptr (JsonNode) saved = rtb_run_to_json (run);
      g_autoptr (GError) error = NULL;
      g_autoptr (RtbRun) loaded = rtb_run_from_json (saved, &error);
      g_autoptr (RtbCompare) compare = rtb_compare_new (&run, 1);
      g_autofree char *notice = NULL;
      const char *header = strstr (text, "# entries-in-buffer/entries-written: ");
      const char *const *notices = rtb_compare_get_notices (compare);
      guint64 in_buffer, written, first, lost;
      gboolean noted = FALSE;

      g_assert_no_error (error);
      g_assert_nonnull (header);
      g_assert_cmpint (sscanf (header, "# entries-in-buffer/entries-written: %" G_GUINT64_FORMAT
                               "/%" G_GUINT64_FORMAT, &in_buffer, &written), ==, 2);
      g_assert_cmpint (sscanf (strstr (text, "inner/outer") - 7, "#%" G_GUINT64_FORMAT, &first),
                       ==, 1);
      lost = written - in_buffer;
      g_assert_cmpuint (lost, ==, first - 1);
      g_assert_cmpuint (lost, ==, cases[i].overrun[0] + cases[i].overrun[1]);
      for (guint r = 0; r < 2; r++)
        {
          RtbRun *which = r == 0 ? run : loaded;

          g_assert_cmpuint (rtb_run_get_total_dropped (which), ==, lost);
          for (guint s = 0; s < rtb_run_get_n_series (which); s++)
            {
              RtbSeries *series = rtb_run_get_series (which, s);
              RtbSeriesSummary summary;

              rtb_series_get_summary (series, &summary);
              g_assert_cmpuint (summary.dropped, ==,
                                series->cpu == (int) cases[i].on ? lost : 0);
            }
        }
      g_assert_cmpuint (rtb_run_get_n_series (run), ==,
                        3 * (guint) ((cases[i].overrun[0] > 0) + (cases[i].overrun[1] > 0)));
      for (guint n = 0; notes[n] != NULL; n++)
        noted |= strstr (notes[n], cases[i].note) != NULL;
      if (!noted)
        g_error ("%s: no note says \"%s\"", cases[i].name, cases[i].note);
      notice = g_strdup_printf ("lost %" G_GUINT64_FORMAT " samples in a full buffer", lost);
      noted = FALSE;
      for (guint n = 0; notices[n] != NULL; n++)
        noted |= strstr (notices[n], notice) != NULL;
      g_assert_true (noted);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/import-tracers/timerlat-hist", test_timerlat_hist);
  g_test_add_func ("/import-tracers/osnoise-hist", test_osnoise_hist);
  g_test_add_func ("/import-tracers/rtla-mixed-columns", test_rtla_mixed_columns);
  g_test_add_func ("/import-tracers/osnoise-top", test_osnoise_top);
  g_test_add_func ("/import-tracers/osnoise-top-errors", test_osnoise_top_errors);
  g_test_add_func ("/import-tracers/hwlat", test_hwlat);
  g_test_add_func ("/import-tracers/hwlat-lines", test_hwlat_lines);
  g_test_add_func ("/import-tracers/hwlat-lost", test_hwlat_lost);
  return g_test_run ();
}
