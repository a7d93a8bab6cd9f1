/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Run files, reading side. Loading trusts nothing: every member is checked for type and range,
 * and the statistics must agree with the histogram, so a hand-edited or truncated file is
 * refused with a message naming the member, never half loaded.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rtb-command-keys.h"
#include "rtb-file-read.h"
#include "rtb-checklist.h"
#include "rtb-json-check.h"
#include "rtb-run-file-read-series.h"
#include "rtb-run-file-scan.h"
#include "rtb-run-private.h"
#include "rtb-system-info-private.h"
#include "rtb-text-limit.h"

#define N_STATES 4

static gboolean
parse_time (JsonObject *root, const char *member, gint64 *out_us, GError **error)
{
  g_autoptr (GDateTime) dt = NULL;
  const char *text;

  if (!_rtb_json_get_string (root, "", member, TRUE, &text, error))
    return FALSE;
  *out_us = 0;
  if (text == NULL)
    return TRUE;
  dt = g_date_time_new_from_iso8601 (text, NULL);
  if (dt == NULL)
    return _rtb_json_format_error (error, "%s: expected an ISO 8601 date and time such as "
                                   "\"2024-05-01T12:00:00Z\", found \"%s\"", member, text);
  *out_us = g_date_time_to_unix (dt) * G_USEC_PER_SEC + g_date_time_get_microsecond (dt);
  return TRUE;
}

/* A time on the run's axis in ns (load_start_ns…): absent (older files) or null is unknown. */
static gboolean
parse_time_ns (JsonObject *object, const char *member, gint64 *out, GError **error)
{
  JsonNode *node = json_object_get_member (object, member);

  *out = RTB_RUN_TIME_UNKNOWN;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  return _rtb_json_node_int (node, member, RTB_RUN_TIME_UNKNOWN + 1, G_MAXINT64, out, error);
}

static gboolean
is_null (JsonObject *object, const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  return node != NULL && JSON_NODE_HOLDS_NULL (node);
}

/* An integer that the run's source may have left unstated (null): leaves *out alone then. */
static gboolean
get_stated_int (JsonObject *object, const char *path, const char *member, gint64 min, gint64 max,
                gint64 *out, RtbRunStated flag, RtbRunStated *stated, GError **error)
{
  if (is_null (object, member))
    {
      *stated &= ~flag;
      return TRUE;
    }
  return _rtb_json_get_int (object, path, member, min, max, out, error);
}

/* Leaves *out alone and clears RTB_RUN_STATED_POLICY when the policy is null. */
static gboolean
parse_policy (JsonObject *object, const char *path, RtbPolicy *out, RtbRunStated *stated,
              GError **error)
{
  const char *text;

  if (!_rtb_json_get_string (object, path, "policy", TRUE, &text, error))
    return FALSE;
  if (text == NULL)
    {
      *stated &= ~RTB_RUN_STATED_POLICY;
      return TRUE;
    }
  if (!rtb_policy_from_string (text, out))
    return _rtb_json_format_error (error, "%s.policy: \"%s\" is not one of fifo, rr, other",
                                   path, text);
  return TRUE;
}

/* Absent from runs that did not trace, and from files of older versions. */
static gboolean
parse_trace_above (JsonObject *object, const char *path, RtbCommand *cmd, GError **error)
{
  JsonNode *node = json_object_get_member (object, "trace_above_us");
  gint64 value;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING &&
      g_strcmp0 (json_node_get_string (node), "auto") == 0)
    {
      cmd->trace_auto = TRUE;
      return TRUE;
    }
  if (!_rtb_json_get_int (object, path, "trace_above_us", RTB_TRACE_ABOVE_MIN_US,
                          RTB_TRACE_ABOVE_MAX_US, &value, error))
    return FALSE;
  cmd->trace_above_us = (guint32) value;
  return TRUE;
}

static gboolean
method_has_one_cpu (RtbMethod method)
{
  return method != RTB_METHOD_LATENCY;
}

/* The keys of protocol 4: absent from older files, whose runs had the defaults of the time (a
 * measured run's threads had 1 ns of timer slack). */
