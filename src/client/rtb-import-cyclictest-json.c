/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cyclictest --json (rt-tests 2.0–2.10, FORMATS.md §2), and the per-thread part it shares with
 * jitterdebugger's JSON. Overflows are not in the file: they are the cycles the histogram does
 * not hold.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtb-import-json.h"
#include "rtb-import-private.h"
#include "rtb-run-private.h"
#include "rtb-system-info-private.h"

typedef struct {
  guint index;
  JsonObject *object;
  JsonObject *histogram;
  guint64 count, min, max, in_buckets, max_key;
  double avg;
  int cpu;
} Thread;

static gboolean
parse_key (const char *key, guint64 max, guint64 *out)
{
  RtbImportCursor c = { key, key + strlen (key) };

  return _rtb_import_parse_u64 (&c, max, out) && c.p == c.end;
}

static int
compare_threads (gconstpointer a, gconstpointer b)
{
  const Thread *x = a, *y = b;

  return (x->index > y->index) - (x->index < y->index);
}

static gboolean
json_number (JsonObject *object, const char *member, double *out)
{
  JsonNode *node = json_object_get_member (object, member);
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE)
    return FALSE;
  *out = json_node_get_double (node);
  return isfinite (*out);
}

static gboolean
parse_histogram (RtbImportJson *json, const char *path, Thread *thread, guint64 max_index,
                 GError **error)
{
  JsonNode *node = json_object_get_member (thread->object, "histogram");
  g_autoptr (GList) members = NULL;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "%s.histogram: expected an "
                                  "object {\"bucket\": count, …}", path);
  thread->histogram = json_node_get_object (node);
  members = json_object_get_members (thread->histogram);
  for (GList *l = members; l != NULL; l = l->next)
    {
      g_autofree char *quoted = _rtb_import_quote (l->data, strlen (l->data));
      guint64 bucket, count;

      if (!parse_key (l->data, max_index, &bucket))
        return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "%s.histogram: expected "
                                      "bucket numbers from 0 to %" G_GUINT64_FORMAT " as keys, "
                                      "found %s", path, max_index, quoted);
      if (json->limit > 0 && bucket >= json->limit)
        return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "%s.histogram: bucket %"
                                      G_GUINT64_FORMAT " is beyond the histogram of %"
                                      G_GUINT64_FORMAT " buckets its command line asked for",
                                      path, bucket, json->limit);
      if (!_rtb_import_json_uint (thread->histogram, path, l->data, RTB_IMPORT_MAX_COUNT, FALSE,
                                  &count, error))
        return FALSE;
      thread->in_buckets += count;
      if (thread->in_buckets > thread->count)
        return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "%s.histogram holds more "
                                      "samples than its %s (%" G_GUINT64_FORMAT ")", path,
                                      json->count_member, thread->count);
      thread->max_key = MAX (thread->max_key, bucket);
    }
  return TRUE;
}

static gboolean
parse_thread (RtbImportJson *json, const char *key, JsonNode *node, guint64 max_index,
              Thread *thread, GError **error)
{
  g_autofree char *path = g_strdup_printf ("%s.%s", json->threads_member, key);
  guint64 index, value_max = (guint64) RTB_IMPORT_MAX_VALUE_US * 1000 / json->unit_ns;
  double cpu;

  if (!parse_key (key, RTB_MAX_THREADS - 1, &index))
    {
      g_autofree char *quoted = _rtb_import_quote (key, strlen (key));

      return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "%s: expected thread numbers "
                                    "from 0 to %d as keys, found %s", json->threads_member,
                                    RTB_MAX_THREADS - 1, quoted);
    }
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "%s: expected an object",
                                  path);
  thread->index = (guint) index;
  thread->object = json_node_get_object (node);
  thread->cpu = -1;
  if (json_number (thread->object, "cpu", &cpu) && cpu >= 0 && cpu < RTB_MAX_CPUS)
    thread->cpu = (int) cpu;
  if (!_rtb_import_json_uint (thread->object, path, json->count_member, RTB_IMPORT_MAX_COUNT,
                              FALSE, &thread->count, error))
    return FALSE;
  if (thread->count > 0)
    {
      if (!_rtb_import_json_uint (thread->object, path, "min", value_max, FALSE, &thread->min,
                                  error) ||
          !_rtb_import_json_uint (thread->object, path, "max", value_max, FALSE, &thread->max,
                                  error))
        return FALSE;
      if (thread->min > thread->max)
        return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "%s: min %"
                                      G_GUINT64_FORMAT " is above max %" G_GUINT64_FORMAT,
                                      path, thread->min, thread->max);
      if (!json_number (thread->object, "avg", &thread->avg) || thread->avg < 0 ||
          thread->avg > (double) value_max)
        return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "%s.avg: expected a "
                                      "number from 0 to %" G_GUINT64_FORMAT, path, value_max);
    }
  return parse_histogram (json, path, thread, max_index, error);
}

