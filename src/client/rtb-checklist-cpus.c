/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The checklist's items about the measured CPUs. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtb-checklist-private.h"
#include "rtb-system-files.h"
#include "rtb-system-info-private.h"

static char *
governor_of (const RtbChecklistContext *c, int cpu)
{
  g_autofree char *relative = g_strdup_printf (RTB_SYSTEM_GOVERNOR_FORMAT, (unsigned) cpu);

  return _rtb_checklist_text (c, relative);
}

static char *
siblings_of (const RtbChecklistContext *c, int cpu)
{
  g_autofree char *relative = g_strdup_printf (RTB_SYSTEM_SIBLINGS_FORMAT, (unsigned) cpu);

  return _rtb_checklist_text (c, relative);
}

/* The measured CPUs that are not in `cpus`: "CPU 3" or "CPUs 0-1". */
static RtbCheckText *
measured_outside (const RtbChecklistContext *c, const uint64_t *cpus)
{
  uint64_t outside[RTB_MAX_CPUS / 64];

  for (guint w = 0; w < G_N_ELEMENTS (outside); w++)
    outside[w] = c->measured[w] & ~cpus[w];
  return _rtb_checklist_cpus_in_words (outside);
}

/* The isolated CPUs: /sys/devices/system/cpu/isolated, else isolcpus= on the command line. */
static gboolean
isolated_cpus (const RtbChecklistContext *c, uint64_t *cpus, gboolean *known)
{
  g_autofree char *isolated = _rtb_checklist_text (c, RTB_SYSTEM_ISOLATED);
  g_autofree char *isolcpus = _rtb_checklist_cmdline_param (c, "isolcpus");

  *known = isolated != NULL || isolcpus != NULL;
  if (_rtb_checklist_parse_cpus (isolated, cpus))
    return TRUE;
  return _rtb_checklist_parse_cpus (isolcpus, cpus);
}

RtbCheck *
_rtb_check_isolated (const RtbChecklistContext *c)
{
  static const char *id = "cpus.isolated";
  uint64_t isolated[RTB_MAX_CPUS / 64];
  gboolean known;
  int n = _rtb_checklist_measured_count (c);
  int in;
  g_autofree char *list = NULL;
  g_autoptr (RtbCheckText) outside = NULL;
  RtbCheckText *value;

  isolated_cpus (c, isolated, &known);
  if (!known || n == 0)
    return UNKNOWN (id, N_("the isolated CPUs were not recorded"));
  in = _rtb_checklist_measured_in (c, isolated);
  list = _rtb_checklist_format_cpus (isolated);
  if (in == n)
    return _rtb_check_new (id, RTB_CHECK_GOOD,
                           /* Translators: the first %s is "CPU 3" or "CPUs 0-1", the second a
                            * CPU list */
                           MSGF ("%s isolated (isolated: %s)", c->measured_words, list), NULL);
  outside = measured_outside (c, isolated);
  if (list[0] == '\0' && n > 1)
    /* Translators: %s is "CPUs 0-1" */
    value = MSGF ("none of %s is isolated", c->measured_words);
  else if (list[0] == '\0')
    /* Translators: %s is "CPU 3" */
    value = MSGF ("%s is not isolated", c->measured_words);
  else if (in == 0 && n > 1)
    /* Translators: the first %s is "CPUs 0-1", the second a CPU list */
    value = MSGF ("none of %s is isolated (isolated: %s)", c->measured_words, list);
  else
    /* Translators: the first %s is "CPU 3" or "CPUs 0-1", the second a CPU list */
    value = MSGN ("%s is not isolated (isolated: %s)", "%s are not isolated (isolated: %s)",
                  n - in, outside, list);
  /* A board that isolates CPUs already has what isolcpus= gives: only where to measure is left. */
  if (list[0] != '\0')
    return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER, value,
                           /* Translators: %s is a CPU list such as "3" or "2-3" */
                           MSGF ("Measure on the isolated CPUs alone (--cpus %s): the scheduler "
                                 "puts no other task on them.", list));
  return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER, value,
                         MSG ("Boot with isolcpus=N (LinuxCNC uses the last CPU) and measure "
                              "there alone (--cpus N): the scheduler then puts no other task on "
                              "it."));
}

