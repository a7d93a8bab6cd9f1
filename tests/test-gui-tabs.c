/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's tab titles: long ones shortened in the middle, equal ones numbered. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "rtb-live-view.h"
#include "rtb-window.h"

#include "gui-test-util.h"

static RtbRun *
labelled_run (const char *label)
{
  RtbCommand cmd;
  RtbRun *run;

  rtb_command_defaults (&cmd, RTB_METHOD_RESPONSE, 1);
  run = rtb_run_new (&cmd);
  rtb_run_set_label (run, label);
  return run;
}

static AdwTabView *
tab_view (RtbWindow *window)
{
  return ADW_TAB_VIEW (find_descendant (GTK_WIDGET (window), ADW_TYPE_TAB_VIEW));
}

static const char *
nth_title (RtbWindow *window, int n)
{
  return adw_tab_page_get_title (adw_tab_view_get_nth_page (tab_view (window), n));
}

/* Long tab titles keep their end ("… 64", "… 128") and show whole as the tab's tooltip. */
static void
test_tab_titles_shortened (void)
{
  const char *labels[] = { "Matrix inversion of a large matrix 64",
                           "Matrix inversion of a large matrix 128", "Short title", NULL };
  const char *shown[] = { "Matrix inver…rge matrix 64", "Matrix inver…ge matrix 128",
                          "Short title", NULL };
  RtbWindow *window;

  REQUIRE_DISPLAY ();

  window = new_window ();
  for (guint i = 0; labels[i] != NULL; i++)
    {
      g_autoptr(RtbRun) run = labelled_run (labels[i]);

      rtb_window_add_run (window, run);
    }
  for (guint i = 0; labels[i] != NULL; i++)
    {
      AdwTabPage *page = adw_tab_view_get_nth_page (tab_view (window), i);

      g_assert_cmpstr (adw_tab_page_get_title (page), ==, shown[i]);
      g_assert_cmpstr (adw_tab_page_get_tooltip (page), ==, labels[i]);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* One run file opened twice, or runs of one label: the tabs are numbered in tab order, the
 * number after the shortened title; a tab that stops sharing its title (relabelled, closed)
 * gives its number up. */
static void
test_tab_titles_numbered (void)
{
  g_autofree char *dir = g_dir_make_tmp ("rtbench-tabs-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "same.rtbench", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(RtbRun) saved = labelled_run ("Same label");
  g_autoptr(GError) error = NULL;
  const char *tooltip;
  RtbWindow *window;
  RtbRun *first;

  REQUIRE_DISPLAY ();

  g_assert_true (rtb_run_save (saved, path, &error));
  g_assert_no_error (error);
  window = new_window ();
  rtb_window_open_file (window, file);
  rtb_window_open_file (window, file);
  iterate_until (gui_test_has_two_runs, window, 20);
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 2);
  g_assert_cmpstr (nth_title (window, 0), ==, "Same label");
  g_assert_cmpstr (nth_title (window, 1), ==, "Same label (2)");
  /* The tooltip names the run and its file, unnumbered. */
  tooltip = adw_tab_page_get_tooltip (adw_tab_view_get_nth_page (tab_view (window), 1));
  g_assert_true (g_str_has_prefix (tooltip, "Same label\n"));
  g_assert_true (g_str_has_suffix (tooltip, "same.rtbench"));

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(RtbRun) run = labelled_run ("Matrix inversion of a large matrix 64");

      rtb_window_add_run (window, run);
    }
  g_assert_cmpstr (nth_title (window, 2), ==, "Matrix inver…rge matrix 64");
  g_assert_cmpstr (nth_title (window, 3), ==, "Matrix inver…rge matrix 64 (2)");

  first = rtb_live_view_get_run (
    RTB_LIVE_VIEW (adw_tab_page_get_child (adw_tab_view_get_nth_page (tab_view (window), 0))));
  rtb_run_set_label (first, "Renamed");
  g_assert_cmpstr (nth_title (window, 0), ==, "Renamed");
  g_assert_cmpstr (nth_title (window, 1), ==, "Same label");

  adw_tab_view_close_page (tab_view (window), adw_tab_view_get_nth_page (tab_view (window), 2));
  iterate_for (100);
  g_assert_cmpint (adw_tab_view_get_n_pages (tab_view (window)), ==, 3);
  g_assert_cmpstr (nth_title (window, 2), ==, "Matrix inver…rge matrix 64");

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  gui_test_init (&argc, &argv);
  g_test_add_func ("/gui/tabs/shortened", test_tab_titles_shortened);
  g_test_add_func ("/gui/tabs/numbered", test_tab_titles_numbered);
  return g_test_run ();
}
