/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A run file's bulk arrays (histogram counts, overflow cycles, history blocks, percentile
 * buckets), which the loader reads apart from the JSON tree and packs into the file's own text
 * as it goes: arrays of many thousand elements, series of different sizes one after the other,
 * errors after and inside packed text, members given twice.
 */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "rtb-test-run.h"
#include "rtb-run.h"
#include "run-file-test-util.h"

/* Three series, the middle one much smaller, each with thousands of histogram buckets, values
 * below and above the histogram (overflow cycles) and a history; `seed` varies the values. */
static RtbRun *
make_bulky_run (guint seed)
{
  RtbRun *run = test_run_new ("bulk", RTB_METHOD_LATENCY, 3, 5000);

  for (guint s = 0; s < 3; s++)
    {
      RtbSeries *series = rtb_run_get_series (run, s);
      guint n = s == 1 ? 500 : 40000 + 1000 * s;

      for (guint i = 0; i < n; i++)
        {
          gint64 value = (gint64) ((i * 7919u + seed) % 4000u) * 1000 + (i % 997);

          if (i % 7 == 3)
            value = 6000000 + (gint64) i * 1013 * (seed + 1);
          if (i % 13 == 5)
            value = -1 - (gint64) i * 31;
          test_series_add (series, value);
        }
    }
  return run;
}

static char *
run_text (RtbRun *run, gboolean pretty)
{
  g_autoptr (JsonNode) node = rtb_run_to_json (run);

  return json_to_string (node, pretty);
}

/* As a file may be laid out: compact, indented, or compact with a line break after every 37th
 * comma of the series, so that lines also end in the middle of arrays. */
static char *
run_text_as (RtbRun *run, guint layout)
{
  g_autofree char *compact = run_text (run, layout == 1);
  const char *series = strstr (compact, "\"series\":");
  GString *out;
  guint commas = 0;

  if (layout != 2)
    return g_steal_pointer (&compact);
  out = g_string_new_len (compact, series - compact);
  for (const char *p = series; *p != '\0'; p++)
    {
      g_string_append_c (out, *p);
      if (*p == ',' && ++commas % 37 == 0)
        g_string_append (out, "\n ");
    }
  return g_string_free (out, FALSE);
}

static void
assert_same_run (RtbRun *a, RtbRun *b)
{
  g_autoptr (JsonNode) ja = rtb_run_to_json (a);
  g_autoptr (JsonNode) jb = rtb_run_to_json (b);

  g_assert_true (json_node_equal (ja, jb));
}

static void
test_round_trip (void)
{
  g_autoptr (RtbRun) run = make_bulky_run (0);
  RtbSeries *big = rtb_run_get_series (run, 0);
  guint used = 0;

  /* Arrays of several thousand elements, negative values among them. */
  for (guint32 b = 0; b < big->histogram.n_buckets; b++)
    used += big->histogram.counts[b] > 0;
  g_assert_cmpuint (used, >, 3000);
  g_assert_cmpuint (big->n_overflow_cycles, >, 3000);
  g_assert_cmpuint (big->histogram.n_below, >, 3000);
  g_assert_cmpuint (rtb_run_get_series (run, 1)->histogram.stats.count, ==, 500);

  for (guint layout = 0; layout < 3; layout++)
    {
      g_autofree char *text = run_text_as (run, layout);
      g_autoptr (GError) error = NULL;
      g_autoptr (RtbRun) loaded = run_file_test_load_text (text, &error);

      g_assert_no_error (error);
      assert_same_run (run, loaded);
    }
}

/* The line and column of text[offset], counted from 1. */
static char *
position_of (const char *text, gsize offset, gboolean with_column)
{
  guint line = 1;
  gsize line_start = 0;

  for (gsize i = 0; i < offset; i++)
    if (text[i] == '\n')
      line++, line_start = i + 1;
  if (!with_column)
    return g_strdup_printf ("line %u", line);
  return g_strdup_printf ("line %u, column %" G_GSIZE_FORMAT, line, offset - line_start + 1);
}

/* `text` with `insert` at `offset`, loaded: refused with "not valid JSON: POSITION: message". */
static void
assert_error_at (const char *text, gsize offset, const char *insert, const char *message)
{
  g_autoptr (GString) broken = g_string_new (text);
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) loaded = NULL;
  g_autofree char *position = position_of (text, offset, TRUE);
  g_autofree char *want = g_strdup_printf ("not valid JSON: %s: %s", position, message);

  g_string_insert (broken, (gssize) offset, insert);
  loaded = run_file_test_load_text (broken->str, &error);
  g_assert_null (loaded);
  g_assert_error (error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT);
  g_assert_cmpstr (error->message, ==, want);
}

