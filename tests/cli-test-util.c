/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>
#include <sys/wait.h>

#include "cli-test-util.h"

static char *tmp_dir;

void
cli_result_clear (CliResult *r)
{
  g_clear_pointer (&r->out, g_free);
  g_clear_pointer (&r->err, g_free);
}

gboolean
cli_test_env_missing (void)
{
  if (g_getenv ("RTBENCH_CLI") != NULL && g_getenv ("RTBENCH_WORKER") != NULL)
    return FALSE;
  g_test_skip ("RTBENCH_CLI and RTBENCH_WORKER are not set (run through meson test)");
  return TRUE;
}

void
cli_tmp_dir_make (const char *name)
{
  g_autofree char *template = g_strdup_printf ("rtbench-%s-XXXXXX", name);
  g_autoptr (GError) error = NULL;

  g_assert_null (tmp_dir);
  tmp_dir = g_dir_make_tmp (template, &error);
  g_assert_no_error (error);
}

const char *
cli_tmp_dir (void)
{
  g_assert_nonnull (tmp_dir);
  return tmp_dir;
}

char *
cli_tmp_path (const char *name)
{
  g_assert_nonnull (tmp_dir);
  return g_build_filename (tmp_dir, name, NULL);
}

void
cli_tmp_dir_remove (void)
{
  if (tmp_dir != NULL)
    cli_remove_dir (tmp_dir);
  g_clear_pointer (&tmp_dir, g_free);
}

void
run_cliv (CliResult *r, const char * const *args)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) argv = NULL;
  g_autoptr (GError) error = NULL;
  int wait_status;

  g_strv_builder_add (builder, g_getenv ("RTBENCH_CLI"));
  g_strv_builder_addv (builder, (const char **) args);
  argv = g_strv_builder_end (builder);
  g_assert_true (g_spawn_sync (NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r->out, &r->err,
                               &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  r->status = WEXITSTATUS (wait_status);
  g_test_message ("rtbench-cli exit %d\nstdout: %s\nstderr: %s", r->status, r->out, r->err);
}

void
cli_run_method (const char *method, const char * const *options, const char *path)
{
  g_autoptr (GStrvBuilder) args = g_strv_builder_new ();
  g_auto (GStrv) argv = NULL;
  CliResult r = { 0 };

  g_strv_builder_add_many (args, "run", method, NULL);
  g_strv_builder_addv (args, (const char **) options);
  g_strv_builder_add_many (args, "--output", path, NULL);
  argv = g_strv_builder_end (args);
  run_cliv (&r, (const char * const *) argv);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
}

void
cli_remove_dir (const char *path)
{
  g_autoptr (GFile) dir = g_file_new_for_path (path);
  g_autoptr (GFileEnumerator) children =
    g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_TYPE,
                               G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  GFileInfo *info;
  GFile *child;

  while (children != NULL && g_file_enumerator_iterate (children, &info, &child, NULL, NULL) &&
         child != NULL)
    {
      g_autofree char *child_path = g_file_get_path (child);

      if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
        cli_remove_dir (child_path);
      else
        g_file_delete (child, NULL, NULL);
    }
  g_file_delete (dir, NULL, NULL);
}

void
cli_make_run (const char *path, const char *label)
{
  CliResult r = { 0 };

  run_cli (&r, "run", "latency", "--cpus", "0", "--policy", "other", "--duration", "1s",
           "--label", label, "--output", path);
  g_assert_cmpint (r.status, ==, 0);
  cli_result_clear (&r);
}