/* The CPUs a real-time task should have to itself, for the advice on nohz_full= and
 * rcu_nocbs=: the measured isolated ones, else the isolated ones, else the measured ones, else
 * the last online one; never CPU 0, the boot CPU, which the kernel keeps for timekeeping
 * (tick_nohz_init() takes it out of nohz_full=), so some CPU is left for housekeeping. FALSE
 * when there is none. */
static gboolean
realtime_cpus (const RtbChecklistContext *c, uint64_t *cpus)
{
  uint64_t isolated[RTB_MAX_CPUS / 64], measured_isolated[RTB_MAX_CPUS / 64];
  uint64_t last[RTB_MAX_CPUS / 64] = { 0 };
  const uint64_t *candidates[] = { measured_isolated, isolated, c->measured, last };
  gboolean known;

  isolated_cpus (c, isolated, &known);
  for (guint w = 0; w < G_N_ELEMENTS (isolated); w++)
    measured_isolated[w] = isolated[w] & c->measured[w];
  for (int cpu = RTB_MAX_CPUS - 1; c->online_known && cpu >= 0; cpu--)
    if (rtb_cpu_isset (c->online, cpu))
      {
        last[cpu / 64] |= G_GUINT64_CONSTANT (1) << (cpu % 64);
        break;
      }
  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      memcpy (cpus, candidates[i], RTB_MAX_CPUS / 8);
      cpus[0] &= ~G_GUINT64_CONSTANT (1);
      if (rtb_cpu_count (cpus, RTB_MAX_CPUS) > 0)
        return TRUE;
    }
  return FALSE;
}

typedef enum {
  ADVICE_BOOT,             /* the parameter's new list */
  ADVICE_BOOT_AND_MEASURE, /* the parameter's new list, the CPUs to measure */
  ADVICE_MEASURE,          /* the CPUs to measure: the board has what they need */
} CmdlineAdvice;

typedef RtbCheckText *(*CmdlineAdviceFunc) (CmdlineAdvice advice, const char *list,
                                            const char *measure);

static RtbCheck *
check_cmdline_cpus (const RtbChecklistContext *c, const char *id, const char *key,
                    const char *also_key, CmdlineAdviceFunc advise)
{
  g_autofree char *list = _rtb_checklist_cmdline_param (c, key);
  g_autofree char *also = also_key != NULL ? _rtb_checklist_cmdline_param (c, also_key) : NULL;
  uint64_t own[RTB_MAX_CPUS / 64], cpus[RTB_MAX_CPUS / 64], extra[RTB_MAX_CPUS / 64];
  uint64_t want[RTB_MAX_CPUS / 64];
  g_autoptr (RtbCheckText) outside_words = NULL;
  g_autofree char *want_text = NULL;
  g_autofree char *new_list = NULL;
  gboolean any_boot = FALSE, measured_wanted = TRUE;
  RtbCheckText *advice;

  if (list == NULL || _rtb_checklist_measured_count (c) == 0)
    return UNKNOWN (id, N_("the kernel command line was not recorded"));
  _rtb_checklist_parse_cpus (list, own);
  memcpy (cpus, own, sizeof cpus);
  if (_rtb_checklist_parse_cpus (also, extra))
    for (guint w = 0; w < G_N_ELEMENTS (cpus); w++)
      cpus[w] |= extra[w];
  if (_rtb_checklist_measured_in (c, cpus) == _rtb_checklist_measured_count (c))
    {
      RtbCheckText *set = _rtb_check_text_list ();
      g_autofree char *parameter = g_strdup_printf (" (%s=%s)", key,
                                                    list[0] != '\0' ? list : also);

      _rtb_check_text_append (set, c->measured_words);
      _rtb_check_text_append_words (set, parameter);
      return _rtb_check_new (id, RTB_CHECK_GOOD, set, NULL);
    }
  outside_words = measured_outside (c, cpus);

  /* From what the command line already has: never advice to set what is set. */
  if (!realtime_cpus (c, want))
    advice = advise (ADVICE_BOOT, "N", NULL);
  else
    {
      for (guint w = 0; w < G_N_ELEMENTS (want); w++)
        {
          any_boot |= (want[w] & ~cpus[w]) != 0;
          own[w] |= want[w] & ~cpus[w];
          measured_wanted &= (c->measured[w] & ~(cpus[w] | want[w])) == 0;
        }
      want_text = _rtb_checklist_format_cpus (want);
      new_list = _rtb_checklist_format_cpus (own);
      advice = advise (!any_boot ? ADVICE_MEASURE
                       : measured_wanted ? ADVICE_BOOT : ADVICE_BOOT_AND_MEASURE,
                       new_list, want_text);
    }
  return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                         /* Translators: %s is "CPU 3" or "CPUs 0-1" */
                         MSGF ("not set for %s", outside_words), advice);
}

