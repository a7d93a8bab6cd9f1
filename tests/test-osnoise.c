/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The osnoise tracer's periods added up as rtla osnoise top adds them. The fixtures come from the
 * lab's board-rt (Debian's 6.1 PREEMPT_RT kernel and rtla 6.1): an osnoise instance of its own
 * recorded the tracer's trace while `rtla osnoise top -q -d 5s` ran, and the same periods fed
 * both (tests/data/rtla/osnoise-trace-with-top.txt, osnoise-top-with-trace.txt). */
#include "config.h"

#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rtb-osnoise.h"

static char *
fixture (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "rtla", name, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* rtla's row of one CPU: "  0 #5   5037056   4347569   13.68829   944837 …", read with sscanf
 * after the colour escapes. */
typedef struct {
  int cpu;
  RtbOsnoiseTotals totals;
  char pct[32];
} TopRow;

static guint
read_top (TopRow rows[4])
{
  g_autofree char *text = fixture ("osnoise-top-with-trace.txt");
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL && n < 4; i++)
    {
      TopRow *r = &rows[n];
      guint64 *c = r->totals.counts;

      memset (r, 0, sizeof *r);
      if (sscanf (lines[i], "%d #%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                  " %31s %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                  " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                  " %" G_GUINT64_FORMAT, &r->cpu, &r->totals.periods, &r->totals.runtime_us,
                  &r->totals.noise_us, r->pct, &r->totals.max_noise_us,
                  &r->totals.max_single_us, &c[RTB_OSNOISE_HW], &c[RTB_OSNOISE_NMI],
                  &c[RTB_OSNOISE_IRQ], &c[RTB_OSNOISE_SOFTIRQ], &c[RTB_OSNOISE_THREAD]) == 12)
        n++;
    }
  return n;
}

static guint
read_periods (RtbOsnoisePeriod *periods, guint max)
{
  g_autofree char *text = fixture ("osnoise-trace-with-top.txt");
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0, headers = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i][0] == '#' || lines[i][0] == '\0')
        {
          headers++;
          g_assert_false (rtb_osnoise_parse_period (lines[i], strlen (lines[i]), &periods[0]));
          continue;
        }
      g_assert_cmpuint (n, <, max);
      if (!rtb_osnoise_parse_period (lines[i], strlen (lines[i]), &periods[n]))
        g_error ("line %u does not parse: %s", i + 1, lines[i]);
      n++;
    }
  g_assert_cmpuint (headers, >, 0);
  return n;
}

static gboolean
totals_equal (const RtbOsnoiseTotals *a, const RtbOsnoiseTotals *b)
{
  return memcmp (a, b, sizeof *a) == 0;
}

/* For each CPU, exactly one run of rtla's number of consecutive periods adds up to rtla's whole
 * row, and its % CPU Aval prints as rtla's. */
static void
test_top_from_trace (void)
{
  RtbOsnoisePeriod periods[64];
  TopRow rows[4];
  guint n_rows = read_top (rows);
  guint n = read_periods (periods, G_N_ELEMENTS (periods));

  g_assert_cmpuint (n_rows, ==, 2);
  g_assert_cmpuint (n, ==, 18);
  for (guint r = 0; r < n_rows; r++)
    {
      RtbOsnoisePeriod own[64];
      guint n_own = 0, found = 0;

      for (guint i = 0; i < n; i++)
        if (periods[i].cpu == rows[r].cpu)
          own[n_own++] = periods[i];
      g_assert_cmpuint (n_own, >, rows[r].totals.periods);
      for (guint first = 0; first + rows[r].totals.periods <= n_own; first++)
        {
          RtbOsnoiseTotals totals = { 0 };
          char pct[32];

          for (guint i = first; i < first + rows[r].totals.periods; i++)
            rtb_osnoise_totals_add (&totals, &own[i]);
          if (!totals_equal (&totals, &rows[r].totals))
            continue;
          found++;
          g_snprintf (pct, sizeof pct, "%.5f", rtb_osnoise_available_pct (&totals));
          g_assert_cmpstr (pct, ==, rows[r].pct);
        }
      g_assert_cmpuint (found, ==, 1);
    }
}

static void
test_lines (void)
{
  static const char good[] =
    "           <...>-217     [000] .......  1529.098046: 1000908     946431   5.44275   41294  "
    "  211      0     90      0     92";
  static const char * const bad[] = {
    "",
    "# tracer: osnoise",
    "           <...>-217     [000] .......  1529.098046: 1000908     946431   5.44275   41294",
    "           <...>-217     [000] .......  1529.098046: 1000908     946431   5.44275   41294  "
    "  211      0     90      0     92 7",
    "           <...>-217     [000] .......  1529.098046: 1000908     -946431   5.44275   41294  "
    "  211      0     90      0     92",
    "           <...>-217     [5000] .......  1529.098046: 1000908     946431   5.44275   41294  "
    "  211      0     90      0     92",
    "           <...>-217     [000] .......  1529.098046: 99999999999999999999 946431 5.44275 "
    "41294 211 0 90 0 92",
  };
  RtbOsnoisePeriod p;
  static const char odd_task[] = "  a[1]b: 3-9 [001] d.... 2.5: 10 2 80.00000 1 0 0 1 0 1   ";

  g_assert_true (rtb_osnoise_parse_period (good, strlen (good), &p));
  g_assert_cmpint (p.cpu, ==, 0);
  /* The time stamp's µs in ns: when the period's runtime ended. */
  g_assert_cmpuint (p.time_ns, ==, G_GUINT64_CONSTANT (1529098046000));
  g_assert_cmpuint (p.runtime_us, ==, 1000908);
  g_assert_cmpuint (p.noise_us, ==, 946431);
  g_assert_cmpuint (p.max_single_us, ==, 41294);
  g_assert_cmpuint (p.counts[RTB_OSNOISE_HW], ==, 211);
  g_assert_cmpuint (p.counts[RTB_OSNOISE_IRQ], ==, 90);
  g_assert_cmpuint (p.counts[RTB_OSNOISE_THREAD], ==, 92);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_false (rtb_osnoise_parse_period (bad[i], strlen (bad[i]), &p));
  /* A task's name with brackets and a colon: the CPU is the bracket the flags follow. */
  g_assert_true (rtb_osnoise_parse_period (odd_task, strlen (odd_task), &p));
  g_assert_cmpint (p.cpu, ==, 1);
  g_assert_cmpuint (p.time_ns, ==, G_GUINT64_CONSTANT (2500000000));
  g_assert_cmpuint (p.runtime_us, ==, 10);
}

static void
test_available (void)
{
  RtbOsnoiseTotals totals = { 0 };
  RtbOsnoisePeriod p = { .runtime_us = 1000, .noise_us = 250, .max_single_us = 100 };

  g_assert_true (isnan (rtb_osnoise_available_pct (&totals)));
  rtb_osnoise_totals_add (&totals, &p);
  p.noise_us = 50;
  p.max_single_us = 120;
  rtb_osnoise_totals_add (&totals, &p);
  g_assert_cmpuint (totals.periods, ==, 2);
  g_assert_cmpuint (totals.max_noise_us, ==, 250);
  g_assert_cmpuint (totals.max_single_us, ==, 120);
  g_assert_cmpfloat (rtb_osnoise_available_pct (&totals), ==, 85.0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/osnoise/top-from-trace", test_top_from_trace);
  g_test_add_func ("/osnoise/lines", test_lines);
  g_test_add_func ("/osnoise/available", test_available);
  return g_test_run ();
}
