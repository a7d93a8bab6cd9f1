/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rtb-cli-util.h"
#include "rtb-file-write.h"
#include "rtb-cli.h"

gboolean
rtb_cli_parse_int (const char *name, const char *value, int lo, int hi, int *out)
{
  char *end = NULL;
  long v = strtol (value, &end, 10);

  if (end == value || *end != '\0' || v < lo || v > hi)
    {
      rtb_cli_error ("--%s \"%s\" is not valid: use a whole number from %d to %d", name, value,
                     lo, hi);
      return FALSE;
    }
  *out = (int) v;
  return TRUE;
}

void
rtb_cli_chart_options_init (RtbCliChartOptions *options)
{
  memset (options, 0, sizeof *options);
  options->chart = RTB_PLOT_RUN_BOTH;
  options->width = 1200;
  options->scale = 1.0;
  options->status = stdout;
}

int
rtb_cli_chart_option (RtbCliChartOptions *options, const char *arg, const char *value)
{
  if (strcmp (arg, "--png") == 0)
    options->outputs[RTB_PLOT_FORMAT_PNG] = value;
  else if (strcmp (arg, "--svg") == 0)
    options->outputs[RTB_PLOT_FORMAT_SVG] = value;
  else if (strcmp (arg, "--pdf") == 0)
    options->outputs[RTB_PLOT_FORMAT_PDF] = value;
  else if (strcmp (arg, "--width") == 0)
    return rtb_cli_parse_int ("width", value, 200, 20000, &options->width) ? 1 : -1;
  else if (strcmp (arg, "--height") == 0)
    return rtb_cli_parse_int ("height", value, 150, 20000, &options->height) ? 1 : -1;
  else if (strcmp (arg, "--scale") == 0)
    {
      int s;
      if (!rtb_cli_parse_int ("scale", value, 1, 4, &s))
        return -1;
      options->scale = s;
    }
  else if (strcmp (arg, "--y-scale") == 0)
    {
      if (strcmp (value, "auto") == 0)
        options->y_scale = RTB_PLOT_SCALE_AUTO;
      else if (strcmp (value, "linear") == 0)
        options->y_scale = RTB_PLOT_SCALE_LINEAR;
      else if (strcmp (value, "log") == 0)
        options->y_scale = RTB_PLOT_SCALE_LOG;
      else
        {
          rtb_cli_error ("--y-scale \"%s\" is not a scale: use auto, linear or log", value);
          return -1;
        }
    }
  else if (strcmp (arg, "--time-axis") == 0)
    {
      if (!rtb_plot_run_time_from_string (value, &options->time))
        {
          rtb_cli_error ("--time-axis \"%s\" is not a time axis: use elapsed or clock", value);
          return -1;
        }
    }
  else if (strcmp (arg, "--chart") == 0)
    {
      if (strcmp (value, "both") == 0)
        options->chart = RTB_PLOT_RUN_BOTH;
      else if (strcmp (value, "curve") == 0)
        options->chart = RTB_PLOT_RUN_CURVE;
      else if (strcmp (value, "histogram") == 0)
        options->chart = RTB_PLOT_RUN_HISTOGRAM;
      else if (strcmp (value, "heatmap") == 0)
        options->chart = RTB_PLOT_RUN_HEATMAP;
      else
        {
          rtb_cli_error ("--chart \"%s\" is not a chart: use both, curve, histogram or heatmap",
                         value);
          return -1;
        }
    }
  else
    return 0;
  return 1;
}

static const RtbCliOption *
find_option (const RtbCliOption *options, const char *name)
{
  for (; options->name != NULL; options++)
    if (strcmp (options->name, name) == 0)
      return options;
  return NULL;
}