static RtbCheckText *
advise_nohz_full (CmdlineAdvice advice, const char *list, const char *measure)
{
  switch (advice)
    {
    case ADVICE_BOOT:
      /* Translators: %s is a CPU list such as "3" or "1-3" */
      return MSGF ("Boot with nohz_full=%s (on a kernel with CONFIG_NO_HZ_FULL) so the scheduler "
                   "tick stops while one task runs there.", list);
    case ADVICE_BOOT_AND_MEASURE:
      /* Translators: both %s are CPU lists such as "3" or "1-3" */
      return MSGF ("Boot with nohz_full=%s (on a kernel with CONFIG_NO_HZ_FULL) and measure there "
                   "(--cpus %s): the scheduler tick stops while one task runs there, and the "
                   "other CPUs keep it for housekeeping.", list, measure);
    case ADVICE_MEASURE:
    default:
      /* Translators: %s is a CPU list such as "3" or "1-3" */
      return MSGF ("Measure on the CPUs with nohz_full (--cpus %s): the others keep the "
                   "scheduler tick for housekeeping.", measure);
    }
}

RtbCheck *
_rtb_check_nohz_full (const RtbChecklistContext *c)
{
  return check_cmdline_cpus (c, "cpus.nohz_full", "nohz_full", NULL, advise_nohz_full);
}

static RtbCheckText *
advise_rcu_nocbs (CmdlineAdvice advice, const char *list, const char *measure)
{
  switch (advice)
    {
    case ADVICE_BOOT:
      /* Translators: %s is a CPU list such as "3" or "1-3" */
      return MSGF ("Boot with rcu_nocbs=%s so RCU callbacks run on other CPUs.", list);
    case ADVICE_BOOT_AND_MEASURE:
      /* Translators: both %s are CPU lists such as "3" or "1-3" */
      return MSGF ("Boot with rcu_nocbs=%s and measure there (--cpus %s) so RCU callbacks run on "
                   "other CPUs.", list, measure);
    case ADVICE_MEASURE:
    default:
      /* Translators: %s is a CPU list such as "3" or "1-3" */
      return MSGF ("Measure on the CPUs whose RCU callbacks run elsewhere (--cpus %s): the others "
                   "run them.", measure);
    }
}

RtbCheck *
_rtb_check_rcu_nocbs (const RtbChecklistContext *c)
{
  /* nohz_full= offloads RCU callbacks of its CPUs too. */
  return check_cmdline_cpus (c, "cpus.rcu_nocbs", "rcu_nocbs", "nohz_full", advise_rcu_nocbs);
}

