/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include "rtb-setup-panel-private.h"

G_DEFINE_FINAL_TYPE (RtbSetupPanel, rtb_setup_panel, GTK_TYPE_WIDGET)

GParamSpec *_rtb_setup_panel_properties[N_PROPS];

void
_rtb_setup_panel_clear_error (RtbSetupPanel *self)
{
  if (self->error_row != NULL)
    gtk_widget_remove_css_class (self->error_row, "error");
  self->error_row = NULL;
}

void
_rtb_setup_panel_changed (RtbSetupPanel *self)
{
  _rtb_setup_panel_queue_checklist (self);
  _rtb_setup_panel_clear_error (self);
  if (!self->applying && adw_combo_row_get_selected (self->preset_row) != 0)
    adw_combo_row_set_selected (self->preset_row, 0);
}

static void
on_load_selected (RtbSetupPanel *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), _rtb_setup_panel_properties[PROP_LOAD]);
  _rtb_setup_panel_changed (self);
}

RtbLoadScenario
rtb_setup_panel_get_load (RtbSetupPanel *self)
{
  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), RTB_LOAD_NONE);

  switch (adw_combo_row_get_selected (self->load_row))
    {
    case 1: return RTB_LOAD_CPU;
    case 2: return RTB_LOAD_FULL;
    default: return RTB_LOAD_NONE;
    }
}

void
rtb_setup_panel_set_load (RtbSetupPanel   *self,
                          RtbLoadScenario  load)
{
  g_return_if_fail (RTB_IS_SETUP_PANEL (self));

  adw_combo_row_set_selected (self->load_row,
                              load == RTB_LOAD_CPU ? 1 : load == RTB_LOAD_FULL ? 2 : 0);
}

const char *
rtb_setup_panel_get_label (RtbSetupPanel *self)
{
  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (self->label_row));
}

void
rtb_setup_panel_set_label (RtbSetupPanel *self,
                           const char    *label)
{
  g_return_if_fail (RTB_IS_SETUP_PANEL (self));

  gtk_editable_set_text (GTK_EDITABLE (self->label_row), label ? label : "");
}

void
rtb_setup_panel_set_duration (RtbSetupPanel *self,
                              const char    *duration)
{
  g_return_if_fail (RTB_IS_SETUP_PANEL (self));

  gtk_editable_set_text (GTK_EDITABLE (self->duration_row), duration);
}

RtbSetupPanel *
rtb_setup_panel_new (void)
{
  return g_object_new (RTB_TYPE_SETUP_PANEL, NULL);
}

static void
rtb_setup_panel_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (rtb_setup_panel_parent_class)->map (widget);
  _rtb_setup_panel_follow_machine (RTB_SETUP_PANEL (widget), TRUE);
}

static void
rtb_setup_panel_unmap (GtkWidget *widget)
{
  _rtb_setup_panel_follow_machine (RTB_SETUP_PANEL (widget), FALSE);
  GTK_WIDGET_CLASS (rtb_setup_panel_parent_class)->unmap (widget);
}

