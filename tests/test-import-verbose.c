/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cyclictest -v logs imported as full series: real logs of Debian's cyclictest (rt-tests 2.4),
 * kept as fixtures and run here and now, their figures recomputed by the test from the samples
 * and compared with the summary cyclictest printed at their end; a generated log of one hour at
 * 1 kHz on two threads read from its file; logs cut short, bare, broken.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "import-test-util.h"
#include "rtb-import.h"
#include "rtb-run-open.h"
#include "rtb-series.h"

#define MAX_T 4

/* One thread as the test reads it: the samples' own figures (cyclictest's rules: Avg the sum
 * over the count, truncated), and the summary cyclictest printed. */
typedef struct {
  guint64 count, sum;
  gint64 min, max, last;
  gboolean have_status;
  guint64 status_count;
  gint64 status_min, status_avg, status_max, status_act;
  guint64 rows[1000];   /* "# Histogram" rows by bucket */
  guint n_rows;
  guint64 overflows;    /* "# Histogram Overflows:" */
  gint64 summary_min, summary_avg, summary_max;
  gboolean have_histogram;
} Printed;

static guint
read_printed (const char *text, Printed printed[MAX_T])
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  memset (printed, 0, MAX_T * sizeof *printed);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *l = lines[i];
      unsigned t, index;
      unsigned long cycle, count;
      long value, min, act, avg, max, c0, c1;
      int tid, prio, interval;

      if (sscanf (l, "%u:%lu:%ld", &t, &cycle, &value) == 3)
        {
          Printed *p = &printed[t];

          g_assert_cmpuint (t, <, MAX_T);
          if (p->count == 0 || value < p->min)
            p->min = value;
          if (p->count == 0 || value > p->max)
            p->max = value;
          p->sum += (guint64) value;
          p->count++;
          p->last = value;
          n = MAX (n, t + 1);
        }
      else if (sscanf (l, "T:%u (%d) P:%d I:%d C:%lu Min:%ld Act:%ld Avg:%ld Max:%ld", &t, &tid,
                       &prio, &interval, &count, &min, &act, &avg, &max) == 9)
        {
          printed[t].have_status = TRUE;
          printed[t].status_count = count;
          printed[t].status_min = min;
          printed[t].status_act = act;
          printed[t].status_avg = avg;
          printed[t].status_max = max;
        }
      else if (sscanf (l, "%6u %lu\t%lu", &index, &c0, &c1) == 3 && strlen (l) > 7)
        {
          g_assert_cmpuint (index, <, 1000);
          printed[0].rows[index] = (guint64) c0;
          printed[1].rows[index] = (guint64) c1;
          printed[0].n_rows = printed[1].n_rows = index + 1;
          printed[0].have_histogram = printed[1].have_histogram = TRUE;
        }
      else if (sscanf (l, "# Min Latencies: %ld %ld", &c0, &c1) == 2)
        printed[0].summary_min = c0, printed[1].summary_min = c1;
      else if (sscanf (l, "# Avg Latencies: %ld %ld", &c0, &c1) == 2)
        printed[0].summary_avg = c0, printed[1].summary_avg = c1;
      else if (sscanf (l, "# Max Latencies: %ld %ld", &c0, &c1) == 2)
        printed[0].summary_max = c0, printed[1].summary_max = c1;
      else if (sscanf (l, "# Histogram Overflows: %ld %ld", &c0, &c1) == 2)
        printed[0].overflows = (guint64) c0, printed[1].overflows = (guint64) c1;
    }
  return n;
}

static guint64
rows_total (const Printed *p)
{
  guint64 sum = 0;

  for (guint b = 0; b < p->n_rows; b++)
    sum += p->rows[b];
  return sum;
}

/* The run's figures (cyclictest's, from its samples) against the test's reading of the log; and
 * against cyclictest's own summary wherever the log holds every sample it counted. Returns how
 * many threads were compared with cyclictest's summary. */
