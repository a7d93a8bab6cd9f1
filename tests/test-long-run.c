/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Long runs, time-compressed: rtbench-cli measures a synthetic board (tests/rtb-stream-worker.c,
 * reached as through ssh) that streams an hour at 1 kHz on 4 CPUs through the real wire protocol
 * at full speed. The client's decoder, run model, checkpoints and saving see what a real hour
 * brings, in seconds. The values are known: the test recomputes every series' figures. The
 * same run of 12 hours is tests/bench-long-run.sh.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cli-test-util.h"
#include "rtb-history.h"
#include "rtb-run.h"

#define CPUS 4
#define RATE 1000                    /* samples per second, per CPU */
#define PER_MINUTE (60 * RATE)

/* The largest sample of minute m (from 0) of thread t, as the stream makes it. */
static gint64
minute_max_ns (guint m, guint t)
{
  return (gint64) (100 + (37 * m + 11 * t) % 400) * 1000;
}

static char **
stream_env (const char *hold_seconds)
{
  char **env = g_get_environ ();

  env = g_environ_setenv (env, "RTBENCH_SSH", g_getenv ("RTBENCH_STREAM_WORKER"), TRUE);
  /* Each checkpoint says so (on stdout, where GLib prints debug messages). */
  env = g_environ_setenv (env, "G_MESSAGES_DEBUG", "rtbench-client", TRUE);
  if (hold_seconds != NULL)
    env = g_environ_setenv (env, "RTBENCH_STREAM_HOLD", hold_seconds, TRUE);
  return env;
}

static guint
count_lines (const char *text, const char *what)
{
  guint n = 0;

  for (const char *p = text; (p = strstr (p, what)) != NULL; p += strlen (what))
    n++;
  return n;
}

/* Every series holds `minutes` whole minutes of the stream, in fixed memory. */
static void
check_run (RtbRun *run, guint minutes)
{
  g_assert_cmpuint (rtb_run_get_n_series (run), ==, CPUS);
  for (guint t = 0; t < CPUS; t++)
    {
      RtbSeries *series = rtb_run_get_series (run, t);
      guint64 cells = 0;
      gint64 max = 0;

      for (guint m = 0; m < minutes; m++)
        max = MAX (max, minute_max_ns (m, t));
      g_assert_cmpuint (series->histogram.stats.count, ==, (guint64) minutes * PER_MINUTE);
      g_assert_cmpint (series->histogram.stats.max_ns, ==, max);
      g_assert_cmpint (series->histogram.stats.min_ns, >=, 5000);
      g_assert_cmpint (series->histogram.stats.min_ns, <, 6000);
      /* Bounded by construction: the history has its fixed number of blocks whatever the
       * length, the histogram its 1 µs buckets up to the limit. */
      g_assert_cmpuint (series->history.n_positions, ==, (guint64) minutes * PER_MINUTE);
      g_assert_cmpuint (series->history.n_blocks, <=, RTB_HISTORY_DEFAULT_CAPACITY);
      g_assert_cmpuint (series->history.capacity, ==, RTB_HISTORY_DEFAULT_CAPACITY);
      g_assert_cmpuint (series->histogram.n_buckets, ==, 1000);
      /* The heatmap too: its fixed columns hold every sample once. */
      g_assert_true (rtb_series_has_heatmap (series));
      g_assert_cmpuint (series->heatmap.capacity, ==, RTB_HEATMAP_DEFAULT_CAPACITY);
      g_assert_cmpuint (series->heatmap.n_columns, <=, RTB_HEATMAP_DEFAULT_CAPACITY);
      g_assert_cmpuint (series->heatmap.n_positions, ==, (guint64) minutes * PER_MINUTE);
      for (gsize c = 0; c < series->heatmap.n_columns; c++)
        for (guint32 r = 0; r < series->heatmap.n_rows; r++)
          cells += rtb_heatmap_column (&series->heatmap, c)[r];
      g_assert_cmpuint (cells, ==, (guint64) minutes * PER_MINUTE);
    }
}

/* An hour on 4 CPUs: 14.4 M samples decoded, recorded, checkpointed once per minute of the
 * run's clock (60 times, though the hour passes in seconds) and saved. */
static void
test_hour (void)
{
  g_autofree char *file = cli_tmp_path ("hour.rtbench");
  g_auto (GStrv) env = stream_env (NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = NULL;
  const char *argv[] = { g_getenv ("RTBENCH_CLI"), "run", "latency", "--remote", "board",
                         "--cpus", "0-3", "--duration", "1h", "--output", file, NULL };
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &status, &error));
  g_assert_no_error (error);
  g_test_message ("stderr: %s", err);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpuint (count_lines (out, "checkpoint saved to"), ==, 60);
  /* Piped, the CLI prints no minute lines. */
  g_assert_null (strstr (out, "this minute"));

  run = rtb_run_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpint (rtb_run_get_state (run), ==, RTB_RUN_STATE_FINISHED);
  check_run (run, 60);
}

static RtbRun *
load_if_complete (const char *file, guint minutes)
{
  g_autoptr (RtbRun) run = NULL;

  if (!g_file_test (file, G_FILE_TEST_EXISTS) || (run = rtb_run_load (file, NULL)) == NULL)
    return NULL;
  if (rtb_run_get_n_series (run) != CPUS ||
      rtb_run_get_series (run, 0)->histogram.stats.count < (guint64) minutes * PER_MINUTE)
    return NULL;
  return g_steal_pointer (&run);
}

