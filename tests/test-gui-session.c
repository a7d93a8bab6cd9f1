/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The real application with the session around it: a session manager on a private bus (played
 * by this test, answering what GTK asks of GNOME's), keys from the X server. What is unsaved or
 * running keeps the session from ending unasked; when it ends anyway, or SIGTERM, SIGHUP or
 * SIGINT comes, the live run is kept; Ctrl+Q asks before unsaved runs go; a killed application
 * leaves its runs to be recovered. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rtb-application.h"
#include "rtb-unsaved.h"
#include "rtb-window.h"

#include "gui-test-util.h"

#define CLIENT_PATH "/org/gnome/SessionManager/Client1"

static const char manager_xml[] =
  "<node>"
  " <interface name='org.gnome.SessionManager'>"
  "  <method name='RegisterClient'>"
  "   <arg type='s' direction='in'/><arg type='s' direction='in'/>"
  "   <arg type='o' direction='out'/>"
  "  </method>"
  "  <method name='UnregisterClient'><arg type='o' direction='in'/></method>"
  "  <method name='Inhibit'>"
  "   <arg type='s' direction='in'/><arg type='u' direction='in'/>"
  "   <arg type='s' direction='in'/><arg type='u' direction='in'/>"
  "   <arg type='u' direction='out'/>"
  "  </method>"
  "  <method name='Uninhibit'><arg type='u' direction='in'/></method>"
  "  <method name='IsInhibited'>"
  "   <arg type='u' direction='in'/><arg type='b' direction='out'/>"
  "  </method>"
  " </interface>"
  " <interface name='org.gnome.SessionManager.ClientPrivate'>"
  "  <method name='EndSessionResponse'>"
  "   <arg type='b' direction='in'/><arg type='s' direction='in'/>"
  "  </method>"
  "  <signal name='QueryEndSession'><arg type='u'/></signal>"
  "  <signal name='EndSession'><arg type='u'/></signal>"
  "  <signal name='CancelEndSession'/>"
  "  <signal name='Stop'/>"
  " </interface>"
  "</node>";

/* What the session manager was told. */
typedef struct {
  GDBusConnection *bus;
  GHashTable *inhibitors;  /* cookie → reason */
  guint next_cookie;
  gboolean registered;
  int end_responses;       /* EndSessionResponse(TRUE) calls */
} Manager;

static Manager manager;
static GPid bus_pid;
static char *work_dir;

static void
on_manager_call (GDBusConnection       *connection,
                 const char            *sender,
                 const char            *path,
                 const char            *interface,
                 const char            *method,
                 GVariant              *parameters,
                 GDBusMethodInvocation *invocation,
                 gpointer               user_data)
{
  if (g_str_equal (method, "RegisterClient"))
    {
      manager.registered = TRUE;
      g_dbus_method_invocation_return_value (invocation, g_variant_new ("(o)", CLIENT_PATH));
    }
  else if (g_str_equal (method, "Inhibit"))
    {
      const char *reason;
      guint cookie = ++manager.next_cookie;

      g_variant_get (parameters, "(&su&su)", NULL, NULL, &reason, NULL);
      g_test_message ("inhibited (%u): %s", cookie, reason);
      g_hash_table_insert (manager.inhibitors, GUINT_TO_POINTER (cookie), g_strdup (reason));
      g_dbus_method_invocation_return_value (invocation, g_variant_new ("(u)", cookie));
    }
  else if (g_str_equal (method, "Uninhibit"))
    {
      guint cookie;

      g_variant_get (parameters, "(u)", &cookie);
      g_hash_table_remove (manager.inhibitors, GUINT_TO_POINTER (cookie));
      g_dbus_method_invocation_return_value (invocation, NULL);
    }
  else if (g_str_equal (method, "IsInhibited"))
    g_dbus_method_invocation_return_value (invocation, g_variant_new (
                                             "(b)", g_hash_table_size (manager.inhibitors) > 0));
  else if (g_str_equal (method, "EndSessionResponse"))
    {
      gboolean ok;

      g_variant_get (parameters, "(b&s)", &ok, NULL);
      manager.end_responses += ok;
      g_dbus_method_invocation_return_value (invocation, NULL);
    }
  else
    g_dbus_method_invocation_return_value (invocation, NULL);
}

static gboolean
name_acquired (gpointer data)
{
  return *(gboolean *) data;
}

static void
on_name_acquired (GDBusConnection *connection, const char *name, gpointer data)
{
  *(gboolean *) data = TRUE;
}

/* The bus goes with the test, however it ends. */
static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

/* A private session bus with this process as org.gnome.SessionManager; FALSE without
 * dbus-daemon. */
static gboolean
start_session (void)
{
  const char *argv[] = { "dbus-daemon", "--session", "--nofork", "--print-address=1",
                         "--address=unix:tmpdir=/tmp", NULL };
  g_autoptr(GDBusNodeInfo) info = g_dbus_node_info_new_for_xml (manager_xml, NULL);
  static const GDBusInterfaceVTable vtable = { on_manager_call, NULL, NULL, { 0 } };
  g_autoptr(GError) error = NULL;
  g_autoptr(GIOChannel) channel = NULL;
  g_autofree char *address = NULL;
  gboolean acquired = FALSE;
  int out_fd;

  if (g_find_program_in_path ("dbus-daemon") == NULL)
    return FALSE;
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                                           G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL |
                                           G_SPAWN_DO_NOT_REAP_CHILD,
                                           die_with_parent, NULL, &bus_pid, NULL, &out_fd, NULL,
                                           &error));
  g_assert_no_error (error);
  channel = g_io_channel_unix_new (out_fd);
  g_io_channel_set_close_on_unref (channel, TRUE);
  g_io_channel_read_line (channel, &address, NULL, NULL, &error);
  g_assert_no_error (error);
  g_strstrip (address);
  g_setenv ("DBUS_SESSION_BUS_ADDRESS", address, TRUE);

  manager.bus = g_dbus_connection_new_for_address_sync (
    address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
    G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION, NULL, NULL, &error);
  g_assert_no_error (error);
  manager.inhibitors = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_dbus_connection_register_object (manager.bus, "/org/gnome/SessionManager",
                                     info->interfaces[0], &vtable, NULL, NULL, &error);
  g_assert_no_error (error);
  g_dbus_connection_register_object (manager.bus, CLIENT_PATH, info->interfaces[1], &vtable,
                                     NULL, NULL, &error);
  g_assert_no_error (error);
  g_bus_own_name_on_connection (manager.bus, "org.gnome.SessionManager",
                                G_BUS_NAME_OWNER_FLAGS_NONE, on_name_acquired, NULL, &acquired,
                                NULL);
  iterate_until (name_acquired, &acquired, 10);
  g_assert_true (acquired);
  return TRUE;
}