static guint
check_run (RtbRun *run, const char *text, gint64 unit_ns)
{
  Printed printed[MAX_T];
  guint n = read_printed (text, printed), compared = 0;

  g_assert_cmpuint (rtb_run_get_n_series (run), ==, n);
  import_test_check_consistent (run);
  for (guint t = 0; t < n; t++)
    {
      RtbSeries *series = rtb_run_get_series (run, t);
      Printed *p = &printed[t];
      RtbSeriesSummary s, ct;
      gint64 avg = (gint64) ((double) p->sum / (double) p->count);

      rtb_series_get_summary (series, &s);
      rtb_series_get_cyclictest_summary (series, TRUE, &ct);
      g_assert_cmpuint (s.count, ==, p->count);
      /* cyclictest's figures are those of its unit: µs, or ns with -N */
      if (unit_ns == 1000)
        {
          g_assert_cmpfloat (ct.min_us, ==, (double) p->min);
          g_assert_cmpfloat (ct.max_us, ==, (double) p->max);
          g_assert_cmpfloat (ct.avg_us, ==, (double) avg);
        }
      g_assert_cmpfloat (s.min_us * 1000, ==, (double) (p->min * unit_ns));
      g_assert_cmpfloat (s.max_us * 1000, ==, (double) (p->max * unit_ns));
      g_assert_cmpfloat_with_epsilon (s.avg_us * 1000, (double) p->sum * unit_ns / p->count,
                                      1e-6);
      g_assert_cmpuint (rtb_history_n_samples (&series->history), ==, p->count);

      if (p->have_status && p->status_count == p->count)
        {
          g_assert_cmpint (p->min, ==, p->status_min);
          g_assert_cmpint (p->max, ==, p->status_max);
          g_assert_cmpint (avg, ==, p->status_avg);
          g_assert_cmpint (p->last, ==, p->status_act);
          if (unit_ns == 1000)
            g_assert_cmpfloat (ct.avg_us, ==, (double) p->status_avg);
          compared++;
        }
      if (p->have_histogram && rows_total (p) + p->overflows == p->count)
        {
          g_assert_cmpuint (series->histogram.n_buckets, ==, p->n_rows);
          for (guint b = 0; b < p->n_rows; b++)
            g_assert_cmpuint (series->histogram.counts[b], ==, p->rows[b]);
          g_assert_cmpuint (s.overflows, ==, p->overflows);
          g_assert_cmpfloat (ct.min_us, ==, (double) p->summary_min);
          g_assert_cmpfloat (ct.avg_us, ==, (double) p->summary_avg);
          g_assert_cmpfloat (ct.max_us, ==, (double) p->summary_max);
          compared++;
        }
    }
  return compared;
}

static gboolean
has_note (char **notes, const char *part)
{
  for (guint i = 0; notes != NULL && notes[i] != NULL; i++)
    if (strstr (notes[i], part) != NULL)
      return TRUE;
  return FALSE;
}

static RtbRun *
import_file (const char *path, const RtbImportOptions *options, char ***notes)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *source = g_strconcat ("imported from cyclictest -v: ", path, NULL);
  RtbRun *run = rtb_import_file (path, options, notes, &error);

  g_assert_no_error (error);
  g_assert_nonnull (run);
  g_assert_cmpstr (rtb_run_get_source (run), ==, source);
  return run;
}

