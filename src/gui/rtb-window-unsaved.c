/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs that hold measurements in no file of the user's. Each is kept in the unsaved folder
 * (rtb-unsaved.h) until it is saved or discarded: a recording writes it there itself, a run
 * imported or made elsewhere is written there when its tab opens. What is left there when the
 * window went (a crash, a killed process, the session's end) is offered in the main menu, and
 * while anything is unsaved or running the session is asked not to end unasked. */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "rtb-unsaved.h"
#include "rtb-window-private.h"

#define UNSAVED_PATH_KEY "rtb-unsaved-path"

const char *
_rtb_window_page_unsaved_path (AdwTabPage *page)
{
  RtbRecording *recording = _rtb_window_page_recording (page);

  if (recording != NULL)
    return rtb_recording_get_unsaved_path (recording);
  return page != NULL ? g_object_get_data (G_OBJECT (page), UNSAVED_PATH_KEY) : NULL;
}

gboolean
_rtb_window_page_is_unsaved (AdwTabPage *page)
{
  g_autoptr(GPtrArray) runs = _rtb_window_page_runs (page);
  RtbRun *run;
  const char *file;

  /* A comparison holds no measurements of its own: its runs have their tabs. */
  if (runs->len != 1)
    return FALSE;
  run = g_ptr_array_index (runs, 0);
  if (rtb_run_get_total_count (run) == 0)
    return FALSE;
  file = rtb_run_get_file (run);
  return file == NULL || rtb_unsaved_contains (file);
}

void
_rtb_window_keep_page (RtbWindow  *self,
                       AdwTabPage *page)
{
  g_autoptr(GPtrArray) runs = _rtb_window_page_runs (page);
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  RtbRun *run;

  g_return_if_fail (_rtb_window_page_recording (page) == NULL);

  if (runs->len != 1)
    return;
  run = g_ptr_array_index (runs, 0);
  if (rtb_unsaved_contains (rtb_run_get_file (run)))
    path = g_strdup (rtb_run_get_file (run));
  else if (_rtb_window_page_is_unsaved (page) && !rtb_unsaved_keep (run, &path, &error))
    {
      g_autofree char *message = g_strdup_printf (_("The run cannot be kept until you save it: "
                                                    "%s"), error->message);

      _rtb_window_toast (self, message);
    }
  if (path != NULL)
    g_object_set_data_full (G_OBJECT (page), UNSAVED_PATH_KEY, path, g_free);
  _rtb_window_unsaved_changed (self);
}

void
_rtb_window_forget_page (RtbWindow  *self,
                         AdwTabPage *page)
{
  RtbRecording *recording = _rtb_window_page_recording (page);
  const char *path = g_object_get_data (G_OBJECT (page), UNSAVED_PATH_KEY);

  if (recording != NULL)
    rtb_recording_discard (recording);
  else if (path != NULL)
    {
      g_unlink (path);
      g_object_set_data (G_OBJECT (page), UNSAVED_PATH_KEY, NULL);
    }
  _rtb_window_unsaved_changed (self);
}

/* ---- Recovery ---------------------------------------------------------------------------- */

static gboolean
is_shown (RtbWindow  *self,
          const char *path)
{
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    if (g_strcmp0 (_rtb_window_page_unsaved_path (adw_tab_view_get_nth_page (self->tab_view, i)),
                   path) == 0)
      return TRUE;
  return FALSE;
}

/* The main menu's section of runs left in the unsaved folder and shown in no tab. */
static void
update_recovery (RtbWindow *self)
{
  g_autoptr(GPtrArray) entries = rtb_unsaved_list ();

  g_menu_remove_all (self->recover_section);
  for (guint i = 0; i < entries->len; i++)
    {
      RtbUnsavedEntry *entry = g_ptr_array_index (entries, i);
      g_autofree char *when = NULL;
      g_autofree char *label = NULL;
      g_autoptr(GMenuItem) item = NULL;

      if (is_shown (self, entry->path))
        continue;
      when = g_date_time_format (entry->modified, "%x %H:%M");
      /* Translators: a run left unsaved, its label and when it was last written */
      label = g_strdup_printf (_("Recover “%s” (%s)"), entry->title, when);
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target (item, "win.recover", "s", entry->path);
      g_menu_append_item (self->recover_section, item);
    }
}

static void
recover_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  RtbWindow *self = RTB_WINDOW (widget);
  const char *path = g_variant_get_string (parameter, NULL);
  g_autoptr(GFile) file = NULL;

  /* Only the unsaved folder's files: the action is reachable from outside (D-Bus). */
  if (!rtb_unsaved_contains (path) || is_shown (self, path))
    return;
  file = g_file_new_for_path (path);
  rtb_window_open_file (self, file);
}

GMenuModel *
rtb_window_get_recover_menu (RtbWindow *self)
{
  g_return_val_if_fail (RTB_IS_WINDOW (self), NULL);

  return G_MENU_MODEL (self->recover_section);
}

/* ---- The session ------------------------------------------------------------------------- */

static char *
dup_inhibit_reason (RtbWindow *self)
{
  guint n_live = _rtb_window_count_live (self);
  guint n_unsaved = 0;

  if (n_live > 0)
    return g_strdup_printf (ngettext ("%u measurement is running", "%u measurements are running",
                                      n_live), n_live);
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    n_unsaved += _rtb_window_page_is_unsaved (adw_tab_view_get_nth_page (self->tab_view, i));
  if (n_unsaved > 0)
    return g_strdup_printf (ngettext ("%u run is not saved", "%u runs are not saved", n_unsaved),
                            n_unsaved);
  return NULL;
}

/* The session manager shows the reason when the user logs out or shuts down, and lets them go
 * back and save; everything is in the unsaved folder meanwhile, so going on loses nothing. */
static void
update_inhibit (RtbWindow *self)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  g_autofree char *reason = dup_inhibit_reason (self);

  if (g_strcmp0 (reason, self->inhibit_reason) == 0)
    return;
  if (self->inhibit_cookie != 0 && application != NULL)
    gtk_application_uninhibit (application, self->inhibit_cookie);
  self->inhibit_cookie = 0;
  if (reason != NULL && application != NULL)
    self->inhibit_cookie = gtk_application_inhibit (application, GTK_WINDOW (self),
                                                    GTK_APPLICATION_INHIBIT_LOGOUT, reason);
  g_free (self->inhibit_reason);
  self->inhibit_reason = g_steal_pointer (&reason);
}

const char *
rtb_window_get_inhibit_reason (RtbWindow *self)
{
  g_return_val_if_fail (RTB_IS_WINDOW (self), NULL);

  return self->inhibit_reason;
}

void
rtb_window_keep_runs (RtbWindow *self)
{
  g_return_if_fail (RTB_IS_WINDOW (self));

  /* Each ends where it is and keeps what it measured: in its file, or the unsaved folder. */
  for (int i = 0; self->tab_view != NULL && i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      RtbRecording *recording = _rtb_window_page_recording (adw_tab_view_get_nth_page (
                                                              self->tab_view, i));

      if (recording != NULL && rtb_recording_is_live (recording))
        rtb_recording_abort (recording);
    }
}

void
_rtb_window_unsaved_changed (RtbWindow *self)
{
  update_recovery (self);
  update_inhibit (self);
}

void
_rtb_window_class_init_unsaved (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.recover", "s", recover_action);
}
