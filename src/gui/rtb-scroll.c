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

static void
show_scrollbar_if_wider (GtkAdjustment     *adjustment,
                         GtkScrolledWindow *inner)
{
  gboolean wider = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_lower (adjustment) >
                   gtk_adjustment_get_page_size (adjustment) + 0.5;

  gtk_scrolled_window_set_policy (inner, wider ? GTK_POLICY_ALWAYS : GTK_POLICY_EXTERNAL,
                                  GTK_POLICY_NEVER);
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
   * is shown while it is needed ("always", as GTK sizes the window for it only then; else
   * "external": scrollable, without a bar). */
  gtk_scrolled_window_set_overlay_scrolling (inner, FALSE);
  g_signal_connect_object (gtk_scrolled_window_get_hadjustment (inner), "changed",
                           G_CALLBACK (show_scrollbar_if_wider), inner, 0);
  show_scrollbar_if_wider (gtk_scrolled_window_get_hadjustment (inner), inner);
}
