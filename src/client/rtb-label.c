/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "rtb-cpu-list.h"
#include "rtb-key-words.h"
#include "rtb-label.h"

static void
add (GString *label, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
add (GString *label, const char *format, ...)
{
  va_list args;

  g_string_append (label, label->len > 0 ? ", " : "");
  va_start (args, format);
  g_string_append_vprintf (label, format, args);
  va_end (args);
}

/* A key's value as a label gives it: "100", "64×64". */
static void
add_value (GString *label, const RtbCommand *cmd, const RtbKey *key)
{
  guint64 value = rtb_command_key_get (cmd, key);

  if (key->kind == RTB_KIND_SIZES)
    g_string_append_printf (label, "%" G_GUINT64_FORMAT "×%" G_GUINT64_FORMAT, value, value);
  else if (key->kind == RTB_KIND_WORD)
    g_string_append (label, rtb_command_key_word (key, value));
  else
    g_string_append_printf (label, "%" G_GUINT64_FORMAT, value);
}

/* The method and its own parameters: those that differ from its usual ones, or all of them,
 * in the words of the key words' rows (a group of rows joined together shows all its values
 * when one differs). */
static char *
method_words (const RtbCommand *cmd, gboolean all)
{
  GString *label = g_string_new (rtb_method_to_string (cmd->method));
  RtbCommand usual;

  rtb_command_defaults (&usual, cmd->method, RTB_MAX_CPUS);
  for (guint i = 0; i < rtb_n_key_words; i++)
    {
      guint last = i;
      gboolean differs = all;

      if (rtb_key_words[i].label == NULL || !rtb_key_words_apply (i, cmd->method))
        continue;
      while (rtb_key_words[last].label_joined && last + 1 < rtb_n_key_words)
        last++;
      for (guint j = i; j <= last; j++)
        differs |= rtb_command_key_get (cmd, rtb_key_words_key (j)) !=
                   rtb_command_key_get (&usual, rtb_key_words_key (j));
      for (guint j = i; differs && j <= last; j++)
        {
          g_string_append (label, rtb_key_words[j].label);
          add_value (label, cmd, rtb_key_words_key (j));
        }
      if (differs && *rtb_key_words_key (last)->unit != '\0')
        g_string_append_printf (label, " %s", rtb_key_words_key (last)->unit);
      i = last;
    }
  return g_string_free (label, FALSE);
}

/* "CPU 2", "CPUs 0-1", "all CPUs"; NULL for the methods that do not choose CPUs this way. */
static char *
cpu_words (const RtbCommand *cmd)
{
  char cpus[128];

  if (!rtb_method_is_per_cpu (cmd->method))
    return NULL;
  if (cmd->cpus_all)
    return g_strdup ("all CPUs");
  if (rtb_cpu_list_format (cmd->cpus, RTB_MAX_CPUS, cpus, sizeof cpus) < 0)
    return NULL;
  return g_strdup_printf (strpbrk (cpus, ",-") != NULL ? "CPUs %s" : "CPU %s", cpus);
}

static char *
policy_words (const RtbCommand *cmd)
{
  if (cmd->policy == RTB_POLICY_OTHER)
    return g_strdup ("normal policy");
  if (cmd->policy == RTB_POLICY_RR)
    return g_strdup_printf ("round robin %d", cmd->priority);
  return g_strdup_printf ("priority %d", cmd->priority);
}

/* "60 s", "10 min", "2 h", "until stopped"; NULL for a method without a duration. */
static char *
duration_words (const RtbCommand *cmd)
{
  uint64_t s = cmd->duration_ns / G_GUINT64_CONSTANT (1000000000);

  if (cmd->method == RTB_METHOD_RESPONSE)
    return NULL;
  if (cmd->duration_ns == 0)
    return g_strdup ("until stopped");
  if (cmd->duration_ns % G_GUINT64_CONSTANT (1000000000) != 0)
    return g_strdup_printf ("%.3g s", cmd->duration_ns / 1e9);
  if (s % 3600 == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " h", s / 3600);
  if (s % 60 == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " min", s / 60);
  return g_strdup_printf ("%" G_GUINT64_FORMAT " s", s);
}

/* "idle", "CPU load", "full load"; NULL when unknown. */
static const char *
load_words (const char *load)
{
  if (g_strcmp0 (load, "none") == 0)
    return "idle";
  if (g_strcmp0 (load, "cpu") == 0)
    return "CPU load";
  if (g_strcmp0 (load, "full") == 0)
    return "full load";
  return NULL;
}

char *
rtb_label_default (const RtbCommand *command, const char *load, const char *host)
{
  GString *label;
  g_autofree char *policy = NULL;
  g_autofree char *usual_policy = NULL;
  RtbCommand usual;

  g_return_val_if_fail (command != NULL, NULL);

  label = g_string_new (NULL);
  {
    g_autofree char *method = method_words (command, FALSE);

    g_string_append (label, method);
  }
  if (!command->cpus_all)
    {
      g_autofree char *cpus = cpu_words (command);

      if (cpus != NULL)
        add (label, "%s", cpus);
    }
  rtb_command_defaults (&usual, command->method, RTB_MAX_CPUS);
  policy = policy_words (command);
  usual_policy = policy_words (&usual);
  if (!g_str_equal (policy, usual_policy))
    add (label, "%s", policy);
  /* Idle is the usual case: named only where it tells runs apart (rtb_label_unique). */
  if (g_strcmp0 (load, "none") != 0 && load_words (load) != NULL)
    add (label, "%s", load_words (load));
  if (host != NULL && *host != '\0')
    add (label, "%s", host);
  return g_string_free (label, FALSE);
}

/* ---- Telling runs with the same label apart ----------------------------------------------- */

enum {
  FACET_METHOD,
  FACET_CPUS,
  FACET_POLICY,
  FACET_LOAD,
  FACET_HOST,
  FACET_DURATION,
  FACET_START,
  N_FACETS
};

/* What a run is, facet by facet, in words; NULL where it is not known. */
static char *
facet_words (RtbRun *run, guint facet)
{
  const RtbSystemInfo *system = rtb_run_get_system (run);
  const RtbCommand *cmd = rtb_run_get_command (run);
  g_autoptr(GDateTime) start = NULL;

  switch (facet)
    {
    case FACET_METHOD:
      return method_words (cmd, TRUE);
    case FACET_CPUS:
      return cpu_words (cmd);
    case FACET_POLICY:
      return policy_words (cmd);
    case FACET_LOAD:
      return g_strdup (load_words (rtb_run_get_load (run)));
    case FACET_DURATION:
      return duration_words (cmd);
    case FACET_HOST:
      return system != NULL && system->hostname != NULL && *system->hostname != '\0'
             ? g_strdup (system->hostname) : NULL;
    case FACET_START:
      if (rtb_run_get_start_time (run) <= 0)
        return NULL;
      start = g_date_time_new_from_unix_local (rtb_run_get_start_time (run) / G_USEC_PER_SEC);
      return start != NULL ? g_date_time_format (start, "%Y-%m-%d %H:%M:%S") : NULL;
    default:
      return NULL;
    }
}

static const char *
label_or_run (RtbRun *run)
{
  const char *label = rtb_run_get_label (run);

  return label != NULL && *label != '\0' ? label : "run";
}

static const char *const unknown[N_FACETS] = {
  [FACET_METHOD] = "method unknown",
  [FACET_CPUS] = "CPUs unknown",
  [FACET_POLICY] = "policy unknown",
  [FACET_LOAD] = "load unknown",
  [FACET_HOST] = "machine unknown",
  [FACET_DURATION] = "duration unknown",
  [FACET_START] = "start unknown",
};

/* "label (what sets it apart from the runs of the same label)", for the runs in `group`. */
static void
tell_apart (RtbRun *const *runs, GArray *group, char **names)
{
  char **words[N_FACETS];
  gboolean differs[N_FACETS] = { FALSE };

  for (guint f = 0; f < N_FACETS; f++)
    {
      words[f] = g_new0 (char *, group->len);
      for (guint g = 0; g < group->len; g++)
        {
          words[f][g] = facet_words (runs[g_array_index (group, guint, g)], f);
          differs[f] |= g > 0 && g_strcmp0 (words[f][g], words[f][0]) != 0;
        }
    }
  /* The start time only when nothing of the setup tells them apart. */
  for (guint f = 0; f < FACET_START; f++)
    if (differs[f])
      differs[FACET_START] = FALSE;

  for (guint g = 0; g < group->len; g++)
    {
      guint r = g_array_index (group, guint, g);
      GString *apart = g_string_new (NULL);

      for (guint f = 0; f < N_FACETS; f++)
        if (differs[f])
          add (apart, "%s", words[f][g] != NULL ? words[f][g] : unknown[f]);
      g_free (names[r]);
      names[r] = apart->len > 0 ? g_strdup_printf ("%s (%s)", label_or_run (runs[r]), apart->str)
                                : g_strdup (label_or_run (runs[r]));
      g_string_free (apart, TRUE);
    }
  for (guint f = 0; f < N_FACETS; f++)
    {
      for (guint g = 0; g < group->len; g++)
        g_free (words[f][g]);
      g_free (words[f]);
    }
}

static gboolean
name_taken (GPtrArray *names, const char *name)
{
  for (guint i = 0; i < names->len; i++)
    if (g_str_equal (g_ptr_array_index (names, i), name))
      return TRUE;
  return FALSE;
}

GPtrArray *
rtb_label_unique (RtbRun *const *runs, guint n_runs)
{
  GPtrArray *unique = g_ptr_array_new_full (n_runs, g_free);
  char **names = g_new0 (char *, n_runs + 1);
  gboolean *done = g_new0 (gboolean, n_runs);

  for (guint r = 0; r < n_runs; r++)
    names[r] = g_strdup (label_or_run (runs[r]));
  for (guint r = 0; r < n_runs; r++)
    {
      g_autoptr(GArray) group = g_array_new (FALSE, FALSE, sizeof (guint));

      if (done[r])
        continue;
      for (guint s = r; s < n_runs; s++)
        if (!done[s] && g_str_equal (label_or_run (runs[s]), label_or_run (runs[r])))
          {
            g_array_append_val (group, s);
            done[s] = TRUE;
          }
      if (group->len > 1)
        tell_apart (runs, group, names);
    }
  /* What nothing tells apart, or what happens to read like another run's label, is numbered. */
  for (guint r = 0; r < n_runs; r++)
    {
      g_autofree char *name = g_strdup (names[r]);

      for (guint k = 2; name_taken (unique, name); k++)
        {
          g_free (name);
          name = g_strdup_printf ("%s (%u)", names[r], k);
        }
      g_ptr_array_add (unique, g_steal_pointer (&name));
    }
  g_strfreev (names);
  g_free (done);
  return unique;
}

char *
rtb_label_facets (RtbRun *run, const char *separator)
{
  static const guint order[] = { FACET_METHOD, FACET_START, FACET_DURATION, FACET_CPUS,
                                 FACET_POLICY, FACET_LOAD, FACET_HOST };
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (RTB_IS_RUN (run), NULL);
  g_return_val_if_fail (separator != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      g_autofree char *words = facet_words (run, order[i]);

      if (words == NULL)
        continue;
      if (text->len > 0)
        g_string_append (text, separator);
      g_string_append (text, words);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}
