/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tables that scroll sideways inside a page that scrolls up and down. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The mouse wheel and vertical touchpad swipes over `inner`, a scrolled window that scrolls
 * sideways only, scroll the scrolled window around it instead of nothing; and its scrollbar
 * stays shown whenever what it holds is wider than it, the sign that it scrolls. */
void rtb_scroll_pass_vertical (GtkScrolledWindow *inner);

G_END_DECLS
