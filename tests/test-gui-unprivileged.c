/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window run by a user without real-time rights (nobody, no rtprio, its own home and XDG
 * folders): Start with SCHED_FIFO goes through pkexec, whatever the worker's path, and when
 * that cannot give the rights (no pkexec, no polkit running, no polkit agent, refused) the
 * window says why, with the ways to get them, dismisses its "Waiting for authorization" toast
 * and leaves no empty tab; the normal policy measures without rights. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <grp.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rtb-session.h"
#include "rtb-unsaved.h"
#include "rtb-window.h"

#include "gui-test-util.h"

#define NOBODY 65534

static gboolean
has_error (gpointer window)
{
  return rtb_window_get_last_error (window) != NULL && !rtb_window_is_running (window);
}

static void
start (RtbWindow  *window,
       const char *policy)
{
  RtbSetupPanel *panel = rtb_window_get_setup_panel (window);

  rtb_setup_panel_set_method (panel, RTB_METHOD_LATENCY);
  rtb_setup_panel_set_duration (panel, "2s");
  rtb_setup_panel_set_load (panel, RTB_LOAD_NONE);
  rtb_setup_panel_set_label (panel, "without rights");
  g_object_set (panel, "policy", policy, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
}

#define WAITING "Waiting for authorization"

static gboolean
needs_rights (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *worker = NULL;
  gboolean needs_pkexec = FALSE;

  worker = rtb_session_find_worker (&needs_pkexec, &error);
  g_assert_no_error (error);
  if (!needs_pkexec)
    g_test_skip ("this user may use SCHED_FIFO (root, CAP_SYS_NICE or rtprio)");
  return needs_pkexec;
}

/* Whether pkexec would find polkit: on the system bus where pkexec, set-user-ID, looks for it
 * whatever DBUS_SYSTEM_BUS_ADDRESS says, running or started on demand. */
static gboolean
polkit_reachable (void)
{
  g_autoptr(GDBusConnection) bus = NULL;
  g_autoptr(GVariant) owned = NULL;
  g_autoptr(GVariant) activatable = NULL;
  g_autofree const char **names = NULL;
  gboolean has_owner = FALSE;

  bus = g_dbus_connection_new_for_address_sync ("unix:path=/var/run/dbus/system_bus_socket",
                                                G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                NULL, NULL, NULL);
  if (bus == NULL)
    return FALSE;
  owned = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "NameHasOwner",
                                       g_variant_new ("(s)", "org.freedesktop.PolicyKit1"),
                                       G_VARIANT_TYPE ("(b)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL,
                                       NULL);
  if (owned != NULL)
    g_variant_get (owned, "(b)", &has_owner);
  if (has_owner)
    return TRUE;
  activatable = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus",
                                             "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                             "ListActivatableNames", NULL,
                                             G_VARIANT_TYPE ("(as)"), G_DBUS_CALL_FLAGS_NONE, -1,
                                             NULL, NULL);
  if (activatable == NULL)
    return FALSE;
  g_variant_get (activatable, "(^a&s)", &names);
  return g_strv_contains (names, "org.freedesktop.PolicyKit1");
}

/* After Start with FIFO, refused: the error as shown, once the waiting toast went. */
static const char *
refused_message (RtbWindow *window)
{
  g_autoptr(GPtrArray) kept = NULL;
  const char *message;

  iterate_until (has_error, window, 60);
  message = rtb_window_get_last_error (window);
  g_assert_nonnull (message);
  g_test_message ("%s", message);
  /* Refused rights are said as such, never as a setup field to change. */
  g_assert_null (strstr (message, "Setup Was Rejected"));
  /* Whatever happened, the window no longer says to wait. */
  g_assert_false (rtb_window_is_showing_toast (window, WAITING));
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 0);
  kept = rtb_unsaved_list ();
  g_assert_cmpuint (kept->len, ==, 0);
  return message;
}

/* The ways that need no polkit: rtprio in limits.conf, and the normal policy. */
static void
assert_other_ways (const char *message)
{
  g_assert_nonnull (strstr (message, "rtprio"));
  g_assert_nonnull (strstr (message, "/etc/security/limits.conf"));
  g_assert_nonnull (strstr (message, "Normal scheduling policy"));
}

/* With this machine's pkexec, if any: the test says which of the three cases it is in and
 * checks what the window must say in that case. */
