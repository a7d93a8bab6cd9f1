/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <unistd.h>

#include "gui-test-util.h"

gboolean gui_test_have_display;

void
gui_test_init (int *argc, char ***argv)
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GTK_A11Y", "none", FALSE);
  g_test_init (argc, argv, NULL);

  gui_test_have_display = (g_getenv ("DISPLAY") != NULL || g_getenv ("WAYLAND_DISPLAY") != NULL) &&
                          gtk_init_check ();
  if (gui_test_have_display)
    adw_init ();
}

void
iterate_until (gboolean (*done) (gpointer), gpointer data, guint timeout_s)
{
  gint64 deadline = g_get_monotonic_time () + timeout_s * G_USEC_PER_SEC;

  while (!done (data) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
}

void
iterate_for (guint ms)
{
  gint64 deadline = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
}

RtbWindow *
new_window (void)
{
  RtbWindow *window = rtb_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

gboolean
window_done (gpointer data)
{
  return !rtb_window_is_running (data);
}

void
setup_short_latency (RtbWindow *window, const char *duration, const char *label)
{
  RtbSetupPanel *panel = rtb_window_get_setup_panel (window);

  rtb_setup_panel_set_method (panel, RTB_METHOD_LATENCY);
  rtb_setup_panel_set_duration (panel, duration);
  rtb_setup_panel_set_load (panel, RTB_LOAD_NONE);
  rtb_setup_panel_set_label (panel, label);
  if (geteuid () != 0)
    g_object_set (panel, "policy", "other", NULL);
}

GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}
