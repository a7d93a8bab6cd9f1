/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Run files, writing side: the run file document, summary --json and atomic saving. */
#include "config.h"

#include <math.h>

#include "rtb-command-keys.h"
#include "rtb-file-write.h"
#include "rtb-json-check.h"
#include "rtb-json-text.h"
#include "rtb-checklist.h"
#include "rtb-run-file-bulk.h"
#include "rtb-run-private.h"
#include "rtb-headline.h"
#include "rtb-text-limit.h"
#include "rtb-verdict.h"

const char * const _rtb_run_state_names[] = {
  [RTB_RUN_STATE_NEW] = "new",
  [RTB_RUN_STATE_RUNNING] = "running",
  [RTB_RUN_STATE_FINISHED] = "finished",
  [RTB_RUN_STATE_CUT_SHORT] = "cut-short",
};

static void
add_count (JsonBuilder *builder, const char *member, guint64 value)
{
  _rtb_json_add_int (builder, member, _rtb_run_count_value (value));
}

static void
add_bool (JsonBuilder *builder, const char *member, gboolean value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_boolean_value (builder, value);
}

static void
add_node (JsonBuilder *builder, const char *member, JsonNode *node)
{
  json_builder_set_member_name (builder, member);
  if (node != NULL)
    json_builder_add_value (builder, node);
  else
    json_builder_add_null_value (builder);
}

static char *
format_time (gint64 us)
{
  g_autoptr (GDateTime) seconds = NULL;
  g_autoptr (GDateTime) dt = NULL;

  if (us == 0)
    return NULL;
  seconds = g_date_time_new_from_unix_utc (us / G_USEC_PER_SEC);
  if (seconds == NULL)
    return NULL;
  dt = g_date_time_add (seconds, us % G_USEC_PER_SEC);
  return g_date_time_format_iso8601 (dt);
}

static const char *
method_name (RtbMethod method)
{
  const char *name = rtb_method_to_string (method);

  return name != NULL ? name : "unknown";
}

static void
add_null (JsonBuilder *builder, const char *member)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_null_value (builder);
}

/* A time on the run's axis in ns, null when unknown. */
static void
add_time_ns (JsonBuilder *builder, const char *member, gint64 ns)
{
  if (ns == RTB_RUN_TIME_UNKNOWN)
    add_null (builder, member);
  else
    _rtb_json_add_int (builder, member, ns);
}

/* A figure of summary --json under its key: null when unknown. */
static void
add_figure (JsonBuilder *builder, RtbFigure figure, const RtbSeriesSummary *summary)
{
  const RtbFigureInfo *info = rtb_figure_info (figure);
  double value = rtb_figure_value (figure, summary);

  if (!rtb_figure_is_integer (figure))
    _rtb_json_add_double (builder, info->key, value);
  else if (isnan (value))
    add_null (builder, info->key);
  else
    add_count (builder, info->key, *(const guint64 *) ((const char *) summary + info->offset));
}

