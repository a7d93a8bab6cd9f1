/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include "rtb-setup-panel-private.h"

RtbPolicy
_rtb_setup_panel_get_policy (RtbSetupPanel *self)
{
  switch (adw_combo_row_get_selected (self->policy_row))
    {
    case 1: return RTB_POLICY_RR;
    case 2: return RTB_POLICY_OTHER;
    default: return RTB_POLICY_FIFO;
    }
}

void
_rtb_setup_panel_set_policy (RtbSetupPanel *self,
            RtbPolicy      policy)
{
  adw_combo_row_set_selected (self->policy_row,
                              policy == RTB_POLICY_RR ? 1 : policy == RTB_POLICY_OTHER ? 2 : 0);
}

/* The one CPU of the methods that measure on one, or how the worker is to choose it. */
int
_rtb_setup_panel_picker_cpu (const RtbCommand *cmd,
            int               n_cpus)
{
  if (cmd->cpu_auto)
    return RTB_CPU_PICKER_AUTO;
  for (int cpu = 0; cpu < n_cpus; cpu++)
    if (rtb_cpu_isset (cmd->cpus, cpu))
      return cpu;
  return RTB_CPU_PICKER_UNPINNED;
}

RtbTimerVariant
_rtb_setup_panel_get_variant (RtbSetupPanel *self)
{
  return adw_combo_row_get_selected (self->variant_row) == 1 ? RTB_TIMER_VARIANT_NORMAL
                                                             : RTB_TIMER_VARIANT_RT;
}

/* The normal timer thread is an ordinary one: its policy and CPU are not for choosing. */
void
_rtb_setup_panel_update_thread_rows (RtbSetupPanel *self)
{
  gboolean ordinary = self->method == RTB_METHOD_TIMER &&
                      _rtb_setup_panel_get_variant (self) == RTB_TIMER_VARIANT_NORMAL;
  gboolean scheduled = rtb_command_key_taken (RTB_KEY_POLICY, self->method);

  gtk_widget_set_visible (GTK_WIDGET (self->policy_row), scheduled);
  gtk_widget_set_visible (GTK_WIDGET (self->priority_row), scheduled);
  gtk_widget_set_sensitive (GTK_WIDGET (self->policy_row), !ordinary);
  gtk_widget_set_sensitive (GTK_WIDGET (self->cpu_picker), !ordinary);
  gtk_widget_set_sensitive (GTK_WIDGET (self->priority_row),
                            !ordinary && _rtb_setup_panel_get_policy (self) != RTB_POLICY_OTHER);
}

void
_rtb_setup_panel_on_cpus_changed (RtbSetupPanel *self)
{
  g_object_notify_by_pspec (G_OBJECT (self),
                            _rtb_setup_panel_properties[rtb_method_is_per_cpu (self->method)
                                                        ? PROP_CPUS : PROP_CPU]);
  _rtb_setup_panel_changed (self);
}

void
_rtb_setup_panel_on_policy_selected (RtbSetupPanel *self)
{
  RtbPolicy policy = _rtb_setup_panel_get_policy (self);
  double priority = gtk_adjustment_get_value (self->priority_adjustment);

  if (!self->applying)
    {
      if (policy == RTB_POLICY_OTHER)
        gtk_adjustment_set_value (self->priority_adjustment, 0);
      else if (priority < RTB_PRIORITY_MIN)
        gtk_adjustment_set_value (self->priority_adjustment,
                                  (double) RTB_KEY_PRIORITY->on[self->method].def);
    }
  _rtb_setup_panel_update_thread_rows (self);
  g_object_notify_by_pspec (G_OBJECT (self), _rtb_setup_panel_properties[PROP_POLICY]);
  _rtb_setup_panel_changed (self);
}

/* Like the command's variant key, a change by hand moves the policy and CPU along. */
void
_rtb_setup_panel_on_variant_selected (RtbSetupPanel *self)
{
  if (!self->applying)
    {
      RtbCommand cmd;

      rtb_command_defaults (&cmd, RTB_METHOD_TIMER, self->n_cpus);
      rtb_command_set (&cmd, "variant",
                       _rtb_setup_panel_get_variant (self) == RTB_TIMER_VARIANT_NORMAL
                         ? "normal" : "rt",
                       self->n_cpus, NULL);
      self->applying++;
      _rtb_setup_panel_set_policy (self, cmd.policy);
      gtk_adjustment_set_value (self->priority_adjustment, cmd.priority);
      self->applying--;
      rtb_cpu_picker_set_cpu (self->cpu_picker, RTB_CPU_PICKER_UNPINNED);
      g_object_notify_by_pspec (G_OBJECT (self), _rtb_setup_panel_properties[PROP_CPU]);
    }
  _rtb_setup_panel_update_thread_rows (self);
  _rtb_setup_panel_changed (self);
}

void
rtb_setup_panel_set_isolated (RtbSetupPanel *self,
                              const char    *list)
{
  g_return_if_fail (RTB_IS_SETUP_PANEL (self));

  rtb_cpu_picker_set_isolated (self->cpu_picker, list);
}

gboolean
rtb_setup_panel_is_cpu_isolated (RtbSetupPanel *self,
                                 int            cpu)
{
  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), FALSE);

  return rtb_cpu_picker_is_isolated (self->cpu_picker, cpu);
}
