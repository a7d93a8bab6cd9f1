/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "rtb-application.h"
#include "rtb-build-tree.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(RtbApplication) app = NULL;
  /* Started from its build tree, the window speaks the translations that build compiled. */
  g_autofree char *built_locale = rtb_build_tree_path ("po");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, built_locale != NULL ? built_locale : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("rtbench"));
  app = rtb_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
