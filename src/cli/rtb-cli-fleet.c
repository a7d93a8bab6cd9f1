/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rtbench-cli run, once its options are read: one recording per machine, all at once, a
 * progress line each, then each run's table, the comparison, the files and the limits. */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include <glib-unix.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "rtb-cli-run-private.h"
#include "rtb-cli-util.h"
#include "rtb-cli.h"
#include "rtb-compare.h"
#include "rtb-csv.h"
#include "rtb-label.h"
#include "rtb-output.h"
#include "rtb-recording.h"
#include "rtb-safe-text.h"
#include "rtb-self-affinity.h"

typedef struct {
  GMainLoop *loop;
  GPtrArray *recordings; /* one per machine, in the order given */
  GPtrArray *names;      /* each machine's name, escaped: its ssh host, or this host's name */
  FILE *report;          /* tables and messages: stdout, or stderr when stdout carries TAP */
  gboolean verbose;
  gboolean progress;
  gboolean minutes;      /* a line per series at each minute of the run: the report is a terminal */
  guint progress_lines;  /* drawn on stderr, to be cleared before anything else is printed */
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
  for (; ctx->progress_lines > 0; ctx->progress_lines--)
    fputs ("\033[1A\r\033[K", stderr);
}

/* The machine's name before each of its lines, when there are several. */
static const char *
prefix_for (RunContext *ctx, RtbRecording *recording)
{
  if (ctx->recordings->len < 2)
    return NULL;
  for (guint i = 0; i < ctx->recordings->len; i++)
    if (ctx->recordings->pdata[i] == recording)
      return ctx->names->pdata[i];
  return NULL;
}

static void
on_log (RtbRecording *recording, const char *line, RunContext *ctx)
{
  const char *prefix = prefix_for (ctx, recording);
  g_autofree char *safe = NULL;

  if (!ctx->verbose)
    return;
  /* The worker may run on another machine: its lines are shown, never obeyed. */
  safe = rtb_safe_text (line);
  clear_progress (ctx);
  fprintf (stderr, "%s%s%s\n", prefix ? prefix : "", prefix ? ": " : "", safe);
}

static void
on_warning (RtbRecording *recording, const char *text, RunContext *ctx)
{
  const char *prefix = prefix_for (ctx, recording);

  clear_progress (ctx);
  rtb_cli_error ("%s%s%s", prefix ? prefix : "", prefix ? ": " : "", text);
}

static RtbRecording *
recording_of (RunContext *ctx, RtbRun *run)
{
  for (guint i = 0; i < ctx->recordings->len; i++)
    if (rtb_recording_get_run (ctx->recordings->pdata[i]) == run)
      return ctx->recordings->pdata[i];
  return NULL;
}

/* Whether spikes are explained, said once per run (and again when an automatic threshold
 * moves). */
static void
on_trace_changed (RtbRun *run, RunContext *ctx)
{
  const char *prefix = prefix_for (ctx, recording_of (ctx, run));
  g_autofree char *status = rtb_cli_trace_status (run);

  if (status == NULL || g_strcmp0 (status, g_object_get_data (G_OBJECT (run), "cli-said")) == 0)
    return;
  clear_progress (ctx);
  fprintf (ctx->report, "%s%s%s\n", prefix ? prefix : "", prefix ? ": " : "", status);
  fflush (ctx->report);
  g_object_set_data_full (G_OBJECT (run), "cli-said", g_steal_pointer (&status), g_free);
}

/* Once a run of this machine has started (its worker and load run), the CLI's own threads
 * leave the CPUs it measures, as the worker's do: rtbench is never the culprit it reports. */