/* The client killed (SIGKILL) at minute 55 of the hour, while its board goes on: the last
 * checkpoint holds the 55 minutes, to the sample. */
static void
test_kill_keeps_checkpoint (void)
{
  g_autofree char *file = cli_tmp_path ("killed.rtbench");
  g_autoptr (GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                               G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_auto (GStrv) env = stream_env ("3300");
  g_autoptr (GSubprocess) cli = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = NULL;

  g_subprocess_launcher_set_environ (launcher, env);
  cli = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("RTBENCH_CLI"), "run",
                                     "latency", "--remote", "board", "--cpus", "0-3",
                                     "--duration", "1h", "--output", file, NULL);
  g_assert_no_error (error);
  for (guint i = 0; i < 1200 && (run = load_if_complete (file, 55)) == NULL; i++)
    g_usleep (100 * 1000);
  g_assert_nonnull (run);
  g_clear_object (&run);
  g_subprocess_send_signal (cli, SIGKILL);
  g_subprocess_wait (cli, NULL, NULL);

  run = rtb_run_load (file, &error);
  g_assert_no_error (error);
  /* Saved while it ran, never ended. */
  g_assert_cmpint (rtb_run_get_state (run), ==, RTB_RUN_STATE_CUT_SHORT);
  check_run (run, 55);
}

static void
string_free (gpointer string)
{
  g_string_free (string, TRUE);
}

/* The lines a terminal shows once `out` is written to it. The progress line the CLI draws on
 * stderr is cleared before a minute's lines ("\033[1A\r\033[K": up a line, to its start, erased):
 * whether one was drawn depends on how fast the run went, so the screen is what is compared,
 * not the bytes. Other control sequences (a debug message's colours) move nothing. */
static char **
terminal_lines (const char *out)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (string_free);
  char **lines;
  guint row = 0;
  gsize col = 0;

  g_ptr_array_add (rows, g_string_new (NULL));
  for (const char *p = out; *p != '\0'; p++)
    {
      GString *line = rows->pdata[row];

      if (*p == '\n' || *p == '\r')
        {
          if (*p == '\n' && ++row == rows->len)
            g_ptr_array_add (rows, g_string_new (NULL));
          col = 0;
        }
      else if (*p == '\033' && p[1] == '[')
        {
          /* A control sequence: its numbers, then its letter. */
          guint n = MAX (atoi (p + 2), 1);

          p += 2 + strspn (p + 2, "0123456789;");
          if (*p == 'A')
            row -= MIN (row, n);
          else if (*p == 'K')
            g_string_truncate (line, MIN (col, line->len));
          else if (*p == '\0')
            break;
        }
      else
        {
          while (line->len < col)
            g_string_append_c (line, ' ');
          if (col < line->len)
            line->str[col] = *p;
          else
            g_string_append_c (line, *p);
          col++;
        }
    }
  lines = g_new0 (char *, rows->len + 1);
  for (guint i = 0; i < rows->len; i++)
    lines[i] = g_strdup (((GString *) rows->pdata[i])->str);
  return lines;
}

/* On a terminal (a pseudo-terminal from script(1)), each minute of the run prints a line per
 * CPU with that minute's max and the run's so far. */
static void
test_minute_lines (void)
{
  g_auto (GStrv) env = stream_env (NULL);
  g_autofree char *quoted = g_shell_quote (g_getenv ("RTBENCH_CLI"));
  g_autofree char *command = g_strdup_printf ("%s run latency --remote board --cpus 0-3 "
                                              "--duration 5m", quoted);
  const char *argv[] = { "script", "-qec", command, "/dev/null", NULL };
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  gint64 so_far[CPUS] = { 0 };
  guint n = 0;
  int status;

  if (!g_find_program_in_path ("script"))
    {
      g_test_skip ("script (util-linux) is not installed");
      return;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_SEARCH_PATH, NULL, NULL, &out,
                               NULL, &status, &error));
  g_assert_no_error (error);
  g_test_message ("%s", out);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  lines = terminal_lines (out);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *expected = NULL;
      guint m = n / CPUS, t = n % CPUS;

      if (strstr (lines[i], "this minute") == NULL)
        continue;
      so_far[t] = MAX (so_far[t], minute_max_ns (m, t));
      expected = g_strdup_printf ("%u:00  CPU%u   max %.1f µs this minute, %.1f µs so far", m + 1,
                                  t, minute_max_ns (m, t) / 1000.0, so_far[t] / 1000.0);
      g_strchomp (lines[i]);
      g_assert_cmpstr (lines[i], ==, expected);
      n++;
    }
  g_assert_cmpuint (n, ==, 5 * CPUS);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  CLI_REQUIRE_ENV ();
  if (g_getenv ("RTBENCH_STREAM_WORKER") == NULL)
    {
      g_test_skip ("RTBENCH_STREAM_WORKER is not set: run this through meson test");
      return g_test_run ();
    }
  cli_tmp_dir_make ("long-run");
  g_test_add_func ("/long-run/hour", test_hour);
  g_test_add_func ("/long-run/kill-keeps-checkpoint", test_kill_keeps_checkpoint);
  g_test_add_func ("/long-run/minute-lines", test_minute_lines);
  status = g_test_run ();
  cli_tmp_dir_remove ();
  return status;
}
