/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "rtb-checklist.h"
#include "rtb-command-keys.h"
#include "rtb-methods.h"
#include "rtb-run-private.h"
#include "rtb-safe-text.h"
#include "rtb-sample-check.h"
#include "rtb-spike-check.h"
#include "rtb-spike-split.h"
#include "rtb-system-files.h"
#include "rtb-system-snapshot.h"
#include "rtb-system-info-private.h"
#include "rtb-time.h"

struct _RtbRun
{
  GObject parent_instance;

  /* Owned references */
  GPtrArray *series;          /* RtbSeries*, index = worker thread index */
  RtbSystemInfo *system;
  GHashTable *snapshot;       /* the SYSTEM frame's files, until STARTED judges them */
  GPtrArray *checks;          /* RtbCheck*, as the checklist was at the start; NULL if none */
  char *label;
  char *load;
  char *source;
  char *file;
  char *worker_command;
  RtbSpikeLog *spikes;
  RtbSpikeCheck *spike_check; /* the SPIKE frames of a stream against its samples */
  RtbSpikeSplit *spike_split; /* timerlat: the IRQ samples its spikes' IRQ halves are */

  RtbCommand command;
  RtbRunStated stated;
  RtbHelloFrame hello;
  gboolean have_hello;
  int client_pid;          /* this process, when it sees the worker's pids; 0 otherwise */
  guint32 started_flags;   /* RTB_STARTED_* */
  gint64 timer_slack_ns;   /* -1: unknown */
  RtbRunState state;
  RtbEndReason end_reason;
  gint64 start_us;
  gint64 end_us;
  guint64 elapsed_ns;
  guint64 minute;          /* the last ::minute emitted */
  gint64 load_start_ns;    /* RTB_RUN_TIME_UNKNOWN */
  gint64 load_stop_ns;
  gboolean dirty;
};

G_DEFINE_FINAL_TYPE (RtbRun, rtb_run, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LABEL,
  PROP_STATE,
  PROP_FILE,
  N_PROPS
};

enum {
  CHANGED,
  FINISHED,
  SPIKE,
  TRACE_CHANGED,
  MINUTE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_QUARK (rtb-run-error-quark, rtb_run_error)

static void
rtb_run_finalize (GObject *object)
{
  RtbRun *self = (RtbRun *) object;

  g_clear_pointer (&self->series, g_ptr_array_unref);
  g_clear_pointer (&self->system, rtb_system_info_free);
  g_clear_pointer (&self->snapshot, g_hash_table_unref);
  g_clear_pointer (&self->checks, g_ptr_array_unref);
  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->load, g_free);
  g_clear_pointer (&self->source, g_free);
  g_clear_pointer (&self->file, g_free);
  g_clear_pointer (&self->worker_command, g_free);
  g_clear_pointer (&self->spikes, rtb_spike_log_free);
  g_clear_pointer (&self->spike_check, rtb_spike_check_free);
  g_clear_pointer (&self->spike_split, rtb_spike_split_free);

  G_OBJECT_CLASS (rtb_run_parent_class)->finalize (object);
}

