/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Not a test: how long the largest run file takes to load and how much memory it needs.
 *
 *   bench-run-file [N_SERIES]   writes a latency run of N_SERIES series (default: as many as
 *                               fit in the largest run file rtbench reads), each as full as a
 *                               series can be (every 1 µs bucket of a 1 s histogram used, a
 *                               million values above it spread over the percentile histogram,
 *                               a full history), then loads it in a fresh process three times
 *                               and prints the time and the peak resident memory of each load.
 *
 * Each step runs in its own process, so that the memory of writing does not count in loading.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "rtb-file-read.h"
#include "rtb-run.h"
#include "rtb-series.h"

#define N_BUCKETS 1000000
#define N_ABOVE (1u << 20)
/* What one such series takes in a run file, rounded up. */
#define SERIES_FILE_SIZE (20u << 20)

static void
fill_series (RtbSeries *series, guint seed)
{
  GRand *rand = g_rand_new_with_seed (seed);

  /* Every 1 µs bucket once, then values above the histogram over a thousand seconds, which
   * spread over as many percentile buckets as they can. */
  for (gint64 us = 0; us < N_BUCKETS; us++)
    rtb_series_add (series, us * 1000 + g_rand_int_range (rand, 0, 1000));
  for (guint i = 0; i < N_ABOVE; i++)
    rtb_series_add (series, (gint64) N_BUCKETS * 1000 +
                              (gint64) (g_rand_double (rand) * 1e12));
  g_rand_free (rand);
}

static int
write_run (const char *path, guint n_series)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = NULL;
  RtbCommand command;
  gint64 start;

  rtb_command_defaults (&command, RTB_METHOD_LATENCY, 1);
  command.latency.histogram_us = N_BUCKETS;
  run = rtb_run_new (&command);
  for (guint i = 0; i < n_series; i++)
    {
      g_autofree char *name = g_strdup_printf ("CPU%u", i);

      fill_series (rtb_run_add_series (run, name, (int) i), i);
    }
  start = g_get_monotonic_time ();
  if (!rtb_run_save (run, path, &error))
    {
      fprintf (stderr, "bench-run-file: %s\n", error->message);
      return 1;
    }
  printf ("%.3f\n", (g_get_monotonic_time () - start) / 1e6);
  return 0;
}

static int
load_run (const char *path)
{
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  g_autoptr (RtbRun) run = rtb_run_load (path, &error);

  if (run == NULL)
    {
      fprintf (stderr, "bench-run-file: %s\n", error->message);
      return 1;
    }
  printf ("%.3f\n", (g_get_monotonic_time () - start) / 1e6);
  return 0;
}

/* Runs this program with `args`; returns its output, and its peak memory in `usage`. */
static char *
run_self (const char * const *args, struct rusage *usage)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GIOChannel) channel = NULL;
  char *out = NULL;
  int status, out_fd;
  GPid pid;

  g_ptr_array_add (argv, self);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_async_with_pipes (NULL, (char **) argv->pdata, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                 NULL, NULL, &pid, NULL, &out_fd, NULL, &error))
    g_error ("%s", error->message);
  channel = g_io_channel_unix_new (out_fd);
  g_io_channel_set_close_on_unref (channel, TRUE);
  g_io_channel_read_to_end (channel, &out, NULL, NULL);
  wait4 (pid, &status, 0, usage);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    exit (1);
  return out;
}

static double
cpu_seconds (const struct rusage *usage)
{
  return usage->ru_utime.tv_sec + usage->ru_utime.tv_usec / 1e6 + usage->ru_stime.tv_sec +
         usage->ru_stime.tv_usec / 1e6;
}

int
main (int argc, char **argv)
{
  g_autofree char *dir = NULL, *path = NULL, *n_text = NULL, *saving = NULL;
  struct rusage usage;
  GStatBuf st;
  guint n_series;

  if (argc == 4 && g_str_equal (argv[1], "--write"))
    return write_run (argv[2], (guint) atoi (argv[3]));
  if (argc == 3 && g_str_equal (argv[1], "--load"))
    return load_run (argv[2]);

  n_series = argc > 1 ? (guint) atoi (argv[1]) : (guint) (RTB_RUN_FILE_MAX_SIZE / SERIES_FILE_SIZE);
  n_text = g_strdup_printf ("%u", n_series);
  dir = g_dir_make_tmp ("rtbench-bench-XXXXXX", NULL);
  path = g_build_filename (dir, "largest.rtbench", NULL);
  saving = run_self ((const char *[]) { "--write", path, n_text, NULL }, &usage);
  g_stat (path, &st);
  printf ("run file: %u series, %.1f MiB (rtbench reads up to %u MiB)\n", n_series,
          st.st_size / 1048576.0, (guint) (RTB_RUN_FILE_MAX_SIZE >> 20));
  printf ("save: %.3f s; the writing process (filling the series too): %.1f s of CPU, peak "
          "resident memory %.0f MiB\n", g_ascii_strtod (saving, NULL), cpu_seconds (&usage),
          usage.ru_maxrss / 1024.0);

  for (int i = 0; i < 3; i++)
    {
      g_autofree char *seconds = run_self ((const char *[]) { "--load", path, NULL }, &usage);

      printf ("load %d: %.3f s (%.3f s of CPU), peak resident memory %.0f MiB = %.2f × the "
              "file\n", i + 1, g_ascii_strtod (seconds, NULL), cpu_seconds (&usage),
              usage.ru_maxrss / 1024.0,
              usage.ru_maxrss * 1024.0 / st.st_size);
    }
  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
