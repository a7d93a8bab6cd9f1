/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include "rtb-on-screen.h"

#define WATCHED_ADJUSTMENT "rtb-on-screen-adjustment"

gboolean
rtb_widget_is_in_view (GtkWidget *widget,
                       GtkWidget *scroller)
{
  graphene_rect_t bounds;
  graphene_rect_t view;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);

  if (scroller == NULL || gtk_widget_get_width (widget) <= 0 ||
      !gtk_widget_compute_bounds (widget, scroller, &bounds))
    return TRUE;
  graphene_rect_init (&view, 0, 0, gtk_widget_get_width (scroller),
                      gtk_widget_get_height (scroller));
  return graphene_rect_intersection (&bounds, &view, NULL);
}

gboolean
rtb_widget_is_on_screen (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);

  return gtk_widget_get_mapped (widget) &&
         rtb_widget_is_in_view (widget,
                                gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW));
}

/* Connected on map, as the scrolled window is only known once the widget is in one. */
static void
on_map (GtkWidget *widget,
        GCallback  callback)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment;

  if (scroller != NULL)
    {
      adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
      if (g_object_get_data (G_OBJECT (widget), WATCHED_ADJUSTMENT) != adjustment)
        {
          g_object_set_data (G_OBJECT (widget), WATCHED_ADJUSTMENT, adjustment);
          /* "changed" too: a taller window shows more without any scrolling. */
          g_signal_connect_object (adjustment, "value-changed", callback, widget,
                                   G_CONNECT_SWAPPED);
          g_signal_connect_object (adjustment, "changed", callback, widget, G_CONNECT_SWAPPED);
        }
    }
  ((void (*) (GtkWidget *)) callback) (widget);
}

void
rtb_widget_watch_on_screen (GtkWidget *widget,
                            GCallback  callback)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (callback != NULL);

  g_signal_connect_after (widget, "map", G_CALLBACK (on_map), callback);
}
