/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "rtb-presets.h"
#include "rtb-setup-panel-private.h"

void
_rtb_setup_panel_on_preset_selected (RtbSetupPanel *self)
{
  guint selected = adw_combo_row_get_selected (self->preset_row);

  if (selected > 0 && selected != GTK_INVALID_LIST_POSITION && !self->applying)
    rtb_setup_panel_apply_preset (self, selected - 1);
}

/* The isolated CPUs, when there are: the ones a noise run is meant to prove quiet. */
static void
choose_isolated (RtbSetupPanel *self,
                 RtbCommand    *cmd)
{
  uint64_t isolated[RTB_MAX_CPUS / 64] = { 0 };

  for (int cpu = 0; cpu < self->n_cpus && cpu < RTB_MAX_CPUS; cpu++)
    if (rtb_cpu_picker_is_isolated (self->cpu_picker, cpu))
      isolated[cpu / 64] |= G_GUINT64_CONSTANT (1) << (cpu % 64);
  if (rtb_cpu_count (isolated, RTB_MAX_CPUS) == 0)
    return;
  memcpy (cmd->cpus, isolated, sizeof isolated);
  cmd->cpus_all = FALSE;
}

void
rtb_setup_panel_apply_preset (RtbSetupPanel *self,
                              guint          index)
{
  const RtbPreset *preset;
  g_autoptr(GError) error = NULL;
  RtbCommand cmd;

  g_return_if_fail (RTB_IS_SETUP_PANEL (self));
  g_return_if_fail (index < rtb_presets_get_n ());

  preset = rtb_presets_get (index);
  if (!rtb_preset_build_command (preset, self->n_cpus, &cmd, &error))
    {
      g_warning ("Preset “%s” does not fit this machine: %s", preset->name, error->message);
      return;
    }
  if (cmd.method == RTB_METHOD_NOISE)
    choose_isolated (self, &cmd);

  self->applying++;
  rtb_setup_panel_set_command (self, &cmd);
  rtb_setup_panel_set_load (self, preset->load);
  rtb_setup_panel_set_label (self, _(preset->name));
  adw_combo_row_set_selected (self->preset_row, index + 1);
  self->applying--;
}

void
_rtb_setup_panel_init_presets (RtbSetupPanel *self)
{
  g_autoptr(GtkStringList) presets = gtk_string_list_new (NULL);
  g_autoptr(GtkListItemFactory) factory = NULL;

  gtk_string_list_append (presets, _("Custom"));
  for (guint i = 0; i < rtb_presets_get_n (); i++)
    gtk_string_list_append (presets, _(rtb_presets_get (i)->name));
  adw_combo_row_set_model (self->preset_row, G_LIST_MODEL (presets));
  factory = rtb_presets_new_list_factory ();
  adw_combo_row_set_list_factory (self->preset_row, factory);
}
