/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The cyclictest text export in both layouts, byte for byte against what cyclictest printed:
 * rt-tests 2.4 (Debian 12) run here and in fixtures, and 2.10 (built from its source) in
 * fixtures; and which layout the installed cyclictest writes. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "import-test-util.h"
#include "rtb-cyclictest-export.h"
#include "rtb-import.h"

/* The text from "# Histogram" on: the line before it is cyclictest's "# /dev/cpu_dma_latency
 * set to 0us" where rtbench writes where the run came from. */
static const char *
from_histogram (const char *text)
{
  const char *p = strstr (text, "# Histogram\n");

  g_assert_nonnull (p);
  return p;
}

/* Imports cyclictest's `text` and writes it back in `layout`: the same bytes. */
static void
check_same_bytes (const char *text, gsize len, const char *name, RtbCyclictestLayout layout)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = rtb_import_data ((const guint8 *) text, len, name, NULL, NULL,
                                            &error);
  g_autofree char *back = NULL;

  g_assert_no_error (error);
  back = rtb_cyclictest_export (run, layout, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (from_histogram (back), ==, from_histogram (text));
}

static void
check_fixture (const char *name, RtbCyclictestLayout layout)
{
  g_autofree char *path = import_test_data_path (name);
  g_autofree char *text = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  check_same_bytes (text, len, name, layout);
}

static void
test_fixtures_2_4 (void)
{
  /* rt-tests 2.4 on this machine: every row, "# Total:", "# NNNNN others". */
  check_fixture ("ct24-h20-q-2t.txt", RTB_CYCLICTEST_LAYOUT_1_X);
  check_fixture ("ct24-h30-q-2t.txt", RTB_CYCLICTEST_LAYOUT_1_X);
  check_fixture ("ct24-h400-q-2t.txt", RTB_CYCLICTEST_LAYOUT_1_X);
}

static void
test_fixtures_2_7 (void)
{
  /* Printed by cyclictest 2.10, built from rt-tests' tag v2.10 (40b14a2) and run on the
   * development VM: only rows with samples, no "# Total:", "# Thread 0: " with its trailing
   * space when the thread had no overflow, no rows at all when every sample overflowed. */
  check_fixture ("ct210real-h400-q-2t.txt", RTB_CYCLICTEST_LAYOUT_2_7);
  check_fixture ("ct210real-h20000-q-2t.txt", RTB_CYCLICTEST_LAYOUT_2_7);
  check_fixture ("ct210real-h8-q-2t-all-overflow.txt", RTB_CYCLICTEST_LAYOUT_2_7);
  /* Written from 2.10's print code (FORMATS.md §1.2). */
  check_fixture ("ct210-h20-q-2t.txt", RTB_CYCLICTEST_LAYOUT_2_7);
  check_fixture ("ct210-h5-all-overflow.txt", RTB_CYCLICTEST_LAYOUT_2_7);
}

/* A run of Debian's cyclictest here and now, 2.4 as apt installs it, compared whole. */
static void
run_cyclictest (const char *histogram)
{
  g_autofree char *program = g_find_program_in_path ("cyclictest");
  g_autofree char *version = rtb_cyclictest_installed_version ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  RtbCyclictestLayout layout;
  int status;

  if (program == NULL)
    {
      g_test_skip ("cyclictest is not installed (apt install rt-tests)");
      return;
    }
  g_assert_nonnull (version);
  g_assert_true (rtb_cyclictest_layout_from_version (version, &layout));
  if (layout != RTB_CYCLICTEST_LAYOUT_1_X)
    {
      g_test_skip_printf ("the installed cyclictest is %s, not 1.x-2.6", version);
      return;
    }
  /* -q: only the histogram (-h sets every interval alike, as -d0 would);
   * no -m or -p, so that it runs unprivileged too (SCHED_OTHER). */
  const char *argv[] = { program, "-S", "-i200", "-l3000", histogram, "-q", NULL };
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    {
      g_test_skip_printf ("cyclictest could not run here: %s", err);
      return;
    }
  g_test_message ("cyclictest %s %s:\n%s", version, histogram, out);
  check_same_bytes (out, strlen (out), "live.txt", RTB_CYCLICTEST_LAYOUT_1_X);
  /* The installed cyclictest's layout is the default. */
  check_same_bytes (out, strlen (out), "live.txt", RTB_CYCLICTEST_LAYOUT_AUTO);
}

static void
test_live_2_4 (void)
{
  /* Overflows beyond the log ("# NNNNN others") at 5 buckets; usually few at 1000. */
  run_cyclictest ("-h5");
  run_cyclictest ("-h1000");
}

