/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-compare-view.h"
#include "rtb-help.h"
#include "rtb-label.h"
#include "rtb-output.h"
#include "rtb-settings-schema.h"
#include "rtb-window-private.h"

#define FLUSH_INTERVAL_MS 1000
#define WAITING_TOAST_KEY "rtb-waiting-toast"

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

RtbRecording *
_rtb_window_page_recording (AdwTabPage *page)
{
  return page != NULL ? g_object_get_data (G_OBJECT (page), "rtb-recording") : NULL;
}

static AdwTabPage *
find_page (RtbWindow    *self,
           RtbRecording *recording)
{
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      AdwTabPage *page = adw_tab_view_get_nth_page (self->tab_view, i);

      if (_rtb_window_page_recording (page) == recording)
        return page;
    }
  return NULL;
}

RtbRecording *
_rtb_window_find_recording (RtbWindow *self,
                            RtbRun    *run)
{
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      RtbRecording *recording = _rtb_window_page_recording (adw_tab_view_get_nth_page (
                                                              self->tab_view, i));

      if (recording != NULL && rtb_recording_get_run (recording) == run)
        return recording;
    }
  return NULL;
}

static gboolean
any_live (RtbWindow *self)
{
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      RtbRecording *recording = _rtb_window_page_recording (adw_tab_view_get_nth_page (
        self->tab_view, i));

      if (recording != NULL && rtb_recording_is_live (recording))
        return TRUE;
    }
  return FALSE;
}

void
_rtb_window_update_actions (RtbWindow *self)
{
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);
  RtbRecording *recording = _rtb_window_page_recording (page);
  gboolean selected_live = recording != NULL && rtb_recording_is_live (recording);

  /* Starting another run while one is live is normal: each gets its own tab; Stop is for the
   * selected tab's run. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop", selected_live);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", page_view (page) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", page != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.compare",
                                 adw_tab_view_get_n_pages (self->tab_view) >= 2);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-tab", page != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reset-zoom", page != NULL);
  gtk_widget_set_visible (self->stop_button, selected_live);
  rtb_setup_panel_set_measuring (self->setup_panel, any_live (self));
}

static void
update_title (RtbWindow *self)
{
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);
  RtbRun *run = page_view (page) ? rtb_live_view_get_run (page_view (page)) : NULL;
  const RtbSystemInfo *info = run ? rtb_run_get_system (run) : NULL;
  g_autofree char *subtitle = NULL;

  if (info != NULL && (info->hostname != NULL || info->kernel_release != NULL))
    subtitle = g_strdup_printf ("%s — %s", info->hostname ? info->hostname : "-",
                                info->kernel_release ? info->kernel_release : "-");
  adw_window_title_set_subtitle (self->window_title, subtitle ? subtitle : "");
}

static void
on_selected_page (RtbWindow *self)
{
  _rtb_window_update_actions (self);
  update_title (self);
}

static void number_page_titles (AdwTabView *view);

static void
on_n_pages (RtbWindow *self)
{
  number_page_titles (self->tab_view);
  gtk_stack_set_visible_child_name (self->main_stack,
                                    adw_tab_view_get_n_pages (self->tab_view) > 0 ? "runs"
                                                                                  : "empty");
  _rtb_window_update_actions (self);
  _rtb_window_unsaved_changed (self);
}

/* AdwTabBar 1.2 fades a long title out at its end, which hides what tells "Matrix inversion
 * 64" from "Matrix inversion 128": a long title is shortened in its middle instead, and shown
 * whole (with the file) as the tab's tooltip. It is shortened only past what the tab's share of
 * the bar holds (the tabs fill it), so that a comparison's "A vs B" reads whole where there is
 * room; never to fewer than TAB_TITLE_CHARS. */
#define TAB_TITLE_CHARS 26
/* What a tab holds beside its title: its icon, its close button and their padding. */
#define TAB_CHROME_PX 90

