/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <signal.h>

#include "rtb-application.h"
#include "rtb-settings-schema.h"
#include "rtb-window.h"

struct _RtbApplication
{
  AdwApplication parent_instance;

  gboolean start;
  gboolean compare;
  guint signal_ids[3];
};

/* What a logout, a closed terminal, systemctl --user stop or a Ctrl-C send. */
static const int quit_signals[] = { SIGTERM, SIGHUP, SIGINT };

G_DEFINE_FINAL_TYPE (RtbApplication, rtb_application, ADW_TYPE_APPLICATION)

static RtbWindow *
get_window (RtbApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (RTB_IS_WINDOW (window))
    return RTB_WINDOW (window);
  return rtb_window_new (GTK_APPLICATION (self));
}

static void
rtb_application_activate (GApplication *application)
{
  RtbApplication *self = RTB_APPLICATION (application);
  RtbWindow *window = get_window (self);

  gtk_window_present (GTK_WINDOW (window));
  if (self->start)
    {
      self->start = FALSE;
      gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
    }
}

static int
rtb_application_handle_local_options (GApplication *application,
                                      GVariantDict *options)
{
  RtbApplication *self = RTB_APPLICATION (application);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GError) error = NULL;

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("rtbench %s\n", PACKAGE_VERSION);
      return 0;
    }
  /* Without its settings the window cannot open: said here, before GLib's abort would. */
  if ((schema = rtb_settings_schema_lookup (&error)) == NULL)
    {
      g_printerr ("rtbench: %s\n", error->message);
      return 1;
    }
  if (g_variant_dict_contains (options, "start"))
    self->start = TRUE;
  if (g_variant_dict_contains (options, "compare"))
    self->compare = TRUE;
  return -1;
}

static void
rtb_application_open (GApplication  *application,
                      GFile        **files,
                      int            n_files,
                      const char    *hint)
{
  RtbWindow *window = get_window (RTB_APPLICATION (application));

  rtb_window_open_files (window, files, (guint) n_files, RTB_APPLICATION (application)->compare);
  gtk_window_present (GTK_WINDOW (window));
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *application = user_data;
  static const char *developers[] = { "The rtbench contributors", NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (application),
                        "application-icon", APP_ID,
                        "application-name", _("rtbench"),
                        "developer-name", _("The rtbench contributors"),
                        "version", PACKAGE_VERSION,
                        "comments", _("Measure how real-time a Linux system is: wake-up "
                                      "latency, thread jitter, timer error and response time, "
                                      "live, and compare systems side by side."),
                        "website", "https://github.com/rtbench/rtbench",
                        "issue-url", "https://github.com/rtbench/rtbench/issues",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "developers", developers,
                        "translator-credits", _("translator-credits"),
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkApplication *application = user_data;
  GList *windows = NULL;

  /* Through close-request, so a running measurement asks first. A window with nothing to ask
   * about goes at once and leaves the application's list as it goes: walk a copy. */
  for (GList *l = gtk_application_get_windows (application); l != NULL; l = l->next)
    windows = g_list_prepend (windows, g_object_ref (l->data));
  windows = g_list_reverse (windows);
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free_full (windows, g_object_unref);
}

static const GActionEntry app_actions[] = {
  { .name = "about", .activate = about_action },
  { .name = "quit", .activate = quit_action },
};

/* Quits as when the session ends: shutdown keeps every run, instead of the signal killing the
 * process with what it measured. */
static gboolean
on_quit_signal (gpointer user_data)
{
  g_debug ("Quitting on a signal: the runs are kept");
  g_application_quit (G_APPLICATION (user_data));
  return G_SOURCE_CONTINUE;
}

static void
rtb_application_startup (GApplication *application)
{
  RtbApplication *self = RTB_APPLICATION (application);

  G_APPLICATION_CLASS (rtb_application_parent_class)->startup (application);

  G_STATIC_ASSERT (G_N_ELEMENTS (quit_signals) == G_N_ELEMENTS (self->signal_ids));
  for (guint i = 0; i < G_N_ELEMENTS (quit_signals); i++)
    self->signal_ids[i] = g_unix_signal_add (quit_signals[i], on_quit_signal, application);

  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions,
                                   G_N_ELEMENTS (app_actions), application);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "app.quit",
                                         (const char *[]) { "<Control>q", NULL });
}

/* Also when the session ends or a signal came (on_quit_signal): GTK then quits without closing
 * the windows, and nothing asks. */
static void
rtb_application_shutdown (GApplication *application)
{
  RtbApplication *self = RTB_APPLICATION (application);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (application)); l; l = l->next)
    if (RTB_IS_WINDOW (l->data))
      rtb_window_keep_runs (l->data);
  for (guint i = 0; i < G_N_ELEMENTS (self->signal_ids); i++)
    g_clear_handle_id (&self->signal_ids[i], g_source_remove);

  G_APPLICATION_CLASS (rtb_application_parent_class)->shutdown (application);
}

static void
rtb_application_class_init (RtbApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = rtb_application_activate;
  app_class->handle_local_options = rtb_application_handle_local_options;
  app_class->open = rtb_application_open;
  app_class->startup = rtb_application_startup;
  app_class->shutdown = rtb_application_shutdown;
}

static void
rtb_application_init (RtbApplication *self)
{
  static const GOptionEntry entries[] = {
    { "start", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("Start a measurement with the setup used last, as the Start button would"), NULL },
    { "compare", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("Compare the run files given, the first one being the baseline"), NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and quit"), NULL },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
}

RtbApplication *
rtb_application_new (void)
{
  return g_object_new (RTB_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/rtbench/RtBench",
                       /* The session manager asks before the session ends (see RtbWindow's
                        * inhibitor) and tells when it ends. */
                       "register-session", TRUE,
                       NULL);
}
