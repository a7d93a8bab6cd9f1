/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-compare-view.h"
#include "rtb-window-private.h"

void
rtb_window_compare_runs (RtbWindow     *self,
                         RtbRun *const *runs,
                         guint          n_runs)
{
  g_autoptr(GIcon) icon = g_themed_icon_new ("view-dual-symbolic");
  RtbCompareView *view;
  g_autofree char *title = NULL;
  AdwTabPage *page;

  g_return_if_fail (RTB_IS_WINDOW (self));
  g_return_if_fail (n_runs >= 2);

  view = rtb_compare_view_new (runs, n_runs);
  title = rtb_compare_view_dup_title (view);
  page = adw_tab_view_append (self->tab_view, GTK_WIDGET (view));
  adw_tab_page_set_title (page, title);
  adw_tab_page_set_icon (page, icon);
  adw_tab_view_set_selected_page (self->tab_view, page);
}

void
rtb_window_compare_open_runs (RtbWindow *self)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();

  g_return_if_fail (RTB_IS_WINDOW (self));

  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      g_autoptr(GPtrArray) runs = _rtb_window_page_runs (adw_tab_view_get_nth_page (self->tab_view,
                                                                                    i));

      if (runs->len == 1)
        g_ptr_array_add (all, g_ptr_array_index (runs, 0));
    }
  if (all->len >= 2)
    rtb_window_compare_runs (self, (RtbRun *const *) all->pdata, all->len);
}

static void
on_compare_response (AdwMessageDialog *dialog,
                     const char       *response,
                     RtbWindow        *self)
{
  GPtrArray *checks = g_object_get_data (G_OBJECT (dialog), "checks");
  g_autoptr(GPtrArray) runs = g_ptr_array_new ();

  if (!g_str_equal (response, "compare"))
    return;
  for (guint i = 0; i < checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (checks, i)))
      g_ptr_array_add (runs, g_object_get_data (g_ptr_array_index (checks, i), "run"));
  if (runs->len >= 2)
    rtb_window_compare_runs (self, (RtbRun *const *) runs->pdata, runs->len);
}

static void
on_compare_check (GtkCheckButton *button,
                  GtkWidget      *dialog)
{
  GPtrArray *checks = g_object_get_data (G_OBJECT (dialog), "checks");
  guint n = 0;

  for (guint i = 0; i < checks->len; i++)
    n += gtk_check_button_get_active (g_ptr_array_index (checks, i));
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "compare", n >= 2);
}

static void
compare_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  RtbWindow *self = RTB_WINDOW (widget);
  GPtrArray *checks = g_ptr_array_new ();
  GtkWidget *dialog;
  GtkWidget *box;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Compare Runs"),
                                   _("Choose two or more runs. The first one chosen is the "
                                     "baseline the others are measured against."));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      AdwTabPage *page = adw_tab_view_get_nth_page (self->tab_view, i);
      g_autoptr(GPtrArray) runs = _rtb_window_page_runs (page);
      GtkWidget *check;

      if (runs->len != 1)
        continue;
      check = gtk_check_button_new_with_label (adw_tab_page_get_title (page));
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
      g_object_set_data (G_OBJECT (check), "run", g_ptr_array_index (runs, 0));
      g_signal_connect (check, "toggled", G_CALLBACK (on_compare_check), dialog);
      gtk_box_append (GTK_BOX (box), check);
      g_ptr_array_add (checks, check);
    }
  g_object_set_data_full (G_OBJECT (dialog), "checks", checks,
                          (GDestroyNotify) g_ptr_array_unref);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "compare", _("C_ompare"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "compare",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "compare");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  on_compare_check (NULL, dialog);
  g_signal_connect (dialog, "response", G_CALLBACK (on_compare_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_rtb_window_class_init_compare (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.compare", NULL, compare_action);
}
