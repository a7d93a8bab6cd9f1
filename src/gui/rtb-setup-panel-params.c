/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-setup-panel-private.h"

/* The pause's 0 is "Auto", shown and typed as such. */
static gboolean
on_gap_output (GtkSpinButton *spin,
               gpointer       user_data)
{
  if (gtk_adjustment_get_value (gtk_spin_button_get_adjustment (spin)) != 0)
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (spin), _("Auto"));
  return TRUE;
}

static int
on_gap_input (GtkSpinButton *spin,
              double        *value,
              gpointer       user_data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));

  if (g_ascii_strcasecmp (text, "auto") != 0 && g_strcmp0 (text, _("Auto")) != 0)
    return FALSE;
  *value = 0;
  return TRUE;
}

/* A number key's row: a spin button over its adjustment. */
static GtkWidget *
number_row (guint          p,
            GtkAdjustment *adjustment)
{
  const RtbKey *key = rtb_key_words_key (p);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new (adjustment, 1, 0);

  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), key->auto_word == NULL);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_widget_set_name (spin, key->name);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  if (key->auto_word != NULL)
    {
      g_signal_connect (spin, "output", G_CALLBACK (on_gap_output), NULL);
      g_signal_connect (spin, "input", G_CALLBACK (on_gap_input), NULL);
    }
  return row;
}

/* A key of words' row: its choices in a drop-down (a combo row's value would give its width to
 * the help beside it), the chosen one's index the adjustment's value, so that the settings and
 * the command take it as they take a number row's. */
static GtkWidget *
word_row (guint          p,
          GtkAdjustment *adjustment)
{
  GtkStringList *choices = gtk_string_list_new (NULL);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *drop_down;

  for (guint i = 0; rtb_key_words[p].choices[i] != NULL; i++)
    gtk_string_list_append (choices, _(rtb_key_words[p].choices[i]));
  drop_down = gtk_drop_down_new (G_LIST_MODEL (choices), NULL);
  gtk_widget_set_valign (drop_down, GTK_ALIGN_CENTER);
  gtk_widget_set_name (drop_down, rtb_key_words_key (p)->name);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), drop_down);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), drop_down);
  g_object_set_data_full (G_OBJECT (row), "adjustment", g_object_ref_sink (adjustment),
                          g_object_unref);
  g_object_bind_property (adjustment, "value", drop_down, "selected",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  return row;
}

void
_rtb_setup_panel_create_param_rows (RtbSetupPanel *self)
{
  self->param_rows = g_new0 (AdwActionRow *, N_PARAMS);
  self->param_adjustments = g_new0 (GtkAdjustment *, N_PARAMS);
  for (guint p = 0; p < N_PARAMS; p++)
    {
      const RtbKeyWords *words = &rtb_key_words[p];
      const RtbKey *key = rtb_key_words_key (p);
      double lower = (double) rtb_key_words_least (p);
      GtkAdjustment *adjustment;
      GtkWidget *row;

      if (words->title == NULL)
        continue;
      adjustment = gtk_adjustment_new (lower, lower,
                                       (double) rtb_command_key_max (key, words->method),
                                       words->step,
                                       words->step * 10, 0);
      row = key->kind == RTB_KIND_WORD ? word_row (p, adjustment) : number_row (p, adjustment);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     _(words->title));
      if (words->subtitle != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(words->subtitle));
      adw_preferences_group_add (self->params_group, row);

      g_signal_connect_swapped (adjustment, "value-changed",
                                G_CALLBACK (_rtb_setup_panel_changed), self);
      self->param_rows[p] = ADW_ACTION_ROW (row);
      self->param_adjustments[p] = adjustment;
    }
}

guint64
_rtb_setup_panel_param_from_command (guint             p,
                                     const RtbCommand *cmd)
{
  g_assert (cmd->method == rtb_key_words[p].method);
  return rtb_command_key_get (cmd, rtb_key_words_key (p));
}
