/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <gio/gunixinputstream.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <glib-unix.h>

#include "rtb-log-lines.h"
#include "rtb-refusal.h"
#include "rtb-session-private.h"
#include "rtb-system-info.h"
#include "rtb-system-snapshot.h"

#define READ_CHUNK (64 * 1024)
#define STDERR_CHUNK 4096
#define STOP_GRACE_SECONDS 2
/* How long a board may take to answer at all (ssh may ask for a password meanwhile), and to
 * describe itself once it has; a run may last its duration plus max(10 s, 10 %). A local worker
 * is not hurried before its HELLO: pkexec may be asking the user. */
#define ANSWER_SECONDS 60
#define PROBE_SECONDS 30
#define RUN_GRACE_SECONDS 10

struct _RtbSession
{
  GObject parent_instance;

  /* Owned references */
  char *worker_path;
  char *remote_host;
  char *pkexec_override;
  GStrv argv;
  GSubprocess *subprocess;
  GInputStream *stderr_pipe;
  char *stderr_buffer;       /* STDERR_CHUNK bytes, reused for every read */
  RtbLogLines *log_lines;
  GCancellable *cancellable;
  GMainContext *context;
  GSource *stop_source;
  GSource *deadline_source;  /* the worker's time is up: it is stopped */
  GSource *stdout_source;
  guint8 *stdout_buffer;     /* READ_CHUNK bytes, reused for every read */
  RtbDecoder *decoder;
  GError *worker_error;
  char *protocol_error;
  char *last_log_line;
  GError *error;
  RtbSystemInfo *system;     /* from the worker's SYSTEM frame */
  GHashTable *snapshot;      /* the same frame's system files (rtb-system-snapshot.h) */

  RtbHelloFrame hello;
  RtbSessionLaunch launch;
  uint64_t duration_ns;      /* the command's; 0 = until stopped */
  guint deadline_seconds;    /* of the armed deadline */

  guint has_hello : 1;
  guint has_summary : 1;
  guint via_pkexec : 1;
  guint may_signal : 1;
  guint running : 1;
  guint finished : 1;
  guint stopping : 1;
  guint stdout_done : 1;
  guint reading_stdout : 1;
  guint stderr_done : 1;
  guint exited : 1;
  guint probing : 1;         /* no command: HELLO and SYSTEM, then a clean exit */
  guint overdue : 1;         /* its deadline passed: stopped, and the end error says so */
};

G_DEFINE_FINAL_TYPE (RtbSession, rtb_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RUNNING,
  PROP_SYSTEM,
  N_PROPS
};

