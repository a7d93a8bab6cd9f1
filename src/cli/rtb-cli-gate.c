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
#include "rtb-safe-text.h"

const char rtb_cli_gates_help[] =
  "    --fail-above US            fail when a series' max is above US µs (jitter, timer: the\n"
  "                               largest deviation either way)\n"
  "    --fail-p99-above US        fail when a series' 99th percentile is above US µs\n"
  "    --fail-p9999-above US      fail when a series' 99.99th percentile is above US µs\n"
  "    --fail-overflows N         fail when a series has more than N values past its histogram\n"
  "    --fail-dropped N           fail when a series lost more than N samples\n"
  "    --baseline FILE            a run to compare with (series matched by name)\n"
  "    --fail-worse PCT           with --baseline: fail when a figure (min, avg, max, p50, p99,\n"
  "                               p99.9, stddev) is worse than the baseline's by more than PCT %\n"
  "    --junit FILE               write JUnit XML: a test suite per machine, a test case per\n"
  "                               series, a failure per violated limit\n"
  "    --tap                      print TAP on stdout (the tables go to stderr)\n";

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
  gates->above_us = NAN;
  gates->p99_above_us = NAN;
  gates->p9999_above_us = NAN;
  gates->overflows = -1;
  gates->dropped = -1;
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
parse_count (const char *name, const char *value, gint64 *out)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (value, 10, 0, G_MAXINT64, &v, NULL))
    {
      rtb_cli_error ("--%s \"%s\" is not a whole number of 0 or more", name, value);
      return FALSE;
    }
  *out = (gint64) v;
  return TRUE;
}

gboolean
rtb_cli_gate_is_option (const char *name)
{
  static const char * const names[] = {
    "fail-above", "fail-p99-above", "fail-p9999-above", "fail-overflows", "fail-dropped",
    "baseline", "fail-worse", "junit", "tap", NULL,
  };

  return g_strv_contains (names, name);
}

gboolean
rtb_cli_gate_is_flag (const char *name)
{
  return strcmp (name, "tap") == 0;
}

int
rtb_cli_gate_option (RtbCliGates *gates, const char *name, const char *value)
{
  gboolean ok;

  if (strcmp (name, "tap") == 0)
    {
      gates->tap = TRUE;
      return 1;
    }
  if (strcmp (name, "fail-above") == 0)
    ok = parse_number (name, value, &gates->above_us);
  else if (strcmp (name, "fail-p99-above") == 0)
    ok = parse_number (name, value, &gates->p99_above_us);
  else if (strcmp (name, "fail-p9999-above") == 0)
    ok = parse_number (name, value, &gates->p9999_above_us);
  else if (strcmp (name, "fail-overflows") == 0)
    ok = parse_count (name, value, &gates->overflows);
  else if (strcmp (name, "fail-dropped") == 0)
    ok = parse_count (name, value, &gates->dropped);
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
  return !isnan (gates->above_us) || !isnan (gates->p99_above_us) ||
         !isnan (gates->p9999_above_us) || gates->overflows >= 0 || gates->dropped >= 0 ||
         gates->baseline != NULL || gates->junit_file != NULL || gates->tap;
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
 * cannot be shown to hold: it fails, saying so, rather than passing in silence. */
static void
judge (GateCase *c, const char *kind, const char *figure, double value, double limit)
{
  if (isnan (limit))
    return;
  if (isnan (value))
    fail (c, kind, "%s is unknown in this run (no samples, or the source did not record it): "
          "--%s %.10g µs cannot be judged", figure, kind, limit);
  else if (value > limit)
    fail (c, kind, "%s %.3f µs is above --%s %.10g µs", figure, value, kind, limit);
}

static void
check_limits (RtbCliGates *gates, GateCase *c, RtbRun *run, RtbSeries *series)
{
  RtbSeriesSummary s;
  RtbMethod method = rtb_run_get_method (run);
  gboolean is_signed = method == RTB_METHOD_JITTER || method == RTB_METHOD_TIMER;

  rtb_series_get_summary (series, &s);
  judge (c, "fail-above", is_signed ? "largest deviation" : "max",
         is_signed ? MAX (fabs (s.min_us), fabs (s.max_us)) : s.max_us, gates->above_us);
  judge (c, "fail-p99-above", "p99", s.p99_us, gates->p99_above_us);
  if (!isnan (gates->p9999_above_us))
    judge (c, "fail-p9999-above", "p99.99", rtb_series_percentile_us (series, 99.99),
           gates->p9999_above_us);
  if (gates->overflows >= 0 && !s.overflows_known)
    fail (c, "fail-overflows", "overflows are unknown in this run (the source kept no "
          "histogram): --fail-overflows %" G_GINT64_FORMAT " cannot be judged", gates->overflows);
  else if (gates->overflows >= 0 && s.overflows > (guint64) gates->overflows)
    fail (c, "fail-overflows", "%" G_GUINT64_FORMAT " overflows are more than "
          "--fail-overflows %" G_GINT64_FORMAT, s.overflows, gates->overflows);
  if (gates->dropped >= 0 && s.dropped > (guint64) gates->dropped)
    fail (c, "fail-dropped", "%" G_GUINT64_FORMAT " dropped samples are more than "
          "--fail-dropped %" G_GINT64_FORMAT, s.dropped, gates->dropped);
}

/* "p99.9" for RTB_COMPARE_STAT_P999: the table's title without its unit. */
static char *
stat_name (RtbCompareStat stat)
{
  const char *title = rtb_compare_stat_title (stat);
  const char *unit = strstr (title, " µs");

  return unit != NULL ? g_strndup (title, unit - title) : g_strdup (title);
}

/* Every judged figure in µs of the series named like `row`, against the baseline's. */
static void
check_baseline (RtbCliGates *gates, GateCase *c, RtbCompare *compare, guint row)
{
  static const RtbCompareStat stats[] = {
    RTB_COMPARE_STAT_MIN, RTB_COMPARE_STAT_AVG, RTB_COMPARE_STAT_MAX, RTB_COMPARE_STAT_P50,
    RTB_COMPARE_STAT_P99, RTB_COMPARE_STAT_P999, RTB_COMPARE_STAT_STDDEV,
  };

  for (guint i = 0; i < G_N_ELEMENTS (stats); i++)
    {
      const RtbCompareCell *cell = rtb_compare_get_cell (compare, row, 1, stats[i]);
      const RtbCompareCell *base = rtb_compare_get_cell (compare, row, 0, stats[i]);
      double limit = fabs (base->value) * (1 + gates->worse_pct / 100);
      g_autofree char *name = stat_name (stats[i]);

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
      check_limits (gates, c, run, series);
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