static void
on_run_state (RtbRun *run, GParamSpec *pspec, RunContext *ctx)
{
  RtbRecording *recording = recording_of (ctx, run);
  uint64_t measured[RTB_MAX_CPUS / 64] = { 0 };
  g_autofree char *kept = NULL;

  if (rtb_run_get_state (run) != RTB_RUN_STATE_RUNNING || recording == NULL ||
      rtb_recording_get_remote (recording) != NULL)
    return;
  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      int cpu = rtb_run_get_series (run, i)->cpu;

      if (cpu >= 0 && cpu < RTB_MAX_CPUS)
        measured[cpu / 64] |= (uint64_t) 1 << (cpu % 64);
    }
  kept = rtb_self_affinity_leave (measured);
  if (kept != NULL && ctx->verbose)
    {
      clear_progress (ctx);
      fprintf (stderr, "rtbench-cli: its own threads run on CPUs %s, off the measured ones\n",
               kept);
    }
}

static void
on_spike (RtbRun *run, const RtbSpike *spike, RunContext *ctx)
{
  const char *prefix = prefix_for (ctx, recording_of (ctx, run));
  g_autofree char *line = rtb_cli_spike_line (run, spike);

  clear_progress (ctx);
  fprintf (ctx->report, "%s%sspike %s\n", prefix ? prefix : "", prefix ? ": " : "", line);
  fflush (ctx->report);
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

/* A long run's progress readable in a terminal's log: at each minute of the run's clock, each
 * series' largest value of that minute and of the run so far. */
static void
on_minute (RtbRun *run, guint64 minute, RunContext *ctx)
{
  const char *prefix = prefix_for (ctx, recording_of (ctx, run));
  char when[32];

  if (!ctx->minutes)
    return;
  clear_progress (ctx);
  format_seconds ((double) minute * 60, when, sizeof when);
  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      RtbSeries *series = rtb_run_get_series (run, i);

      fprintf (ctx->report, "%s%s%s  %-6s ", prefix ? prefix : "", prefix ? ": " : "", when,
               series->name);
      if (series->minute_count == 0)
        fputs ("no samples this minute", ctx->report);
      else
        fprintf (ctx->report, "max %.1f µs this minute", series->minute_max_ns / 1000.0);
      if (series->histogram.stats.count > 0)
        fprintf (ctx->report, ", %.1f µs so far", series->histogram.stats.max_ns / 1000.0);
      fputc ('\n', ctx->report);
    }
  fflush (ctx->report);
}

static void
on_ended (RtbRecording *recording, RunContext *ctx)
{
  if (!any_live (ctx))
    g_main_loop_quit (ctx->loop);
}

/* A refusal because RT throttling is off also says how to accept the risk. */
static void
report_error (const char *prefix, const GError *error)
{
  if (prefix != NULL)
    rtb_cli_error ("%s: %s", prefix, error->message);
  else
    rtb_cli_error ("%s", error->message);
  if (g_error_matches (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_UNSAFE))
    rtb_cli_error ("to accept that, run again with --unthrottled");
}

static void
on_failed (RtbRecording *recording, const GError *error, RunContext *ctx)
{
  const char *prefix = prefix_for (ctx, recording);

  /* With several machines, one that fails is said at once; the others go on. */
  if (prefix != NULL)
    {
      clear_progress (ctx);
      report_error (prefix, error);
    }
  on_ended (recording, ctx);
}

