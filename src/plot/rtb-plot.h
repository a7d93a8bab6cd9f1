/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rtbench's charts: pure cairo + pango, shared by the window, exports and tests. */
#pragma once

#include "rtb-plot-curve.h"
#include "rtb-plot-export.h"
#include "rtb-plot-heatmap.h"
#include "rtb-plot-histogram.h"
#include "rtb-plot-layout.h"
#include "rtb-plot-message.h"
#include "rtb-plot-series.h"
#include "rtb-plot-theme.h"
