/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-checklist-group.h"
#include "rtb-checklist.h"

/* Shown before "Show All": every bad item, and at least this many. */
#define COMPACT_ITEMS 5

struct _RtbChecklistGroup
{
  AdwPreferencesGroup parent_instance;

  /* Template widgets */
  GtkToggleButton *all_button;

  /* Owned references */
  GPtrArray *checks; /* RtbCheck*, worst first */
  GPtrArray *rows;   /* GtkWidget*, borrowed from the group, one per check */
};

G_DEFINE_FINAL_TYPE (RtbChecklistGroup, rtb_checklist_group, ADW_TYPE_PREFERENCES_GROUP)

static const struct {
  const char *icon;
  const char *style;
} status_looks[] = {
  [RTB_CHECK_BAD] = { "dialog-error-symbolic", "error" },
  [RTB_CHECK_COULD_BE_BETTER] = { "dialog-warning-symbolic", "warning" },
  [RTB_CHECK_UNKNOWN] = { "dialog-question-symbolic", "dim-label" },
  [RTB_CHECK_GOOD] = { "emblem-ok-symbolic", "success" },
};

static guint
n_compact (RtbChecklistGroup *self)
{
  guint n = 0;

  while (n < self->checks->len &&
         ((RtbCheck *) self->checks->pdata[n])->status == RTB_CHECK_BAD)
    n++;
  return MIN (MAX (n, COMPACT_ITEMS), self->checks->len);
}

static void
update_visibility (RtbChecklistGroup *self)
{
  gboolean all = gtk_toggle_button_get_active (self->all_button);
  guint compact = n_compact (self);

  for (guint i = 0; i < self->rows->len; i++)
    gtk_widget_set_visible (self->rows->pdata[i], all || i < compact);
  gtk_widget_set_visible (GTK_WIDGET (self->all_button), compact < self->rows->len);
  gtk_button_set_label (GTK_BUTTON (self->all_button), all ? _("Show Fewer") : _("Show All"));
}

static void
on_all_toggled (RtbChecklistGroup *self)
{
  update_visibility (self);
}

static GtkWidget *
status_icon (RtbCheckStatus status)
{
  GtkWidget *icon = gtk_image_new_from_icon_name (status_looks[status].icon);

  gtk_widget_add_css_class (icon, status_looks[status].style);
  gtk_widget_set_tooltip_text (icon, rtb_check_status_label (status));
  return icon;
}

/* An item with advice expands to show it; a good one has nothing to add. */
static GtkWidget *
item_row (const RtbCheck *check)
{
  /* Translators: a checklist item's subtitle: its status and id, "could be better · cpus.smt" */
  g_autofree char *subtitle = g_strdup_printf (_("%s · %s"), rtb_check_status_label (check->status),
                                               check->id);
  AdwPreferencesRow *row;

  if (check->advice != NULL)
    {
      AdwExpanderRow *expander = ADW_EXPANDER_ROW (adw_expander_row_new ());
      AdwActionRow *advice = ADW_ACTION_ROW (adw_action_row_new ());

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (advice), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (advice), check->advice);
      adw_action_row_set_title_lines (advice, 0);
      gtk_widget_add_css_class (GTK_WIDGET (advice), "rtb-checklist-advice");
      adw_expander_row_add_row (expander, GTK_WIDGET (advice));
      adw_expander_row_set_subtitle (expander, subtitle);
      adw_expander_row_add_prefix (expander, status_icon (check->status));
      row = ADW_PREFERENCES_ROW (expander);
    }
  else
    {
      AdwActionRow *action = ADW_ACTION_ROW (adw_action_row_new ());

      adw_action_row_set_subtitle (action, subtitle);
      adw_action_row_set_title_lines (action, 0);
      adw_action_row_add_prefix (action, status_icon (check->status));
      row = ADW_PREFERENCES_ROW (action);
    }
  adw_preferences_row_set_use_markup (row, FALSE);
  adw_preferences_row_set_title (row, check->value);
  gtk_widget_set_tooltip_text (GTK_WIDGET (row), check->value);
  return GTK_WIDGET (row);
}

static char *
count_statuses (GPtrArray *checks)
{
  guint n[RTB_CHECK_GOOD + 1] = { 0 };

  for (guint i = 0; i < checks->len; i++)
    n[((RtbCheck *) checks->pdata[i])->status]++;
  return g_strdup_printf (_("Bad: %u, could be better: %u, unknown: %u, good: %u"),
                          n[RTB_CHECK_BAD], n[RTB_CHECK_COULD_BE_BETTER], n[RTB_CHECK_UNKNOWN],
                          n[RTB_CHECK_GOOD]);
}

