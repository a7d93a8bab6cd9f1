/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include "rtb-cli-runs.h"
#include "rtb-cli-util.h"
#include "rtb-run-open.h"

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

gboolean
rtb_cli_expand_folders (GPtrArray *files,
                        GPtrArray *owned)
{
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = files->pdata[i];
      g_autoptr (GPtrArray) found = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (GDir) dir = NULL;
      const char *name;

      if (!g_file_test (path, G_FILE_TEST_IS_DIR))
        continue;
      dir = g_dir_open (path, 0, &error);
      if (dir == NULL)
        {
          rtb_cli_error ("%s: %s", path, error->message);
          return FALSE;
        }
      found = g_ptr_array_new ();
      while ((name = g_dir_read_name (dir)) != NULL)
        if (g_str_has_suffix (name, ".rtbench") && name[0] != '.')
          {
            char *file = g_build_filename (path, name, NULL);

            g_ptr_array_add (owned, file);
            g_ptr_array_add (found, file);
          }
      if (found->len == 0)
        {
          rtb_cli_error ("the folder %s holds no .rtbench file", path);
          return FALSE;
        }
      g_ptr_array_sort (found, compare_names);
      g_ptr_array_remove_index (files, i);
      for (guint j = 0; j < found->len; j++)
        g_ptr_array_insert (files, (gint) (i + j), found->pdata[j]);
      i += found->len - 1;
    }
  return TRUE;
}

RtbRun *
rtb_cli_open_run (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) notes = NULL;
  RtbRun *run = rtb_run_open (path, &notes, &error);

  if (run == NULL)
    {
      rtb_cli_error ("%s: %s", path, error->message);
      return NULL;
    }
  for (guint i = 0; notes != NULL && notes[i] != NULL; i++)
    rtb_cli_error ("%s: note: %s", path, notes[i]);
  return run;
}

GPtrArray *
rtb_cli_load_runs (GPtrArray *files)
{
  g_autoptr (GPtrArray) runs = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < files->len; i++)
    {
      RtbRun *run = rtb_cli_open_run (files->pdata[i]);

      if (run == NULL)
        return NULL;
      g_ptr_array_add (runs, run);
    }
  return g_steal_pointer (&runs);
}
