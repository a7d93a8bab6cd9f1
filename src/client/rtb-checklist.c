/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rtb-checklist-private.h"
#include "rtb-json-check.h"
#include "rtb-system-info-private.h"
#include "rtb-system-files.h"

/* The items, most important first: the verdict names the first ones that are not good. */
static const RtbCheckFunc items[] = {
  _rtb_check_preemption,
  _rtb_check_virtual,
  _rtb_check_rt_tasks,
  _rtb_check_mlockall,
  _rtb_check_isolated,
  _rtb_check_smt,
  _rtb_check_irqs,
  _rtb_check_governor,
  _rtb_check_idle,
  _rtb_check_dma_latency,
  _rtb_check_radios,
  _rtb_check_nohz_full,
  _rtb_check_rcu_nocbs,
  _rtb_check_irqbalance,
  _rtb_check_rt_throttling,
  _rtb_check_clocksource,
  _rtb_check_tick,
  _rtb_check_timer_migration,
  _rtb_check_watchdogs,
  _rtb_check_swap,
  _rtb_check_thp,
  _rtb_check_overcommit,
  _rtb_check_printk,
  _rtb_check_tracers,
};

static const char * const status_names[] = {
  [RTB_CHECK_BAD] = "bad",
  [RTB_CHECK_COULD_BE_BETTER] = "could-be-better",
  [RTB_CHECK_UNKNOWN] = "unknown",
  [RTB_CHECK_GOOD] = "good",
};

const char *
rtb_check_status_to_string (RtbCheckStatus status)
{
  g_return_val_if_fail (status <= RTB_CHECK_GOOD, "unknown");
  return status_names[status];
}

const char *
rtb_check_status_label (RtbCheckStatus status)
{
  switch (status)
    {
    case RTB_CHECK_BAD:
      /* Translators: a checklist item's status */
      return _("bad");
    case RTB_CHECK_COULD_BE_BETTER:
      /* Translators: a checklist item's status */
      return _("could be better");
    case RTB_CHECK_GOOD:
      /* Translators: a checklist item's status */
      return _("good");
    case RTB_CHECK_UNKNOWN:
    default:
      /* Translators: a checklist item's status */
      return _("unknown");
    }
}

