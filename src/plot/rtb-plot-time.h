/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdbool.h>

#include <glib.h>

G_BEGIN_DECLS

/* How a chart's time axis reads (the curve's and the heatmap's alike): seconds elapsed since
 * the first instance, or the time of day of a clock; and a load's start and stop marked on it.
 * Both need a time axis (the chart's x_per_instance in seconds). */
typedef struct {
  bool clock;                  /* read as the clock whose time of day at the first instance is
                                * clock_origin (RtbPlotAxis.clock_origin) */
  double clock_origin;
  double load_start_s;         /* when a load started and stopped, in s from the first instance,
                                * marked as dashed lines; NAN: none */
  double load_stop_s;
  const char *load_start_note; /* their labels in the reader's language; NULL: "load on",
                                * "load off" */
  const char *load_stop_note;
} RtbPlotTime;

/* Elapsed seconds, no load marked. */
void rtb_plot_time_init (RtbPlotTime *time);

G_END_DECLS
