/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's settings schema: installed, or compiled in the build tree the program runs from. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define RTB_SETTINGS_SCHEMA_ID "io.github.rtbench.RtBench"

/* The schema installed (or in GSETTINGS_SCHEMA_DIR); else, for a program started from its
 * build tree without GSETTINGS_SCHEMA_DIR, the one that build compiled into build/data. NULL,
 * with an error that says how to start the window, when there is neither. */
GSettingsSchema *rtb_settings_schema_lookup (GError **error);

G_END_DECLS
