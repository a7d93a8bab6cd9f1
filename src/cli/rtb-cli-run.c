/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include <glib-unix.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "rtb-cli-util.h"
#include "rtb-cli.h"
#include "rtb-load.h"
#include "rtb-output.h"
#include "rtb-recording.h"
#include "rtb-safe-text.h"
#include "rtb-time.h"

/* Options that map one to one onto a worker command key ("--interval-us" → "interval_us"). */
typedef struct {
  const char *option;
  const char *arg;
  const char *help;
} MethodOption;

static const MethodOption latency_options[] = {
  { "cpus", "LIST|all", "CPUs to measure, e.g. 0,2-3 (default: all)" },
  { "priority", "N", "real-time priority 1-99 (default: 99)" },
  { "policy", "fifo|rr|other", "scheduling policy (default: fifo)" },
  { "interval-us", "N", "wake-up interval in µs, at least 50 (default: 1000)" },
  { "histogram-us", "N", "histogram limit in µs, 1 µs buckets (default: 1000)" },
  { "duration", "TIME", "run time with s, m, h or d suffix, 0 = until Ctrl-C (default: 60s)" },
  { NULL }
};

static const MethodOption jitter_options[] = {
  { "base-us", "N", "base thread period in µs (default: 25)" },
  { "servo-us", "N", "servo thread period in µs (default: 1000)" },
  { "cpu", "N", "CPU both threads run on (default: the last one)" },
  { "priority", "N", "priority of the base thread; servo runs one lower (default: 99)" },
  { "policy", "fifo|rr|other", "scheduling policy (default: fifo)" },
  { "duration", "TIME", "run time (default: 60s)" },
  { NULL }
};

static const MethodOption timer_options[] = {
  { "period-us", "N", "timer period in µs (default: 5000)" },
  { "spin-us", "N", "spin this long before each deadline (default: 100)" },
  { "cpu", "N", "CPU to run on (default: 0)" },
  { "priority", "N", "real-time priority (default: 80)" },
  { "policy", "fifo|rr|other", "scheduling policy (default: fifo)" },
  { "duration", "TIME", "run time (default: 60s)" },
  { NULL }
};

static const MethodOption response_options[] = {
  { "size", "N", "matrix size N for N×N inversion, 2-1024 (default: 32)" },
  { "instances", "N", "number of inversions (default: 1000)" },
  { "cpu", "N", "CPU to run on (default: 0)" },
  { "priority", "N", "real-time priority (default: 99)" },
  { "policy", "fifo|rr|other", "scheduling policy (default: fifo)" },
  { "gap-us", "N", "sleep between instances in µs, at least 100 (default: 1000)" },
  { NULL }
};

static const MethodOption *
options_for (RtbMethod method)
{
  switch (method)
    {
    case RTB_METHOD_LATENCY:
      return latency_options;
    case RTB_METHOD_JITTER:
      return jitter_options;
    case RTB_METHOD_TIMER:
      return timer_options;
    case RTB_METHOD_RESPONSE:
    default:
      return response_options;
    }
}

static void
print_method_options (FILE *out, RtbMethod method)
{
  for (const MethodOption *o = options_for (method); o->option != NULL; o++)
    {
      g_autofree char *left = g_strdup_printf ("--%s %s", o->option, o->arg);
      fprintf (out, "    %-26s %s\n", left, o->help);
    }
}

static void
print_common_options (FILE *out)
{
  fputs ("    --load none|cpu|full       run stress-ng meanwhile: cpu = --cpu N --cpu-method=all,\n"
         "                               full adds --io N --vm N --vm-bytes 64M (N = CPU count)\n"
         "    --label TEXT               name of the run (default: METHOD on HOSTNAME)\n"
         "    --remote HOST              measure HOST: run its worker through `ssh -T HOST`\n"
         "                               (RTBENCH_SSH replaces \"ssh\", e.g. \"ssh -p 2222\");\n"
         "                               the run records HOST's system, not this one's\n"
         "    --remote-worker PATH       the worker's path on HOST (default: " RTB_WORKER_PATH ")\n"
         "    --output FILE              save the run (.rtbench), also when stopped early\n"
         "    --unthrottled              accept running while kernel RT throttling is off\n"
         "    --verbose                  show the worker's log\n"
         "    -h, --help                 show this help\n"
         "\nCtrl-C stops the run early; what was measured is summarised and saved.\n",
         out);
}