RtbCheck *
_rtb_check_smt (const RtbChecklistContext *c)
{
  static const char *id = "cpus.smt";
  g_autofree char *control = _rtb_checklist_text (c, RTB_SYSTEM_SMT);
  uint64_t isolated[RTB_MAX_CPUS / 64];
  g_autoptr (RtbCheckText) shared = _rtb_check_text_list ();
  gboolean known, any_siblings = FALSE;
  guint n_shared = 0;

  if (control != NULL && (strcmp (control, "off") == 0 || strcmp (control, "forceoff") == 0))
    return _rtb_check_new (id, RTB_CHECK_GOOD,
                           _rtb_check_text_words (g_strdup_printf ("SMT %s", control)), NULL);
  if (control != NULL &&
      (strcmp (control, "notsupported") == 0 || strcmp (control, "notimplemented") == 0))
    return _rtb_check_new (id, RTB_CHECK_GOOD, MSG ("no SMT on this CPU"), NULL);

  isolated_cpus (c, isolated, &known);
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    {
      g_autofree char *siblings = NULL;
      uint64_t set[RTB_MAX_CPUS / 64];

      if (!rtb_cpu_isset (c->measured, cpu))
        continue;
      siblings = siblings_of (c, cpu);
      if (siblings == NULL || !_rtb_checklist_parse_cpus (siblings, set))
        continue;
      any_siblings = TRUE;
      for (int other = 0; other < RTB_MAX_CPUS; other++)
        if (other != cpu && rtb_cpu_isset (set, other) && !rtb_cpu_isset (isolated, other) &&
            strlen (shared->text) < 200)
          {
            g_autoptr (RtbCheckText) pair = MSGF ("CPU %d shares its core with CPU %d", cpu,
                                                  other);

            if (n_shared++ > 0)
              _rtb_check_text_append_words (shared, ", ");
            _rtb_check_text_append (shared, pair);
          }
    }
  if (!any_siblings)
    return UNKNOWN (id, N_("the CPUs' topology was not recorded"));
  if (n_shared == 0 && control != NULL && strcmp (control, "on") == 0)
    return _rtb_check_new (id, RTB_CHECK_GOOD,
                           MSG ("SMT on, but no measured CPU shares its core with a busy one"),
                           NULL);
  if (n_shared == 0)
    return _rtb_check_new (id, RTB_CHECK_GOOD, MSG ("no measured CPU shares its core"), NULL);
  return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER, MSGF ("SMT on: %s", shared),
                         MSG ("Turn SMT off (nosmt on the kernel command line, or echo off > "
                              "/sys/devices/system/cpu/smt/control), or isolate both siblings: "
                              "LinuxCNC's 37.8 µs became 6.7 µs this way."));
}

RtbCheck *
_rtb_check_governor (const RtbChecklistContext *c)
{
  static const char *id = "cpus.governor";
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *boost = _rtb_checklist_text (c, RTB_SYSTEM_BOOST);
  g_autofree char *no_turbo = _rtb_checklist_text (c, RTB_SYSTEM_NO_TURBO);
  g_autoptr (GString) names = g_string_new (NULL);
  gboolean boosting = g_strcmp0 (boost, "1") == 0 || g_strcmp0 (no_turbo, "0") == 0;
  gboolean all_performance = TRUE;
  int n_governors = 0;

  if (!c->online_known)
    return UNKNOWN (id, N_("the online CPUs were not recorded"));
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    {
      char *governor;

      if (!rtb_cpu_isset (c->measured, cpu))
        continue;
      governor = governor_of (c, cpu);
      if (governor == NULL)
        continue;
      n_governors++;
      if (strcmp (governor, "performance") != 0)
        all_performance = FALSE;
      if (!g_hash_table_add (seen, governor))
        continue;
      g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "", governor);
    }
  if (n_governors == 0)
    return _rtb_check_new (id, RTB_CHECK_GOOD, MSG ("no frequency scaling (no cpufreq driver)"),
                           NULL);
  if (all_performance && !boosting && (boost != NULL || no_turbo != NULL))
    /* Translators: %s is "CPU 3" or "CPUs 0-1" */
    return _rtb_check_new (id, RTB_CHECK_GOOD,
                           MSGF ("performance on %s, boost off", c->measured_words), NULL);
  if (all_performance && !boosting)
    /* Translators: %s is "CPU 3" or "CPUs 0-1" */
    return _rtb_check_new (id, RTB_CHECK_GOOD, MSGF ("performance on %s", c->measured_words),
                           NULL);
  return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                         /* Translators: %s names governors, such as "schedutil, powersave" */
                         boosting ? MSGF ("%s, boost on", names->str)
                                  : _rtb_check_text_words (g_strdup (names->str)),
                         MSG ("Set the performance governor (cpupower frequency-set -g "
                              "performance) and turn boost off (echo 0 > "
                              "/sys/devices/system/cpu/cpufreq/boost, or 1 > "
                              "intel_pstate/no_turbo): frequency changes stall the CPU."));
}