static JsonNode *
command_to_json (RtbRun *self)
{
  const RtbCommand *cmd = rtb_run_get_command (self);
  RtbRunStated stated = rtb_run_get_stated (self);
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  char line[RTB_COMMAND_MAX];
  char cpus[RTB_COMMAND_MAX];
  guint32 interval_us, extra_us;

  /* Run files keep the second period (rtb_command_get_intervals) as "interval2_us", the name
   * STARTED of protocols 1 and 2 gave it, so that files stay as they were. */
  rtb_command_get_intervals (cmd, &interval_us, &extra_us);
  if (rtb_command_format (cmd, line, sizeof line) < 0)
    line[0] = '\0';
  if (rtb_cpu_list_format (cmd->cpus, RTB_MAX_CPUS, cpus, sizeof cpus) < 0)
    cpus[0] = '\0';

  json_builder_begin_object (builder);
  _rtb_json_add_string (builder, "line", stated == RTB_RUN_STATED_ALL ? line : NULL);
  _rtb_json_add_string (builder, "worker_line", rtb_run_get_worker_command (self));
  _rtb_json_add_string (builder, "method", method_name (cmd->method));
  _rtb_json_add_string (builder, "policy",
                        stated & RTB_RUN_STATED_POLICY ? rtb_policy_to_string (cmd->policy) : NULL);
  if (stated & RTB_RUN_STATED_PRIORITY)
    _rtb_json_add_int (builder, "priority", cmd->priority);
  else
    add_null (builder, "priority");
  _rtb_json_add_string (builder, "cpus", stated & RTB_RUN_STATED_CPUS ? cpus : NULL);
  add_bool (builder, "cpus_all", cmd->cpus_all);
  if (stated & RTB_RUN_STATED_INTERVAL)
    _rtb_json_add_int (builder, "interval_us", interval_us);
  else
    add_null (builder, "interval_us");
  _rtb_json_add_int (builder, "interval2_us", extra_us);
  _rtb_json_add_int (builder, "histogram_us", rtb_command_key_get (cmd, RTB_KEY_HISTOGRAM_US));
  _rtb_json_add_int (builder, "size", cmd->response.size);
  add_count (builder, "instances", cmd->response.instances);
  if (stated & RTB_RUN_STATED_DURATION)
    add_count (builder, "duration_ns", cmd->duration_ns);
  else
    add_null (builder, "duration_ns");
  add_bool (builder, "unthrottled", cmd->unthrottled);
  add_bool (builder, "cpu_auto", cmd->cpu_auto);
  _rtb_json_add_int (builder, "timer_slack_ns", cmd->timer_slack_ns);
  _rtb_json_add_string (builder, "variant",
                        cmd->method != RTB_METHOD_TIMER ? NULL
                        : cmd->timer.variant == RTB_TIMER_VARIANT_NORMAL ? "normal" : "rt");
  if (cmd->method == RTB_METHOD_LATENCY && cmd->latency.gpio)
    {
      g_autofree char *gpio = g_strdup_printf ("%u:%u", cmd->latency.gpio_chip,
                                               cmd->latency.gpio_line);
      _rtb_json_add_string (builder, "gpio", gpio);
    }
  else
    add_null (builder, "gpio");
  if (cmd->method == RTB_METHOD_RESPONSE)
    {
      uint32_t sizes[RTB_RESPONSE_SIZES_MAX];
      unsigned n = rtb_command_response_sizes (cmd, sizes);

      json_builder_set_member_name (builder, "sizes");
      json_builder_begin_array (builder);
      for (unsigned i = 0; i < n; i++)
        json_builder_add_int_value (builder, sizes[i]);
      json_builder_end_array (builder);
      _rtb_json_add_int (builder, "experiments", cmd->response.experiments);
    }
  if (rtb_command_key_taken (RTB_KEY_THRESHOLD_US, cmd->method))
    _rtb_json_add_int (builder, "threshold_us", rtb_command_key_get (cmd, RTB_KEY_THRESHOLD_US));
  if (cmd->trace_auto)
    _rtb_json_add_string (builder, "trace_above_us", "auto");
  else if (cmd->trace_above_us != 0)
    _rtb_json_add_int (builder, "trace_above_us", cmd->trace_above_us);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static void
add_errno_text (JsonBuilder *builder, const char *member, int err)
{
  g_autofree char *errno_member = g_strconcat (member, "_errno", NULL);

  _rtb_json_add_string (builder, member, err == 0 ? "ok" : g_strerror (err));
  _rtb_json_add_int (builder, errno_member, err);
}

static JsonNode *
worker_to_json (const RtbHelloFrame *hello, guint32 started_flags, gint64 timer_slack_ns)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  _rtb_json_add_int (builder, "protocol_version", hello->protocol_version);
  _rtb_json_add_string (builder, "worker_version", hello->worker_version);
  _rtb_json_add_string (builder, "machine", hello->machine);
  _rtb_json_add_int (builder, "pid", hello->pid);
  _rtb_json_add_int (builder, "euid", hello->euid);
  _rtb_json_add_int (builder, "n_cpus_online", hello->n_cpus_online);
  add_errno_text (builder, "mlockall", hello->mlockall_errno);
  add_errno_text (builder, "dma_latency", hello->dma_latency_errno);
  _rtb_json_add_int (builder, "rt_priority_max", hello->rt_priority_max);
  _rtb_json_add_int (builder, "rt_runtime_us", hello->rt_runtime_us);
  add_bool (builder, "memory_unlocked", (started_flags & RTB_STARTED_MEMORY_UNLOCKED) != 0);
  add_bool (builder, "dma_latency_released",
            (started_flags & RTB_STARTED_DMA_LATENCY_RELEASED) != 0);
  add_bool (builder, "shares_measured_cpus",
            (started_flags & RTB_STARTED_SHARES_MEASURED_CPUS) != 0);
  if (timer_slack_ns >= 0)
    _rtb_json_add_int (builder, "timer_slack_ns", timer_slack_ns);
  else
    add_null (builder, "timer_slack_ns");
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static JsonNode *
worker_stats_to_json (const RtbThreadStats *stats)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  add_count (builder, "count", stats->count);
  add_count (builder, "dropped", stats->dropped);
  add_count (builder, "skipped", stats->skipped);
  add_count (builder, "overflows", stats->overflows);
  _rtb_json_add_int (builder, "min_ns", stats->min_ns);
  _rtb_json_add_int (builder, "max_ns", stats->max_ns);
  _rtb_json_add_int (builder, "sum_ns", stats->sum_ns);
  _rtb_json_add_double (builder, "sum_sq_us2", stats->sum_sq_us2);
  _rtb_json_add_double (builder, "residual_max", stats->residual_max);
  add_count (builder, "residual_failures", stats->residual_failures);
  add_count (builder, "overruns", stats->overruns);
  add_count (builder, "off_cpu", stats->off_cpu);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* A series' parts as small JSON trees, their bulk arrays left out: append_series() writes
 * those as text after them. */

static JsonNode *
histogram_to_json (const RtbSeries *series)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  const RtbHistogram *hist = &series->histogram;

  json_builder_begin_object (builder);
  /* FALSE: the source kept no histogram; its samples are "above" a histogram of one bucket. */
  add_bool (builder, "kept", !series->no_histogram);
  _rtb_json_add_int (builder, "lo_us", hist->lo_us);
  _rtb_json_add_int (builder, "n_buckets", hist->n_buckets);
  add_count (builder, "below", hist->n_below);
  add_count (builder, "above", hist->n_above);
  add_count (builder, "unbucketed", hist->n_unbucketed);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static JsonNode *
values_to_json (const RtbSeries *series)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  const RtbLogHistogram *values = &series->values;

  json_builder_begin_object (builder);
  _rtb_json_add_int (builder, "sub_bucket_bits", RTB_LOG_HISTOGRAM_SUB_BITS);
  _rtb_json_add_int (builder, "resolution_ns", series->resolution_ns);
  _rtb_json_add_int (builder, "min_ns", values->count > 0 ? values->min_ns : 0);
  _rtb_json_add_int (builder, "max_ns", values->count > 0 ? values->max_ns : 0);
  add_count (builder, "unknown", series->unknown_values);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* cyclictest's figures: the statistics of the truncated samples (the overflows' cycles and the
 * samples outside the histogram are bulk). */