static gboolean
parse_command_v4 (JsonObject *object, const char *path, gboolean from_worker, RtbCommand *cmd,
                  GError **error)
{
  gint64 value;
  const char *text = NULL;
  JsonArray *sizes = NULL;
  RtbCommandError cerr;

  value = 0;
  if (json_object_has_member (object, "cpu_auto"))
    {
      gboolean flag;
      if (!_rtb_json_get_bool (object, path, "cpu_auto", &flag, error))
        return FALSE;
      cmd->cpu_auto = flag && method_has_one_cpu (cmd->method);
    }
  value = from_worker ? 1 : 0;
  if (!_rtb_json_get_optional_int (object, path, "timer_slack_ns", 0, RTB_TIMER_SLACK_MAX_NS,
                                   &value, error))
    return FALSE;
  cmd->timer_slack_ns = (guint32) value;

  if (!_rtb_json_get_optional_string (object, path, "variant", &text, error))
    return FALSE;
  if (text != NULL && cmd->method == RTB_METHOD_TIMER)
    {
      if (strcmp (text, "rt") != 0 && strcmp (text, "normal") != 0)
        return _rtb_json_format_error (error, "%s.variant: \"%s\" is not one of rt, normal",
                                       path, text);
      cmd->timer.variant = text[0] == 'n' ? RTB_TIMER_VARIANT_NORMAL : RTB_TIMER_VARIANT_RT;
    }
  text = NULL;
  if (!_rtb_json_get_optional_string (object, path, "gpio", &text, error))
    return FALSE;
  if (text != NULL && cmd->method == RTB_METHOD_LATENCY &&
      !rtb_command_set (cmd, "gpio", text, 0, &cerr))
    return _rtb_json_format_error (error, "%s.gpio: %s", path, cerr.message);
  if (rtb_command_key_taken (RTB_KEY_THRESHOLD_US, cmd->method))
    {
      value = 0;
      if (!_rtb_json_get_optional_int (object, path, "threshold_us", 0, RTB_INTERVAL_MAX_US,
                                       &value, error))
        return FALSE;
      rtb_command_key_put (cmd, RTB_KEY_THRESHOLD_US, (guint64) value);
    }

  if (cmd->method != RTB_METHOD_RESPONSE)
    return TRUE;
  cmd->response.experiments = 1;
  value = 1;
  if (!_rtb_json_get_optional_int (object, path, "experiments", 1, RTB_EXPERIMENTS_MAX, &value,
                                   error))
    return FALSE;
  cmd->response.experiments = (guint16) value;
  if (json_object_has_member (object, "sizes"))
    {
      guint n;

      if (!_rtb_json_get_array (object, path, "sizes", &sizes, error))
        return FALSE;
      n = json_array_get_length (sizes);
      if (n == 0 || n > RTB_RESPONSE_SIZES_MAX)
        return _rtb_json_format_error (error, "%s.sizes: holds %u sizes; expected 1-%d", path,
                                       n, RTB_RESPONSE_SIZES_MAX);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *name = g_strdup_printf ("%s.sizes[%u]", path, i);
          if (!_rtb_json_node_int (json_array_get_element (sizes, i), name, RTB_MATRIX_MIN,
                                   RTB_MATRIX_MAX, &value, error))
            return FALSE;
          if (i == 0)
            cmd->response.size = (guint32) value;
          else
            cmd->response.more_sizes[i - 1] = (guint16) value;
        }
    }
  return TRUE;
}

/* A number or word key of the method that the command object keeps in no member of its own
 * nor in its two periods is read back from the command's line, the worker's command as the file
 * gives it: a key added to the key table is kept by run files with no code here. A line that
 * does not parse (a file of an older rtbench whose keys have changed since) adds nothing. */
static void
keys_from_line (JsonObject *object, const char *line, RtbCommand *cmd)
{
  RtbCommand written;
  RtbCommandError cerr;

  /* Any CPU: cpus=all of no CPU online would be an empty list, which fails the whole line. */
  if (line == NULL || !rtb_command_parse (line, true, RTB_MAX_CPUS, &written, &cerr) ||
      written.method != cmd->method)
    return;
  for (size_t i = 0; i < rtb_command_n_keys; i++)
    {
      const RtbKey *key = rtb_command_keys[i];

      if ((key->kind == RTB_KIND_NUMBER || key->kind == RTB_KIND_WORD) &&
          key->interval_slot == 0 &&
          rtb_command_key_taken (key, cmd->method) &&
          !json_object_has_member (object, key->name))
        rtb_command_key_put (cmd, key, rtb_command_key_get (&written, key));
    }
}

