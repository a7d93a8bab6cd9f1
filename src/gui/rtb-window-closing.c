/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Asking before measurements go, as GNOME applications ask before unsaved documents go:
 * closing a tab whose run is in no file of the user's, closing the window (and so quitting)
 * while runs are unsaved or still measuring. Save asks where, Discard drops the run and its
 * copy in the unsaved folder, Cancel leaves everything as it was. */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-window-private.h"

guint
_rtb_window_count_live (RtbWindow *self)
{
  guint n = 0;

  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      RtbRecording *recording = _rtb_window_page_recording (adw_tab_view_get_nth_page (
                                                              self->tab_view, i));

      n += recording != NULL && rtb_recording_is_live (recording);
    }
  return n;
}

static RtbRun *
page_run (AdwTabPage *page)
{
  g_autoptr(GPtrArray) runs = _rtb_window_page_runs (page);

  return runs->len == 1 ? g_ptr_array_index (runs, 0) : NULL;
}

/* Cancel, Discard (unless there is nothing to discard) and `save_label`. */
static AdwMessageDialog *
new_question (RtbWindow  *self,
              const char *heading,
              const char *body,
              gboolean    can_discard,
              const char *save_label)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                                         heading, body));

  adw_message_dialog_add_response (dialog, "cancel", _("_Cancel"));
  if (can_discard)
    {
      adw_message_dialog_add_response (dialog, "discard", _("_Discard"));
      adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
    }
  adw_message_dialog_add_response (dialog, "save", save_label);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");
  return dialog;
}

/* ---- One tab ----------------------------------------------------------------------------- */

static void
finish_close (RtbWindow  *self,
              AdwTabPage *page,
              gboolean    close)
{
  RtbRecording *recording = _rtb_window_page_recording (page);

  if (close && recording != NULL)
    g_signal_handlers_disconnect_by_data (recording, self);
  adw_tab_view_close_page_finish (self->tab_view, page, close);
}

static void
on_tab_saved (RtbWindow *self,
              RtbRun    *run,
              gboolean   saved,
              gpointer   data)
{
  g_autoptr(AdwTabPage) page = data;

  finish_close (self, page, saved);
}

static void
on_close_tab_response (AdwMessageDialog *dialog,
                       const char       *response,
                       RtbWindow        *self)
{
  AdwTabPage *page = g_object_get_data (G_OBJECT (dialog), "page");

  if (g_str_equal (response, "save"))
    _rtb_window_save_run (self, page_run (page), on_tab_saved, g_object_ref (page));
  else if (g_str_equal (response, "discard"))
    {
      _rtb_window_forget_page (self, page);
      finish_close (self, page, TRUE);
    }
  else
    finish_close (self, page, FALSE);
}

static gboolean
on_close_page (RtbWindow  *self,
               AdwTabPage *page)
{
  RtbRecording *recording = _rtb_window_page_recording (page);
  g_autofree char *heading = NULL;
  AdwMessageDialog *dialog;

  if (recording != NULL && rtb_recording_is_live (recording))
    {
      _rtb_window_toast (self, _("Stop the run before closing its tab"));
      finish_close (self, page, FALSE);
      return GDK_EVENT_STOP;
    }
  if (!_rtb_window_page_is_unsaved (page))
    {
      finish_close (self, page, TRUE);
      return GDK_EVENT_STOP;
    }

  heading = g_strdup_printf (_("Save “%s”?"), _rtb_window_page_title (page));
  dialog = new_question (self, heading,
                         _("Its measurements are in no file of yours. If you do not save "
                           "them, they are lost."), TRUE, _("_Save…"));
  g_object_set_data_full (G_OBJECT (dialog), "page", g_object_ref (page), g_object_unref);
  g_signal_connect (dialog, "response", G_CALLBACK (on_close_tab_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return GDK_EVENT_STOP;
}

/* ---- The window -------------------------------------------------------------------------- */

static void save_pending_then_close (RtbWindow *self);

static gboolean
destroy_now (gpointer data)
{
  gtk_window_destroy (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

/* Destroys the window once the main loop is back: the answer that closes it comes from a
 * dialog's response, and a window destroyed inside it goes before its dialog, which then
 * disconnects from a parent already freed. */
static void
destroy_when_idle (RtbWindow *self)
{
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, destroy_now, g_object_ref (self), g_object_unref);
}

static void
on_pending_saved (RtbWindow *self,
                  RtbRun    *run,
                  gboolean   saved,
                  gpointer   data)
{
  /* Not saved (given up, or failed): the window stays, with everything still in it. */
  if (!saved)
    {
      g_clear_pointer (&self->pending_saves, g_ptr_array_unref);
      return;
    }
  save_pending_then_close (self);
}

/* Asks where to save each run of pending_saves in turn, then closes the window. */
static void
save_pending_then_close (RtbWindow *self)
{
  g_autoptr(RtbRun) run = NULL;

  if (self->pending_saves == NULL || self->pending_saves->len == 0)
    {
      destroy_when_idle (self);
      return;
    }
  run = g_ptr_array_steal_index (self->pending_saves, 0);
  _rtb_window_save_run (self, run, on_pending_saved, NULL);
}

void
_rtb_window_after_last_run (RtbWindow *self)
{
  AfterStop after = self->after_stop;

  if (after == AFTER_STOP_NOTHING || _rtb_window_count_live (self) > 0)
    return;
  self->after_stop = AFTER_STOP_NOTHING;
  if (after == AFTER_STOP_CLOSE)
    destroy_when_idle (self);
  else
    save_pending_then_close (self);
}

/* The runs a closing window must ask about: unsaved ones and live ones without a file. */
static GPtrArray *
runs_to_ask_about (RtbWindow *self)
{
  GPtrArray *pages = g_ptr_array_new ();

  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      AdwTabPage *page = adw_tab_view_get_nth_page (self->tab_view, i);
      RtbRecording *recording = _rtb_window_page_recording (page);

      if (recording != NULL && rtb_recording_is_live (recording)
          ? rtb_recording_get_output (recording) == NULL
          : _rtb_window_page_is_unsaved (page))
        g_ptr_array_add (pages, page);
    }
  return pages;
}

static void
stop_live (RtbWindow *self)
{
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      RtbRecording *recording = _rtb_window_page_recording (adw_tab_view_get_nth_page (
                                                              self->tab_view, i));

      if (recording != NULL)
        rtb_recording_stop (recording);
    }
}

static void
on_close_response (AdwMessageDialog *dialog,
                   const char       *response,
                   RtbWindow        *self)
{
  GPtrArray *checks = g_object_get_data (G_OBJECT (dialog), "checks");
  gboolean save = g_str_equal (response, "save");

  if (g_str_equal (response, "cancel"))
    return;

  g_clear_pointer (&self->pending_saves, g_ptr_array_unref);
  self->pending_saves = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (checks, i);
      AdwTabPage *page = g_object_get_data (G_OBJECT (check), "page");

      if (save && gtk_check_button_get_active (check))
        g_ptr_array_add (self->pending_saves, g_object_ref (page_run (page)));
      else
        _rtb_window_forget_page (self, page);
    }
  /* The runs saved to their own files end there; the others are saved once they ended. */
  stop_live (self);
  self->after_stop = save ? AFTER_STOP_SAVE_AND_CLOSE : AFTER_STOP_CLOSE;
  _rtb_window_after_last_run (self);
}