static gboolean
set_stats (RtbSeries *series, const Thread *thread, RtbImportJson *json, GError **error)
{
  double sum = thread->avg * (double) json->unit_ns * (double) thread->count;

  if (thread->count == 0)
    return TRUE;
  if (!(sum < 0x1p62))
    return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_TOO_LARGE, "%s.%u: %" G_GUINT64_FORMAT
                                  " samples of average %.2f are too large to add up",
                                  json->threads_member, thread->index, thread->count,
                                  thread->avg);
  rtb_series_set_imported_stats (series, thread->count,
                                 (gint64) (thread->min * json->unit_ns),
                                 (gint64) (thread->max * json->unit_ns), llround (sum));
  return TRUE;
}

RtbRun *
_rtb_import_json_threads (RtbImportInput *in, JsonObject *root, RtbImportJson *json,
                          GError **error)
{
  g_autoptr (RtbRun) run = NULL;
  g_autoptr (GList) members = NULL;
  g_autofree Thread *threads = NULL;
  JsonNode *node = json_object_get_member (root, json->threads_member);
  JsonObject *object;
  gboolean ns = json->unit_ns == 1, have_histogram = json->have_limit_option;
  guint64 max_index = RTB_IMPORT_MAX_INDEX (ns), max_key = 0;
  guint n = 0;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "expected %s: no \"%s\" object",
                             json->what, json->threads_member);
      return NULL;
    }
  object = json_node_get_object (node);
  if (json_object_get_size (object) > RTB_MAX_THREADS)
    {
      _rtb_import_fail_code (error, RTB_IMPORT_ERROR_TOO_LARGE, "%s: more than %d threads",
                             json->threads_member, RTB_MAX_THREADS);
      return NULL;
    }
  if (json_object_get_size (object) == 0)
    {
      _rtb_import_fail_code (error, RTB_IMPORT_ERROR_EMPTY, "%s: no threads",
                             json->threads_member);
      return NULL;
    }

  threads = g_new0 (Thread, json_object_get_size (object));
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next, n++)
    {
      if (!parse_thread (json, l->data, json_object_get_member (object, l->data), max_index,
                         &threads[n], error))
        return NULL;
      max_key = MAX (max_key, threads[n].max_key);
      have_histogram |= threads[n].histogram != NULL &&
                        json_object_get_size (threads[n].histogram) > 0;
    }
  qsort (threads, n, sizeof *threads, compare_threads);

  json->cmd.latency.histogram_us =
    !have_histogram ? 1
                    : _rtb_import_buckets_for (json->limit > 0 ? json->limit - 1 : max_key, ns);
  for (guint i = 0; i < n; i++)
    {
      int cpu = _rtb_import_thread_cpu (in, threads[i].index, threads[i].cpu);

      if (cpu >= 0)
        json->cmd.cpus[cpu / 64] |= G_GUINT64_CONSTANT (1) << (cpu % 64);
      else
        json->stated &= ~RTB_RUN_STATED_CPUS;
    }
  run = _rtb_import_new_run (in, &json->cmd, n, json->stated, error);
  if (run == NULL)
    return NULL;

  for (guint i = 0; i < n; i++)
    {
      const Thread *thread = &threads[i];
      RtbSeries *series = _rtb_import_add_series (run, in, thread->index, thread->cpu, NULL);

      if (thread->histogram != NULL)
        {
          g_autoptr (GList) buckets = json_object_get_members (thread->histogram);

          for (GList *l = buckets; l != NULL; l = l->next)
            {
              guint64 bucket = g_ascii_strtoull (l->data, NULL, 10);
              gint64 count = json_object_get_int_member (thread->histogram, l->data);

              if (count > 0)
                _rtb_import_add_bucket (series, bucket, ns, (guint64) count);
            }
        }
      rtb_series_add_unknown_overflows (series, thread->count - thread->in_buckets);
      if (!set_stats (series, thread, json, error))
        return NULL;
    }

  if (!have_histogram)
    _rtb_import_note (in, _("the file has no histogram (the run used no -h/-H): each thread "
                            "keeps only its count, min, avg and max, its percentiles (but the "
                            "max) and its standard deviation are unknown"));
  _rtb_import_finish (run, in, json->what, g_steal_pointer (&json->system));
  _rtb_run_set_times (run, json->start_us, json->end_us,
                      json->end_us > json->start_us
                        ? (guint64) (json->end_us - json->start_us) * 1000 : 0);
  return g_steal_pointer (&run);
}

static char *
dup_member (JsonObject *object, const char *member)
{
  const char *text = _rtb_import_json_string (object, member);

  return text != NULL ? g_utf8_make_valid (text, -1) : NULL;
}

RtbSystemInfo *
_rtb_import_json_sysinfo (JsonObject *root)
{
  RtbSystemInfo *info = rtb_system_info_new_unknown (NULL);
  JsonNode *node = json_object_get_member (root, "sysinfo");
  JsonObject *sysinfo;
  double value;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return info;
  sysinfo = json_node_get_object (node);
  info->hostname = dup_member (sysinfo, "nodename");
  info->kernel_release = dup_member (sysinfo, "release");
  info->kernel_version = dup_member (sysinfo, "version");
  info->machine = dup_member (sysinfo, "machine");
  if (json_number (sysinfo, "realtime", &value))
    info->preempt_rt = value == 1 || _rtb_kernel_version_is_preempt_rt (info->kernel_version);
  else if (info->kernel_version != NULL)
    info->preempt_rt = _rtb_kernel_version_is_preempt_rt (info->kernel_version);
  if (json_number (sysinfo, "cpus_online", &value) && value >= 1 && value <= RTB_MAX_CPUS)
    info->n_cpus = (int) value;
  return info;
}

