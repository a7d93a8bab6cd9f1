/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The setups of the published methods (METHODS.md), named after the method. */
#pragma once

#include <glib.h>

#include "rtb-command.h"
#include "rtb-load.h"

G_BEGIN_DECLS

typedef struct {
  const char *name;        /* translatable (N_), shown in the preset list and as run label */
  const char *description; /* translatable (N_) */
  const char *command;     /* "METHOD key=value…", omitted keys take the method's defaults */
  RtbLoadScenario load;
} RtbPreset;

guint rtb_presets_get_n (void);
const RtbPreset *rtb_presets_get (guint i);
/* Parses the preset's command for this machine (`n_cpus` online CPUs). */
gboolean rtb_preset_build_command (const RtbPreset *preset, int n_cpus, RtbCommand *cmd,
                                   GError **error);

G_END_DECLS
