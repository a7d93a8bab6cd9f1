/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rtb-checklist.h"
#include "rtb-compare-private.h"
#include "rtb-key-words.h"

typedef enum {
  SYS_HOSTNAME,
  SYS_KERNEL,
  SYS_PREEMPT_RT,
  SYS_MACHINE,
  SYS_CPU_MODEL,
  SYS_N_CPUS,
  SYS_ISOLCPUS,
  SYS_NOHZ_FULL,
  SYS_GOVERNOR,
  SYS_SMT,
  SYS_LOAD,
  SYS_METHOD,
  SYS_PARAMETERS,
  SYS_SOURCE,
} SystemField;

static const struct {
  const char *key;
  const char *title;
} system_fields[] = {
  [SYS_HOSTNAME] = { "hostname", N_("host") },
  [SYS_KERNEL] = { "kernel", N_("kernel") },
  [SYS_PREEMPT_RT] = { "preempt_rt", "PREEMPT_RT" },
  [SYS_MACHINE] = { "machine", N_("architecture") },
  [SYS_CPU_MODEL] = { "cpu_model", N_("CPU model") },
  [SYS_N_CPUS] = { "n_cpus", N_("CPUs") },
  [SYS_ISOLCPUS] = { "isolcpus", "isolcpus" },
  [SYS_NOHZ_FULL] = { "nohz_full", "nohz_full" },
  [SYS_GOVERNOR] = { "governor", N_("governor") },
  [SYS_SMT] = { "smt", "SMT" },
  [SYS_LOAD] = { "load", N_("load") },
  [SYS_METHOD] = { "method", N_("method") },
  [SYS_PARAMETERS] = { "parameters", N_("parameters") },
  [SYS_SOURCE] = { "source", N_("source") },
};

static char *
text_or (const char *value, const char *fallback)
{
  return g_strdup (value != NULL && *value != '\0' ? value : fallback);
}

/* "cpus=0 policy=other…": the stated parameters without the method. */
static char *
parameters_text (RtbRun *run)
{
  g_autofree char *line = rtb_run_format_parameters (run);
  const char *p = strchr (line, ' ');

  return g_strdup (p != NULL ? p + 1 : "-");
}

/* Runs measured by rtbench (or recorded from its worker) know their parameters; other tools'
 * files state few of them, the rest being defaults that must not be compared. */
static gboolean
parameters_known (RtbRun *run)
{
  const char *source = rtb_run_get_source (run);

  return source == NULL || *source == '\0' || strcmp (source, "measured") == 0 ||
         g_str_has_prefix (source, "imported from rtbench-worker stream");
}

/* "-" when unknown (NULL), `empty` when stated empty. */
static char *
stated_text (const char *value, const char *empty)
{
  if (value == NULL)
    return g_strdup ("-");
  return g_strdup (*value != '\0' ? value : empty);
}

static char *
system_value (RtbRun *run, SystemField field)
{
  const RtbSystemInfo *s = rtb_run_get_system (run);

  if (s == NULL && field <= SYS_SMT)
    return g_strdup ("-");
  switch (field)
    {
    case SYS_HOSTNAME:
      return text_or (s->hostname, "-");
    case SYS_KERNEL:
      return text_or (s->kernel_release, "-");
    case SYS_PREEMPT_RT:
      return g_strdup (s->preempt_rt == TRUE ? "yes" : s->preempt_rt == FALSE ? "no" : "-");
    case SYS_MACHINE:
      return text_or (s->machine, "-");
    case SYS_CPU_MODEL:
      return text_or (s->cpu_model, "-");
    case SYS_N_CPUS:
      return s->n_cpus > 0 ? g_strdup_printf ("%d", s->n_cpus) : g_strdup ("-");
    case SYS_ISOLCPUS:
      return stated_text (s->isolcpus, "none");
    case SYS_NOHZ_FULL:
      return stated_text (s->nohz_full, "none");
    case SYS_GOVERNOR:
      return text_or (rtb_system_info_governor_words (s->governor), "-");
    case SYS_SMT:
      return text_or (rtb_system_info_smt_words (s->smt), "-");
    case SYS_LOAD:
      return text_or (rtb_run_get_load (run), "-");
    case SYS_METHOD:
      return g_strdup (rtb_method_to_string (rtb_run_get_method (run)));
    case SYS_PARAMETERS:
      return parameters_text (run);
    case SYS_SOURCE:
      return text_or (rtb_run_get_source (run), "measured");
    default:
      g_return_val_if_reached (g_strdup ("-"));
    }
}

