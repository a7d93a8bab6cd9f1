/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A box for the page of a scrolled window that draws only the children in view. GTK's cairo
 * renderer draws every node of the window at every frame, clipped to what changed: a page's
 * tables scrolled out of sight would cost a live view's once-a-second frame as much as if they
 * were shown.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define RTB_TYPE_ON_SCREEN_BOX (rtb_on_screen_box_get_type ())
G_DECLARE_FINAL_TYPE (RtbOnScreenBox, rtb_on_screen_box, RTB, ON_SCREEN_BOX, GtkBox)

GtkWidget *rtb_on_screen_box_new (GtkOrientation orientation, int spacing);

G_END_DECLS
