/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "rtb-build-tree.h"
#include "rtb-help.h"

static gboolean
from_build_tree (void)
{
  g_autofree char *build = rtb_build_tree_path (".");

  return build != NULL;
}

char *
rtb_help_dir (void)
{
  const char *const *languages = g_get_language_names ();

  if (from_build_tree ())
    return g_build_filename (RTB_SOURCE_HELP_DIR, "C", NULL);
  for (guint i = 0; languages[i] != NULL; i++)
    {
      g_autofree char *dir = g_build_filename (RTB_HELP_DIR, languages[i], "rtbench", NULL);
      g_autofree char *index = g_build_filename (dir, "index.page", NULL);

      if (g_file_test (index, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&dir);
    }
  return g_build_filename (RTB_HELP_DIR, "C", "rtbench", NULL);
}

static void
say_no_viewer (GtkWindow  *parent,
               const char *dir,
               const char *why)
{
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (parent, _("No Help Viewer"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  /* Translators: %s is a folder; the last %s why it could not
                                   * be shown, in the system's words. */
                                  _("The user guide is in %s, but it could not be shown: %s. "
                                    "Install a help viewer such as Yelp (on Debian: "
                                    "sudo apt install yelp) and press F1 again, or read the "
                                    "pages in that folder."),
                                  dir, why);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

void
rtb_help_show (GtkWindow *parent)
{
  g_autoptr(GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");
  g_autofree char *dir = rtb_help_dir ();
  g_autoptr(GdkAppLaunchContext) context = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GError) error = NULL;
  GList files = { 0 };

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  if (viewer == NULL)
    {
      say_no_viewer (parent, dir, _("no program here opens “help:” addresses"));
      return;
    }
  context = gdk_display_get_app_launch_context (parent != NULL
                                                ? gtk_widget_get_display (GTK_WIDGET (parent))
                                                : gdk_display_get_default ());
  /* Installed, the viewer finds the guide by its name in the user's language; from the build
   * tree it is given the source tree's folder, as `yelp help/C/` previews it. */
  if (!from_build_tree ())
    {
      if (!g_app_info_launch_default_for_uri ("help:rtbench", G_APP_LAUNCH_CONTEXT (context),
                                              &error))
        say_no_viewer (parent, dir, error->message);
      return;
    }
  folder = g_file_new_for_path (dir);
  files.data = folder;
  if (!g_app_info_launch (viewer, &files, G_APP_LAUNCH_CONTEXT (context), &error))
    say_no_viewer (parent, dir, error->message);
}
