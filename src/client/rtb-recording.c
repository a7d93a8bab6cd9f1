/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "rtb-cpu-users.h"
#include "rtb-output.h"
#include "rtb-recording.h"
#include "rtb-text-limit.h"

struct _RtbRecording
{
  GObject parent_instance;

  /* Owned references */
  RtbRun *run;
  RtbSession *session;
  GSubprocess *load;
  GCancellable *load_watch;  /* the wait for the load's end, until it is stopped */
  RtbSystemInfo *known_system;
  char *remote;
  char *remote_worker;
  char *output;
  RtbOutputLock *output_lock;
  char *unsaved_path;
  char *saved_path;
  GError *save_error;
  GError *frame_error;
  GError *error;

  RtbLoadScenario load_scenario;
  RtbRecordingState state;
  guint flush_interval_ms;
  guint flush_id;
  gint64 started_at;  /* monotonic µs when the worker began measuring */
  gint64 load_started_at; /* monotonic µs when the load was started, and when it ended; 0 */
  gint64 load_ended_at;

  guint graphical : 1;
  guint keep_unsaved : 1;
  guint discard : 1;   /* no save at the end */
  guint checkpointed : 1; /* a long run: saved while it runs, and so kept at its end */
  guint checkpointing : 1; /* saved at each minute of the run's clock, to a file */
  guint output_free_name : 1; /* another run's output: take the next free name */
};

G_DEFINE_FINAL_TYPE (RtbRecording, rtb_recording, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  PROP_SYSTEM,
  N_PROPS
};

