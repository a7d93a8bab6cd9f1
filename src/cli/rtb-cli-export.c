/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include <string.h>

#include "rtb-cli-runs.h"
#include "rtb-cli-util.h"
#include "rtb-cli.h"
#include "rtb-csv.h"
#include "rtb-cyclictest-export.h"

static const char export_usage[] =
  "Usage: rtbench-cli export FILE [--png F] [--svg F] [--pdf F]\n"
  "                               [--chart both|curve|histogram|heatmap]\n"
  "                               [--y-scale auto|linear|log] [--time-axis elapsed|clock]\n"
  "                               [--width N] [--height N] [--scale S] [--dark]\n"
  "                               [--csv F] [--csv-histogram F] [--csv-series F]\n"
  "                               [--csv-heatmap F]\n"
  "                               [--csv-spikes F] [--cyclictest F [--cyclictest-version V]]\n"
  "\n"
  "Draws a saved run: its per-instance curve with the running mean (for jitter, one per thread,\n"
  "each against time) and its histogram with a log count axis (--chart both, the default,\n"
  "stacks them in one image; a run imported without per-instance values gets the histogram\n"
  "alone). --chart heatmap draws a heatmap per series instead: time across, the magnitude of\n"
  "the value on a log axis (10 rows per decade from 1 µs to the histogram's limit, a row below\n"
  "1 µs and a band of overflows), the samples in each cell as a colour on a log scale, each\n"
  "column's max and the running p99.9 over it. The curves' value axis turns logarithmic when spikes of 10 times the mean or more\n"
  "would squash the running mean (--y-scale auto, the default; or linear, or log). The time\n"
  "axis reads seconds since the start (--time-axis elapsed, the default) or the time of day of\n"
  "the machine that measured (--time-axis clock: 07:10, the date at midnight; UTC for runs that\n"
  "did not record their time zone); a run's load is marked where it started and stopped. PNG\n"
  "size is width×height points times --scale pixels; SVG and PDF are width×height.\n"
  "\n"
  "Tables (CSV: comma separated, '.' decimal point, values in µs):\n"
  "  --csv F            the statistics: run, series, cpu, count, min_us … p999_us, stddev_us,\n"
  "                     overflows, dropped; one line per series\n"
  "  --csv-histogram F  bucket_us, then the count of each series; only buckets that hold a\n"
  "                     sample, and a last line \"overflows\"\n"
  "  --csv-series F     the per-instance history: run, series, index, samples, min_us, max_us,\n"
  "                     mean_us, running_mean_us; one line per block (exact for short runs)\n"
  "  --csv-heatmap F    the heatmap's cells: run, series, index, positions, row, lo_us,\n"
  "                     hi_us, count, column_max_us; one line per cell that holds a sample\n"
  "                     (index: the column's first instance, 0-based; hi_us empty for the\n"
  "                     overflow row), one line with only run and series when unknown\n"
  "  --csv-spikes F     the explained spikes (--trace-above): run, series, index, instance,\n"
  "                     time_s (on the curve's time axis), cpu, value_us, cause (task, irq,\n"
  "                     softirq or unknown), name, pid, irq, cause_us, to_wakeup_us,\n"
  "                     to_run_us, lost_events, irq_latency_us (timerlat: the period's IRQ\n"
  "                     latency)\n"
  "  --cyclictest F     the histogram as cyclictest -h prints it, for scripts made for\n"
  "                     cyclictest; latency and response runs only (no negative buckets)\n"
  "  --cyclictest-version V\n"
  "                     the rt-tests release whose layout to write: up to 2.6 (e.g. 2.4, as\n"
  "                     Debian 12 ships) every row and a \"# Total:\" line, 2.7 and later only\n"
  "                     the rows that hold samples; by default the installed cyclictest's,\n"
  "                     2.7 when there is none\n";

