/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-compare-dialog.h"
#include "rtb-label.h"

/* What the dialog takes beside its list of runs (heading, text, buttons, margins), and the
 * list's height when the window is too short to give it more. */
#define DIALOG_CHROME_PX 300
#define LIST_MIN_PX 360

struct _RtbCompareDialog
{
  AdwMessageDialog parent_instance;

  /* Template widgets */
  GtkScrolledWindow *scrolled;
  GtkListBox *list;

  /* Owned references */
  GPtrArray *runs;

  /* Borrowed references */
  GPtrArray *checks;
};

G_DEFINE_FINAL_TYPE (RtbCompareDialog, rtb_compare_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void
on_toggled (RtbCompareDialog *self)
{
  guint n = 0;

  for (guint i = 0; i < self->checks->len; i++)
    n += gtk_check_button_get_active (g_ptr_array_index (self->checks, i));
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "compare", n >= 2);
}

/* What tells runs of one label apart: "live · latency · 2026-12-03 09:47:21 · 60 s · all CPUs ·
 * priority 99 · full load · rpi4" */
static char *
describe (RtbRun  *run,
          gboolean live)
{
  const char *state = live ? _("live")
                      : rtb_run_get_state (run) == RTB_RUN_STATE_CUT_SHORT ? _("cut short")
                      : NULL;
  g_autofree char *facets = rtb_label_facets (run, " · ");

  return state != NULL ? g_strdup_printf ("%s · %s", state, facets) : g_steal_pointer (&facets);
}

void
rtb_compare_dialog_add_run (RtbCompareDialog *self,
                            RtbRun           *run,
                            const char       *title,
                            gboolean          ticked,
                            gboolean          live)
{
  g_autofree char *subtitle = NULL;
  GtkWidget *row;
  GtkWidget *check;

  g_return_if_fail (RTB_IS_COMPARE_DIALOG (self));
  g_return_if_fail (RTB_IS_RUN (run));

  subtitle = describe (run, live);
  row = adw_action_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  check = gtk_check_button_new ();
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), ticked);
  gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
  g_signal_connect_swapped (check, "toggled", G_CALLBACK (on_toggled), self);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
  gtk_list_box_append (self->list, row);

  g_ptr_array_add (self->runs, g_object_ref (run));
  g_ptr_array_add (self->checks, check);
  on_toggled (self);
}

GPtrArray *
rtb_compare_dialog_get_chosen (RtbCompareDialog *self)
{
  GPtrArray *chosen = g_ptr_array_new ();

  g_return_val_if_fail (RTB_IS_COMPARE_DIALOG (self), chosen);

  for (guint i = 0; i < self->checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->checks, i)))
      g_ptr_array_add (chosen, g_ptr_array_index (self->runs, i));
  return chosen;
}

char *
rtb_compare_dialog_dup_offer (RtbCompareDialog *self,
                              guint             n)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (RTB_IS_COMPARE_DIALOG (self), NULL);

  row = gtk_list_box_get_row_at_index (self->list, (int) n);
  g_return_val_if_fail (ADW_IS_ACTION_ROW (row), NULL);
  return g_strdup_printf ("%s\n%s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                          adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
}

RtbCompareDialog *
rtb_compare_dialog_new (GtkWindow *parent)
{
  RtbCompareDialog *self = g_object_new (RTB_TYPE_COMPARE_DIALOG, "transient-for", parent,
                                         "modal", TRUE, NULL);
  int height = parent != NULL ? gtk_widget_get_height (GTK_WIDGET (parent)) : 0;

  /* As many runs as the window has room for, beside the heading, the text and the buttons. */
  if (height - DIALOG_CHROME_PX > LIST_MIN_PX)
    gtk_scrolled_window_set_max_content_height (self->scrolled, height - DIALOG_CHROME_PX);
  return self;
}

static void
rtb_compare_dialog_dispose (GObject *object)
{
  RtbCompareDialog *self = RTB_COMPARE_DIALOG (object);

  g_clear_pointer (&self->runs, g_ptr_array_unref);
  g_clear_pointer (&self->checks, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), RTB_TYPE_COMPARE_DIALOG);

  G_OBJECT_CLASS (rtb_compare_dialog_parent_class)->dispose (object);
}

static void
rtb_compare_dialog_class_init (RtbCompareDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rtb_compare_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rtbench/RtBench/rtb-compare-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, RtbCompareDialog, scrolled);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareDialog, list);
}

static void
rtb_compare_dialog_init (RtbCompareDialog *self)
{
  self->runs = g_ptr_array_new_with_free_func (g_object_unref);
  self->checks = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  on_toggled (self);
}
