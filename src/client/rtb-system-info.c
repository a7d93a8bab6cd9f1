/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>

#include "rtb-json-check.h"
#include "rtb-protocol.h"
#include "rtb-safe-text.h"
#include "rtb-system-files.h"
#include "rtb-system-info-private.h"
#include "rtb-system-snapshot.h"

/* lscpu's view of ARM cores: arm64 kernels print only these numbers, no model name. */
static const struct {
  guint implementer;
  guint part;
  const char *name;
} arm_cores[] = {
  { 0x41, 0xb76, "ARM1176" },
  { 0x41, 0xc07, "Cortex-A7" },
  { 0x41, 0xc08, "Cortex-A8" },
  { 0x41, 0xc09, "Cortex-A9" },
  { 0x41, 0xc0f, "Cortex-A15" },
  { 0x41, 0xd03, "Cortex-A53" },
  { 0x41, 0xd04, "Cortex-A35" },
  { 0x41, 0xd05, "Cortex-A55" },
  { 0x41, 0xd07, "Cortex-A57" },
  { 0x41, 0xd08, "Cortex-A72" },
  { 0x41, 0xd09, "Cortex-A73" },
  { 0x41, 0xd0a, "Cortex-A75" },
  { 0x41, 0xd0b, "Cortex-A76" },
  { 0x41, 0xd0c, "Neoverse-N1" },
  { 0x41, 0xd0d, "Cortex-A77" },
  { 0x41, 0xd41, "Cortex-A78" },
  { 0x41, 0xd46, "Cortex-A510" },
  { 0x41, 0xd47, "Cortex-A710" },
  { 0x41, 0xd4b, "Cortex-A78C" },
};

/* Value of the first "key : value" line with this key, or NULL. */
static char *
cpuinfo_value (const char *text, const char *key)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *colon = strchr (lines[i], ':');
      g_autofree char *name = NULL;

      if (colon == NULL)
        continue;
      name = g_strstrip (g_strndup (lines[i], colon - lines[i]));
      if (strcmp (name, key) == 0)
        return g_strstrip (g_strdup (colon + 1));
    }
  return NULL;
}

static gboolean
parse_hex (const char *text, guint64 *out)
{
  if (text == NULL)
    return FALSE;
  if (g_str_has_prefix (text, "0x"))
    text += 2;
  return g_ascii_string_to_unsigned (text, 16, 0, G_MAXUINT, out, NULL);
}

static const char *
arm_core_name (const char *text)
{
  g_autofree char *implementer = cpuinfo_value (text, "CPU implementer");
  g_autofree char *part = cpuinfo_value (text, "CPU part");
  guint64 imp, prt;

  if (!parse_hex (implementer, &imp) || !parse_hex (part, &prt))
    return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (arm_cores); i++)
    if (arm_cores[i].implementer == imp && arm_cores[i].part == prt)
      return arm_cores[i].name;
  return NULL;
}

char *
_rtb_cpuinfo_parse_model (const char *text)
{
  static const char *core_keys[] = { "model name", "cpu model", "uarch", "Processor" };
  g_autofree char *board = NULL;
  g_autofree char *core = NULL;
  const char *arm_core;

  g_return_val_if_fail (text != NULL, NULL);

  board = cpuinfo_value (text, "Model");
  if (board == NULL || board[0] == '\0')
    {
      g_free (board);
      board = cpuinfo_value (text, "Hardware");
    }

  /* A known core name beats 32-bit ARM's generic "ARMv7 Processor rev 3 (v7l)". */
  arm_core = arm_core_name (text);
  if (arm_core != NULL)
    core = g_strdup (arm_core);
  for (guint i = 0; core == NULL && i < G_N_ELEMENTS (core_keys); i++)
    {
      core = cpuinfo_value (text, core_keys[i]);
      if (core != NULL && core[0] == '\0')
        g_clear_pointer (&core, g_free);
    }

  if (board != NULL && board[0] != '\0' && core != NULL)
    return g_strdup_printf ("%s (%s)", board, core);
  if (board != NULL && board[0] != '\0')
    return g_steal_pointer (&board);
  if (core != NULL)
    return g_steal_pointer (&core);
  return g_strdup ("");
}

int
_rtb_cpuinfo_count_processors (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  int n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *p = lines[i];

      if (g_str_has_prefix (p, "processor"))
        {
          p += strlen ("processor");
          while (*p == ' ' || *p == '\t')
            p++;
          if (*p == ':')
            n++;
        }
    }
  return n;
}