static void
rtb_run_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RtbRun *self = RTB_RUN (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    case PROP_FILE:
      g_value_set_string (value, self->file);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rtb_run_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  RtbRun *self = RTB_RUN (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      rtb_run_set_label (self, g_value_get_string (value));
      break;
    case PROP_FILE:
      rtb_run_set_file (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rtb_run_class_init (RtbRunClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = rtb_run_finalize;
  object_class->get_property = rtb_run_get_property;
  object_class->set_property = rtb_run_set_property;

  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATE] =
    g_param_spec_int ("state", NULL, NULL,
                      RTB_RUN_STATE_NEW, RTB_RUN_STATE_CUT_SHORT, RTB_RUN_STATE_NEW,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] =
    g_param_spec_string ("file", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SPIKE] = g_signal_new ("spike", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                 NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[TRACE_CHANGED] = g_signal_new ("trace-changed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[MINUTE] = g_signal_new ("minute", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT64);
}

static void
rtb_run_init (RtbRun *self)
{
  self->series = g_ptr_array_new_with_free_func ((GDestroyNotify) rtb_series_free);
  self->label = g_strdup ("");
  self->load = g_strdup ("none");
  self->source = g_strdup ("measured");
  self->timer_slack_ns = -1;
  self->load_start_ns = RTB_RUN_TIME_UNKNOWN;
  self->load_stop_ns = RTB_RUN_TIME_UNKNOWN;
  self->spikes = rtb_spike_log_new ();
  self->spike_check = rtb_spike_check_new ();
  self->spike_split = rtb_spike_split_new ();
}

RtbRun *
rtb_run_new (const RtbCommand *command)
{
  RtbRun *self;

  g_return_val_if_fail (command != NULL, NULL);

  self = g_object_new (RTB_TYPE_RUN, NULL);
  self->command = *command;
  self->stated = RTB_RUN_STATED_ALL;
  return self;
}

/* The method's span (RtbMethodInfo.span_key). */
static void
histogram_geometry (const RtbCommand *command, int32_t *lo_us, uint32_t *n_buckets)
{
  const RtbMethodInfo *info = rtb_method_info (command->method);
  uint32_t span;

  if (info == NULL) /* no method a checked command holds: the least histogram */
    info = rtb_method_info (RTB_METHOD_LATENCY);
  span = info->span_key == NULL
           ? info->span_max_us
           : (uint32_t) CLAMP (rtb_command_key_get (command, info->span_key), info->span_min_us,
                               info->span_max_us);
  *lo_us = info->signed_values ? -(int32_t) span : 0;
  *n_buckets = info->signed_values ? 2 * span : span;
}

RtbSeries *
_rtb_run_add_series_full (RtbRun *self, const char *name, int cpu, int32_t lo_us,
                          uint32_t n_buckets)
{
  RtbSeries *series = rtb_series_new (name, cpu, lo_us, n_buckets);
  guint index = self->series->len;

  series->policy = self->command.policy;
  series->priority = self->command.priority;
  /* Threads at periods of their own (LinuxCNC's base, then servo). */
  if (rtb_method_info (self->command.method) != NULL &&
      rtb_method_info (self->command.method)->own_periods && index < 2)
    series->period_ns = (gint64) rtb_command_thread_period_us (&self->command, index) * 1000;

  g_ptr_array_add (self->series, series);
  self->dirty = TRUE;
  return series;
}

RtbSeries *
rtb_run_add_series (RtbRun *self, const char *name, int cpu)
{
  int32_t lo_us;
  uint32_t n_buckets;

  g_return_val_if_fail (RTB_IS_RUN (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  histogram_geometry (&self->command, &lo_us, &n_buckets);
  return _rtb_run_add_series_full (self, name, cpu, lo_us, n_buckets);
}

static void
set_state (RtbRun *self, RtbRunState state)
{
  if (self->state == state)
    return;
  self->state = state;
  self->dirty = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void complete_history (RtbRun *self);

static void
finish (RtbRun *self, RtbRunState state)
{
  complete_history (self);
  set_state (self, state);
  rtb_run_flush_changed (self);
  g_signal_emit (self, signals[FINISHED], 0);
}

static gboolean
protocol_error (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
protocol_error (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, RTB_RUN_ERROR, RTB_RUN_ERROR_PROTOCOL, message);
  return FALSE;
}

/* The checklist as it was at the start, for the CPUs and priority the worker accepted. */
static void
judge_system (RtbRun *self)
{
  RtbChecklistFor what = {
    self->command.cpus,
    self->command.policy == RTB_POLICY_OTHER ? 0 : self->command.priority,
    self->have_hello ? &self->hello : NULL,
    !rtb_command_key_taken (RTB_KEY_POLICY, self->command.method),
  };

  if (self->snapshot == NULL)
    return;
  g_clear_pointer (&self->checks, g_ptr_array_unref);
  self->checks = rtb_checklist_evaluate (self->snapshot, &what);
  g_clear_pointer (&self->snapshot, g_hash_table_unref);
}

static gboolean
handle_started (RtbRun *self, const RtbStarted *started, GError **error)
{
  char line[RTB_COMMAND_MAX];

  if (self->state != RTB_RUN_STATE_NEW || self->series->len > 0)
    return protocol_error (error, "a second STARTED frame arrived");

  /* What the worker accepted is what ran, whatever the client asked. */
  self->command = *started->command;
  g_free (self->worker_command);
  self->worker_command = rtb_command_format (&self->command, line, sizeof line) >= 0
                           ? g_strdup (line)
                           : NULL;

  /* The threads come numbered in order: series t is thread t. */
  for (guint t = 0; t < started->n_threads; t++)
    {
      const RtbThreadInfo *info = &started->threads[t];
      RtbSeries *series = rtb_run_add_series (self, info->name, info->cpu);

      g_assert (series != NULL); /* NULL only when self were no RtbRun */
      series->policy = info->policy;
      series->priority = info->priority;
      series->placement = info->placement;
    }
  self->started_flags = started->flags;
  self->timer_slack_ns = started->timer_slack_ns;

  self->start_us = (gint64) (started->start_realtime_ns / 1000);
  judge_system (self);
  set_state (self, RTB_RUN_STATE_RUNNING);
  return TRUE;
}

static gboolean
check_running (RtbRun *self, const char *what, GError **error)
{
  switch (self->state)
    {
    case RTB_RUN_STATE_RUNNING:
      return TRUE;
    case RTB_RUN_STATE_NEW:
      return protocol_error (error, "%s before STARTED", what);
    case RTB_RUN_STATE_FINISHED:
      return protocol_error (error, "%s after SUMMARY", what);
    case RTB_RUN_STATE_CUT_SHORT:
    default:
      return protocol_error (error, "%s after the stream ended", what);
    }
}

/* The numbers missing before sample `index` keep their places on the curve: noise's short gaps
 * (counted in STATS, each 1 µs as oslat counts it), the other methods' periods skipped after a
 * stall or samples lost (none before the first, a warm-up the timer discards). */
/* Sample numbers a run takes: 2^62, 14 600 years at 10 kHz. A history's blocks and a heatmap's
 * columns then cover at most twice as many, within what a run file's 64-bit counts hold. */
#define RUN_MAX_POSITIONS (G_GUINT64_CONSTANT (1) << 62)

static void
skip_to (RtbRun *self, RtbSeries *series, guint64 index)
{
  guint64 missing = index - series->next_index;

  if (self->command.method == RTB_METHOD_NOISE)
    {
      rtb_series_add_positions (series, RTB_NSEC_PER_USEC, missing);
      return;
    }
  series->gaps += missing;
  if (series->next_index > 0)
    rtb_series_skip_positions (series, missing);
}

/* What the last STATS counted after the last sample keeps its places on the curve too, so that
 * the curve holds every number the figures count: noise's short gaps (its running mean then ends
 * at the average gap), the other methods' periods skipped by a stall across the run's end, which
 * no later sample's number showed (what the numbers' gaps do not hold of the skipped periods and
 * the samples lost, at most the skipped ones). */
static void
complete_history (RtbRun *self)
{
  for (guint i = 0; i < self->series->len; i++)
    {
      RtbSeries *series = g_ptr_array_index (self->series, i);
      guint64 count = series->histogram.stats.count;
      guint64 missing = series->skipped + series->dropped;

      /* A run's positions stay within what its samples' numbers may reach. */
      guint64 room = RUN_MAX_POSITIONS - MIN (series->history.n_positions, RUN_MAX_POSITIONS);

      if (self->command.method == RTB_METHOD_NOISE && count > series->history.n_positions)
        rtb_series_add_positions (series, RTB_NSEC_PER_USEC,
                                  MIN (count - series->history.n_positions, room));
      else if (self->command.method != RTB_METHOD_NOISE && series->next_index > 0 &&
               missing > series->gaps)
        rtb_series_skip_positions (series,
                                   MIN (MIN (series->skipped, missing - series->gaps), room));
    }
}

/* timerlat's series come in pairs, each CPU's IRQ latency then its thread latency, as the
 * worker numbers its threads. */
static gboolean
is_timerlat_irq (RtbRun *self, guint thread)
{
  return self->command.method == RTB_METHOD_TIMERLAT && thread % 2 == 0;
}

static gboolean
handle_samples (RtbRun *self, const RtbSamplesFrame *frame, GError **error)
{
  const RtbSample *samples = rtb_samples_data (frame);
  RtbSeries *series;

  if (!check_running (self, "SAMPLES", error))
    return FALSE;
  if (frame->thread >= self->series->len)
    return protocol_error (error, "SAMPLES for thread %u, but the run has %u threads",
                           frame->thread, self->series->len);

  series = g_ptr_array_index (self->series, frame->thread);
  if (frame->dropped_total > series->dropped)
    rtb_spike_check_lost (self->spike_check, frame->thread);
  for (guint32 i = 0; i < frame->count; i++)
    {
      guint64 index = samples[i].index & ~RTB_SAMPLE_FLAGS;
      const char *impossible = rtb_sample_impossible (&self->command, frame->thread,
                                                      samples[i].value_ns);

      /* What came before it stays: the run ends as cut short. */
      if (impossible != NULL)
        {
          series->dropped = MAX (series->dropped, frame->dropped_total);
          self->dirty = TRUE;
          return protocol_error (error, "a sample no worker measures: %" G_GINT64_FORMAT " ns as "
                                 "sample %" G_GUINT64_FORMAT " of %s (%s)", samples[i].value_ns,
                                 index, series->name, impossible);
        }
      if (index >= RUN_MAX_POSITIONS)
        {
          series->dropped = MAX (series->dropped, frame->dropped_total);
          self->dirty = TRUE;
          return protocol_error (error, "sample %" G_GUINT64_FORMAT " of %s: a run holds at most "
                                 "%" G_GUINT64_FORMAT " samples and periods skipped", index,
                                 series->name, RUN_MAX_POSITIONS);
        }
      if (samples[i].index & RTB_SAMPLE_OFF_CPU)
        rtb_series_log_off_cpu (series, index);
      if (index > series->next_index)
        skip_to (self, series, index);
      if (index >= series->next_index)
        series->next_index = index + 1;
      rtb_series_add (series, samples[i].value_ns);
      rtb_spike_check_add (self->spike_check, frame->thread, index,
                           series->history.n_positions, samples[i].value_ns);
      if (is_timerlat_irq (self, frame->thread))
        rtb_spike_split_add (self->spike_split, frame->thread, index, samples[i].value_ns);
    }
  series->dropped = MAX (series->dropped, frame->dropped_total);
  self->dirty = TRUE;
  return TRUE;
}

/* A minute of the run's own clock passed (several at once after a stall: one tick for them). */
static void
tick (RtbRun *self)
{
  guint64 minute = self->elapsed_ns / (60 * G_GUINT64_CONSTANT (1000000000));

  if (minute <= self->minute)
    return;
  self->minute = minute;
  g_signal_emit (self, signals[MINUTE], 0, minute);
  for (guint i = 0; i < self->series->len; i++)
    rtb_series_start_minute (g_ptr_array_index (self->series, i));
}


/* An osnoise CPU's rtla osnoise top totals: its samples are the periods' noise, the worker's
 * statistics hold the period lines' other sums. */
static void
set_osnoise (RtbSeries *series, const RtbThreadStats *stats)
{
  RtbOsnoiseTotals *t = &series->osnoise;

  t->periods = stats->count;
  t->runtime_us = stats->osnoise_runtime_us;
  t->noise_us = stats->count > 0 ? (guint64) stats->sum_ns / RTB_NSEC_PER_USEC : 0;
  t->max_noise_us = stats->count > 0 ? (guint64) stats->max_ns / RTB_NSEC_PER_USEC : 0;
  t->max_single_us = stats->osnoise_max_single_us;
  for (int s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
    {
      t->counts[s] = stats->osnoise_counts[s];
      t->durations_ns[s] = stats->osnoise_durations_ns[s];
    }
  t->durations_known = stats->osnoise_durations_known & ((1u << RTB_OSNOISE_N_SOURCES) - 1);
  series->have_osnoise = TRUE;
}

static gboolean
handle_stats (RtbRun *self, const RtbStatsFrame *frame, gboolean summary, GError **error)
{
  const RtbThreadStats *stats = rtb_stats_threads (frame);
  const char *what = summary ? "SUMMARY" : "STATS";

  if (!check_running (self, what, error))
    return FALSE;
  for (guint32 i = 0; i < frame->n_threads; i++)
    {
      if (stats[i].thread >= self->series->len)
        return protocol_error (error, "%s for thread %u, but the run has %u threads",
                               what, stats[i].thread, self->series->len);
      /* Skipped periods and lost samples take places on the curve as samples do. */
      if (stats[i].skipped >= RUN_MAX_POSITIONS || stats[i].dropped >= RUN_MAX_POSITIONS)
        return protocol_error (error, "%s of thread %u: %" G_GUINT64_FORMAT " periods skipped "
                               "and %" G_GUINT64_FORMAT " samples lost, where a run holds at "
                               "most %" G_GUINT64_FORMAT " samples and periods skipped", what,
                               stats[i].thread, (guint64) stats[i].skipped,
                               (guint64) stats[i].dropped, RUN_MAX_POSITIONS);
    }

  for (guint32 i = 0; i < frame->n_threads; i++)
    {
      RtbSeries *series = g_ptr_array_index (self->series, stats[i].thread);

      series->dropped = MAX (series->dropped, stats[i].dropped);
      /* Noise's short gaps come as a count, each 1 µs as oslat counts it. */
      if (self->command.method == RTB_METHOD_NOISE && stats[i].skipped > series->skipped)
        rtb_series_add_repeated (series, 1, stats[i].skipped - series->skipped);
      series->skipped = stats[i].skipped;
      series->overruns = stats[i].overruns;
      series->off_cpu = stats[i].off_cpu;
      series->residual_max = stats[i].residual_max;
      series->residual_failures = stats[i].residual_failures;
      if (self->command.method == RTB_METHOD_OSNOISE)
        set_osnoise (series, &stats[i]);
      /* hwlat's series come in threes, each CPU's latency, then inner and outer. */
      if (self->command.method == RTB_METHOD_HWLAT && stats[i].thread % 3 == 0)
        rtb_hwlat_totals_from_stats (&series->hwlat, &stats[i]);
      if (summary)
        {
          series->worker_stats = stats[i];
          series->have_worker_stats = TRUE;
        }
    }

  self->elapsed_ns = frame->elapsed_ns;
  self->dirty = TRUE;

  if (summary)
    {
      self->end_us = (gint64) (frame->end_realtime_ns / 1000);
      self->end_reason = frame->reason;
      finish (self, RTB_RUN_STATE_FINISHED);
    }
  /* The last minute too, when the run ends on it (after finishing: nothing to checkpoint). */
  tick (self);
  return TRUE;
}

static gboolean
handle_trace (RtbRun *self, const RtbTraceFrame *trace)
{
  rtb_spike_log_set_trace (self->spikes, trace->status, trace->threshold_ns, trace->message);
  if (trace->status == RTB_TRACE_ARMED)
    rtb_spike_check_set_threshold (self->spike_check, trace->threshold_ns,
                                   self->command.trace_auto);
  self->dirty = TRUE;
  g_signal_emit (self, signals[TRACE_CHANGED], 0);
  return TRUE;
}

static gboolean
handle_spike (RtbRun *self, const RtbSpikeFrame *frame, GError **error)
{
  g_autofree char *why = NULL;
  const RtbSpike *kept;
  RtbSpike *spike;
  RtbSeries *series;
  guint64 behind, instance;

  if (frame->thread >= self->series->len)
    {
      g_set_error (error, RTB_RUN_ERROR, RTB_RUN_ERROR_PROTOCOL,
                   "SPIKE for thread %u, which the run does not have", frame->thread);
      return FALSE;
    }
  series = g_ptr_array_index (self->series, frame->thread);
  why = rtb_spike_check_spike (self->spike_check, frame->thread, series->name, frame->index,
                               frame->value_ns, &instance);
  if (why != NULL)
    return protocol_error (error, "%s", why);
  spike = rtb_spike_explain (frame, rtb_spike_text (frame), frame->text_len,
                             self->have_hello ? (int) MIN (self->hello.pid, G_MAXINT) : 0,
                             self->client_pid);
  /* Its place on the curve, as its sample's came: the curve keeps every number's place,
   * skipped ones included. A sample the check no longer holds is placed from its number. */
  behind = series->next_index > frame->index ? series->next_index - 1 - frame->index : 0;
  if (instance > 0)
    spike->instance = instance;
  else if (frame->index < series->next_index && behind < series->history.n_positions)
    spike->instance = series->history.n_positions - behind;
  spike->time_ns = rtb_spike_curve_time_ns (spike->instance,
                                            rtb_run_get_series_period_us (self, frame->thread));
  if (frame->thread > 0 && is_timerlat_irq (self, frame->thread - 1))
    spike->irq_ns = rtb_spike_split_lookup (self->spike_split, frame->thread - 1, frame->index);
  rtb_spike_log_set_missed (self->spikes, frame->thread, frame->missed);
  kept = rtb_spike_log_add (self->spikes, spike);
  self->dirty = TRUE;
  if (kept != NULL)
    g_signal_emit (self, signals[SPIKE], 0, kept);
  return TRUE;
}

static gboolean
handle_counters (RtbRun *self, const void *payload, gsize len)
{
  g_autoptr (GHashTable) files = rtb_system_snapshot_from_frame (payload, len);

  rtb_spike_log_set_counters_end (self->spikes,
                                  g_hash_table_lookup (files, RTB_SYSTEM_INTERRUPTS),
                                  g_hash_table_lookup (files, RTB_SYSTEM_SOFTIRQS),
                                  self->command.cpus);
  self->dirty = TRUE;
  return TRUE;
}

double
rtb_run_get_series_period_us (RtbRun *run, guint index)
{
  if (!(rtb_run_get_stated (run) & RTB_RUN_STATED_INTERVAL))
    return 0;
  return rtb_command_thread_period_us (rtb_run_get_command (run), index);
}

RtbSpikeLog *
rtb_run_get_spike_log (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), NULL);
  return self->spikes;
}

gboolean
rtb_run_handle_frame (RtbRun *self, const RtbFrame *frame, GError **error)
{
  g_return_val_if_fail (RTB_IS_RUN (self), FALSE);
  g_return_val_if_fail (frame != NULL && frame->header != NULL, FALSE);
  g_return_val_if_fail (frame->header->type != RTB_FRAME_STARTED || frame->started != NULL,
                        FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* The decoder validated the frame: every text ends, every count matches its payload. */

  switch (frame->header->type)
    {
    case RTB_FRAME_HELLO:
      _rtb_run_set_worker (self, frame->payload);
      return TRUE;
    case RTB_FRAME_SYSTEM:
      /* The worker's machine, which a remote or recorded run does not share with this one */
      g_clear_pointer (&self->snapshot, g_hash_table_unref);
      self->snapshot = rtb_system_snapshot_from_frame (frame->payload, frame->payload_len);
      rtb_run_set_system (self, rtb_system_info_from_snapshot (self->snapshot));
      rtb_spike_log_set_counters_start (self->spikes,
                                        g_hash_table_lookup (self->snapshot, RTB_SYSTEM_INTERRUPTS),
                                        g_hash_table_lookup (self->snapshot, RTB_SYSTEM_SOFTIRQS));
      return TRUE;
    case RTB_FRAME_TRACE:
      return handle_trace (self, frame->payload);
    case RTB_FRAME_SPIKE:
      return handle_spike (self, frame->payload, error);
    case RTB_FRAME_COUNTERS:
      return handle_counters (self, frame->payload, frame->payload_len);
    case RTB_FRAME_STARTED:
      return handle_started (self, frame->started, error);
    case RTB_FRAME_SAMPLES:
      return handle_samples (self, frame->payload, error);
    case RTB_FRAME_STATS:
      return handle_stats (self, frame->payload, FALSE, error);
    case RTB_FRAME_SUMMARY:
      return handle_stats (self, frame->payload, TRUE, error);
    case RTB_FRAME_ERROR:
    default:
      /* The session reports errors; unknown types come from a newer worker. */
      return TRUE;
    }
}

void
rtb_run_stream_ended (RtbRun *self)
{
  g_return_if_fail (RTB_IS_RUN (self));

  if (self->state == RTB_RUN_STATE_FINISHED || self->state == RTB_RUN_STATE_CUT_SHORT)
    return;
  self->end_us = g_get_real_time ();
  finish (self, RTB_RUN_STATE_CUT_SHORT);
}

void
rtb_run_flush_changed (RtbRun *self)
{
  g_return_if_fail (RTB_IS_RUN (self));

  if (!self->dirty)
    return;
  self->dirty = FALSE;
  g_signal_emit (self, signals[CHANGED], 0);
}

const RtbCommand *
rtb_run_get_command (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), NULL);
  return &self->command;
}

RtbMethod
rtb_run_get_method (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), 0);
  return self->command.method;
}

const char *
rtb_run_get_label (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), NULL);
  return self->label;
}

void
rtb_run_set_label (RtbRun *self, const char *label)
{
  g_return_if_fail (RTB_IS_RUN (self));

  g_autofree char *safe = rtb_safe_text (label != NULL ? label : "");

  if (g_strcmp0 (self->label, safe) == 0)
    return;
  g_free (self->label);
  self->label = g_steal_pointer (&safe);
  self->dirty = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL]);
}