int
rtb_cli_parse_chart_command (int argc, char **argv, const char *command, const char *usage,
                             const RtbCliOption *options, RtbCliChartOptions *charts,
                             GPtrArray *files)
{
  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      const char *value = i + 1 < argc ? argv[i + 1] : NULL;
      const RtbCliOption *own = find_option (options, arg);
      int taken;

      if (strcmp (arg, "--help") == 0 || strcmp (arg, "-h") == 0)
        {
          fputs (usage, stdout);
          return RTB_CLI_OK;
        }
      if (strcmp (arg, "--dark") == 0 || (own != NULL && own->flag != NULL))
        {
          *(own != NULL ? own->flag : &charts->dark) = TRUE;
          continue;
        }
      if (!g_str_has_prefix (arg, "--"))
        {
          g_ptr_array_add (files, (gpointer) arg);
          continue;
        }
      if (value == NULL)
        {
          rtb_cli_error ("%s needs a value", arg);
          return RTB_CLI_USAGE;
        }
      i++;
      if (own != NULL)
        {
          *own->value = value;
          continue;
        }
      taken = rtb_cli_chart_option (charts, arg, value);
      if (taken < 0)
        return RTB_CLI_USAGE;
      if (taken == 0)
        {
          rtb_cli_error ("unknown option %s for %s (see rtbench-cli %s --help)", arg, command,
                         command);
          return RTB_CLI_USAGE;
        }
    }
  return -1;
}

gboolean
rtb_cli_chart_options_any (const RtbCliChartOptions *options)
{
  for (guint i = 0; i < G_N_ELEMENTS (options->outputs); i++)
    if (options->outputs[i] != NULL)
      return TRUE;
  return FALSE;
}

typedef struct {
  const RtbCliChartOptions *options;
  RtbRun *const *runs;
  guint n_runs;
} DrawData;

static void
draw_runs (cairo_t *cr, int width, int height, gpointer user_data)
{
  DrawData *data = user_data;
  RtbPlotTheme theme = data->options->dark ? rtb_plot_theme_dark () : rtb_plot_theme_light ();

  rtb_plot_run_draw (cr, &theme, width, height, data->options->chart, data->options->y_scale,
                     data->options->time,
                     data->runs, data->n_runs);
}

gboolean
rtb_cli_chart_write (const RtbCliChartOptions *options, RtbRun *const *runs, guint n_runs)
{
  DrawData data = { options, runs, n_runs };
  int height = options->height;

  /* A heatmap per series, stacked: each gets about 300 points. */
  if (height == 0 && options->chart == RTB_PLOT_RUN_HEATMAP)
    height = CLAMP (300 * (int) rtb_plot_run_heatmap_rows (runs, n_runs), 500, 20000);
  if (height == 0)
    height = options->chart == RTB_PLOT_RUN_BOTH ? 900 : 500;
  if (options->time == RTB_PLOT_RUN_TIME_CLOCK && options->chart != RTB_PLOT_RUN_HISTOGRAM)
    {
      const char *why = options->chart == RTB_PLOT_RUN_HEATMAP
                          ? rtb_plot_run_heatmap_clock_unavailable (runs, n_runs)
                          : rtb_plot_run_clock_unavailable (runs, n_runs, -1);

      if (why != NULL)
        {
          rtb_cli_error ("--time-axis clock: %s; use --time-axis elapsed", why);
          return FALSE;
        }
    }
  for (RtbPlotFormat format = RTB_PLOT_FORMAT_PNG; format <= RTB_PLOT_FORMAT_PDF; format++)
    {
      const char *path = options->outputs[format];
      g_autoptr (GError) error = NULL;
      g_autoptr (GBytes) bytes = NULL;

      if (path == NULL)
        continue;
      bytes = rtb_plot_render (format, options->width, height, options->scale, draw_runs, &data,
                               &error);
      if (bytes == NULL)
        {
          rtb_cli_error ("could not write %s: %s", path, error->message);
          return FALSE;
        }
      /* The message names the file. */
      if (!rtb_file_write (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                           &error))
        {
          rtb_cli_error ("%s", error->message);
          return FALSE;
        }
      rtb_cli_print_wrote (options->status, path);
    }
  return TRUE;
}
