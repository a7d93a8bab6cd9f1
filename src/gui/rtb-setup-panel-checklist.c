/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-checklist.h"
#include "rtb-setup-panel-private.h"

/* The checklist of the chosen machine for the chosen CPUs and priority, read anew: what runs
 * on this computer changes while the window is open. */
static gboolean
update_checklist (gpointer data)
{
  RtbSetupPanel *self = data;
  g_autoptr (GHashTable) snapshot = rtb_machine_group_dup_snapshot (self->machine_group);
  g_autoptr (GPtrArray) checks = NULL;
  g_autofree char *cpus_text = NULL;
  uint64_t cpus[RTB_MAX_CPUS / 64] = { 0 };
  RtbChecklistFor what = {
    cpus,
    _rtb_setup_panel_get_policy (self) == RTB_POLICY_OTHER
      ? 0 : (int) gtk_adjustment_get_value (self->priority_adjustment),
    rtb_machine_group_get_hello (self->machine_group),
    !rtb_command_key_taken (RTB_KEY_POLICY, rtb_setup_panel_get_method (self)),
  };

  self->checklist_idle = 0;
  if (snapshot == NULL)
    {
      rtb_checklist_group_set_checks (self->checklist_group, NULL,
                                      _("Known once the other machine answered"));
      return G_SOURCE_REMOVE;
    }
  /* Auto is chosen by the measured machine's worker, and unpinned threads may run anywhere:
   * either is judged on every CPU. */
  if (!rtb_method_is_per_cpu (self->method) && rtb_cpu_picker_get_cpu (self->cpu_picker) < 0)
    what.cpus = NULL;
  else if (!rtb_method_is_per_cpu (self->method))
    {
      int cpu = MIN (rtb_cpu_picker_get_cpu (self->cpu_picker), RTB_MAX_CPUS - 1);

      cpus[cpu / 64] |= G_GUINT64_CONSTANT (1) << (cpu % 64);
    }
  else if (g_strcmp0 (cpus_text = rtb_cpu_picker_dup_cpus (self->cpu_picker), "all") == 0 ||
           !rtb_cpu_list_parse (cpus_text, cpus, RTB_MAX_CPUS, NULL))
    what.cpus = NULL;
  checks = rtb_checklist_evaluate (snapshot, &what);
  rtb_checklist_group_set_checks (self->checklist_group, checks, NULL);
  return G_SOURCE_REMOVE;
}

void
_rtb_setup_panel_queue_checklist (RtbSetupPanel *self)
{
  if (self->checklist_idle == 0)
    self->checklist_idle = g_idle_add (update_checklist, self);
}

/* Tasks start and end, interrupts move, swap comes and goes while nothing in the setup
 * changes: a checklist read only on changes would go on showing a process long gone. */
#define REFRESH_SECONDS 2

static gboolean
refresh_checklist (gpointer data)
{
  _rtb_setup_panel_queue_checklist (data);
  return G_SOURCE_CONTINUE;
}

void
_rtb_setup_panel_follow_machine (RtbSetupPanel *self,
                                 gboolean       follow)
{
  g_clear_handle_id (&self->checklist_refresh, g_source_remove);
  if (follow && !self->measuring)
    {
      self->checklist_refresh = g_timeout_add_seconds (REFRESH_SECONDS, refresh_checklist, self);
      _rtb_setup_panel_queue_checklist (self);
    }
}

/* While a run of the window measures, the checklist stays as it was read before: read again,
 * it would count the run's own real-time threads as tasks competing with it, and its reading
 * of every task's state is the window's largest cost after drawing. */
void
rtb_setup_panel_set_measuring (RtbSetupPanel *self,
                               gboolean       measuring)
{
  g_return_if_fail (RTB_IS_SETUP_PANEL (self));

  if (self->measuring == !!measuring)
    return;
  self->measuring = !!measuring;
  _rtb_setup_panel_follow_machine (self, gtk_widget_get_mapped (GTK_WIDGET (self)));
}

/* Whether the checklist is read again every few seconds (shown, and no run measuring). */
gboolean
rtb_setup_panel_get_follows_machine (RtbSetupPanel *self)
{
  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), FALSE);

  return self->checklist_refresh != 0;
}