/* The ids of every run's checklist, each once, in the model's order (most important first). */
static GPtrArray *
check_ids (RtbRun *const *runs, guint n_runs)
{
  GPtrArray *ids = g_ptr_array_new ();

  for (guint r = 0; r < n_runs; r++)
    {
      GPtrArray *checks = rtb_run_get_checks (runs[r]);

      for (guint i = 0; checks != NULL && i < checks->len; i++)
        {
          const char *id = g_intern_string (((RtbCheck *) checks->pdata[i])->id);

          if (!g_ptr_array_find (ids, id, NULL))
            g_ptr_array_add (ids, (gpointer) id);
        }
    }
  return ids;
}

static const char *
check_status (RtbRun *run, const char *id)
{
  const RtbCheck *check = rtb_checklist_find (rtb_run_get_checks (run), id);

  if (check == NULL)
    return "-";
  return rtb_check_status_to_string (check->status);
}

/* The system rows' own words; the other values are the system's (kernel, CPU model…). */
static const char * const value_words[] = {
  /* Translators: PREEMPT_RT in the compared systems */
  N_("yes"), N_("no"),
  /* Translators: no CPU is isolated, or none is nohz_full */
  N_("none"),
  /* Translators: a run's source: measured by rtbench (not imported) */
  N_("measured"),
};

const char *
rtb_compare_system_row_title (const RtbCompareSystemRow *row)
{
  g_return_val_if_fail (row != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (system_fields); i++)
    if (g_strcmp0 (row->key, system_fields[i].key) == 0)
      return _(system_fields[i].title);
  return row->title;
}

const char *
rtb_compare_system_row_label (const RtbCompareSystemRow *row, guint run)
{
  RtbCheckStatus status;

  g_return_val_if_fail (row != NULL, NULL);

  if (row->checklist && rtb_check_status_from_string (row->values[run], &status))
    return rtb_check_status_label (status);
  for (guint i = 0; i < G_N_ELEMENTS (value_words); i++)
    if (g_strcmp0 (row->values[run], value_words[i]) == 0)
      return _(value_words[i]);
  /* The machine's states in words (rtb_system_info_*_words); a governor's own name stays. */
  if (g_strcmp0 (row->key, "governor") == 0 || g_strcmp0 (row->key, "smt") == 0)
    return _(row->values[run]);
  return row->values[run];
}

/* One row per checklist item, its status in each run ("-" where none was recorded). */
static void
build_checklist (RtbRun *const *runs, guint n_runs, GArray *rows)
{
  g_autoptr (GPtrArray) ids = check_ids (runs, n_runs);

  for (guint i = 0; i < ids->len; i++)
    {
      RtbCompareSystemRow row = {
        .key = ids->pdata[i],
        .title = ids->pdata[i],
        .values = g_new0 (char *, n_runs + 1),
        .checklist = TRUE,
      };

      for (guint r = 0; r < n_runs; r++)
        {
          row.values[r] = g_strdup (check_status (runs[r], row.key));
          if (r > 0 && strcmp (row.values[r], row.values[0]) != 0)
            row.differs = TRUE;
        }
      g_array_append_val (rows, row);
    }
}

