/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include <string.h>

#include "rtb-cli-runs.h"
#include "rtb-cli-util.h"
#include "rtb-cli.h"
#include "rtb-report.h"

static const char report_usage[] =
  "Usage: rtbench-cli report FILE|DIR... --output FILE.pdf|FILE.html\n"
  "\n"
  "Writes one document of saved runs (or other tools' results, imported): one run gives a run\n"
  "report, two or more a comparison with the first as the baseline, as compare does. It holds\n"
  "the answer (which system is better, on which figure and by how much, and the loop period\n"
  "each could hold) with its caveats; the systems side by side and the commands that repeat\n"
  "each run; the tuning checklists, differences first, with their advice; per method the\n"
  "curves with their running means, the histograms and the statistics, the best value marked;\n"
  "the causes of spikes when the runs were traced; and an appendix with rtbench's version,\n"
  "each run file's name and SHA-256, and the notices. A folder stands for the .rtbench files\n"
  "in it, by name.\n"
  "\n"
  "  --output F   the report: F.pdf, paginated on the locale's paper (LC_PAPER: A4 or\n"
  "               Letter), or F.html, one file with its charts and styles inside, for a\n"
  "               browser; written whole or not at all\n"
  "\n"
  "The same runs give the same bytes; a PDF carries a creation date only when\n"
  "SOURCE_DATE_EPOCH gives one.\n";

int
rtb_cli_report (int argc, char **argv)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new ();
  g_autoptr (GPtrArray) folder_files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) runs = NULL;
  g_autoptr (GError) error = NULL;
  const char *output = NULL;
  RtbReportFormat format;

  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];

      if (strcmp (arg, "--help") == 0 || strcmp (arg, "-h") == 0)
        {
          fputs (report_usage, stdout);
          return RTB_CLI_OK;
        }
      if (g_str_has_prefix (arg, "--output="))
        output = arg + strlen ("--output=");
      else if (strcmp (arg, "--output") == 0)
        {
          if (i + 1 >= argc)
            {
              rtb_cli_error ("--output needs a file name: --output report.pdf or report.html");
              return RTB_CLI_USAGE;
            }
          output = argv[++i];
        }
      else if (g_str_has_prefix (arg, "--"))
        {
          rtb_cli_error ("unknown option %s for report: its option is --output (see rtbench-cli "
                         "report --help)", arg);
          return RTB_CLI_USAGE;
        }
      else
        g_ptr_array_add (files, (gpointer) arg);
    }
  if (output == NULL)
    {
      rtb_cli_error ("report needs --output FILE.pdf or --output FILE.html");
      return RTB_CLI_USAGE;
    }
  if (!rtb_report_format_from_path (output, &format))
    {
      rtb_cli_error ("--output %s: a report is a .pdf or an .html file: end the name with one "
                     "of them", output);
      return RTB_CLI_USAGE;
    }
  if (!rtb_cli_expand_folders (files, folder_files))
    return RTB_CLI_FAILED;
  if (files->len == 0)
    {
      rtb_cli_error ("report needs at least one run file: rtbench-cli report FILE... --output "
                     "%s", output);
      return RTB_CLI_USAGE;
    }

  runs = rtb_cli_load_runs (files);
  if (runs == NULL)
    return RTB_CLI_FAILED;
  /* The appendix names each run's file, another tool's result too. */
  for (guint r = 0; r < runs->len; r++)
    if (rtb_run_get_file (runs->pdata[r]) == NULL)
      rtb_run_set_file (runs->pdata[r], files->pdata[r]);
  if (!rtb_report_write (output, (RtbRun **) runs->pdata, runs->len, &error))
    {
      rtb_cli_error ("%s", error->message);
      return RTB_CLI_FAILED;
    }
  rtb_cli_print_wrote (stdout, output);
  return RTB_CLI_OK;
}