const char *
rtb_run_get_load (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), NULL);
  return self->load;
}

void
rtb_run_set_load (RtbRun *self, const char *load)
{
  g_return_if_fail (RTB_IS_RUN (self));
  g_free (self->load);
  self->load = rtb_safe_text (load);
}

void
rtb_run_get_load_span (RtbRun *self, gint64 *start_ns, gint64 *stop_ns)
{
  g_return_if_fail (RTB_IS_RUN (self));
  if (start_ns != NULL)
    *start_ns = self->load_start_ns;
  if (stop_ns != NULL)
    *stop_ns = self->load_stop_ns;
}

void
rtb_run_set_load_span (RtbRun *self, gint64 start_ns, gint64 stop_ns)
{
  g_return_if_fail (RTB_IS_RUN (self));
  if (self->load_start_ns == start_ns && self->load_stop_ns == stop_ns)
    return;
  self->load_start_ns = start_ns;
  self->load_stop_ns = stop_ns;
  self->dirty = TRUE;
}

const char *
rtb_run_get_source (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), NULL);
  return self->source;
}

void
rtb_run_set_source (RtbRun *self, const char *source)
{
  g_return_if_fail (RTB_IS_RUN (self));
  g_free (self->source);
  self->source = rtb_safe_text (source != NULL ? source : "measured");
}

