/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <math.h>

#include "rtb-scroll.h"

/* GTK 4.8's scrolled window takes every scroll event over it, also the vertical ones it cannot
 * use, so over a wide table the page would not move. */
static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           gpointer                  user_data)
{
  GtkWidget *inner = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  GtkWidget *outer = gtk_widget_get_ancestor (gtk_widget_get_parent (inner),
                                              GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment;
  double step = 1;

  /* Shift turns the wheel sideways: that stays the table's own. */
  if (dy == 0 || outer == NULL ||
      (gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller)) &
       GDK_SHIFT_MASK))
    return FALSE;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (outer));
  /* A wheel click moves as far as it does in GTK's own scrolled windows. */
  if (gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL)
    step = pow (gtk_adjustment_get_page_size (adjustment), 2.0 / 3.0);
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + dy * step);
  return TRUE;
}

/* GTK 4.8 asks for room for a horizontal scrollbar only when it is always shown: one shown
 * when needed covers the table's last row. The room is kept below the table instead, empty
 * when the table fits. */
static void
reserve_scrollbar_room (GtkScrolledWindow *inner)
{
  GtkWidget *content = gtk_scrolled_window_get_child (inner);
  int height = 0;

  if (GTK_IS_VIEWPORT (content))
    content = gtk_viewport_get_child (GTK_VIEWPORT (content));
  g_return_if_fail (content != NULL);
  gtk_widget_measure (gtk_scrolled_window_get_hscrollbar (inner), GTK_ORIENTATION_VERTICAL, -1,
                      &height, NULL, NULL, NULL);
  gtk_widget_set_margin_bottom (content, gtk_widget_get_margin_bottom (content) + height);
}

void
rtb_scroll_pass_vertical (GtkScrolledWindow *inner)
{
  GtkEventController *controller;

  g_return_if_fail (GTK_IS_SCROLLED_WINDOW (inner));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), NULL);
  gtk_widget_add_controller (GTK_WIDGET (inner), controller);
  /* An overlay scrollbar shows only under the pointer: a table wider than the window looked
   * whole, its last columns (Dropped) off-screen with no sign that it scrolls. A classic one
   * shows whenever the table is wider; GTK keeps its room below the table. (Switching the
   * policy as the width changes would change it inside GTK's allocation, which leaves the
   * window's widgets to be drawn unallocated.) */
  gtk_scrolled_window_set_overlay_scrolling (inner, FALSE);
  gtk_scrolled_window_set_policy (inner, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  reserve_scrollbar_room (inner);
}