/* "-h400", "-h 400", "--histogram=400", "--histogram 400" and the same for -H/--histofall,
 * -i/--interval and -p/--priority (with which cyclictest runs SCHED_FIFO unless --policy
 * says otherwise). */
static void
parse_cmdline (const char *cmdline, RtbImportJson *json)
{
  g_auto (GStrv) args = g_strsplit (cmdline, " ", 1024);
  gboolean policy_option = FALSE;

  for (guint i = 0; args[i] != NULL; i++)
    {
      static const char * const histogram[] = { "-h", "-H", "--histogram=", "--histofall=",
                                                "--histogram", "--histofall" };
      static const char * const interval[] = { "-i", "--interval=", "--interval" };
      static const char * const priority[] = { "-p", "--priority=", "--priority" };
      const char *arg = args[i];

      if (g_str_has_prefix (arg, "--policy"))
        policy_option = TRUE;
      for (guint k = 0; k < G_N_ELEMENTS (priority); k++)
        if (g_str_has_prefix (arg, priority[k]))
          {
            const char *value = arg[strlen (priority[k])] != '\0' ? arg + strlen (priority[k])
                                                                   : args[i + 1];
            guint64 prio;

            if (value != NULL && parse_key (value, RTB_PRIORITY_MAX, &prio))
              {
                json->cmd.priority = (int) prio;
                json->stated |= RTB_RUN_STATED_PRIORITY;
              }
            break;
          }

      for (guint k = 0; k < G_N_ELEMENTS (histogram); k++)
        if (g_str_has_prefix (arg, histogram[k]))
          {
            const char *value = arg[strlen (histogram[k])] != '\0' ? arg + strlen (histogram[k])
                                                                    : args[i + 1];
            guint64 n;

            json->have_limit_option = TRUE;
            if (value != NULL && parse_key (value, 1000000, &n) && n > 0)
              json->limit = n;
            break;
          }
      for (guint k = 0; k < G_N_ELEMENTS (interval); k++)
        if (g_str_has_prefix (arg, interval[k]))
          {
            const char *value = arg[strlen (interval[k])] != '\0' ? arg + strlen (interval[k])
                                                                   : args[i + 1];
            guint64 us;

            if (value != NULL && parse_key (value, RTB_INTERVAL_MAX_US, &us) &&
                us >= RTB_LATENCY_INTERVAL_MIN_US)
              {
                json->cmd.latency.interval_us = (guint32) us;
                json->stated |= RTB_RUN_STATED_INTERVAL;
              }
            break;
          }
    }
  if ((json->stated & RTB_RUN_STATED_PRIORITY) && json->cmd.priority > 0 && !policy_option)
    {
      json->cmd.policy = RTB_POLICY_FIFO;
      json->stated |= RTB_RUN_STATED_POLICY;
    }
}

RtbRun *
_rtb_import_cyclictest_json (RtbImportInput *in, JsonNode *root, GError **error)
{
  JsonObject *object = json_node_get_object (root);
  RtbImportJson json = {
    .what = "cyclictest --json", .threads_member = "thread", .count_member = "cycles",
  };
  const char *cmdline;
  guint64 flag = G_MAXUINT64, n_threads;
  gboolean ns;
  RtbRun *run;

  if (!_rtb_import_json_uint (object, "", "resolution_in_ns", 1, TRUE, &flag, error) ||
      !_rtb_import_units (in, flag == G_MAXUINT64 ? -1 : (int) flag, &ns, error))
    return NULL;
  json.unit_ns = ns ? 1 : 1000;
  _rtb_import_command_init (&json.cmd, RTB_METHOD_LATENCY, 1);
  json.stated = RTB_RUN_STATED_CPUS;
  cmdline = _rtb_import_json_string (object, "cmdline:");
  if (cmdline == NULL)
    cmdline = _rtb_import_json_string (object, "cmdline");
  if (cmdline != NULL)
    parse_cmdline (cmdline, &json);
  json.start_us = _rtb_import_json_time (object, "start_time");
  json.end_us = _rtb_import_json_time (object, "end_time");
  json.system = _rtb_import_json_sysinfo (object);

  run = _rtb_import_json_threads (in, object, &json, error);
  g_clear_pointer (&json.system, rtb_system_info_free);
  if (run != NULL && json_object_has_member (object, "num_threads") &&
      _rtb_import_json_uint (object, "", "num_threads", RTB_MAX_THREADS, FALSE, &n_threads, NULL) &&
      n_threads != rtb_run_get_n_series (run))
    _rtb_import_note (in, _("num_threads says %llu but the file holds %u threads"),
                      (unsigned long long) n_threads, rtb_run_get_n_series (run));
  return run;
}
