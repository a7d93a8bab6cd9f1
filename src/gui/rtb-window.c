/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-load.h"
#include "rtb-session.h"
#include "rtb-system-info.h"
#include "rtb-compare-view.h"
#include "rtb-window-private.h"

#define SCHEMA_ID "io.github.rtbench.RtBench"
/* Figures, tables and charts follow a live run once a second: enough to watch a run grow, and
 * each update redraws two charts and relays out the tables (about 15 ms of CPU in software). */
#define FLUSH_INTERVAL_MS 1000

G_DEFINE_FINAL_TYPE (RtbWindow, rtb_window, ADW_TYPE_APPLICATION_WINDOW)

static RtbLiveView *
page_view (AdwTabPage *page)
{
  GtkWidget *child = page ? adw_tab_page_get_child (page) : NULL;

  return RTB_IS_LIVE_VIEW (child) ? RTB_LIVE_VIEW (child) : NULL;
}

GPtrArray *
_rtb_window_page_runs (AdwTabPage *page)
{
  GtkWidget *child = page ? adw_tab_page_get_child (page) : NULL;
  GPtrArray *runs = g_ptr_array_new ();

  if (RTB_IS_LIVE_VIEW (child))
    g_ptr_array_add (runs, rtb_live_view_get_run (RTB_LIVE_VIEW (child)));
  else if (RTB_IS_COMPARE_VIEW (child))
    {
      RtbCompare *compare = rtb_compare_view_get_compare (RTB_COMPARE_VIEW (child));

      for (guint r = 0; r < rtb_compare_get_n_runs (compare); r++)
        g_ptr_array_add (runs, rtb_compare_get_run (compare, r));
    }
  return runs;
}

void
_rtb_window_update_actions (RtbWindow *self)
{
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.start", !self->running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop", self->running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", page_view (page) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", page != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.compare",
                                 adw_tab_view_get_n_pages (self->tab_view) >= 2);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-tab", page != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reset-zoom", page != NULL);
  gtk_widget_set_visible (self->start_button, !self->running);
  gtk_widget_set_visible (self->stop_button, self->running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->setup_panel), !self->running);
}

static void
update_title (RtbWindow *self)
{
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);
  RtbRun *run = page_view (page) ? rtb_live_view_get_run (page_view (page)) : NULL;
  const RtbSystemInfo *info = run ? rtb_run_get_system (run) : NULL;
  g_autofree char *subtitle = NULL;

  if (info != NULL)
    subtitle = g_strdup_printf ("%s — %s", info->hostname ? info->hostname : "",
                                info->kernel_release ? info->kernel_release : "");
  adw_window_title_set_subtitle (self->window_title, subtitle ? subtitle : "");
}

static void
on_selected_page (RtbWindow *self)
{
  _rtb_window_update_actions (self);
  update_title (self);
}

static void
on_n_pages (RtbWindow *self)
{
  gtk_stack_set_visible_child_name (self->main_stack,
                                    adw_tab_view_get_n_pages (self->tab_view) > 0 ? "runs"
                                                                                  : "empty");
  _rtb_window_update_actions (self);
}

static gboolean
on_close_page (RtbWindow  *self,
               AdwTabPage *page)
{
  if (page == self->live_page && self->running)
    {
      _rtb_window_toast (self, _("Stop the run before closing its tab"));
      adw_tab_view_close_page_finish (self->tab_view, page, FALSE);
      return GDK_EVENT_STOP;
    }
  if (page == self->live_page)
    self->live_page = NULL;
  adw_tab_view_close_page_finish (self->tab_view, page, TRUE);
  return GDK_EVENT_STOP;
}

static void
on_run_label (RtbRun     *run,
              GParamSpec *pspec,
              AdwTabPage *page)
{
  g_autofree char *title = NULL;

  if (page_view (page) == NULL)
    return;
  title = rtb_live_view_dup_title (page_view (page));

  adw_tab_page_set_title (page, title);
}

