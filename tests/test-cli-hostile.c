/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rtbench-cli against files and options made to crash, hang or deceive it. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "cli-test-util.h"

static char *run_a;

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
  g_autofree char *run = cli_tmp_path ("nested.rtbench");
  g_autofree char *json = cli_tmp_path ("nested.json");
  g_autofree char *out = cli_tmp_path ("out.rtbench");
  g_autofree char *csv = cli_tmp_path ("out.csv");
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
  g_autofree char *fifo = cli_tmp_path ("fifo.rtbench");
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

/* What a terminal would obey: any control character but the line break, DEL, C1 controls (raw
 * or in UTF-8), bidirectional overrides and bytes that are not UTF-8. */
static void
assert_terminal_safe (const char *what, const char *text)
{
  const char *end = text + strlen (text);

  for (const char *p = text; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2 || (c < 0x20 && c != '\n') ||
          (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) ||
          (c >= 0x2066 && c <= 0x2069))
        g_error ("%s holds U+%04X at byte %" G_GSIZE_FORMAT ": %s", what, c,
                 (gsize) (p - text), text);
    }
}

static void
assert_cli_safe (CliResult *r)
{
  assert_terminal_safe ("stdout", r->out);
  assert_terminal_safe ("stderr", r->err);
}

/* A run file whose every text tries to take the terminal over. */
#define TITLE "\033]0;owned\007"
#define CLEAR "\033[2J\033[H"

static char *
make_hostile_run (void)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *path = cli_tmp_path ("hostile.rtbench");
  g_autofree char *text = NULL;
  JsonObject *root, *system, *series;

  g_assert_true (json_parser_load_from_file (parser, run_a, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  json_object_set_string_member (root, "label", TITLE "label" CLEAR);
  json_object_set_string_member (root, "load", "none\r\n\033[31mfake line");
  system = json_object_get_object_member (root, "system");
  json_object_set_string_member (system, "hostname", "host\302\233" "2J\342\200\256evil");
  json_object_set_string_member (system, "kernel_release", "6.1" CLEAR);
  json_object_set_string_member (system, "cpu_model", "cpu\177\033[1A");
  json_object_set_string_member (system, "governor", "performance\nforged: line");
  series = json_array_get_object_element (json_object_get_array_member (root, "series"), 0);
  json_object_set_string_member (series, "name", "CPU0" TITLE);
  text = json_to_string (json_parser_get_root (parser), FALSE);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return g_steal_pointer (&path);
}

/* Escapes in a run file's texts are shown escaped by summary, compare and export, and the
 * files they write keep no raw control character either. */
static void
test_terminal_escapes (void)
{
  g_autofree char *hostile = make_hostile_run ();
  g_autofree char *cyclictest = cli_tmp_path ("hostile.txt");
  g_autofree char *csv = cli_tmp_path ("hostile.csv");
  g_autofree char *bad_state = cli_tmp_path ("bad-state.rtbench");
  g_autofree char *contents = NULL;
  CliResult r = { 0 };

  run_cli (&r, "summary", hostile);
  g_assert_cmpint (r.status, ==, 0);
  assert_cli_safe (&r);
  g_assert_nonnull (strstr (r.out, "\\x1b]0;owned\\x07label\\x1b[2J\\x1b[H"));
  g_assert_nonnull (strstr (r.out, "CPU0\\x1b]0;owned\\x07"));
  g_assert_nonnull (strstr (r.out, "host\\u009b2J\\u202eevil"));
  g_assert_nonnull (strstr (r.out, "performance\\x0aforged: line"));
  cli_result_clear (&r);

  run_cli (&r, "summary", hostile, "--json");
  g_assert_cmpint (r.status, ==, 0);
  assert_cli_safe (&r);
  cli_result_clear (&r);

  run_cli (&r, "compare", run_a, hostile);
  g_assert_cmpint (r.status, ==, 0);
  assert_cli_safe (&r);
  g_assert_nonnull (strstr (r.out, "\\x1b]0;owned\\x07label"));
  cli_result_clear (&r);

  run_cli (&r, "export", hostile, "--cyclictest", cyclictest, "--csv", csv);
  g_assert_cmpint (r.status, ==, 0);
  assert_cli_safe (&r);
  cli_result_clear (&r);
  g_assert_true (g_file_get_contents (cyclictest, &contents, NULL, NULL));
  assert_terminal_safe (cyclictest, contents);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (csv, &contents, NULL, NULL));
  assert_terminal_safe (csv, contents);

  /* An error that quotes the file quotes it escaped. */
  g_assert_true (g_file_set_contents (bad_state, "{\"format\": \"rtbench-run\", \"version\": 1, "
                                      "\"method\": \"\\u001b]0;owned\\u0007\"}", -1, NULL));
  run_cli (&r, "summary", bad_state);
  assert_refused (&r, "method: \"\\x1b]0;owned\\x07\" is not one of");
}

