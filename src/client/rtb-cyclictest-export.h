/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A run's histogram in the text cyclictest -h prints, so that scripts written for cyclictest
 * (OSADL's latency plots, gnuplot recipes) read rtbench runs. The layout of rt-tests 2.7 … 2.10
 * (FORMATS.md §1.1) or of 1.x … 2.6 (every row, "# Total:", rtb-cyclictest-layout.h); by
 * default the installed cyclictest's. In 2.7+'s:
 *
 *   # rtbench-cli export of "LABEL" (latency; thread 0 = CPU0, thread 1 = CPU1)
 *   # Histogram
 *   000002 000125→000098          index "%06d ", counts "%06lu" TAB (→) separated, one column per
 *   …                               series, only the rows where some count is non-zero
 *   # Min Latencies: 00002 00002    " %05lu" per thread: cyclictest's figures, from each sample
 *   # Avg Latencies: 00003 00003    truncated to whole µs as calcdiff() does (RtbSeries.cyclictest),
 *   # Max Latencies: 00019 00023    Avg their sum / cycles truncated, as cyclictest prints it
 *   # Histogram Overflows: 00000 00003
 *   # Histogram Overflow at cycle number:
 *   # Thread 0:                     "# Thread %d: " then the cycle numbers "%05lu" separated by
 *   # Thread 1: 12873 48211 91007   a space, at most one per bucket, then " # %05lu others"
 *   (blank line)
 *
 * The first line is a comment cyclictest does not write (it writes "# /dev/cpu_dma_latency set
 * to 0us" there); readers skip lines starting with '#'. From "# Histogram" on, the text is
 * byte for byte what that cyclictest prints for the same samples.
 * Threads are the run's series in order; the text cannot say which CPU a thread ran on, hence
 * the comment.
 *
 * cyclictest's histogram has no negative buckets, so only runs whose values cannot be negative
 * are written: latency, and response (execution times; the comment says so). Jitter and timer
 * values are signed deviations: those runs are refused with G_IO_ERROR_NOT_SUPPORTED rather than
 * folded to |value|, which would hide whether a tick came early or late.
 */
#pragma once

#include <gio/gio.h>

#include "rtb-cyclictest-layout.h"
#include "rtb-run.h"

G_BEGIN_DECLS

/* Transfer full; NULL and `error` set when the run cannot be written in this format. */
char *rtb_cyclictest_export (RtbRun *run, RtbCyclictestLayout layout, GError **error);
/* Same, written to `path` by rtb_file_write (). */
gboolean rtb_cyclictest_export_file (RtbRun *run, RtbCyclictestLayout layout, const char *path,
                                     GError **error);

G_END_DECLS
