/* SPDX-License-Identifier: GPL-3.0-or-later */
/* F1 and the main menu's Help open the user guide. Without a help viewer (yelp is not
 * installed here) the window says so, with the folder that holds the guide's pages, and that
 * folder holds them. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <string.h>

#include "gui-test-util.h"
#include "rtb-help.h"

static gboolean
dialog_shown (gpointer data)
{
  return gui_test_find_dialog () != NULL;
}

/* The dialog `how` brought, checked and closed. */
static void
expect_no_viewer (const char *how)
{
  g_autofree char *dir = rtb_help_dir ();
  g_autofree char *index = g_build_filename (dir, "index.page", NULL);
  AdwMessageDialog *dialog;
  const char *body;

  iterate_until (dialog_shown, NULL, 10);
  dialog = gui_test_expect_dialog ();
  body = adw_message_dialog_get_body (dialog);
  g_test_message ("%s: %s", how, body);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "No Help Viewer");
  g_assert_nonnull (strstr (body, dir));
  g_assert_true (g_file_test (index, G_FILE_TEST_IS_REGULAR));
  gui_test_answer (dialog, "close");
  iterate_for (200);
  g_assert_null (gui_test_find_dialog ());
}

static void
test_help_without_viewer (void)
{
  g_autoptr(GAppInfo) viewer = NULL;
  RtbWindow *window;

  REQUIRE_DISPLAY ();
  viewer = g_app_info_get_default_for_uri_scheme ("help");
  if (viewer != NULL)
    {
      g_test_skip ("a help viewer is installed here: the guide opens in it");
      return;
    }
  window = new_window ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.help", NULL);
  expect_no_viewer ("the menu's Help");
  if (gui_test_press (GTK_WINDOW (window), "F1"))
    expect_no_viewer ("F1");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  gui_test_init (&argc, &argv);
  g_test_add_func ("/gui/help/without-viewer", test_help_without_viewer);
  return g_test_run ();
}
