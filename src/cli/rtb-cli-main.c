/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <string.h>

#include "rtb-cli-util.h"
#include "rtb-cli.h"
#include "rtb-methods.h"

static const char usage_head[] =
  "Usage: rtbench-cli COMMAND [OPTIONS]\n"
  "\n"
  "Measure how real-time this Linux system is, and compare systems.\n"
  "\n"
  "Commands:\n";

/* After "  run ", the methods (from their declarations) and what run does. */
static const char usage_tail[] =
  "  import FILE --output F [--label TEXT]         another tool's results or a recorded\n"
  "                                                 worker stream as a run (see import --help)\n"
  "  check [--remote HOST] [--cpus LIST] [--json]   is this machine set up for real time?\n"
  "                                                 the tuning checklist, without measuring\n"
  "  summary FILE... [--json]                       statistics of saved runs\n"
  "  compare FILE FILE... [--png F] [--svg F] [--pdf F] [--csv F] [--json]\n"
  "                                                 runs side by side: systems, statistics,\n"
  "                                                 overlaid charts (see compare --help)\n"
  "  export FILE [--png F] [--svg F] [--pdf F] [--csv F] [--cyclictest F]\n"
  "                                                 charts and tables of a saved run\n"
  "  report FILE... --output F.pdf|F.html           one document of a run or a comparison:\n"
  "                                                 answer, systems, checklists, charts,\n"
  "                                                 statistics (see report --help)\n"
  "  help [COMMAND [METHOD]]                        the help of rtbench-cli or of a command\n"
  "\n"
  "Options:\n"
  "  -h, --help      show this help (COMMAND --help: the help of a command)\n"
  "  --version       show the version\n"
  "\n"
  "The measurement itself runs in rtbench-worker, which needs real-time privileges: it is\n"
  "started directly when rtbench-cli runs as root (or with CAP_SYS_NICE), otherwise through\n"
  "pkexec. Set RTBENCH_WORKER to use another worker binary.\n";

static void
print_usage (FILE *out)
{
  char methods[96];

  rtb_method_list (methods, sizeof methods, "|", "|");
  fprintf (out, "%s  run %s [OPTIONS]\n%-49smeasure (see rtbench-cli run --help)\n%s",
           usage_head, methods, "", usage_tail);
}

/* Runs the command argv[1] with the rest of the arguments. */
static int
dispatch (int argc, char *argv[])
{
  const char *command = argv[1];

  if (strcmp (command, "run") == 0)
    return rtb_cli_run (argc - 1, argv + 1);
  if (strcmp (command, "import") == 0)
    return rtb_cli_import (argc - 1, argv + 1);
  if (strcmp (command, "summary") == 0)
    return rtb_cli_summary (argc - 1, argv + 1);
  if (strcmp (command, "check") == 0)
    return rtb_cli_check (argc - 1, argv + 1);
  if (strcmp (command, "export") == 0)
    return rtb_cli_export (argc - 1, argv + 1);
  if (strcmp (command, "compare") == 0)
    return rtb_cli_compare (argc - 1, argv + 1);
  if (strcmp (command, "report") == 0)
    return rtb_cli_report (argc - 1, argv + 1);

  rtb_cli_error ("unknown command \"%s\": use run, check, import, summary, compare, export or report (see "
                 "rtbench-cli --help)",
                 command);
  return RTB_CLI_USAGE;
}

int
main (int argc, char *argv[])
{
  setlocale (LC_ALL, "");
  /* The client library's messages and checklist follow the user's language. */
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  /* Numbers in tables and JSON use a dot whatever the user's locale. */
  setlocale (LC_NUMERIC, "C");

  if (argc < 2)
    {
      print_usage (stderr);
      return RTB_CLI_USAGE;
    }

  const char *command = argv[1];
  if (strcmp (command, "help") == 0 && argc > 2 && argv[2][0] != '-')
    {
      /* "rtbench-cli help run latency" is "rtbench-cli run latency --help". */
      char *help_argv[] = { argv[0], argv[2], argc > 3 ? argv[3] : (char *) "--help",
                            (char *) "--help", NULL };
      return dispatch (argc > 3 ? 4 : 3, help_argv);
    }
  if (strcmp (command, "-h") == 0 || strcmp (command, "--help") == 0 ||
      strcmp (command, "help") == 0)
    {
      print_usage (stdout);
      return RTB_CLI_OK;
    }
  if (strcmp (command, "--version") == 0)
    {
      printf ("rtbench-cli %s\n", PACKAGE_VERSION);
      return RTB_CLI_OK;
    }
  return dispatch (argc, argv);
}