enum {
  CHANGED,
  LOG,
  WARNING,
  FINISHED,
  FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_QUARK (rtb-recording-error-quark, rtb_recording_error)

/* The live recordings of this process, to warn about two of them on the same CPUs. */
static GList *live_recordings;

static void
set_state (RtbRecording *self, RtbRecordingState state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
warn (RtbRecording *self, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
warn (RtbRecording *self, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_debug ("%s", message);
  g_signal_emit (self, signals[WARNING], 0, message);
}

/* ---- Saving ------------------------------------------------------------------------------ */

static char *
reserve_unsaved_path (RtbRun *run, GError **error)
{
  const char *label = rtb_run_get_label (run);

  return rtb_output_reserve_unsaved (label && label[0] ? label
                                     : rtb_method_to_string (rtb_run_get_method (run)), error);
}

/* Where the run goes while it runs and at its end: its output, else (when kept) its file in
 * the unsaved folder. */
static const char *
target_path (RtbRecording *self)
{
  g_autoptr(GError) error = NULL;

  if (self->output != NULL)
    return self->output;
  if (!self->keep_unsaved)
    return NULL;
  if (self->unsaved_path == NULL)
    {
      self->unsaved_path = reserve_unsaved_path (self->run, &error);
      if (self->unsaved_path == NULL)
        warn (self, _("The run cannot be kept: %s"), error->message);
    }
  return self->unsaved_path;
}

static void
checkpoint (RtbRecording *self)
{
  g_autoptr(GError) error = NULL;
  const char *path;

  if (!rtb_recording_has_measured (self) || (path = target_path (self)) == NULL)
    return;
  if (rtb_run_save (self->run, path, &error))
    g_debug ("checkpoint saved to %s", path);
  else
    warn (self, _("Checkpoint: %s"), error->message); /* it names the file */
}

/* By the run's own clock, not the wall clock: a run fed faster than it was measured (a
 * recording, a board catching up after a stall) is checkpointed at each of its minutes. */
static void
on_run_minute (RtbRun *run, guint64 minute, RtbRecording *self)
{
  /* A run that just ended on a minute is saved whole at its end. */
  if (self->checkpointing && rtb_run_get_state (run) == RTB_RUN_STATE_RUNNING)
    checkpoint (self);
}

static gboolean
needs_checkpoints (const RtbCommand *command)
{
  if (command->method == RTB_METHOD_RESPONSE)
    return TRUE; /* its length depends on the machine, not on a duration */
  return command->duration_ns == 0
         || command->duration_ns > RTB_RECORDING_CHECKPOINT_MIN_DURATION_NS;
}

/* At the end: the whole run to its output, else to the unsaved folder, and say where. */
static void
save_at_end (RtbRecording *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) unsaved_error = NULL;

  if (self->discard || !rtb_recording_has_measured (self))
    return;
  if (self->output != NULL)
    {
      if (rtb_run_save (self->run, self->output, &error))
        {
          self->saved_path = g_strdup (self->output);
          return;
        }
      self->save_error = g_error_copy (error);
      if (self->unsaved_path == NULL)
        self->unsaved_path = reserve_unsaved_path (self->run, &unsaved_error);
      if (self->unsaved_path != NULL &&
          rtb_run_save (self->run, self->unsaved_path, &unsaved_error))
        {
          self->saved_path = g_strdup (self->unsaved_path);
          /* Translators: first why the run's file could not be saved (sentences that name it),
           * then where the run is kept instead */
          warn (self, _("%s The run is kept in “%s”."), error->message, self->unsaved_path);
        }
      else
        {
          /* Reserving or saving failed, and each says why (GError's contract). */
          g_assert (unsaved_error != NULL);
          /* Translators: why the run's file could not be saved (sentences), then why the run
           * could not be kept instead */
          warn (self, _("%s Nor could the run be kept in the unsaved folder: %s"),
                error->message, unsaved_error->message);
        }
      return;
    }
  /* Kept whether it ran long or not, finished, stopped or cut short: the window asks before it
   * lets such a run go, and what a crash leaves here is offered for recovery. A run that
   * measured nothing (refused, unreachable) holds nothing to keep. */
  if (rtb_run_get_total_count (self->run) == 0 && self->unsaved_path == NULL)
    return;
  if (target_path (self) == NULL)
    return;
  if (rtb_run_save (self->run, self->unsaved_path, &error))
    self->saved_path = g_strdup (self->unsaved_path);
  else
    warn (self, _("The run could not be kept: %s"), error->message);
}

gboolean
rtb_recording_save_to (RtbRecording  *self,
                       const char    *path,
                       GError       **error)
{
  g_autoptr(RtbOutputLock) lock = NULL;

  g_return_val_if_fail (RTB_IS_RECORDING (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* A live run goes on writing there, holding the lock: no other run may. An ended one holds
   * it while it saves, as every writer does. */
  if (!rtb_recording_is_live (self))
    {
      if (!rtb_output_save_run (self->run, path, error))
        return FALSE;
    }
  else if (g_strcmp0 (path, self->output) != 0 &&
           (!rtb_output_check (path, error) || (lock = rtb_output_lock (path, error)) == NULL))
    return FALSE;
  else if (!rtb_run_save (self->run, path, error))
    return FALSE;
  g_free (self->output);
  self->output = g_strdup (path);
  if (!rtb_recording_is_live (self))
    {
      g_free (self->saved_path);
      self->saved_path = g_strdup (path);
    }
  if (lock != NULL)
    {
      g_clear_pointer (&self->output_lock, rtb_output_lock_release);
      self->output_lock = g_steal_pointer (&lock);
    }
  /* From now on the checkpoints go to the user's file: the autosave is redundant. */
  if (self->unsaved_path != NULL)
    {
      g_unlink (self->unsaved_path);
      g_clear_pointer (&self->unsaved_path, g_free);
    }
  return TRUE;
}

/* ---- Following the worker ---------------------------------------------------------------- */

static gboolean
on_flush (gpointer user_data)
{
  RtbRecording *self = user_data;

  rtb_run_flush_changed (self->run);
  return G_SOURCE_CONTINUE;
}

static void
on_run_changed (RtbRun       *run,
                RtbRecording *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}


/* The load's start and end on the run's time axis, once the run has started. */
static void
mark_load (RtbRecording *self)
{
  gint64 start_ns = RTB_RUN_TIME_UNKNOWN, stop_ns = RTB_RUN_TIME_UNKNOWN;

  if (self->started_at == 0 || self->load_started_at == 0)
    return;
  start_ns = (self->load_started_at - self->started_at) * 1000;
  if (self->load_ended_at != 0)
    stop_ns = (self->load_ended_at - self->started_at) * 1000;
  rtb_run_set_load_span (self->run, start_ns, stop_ns);
}

/* The load ended by itself (a bad option, the OOM killer): marked where it did. */
static void
on_load_exited (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(GError) error = NULL;
  RtbRecording *self;

  if (!g_subprocess_wait_finish (G_SUBPROCESS (source), result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = data;
  if (self->load_ended_at == 0)
    self->load_ended_at = g_get_monotonic_time ();
  mark_load (self);
}

static void
on_run_state (RtbRun       *run,
              GParamSpec   *pspec,
              RtbRecording *self)
{
  if (rtb_run_get_state (run) == RTB_RUN_STATE_RUNNING && self->state == RTB_RECORDING_STARTING)
    {
      self->started_at = g_get_monotonic_time ();
      mark_load (self);
      set_state (self, RTB_RECORDING_RUNNING);
    }
}

static void
on_session_frame (RtbSession     *session,
                  const RtbFrame *frame,
                  RtbRecording   *self)
{
  g_autoptr(GError) error = NULL;

  /* After a frame that does not fit, nothing more of this worker is believed. */
  if (self->frame_error != NULL)
    return;
  /* A worker of this machine traces this process's threads under the pids it knows. */
  if (frame->header->type == RTB_FRAME_HELLO &&
      rtb_session_is_own_child (session, ((const RtbHelloFrame *) frame->payload)->pid))
    rtb_run_set_client_pid (self->run, (int) getpid ());
  if (rtb_run_handle_frame (self->run, frame, &error))
    return;
  /* Translators: "board sent a sample no worker measures: …", the board's name first */
  self->frame_error = g_error_new (error->domain, error->code, _("%s sent %s"),
                                   self->remote != NULL ? self->remote : _("The worker"),
                                   error->message);
  g_debug ("%s", self->frame_error->message);
  rtb_session_stop (session);
}

static void
on_session_system (RtbSession   *session,
                   GParamSpec   *pspec,
                   RtbRecording *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SYSTEM]);
}

static void
on_session_log (RtbSession   *session,
                const char   *line,
                RtbRecording *self)
{
  g_signal_emit (self, signals[LOG], 0, line);
}

static void
stop_load (RtbRecording *self)
{
  g_autoptr(GError) error = NULL;

  if (self->load == NULL)
    return;
  g_cancellable_cancel (self->load_watch);
  g_clear_object (&self->load_watch);
  if (self->load_ended_at == 0)
    self->load_ended_at = g_get_monotonic_time ();
  if (!rtb_load_check (self->load, &error))
    warn (self, _("The load ended before the run: %s"), error->message);
  rtb_load_stop (self->load);
  g_clear_object (&self->load);
  mark_load (self);
}

static void
disconnect_session (RtbRecording *self)
{
  if (self->session == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->session, self);
  rtb_session_stop (self->session);
}

/* The end, however it came: the run closed, saved, and the verdict emitted. */
static void
end (RtbRecording *self, const GError *session_error)
{
  RtbRunState run_state = rtb_run_get_state (self->run);

  if (!rtb_recording_is_live (self))
    return;
  g_object_ref (self);
  disconnect_session (self);
  g_clear_handle_id (&self->flush_id, g_source_remove);
  self->checkpointing = FALSE;
  stop_load (self);

  if (run_state == RTB_RUN_STATE_NEW || run_state == RTB_RUN_STATE_RUNNING)
    rtb_run_stream_ended (self->run);
  rtb_run_flush_changed (self->run);
  save_at_end (self);
  g_clear_pointer (&self->output_lock, rtb_output_lock_release);
  live_recordings = g_list_remove (live_recordings, self);

  if (session_error != NULL)
    self->error = g_error_copy (session_error);
  else if (self->frame_error != NULL)
    self->error = g_error_copy (self->frame_error);

  if (self->error != NULL)
    {
      set_state (self, RTB_RECORDING_FAILED);
      g_signal_emit (self, signals[FAILED], 0, self->error);
    }
  else
    {
      set_state (self, RTB_RECORDING_FINISHED);
      g_signal_emit (self, signals[FINISHED], 0);
    }
  g_object_unref (self);
}

static void
on_session_finished (RtbSession   *session,
                     const GError *error,
                     RtbRecording *self)
{
  end (self, error);
}

/* ---- Starting and stopping --------------------------------------------------------------- */

/* Before the worker starts: the output can be written and is no other run's, or (in the
 * window) the unsaved folder can take the run. */
static gboolean
prepare_output (RtbRecording *self, GError **error)
{
  g_autofree char *chosen = NULL;

  if (self->output == NULL && self->keep_unsaved)
    {
      g_autofree char *dir = rtb_output_unsaved_dir ();
      g_autofree char *probe = g_build_filename (dir, "run.rtbench", NULL);

      if (g_mkdir_with_parents (dir, 0700) != 0)
        {
          int saved_errno = errno;

          g_set_error (error, RTB_OUTPUT_ERROR, RTB_OUTPUT_ERROR_UNUSABLE,
                       _("The folder that keeps unsaved runs, “%s”, cannot be created: %s"),
                       dir, g_strerror (saved_errno));
          return FALSE;
        }
      return rtb_output_check (probe, error);
    }
  if (self->output == NULL)
    return TRUE;
  if (!rtb_output_check (self->output, error))
    return FALSE;
  if (!self->output_free_name)
    return (self->output_lock = rtb_output_lock (self->output, error)) != NULL;
  self->output_lock = rtb_output_lock_free_name (self->output, &chosen, error);
  if (self->output_lock == NULL)
    return FALSE;
  if (g_strcmp0 (chosen, self->output) != 0)
    {
      warn (self, _("Another rtbench run is saving to “%s”: this run is saved to “%s”"),
            self->output, chosen);
      g_free (self->output);
      self->output = g_steal_pointer (&chosen);
    }
  return TRUE;
}

/* The CPUs both commands measure, in words ("CPUs 0,2"), or NULL. */
static char *
shared_cpus (const RtbCommand *a, const RtbCommand *b, int n_cpus)
{
  uint64_t shared[RTB_MAX_CPUS / 64] = { 0 };

  for (int cpu = 0; cpu < n_cpus; cpu++)
    if (rtb_command_uses_cpu (a, cpu) && rtb_command_uses_cpu (b, cpu))
      shared[cpu / 64] |= UINT64_C (1) << (cpu % 64);
  if (rtb_cpu_count (shared, RTB_MAX_CPUS) == 0)
    return NULL;
  return rtb_cpus_in_words (shared);
}

/* Two measurements on one CPU disturb each other: say so, but let the user decide. Runs of
 * this process are known here (also before their threads exist); other processes' workers are
 * found in /proc, on this machine only. */
static void
warn_about_shared_cpus (RtbRecording *self)
{
  const RtbCommand *command = rtb_run_get_command (self->run);
  int n_cpus = self->remote == NULL ? (int) sysconf (_SC_NPROCESSORS_ONLN)
               : self->known_system != NULL && self->known_system->n_cpus > 0
               ? self->known_system->n_cpus : RTB_MAX_CPUS;
  g_autoptr(GArray) users = NULL;
  g_autofree char *conflict = NULL;

  for (GList *l = live_recordings; l != NULL; l = l->next)
    {
      RtbRecording *other = l->data;
      g_autofree char *list = NULL;

      if (g_strcmp0 (other->remote, self->remote) != 0)
        continue;
      list = shared_cpus (command, rtb_run_get_command (other->run), MAX (n_cpus, 1));
      if (list != NULL && self->remote != NULL)
        /* Translators: the second %s is "CPU 1" or "CPUs 0-1", the third a host */
        warn (self, _("The run “%s” already measures %s of %s: the two runs disturb each "
                      "other’s figures"), rtb_run_get_label (other->run), list, self->remote);
      else if (list != NULL)
        /* Translators: the second %s is "CPU 1" or "CPUs 0-1" */
        warn (self, _("The run “%s” already measures %s of this machine: the two runs "
                      "disturb each other’s figures"), rtb_run_get_label (other->run), list);
    }
  if (self->remote != NULL)
    return;
  /* Our own workers are the recordings above. */
  users = rtb_cpu_users_find ("/proc", getpid ());
  conflict = rtb_cpu_users_describe_conflict (users, command);
  if (conflict != NULL)
    warn (self, "%s", conflict);
}

gboolean
rtb_recording_start (RtbRecording  *self,
                     GError       **error)
{
  g_autoptr(RtbSession) session = NULL;

  g_return_val_if_fail (RTB_IS_RECORDING (self), FALSE);
  g_return_val_if_fail (self->state == RTB_RECORDING_NEW, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Refused now, not when the run ends and could not be saved. */
  if (!rtb_text_check_label (rtb_run_get_label (self->run), error) ||
      !prepare_output (self, error))
    return FALSE;
  warn_about_shared_cpus (self);

  rtb_run_set_system (self->run, self->remote == NULL ? rtb_system_info_collect ()
                                 : self->known_system != NULL
                                 ? rtb_system_info_copy (self->known_system)
                                 : rtb_system_info_new_unknown (self->remote));

  session = rtb_session_new ();
  rtb_session_set_launch (session, self->graphical ? RTB_SESSION_LAUNCH_AUTO_GUI
                                                   : RTB_SESSION_LAUNCH_AUTO_CLI);
  rtb_session_set_remote (session, self->remote);
  if (self->remote != NULL)
    rtb_session_set_worker_path (session, self->remote_worker);

  if (self->load_scenario != RTB_LOAD_NONE)
    {
      g_autoptr(GError) load_error = NULL;

      self->load = rtb_load_start (self->load_scenario, 0, &load_error);
      if (self->load == NULL)
        {
          g_set_error_literal (error, RTB_RECORDING_ERROR, RTB_RECORDING_ERROR_LOAD,
                               load_error->message);
          g_clear_pointer (&self->output_lock, rtb_output_lock_release);
          return FALSE;
        }
      self->load_started_at = g_get_monotonic_time ();
      self->load_watch = g_cancellable_new ();
      g_subprocess_wait_async (self->load, self->load_watch, on_load_exited, self);
    }

  g_signal_connect (session, "frame", G_CALLBACK (on_session_frame), self);
  g_signal_connect (session, "log", G_CALLBACK (on_session_log), self);
  g_signal_connect (session, "notify::system", G_CALLBACK (on_session_system), self);
  g_signal_connect (session, "finished", G_CALLBACK (on_session_finished), self);
  if (!rtb_session_start (session, rtb_run_get_command (self->run), error))
    {
      g_signal_handlers_disconnect_by_data (session, self);
      if (self->load != NULL)
        {
          g_cancellable_cancel (self->load_watch);
          g_clear_object (&self->load_watch);
          rtb_load_stop (self->load);
          g_clear_object (&self->load);
        }
      g_clear_pointer (&self->output_lock, rtb_output_lock_release);
      return FALSE;
    }
  self->session = g_steal_pointer (&session);
  live_recordings = g_list_prepend (live_recordings, self);

  self->flush_id = g_timeout_add (self->flush_interval_ms, on_flush, self);
  self->checkpointed = needs_checkpoints (rtb_run_get_command (self->run));
  self->checkpointing = self->checkpointed && (self->output != NULL || self->keep_unsaved);
  set_state (self, RTB_RECORDING_STARTING);
  return TRUE;
}

void
rtb_recording_stop (RtbRecording *self)
{
  g_return_if_fail (RTB_IS_RECORDING (self));

  if (self->session != NULL && rtb_recording_is_live (self))
    rtb_session_stop (self->session);
}

void
rtb_recording_discard (RtbRecording *self)
{
  g_return_if_fail (RTB_IS_RECORDING (self));

  if (self->unsaved_path != NULL)
    {
      if (g_strcmp0 (self->saved_path, self->unsaved_path) == 0)
        g_clear_pointer (&self->saved_path, g_free);
      g_unlink (self->unsaved_path);
      g_clear_pointer (&self->unsaved_path, g_free);
    }
  if (!rtb_recording_is_live (self))
    return;
  self->discard = TRUE;
  rtb_recording_stop (self);
}

void
rtb_recording_abort (RtbRecording *self)
{
  g_return_if_fail (RTB_IS_RECORDING (self));

  end (self, NULL);
}

/* ---- Setting up -------------------------------------------------------------------------- */

static void
replace_str (char **field, const char *value)
{
  g_free (*field);
  *field = g_strdup (value);
}

void
rtb_recording_set_remote (RtbRecording        *self,
                          const char          *host,
                          const char          *worker_path,
                          const RtbSystemInfo *known)
{
  g_return_if_fail (RTB_IS_RECORDING (self));
  g_return_if_fail (self->state == RTB_RECORDING_NEW);

  replace_str (&self->remote, host != NULL && *host != '\0' ? host : NULL);
  replace_str (&self->remote_worker, worker_path);
  g_clear_pointer (&self->known_system, rtb_system_info_free);
  if (known != NULL)
    self->known_system = rtb_system_info_copy (known);
}

void
rtb_recording_set_graphical (RtbRecording *self,
                             gboolean      graphical)
{
  g_return_if_fail (RTB_IS_RECORDING (self));

  self->graphical = !!graphical;
}

void
rtb_recording_set_load (RtbRecording    *self,
                        RtbLoadScenario  load)
{
  g_return_if_fail (RTB_IS_RECORDING (self));
  g_return_if_fail (self->state == RTB_RECORDING_NEW);

  self->load_scenario = load;
  rtb_run_set_load (self->run, rtb_load_scenario_to_string (load));
}

void
rtb_recording_set_flush_interval (RtbRecording *self,
                                  guint         ms)
{
  g_return_if_fail (RTB_IS_RECORDING (self));
  g_return_if_fail (ms > 0);

  self->flush_interval_ms = ms;
}

void
rtb_recording_set_output (RtbRecording *self,
                          const char   *path)
{
  g_return_if_fail (RTB_IS_RECORDING (self));
  g_return_if_fail (self->state == RTB_RECORDING_NEW);

  replace_str (&self->output, path);
}

void
rtb_recording_set_output_free_name (RtbRecording *self,
                                    gboolean      free_name)
{
  g_return_if_fail (RTB_IS_RECORDING (self));

  self->output_free_name = !!free_name;
}

void
rtb_recording_set_keep_unsaved (RtbRecording *self,
                                gboolean      keep)
{
  g_return_if_fail (RTB_IS_RECORDING (self));

  self->keep_unsaved = !!keep;
}

/* ---- Getters ----------------------------------------------------------------------------- */

RtbRun *
rtb_recording_get_run (RtbRecording *self)
{
  g_return_val_if_fail (RTB_IS_RECORDING (self), NULL);

  return self->run;
}

RtbRecordingState
rtb_recording_get_state (RtbRecording *self)
{
  g_return_val_if_fail (RTB_IS_RECORDING (self), RTB_RECORDING_NEW);

  return self->state;
}

gboolean
rtb_recording_is_live (RtbRecording *self)
{
  g_return_val_if_fail (RTB_IS_RECORDING (self), FALSE);

  return self->state == RTB_RECORDING_STARTING || self->state == RTB_RECORDING_RUNNING;
}

const GError *
rtb_recording_get_error (RtbRecording *self)
{
  g_return_val_if_fail (RTB_IS_RECORDING (self), NULL);

  return self->error;
}

const char *
rtb_recording_get_remote (RtbRecording *self)
{
  g_return_val_if_fail (RTB_IS_RECORDING (self), NULL);

  return self->remote;
}

const RtbSystemInfo *
rtb_recording_get_system (RtbRecording *self)
{
  g_return_val_if_fail (RTB_IS_RECORDING (self), NULL);

  return self->session != NULL ? rtb_session_get_system (self->session) : NULL;
}

gboolean
rtb_recording_saves_checkpoints (RtbRecording *self)
{
  g_return_val_if_fail (RTB_IS_RECORDING (self), FALSE);

  return self->checkpointing;
}

const char *
rtb_recording_get_output (RtbRecording *self)
{
  g_return_val_if_fail (RTB_IS_RECORDING (self), NULL);

  return self->output;
}

const char *
rtb_recording_get_unsaved_path (RtbRecording *self)
{
  g_return_val_if_fail (RTB_IS_RECORDING (self), NULL);

  return self->unsaved_path;
}

const char *
rtb_recording_get_saved_path (RtbRecording *self)
{
  g_return_val_if_fail (RTB_IS_RECORDING (self), NULL);

  return self->saved_path;
}

const GError *
rtb_recording_get_save_error (RtbRecording *self)
{
  g_return_val_if_fail (RTB_IS_RECORDING (self), NULL);

  return self->save_error;
}

gboolean
rtb_recording_get_uses_pkexec (RtbRecording *self)
{
  g_return_val_if_fail (RTB_IS_RECORDING (self), FALSE);

  return self->session != NULL && rtb_session_get_uses_pkexec (self->session);
}

gboolean
rtb_recording_has_measured (RtbRecording *self)
{
  g_return_val_if_fail (RTB_IS_RECORDING (self), FALSE);

  return self->started_at != 0;
}

double
rtb_recording_get_elapsed_seconds (RtbRecording *self)
{
  g_return_val_if_fail (RTB_IS_RECORDING (self), 0);

  if (self->started_at == 0)
    return 0;
  return (double) (g_get_monotonic_time () - self->started_at) / G_USEC_PER_SEC;
}

/* ---- GObject ----------------------------------------------------------------------------- */

RtbRecording *
rtb_recording_new (const RtbCommand *command,
                   const char       *label)
{
  RtbRecording *self;

  g_return_val_if_fail (command != NULL, NULL);

  self = g_object_new (RTB_TYPE_RECORDING, NULL);
  self->run = rtb_run_new (command);
  rtb_run_set_label (self->run, label);
  rtb_run_set_load (self->run, rtb_load_scenario_to_string (RTB_LOAD_NONE));
  rtb_run_set_source (self->run, "measured");
  g_signal_connect_object (self->run, "changed", G_CALLBACK (on_run_changed), self, 0);
  g_signal_connect_object (self->run, "notify::state", G_CALLBACK (on_run_state), self, 0);
  g_signal_connect_object (self->run, "minute", G_CALLBACK (on_run_minute), self, 0);
  return self;
}

static void
rtb_recording_dispose (GObject *object)
{
  RtbRecording *self = RTB_RECORDING (object);

  /* A recording dropped while live stops its worker (EOF on its stdin) and its load. */
  disconnect_session (self);
  g_clear_object (&self->session);
  live_recordings = g_list_remove (live_recordings, self);
  g_clear_pointer (&self->output_lock, rtb_output_lock_release);
  g_clear_handle_id (&self->flush_id, g_source_remove);
  if (self->load_watch != NULL)
    g_cancellable_cancel (self->load_watch);
  g_clear_object (&self->load_watch);
  if (self->load != NULL)
    {
      rtb_load_stop (self->load);
      g_clear_object (&self->load);
    }
  g_clear_object (&self->run);

  G_OBJECT_CLASS (rtb_recording_parent_class)->dispose (object);
}

static void
rtb_recording_finalize (GObject *object)
{
  RtbRecording *self = RTB_RECORDING (object);

  g_clear_pointer (&self->known_system, rtb_system_info_free);
  g_free (self->remote);
  g_free (self->remote_worker);
  g_free (self->output);
  g_free (self->unsaved_path);
  g_free (self->saved_path);
  g_clear_error (&self->save_error);
  g_clear_error (&self->frame_error);
  g_clear_error (&self->error);

  G_OBJECT_CLASS (rtb_recording_parent_class)->finalize (object);
}

static void
rtb_recording_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  RtbRecording *self = RTB_RECORDING (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    case PROP_SYSTEM:
      g_value_set_boxed (value, rtb_recording_get_system (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rtb_recording_class_init (RtbRecordingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = rtb_recording_dispose;
  object_class->finalize = rtb_recording_finalize;
  object_class->get_property = rtb_recording_get_property;

  properties[PROP_STATE] =
    g_param_spec_int ("state", NULL, NULL, RTB_RECORDING_NEW, RTB_RECORDING_FAILED,
                      RTB_RECORDING_NEW,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SYSTEM] =
    g_param_spec_boxed ("system", NULL, NULL, RTB_TYPE_SYSTEM_INFO,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[LOG] = g_signal_new ("log", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                               0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[WARNING] = g_signal_new ("warning", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
rtb_recording_init (RtbRecording *self)
{
  self->flush_interval_ms = 1000;
}
