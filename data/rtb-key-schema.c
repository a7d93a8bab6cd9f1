/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Writes the settings schema at build time: the template with a settings key for each number
 * row of the window put in at its @KEY_WORDS@ line. Each key is a row of the client's key words
 * (src/client/rtb-key-words.c): its settings key, its English title and help, and the range and
 * default the key table gives the row's method, as the window's row takes them.
 *   rtb-key-schema TEMPLATE OUTPUT
 */
#define G_LOG_DOMAIN "rtbench-key-schema"

#include "config.h"

#include <stdio.h>

#include "rtb-key-words.h"

#define MARKER "@KEY_WORDS@"

static void
append_key (GString *schema, guint p)
{
  const RtbKeyWords *words = &rtb_key_words[p];
  const RtbKey *key = rtb_key_words_key (p);
  g_autofree char *summary = g_markup_escape_text (words->title, -1);

  g_string_append_printf (schema, "    <key name=\"%s\" type=\"i\">\n", words->settings_key);
  g_string_append_printf (schema,
                          "      <range min=\"%" G_GUINT64_FORMAT "\" max=\"%" G_GUINT64_FORMAT
                          "\"/>\n", rtb_key_words_least (p),
                          rtb_command_key_max (key, words->method));
  g_string_append_printf (schema, "      <default>%" G_GUINT64_FORMAT "</default>\n",
                          key->on[words->method].def);
  g_string_append_printf (schema, "      <summary>%s</summary>\n", summary);
  if (words->subtitle != NULL)
    {
      g_autofree char *description = g_markup_escape_text (words->subtitle, -1);

      g_string_append_printf (schema, "      <description>%s</description>\n", description);
    }
  g_string_append (schema, "    </key>\n");
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *template = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GString) schema = g_string_new (NULL);
  guint markers = 0;

  if (argc != 3)
    {
      fprintf (stderr, "Usage: rtb-key-schema TEMPLATE OUTPUT\n");
      return 2;
    }
  if (!g_file_get_contents (argv[1], &template, NULL, &error))
    {
      fprintf (stderr, "rtb-key-schema: %s\n", error->message);
      return 1;
    }
  lines = g_strsplit (template, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (strstr (lines[i], MARKER) == NULL)
        {
          g_string_append_printf (schema, "%s%s", lines[i], lines[i + 1] != NULL ? "\n" : "");
          continue;
        }
      markers++;
      for (guint p = 0; p < rtb_n_key_words; p++)
        if (rtb_key_words[p].title != NULL)
          append_key (schema, p);
    }
  if (markers != 1)
    {
      fprintf (stderr, "rtb-key-schema: %s has %u lines with %s where it needs one\n", argv[1],
               markers, MARKER);
      return 1;
    }
  if (!g_file_set_contents (argv[2], schema->str, (gssize) schema->len, &error))
    {
      fprintf (stderr, "rtb-key-schema: %s\n", error->message);
      return 1;
    }
  return 0;
}
