/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include <string.h>

#include "rtb-cli-gate.h"
#include "rtb-cli-runs.h"
#include "rtb-cli-util.h"
#include "rtb-cli.h"
#include "rtb-json-text.h"
#include "rtb-safe-text.h"

static void
print_help (void)
{
  fputs ("Usage: rtbench-cli summary FILE... [--json] [LIMITS] [--junit FILE] [--tap]\n\n"
         "Prints the statistics of saved runs: a table per run, or with --json one object\n"
         "{\"runs\": [...]} with each run's label, test, file, system and per-series figures\n"
         "in microseconds.\n\n"
         "Limits, for CI (each series of each run is a test case; exit status 3 when one\n"
         "fails):\n", stdout);
  g_autofree char *gates_help = rtb_cli_gates_help ();

  fputs (gates_help, stdout);
}

/* Parses the options; FALSE (with the exit status in `*status`) when summary should not go
 * on. */
static gboolean
parse_options (int argc, char **argv, gboolean *json, GPtrArray *files, RtbCliGates *gates,
               int *status)
{
  *status = RTB_CLI_USAGE;
  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      g_autofree char *name = NULL;
      const char *eq;

      if (strcmp (arg, "--json") == 0)
        *json = TRUE;
      else if (strcmp (arg, "--help") == 0 || strcmp (arg, "-h") == 0)
        {
          print_help ();
          *status = RTB_CLI_OK;
          return FALSE;
        }
      else if (!g_str_has_prefix (arg, "--"))
        g_ptr_array_add (files, (gpointer) arg);
      else
        {
          eq = strchr (arg, '=');
          name = eq ? g_strndup (arg + 2, (gsize) (eq - arg - 2)) : g_strdup (arg + 2);
          if (!rtb_cli_gate_is_option (name))
            {
              g_autofree char *options = rtb_cli_gates_options (" and ");

              rtb_cli_error ("unknown option %s for summary: its options are --json, %s", arg,
                             options);
              return FALSE;
            }
          if (!rtb_cli_gate_is_flag (name) && eq == NULL && i + 1 >= argc)
            {
              rtb_cli_error ("%s needs a value", arg);
              return FALSE;
            }
          switch (rtb_cli_gate_option (gates, name, rtb_cli_gate_is_flag (name) ? NULL
                                                   : eq ? eq + 1 : argv[++i]))
            {
            case 1:
              break;
            default:
              return FALSE;
            }
        }
    }
  if (files->len == 0)
    {
      rtb_cli_error ("summary needs at least one run file: rtbench-cli summary FILE... [--json]");
      return FALSE;
    }
  return rtb_cli_gates_prepare (gates);
}

int
rtb_cli_summary (int argc, char **argv)
{
  gboolean json = FALSE;
  g_autoptr (GPtrArray) files = g_ptr_array_new ();
  g_autoptr (GPtrArray) runs = NULL;
  RtbCliGates gates;
  FILE *out;
  int status;

  rtb_cli_gates_init (&gates);
  if (!parse_options (argc, argv, &json, files, &gates, &status))
    {
      rtb_cli_gates_clear (&gates);
      return status;
    }

  runs = rtb_cli_load_runs (files);
  if (runs == NULL)
    {
      rtb_cli_gates_clear (&gates);
      return RTB_CLI_FAILED;
    }

  /* With --tap, stdout carries TAP alone. */
  out = gates.tap ? stderr : stdout;
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
      fprintf (out, "%s\n", text);
    }
  else
    for (guint i = 0; i < runs->len; i++)
      {
        g_autofree char *file = rtb_safe_text (files->pdata[i]);

        if (i > 0)
          fputc ('\n', out);
        fprintf (out, "%s\n", file);
        rtb_cli_print_run_header (runs->pdata[i], out);
        rtb_cli_print_table (runs->pdata[i], out);
        rtb_cli_print_spikes (runs->pdata[i], FALSE, out);
        rtb_cli_print_verdict (runs->pdata[i], out);
      }

  status = RTB_CLI_OK;
  if (rtb_cli_gates_any (&gates))
    {
      gboolean violated = FALSE;

      for (guint i = 0; i < runs->len; i++)
        rtb_cli_gates_add_run (&gates, rtb_run_get_label (runs->pdata[i]), runs->pdata[i], NULL);
      if (!json)
        fputc ('\n', out);
      /* With --json on stdout, the verdicts go to stderr. */
      if (!rtb_cli_gates_report (&gates, json && !gates.tap ? stderr : out, &violated))
        status = RTB_CLI_FAILED;
      else if (violated)
        status = RTB_CLI_LIMITS;
    }
  rtb_cli_gates_clear (&gates);
  return status;
}
