/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The system rows and notices of a comparison (rtb-compare-system.c). */
#pragma once

#include "rtb-compare.h"

G_BEGIN_DECLS

/* Appends RtbCompareSystemRow to `rows`. */
void _rtb_compare_build_system (RtbRun *const *runs, guint n_runs, GArray *rows);
/* TRUE when one of the runs was imported from cyclictest: the comparison then shows every run's
 * figures as cyclictest computes them (rtb_series_get_cyclictest_summary); `text` tells whether
 * one came from its text output, whose averages are truncated. */
gboolean _rtb_compare_meets_cyclictest (RtbRun *const *runs, guint n_runs, gboolean *text);
/* Appends sentences (g_free) to `notices`; `names` are the runs' unique names. */
void _rtb_compare_build_notices (RtbRun *const *runs, const char * const *names, guint n_runs,
                                 GPtrArray *notices);
/* Marks the checklist rows whose differences most likely explain why a run's worst case is
 * worse than the baseline's (or better), and says so in `notices` (rtb-compare-explain.c). */
void _rtb_compare_explain (RtbCompare *self, GArray *system_rows, GPtrArray *notices);

G_END_DECLS