static glong
tab_title_chars (AdwTabView *view)
{
  int n = MAX (adw_tab_view_get_n_pages (view), 1);
  int room = gtk_widget_get_width (GTK_WIDGET (view)) / n - TAB_CHROME_PX;
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (view));
  PangoFontMetrics *metrics = pango_context_get_metrics (context, NULL, NULL);
  int char_width = pango_font_metrics_get_approximate_char_width (metrics);

  pango_font_metrics_unref (metrics);
  if (char_width <= 0 || room <= 0)
    return TAB_TITLE_CHARS;
  return MAX (TAB_TITLE_CHARS, (glong) room * PANGO_SCALE / char_width);
}

static char *
shorten_in_the_middle (const char *text,
                       glong       chars)
{
  glong length = g_utf8_strlen (text, -1);
  g_autofree char *head = NULL;

  if (length <= chars)
    return g_strdup (text);
  head = g_utf8_substring (text, 0, chars / 2 - 1);
  return g_strdup_printf ("%s…%s", g_strchomp (head),
                          g_utf8_offset_to_pointer (text, length - chars / 2));
}

/* Tabs of one title (a run file opened twice, two imports of one label) are numbered in tab
 * order, as GNOME's applications number their windows: "latency", "latency (2)". The number
 * follows the shortened title, so that it stays in sight. */
static void
number_page_titles (AdwTabView *view)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  glong chars = tab_title_chars (view);

  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      AdwTabPage *page = adw_tab_view_get_nth_page (view, i);
      const char *title = g_object_get_data (G_OBJECT (page), "rtb-title");
      guint n;
      g_autofree char *shown = NULL;

      if (title == NULL)
        continue;
      n = GPOINTER_TO_UINT (g_hash_table_lookup (seen, title)) + 1;
      g_hash_table_insert (seen, (gpointer) title, GUINT_TO_POINTER (n));
      shown = shorten_in_the_middle (title, chars);
      if (n == 1)
        {
          g_object_set_data_full (G_OBJECT (page), "rtb-numbered-title", g_strdup (title), g_free);
          adw_tab_page_set_title (page, shown);
        }
      else
        {
          g_autofree char *numbered = g_strdup_printf ("%s (%u)", shown, n);

          g_object_set_data_full (G_OBJECT (page), "rtb-numbered-title",
                                  g_strdup_printf ("%s (%u)", title, n), g_free);
          adw_tab_page_set_title (page, numbered);
        }
    }
}

void
_rtb_window_set_page_title (AdwTabPage *page,
                            const char *title,
                            const char *file)
{
  GtkWidget *view = gtk_widget_get_ancestor (adw_tab_page_get_child (page), ADW_TYPE_TAB_VIEW);
  g_autofree char *escaped = g_markup_escape_text (title, -1);
  g_autofree char *escaped_file = file != NULL ? g_markup_escape_text (file, -1) : NULL;
  g_autofree char *tooltip = file != NULL ? g_strdup_printf ("%s\n%s", escaped, escaped_file)
                                          : NULL;

  g_object_set_data_full (G_OBJECT (page), "rtb-title", g_strdup (title), g_free);
  adw_tab_page_set_tooltip (page, tooltip != NULL ? tooltip : escaped);
  if (view != NULL)
    number_page_titles (ADW_TAB_VIEW (view));
  else
    {
      g_autofree char *shown = shorten_in_the_middle (title, TAB_TITLE_CHARS);

      adw_tab_page_set_title (page, shown);
    }
}

const char *
_rtb_window_page_title (AdwTabPage *page)
{
  const char *title = g_object_get_data (G_OBJECT (page), "rtb-numbered-title");

  if (title == NULL)
    title = g_object_get_data (G_OBJECT (page), "rtb-title");
  return title != NULL ? title : adw_tab_page_get_title (page);
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
  _rtb_window_set_page_title (page, title, rtb_run_get_file (run));
}

AdwTabPage *
_rtb_window_add_page (RtbWindow *self,
                      RtbRun    *run)
{
  RtbLiveView *view = rtb_live_view_new (run);
  g_autofree char *title = rtb_live_view_dup_title (view);
  AdwTabPage *page;

  page = adw_tab_view_append (self->tab_view, GTK_WIDGET (view));
  _rtb_window_set_page_title (page, title, rtb_run_get_file (run));
  g_signal_connect_object (run, "notify::label", G_CALLBACK (on_run_label), page, 0);
  g_signal_connect_object (run, "notify::file", G_CALLBACK (on_run_label), page, 0);
  /* However it was saved (through the window or its recording), a run in a file of the user's
   * is no longer unsaved. */
  g_signal_connect_object (run, "notify::file", G_CALLBACK (_rtb_window_unsaved_changed), self,
                           G_CONNECT_SWAPPED);
  adw_tab_view_set_selected_page (self->tab_view, page);
  return page;
}

