/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A saved run's checklist reads in the language of whoever opens it: a run whose checklist was
 * judged in one language (Spanish, Hungarian, Chinese or English, by the translations this tree
 * builds) and saved comes back in another's, each sentence the very one the checklist makes in
 * that language; a file whose message is forged or unknown shows the sentence as saved; every
 * message the checklist has is translated in each language with conversions rtbench reads. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "rtb-checklist-text.h"
#include "rtb-checklist.h"
#include "rtb-test-run.h"

static const char *const languages[] = { "", "es", "hu", "zh_CN" };

/* setlocale () too: the C library keeps what it translated until the locale changes. */
static void
use_language (const char *language)
{
  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "");
}

/* A fixture's checklist judged in `language`: the worker could neither lock its memory nor hold
 * /dev/cpu_dma_latency, so the C library's words are in it too. */
static GPtrArray *
judge_in (const char *language, const char *fixture, const char *cpus, int priority)
{
  g_autofree char *root = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), fixture, NULL);
  g_autoptr (GHashTable) snapshot = rtb_system_snapshot_read (root);
  RtbHelloFrame worker = { 0 };
  uint64_t set[RTB_MAX_CPUS / 64];
  RtbChecklistFor what = { set, priority, &worker, FALSE };

  worker.protocol_version = RTB_PROTOCOL_VERSION;
  worker.mlockall_errno = ENOMEM;
  worker.dma_latency_errno = EACCES;
  g_assert_true (rtb_cpu_list_parse (cpus, set, RTB_MAX_CPUS, NULL));
  use_language (language);
  return rtb_checklist_evaluate (snapshot, &what);
}

/* The checklist as a run file saved and read back in `reader`. */
static GPtrArray *
saved_and_read (GPtrArray *checks, const char *reader)
{
  g_autoptr (RtbRun) run = test_run_new ("saved", RTB_METHOD_LATENCY, 1, 1000);
  g_autoptr (RtbRun) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rtbench-checklist-XXXXXX", &error);
  g_autofree char *path = NULL;
  GPtrArray *read;

  g_assert_no_error (error);
  path = g_build_filename (dir, "run.rtbench", NULL);
  rtb_run_set_checks (run, g_ptr_array_ref (checks));
  g_assert_true (rtb_run_save (run, path, &error));
  g_assert_no_error (error);
  use_language (reader);
  back = rtb_run_load (path, &error);
  g_assert_no_error (error);
  read = g_ptr_array_ref (rtb_run_get_checks (back));
  g_unlink (path);
  g_rmdir (dir);
  return read;
}

static void
test_across_languages (void)
{
  static const struct {
    const char *fixture;
    const char *cpus;
    int priority;
  } judged[] = {
    { "sysroot-x86-desktop", "1", 99 },
    { "sysroot-x86-desktop", "0-3", 0 },
    { "sysroot-rpi4-rt", "3", 99 },
    { "sysroot-rpi4", "2-3", 99 },
    { "sysroot-lab-stock", "1", 99 },
    { "sysroot-lab-rt", "0-1", 50 },
  };
  guint n_compared = 0, n_differed = 0;

  for (guint f = 0; f < G_N_ELEMENTS (judged); f++)
    for (guint w = 0; w < G_N_ELEMENTS (languages); w++)
      for (guint r = 0; r < G_N_ELEMENTS (languages); r++)
        {
          g_autoptr (GPtrArray) written = judge_in (languages[w], judged[f].fixture,
                                                    judged[f].cpus, judged[f].priority);
          g_autoptr (GPtrArray) expected = judge_in (languages[r], judged[f].fixture,
                                                     judged[f].cpus, judged[f].priority);
          g_autoptr (GPtrArray) read = saved_and_read (written, languages[r]);

          g_assert_cmpuint (read->len, ==, expected->len);
          for (guint i = 0; i < read->len; i++)
            {
              const RtbCheck *a = read->pdata[i], *e = expected->pdata[i],
                             *o = written->pdata[i];

              g_assert_cmpstr (a->id, ==, e->id);
              g_assert_cmpint (a->status, ==, e->status);
              g_assert_cmpstr (a->value, ==, e->value);
              g_assert_cmpstr (a->advice, ==, e->advice);
              n_compared++;
              n_differed += w != r && g_strcmp0 (o->value, e->value) != 0;
            }
        }
  /* The languages differ in the sentences compared, so the test could fail. */
  g_test_message ("%u sentences compared, %u values differed between writer and reader",
                  n_compared, n_differed);
  g_assert_cmpuint (n_differed, >, n_compared / 2);
}