RtbCheck *
_rtb_check_idle (const RtbChecklistContext *c)
{
  static const char *id = "cpus.idle";
  g_autofree char *idle = _rtb_checklist_cmdline_param (c, "idle");
  g_autofree char *deepest_name = NULL;
  gint64 deepest = -1;
  int deepest_cpu = -1;

  if (!c->online_known)
    return UNKNOWN (id, N_("the online CPUs were not recorded"));
  if (g_strcmp0 (idle, "poll") == 0)
    return _rtb_check_new (id, RTB_CHECK_GOOD, MSG ("CPUs never sleep (idle=poll)"), NULL);
  for (guint state = 0; state < RTB_SYSTEM_IDLE_STATES_MAX; state++)
    {
      g_autofree char *name_key = g_strdup_printf (RTB_SYSTEM_IDLE_STATE_FORMAT, state);
      g_autofree char *latency_key = g_strdup_printf (RTB_SYSTEM_IDLE_LATENCY_FORMAT, state);
      g_autofree char *name = _rtb_checklist_text (c, name_key);
      g_autofree char *latency = _rtb_checklist_text (c, latency_key);
      gint64 us;

      if (name == NULL)
        break;
      us = latency != NULL ? g_ascii_strtoll (latency, NULL, 10) : 0;
      for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
        {
          g_autofree char *disable_key = NULL;
          g_autofree char *disabled = NULL;

          if (!rtb_cpu_isset (c->measured, cpu))
            continue;
          disable_key = g_strdup_printf (RTB_SYSTEM_IDLE_DISABLE_FORMAT, (unsigned) cpu, state);
          disabled = _rtb_checklist_text (c, disable_key);
          if (g_strcmp0 (disabled, "1") != 0 && us > deepest)
            {
              deepest = us;
              deepest_cpu = cpu;
              g_free (deepest_name);
              deepest_name = g_strdup (name);
            }
        }
    }
  if (deepest_name == NULL)
    return _rtb_check_new (id, RTB_CHECK_GOOD,
                           MSG ("no cpuidle states: the CPUs only wait for interrupts"), NULL);
  if (deepest <= 10)
    return _rtb_check_new (id, RTB_CHECK_GOOD,
                           /* Translators: %s names an idle state such as C1 */
                           MSGF ("deepest idle state %s, %lld µs to wake", deepest_name,
                                 (long long) deepest), NULL);
  return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                         /* Translators: %s names an idle state such as C6 */
                         MSGF ("%s allowed on CPU %d, %lld µs to wake", deepest_name, deepest_cpu,
                               (long long) deepest),
                         MSG ("rtbench holds /dev/cpu_dma_latency at 0 while measuring; your "
                              "real-time program must too, or disable the deep states "
                              "(processor.max_cstate=1 intel_idle.max_cstate=0, or echo 1 > "
                              "/sys/devices/system/cpu/cpuN/cpuidle/stateK/disable)."));
}

/* The names /proc/interrupts gives its numbered lines: "24" → "acpi". */
static GHashTable *
interrupt_names (const RtbChecklistContext *c)
{
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *text = _rtb_checklist_text (c, RTB_SYSTEM_INTERRUPTS);
  g_auto (GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) words = g_strsplit_set (g_strstrip (lines[i]), " \t", -1);
      guint n = g_strv_length (words);
      char *colon = n > 0 ? strchr (words[0], ':') : NULL;

      if (colon == NULL || !g_ascii_isdigit (words[0][0]))
        continue;
      *colon = '\0';
      while (n > 1 && words[n - 1][0] == '\0')
        n--;
      g_hash_table_replace (names, g_strdup (words[0]), g_strdup (words[n - 1]));
    }
  return names;
}