static gboolean
parse_command (JsonObject *root, RtbMethod method, RtbCommand *cmd, const char **worker_line,
               RtbRunStated *stated, GError **error)
{
  const char *path = "command";
  JsonObject *object;
  const char *text, *line;
  gint64 value, value2;
  gboolean flag;
  RtbMethod command_method;

  memset (cmd, 0, sizeof *cmd);
  if (!_rtb_json_get_object (root, "", path, FALSE, &object, error) ||
      !_rtb_json_get_string (object, path, "line", TRUE, &line, error) ||
      !_rtb_json_get_string (object, path, "worker_line", TRUE, worker_line, error) ||
      !_rtb_json_get_string (object, path, "method", FALSE, &text, error))
    return FALSE;
  if (!rtb_method_from_string (text, &command_method) || command_method != method)
    return _rtb_json_format_error (error, "command.method: \"%s\" does not match the run's "
                                   "method \"%s\"", text, rtb_method_to_string (method));
  cmd->method = method;

  *stated = RTB_RUN_STATED_ALL;
  cmd->policy = RTB_POLICY_FIFO;
  if (!parse_policy (object, path, &cmd->policy, stated, error))
    return FALSE;
  value = 0;
  if (!get_stated_int (object, path, "priority", 0, RTB_PRIORITY_MAX, &value,
                       RTB_RUN_STATED_PRIORITY, stated, error))
    return FALSE;
  cmd->priority = (int) value;

  if (!_rtb_json_get_string (object, path, "cpus", TRUE, &text, error))
    return FALSE;
  if (text == NULL)
    *stated &= ~RTB_RUN_STATED_CPUS;
  else if (text[0] != '\0')
    {
      if (!rtb_cpu_list_parse (text, cmd->cpus, RTB_MAX_CPUS, NULL))
        return _rtb_json_format_error (error, "command.cpus: \"%s\" is not a CPU list such as "
                                       "\"0,2-3\" with CPUs below %d", text, RTB_MAX_CPUS);
    }
  if (!_rtb_json_get_bool (object, path, "cpus_all", &flag, error))
    return FALSE;
  cmd->cpus_all = flag;
  if (!_rtb_json_get_bool (object, path, "unthrottled", &flag, error))
    return FALSE;
  cmd->unthrottled = flag;
  if (!parse_trace_above (object, path, cmd, error))
    return FALSE;

  value = 0;
  if (!get_stated_int (object, path, "interval_us", 0, G_MAXUINT32, &value,
                       RTB_RUN_STATED_INTERVAL, stated, error) ||
      !_rtb_json_get_int (object, path, "interval2_us", 0, G_MAXUINT32, &value2, error))
    return FALSE;
  rtb_command_set_intervals (cmd, (guint32) value, (guint32) value2);
  if (!_rtb_json_get_int (object, path, "histogram_us", 0, G_MAXUINT32, &value, error))
    return FALSE;
  rtb_command_key_put (cmd, RTB_KEY_HISTOGRAM_US, (guint32) value);
  if (!_rtb_json_get_int (object, path, "size", 0, G_MAXUINT32, &value, error))
    return FALSE;
  cmd->response.size = (guint32) value;
  if (!_rtb_json_get_int (object, path, "instances", 0, G_MAXINT64, &value, error))
    return FALSE;
  cmd->response.instances = (guint64) value;
  value = 0;
  if (!get_stated_int (object, path, "duration_ns", 0, G_MAXINT64, &value,
                       RTB_RUN_STATED_DURATION, stated, error))
    return FALSE;
  cmd->duration_ns = (guint64) value;
  if (!parse_command_v4 (object, path, *worker_line != NULL, cmd, error))
    return FALSE;
  keys_from_line (object, line, cmd);
  return TRUE;
}