GPtrArray *
rtb_run_get_checks (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), NULL);
  return self->checks;
}

void
rtb_run_set_checks (RtbRun *self, GPtrArray *checks)
{
  g_return_if_fail (RTB_IS_RUN (self));
  g_clear_pointer (&self->checks, g_ptr_array_unref);
  self->checks = checks;
}

RtbRunStated
rtb_run_get_stated (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), 0);
  return self->stated;
}

void
rtb_run_set_stated (RtbRun *self, RtbRunStated stated)
{
  g_return_if_fail (RTB_IS_RUN (self));
  self->stated = stated & RTB_RUN_STATED_ALL;
}

char *
rtb_run_format_parameters (RtbRun *self)
{
  static const struct {
    RtbRunStated flag;
    const char *key;
  } keys[] = {
    { RTB_RUN_STATED_POLICY, "policy=" },
    { RTB_RUN_STATED_PRIORITY, "priority=" },
    { RTB_RUN_STATED_CPUS, "cpus=" },
    { RTB_RUN_STATED_CPUS, "cpu=" },
    { RTB_RUN_STATED_DURATION, "duration=" },
  };
  g_autoptr (GString) text = g_string_new (NULL);
  g_auto (GStrv) words = NULL;
  char line[RTB_COMMAND_MAX];

  g_return_val_if_fail (RTB_IS_RUN (self), NULL);

  if (rtb_command_format (&self->command, line, sizeof line) < 0)
    return g_strdup (rtb_method_to_string (self->command.method));
  words = g_strsplit (g_str_has_prefix (line, "start ") ? line + strlen ("start ") : line, " ",
                      -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *equals = strchr (words[i], '=');
      const RtbKey *key = equals != NULL ? rtb_command_key_lookup (words[i],
                                                                   equals - words[i]) : NULL;
      /* The method's periods (interval_us; hwlat's window_us and width_us…) are its
       * interval. */
      gboolean unstated = key != NULL && key->interval_slot != 0 &&
                          !(self->stated & RTB_RUN_STATED_INTERVAL);

      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        if (g_str_has_prefix (words[i], keys[k].key) && !(self->stated & keys[k].flag))
          unstated = TRUE;
      if (unstated || words[i][0] == '\0')
        continue;
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, words[i]);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

const RtbSystemInfo *
rtb_run_get_system (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), NULL);
  return self->system;
}

