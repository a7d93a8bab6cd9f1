/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "rtb-load.h"

static void
test_scenario_strings (void)
{
  static const RtbLoadScenario all[] = { RTB_LOAD_NONE, RTB_LOAD_CPU, RTB_LOAD_FULL };
  RtbLoadScenario parsed;

  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      const char *name = rtb_load_scenario_to_string (all[i]);
      g_assert_nonnull (name);
      g_assert_true (rtb_load_scenario_from_string (name, &parsed));
      g_assert_cmpint (parsed, ==, all[i]);
    }
  g_assert_cmpstr (rtb_load_scenario_to_string (RTB_LOAD_FULL), ==, "full");
  g_assert_false (rtb_load_scenario_from_string ("heavy", &parsed));
  g_assert_false (rtb_load_scenario_from_string ("", &parsed));
}

static void
assert_argv (GStrv argv, const char * const *expected)
{
  g_autofree char *got = g_strjoinv (" ", argv);
  g_autofree char *want = g_strjoinv (" ", (char **) expected);

  g_assert_cmpstr (got, ==, want);
}

static void
test_argv (void)
{
  g_auto(GStrv) none = rtb_load_build_argv (RTB_LOAD_NONE, 4);
  g_auto(GStrv) cpu1 = rtb_load_build_argv (RTB_LOAD_CPU, 1);
  g_auto(GStrv) cpu4 = rtb_load_build_argv (RTB_LOAD_CPU, 4);
  g_auto(GStrv) full2 = rtb_load_build_argv (RTB_LOAD_FULL, 2);
  g_auto(GStrv) full4 = rtb_load_build_argv (RTB_LOAD_FULL, 4);
  g_auto(GStrv) all = rtb_load_build_argv (RTB_LOAD_CPU, 0);
  g_autofree char *n_online = g_strdup_printf ("%u", g_get_num_processors ());

  g_assert_null (none);
  assert_argv (cpu1, (const char *[]) {
    "stress-ng", "--cpu", "1", "--cpu-method=all", "--timeout", "0", NULL });
  assert_argv (cpu4, (const char *[]) {
    "stress-ng", "--cpu", "4", "--cpu-method=all", "--timeout", "0", NULL });
  assert_argv (full2, (const char *[]) {
    "stress-ng", "--cpu", "2", "--cpu-method=all", "--io", "2", "--vm", "2", "--vm-bytes", "64M",
    "--timeout", "0", NULL });
  /* The full-load profile of METHODS.md §1, for 4 CPUs. */
  assert_argv (full4, (const char *[]) {
    "stress-ng", "--cpu", "4", "--cpu-method=all", "--io", "4", "--vm", "4", "--vm-bytes", "64M",
    "--timeout", "0", NULL });
  g_assert_cmpstr (all[2], ==, n_online);
}

/* Processes of the group that are not zombies. */
static guint
count_group (pid_t pgid)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc", 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename ("/proc", name, "stat", NULL);
      g_autofree char *stat = NULL;
      const char *end;
      char state;
      int pgrp;

      if (!g_ascii_isdigit (name[0]) || !g_file_get_contents (path, &stat, NULL, NULL))
        continue;
      end = strrchr (stat, ')');
      if (end != NULL && sscanf (end + 1, " %c %*d %d", &state, &pgrp) == 2
          && pgrp == pgid && state != 'Z' && state != 'X')
        n++;
    }
  return n;
}

static void
test_run (void)
{
  g_autofree char *stress_ng = g_find_program_in_path ("stress-ng");
  g_autoptr(GSubprocess) load = NULL;
  g_autoptr(GError) error = NULL;
  pid_t pgid;

  if (stress_ng == NULL)
    {
      g_test_skip ("stress-ng is not installed");
      return;
    }

  load = rtb_load_start (RTB_LOAD_CPU, 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (load);
  pgid = (pid_t) g_ascii_strtoll (g_subprocess_get_identifier (load), NULL, 10);
  g_assert_cmpint (getpgid (pgid), ==, pgid);
  g_assert_cmpint (pgid, !=, getpgrp ());

  g_usleep (G_USEC_PER_SEC);
  g_assert_cmpuint (count_group (pgid), >=, 1);
  g_assert_true (rtb_load_check (load, &error));
  g_assert_no_error (error);

  rtb_load_stop (load);
  g_assert_cmpuint (count_group (pgid), ==, 0);
  g_assert_null (g_subprocess_get_identifier (load));
  g_assert_true (rtb_load_check (load, &error));
  g_assert_no_error (error);

  /* Stopping twice does no harm. */
  rtb_load_stop (load);
}

static void
test_missing (void)
{
  g_autofree char *empty = NULL;
  g_autoptr(GSubprocess) load = NULL;
  g_autoptr(GError) error = NULL;

  /* PATH is changed in a child of its own, before any thread exists. */
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 0, 0);
      g_test_trap_assert_passed ();
      return;
    }

  empty = g_dir_make_tmp ("rtbench-load-XXXXXX", NULL);
  g_assert_nonnull (empty);
  g_setenv ("PATH", empty, TRUE);
  load = rtb_load_start (RTB_LOAD_FULL, 2, &error);
  g_rmdir (empty);

  g_assert_null (load);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "stress-ng is not installed"));
  g_assert_nonnull (strstr (error->message, "sudo apt install stress-ng"));
  g_assert_nonnull (strstr (error->message, "sudo dnf install stress-ng"));
}

static void
test_died (void)
{
  static const char script[] = "#!/bin/sh\necho 'stress-ng: error: no such stressor' >&2\nexit 1\n";
  g_autofree char *dir = NULL;
  g_autofree char *fake = NULL;
  g_autoptr(GSubprocess) load = NULL;
  g_autoptr(GError) error = NULL;

  /* PATH is changed in a child of its own, before any thread exists. */
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 0, 0);
      g_test_trap_assert_passed ();
      return;
    }

  dir = g_dir_make_tmp ("rtbench-load-XXXXXX", NULL);
  fake = g_build_filename (dir, "stress-ng", NULL);
  g_assert_true (g_file_set_contents (fake, script, -1, NULL));
  g_assert_cmpint (g_chmod (fake, 0755), ==, 0);
  g_setenv ("PATH", dir, TRUE);

  load = rtb_load_start (RTB_LOAD_CPU, 1, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait (load, NULL, NULL));
  g_unlink (fake);
  g_rmdir (dir);

  g_assert_false (rtb_load_check (load, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "status 1"));
  g_assert_nonnull (strstr (error->message, "no such stressor"));
  g_clear_error (&error);

  /* Stopping a load that is already gone still reports that it had died. */
  rtb_load_stop (load);
  g_assert_false (rtb_load_check (load, NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/load/scenario-strings", test_scenario_strings);
  g_test_add_func ("/load/argv", test_argv);
  g_test_add_func ("/load/run", test_run);
  g_test_add_func ("/load/missing", test_missing);
  g_test_add_func ("/load/died", test_died);

  return g_test_run ();
}
