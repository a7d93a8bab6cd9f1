/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-setup-panel-private.h"

/* Another machine brings its own CPUs, once its worker said how many; a load scenario would
 * run stress-ng here, not there. */
void
_rtb_setup_panel_on_machine_changed (RtbSetupPanel *self)
{
  const RtbSystemInfo *system = rtb_machine_group_get_system (self->machine_group);
  gboolean remote = rtb_machine_group_get_remote (self->machine_group) != NULL;

  if (system != NULL)
    {
      rtb_cpu_picker_set_n_cpus (self->cpu_picker, system->n_cpus);
      rtb_cpu_picker_set_isolated (self->cpu_picker, system->isolated);
    }
  else if (!remote)
    rtb_cpu_picker_show_this_machine (self->cpu_picker);
  self->n_cpus = rtb_cpu_picker_get_n_cpus (self->cpu_picker);

  if (remote)
    adw_combo_row_set_selected (self->load_row, 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->load_row), !remote);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->load_row),
                               remote ? _("Start the load on the other machine yourself: "
                                          "stress-ng would run here")
                                      : _("Started with stress-ng during the run"));
  _rtb_setup_panel_changed (self);
}

const char *
rtb_setup_panel_get_remote (RtbSetupPanel *self)
{
  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), NULL);

  return rtb_machine_group_get_remote (self->machine_group);
}

const char *
rtb_setup_panel_get_remote_worker (RtbSetupPanel *self)
{
  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), NULL);

  return rtb_machine_group_get_remote_worker (self->machine_group);
}

const RtbSystemInfo *
rtb_setup_panel_get_remote_system (RtbSetupPanel *self)
{
  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), NULL);

  return rtb_machine_group_get_system (self->machine_group);
}