static void
test_version_from_help (void)
{
  static const struct {
    const char *help;
    const char *version;
  } cases[] = {
    { "cyclictest V 2.40\nUsage:\n", "2.4" },
    { "cyclictest V 1.00\n", "1.0" },
    { "cyclictest V 2.70\n", "2.7" },
    /* 2.1 and 2.10 both print 2.10: 2.10 has --deepest-idle-state, 2.1 has not */
    { "cyclictest V 2.10\n-a [CPUSET]\n", "2.1" },
    { "cyclictest V 2.10\n         --deepest-idle-state=n\n", "2.10" },
    { "cyclictest V 2.11\n", "2.11" },
    { "cyclictest V 2.4\n", NULL },
    { "cyclictest: invalid option\n", NULL },
    { "cyclictest V x.40\n", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *version = rtb_cyclictest_version_from_help (cases[i].help);

      g_assert_cmpstr (version, ==, cases[i].version);
    }
}

static void
test_layout_from_version (void)
{
  static const struct {
    const char *version;
    gboolean valid;
    RtbCyclictestLayout layout;
  } cases[] = {
    { "2.4", TRUE, RTB_CYCLICTEST_LAYOUT_1_X },
    { "2.6", TRUE, RTB_CYCLICTEST_LAYOUT_1_X },
    { "1.10", TRUE, RTB_CYCLICTEST_LAYOUT_1_X },
    { "0.84", TRUE, RTB_CYCLICTEST_LAYOUT_1_X },
    { "2.7", TRUE, RTB_CYCLICTEST_LAYOUT_2_7 },
    { "2.10", TRUE, RTB_CYCLICTEST_LAYOUT_2_7 },
    { "3.0", TRUE, RTB_CYCLICTEST_LAYOUT_2_7 },
    { "2", FALSE, 0 },
    { "2.4.1", FALSE, 0 },
    { "v2.4", FALSE, 0 },
    { "", FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      RtbCyclictestLayout layout = RTB_CYCLICTEST_LAYOUT_AUTO;

      g_assert_cmpint (rtb_cyclictest_layout_from_version (cases[i].version, &layout), ==,
                       cases[i].valid);
      if (cases[i].valid)
        g_assert_cmpint (layout, ==, cases[i].layout);
    }
}

/* With PATH naming only a folder of ours: a cyclictest that says it is 2.10, then none. */
static void
test_installed (void)
{
  g_autofree char *dir = g_dir_make_tmp ("rtb-ct-XXXXXX", NULL);
  g_autofree char *script = g_build_filename (dir, "cyclictest", NULL);
  g_autofree char *old_path = g_strdup (g_getenv ("PATH"));
  g_autofree char *version = NULL;

  g_assert_nonnull (dir);
  g_assert_true (g_file_set_contents (script, "#!/bin/sh\necho 'cyclictest V 2.10'\n"
                                      "echo '         --deepest-idle-state=n'\n", -1, NULL));
  g_assert_cmpint (g_chmod (script, 0755), ==, 0);
  g_setenv ("PATH", dir, TRUE);
  g_assert_cmpint (rtb_cyclictest_layout_resolve (RTB_CYCLICTEST_LAYOUT_AUTO, &version), ==,
                   RTB_CYCLICTEST_LAYOUT_2_7);
  g_assert_cmpstr (version, ==, "2.10");
  g_clear_pointer (&version, g_free);
  /* A layout asked for is kept whatever is installed. */
  g_assert_cmpint (rtb_cyclictest_layout_resolve (RTB_CYCLICTEST_LAYOUT_1_X, &version), ==,
                   RTB_CYCLICTEST_LAYOUT_1_X);
  g_assert_null (version);

  g_assert_cmpint (g_unlink (script), ==, 0);
  g_assert_cmpint (rtb_cyclictest_layout_resolve (RTB_CYCLICTEST_LAYOUT_AUTO, &version), ==,
                   RTB_CYCLICTEST_LAYOUT_2_7);
  g_assert_null (version);
  g_setenv ("PATH", old_path, TRUE);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cyclictest-layout/fixtures-2.4", test_fixtures_2_4);
  g_test_add_func ("/cyclictest-layout/fixtures-2.7", test_fixtures_2_7);
  g_test_add_func ("/cyclictest-layout/live-2.4", test_live_2_4);
  g_test_add_func ("/cyclictest-layout/version-from-help", test_version_from_help);
  g_test_add_func ("/cyclictest-layout/from-version", test_layout_from_version);
  g_test_add_func ("/cyclictest-layout/installed", test_installed);
  return g_test_run ();
}