enum {
  FRAME,
  LOG,
  FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_QUARK (rtb-session-error-quark, rtb_session_error)

static void read_stdout (RtbSession *self);
static void read_stderr (RtbSession *self);

static void
replace_str (char **field, const char *value)
{
  if (g_strcmp0 (*field, value) != 0)
    {
      g_free (*field);
      *field = g_strdup (value);
    }
}

static gboolean
is_blank (const char *text)
{
  for (; *text != '\0'; text++)
    if (!g_ascii_isspace (*text))
      return FALSE;
  return TRUE;
}

/* ssh, or the command line in RTBENCH_SSH ("ssh -F ~/.ssh/boards.conf"), to reach `host`. */
static GStrv
ssh_command (const char *host, GError **error)
{
  const char *custom = g_getenv ("RTBENCH_SSH");
  g_autoptr (GError) parse_error = NULL;
  char **argv = NULL;
  char *ssh;

  if (custom != NULL && *custom != '\0')
    {
      if (!g_shell_parse_argv (custom, NULL, &argv, &parse_error))
        {
          g_set_error (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_SPAWN,
                       _("RTBENCH_SSH is not a command line (%s): give the ssh command and its "
                         "options, such as “ssh -p 2222”"), parse_error->message);
          return NULL;
        }
      return argv;
    }
  ssh = g_find_program_in_path ("ssh");
  if (ssh == NULL)
    {
      g_set_error (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_SPAWN,
                   _("ssh is not installed: install it with `sudo apt install "
                     "openssh-client` to measure %s"), host);
      return NULL;
    }
  argv = g_new0 (char *, 2);
  argv[0] = ssh;
  return argv;
}

static GStrv
build_argv (RtbSession *self, const RtbCommand *command, GError **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autofree char *worker = NULL;
  gboolean pkexec;

  self->via_pkexec = FALSE;
  self->may_signal = TRUE;

  if (self->remote_host != NULL)
    {
      g_auto (GStrv) ssh = NULL;

      if (!rtb_session_check_remote_host (self->remote_host, error) ||
          (ssh = ssh_command (self->remote_host, error)) == NULL)
        return NULL;
      g_strv_builder_addv (builder, (const char **) ssh);
      g_strv_builder_add_many (builder, "-T", self->remote_host,
                               self->worker_path != NULL ? self->worker_path : RTB_WORKER_PATH,
                               NULL);
      return g_strv_builder_end (builder);
    }

  if (self->worker_path != NULL)
    {
      if (!_rtb_session_is_executable_file (self->worker_path))
        {
          g_set_error (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_WORKER_MISSING,
                       _("The worker “%s” does not exist or is not executable"),
                       self->worker_path);
          return NULL;
        }
      worker = g_strdup (self->worker_path);
    }
  else if ((worker = _rtb_session_resolve_worker (error)) == NULL)
    return NULL;

  /* Real-time priority without the rights for it goes through pkexec, which asks for an
   * administrator's approval: with rtbench's own polkit action for the installed worker, with
   * polkit's generic one for any other (RTBENCH_WORKER, a build tree). */
  if (self->pkexec_override != NULL)
    pkexec = TRUE;
  else if (self->launch == RTB_SESSION_LAUNCH_DIRECT)
    pkexec = FALSE;
  else
    {
      g_assert (command != NULL); /* only a probe has none, and it probes a board (above) */
      pkexec = !_rtb_session_can_use_priority (worker, command->policy, command->priority);
    }

  if (pkexec)
    {
      g_autofree char *program = self->pkexec_override != NULL
                                 ? g_strdup (self->pkexec_override)
                                 : g_find_program_in_path ("pkexec");
      if (program == NULL)
        {
          g_set_error (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_NO_PRIVILEGE,
                       _("Real-time priority needs administrator rights, and pkexec, which "
                         "asks for them, is not installed: install it with `sudo apt install "
                         "pkexec` (`policykit-1` on older systems), run as root, or give your "
                         "user real-time priority (a line “USER - rtprio 99” in "
                         "/etc/security/limits.conf, then log in again)"));
          return NULL;
        }
      g_strv_builder_add (builder, program);
      if (self->launch == RTB_SESSION_LAUNCH_AUTO_GUI)
        g_strv_builder_add (builder, "--disable-internal-agent");
      self->via_pkexec = TRUE;
      self->may_signal = FALSE;
      /* pkexec runs absolute paths only. */
      if (!g_path_is_absolute (worker))
        {
          char *absolute = g_canonicalize_filename (worker, NULL);

          g_free (worker);
          worker = absolute;
        }
    }

  g_strv_builder_add (builder, worker);
  return g_strv_builder_end (builder);
}

static void
close_stdin (RtbSession *self)
{
  GOutputStream *input = g_subprocess_get_stdin_pipe (self->subprocess);
  g_autoptr(GError) error = NULL;

  if (!g_output_stream_is_closed (input) && !g_output_stream_close (input, NULL, &error))
    g_debug ("Closing the worker's stdin: %s", error->message);
}

static void
clear_source (GSource **source)
{
  if (*source != NULL)
    {
      g_source_destroy (*source);
      g_clear_pointer (source, g_source_unref);
    }
}

static gboolean
on_stop_timeout (gpointer user_data)
{
  RtbSession *self = user_data;

  g_clear_pointer (&self->stop_source, g_source_unref);
  if (!self->exited)
    {
      g_debug ("The worker ignored its closed stdin for %d s: sending SIGTERM",
               STOP_GRACE_SECONDS);
      g_subprocess_send_signal (self->subprocess, SIGTERM);
    }
  return G_SOURCE_REMOVE;
}

static void
request_stop (RtbSession *self)
{
  if (self->stopping)
    return;
  self->stopping = TRUE;
  close_stdin (self);

  /* A worker run through pkexec belongs to root: closing its stdin is all we can do. */
  if (self->may_signal)
    {
      self->stop_source = g_timeout_source_new_seconds (STOP_GRACE_SECONDS);
      g_source_set_callback (self->stop_source, on_stop_timeout, self, NULL);
      g_source_attach (self->stop_source, self->context);
    }
}

static gboolean
on_deadline (gpointer user_data)
{
  RtbSession *self = user_data;

  g_clear_pointer (&self->deadline_source, g_source_unref);
  g_debug ("The worker's %u s are up: stopping it", self->deadline_seconds);
  self->overdue = TRUE;
  request_stop (self);
  return G_SOURCE_REMOVE;
}

/* (Re)arms the deadline: the worker is stopped if the session has not ended `seconds` from
 * now, so that a frozen board, one that never answers or one that streams for ever cannot hold
 * a run, a check or an unattended CI job. */
static void
arm_deadline (RtbSession *self, guint seconds)
{
  clear_source (&self->deadline_source);
  self->deadline_seconds = seconds;
  self->deadline_source = g_timeout_source_new_seconds (seconds);
  g_source_set_callback (self->deadline_source, on_deadline, self, NULL);
  g_source_attach (self->deadline_source, self->context);
}

/* Once the worker said HELLO: a probe has PROBE_SECONDS to describe its machine, a run its
 * duration and a grace of max(RUN_GRACE_SECONDS, 10 %). */
static void
arm_run_deadline (RtbSession *self)
{
  guint64 seconds = (self->duration_ns + G_GUINT64_CONSTANT (999999999)) / 1000000000;

  if (self->probing)
    arm_deadline (self, PROBE_SECONDS);
  else if (self->duration_ns > 0)
    arm_deadline (self, (guint) MIN (seconds + MAX (RUN_GRACE_SECONDS, seconds / 10),
                                     G_MAXUINT / 2));
  else
    clear_source (&self->deadline_source);
}

static GError *
overdue_error (RtbSession *self)
{
  const char *who = self->remote_host != NULL ? self->remote_host : _("The worker");

  if (!self->has_hello)
    return g_error_new (RTB_SESSION_ERROR, RTB_SESSION_ERROR_DIED,
                        _("%s did not answer in %u s: no worker started there"), who,
                        self->deadline_seconds);
  if (self->probing)
    return g_error_new (RTB_SESSION_ERROR, RTB_SESSION_ERROR_DIED,
                        _("%s did not describe its machine in %u s"), who,
                        self->deadline_seconds);
  return g_error_new (RTB_SESSION_ERROR, RTB_SESSION_ERROR_DIED,
                      _("%s did not end the run within %u s of its start (its duration and a "
                        "grace period): it was stopped, and what arrived is kept"), who,
                      self->deadline_seconds);
}

static char *
describe_exit (RtbSession *self)
{
  GSubprocess *subprocess = self->subprocess;

  if (g_subprocess_get_if_signaled (subprocess))
    {
      int sig = g_subprocess_get_term_sig (subprocess);
      return g_strdup_printf (_("was killed by signal %d (%s)"), sig, g_strsignal (sig));
    }
  return g_strdup_printf (_("exited with status %d"), g_subprocess_get_exit_status (subprocess));
}

static GError *
build_end_error (RtbSession *self)
{
  gboolean exited = g_subprocess_get_if_exited (self->subprocess);
  int status = exited ? g_subprocess_get_exit_status (self->subprocess) : -1;
  const char *tail = self->last_log_line;
  g_autofree char *how = NULL;

  if (!self->has_hello && self->via_pkexec && status == 126)
    return g_error_new (RTB_SESSION_ERROR, RTB_SESSION_ERROR_AUTH_DISMISSED,
                        _("The authorization dialog was dismissed, so the worker did not "
                          "start: real-time measurements need an administrator’s approval"));
  /* pkexec says so, untranslated, when it cannot reach polkit: without a system D-Bus
   * ("Could not connect: No such file or directory") or without polkit on it. */
  if (!self->has_hello && self->via_pkexec && status == 127 && tail != NULL &&
      g_str_has_prefix (tail, "Error getting authority"))
    return g_error_new (RTB_SESSION_ERROR, RTB_SESSION_ERROR_NO_POLKIT,
                        _("Real-time priority needs an administrator’s approval, which pkexec "
                          "asks polkit for, but polkit is not running on this machine "
                          "(pkexec: %s). Start polkit and the system D-Bus it needs (`sudo "
                          "systemctl start polkit`), run rtbench as root, or give your user "
                          "real-time priority (a line “USER - rtprio 99” in "
                          "/etc/security/limits.conf, then log in again)"), tail);
  if (!self->has_hello && self->via_pkexec && status == 127)
    return g_error_new (RTB_SESSION_ERROR, RTB_SESSION_ERROR_AUTH_DENIED,
                        _("Not authorized to run the worker: %s"),
                        tail != NULL ? tail : _("polkit refused the request"));

  if (self->worker_error != NULL)
    return g_error_copy (self->worker_error);
  if (self->overdue && !(self->has_summary && status == 0))
    return overdue_error (self);

  if (self->protocol_error != NULL)
    return g_error_new (RTB_SESSION_ERROR, RTB_SESSION_ERROR_PROTOCOL,
                        _("The worker sent data that is not an rtbench stream: %s"),
                        self->protocol_error);

  if (!self->has_hello && self->remote_host != NULL && status == 127)
    return g_error_new (RTB_SESSION_ERROR, RTB_SESSION_ERROR_WORKER_MISSING,
                        _("The worker is not installed on %s: %s"), self->remote_host,
                        tail != NULL ? tail : self->argv[g_strv_length (self->argv) - 1]);
  if (!self->has_hello && self->remote_host != NULL && status == 255)
    return g_error_new (RTB_SESSION_ERROR, RTB_SESSION_ERROR_SPAWN,
                        _("Could not reach %s through ssh: %s"), self->remote_host,
                        tail != NULL ? tail : _("no message"));
  if (!self->has_hello && (status == 126 || status == 127))
    return g_error_new (RTB_SESSION_ERROR,
                        status == 127 ? RTB_SESSION_ERROR_WORKER_MISSING
                                      : RTB_SESSION_ERROR_SPAWN,
                        _("The worker could not be executed (exit status %d)%s%s"), status,
                        tail != NULL ? ": " : "", tail != NULL ? tail : "");

  if (self->probing && self->has_hello && status == 0)
    return NULL;
  if (self->has_summary && status == 0)
    {
      if (rtb_decoder_pending (self->decoder) > 0)
        return g_error_new (RTB_SESSION_ERROR, RTB_SESSION_ERROR_PROTOCOL,
                            _("The worker’s stream ends in the middle of a frame"));
      return NULL;
    }

  how = describe_exit (self);
  if (self->has_summary)
    return g_error_new (RTB_SESSION_ERROR, RTB_SESSION_ERROR_DIED,
                        _("The worker %s after its summary%s%s"), how,
                        tail != NULL ? ": " : "", tail != NULL ? tail : "");
  return g_error_new (RTB_SESSION_ERROR, RTB_SESSION_ERROR_DIED,
                      _("The worker %s before the run ended%s%s"), how,
                      tail != NULL ? ": " : "", tail != NULL ? tail : "");
}

static void
maybe_finish (RtbSession *self)
{
  g_autoptr(GError) error = NULL;

  if (self->finished || !self->stdout_done || !self->stderr_done || !self->exited)
    return;

  self->finished = TRUE;
  self->running = FALSE;
  clear_source (&self->stop_source);
  clear_source (&self->deadline_source);
  close_stdin (self);
  self->error = build_end_error (self);

  /* A handler may start the next run, which clears self->error under later handlers. */
  error = self->error != NULL ? g_error_copy (self->error) : NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_signal_emit (self, signals[FINISHED], 0, error);
}

static void
remember_worker_error (RtbSession *self, const RtbErrorFrame *frame)
{
  g_autofree char *valid = g_utf8_make_valid (frame->message, -1);
  g_autofree char *message = rtb_refusal_translate (valid);
  g_autofree char *field = g_utf8_make_valid (frame->field, -1);
  gboolean refused = frame->code == RTB_ERROR_PERMISSION || frame->code == RTB_ERROR_SYSTEM
                     || frame->code == RTB_ERROR_UNSAFE;
  /* The worker's own words say what the rights are and how to get them. */
  RtbSessionError code = frame->code == RTB_ERROR_UNSAFE ? RTB_SESSION_ERROR_UNSAFE
                         : frame->code == RTB_ERROR_PERMISSION ? RTB_SESSION_ERROR_NO_PRIVILEGE
                         : RTB_SESSION_ERROR_REJECTED;

  if (self->worker_error != NULL)
    return;

  if (*field != '\0' && strstr (message, field) == NULL)
    self->worker_error = g_error_new (RTB_SESSION_ERROR, code,
                                      refused ? _("The worker refused to run: %s: %s")
                                              : _("The worker rejected the command: %s: %s"),
                                      field, message);
  else
    self->worker_error = g_error_new (RTB_SESSION_ERROR, code,
                                      refused ? _("The worker refused to run: %s")
                                              : _("The worker rejected the command: %s"),
                                      message);
}

static bool
on_frame (const RtbFrame *frame, void *user_data)
{
  RtbSession *self = user_data;

  if (g_cancellable_is_cancelled (self->cancellable))
    return false;

  switch ((RtbFrameType) frame->header->type)
    {
    case RTB_FRAME_HELLO:
      memcpy (&self->hello, frame->payload, sizeof self->hello);
      self->has_hello = TRUE;
      arm_run_deadline (self);
      break;
    case RTB_FRAME_ERROR:
      remember_worker_error (self, frame->payload);
      break;
    case RTB_FRAME_SUMMARY:
      self->has_summary = TRUE;
      break;
    case RTB_FRAME_SYSTEM:
      g_clear_pointer (&self->system, rtb_system_info_free);
      g_clear_pointer (&self->snapshot, g_hash_table_unref);
      self->snapshot = rtb_system_snapshot_from_frame (frame->payload, frame->payload_len);
      self->system = rtb_system_info_from_snapshot (self->snapshot);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SYSTEM]);
      break;
    case RTB_FRAME_STARTED:
    case RTB_FRAME_SAMPLES:
    case RTB_FRAME_STATS:
    case RTB_FRAME_TRACE:
    case RTB_FRAME_SPIKE:
    case RTB_FRAME_COUNTERS:
    default:
      break;
    }

  g_signal_emit (self, signals[FRAME], 0, frame);
  return true;
}