void
rtb_window_add_run (RtbWindow *self,
                    RtbRun    *run)
{
  g_return_if_fail (RTB_IS_WINDOW (self));
  g_return_if_fail (RTB_IS_RUN (run));

  _rtb_window_keep_page (self, _rtb_window_add_page (self, run));
}

/* ---- Running ----------------------------------------------------------------------------- */

static void
explain_error (RtbWindow    *self,
               const GError *error,
               gboolean      have_data)
{
  g_autofree char *body = NULL;
  const char *heading = _("The Measurement Failed");
  const char *hint = NULL;

  if (error->domain == RTB_RECORDING_ERROR && error->code == RTB_RECORDING_ERROR_LOAD)
    heading = _("The Load Could Not Start");
  else if (error->domain == RTB_OUTPUT_ERROR)
    heading = _("The Run Could Not Be Kept");
  else if (error->domain == RTB_SESSION_ERROR)
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
          hint = _("Ask an administrator for the right to run rtbench's measuring helper "
                   "through pkexec, give your user real-time priority (rtprio in "
                   "/etc/security/limits.conf), or choose the normal scheduling policy.");
          break;
        case RTB_SESSION_ERROR_NO_POLKIT:
          /* The message says the ways that need no polkit, in the words the command line
           * uses. */
          heading = _("Polkit Is Not Running");
          hint = _("In this window, the Normal scheduling policy (under Threads) needs no "
                   "rights.");
          break;
        case RTB_SESSION_ERROR_REJECTED:
          heading = _("The Setup Was Rejected");
          hint = _("Change the setup as said above and start again.");
          break;
        case RTB_SESSION_ERROR_NO_PRIVILEGE:
          /* The message says how to get the rights, in the words the command line uses. */
          heading = _("Real-Time Priority Was Refused");
          hint = _("In this window, the Normal scheduling policy (under Threads) needs no "
                   "rights.");
          break;
        case RTB_SESSION_ERROR_UNSAFE:
          heading = _("The Run Could Lock Up Its CPU");
          hint = _("The kernel's real-time throttling is off on this machine. Make the run "
                   "less busy (a longer period or a shorter spin), choose the normal policy, or "
                   "turn throttling back on with “sudo sysctl kernel.sched_rt_runtime_us=950000”. "
                   "rtbench-cli run --unthrottled accepts the risk.");
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

/* The toast that asks to wait for pkexec goes once the worker started, or ended without. */
static void
dismiss_waiting_toast (RtbRecording *recording)
{
  g_autoptr(AdwToast) toast = g_object_steal_data (G_OBJECT (recording), WAITING_TOAST_KEY);

  if (toast != NULL)
    adw_toast_dismiss (toast);
}

static void
on_run_state (RtbRecording *recording)
{
  if (rtb_run_get_state (rtb_recording_get_run (recording)) != RTB_RUN_STATE_NEW)
    dismiss_waiting_toast (recording);
}

static void
on_recording_ended (RtbRecording *recording,
                    const GError *error,
                    RtbWindow    *self)
{
  RtbRun *run = rtb_recording_get_run (recording);
  AdwTabPage *page = find_page (self, recording);
  const char *unsaved = rtb_recording_get_unsaved_path (recording);

  dismiss_waiting_toast (recording);
  if (page != NULL)
    adw_tab_page_set_icon (page, NULL);
  /* Refused or unreachable before measuring anything: the message says why, and no empty tab
   * stays behind. */
  if (page != NULL && error != NULL && rtb_run_get_total_count (run) == 0)
    adw_tab_view_close_page (self->tab_view, page);
  _rtb_window_update_actions (self);

  if (error != NULL && self->after_stop == AFTER_STOP_NOTHING)
    explain_error (self, error, rtb_run_get_total_count (run) > 0);
  else if (error == NULL)
    _rtb_window_toast (self, rtb_run_get_end_reason (run) == RTB_END_COMPLETED
                             ? _("Measurement finished") : _("Measurement stopped"));
  if (unsaved != NULL && g_strcmp0 (rtb_recording_get_saved_path (recording), unsaved) == 0)
    {
      g_autofree char *message = g_strdup_printf (_("The run is kept in “%s” until you save it"),
                                                  unsaved);

      _rtb_window_toast (self, message);
    }
  _rtb_window_unsaved_changed (self);
  _rtb_window_after_last_run (self);
}

static void
on_recording_finished (RtbRecording *recording,
                       RtbWindow    *self)
{
  on_recording_ended (recording, NULL, self);
}

static void
on_recording_warning (RtbRecording *recording,
                      const char   *text,
                      RtbWindow    *self)
{
  _rtb_window_toast (self, text);
}

static void
on_recording_log (RtbLiveView *view,
                  const char  *line)
{
  g_debug ("worker: %s", line);
  rtb_live_view_append_log (view, line);
}

/* Another machine as far as it is known before its worker's SYSTEM frame replaces it. */
static RtbRecording *
new_recording (RtbWindow         *self,
               const RtbCommand  *cmd)
{
  RtbSetupPanel *panel = self->setup_panel;
  const RtbSystemInfo *remote = rtb_setup_panel_get_remote_system (panel);
  const char *label = rtb_setup_panel_get_label (panel);
  g_autofree char *default_label = NULL;
  RtbRecording *recording;

  /* Without a label of the user's, one that tells this run from the others. */
  if (label == NULL || *label == '\0')
    label = default_label = rtb_label_default (
      cmd, rtb_load_scenario_to_string (rtb_setup_panel_get_load (panel)),
      remote != NULL && remote->hostname != NULL ? remote->hostname
      : rtb_setup_panel_get_remote (panel) != NULL ? rtb_setup_panel_get_remote (panel)
      : g_get_host_name ());
  recording = rtb_recording_new (cmd, label);

  rtb_recording_set_remote (recording, rtb_setup_panel_get_remote (panel),
                            rtb_setup_panel_get_remote_worker (panel),
                            rtb_setup_panel_get_remote_system (panel));
  rtb_recording_set_graphical (recording, TRUE);
  rtb_recording_set_load (recording, rtb_setup_panel_get_load (panel));
  /* Figures, tables and charts follow a live run once a second: enough to watch a run grow,
   * and each update redraws two charts and relays out the tables (about 15 ms of CPU in
   * software). */
  rtb_recording_set_flush_interval (recording, FLUSH_INTERVAL_MS);
  rtb_recording_set_keep_unsaved (recording, TRUE);
  return recording;
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  RtbWindow *self = RTB_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbRecording) recording = NULL;
  g_autoptr(GIcon) running_icon = g_themed_icon_new ("media-record-symbolic");
  RtbRecording *recording_of_page;
  AdwTabPage *page;
  RtbLiveView *view;
  RtbCommand cmd;

  if (!rtb_setup_panel_build_command (self->setup_panel, &cmd, &error))
    {
      g_free (self->last_error);
      self->last_error = g_strdup (error->message);
      _rtb_window_toast (self, error->message);
      return;
    }

  recording = new_recording (self, &cmd);
  g_signal_connect (recording, "warning", G_CALLBACK (on_recording_warning), self);
  if (!rtb_recording_start (recording, &error))
    {
      g_signal_handlers_disconnect_by_data (recording, self);
      explain_error (self, error, FALSE);
      return;
    }
  g_signal_connect (recording, "finished", G_CALLBACK (on_recording_finished), self);
  g_signal_connect (recording, "failed", G_CALLBACK (on_recording_ended), self);
  g_set_object (&self->last_recording, recording);
  self->after_stop = AFTER_STOP_NOTHING;

  page = _rtb_window_add_page (self, rtb_recording_get_run (recording));
  view = page_view (page);
  g_signal_connect_object (recording, "log", G_CALLBACK (on_recording_log), view,
                           G_CONNECT_SWAPPED);
  g_object_set_data_full (G_OBJECT (page), "rtb-recording", g_steal_pointer (&recording),
                          g_object_unref);
  /* A still icon, not the tab's loading spinner: a spinner redraws the window at the frame rate
   * for the whole run, which costs far more than the run's own updates. */
  adw_tab_page_set_icon (page, running_icon);
  recording_of_page = _rtb_window_page_recording (page);
  if (rtb_recording_get_uses_pkexec (recording_of_page))
    {
      AdwToast *waiting = _rtb_window_toast (self, _("Waiting for authorization to run "
                                                     "real-time threads…"));

      g_object_set_data_full (G_OBJECT (recording_of_page), WAITING_TOAST_KEY,
                              g_object_ref (waiting), g_object_unref);
      g_signal_connect_object (rtb_recording_get_run (recording_of_page), "notify::state",
                               G_CALLBACK (on_run_state), recording_of_page, G_CONNECT_SWAPPED);
    }
  _rtb_window_update_actions (self);
  _rtb_window_unsaved_changed (self);
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  RtbWindow *self = RTB_WINDOW (widget);
  RtbRecording *recording =
    _rtb_window_page_recording (adw_tab_view_get_selected_page (self->tab_view));

  if (recording != NULL)
    rtb_recording_stop (recording);
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

static gboolean
rtb_window_close_request (GtkWindow *window)
{
  if (_rtb_window_ask_before_closing (RTB_WINDOW (window)))
    return GDK_EVENT_STOP;
  return GTK_WINDOW_CLASS (rtb_window_parent_class)->close_request (window);
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

  return _rtb_window_count_live (self) > 0;
}

RtbRun *
rtb_window_get_live_run (RtbWindow *self)
{
  g_return_val_if_fail (RTB_IS_WINDOW (self), NULL);

  return self->last_recording != NULL ? rtb_recording_get_run (self->last_recording) : NULL;
}

GPtrArray *
rtb_window_get_recordings (RtbWindow *self)
{
  GPtrArray *recordings = g_ptr_array_new ();

  g_return_val_if_fail (RTB_IS_WINDOW (self), recordings);

  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      RtbRecording *recording = _rtb_window_page_recording (adw_tab_view_get_nth_page (
                                                              self->tab_view, i));

      if (recording != NULL)
        g_ptr_array_add (recordings, recording);
    }
  return recordings;
}