static gboolean
parse_errno_text (JsonObject *object, const char *member, gint32 *out, GError **error)
{
  g_autofree char *errno_member = g_strconcat (member, "_errno", NULL);
  const char *text;
  gint64 value;

  if (!_rtb_json_get_string (object, "worker", member, FALSE, &text, error) ||
      !_rtb_json_get_int (object, "worker", errno_member, 0, 4095, &value, error))
    return FALSE;
  *out = (gint32) value;
  return TRUE;
}

static gboolean
copy_text (JsonObject *object, const char *member, char *buf, gsize size, GError **error)
{
  const char *text;

  if (!_rtb_json_get_string (object, "worker", member, FALSE, &text, error))
    return FALSE;
  if (strlen (text) >= size)
    return _rtb_json_format_error (error, "worker.%s: longer than %" G_GSIZE_FORMAT
                                   " characters", member, size - 1);
  g_strlcpy (buf, text, size);
  return TRUE;
}

static gboolean
parse_worker (JsonObject *root, RtbRun *run, GError **error)
{
  static const struct {
    const char *name;
    gsize offset;
    gint64 min;
    gint64 max;
  } ints[] = {
    { "protocol_version", G_STRUCT_OFFSET (RtbHelloFrame, protocol_version), 0, G_MAXUINT32 },
    { "pid", G_STRUCT_OFFSET (RtbHelloFrame, pid), 0, G_MAXUINT32 },
    { "euid", G_STRUCT_OFFSET (RtbHelloFrame, euid), 0, G_MAXUINT32 },
    { "n_cpus_online", G_STRUCT_OFFSET (RtbHelloFrame, n_cpus_online), 0, G_MAXUINT32 },
    { "rt_priority_max", G_STRUCT_OFFSET (RtbHelloFrame, rt_priority_max), 0, 99 },
    { "rt_runtime_us", G_STRUCT_OFFSET (RtbHelloFrame, rt_runtime_us), -2, G_MAXINT32 },
  };
  RtbHelloFrame hello = { 0 };
  JsonObject *object = NULL;

  if (!_rtb_json_get_object (root, "", "worker", TRUE, &object, error))
    return FALSE;
  if (object == NULL)
    return TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (ints); i++)
    {
      gint64 value;

      if (!_rtb_json_get_int (object, "worker", ints[i].name, ints[i].min, ints[i].max, &value,
                              error))
        return FALSE;
      /* Every field is 32 bits wide; the range check above keeps the value in it. */
      G_STRUCT_MEMBER (guint32, &hello, ints[i].offset) = (guint32) value;
    }
  if (!copy_text (object, "worker_version", hello.worker_version,
                  sizeof hello.worker_version, error) ||
      !copy_text (object, "machine", hello.machine, sizeof hello.machine, error) ||
      !parse_errno_text (object, "mlockall", &hello.mlockall_errno, error) ||
      !parse_errno_text (object, "dma_latency", &hello.dma_latency_errno, error))
    return FALSE;

  _rtb_run_set_worker (run, &hello);

  gboolean unlocked = FALSE, released = FALSE, shares = FALSE;
  gint64 slack = -1;
  if ((json_object_has_member (object, "memory_unlocked") &&
       !_rtb_json_get_bool (object, "worker", "memory_unlocked", &unlocked, error)) ||
      (json_object_has_member (object, "dma_latency_released") &&
       !_rtb_json_get_bool (object, "worker", "dma_latency_released", &released, error)) ||
      (json_object_has_member (object, "shares_measured_cpus") &&
       !_rtb_json_get_bool (object, "worker", "shares_measured_cpus", &shares, error)))
    return FALSE;
  if (json_object_has_member (object, "timer_slack_ns"))
    {
      JsonNode *node = json_object_get_member (object, "timer_slack_ns");
      if (!JSON_NODE_HOLDS_NULL (node) &&
          !_rtb_json_node_int (node, "worker.timer_slack_ns", 0, G_MAXINT64, &slack, error))
        return FALSE;
    }
  _rtb_run_set_started (run, (unlocked ? RTB_STARTED_MEMORY_UNLOCKED : 0) |
                               (released ? RTB_STARTED_DMA_LATENCY_RELEASED : 0) |
                               (shares ? RTB_STARTED_SHARES_MEASURED_CPUS : 0),
                        slack);
  return TRUE;
}