/* One descriptor source for the whole run and one buffer reused for every chunk, not an
 * asynchronous read (a GTask, two sources and a fresh 64 KiB buffer) per chunk: at 50 chunks a
 * second that bookkeeping cost more than decoding the samples. */
static gboolean
on_stdout_readable (int           fd,
                    GIOCondition  condition,
                    gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbSession) self = NULL;
  GInputStream *stream;
  gssize size;

  if (RTB_SESSION (user_data)->reading_stdout)
    return G_SOURCE_CONTINUE;
  self = g_object_ref (user_data);
  stream = g_subprocess_get_stdout_pipe (self->subprocess);
  size = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (stream),
                                                   self->stdout_buffer, READ_CHUNK, NULL, &error);
  if (size < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
    return G_SOURCE_CONTINUE;
  if (size <= 0)
    {
      if (error != NULL)
        g_debug ("Reading the worker's stdout: %s", error->message);
      g_clear_pointer (&self->stdout_source, g_source_unref);
      self->stdout_done = TRUE;
      maybe_finish (self);
      return G_SOURCE_REMOVE;
    }

  /* After a protocol error the rest is drained unread until the worker stops. */
  self->reading_stdout = TRUE;
  if (self->protocol_error == NULL && rtb_decoder_feed (self->decoder, self->stdout_buffer,
                                                        (size_t) size) < 0
      && !g_cancellable_is_cancelled (self->cancellable))
    {
      self->protocol_error = g_strdup (rtb_decoder_error (self->decoder));
      request_stop (self);
    }
  self->reading_stdout = FALSE;
  return G_SOURCE_CONTINUE;
}