static void
test_fixtures (void)
{
  static const struct {
    const char *name;
    gint64 unit_ns;
    int cpu;           /* of thread 0 */
    guint compared;    /* threads whose log holds every sample cyclictest counted */
    const char *note;
  } cases[] = {
    { "ct24-v-q-d0-2t.txt", 1000, -1, 2, "agrees with the log's samples" },
    { "ct24-v-h60-2t.txt", 1000, -1, 2, "histogram and overflows" },
    { "ct24-v-a1-q-1t.txt", 1000, 1, 1, "agrees" },
    { "ct24-v-N-q-1t.txt", 1, -1, 1, "agrees" },
    /* Thread 1 (-d 500: every 1.5 ms) had not printed its last samples when thread 0 ended */
    { "ct24-v-q-2t.txt", 1000, -1, 1, "thread 1: cyclictest's summary counts 73 samples" },
    { "ct24-v-D1-q-2t.txt", 1000, -1, 0, "stops printing when its run ends" },
    { "ct24-v-S-d0-bare.txt", 1000, -1, 0, "CPU of a thread is unknown" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = import_test_data_path (cases[i].name);
      g_autofree char *text = NULL;
      g_auto (GStrv) notes = NULL;
      g_autoptr (RtbRun) run = NULL;
      g_autoptr (RtbRun) from_memory = NULL;
      g_autoptr (GError) error = NULL;
      RtbImportOptions options;
      gsize len;

      g_test_message ("%s", cases[i].name);
      g_assert_true (g_file_get_contents (path, &text, &len, NULL));
      g_assert_cmpint (rtb_import_detect ((const guint8 *) text, len), ==,
                       RTB_IMPORT_FORMAT_CYCLICTEST_VERBOSE);
      rtb_import_options_init (&options);
      options.units = cases[i].unit_ns == 1 ? RTB_IMPORT_UNITS_NS : RTB_IMPORT_UNITS_AUTO;
      run = import_file (path, &options, &notes);
      g_assert_cmpuint (check_run (run, text, cases[i].unit_ns), ==, cases[i].compared);
      g_assert_cmpint (rtb_run_get_series (run, 0)->cpu, ==, cases[i].cpu);
      g_assert_true (has_note (notes, cases[i].note));

      /* The bytes in memory give the same run as the file read in chunks. */
      from_memory = rtb_import_data ((const guint8 *) text, len, path, &options, NULL, &error);
      g_assert_no_error (error);
      for (guint t = 0; t < rtb_run_get_n_series (run); t++)
        {
          RtbSeriesSummary a, b;

          rtb_series_get_summary (rtb_run_get_series (run, t), &a);
          rtb_series_get_summary (rtb_run_get_series (from_memory, t), &b);
          g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
        }
    }
}

/* Debian's cyclictest here and now: -q (status lines) and -h (the histogram block). */
static void
run_cyclictest (const char *summary_option)
{
  g_autofree char *program = g_find_program_in_path ("cyclictest");
  guint attempt;

  if (program == NULL)
    {
      g_test_skip ("cyclictest is not installed (apt install rt-tests)");
      return;
    }
  /* A thread that ends first stops cyclictest, often before the other printed its last
   * samples (one run in two here): then the log holds fewer than its summary counts, and it
   * is run again. */
  for (attempt = 0; attempt < 20; attempt++)
    {
      g_autofree char *out = NULL, *err = NULL;
      g_autofree char *path = g_build_filename (g_get_tmp_dir (), "rtb-test-verbose-XXXXXX.txt",
                                                NULL);
      const char *argv[] = { program, "-v", "-m", "-i", "500", "-l", "1000", "-t", "2", "-d",
                             "0", summary_option, getuid () == 0 ? "-p90" : NULL, NULL };
      g_autoptr (GError) error = NULL;
      g_autoptr (RtbRun) run = NULL;
      g_auto (GStrv) notes = NULL;
      int status, fd;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                                   &err, &status, &error));
      g_assert_no_error (error);
      if (!g_spawn_check_wait_status (status, NULL))
        {
          g_test_skip_printf ("cyclictest could not run here: %s", err);
          return;
        }
      fd = g_mkstemp (path);
      g_assert_cmpint (fd, >=, 0);
      close (fd);
      g_assert_true (g_file_set_contents (path, out, -1, NULL));
      run = import_file (path, NULL, &notes);
      g_unlink (path);
      if (check_run (run, out, 1000) == 2)
        {
          g_assert_true (has_note (notes, "agrees with the log's samples"));
          g_assert_cmpint (rtb_run_get_stated (run) & RTB_RUN_STATED_INTERVAL, !=, 0);
          g_assert_cmpuint (rtb_run_get_command (run)->latency.interval_us, ==, 500);
          return;
        }
      g_test_message ("attempt %u: cyclictest stopped printing before its summary", attempt);
    }
  g_assert_not_reached ();
}

static void
test_live_quiet (void)
{
  run_cyclictest ("-q");
}

static void
test_live_histogram (void)
{
  run_cyclictest ("-h100");
}

/* The process's peak resident memory (VmHWM), in bytes. */
static guint64
peak_memory (void)
{
  g_autofree char *status = NULL;
  const char *line;

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, "VmHWM:");
  g_assert_nonnull (line);
  return g_ascii_strtoull (line + strlen ("VmHWM:"), NULL, 10) * 1024;
}

static guint64
overflow_row_count (const RtbHeatmap *heatmap)
{
  guint64 n = 0;

  for (gsize c = 0; c < heatmap->n_columns; c++)
    n += rtb_heatmap_column (heatmap, c)[heatmap->n_rows - 1];
  return n;
}

/* One hour at 1 kHz on two threads, as cyclictest -v -q prints it (samples in bursts of ten per
 * thread, its status lines at the end), generated with figures computed by cyclictest's rules. */
#define HOUR_SAMPLES 3600000