static JsonNode *
cyclictest_to_json (const RtbSeries *series)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  const RtbStats *ct = &series->cyclictest;

  json_builder_begin_object (builder);
  add_bool (builder, "source", series->cyclictest_is_source);
  add_count (builder, "count", ct->count);
  _rtb_json_add_int (builder, "min_ns", ct->count > 0 ? ct->min_ns : 0);
  _rtb_json_add_int (builder, "max_ns", ct->count > 0 ? ct->max_ns : 0);
  _rtb_json_add_int (builder, "sum_ns", ct->sum_ns);
  _rtb_json_add_double (builder, "mean_us", ct->mean_us);
  _rtb_json_add_double (builder, "m2_us2", ct->m2_us2);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static JsonNode *
history_to_json (const RtbHistory *history)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  add_count (builder, "block_size", history->block_size);
  add_count (builder, "n_samples", rtb_history_n_samples (history));
  add_count (builder, "n_positions", history->n_positions);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static JsonNode *
heatmap_to_json (const RtbHeatmap *heatmap)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  add_count (builder, "limit_us", heatmap->limit_us);
  add_count (builder, "n_rows", heatmap->n_rows);
  add_count (builder, "column_size", heatmap->column_size);
  add_count (builder, "n_samples", rtb_heatmap_n_samples (heatmap));
  add_count (builder, "n_positions", heatmap->n_positions);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static JsonNode *