void
rtb_run_set_system (RtbRun *self, RtbSystemInfo *info)
{
  g_return_if_fail (RTB_IS_RUN (self));
  if (info == self->system)
    return;
  g_clear_pointer (&self->system, rtb_system_info_free);
  self->system = info;
  if (info != NULL)
    _rtb_system_info_make_safe (info);
  self->dirty = TRUE;
}

const RtbHelloFrame *
rtb_run_get_worker (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), NULL);
  return self->have_hello ? &self->hello : NULL;
}

void
rtb_run_set_client_pid (RtbRun *self, int pid)
{
  g_return_if_fail (RTB_IS_RUN (self));
  self->client_pid = MAX (pid, 0);
}

const char *
rtb_run_get_worker_command (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), NULL);
  return self->worker_command;
}

RtbRunState
rtb_run_get_state (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), RTB_RUN_STATE_NEW);
  return self->state;
}

RtbEndReason
rtb_run_get_end_reason (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), 0);
  return self->end_reason;
}

gint64
rtb_run_get_start_time (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), 0);
  return self->start_us;
}

gint64
rtb_run_get_end_time (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), 0);
  return self->end_us;
}

guint64
rtb_run_get_elapsed_ns (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), 0);
  return self->elapsed_ns;
}

const char *
rtb_run_get_file (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), NULL);
  return self->file;
}

