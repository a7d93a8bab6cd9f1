/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The setups of the published methods (METHODS.md, RtbPreset in rtb-key-words.h) as the
 * window lists them. */
#pragma once

#include <gtk/gtk.h>

#include "rtb-command.h"
#include "rtb-key-words.h"

G_BEGIN_DECLS

guint rtb_presets_get_n (void);
const RtbPreset *rtb_presets_get (guint i);
/* Parses the preset's command for this machine (`n_cpus` online CPUs). */
gboolean rtb_preset_build_command (const RtbPreset *preset, int n_cpus, RtbCommand *cmd,
                                   GError **error);

/* How long the preset runs, then what it does: "Runs 12h · cyclictest …", in the user's
 * language. */
char *rtb_preset_dup_summary (const RtbPreset *preset);
/* The items of a list of "Custom" followed by every preset: each name whole over its summary. */
GtkListItemFactory *rtb_presets_new_list_factory (void);

G_END_DECLS