AdwTabPage *
_rtb_window_add_page (RtbWindow *self,
                      RtbRun    *run)
{
  RtbLiveView *view = rtb_live_view_new (run);
  g_autofree char *title = rtb_live_view_dup_title (view);
  AdwTabPage *page;

  page = adw_tab_view_append (self->tab_view, GTK_WIDGET (view));
  adw_tab_page_set_title (page, title);
  adw_tab_page_set_tooltip (page, rtb_run_get_file (run));
  g_signal_connect_object (run, "notify::label", G_CALLBACK (on_run_label), page, 0);
  adw_tab_view_set_selected_page (self->tab_view, page);
  return page;
}

void
rtb_window_add_run (RtbWindow *self,
                    RtbRun    *run)
{
  g_return_if_fail (RTB_IS_WINDOW (self));
  g_return_if_fail (RTB_IS_RUN (run));

  _rtb_window_add_page (self, run);
}

/* ---- Running ----------------------------------------------------------------------------- */

static gboolean
flush_run (gpointer user_data)
{
  RtbWindow *self = user_data;

  if (self->live_run != NULL)
    rtb_run_flush_changed (self->live_run);
  return G_SOURCE_CONTINUE;
}

static void
on_session_frame (RtbSession     *session,
                  const RtbFrame *frame,
                  RtbWindow      *self)
{
  g_autoptr(GError) error = NULL;

  if (self->live_run == NULL)
    return;
  if (!rtb_run_handle_frame (self->live_run, frame, &error))
    {
      g_warning ("Frame from the worker does not fit the run: %s", error->message);
      _rtb_window_toast (self, error->message);
      rtb_session_stop (session);
    }
}

static void
on_session_log (RtbSession *session,
                const char *line,
                RtbWindow  *self)
{
  g_debug ("worker: %s", line);
  if (self->live_page != NULL)
    rtb_live_view_append_log (page_view (self->live_page), line);
}

static void
explain_session_error (RtbWindow    *self,
                       const GError *error)
{
  gboolean have_data = self->live_run != NULL && rtb_run_get_total_count (self->live_run) > 0;
  g_autofree char *body = NULL;
  const char *heading = _("The Measurement Failed");
  const char *hint = NULL;

  if (error->domain == RTB_SESSION_ERROR)
    {
      switch ((RtbSessionError) error->code)
        {
        case RTB_SESSION_ERROR_WORKER_MISSING:
          heading = _("The Measuring Helper Is Missing");
          hint = _("Reinstall rtbench, or point RTBENCH_WORKER at a built rtbench-worker.");
          break;
        case RTB_SESSION_ERROR_SPAWN:
          heading = _("The Measuring Helper Could Not Start");
          break;
        case RTB_SESSION_ERROR_AUTH_DISMISSED:
          heading = _("Authorization Dismissed");
          hint = _("Real-time threads need administrator rights. Press Start again and "
                   "authenticate, or give your user real-time priority (rtprio in "
                   "/etc/security/limits.conf), or choose the normal policy.");
          break;
        case RTB_SESSION_ERROR_AUTH_DENIED:
          heading = _("Not Authorized");
          hint = _("Ask an administrator for the right to run rtbench's measuring helper, or "
                   "choose the normal scheduling policy.");
          break;
        case RTB_SESSION_ERROR_REJECTED:
          heading = _("The Setup Was Rejected");
          hint = _("Change the field named above and start again.");
          break;
        case RTB_SESSION_ERROR_PROTOCOL:
        case RTB_SESSION_ERROR_DIED:
          heading = _("The Measurement Stopped Unexpectedly");
          break;
        default:
          break;
        }
    }

  body = g_strdup_printf ("%s%s%s%s%s", error->message,
                          hint ? "\n\n" : "", hint ? hint : "",
                          have_data ? "\n\n" : "",
                          have_data ? _("The samples measured until then are kept: save them "
                                        "with Ctrl+S.") : "");
  _rtb_window_show_error (self, heading, body);
}

static void
stop_load (RtbWindow *self)
{
  if (self->load != NULL)
    {
      rtb_load_stop (self->load);
      g_clear_object (&self->load);
    }
}

