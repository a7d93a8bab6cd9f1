/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-window-private.h"

static void
on_toast_dismissed (AdwToast  *toast,
                    RtbWindow *self)
{
  g_ptr_array_remove (self->shown_toasts, toast);
}

AdwToast *
_rtb_window_toast (RtbWindow  *self,
                   const char *message)
{
  AdwToast *toast = adw_toast_new (message);
  GtkWidget *title = gtk_label_new (message);

  /* A toast's own title is one line, cut where the window ends: a warning such as "… the two
   * runs disturb each other's figures" lost its end. This one wraps, to be read whole. */
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (title), 60);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  adw_toast_set_custom_title (toast, title);
  g_object_set_data_full (G_OBJECT (toast), "rtb-message", g_strdup (message), g_free);

  /* For tests: what was said lately, and what is still said. */
  if (self->toasts->len == 32)
    g_ptr_array_remove_index (self->toasts, 0);
  g_ptr_array_add (self->toasts, g_strdup (message));
  g_ptr_array_add (self->shown_toasts, g_object_ref (toast));
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_toast_dismissed), self, 0);

  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  return toast;
}

void
_rtb_window_show_error (RtbWindow  *self,
                        const char *heading,
                        const char *body)
{
  GtkWidget *dialog;

  g_free (self->last_error);
  self->last_error = g_strdup_printf ("%s: %s", heading, body);
  g_message ("%s", self->last_error);

  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
toast_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  _rtb_window_toast (RTB_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
show_error_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  const char *heading;
  const char *body;

  g_variant_get (parameter, "(&s&s)", &heading, &body);
  _rtb_window_show_error (RTB_WINDOW (widget), heading, body);
}

void
_rtb_window_class_init_messages (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.toast", "s", toast_action);
  gtk_widget_class_install_action (widget_class, "win.show-error", "(ss)", show_error_action);
}
