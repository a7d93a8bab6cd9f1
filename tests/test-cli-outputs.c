/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every file rtbench-cli writes (charts, tables, cyclictest text, run files) replaces its target
 * whole or not at all: a full disk leaves the previous file intact, a symlink planted at the
 * target is replaced, never followed, and a FIFO or a device there is refused and kept. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "cli-test-util.h"
#include "disk-test-util.h"

static char *run_a, *run_b, *fixture;

/* One output: the rtbench-cli arguments before and after its file name. */
typedef struct {
  const char *name;
  const char *args[6];
} Output;

static const Output outputs[] = {
  { "chart.png", { "export", "A", "--png" } },
  { "chart.svg", { "export", "A", "--svg" } },
  { "chart.pdf", { "export", "A", "--pdf" } },
  { "table.csv", { "export", "A", "--csv" } },
  { "histogram.csv", { "export", "A", "--csv-histogram" } },
  { "series.csv", { "export", "A", "--csv-series" } },
  { "cyclictest.txt", { "export", "A", "--cyclictest" } },
  { "compare.png", { "compare", "A", "B", "--png" } },
  { "compare.pdf", { "compare", "A", "B", "--pdf" } },
  { "compare.csv", { "compare", "A", "B", "--csv" } },
  { "imported.rtbench", { "import", "FIXTURE", "--output" } },
};

/* Runs `output` writing to dir/output->name (with `extra` options, NULL for none). */
static void
write_output (CliResult *r, const Output *output, const char *dir, const char *extra)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *path = g_build_filename (dir, output->name, NULL);

  for (guint i = 0; output->args[i] != NULL; i++)
    {
      const char *arg = output->args[i];

      if (strcmp (arg, "A") == 0)
        arg = run_a;
      else if (strcmp (arg, "B") == 0)
        arg = run_b;
      else if (strcmp (arg, "FIXTURE") == 0)
        arg = fixture;
      g_ptr_array_add (args, g_strdup (arg));
    }
  g_ptr_array_add (args, g_strdup (path));
  if (extra != NULL)
    {
      g_ptr_array_add (args, g_strdup ("--label"));
      g_ptr_array_add (args, g_strdup (extra));
    }
  g_ptr_array_add (args, NULL);
  run_cliv (r, (const char * const *) args->pdata);
}

static void
test_symlink (void)
{
  g_autofree char *dir = cli_tmp_path ("links");
  g_autofree char *victim = cli_tmp_path ("victim");
  g_autofree char *absent = cli_tmp_path ("absent");
  g_autoptr (GBytes) secret = g_bytes_new_static ("not yours\n", 10);

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (victim, "not yours\n", -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autofree char *path = g_build_filename (dir, outputs[i].name, NULL);
      CliResult r = { 0 };

      /* A link to an existing file and a dangling one (which must not be created). */
      for (guint dangling = 0; dangling < 2; dangling++)
        {
          g_assert_cmpint (symlink (dangling ? absent : victim, path), ==, 0);
          write_output (&r, &outputs[i], dir, NULL);
          g_assert_cmpint (r.status, ==, 0);
          cli_result_clear (&r);
          g_assert_false (g_file_test (path, G_FILE_TEST_IS_SYMLINK));
          g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
          disk_test_assert_unchanged (victim, secret);
          g_assert_false (g_file_test (absent, G_FILE_TEST_EXISTS));
          g_assert_cmpint (g_unlink (path), ==, 0);
        }
    }
}

/* A FIFO or a device (made as /dev/null is) at an output: refused, left as it was. */
static void
test_not_regular (void)
{
  g_autofree char *dir = cli_tmp_path ("special");

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autofree char *path = g_build_filename (dir, outputs[i].name, NULL);

      for (guint device = 0; device < 2; device++)
        {
          CliResult r = { 0 };
          struct stat st;

          if (device && geteuid () != 0)
            continue;
          g_assert_cmpint (device ? mknod (path, S_IFCHR | 0666, makedev (1, 3))
                                  : mkfifo (path, 0600), ==, 0);
          write_output (&r, &outputs[i], dir, NULL);
          g_assert_cmpint (r.status, !=, 0);
          g_assert_nonnull (strstr (r.err, "is not a regular file"));
          g_assert_null (strstr (r.out, "Wrote"));
          g_assert_cmpint (lstat (path, &st), ==, 0);
          g_assert_true (device ? S_ISCHR (st.st_mode) : S_ISFIFO (st.st_mode));
          cli_result_clear (&r);
          g_assert_cmpint (g_unlink (path), ==, 0);
        }
    }
}

static void
test_full_disk (void)
{
  g_autofree char *dir = cli_tmp_path ("full");
  g_autofree char *why = NULL;
  g_autoptr (GPtrArray) before = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  g_auto (GStrv) expected = NULL;

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  if (!disk_test_mount_tmpfs (dir, "4m", &why))
    {
      g_test_skip (why);
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autofree char *path = g_build_filename (dir, outputs[i].name, NULL);
      CliResult r = { 0 };

      write_output (&r, &outputs[i], dir, NULL);
      g_assert_cmpint (r.status, ==, 0);
      cli_result_clear (&r);
      g_ptr_array_add (before, disk_test_read (path));
      g_strv_builder_add (names, outputs[i].name);
    }
  g_strv_builder_add (names, "filler");
  expected = g_strv_builder_end (names);
  disk_test_fill (dir);

  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autofree char *path = g_build_filename (dir, outputs[i].name, NULL);
      CliResult r = { 0 };

      /* A different label, so the new file would differ from the old one. */
      write_output (&r, &outputs[i], dir, outputs[i].args[0][0] == 'i' ? "new label" : NULL);
      if (r.status == 0 || strstr (r.err, "No space left on device") == NULL)
        g_error ("%s on a full disk: exit %d, stderr: %s", outputs[i].name, r.status, r.err);
      disk_test_assert_no_space (r.err, path);
      g_assert_null (strstr (r.out, "Wrote"));
      cli_result_clear (&r);
      disk_test_assert_unchanged (path, before->pdata[i]);
      disk_test_assert_only (dir, (const char * const *) expected);
    }
  disk_test_unmount (dir);
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  CLI_REQUIRE_ENV ();
  cli_tmp_dir_make ("outputs");
  run_a = cli_tmp_path ("a.rtbench");
  run_b = cli_tmp_path ("b.rtbench");
  fixture = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "import", "ct210-h20-q-2t.txt",
                              NULL);
  cli_make_run (run_a, "first");
  cli_make_run (run_b, "second");

  g_test_add_func ("/cli-outputs/symlink", test_symlink);
  g_test_add_func ("/cli-outputs/not-regular", test_not_regular);
  g_test_add_func ("/cli-outputs/full-disk", test_full_disk);
  status = g_test_run ();

  cli_tmp_dir_remove ();
  return status;
}