void
_rtb_compare_build_system (RtbRun *const *runs, guint n_runs, GArray *rows)
{
  for (guint f = 0; f < G_N_ELEMENTS (system_fields); f++)
    {
      RtbCompareSystemRow row = {
        .key = system_fields[f].key,
        .title = system_fields[f].title,
        .values = g_new0 (char *, n_runs + 1),
      };

      for (guint r = 0; r < n_runs; r++)
        {
          row.values[r] = system_value (runs[r], f);
          if (r > 0 && strcmp (row.values[r], row.values[0]) != 0)
            row.differs = TRUE;
        }
      g_array_append_val (rows, row);
    }
  build_checklist (runs, n_runs, rows);
}

/* "different WHAT: A vs B" when the values are not all the same. */
static void
add_if_different (GPtrArray *notices, const char *what, GPtrArray *values, const char *why)
{
  gboolean differs = FALSE;

  for (guint i = 1; i < values->len && !differs; i++)
    differs = strcmp (values->pdata[i], values->pdata[0]) != 0;
  if (!differs)
    return;
  g_ptr_array_add (values, NULL);
  g_autofree char *joined = g_strjoinv (_(" vs "), (char **) values->pdata);
  if (why != NULL)
    /* Translators: "different durations: 10 s vs 1 min — longer runs meet rarer spikes" */
    g_ptr_array_add (notices, g_strdup_printf (_("%s: %s — %s"), _(what), joined, _(why)));
  else
    /* Translators: "different intervals: 1000 µs vs 200 µs" */
    g_ptr_array_add (notices, g_strdup_printf (_("%s: %s"), _(what), joined));
}

static gboolean
is_cyclictest_import (RtbRun *run)
{
  return g_str_has_prefix (rtb_run_get_source (run), "imported from cyclictest");
}

gboolean
_rtb_compare_meets_cyclictest (RtbRun *const *runs, guint n_runs, gboolean *text)
{
  gboolean meets = FALSE;

  *text = FALSE;
  for (guint r = 0; r < n_runs; r++)
    if (is_cyclictest_import (runs[r]))
      {
        meets = TRUE;
        *text |= !g_str_has_prefix (rtb_run_get_source (runs[r]),
                                    "imported from cyclictest --json");
      }
  return meets;
}

/* The names of the runs `is` holds for, joined by ", " (NULL when none), and how many. */
static char *
names_where (RtbRun *const *runs, const char * const *names, guint n_runs,
             gboolean (*is) (RtbRun *run), guint *n)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new ();

  for (guint r = 0; r < n_runs; r++)
    if (is (runs[r]))
      g_ptr_array_add (found, (gpointer) names[r]);
  *n = found->len;
  if (found->len == 0)
    return NULL;
  g_ptr_array_add (found, NULL);
  return g_strjoinv (", ", (char **) found->pdata);
}

/* Like with like: cyclictest's figures come from samples truncated to whole µs. */
static void
explain_cyclictest_figures (RtbRun *const *runs, const char * const *names, guint n_runs,
                            GPtrArray *notices)
{
  guint n;
  g_autofree char *joined = names_where (runs, names, n_runs, is_cyclictest_import, &n);

  if (joined == NULL)
    return;

  g_ptr_array_add (notices,
                   /* Translators: %s names one or more runs */
                   g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "%s comes from cyclictest: every run is shown as "
                                                 "cyclictest computes it, from each sample "
                                                 "truncated to whole µs, to compare like with like",
                                                 "%s come from cyclictest: every run is shown as "
                                                 "cyclictest computes it, from each sample "
                                                 "truncated to whole µs, to compare like with like",
                                                 n), joined));
  g_ptr_array_add (notices, g_strdup (_("counts include overflows: cyclictest's \"# Total\" "
                                        "leaves them out (count = Total + Overflows)")));
}

static gboolean
is_oslat_import (RtbRun *run)
{
  return g_str_has_prefix (rtb_run_get_source (run), "imported from oslat");
}