static void
read_stdout (RtbSession *self)
{
  GInputStream *stream = g_subprocess_get_stdout_pipe (self->subprocess);
  int fd = g_unix_input_stream_get_fd (G_UNIX_INPUT_STREAM (stream));

  if (self->stdout_buffer == NULL)
    self->stdout_buffer = g_malloc (READ_CHUNK);
  clear_source (&self->stdout_source);

  /* GLib blocks a source that cannot recurse while it dispatches, taking its descriptor out of
   * the poll set and back, and each change wakes the main loop once more for nothing: with 50
   * reads a second that doubled the loop's iterations. on_stdout_readable() never runs a main
   * loop, and refuses to be re-entered anyway. The stream's own pollable source cannot be told
   * so: the descriptor's source inside it is blocked at each read, and wakes the loop twice. */
  self->stdout_source = g_unix_fd_source_new (fd, G_IO_IN | G_IO_HUP | G_IO_ERR);
  g_source_set_callback (self->stdout_source, G_SOURCE_FUNC (on_stdout_readable), self, NULL);
  g_source_set_can_recurse (self->stdout_source, TRUE);
  g_source_attach (self->stdout_source, self->context);
}

/* A line of the worker's stderr, bounded by RtbLogLines however a board writes it. */
static void
on_log_line (const char *line, gboolean cut, guint n_dropped, gpointer user_data)
{
  RtbSession *self = user_data;
  g_autofree char *valid = NULL;

  if (line == NULL)
    {
      g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
        "(%u more line from the worker in that second was not kept)",
        "(%u more lines from the worker in that second were not kept)", n_dropped), n_dropped);

      g_signal_emit (self, signals[LOG], 0, count);
      return;
    }
  valid = g_utf8_make_valid (line, -1);
  if (cut)
    {
      /* Translators: the end of a log line that was too long to keep whole */
      g_autofree char *marked = g_strconcat (valid, _(" […cut]"), NULL);

      g_free (valid);
      valid = g_steal_pointer (&marked);
    }
  if (!is_blank (valid))
    {
      g_free (self->last_log_line);
      self->last_log_line = g_strdup (valid);
    }
  g_signal_emit (self, signals[LOG], 0, valid);
}

