/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "rtb-cyclictest-layout.h"

static gboolean
parse_version (const char *text, guint64 *major, guint64 *minor, const char **end)
{
  char *after = NULL;

  if (!g_ascii_isdigit (text[0]))
    return FALSE;
  *major = g_ascii_strtoull (text, &after, 10);
  if (*after != '.' || !g_ascii_isdigit (after[1]) || *major > 99)
    return FALSE;
  *minor = g_ascii_strtoull (after + 1, &after, 10);
  if (*minor > 999)
    return FALSE;
  *end = after;
  return TRUE;
}

gboolean
rtb_cyclictest_layout_from_version (const char *version, RtbCyclictestLayout *layout)
{
  guint64 major, minor;
  const char *end;

  g_return_val_if_fail (version != NULL, FALSE);
  g_return_val_if_fail (layout != NULL, FALSE);

  if (!parse_version (version, &major, &minor, &end) || *end != '\0')
    return FALSE;
  *layout = major > 2 || (major == 2 && minor >= 7) ? RTB_CYCLICTEST_LAYOUT_2_7
                                                      : RTB_CYCLICTEST_LAYOUT_1_X;
  return TRUE;
}

char *
rtb_cyclictest_version_from_help (const char *help)
{
  const char *v;
  guint64 major, hundredths;
  const char *end;

  g_return_val_if_fail (help != NULL, NULL);

  v = strstr (help, "cyclictest V ");
  if (v == NULL || !parse_version (v + strlen ("cyclictest V "), &major, &hundredths, &end) ||
      end - strchr (v + strlen ("cyclictest V "), '.') != 3)
    return NULL;
  /* "%1.2f" of the float VERSION: "2.40" is 2.4, "2.11" is 2.11; "2.10" is 2.10 when the help
   * has options 2.1 did not. */
  if (hundredths % 10 == 0 &&
      !(hundredths == 10 && strstr (help, "--deepest-idle-state") != NULL))
    return g_strdup_printf ("%" G_GUINT64_FORMAT ".%" G_GUINT64_FORMAT, major, hundredths / 10);
  return g_strdup_printf ("%" G_GUINT64_FORMAT ".%" G_GUINT64_FORMAT, major, hundredths);
}

char *
rtb_cyclictest_installed_version (void)
{
  g_autofree char *program = g_find_program_in_path ("cyclictest");
  g_autoptr (GSubprocess) process = NULL;
  g_autofree char *out = NULL;

  if (program == NULL)
    return NULL;
  /* --help only prints and exits: it measures nothing and needs no privilege. */
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE,
                              NULL, program, "--help", NULL);
  if (process == NULL || !g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, NULL) ||
      out == NULL)
    return NULL;
  return rtb_cyclictest_version_from_help (out);
}

RtbCyclictestLayout
rtb_cyclictest_layout_resolve (RtbCyclictestLayout layout, char **version)
{
  g_autofree char *installed = NULL;
  RtbCyclictestLayout found = RTB_CYCLICTEST_LAYOUT_2_7;

  if (version != NULL)
    *version = NULL;
  if (layout != RTB_CYCLICTEST_LAYOUT_AUTO)
    return layout;
  installed = rtb_cyclictest_installed_version ();
  if (installed != NULL && !rtb_cyclictest_layout_from_version (installed, &found))
    found = RTB_CYCLICTEST_LAYOUT_2_7;
  if (version != NULL)
    *version = g_steal_pointer (&installed);
  return found;
}
