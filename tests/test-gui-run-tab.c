/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A run's tab: figures of any size fit the screen. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <adwaita.h>

#include "rtb-window.h"

#include "gui-test-util.h"
#include "rtb-test-run.h"

#define SCREEN_WIDTH 1280

static void
check_inscriptions (GtkWidget *widget,
                    guint     *long_texts)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_inscriptions (child, long_texts);
  if (GTK_IS_INSCRIPTION (widget))
    {
      const char *text = gtk_inscription_get_text (GTK_INSCRIPTION (widget));
      const char *tooltip = gtk_widget_get_tooltip_text (widget);

      /* A text wider than the figure insists on shows whole as its tooltip. */
      if (text != NULL && g_utf8_strlen (text, -1) + 2 > gtk_inscription_get_min_chars (GTK_INSCRIPTION (widget)))
        {
          g_test_message ("long figure \"%s\"", text);
          g_assert_cmpstr (tooltip, ==, text);
          (*long_texts)++;
        }
    }
}

/* Eight CPUs whose worst cases run from 1 ms to 1000 s ("1000000.00 ms"): the window still
 * fits a 1280-pixel screen, each figure cut short shows whole as its tooltip. */
static void
test_huge_figures (void)
{
  g_autoptr (RtbRun) run = test_run_new ("huge figures", RTB_METHOD_LATENCY, 8, 1);
  RtbWindow *window;
  guint long_texts = 0;
  int minimum = 0;

  REQUIRE_DISPLAY ();

  for (guint i = 0; i < 8; i++)
    {
      RtbSeries *series = rtb_run_get_series (run, i);
      gint64 worst = (gint64) (1e6 * pow (10, i * 6 / 7.0));

      for (guint n = 0; n < 100; n++)
        test_series_add (series, 20000 + n);
      test_series_add (series, worst);
    }
  rtb_run_stream_ended (run);
  rtb_run_flush_changed (run);

  window = new_window ();
  rtb_window_add_run (window, run);
  gtk_window_present (GTK_WINDOW (window));
  iterate_for (500);

  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  gui_test_shoot ("run-tab-huge-figures.png");
  g_test_message ("the window needs %d pixels at least", minimum);
  g_assert_cmpint (minimum, <=, SCREEN_WIDTH);
  check_inscriptions (GTK_WIDGET (window), &long_texts);
  g_assert_cmpuint (long_texts, >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);
  g_test_add_func ("/gui/run-tab/huge-figures", test_huge_figures);
  return g_test_run ();
}