static void
test_generated_hour (void)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "rtb-test-verbose-hour-XXXXXX.txt",
                                            NULL);
  guint64 count[2] = { 0 }, sum[2] = { 0 };
  gint64 min[2] = { G_MAXINT64, G_MAXINT64 }, max[2] = { 0 }, last[2] = { 0 };
  guint32 state = 12345;
  g_auto (GStrv) notes = NULL;
  g_autoptr (RtbRun) run = NULL;
  g_autoptr (RtbRun) opened = NULL;
  g_autoptr (GError) error = NULL;
  GStatBuf st;
  guint64 hwm;
  FILE *f;
  int fd;

  fd = g_mkstemp (path);
  g_assert_cmpint (fd, >=, 0);
  f = fdopen (fd, "w");
  g_assert_nonnull (f);
  fputs ("Max CPUs = 2\nOnline CPUs = 2\n# /dev/cpu_dma_latency set to 0us\n"
         "Thread 0 Interval: 1000\nThread 1 Interval: 1000\n", f);
  for (guint64 burst = 0; burst < HOUR_SAMPLES / 10; burst++)
    for (guint t = 0; t < 2; t++)
      for (guint k = 0; k < 10; k++)
        {
          guint64 cycle = burst * 10 + k;
          gint64 value;

          state = state * 1664525u + 1013904223u;
          value = 15 + (state >> 26);                         /* 15 … 78 µs */
          if (cycle % 99991 == 7 * t)
            value = 1200 + (gint64) (cycle % 1000);           /* past a 1000 µs histogram */
          fprintf (f, "%8u:%8lu:%8ld\n", t, (unsigned long) cycle, (long) value);
          count[t]++;
          sum[t] += (guint64) value;
          min[t] = MIN (min[t], value);
          max[t] = MAX (max[t], value);
          last[t] = value;
        }
  for (guint t = 0; t < 2; t++)
    fprintf (f, "T:%2u (%5u) P:%2d I:%d C:%7lu Min:%7ld Act:%5ld Avg:%5ld Max:%8ld\n", t,
             4242 + t, 90, 1000, (unsigned long) count[t], (long) min[t], (long) last[t],
             (long) ((double) sum[t] / (double) count[t]), (long) max[t]);
  g_assert_cmpint (fclose (f), ==, 0);

  /* Read a chunk at a time: the peak of memory does not grow by the log's 194 MB, whether
   * imported or opened as summary, export and the window open files. */
  g_assert_true (g_stat (path, &st) == 0);
  hwm = peak_memory ();
  run = import_file (path, NULL, &notes);
  opened = rtb_run_open (path, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("log of %.1f MB; peak memory grew by %.1f MB", st.st_size / 1e6,
                  (peak_memory () - hwm) / 1e6);
  g_assert_cmpuint (peak_memory () - hwm, <, (guint64) st.st_size / 8);
  g_unlink (path);
  g_assert_true (has_note (notes, "agrees with the log's samples: counts, min, avg and max"));
  g_assert_cmpuint (rtb_run_get_total_count (opened), ==, 2 * HOUR_SAMPLES);
  g_assert_cmpuint (rtb_run_get_n_series (run), ==, 2);
  for (guint t = 0; t < 2; t++)
    {
      RtbSeries *series = rtb_run_get_series (run, t);
      RtbSeriesSummary s, ct;

      rtb_series_get_summary (series, &s);
      rtb_series_get_cyclictest_summary (series, TRUE, &ct);
      g_assert_cmpuint (s.count, ==, HOUR_SAMPLES);
      g_assert_cmpfloat (ct.min_us, ==, (double) min[t]);
      g_assert_cmpfloat (ct.max_us, ==, (double) max[t]);
      g_assert_cmpfloat (ct.avg_us, ==, (double) (gint64) ((double) sum[t] / HOUR_SAMPLES));
      g_assert_cmpfloat_with_epsilon (s.avg_us, (double) sum[t] / HOUR_SAMPLES, 1e-6);
      /* The samples past the histogram, at 7 + 99991 k (thread 1: 99991 k), each logged */
      g_assert_cmpuint (s.overflows, ==, (HOUR_SAMPLES - 1 - 7 * t) / 99991 + 1);
      g_assert_cmpuint (series->n_overflow_cycles, ==, s.overflows);
      g_assert_cmpuint (series->overflow_cycles[1], ==, 99991 + 7 * t);
      g_assert_cmpuint (rtb_history_n_samples (&series->history), ==, HOUR_SAMPLES);
      /* The heatmap: every sample, over the curve's positions, the overflows in its last row */
      g_assert_true (rtb_series_has_heatmap (series));
      g_assert_cmpuint (rtb_heatmap_n_samples (&series->heatmap), ==, HOUR_SAMPLES);
      g_assert_cmpuint (series->heatmap.n_positions, ==, series->history.n_positions);
      g_assert_cmpuint (overflow_row_count (&series->heatmap), ==, s.overflows);
    }
}