static char *
describe (guint n_live,
          guint n_asked)
{
  if (n_asked == 0)
    return g_strdup_printf (ngettext ("Closing the window stops %u measurement; what it "
                                      "measured is saved to its file.",
                                      "Closing the window stops %u measurements; what they "
                                      "measured is saved to their files.", n_live), n_live);
  if (n_live > 0)
    return g_strdup_printf (ngettext ("Closing the window stops %u measurement. The runs "
                                      "ticked below are saved where you choose; the others "
                                      "are lost.",
                                      "Closing the window stops %u measurements. The runs "
                                      "ticked below are saved where you choose; the others "
                                      "are lost.", n_live), n_live);
  return g_strdup (ngettext ("This run holds measurements that are in no file of yours. If "
                             "you do not save it, they are lost.",
                             "These runs hold measurements that are in no file of yours. The "
                             "runs ticked below are saved where you choose; the others are "
                             "lost.", n_asked));
}

gboolean
_rtb_window_ask_before_closing (RtbWindow *self)
{
  guint n_live = _rtb_window_count_live (self);
  g_autoptr(GPtrArray) pages = runs_to_ask_about (self);
  GPtrArray *checks = g_ptr_array_new ();
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  const char *heading;
  GtkWidget *box;

  if (n_live == 0 && pages->len == 0)
    {
      g_ptr_array_unref (checks);
      return FALSE;
    }

  heading = n_live > 0 ? ngettext ("Stop the Running Measurement?",
                                   "Stop the Running Measurements?", n_live)
                       : ngettext ("Save the Run?", "Save the Runs?", pages->len);
  body = describe (n_live, pages->len);
  dialog = new_question (self, heading, body, pages->len > 0,
                         pages->len == 0 ? _("_Stop and Close")
                         : n_live > 0 ? _("Stop and _Save…") : _("_Save…"));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  for (guint i = 0; i < pages->len; i++)
    {
      AdwTabPage *page = g_ptr_array_index (pages, i);
      GtkWidget *check = gtk_check_button_new_with_label (_rtb_window_page_title (page));
      GtkWidget *label = gtk_check_button_get_child (GTK_CHECK_BUTTON (check));

      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
      if (GTK_IS_LABEL (label))
        gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_widget_set_tooltip_text (check, _rtb_window_page_title (page));
      g_object_set_data_full (G_OBJECT (check), "page", g_object_ref (page), g_object_unref);
      gtk_box_append (GTK_BOX (box), check);
      g_ptr_array_add (checks, check);
    }
  /* One unsaved run alone needs no choosing. */
  gtk_widget_set_visible (box, pages->len > 0 && (n_live > 0 || pages->len > 1));
  adw_message_dialog_set_extra_child (dialog, box);
  g_object_set_data_full (G_OBJECT (dialog), "checks", checks,
                          (GDestroyNotify) g_ptr_array_unref);
  g_signal_connect (dialog, "response", G_CALLBACK (on_close_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

void
_rtb_window_class_init_closing (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, on_close_page);
}
