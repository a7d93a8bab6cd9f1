/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-methods.h"
#include "rtb-setup-panel-private.h"

/* The method row's choices, each method's as its declaration names it, in their order. */
void
_rtb_setup_panel_init_methods (RtbSetupPanel *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    gtk_string_list_append (names, _(rtb_method_info (m)->setup_name));
  adw_combo_row_set_model (self->method_row, G_LIST_MODEL (names));
}

/* The methods whose spikes the worker explains from a kernel trace. */
gboolean
_rtb_setup_panel_method_is_traced (RtbMethod method)
{
  return rtb_command_key_taken (RTB_KEY_TRACE_ABOVE_US, method);
}

void
_rtb_setup_panel_update_method_rows (RtbSetupPanel *self)
{
  for (guint p = 0; p < N_PARAMS; p++)
    if (self->param_rows[p] != NULL)
      gtk_widget_set_visible (GTK_WIDGET (self->param_rows[p]),
                              rtb_key_words[p].method == self->method);
  gtk_widget_set_visible (GTK_WIDGET (self->variant_row),
                          rtb_command_key_taken (RTB_KEY_VARIANT, self->method));
  gtk_widget_set_visible (GTK_WIDGET (self->sizes_row),
                          rtb_command_key_taken (RTB_KEY_SIZE, self->method));
  _rtb_setup_panel_update_thread_rows (self);
  gtk_widget_set_visible (GTK_WIDGET (self->duration_row),
                          rtb_command_key_taken (RTB_KEY_DURATION, self->method));
  gtk_widget_set_visible (GTK_WIDGET (self->trace_row),
                          _rtb_setup_panel_method_is_traced (self->method));
  /* On the group, not as the row's subtitle: a long subtitle squeezes the row's value until
   * a translated method name no longer fits. */
  adw_preferences_group_set_description (self->method_group,
                                         _(rtb_method_info (self->method)->setup_description));
  rtb_cpu_picker_set_multiple (self->cpu_picker, rtb_method_is_per_cpu (self->method));
}

void
_rtb_setup_panel_on_method_selected (RtbSetupPanel *self)
{
  RtbMethod method = RTB_METHOD_LATENCY + adw_combo_row_get_selected (self->method_row);

  if (method == self->method)
    return;
  self->method = method;

  /* The methods differ in their usual priority and CPU; a change by hand starts from those. */
  if (!self->applying)
    {
      RtbCommand defaults;

      rtb_command_defaults (&defaults, method, self->n_cpus);
      _rtb_setup_panel_set_policy (self, defaults.policy);
      gtk_adjustment_set_value (self->priority_adjustment, defaults.priority);
      rtb_cpu_picker_set_cpu (self->cpu_picker,
                              _rtb_setup_panel_picker_cpu (&defaults, self->n_cpus));
      g_object_notify_by_pspec (G_OBJECT (self), _rtb_setup_panel_properties[PROP_CPU]);
    }

  _rtb_setup_panel_update_method_rows (self);
  g_object_notify_by_pspec (G_OBJECT (self), _rtb_setup_panel_properties[PROP_METHOD]);
  _rtb_setup_panel_changed (self);
}

RtbMethod
rtb_setup_panel_get_method (RtbSetupPanel *self)
{
  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), RTB_METHOD_LATENCY);

  return self->method;
}

void
rtb_setup_panel_set_method (RtbSetupPanel *self,
                            RtbMethod      method)
{
  g_return_if_fail (RTB_IS_SETUP_PANEL (self));
  g_return_if_fail (method >= RTB_METHOD_LATENCY && method <= RTB_METHOD_LAST);

  adw_combo_row_set_selected (self->method_row, method - RTB_METHOD_LATENCY);
}
