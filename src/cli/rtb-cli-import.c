/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include <string.h>

#include "rtb-cli-util.h"
#include "rtb-cli.h"
#include "rtb-import.h"
#include "rtb-output.h"
#include "rtb-safe-text.h"

static const char import_usage[] =
  "Usage: rtbench-cli import FILE --output FILE [OPTIONS]\n"
  "\n"
  "Turns another tool's results, or a recorded rtbench-worker stream, into a run file.\n"
  "FILE may be \"-\" for standard input. Formats, detected from the content:\n"
  "  cyclictest       -h/-H histogram text of rt-tests 1.x–2.10 (also a terminal capture),\n"
  "                   or -q status lines alone (count, min, avg, max; no histogram)\n"
  "  cyclictest-verbose\n"
  "                   cyclictest -v: every sample, so each thread's whole series (its file\n"
  "                   is read a chunk at a time, whatever its length)\n"
  "  cyclictest-json  cyclictest --json=FILE\n"
  "  rtla             rtla timerlat hist text, or osnoise hist text (a noise run)\n"
  "  jitterdebugger   jitterdebugger JSON\n"
  "  oslat            oslat's summary text (a noise run; -q, -z and -B too)\n"
  "  oslat-json       oslat --json=FILE (a noise run)\n"
  "  hwlat            the hwlat tracer's trace (a hwlat run: each window's latency, inner and\n"
  "                   outer gap per CPU)\n"
  "  osnoise-top      rtla osnoise top's table (a noise run of each CPU's noise sources)\n"
  "  stream           rtbench-worker METHOD key=value... > FILE\n"
  "\n"
  "Options:\n"
  "  --output FILE          the run file to write (.rtbench)\n"
  "  --label TEXT           the run's label (default: the file name)\n"
  "  --format FORMAT        auto (default) or one of the formats above\n"
  "  --cpus LIST            the CPU each thread ran on, in thread order, e.g. 0-3 or 2,3\n"
  "                         (cyclictest's text does not say; -a/-S pin thread N to CPU N;\n"
  "                         its -v log names them with -a LIST)\n"
  "  --units us|ns          the unit of the values when the file does not say (-N = ns)\n"
  "  --hostname NAME        the machine the results come from\n"
  "\n"
  "The imported min/avg/max and overflows are the tool's own figures (cyclictest's text Avg\n"
  "is a truncated integer). Overflowed samples have unknown values: percentiles among them\n"
  "show the file's max. oslat's last bucket holds its overflows: the run's histogram ends\n"
  "there.\n";

/* "--name VALUE" or "--name=VALUE": 1 with the value, 0 for another argument, -1 when the
 * value is missing (reported). */
static int
take_value (int argc, char **argv, int *i, const char *name, const char **value)
{
  gsize n = strlen (name);

  if (strcmp (argv[*i], name) == 0)
    {
      if (*i + 1 >= argc)
        {
          rtb_cli_error ("%s needs a value (see rtbench-cli import --help)", name);
          return -1;
        }
      *value = argv[++*i];
      return 1;
    }
  if (strncmp (argv[*i], name, n) == 0 && argv[*i][n] == '=')
    {
      *value = argv[*i] + n + 1;
      return 1;
    }
  return 0;
}

int
rtb_cli_import (int argc, char **argv)
{
  g_autoptr (GArray) cpus = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = NULL;
  g_auto (GStrv) notes = NULL;
  const char *input = NULL, *output = NULL;
  RtbImportOptions options;

  rtb_import_options_init (&options);
  for (int i = 1; i < argc; i++)
    {
      static const char * const names[] = { "--output", "--label", "--hostname", "--format",
                                             "--units", "--cpus" };
      const char *arg = argv[i];
      const char *value = NULL;
      guint k;
      int r = 0;

      if (strcmp (arg, "--help") == 0 || strcmp (arg, "-h") == 0)
        {
          fputs (import_usage, stdout);
          return RTB_CLI_OK;
        }
      for (k = 0; k < G_N_ELEMENTS (names); k++)
        if ((r = take_value (argc, argv, &i, names[k], &value)) != 0)
          break;
      if (r < 0)
        return RTB_CLI_USAGE;
      if (r == 0)
        {
          if (g_str_has_prefix (arg, "--"))
            {
              rtb_cli_error ("unknown option %s for import (see rtbench-cli import --help)",
                             arg);
              return RTB_CLI_USAGE;
            }
          if (input != NULL)
            {
              rtb_cli_error ("import takes one file, \"%s\" is a second one", arg);
              return RTB_CLI_USAGE;
            }
          input = arg;
          continue;
        }

      switch (k)
        {
        case 0:
          output = value;
          break;
        case 1:
          options.label = value;
          break;
        case 2:
          options.hostname = value;
          break;
        case 3:
          if (!rtb_import_format_from_string (value, &options.format))
            {
              rtb_cli_error ("unknown format \"%s\": use auto, cyclictest, cyclictest-verbose, "
                             "cyclictest-json, rtla, jitterdebugger, oslat, oslat-json, hwlat, "
                             "osnoise-top or stream", value);
              return RTB_CLI_USAGE;
            }
          break;
        case 4:
          if (strcmp (value, "us") == 0)
            options.units = RTB_IMPORT_UNITS_US;
          else if (strcmp (value, "ns") == 0)
            options.units = RTB_IMPORT_UNITS_NS;
          else
            {
              rtb_cli_error ("--units is us or ns, not \"%s\"", value);
              return RTB_CLI_USAGE;
            }
          break;
        default:
          if (!rtb_import_parse_cpus (value, cpus))
            {
              rtb_cli_error ("--cpus \"%s\" is not a list of CPUs such as 0-3 or 2,3 (below %d, "
                             "at most %d)", value, RTB_MAX_CPUS, RTB_MAX_THREADS);
              return RTB_CLI_USAGE;
            }
          break;
        }
    }
  if (input == NULL || output == NULL)
    {
      rtb_cli_error ("import needs a file and --output: rtbench-cli import FILE --output "
                     "FILE.rtbench");
      return RTB_CLI_USAGE;
    }
  if (cpus->len > 0)
    {
      options.cpus = (const int *) (gpointer) cpus->data;
      options.n_cpus = cpus->len;
    }

  run = rtb_import_file (input, &options, &notes, &error);
  if (run == NULL)
    {
      rtb_cli_error ("%s: %s", input, error->message);
      return RTB_CLI_FAILED;
    }
  for (guint i = 0; notes != NULL && notes[i] != NULL; i++)
    rtb_cli_error ("%s: note: %s", input, notes[i]);
  /* Refused while a run saves there, as a run is refused. */
  if (!rtb_output_save_run (run, output, &error))
    {
      rtb_cli_error ("%s", error->message); /* it names the file */
      return RTB_CLI_FAILED;
    }

  printf ("%s\n", rtb_run_get_source (run));
  rtb_cli_print_table (run, stdout);
  {
    g_autofree char *safe = rtb_safe_text (output);

    printf ("saved to %s\n", safe);
  }
  return rtb_run_get_state (run) == RTB_RUN_STATE_CUT_SHORT ? RTB_CLI_FAILED : RTB_CLI_OK;
}
