/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rtb-cli-gate.h"
#include "rtb-cli-util.h"
#include "rtb-compare.h"
#include "rtb-methods.h"
#include "rtb-safe-text.h"

/* The help of one option, its words wrapped in a column of their own, 63 characters wide; an
 * option too long for its column has a line of its own. */
static void
append_option_help (GString *help, const char *option, const char *text)
{
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  g_autoptr (GString) line = g_string_new (NULL);
  gboolean first = g_utf8_strlen (option, -1) < 27;

  if (!first)
    g_string_append_printf (help, "    %s\n", option);
  for (guint i = 0; words[i] != NULL; i++)
    {
      if (line->len > 0 &&
          g_utf8_strlen (line->str, -1) + 1 + g_utf8_strlen (words[i], -1) > 63)
        {
          g_string_append_printf (help, "    %-27s%s\n", first ? option : "", line->str);
          g_string_truncate (line, 0);
          first = FALSE;
        }
      g_string_append_printf (line, "%s%s", line->len > 0 ? " " : "", words[i]);
    }
  g_string_append_printf (help, "    %-27s%s\n", first ? option : "", line->str);
}

char *
rtb_cli_gates_options (const char *last)
{
  GString *list = g_string_new (NULL);

  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    {
      if (rtb_figure_info (f)->limit != NULL)
        g_string_append_printf (list, "--%s, ", rtb_figure_info (f)->limit);
    }
  g_string_append_printf (list, "--baseline, --fail-worse, --junit%s--tap", last);
  return g_string_free (list, FALSE);
}

char *
rtb_cli_gates_help (void)
{
  GString *help = g_string_new (NULL);
  GString *worse = g_string_new ("with --baseline: fail when a figure (");

  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    {
      const RtbFigureInfo *info = rtb_figure_info (f);
      g_autofree char *option = NULL;

      if (info->limit == NULL)
        continue;
      option = g_strdup_printf ("--%s %s", info->limit,
                                info->kind == RTB_FIGURE_KIND_US        ? "US"
                                : info->kind == RTB_FIGURE_KIND_PERCENT ? "PERCENT"
                                                                        : "N");
      append_option_help (help, option, info->limit_help);
    }
  append_option_help (help, "--baseline FILE", "a run to compare with (series matched by name)");
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    if (rtb_figure_info (f)->baseline)
      {
        g_autofree char *name = rtb_figure_name (f);

        g_string_append_printf (worse, "%s%s", worse->str[worse->len - 1] == '(' ? "" : ", ",
                                name);
      }
  g_string_append (worse, ") is worse than the baseline's by more than PCT %");
  append_option_help (help, "--fail-worse PCT", worse->str);
  append_option_help (help, "--junit FILE", "write JUnit XML: a test suite per machine, a test "
                      "case per series, a failure per violated limit");
  append_option_help (help, "--tap", "print TAP on stdout (the tables go to stderr)");
  g_string_free (worse, TRUE);
  return g_string_free (help, FALSE);
}

typedef struct {
  char *suite;          /* the machine */
  char *name;           /* the series, or "run" for a machine that did not measure */
  double time_s;
  GPtrArray *failures;  /* sentences */
  GPtrArray *kinds;     /* the option each failure violated */
  char *error;
} GateCase;

static void
gate_case_free (GateCase *c)
{
  g_free (c->suite);
  g_free (c->name);
  g_ptr_array_unref (c->failures);
  g_ptr_array_unref (c->kinds);
  g_free (c->error);
  g_free (c);
}

void
rtb_cli_gates_init (RtbCliGates *gates)
{
  memset (gates, 0, sizeof *gates);
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    gates->limits[f] = NAN;
  gates->worse_pct = NAN;
  gates->cases = g_ptr_array_new_with_free_func ((GDestroyNotify) gate_case_free);
}

