/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rtb-cli.h"
#include "rtb-plot-run.h"

static const char export_usage[] =
  "Usage: rtbench-cli export FILE [--png F] [--svg F] [--pdf F] [--chart both|curve|histogram]\n"
  "                               [--width N] [--height N] [--scale S] [--dark]\n"
  "\n"
  "Draws a saved run: its per-instance curve with the running mean and its histogram with a log\n"
  "count axis (--chart both, the default, stacks them in one image). PNG size is width×height\n"
  "points times --scale pixels; SVG and PDF are width×height.\n";

typedef struct {
  RtbRun *run;
  RtbPlotRunChart chart;
  gboolean dark;
} DrawData;

static void
draw_run (cairo_t *cr, int width, int height, gpointer user_data)
{
  DrawData *data = user_data;
  RtbPlotTheme theme = data->dark ? rtb_plot_theme_dark () : rtb_plot_theme_light ();
  rtb_plot_run_draw (cr, &theme, width, height, data->chart, &data->run, 1);
}

static gboolean
parse_int (const char *name, const char *value, int lo, int hi, int *out)
{
  char *end = NULL;
  long v = strtol (value, &end, 10);
  if (end == value || *end != '\0' || v < lo || v > hi)
    {
      rtb_cli_error ("--%s \"%s\" is not valid: use a whole number from %d to %d", name, value, lo, hi);
      return FALSE;
    }
  *out = (int) v;
  return TRUE;
}

int
rtb_cli_export (int argc, char **argv)
{
  const char *input = NULL;
  const char *outputs[3] = { NULL, NULL, NULL }; /* indexed by RtbPlotFormat */
  DrawData data = { .chart = RTB_PLOT_RUN_BOTH };
  int width = 1200, height = 0;
  double scale = 1.0;

  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      const char *value = i + 1 < argc ? argv[i + 1] : NULL;

      if (strcmp (arg, "--help") == 0 || strcmp (arg, "-h") == 0)
        {
          fputs (export_usage, stdout);
          return RTB_CLI_OK;
        }
      if (strcmp (arg, "--dark") == 0)
        {
          data.dark = TRUE;
          continue;
        }
      if (!g_str_has_prefix (arg, "--"))
        {
          if (input != NULL)
            {
              rtb_cli_error ("export takes one run file; \"%s\" is a second one", arg);
              return RTB_CLI_USAGE;
            }
          input = arg;
          continue;
        }
      if (value == NULL)
        {
          rtb_cli_error ("%s needs a value", arg);
          return RTB_CLI_USAGE;
        }
      i++;
      if (strcmp (arg, "--png") == 0)
        outputs[RTB_PLOT_FORMAT_PNG] = value;
      else if (strcmp (arg, "--svg") == 0)
        outputs[RTB_PLOT_FORMAT_SVG] = value;
      else if (strcmp (arg, "--pdf") == 0)
        outputs[RTB_PLOT_FORMAT_PDF] = value;
      else if (strcmp (arg, "--width") == 0)
        {
          if (!parse_int ("width", value, 200, 20000, &width))
            return RTB_CLI_USAGE;
        }
      else if (strcmp (arg, "--height") == 0)
        {
          if (!parse_int ("height", value, 150, 20000, &height))
            return RTB_CLI_USAGE;
        }
      else if (strcmp (arg, "--scale") == 0)
        {
          int s;
          if (!parse_int ("scale", value, 1, 4, &s))
            return RTB_CLI_USAGE;
          scale = s;
        }
      else if (strcmp (arg, "--chart") == 0)
        {
          if (strcmp (value, "both") == 0)
            data.chart = RTB_PLOT_RUN_BOTH;
          else if (strcmp (value, "curve") == 0)
            data.chart = RTB_PLOT_RUN_CURVE;
          else if (strcmp (value, "histogram") == 0)
            data.chart = RTB_PLOT_RUN_HISTOGRAM;
          else
            {
              rtb_cli_error ("--chart \"%s\" is not a chart: use both, curve or histogram", value);
              return RTB_CLI_USAGE;
            }
        }
      else
        {
          rtb_cli_error ("unknown option %s for export (see rtbench-cli export --help)", arg);
          return RTB_CLI_USAGE;
        }
    }

  if (input == NULL)
    {
      rtb_cli_error ("export needs a run file: rtbench-cli export FILE --png F");
      return RTB_CLI_USAGE;
    }
  if (outputs[0] == NULL && outputs[1] == NULL && outputs[2] == NULL)
    {
      rtb_cli_error ("nothing to export: give --png, --svg or --pdf with a file name");
      return RTB_CLI_USAGE;
    }
  if (height == 0)
    height = data.chart == RTB_PLOT_RUN_BOTH ? 900 : 500;

  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = rtb_run_load (input, &error);
  if (run == NULL)
    {
      rtb_cli_error ("%s: %s", input, error->message);
      return RTB_CLI_FAILED;
    }
  data.run = run;

  for (RtbPlotFormat format = RTB_PLOT_FORMAT_PNG; format <= RTB_PLOT_FORMAT_PDF; format++)
    {
      if (outputs[format] == NULL)
        continue;
      if (!rtb_plot_export (format, outputs[format], width, height, scale, draw_run, &data, &error))
        {
          rtb_cli_error ("could not write %s: %s", outputs[format], error->message);
          return RTB_CLI_FAILED;
        }
      printf ("Wrote %s\n", outputs[format]);
    }
  return RTB_CLI_OK;
}