void
rtb_run_set_file (RtbRun *self, const char *path)
{
  g_return_if_fail (RTB_IS_RUN (self));
  if (g_strcmp0 (self->file, path) == 0)
    return;
  g_free (self->file);
  self->file = g_strdup (path);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

guint
rtb_run_get_n_series (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), 0);
  return self->series->len;
}

RtbSeries *
rtb_run_get_series (RtbRun *self, guint i)
{
  g_return_val_if_fail (RTB_IS_RUN (self), NULL);
  g_return_val_if_fail (i < self->series->len, NULL);
  return g_ptr_array_index (self->series, i);
}

/* Whether the series' samples are its own: hwlat's inner and outer series hold again the
 * samples of the CPU's latency series before them (its series come in threes). */
gboolean
rtb_run_series_holds_own_samples (RtbRun *self, guint i)
{
  g_return_val_if_fail (RTB_IS_RUN (self), TRUE);
  return self->command.method != RTB_METHOD_HWLAT || i % 3 == 0;
}

guint64
rtb_run_get_total_count (RtbRun *self)
{
  guint64 total = 0;

  g_return_val_if_fail (RTB_IS_RUN (self), 0);
  for (guint i = 0; i < self->series->len; i++)
    if (rtb_run_series_holds_own_samples (self, i))
      total += ((RtbSeries *) g_ptr_array_index (self->series, i))->histogram.stats.count;
  return total;
}