char *
_rtb_cmdline_get_param (const char *cmdline, const char *key)
{
  g_autofree char *found = NULL;
  g_autoptr (GString) token = g_string_new (NULL);
  const char *p = cmdline;
  gsize key_len;

  g_return_val_if_fail (cmdline != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  key_len = strlen (key);
  while (*p != '\0')
    {
      gboolean quoted = FALSE;

      while (g_ascii_isspace (*p))
        p++;
      if (*p == '\0')
        break;

      g_string_truncate (token, 0);
      for (; *p != '\0' && (quoted || !g_ascii_isspace (*p)); p++)
        {
          if (*p == '"')
            quoted = !quoted;
          else
            g_string_append_c (token, *p);
        }

      /* Everything after "--" belongs to init. */
      if (strcmp (token->str, "--") == 0)
        break;
      if (strncmp (token->str, key, key_len) == 0 && token->str[key_len] == '=')
        {
          g_free (found);
          found = g_strdup (token->str + key_len + 1);
        }
    }

  return found != NULL ? g_steal_pointer (&found) : g_strdup ("");
}

gboolean
_rtb_kernel_version_is_preempt_rt (const char *uname_version)
{
  return uname_version != NULL &&
         (strstr (uname_version, "PREEMPT_RT") != NULL ||
          strstr (uname_version, "PREEMPT RT") != NULL);
}

int
_rtb_cpu_list_count (const char *text)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  g_auto (GStrv) parts = NULL;
  int n = 0;

  if (copy[0] == '\0')
    return 0;

  parts = g_strsplit (copy, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_auto (GStrv) range = g_strsplit (parts[i], "-", 2);
      guint64 lo, hi;

      if (!g_ascii_string_to_unsigned (range[0], 10, 0, 65535, &lo, NULL))
        return -1;
      hi = lo;
      if (range[1] != NULL && !g_ascii_string_to_unsigned (range[1], 10, lo, 65535, &hi, NULL))
        return -1;
      n += (int) (hi - lo + 1);
    }
  return n;
}

gint64
_rtb_meminfo_parse_kb (const char *text, const char *key)
{
  g_autofree char *value = cpuinfo_value (text, key);
  gint64 kb;
  char *end;

  if (value == NULL)
    return -1;
  kb = g_ascii_strtoll (value, &end, 10);
  if (end == value || kb < 0)
    return -1;
  return kb;
}

int
_rtb_parse_first_int (const char *text, int fallback)
{
  gint64 value;
  char *end;

  if (text == NULL)
    return fallback;
  value = g_ascii_strtoll (text, &end, 10);
  if (end == text || value < G_MININT || value > G_MAXINT)
    return fallback;
  return (int) value;
}

char *
_rtb_governors_combine (const char * const *governors)
{
  if (governors == NULL || governors[0] == NULL)
    return g_strdup ("");
  for (guint i = 1; governors[i] != NULL; i++)
    if (strcmp (governors[i], governors[0]) != 0)
      return g_strdup ("mixed");
  return g_strdup (governors[0]);
}

/* Where the system files come from: a snapshot (rtb-system-snapshot.h). */
typedef struct {
  GHashTable *entries; /* key → value */
} Source;

/* Contents of a system file (or a uname entry), stripped, or NULL. */
static char *
read_text (const Source *source, const char *relative)
{
  const char *value = g_hash_table_lookup (source->entries, relative);

  return value != NULL ? g_strstrip (g_strdup (value)) : NULL;
}

static int
read_int (const Source *source, const char *relative, int fallback)
{
  g_autofree char *text = read_text (source, relative);

  return _rtb_parse_first_int (text, fallback);
}

/* Online CPU numbers from "0-3,6" (the list was already validated by _rtb_cpu_list_count). */
static GArray *
online_cpus (const char *list)
{
  GArray *cpus = g_array_new (FALSE, FALSE, sizeof (guint));
  g_auto (GStrv) parts = g_strsplit (list, ",", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 lo = 0, hi;
      g_auto (GStrv) range = g_strsplit (parts[i], "-", 2);

      g_ascii_string_to_unsigned (range[0], 10, 0, 65535, &lo, NULL);
      hi = lo;
      if (range[1] != NULL)
        g_ascii_string_to_unsigned (range[1], 10, lo, 65535, &hi, NULL);
      for (guint cpu = lo; cpu <= hi; cpu++)
        g_array_append_val (cpus, cpu);
    }
  return cpus;
}

