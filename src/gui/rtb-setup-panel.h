/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "rtb-command.h"
#include "rtb-load.h"
#include "rtb-system-info.h"

G_BEGIN_DECLS

#define RTB_TYPE_SETUP_PANEL (rtb_setup_panel_get_type ())
G_DECLARE_FINAL_TYPE (RtbSetupPanel, rtb_setup_panel, RTB, SETUP_PANEL, GtkWidget)

RtbSetupPanel *rtb_setup_panel_new (void);

/* Binds every field to the "last setup" keys of the application's schema. */
void rtb_setup_panel_bind_settings (RtbSetupPanel *self, GSettings *settings);

/* Builds and checks the command the fields describe. On failure the row at fault is marked
 * and the error carries the command layer's message (which names the allowed range). */
gboolean rtb_setup_panel_build_command (RtbSetupPanel *self, RtbCommand *cmd, GError **error);
/* Fills the fields from a command (presets, "run again"). */
void rtb_setup_panel_set_command (RtbSetupPanel *self, const RtbCommand *cmd);

RtbMethod rtb_setup_panel_get_method (RtbSetupPanel *self);
void rtb_setup_panel_set_method (RtbSetupPanel *self, RtbMethod method);
RtbLoadScenario rtb_setup_panel_get_load (RtbSetupPanel *self);
/* The machine to measure through ssh, or NULL for this computer; the worker's path there (NULL:
 * the installed path); what that machine's worker said of it (NULL until it answered). */
const char *rtb_setup_panel_get_remote (RtbSetupPanel *self);
const char *rtb_setup_panel_get_remote_worker (RtbSetupPanel *self);
const RtbSystemInfo *rtb_setup_panel_get_remote_system (RtbSetupPanel *self);
void rtb_setup_panel_set_load (RtbSetupPanel *self, RtbLoadScenario load);
const char *rtb_setup_panel_get_label (RtbSetupPanel *self);
void rtb_setup_panel_set_label (RtbSetupPanel *self, const char *label);
void rtb_setup_panel_set_duration (RtbSetupPanel *self, const char *duration);

/* Applies preset `index` of rtb_presets_get(). */
void rtb_setup_panel_apply_preset (RtbSetupPanel *self, guint index);

/* For tests and screenshots: pretend these CPUs are isolated (a CPU list, "" for none). */
void rtb_setup_panel_set_isolated (RtbSetupPanel *self, const char *list);
gboolean rtb_setup_panel_is_cpu_isolated (RtbSetupPanel *self, int cpu);
void rtb_setup_panel_set_measuring (RtbSetupPanel *self, gboolean measuring);
gboolean rtb_setup_panel_get_follows_machine (RtbSetupPanel *self);

G_END_DECLS