gboolean
rtb_check_status_from_string (const char *text, RtbCheckStatus *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (status_names); i++)
    if (g_strcmp0 (text, status_names[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

static RtbCheck *
check_new (const char *id, RtbCheckStatus status, char *value, char *advice,
           JsonNode *value_msg, JsonNode *advice_msg)
{
  RtbCheck *check = g_new0 (RtbCheck, 1);

  check->id = g_strdup (id);
  check->status = status;
  check->value = value;
  check->advice = advice;
  check->value_msg = value_msg;
  check->advice_msg = advice_msg;
  return check;
}

/* The message of a sentence that does not read the same in every language. */
static JsonNode *
steal_source (RtbCheckText *text)
{
  return text != NULL && !_rtb_check_text_is_words (text) ? g_steal_pointer (&text->source)
                                                          : NULL;
}

RtbCheck *
_rtb_check_new (const char *id, RtbCheckStatus status, RtbCheckText *value,
                RtbCheckText *advice)
{
  g_autoptr (RtbCheckText) owned_value = value;
  g_autoptr (RtbCheckText) owned_advice = advice;
  JsonNode *value_msg = steal_source (value);
  JsonNode *advice_msg = steal_source (advice);

  return check_new (id, status, g_steal_pointer (&value->text),
                    advice != NULL ? g_steal_pointer (&advice->text) : NULL, value_msg,
                    advice_msg);
}

static JsonNode *
copy_node (JsonNode *node)
{
  return node != NULL ? json_node_copy (node) : NULL;
}

RtbCheck *
rtb_check_copy (const RtbCheck *check)
{
  g_return_val_if_fail (check != NULL, NULL);
  return check_new (check->id, check->status, g_strdup (check->value),
                    g_strdup (check->advice), copy_node (check->value_msg),
                    copy_node (check->advice_msg));
}

void
rtb_check_free (RtbCheck *check)
{
  if (check == NULL)
    return;
  g_free (check->id);
  g_free (check->value);
  g_free (check->advice);
  g_clear_pointer (&check->value_msg, json_node_unref);
  g_clear_pointer (&check->advice_msg, json_node_unref);
  g_free (check);
}

char *
_rtb_checklist_text (const RtbChecklistContext *c, const char *relative)
{
  const char *text = g_hash_table_lookup (c->files, relative);

  return text != NULL ? g_strstrip (g_strdup (text)) : NULL;
}

char *
_rtb_checklist_cmdline_param (const RtbChecklistContext *c, const char *key)
{
  g_autofree char *cmdline = _rtb_checklist_text (c, RTB_SYSTEM_CMDLINE);

  return cmdline != NULL ? _rtb_cmdline_get_param (cmdline, key) : NULL;
}

gboolean
_rtb_checklist_parse_cpus (const char *text, uint64_t *cpus)
{
  g_auto (GStrv) parts = NULL;
  gboolean any = FALSE;

  memset (cpus, 0, RTB_MAX_CPUS / 8);
  if (text == NULL)
    return FALSE;
  /* isolcpus= may start with flags ("domain,managed_irq,2-3"): only ranges count. */
  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      uint64_t one[RTB_MAX_CPUS / 64];
      g_autofree char *part = g_strstrip (g_strdup (parts[i]));

      if (!g_ascii_isdigit (part[0]) || !rtb_cpu_list_parse (part, one, RTB_MAX_CPUS, NULL))
        continue;
      for (guint w = 0; w < G_N_ELEMENTS (one); w++)
        cpus[w] |= one[w];
      any = TRUE;
    }
  return any;
}

char *
_rtb_checklist_format_cpus (const uint64_t *cpus)
{
  char buf[4096];

  if (rtb_cpu_list_format (cpus, RTB_MAX_CPUS, buf, sizeof buf) < 0)
    return g_strdup ("?");
  return g_strdup (buf);
}

RtbCheckText *
_rtb_checklist_cpus_in_words (const uint64_t *cpus)
{
  g_autofree char *list = _rtb_checklist_format_cpus (cpus);

  /* Translators: %s is a CPU list such as "3" or "0-1,4" */
  return MSGN ("CPU %s", "CPUs %s", rtb_cpu_count (cpus, RTB_MAX_CPUS), list);
}

int
_rtb_checklist_measured_in (const RtbChecklistContext *c, const uint64_t *cpus)
{
  int n = 0;

  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    n += rtb_cpu_isset (c->measured, cpu) && rtb_cpu_isset (cpus, cpu);
  return n;
}

int
_rtb_checklist_measured_count (const RtbChecklistContext *c)
{
  return rtb_cpu_count (c->measured, RTB_MAX_CPUS);
}

GPtrArray *
rtb_checklist_evaluate (GHashTable *snapshot, const RtbChecklistFor *what)
{
  RtbChecklistContext c = { snapshot };
  GPtrArray *checks = g_ptr_array_new_with_free_func ((GDestroyNotify) rtb_check_free);
  g_autofree char *online = NULL;

  g_return_val_if_fail (snapshot != NULL && what != NULL, checks);

  c.priority = what->priority;
  c.no_policy = what->no_policy;
  c.worker = what->worker;
  online = _rtb_checklist_text (&c, RTB_SYSTEM_ONLINE);
  c.online_known = _rtb_checklist_parse_cpus (online, c.online);
  if (what->cpus != NULL)
    memcpy (c.measured, what->cpus, sizeof c.measured);
  else
    memcpy (c.measured, c.online, sizeof c.measured);
  c.measured_text = _rtb_checklist_format_cpus (c.measured);
  c.measured_words = _rtb_checklist_cpus_in_words (c.measured);

  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    g_ptr_array_add (checks, items[i] (&c));
  g_free (c.measured_text);
  _rtb_check_text_free (c.measured_words);
  return checks;
}

static gint
compare_status (gconstpointer a, gconstpointer b)
{
  const RtbCheck *x = *(RtbCheck * const *) a, *y = *(RtbCheck * const *) b;

  return (int) x->status - (int) y->status;
}

GPtrArray *
rtb_checklist_sorted (GPtrArray *checks)
{
  GPtrArray *sorted = g_ptr_array_new_with_free_func ((GDestroyNotify) rtb_check_free);

  g_return_val_if_fail (checks != NULL, sorted);

  for (guint i = 0; i < checks->len; i++)
    g_ptr_array_add (sorted, rtb_check_copy (checks->pdata[i]));
  /* g_ptr_array_sort is a merge sort in GLib 2.74: stable. */
  g_ptr_array_sort (sorted, compare_status);
  return sorted;
}

gboolean
rtb_checklist_any_bad (GPtrArray *checks)
{
  for (guint i = 0; checks != NULL && i < checks->len; i++)
    if (((RtbCheck *) checks->pdata[i])->status == RTB_CHECK_BAD)
      return TRUE;
  return FALSE;
}

const RtbCheck *
rtb_checklist_find (GPtrArray *checks, const char *id)
{
  for (guint i = 0; checks != NULL && i < checks->len; i++)
    if (g_strcmp0 (((RtbCheck *) checks->pdata[i])->id, id) == 0)
      return checks->pdata[i];
  return NULL;
}

static void
add_message (JsonBuilder *builder, const char *member, JsonNode *message)
{
  if (message == NULL)
    return;
  json_builder_set_member_name (builder, member);
  json_builder_add_value (builder, json_node_copy (message));
}

JsonNode *
rtb_checklist_to_json (GPtrArray *checks, gboolean messages)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_array (builder);
  for (guint i = 0; checks != NULL && i < checks->len; i++)
    {
      const RtbCheck *check = checks->pdata[i];

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "id");
      json_builder_add_string_value (builder, check->id);
      json_builder_set_member_name (builder, "status");
      json_builder_add_string_value (builder, rtb_check_status_to_string (check->status));
      json_builder_set_member_name (builder, "value");
      json_builder_add_string_value (builder, check->value);
      json_builder_set_member_name (builder, "advice");
      if (check->advice != NULL)
        json_builder_add_string_value (builder, check->advice);
      else
        json_builder_add_null_value (builder);
      if (messages)
        {
          add_message (builder, "value_msg", check->value_msg);
          add_message (builder, "advice_msg", check->advice_msg);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  return json_builder_get_root (builder);
}

/* A saved sentence in the reader's language when its message is one rtbench has, else as
 * saved; the message is kept, so that the run saved again keeps it. */
static char *
sentence_read (const char *saved, JsonObject *object, const char *member, JsonNode **message)
{
  JsonNode *node = json_object_get_member (object, member);
  char *sentence;

  *message = NULL;
  if (saved == NULL || node == NULL || JSON_NODE_HOLDS_NULL (node))
    return g_strdup (saved);
  sentence = _rtb_check_text_from_source (node);
  if (sentence == NULL)
    return g_strdup (saved);
  *message = json_node_copy (node);
  return sentence;
}

static RtbCheck *
check_read (const char *id, RtbCheckStatus status, const char *value, const char *advice,
            JsonObject *object)
{
  JsonNode *value_msg, *advice_msg;
  char *value_text = sentence_read (value, object, "value_msg", &value_msg);
  char *advice_text = sentence_read (advice, object, "advice_msg", &advice_msg);

  return check_new (id, status, value_text, advice_text, value_msg, advice_msg);
}

GPtrArray *
rtb_checklist_from_json (JsonArray *array, const char *path, GError **error)
{
  g_autoptr (GPtrArray) checks = g_ptr_array_new_with_free_func ((GDestroyNotify) rtb_check_free);
  guint n = json_array_get_length (array);

  if (n > 256)
    {
      _rtb_json_format_error (error, "%s: %u checks, at most 256 are possible", path, n);
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *item_path = g_strdup_printf ("%s[%u]", path, i);
      JsonNode *node = json_array_get_element (array, i);
      const char *id, *status, *value, *advice;
      RtbCheckStatus s;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          _rtb_json_format_error (error, "%s: expected an object", item_path);
          return NULL;
        }
      if (!_rtb_json_get_string (json_node_get_object (node), item_path, "id", FALSE, &id,
                                 error) ||
          !_rtb_json_get_string (json_node_get_object (node), item_path, "status", FALSE,
                                 &status, error) ||
          !_rtb_json_get_string (json_node_get_object (node), item_path, "value", FALSE, &value,
                                 error) ||
          !_rtb_json_get_string (json_node_get_object (node), item_path, "advice", TRUE,
                                 &advice, error))
        return NULL;
      if (!rtb_check_status_from_string (status, &s))
        {
          _rtb_json_format_error (error, "%s.status: \"%s\" is not one of good, "
                                  "could-be-better, bad, unknown", item_path, status);
          return NULL;
        }
      g_ptr_array_add (checks, check_read (id, s, value, advice, json_node_get_object (node)));
    }
  return g_steal_pointer (&checks);
}