int
rtb_cli_export (int argc, char **argv)
{
  const char *input = NULL;
  const char *csv = NULL, *csv_histogram = NULL, *csv_series = NULL, *csv_spikes = NULL;
  const char *csv_heatmap = NULL;
  const char *cyclictest = NULL, *cyclictest_version = NULL;
  const RtbCliOption options[] = {
    { "--csv", &csv }, { "--csv-histogram", &csv_histogram }, { "--csv-series", &csv_series },
    { "--csv-spikes", &csv_spikes }, { "--csv-heatmap", &csv_heatmap },
    { "--cyclictest", &cyclictest },
    { "--cyclictest-version", &cyclictest_version }, { NULL },
  };
  RtbCyclictestLayout layout = RTB_CYCLICTEST_LAYOUT_AUTO;
  g_autoptr (GPtrArray) files = g_ptr_array_new ();
  RtbCliChartOptions charts;
  int parsed;

  rtb_cli_chart_options_init (&charts);
  parsed = rtb_cli_parse_chart_command (argc, argv, "export", export_usage, options, &charts,
                                        files);
  if (parsed >= 0)
    return parsed;
  if (files->len > 1)
    {
      rtb_cli_error ("export takes one run file; \"%s\" is a second one",
                     (const char *) files->pdata[1]);
      return RTB_CLI_USAGE;
    }
  if (files->len == 1)
    input = files->pdata[0];
  if (cyclictest_version != NULL &&
      !rtb_cyclictest_layout_from_version (cyclictest_version, &layout))
    {
      rtb_cli_error ("--cyclictest-version \"%s\": expected an rt-tests release such as 2.4 or "
                     "2.10", cyclictest_version);
      return RTB_CLI_USAGE;
    }
  if (cyclictest_version != NULL && cyclictest == NULL)
    {
      rtb_cli_error ("--cyclictest-version says how to write --cyclictest F, which is missing");
      return RTB_CLI_USAGE;
    }

  if (input == NULL)
    {
      rtb_cli_error ("export needs a run file: rtbench-cli export FILE --png F");
      return RTB_CLI_USAGE;
    }
  if (!rtb_cli_chart_options_any (&charts) && csv == NULL && csv_histogram == NULL &&
      csv_series == NULL && csv_spikes == NULL && csv_heatmap == NULL && cyclictest == NULL)
    {
      rtb_cli_error ("nothing to export: give --png, --svg, --pdf, --csv, --csv-histogram, "
                     "--csv-series, --csv-heatmap, --csv-spikes or --cyclictest with a file "
                     "name");
      return RTB_CLI_USAGE;
    }

  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = rtb_cli_open_run (input);
  if (run == NULL)
    return RTB_CLI_FAILED;

  /* Checked first, so that a refused format writes nothing at all. */
  g_autofree char *cyclictest_text = NULL;
  if (cyclictest != NULL)
    {
      cyclictest_text = rtb_cyclictest_export (run, layout, &error);
      if (cyclictest_text == NULL)
        {
          rtb_cli_error ("%s: %s", cyclictest, error->message);
          return RTB_CLI_FAILED;
        }
    }

  if (!rtb_cli_chart_write (&charts, &run, 1))
    return RTB_CLI_FAILED;

  struct {
    const char *path;
    char *(*make) (RtbRun *const *runs, guint n_runs);
  } tables[] = {
    { csv, rtb_csv_summary },
    { csv_histogram, rtb_csv_histogram },
    { csv_series, rtb_csv_series },
    { csv_heatmap, rtb_csv_heatmap },
    { csv_spikes, rtb_csv_spikes },
  };
  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      g_autofree char *text = NULL;

      if (tables[t].path == NULL)
        continue;
      text = tables[t].make (&run, 1);
      if (!rtb_cli_write_text (tables[t].path, text, stdout))
        return RTB_CLI_FAILED;
    }
  if (cyclictest_text != NULL && !rtb_cli_write_text (cyclictest, cyclictest_text, stdout))
    return RTB_CLI_FAILED;
  return RTB_CLI_OK;
}
