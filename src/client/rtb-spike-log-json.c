/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The spikes, causes and interrupt counts of a run in run files and summary --json. */
#define G_LOG_DOMAIN "rtbench-client"
#include "config.h"

#include <math.h>
#include <string.h>

#include "rtb-cpu-list.h"
#include "rtb-json-check.h"
#include "rtb-safe-text.h"
#include "rtb-spike-log.h"

static const char *const status_names[] = {
  [RTB_TRACE_ARMED] = "armed",
  [RTB_TRACE_WAITING] = "waiting",
  [RTB_TRACE_NO_TRACEFS] = "no-tracefs",
  [RTB_TRACE_NOT_PERMITTED] = "not-permitted",
  [RTB_TRACE_NO_EVENTS] = "no-events",
  [RTB_TRACE_FAILED] = "failed",
  [RTB_TRACE_UNSUPPORTED] = "unsupported",
};

static const char *const policy_names[] = {
  [RTB_CAUSE_POLICY_UNKNOWN] = NULL,
  [RTB_CAUSE_POLICY_OTHER] = "other",
  [RTB_CAUSE_POLICY_RT] = "rt",
  [RTB_CAUSE_POLICY_DEADLINE] = "deadline",
};

/* ---- Writing ----------------------------------------------------------------------------- */

static void
add_us (JsonBuilder *builder, const char *member, gint64 ns)
{
  _rtb_json_add_double (builder, member, ns >= 0 ? (double) ns / 1000.0 : NAN);
}

/* The member that says which one: "pid" for a task, "irq" for an interrupt, "vec" for a
 * softirq. */
static const char *
id_member (RtbCauseKind kind)
{
  switch (kind)
    {
    case RTB_CAUSE_TASK:
      return "pid";
    case RTB_CAUSE_IRQ:
      return "irq";
    case RTB_CAUSE_SOFTIRQ:
      return "vec";
    case RTB_CAUSE_UNKNOWN:
    default:
      return NULL;
    }
}

static void
add_cause (JsonBuilder *builder, const RtbCause *cause)
{
  const char *id = id_member (cause->kind);

  json_builder_begin_object (builder);
  _rtb_json_add_string (builder, "kind", rtb_cause_kind_to_string (cause->kind));
  _rtb_json_add_string (builder, "name", cause->name);
  if (id != NULL)
    _rtb_json_add_int (builder, id, cause->kind == RTB_CAUSE_TASK ? cause->pid : cause->number);
  if (cause->kind == RTB_CAUSE_TASK)
    {
      if (cause->owner != RTB_CAUSE_OWNER_NONE)
        _rtb_json_add_string (builder, "rtbench", rtb_cause_owner_to_string (cause->owner));
      _rtb_json_add_string (builder, "policy", policy_names[cause->policy]);
      json_builder_set_member_name (builder, "priority");
      if (cause->policy == RTB_CAUSE_POLICY_UNKNOWN || cause->policy == RTB_CAUSE_POLICY_DEADLINE)
        json_builder_add_null_value (builder);
      else
        json_builder_add_int_value (builder, cause->priority);
    }
  add_us (builder, "duration_us", cause->duration_ns);
  json_builder_end_object (builder);
}