static int
compare_irqs (gconstpointer a, gconstpointer b)
{
  return (int) GPOINTER_TO_UINT (*(gconstpointer *) a) -
         (int) GPOINTER_TO_UINT (*(gconstpointer *) b);
}

RtbCheck *
_rtb_check_irqs (const RtbChecklistContext *c)
{
  static const char *id = "cpus.irqs";
  g_autoptr (GHashTable) names = interrupt_names (c);
  g_autoptr (GPtrArray) hitting = g_ptr_array_new ();
  g_autoptr (RtbCheckText) list = _rtb_check_text_list ();
  uint64_t isolated[RTB_MAX_CPUS / 64], measured_isolated[RTB_MAX_CPUS / 64];
  GHashTableIter iter;
  gpointer key, value;
  gboolean known_isolation, any = FALSE, on_isolated = FALSE;

  isolated_cpus (c, isolated, &known_isolation);
  for (guint w = 0; w < G_N_ELEMENTS (isolated); w++)
    measured_isolated[w] = isolated[w] & c->measured[w];
  g_hash_table_iter_init (&iter, c->files);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      uint64_t cpus[RTB_MAX_CPUS / 64];
      unsigned irq;
      char kind[32];

      if (sscanf (key, "proc/irq/%u/%31s", &irq, kind) != 2)
        continue;
      /* The effective CPUs when the kernel tells, else the allowed ones. */
      if (strcmp (kind, "smp_affinity_list") == 0)
        {
          g_autofree char *effective = g_strdup_printf (RTB_SYSTEM_IRQ_EFFECTIVE_FORMAT, irq);

          if (g_hash_table_contains (c->files, effective))
            continue;
        }
      any = TRUE;
      if (!_rtb_checklist_parse_cpus (value, cpus) || _rtb_checklist_measured_in (c, cpus) == 0)
        continue;
      g_ptr_array_add (hitting, GUINT_TO_POINTER (irq));
      for (guint w = 0; w < G_N_ELEMENTS (cpus); w++)
        on_isolated |= (cpus[w] & measured_isolated[w]) != 0;
    }
  if (!any)
    return UNKNOWN (id, N_("the interrupts' affinities were not recorded"));
  if (hitting->len == 0)
    return _rtb_check_new (id, RTB_CHECK_GOOD,
                           MSGF ("no interrupt is served by %s", c->measured_words), NULL);

  g_ptr_array_sort (hitting, compare_irqs);
  for (guint i = 0; i < hitting->len && i < 6; i++)
    {
      g_autofree char *number = g_strdup_printf ("%u", GPOINTER_TO_UINT (hitting->pdata[i]));
      const char *name = g_hash_table_lookup (names, number);

      g_autofree char *words = g_strdup_printf ("%s%s%s%s%s", i > 0 ? ", " : "", number,
                                                name != NULL ? " (" : "",
                                                name != NULL ? name : "",
                                                name != NULL ? ")" : "");

      _rtb_check_text_append_words (list, words);
    }
  if (hitting->len > 6)
    {
      g_autoptr (RtbCheckText) more = MSGF (" and %u more", hitting->len - 6);

      _rtb_check_text_append (list, more);
    }
  /* An interrupt on an isolated CPU undoes what the isolation was for. */
  return _rtb_check_new (id, on_isolated ? RTB_CHECK_BAD : RTB_CHECK_COULD_BE_BETTER,
                         /* Translators: the first %s is "CPU 3" or "CPUs 0-1", the second a
                          * list of interrupts such as "24 (acpi), 30 (eth0)" */
                         _rtb_checklist_measured_count (c) > 1
                           ? MSGN ("%s serve interrupt %s", "%s serve interrupts %s",
                                   hitting->len, c->measured_words, list)
                           : MSGN ("%s serves interrupt %s", "%s serves interrupts %s",
                                   hitting->len, c->measured_words, list),
                         MSG ("Route them to other CPUs (echo 0 > /proc/irq/N/smp_affinity_list, "
                              "or irqaffinity=0 and isolcpus=managed_irq,N on the kernel command "
                              "line)."));
}
