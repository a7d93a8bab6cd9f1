/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the import tests share: the fixtures' folder and the checks every imported run passes. */
#pragma once

#include "rtb-import.h"
#include "rtb-run.h"

G_BEGIN_DECLS

/* tests/data/import/NAME (under $RTBENCH_TEST_DATA). */
char *import_test_data_path (const char *name);
/* The samples in a series' histogram buckets. */
guint64 import_test_bucket_sum (RtbSeries *series);
/* Every series: count = buckets + overflows, and the figures survive a save and load. */
void import_test_check_consistent (RtbRun *run);

G_END_DECLS
