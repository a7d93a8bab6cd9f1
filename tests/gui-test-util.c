/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <stdlib.h>

#include <sys/wait.h>
#include <unistd.h>

#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>

#include "gui-test-util.h"

gboolean gui_test_have_display;

static gboolean data_home_chosen;
static char *own_data_home;

static void
remove_own_data_home (void)
{
  gui_test_remove_tree (own_data_home);
  g_free (own_data_home);
}

void
gui_test_init (int *argc, char ***argv)
{
  /* Before GLib caches the user's folders: the window keeps runs in the data folder. */
  if (!data_home_chosen)
    {
      own_data_home = gui_test_make_data_home ();
      atexit (remove_own_data_home);
    }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GTK_A11Y", "none", FALSE);
  g_test_init (argc, argv, NULL);

  gui_test_have_display = (g_getenv ("DISPLAY") != NULL || g_getenv ("WAYLAND_DISPLAY") != NULL) &&
                          gtk_init_check ();
  if (gui_test_have_display)
    adw_init ();
}

void
iterate_until (gboolean (*done) (gpointer), gpointer data, guint timeout_s)
{
  gint64 deadline = g_get_monotonic_time () + timeout_s * G_USEC_PER_SEC;

  while (!done (data) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
}

void
iterate_for (guint ms)
{
  gint64 deadline = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
}

RtbWindow *
new_window (void)
{
  RtbWindow *window = rtb_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static gboolean
has_a_run (gpointer window)
{
  return rtb_window_get_n_runs (window) == 1;
}

RtbWindow *
gui_test_open (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  RtbWindow *window = new_window ();

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  rtb_window_open_file (window, file);
  iterate_until (has_a_run, window, 20);
  g_assert_null (rtb_window_get_last_error (window));
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 1);
  return window;
}

GtkWidget *
gui_test_present (GtkWidget *child,
                  int        width,
                  int        height)
{
  GtkWidget *holder = gtk_window_new ();

  if (width > 0 && height > 0)
    gtk_window_set_default_size (GTK_WINDOW (holder), width, height);
  gtk_window_set_child (GTK_WINDOW (holder), child);
  gtk_window_present (GTK_WINDOW (holder));
  return holder;
}

gboolean
window_done (gpointer data)
{
  return !rtb_window_is_running (data);
}

void
setup_short_latency (RtbWindow *window, const char *duration, const char *label)
{
  RtbSetupPanel *panel = rtb_window_get_setup_panel (window);

  rtb_setup_panel_set_method (panel, RTB_METHOD_LATENCY);
  rtb_setup_panel_set_duration (panel, duration);
  rtb_setup_panel_set_load (panel, RTB_LOAD_NONE);
  rtb_setup_panel_set_label (panel, label);
  if (geteuid () != 0)
    g_object_set (panel, "policy", "other", NULL);
}

gboolean
gui_test_has_two_runs (gpointer window)
{
  return rtb_window_get_n_runs (window) == 2;
}

RtbRun *
gui_test_measure (RtbWindow *window, const char *duration, const char *label)
{
  RtbRun *run;

  setup_short_latency (window, duration, label);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  g_assert_true (rtb_window_is_running (window));
  iterate_until (window_done, window, 30);
  g_assert_false (rtb_window_is_running (window));
  g_assert_null (rtb_window_get_last_error (window));
  run = rtb_window_get_live_run (window);
  g_assert_nonnull (run);
  g_assert_cmpint (rtb_run_get_state (run), ==, RTB_RUN_STATE_FINISHED);
  g_assert_cmpint (rtb_run_get_end_reason (run), ==, RTB_END_COMPLETED);
  return run;
}

RtbLiveView *
gui_test_save_and_reopen (RtbWindow *window, RtbRun *run)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rtbench-gui-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  RtbLiveView *view;

  g_assert_no_error (error);
  path = g_build_filename (dir, "run.rtbench", NULL);
  g_assert_true (rtb_run_save (run, path, &error));
  g_assert_no_error (error);
  file = g_file_new_for_path (path);
  rtb_window_open_file (window, file);
  iterate_until (gui_test_has_two_runs, window, 20);
  g_assert_null (rtb_window_get_last_error (window));
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 2);
  view = rtb_window_get_selected_view (window);
  g_assert_true (rtb_live_view_get_run (view) != run);
  g_unlink (path);
  g_rmdir (dir);
  return view;
}

GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

char *
gui_test_make_data_home (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("rtbench-gui-data-XXXXXX", &error);

  g_assert_no_error (error);
  gui_test_set_data_home (dir);
  return dir;
}

void
gui_test_set_data_home (const char *dir)
{
  g_setenv ("XDG_DATA_HOME", dir, TRUE);
  data_home_chosen = TRUE;
}

void
gui_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        gui_test_remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

char *
gui_test_data_path (const char *relative)
{
  const char *dir = g_getenv ("RTBENCH_TEST_DATA");

  g_assert_nonnull (dir);
  return g_build_filename (dir, relative, NULL);
}

static gboolean
child_exited (gpointer data)
{
  return *(int *) data >= 0;
}

static void
on_child_exit (GPid pid, int status, gpointer data)
{
  *(int *) data = status;
  g_spawn_close_pid (pid);
}

gboolean
gui_test_press (GtkWindow *window, const char *keys)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autofree char *xid = NULL;
  g_autoptr(GError) error = NULL;
  int status = -1;
  GPid pid;

  if (xdotool == NULL)
    {
      g_test_skip ("xdotool is missing (scripts/deps.sh test installs it)");
      return FALSE;
    }
  g_assert_true (GDK_IS_X11_SURFACE (surface));
  xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (surface));
  {
    const char *argv[] = { xdotool, "windowfocus", "--sync", xid, "key", "--clearmodifiers",
                           keys, NULL };

    g_assert_true (g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL,
                                  NULL, &pid, &error));
    g_assert_no_error (error);
  }
  g_child_watch_add (pid, on_child_exit, &status);
  iterate_until (child_exited, &status, 10);
  g_assert_cmpint (status, ==, 0);
  /* The key events arrive through the X connection: let GTK read and handle them. */
  iterate_for (300);
  return TRUE;
}

/* Runs xdotool with `args` (NULL-terminated) and waits, letting GTK run meanwhile. */
static gboolean
xdotool (const char *const *args)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = -1;
  GPid pid;

  if (xdotool == NULL)
    {
      g_test_skip ("xdotool is missing (scripts/deps.sh test installs it)");
      return FALSE;
    }
  g_ptr_array_add (argv, xdotool);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_async (NULL, (char **) argv->pdata, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  g_child_watch_add (pid, on_child_exit, &status);
  iterate_until (child_exited, &status, 10);
  g_assert_cmpint (status, ==, 0);
  iterate_for (300);
  return TRUE;
}

static gboolean
wheel (GtkWidget  *widget,
       int         clicks,
       const char *modifier)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = gtk_native_get_surface (native);
  /* Near its top: a tall table's middle may be below the window. */
  graphene_point_t center = GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.0,
                                                 MIN (gtk_widget_get_height (widget) / 2.0, 30));
  graphene_point_t at;
  g_autofree char *xid = NULL;
  g_autofree char *x = NULL;
  g_autofree char *y = NULL;
  g_autofree char *repeat = g_strdup_printf ("%d", ABS (clicks));
  const char *button = clicks > 0 ? "5" : "4";
  double dx;
  double dy;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &center, &at));
  gtk_native_get_surface_transform (native, &dx, &dy);
  xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (surface));
  x = g_strdup_printf ("%d", (int) (at.x + dx));
  y = g_strdup_printf ("%d", (int) (at.y + dy));
  if (modifier == NULL)
    return xdotool ((const char *[]) { "mousemove", "--window", xid, x, y, "click",
                                       "--repeat", repeat, "--delay", "50", button, NULL });
  return xdotool ((const char *[]) { "mousemove", "--window", xid, x, y, "keydown", modifier,
                                     "click", "--repeat", repeat, "--delay", "50", button,
                                     "keyup", modifier, NULL });
}

gboolean
gui_test_wheel (GtkWidget *widget,
                int        clicks)
{
  return wheel (widget, clicks, NULL);
}

gboolean
gui_test_shift_wheel (GtkWidget *widget,
                      int        clicks)
{
  return wheel (widget, clicks, "shift");
}