/* The saved run in Spanish opened in English: a sentence of each kind, word for word. */
static void
test_spanish_in_english (void)
{
  g_autoptr (GPtrArray) written = judge_in ("es", "sysroot-x86-desktop", "1", 99);
  g_autoptr (GPtrArray) read = saved_and_read (written, "");

  g_assert_cmpstr (rtb_checklist_find (written, "mem.swap")->value, ==, "2047 MiB de intercambio");
  g_assert_cmpstr (rtb_checklist_find (read, "mem.swap")->value, ==, "2047 MiB of swap");
  g_assert_cmpstr (rtb_checklist_find (read, "cpus.isolated")->value, ==,
                   "CPU 1 is not isolated");
  g_assert_cmpstr (rtb_checklist_find (read, "mem.mlockall")->value, ==,
                   "mlockall failed: Cannot allocate memory");
  g_assert_cmpstr (rtb_checklist_find (read, "kernel.preemption")->advice, ==,
                   "Boot a PREEMPT_RT kernel (Debian: linux-image-rt-amd64): without it, worst "
                   "cases reach milliseconds.");
}

/* The run file of a real run of the worker on this VM, recorded by rtbench-cli run under
 * LANGUAGE=es (latency, CPU 1, 2 s). */
static JsonNode *
recorded_in_spanish (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"),
                                            "run-checklist-es.rtbench", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static GPtrArray *
checks_of (JsonNode *root)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = rtb_run_from_json (root, &error);

  g_assert_no_error (error);
  return g_ptr_array_ref (rtb_run_get_checks (run));
}

/* Each item of the recorded run reads in the reader's language, and so after it was saved
 * again; the same file without the messages, as rtbench saved runs before them, reads as saved,
 * in Spanish. */
static void
test_recorded_run (void)
{
  g_autoptr (JsonNode) root = recorded_in_spanish ();
  JsonArray *saved = json_object_get_array_member (json_node_get_object (root), "checks");
  g_autoptr (GPtrArray) english = NULL;
  g_autoptr (GPtrArray) hungarian = NULL;
  g_autoptr (GPtrArray) before = NULL;
  g_autoptr (GPtrArray) again = NULL;
  guint n_messages = 0;

  use_language ("");
  english = checks_of (root);
  use_language ("hu");
  hungarian = checks_of (root);
  g_assert_cmpuint (english->len, ==, 24);
  for (guint i = 0; i < english->len; i++)
    {
      JsonObject *item = json_array_get_object_element (saved, i);
      const RtbCheck *check = english->pdata[i];
      const char *spanish = json_object_get_string_member (item, "value");

      if (!json_object_has_member (item, "value_msg"))
        {
          g_assert_cmpstr (check->value, ==, spanish);
          continue;
        }
      n_messages++;
      g_assert_cmpstr (check->value, !=, spanish);
      g_assert_cmpstr (((RtbCheck *) hungarian->pdata[i])->value, !=, spanish);
      g_assert_cmpstr (((RtbCheck *) hungarian->pdata[i])->value, !=, check->value);
    }
  g_assert_cmpuint (n_messages, >=, 20);
  g_assert_cmpstr (rtb_checklist_find (english, "mem.mlockall")->value, ==,
                   "the worker's memory is locked");
  g_assert_cmpstr (rtb_checklist_find (english, "cpus.isolated")->value, ==,
                   "CPU 1 is not isolated");
  g_assert_cmpstr (rtb_checklist_find (english, "kernel.preemption")->advice, ==,
                   "Boot a PREEMPT_RT kernel (Debian: linux-image-rt-amd64): without it, worst "
                   "cases reach milliseconds.");
  use_language ("hu");
  g_assert_cmpstr (rtb_checklist_find (hungarian, "mem.mlockall")->value, ==,
                   g_dgettext (GETTEXT_PACKAGE, "the worker's memory is locked"));
  /* Opened in English and saved again, it keeps its messages: Hungarian still reads it. */
  again = saved_and_read (english, "hu");
  for (guint i = 0; i < again->len; i++)
    {
      g_assert_cmpstr (((RtbCheck *) again->pdata[i])->value, ==,
                       ((RtbCheck *) hungarian->pdata[i])->value);
      g_assert_cmpstr (((RtbCheck *) again->pdata[i])->advice, ==,
                       ((RtbCheck *) hungarian->pdata[i])->advice);
    }

  for (guint i = 0; i < json_array_get_length (saved); i++)
    {
      json_object_remove_member (json_array_get_object_element (saved, i), "value_msg");
      json_object_remove_member (json_array_get_object_element (saved, i), "advice_msg");
    }
  use_language ("");
  before = checks_of (root);
  for (guint i = 0; i < before->len; i++)
    {
      JsonObject *item = json_array_get_object_element (saved, i);
      const RtbCheck *check = before->pdata[i];

      g_assert_cmpstr (check->value, ==, json_object_get_string_member (item, "value"));
      g_assert_cmpstr (check->advice, ==, json_object_get_string_member (item, "advice"));
      g_assert_null (check->value_msg);
    }
  g_assert_cmpstr (rtb_checklist_find (before, "mem.mlockall")->value, ==,
                   "la memoria del proceso de medición está bloqueada");
}

