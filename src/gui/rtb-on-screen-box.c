/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include "rtb-on-screen-box.h"
#include "rtb-on-screen.h"

struct _RtbOnScreenBox
{
  GtkBox parent_instance;
};

G_DEFINE_FINAL_TYPE (RtbOnScreenBox, rtb_on_screen_box, GTK_TYPE_BOX)

static void
rtb_on_screen_box_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (rtb_widget_is_in_view (child, scroller))
      gtk_widget_snapshot_child (widget, child, snapshot);
}

/* Scrolling moves the page without drawing it again: what comes into view must be drawn. */
static void
on_maybe_scrolled (GtkWidget *widget)
{
  gtk_widget_queue_draw (widget);
}

static void
rtb_on_screen_box_class_init (RtbOnScreenBoxClass *klass)
{
  GTK_WIDGET_CLASS (klass)->snapshot = rtb_on_screen_box_snapshot;
}

static void
rtb_on_screen_box_init (RtbOnScreenBox *self)
{
  rtb_widget_watch_on_screen (GTK_WIDGET (self), G_CALLBACK (on_maybe_scrolled));
}

GtkWidget *
rtb_on_screen_box_new (GtkOrientation orientation,
                       int            spacing)
{
  return g_object_new (RTB_TYPE_ON_SCREEN_BOX, "orientation", orientation, "spacing", spacing,
                       NULL);
}