void
rtb_cli_gates_clear (RtbCliGates *gates)
{
  g_clear_pointer (&gates->baseline_file, g_free);
  g_clear_pointer (&gates->junit_file, g_free);
  g_clear_object (&gates->baseline);
  g_clear_pointer (&gates->cases, g_ptr_array_unref);
}

static gboolean
parse_number (const char *name, const char *value, double *out)
{
  char *end = NULL;
  double v;

  errno = 0;
  v = g_ascii_strtod (value, &end);
  if (*value == '\0' || end == NULL || *end != '\0' || errno != 0 || !isfinite (v) || v < 0)
    {
      rtb_cli_error ("--%s \"%s\" is not a number of 0 or more, such as 150 or 99.5", name,
                     value);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

static gboolean
parse_percent (const char *name, const char *value, double *out)
{
  if (!parse_number (name, value, out))
    return FALSE;
  if (*out > 100)
    {
      rtb_cli_error ("--%s \"%s\" is more than 100 %%: give a per cent from 0 to 100, such as "
                     "99.9", name, value);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_count (const char *name, const char *value, double *out)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (value, 10, 0, G_MAXINT64, &v, NULL))
    {
      rtb_cli_error ("--%s \"%s\" is not a whole number of 0 or more", name, value);
      return FALSE;
    }
  *out = (double) v;
  return TRUE;
}

gboolean
rtb_cli_gate_is_option (const char *name)
{
  static const char * const names[] = {
    "baseline", "fail-worse", "junit", "tap", NULL,
  };

  return rtb_figure_by_limit (name) < RTB_N_FIGURES || g_strv_contains (names, name);
}

gboolean
rtb_cli_gate_is_flag (const char *name)
{
  return strcmp (name, "tap") == 0;
}

int
rtb_cli_gate_option (RtbCliGates *gates, const char *name, const char *value)
{
  RtbFigure figure = rtb_figure_by_limit (name);
  gboolean ok;

  if (strcmp (name, "tap") == 0)
    {
      gates->tap = TRUE;
      return 1;
    }
  if (figure < RTB_N_FIGURES && rtb_figure_is_integer (figure))
    ok = parse_count (name, value, &gates->limits[figure]);
  else if (figure < RTB_N_FIGURES && rtb_figure_info (figure)->kind == RTB_FIGURE_KIND_PERCENT)
    ok = parse_percent (name, value, &gates->limits[figure]);
  else if (figure < RTB_N_FIGURES)
    ok = parse_number (name, value, &gates->limits[figure]);
  else if (strcmp (name, "fail-worse") == 0)
    ok = parse_number (name, value, &gates->worse_pct);
  else if (strcmp (name, "baseline") == 0 || strcmp (name, "junit") == 0)
    {
      char **field = name[0] == 'b' ? &gates->baseline_file : &gates->junit_file;

      g_free (*field);
      *field = g_strdup (value);
      ok = TRUE;
    }
  else
    return 0;
  return ok ? 1 : -1;
}

gboolean
rtb_cli_gates_prepare (RtbCliGates *gates)
{
  g_autoptr (GError) error = NULL;

  if ((gates->baseline_file != NULL) != !isnan (gates->worse_pct))
    {
      rtb_cli_error ("--baseline FILE and --fail-worse PCT go together: give both, such as "
                     "--baseline last-week.rtbench --fail-worse 10");
      return FALSE;
    }
  if (gates->baseline_file == NULL)
    return TRUE;
  gates->baseline = rtb_run_load (gates->baseline_file, &error);
  if (gates->baseline == NULL)
    {
      rtb_cli_error ("--baseline %s: %s", gates->baseline_file, error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
rtb_cli_gates_any (const RtbCliGates *gates)
{
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    if (!isnan (gates->limits[f]))
      return TRUE;
  return gates->baseline != NULL ||
         gates->junit_file != NULL || gates->tap;
}

static void
fail (GateCase *c, const char *kind, const char *format, ...) G_GNUC_PRINTF (3, 4);

static void
fail (GateCase *c, const char *kind, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (c->failures, g_strdup_vprintf (format, args));
  va_end (args);
  g_ptr_array_add (c->kinds, g_strdup (kind));
}

static GateCase *
new_case (const char *suite, const char *name)
{
  GateCase *c = g_new0 (GateCase, 1);

  c->suite = g_strdup (suite);
  c->name = g_strdup (name);
  c->failures = g_ptr_array_new_with_free_func (g_free);
  c->kinds = g_ptr_array_new_with_free_func (g_free);
  return c;
}

/* A limit on a figure the run does not know (no samples, or a source that did not record it)
 * cannot be shown to hold: it fails, saying so, rather than passing in silence. A figure whose
 * higher values are better (% CPU available) has a floor. */
static void
judge (GateCase *c, const RtbFigureInfo *info, const char *figure, double value, double limit)
{
  gboolean percent = info->kind == RTB_FIGURE_KIND_PERCENT;
  const char *unit = percent ? "%" : "µs";

  if (isnan (limit))
    return;
  if (isnan (value))
    fail (c, info->limit, "%s is unknown in this run (no samples, or the source did not record "
          "it): --%s %.10g %s cannot be judged", figure, info->limit, limit, unit);
  else if (info->higher_better ? value < limit : value > limit)
    fail (c, info->limit, "%s %.*f %s is %s --%s %.10g %s", figure, percent ? 5 : 3, value, unit,
          info->higher_better ? "below" : "above", info->limit, limit, unit);
}

/* The same for a count of events. */
static void
judge_count (GateCase *c, const RtbFigureInfo *info, double value, double limit)
{
  if (isnan (limit))
    return;
  if (isnan (value))
    fail (c, info->limit, "%s are unknown in this run (the source did not record them): "
          "--%s %.0f cannot be judged", info->counted, info->limit, limit);
  else if (value > limit)
    fail (c, info->limit, "%.0f %s are more than --%s %.0f", value, info->counted, info->limit,
          limit);
}

/* Whether another series of the run, on the same CPU, judges count `f` that `series` does not
 * know: one that knows it (hwlat's totals are its CPU's, on the CPU's latency series, not on
 * its inner and outer series: the same windows), or, when none knows it, the CPU's first
 * series, so that an unknown count fails once per CPU. */
static gboolean
cpu_row_judges (RtbRun *run, RtbSeries *series, RtbFigure f)
{
  gboolean first = TRUE, seen = FALSE;

  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      RtbSeries *other = rtb_run_get_series (run, i);
      RtbSeriesSummary s;

      if (other == series)
        {
          seen = TRUE;
          continue;
        }
      if (other->cpu < 0 || other->cpu != series->cpu)
        continue;
      first = first && seen;
      rtb_series_get_summary (other, &s);
      if (!isnan (rtb_figure_value (f, &s)))
        return TRUE;
    }
  return !first;
}

static void
check_limits (RtbCliGates *gates, GateCase *c, RtbRun *run, guint index)
{
  RtbSeries *series = rtb_run_get_series (run, index);
  RtbSeriesSummary s;
  RtbMethod method = rtb_run_get_method (run);
  gboolean is_signed = rtb_method_info (method)->signed_values;

  rtb_series_get_summary (series, &s);
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    {
      const RtbFigureInfo *info = rtb_figure_info (f);
      g_autofree char *name = rtb_figure_name (f);

      if (info->limit == NULL || isnan (gates->limits[f]))
        continue;
      /* A CPU's lost samples once, on the series that holds them first. */
      if (f == RTB_FIGURE_DROPPED && !rtb_run_series_holds_own_samples (run, index))
        continue;
      if (!rtb_figure_applies (f, method) && isnan (rtb_figure_value (f, &s)))
        fail (c, info->limit, "runs of the %s method have no %s: --%s cannot be judged",
              rtb_method_to_string (method), name, info->limit);
      else if (rtb_figure_is_integer (f) && isnan (rtb_figure_value (f, &s)) &&
               cpu_row_judges (run, series, f))
        continue;
      else if (rtb_figure_is_integer (f))
        judge_count (c, info, rtb_figure_value (f, &s), gates->limits[f]);
      else if (f == RTB_FIGURE_MAX && is_signed)
        judge (c, info, "largest deviation", MAX (fabs (s.min_us), fabs (s.max_us)),
               gates->limits[f]);
      else
        judge (c, info, name, rtb_figure_value (f, &s), gates->limits[f]);
    }
}

/* Every figure held against the baseline, of the series named like `row`. */
static void
check_baseline (RtbCliGates *gates, GateCase *c, RtbCompare *compare, guint row)
{
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    {
      const RtbCompareCell *cell = rtb_compare_get_cell (compare, row, 1, f);
      const RtbCompareCell *base = rtb_compare_get_cell (compare, row, 0, f);
      double limit = fabs (base->value) * (1 + gates->worse_pct / 100);
      g_autofree char *name = NULL;

      if (!rtb_figure_info (f)->baseline)
        continue;
      name = rtb_figure_name (f);
      if (isnan (cell->value) && !isnan (base->value))
        {
          fail (c, "fail-worse", "%s is unknown in this run, the baseline's is %.3f µs: "
                "--fail-worse %g cannot be judged", name, base->value, gates->worse_pct);
          continue;
        }
      /* WORSE already leaves out values that print the same. */
      if (cell->verdict != RTB_COMPARE_WORSE || fabs (cell->value) <= limit)
        continue;
      if (base->value == 0)
        fail (c, "fail-worse", "%s %.3f µs is worse than the baseline's 0 µs (--fail-worse %g)",
              name, cell->value, gates->worse_pct);
      else
        fail (c, "fail-worse", "%s %.3f µs is %.1f %% worse than the baseline's %.3f µs "
              "(--fail-worse %g)", name, cell->value,
              100 * (fabs (cell->value) / fabs (base->value) - 1), base->value,
              gates->worse_pct);
    }
}

void
rtb_cli_gates_add_run (RtbCliGates *gates, const char *machine, RtbRun *run, const char *error)
{
  g_autoptr (RtbCompare) compare = NULL;

  if (run == NULL || rtb_run_get_n_series (run) == 0)
    {
      GateCase *c = new_case (machine, "run");

      c->error = g_strdup (error != NULL ? error : "nothing was measured");
      g_ptr_array_add (gates->cases, c);
      return;
    }
  if (gates->baseline != NULL)
    compare = rtb_compare_new ((RtbRun *[]) { gates->baseline, run }, 2);

  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      RtbSeries *series = rtb_run_get_series (run, i);
      GateCase *c = new_case (machine, series->name);

      c->time_s = (double) rtb_run_get_elapsed_ns (run) / 1e9;
      check_limits (gates, c, run, i);
      for (guint row = 0; compare != NULL && row < rtb_compare_get_n_rows (compare); row++)
        if (!rtb_compare_row_is_pooled (compare, row) &&
            g_strcmp0 (rtb_compare_get_row_name (compare, row), series->name) == 0 &&
            rtb_compare_get_series (compare, row, 0) != NULL)
          check_baseline (gates, c, compare, row);
      g_ptr_array_add (gates->cases, c);
    }
}

/* ---- Reports ----------------------------------------------------------------------------- */

static void
append_attr (GString *xml, const char *name, const char *value)
{
  g_autofree char *safe = rtb_safe_text (value);
  g_autofree char *escaped = g_markup_escape_text (safe, -1);

  g_string_append_printf (xml, " %s=\"%s\"", name, escaped);
}

static char *
junit_xml (RtbCliGates *gates)
{
  GString *xml = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  guint failures = 0, errors = 0;

  for (guint i = 0; i < gates->cases->len; i++)
    {
      GateCase *c = gates->cases->pdata[i];

      failures += c->failures->len > 0;
      errors += c->error != NULL;
    }
  g_string_append_printf (xml, "<testsuites name=\"rtbench\" tests=\"%u\" failures=\"%u\" "
                          "errors=\"%u\">\n", gates->cases->len, failures, errors);
  for (guint i = 0; i < gates->cases->len;)
    {
      GateCase *first = gates->cases->pdata[i];
      guint end = i, suite_failures = 0, suite_errors = 0;

      while (end < gates->cases->len &&
             g_str_equal (((GateCase *) gates->cases->pdata[end])->suite, first->suite))
        {
          GateCase *c = gates->cases->pdata[end++];

          suite_failures += c->failures->len > 0;
          suite_errors += c->error != NULL;
        }
      g_string_append (xml, "  <testsuite");
      append_attr (xml, "name", first->suite);
      g_string_append_printf (xml, " tests=\"%u\" failures=\"%u\" errors=\"%u\">\n", end - i,
                              suite_failures, suite_errors);
      for (; i < end; i++)
        {
          GateCase *c = gates->cases->pdata[i];
          g_autofree char *classname = g_strdup_printf ("rtbench.%s", c->suite);

          g_string_append (xml, "    <testcase");
          append_attr (xml, "classname", classname);
          append_attr (xml, "name", c->name);
          g_string_append_printf (xml, " time=\"%.3f\">\n", c->time_s);
          for (guint f = 0; f < c->failures->len; f++)
            {
              g_string_append (xml, "      <failure");
              append_attr (xml, "type", c->kinds->pdata[f]);
              append_attr (xml, "message", c->failures->pdata[f]);
              g_string_append (xml, "/>\n");
            }
          if (c->error != NULL)
            {
              g_string_append (xml, "      <error");
              append_attr (xml, "type", "run");
              append_attr (xml, "message", c->error);
              g_string_append (xml, "/>\n");
            }
          g_string_append (xml, "    </testcase>\n");
        }
      g_string_append (xml, "  </testsuite>\n");
    }
  g_string_append (xml, "</testsuites>\n");
  return g_string_free (xml, FALSE);
}

static void
print_tap (RtbCliGates *gates)
{
  printf ("TAP version 13\n1..%u\n", gates->cases->len);
  for (guint i = 0; i < gates->cases->len; i++)
    {
      GateCase *c = gates->cases->pdata[i];
      gboolean ok = c->failures->len == 0 && c->error == NULL;
      g_autofree char *suite = rtb_safe_text (c->suite);
      g_autofree char *name = rtb_safe_text (c->name);

      printf ("%s %u - %s %s\n", ok ? "ok" : "not ok", i + 1, suite, name);
      for (guint f = 0; f < c->failures->len; f++)
        printf ("# %s\n", (const char *) c->failures->pdata[f]);
      if (c->error != NULL)
        {
          g_autofree char *error = rtb_safe_text (c->error);

          printf ("# %s\n", error);
        }
    }
  fflush (stdout);
}

gboolean
rtb_cli_gates_report (RtbCliGates *gates, FILE *out, gboolean *violated)
{
  *violated = FALSE;
  for (guint i = 0; i < gates->cases->len; i++)
    {
      GateCase *c = gates->cases->pdata[i];
      g_autofree char *suite = rtb_safe_text (c->suite);

      for (guint f = 0; f < c->failures->len; f++)
        {
          fprintf (out, "LIMIT FAILED: %s %s: %s\n", suite, c->name,
                   (const char *) c->failures->pdata[f]);
          *violated = TRUE;
        }
    }
  if (gates->tap)
    print_tap (gates);
  if (gates->junit_file != NULL)
    {
      g_autofree char *xml = junit_xml (gates);

      return rtb_cli_write_text (gates->junit_file, xml, out);
    }
  return TRUE;
}
