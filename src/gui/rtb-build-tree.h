/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Where the build tree keeps what an installed rtbench finds in its prefix, for the program
 * started straight from that build tree (build/src/gui/rtbench, not installed). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* RTB_BUILD_ROOT/relative when this program is the build tree's own and that path exists;
 * NULL otherwise. */
char *rtb_build_tree_path (const char *relative);

G_END_DECLS