/* A label given to run, and the texts of an imported file, are kept escaped. */
static void
test_escapes_kept_out (void)
{
  g_autofree char *fixture = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "import",
                                               "ct210-h20-q-2t.json", NULL);
  g_autofree char *json = cli_tmp_path ("hostile-cyclictest.json");
  g_autofree char *imported = cli_tmp_path ("imported.rtbench");
  g_autofree char *measured = cli_tmp_path ("measured.rtbench");
  g_autofree char *contents = NULL;
  g_autoptr (GString) text = NULL;
  CliResult r = { 0 };

  g_assert_true (g_file_get_contents (fixture, &contents, NULL, NULL));
  text = g_string_new (contents);
  g_assert_cmpuint (g_string_replace (text, "\"nodename\": \"rpi5\"",
                                      "\"nodename\": \"rpi5\\u001b[2J\"", 0), ==, 1);
  g_assert_cmpuint (g_string_replace (text, "\"release\": \"",
                                      "\"release\": \"\\u001b]0;owned\\u0007", 0), ==, 1);
  g_assert_true (g_file_set_contents (json, text->str, -1, NULL));
  run_cli (&r, "import", json, "--label", TITLE "imported", "--output", imported);
  g_assert_cmpint (r.status, ==, 0);
  assert_cli_safe (&r);
  cli_result_clear (&r);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (imported, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "rpi5\\\\x1b[2J"));
  g_assert_nonnull (strstr (contents, "\\\\x1b]0;owned\\\\x07imported"));
  g_assert_null (strstr (contents, "\\u001b"));

  run_cli (&r, "run", "latency", "--cpus", "0", "--policy", "other", "--duration", "1s",
           "--label", TITLE "measured" CLEAR, "--output", measured);
  g_assert_cmpint (r.status, ==, 0);
  assert_cli_safe (&r);
  g_assert_nonnull (strstr (r.out, "\\x1b]0;owned\\x07measured"));
  cli_result_clear (&r);
}

/* A host that ssh would take as an option (here one that runs a command on this computer) is
 * refused by run, a fleet run and check before ssh starts. */
static void
test_remote_option (void)
{
  g_autofree char *marker = cli_tmp_path ("proxy-command-ran");
  g_autofree char *host = g_strdup_printf ("-oProxyCommand=touch %s", marker);
  const char *expected = "is not a host name: it starts with “-”, which ssh would take as one "
                         "of its options";
  CliResult r = { 0 };

  run_cli (&r, "run", "latency", "--duration", "1s", "--remote", host);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, host));
  g_assert_nonnull (strstr (r.err, expected));
  cli_result_clear (&r);

  run_cli (&r, "run", "latency", "--duration", "1s", "--local", "--remote", "board",
           "--remote", host);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, expected));
  cli_result_clear (&r);

  run_cli (&r, "check", "--remote", host);
  assert_refused (&r, expected);
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));
}