static char *
collect_governor (const Source *source, const char *online)
{
  g_autoptr (GArray) cpus = NULL;
  g_autoptr (GPtrArray) governors = g_ptr_array_new_with_free_func (g_free);

  if (online == NULL || _rtb_cpu_list_count (online) <= 0)
    {
      g_autofree char *cpu0 = g_strdup_printf (RTB_SYSTEM_GOVERNOR_FORMAT, 0u);

      /* Without the online CPUs, a missing governor says nothing of cpufreq. */
      return read_text (source, cpu0);
    }

  cpus = online_cpus (online);
  for (guint i = 0; i < cpus->len; i++)
    {
      g_autofree char *relative =
        g_strdup_printf (RTB_SYSTEM_GOVERNOR_FORMAT, g_array_index (cpus, guint, i));
      char *governor = read_text (source, relative);

      if (governor != NULL)
        g_ptr_array_add (governors, governor);
    }
  g_ptr_array_add (governors, NULL);
  return _rtb_governors_combine ((const char * const *) governors->pdata);
}

static char *
collect_idle_states (const Source *source)
{
  g_autoptr (GString) states = g_string_new (NULL);

  for (guint i = 0; i < RTB_SYSTEM_IDLE_STATES_MAX; i++)
    {
      g_autofree char *relative = g_strdup_printf (RTB_SYSTEM_IDLE_STATE_FORMAT, i);
      g_autofree char *name = read_text (source, relative);

      if (name == NULL)
        break;
      if (states->len > 0)
        g_string_append_c (states, ',');
      g_string_append (states, name);
    }
  return g_string_free (g_steal_pointer (&states), FALSE);
}

static void
collect_uname (const Source *source, RtbSystemInfo *info)
{
  info->hostname = read_text (source, RTB_SYSTEM_UNAME_NODENAME);
  info->kernel_release = read_text (source, RTB_SYSTEM_UNAME_RELEASE);
  info->kernel_version = read_text (source, RTB_SYSTEM_UNAME_VERSION);
  info->machine = read_text (source, RTB_SYSTEM_UNAME_MACHINE);
}

/* Offsets run from UTC−12 to UTC+14; anything else is not a clock's. */
static int
read_utc_offset (const Source *source)
{
  g_autofree char *text = read_text (source, RTB_SYSTEM_UTC_OFFSET);
  gint64 value;

  if (text == NULL || !g_ascii_string_to_signed (text, 10, -14 * 3600, 14 * 3600, &value, NULL))
    return RTB_SYSTEM_INFO_UNKNOWN;
  return (int) value;
}

static RtbSystemInfo *
collect (const Source *source)
{
  RtbSystemInfo *info = g_new0 (RtbSystemInfo, 1);
  g_autofree char *cpuinfo = read_text (source, RTB_SYSTEM_CPUINFO);
  g_autofree char *online = read_text (source, RTB_SYSTEM_ONLINE);
  g_autofree char *realtime = read_text (source, RTB_SYSTEM_REALTIME);
  g_autofree char *meminfo = read_text (source, RTB_SYSTEM_MEMINFO);

  collect_uname (source, info);
  if (g_strcmp0 (realtime, "1") == 0 || _rtb_kernel_version_is_preempt_rt (info->kernel_version))
    info->preempt_rt = TRUE;
  else
    info->preempt_rt = info->kernel_version != NULL ? FALSE : RTB_SYSTEM_INFO_UNKNOWN;

  info->cpu_model = cpuinfo != NULL ? _rtb_cpuinfo_parse_model (cpuinfo) : NULL;
  info->n_cpus = online != NULL ? _rtb_cpu_list_count (online) : -1;
  if (info->n_cpus <= 0 && cpuinfo != NULL)
    info->n_cpus = _rtb_cpuinfo_count_processors (cpuinfo);
  if (info->n_cpus <= 0)
    info->n_cpus = RTB_SYSTEM_INFO_UNKNOWN;

  info->cmdline = read_text (source, RTB_SYSTEM_CMDLINE);
  if (info->cmdline != NULL)
    {
      info->isolcpus = _rtb_cmdline_get_param (info->cmdline, "isolcpus");
      info->nohz_full = _rtb_cmdline_get_param (info->cmdline, "nohz_full");
      info->rcu_nocbs = _rtb_cmdline_get_param (info->cmdline, "rcu_nocbs");
    }
  info->isolated = read_text (source, RTB_SYSTEM_ISOLATED);
  info->governor = collect_governor (source, online);
  info->smt = read_text (source, RTB_SYSTEM_SMT);
  info->sched_rt_runtime_us = read_int (source, RTB_SYSTEM_RT_RUNTIME, RTB_SYSTEM_INFO_UNKNOWN);
  info->printk_level = read_int (source, RTB_SYSTEM_PRINTK, RTB_SYSTEM_INFO_UNKNOWN);
  info->overcommit_memory = read_int (source, RTB_SYSTEM_OVERCOMMIT, RTB_SYSTEM_INFO_UNKNOWN);
  info->swap_total_kb = meminfo != NULL ? _rtb_meminfo_parse_kb (meminfo, "SwapTotal") : -1;
  info->idle_states = online != NULL ? collect_idle_states (source) : NULL;
  info->utc_offset_s = read_utc_offset (source);

  return info;
}