static gboolean
parse_threads_and_series (JsonObject *root, RtbRun *run, gint64 version, RtbRunFileBulk *bulk,
                          GError **error)
{
  RtbRunStated stated = rtb_run_get_stated (run);
  JsonArray *threads, *series;
  guint n;

  if (!_rtb_json_get_array (root, "", "series", &series, error) ||
      !_rtb_json_get_array (root, "", "threads", &threads, error))
    return FALSE;
  n = json_array_get_length (series);
  if (n > RTB_MAX_THREADS)
    return _rtb_json_format_error (error, "series: %u series, at most %d are possible", n,
                                   RTB_MAX_THREADS);
  if (json_array_get_length (threads) != n)
    return _rtb_json_format_error (error, "threads: %u threads for %u series",
                                   json_array_get_length (threads), n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_strdup_printf ("series[%u]", i);
      g_autofree char *thread_path = g_strdup_printf ("threads[%u]", i);
      JsonNode *node = json_array_get_element (series, i);
      JsonNode *thread_node = json_array_get_element (threads, i);
      RtbSeriesBulk series_bulk = { bulk, i };
      RtbSeries *s;
      gint64 priority;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return _rtb_json_format_error (error, "%s: expected an object", path);
      if (!JSON_NODE_HOLDS_OBJECT (thread_node))
        return _rtb_json_format_error (error, "%s: expected an object", thread_path);
      if (!_rtb_run_file_parse_series (run, json_node_get_object (node), path, version,
                                       &series_bulk, error))
        return FALSE;

      s = rtb_run_get_series (run, i);
      s->worker_stats.thread = i;
      priority = s->priority;
      if (!parse_policy (json_node_get_object (thread_node), thread_path, &s->policy, &stated,
                         error) ||
          !get_stated_int (json_node_get_object (thread_node), thread_path, "priority", 0,
                           RTB_PRIORITY_MAX, &priority, RTB_RUN_STATED_PRIORITY, &stated, error))
        return FALSE;
      s->priority = (int) priority;
    }
  rtb_run_set_stated (run, stated);
  return TRUE;
}

static gboolean
parse_header (JsonNode *root, JsonObject **out, gint64 *version, GError **error)
{
  JsonObject *object;
  JsonNode *format;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    return _rtb_json_format_error (error, "not an rtbench run file: expected a JSON object");
  object = json_node_get_object (root);
  format = json_object_get_member (object, "format");
  if (format == NULL)
    return _rtb_json_format_error (error, "not an rtbench run file: missing \"format\"");
  if (!JSON_NODE_HOLDS_VALUE (format) || json_node_get_value_type (format) != G_TYPE_STRING ||
      strcmp (json_node_get_string (format), RTB_RUN_FILE_FORMAT) != 0)
    return _rtb_json_format_error (error, "not an rtbench run file: \"format\" is not \"%s\"",
                                   RTB_RUN_FILE_FORMAT);
  if (!_rtb_json_get_int (object, "", "version", 1, G_MAXINT32, version, error))
    return FALSE;
  if (*version > RTB_RUN_FILE_VERSION)
    {
      g_set_error (error, RTB_RUN_ERROR, RTB_RUN_ERROR_VERSION,
                   "version %" G_GINT64_FORMAT " is newer than this rtbench (%d): update rtbench",
                   *version, RTB_RUN_FILE_VERSION);
      return FALSE;
    }
  *out = object;
  return TRUE;
}

static gboolean
parse_state (JsonObject *root, RtbRunState *state, RtbEndReason *reason, GError **error)
{
  const char *text;

  if (!_rtb_json_get_string (root, "", "state", FALSE, &text, error))
    return FALSE;
  *state = N_STATES;
  for (guint i = 0; i < N_STATES; i++)
    if (strcmp (text, _rtb_run_state_names[i]) == 0)
      *state = i;
  if (*state == N_STATES)
    return _rtb_json_format_error (error, "state: \"%s\" is not one of new, running, finished, "
                                   "cut-short", text);
  /* Saved while running: no more frames will ever come to this copy. */
  if (*state == RTB_RUN_STATE_RUNNING)
    *state = RTB_RUN_STATE_CUT_SHORT;

  if (!_rtb_json_get_string (root, "", "end_reason", TRUE, &text, error))
    return FALSE;
  *reason = 0;
  if (text == NULL)
    return TRUE;
  for (RtbEndReason r = RTB_END_COMPLETED; r <= RTB_END_FAILED; r++)
    if (g_strcmp0 (text, rtb_end_reason_to_string (r)) == 0)
      *reason = r;
  if (*reason == 0)
    return _rtb_json_format_error (error, "end_reason: \"%s\" is not a known reason", text);
  return TRUE;
}

