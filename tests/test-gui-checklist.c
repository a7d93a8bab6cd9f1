/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The setup pane's checklist follows the chosen CPUs: a SCHED_FIFO 99 sleeper pinned to CPU 1
 * is listed while CPU 1 is chosen and not once only CPU 0 is, and no longer once it has ended,
 * with nothing changed in the setup. A run's System panel shows the
 * checklist it recorded, with the verdict, in the reader's language whatever the recorder's.
 * Needs root and two CPUs for the sleeper. Read again with only a value changed, the list keeps
 * its rows, and what the user opened stays open. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gui-test-util.h"
#include "rtb-checklist-group.h"
#include "rtb-checklist.h"
#include "rtb-live-view.h"
#include "rtb-setup-panel.h"
#include "rtb-system-panel.h"
#include "rt-sleeper.h"

/* The value of the group's item `id`, or NULL when it lists none. */
static const char *
item_value (RtbChecklistGroup *group, const char *id)
{
  const RtbCheck *check = rtb_checklist_find (rtb_checklist_group_get_checks (group), id);

  return check != NULL ? check->value : NULL;
}

/* Choosing CPUs queues the checklist for when the main loop is idle. */
static gboolean
nothing_pending (gpointer data)
{
  return !g_main_context_pending (NULL);
}

/* The panel reads the checklist again in an idle, after the layout and drawing that are due:
 * on a busy machine that takes longer than any fixed wait, so wait until the loop is idle. */
static void
choose_cpus (RtbSetupPanel *setup, const char *cpus)
{
  g_object_set (setup, "cpus", cpus, NULL);
  iterate_until (nothing_pending, NULL, 10);
}

typedef struct {
  RtbChecklistGroup *group;
  const char *mark;
} Listed;

static gboolean
no_longer_listed (gpointer data)
{
  Listed *listed = data;
  const char *value = item_value (listed->group, "sched.rt_tasks");

  return value != NULL && strstr (value, listed->mark) == NULL;
}