RtbRecording *
rtb_window_get_selected_recording (RtbWindow *self)
{
  g_return_val_if_fail (RTB_IS_WINDOW (self), NULL);

  return _rtb_window_page_recording (adw_tab_view_get_selected_page (self->tab_view));
}

void
rtb_window_select_recording (RtbWindow    *self,
                             RtbRecording *recording)
{
  AdwTabPage *page;

  g_return_if_fail (RTB_IS_WINDOW (self));
  g_return_if_fail (RTB_IS_RECORDING (recording));

  page = find_page (self, recording);
  if (page != NULL)
    adw_tab_view_set_selected_page (self->tab_view, page);
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

gboolean
rtb_window_showed_toast (RtbWindow  *self,
                         const char *start)
{
  g_return_val_if_fail (RTB_IS_WINDOW (self), FALSE);

  for (guint i = 0; i < self->toasts->len; i++)
    if (g_str_has_prefix (self->toasts->pdata[i], start))
      return TRUE;
  return FALSE;
}

gboolean
rtb_window_is_showing_toast (RtbWindow  *self,
                             const char *start)
{
  g_return_val_if_fail (RTB_IS_WINDOW (self), FALSE);

  for (guint i = 0; i < self->shown_toasts->len; i++)
    if (g_str_has_prefix (g_object_get_data (self->shown_toasts->pdata[i], "rtb-message"), start))
      return TRUE;
  return FALSE;
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

  g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  g_clear_handle_id (&self->retitle_id, g_source_remove);
  /* Recordings belong to their tabs and go with them (their workers stop); none may call back
   * into a window that is going. */
  if (self->tab_view != NULL)
    for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
      {
        RtbRecording *recording = _rtb_window_page_recording (adw_tab_view_get_nth_page (
                                                                self->tab_view, i));

        if (recording != NULL)
          g_signal_handlers_disconnect_by_data (recording, self);
      }
  if (self->last_recording != NULL)
    g_signal_handlers_disconnect_by_data (self->last_recording, self);
  /* Live runs end here and keep what they measured (in the unsaved folder when they have no
   * file): a window destroyed without asking, or a session that ended, loses nothing. */
  rtb_window_keep_runs (self);
  if (self->inhibit_cookie != 0 && gtk_window_get_application (GTK_WINDOW (self)) != NULL)
    gtk_application_uninhibit (gtk_window_get_application (GTK_WINDOW (self)),
                               self->inhibit_cookie);
  self->inhibit_cookie = 0;
  g_clear_object (&self->last_recording);
  g_clear_pointer (&self->pending_saves, g_ptr_array_unref);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), RTB_TYPE_WINDOW);

  G_OBJECT_CLASS (rtb_window_parent_class)->dispose (object);
}