static void
on_session_finished (RtbSession   *session,
                     const GError *error,
                     RtbWindow    *self)
{
  RtbRun *run = self->live_run;

  g_clear_handle_id (&self->flush_id, g_source_remove);
  stop_load (self);
  self->running = FALSE;

  if (run != NULL)
    {
      RtbRunState state = rtb_run_get_state (run);

      if (state == RTB_RUN_STATE_NEW || state == RTB_RUN_STATE_RUNNING)
        rtb_run_stream_ended (run);
      rtb_run_flush_changed (run);
    }
  _rtb_window_stop_checkpoints (self);
  if (self->live_page != NULL)
    adw_tab_page_set_icon (self->live_page, NULL);
  _rtb_window_update_actions (self);

  if (error != NULL && self->after_stop == AFTER_STOP_NOTHING)
    explain_session_error (self, error);
  else if (error == NULL && run != NULL)
    _rtb_window_toast (self, rtb_run_get_end_reason (run) == RTB_END_COMPLETED
                 ? _("Measurement finished") : _("Measurement stopped"));

  switch (self->after_stop)
    {
    case AFTER_STOP_CLOSE:
      gtk_window_destroy (GTK_WINDOW (self));
      break;
    case AFTER_STOP_SAVE_AND_CLOSE:
      self->after_stop = AFTER_STOP_NOTHING;
      self->close_after_save = TRUE;
      if (run != NULL)
        _rtb_window_save_run (self, run);
      break;
    case AFTER_STOP_NOTHING:
    default:
      break;
    }
}

static void
clear_session (RtbWindow *self)
{
  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->session, self);
      rtb_session_stop (self->session);
      g_clear_object (&self->session);
    }
}

/* Another machine as far as it is known before its worker's SYSTEM frame replaces it. */
static RtbSystemInfo *
remote_system (RtbSetupPanel *panel)
{
  const RtbSystemInfo *known = rtb_setup_panel_get_remote_system (panel);

  return known != NULL ? rtb_system_info_copy (known)
                       : rtb_system_info_new_unknown (rtb_setup_panel_get_remote (panel));
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  RtbWindow *self = RTB_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbSession) session = NULL;
  g_autoptr(RtbRun) run = NULL;
  g_autoptr(GIcon) running_icon = g_themed_icon_new ("media-record-symbolic");
  RtbLoadScenario load;
  const char *remote;
  RtbCommand cmd;

  if (self->running)
    return;

  if (!rtb_setup_panel_build_command (self->setup_panel, &cmd, &error))
    {
      g_free (self->last_error);
      self->last_error = g_strdup (error->message);
      _rtb_window_toast (self, error->message);
      return;
    }

  load = rtb_setup_panel_get_load (self->setup_panel);
  remote = rtb_setup_panel_get_remote (self->setup_panel);
  run = rtb_run_new (&cmd);
  rtb_run_set_system (run, remote != NULL ? remote_system (self->setup_panel)
                                          : rtb_system_info_collect ());
  rtb_run_set_label (run, rtb_setup_panel_get_label (self->setup_panel));
  rtb_run_set_load (run, rtb_load_scenario_to_string (load));

  session = rtb_session_new ();
  rtb_session_set_launch (session, RTB_SESSION_LAUNCH_AUTO_GUI);
  rtb_session_set_remote (session, remote);
  if (remote != NULL)
    rtb_session_set_worker_path (session, rtb_setup_panel_get_remote_worker (self->setup_panel));
  g_signal_connect (session, "frame", G_CALLBACK (on_session_frame), self);
  g_signal_connect (session, "log", G_CALLBACK (on_session_log), self);
  g_signal_connect (session, "finished", G_CALLBACK (on_session_finished), self);

  if (load != RTB_LOAD_NONE)
    {
      self->load = rtb_load_start (load, 0, &error);
      if (self->load == NULL)
        {
          _rtb_window_show_error (self, _("The Load Could Not Start"), error->message);
          return;
        }
    }

  clear_session (self);
  g_set_object (&self->live_run, run);
  self->session = g_steal_pointer (&session);
  self->running = TRUE;
  self->after_stop = AFTER_STOP_NOTHING;

  if (!rtb_session_start (self->session, &cmd, &error))
    {
      self->running = FALSE;
      stop_load (self);
      g_clear_object (&self->live_run);
      clear_session (self);
      explain_session_error (self, error);
      _rtb_window_update_actions (self);
      return;
    }

  self->live_page = _rtb_window_add_page (self, run);
  /* A still icon, not the tab's loading spinner: a spinner redraws the window at the frame rate
   * for the whole run, which costs far more than the run's own updates. */
  adw_tab_page_set_icon (self->live_page, running_icon);
  self->flush_id = g_timeout_add (FLUSH_INTERVAL_MS, flush_run, self);
  _rtb_window_start_checkpoints (self);
  if (rtb_session_get_uses_pkexec (self->session))
    _rtb_window_toast (self, _("Waiting for authorization to run real-time threads…"));
  _rtb_window_update_actions (self);
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  RtbWindow *self = RTB_WINDOW (widget);

  if (self->session != NULL && self->running)
    rtb_session_stop (self->session);
}