/* The checklist as it was at the start: absent or null when none was recorded. */
static gboolean
parse_checks (JsonObject *root, GPtrArray **out, GError **error)
{
  JsonNode *node = json_object_get_member (root, "checks");

  *out = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return _rtb_json_format_error (error, "checks: expected an array or null");
  *out = rtb_checklist_from_json (json_node_get_array (node), "checks", error);
  return *out != NULL;
}

/* Version 1 saved an import's unstated parameters as defaults, 0 and "": keeps only what
 * cannot be a default. */
static RtbRunStated
v1_import_stated (const RtbCommand *command)
{
  RtbRunStated stated = 0;

  if (command->priority > 0)
    stated |= RTB_RUN_STATED_PRIORITY;
  if (command->duration_ns > 0)
    stated |= RTB_RUN_STATED_DURATION;
  if (rtb_cpu_count (command->cpus, RTB_MAX_CPUS) > 0)
    stated |= RTB_RUN_STATED_CPUS;
  return stated;
}

static gboolean
is_other_tools_import (const char *source)
{
  return g_str_has_prefix (source, "imported from ") &&
         !g_str_has_prefix (source, "imported from rtbench-worker stream");
}

static gboolean
parse_spikes (JsonObject *object, RtbRun *run, GError **error)
{
  g_autofree const char **names = g_new0 (const char *, rtb_run_get_n_series (run) + 1);

  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    names[i] = rtb_run_get_series (run, i)->name;
  return rtb_spike_log_from_json (rtb_run_get_spike_log (run), object, names,
                                  rtb_run_get_n_series (run), error);
}

static RtbRun *
run_from_json (JsonNode *root, RtbRunFileBulk *bulk, GError **error)
{
  g_autoptr (RtbRun) run = NULL;
  g_autoptr (RtbSystemInfo) system = NULL;
  JsonObject *object = NULL, *system_object = NULL;
  RtbCommand command;
  RtbMethod method;
  RtbRunState state;
  RtbEndReason reason;
  const char *text, *worker_line, *label, *load, *source;
  gint64 start_us, end_us, elapsed_ns, load_start_ns, load_stop_ns, version = 0;
  RtbRunStated stated;
  g_autoptr (GPtrArray) checks = NULL;

  if (!parse_header (root, &object, &version, error) ||
      !_rtb_json_get_string (object, "", "method", FALSE, &text, error))
    return NULL;
  if (!rtb_method_from_string (text, &method))
    {
      _rtb_json_format_error (error, "method: \"%s\" is not one of latency, jitter, timer, "
                              "response, noise", text);
      return NULL;
    }
  if (!parse_command (object, method, &command, &worker_line, &stated, error) ||
      !_rtb_json_get_string (object, "", "label", FALSE, &label, error) ||
      !_rtb_json_get_string (object, "", "load", TRUE, &load, error) ||
      !_rtb_json_get_string (object, "", "source", FALSE, &source, error) ||
      !parse_state (object, &state, &reason, error) ||
      !parse_time (object, "start_time", &start_us, error) ||
      !parse_time (object, "end_time", &end_us, error) ||
      !_rtb_json_get_int (object, "", "elapsed_ns", 0, G_MAXINT64, &elapsed_ns, error) ||
      !parse_time_ns (object, "load_start_ns", &load_start_ns, error) ||
      !parse_time_ns (object, "load_stop_ns", &load_stop_ns, error) ||
      !_rtb_json_get_object (object, "", "system", TRUE, &system_object, error))
    return NULL;
  if (system_object != NULL &&
      !(system = _rtb_system_info_from_json_object (system_object, "system", error)))
    return NULL;
  if (version < 2 && system != NULL)
    _rtb_system_info_forget_v1_blanks (system);
  if (!parse_checks (object, &checks, error))
    return NULL;
  if (version < 2 && is_other_tools_import (source))
    {
      stated = v1_import_stated (&command);
      load = NULL;
    }

  run = rtb_run_new (&command);
  rtb_run_set_stated (run, stated);
  rtb_run_set_checks (run, g_steal_pointer (&checks));
  rtb_run_set_label (run, label);
  rtb_run_set_load (run, load);
  rtb_run_set_load_span (run, load_start_ns, load_stop_ns);
  rtb_run_set_source (run, source);
  rtb_run_set_system (run, g_steal_pointer (&system));
  _rtb_run_set_worker_command (run, worker_line);
  if (!parse_worker (object, run, error) ||
      !parse_threads_and_series (object, run, version, bulk, error) ||
      !parse_spikes (object, run, error))
    return NULL;

  _rtb_run_set_times (run, start_us, end_us, (guint64) elapsed_ns);
  _rtb_run_set_end_reason (run, reason);
  _rtb_run_set_state (run, state);
  return g_steal_pointer (&run);
}