static void
rtb_window_finalize (GObject *object)
{
  RtbWindow *self = RTB_WINDOW (object);

  g_free (self->last_error);
  g_ptr_array_unref (self->toasts);
  g_ptr_array_unref (self->shown_toasts);
  g_free (self->inhibit_reason);

  G_OBJECT_CLASS (rtb_window_parent_class)->finalize (object);
}

static void
help_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  rtb_help_show (GTK_WINDOW (widget));
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
  gtk_widget_class_bind_template_child (widget_class, RtbWindow, recover_section);
  gtk_widget_class_bind_template_callback (widget_class, on_selected_page);
  gtk_widget_class_bind_template_callback (widget_class, on_n_pages);

  gtk_widget_class_install_action (widget_class, "win.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "win.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "win.close-tab", NULL, close_tab_action);
  gtk_widget_class_install_action (widget_class, "win.reset-zoom", NULL, reset_zoom_action);
  gtk_widget_class_install_action (widget_class, "win.help", NULL, help_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "win.start", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_period, GDK_CONTROL_MASK,
                                       "win.stop", NULL);
  _rtb_window_class_init_files (widget_class);
  _rtb_window_class_init_compare (widget_class);
  _rtb_window_class_init_messages (widget_class);
  _rtb_window_class_init_closing (widget_class);
  _rtb_window_class_init_unsaved (widget_class);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "win.close-tab", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK,
                                       "win.reset-zoom", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F1, 0, "win.help", NULL);
}