osnoise_to_json (const RtbOsnoiseTotals *totals)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  for (guint i = 0; i < RTB_OSNOISE_N_FIGURES; i++)
    add_count (builder, rtb_osnoise_figure_key (i), rtb_osnoise_figure (totals, i));
  /* A duration not known is left out, as files before them lack them all. */
  for (int s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
    if (totals->durations_known & (1u << s))
      add_count (builder, rtb_osnoise_duration_key (s), totals->durations_ns[s]);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* Its counts under their figures' keys, an unknown one null. */
static JsonNode *
hwlat_to_json (RtbHwlatTotals totals)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    {
      gboolean *known;
      guint64 *count = rtb_figure_hwlat_at (f, &totals, &known);

      if (count != NULL && *known)
        add_count (builder, rtb_figure_key (f), *count);
      else if (count != NULL)
        add_node (builder, rtb_figure_key (f), NULL);
    }
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static JsonNode *
series_to_json (const RtbSeries *series)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  const RtbStats *stats = &series->histogram.stats;

  json_builder_begin_object (builder);
  _rtb_json_add_string (builder, "name", series->name);
  _rtb_json_add_int (builder, "cpu", series->cpu);
  add_count (builder, "count", stats->count);
  _rtb_json_add_int (builder, "min_ns", stats->min_ns);
  _rtb_json_add_int (builder, "max_ns", stats->max_ns);
  _rtb_json_add_int (builder, "sum_ns", stats->sum_ns);
  _rtb_json_add_double (builder, "mean_us", stats->mean_us);
  _rtb_json_add_double (builder, "m2_us2", stats->m2_us2);
  add_count (builder, "dropped", series->dropped);
  add_count (builder, "skipped", series->skipped);
  add_count (builder, "gaps", series->gaps);
  add_count (builder, "next_index", series->next_index);
  _rtb_json_add_double (builder, "residual_max", series->residual_max);
  add_count (builder, "residual_failures", series->residual_failures);
  _rtb_json_add_string (builder, "placement", rtb_cpu_placement_to_string (series->placement));
  add_count (builder, "overruns", series->overruns);
  add_count (builder, "off_cpu", series->off_cpu);
  add_node (builder, "worker_stats",
            series->have_worker_stats ? worker_stats_to_json (&series->worker_stats) : NULL);
  if (series->have_osnoise)
    add_node (builder, "osnoise", osnoise_to_json (&series->osnoise));
  if (series->hwlat.known)
    add_node (builder, "hwlat", hwlat_to_json (series->hwlat));
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* An object member `name` whose small part is `head` (taken) and whose bulk array, the last
 * member, is `bulk_name`; the caller appends the array and closes the object. */
static void
open_member (GString *out, const char *name, JsonNode *head, const char *bulk_name)
{
  g_autoptr (JsonNode) owned = head;

  _rtb_run_text_append_name (out, name);
  _rtb_run_text_open_object (out, owned);
  _rtb_run_text_append_name (out, bulk_name);
}

static void
append_heatmap (GString *out, const RtbHeatmap *heatmap)
{
  open_member (out, "heatmap", heatmap_to_json (heatmap), "column_max_ns");
  _rtb_run_text_append_counters (out, (const guint64 *) heatmap->column_max_ns,
                                 heatmap->n_columns);
  _rtb_run_text_append_name (out, "cells");
  _rtb_run_text_append_cells (out, heatmap);
  g_string_append_c (out, '}');
}

static void
append_series (GString *out, const RtbSeries *series)
{
  g_autoptr (JsonNode) head = series_to_json (series);
  GArray *off_cpu = series->off_cpu_log;

  _rtb_run_text_open_object (out, head);
  _rtb_run_text_append_name (out, "off_cpu_instances");
  _rtb_run_text_append_counters (out, off_cpu != NULL ? (const guint64 *) off_cpu->data : NULL,
                                 off_cpu != NULL ? off_cpu->len : 0);
  _rtb_run_text_append_name (out, "overflow_cycles");
  _rtb_run_text_append_counters (out, series->overflow_cycles, series->n_overflow_cycles);

  open_member (out, "histogram", histogram_to_json (series), "counts");
  _rtb_run_text_append_counts (out, &series->histogram);
  g_string_append_c (out, '}');
  open_member (out, "values", values_to_json (series), "buckets");
  _rtb_run_text_append_log_buckets (out, &series->values);
  g_string_append_c (out, '}');
  open_member (out, "cyclictest", cyclictest_to_json (series), "outside");
  _rtb_run_text_append_log_buckets (out, &series->cyclictest_outside);
  g_string_append_c (out, '}');
  open_member (out, "history", history_to_json (&series->history), "blocks");
  _rtb_run_text_append_blocks (out, &series->history);
  g_string_append_c (out, '}');
  /* Left out when unknown, so that a file from before heatmaps stays without one. */
  if (rtb_series_has_heatmap (series))
    append_heatmap (out, &series->heatmap);
  g_string_append_c (out, '}');
}

static void
add_spikes (JsonBuilder *builder, RtbRun *self)
{
  g_autofree const char **names = g_new0 (const char *, rtb_run_get_n_series (self) + 1);

  for (guint i = 0; i < rtb_run_get_n_series (self); i++)
    names[i] = rtb_run_get_series (self, i)->name;
  rtb_spike_log_to_json (rtb_run_get_spike_log (self), builder, names,
                         rtb_run_get_n_series (self));
}

static JsonNode *
spikes_to_json (RtbRun *self)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  add_spikes (builder, self);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* Everything but the series and the spikes. */
static JsonNode *
head_to_json (RtbRun *self)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  const RtbSystemInfo *system;
  const RtbHelloFrame *hello;
  RtbEndReason reason;
  g_autofree char *start = NULL;
  g_autofree char *end = NULL;
  gint64 load_start, load_stop;

  system = rtb_run_get_system (self);
  hello = rtb_run_get_worker (self);
  reason = rtb_run_get_end_reason (self);
  rtb_run_get_load_span (self, &load_start, &load_stop);
  start = format_time (rtb_run_get_start_time (self));
  end = format_time (rtb_run_get_end_time (self));

  json_builder_begin_object (builder);
  _rtb_json_add_string (builder, "format", RTB_RUN_FILE_FORMAT);
  _rtb_json_add_int (builder, "version", RTB_RUN_FILE_VERSION);
  _rtb_json_add_string (builder, "label", rtb_run_get_label (self));
  _rtb_json_add_string (builder, "method", method_name (rtb_run_get_method (self)));
  add_node (builder, "command", command_to_json (self));
  _rtb_json_add_string (builder, "load", rtb_run_get_load (self));
  _rtb_json_add_string (builder, "source", rtb_run_get_source (self));
  _rtb_json_add_string (builder, "state", _rtb_run_state_names[rtb_run_get_state (self)]);
  _rtb_json_add_string (builder, "end_reason",
                        reason != 0 ? rtb_end_reason_to_string (reason) : NULL);
  _rtb_json_add_string (builder, "start_time", start);
  _rtb_json_add_string (builder, "end_time", end);
  add_count (builder, "elapsed_ns", rtb_run_get_elapsed_ns (self));
  add_time_ns (builder, "load_start_ns", load_start);
  add_time_ns (builder, "load_stop_ns", load_stop);
  add_node (builder, "system", system != NULL ? rtb_system_info_to_json (system) : NULL);
  add_node (builder, "checks", rtb_run_get_checks (self) != NULL
                                 ? rtb_checklist_to_json (rtb_run_get_checks (self), TRUE)
                                 : NULL);
  add_node (builder, "worker",
            hello != NULL ? worker_to_json (hello, rtb_run_get_started_flags (self),
                                            rtb_run_get_timer_slack_ns (self))
                          : NULL);

  json_builder_set_member_name (builder, "threads");
  json_builder_begin_array (builder);
  for (guint i = 0; i < rtb_run_get_n_series (self); i++)
    {
      const RtbSeries *series = rtb_run_get_series (self, i);

      json_builder_begin_object (builder);
      _rtb_json_add_string (builder, "name", series->name);
      _rtb_json_add_int (builder, "cpu", series->cpu);
      _rtb_json_add_string (builder, "policy", rtb_run_get_stated (self) & RTB_RUN_STATED_POLICY
                                                 ? rtb_policy_to_string (series->policy) : NULL);
      if (rtb_run_get_stated (self) & RTB_RUN_STATED_PRIORITY)
        _rtb_json_add_int (builder, "priority", series->priority);
      else
        add_null (builder, "priority");
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* The run file's text: the series' bulk arrays go straight from memory to text, so that
 * saving a full run needs about the file's size, not a JSON tree of millions of nodes. */
static char *
run_to_text (RtbRun *self, gsize *length)
{
  g_autoptr (JsonNode) head = head_to_json (self);
  g_autoptr (JsonNode) spikes = spikes_to_json (self);
  GString *out = g_string_sized_new (4096);

  _rtb_run_text_open_object (out, head);
  _rtb_run_text_append_name (out, "series");
  g_string_append_c (out, '[');
  for (guint i = 0; i < rtb_run_get_n_series (self); i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      append_series (out, rtb_run_get_series (self, i));
    }
  g_string_append_c (out, ']');
  _rtb_run_text_append_members (out, spikes);
  g_string_append_c (out, '}');
  *length = out->len;
  return g_string_free (out, FALSE);
}

JsonNode *
rtb_run_to_json (RtbRun *self)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length;

  g_return_val_if_fail (RTB_IS_RUN (self), NULL);

  text = run_to_text (self, &length);
  if (!json_parser_load_from_data (parser, text, (gssize) length, &error))
    g_error ("a run's own text does not parse: %s", error->message);
  return json_node_ref (json_parser_get_root (parser));
}

/* cyclictest's figures of a latency or response series (null for signed methods, which
 * cyclictest does not measure). */
static JsonNode *
cyclictest_json (RtbRun *run, RtbSeries *series)
{
  g_autoptr (JsonBuilder) builder = NULL;
  RtbSeriesSummary ct;
  RtbMethod method = rtb_run_get_method (run);

  if (method != RTB_METHOD_LATENCY && method != RTB_METHOD_RESPONSE)
    return NULL;
  rtb_series_get_cyclictest_summary (series, FALSE, &ct);
  builder = json_builder_new ();
  json_builder_begin_object (builder);
  _rtb_json_add_double (builder, "min_us", ct.min_us);
  /* As its text prints it, truncated, and the quotient its --json prints. */
  _rtb_json_add_double (builder, "avg_us", series->cyclictest_is_source || ct.count == 0
                                           ? ct.avg_us
                                           : (double) (series->cyclictest.sum_ns / 1000 /
                                                       (gint64) ct.count));
  _rtb_json_add_double (builder, "mean_us", ct.avg_us);
  _rtb_json_add_double (builder, "max_us", ct.max_us);
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    if (rtb_figure_info (f)->percentile > 0 && !rtb_figure_info (f)->magnitude)
      add_figure (builder, f, &ct);
  _rtb_json_add_double (builder, "stddev_us", ct.stddev_us);
  if (series->no_histogram)
    {
      add_null (builder, "total");
      add_null (builder, "overflows");
    }
  else
    {
      add_count (builder, "total", ct.count - ct.overflows);
      add_count (builder, "overflows", ct.overflows);
    }
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* "headlines": {"max": {"value_us": x, "of": "worst CPU", "series": "CPU1"}, "avg": {…,
 * "of": "all CPUs", "series": null}, "p999": …}, as the window and the CLI show them; null for
 * the methods that have none. */
static void
add_headlines (JsonBuilder *builder, RtbRun *self)
{
  RtbHeadline headlines[RTB_N_HEADLINES];

  if (!rtb_headline_applies (rtb_run_get_method (self)))
    {
      add_null (builder, "headlines");
      return;
    }
  rtb_headlines (self, headlines);
  json_builder_set_member_name (builder, "headlines");
  json_builder_begin_object (builder);
  for (guint i = 0; i < RTB_N_HEADLINES; i++)
    {
      int series = headlines[i].series;

      json_builder_set_member_name (builder, headlines[i].key);
      json_builder_begin_object (builder);
      _rtb_json_add_double (builder, "value_us", headlines[i].value_us);
      _rtb_json_add_string (builder, "of", headlines[i].of);

      _rtb_json_add_string (builder, "series",
                            series >= 0 ? rtb_run_get_series (self, (guint) series)->name : NULL);
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);
}

JsonNode *
rtb_run_summary_to_json (RtbRun *self)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autofree char *verdict = NULL;
  const RtbSystemInfo *system;
  RtbRunStated stated;

  g_return_val_if_fail (RTB_IS_RUN (self), NULL);

  system = rtb_run_get_system (self);
  stated = rtb_run_get_stated (self);
  verdict = rtb_verdict (rtb_run_get_checks (self), self);
  json_builder_begin_object (builder);
  _rtb_json_add_string (builder, "label", rtb_run_get_label (self));
  _rtb_json_add_string (builder, "test", method_name (rtb_run_get_method (self)));
  _rtb_json_add_string (builder, "file", rtb_run_get_file (self));
  add_node (builder, "system", system != NULL ? rtb_system_info_to_json (system) : NULL);
  add_node (builder, "checks", rtb_run_get_checks (self) != NULL
                                 ? rtb_checklist_to_json (rtb_run_get_checks (self), FALSE)
                                 : NULL);
  _rtb_json_add_string (builder, "verdict", verdict);
  /* Unknown (null) when the source did not say. */
  _rtb_json_add_double (builder, "duration_s", rtb_run_get_elapsed_ns (self) > 0
                                               ? rtb_run_get_elapsed_ns (self) / 1e9 : NAN);
  json_builder_set_member_name (builder, "series");
  json_builder_begin_array (builder);
  for (guint i = 0; i < rtb_run_get_n_series (self); i++)
    {
      RtbSeries *series = rtb_run_get_series (self, i);
      RtbSeriesSummary summary;

      rtb_series_get_summary (series, &summary);
      json_builder_begin_object (builder);
      _rtb_json_add_string (builder, "name", series->name);
      /* Not pinned, or a file that does not say: null, as the table's "-". */
      if (series->cpu >= 0)
        _rtb_json_add_int (builder, "cpu", series->cpu);
      else
        add_null (builder, "cpu");
      _rtb_json_add_string (builder, "policy", stated & RTB_RUN_STATED_POLICY
                                                 ? rtb_policy_to_string (series->policy) : NULL);
      if (stated & RTB_RUN_STATED_PRIORITY)
        _rtb_json_add_int (builder, "priority", series->priority);
      else
        add_null (builder, "priority");
      for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
        {
          add_figure (builder, f, &summary);
          /* Response instances that lost their CPU meanwhile: the response method's. */
          if (f == RTB_FIGURE_OVERRUNS && rtb_run_get_method (self) == RTB_METHOD_RESPONSE)
            add_count (builder, "off_cpu", series->off_cpu);
          else if (f == RTB_FIGURE_OVERRUNS)
            add_null (builder, "off_cpu");
        }
      _rtb_json_add_int (builder, "resolution_ns", summary.resolution_ns);
      _rtb_json_add_double (builder, "percentile_error_pct", summary.percentile_error_pct);
      add_bool (builder, "stddev_partial", summary.spread_partial);
      add_node (builder, "cyclictest", cyclictest_json (self, series));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  add_headlines (builder, self);
  add_spikes (builder, self);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

gboolean
rtb_run_save (RtbRun *self, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (RTB_IS_RUN (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!rtb_text_check_label (rtb_run_get_label (self), error))
    return FALSE;
  data = run_to_text (self, &length);

  if (!rtb_file_write (path, data, length, error))
    return FALSE;

  rtb_run_set_file (self, path);
  return TRUE;
}