guint64
rtb_run_get_total_dropped (RtbRun *self)
{
  guint64 total = 0;

  g_return_val_if_fail (RTB_IS_RUN (self), 0);
  for (guint i = 0; i < self->series->len; i++)
    if (rtb_run_series_holds_own_samples (self, i))
      total += ((RtbSeries *) g_ptr_array_index (self->series, i))->dropped;
  return total;
}

double
rtb_run_get_worst_us (RtbRun *self)
{
  double worst = NAN;

  g_return_val_if_fail (RTB_IS_RUN (self), NAN);
  for (guint i = 0; i < self->series->len; i++)
    {
      const RtbStats *stats = &((RtbSeries *) g_ptr_array_index (self->series, i))->histogram.stats;
      double max_us;

      if (stats->count == 0)
        continue;
      max_us = stats->max_ns / 1000.0;
      if (isnan (worst) || max_us > worst)
        worst = max_us;
    }
  return worst;
}

void
_rtb_run_set_state (RtbRun *self, RtbRunState state)
{
  set_state (self, state);
}

void
_rtb_run_set_end_reason (RtbRun *self, RtbEndReason reason)
{
  self->end_reason = reason;
}

void
_rtb_run_set_times (RtbRun *self, gint64 start_us, gint64 end_us, guint64 elapsed_ns)
{
  self->start_us = start_us;
  self->end_us = end_us;
  self->elapsed_ns = elapsed_ns;
}