RtbSystemInfo *
rtb_system_info_from_snapshot (GHashTable *snapshot)
{
  Source source = { snapshot };

  g_return_val_if_fail (snapshot != NULL, NULL);
  return collect (&source);
}

RtbSystemInfo *
_rtb_system_info_collect_from (const char *root)
{
  g_autoptr (GHashTable) snapshot = rtb_system_snapshot_read (root);

  return rtb_system_info_from_snapshot (snapshot);
}

RtbSystemInfo *
rtb_system_info_from_frame (const void *payload, size_t len)
{
  g_autoptr (GHashTable) snapshot = rtb_system_snapshot_from_frame (payload, len);

  return rtb_system_info_from_snapshot (snapshot);
}

RtbSystemInfo *
rtb_system_info_collect (void)
{
  return _rtb_system_info_collect_from ("/");
}

RtbSystemInfo *
rtb_system_info_new_unknown (const char *hostname)
{
  RtbSystemInfo *info = g_new0 (RtbSystemInfo, 1);

  info->hostname = g_strdup (hostname);
  info->preempt_rt = RTB_SYSTEM_INFO_UNKNOWN;
  info->n_cpus = RTB_SYSTEM_INFO_UNKNOWN;
  info->sched_rt_runtime_us = RTB_SYSTEM_INFO_UNKNOWN;
  info->printk_level = RTB_SYSTEM_INFO_UNKNOWN;
  info->overcommit_memory = RTB_SYSTEM_INFO_UNKNOWN;
  info->swap_total_kb = -1;
  info->utc_offset_s = RTB_SYSTEM_INFO_UNKNOWN;
  return info;
}

RtbSystemInfo *
rtb_system_info_copy (const RtbSystemInfo *info)
{
  RtbSystemInfo *copy;

  g_return_val_if_fail (info != NULL, NULL);

  copy = g_memdup2 (info, sizeof *info);
  copy->hostname = g_strdup (info->hostname);
  copy->kernel_release = g_strdup (info->kernel_release);
  copy->kernel_version = g_strdup (info->kernel_version);
  copy->machine = g_strdup (info->machine);
  copy->cpu_model = g_strdup (info->cpu_model);
  copy->cmdline = g_strdup (info->cmdline);
  copy->isolcpus = g_strdup (info->isolcpus);
  copy->nohz_full = g_strdup (info->nohz_full);
  copy->rcu_nocbs = g_strdup (info->rcu_nocbs);
  copy->isolated = g_strdup (info->isolated);
  copy->governor = g_strdup (info->governor);
  copy->smt = g_strdup (info->smt);
  copy->idle_states = g_strdup (info->idle_states);
  return copy;
}

void
_rtb_system_info_make_safe (RtbSystemInfo *info)
{
  char **texts[] = {
    &info->hostname, &info->kernel_release, &info->kernel_version, &info->machine,
    &info->cpu_model, &info->cmdline, &info->isolcpus, &info->nohz_full, &info->rcu_nocbs,
    &info->isolated, &info->governor, &info->smt, &info->idle_states,
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    rtb_safe_text_in_place (texts[i]);
}

void
rtb_system_info_free (RtbSystemInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->hostname);
  g_free (info->kernel_release);
  g_free (info->kernel_version);
  g_free (info->machine);
  g_free (info->cpu_model);
  g_free (info->cmdline);
  g_free (info->isolcpus);
  g_free (info->nohz_full);
  g_free (info->rcu_nocbs);
  g_free (info->isolated);
  g_free (info->governor);
  g_free (info->smt);
  g_free (info->idle_states);
  g_free (info);
}