/* A run whose label is 50 MiB: summary and export read it cut to 4 KiB ending with an ellipsis,
 * under a memory limit of 1 GiB (laying out the whole label took 5 GB); 4093 bytes of it, the
 * ellipsis, and nothing more of it. Not under AddressSanitizer, whose shadow memory the limit
 * would not hold. */
static void
test_long_label (void)
{
  g_autofree char *path = cli_tmp_path ("long-label.rtbench");
  g_autofree char *png = cli_tmp_path ("long-label.png");
  g_autofree char *huge = g_strnfill ((gsize) 50 << 20, 'A');
  g_autofree char *kept = g_strnfill (4093, 'A');
  g_autofree char *shown = g_strconcat ("\n", kept, "…\n", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  struct rlimit saved, limited;
  gboolean limit = g_getenv ("ASAN_OPTIONS") == NULL;
  CliResult r = { 0 };

  g_assert_true (json_parser_load_from_file (parser, run_a, NULL));
  json_object_set_string_member (json_node_get_object (json_parser_get_root (parser)), "label",
                                 huge);
  json_generator_set_root (generator, json_parser_get_root (parser));
  g_assert_true (json_generator_to_file (generator, path, NULL));
  g_clear_pointer (&huge, g_free);

  g_assert_no_errno (getrlimit (RLIMIT_AS, &saved));
  limited = saved;
  limited.rlim_cur = MIN (saved.rlim_max, (rlim_t) 1 << 30);
  if (limit)
    g_assert_no_errno (setrlimit (RLIMIT_AS, &limited));
  run_cli (&r, "summary", path);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, shown));
  cli_result_clear (&r);
  run_cli (&r, "export", path, "--png", png);
  if (limit)
    g_assert_no_errno (setrlimit (RLIMIT_AS, &saved));
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  cli_result_clear (&r);
}

/* A label over 4 KiB is refused before a run starts or a file is imported, saying the limit;
 * one of 4096 bytes is kept whole. */
static void
test_label_refused (void)
{
  g_autofree char *fixture = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "import",
                                               "ct210-h20-q-2t.json", NULL);
  g_autofree char *out = cli_tmp_path ("refused-label.rtbench");
  g_autofree char *long_label = g_strnfill (5000, 'x');
  g_autofree char *limit_label = g_strnfill (4096, 'y');
  g_autofree char *shown = g_strconcat ("\n", limit_label, "\n", NULL);
  const char *message = "the label is 5000 bytes long, more than the 4096 bytes (4 KiB)";
  CliResult r = { 0 };

  run_cli (&r, "run", "latency", "--cpus", "0", "--policy", "other", "--duration", "1s",
           "--label", long_label, "--output", out);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "--label: "));
  g_assert_nonnull (strstr (r.err, message));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  cli_result_clear (&r);

  run_cli (&r, "import", fixture, "--label", long_label, "--output", out);
  assert_refused (&r, message);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));

  run_cli (&r, "import", fixture, "--label", limit_label, "--output", out);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
  run_cli (&r, "summary", out);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, shown));
  cli_result_clear (&r);
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  CLI_REQUIRE_ENV ();
  cli_tmp_dir_make ("hostile");
  run_a = cli_tmp_path ("a.rtbench");
  cli_make_run (run_a, "first");

  g_test_add_func ("/cli-hostile/nested", test_nested);
  g_test_add_func ("/cli-hostile/not-regular", test_not_regular);
  g_test_add_func ("/cli-hostile/terminal-escapes", test_terminal_escapes);
  g_test_add_func ("/cli-hostile/escapes-kept-out", test_escapes_kept_out);
  g_test_add_func ("/cli-hostile/remote-option", test_remote_option);
  g_test_add_func ("/cli-hostile/long-label", test_long_label);
  g_test_add_func ("/cli-hostile/label-refused", test_label_refused);
  status = g_test_run ();

  cli_tmp_dir_remove ();
  return status;
}