static void
print_run_help (FILE *out)
{
  fputs ("Usage: rtbench-cli run METHOD [OPTIONS]\n\nMethods and their options:\n", out);
  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_RESPONSE; m++)
    {
      fprintf (out, "\n  %s\n", rtb_method_to_string (m));
      print_method_options (out, m);
    }
  fputs ("\n  every method\n", out);
  print_common_options (out);
}

static const char *
describe_method (RtbMethod method)
{
  switch (method)
    {
    case RTB_METHOD_LATENCY:
      return "Wake-up latency, the cyclictest method: one thread per CPU sleeps until the next\n"
             "interval and records how late it woke up.";
    case RTB_METHOD_JITTER:
      return "Thread jitter, the LinuxCNC latency-test method: a fast base and a slower servo\n"
             "thread on one CPU; each sample is an interval between two wake-ups minus the period.";
    case RTB_METHOD_TIMER:
      return "Periodic timer error: sleep until shortly before each deadline, spin until it, and\n"
             "record the time observed minus the deadline (the first tick is a warm-up).";
    case RTB_METHOD_RESPONSE:
    default:
      return "Response time of a Gauss-Jordan inversion of an N×N matrix: each instance's\n"
             "execution time, a pause between instances.";
    }
}

static void
print_method_help (FILE *out, RtbMethod method)
{
  fprintf (out, "Usage: rtbench-cli run %s [OPTIONS]\n\n%s\n\nOptions:\n",
           rtb_method_to_string (method), describe_method (method));
  print_method_options (out, method);
  print_common_options (out);
}

typedef struct {
  RtbCommand command;
  RtbLoadScenario load;
  char *label;
  char *output;
  char *remote;
  char *remote_worker;
  gboolean verbose;
} RunOptions;

static void
run_options_clear (RunOptions *options)
{
  g_clear_pointer (&options->label, g_free);
  g_clear_pointer (&options->output, g_free);
  g_clear_pointer (&options->remote, g_free);
  g_clear_pointer (&options->remote_worker, g_free);
}