G_DEFINE_BOXED_TYPE (RtbSystemInfo, rtb_system_info, rtb_system_info_copy, rtb_system_info_free)

static void
forget_blank (char **text, gboolean all)
{
  if (*text != NULL && (all || (*text)[0] == '\0'))
    g_clear_pointer (text, g_free);
}

void
_rtb_system_info_forget_v1_blanks (RtbSystemInfo *info)
{
  gboolean nothing_known = info->kernel_release == NULL || info->kernel_release[0] == '\0';
  char **always[] = { &info->hostname, &info->kernel_release, &info->kernel_version,
                      &info->machine, &info->cpu_model, &info->cmdline, &info->smt };
  char **machine_facts[] = { &info->cmdline, &info->isolcpus, &info->nohz_full, &info->rcu_nocbs,
                             &info->isolated, &info->governor, &info->smt, &info->idle_states };

  for (guint i = 0; i < G_N_ELEMENTS (always); i++)
    forget_blank (always[i], FALSE);
  if (info->n_cpus <= 0)
    info->n_cpus = RTB_SYSTEM_INFO_UNKNOWN;
  if (info->kernel_version == NULL && !info->preempt_rt)
    info->preempt_rt = RTB_SYSTEM_INFO_UNKNOWN;
  if (nothing_known)
    for (guint i = 0; i < G_N_ELEMENTS (machine_facts); i++)
      forget_blank (machine_facts[i], TRUE);
}

/* One table drives both directions, so the JSON names cannot drift apart. */
typedef enum { FIELD_STRING, FIELD_BOOL, FIELD_INT, FIELD_INT64 } FieldType;

static const struct {
  const char *name;
  FieldType type;
  gsize offset;
} fields[] = {
  { "hostname", FIELD_STRING, G_STRUCT_OFFSET (RtbSystemInfo, hostname) },
  { "kernel", FIELD_STRING, G_STRUCT_OFFSET (RtbSystemInfo, kernel_release) },
  { "kernel_version", FIELD_STRING, G_STRUCT_OFFSET (RtbSystemInfo, kernel_version) },
  { "preempt_rt", FIELD_BOOL, G_STRUCT_OFFSET (RtbSystemInfo, preempt_rt) },
  { "machine", FIELD_STRING, G_STRUCT_OFFSET (RtbSystemInfo, machine) },
  { "cpu_model", FIELD_STRING, G_STRUCT_OFFSET (RtbSystemInfo, cpu_model) },
  { "n_cpus", FIELD_INT, G_STRUCT_OFFSET (RtbSystemInfo, n_cpus) },
  { "cmdline", FIELD_STRING, G_STRUCT_OFFSET (RtbSystemInfo, cmdline) },
  { "isolcpus", FIELD_STRING, G_STRUCT_OFFSET (RtbSystemInfo, isolcpus) },
  { "nohz_full", FIELD_STRING, G_STRUCT_OFFSET (RtbSystemInfo, nohz_full) },
  { "rcu_nocbs", FIELD_STRING, G_STRUCT_OFFSET (RtbSystemInfo, rcu_nocbs) },
  { "isolated", FIELD_STRING, G_STRUCT_OFFSET (RtbSystemInfo, isolated) },
  { "governor", FIELD_STRING, G_STRUCT_OFFSET (RtbSystemInfo, governor) },
  { "smt", FIELD_STRING, G_STRUCT_OFFSET (RtbSystemInfo, smt) },
  { "sched_rt_runtime_us", FIELD_INT, G_STRUCT_OFFSET (RtbSystemInfo, sched_rt_runtime_us) },
  { "printk_level", FIELD_INT, G_STRUCT_OFFSET (RtbSystemInfo, printk_level) },
  { "overcommit_memory", FIELD_INT, G_STRUCT_OFFSET (RtbSystemInfo, overcommit_memory) },
  { "swap_total_kb", FIELD_INT64, G_STRUCT_OFFSET (RtbSystemInfo, swap_total_kb) },
  { "idle_states", FIELD_STRING, G_STRUCT_OFFSET (RtbSystemInfo, idle_states) },
  { "utc_offset_s", FIELD_INT, G_STRUCT_OFFSET (RtbSystemInfo, utc_offset_s) },
};