static gboolean
retitle_tabs (gpointer data)
{
  RtbWindow *self = data;

  self->retitle_id = 0;
  number_page_titles (self->tab_view);
  return G_SOURCE_REMOVE;
}

/* The window's size changed: once it is laid out at the new size (an idle runs after the
 * frame's layout), the titles are fitted to their tabs again. */
static void
on_size_changed (RtbWindow *self)
{
  if (self->retitle_id == 0)
    self->retitle_id = g_idle_add (retitle_tabs, self);
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
  g_autoptr(GSettingsSchema) schema = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->opening = g_cancellable_new ();
  self->toasts = g_ptr_array_new_with_free_func (g_free);
  self->shown_toasts = g_ptr_array_new_with_free_func (g_object_unref);

  if (g_strcmp0 (APP_ID, RTB_SETTINGS_SCHEMA_ID) != 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");

  /* The application checked that there is one; without it, GLib says what is missing. */
  schema = rtb_settings_schema_lookup (NULL);
  self->settings = schema != NULL ? g_settings_new_full (schema, NULL, NULL)
                                  : g_settings_new (RTB_SETTINGS_SCHEMA_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized",
                   G_SETTINGS_BIND_DEFAULT);
  rtb_setup_panel_bind_settings (self->setup_panel, self->settings);

  g_signal_connect (self, "map", G_CALLBACK (on_map), NULL);
  g_signal_connect (self, "map", G_CALLBACK (on_size_changed), NULL);
  g_signal_connect (self, "notify::default-width", G_CALLBACK (on_size_changed), NULL);
  g_signal_connect (self, "notify::maximized", G_CALLBACK (on_size_changed), NULL);
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (on_size_changed), NULL);
  /* The session is told once the window belongs to the application. */
  g_signal_connect (self, "notify::application", G_CALLBACK (_rtb_window_unsaved_changed), NULL);
  on_n_pages (self);
  g_signal_connect_swapped (self->tab_view, "page-reordered", G_CALLBACK (number_page_titles),
                            self->tab_view);
  _rtb_window_update_actions (self);
}