static void
test_setup_follows_cpus (void)
{
  g_autofree char *mark = NULL;
  g_autofree char *on_1 = NULL, *on_0 = NULL, *both = NULL, *after = NULL;
  RtbWindow *window;
  RtbSetupPanel *setup;
  RtbChecklistGroup *group;
  GPtrArray *checks;
  guint n_items, n_shown;
  GPid pid;

  REQUIRE_DISPLAY ();
  if (geteuid () != 0 || sysconf (_SC_NPROCESSORS_ONLN) < 2)
    {
      g_test_skip ("needs root (a SCHED_FIFO sleeper) and two CPUs");
      return;
    }
  pid = rt_sleeper_start ();
  mark = rt_sleeper_mark (pid);

  window = new_window ();
  setup = rtb_window_get_setup_panel (window);
  group = RTB_CHECKLIST_GROUP (find_descendant (GTK_WIDGET (setup), RTB_TYPE_CHECKLIST_GROUP));
  g_assert_nonnull (group);
  rtb_setup_panel_set_method (setup, RTB_METHOD_LATENCY);
  g_object_set (setup, "policy", "fifo", NULL);

  choose_cpus (setup, "1");
  on_1 = g_strdup (item_value (group, "sched.rt_tasks"));
  n_items = rtb_checklist_group_get_n_items (group);
  n_shown = rtb_checklist_group_get_n_shown (group);
  choose_cpus (setup, "0");
  on_0 = g_strdup (item_value (group, "sched.rt_tasks"));
  choose_cpus (setup, "0-1");
  both = g_strdup (item_value (group, "sched.rt_tasks"));

  rt_sleeper_stop (pid);
  /* Nothing in the setup changes: the pane reads the machine again by itself. */
  iterate_until (no_longer_listed, &(Listed) { group, mark }, 30);
  after = g_strdup (item_value (group, "sched.rt_tasks"));
  g_test_message ("CPU 1: %s\nCPU 0: %s\nCPUs 0-1: %s\nended: %s", on_1, on_0, both, after);

  g_assert_nonnull (on_1);
  g_assert_nonnull (strstr (on_1, mark));
  g_assert_nonnull (on_0);
  g_assert_null (strstr (on_0, mark));
  g_assert_nonnull (strstr (both, mark));
  g_assert_nonnull (after);
  g_assert_null (strstr (after, mark));
  /* Worst first (the sleeper's item is bad), and compact until asked for all. */
  checks = rtb_checklist_group_get_checks (group);
  g_assert_cmpint (((RtbCheck *) checks->pdata[0])->status, ==, RTB_CHECK_BAD);
  for (guint i = 1; i < checks->len; i++)
    g_assert_cmpint (((RtbCheck *) checks->pdata[i - 1])->status, <=,
                     ((RtbCheck *) checks->pdata[i])->status);
  g_assert_cmpuint (n_items, ==, rtb_checklist_group_get_n_items (group));
  g_assert_cmpuint (n_shown, <, n_items);
  rtb_checklist_group_set_show_all (group, TRUE);
  g_assert_cmpuint (rtb_checklist_group_get_n_shown (group), ==, n_items);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A real run records its checklist at the start; its System panel shows it and the verdict. */
static void
test_system_panel_shows_recorded (void)
{
  RtbWindow *window;
  RtbLiveView *view;
  RtbSystemPanel *panel;
  RtbChecklistGroup *group;
  GPtrArray *recorded;

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();
  window = new_window ();
  setup_short_latency (window, "1s", "checklist");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  g_assert_true (rtb_window_is_running (window));
  iterate_until (window_done, window, 30);
  g_assert_false (rtb_window_is_running (window));

  view = rtb_window_get_selected_view (window);
  g_assert_nonnull (view);
  recorded = rtb_run_get_checks (rtb_live_view_get_run (view));
  g_assert_nonnull (recorded);
  panel = RTB_SYSTEM_PANEL (find_descendant (GTK_WIDGET (view), RTB_TYPE_SYSTEM_PANEL));
  group = RTB_CHECKLIST_GROUP (find_descendant (GTK_WIDGET (panel), RTB_TYPE_CHECKLIST_GROUP));
  g_assert_nonnull (group);
  g_assert_cmpuint (rtb_checklist_group_get_n_items (group), ==, recorded->len);
  for (guint i = 0; i < recorded->len; i++)
    {
      const RtbCheck *check = recorded->pdata[i];

      g_assert_cmpstr (item_value (group, check->id), ==, check->value);
    }
  g_assert_nonnull (strstr (adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (group)),
                            "worst case"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* While a run measures, the setup's checklist is not read again (it would count the run's own
 * real-time threads as competing tasks); it follows the machine again once the run ended. */
static void
test_setup_still_while_measuring (void)
{
  RtbWindow *window;
  RtbSetupPanel *setup;

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();
  window = new_window ();
  setup = rtb_window_get_setup_panel (window);
  iterate_for (100);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (setup)));
  g_assert_true (rtb_setup_panel_get_follows_machine (setup));
  setup_short_latency (window, "1s", "still");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  g_assert_true (rtb_window_is_running (window));
  g_assert_false (rtb_setup_panel_get_follows_machine (setup));
  iterate_until (window_done, window, 30);
  g_assert_false (rtb_window_is_running (window));
  g_assert_true (rtb_setup_panel_get_follows_machine (setup));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The group's row whose title is `title`, or NULL. */
static GtkWidget *
row_titled (GtkWidget *widget, const char *title)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (ADW_IS_PREFERENCES_ROW (child) &&
          g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child)), title) == 0)
        return child;
      if ((found = row_titled (child, title)) != NULL)
        return found;
    }
  return NULL;
}

static GPtrArray *
two_checks (RtbCheckStatus isolated, const char *rt_tasks)
{
  GPtrArray *checks = g_ptr_array_new_with_free_func ((GDestroyNotify) rtb_check_free);
  RtbCheck tasks = { "sched.rt_tasks", RTB_CHECK_GOOD, (char *) rt_tasks, NULL };
  RtbCheck cpus = { "cpus.isolated", isolated, "none of CPUs 0-1 is isolated",
                    "Boot with isolcpus=N" };

  g_ptr_array_add (checks, rtb_check_copy (&tasks));
  g_ptr_array_add (checks, rtb_check_copy (&cpus));
  return checks;
}