JsonNode *
rtb_system_info_to_json (const RtbSystemInfo *info)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (info != NULL, NULL);

  json_builder_begin_object (builder);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      gconstpointer member = G_STRUCT_MEMBER_P (info, fields[i].offset);

      json_builder_set_member_name (builder, fields[i].name);
      switch (fields[i].type)
        {
        case FIELD_STRING:
          {
            const char *str = *(char * const *) member;

            if (str != NULL)
              json_builder_add_string_value (builder, str);
            else
              json_builder_add_null_value (builder);
          }
          break;
        case FIELD_BOOL:
          if (*(const int *) member == RTB_SYSTEM_INFO_UNKNOWN)
            json_builder_add_null_value (builder);
          else
            json_builder_add_boolean_value (builder, *(const int *) member != FALSE);
          break;
        case FIELD_INT:
          if (*(const int *) member == RTB_SYSTEM_INFO_UNKNOWN)
            json_builder_add_null_value (builder);
          else
            json_builder_add_int_value (builder, *(const int *) member);
          break;
        case FIELD_INT64:
          if (*(const gint64 *) member < 0)
            json_builder_add_null_value (builder);
          else
            json_builder_add_int_value (builder, *(const gint64 *) member);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

RtbSystemInfo *
_rtb_system_info_from_json_object (JsonObject *object, const char *path, GError **error)
{
  g_autoptr (RtbSystemInfo) info = g_new0 (RtbSystemInfo, 1);

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      gpointer member = G_STRUCT_MEMBER_P (info, fields[i].offset);
      JsonNode *node = json_object_get_member (object, fields[i].name);
      gboolean flag;
      const char *str;
      gint64 value;

      /* Files written before the offset was recorded lack it: unknown. */
      if ((node == NULL && fields[i].offset == G_STRUCT_OFFSET (RtbSystemInfo, utc_offset_s)) ||
          (node != NULL && JSON_NODE_HOLDS_NULL (node) && fields[i].type != FIELD_STRING))
        {
          if (fields[i].type == FIELD_INT64)
            *(gint64 *) member = -1;
          else
            *(int *) member = RTB_SYSTEM_INFO_UNKNOWN;
          continue;
        }
      switch (fields[i].type)
        {
        case FIELD_STRING:
          if (!_rtb_json_get_string (object, path, fields[i].name, TRUE, &str, error))
            return NULL;
          *(char **) member = g_strdup (str);
          break;
        case FIELD_BOOL:
          if (!_rtb_json_get_bool (object, path, fields[i].name, &flag, error))
            return NULL;
          *(int *) member = flag;
          break;
        case FIELD_INT:
          if (!_rtb_json_get_int (object, path, fields[i].name, G_MININT, G_MAXINT, &value,
                                  error))
            return NULL;
          *(int *) member = (int) value;
          break;
        case FIELD_INT64:
          if (!_rtb_json_get_int (object, path, fields[i].name, G_MININT64, G_MAXINT64, &value,
                                  error))
            return NULL;
          *(gint64 *) member = MAX (value, -1);
          break;
        default:
          g_assert_not_reached ();
        }
    }

  return g_steal_pointer (&info);
}

RtbSystemInfo *
rtb_system_info_from_json (JsonNode *node, GError **error)
{
  g_return_val_if_fail (node != NULL, NULL);

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      _rtb_json_format_error (error, "expected an object");
      return NULL;
    }
  return _rtb_system_info_from_json_object (json_node_get_object (node), "", error);
}

const char *
rtb_system_info_governor_words (const char *governor)
{
  if (governor == NULL)
    return NULL;
  if (*governor == '\0')
    return N_("no frequency scaling (no cpufreq driver)");
  if (strcmp (governor, "mixed") == 0)
    return N_("differs between CPUs");
  return governor;
}

const char *
rtb_system_info_smt_words (const char *smt)
{
  static const struct {
    const char *control;
    const char *words;
  } states[] = {
    { "on", N_("on") },
    { "off", N_("off") },
    { "forceoff", N_("off, forced at boot") },
    { "notsupported", N_("not supported by this CPU") },
    { "notimplemented", N_("not implemented by this kernel") },
  };

  if (smt == NULL || *smt == '\0')
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    if (strcmp (smt, states[i].control) == 0)
      return states[i].words;
  return smt;
}
