/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-client"
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "rtb-refusal.h"
#include "rtb-refusals.h"

#define MAX_ARGS 3

/* Each refusal as the worker writes it and the same words for xgettext, which cannot read a
 * macro: the test holds them equal. */
static const struct {
  const char *worker;
  const char *translatable;
} refusals[] = {
  { RTB_REFUSAL_TRACER_NOT_ROOT,
    N_("only root may start the kernel's %s tracer: run the worker as root (pkexec, sudo)") },
  { RTB_REFUSAL_TRACER_NO_TRACEFS,
    N_("this kernel has no tracefs, so no %s tracer: boot a kernel built with CONFIG_FTRACE and "
       "%s, e.g. Debian's linux-image-rt-*") },
  { RTB_REFUSAL_TRACER_NOT_MOUNTED,
    N_("tracefs is not mounted and the worker may not mount it (%s): mount it with "
       "'mount -t tracefs nodev %s'") },
  { RTB_REFUSAL_TRACER_MISSING,
    N_("this kernel has no %s tracer: boot a kernel built with %s, e.g. Debian's "
       "linux-image-rt-*") },
  { RTB_REFUSAL_TRACER_BUSY,
    N_("the kernel's %s tracer is busy: another tool uses it or one of its kind (rtla, another "
       "rtbench run): stop it, then start again") },
  { RTB_REFUSAL_TRACE_NOT_ROOT,
    N_("the worker does not run as root, and only root may trace the kernel: run it as root "
       "(pkexec, sudo) for spikes to be explained") },
  { RTB_REFUSAL_TRACE_NO_TRACEFS,
    N_("this kernel has no tracefs (CONFIG_FTRACE): spikes are measured, not explained") },
  { RTB_REFUSAL_TRACE_NOT_MOUNTED,
    N_("tracefs is not mounted and the worker may not mount it (%s): mount it with "
       "'mount -t tracefs nodev %s' or run the worker as root") },
  { RTB_REFUSAL_TRACE_NO_EVENT,
    N_("this kernel has no %s trace event: spikes are measured, not explained") },
  { RTB_REFUSAL_TRACE_NOT_PINNED,
    N_("the threads are not pinned to a CPU (cpu=none, or the timer's variant=normal), so no "
       "one CPU's trace tells what delayed them: spikes are measured, not explained") },
};

/* Whether `message` is `format` with its %s filled in; each filling into `args` (freed by the
 * caller). A filling ends where the text that follows it in the format first comes again. */
static gboolean
match (const char *format, const char *message, char *args[MAX_ARGS])
{
  g_auto(GStrv) parts = g_strsplit (format, "%s", MAX_ARGS + 2);
  guint n = g_strv_length (parts);
  const char *p = message;

  if (n > MAX_ARGS + 1 || !g_str_has_prefix (p, parts[0]))
    return FALSE;
  p += strlen (parts[0]);
  for (guint i = 1; i < n; i++)
    {
      const char *end = i + 1 == n ? (g_str_has_suffix (p, parts[i])
                                        ? p + strlen (p) - strlen (parts[i]) : NULL)
                                   : strstr (p, parts[i]);

      if (end == NULL || (parts[i][0] == '\0' && i + 1 < n))
        return FALSE;
      args[i - 1] = g_strndup (p, (gsize) (end - p));
      p = end + strlen (parts[i]);
    }
  return *p == '\0';
}

char *
rtb_refusal_translate (const char *message)
{
  g_return_val_if_fail (message != NULL, NULL);

  for (guint r = 0; r < G_N_ELEMENTS (refusals); r++)
    {
      char *args[MAX_ARGS] = { NULL };
      char *translated = NULL;

      if (match (refusals[r].worker, message, args))
        {
          /* The format is the translation of one of the table's: msgfmt --check holds its
           * conversions to the original's, all %s. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
          translated = g_strdup_printf (_(refusals[r].translatable), args[0], args[1], args[2]);
#pragma GCC diagnostic pop
        }
      for (guint i = 0; i < MAX_ARGS; i++)
        g_free (args[i]);
      if (translated != NULL)
        return translated;
    }
  return g_strdup (message);
}

gboolean
rtb_refusal_get (guint i, const char **worker, const char **translatable)
{
  if (i >= G_N_ELEMENTS (refusals))
    return FALSE;
  *worker = refusals[i].worker;
  *translatable = refusals[i].translatable;
  return TRUE;
}
