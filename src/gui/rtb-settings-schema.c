/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-build-tree.h"
#include "rtb-settings-schema.h"

GSettingsSchema *
rtb_settings_schema_lookup (GError **error)
{
  /* NULL when no schema at all is installed. */
  GSettingsSchemaSource *installed = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchemaSource) built = NULL;
  g_autofree char *compiled = NULL;
  GSettingsSchema *schema = NULL;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (installed != NULL)
    schema = g_settings_schema_source_lookup (installed, RTB_SETTINGS_SCHEMA_ID, TRUE);
  if (schema != NULL)
    return schema;

  if (g_getenv ("GSETTINGS_SCHEMA_DIR") == NULL &&
      (compiled = rtb_build_tree_path ("data/gschemas.compiled")) != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (compiled);
      g_autoptr(GError) local_error = NULL;

      built = g_settings_schema_source_new_from_directory (dir, installed, FALSE, &local_error);
      if (built != NULL)
        schema = g_settings_schema_source_lookup (built, RTB_SETTINGS_SCHEMA_ID, FALSE);
      else
        g_debug ("The build tree's schemas in %s: %s", dir, local_error->message);
      if (schema != NULL)
        return schema;
    }

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
               /* Translators: %s is the schema's name, io.github.rtbench.RtBench. */
               _("The window’s settings schema %s is not installed, and this program does not "
                 "run from the build tree that compiled it. Install rtbench (`meson install`), "
                 "or start the window from the source tree with ./run.sh, or with "
                 "GSETTINGS_SCHEMA_DIR=build/data build/src/gui/rtbench"),
               RTB_SETTINGS_SCHEMA_ID);
  return NULL;
}