/* ---- Tabs ------------------------------------------------------------------------------- */

static void
close_tab_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  RtbWindow *self = RTB_WINDOW (widget);
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);

  if (page != NULL)
    adw_tab_view_close_page (self->tab_view, page);
}

static void
reset_zoom_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  RtbWindow *self = RTB_WINDOW (widget);
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);

  if (page_view (page) != NULL)
    rtb_live_view_reset_zoom (page_view (page));
  else if (page != NULL && RTB_IS_COMPARE_VIEW (adw_tab_page_get_child (page)))
    rtb_compare_view_reset_zoom (RTB_COMPARE_VIEW (adw_tab_page_get_child (page)));
}

/* ---- Closing ----------------------------------------------------------------------------- */

static void
on_close_response (AdwMessageDialog *dialog,
                   const char       *response,
                   RtbWindow        *self)
{
  if (!self->running)
    {
      if (!g_str_equal (response, "cancel"))
        gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  if (g_str_equal (response, "discard"))
    {
      self->after_stop = AFTER_STOP_CLOSE;
      rtb_session_stop (self->session);
    }
  else if (g_str_equal (response, "save"))
    {
      self->after_stop = AFTER_STOP_SAVE_AND_CLOSE;
      if (self->live_page != NULL)
        adw_tab_view_set_selected_page (self->tab_view, self->live_page);
      rtb_session_stop (self->session);
    }
}

static gboolean
rtb_window_close_request (GtkWindow *window)
{
  RtbWindow *self = RTB_WINDOW (window);
  const char *kept = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (!self->running)
    return GTK_WINDOW_CLASS (rtb_window_parent_class)->close_request (window);

  if (self->checkpoint_path != NULL)
    kept = self->checkpoint_path;
  else if (self->checkpoint_id != 0 && self->live_run != NULL)
    kept = rtb_run_get_file (self->live_run);
  if (kept != NULL)
    body = g_strdup_printf (_("Closing the window stops the measurement. The data measured so "
                              "far is saved every 10 seconds to “%s”; discarding keeps that "
                              "file as it is. Save the data measured until now?"), kept);
  else
    body = g_strdup (_("Closing the window stops the measurement. Keep the data measured so "
                       "far?"));
  dialog = adw_message_dialog_new (window, _("Stop the Running Measurement?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("Stop and _Save…"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_close_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return GDK_EVENT_STOP;
}

/* ---- Test API ---------------------------------------------------------------------------- */

RtbSetupPanel *
rtb_window_get_setup_panel (RtbWindow *self)
{
  g_return_val_if_fail (RTB_IS_WINDOW (self), NULL);

  return self->setup_panel;
}

gboolean
rtb_window_is_running (RtbWindow *self)
{
  g_return_val_if_fail (RTB_IS_WINDOW (self), FALSE);

  return self->running;
}

RtbRun *
rtb_window_get_live_run (RtbWindow *self)
{
  g_return_val_if_fail (RTB_IS_WINDOW (self), NULL);

  return self->live_run;
}

RtbLiveView *
rtb_window_get_selected_view (RtbWindow *self)
{
  g_return_val_if_fail (RTB_IS_WINDOW (self), NULL);

  return page_view (adw_tab_view_get_selected_page (self->tab_view));
}

guint
rtb_window_get_n_runs (RtbWindow *self)
{
  g_return_val_if_fail (RTB_IS_WINDOW (self), 0);

  return adw_tab_view_get_n_pages (self->tab_view);
}

const char *
rtb_window_get_last_error (RtbWindow *self)
{
  g_return_val_if_fail (RTB_IS_WINDOW (self), NULL);

  return self->last_error;
}

RtbWindow *
rtb_window_new (GtkApplication *application)
{
  return g_object_new (RTB_TYPE_WINDOW, "application", application, NULL);
}

static void
rtb_window_dispose (GObject *object)
{
  RtbWindow *self = RTB_WINDOW (object);

  g_clear_handle_id (&self->flush_id, g_source_remove);
  g_clear_handle_id (&self->checkpoint_id, g_source_remove);
  g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  clear_session (self);
  stop_load (self);
  g_clear_object (&self->live_run);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), RTB_TYPE_WINDOW);

  G_OBJECT_CLASS (rtb_window_parent_class)->dispose (object);
}

static void
rtb_window_finalize (GObject *object)
{
  RtbWindow *self = RTB_WINDOW (object);

  g_free (self->last_error);
  g_free (self->checkpoint_path);

  G_OBJECT_CLASS (rtb_window_parent_class)->finalize (object);
}

static void
rtb_window_class_init (RtbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = rtb_window_dispose;
  object_class->finalize = rtb_window_finalize;
  window_class->close_request = rtb_window_close_request;

  g_type_ensure (RTB_TYPE_SETUP_PANEL);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rtbench/RtBench/rtb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RtbWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, RtbWindow, start_button);
  gtk_widget_class_bind_template_child (widget_class, RtbWindow, stop_button);
  gtk_widget_class_bind_template_child (widget_class, RtbWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, RtbWindow, setup_panel);
  gtk_widget_class_bind_template_child (widget_class, RtbWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, RtbWindow, tab_view);
  gtk_widget_class_bind_template_callback (widget_class, on_close_page);
  gtk_widget_class_bind_template_callback (widget_class, on_selected_page);
  gtk_widget_class_bind_template_callback (widget_class, on_n_pages);

  gtk_widget_class_install_action (widget_class, "win.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "win.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "win.close-tab", NULL, close_tab_action);
  gtk_widget_class_install_action (widget_class, "win.reset-zoom", NULL, reset_zoom_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "win.start", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_period, GDK_CONTROL_MASK,
                                       "win.stop", NULL);
  _rtb_window_class_init_files (widget_class);
  _rtb_window_class_init_compare (widget_class);
  _rtb_window_class_init_messages (widget_class);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "win.close-tab", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK,
                                       "win.reset-zoom", NULL);
}

static void
on_map (RtbWindow *self)
{
  /* For tests/bench-gui.sh: when the window first reached the screen, on the wall clock. */
  if (!self->mapped_once)
    g_debug ("window mapped at %" G_GINT64_FORMAT " µs (real time)", g_get_real_time ());
  self->mapped_once = TRUE;
}

static void
rtb_window_init (RtbWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->opening = g_cancellable_new ();

  if (g_strcmp0 (APP_ID, SCHEMA_ID) != 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");

  self->settings = g_settings_new (SCHEMA_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized",
                   G_SETTINGS_BIND_DEFAULT);
  rtb_setup_panel_bind_settings (self->setup_panel, self->settings);

  g_signal_connect (self, "map", G_CALLBACK (on_map), NULL);
  on_n_pages (self);
  _rtb_window_update_actions (self);
}
