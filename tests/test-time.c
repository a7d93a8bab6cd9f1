/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib.h>

#include "rtb-time.h"

static void
test_duration_parse (void)
{
  static const struct { const char *text; guint64 seconds; } good[] = {
    { "0", 0 }, { "10", 10 }, { "10s", 10 }, { "15m", 900 }, { "12h", 43200 }, { "7d", 604800 },
  };
  static const char *bad[] = { "", "s", "-1", "1.5", "10x", "10ss", "1 0", " 1", "99999999999999999999",
                               "999999999999d" };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      guint64 ns = 1;
      g_assert_true (rtb_duration_parse (good[i].text, &ns));
      g_assert_cmpuint (ns, ==, good[i].seconds * G_GUINT64_CONSTANT (1000000000));
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      guint64 ns;
      if (rtb_duration_parse (bad[i], &ns))
        g_error ("\"%s\" parsed", bad[i]);
    }
  g_assert_false (rtb_duration_parse (NULL, &(guint64) { 0 }));
}

static void
test_duration_format (void)
{
  char buf[32];
  static const struct { guint64 s; const char *text; } cases[] = {
    { 0, "0s" }, { 59, "59s" }, { 60, "1m" }, { 5400, "90m" }, { 7200, "2h" }, { 172800, "2d" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      rtb_duration_format (cases[i].s * G_GUINT64_CONSTANT (1000000000), buf, sizeof buf);
      g_assert_cmpstr (buf, ==, cases[i].text);
      guint64 back;
      g_assert_true (rtb_duration_parse (buf, &back));
      g_assert_cmpuint (back, ==, cases[i].s * G_GUINT64_CONSTANT (1000000000));
    }
}

static void
test_timespec (void)
{
  struct timespec a = { 1, 999999999 };
  rtb_timespec_add_ns (&a, 2);
  g_assert_cmpint (a.tv_sec, ==, 2);
  g_assert_cmpint (a.tv_nsec, ==, 1);
  struct timespec b = { 1, 500 };
  g_assert_cmpint (rtb_timespec_diff_ns (&a, &b), ==, 1000000000 - 499);
  g_assert_cmpint (rtb_timespec_diff_ns (&b, &a), ==, -(1000000000 - 499));
  struct timespec c = rtb_timespec_from_ns (-1);
  g_assert_cmpint (c.tv_sec, ==, -1);
  g_assert_cmpint (c.tv_nsec, ==, 999999999);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/time/duration-parse", test_duration_parse);
  g_test_add_func ("/time/duration-format", test_duration_format);
  g_test_add_func ("/time/timespec", test_timespec);
  return g_test_run ();
}
