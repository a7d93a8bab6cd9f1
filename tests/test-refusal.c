/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The worker's refusals reach the user in the user's language: each known one, formatted from
 * the very format the worker uses, is recognised with what it names and translated by the
 * translations built in this tree (es, hu, zh_CN); any other message passes as it is. */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "rtb-refusal.h"
#include "rtb-refusals.h"

/* The twin xgettext reads is the worker's text, word for word. */
static void
test_table (void)
{
  const char *worker;
  const char *translatable;
  guint n = 0;

  for (; rtb_refusal_get (n, &worker, &translatable); n++)
    g_assert_cmpstr (translatable, ==, worker);
  g_assert_cmpuint (n, ==, 10);
}

/* Untranslated (the C locale), a refusal comes back as the worker wrote it, what it names
 * included; a message that is none of them, or one that only starts like one, unchanged. */
static void
test_untranslated (void)
{
  g_autofree char *mounted = g_strdup_printf (RTB_REFUSAL_TRACER_NOT_MOUNTED,
                                              "Operation not permitted", "/sys/kernel/tracing");
  g_autofree char *extra = g_strconcat (RTB_REFUSAL_TRACE_NO_TRACEFS, " and more", NULL);
  g_autofree char *a = NULL, *b = NULL, *c = NULL;

  g_setenv ("LANGUAGE", "", TRUE);
  a = rtb_refusal_translate (mounted);
  g_assert_cmpstr (a, ==, mounted);
  b = rtb_refusal_translate ("priority 120 is out of range: use 1-99");
  g_assert_cmpstr (b, ==, "priority 120 is out of range: use 1-99");
  c = rtb_refusal_translate (extra);
  g_assert_cmpstr (c, ==, extra);
}

static char *
in (const char *language, const char *message)
{
  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "");
  return rtb_refusal_translate (message);
}

/* In Spanish, Hungarian and Chinese: every refusal translated, keeping what it names. */
static void
test_translated (void)
{
  g_autofree char *missing = g_strdup_printf (RTB_REFUSAL_TRACER_MISSING, "timerlat",
                                              "CONFIG_TIMERLAT_TRACER");
  g_autofree char *not_root = g_strdup_printf (RTB_REFUSAL_TRACER_NOT_ROOT, "osnoise");
  g_autofree char *es = in ("es", missing);
  g_autofree char *hu = in ("hu", missing);
  g_autofree char *zh = in ("zh_CN", not_root);
  static const char *const languages[] = { "es", "hu", "zh_CN" };
  const char *worker;
  const char *translatable;

  g_test_message ("es: %s", es);
  g_test_message ("hu: %s", hu);
  g_test_message ("zh_CN: %s", zh);
  g_assert_true (g_str_has_prefix (es, "este núcleo no tiene el trazador timerlat"));
  g_assert_nonnull (strstr (es, "CONFIG_TIMERLAT_TRACER"));
  g_assert_true (g_str_has_prefix (hu, "ennek a kernelnek nincs timerlat nyomkövetője"));
  g_assert_nonnull (strstr (hu, "CONFIG_TIMERLAT_TRACER"));
  g_assert_true (g_str_has_prefix (zh, "只有 root 能启动内核的 osnoise 跟踪器"));

  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    for (guint i = 0; rtb_refusal_get (i, &worker, &translatable); i++)
      {
        /* Filled as the worker fills them; formats without %s ignore the words. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
        g_autofree char *message = g_strdup_printf (worker, "alpha", "beta");
#pragma GCC diagnostic pop
        g_autofree char *shown = in (languages[l], message);
        guint n_args = 0;

        for (const char *p = worker; (p = strstr (p, "%s")) != NULL; p += 2)
          n_args++;
        g_assert_cmpstr (shown, !=, message);
        if (n_args >= 1)
          g_assert_nonnull (strstr (shown, "alpha"));
        if (n_args >= 2)
          g_assert_nonnull (strstr (shown, "beta"));
      }
  g_setenv ("LANGUAGE", "", TRUE);
}

int
main (int argc, char **argv)
{
  g_autofree char *locales = g_build_filename (g_getenv ("RTBENCH_BUILD_ROOT"), "po", NULL);

  /* The translations as this tree builds them; LANGUAGE picks one (C.UTF-8 honours it). */
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locales);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/refusal/table", test_table);
  g_test_add_func ("/refusal/untranslated", test_untranslated);
  g_test_add_func ("/refusal/translated", test_translated);
  return g_test_run ();
}
