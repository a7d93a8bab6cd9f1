/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-compare-dialog.h"
#include "rtb-compare-view.h"
#include "rtb-label.h"
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
  _rtb_window_set_page_title (page, title, NULL);
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
on_compare_response (RtbCompareDialog *dialog,
                     const char       *response,
                     RtbWindow        *self)
{
  g_autoptr(GPtrArray) runs = NULL;

  if (!g_str_equal (response, "compare"))
    return;
  runs = rtb_compare_dialog_get_chosen (dialog);
  if (runs->len >= 2)
    rtb_window_compare_runs (self, (RtbRun *const *) runs->pdata, runs->len);
}

/* The method of the selected tab's run, else of the first run in a tab of its own. */
static gboolean
current_method (RtbWindow *self,
                RtbMethod *method)
{
  g_autoptr(GPtrArray) selected = _rtb_window_page_runs (adw_tab_view_get_selected_page (
                                                           self->tab_view));

  for (int i = -1; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      g_autoptr(GPtrArray) runs = i < 0 ? g_ptr_array_ref (selected)
                                        : _rtb_window_page_runs (adw_tab_view_get_nth_page (
                                                                   self->tab_view, i));

      if (runs->len == 1)
        {
          *method = rtb_run_get_method (g_ptr_array_index (runs, 0));
          return TRUE;
        }
    }
  return FALSE;
}

static void
compare_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  RtbWindow *self = RTB_WINDOW (widget);
  RtbCompareDialog *dialog = rtb_compare_dialog_new (GTK_WINDOW (self));
  RtbMethod method = RTB_METHOD_LATENCY;

  g_autoptr(GPtrArray) runs = g_ptr_array_new ();
  g_autoptr(GPtrArray) live = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = NULL;

  current_method (self, &method);
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      AdwTabPage *page = adw_tab_view_get_nth_page (self->tab_view, i);
      g_autoptr(GPtrArray) page_runs = _rtb_window_page_runs (page);
      RtbRecording *recording = _rtb_window_page_recording (page);

      if (page_runs->len != 1)
        continue;
      g_ptr_array_add (runs, g_ptr_array_index (page_runs, 0));
      g_ptr_array_add (live, GINT_TO_POINTER (recording != NULL &&
                                              rtb_recording_is_live (recording)));
    }
  /* Named as the comparison will name them: "latency, vm (3 s)", not the tabs' "(2)". Runs of
   * another method measure something else: offered, not ticked. */
  names = rtb_label_unique ((RtbRun *const *) runs->pdata, runs->len);
  for (guint i = 0; i < runs->len; i++)
    rtb_compare_dialog_add_run (dialog, runs->pdata[i], names->pdata[i],
                                rtb_run_get_method (runs->pdata[i]) == method,
                                GPOINTER_TO_INT (live->pdata[i]));
  g_signal_connect (dialog, "response", G_CALLBACK (on_compare_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_rtb_window_class_init_compare (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.compare", NULL, compare_action);
}
