/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include <string.h>

#include "rtb-cli-util.h"
#include "rtb-cli.h"
#include "rtb-json-text.h"
#include "rtb-safe-text.h"

int
rtb_cli_summary (int argc, char **argv)
{
  gboolean json = FALSE;
  g_autoptr (GPtrArray) files = g_ptr_array_new ();
  g_autoptr (GPtrArray) runs = g_ptr_array_new_with_free_func (g_object_unref);

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
        {
          puts ("Usage: rtbench-cli summary FILE... [--json]\n\n"
                "Prints the statistics of saved runs: a table per run, or with --json one object\n"
                "{\"runs\": [...]} with each run's label, test, file, system and per-series figures\n"
                "in microseconds.");
          return RTB_CLI_OK;
        }
      else if (g_str_has_prefix (argv[i], "--"))
        {
          rtb_cli_error ("unknown option %s for summary: the only option is --json", argv[i]);
          return RTB_CLI_USAGE;
        }
      else
        g_ptr_array_add (files, argv[i]);
    }
  if (files->len == 0)
    {
      rtb_cli_error ("summary needs at least one run file: rtbench-cli summary FILE... [--json]");
      return RTB_CLI_USAGE;
    }

  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr (GError) error = NULL;
      RtbRun *run = rtb_run_load (files->pdata[i], &error);
      if (run == NULL)
        {
          rtb_cli_error ("%s: %s", (const char *) files->pdata[i], error->message);
          return RTB_CLI_FAILED;
        }
      g_ptr_array_add (runs, run);
    }

  if (json)
    {
      g_autoptr (JsonBuilder) builder = json_builder_new ();
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "runs");
      json_builder_begin_array (builder);
      for (guint i = 0; i < runs->len; i++)
        json_builder_add_value (builder, rtb_run_summary_to_json (runs->pdata[i]));
      json_builder_end_array (builder);
      json_builder_end_object (builder);

      g_autoptr (JsonNode) root = json_builder_get_root (builder);
      g_autofree char *text = rtb_json_to_text (root, TRUE, NULL);
      puts (text);
      return RTB_CLI_OK;
    }

  for (guint i = 0; i < runs->len; i++)
    {
      g_autofree char *file = rtb_safe_text (files->pdata[i]);

      if (i > 0)
        fputc ('\n', stdout);
      fprintf (stdout, "%s\n", file);
      rtb_cli_print_run_header (runs->pdata[i], stdout);
      rtb_cli_print_table (runs->pdata[i], stdout);
      rtb_cli_print_verdict (runs->pdata[i], stdout);
    }
  return RTB_CLI_OK;
}
