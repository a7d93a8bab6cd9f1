/* SPDX-License-Identifier: GPL-3.0-or-later */
/* RtbSetupPanel's instance, shared by rtb-setup-panel.c (the widget, its load, label and
 * duration), rtb-setup-panel-method.c (the method and the rows it shows),
 * rtb-setup-panel-params.c (each method's number rows), rtb-setup-panel-threads.c (policy,
 * priority, variant and CPUs), rtb-setup-panel-machine.c (this computer or another one),
 * rtb-setup-panel-checklist.c (what the chosen machine and CPUs are ready for),
 * rtb-setup-panel-presets.c (the preset row), rtb-setup-panel-command.c (the fields to and
 * from a command) and rtb-setup-panel-settings.c (the properties bound to the settings). */
#pragma once

#include "rtb-checklist-group.h"
#include "rtb-cpu-picker.h"
#include "rtb-machine-group.h"
#include "rtb-command-keys.h"
#include "rtb-key-words.h"
#include "rtb-setup-panel.h"

G_BEGIN_DECLS

/* The window's number rows are the rows of the key words (rtb-key-words.h) that have a title,
 * by their index there; param_rows and param_adjustments are NULL for the others. */
#define N_PARAMS rtb_n_key_words

struct _RtbSetupPanel
{
  GtkWidget parent_instance;

  /* Template widgets */
  AdwPreferencesPage *page;
  AdwComboRow *preset_row;
  AdwPreferencesGroup *method_group;
  AdwComboRow *method_row;
  AdwPreferencesGroup *params_group;
  AdwComboRow *variant_row;
  AdwEntryRow *sizes_row;
  RtbMachineGroup *machine_group;
  RtbCpuPicker *cpu_picker;
  AdwComboRow *policy_row;
  AdwActionRow *priority_row;
  GtkAdjustment *priority_adjustment;
  AdwEntryRow *duration_row;
  AdwEntryRow *trace_row;
  AdwComboRow *load_row;
  AdwEntryRow *label_row;
  RtbChecklistGroup *checklist_group;

  /* Borrowed references */
  AdwActionRow **param_rows;           /* N_PARAMS, owned array */
  GtkAdjustment **param_adjustments;  /* N_PARAMS, owned array */
  GtkWidget *error_row;

  int n_cpus;
  guint applying;           /* filling the fields from a command or preset */
  guint checklist_idle;
  guint checklist_refresh;
  gboolean measuring; /* a run of the window measures: the checklist is not read again */
  RtbMethod method;
};

enum {
  PROP_0,
  PROP_METHOD,
  PROP_CPUS,
  PROP_CPU,
  PROP_POLICY,
  PROP_LOAD,
  N_PROPS
};

extern GParamSpec *_rtb_setup_panel_properties[N_PROPS];

/* rtb-setup-panel.c */
void _rtb_setup_panel_clear_error (RtbSetupPanel *self);
/* Any field changed: the checklist is read again and the preset row goes back to Custom. */
void _rtb_setup_panel_changed (RtbSetupPanel *self);

/* rtb-setup-panel-method.c */
gboolean _rtb_setup_panel_method_is_traced (RtbMethod method);
void _rtb_setup_panel_init_methods (RtbSetupPanel *self);
void _rtb_setup_panel_update_method_rows (RtbSetupPanel *self);
void _rtb_setup_panel_on_method_selected (RtbSetupPanel *self);

/* rtb-setup-panel-params.c */
void _rtb_setup_panel_create_param_rows (RtbSetupPanel *self);
guint64 _rtb_setup_panel_param_from_command (guint p, const RtbCommand *cmd);

/* rtb-setup-panel-threads.c */
RtbPolicy _rtb_setup_panel_get_policy (RtbSetupPanel *self);
void _rtb_setup_panel_set_policy (RtbSetupPanel *self, RtbPolicy policy);
int _rtb_setup_panel_picker_cpu (const RtbCommand *cmd, int n_cpus);
RtbTimerVariant _rtb_setup_panel_get_variant (RtbSetupPanel *self);
void _rtb_setup_panel_update_thread_rows (RtbSetupPanel *self);
void _rtb_setup_panel_on_cpus_changed (RtbSetupPanel *self);
void _rtb_setup_panel_on_policy_selected (RtbSetupPanel *self);
void _rtb_setup_panel_on_variant_selected (RtbSetupPanel *self);

/* rtb-setup-panel-machine.c */
void _rtb_setup_panel_on_machine_changed (RtbSetupPanel *self);

/* rtb-setup-panel-checklist.c */
void _rtb_setup_panel_queue_checklist (RtbSetupPanel *self);
/* While the pane is on screen, the checklist is read again every few seconds. */
void _rtb_setup_panel_follow_machine (RtbSetupPanel *self,
                                      gboolean       follow);

/* rtb-setup-panel-presets.c */
void _rtb_setup_panel_init_presets (RtbSetupPanel *self);
void _rtb_setup_panel_on_preset_selected (RtbSetupPanel *self);

/* rtb-setup-panel-settings.c */
void _rtb_setup_panel_get_property (GObject *object, guint prop_id, GValue *value,
                                    GParamSpec *pspec);
void _rtb_setup_panel_set_property (GObject *object, guint prop_id, const GValue *value,
                                    GParamSpec *pspec);

G_END_DECLS