/* Whether `node` holds a string longer than RTB_TEXT_MAX_BYTES; with `cut`, cuts each such one
 * (the node then mutable) as the file reader's scanner does: whole characters and an ellipsis,
 * at most RTB_TEXT_MAX_BYTES in all. */
static gboolean
long_strings (JsonNode *node, gboolean cut)
{
  gboolean found = FALSE;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, NULL, &member))
        found |= long_strings (member, cut);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        found |= long_strings (json_array_get_element (array, i), cut);
    }
  else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING &&
           strlen (json_node_get_string (node)) > RTB_TEXT_MAX_BYTES)
    {
      found = TRUE;
      if (cut)
        {
          const char *text = json_node_get_string (node);
          const char *end = text;
          gsize keep = RTB_TEXT_MAX_BYTES - strlen (RTB_TEXT_ELLIPSIS);
          g_autofree char *cut_text = NULL;

          while ((gsize) (g_utf8_next_char (end) - text) <= keep)
            end = g_utf8_next_char (end);
          cut_text = g_strdup_printf ("%.*s%s", (int) (end - text), text, RTB_TEXT_ELLIPSIS);
          json_node_set_string (node, cut_text);
        }
    }
  return found;
}

RtbRun *
rtb_run_from_json (JsonNode *root, GError **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (root != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!long_strings (root, FALSE))
    return run_from_json (root, NULL, error);
  /* Rare (a tree not read from a file): a mutable copy, its long strings cut as a file's are. */
  text = json_to_string (root, FALSE);
  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, text, -1, error))
    return NULL;
  long_strings (json_parser_get_root (parser), TRUE);
  return run_from_json (json_parser_get_root (parser), NULL, error);
}

RtbRun *
_rtb_run_load_bytes (GBytes *file_bytes, const char *path, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GError) local_error = NULL;
  g_autoptr (RtbRunFileBulk) bulk = NULL;
  g_autofree char *rest = NULL;
  char *data;
  gsize len;
  RtbRun *run;

  /* The bytes themselves, not a copy, when they are ours alone: the scanner packs the bulk
   * arrays into them. */
  data = g_bytes_unref_to_data (file_bytes, &len);
  rest = _rtb_run_file_scan (data, len, &bulk, error);
  if (rest == NULL)
    return NULL;

  if (!json_parser_load_from_data (parser, rest, -1, &local_error))
    {
      g_set_error (error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT, "not valid JSON: %s",
                   local_error->message);
      return NULL;
    }
  g_clear_pointer (&rest, g_free);

  /* json-glib accepts an empty document, with no root. */
  if (json_parser_get_root (parser) == NULL)
    {
      g_set_error (error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT, "not valid JSON: the file is empty");
      return NULL;
    }

  run = run_from_json (json_parser_get_root (parser), bulk, error);
  if (run != NULL)
    rtb_run_set_file (run, path);
  return run;
}

RtbRun *
rtb_run_load (const char *path, GError **error)
{
  GBytes *bytes;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  bytes = _rtb_file_read (path, RTB_RUN_FILE_MAX_SIZE, "no run rtbench saves is that large",
                          error);
  if (bytes == NULL)
    return NULL;
  return _rtb_run_load_bytes (bytes, path, error);
}
