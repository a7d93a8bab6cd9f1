/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <stddef.h>
#include <stdint.h>

#include "rtb-heatmap.h"
#include "rtb-histogram.h"
#include "rtb-history.h"

G_BEGIN_DECLS

/* One series as the charts see it, independent of the run model. All pointers are borrowed for
 * the duration of a call. A curve reads `history`, or when that is NULL the plain per-instance
 * `values_us` (imported or synthetic data); a histogram chart reads `histogram`, a heatmap
 * `heatmap` (NULL: unknown). */
typedef struct {
  const char *name;
  guint color_index;                /* palette slot: keep it stable per series across charts */
  const RtbHistory *history;
  const double *values_us;
  size_t n_values;
  const RtbHistogram *histogram;
  const RtbHeatmap *heatmap;
  /* Samples marked on a curve (explained spikes): instance (1-based) and value, n_markers each */
  const uint64_t *marker_instances;
  const double *marker_values_us;
  size_t n_markers;
} RtbPlotSeries;

G_END_DECLS
