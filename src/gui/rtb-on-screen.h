/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Whether a widget of a live view is where the user can see it, so that what is scrolled away
 * or on another tab is not kept up to date at every update, only when it comes into view. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Mapped and, inside a scrolled window, showing at least one pixel of it. */
gboolean rtb_widget_is_on_screen (GtkWidget *widget);
/* Showing at least one pixel in `scroller`'s view; TRUE without a scroller or before the
 * widget is laid out (rather than miss the first update). */
gboolean rtb_widget_is_in_view (GtkWidget *widget, GtkWidget *scroller);
/* Calls `callback (widget)` whenever mapping, scrolling or resizing may have brought it into
 * view; the callback checks rtb_widget_is_on_screen(). Lasts as long as the widget. */
void rtb_widget_watch_on_screen (GtkWidget *widget, GCallback callback);

G_END_DECLS