static void
add_spike (JsonBuilder *builder, const RtbSpike *spike, const char *series_name)
{
  json_builder_begin_object (builder);
  _rtb_json_add_string (builder, "series", series_name);
  _rtb_json_add_int (builder, "index", (gint64) MIN (spike->index, (guint64) G_MAXINT64));
  _rtb_json_add_int (builder, "cpu", spike->cpu);
  json_builder_set_member_name (builder, "instance");
  if (spike->instance > 0)
    json_builder_add_int_value (builder, (gint64) MIN (spike->instance, (guint64) G_MAXINT64));
  else
    json_builder_add_null_value (builder);
  _rtb_json_add_double (builder, "time_s",
                        spike->time_ns >= 0 ? (double) spike->time_ns / 1e9 : NAN);
  add_us (builder, "latency_us", spike->value_ns);
  _rtb_json_add_int (builder, "deadline_ns", spike->deadline_ns);
  _rtb_json_add_int (builder, "wake_ns", spike->wake_ns);
  add_us (builder, "to_wakeup_us", spike->to_wakeup_ns);
  add_us (builder, "to_run_us", spike->to_run_ns);
  if (spike->irq_ns >= 0)
    add_us (builder, "irq_latency_us", spike->irq_ns);
  json_builder_set_member_name (builder, "lost_events");
  json_builder_add_boolean_value (builder, (spike->flags & RTB_SPIKE_LOST_EVENTS) != 0);
  json_builder_set_member_name (builder, "cut");
  json_builder_add_boolean_value (builder, (spike->flags & RTB_SPIKE_CUT) != 0);
  json_builder_set_member_name (builder, "cause");
  add_cause (builder, &spike->main);
  json_builder_set_member_name (builder, "ran");
  json_builder_begin_array (builder);
  for (guint i = 0; i < spike->causes->len; i++)
    add_cause (builder, &g_array_index (spike->causes, RtbCause, i));
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

void
rtb_spike_log_to_json (RtbSpikeLog *log, JsonBuilder *builder, const char *const *series_names,
                       guint n_series)
{
  GPtrArray *spikes = rtb_spike_log_get_spikes (log);
  GPtrArray *entries = rtb_spike_league_entries (rtb_spike_log_get_league (log));
  GArray *counts = rtb_spike_log_get_irq_counts (log);
  int status = rtb_spike_log_get_status (log);

  json_builder_set_member_name (builder, "trace");
  if (status == RTB_TRACE_NOT_ASKED)
    json_builder_add_null_value (builder);
  else
    {
      json_builder_begin_object (builder);
      _rtb_json_add_string (builder, "status", status_names[status]);
      add_us (builder, "threshold_us", rtb_spike_log_get_threshold_ns (log) > 0
                                         ? rtb_spike_log_get_threshold_ns (log) : -1);
      _rtb_json_add_string (builder, "message", rtb_spike_log_get_message (log));
      json_builder_end_object (builder);
    }

  json_builder_set_member_name (builder, "spikes");
  json_builder_begin_array (builder);
  for (guint i = 0; i < spikes->len; i++)
    {
      const RtbSpike *spike = spikes->pdata[i];
      if (spike->series < n_series)
        add_spike (builder, spike, series_names[spike->series]);
    }
  json_builder_end_array (builder);
  _rtb_json_add_int (builder, "spikes_missed", (gint64) MIN (rtb_spike_log_get_missed (log),
                                                             (guint64) G_MAXINT64));
  _rtb_json_add_int (builder, "spikes_not_kept",
                     (gint64) MIN (rtb_spike_log_get_not_kept (log), (guint64) G_MAXINT64));

  json_builder_set_member_name (builder, "causes");
  json_builder_begin_array (builder);
  for (guint i = 0; i < entries->len; i++)
    {
      const RtbLeagueEntry *entry = entries->pdata[i];
      const char *id = id_member (entry->kind);

      json_builder_begin_object (builder);
      _rtb_json_add_string (builder, "kind", rtb_cause_kind_to_string (entry->kind));
      _rtb_json_add_string (builder, "name", entry->name);
      if (id != NULL)
        _rtb_json_add_int (builder, id, entry->kind == RTB_CAUSE_TASK ? entry->pid : entry->number);
      if (entry->kind == RTB_CAUSE_TASK && entry->owner != RTB_CAUSE_OWNER_NONE)
        _rtb_json_add_string (builder, "rtbench", rtb_cause_owner_to_string (entry->owner));
      _rtb_json_add_int (builder, "count", (gint64) MIN (entry->count, (guint64) G_MAXINT64));
      add_us (builder, "worst_us", entry->worst_ns);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "interrupts");
  if (counts == NULL)
    {
      json_builder_add_null_value (builder);
      return;
    }
  json_builder_begin_array (builder);
  for (guint i = 0; i < counts->len; i++)
    {
      const RtbIrqCount *count = &g_array_index (counts, RtbIrqCount, i);

      json_builder_begin_object (builder);
      _rtb_json_add_int (builder, "cpu", count->cpu);
      _rtb_json_add_string (builder, "kind", count->softirq ? "softirq" : "irq");
      _rtb_json_add_string (builder, "name", count->name);
      _rtb_json_add_int (builder, "count", (gint64) MIN (count->count, (guint64) G_MAXINT64));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* ---- Reading ----------------------------------------------------------------------------- */

static gboolean
is_null_or_absent (JsonObject *object, const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  return node == NULL || JSON_NODE_HOLDS_NULL (node);
}

static gboolean
get_ns (JsonObject *object, const char *path, const char *member, gboolean nullable, gint64 *out,
        GError **error)
{
  JsonNode *node = json_object_get_member (object, member);
  double us;

  *out = -1;
  if (nullable && node != NULL && JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!_rtb_json_get_double (object, path, member, &us, error))
    return FALSE;
  /* Whatever a run holds (any ns a gint64 keeps) is saved, so it loads again. */
  if (!(us >= 0 && us <= G_MAXINT64 / 1000.0))
    return _rtb_json_format_error (error, "%s.%s: %g µs is not a time a spike can take", path,
                                   member, us);
  *out = us * 1000.0 >= (double) G_MAXINT64 ? G_MAXINT64 : (gint64) llround (us * 1000.0);
  return TRUE;
}

static gboolean
get_safe_string (JsonObject *object, const char *path, const char *member, gboolean nullable,
                 char **out, GError **error)
{
  const char *text;

  if (!_rtb_json_get_string (object, path, member, nullable, &text, error))
    return FALSE;
  *out = text != NULL ? rtb_safe_text (text) : NULL;
  return TRUE;
}

static gboolean
parse_kind (JsonObject *object, const char *path, RtbCauseKind *kind, GError **error)
{
  const char *text;

  if (!_rtb_json_get_string (object, path, "kind", FALSE, &text, error))
    return FALSE;
  if (!rtb_cause_kind_from_string (text, kind))
    return _rtb_json_format_error (error, "%s.kind: \"%s\" is not one of task, irq, softirq, "
                                   "unknown", path, text);
  return TRUE;
}

static gboolean
parse_id (JsonObject *object, const char *path, RtbCauseKind kind, int *pid, int *number,
          GError **error)
{
  const char *member = id_member (kind);
  gint64 value = 0;

  if (member == NULL)
    return TRUE;
  if (!_rtb_json_get_int (object, path, member, -1, G_MAXINT32, &value, error))
    return FALSE;
  if (kind == RTB_CAUSE_TASK)
    *pid = (int) value;
  else
    *number = (int) value;
  return TRUE;
}

/* "rtbench": "worker" or "client" for a task of rtbench's own; absent for any other. */
static gboolean
parse_owner (JsonObject *object, const char *path, RtbCauseKind kind, RtbCauseOwner *owner,
             GError **error)
{
  const char *text;

  *owner = RTB_CAUSE_OWNER_NONE;
  if (kind != RTB_CAUSE_TASK || !json_object_has_member (object, "rtbench"))
    return TRUE;
  if (!_rtb_json_get_string (object, path, "rtbench", FALSE, &text, error))
    return FALSE;
  if (!rtb_cause_owner_from_string (text, owner))
    return _rtb_json_format_error (error, "%s.rtbench: \"%s\" is not one of worker, client",
                                   path, text);
  return TRUE;
}

static gboolean
parse_cause (JsonNode *node, const char *path, RtbCause *cause, GError **error)
{
  JsonObject *object;
  const char *policy;
  gint64 priority = 0;

  memset (cause, 0, sizeof *cause);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return _rtb_json_format_error (error, "%s: expected an object", path);
  object = json_node_get_object (node);
  if (!parse_kind (object, path, &cause->kind, error) ||
      !get_safe_string (object, path, "name", TRUE, &cause->name, error) ||
      !parse_id (object, path, cause->kind, &cause->pid, &cause->number, error) ||
      !parse_owner (object, path, cause->kind, &cause->owner, error) ||
      !get_ns (object, path, "duration_us", FALSE, &cause->duration_ns, error))
    return FALSE;
  if (cause->kind != RTB_CAUSE_TASK)
    return TRUE;
  if (!_rtb_json_get_string (object, path, "policy", TRUE, &policy, error))
    return FALSE;
  for (guint i = 1; i < G_N_ELEMENTS (policy_names); i++)
    if (g_strcmp0 (policy, policy_names[i]) == 0)
      cause->policy = (RtbCausePolicy) i;
  if (policy != NULL && cause->policy == RTB_CAUSE_POLICY_UNKNOWN)
    return _rtb_json_format_error (error, "%s.policy: \"%s\" is not one of rt, other, deadline",
                                   path, policy);
  if (cause->policy == RTB_CAUSE_POLICY_RT || cause->policy == RTB_CAUSE_POLICY_OTHER)
    {
      if (!_rtb_json_get_int (object, path, "priority", -20, 99, &priority, error))
        return FALSE;
      cause->priority = (int) priority;
    }
  return TRUE;
}

static int
series_index (const char *name, const char *const *series_names, guint n_series)
{
  for (guint i = 0; i < n_series; i++)
    if (g_strcmp0 (name, series_names[i]) == 0)
      return (int) i;
  return -1;
}

static gboolean
parse_spike (JsonNode *node, const char *path, const char *const *series_names, guint n_series,
             RtbSpike **out, GError **error)
{
  g_autoptr (RtbSpike) spike = NULL;
  JsonObject *object;
  JsonArray *ran;
  const char *series;
  gint64 index, cpu;
  gboolean lost, cut;
  int s;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return _rtb_json_format_error (error, "%s: expected an object", path);
  object = json_node_get_object (node);
  spike = rtb_spike_new ();
  if (!_rtb_json_get_string (object, path, "series", FALSE, &series, error) ||
      !_rtb_json_get_int (object, path, "index", 0, G_MAXINT64, &index, error) ||
      !_rtb_json_get_int (object, path, "cpu", 0, RTB_MAX_CPUS - 1, &cpu, error) ||
      !get_ns (object, path, "latency_us", FALSE, &spike->value_ns, error) ||
      !_rtb_json_get_int (object, path, "deadline_ns", 0, G_MAXINT64, &spike->deadline_ns,
                          error) ||
      !_rtb_json_get_int (object, path, "wake_ns", 0, G_MAXINT64, &spike->wake_ns, error) ||
      !get_ns (object, path, "to_wakeup_us", TRUE, &spike->to_wakeup_ns, error) ||
      !get_ns (object, path, "to_run_us", TRUE, &spike->to_run_ns, error) ||
      !_rtb_json_get_bool (object, path, "lost_events", &lost, error) ||
      !_rtb_json_get_bool (object, path, "cut", &cut, error) ||
      !_rtb_json_get_array (object, path, "ran", &ran, error))
    return FALSE;
  if (!is_null_or_absent (object, "irq_latency_us") &&
      !get_ns (object, path, "irq_latency_us", FALSE, &spike->irq_ns, error))
    return FALSE;
  if (!is_null_or_absent (object, "instance"))
    {
      gint64 instance;
      if (!_rtb_json_get_int (object, path, "instance", 1, G_MAXINT64, &instance, error))
        return FALSE;
      spike->instance = (guint64) instance;
    }
  if (!is_null_or_absent (object, "time_s"))
    {
      double seconds;
      if (!_rtb_json_get_double (object, path, "time_s", &seconds, error))
        return FALSE;
      if (!(seconds >= 0 && seconds <= G_MAXINT64 / 1e9))
        return _rtb_json_format_error (error, "%s.time_s: %g s is not a time since the start",
                                       path, seconds);
      spike->time_ns = (gint64) llround (seconds * 1e9);
    }
  s = series_index (series, series_names, n_series);
  if (s < 0)
    return _rtb_json_format_error (error, "%s.series: \"%s\" is not a series of the run", path,
                                   series);
  spike->series = (guint) s;
  spike->index = (guint64) index;
  spike->cpu = (int) cpu;
  spike->flags = (lost ? RTB_SPIKE_LOST_EVENTS : 0) | (cut ? RTB_SPIKE_CUT : 0);
  rtb_cause_clear (&spike->main);
  {
    g_autofree char *cause_path = g_strdup_printf ("%s.cause", path);
    JsonNode *cause = _rtb_json_member (object, path, "cause", error);
    if (cause == NULL || !parse_cause (cause, cause_path, &spike->main, error))
      return FALSE;
  }
  for (guint i = 0; i < json_array_get_length (ran) && i < 4096; i++)
    {
      g_autofree char *ran_path = g_strdup_printf ("%s.ran[%u]", path, i);
      RtbCause cause;

      if (!parse_cause (json_array_get_element (ran, i), ran_path, &cause, error))
        {
          rtb_cause_clear (&cause);
          return FALSE;
        }
      g_array_append_val (spike->causes, cause);
    }
  *out = g_steal_pointer (&spike);
  return TRUE;
}

static gboolean
parse_trace (RtbSpikeLog *log, JsonObject *root, GError **error)
{
  JsonObject *object;
  const char *status_text, *message;
  gint64 threshold;
  int status = -1;

  if (json_object_get_member (root, "trace") == NULL)
    return TRUE;
  if (!_rtb_json_get_object (root, "", "trace", TRUE, &object, error))
    return FALSE;
  if (object == NULL)
    return TRUE;
  if (!_rtb_json_get_string (object, "trace", "status", FALSE, &status_text, error) ||
      !get_ns (object, "trace", "threshold_us", TRUE, &threshold, error) ||
      !_rtb_json_get_string (object, "trace", "message", TRUE, &message, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (status_names); i++)
    if (strcmp (status_text, status_names[i]) == 0)
      status = (int) i;
  if (status < 0)
    return _rtb_json_format_error (error, "trace.status: \"%s\" is not a known state",
                                   status_text);
  {
    g_autofree char *safe = message != NULL ? rtb_safe_text (message) : NULL;
    rtb_spike_log_set_trace (log, status, MAX (threshold, 0), safe);
  }
  return TRUE;
}

static gboolean
parse_causes (RtbSpikeLog *log, JsonObject *root, GError **error)
{
  RtbSpikeLeague *league;
  JsonArray *array;

  /* The kept spikes counted themselves on the way in; the saved table counts them all. */
  rtb_spike_log_clear_league (log);
  league = rtb_spike_log_get_league (log);
  if (!_rtb_json_get_array (root, "", "causes", &array, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = g_strdup_printf ("causes[%u]", i);
      g_autofree char *name = NULL;
      JsonNode *node = json_array_get_element (array, i);
      RtbLeagueEntry entry = { 0 };
      JsonObject *object;
      gint64 count;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return _rtb_json_format_error (error, "%s: expected an object", path);
      object = json_node_get_object (node);
      if (!parse_kind (object, path, &entry.kind, error) ||
          !get_safe_string (object, path, "name", TRUE, &name, error) ||
          !parse_id (object, path, entry.kind, &entry.pid, &entry.number, error) ||
          !parse_owner (object, path, entry.kind, &entry.owner, error) ||
          !_rtb_json_get_int (object, path, "count", 1, G_MAXINT64, &count, error) ||
          !get_ns (object, path, "worst_us", FALSE, &entry.worst_ns, error))
        return FALSE;
      entry.name = name;
      entry.count = (guint64) count;
      rtb_spike_league_add_entry (league, &entry);
    }
  return TRUE;
}

static gboolean
parse_interrupts (RtbSpikeLog *log, JsonObject *root, GError **error)
{
  JsonNode *node = json_object_get_member (root, "interrupts");
  JsonArray *array;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!_rtb_json_get_array (root, "", "interrupts", &array, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array) && i < 65536; i++)
    {
      g_autofree char *path = g_strdup_printf ("interrupts[%u]", i);
      JsonNode *element = json_array_get_element (array, i);
      RtbIrqCount count = { 0 };
      const char *kind;
      gint64 cpu, value;
      JsonObject *object;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        return _rtb_json_format_error (error, "%s: expected an object", path);
      object = json_node_get_object (element);
      if (!_rtb_json_get_int (object, path, "cpu", 0, RTB_MAX_CPUS - 1, &cpu, error) ||
          !_rtb_json_get_string (object, path, "kind", FALSE, &kind, error) ||
          !get_safe_string (object, path, "name", FALSE, &count.name, error) ||
          !_rtb_json_get_int (object, path, "count", 1, G_MAXINT64, &value, error))
        {
          g_free (count.name);
          return FALSE;
        }
      if (strcmp (kind, "irq") != 0 && strcmp (kind, "softirq") != 0)
        {
          g_free (count.name);
          return _rtb_json_format_error (error, "%s.kind: \"%s\" is not irq or softirq", path,
                                         kind);
        }
      count.cpu = (int) cpu;
      count.softirq = strcmp (kind, "softirq") == 0;
      count.count = (guint64) value;
      rtb_spike_log_add_irq_count (log, &count);
      g_free (count.name);
    }
  return TRUE;
}

gboolean
rtb_spike_log_from_json (RtbSpikeLog *log, JsonObject *root, const char *const *series_names,
                         guint n_series, GError **error)
{
  JsonArray *spikes;
  gint64 missed = 0;
  gint64 not_kept = 0;

  if (!parse_trace (log, root, error) || !parse_interrupts (log, root, error))
    return FALSE;
  if (json_object_get_member (root, "spikes") == NULL)
    return TRUE;
  if (!_rtb_json_get_array (root, "", "spikes", &spikes, error) ||
      !_rtb_json_get_int (root, "", "spikes_missed", 0, G_MAXINT64, &missed, error) ||
      !_rtb_json_get_optional_int (root, "", "spikes_not_kept", 0, G_MAXINT64, &not_kept,
                                   error))
    return FALSE;
  if (json_array_get_length (spikes) > RTB_SPIKE_LOG_MAX)
    return _rtb_json_format_error (error, "spikes: %u spikes, more than the %d a run keeps",
                                   json_array_get_length (spikes), RTB_SPIKE_LOG_MAX);
  for (guint i = 0; i < json_array_get_length (spikes); i++)
    {
      g_autofree char *path = g_strdup_printf ("spikes[%u]", i);
      RtbSpike *spike = NULL;

      if (!parse_spike (json_array_get_element (spikes, i), path, series_names, n_series, &spike,
                        error))
        return FALSE;
      rtb_spike_log_add (log, spike);
    }
  rtb_spike_log_set_missed (log, 0, (guint64) missed);
  rtb_spike_log_set_not_kept (log, (guint64) not_kept);
  return parse_causes (log, root, error);
}