static void
on_stderr_read (GObject *object, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbSession) self = NULL;
  gssize n;

  n = g_input_stream_read_finish (G_INPUT_STREAM (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = g_object_ref (user_data);

  if (n <= 0)
    {
      if (error != NULL)
        g_debug ("Reading the worker's stderr: %s", error->message);
      rtb_log_lines_finish (self->log_lines, g_get_monotonic_time ());
      self->stderr_done = TRUE;
      maybe_finish (self);
      return;
    }
  rtb_log_lines_feed (self->log_lines, self->stderr_buffer, (gsize) n, g_get_monotonic_time ());
  if (!g_cancellable_is_cancelled (self->cancellable))
    read_stderr (self);
}

static void
read_stderr (RtbSession *self)
{
  g_input_stream_read_async (self->stderr_pipe, self->stderr_buffer, STDERR_CHUNK,
                             G_PRIORITY_DEFAULT, self->cancellable, on_stderr_read, self);
}

static void
on_wait (GObject *object, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbSession) self = NULL;

  if (!g_subprocess_wait_finish (G_SUBPROCESS (object), result, &error))
    return;

  self = g_object_ref (user_data);
  self->exited = TRUE;
  maybe_finish (self);
}

static void
reset_run (RtbSession *self)
{
  clear_source (&self->stop_source);
  clear_source (&self->stdout_source);
  clear_source (&self->deadline_source);
  self->stderr_pipe = NULL;
  g_clear_pointer (&self->log_lines, rtb_log_lines_free);
  g_clear_object (&self->subprocess);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_pointer (&self->decoder, rtb_decoder_free);
  g_clear_pointer (&self->argv, g_strfreev);
  g_clear_error (&self->worker_error);
  g_clear_error (&self->error);
  g_clear_pointer (&self->protocol_error, g_free);
  g_clear_pointer (&self->last_log_line, g_free);
  g_clear_pointer (&self->system, rtb_system_info_free);
  g_clear_pointer (&self->snapshot, g_hash_table_unref);
  memset (&self->hello, 0, sizeof self->hello);
  self->has_hello = FALSE;
  self->has_summary = FALSE;
  self->finished = FALSE;
  self->stopping = FALSE;
  self->stdout_done = FALSE;
  self->reading_stdout = FALSE;
  self->stderr_done = FALSE;
  self->exited = FALSE;
  self->probing = FALSE;
  self->overdue = FALSE;
  self->duration_ns = 0;
}