static void
test_refused (void)
{
  g_autofree char *pkexec = NULL;
  const char *message;
  RtbWindow *window;

  REQUIRE_DISPLAY ();
  if (!needs_rights ())
    return;

  pkexec = g_find_program_in_path ("pkexec");
  window = new_window ();
  start (window, "fifo");
  message = refused_message (window);
  if (pkexec == NULL)
    {
      g_test_message ("this machine has no pkexec");
      g_assert_true (g_str_has_prefix (message, "Real-Time Priority Was Refused: "));
      g_assert_nonnull (strstr (message, "pkexec, which asks for them, is not installed"));
      assert_other_ways (message);
    }
  else if (!polkit_reachable ())
    {
      g_test_message ("%s finds no polkit: no system D-Bus, or no polkit on it", pkexec);
      g_assert_true (g_str_has_prefix (message, "Polkit Is Not Running: "));
      g_assert_nonnull (strstr (message, "polkit is not running on this machine"));
      assert_other_ways (message);
    }
  else
    {
      /* No polkit agent in this session (or a dismissed one): pkexec could not ask. */
      g_test_message ("%s finds polkit", pkexec);
      g_assert_true (g_str_has_prefix (message, "Not Authorized: ") ||
                     g_str_has_prefix (message, "Authorization Dismissed: "));
      g_assert_nonnull (strstr (message, "rtprio"));
      g_assert_nonnull (strstr (message, "/etc/security/limits.conf"));
      g_assert_nonnull (strstr (message, "normal"));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* pkexec as it is on a machine without a system D-Bus (a container, a fresh minimal system),
 * on every machine: a pkexec of the test's own first in PATH, saying what Debian 12's says. */
static void
test_no_polkit (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *fake = NULL;
  g_autofree char *saved_path = g_strdup (g_getenv ("PATH"));
  g_autofree char *path = NULL;
  const char *message;
  RtbWindow *window;

  REQUIRE_DISPLAY ();
  if (!needs_rights ())
    return;

  dir = g_dir_make_tmp ("rtbench-pkexec-XXXXXX", NULL);
  g_assert_nonnull (dir);
  fake = g_build_filename (dir, "pkexec", NULL);
  g_assert_true (g_file_set_contents (fake, "#!/bin/sh\n"
                                      "echo 'Error getting authority: Error initializing "
                                      "authority: Could not connect: No such file or "
                                      "directory' >&2\n"
                                      "exit 127\n", -1, NULL));
  g_assert_cmpint (g_chmod (fake, 0755), ==, 0);
  path = g_strdup_printf ("%s:%s", dir, saved_path);
  g_setenv ("PATH", path, TRUE);

  window = new_window ();
  start (window, "fifo");
  g_assert_true (rtb_window_is_showing_toast (window, WAITING));
  message = refused_message (window);
  g_assert_true (g_str_has_prefix (message, "Polkit Is Not Running: "));
  g_assert_nonnull (strstr (message, "polkit is not running on this machine (pkexec: Error "
                                     "getting authority: "));
  g_assert_nonnull (strstr (message, "sudo systemctl start polkit"));
  assert_other_ways (message);
  gui_test_shoot ("no-polkit.png");

  gtk_window_destroy (GTK_WINDOW (window));
  g_setenv ("PATH", saved_path, TRUE);
  g_unlink (fake);
  g_rmdir (dir);
}

static void
test_normal_policy (void)
{
  RtbWindow *window;
  RtbRun *run;

  REQUIRE_DISPLAY ();

  window = new_window ();
  start (window, "other");
  iterate_until (window_done, window, 60);
  g_assert_null (rtb_window_get_last_error (window));
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 1);
  run = rtb_window_get_live_run (window);
  g_assert_cmpint (rtb_run_get_state (run), ==, RTB_RUN_STATE_FINISHED);
  g_assert_cmpuint (rtb_run_get_total_count (run), >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Root runs this program again as nobody, with a home and XDG folders of its own and no
 * real-time limit: what an ordinary desktop user is before anyone grants them rights. */
static void
become_nobody (gpointer data)
{
  struct rlimit none = { 0, 0 };

  if (setgroups (0, NULL) != 0 || setgid (NOBODY) != 0 || setuid (NOBODY) != 0 ||
      setrlimit (RLIMIT_RTPRIO, &none) != 0)
    _exit (99);
}

static int
run_as_nobody (char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("rtbench-nobody-XXXXXX", NULL);
  g_auto(GStrv) env = g_get_environ ();
  const char *xauthority = g_getenv ("XAUTHORITY");
  g_autoptr(GError) error = NULL;
  const char *names[] = { "data", "config", "cache", NULL };
  const char *keys[] = { "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", NULL };
  int status = 0;
  GPid pid;

  g_assert_nonnull (home);
  g_assert_cmpint (chown (home, NOBODY, NOBODY), ==, 0);
  env = g_environ_setenv (env, "HOME", home, TRUE);
  env = g_environ_unsetenv (env, "XDG_RUNTIME_DIR");
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *dir = g_build_filename (home, names[i], NULL);

      g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
      g_assert_cmpint (chown (dir, NOBODY, NOBODY), ==, 0);
      env = g_environ_setenv (env, keys[i], dir, TRUE);
    }
  /* The X server's cookie, readable by nobody. */
  if (xauthority != NULL)
    {
      g_autofree char *copy = g_build_filename (home, "Xauthority", NULL);
      g_autofree char *contents = NULL;
      gsize length;

      if (g_file_get_contents (xauthority, &contents, &length, NULL))
        {
          g_assert_true (g_file_set_contents (copy, contents, length, NULL));
          g_assert_cmpint (chown (copy, NOBODY, NOBODY), ==, 0);
          env = g_environ_setenv (env, "XAUTHORITY", copy, TRUE);
        }
    }
  g_assert_true (g_spawn_async (NULL, argv, env, G_SPAWN_DO_NOT_REAP_CHILD |
                                G_SPAWN_CHILD_INHERITS_STDIN, become_nobody, NULL, &pid,
                                &error));
  g_assert_no_error (error);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  gui_test_remove_tree (home);
  return WIFEXITED (status) ? WEXITSTATUS (status) : 1;
}

int
main (int   argc,
      char *argv[])
{
  if (geteuid () == 0)
    return run_as_nobody (argv);

  gui_test_init (&argc, &argv);
  g_test_add_func ("/gui/unprivileged/refused", test_refused);
  g_test_add_func ("/gui/unprivileged/no-polkit", test_no_polkit);
  g_test_add_func ("/gui/unprivileged/normal-policy", test_normal_policy);
  return g_test_run ();
}