static gboolean
on_interrupt (gpointer user_data)
{
  RunContext *ctx = user_data;

  ctx->interrupts++;
  clear_progress (ctx);
  if (ctx->interrupts == 1)
    {
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
append_progress (GString *line, RtbRecording *recording)
{
  RtbRun *run = rtb_recording_get_run (recording);
  const RtbCommand *command = rtb_run_get_command (run);
  char elapsed[32], total[32];

  switch (rtb_recording_get_state (recording))
    {
    case RTB_RECORDING_NEW:
    case RTB_RECORDING_STARTING:
      g_string_append (line, "starting");
      return;
    case RTB_RECORDING_FINISHED:
      g_string_append (line, "done");
      return;
    case RTB_RECORDING_FAILED:
      g_string_append (line, "failed");
      return;
    case RTB_RECORDING_RUNNING:
    default:
      break;
    }

  format_seconds (rtb_recording_get_elapsed_seconds (recording), elapsed, sizeof elapsed);
  if (command->method == RTB_METHOD_RESPONSE)
    g_string_append_printf (line, "%s  %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " instances",
                            elapsed, rtb_run_get_total_count (run),
                            rtb_command_response_total (command));
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

/* One line per machine, redrawn in place. */
static gboolean
on_progress (gpointer user_data)
{
  RunContext *ctx = user_data;
  g_autoptr (GString) text = g_string_new (NULL);

  clear_progress (ctx);
  for (guint i = 0; i < ctx->recordings->len; i++)
    {
      RtbRecording *recording = ctx->recordings->pdata[i];
      const char *prefix = prefix_for (ctx, recording);

      if (prefix != NULL)
        g_string_append_printf (text, "%-16s ", prefix);
      append_progress (text, recording);
      g_string_append_c (text, '\n');
      ctx->progress_lines++;
    }
  fputs (text->str, stderr);
  fflush (stderr);
  return G_SOURCE_CONTINUE;
}

static char *
default_label (const RunOptions *options, const char *name)
{
  return rtb_label_default (&options->command, rtb_load_scenario_to_string (options->load), name);
}

static RtbRecording *
new_recording (RunOptions *options, const char *host, const char *name, guint n_machines)
{
  g_autofree char *label = NULL;
  g_autofree char *output = NULL;
  RtbRecording *recording;

  if (options->label == NULL)
    label = default_label (options, name);
  else if (n_machines > 1)
    label = g_strdup_printf ("%s on %s", options->label, name);
  else
    label = g_strdup (options->label);
  recording = rtb_recording_new (&options->command, label);
  rtb_recording_set_remote (recording, host, host != NULL ? options->remote_worker : NULL, NULL);
  rtb_recording_set_load (recording, options->load);
  if (options->output_dir != NULL)
    {
      output = rtb_output_in_folder (options->output_dir, name,
                                     rtb_method_to_string (options->command.method));
      rtb_recording_set_output (recording, output);
      rtb_recording_set_output_free_name (recording, TRUE);
    }
  else
    rtb_recording_set_output (recording, options->output);
  return recording;
}

/* Each run's header and table, and whether its machine counts as failed. */
static gboolean
finish_machine (RunContext *ctx, RtbRecording *recording, const char *name)
{
  RtbRun *run = rtb_recording_get_run (recording);
  const GError *error = rtb_recording_get_error (recording);
  const char *output = rtb_recording_get_output (recording);
  gboolean several = ctx->recordings->len > 1;
  gboolean failed = FALSE;

  /* Nothing measured (refused, unreachable, no worker): the message alone says it. */
  if (!rtb_recording_has_measured (recording))
    {
      if (!several && error != NULL)
        report_error (NULL, error);
      else if (!several)
        rtb_cli_error ("the worker ended before the run started");
      else if (error == NULL)
        rtb_cli_error ("%s: the worker ended before the run started", name);
      return TRUE;
    }

  if (several)
    fputc ('\n', ctx->report);
  rtb_cli_print_run_header (run, ctx->report);
  rtb_cli_print_table (run, ctx->report);
  rtb_cli_print_spikes (run, TRUE, ctx->report);
  rtb_cli_print_verdict (run, ctx->report);

  if (error != NULL)
    {
      if (!several)
        report_error (NULL, error);
      failed = TRUE;
    }
  if (rtb_run_get_state (run) == RTB_RUN_STATE_CUT_SHORT)
    fprintf (ctx->report, "The run was cut short: the figures above cover what was measured.\n");

  if (output != NULL)
    {
      if (rtb_recording_get_save_error (recording) != NULL)
        failed = TRUE;
      else
        {
          g_autofree char *safe = rtb_safe_text (output);

          fprintf (ctx->report, "Saved to %s\n", safe);
        }
    }
  return failed;
}

/* The runs that measured something, side by side, and the comparison files asked for. */
static gboolean
compare_machines (RunContext *ctx, RunOptions *options)
{
  g_autoptr (GPtrArray) runs = g_ptr_array_new ();
  g_autoptr (GPtrArray) files = g_ptr_array_new ();
  g_autoptr (RtbCompare) compare = NULL;
  gboolean ok = TRUE;

  for (guint i = 0; i < ctx->recordings->len; i++)
    {
      RtbRecording *recording = ctx->recordings->pdata[i];
      RtbRun *run = rtb_recording_get_run (recording);

      if (!rtb_recording_has_measured (recording) || rtb_run_get_n_series (run) == 0)
        continue;
      g_ptr_array_add (runs, run);
      g_ptr_array_add (files, (gpointer) (rtb_recording_get_output (recording) != NULL
                                          ? rtb_recording_get_output (recording) : "-"));
    }
  if (runs->len < 2)
    {
      if (options->compare_png != NULL || options->compare_csv != NULL)
        rtb_cli_error ("fewer than two machines measured anything: nothing to compare");
      return options->compare_png == NULL && options->compare_csv == NULL;
    }

  compare = rtb_compare_new ((RtbRun **) runs->pdata, runs->len);
  fputc ('\n', ctx->report);
  rtb_cli_print_comparison (compare, (char **) files->pdata, ctx->report);
  if (options->compare_png != NULL)
    {
      RtbCliChartOptions charts;

      rtb_cli_chart_options_init (&charts);
      charts.outputs[RTB_PLOT_FORMAT_PNG] = options->compare_png;
      charts.status = ctx->report;
      ok &= rtb_cli_chart_write (&charts, (RtbRun **) runs->pdata, runs->len);
    }
  if (options->compare_csv != NULL)
    {
      g_autofree char *text = rtb_csv_compare (compare);

      ok &= rtb_cli_write_text (options->compare_csv, text, ctx->report);
    }
  return ok;
}

/* Before any worker starts: every output can be written. */
static gboolean
check_outputs (RunContext *ctx)
{
  for (guint i = 0; i < ctx->recordings->len; i++)
    {
      const char *output = rtb_recording_get_output (ctx->recordings->pdata[i]);
      g_autoptr (GError) error = NULL;

      if (output != NULL && !rtb_output_check (output, &error))
        {
          rtb_cli_error ("--%s: %s", ctx->recordings->len > 1 ? "output-dir" : "output",
                         error->message);
          return FALSE;
        }
    }
  return TRUE;
}

static int
measure (RunContext *ctx, RunOptions *options)
{
  guint n_started = 0, n_failed = 0;
  gboolean violated = FALSE;
  gboolean ok = TRUE;

  for (guint i = 0; i < ctx->recordings->len; i++)
    {
      RtbRecording *recording = ctx->recordings->pdata[i];
      g_autoptr (GError) error = NULL;

      if (rtb_recording_start (recording, &error))
        {
          n_started++;
          continue;
        }
      /* Found before anything was measured: the option to change is named. */
      if (g_error_matches (error, RTB_OUTPUT_ERROR, RTB_OUTPUT_ERROR_UNUSABLE))
        {
          rtb_cli_error ("--output: %s", error->message);
          for (guint j = 0; j < i; j++)
            rtb_recording_discard (ctx->recordings->pdata[j]);
          return RTB_CLI_USAGE;
        }
      if (ctx->recordings->len > 1)
        rtb_cli_error ("%s: %s", (const char *) ctx->names->pdata[i], error->message);
      else
        rtb_cli_error ("%s", error->message);
      rtb_cli_gates_add_run (&options->gates, ctx->names->pdata[i], NULL, error->message);
      n_failed++;
    }

  if (n_started > 0)
    {
      guint sigint = g_unix_signal_add (SIGINT, on_interrupt, ctx);
      guint sigterm = g_unix_signal_add (SIGTERM, on_interrupt, ctx);
      guint sighup = g_unix_signal_add (SIGHUP, on_interrupt, ctx);
      guint progress = ctx->progress ? g_timeout_add (250, on_progress, ctx) : 0;

      g_main_loop_run (ctx->loop);

      g_source_remove (sigint);
      g_source_remove (sigterm);
      g_source_remove (sighup);
      if (progress != 0)
        g_source_remove (progress);
      clear_progress (ctx);
    }

  for (guint i = 0; i < ctx->recordings->len; i++)
    {
      RtbRecording *recording = ctx->recordings->pdata[i];
      const GError *error = rtb_recording_get_error (recording);

      if (rtb_recording_get_state (recording) == RTB_RECORDING_NEW)
        continue;
      if (finish_machine (ctx, recording, ctx->names->pdata[i]))
        n_failed++;
      rtb_cli_gates_add_run (&options->gates, ctx->names->pdata[i],
                             rtb_recording_get_run (recording),
                             error != NULL ? error->message : NULL);
    }
  if (ctx->recordings->len > 1)
    ok &= compare_machines (ctx, options);
  if (rtb_cli_gates_any (&options->gates))
    {
      fputc ('\n', ctx->report);
      ok &= rtb_cli_gates_report (&options->gates, ctx->report, &violated);
    }

  if (ctx->recordings->len > 1 && n_failed > 0)
    {
      fprintf (ctx->report, "%u of %u machines failed.\n", n_failed, ctx->recordings->len);
      return RTB_CLI_MACHINES_FAILED + (int) MIN (n_failed, 100);
    }
  if (n_failed > 0 || !ok)
    return RTB_CLI_FAILED;
  if (violated)
    return RTB_CLI_LIMITS;
  return ctx->interrupts > 1 ? RTB_CLI_INTERRUPTED : RTB_CLI_OK;
}

int
rtb_cli_fleet_run (RunOptions *options)
{
  RunContext ctx = { 0 };
  int status;

  ctx.loop = g_main_loop_new (NULL, FALSE);
  ctx.recordings = g_ptr_array_new_with_free_func (g_object_unref);
  ctx.names = g_ptr_array_new_with_free_func (g_free);
  ctx.verbose = options->verbose;
  ctx.progress = isatty (STDERR_FILENO);
  ctx.report = options->gates.tap ? stderr : stdout;
  ctx.minutes = isatty (fileno (ctx.report));

  for (guint i = 0; i < options->machines->len; i++)
    {
      const char *host = options->machines->pdata[i];
      const char *name = host != NULL ? host : g_get_host_name ();
      RtbRecording *recording = new_recording (options, host, name, options->machines->len);

      /* Printed before each of its lines: as a board's own words are, escaped. */
      g_ptr_array_add (ctx.names, rtb_safe_text (name));
      g_ptr_array_add (ctx.recordings, recording);
      g_signal_connect (recording, "log", G_CALLBACK (on_log), &ctx);
      g_signal_connect (recording, "warning", G_CALLBACK (on_warning), &ctx);
      g_signal_connect (recording, "finished", G_CALLBACK (on_ended), &ctx);
      g_signal_connect (recording, "failed", G_CALLBACK (on_failed), &ctx);
      g_signal_connect (rtb_recording_get_run (recording), "trace-changed",
                        G_CALLBACK (on_trace_changed), &ctx);
      g_signal_connect (rtb_recording_get_run (recording), "spike", G_CALLBACK (on_spike), &ctx);
      g_signal_connect (rtb_recording_get_run (recording), "minute", G_CALLBACK (on_minute),
                        &ctx);
      g_signal_connect (rtb_recording_get_run (recording), "notify::state",
                        G_CALLBACK (on_run_state), &ctx);
    }

  status = check_outputs (&ctx) ? measure (&ctx, options) : RTB_CLI_USAGE;
  for (guint i = 0; i < ctx.recordings->len; i++)
    g_signal_handlers_disconnect_by_data (rtb_recording_get_run (ctx.recordings->pdata[i]), &ctx);

  g_clear_pointer (&ctx.recordings, g_ptr_array_unref);
  g_clear_pointer (&ctx.names, g_ptr_array_unref);
  g_clear_pointer (&ctx.loop, g_main_loop_unref);
  return status;
}