static void
rtb_setup_panel_dispose (GObject *object)
{
  RtbSetupPanel *self = RTB_SETUP_PANEL (object);
  GtkWidget *child;

  g_clear_handle_id (&self->checklist_idle, g_source_remove);
  g_clear_handle_id (&self->checklist_refresh, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), RTB_TYPE_SETUP_PANEL);
  /* dispose_template() only unparents the children bound to fields. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (rtb_setup_panel_parent_class)->dispose (object);
}

static void
rtb_setup_panel_finalize (GObject *object)
{
  RtbSetupPanel *self = RTB_SETUP_PANEL (object);

  g_free (self->param_rows);
  g_free (self->param_adjustments);

  G_OBJECT_CLASS (rtb_setup_panel_parent_class)->finalize (object);
}

static void
rtb_setup_panel_class_init (RtbSetupPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = _rtb_setup_panel_get_property;
  object_class->set_property = _rtb_setup_panel_set_property;
  object_class->dispose = rtb_setup_panel_dispose;
  object_class->finalize = rtb_setup_panel_finalize;
  widget_class->map = rtb_setup_panel_map;
  widget_class->unmap = rtb_setup_panel_unmap;

  _rtb_setup_panel_properties[PROP_METHOD] =
    g_param_spec_string ("method", NULL, NULL, "latency",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _rtb_setup_panel_properties[PROP_CPUS] =
    g_param_spec_string ("cpus", NULL, NULL, "all",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _rtb_setup_panel_properties[PROP_CPU] =
    g_param_spec_int ("cpu", NULL, NULL, RTB_CPU_PICKER_UNPINNED, RTB_MAX_CPUS - 1, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _rtb_setup_panel_properties[PROP_POLICY] =
    g_param_spec_string ("policy", NULL, NULL, "fifo",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _rtb_setup_panel_properties[PROP_LOAD] =
    g_param_spec_string ("load", NULL, NULL, "none",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, _rtb_setup_panel_properties);

  g_type_ensure (RTB_TYPE_CPU_PICKER);
  g_type_ensure (RTB_TYPE_MACHINE_GROUP);
  g_type_ensure (RTB_TYPE_CHECKLIST_GROUP);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rtbench/RtBench/rtb-setup-panel.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, page);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, preset_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, method_group);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, variant_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, sizes_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, method_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, params_group);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, machine_group);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, cpu_picker);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, policy_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, priority_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, priority_adjustment);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, duration_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, trace_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, load_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, label_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, checklist_group);
  gtk_widget_class_bind_template_callback_full (widget_class, "on_cpus_changed",
                                                G_CALLBACK (_rtb_setup_panel_on_cpus_changed));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_variant_selected",
                                                G_CALLBACK (_rtb_setup_panel_on_variant_selected));
  gtk_widget_class_bind_template_callback_full (widget_class, "setup_changed",
                                                G_CALLBACK (_rtb_setup_panel_changed));
}

static void
rtb_setup_panel_init (RtbSetupPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  _rtb_setup_panel_init_methods (self);

  self->n_cpus = rtb_cpu_picker_get_n_cpus (self->cpu_picker);
  self->method = RTB_METHOD_LATENCY;

  _rtb_setup_panel_init_presets (self);

  _rtb_setup_panel_create_param_rows (self);

  {
    RtbCommand defaults;
    char size[16];

    rtb_command_defaults (&defaults, RTB_METHOD_LATENCY, self->n_cpus);
    rtb_setup_panel_set_command (self, &defaults);
    for (guint p = 0; p < N_PARAMS; p++)
      {
        RtbCommand other;

        if (self->param_adjustments[p] == NULL)
          continue;
        rtb_command_defaults (&other, rtb_key_words[p].method, self->n_cpus);
        gtk_adjustment_set_value (self->param_adjustments[p],
                                  _rtb_setup_panel_param_from_command (p, &other));
      }
    rtb_command_defaults (&defaults, RTB_METHOD_RESPONSE, self->n_cpus);
    g_snprintf (size, sizeof size, "%u", defaults.response.size);
    gtk_editable_set_text (GTK_EDITABLE (self->sizes_row), size);
  }
  _rtb_setup_panel_update_method_rows (self);

  g_signal_connect_swapped (self->method_row, "notify::selected",
                            G_CALLBACK (_rtb_setup_panel_on_method_selected), self);
  g_signal_connect_swapped (self->policy_row, "notify::selected",
                            G_CALLBACK (_rtb_setup_panel_on_policy_selected), self);
  g_signal_connect_swapped (self->load_row, "notify::selected",
                            G_CALLBACK (on_load_selected), self);
  g_signal_connect_swapped (self->preset_row, "notify::selected",
                            G_CALLBACK (_rtb_setup_panel_on_preset_selected), self);
  g_signal_connect_swapped (self->priority_adjustment, "value-changed",
                            G_CALLBACK (_rtb_setup_panel_changed), self);
  g_signal_connect_swapped (self->duration_row, "changed",
                            G_CALLBACK (_rtb_setup_panel_changed), self);
  g_signal_connect_swapped (self->trace_row, "changed",
                            G_CALLBACK (_rtb_setup_panel_changed), self);
  g_signal_connect_swapped (self->label_row, "changed",
                            G_CALLBACK (_rtb_setup_panel_changed), self);
  g_signal_connect_swapped (self->machine_group, "notify::remote",
                            G_CALLBACK (_rtb_setup_panel_on_machine_changed), self);
  g_signal_connect_swapped (self->machine_group, "notify::system",
                            G_CALLBACK (_rtb_setup_panel_on_machine_changed), self);
}