/* Spawns the worker and writes `line`, or with NULL closes its stdin at once. */
static gboolean
spawn (RtbSession *self, const RtbCommand *command, const char *line, gsize len, GError **error)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) local_error = NULL;
  g_auto(GStrv) argv = NULL;
  GOutputStream *stdin_pipe;

  argv = build_argv (self, command, error);
  if (argv == NULL)
    return FALSE;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  self->subprocess = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv,
                                                   &local_error);
  if (self->subprocess == NULL)
    {
      g_set_error (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_SPAWN,
                   _("Could not start %s: %s"), argv[0], local_error->message);
      return FALSE;
    }
  self->argv = g_steal_pointer (&argv);

  /* The pipe holds the line even while pkexec is still asking; a worker that is already
   * gone makes this fail, and ::finished then says why it went. */
  stdin_pipe = g_subprocess_get_stdin_pipe (self->subprocess);
  if (line != NULL && !g_output_stream_write_all (stdin_pipe, line, len, NULL, NULL,
                                                  &local_error))
    g_debug ("Writing the command to the worker: %s", local_error->message);
  if (line == NULL)
    g_output_stream_close (stdin_pipe, NULL, NULL);

  self->context = g_main_context_ref_thread_default ();
  self->cancellable = g_cancellable_new ();
  self->decoder = rtb_decoder_new (on_frame, self);
  self->stderr_pipe = g_subprocess_get_stderr_pipe (self->subprocess);
  if (self->stderr_buffer == NULL)
    self->stderr_buffer = g_malloc (STDERR_CHUNK);
  self->log_lines = rtb_log_lines_new (on_log_line, self);
  self->duration_ns = command != NULL ? command->duration_ns : 0;
  if (self->remote_host != NULL)
    arm_deadline (self, ANSWER_SECONDS);
  self->running = TRUE;

  read_stdout (self);
  read_stderr (self);
  g_subprocess_wait_async (self->subprocess, self->cancellable, on_wait, self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  return TRUE;
}