static JsonArray *
checks_array (const char *json)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  return json_array_ref (json_node_get_array (json_parser_get_root (parser)));
}

/* One item whose value was saved as "saved" beside `message`: what it reads as in English, and
 * whether the message was kept. */
static char *
read_value (const char *message, gboolean *kept)
{
  g_autofree char *json = g_strdup_printf ("[{\"id\": \"mem.swap\", \"status\": \"good\", "
                                           "\"value\": \"saved\", \"advice\": null, "
                                           "\"value_msg\": %s}]", message);
  g_autoptr (JsonArray) array = checks_array (json);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) checks = rtb_checklist_from_json (array, "checks", &error);
  const RtbCheck *check;

  g_assert_no_error (error);
  check = checks->pdata[0];
  *kept = check->value_msg != NULL;
  return g_strdup (check->value);
}

static void
assert_reads (const char *message, const char *expected)
{
  gboolean kept;
  g_autofree char *value = read_value (message, &kept);

  g_test_message ("%s → %s", message, value);
  g_assert_cmpstr (value, ==, expected);
  g_assert_true (kept == (strcmp (expected, "saved") != 0));
}

static void
test_forged (void)
{
  g_autoptr (GString) deep = g_string_new ("\"x\"");

  use_language ("");
  /* What the checklist writes reads back. */
  assert_reads ("{\"text\": \"%lld MiB of swap\", \"args\": [\"512\"]}", "512 MiB of swap");
  assert_reads ("{\"text\": \"CPU %s\", \"plural\": \"CPUs %s\", \"n\": 2, \"args\": [\"0-1\"]}",
                "CPUs 0-1");
  assert_reads ("[{\"text\": \"Wi-Fi %s up\", \"args\": [\"wlan0\"]}, \", \", "
                "{\"text\": \"Bluetooth on\"}]", "Wi-Fi wlan0 up, Bluetooth on");
  assert_reads ("{\"text\": \"mlockall failed: %s\", \"args\": [{\"errno\": 12}]}",
                "mlockall failed: Cannot allocate memory");
  /* An argument is put in as it is, never read for conversions. */
  assert_reads ("{\"text\": \"%s: slow to read\", \"args\": [\"%n%s%99999s\"]}",
                "%n%s%99999s: slow to read");
  /* Conversions the checklist does not use, however they came. */
  assert_reads ("{\"text\": \"%n\", \"args\": [\"1\"]}", "saved");
  assert_reads ("{\"text\": \"%s%s%s\", \"args\": [\"1\"]}", "saved");
  assert_reads ("{\"text\": \"%s%s%s\", \"args\": [\"1\", \"2\", \"3\"]}", "saved");
  assert_reads ("{\"text\": \"%x %p %10s %.3s %ls\", \"args\": [\"1\"]}", "saved");
  /* A message rtbench does not have, or not as it has it. */
  assert_reads ("{\"text\": \"hello %s\", \"args\": [\"world\"]}", "saved");
  assert_reads ("{\"text\": \"no swap \"}", "saved");
  assert_reads ("{\"text\": \"CPU %s\", \"args\": [\"1\"]}", "saved");
  assert_reads ("{\"text\": \"CPU %s\", \"plural\": \"CPUs %s\", \"args\": [\"1\"]}", "saved");
  assert_reads ("{\"text\": \"CPU %s\", \"plural\": \"CPUs %s\", \"n\": -1, \"args\": [\"1\"]}",
                "saved");
  /* More or fewer arguments than conversions, or arguments of another kind. */
  assert_reads ("{\"text\": \"%lld MiB of swap\"}", "saved");
  assert_reads ("{\"text\": \"%lld MiB of swap\", \"args\": []}", "saved");
  assert_reads ("{\"text\": \"%lld MiB of swap\", \"args\": [\"1\", \"2\"]}", "saved");
  assert_reads ("{\"text\": \"%lld MiB of swap\", \"args\": [512]}", "saved");
  assert_reads ("{\"text\": \"%lld MiB of swap\", \"args\": [null]}", "saved");
  assert_reads ("{\"text\": \"%lld MiB of swap\", \"args\": \"512\"}", "saved");
  assert_reads ("{\"text\": 7}", "saved");
  assert_reads ("{\"args\": [\"1\"]}", "saved");
  /* errno outside what the kernel numbers. */
  assert_reads ("{\"text\": \"mlockall failed: %s\", \"args\": [{\"errno\": -1}]}", "saved");
  assert_reads ("{\"text\": \"mlockall failed: %s\", \"args\": [{\"errno\": 99999}]}", "saved");
  assert_reads ("{\"text\": \"mlockall failed: %s\", \"args\": [{\"errno\": \"12\"}]}",
                "saved");
  /* Not a sentence at all. */
  assert_reads ("\"a bare string\"", "saved");
  assert_reads ("null", "saved");
  assert_reads ("42", "saved");
  /* Nested deeper than the checklist nests. */
  for (guint i = 0; i < 20; i++)
    {
      g_string_prepend_c (deep, '[');
      g_string_append_c (deep, ']');
    }
  assert_reads (deep->str, "saved");
}