static RtbRun *
import_text (const char *text, char ***notes, GError **error)
{
  return rtb_import_data ((const guint8 *) text, strlen (text), "log.txt", NULL, notes, error);
}

#define HEAD "Max CPUs = 2\nOnline CPUs = 2\nThread 0 Interval: 1000\nThread 1 Interval: 1000\n"

static void
test_bare_and_cut (void)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) notes = NULL;
  g_autoptr (RtbRun) run = NULL;
  g_autoptr (RtbRun) cut = NULL;
  RtbSeriesSummary s;

  /* A bare log without its preamble: two threads, one skipping a cycle */
  run = import_text ("       0:       0:      10\n       1:       0:      30\n"
                     "       0:       1:      20\n       1:       2:      50\n", &notes, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rtb_run_get_n_series (run), ==, 2);
  rtb_series_get_summary (rtb_run_get_series (run, 1), &s);
  g_assert_cmpuint (s.count, ==, 2);
  g_assert_cmpfloat (s.max_us, ==, 50);
  g_assert_cmpuint (rtb_run_get_series (run, 1)->gaps, ==, 1);
  /* The skipped cycle is a position of the curve and the heatmap, with no sample */
  g_assert_cmpuint (rtb_run_get_series (run, 1)->history.n_positions, ==, 3);
  g_assert_cmpuint (rtb_run_get_series (run, 1)->heatmap.n_positions, ==, 3);
  g_assert_cmpuint (rtb_heatmap_n_samples (&rtb_run_get_series (run, 1)->heatmap), ==, 2);
  g_assert_true (has_note (notes, "skips 1 cycle numbers, the first on line 4"));
  g_assert_cmpint (rtb_run_get_stated (run) & RTB_RUN_STATED_INTERVAL, ==, 0);
  g_clear_pointer (&notes, g_strfreev);

  /* Cut inside its last line: that line is left out, and said */
  cut = import_text (HEAD "       0:       0:      10\n       1:       0:      30\n       0:   ",
                     &notes, &error);
  g_assert_no_error (error);
  rtb_series_get_summary (rtb_run_get_series (cut, 0), &s);
  g_assert_cmpuint (s.count, ==, 1);
  g_assert_true (has_note (notes, "the last line (7) is cut short"));
  g_assert_cmpuint (rtb_run_get_command (cut)->latency.interval_us, ==, 1000);
}

static void
expect_error (const char *text, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = import_text (text, NULL, &error);

  g_assert_null (run);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, message));
}

static void
test_errors (void)
{
  expect_error (HEAD "       0:       0:      10\ngarbage\n       0:       1:      10\n",
                "line 6: expected a cyclictest -v sample");
  expect_error (HEAD "       0:       0:      10\n       0:       1:      1x\n",
                "line 6: expected a cyclictest -v sample");
  expect_error (HEAD "       0:       5:      10\n       0:       3:      10\n",
                "line 6: cycle 3 of thread 0 comes after its cycle 5");
  expect_error (HEAD "     300:       0:      10\n", "line 5: thread 300");
  /* Past what a run's curve covers (found by fuzzing: the run file did not load back) */
  expect_error (HEAD "       0:       0:      10\n       0: 18446744073709551000:      10\n",
                "line 6: cycle 18446744073709551000: rtbench reads at most");
  expect_error (HEAD "       0:       0:     -10\n", "line 5: a latency below zero");
  expect_error (HEAD "       0:       0:      10\nT: 0 ( 1) P:90 I:1000 C:      1 Min:     10 "
                "Act:   10 Avg:   10 Max:      10\n       0:       1:      10\n",
                "line 7: a sample after cyclictest's closing summary, which starts on line 6");
  expect_error ("Max CPUs = 2\nOnline CPUs = 2\n", "no cyclictest -v samples");
  /* A summary without samples is no -v log (the cyclictest text importer reads it) */
  expect_error ("Max CPUs = 2\nT: 0 ( 1) P:90 I:1000 C:      1 Min:     10 Act:   10 Avg:   10 "
                "Max:      10\n", "no cyclictest -v samples");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/import-verbose/fixtures", test_fixtures);
  g_test_add_func ("/import-verbose/live-quiet", test_live_quiet);
  g_test_add_func ("/import-verbose/live-histogram", test_live_histogram);
  g_test_add_func ("/import-verbose/generated-hour", test_generated_hour);
  g_test_add_func ("/import-verbose/bare-and-cut", test_bare_and_cut);
  g_test_add_func ("/import-verbose/errors", test_errors);
  return g_test_run ();
}
