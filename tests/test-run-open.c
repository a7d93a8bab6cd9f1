/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Opening what a user names as a run (rtb_run_open, and through it rtbench-cli summary, export
 * and compare): a run file, or another tool's result imported with its format detected. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "rtb-file-read.h"

#include "cli-test-util.h"
#include "rtb-import.h"
#include "rtb-run-open.h"
#include "rtb-test-run.h"


static char *
fixture_path (const char *name)
{
  return g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "import", name, NULL);
}

/* Every fixture of every format opens as rtb_import_file() imports it with the format detected:
 * the same source, series, counts and notes, and no file of its own. */
static void
test_every_fixture (void)
{
  g_autofree char *dir_path = fixture_path ("");
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = fixture_path (name);
      g_autoptr (GError) error = NULL;
      g_auto (GStrv) notes = NULL;
      g_auto (GStrv) expected_notes = NULL;
      g_autoptr (RtbRun) expected = rtb_import_file (path, NULL, &expected_notes, NULL);
      g_autoptr (RtbRun) run = rtb_run_open (path, &notes, &error);

      g_test_message ("%s: %s", name, run != NULL ? rtb_run_get_source (run) : error->message);
      g_assert_nonnull (expected);
      g_assert_no_error (error);
      g_assert_cmpstr (rtb_run_get_source (run), ==, rtb_run_get_source (expected));
      g_assert_true (g_str_has_prefix (rtb_run_get_source (run), "imported from "));
      g_assert_null (rtb_run_get_file (run));
      g_assert_cmpuint (rtb_run_get_n_series (run), ==, rtb_run_get_n_series (expected));
      g_assert_cmpuint (rtb_run_get_total_count (run), ==, rtb_run_get_total_count (expected));
      g_assert_true ((notes == NULL) == (expected_notes == NULL));
      g_assert_true (notes == NULL ||
                     g_strv_equal ((const char * const *) notes,
                                   (const char * const *) expected_notes));
      n++;
    }
  /* cyclictest text and JSON, rtla, jitterdebugger and worker streams. */
  g_assert_cmpuint (n, >=, 20);
}

/* A run file is read as one whatever its name, when it says it is an "rtbench-run"; a damaged
 * run file is reported as a run file, never as a cyclictest output gone wrong. */
static void
test_run_files (void)
{
  g_autoptr (RtbRun) saved = test_run_new ("saved", RTB_METHOD_LATENCY, 2, 1000);
  g_autofree char *named = cli_tmp_path ("saved.rtbench");
  g_autofree char *unnamed = cli_tmp_path ("saved.json");
  g_autofree char *damaged = cli_tmp_path ("damaged.rtbench");
  g_autofree char *cut = cli_tmp_path ("cut.json");
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  const char *paths[] = { named, unnamed };
  gsize len;

  test_series_fill (rtb_run_get_series (saved, 0), 1000, 20000, 1000, 10);
  g_assert_true (rtb_run_save (saved, named, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (named, &text, &len, NULL));
  g_assert_true (g_file_set_contents (unnamed, text, (gssize) len, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_auto (GStrv) notes = NULL;
      g_autoptr (RtbRun) run = rtb_run_open (paths[i], &notes, &error);

      g_assert_no_error (error);
      g_assert_null (notes);
      g_assert_cmpstr (rtb_run_get_file (run), ==, paths[i]);
      g_assert_cmpstr (rtb_run_get_label (run), ==, "saved");
      g_assert_cmpuint (rtb_run_get_total_count (run), ==, rtb_run_get_total_count (saved));
    }

  g_assert_true (g_file_set_contents (damaged, "# Histogram\n000001 000012\n", -1, NULL));
  g_assert_null (rtb_run_open (damaged, NULL, &error));
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "not valid JSON"));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (cut, text, (gssize) len / 2, NULL));
  g_assert_null (rtb_run_open (cut, NULL, &error));
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "not valid JSON"));
  g_clear_error (&error);

  g_unlink (named);
  g_unlink (unnamed);
  g_unlink (damaged);
  g_unlink (cut);
}