/* Takes a text option into its field; FALSE when `name` is not one of them. */
static gboolean
take_text_option (RunOptions *options, const char *name, const char *value)
{
  char **field = strcmp (name, "label") == 0 ? &options->label
                 : strcmp (name, "output") == 0 ? &options->output
                 : strcmp (name, "remote") == 0 ? &options->remote
                 : strcmp (name, "remote-worker") == 0 ? &options->remote_worker
                 : NULL;

  if (field == NULL)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

static gboolean
find_option (RtbMethod method, const char *name)
{
  for (const MethodOption *o = options_for (method); o->option != NULL; o++)
    if (strcmp (o->option, name) == 0)
      return TRUE;
  return FALSE;
}

static char *
list_options (RtbMethod method)
{
  GString *list = g_string_new (NULL);
  for (const MethodOption *o = options_for (method); o->option != NULL; o++)
    g_string_append_printf (list, "%s--%s", list->len ? ", " : "", o->option);
  g_string_append (list, ", --load, --label, --output, --remote, --remote-worker, --unthrottled, "
                         "--verbose");
  return g_string_free (list, FALSE);
}

static gboolean
has_remote (int argc, char **argv)
{
  for (int i = 2; i < argc; i++)
    if (strcmp (argv[i], "--remote") == 0 || g_str_has_prefix (argv[i], "--remote="))
      return TRUE;
  return FALSE;
}

/* What cannot be done for another machine from here. */
static gboolean
check_remote (const RunOptions *options, gboolean explicit_cpu)
{
  g_autoptr (GError) error = NULL;

  if (*options->remote == '\0')
    {
      rtb_cli_error ("--remote needs a host: give a name ssh knows, such as root@board or an "
                     "alias from ~/.ssh/config");
      return FALSE;
    }
  if (!rtb_session_check_remote_host (options->remote, &error))
    {
      rtb_cli_error ("--remote: %s", error->message);
      return FALSE;
    }
  if (options->load != RTB_LOAD_NONE)
    {
      rtb_cli_error ("--load starts stress-ng on this computer, not on %s: start the load on %s "
                     "yourself (stress-ng --cpu N) and leave --load out", options->remote,
                     options->remote);
      return FALSE;
    }
  if (options->command.method == RTB_METHOD_JITTER && !explicit_cpu)
    {
      rtb_cli_error ("jitter on %s needs --cpu N: its default, the last CPU, is %s's and not "
                     "known here", options->remote, options->remote);
      return FALSE;
    }
  return TRUE;
}

/* Parses "run METHOD --opt value --opt=value …" into `options`. Returns FALSE after printing
 * what was wrong. */
static gboolean
parse_run_options (int argc, char **argv, RunOptions *options)
{
  RtbMethod method;
  RtbCommandError error = { 0 };
  gboolean remote = has_remote (argc, argv);
  /* Another machine's CPUs are not known here: its worker checks them and says what is wrong. */
  long n_cpus = remote ? 0 : sysconf (_SC_NPROCESSORS_ONLN);
  gboolean explicit_priority = FALSE, explicit_cpu = FALSE;

  if (argc < 2 || !rtb_method_from_string (argv[1], &method))
    {
      rtb_cli_error ("%s%s%s: choose a method: latency, jitter, timer or response",
                     argc < 2 ? "missing method" : "unknown method \"",
                     argc < 2 ? "" : argv[1], argc < 2 ? "" : "\"");
      return FALSE;
    }

  rtb_command_defaults (&options->command, method, remote ? RTB_MAX_CPUS : (int) n_cpus);
  options->load = RTB_LOAD_NONE;

  for (int i = 2; i < argc; i++)
    {
      const char *arg = argv[i];
      g_autofree char *name = NULL;
      const char *value = NULL;

      if (!g_str_has_prefix (arg, "--"))
        {
          rtb_cli_error ("unexpected argument \"%s\": options start with --", arg);
          return FALSE;
        }
      const char *eq = strchr (arg, '=');
      name = eq ? g_strndup (arg + 2, (gsize) (eq - arg - 2)) : g_strdup (arg + 2);

      if (strcmp (name, "unthrottled") == 0 || strcmp (name, "verbose") == 0)
        {
          if (eq != NULL)
            {
              rtb_cli_error ("--%s takes no value", name);
              return FALSE;
            }
          if (name[0] == 'v')
            options->verbose = TRUE;
          else if (!rtb_command_set (&options->command, "unthrottled", "yes", (int) n_cpus, &error))
            goto bad_value;
          continue;
        }

      if (eq != NULL)
        value = eq + 1;
      else if (i + 1 < argc)
        value = argv[++i];
      else
        {
          rtb_cli_error ("--%s needs a value", name);
          return FALSE;
        }

      if (take_text_option (options, name, value))
        continue;
      if (strcmp (name, "load") == 0)
        {
          if (!rtb_load_scenario_from_string (value, &options->load))
            {
              rtb_cli_error ("--load \"%s\" is not a load scenario: use none, cpu or full", value);
              return FALSE;
            }
        }
      else if (find_option (method, name))
        {
          g_autofree char *key = g_strdelimit (g_strdup (name), "-", '_');
          explicit_priority |= strcmp (name, "priority") == 0;
          explicit_cpu |= strcmp (name, "cpu") == 0;
          if (!rtb_command_set (&options->command, key, value, (int) n_cpus, &error))
            goto bad_value;
        }
      else
        {
          g_autofree char *known = list_options (method);
          rtb_cli_error ("unknown option --%s for run %s; its options are: %s", name,
                         rtb_method_to_string (method), known);
          return FALSE;
        }
    }

  if (explicit_priority && options->command.policy == RTB_POLICY_OTHER &&
      options->command.priority > 0)
    {
      rtb_cli_error ("--priority %d cannot be used with --policy other: SCHED_OTHER has no "
                     "real-time priority; drop --priority or use --policy fifo",
                     options->command.priority);
      return FALSE;
    }
  if (!rtb_command_check (&options->command, (int) n_cpus, &error))
    goto bad_value;
  if (remote && !check_remote (options, explicit_cpu))
    return FALSE;
  if (!remote && options->remote_worker != NULL)
    {
      rtb_cli_error ("--remote-worker needs --remote HOST: it is the worker's path on HOST");
      return FALSE;
    }
  return TRUE;

bad_value:
  {
    /* Name the option the user typed, not the worker's key. */
    g_autofree char *option = g_strdelimit (g_strdup (error.field), "_", '-');
    if (*option != '\0')
      rtb_cli_error ("--%s: %s", option, error.message);
    else
      rtb_cli_error ("%s", error.message);
  }
  return FALSE;
}

typedef struct {
  GMainLoop *loop;
  GPtrArray *recordings;
  gboolean verbose;
  gboolean progress;
  guint interrupts;
} RunContext;

static gboolean
any_live (RunContext *ctx)
{
  for (guint i = 0; i < ctx->recordings->len; i++)
    if (rtb_recording_is_live (g_ptr_array_index (ctx->recordings, i)))
      return TRUE;
  return FALSE;
}

static void
clear_progress (RunContext *ctx)
{
  if (ctx->progress)
    fputs ("\r\033[K", stderr);
}

static void
on_log (RtbRecording *recording, const char *line, RunContext *ctx)
{
  g_autofree char *safe = NULL;

  if (!ctx->verbose)
    return;
  /* The worker may run on another machine: its lines are shown, never obeyed. */
  safe = rtb_safe_text (line);
  clear_progress (ctx);
  fprintf (stderr, "%s\n", safe);
}

static void
on_warning (RtbRecording *recording, const char *text, RunContext *ctx)
{
  clear_progress (ctx);
  rtb_cli_error ("%s", text);
}

static void
on_ended (RtbRecording *recording, RunContext *ctx)
{
  if (!any_live (ctx))
    g_main_loop_quit (ctx->loop);
}

static void
on_failed (RtbRecording *recording, const GError *error, RunContext *ctx)
{
  on_ended (recording, ctx);
}

static gboolean
on_interrupt (gpointer user_data)
{
  RunContext *ctx = user_data;

  ctx->interrupts++;
  if (ctx->interrupts == 1)
    {
      clear_progress (ctx);
      fputs ("Stopping; press Ctrl-C again to stop waiting for the worker.\n", stderr);
      for (guint i = 0; i < ctx->recordings->len; i++)
        rtb_recording_stop (g_ptr_array_index (ctx->recordings, i));
    }
  else
    for (guint i = 0; i < ctx->recordings->len; i++)
      rtb_recording_abort (g_ptr_array_index (ctx->recordings, i));
  return G_SOURCE_CONTINUE;
}

static void
format_seconds (double seconds, char *buf, gsize size)
{
  if (seconds < 3600)
    g_snprintf (buf, size, "%d:%02d", (int) seconds / 60, (int) seconds % 60);
  else
    g_snprintf (buf, size, "%d:%02d:%02d", (int) seconds / 3600, ((int) seconds / 60) % 60,
                (int) seconds % 60);
}

static void
append_progress (GString *line, RtbRecording *recording)
{
  RtbRun *run = rtb_recording_get_run (recording);
  const RtbCommand *command = rtb_run_get_command (run);
  char elapsed[32], total[32];

  format_seconds (rtb_recording_get_elapsed_seconds (recording), elapsed, sizeof elapsed);
  if (command->method == RTB_METHOD_RESPONSE)
    g_string_append_printf (line, "%s  %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " instances",
                            elapsed, rtb_run_get_total_count (run), command->response.instances);
  else if (command->duration_ns == 0)
    g_string_append_printf (line, "%s (until Ctrl-C)  %" G_GUINT64_FORMAT " samples", elapsed,
                            rtb_run_get_total_count (run));
  else
    {
      format_seconds ((double) command->duration_ns / 1e9, total, sizeof total);
      g_string_append_printf (line, "%s of %s  %" G_GUINT64_FORMAT " samples", elapsed, total,
                              rtb_run_get_total_count (run));
    }

  double worst = rtb_run_get_worst_us (run);
  if (!isnan (worst))
    g_string_append_printf (line, "  worst %.1f µs", worst);
  guint64 dropped = rtb_run_get_total_dropped (run);
  if (dropped > 0)
    g_string_append_printf (line, "  dropped %" G_GUINT64_FORMAT, dropped);
}

static gboolean
on_progress (gpointer user_data)
{
  RunContext *ctx = user_data;
  RtbRecording *recording = g_ptr_array_index (ctx->recordings, 0);
  g_autoptr (GString) line = g_string_new ("\r\033[K");

  if (rtb_recording_get_state (recording) != RTB_RECORDING_RUNNING)
    return G_SOURCE_CONTINUE;
  append_progress (line, recording);
  fputs (line->str, stderr);
  fflush (stderr);
  return G_SOURCE_CONTINUE;
}

static char *
default_label (const RtbCommand *command, const char *remote)
{
  g_autofree char *host = remote != NULL ? g_strdup (remote) : g_strdup (g_get_host_name ());

  return g_strdup_printf ("%s on %s", rtb_method_to_string (command->method), host);
}

static int
finish_run (RunContext *ctx, RtbRecording *recording)
{
  RtbRun *run = rtb_recording_get_run (recording);
  const GError *error = rtb_recording_get_error (recording);
  const char *output = rtb_recording_get_output (recording);
  int status = RTB_CLI_OK;

  /* Nothing measured (refused, unreachable, no worker): the message alone says it. */
  if (rtb_run_get_state (run) == RTB_RUN_STATE_NEW)
    {
      rtb_cli_error ("%s", error != NULL ? error->message
                                         : "the worker ended before the run started");
      return RTB_CLI_FAILED;
    }

  rtb_cli_print_run_header (run, stdout);
  rtb_cli_print_table (run, stdout);
  rtb_cli_print_verdict (run, stdout);

  if (error != NULL)
    {
      rtb_cli_error ("%s", error->message);
      status = RTB_CLI_FAILED;
    }
  else if (ctx->interrupts > 1)
    status = RTB_CLI_INTERRUPTED;

  if (rtb_run_get_state (run) == RTB_RUN_STATE_CUT_SHORT)
    fprintf (stdout, "The run was cut short: the figures above cover what was measured.\n");

  if (output != NULL)
    {
      if (rtb_recording_get_save_error (recording) != NULL)
        status = RTB_CLI_FAILED;
      else
        {
          g_autofree char *safe = rtb_safe_text (output);

          fprintf (stdout, "Saved to %s\n", safe);
        }
    }
  return status;
}

int
rtb_cli_run (int argc, char **argv)
{
  RunOptions options = { 0 };
  RunContext ctx = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRecording) recording = NULL;
  g_autofree char *label = NULL;
  int status;

  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
      {
        RtbMethod method;
        if (rtb_method_from_string (argv[1], &method))
          print_method_help (stdout, method);
        else
          print_run_help (stdout);
        return RTB_CLI_OK;
      }
  if (!parse_run_options (argc, argv, &options))
    {
      fputs ("See rtbench-cli run --help.\n", stderr);
      run_options_clear (&options);
      return RTB_CLI_USAGE;
    }

  label = options.label ? g_strdup (options.label)
                        : default_label (&options.command, options.remote);
  recording = rtb_recording_new (&options.command, label);
  rtb_recording_set_remote (recording, options.remote, options.remote_worker, NULL);
  rtb_recording_set_load (recording, options.load);
  rtb_recording_set_output (recording, options.output);

  ctx.loop = g_main_loop_new (NULL, FALSE);
  ctx.recordings = g_ptr_array_new ();
  g_ptr_array_add (ctx.recordings, recording);
  ctx.verbose = options.verbose;
  ctx.progress = isatty (STDERR_FILENO);
  g_signal_connect (recording, "log", G_CALLBACK (on_log), &ctx);
  g_signal_connect (recording, "warning", G_CALLBACK (on_warning), &ctx);
  g_signal_connect (recording, "finished", G_CALLBACK (on_ended), &ctx);
  g_signal_connect (recording, "failed", G_CALLBACK (on_failed), &ctx);

  if (!rtb_recording_start (recording, &error))
    {
      /* Found before anything was measured: the option to change is named. */
      if (g_error_matches (error, RTB_OUTPUT_ERROR, RTB_OUTPUT_ERROR_UNUSABLE))
        {
          rtb_cli_error ("--output: %s", error->message);
          status = RTB_CLI_USAGE;
        }
      else
        {
          rtb_cli_error ("%s", error->message);
          status = RTB_CLI_FAILED;
        }
    }
  else
    {
      guint sigint = g_unix_signal_add (SIGINT, on_interrupt, &ctx);
      guint sigterm = g_unix_signal_add (SIGTERM, on_interrupt, &ctx);
      guint sighup = g_unix_signal_add (SIGHUP, on_interrupt, &ctx);
      guint progress = ctx.progress ? g_timeout_add (250, on_progress, &ctx) : 0;

      g_main_loop_run (ctx.loop);

      g_source_remove (sigint);
      g_source_remove (sigterm);
      g_source_remove (sighup);
      if (progress != 0)
        g_source_remove (progress);
      clear_progress (&ctx);
      status = finish_run (&ctx, recording);
    }

  g_clear_pointer (&ctx.recordings, g_ptr_array_unref);
  g_clear_pointer (&ctx.loop, g_main_loop_unref);
  run_options_clear (&options);
  return status;
}
