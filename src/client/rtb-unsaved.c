/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "rtb-output.h"
#include "rtb-unsaved.h"

#define STAMP_LENGTH 15 /* rtb_output_reserve_unsaved's 20261201-031556 */

void
rtb_unsaved_entry_free (RtbUnsavedEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->path);
  g_free (entry->title);
  g_clear_pointer (&entry->modified, g_date_time_unref);
  g_free (entry);
}

gboolean
rtb_unsaved_contains (const char *path)
{
  g_autofree char *dir = rtb_output_unsaved_dir ();
  g_autofree char *parent = NULL;

  if (path == NULL)
    return FALSE;
  parent = g_path_get_dirname (path);
  return g_str_equal (parent, dir);
}

gboolean
rtb_unsaved_keep (RtbRun *run, char **path, GError **error)
{
  g_return_val_if_fail (RTB_IS_RUN (run), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (*path == NULL)
    {
      const char *label = rtb_run_get_label (run);

      *path = rtb_output_reserve_unsaved (label && label[0] ? label
                                          : rtb_method_to_string (rtb_run_get_method (run)),
                                          error);
      if (*path == NULL)
        return FALSE;
    }
  return rtb_run_save (run, *path, error);
}

/* "20261201-031556-idle load.rtbench" → "idle load"; the name itself when it is not one of
 * ours. */
static char *
title_from_name (const char *name)
{
  g_autofree char *title = g_strdup (name);

  if (g_str_has_suffix (title, ".rtbench"))
    title[strlen (title) - strlen (".rtbench")] = '\0';
  if (strlen (title) > STAMP_LENGTH + 1 && title[STAMP_LENGTH] == '-' && title[8] == '-')
    return g_strdup (title + STAMP_LENGTH + 1);
  return g_steal_pointer (&title);
}

static int
newest_first (gconstpointer a, gconstpointer b)
{
  const RtbUnsavedEntry *x = *(RtbUnsavedEntry *const *) a;
  const RtbUnsavedEntry *y = *(RtbUnsavedEntry *const *) b;

  return g_date_time_compare (y->modified, x->modified);
}

GPtrArray *
rtb_unsaved_list (void)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) rtb_unsaved_entry_free);
  g_autofree char *dir_path = rtb_output_unsaved_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      RtbUnsavedEntry *entry;
      GStatBuf st;

      /* Temporary files of a save in progress end in a random suffix, not ".rtbench". */
      if (!g_str_has_suffix (name, ".rtbench") || g_lstat (path, &st) != 0 ||
          !S_ISREG (st.st_mode) || st.st_size == 0)
        continue;
      entry = g_new0 (RtbUnsavedEntry, 1);
      entry->path = g_steal_pointer (&path);
      entry->title = title_from_name (name);
      entry->modified = g_date_time_new_from_unix_local (st.st_mtime);
      g_ptr_array_add (entries, entry);
    }
  g_ptr_array_sort (entries, newest_first);
  return entries;
}
