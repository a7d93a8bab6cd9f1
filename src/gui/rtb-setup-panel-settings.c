/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include "rtb-setup-panel-private.h"

static const char *const load_names[] = { "none", "cpu", "full" };

void
rtb_setup_panel_bind_settings (RtbSetupPanel *self,
                               GSettings     *settings)
{
  g_return_if_fail (RTB_IS_SETUP_PANEL (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  /* The method first: changing it resets the policy, priority and CPU to its defaults. */
  g_settings_bind (settings, "method", self, "method", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "policy", self, "policy", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "priority", self->priority_adjustment, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "cpus", self, "cpus", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "cpu", self, "cpu", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "duration", self->duration_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "trace-above", self->trace_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "load", self, "load", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "label", self->label_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "sizes", self->sizes_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "timer-variant", self->variant_row, "selected",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "remote-worker", self->machine_group, "remote-worker",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "remote", self->machine_group, "remote", G_SETTINGS_BIND_DEFAULT);
  for (guint p = 0; p < N_PARAMS; p++)
    if (self->param_adjustments[p] != NULL)
      g_settings_bind (settings, rtb_key_words[p].settings_key, self->param_adjustments[p],
                       "value", G_SETTINGS_BIND_DEFAULT);
}

void
_rtb_setup_panel_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  RtbSetupPanel *self = RTB_SETUP_PANEL (object);

  switch (prop_id)
    {
    case PROP_METHOD:
      g_value_set_string (value, rtb_method_to_string (self->method));
      break;
    case PROP_CPUS:
      g_value_take_string (value, rtb_cpu_picker_dup_cpus (self->cpu_picker));
      break;
    case PROP_CPU:
      g_value_set_int (value, rtb_cpu_picker_get_cpu (self->cpu_picker));
      break;
    case PROP_POLICY:
      g_value_set_string (value, rtb_policy_to_string (_rtb_setup_panel_get_policy (self)));
      break;
    case PROP_LOAD:
      g_value_set_string (value, load_names[rtb_setup_panel_get_load (self)]);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

void
_rtb_setup_panel_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  RtbSetupPanel *self = RTB_SETUP_PANEL (object);
  RtbMethod method;
  RtbPolicy policy;
  RtbLoadScenario load;
  int cpu;

  switch (prop_id)
    {
    case PROP_METHOD:
      /* The schema takes any string, so that the methods are listed once (rtb-methods.c). */
      if (rtb_method_from_string (g_value_get_string (value), &method))
        rtb_setup_panel_set_method (self, method);
      else
        g_warning ("The method setting \"%s\" is no method of this rtbench: the window shows "
                   "its first; choose one there or set the key method to one of those that "
                   "rtbench-cli run --help lists", g_value_get_string (value));
      break;
    case PROP_CPUS:
      rtb_cpu_picker_set_cpus (self->cpu_picker, g_value_get_string (value));
      break;
    case PROP_CPU:
      cpu = g_value_get_int (value);
      if ((cpu == RTB_CPU_PICKER_AUTO || cpu == RTB_CPU_PICKER_UNPINNED ||
           (cpu >= 0 && cpu < self->n_cpus)) &&
          cpu != rtb_cpu_picker_get_cpu (self->cpu_picker))
        {
          rtb_cpu_picker_set_cpu (self->cpu_picker, cpu);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_POLICY:
      if (rtb_policy_from_string (g_value_get_string (value), &policy))
        _rtb_setup_panel_set_policy (self, policy);
      break;
    case PROP_LOAD:
      if (rtb_load_scenario_from_string (g_value_get_string (value), &load))
        rtb_setup_panel_set_load (self, load);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
  /* Set from the settings or a test, the CPUs do not pass through the picker's signal. */
  _rtb_setup_panel_queue_checklist (self);
}