static void
tell_client (const char *signal)
{
  g_autoptr(GError) error = NULL;

  g_dbus_connection_emit_signal (manager.bus, NULL, CLIENT_PATH,
                                 "org.gnome.SessionManager.ClientPrivate", signal,
                                 g_variant_new ("(u)", 0), &error);
  g_assert_no_error (error);
}

/* The settings the application starts its run with (GSettings keyfile). */
static void
write_settings (const char *method,
                const char *duration,
                const char *label)
{
  g_autofree char *dir = g_build_filename (work_dir, "config", "glib-2.0", "settings", NULL);
  g_autofree char *path = g_build_filename (dir, "keyfile", NULL);
  g_autofree char *text = g_strdup_printf ("[io/github/rtbench/RtBench]\n"
                                           "method='%s'\nduration='%s'\nlabel='%s'\n"
                                           "policy='%s'\ncpu=0\n",
                                           method, duration, label,
                                           geteuid () == 0 ? "fifo" : "other");

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

/* The application with `args` (NULL-terminated). */
static GPid
start_app_with (const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *config = g_build_filename (work_dir, "config", NULL);
  g_auto(GStrv) env = g_get_environ ();
  g_autoptr(GError) error = NULL;
  GPid pid;

  g_ptr_array_add (argv, (gpointer) g_getenv ("RTBENCH_APP"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  env = g_environ_setenv (env, "GSETTINGS_BACKEND", "keyfile", TRUE);
  env = g_environ_setenv (env, "XDG_CONFIG_HOME", config, TRUE);
  g_assert_true (g_spawn_async (NULL, (char **) argv->pdata, env, G_SPAWN_DO_NOT_REAP_CHILD,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  return pid;
}

static GPid
start_app (void)
{
  return start_app_with ((const char *[]) { "--start", NULL });
}

static gboolean
reason_is (gpointer expected)
{
  GHashTableIter iter;
  gpointer reason;

  g_hash_table_iter_init (&iter, manager.inhibitors);
  while (g_hash_table_iter_next (&iter, NULL, &reason))
    if (g_str_equal (reason, expected))
      return TRUE;
  return FALSE;
}

/* How the application that process_gone() saw go ended. */
static int app_status = -1;

static gboolean
process_gone (gpointer data)
{
  GPid pid = GPOINTER_TO_INT (data);

  return waitpid (pid, &app_status, WNOHANG) == pid;
}

/* The application ended as a program should: status 0, not killed (G_DEBUG=fatal-criticals
 * makes a critical on the way an abort). */
static void
assert_quit_cleanly (GPid pid)
{
  iterate_until (process_gone, GINT_TO_POINTER (pid), 20);
  g_assert_true (kill (pid, 0) != 0);
  g_assert_true (WIFEXITED (app_status));
  g_assert_cmpint (WEXITSTATUS (app_status), ==, 0);
}

/* The one run the unsaved folder holds, loaded. */
static RtbRun *
load_kept (char **path)
{
  g_autoptr(GPtrArray) entries = rtb_unsaved_list ();
  g_autoptr(GError) error = NULL;
  RtbUnsavedEntry *entry;
  RtbRun *run;

  g_assert_cmpuint (entries->len, ==, 1);
  entry = g_ptr_array_index (entries, 0);
  run = rtb_run_load (entry->path, &error);
  g_assert_no_error (error);
  if (path != NULL)
    *path = g_strdup (entry->path);
  return run;
}

static gboolean
kept_finished (gpointer data)
{
  g_autoptr(GPtrArray) entries = rtb_unsaved_list ();
  g_autoptr(RtbRun) run = NULL;

  if (entries->len != 1)
    return FALSE;
  run = rtb_run_load (((RtbUnsavedEntry *) g_ptr_array_index (entries, 0))->path, NULL);
  return run != NULL && rtb_run_get_state (run) == RTB_RUN_STATE_FINISHED;
}

static gboolean
end_answered (gpointer data)
{
  return manager.end_responses > 0;
}

static gboolean
require_app (void)
{
  if (g_getenv ("RTBENCH_APP") == NULL || !gui_test_have_display)
    {
      g_test_skip ("needs the application and a display (./test.sh runs under xvfb-run)");
      return FALSE;
    }
  if (manager.bus == NULL)
    {
      g_test_skip ("dbus-daemon is missing");
      return FALSE;
    }
  return TRUE;
}

/* require_app(), and xdotool to press keys in it. */
static gboolean
require_app_and_keys (void)
{
  g_autofree char *xdotool_path = NULL;

  if (!require_app ())
    return FALSE;
  xdotool_path = g_find_program_in_path ("xdotool");
  if (xdotool_path == NULL)
    {
      g_test_skip ("xdotool is missing (scripts/deps.sh test installs it)");
      return FALSE;
    }
  return TRUE;
}

static void
clear_data (void)
{
  g_autofree char *data = g_build_filename (work_dir, "data", NULL);

  gui_test_remove_tree (data);
  g_hash_table_remove_all (manager.inhibitors);
}

/* A live run keeps the session from ending unasked ("1 measurement is running"); when the
 * session ends anyway, the application quits without closing its window and the run is kept. */
static void
test_session_end (void)
{
  g_autoptr(RtbRun) kept = NULL;
  GPid pid;

  if (!require_app ())
    return;
  clear_data ();
  write_settings ("latency", "0", "session end");
  pid = start_app ();
  iterate_until (reason_is, "1 measurement is running", 20);
  g_assert_true (manager.registered);
  g_assert_true (reason_is ("1 measurement is running"));
  iterate_for (1500);

  tell_client ("QueryEndSession");
  iterate_until (end_answered, NULL, 20);
  g_assert_cmpint (manager.end_responses, ==, 1);
  tell_client ("EndSession");
  iterate_until (process_gone, GINT_TO_POINTER (pid), 20);
  g_assert_true (kill (pid, 0) != 0);

  kept = load_kept (NULL);
  g_assert_cmpstr (rtb_run_get_label (kept), ==, "session end");
  g_assert_cmpuint (rtb_run_get_total_count (kept), >, 0);
  g_assert_cmpint (rtb_run_get_state (kept), ==, RTB_RUN_STATE_CUT_SHORT);
}

/* SIGTERM, SIGHUP or SIGINT mid-run (a logout, a closed terminal, systemctl --user stop, a
 * Ctrl-C): the application stops the run, keeps what it measured in the unsaved folder, and
 * exits. A run of 30 s has no checkpoints: only the signal's handling keeps it. */
static void
check_signal (int signum)
{
  g_autofree char *label = g_strdup_printf ("signal %s", g_strsignal (signum));
  g_autoptr(RtbRun) kept = NULL;
  GPid pid;

  if (!require_app ())
    return;
  clear_data ();
  write_settings ("latency", "30s", label);
  pid = start_app ();
  iterate_until (reason_is, "1 measurement is running", 20);
  g_assert_true (reason_is ("1 measurement is running"));
  iterate_for (2000);

  g_assert_cmpint (kill (pid, signum), ==, 0);
  iterate_until (process_gone, GINT_TO_POINTER (pid), 20);
  if (kill (pid, 0) == 0)
    {
      kill (pid, SIGKILL);
      iterate_until (process_gone, GINT_TO_POINTER (pid), 10);
      g_assert_not_reached ();
    }

  kept = load_kept (NULL);
  g_assert_cmpstr (rtb_run_get_label (kept), ==, label);
  g_assert_cmpuint (rtb_run_get_total_count (kept), >, 0);
  g_assert_cmpint (rtb_run_get_state (kept), ==, RTB_RUN_STATE_CUT_SHORT);
}

static void
test_sigterm (void)
{
  check_signal (SIGTERM);
}

static void
test_sighup (void)
{
  check_signal (SIGHUP);
}

static void
test_sigint (void)
{
  check_signal (SIGINT);
}

/* Runs `xdotool ARGS…` and returns its output, or NULL when it failed. */
static char *
xdotool (const char *first, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  int status = -1;
  const char *arg;
  va_list args;

  g_ptr_array_add (argv, (gpointer) "xdotool");
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH |
                     G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, NULL) ||
      !g_spawn_check_wait_status (status, NULL))
    return NULL;
  return g_strstrip (g_steal_pointer (&out));
}

/* Keys to the window named `name` of the application. */
static void
press_in (const char *name,
          const char *keys)
{
  g_autofree char *window = xdotool ("search", "--sync", "--onlyvisible", "--name", name, NULL);
  g_autofree char *done = NULL;
  char *newline;

  g_assert_nonnull (window);
  if ((newline = strchr (window, '\n')) != NULL)
    *newline = '\0';
  done = xdotool ("windowfocus", "--sync", window, "key", "--clearmodifiers", "--delay", "100",
                  keys, NULL);
  g_assert_nonnull (done);
  iterate_for (700);
}

static void
type_in (const char *name,
         const char *text)
{
  g_autofree char *window = xdotool ("search", "--sync", "--onlyvisible", "--name", name, NULL);
  g_autofree char *done = NULL;

  g_assert_nonnull (window);
  done = xdotool ("type", "--window", window, "--delay", "20", text, NULL);
  g_assert_nonnull (done);
  iterate_for (500);
}

/* A finished jitter run, Ctrl+Q: the window asks; Escape cancels (the application stays),
 * Enter saves, the file chooser takes a typed path, and the application quits with the run in
 * the user's file and nothing left unsaved. */
static void
test_quit_key (void)
{
  g_autofree char *target = g_build_filename (work_dir, "quit-jitter.rtbench", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbRun) kept = NULL;
  g_autoptr(RtbRun) saved = NULL;
  g_autoptr(GPtrArray) left = NULL;
  GPid pid;

  if (!require_app_and_keys ())
    return;
  clear_data ();
  write_settings ("jitter", "2s", "quit with jitter");
  pid = start_app ();
  iterate_until (kept_finished, NULL, 30);
  g_assert_true (kept_finished (NULL));
  kept = load_kept (NULL);
  g_assert_cmpint (rtb_run_get_method (kept), ==, RTB_METHOD_JITTER);
  iterate_until (reason_is, "1 run is not saved", 10);
  g_assert_true (reason_is ("1 run is not saved"));

  press_in ("^rtbench$", "ctrl+q");
  g_assert_false (process_gone (GINT_TO_POINTER (pid)));
  press_in ("^rtbench$", "Escape");
  iterate_for (500);
  g_assert_false (process_gone (GINT_TO_POINTER (pid)));

  press_in ("^rtbench$", "ctrl+q");
  press_in ("^rtbench$", "Return");
  /* The file chooser: a whole path in its name field. */
  press_in ("^Save Run$", "ctrl+a");
  type_in ("^Save Run$", target);
  press_in ("^Save Run$", "Return");
  assert_quit_cleanly (pid);

  saved = rtb_run_load (target, &error);
  g_assert_no_error (error);
  g_assert_cmpint (rtb_run_get_method (saved), ==, RTB_METHOD_JITTER);
  g_assert_cmpuint (rtb_run_get_total_count (saved), ==, rtb_run_get_total_count (kept));
  left = rtb_unsaved_list ();
  g_assert_cmpuint (left->len, ==, 0);
  g_unlink (target);
}

static gboolean
one_kept (gpointer data)
{
  g_autoptr(GPtrArray) entries = rtb_unsaved_list ();

  return entries->len == 1;
}

/* `rtbench --compare` of an imported run (in no file of the user's) and a saved one: Ctrl+Q
 * asks about the imported run; Alt+D (Discard) quits, and the application ends cleanly. */
static void
test_quit_compare (void)
{
  g_autofree char *imported = gui_test_data_path ("import/ct210-h20-q-2t.txt");
  g_autofree char *saved = gui_test_data_path ("run-v1.rtbench");
  g_autoptr(GPtrArray) left = NULL;
  g_autofree char *window = NULL;
  GPid pid;

  if (!require_app_and_keys ())
    return;
  clear_data ();
  pid = start_app_with ((const char *[]) { "--compare", imported, saved, NULL });
  iterate_until (one_kept, NULL, 20);
  g_assert_true (one_kept (NULL));
  /* Its window is on screen; the comparison opens once both files are read. */
  window = xdotool ("search", "--sync", "--onlyvisible", "--name", "^rtbench$", NULL);
  g_assert_nonnull (window);
  iterate_for (1000);

  press_in ("^rtbench$", "ctrl+q");
  g_assert_false (process_gone (GINT_TO_POINTER (pid)));
  press_in ("^Save the Run\\?$", "alt+d");
  assert_quit_cleanly (pid);
  left = rtb_unsaved_list ();
  g_assert_cmpuint (left->len, ==, 0);
}

/* Ctrl+Q closes every window of the application, also when closing one takes it out of the
 * application's list at once (nothing to ask about). */
static void
test_quit_windows (void)
{
  g_autoptr(RtbApplication) app = NULL;
  g_autoptr(GError) error = NULL;
  RtbWindow *windows[2];

  if (!require_app_and_keys ())
    return;
  clear_data ();
  app = rtb_application_new ();
  /* The session manager is played by this very process, which could not answer the
   * application's synchronous call to register; and the application's name on the bus stays
   * free for the next test's application. */
  g_object_set (app, "register-session", FALSE, NULL);
  g_application_set_flags (G_APPLICATION (app), g_application_get_flags (G_APPLICATION (app)) |
                                                G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (windows); i++)
    {
      windows[i] = rtb_window_new (GTK_APPLICATION (app));
      g_object_add_weak_pointer (G_OBJECT (windows[i]), (gpointer *) &windows[i]);
      gtk_window_present (GTK_WINDOW (windows[i]));
    }
  iterate_for (500);
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 2);

  gui_test_press (GTK_WINDOW (windows[1]), "ctrl+q");
  for (guint i = 0; i < G_N_ELEMENTS (windows); i++)
    {
      iterate_until (gui_test_pointer_cleared, &windows[i], 10);
      g_assert_null (windows[i]);
    }
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
}

/* kill -9 after a run finished: the run is in the unsaved folder, and a new window offers it in
 * its menu and opens it. */
static void
test_killed (void)
{
  g_autoptr(RtbRun) kept = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GVariant) target = NULL;
  GMenuModel *menu;
  RtbWindow *window;
  RtbRun *run;
  GPid pid;

  if (!require_app ())
    return;
  clear_data ();
  write_settings ("latency", "2s", "killed");
  pid = start_app ();
  iterate_until (kept_finished, NULL, 30);
  g_assert_true (kept_finished (NULL));
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  iterate_until (process_gone, GINT_TO_POINTER (pid), 10);
  kept = load_kept (&path);

  window = new_window ();
  menu = rtb_window_get_recover_menu (window);
  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 1);
  target = g_menu_model_get_item_attribute_value (menu, 0, G_MENU_ATTRIBUTE_TARGET,
                                                  G_VARIANT_TYPE_STRING);
  g_assert_cmpstr (g_variant_get_string (target, NULL), ==, path);
  gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.recover", target);
  iterate_until ((gboolean (*) (gpointer)) rtb_window_get_n_runs, window, 10);
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 1);
  run = rtb_live_view_get_run (rtb_window_get_selected_view (window));
  g_assert_cmpstr (rtb_run_get_label (run), ==, "killed");
  g_assert_cmpuint (rtb_run_get_total_count (run), ==, rtb_run_get_total_count (kept));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data = NULL;
  int status;

  work_dir = g_dir_make_tmp ("rtbench-gui-session-XXXXXX", NULL);
  data = g_build_filename (work_dir, "data", NULL);
  gui_test_set_data_home (data);
  gui_test_init (&argc, &argv);
  if (gui_test_have_display)
    start_session ();

  g_test_add_func ("/gui/session/end", test_session_end);
  g_test_add_func ("/gui/session/sigterm", test_sigterm);
  g_test_add_func ("/gui/session/sighup", test_sighup);
  g_test_add_func ("/gui/session/sigint", test_sigint);
  g_test_add_func ("/gui/session/quit-key", test_quit_key);
  g_test_add_func ("/gui/session/quit-compare", test_quit_compare);
  g_test_add_func ("/gui/session/quit-windows", test_quit_windows);
  g_test_add_func ("/gui/session/killed", test_killed);

  status = g_test_run ();
  if (manager.bus != NULL)
    {
      g_dbus_connection_close_sync (manager.bus, NULL, NULL);
      g_clear_object (&manager.bus);
      kill (bus_pid, SIGTERM);
      waitpid (bus_pid, NULL, 0);
    }
  gui_test_remove_tree (work_dir);
  g_free (work_dir);
  return status;
}