static void
safe_copy (char *to, const char *from, gsize size)
{
  g_autofree char *text = g_strndup (from, size - 1);
  g_autofree char *safe = rtb_safe_text (text);

  g_strlcpy (to, safe, size);
}

void
_rtb_run_set_worker (RtbRun *self, const RtbHelloFrame *hello)
{
  self->hello = *hello;
  /* The text fields come from another process: make sure they end, and are safe to show. */
  safe_copy (self->hello.worker_version, hello->worker_version,
             sizeof self->hello.worker_version);
  safe_copy (self->hello.machine, hello->machine, sizeof self->hello.machine);
  self->have_hello = TRUE;
  self->dirty = TRUE;
}

void
_rtb_run_set_worker_command (RtbRun *self, const char *line)
{
  g_free (self->worker_command);
  self->worker_command = rtb_safe_text (line);
}

guint32
rtb_run_get_started_flags (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), 0);
  return self->started_flags;
}

gint64
rtb_run_get_timer_slack_ns (RtbRun *self)
{
  g_return_val_if_fail (RTB_IS_RUN (self), -1);
  return self->timer_slack_ns;
}

void
_rtb_run_set_started (RtbRun *self, guint32 flags, gint64 timer_slack_ns)
{
  g_return_if_fail (RTB_IS_RUN (self));
  self->started_flags = flags & RTB_STARTED_FLAGS_KNOWN;
  self->timer_slack_ns = timer_slack_ns;
}