static void
test_rows_kept (void)
{
  static const char three[] = "none at priority 99 or above on CPUs 0-1 (3 real-time tasks below)";
  static const char five[] = "none at priority 99 or above on CPUs 0-1 (5 real-time tasks below)";
  g_autoptr (GPtrArray) first = two_checks (RTB_CHECK_COULD_BE_BETTER, three);
  g_autoptr (GPtrArray) again = two_checks (RTB_CHECK_COULD_BE_BETTER, five);
  g_autoptr (GPtrArray) worse = two_checks (RTB_CHECK_BAD, five);
  RtbChecklistGroup *group;
  GtkWidget *window, *tasks_row, *cpus_row;
  g_autofree char *description = NULL;

  REQUIRE_DISPLAY ();
  window = gtk_window_new ();
  group = g_object_new (RTB_TYPE_CHECKLIST_GROUP, NULL);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (group));
  gtk_window_present (GTK_WINDOW (window));

  rtb_checklist_group_set_checks (group, first, NULL);
  tasks_row = row_titled (GTK_WIDGET (group), three);
  cpus_row = row_titled (GTK_WIDGET (group), "none of CPUs 0-1 is isolated");
  g_assert_true (ADW_IS_ACTION_ROW (tasks_row));
  g_assert_true (ADW_IS_EXPANDER_ROW (cpus_row));
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (cpus_row), TRUE);
  description = g_strdup (adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (group)));
  iterate_for (50);

  /* Only the count of tasks changed: the same rows, the new value in its row, the other still
   * open. */
  rtb_checklist_group_set_checks (group, again, NULL);
  g_assert_true (row_titled (GTK_WIDGET (group), five) == tasks_row);
  g_assert_null (row_titled (GTK_WIDGET (group), three));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (tasks_row), ==, five);
  g_assert_true (row_titled (GTK_WIDGET (group), "none of CPUs 0-1 is isolated") == cpus_row);
  g_assert_true (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (cpus_row)));
  g_assert_cmpstr (item_value (group, "sched.rt_tasks"), ==, five);
  g_assert_cmpuint (rtb_checklist_group_get_n_items (group), ==, 2);
  g_assert_cmpstr (adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (group)), ==,
                   description);

  /* A status changed: the list is made anew, worst first, with its counts. */
  rtb_checklist_group_set_checks (group, worse, NULL);
  g_assert_cmpint (((RtbCheck *) rtb_checklist_group_get_checks (group)->pdata[0])->status, ==,
                   RTB_CHECK_BAD);
  cpus_row = row_titled (GTK_WIDGET (group), "none of CPUs 0-1 is isolated");
  g_assert_true (ADW_IS_EXPANDER_ROW (cpus_row));
  g_assert_false (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (cpus_row)));
  g_assert_cmpuint (rtb_checklist_group_get_n_items (group), ==, 2);
  g_assert_cmpstr (adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (group)), !=,
                   description);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_a_run (gpointer data)
{
  return rtb_window_get_n_runs (data) == 1;
}

/* A run recorded under LANGUAGE=es opened by an English user: its System panel lists the
 * checklist in English, and no item as it was saved. */
static void
test_recorded_in_spanish (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"),
                                            "run-checklist-es.rtbench", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  RtbWindow *window;
  RtbLiveView *view;
  RtbChecklistGroup *group;

  REQUIRE_DISPLAY ();
  window = new_window ();
  rtb_window_open_file (window, file);
  iterate_until (has_a_run, window, 20);
  view = rtb_window_get_selected_view (window);
  g_assert_nonnull (view);
  group = RTB_CHECKLIST_GROUP (find_descendant (
    find_descendant (GTK_WIDGET (view), RTB_TYPE_SYSTEM_PANEL), RTB_TYPE_CHECKLIST_GROUP));
  rtb_checklist_group_set_show_all (group, TRUE);
  g_assert_cmpuint (rtb_checklist_group_get_n_items (group), ==, 24);
  g_assert_true (ADW_IS_EXPANDER_ROW (row_titled (GTK_WIDGET (group), "CPU 1 is not isolated")));
  g_assert_nonnull (row_titled (GTK_WIDGET (group), "the worker's memory is locked"));
  g_assert_null (row_titled (GTK_WIDGET (group), "CPU 1 no está aislada"));
  g_assert_null (row_titled (GTK_WIDGET (group),
                             "la memoria del proceso de medición está bloqueada"));
  g_assert_nonnull (strstr (adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (group)),
                            "Would help most: kernel.preemption: Boot a PREEMPT_RT kernel"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui-checklist/setup-follows-cpus", test_setup_follows_cpus);
  g_test_add_func ("/gui-checklist/system-panel-shows-recorded", test_system_panel_shows_recorded);
  g_test_add_func ("/gui-checklist/rows-kept", test_rows_kept);
  g_test_add_func ("/gui-checklist/setup-still-while-measuring", test_setup_still_while_measuring);
  g_test_add_func ("/gui-checklist/recorded-in-spanish", test_recorded_in_spanish);
  return g_test_run ();
}