/* Whether `shown` and `sorted` list the same items in the same order with the same status and
 * advice: then only what was observed can differ, and each row can keep its widget. */
static gboolean
same_items (GPtrArray *shown,
            GPtrArray *sorted)
{
  if (shown == NULL || shown->len != sorted->len)
    return FALSE;
  for (guint i = 0; i < sorted->len; i++)
    {
      const RtbCheck *a = shown->pdata[i], *b = sorted->pdata[i];

      if (g_strcmp0 (a->id, b->id) != 0 || a->status != b->status ||
          g_strcmp0 (a->advice, b->advice) != 0)
        return FALSE;
    }
  return TRUE;
}

/* The new values into the rows that show them: making the rows anew took 80-90 ms of CPU on
 * the development VM (their labels laid out again), and closed what the user had opened. */
static void
update_values (RtbChecklistGroup *self,
               GPtrArray         *sorted)
{
  for (guint i = 0; i < sorted->len; i++)
    {
      const RtbCheck *check = sorted->pdata[i];
      GtkWidget *row = self->rows->pdata[i];

      if (g_strcmp0 (((RtbCheck *) self->checks->pdata[i])->value, check->value) == 0)
        continue;
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), check->value);
      gtk_widget_set_tooltip_text (row, check->value);
    }
  g_ptr_array_unref (self->checks);
  self->checks = g_ptr_array_ref (sorted);
}

void
rtb_checklist_group_set_checks (RtbChecklistGroup *self,
                                GPtrArray         *checks,
                                const char        *description)
{
  g_autofree char *counts = NULL;
  g_autoptr (GPtrArray) sorted = NULL;

  g_return_if_fail (RTB_IS_CHECKLIST_GROUP (self));

  sorted = checks != NULL ? rtb_checklist_sorted (checks)
                          : g_ptr_array_new_with_free_func ((GDestroyNotify) rtb_check_free);
  /* Read again and found the same items, the counts with them: the rows, and what the user
   * opened, stay; a value that changed ("3 real-time tasks below") is set in its row. */
  if (checks != NULL && description == NULL && same_items (self->checks, sorted))
    {
      update_values (self, sorted);
      return;
    }
  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), self->rows->pdata[i]);
  g_ptr_array_set_size (self->rows, 0);
  g_clear_pointer (&self->checks, g_ptr_array_unref);
  self->checks = g_steal_pointer (&sorted);

  for (guint i = 0; i < self->checks->len; i++)
    {
      GtkWidget *row = item_row (self->checks->pdata[i]);

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
      g_ptr_array_add (self->rows, row);
    }
  if (description == NULL && self->checks->len > 0)
    description = counts = count_statuses (self->checks);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self), description);
  update_visibility (self);
}

guint
rtb_checklist_group_get_n_items (RtbChecklistGroup *self)
{
  g_return_val_if_fail (RTB_IS_CHECKLIST_GROUP (self), 0);

  return self->rows->len;
}

guint
rtb_checklist_group_get_n_shown (RtbChecklistGroup *self)
{
  guint n = 0;

  g_return_val_if_fail (RTB_IS_CHECKLIST_GROUP (self), 0);

  for (guint i = 0; i < self->rows->len; i++)
    n += gtk_widget_get_visible (self->rows->pdata[i]);
  return n;
}

GPtrArray *
rtb_checklist_group_get_checks (RtbChecklistGroup *self)
{
  g_return_val_if_fail (RTB_IS_CHECKLIST_GROUP (self), NULL);

  return self->checks->len > 0 ? self->checks : NULL;
}

void
rtb_checklist_group_set_show_all (RtbChecklistGroup *self,
                                  gboolean           show_all)
{
  g_return_if_fail (RTB_IS_CHECKLIST_GROUP (self));

  gtk_toggle_button_set_active (self->all_button, show_all);
}

static void
rtb_checklist_group_finalize (GObject *object)
{
  RtbChecklistGroup *self = RTB_CHECKLIST_GROUP (object);

  g_clear_pointer (&self->checks, g_ptr_array_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);

  G_OBJECT_CLASS (rtb_checklist_group_parent_class)->finalize (object);
}

static void
rtb_checklist_group_class_init (RtbChecklistGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = rtb_checklist_group_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rtbench/RtBench/rtb-checklist-group.ui");
  gtk_widget_class_bind_template_child (widget_class, RtbChecklistGroup, all_button);
  gtk_widget_class_bind_template_callback (widget_class, on_all_toggled);
}

static void
rtb_checklist_group_init (RtbChecklistGroup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->rows = g_ptr_array_new ();
  self->checks = g_ptr_array_new_with_free_func ((GDestroyNotify) rtb_check_free);
}