AdwMessageDialog *
gui_test_find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
        return ADW_MESSAGE_DIALOG (item);
    }
  return NULL;
}

AdwMessageDialog *
gui_test_expect_dialog (void)
{
  AdwMessageDialog *dialog = gui_test_find_dialog ();

  g_assert_nonnull (dialog);
  g_test_message ("asked: %s — %s", adw_message_dialog_get_heading (dialog),
                  adw_message_dialog_get_body (dialog));
  return dialog;
}

static gboolean
has_no_dialog (gpointer data)
{
  return gui_test_find_dialog () == NULL;
}

/* The first button under `widget` labelled `label` (with its mnemonic), shown first. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  GtkWidget *found = NULL;

  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *button = find_button (child, label);

      if (button != NULL && gtk_widget_get_mapped (button))
        return button;
      if (found == NULL)
        found = button;
    }
  return found;
}

void
gui_test_answer (AdwMessageDialog *dialog, const char *response)
{
  GtkWidget *button = find_button (GTK_WIDGET (dialog),
                                   adw_message_dialog_get_response_label (dialog, response));

  /* The dialog's own button, clicked: it closes the dialog, then sends the response. */
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  iterate_until (has_no_dialog, NULL, 5);
}

gboolean
gui_test_pointer_cleared (gpointer data)
{
  return *(gpointer *) data == NULL;
}

gboolean
gui_test_choose_file (const char *path)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);
      g_autoptr(GFile) file = NULL;

      if (!GTK_IS_FILE_CHOOSER (item) || !GTK_IS_DIALOG (item) ||
          !gtk_widget_get_visible (GTK_WIDGET (item)))
        continue;
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      /* A folder as opened in the chooser; a file as typed in the name field: a whole path. */
      if (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (item)) ==
          GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER)
        {
          g_autoptr(GFile) folder = g_file_new_for_path (path);

          /* Selected once the chooser has listed the folder's parent. */
          gtk_file_chooser_set_file (GTK_FILE_CHOOSER (item), folder, NULL);
          for (guint ms = 0; ms < 5000; ms += 50)
            {
              g_clear_object (&file);
              if ((file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (item))) != NULL)
                break;
              iterate_for (50);
            }
          g_assert_nonnull (file);
        }
      else
        {
          gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (item), path);
          file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (item));
        }
      g_assert_cmpstr (g_file_peek_path (file), ==, path);
      gtk_dialog_response (GTK_DIALOG (item), GTK_RESPONSE_ACCEPT);
      G_GNUC_END_IGNORE_DEPRECATIONS
      return TRUE;
    }
  return FALSE;
}

/* Whether the file chooser asks whether to replace a file; the question into `data` when not
 * NULL. */
static gboolean
find_replace_question (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);
      GtkWindow *parent;

      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      if (!GTK_IS_MESSAGE_DIALOG (item) || !gtk_widget_get_visible (GTK_WIDGET (item)))
        continue;
      G_GNUC_END_IGNORE_DEPRECATIONS
      parent = gtk_window_get_transient_for (GTK_WINDOW (item));
      if (parent == NULL || !GTK_IS_FILE_CHOOSER (parent))
        continue;
      if (data != NULL)
        *(GObject **) data = item;
      return TRUE;
    }
  return FALSE;
}

gboolean
gui_test_confirm_replace (void)
{
  GObject *question = NULL;

  iterate_until (find_replace_question, NULL, 5);
  if (!find_replace_question (&question))
    return FALSE;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_ACCEPT);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return TRUE;
}

void
gui_test_shoot (const char *name)
{
  const char *dir = g_getenv ("RTBENCH_SHOT_DIR");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  GPid pid;
  int status = -1;
  gboolean done = FALSE;

  if (dir == NULL)
    return;
  path = g_build_filename (dir, name, NULL);
  iterate_for (800);
  g_assert_true (g_spawn_async (NULL, (char *[]) { (char *) "import", (char *) "-window",
                                                   (char *) "root", path, NULL },
                                NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD, NULL,
                                NULL, &pid, &error));
  while (!done)
    {
      iterate_for (50);
      done = waitpid (pid, &status, WNOHANG) == pid;
    }
  g_spawn_close_pid (pid);
  g_test_message ("screenshot %s", path);
}