/* What is neither says so, with the reason the importer found, quoting the file. */
static void
test_neither (void)
{
  static const struct {
    const char *name;
    const char *content;
    const char *says;
  } files[] = {
    { "list.txt", "shopping list\nmilk\n", "found \"shopping list\"" },
    { "other.json", "{\"a\": 1}", "neither cyclictest --json" },
    { "empty.txt", "", "empty" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = cli_tmp_path (files[i].name);
      g_autoptr (GError) error = NULL;

      g_assert_true (g_file_set_contents (path, files[i].content, -1, NULL));
      g_assert_null (rtb_run_open (path, NULL, &error));
      g_test_message ("%s: %s", files[i].name, error->message);
      g_assert_true (g_str_has_prefix (error->message, "neither an rtbench run file nor a result "
                                                       "rtbench imports (cyclictest, rtla, "
                                                       "jitterdebugger, a worker stream): "));
      g_assert_nonnull (strstr (error->message, files[i].says));
      g_unlink (path);
    }
}

/* A run file may be larger than an import: past 512 MiB what is not a run file is refused, a
 * run file up to 4 GiB is read (test-run-file shows the 4 GiB limit). */
static void
test_too_large_for_an_import (void)
{
  g_autofree char *path = cli_tmp_path ("big.txt");
  g_autoptr (GError) error = NULL;
  int fd;

  fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) RTB_FILE_MAX_SIZE + 1), ==, 0);
  close (fd);

  g_assert_null (rtb_run_open (path, NULL, &error));
  g_test_message ("%s", error->message);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "big.txt is larger than 512 MiB and not an rtbench "
                                            "run file"));
  g_clear_error (&error);

  /* The importers alone keep their own limit. */
  g_assert_null (rtb_import_file (path, NULL, NULL, &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "is larger than 512 MiB"));
  g_unlink (path);
}

/* The statistics of a text, after its first line (the file's name). */
static const char *
after_first_line (const char *text)
{
  const char *newline = strchr (text, '\n');

  g_assert_nonnull (newline);
  return newline + 1;
}

/* rtbench-cli summary, export and compare take a cyclictest output as the window does: summary
 * prints what it prints for the same file imported and saved, with the import's notes. */
static void
test_cli (void)
{
  g_autofree char *txt = fixture_path ("ct24-h20-q-2t.txt");
  g_autofree char *stream = fixture_path ("worker-latency-1s.stream");
  g_autofree char *saved = cli_tmp_path ("ct24.rtbench");
  g_autofree char *png = cli_tmp_path ("ct24.png");
  g_autofree char *notes_txt = cli_tmp_path ("notes.txt");
  CliResult direct = { 0 };
  CliResult r = { 0 };

  run_cli (&r, "import", txt, "--output", saved);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
  run_cli (&r, "summary", saved);
  g_assert_cmpint (r.status, ==, 0);

  run_cli (&direct, "summary", txt);
  g_assert_cmpint (direct.status, ==, 0);
  g_assert_cmpstr (after_first_line (direct.out), ==, after_first_line (r.out));
  g_assert_nonnull (strstr (direct.err, "ct24-h20-q-2t.txt: note: each thread's count"));
  cli_result_clear (&direct);
  cli_result_clear (&r);

  run_cli (&r, "export", txt, "--chart", "curve", "--png", png);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  cli_result_clear (&r);

  run_cli (&r, "compare", stream, txt);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "ct24-h20-q-2t"));
  cli_result_clear (&r);

  g_assert_true (g_file_set_contents (notes_txt, "shopping list\n", -1, NULL));
  run_cli (&r, "summary", notes_txt);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "notes.txt: neither an rtbench run file nor a result rtbench "
                                   "imports"));
  cli_result_clear (&r);

  g_unlink (saved);
  g_unlink (png);
  g_unlink (notes_txt);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  CLI_REQUIRE_ENV ();
  cli_tmp_dir_make ("run-open");
  g_test_add_func ("/run-open/every-fixture", test_every_fixture);
  g_test_add_func ("/run-open/run-files", test_run_files);
  g_test_add_func ("/run-open/neither", test_neither);
  g_test_add_func ("/run-open/too-large-for-an-import", test_too_large_for_an_import);
  g_test_add_func ("/run-open/cli", test_cli);
  status = g_test_run ();
  cli_tmp_dir_remove ();
  return status;
}