/* Every message the checklist has: made in each language built here, with an argument of its
 * kind for each conversion, it reads back from what it records as it was made, in each
 * language; and it is translated in each. */
static void
test_known_messages (void)
{
  const char *msgid, *plural;
  guint i;

  for (i = 0; _rtb_check_text_get_known (i, &msgid, &plural); i++)
    {
      RtbCheckArg args[8];
      guint n_args = 0;

      for (const char *p = msgid; (p = strchr (p, '%')) != NULL && n_args < 8; p++)
        {
          p += p[1] == 'l' ? 3 : 1;
          args[n_args++] = *p == 's' ? _rtb_check_arg_words ("A") : _rtb_check_arg_signed (7);
        }
      for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
        {
          g_autoptr (RtbCheckText) made = NULL;
          g_autofree char *read = NULL;

          use_language (languages[l]);
          made = _rtb_check_text_new (msgid, plural, 3, args, n_args);
          read = _rtb_check_text_from_source (made->source);
          if (g_strcmp0 (read, made->text) != 0)
            g_error ("\"%s\" in \"%s\" reads back as \"%s\"", msgid, languages[l], read);
          if (languages[l][0] != '\0' &&
              g_dngettext (GETTEXT_PACKAGE, msgid, plural != NULL ? plural : msgid, 3) ==
                (plural != NULL ? plural : msgid))
            g_error ("\"%s\" is not translated in %s", msgid, languages[l]);
        }
    }
  g_test_message ("%u messages", i);
  g_assert_cmpuint (i, >, 100);
}

int
main (int argc, char *argv[])
{
  g_autofree char *locales = g_build_filename (g_getenv ("RTBENCH_BUILD_ROOT"), "po", NULL);

  /* The translations as this tree builds them; LANGUAGE picks one (C.UTF-8 honours it). */
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locales);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  /* No textdomain (): with its own domain set, GLib decides once, at the first g_dgettext (),
   * whether to translate at all, and the first call here is in English. */
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/checklist-language/across-languages", test_across_languages);
  g_test_add_func ("/checklist-language/spanish-in-english", test_spanish_in_english);
  g_test_add_func ("/checklist-language/recorded-run", test_recorded_run);
  g_test_add_func ("/checklist-language/forged", test_forged);
  g_test_add_func ("/checklist-language/known-messages", test_known_messages);
  return g_test_run ();
}
