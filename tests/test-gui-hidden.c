/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a live run costs the window goes to what is shown: a comparison of two live runs redraws
 * its charts once per update of its table, not once per run; a comparison or a run's view
 * behind another tab does nothing until it is shown again, and is up to date then; what a page
 * has scrolled away is not drawn until it scrolls into view. The real worker measures two runs
 * at once. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "rtb-compare-view.h"
#include "rtb-live-view.h"
#include "rtb-on-screen-box.h"
#include "rtb-window.h"

#include "gui-test-util.h"

typedef struct {
  RtbCompareView *view;
  guint refreshes;
} Refreshes;

static gboolean
refreshed_once (gpointer data)
{
  Refreshes *r = data;

  return rtb_compare_view_get_n_refreshes (r->view) >= r->refreshes + 1;
}

static gboolean
refreshed_twice (gpointer data)
{
  Refreshes *r = data;

  return rtb_compare_view_get_n_refreshes (r->view) >= r->refreshes + 2;
}

typedef struct {
  RtbLiveView *view;
  guint updates;
} Updates;

static gboolean
updated_twice (gpointer data)
{
  Updates *u = data;

  return rtb_live_view_get_n_updates (u->view) >= u->updates + 2;
}

static RtbLiveView *
view_of (RtbWindow *window, RtbRecording *recording)
{
  rtb_window_select_recording (window, recording);
  return rtb_window_get_selected_view (window);
}