gboolean
rtb_session_start (RtbSession *self, const RtbCommand *command, GError **error)
{
  char line[RTB_COMMAND_MAX + 2];
  int len;

  g_return_val_if_fail (RTB_IS_SESSION (self), FALSE);
  g_return_val_if_fail (command != NULL, FALSE);
  g_return_val_if_fail (!self->running, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  len = rtb_command_format (command, line, RTB_COMMAND_MAX);
  if (len < 0)
    {
      g_set_error (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_REJECTED,
                   _("The command is longer than the worker accepts (%d bytes)"),
                   RTB_COMMAND_MAX);
      return FALSE;
    }
  line[len++] = '\n';

  reset_run (self);
  return spawn (self, command, line, (gsize) len, error);
}

gboolean
rtb_session_probe (RtbSession *self, GError **error)
{
  g_return_val_if_fail (RTB_IS_SESSION (self), FALSE);
  g_return_val_if_fail (self->remote_host != NULL, FALSE);
  g_return_val_if_fail (!self->running, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  reset_run (self);
  self->probing = TRUE;
  return spawn (self, NULL, NULL, 0, error);
}

void
rtb_session_stop (RtbSession *self)
{
  g_return_if_fail (RTB_IS_SESSION (self));

  if (self->running)
    request_stop (self);
}

gboolean
rtb_session_is_running (RtbSession *self)
{
  g_return_val_if_fail (RTB_IS_SESSION (self), FALSE);

  return self->running;
}

gboolean
rtb_session_is_finished (RtbSession *self)
{
  g_return_val_if_fail (RTB_IS_SESSION (self), FALSE);

  return self->finished;
}

const GError *
rtb_session_get_error (RtbSession *self)
{
  g_return_val_if_fail (RTB_IS_SESSION (self), NULL);

  return self->error;
}

gboolean
rtb_session_get_uses_pkexec (RtbSession *self)
{
  g_return_val_if_fail (RTB_IS_SESSION (self), FALSE);

  return self->via_pkexec;
}

gboolean
rtb_session_is_own_child (RtbSession *self, guint32 pid)
{
  const char *identifier;

  g_return_val_if_fail (RTB_IS_SESSION (self), FALSE);

  if (self->remote_host != NULL || self->subprocess == NULL || pid == 0)
    return FALSE;
  /* pkexec executes the worker in its own process: the pid is the one spawned. */
  identifier = g_subprocess_get_identifier (self->subprocess);
  return identifier != NULL && g_ascii_strtoull (identifier, NULL, 10) == pid;
}

const RtbHelloFrame *
rtb_session_get_hello (RtbSession *self)
{
  g_return_val_if_fail (RTB_IS_SESSION (self), NULL);

  return self->has_hello ? &self->hello : NULL;
}

const RtbSystemInfo *
rtb_session_get_system (RtbSession *self)
{
  g_return_val_if_fail (RTB_IS_SESSION (self), NULL);

  return self->system;
}

GHashTable *
rtb_session_get_snapshot (RtbSession *self)
{
  g_return_val_if_fail (RTB_IS_SESSION (self), NULL);

  return self->snapshot;
}

const char * const *
rtb_session_get_argv (RtbSession *self)
{
  g_return_val_if_fail (RTB_IS_SESSION (self), NULL);

  return (const char * const *) self->argv;
}

void
rtb_session_set_worker_path (RtbSession *self, const char *path)
{
  g_return_if_fail (RTB_IS_SESSION (self));

  replace_str (&self->worker_path, path);
}

void
rtb_session_set_launch (RtbSession *self, RtbSessionLaunch launch)
{
  g_return_if_fail (RTB_IS_SESSION (self));
  g_return_if_fail (launch <= RTB_SESSION_LAUNCH_DIRECT);

  self->launch = launch;
}

void
rtb_session_set_remote (RtbSession *self, const char *host)
{
  g_return_if_fail (RTB_IS_SESSION (self));

  replace_str (&self->remote_host, host != NULL && *host != '\0' ? host : NULL);
}

gboolean
rtb_session_check_remote_host (const char *host, GError **error)
{
  g_return_val_if_fail (host != NULL, FALSE);

  if (host[0] != '-')
    return TRUE;
  g_set_error (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_SPAWN,
               _("“%s” is not a host name: it starts with “-”, which ssh would take as one of its "
                 "options. Give a host such as root@board or an alias from ~/.ssh/config"), host);
  return FALSE;
}

void
_rtb_session_set_pkexec (RtbSession *self, const char *program)
{
  g_return_if_fail (RTB_IS_SESSION (self));

  replace_str (&self->pkexec_override, program);
}

RtbSession *
rtb_session_new (void)
{
  return g_object_new (RTB_TYPE_SESSION, NULL);
}

static void
rtb_session_dispose (GObject *object)
{
  RtbSession *self = RTB_SESSION (object);

  /* Pending reads then complete as cancelled without touching us; the worker sees EOF. */
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (self->running)
    close_stdin (self);
  self->running = FALSE;
  clear_source (&self->stop_source);
  clear_source (&self->stdout_source);
  clear_source (&self->deadline_source);
  self->stderr_pipe = NULL;
  g_clear_pointer (&self->log_lines, rtb_log_lines_free);
  g_clear_object (&self->subprocess);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (rtb_session_parent_class)->dispose (object);
}

static void
rtb_session_finalize (GObject *object)
{
  RtbSession *self = RTB_SESSION (object);

  reset_run (self);
  g_clear_pointer (&self->stdout_buffer, g_free);
  g_clear_pointer (&self->stderr_buffer, g_free);
  g_clear_pointer (&self->worker_path, g_free);
  g_clear_pointer (&self->remote_host, g_free);
  g_clear_pointer (&self->pkexec_override, g_free);

  G_OBJECT_CLASS (rtb_session_parent_class)->finalize (object);
}

static void
rtb_session_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RtbSession *self = RTB_SESSION (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case PROP_SYSTEM:
      g_value_set_boxed (value, self->system);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rtb_session_class_init (RtbSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  struct sigaction action;

  object_class->dispose = rtb_session_dispose;
  object_class->finalize = rtb_session_finalize;
  object_class->get_property = rtb_session_get_property;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SYSTEM] =
    g_param_spec_boxed ("system", NULL, NULL, RTB_TYPE_SYSTEM_INFO,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[FRAME] = g_signal_new ("frame", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, g_cclosure_marshal_VOID__POINTER,
                                 G_TYPE_NONE, 1, G_TYPE_POINTER);
  g_signal_set_va_marshaller (signals[FRAME], G_TYPE_FROM_CLASS (klass),
                              g_cclosure_marshal_VOID__POINTERv);
  signals[LOG] = g_signal_new ("log", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                               0, NULL, NULL, g_cclosure_marshal_VOID__STRING,
                               G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, g_cclosure_marshal_VOID__POINTER,
                                    G_TYPE_NONE, 1, G_TYPE_POINTER);

  /* A worker that died before reading its command must not take us down with SIGPIPE. */
  if (sigaction (SIGPIPE, NULL, &action) == 0 && action.sa_handler == SIG_DFL)
    signal (SIGPIPE, SIG_IGN);
}

static void
rtb_session_init (RtbSession *self)
{
  self->launch = RTB_SESSION_LAUNCH_AUTO_CLI;
}
