/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rtbench-cli against files and options made to crash, hang or deceive it. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli-test-util.h"

static char *tmpdir;
static char *run_a;

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

static void
assert_refused (CliResult *r, const char *message)
{
  g_assert_cmpint (r->status, ==, 1);
  if (strstr (r->err, message) == NULL)
    g_error ("\"%s\" is not in: %s", message, r->err);
  cli_result_clear (r);
}

/* 100 000 nested arrays: a message, not a stack overflow, in every command that reads JSON. */
static void
test_nested (void)
{
  g_autofree char *run = tmp_path ("nested.rtbench");
  g_autofree char *json = tmp_path ("nested.json");
  g_autofree char *out = tmp_path ("out.rtbench");
  g_autofree char *csv = tmp_path ("out.csv");
  g_autoptr (GString) deep = g_string_new (NULL);
  const char *expected = "nests deeper than 64 levels";
  CliResult r = { 0 };

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, ']');
  g_string_prepend (deep, "{\"format\": \"rtbench-run\", \"series\": ");
  g_string_append_c (deep, '}');
  g_assert_true (g_file_set_contents (run, deep->str, -1, NULL));
  g_string_erase (deep, 0, strlen ("{\"format\": \"rtbench-run\", \"series\""));
  g_string_prepend (deep, "{\"thread\"");
  g_assert_true (g_file_set_contents (json, deep->str, -1, NULL));

  run_cli (&r, "summary", run);
  assert_refused (&r, expected);
  run_cli (&r, "summary", run, "--json");
  assert_refused (&r, expected);
  run_cli (&r, "compare", run_a, run);
  assert_refused (&r, expected);
  run_cli (&r, "export", run, "--csv", csv);
  assert_refused (&r, expected);
  run_cli (&r, "import", json, "--output", out);
  assert_refused (&r, expected);
  g_assert_false (g_file_test (csv, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
}

/* Devices and FIFOs are refused at once instead of read for ever. */
static void
test_not_regular (void)
{
  g_autofree char *fifo = tmp_path ("fifo.rtbench");
  CliResult r = { 0 };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  run_cli (&r, "summary", "/dev/zero");
  assert_refused (&r, "/dev/zero is a device, not a saved file");
  run_cli (&r, "summary", fifo);
  assert_refused (&r, "is a FIFO, not a saved file");
  run_cli (&r, "compare", run_a, fifo);
  assert_refused (&r, "is a FIFO, not a saved file");
  run_cli (&r, "export", "/dev/zero", "--csv", "-");
  assert_refused (&r, "is a device");
  run_cli (&r, "import", fifo, "--output", "x.rtbench");
  assert_refused (&r, "is a FIFO, not a saved file");
  g_unlink (fifo);
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("rtbench-hostile-XXXXXX", NULL);
  run_a = tmp_path ("a.rtbench");
  cli_make_run (run_a, "first");

  g_test_add_func ("/cli-hostile/nested", test_nested);
  g_test_add_func ("/cli-hostile/not-regular", test_not_regular);
  status = g_test_run ();

  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmpdir);
  (void) !system (cmd);
  return status;
}