/* After arrays packed over their text, whatever its lines, an error still names its line and
 * column in the file. */
static void
test_error_position (void)
{
  /* Elements of the last series' overflow cycles before which an error is put: around where
   * the loader packs its first chunk, and past it. */
  static const guint before[] = { 1, 1019, 1020, 1021, 1022, 1023, 1024, 2000, 3000 };
  g_autoptr (RtbRun) run = make_bulky_run (0);

  for (guint layout = 0; layout < 3; layout++)
    {
      g_autofree char *text = run_text_as (run, layout);
      gsize end = strlen (text);
      const char *cycles = g_strrstr (text, "\"overflow_cycles\"");
      g_autoptr (GString) nested = g_string_new (",\"deep\":");
      g_autoptr (GString) deep = g_string_new (text);
      g_autoptr (GError) error = NULL;
      g_autoptr (RtbRun) loaded = NULL;
      g_autofree char *line = NULL;
      g_autofree char *want = NULL;

      while (end > 0 && text[end - 1] != '}')
        end--;
      end--;
      assert_error_at (text, end, "@", "expected '}'");
      for (guint i = 0; i < G_N_ELEMENTS (before); i++)
        {
          const char *p = cycles;

          for (guint commas = 0; commas < before[i]; p++)
            commas += *p == ',';
          assert_error_at (text, (gsize) (p - 1 - text), "@", "expected ']'");
        }

      for (guint i = 0; i < 70; i++)
        g_string_append_c (nested, '[');
      for (guint i = 0; i < 70; i++)
        g_string_append_c (nested, ']');
      g_string_insert (deep, (gssize) end, nested->str);
      loaded = run_file_test_load_text (deep->str, &error);
      g_assert_null (loaded);
      line = position_of (text, end + strlen (",\"deep\":"), FALSE);
      want = g_strdup_printf ("%s: the JSON nests deeper than 64 levels, which no file rtbench "
                              "reads does: refused before parsing", line);
      g_assert_error (error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT);
      g_assert_cmpstr (error->message, ==, want);
    }
}

/* `text` with its last '}' replaced by `more` and '}'. */
static char *
append_members (const char *text, const char *more)
{
  const char *last = strrchr (text, '}');

  return g_strdup_printf ("%.*s%s}", (int) (last - text), text, more);
}

/* A member given twice counts once, the last time, as JSON parsers read it. */
static void
test_members_twice (void)
{
  g_autoptr (RtbRun) first = make_bulky_run (0);
  g_autoptr (RtbRun) second = make_bulky_run (5);
  g_autofree char *text = run_text (first, FALSE);
  g_autofree char *second_text = run_text (second, FALSE);
  g_autoptr (JsonNode) second_node = rtb_run_to_json (second);
  g_autofree char *second_series = NULL;
  g_autofree char *more = NULL;
  g_autofree char *twice = NULL;
  g_autoptr (GString) counts = g_string_new (text);
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) loaded = NULL;
  JsonNode *series = json_object_get_member (json_node_get_object (second_node), "series");

  /* Both runs have three series, so the threads still match. */
  second_series = json_to_string (series, FALSE);
  more = g_strconcat (",\"series\":", second_series, NULL);
  twice = append_members (text, more);
  loaded = run_file_test_load_text (twice, &error);
  g_assert_no_error (error);
  assert_same_run (second, loaded);
  g_clear_object (&loaded);
  g_assert_false (g_str_equal (text, second_text));

  /* A bulk array given again as something else: the JSON reader's message. */
  g_assert_cmpuint (g_string_replace (counts, "]]},\"values\"", "]],\"counts\":5},\"values\"", 1),
                    ==, 1);
  loaded = run_file_test_load_text (counts->str, &error);
  g_assert_null (loaded);
  g_assert_error (error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT);
  g_assert_cmpstr (error->message, ==,
                   "series[0].histogram.counts: expected an array, found an integer");
  g_clear_error (&error);

  /* And something else first, the array last. */
  g_string_assign (counts, text);
  g_assert_cmpuint (g_string_replace (counts, "\"histogram\":{", "\"histogram\":{\"counts\":5,", 1),
                    ==, 1);
  loaded = run_file_test_load_text (counts->str, &error);
  g_assert_no_error (error);
  assert_same_run (first, loaded);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/run-file-bulk/round-trip", test_round_trip);
  g_test_add_func ("/run-file-bulk/error-position", test_error_position);
  g_test_add_func ("/run-file-bulk/members-twice", test_members_twice);

  return g_test_run ();
}
