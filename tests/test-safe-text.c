/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Text from files and other machines, made safe to show: what is escaped and what is kept. */
#include "config.h"

#include <string.h>

#include "rtb-run-private.h"
#include "rtb-safe-text.h"

static void
test_escapes (void)
{
  static const struct {
    const char *text;
    const char *safe;
  } cases[] = {
    { "CPU0", "CPU0" },
    { "µs, 数据, Ünïcödé", "µs, 数据, Ünïcödé" },
    { "back\\slash \\x1b", "back\\slash \\x1b" },
    { "\033]0;title\007", "\\x1b]0;title\\x07" },
    { "a\nb\rc\td", "a\\x0ab\\x0dc\\x09d" },
    { "del\177", "del\\x7f" },
    { "c1 \302\233" "2J", "c1 \\u009b2J" },
    { "raw \233" "2J", "raw \\x9b2J" },
    { "bad \xff\xfe utf-8 \xe2\x82", "bad \\xff\\xfe utf-8 \\xe2\\x82" },
    { "abc\342\200\256fdp.exe", "abc\\u202efdp.exe" },
    { "\342\201\246isolate", "\\u2066isolate" },
    { "", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *safe = rtb_safe_text (cases[i].text);
      g_autofree char *twice = rtb_safe_text (safe);

      g_assert_cmpstr (safe, ==, cases[i].safe);
      g_assert_cmpstr (twice, ==, safe);
      g_assert_true (rtb_text_is_safe (safe));
      g_assert_true (rtb_text_is_safe (cases[i].text) == (g_strcmp0 (cases[i].text, safe) == 0));
    }
  g_assert_null (rtb_safe_text (NULL));
}

/* Whatever sets a run's texts — a run file, an importer, a worker's frames, a label typed by
 * the user — the run keeps them safe. */
static bool
never_delivered (const RtbFrame *frame, void *user_data)
{
  g_assert_not_reached ();
}

static void
test_run_texts (void)
{
  RtbCommand command;
  g_autoptr (RtbRun) run = NULL;
  RtbSystemInfo *system = rtb_system_info_new_unknown ("host\033[2J");
  RtbHelloFrame hello = { 0 };

  rtb_command_defaults (&command, RTB_METHOD_LATENCY, 1);
  run = rtb_run_new (&command);
  rtb_run_set_label (run, "label\033]0;x\007");
  rtb_run_set_source (run, "cyclictest\n--json");
  rtb_run_set_load (run, "none\r");
  rtb_run_add_series (run, "CPU0\n000001 1", 0);
  system->kernel_release = g_strdup ("6.1\302\233" "2J");
  rtb_run_set_system (run, system);
  g_strlcpy (hello.worker_version, "0.1\033[1A", sizeof hello.worker_version);
  g_strlcpy (hello.machine, "x86_64\n", sizeof hello.machine);
  hello.protocol_version = RTB_PROTOCOL_VERSION;

  g_assert_cmpstr (rtb_run_get_label (run), ==, "label\\x1b]0;x\\x07");
  g_assert_cmpstr (rtb_run_get_source (run), ==, "cyclictest\\x0a--json");
  g_assert_cmpstr (rtb_run_get_load (run), ==, "none\\x0d");
  g_assert_cmpstr (rtb_run_get_series (run, 0)->name, ==, "CPU0\\x0a000001 1");
  g_assert_cmpstr (rtb_run_get_system (run)->hostname, ==, "host\\x1b[2J");
  g_assert_cmpstr (rtb_run_get_system (run)->kernel_release, ==, "6.1\\u009b2J");

  {
    gsize size = sizeof (RtbFrameHeader) + sizeof hello;
    g_autofree guint8 *buf = g_malloc (size);
    RtbDecoder *decoder = rtb_decoder_new (never_delivered, NULL);

    g_assert_cmpuint (rtb_frame_encode2 (buf, size, RTB_FRAME_HELLO, 0, &hello, sizeof hello,
                                         NULL, 0), ==, size);
    /* From a worker such a HELLO is refused outright, by the decoder; from a run file it is
     * made safe. */
    g_assert_cmpint (rtb_decoder_feed (decoder, buf, size), ==, -1);
    g_assert_nonnull (strstr (rtb_decoder_error (decoder), "not terminated printable ASCII"));
    rtb_decoder_free (decoder);
  }
  _rtb_run_set_worker (run, &hello);
  g_assert_cmpstr (rtb_run_get_worker (run)->worker_version, ==, "0.1\\x1b[1A");
  g_assert_cmpstr (rtb_run_get_worker (run)->machine, ==, "x86_64\\x0a");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/safe-text/escapes", test_escapes);
  g_test_add_func ("/safe-text/run-texts", test_run_texts);
  return g_test_run ();
}