/* oslat's loop reads the TSC, the noise method's the clock (docs/methods.md §5). */
static void
explain_oslat_counts (RtbRun *const *runs, const char * const *names, guint n_runs,
                      GPtrArray *notices)
{
  guint n;
  g_autofree char *joined = names_where (runs, names, n_runs, is_oslat_import, &n);
  gboolean measured = FALSE;

  for (guint r = 0; r < n_runs; r++)
    measured |= !is_oslat_import (runs[r]) && rtb_run_get_method (runs[r]) == RTB_METHOD_NOISE;
  if (joined == NULL || !measured)
    return;

  g_ptr_array_add (notices,
                   /* Translators: %s names one or more runs */
                   g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "%s comes from oslat, whose loop reads the TSC "
                                                 "where rtbench's reads the clock: one turn costs "
                                                 "a different time, so the counts of gaps differ; "
                                                 "the gaps of 2 µs or more and the max are the "
                                                 "same events",
                                                 "%s come from oslat, whose loop reads the TSC "
                                                 "where rtbench's reads the clock: one turn costs "
                                                 "a different time, so the counts of gaps differ; "
                                                 "the gaps of 2 µs or more and the max are the "
                                                 "same events",
                                                 n), joined));
}

void
_rtb_compare_build_notices (RtbRun *const *runs, const char * const *names, guint n_runs,
                            GPtrArray *notices)
{
  g_autoptr (GPtrArray) methods = g_ptr_array_new ();
  RtbMethod method = rtb_run_get_method (runs[0]);
  gboolean same_method = TRUE;

  for (guint r = 0; r < n_runs; r++)
    {
      g_ptr_array_add (methods, (gpointer) rtb_method_to_string (rtb_run_get_method (runs[r])));
      if (rtb_run_get_method (runs[r]) != method)
        same_method = FALSE;
    }
  if (!same_method)
    {
      g_ptr_array_add (methods, NULL);
      g_autofree char *joined = g_strjoinv (_(" vs "), (char **) methods->pdata);
      g_ptr_array_add (notices, g_strdup_printf (_("runs use different methods: %s — compare "
                                                   "with care"), joined));
    }

  for (guint k = 0; same_method && k < rtb_n_key_words; k++)
    {
      g_autoptr (GPtrArray) values = g_ptr_array_new_with_free_func (g_free);

      if (rtb_key_words[k].differs == NULL || !rtb_key_words_apply (k, method))
        continue;
      for (guint r = 0; r < n_runs; r++)
        if (parameters_known (runs[r]))
          g_ptr_array_add (values, rtb_key_words_value_text (k, rtb_run_get_command (runs[r])));
      add_if_different (notices, rtb_key_words[k].differs, values, rtb_key_words[k].why);
    }

  for (guint r = 0; r < n_runs; r++)
    {
      const char *source = rtb_run_get_source (runs[r]);
      guint64 dropped = rtb_run_get_total_dropped (runs[r]);

      if (rtb_run_get_state (runs[r]) == RTB_RUN_STATE_CUT_SHORT)
        g_ptr_array_add (notices, g_strdup_printf (_("%s was cut short: its figures cover what "
                                                     "was measured until then"), names[r]));
      if (dropped > 0)
        g_ptr_array_add (notices,
                         g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                       "%s lost %llu sample in a full buffer "
                                                       "before it was read: its figures leave "
                                                       "it out",
                                                       "%s lost %llu samples in a full buffer "
                                                       "before they were read: its figures "
                                                       "leave them out",
                                                       dropped), names[r],
                                          (unsigned long long) dropped));
      if (!parameters_known (runs[r]))
        {
          const char *from = source;

          if (g_str_has_prefix (from, "imported from "))
            from += strlen ("imported from ");
          g_ptr_array_add (notices, g_strdup_printf (_("%s was imported (%s): its figures are "
                                                       "that tool's own and its parameters are "
                                                       "not compared"), names[r], from));
        }
    }
  explain_cyclictest_figures (runs, names, n_runs, notices);
  explain_oslat_counts (runs, names, n_runs, notices);
}