static void
test_hidden_views (void)
{
  g_autoptr(GPtrArray) recordings = NULL;
  RtbLiveView *views[2];
  RtbRun *runs[2];
  Refreshes refreshes = { 0 };
  Updates shown = { 0 };
  AdwTabView *tabs;
  AdwTabPage *compare_page;
  RtbChart *charts[2];
  guint draws[2];
  guint hidden_updates;
  guint n_still = 0;
  guint n;
  g_autofree char *ended_text = NULL;
  GtkWidget *cell;
  RtbWindow *window;

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();

  window = new_window ();
  setup_short_latency (window, "30s", "one");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  setup_short_latency (window, "30s", "two");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  recordings = rtb_window_get_recordings (window);
  g_assert_cmpuint (recordings->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      views[i] = view_of (window, recordings->pdata[i]);
      runs[i] = rtb_recording_get_run (recordings->pdata[i]);
    }

  /* Shown, the comparison draws each chart at most once per update of its table. */
  rtb_window_compare_runs (window, runs, 2);
  refreshes.view = RTB_COMPARE_VIEW (find_descendant (GTK_WIDGET (window),
                                                      RTB_TYPE_COMPARE_VIEW));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (refreshes.view)));
  charts[0] = rtb_compare_view_get_curve (refreshes.view);
  charts[1] = rtb_compare_view_get_histogram (refreshes.view);
  iterate_for (300);
  refreshes.refreshes = rtb_compare_view_get_n_refreshes (refreshes.view);
  for (guint c = 0; c < 2; c++)
    draws[c] = rtb_chart_get_n_draws (charts[c]);
  iterate_until (refreshed_twice, &refreshes, 15);
  g_assert_true (refreshed_twice (&refreshes));
  for (guint i = 0; i < 2; i++)
    g_assert_true (rtb_recording_is_live (recordings->pdata[i]));
  iterate_for (300); /* the frame after the last update */
  n = rtb_compare_view_get_n_refreshes (refreshes.view) - refreshes.refreshes;
  for (guint c = 0; c < 2; c++)
    {
      g_test_message ("chart %u: %u draws in %u updates", c,
                      rtb_chart_get_n_draws (charts[c]) - draws[c], n);
      g_assert_cmpuint (rtb_chart_get_n_draws (charts[c]) - draws[c], >=, 1);
      g_assert_cmpuint (rtb_chart_get_n_draws (charts[c]) - draws[c], <=, n);
    }

  /* Live, its figures and the time its runs measured are inscriptions: their new texts once a
   * second are drawn without laying the page out again. Only a refresh in which one of them
   * grew wider does, so some of a few refreshes leave the page as it was. */
  g_assert_true (GTK_IS_INSCRIPTION (rtb_compare_view_get_value_cell (refreshes.view, 0, 0,
                                                                       RTB_FIGURE_COUNT)));
  for (guint i = 0; i < 6 && n_still < 2; i++)
    {
      guint allocations = rtb_compare_view_get_n_allocations (refreshes.view);
      g_autofree char *runs_text = NULL;

      refreshes.refreshes = rtb_compare_view_get_n_refreshes (refreshes.view);
      iterate_until (refreshed_once, &refreshes, 15);
      g_assert_true (refreshed_once (&refreshes));
      iterate_for (300); /* the frame after the update */
      runs_text = rtb_compare_view_dup_runs_text (refreshes.view);
      g_test_message ("refresh %u: %u allocations; %s", i,
                      rtb_compare_view_get_n_allocations (refreshes.view) - allocations,
                      runs_text);
      g_assert_nonnull (strstr (runs_text, "measured"));
      n_still += rtb_compare_view_get_n_allocations (refreshes.view) == allocations;
    }
  g_assert_cmpuint (n_still, ==, 2);

  /* Run one's tab shown: its view follows its run; the comparison and run two's view, behind
   * other tabs, neither update nor draw while both runs go on. */
  tabs = ADW_TAB_VIEW (gtk_widget_get_ancestor (GTK_WIDGET (refreshes.view),
                                                ADW_TYPE_TAB_VIEW));
  compare_page = adw_tab_view_get_page (tabs, GTK_WIDGET (refreshes.view));
  rtb_window_select_recording (window, recordings->pdata[0]);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (refreshes.view)));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (views[1])));
  refreshes.refreshes = rtb_compare_view_get_n_refreshes (refreshes.view);
  for (guint c = 0; c < 2; c++)
    draws[c] = rtb_chart_get_n_draws (charts[c]);
  hidden_updates = rtb_live_view_get_n_updates (views[1]);
  shown.view = views[0];
  shown.updates = rtb_live_view_get_n_updates (views[0]);
  iterate_until (updated_twice, &shown, 15);
  g_assert_true (updated_twice (&shown));
  g_assert_cmpuint (rtb_compare_view_get_n_refreshes (refreshes.view), ==, refreshes.refreshes);
  for (guint c = 0; c < 2; c++)
    g_assert_cmpuint (rtb_chart_get_n_draws (charts[c]), ==, draws[c]);
  g_assert_cmpuint (rtb_live_view_get_n_updates (views[1]), ==, hidden_updates);

  /* Shown again, each is brought up to date at once. */
  adw_tab_view_set_selected_page (tabs, compare_page);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (refreshes.view)));
  g_assert_cmpuint (rtb_compare_view_get_n_refreshes (refreshes.view), ==,
                    refreshes.refreshes + 1);
  rtb_window_select_recording (window, recordings->pdata[1]);
  g_assert_cmpuint (rtb_live_view_get_n_updates (views[1]), ==, hidden_updates + 1);

  /* Once both runs ended, their figures stay put and can be selected. */
  for (guint i = 0; i < 2; i++)
    rtb_recording_stop (recordings->pdata[i]);
  iterate_until (window_done, window, 20);
  cell = rtb_compare_view_get_value_cell (refreshes.view, 0, 0, RTB_FIGURE_COUNT);
  g_assert_true (GTK_IS_LABEL (cell) && gtk_label_get_selectable (GTK_LABEL (cell)));
  ended_text = rtb_compare_view_dup_runs_text (refreshes.view);
  g_assert_null (strstr (ended_text, "measured"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The readout of a comparison's curve names each run's series (it once read names that the
 * spike lookup had freed). */
static void
test_comparison_readout (void)
{
  RtbRun *runs[2];
  const char *labels[] = { "first", "second" };
  RtbCompareView *view;
  RtbChart *curve;
  const char *text = NULL;
  RtbWindow *window;

  REQUIRE_DISPLAY ();

  window = new_window ();
  for (guint r = 0; r < 2; r++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "run-v1.rtbench",
                                                NULL);
      g_autoptr(GError) error = NULL;

      runs[r] = rtb_run_load (path, &error);
      g_assert_no_error (error);
      rtb_run_set_label (runs[r], labels[r]);
      rtb_window_add_run (window, runs[r]);
      g_object_unref (runs[r]); /* the window holds it */
    }
  rtb_window_compare_runs (window, runs, 2);
  view = RTB_COMPARE_VIEW (find_descendant (GTK_WIDGET (window), RTB_TYPE_COMPARE_VIEW));
  curve = rtb_compare_view_get_curve (view);
  iterate_for (300);
  for (double x = gtk_widget_get_width (GTK_WIDGET (curve)) / 2.0; text == NULL && x > 0;
       x -= 20)
    text = rtb_chart_hover (curve, x, gtk_widget_get_height (GTK_WIDGET (curve)) / 2.0);
  g_assert_nonnull (text);
  g_test_message ("readout: %s", text);
  g_assert_true (g_utf8_validate (text, -1, NULL));
  g_assert_nonnull (strstr (text, "first: "));
  g_assert_nonnull (strstr (text, "second: "));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
count_draw (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer draws)
{
  (*(guint *) draws)++;
}

/* A page of three 250 px parts in a 300 px view: only what is in view is drawn, and what
 * scrolling brings into view is drawn then. */
static void
test_scrolled_away (void)
{
  GtkWidget *window, *scroller, *box;
  GtkAdjustment *adjustment;
  GtkWidget *parts[3];
  guint draws[3] = { 0 };

  REQUIRE_DISPLAY ();
  scroller = gtk_scrolled_window_new ();
  box = rtb_on_screen_box_new (GTK_ORIENTATION_VERTICAL, 0);
  for (guint i = 0; i < 3; i++)
    {
      parts[i] = gtk_drawing_area_new ();
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (parts[i]), 250);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (parts[i]), count_draw, &draws[i], NULL);
      gtk_box_append (GTK_BOX (box), parts[i]);
    }
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), box);
  window = gui_test_present (scroller, 400, 300);
  iterate_for (500);
  g_assert_cmpuint (draws[0], >, 0);
  g_assert_cmpuint (draws[1], >, 0);
  g_assert_cmpuint (draws[2], ==, 0);

  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) -
                                          gtk_adjustment_get_page_size (adjustment));
  iterate_for (300);
  g_assert_cmpuint (draws[2], >, 0);

  /* Now the first part is out of view: changing it draws nothing until it comes back. */
  draws[0] = 0;
  gtk_widget_queue_draw (parts[0]);
  gtk_widget_queue_draw (parts[2]);
  draws[2] = 0;
  iterate_for (300);
  g_assert_cmpuint (draws[0], ==, 0);
  g_assert_cmpuint (draws[2], >, 0);
  gtk_adjustment_set_value (adjustment, 0);
  iterate_for (300);
  g_assert_cmpuint (draws[0], >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/hidden/views", test_hidden_views);
  g_test_add_func ("/gui/hidden/comparison-readout", test_comparison_readout);
  g_test_add_func ("/gui/hidden/scrolled-away", test_scrolled_away);
  return g_test_run ();
}
