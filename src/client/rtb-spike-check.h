/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Whether a SPIKE frame is one of the samples its worker sent, with the value it sent.
 *
 * The trace is one for all measured CPUs: once a sample stops it, no other is traced until the
 * worker has sent that spike and rearmed, and the worker sends a spike's samples before the
 * spike. So a spike's sample came after the previous SPIKE frame (or STARTED), and it was at
 * or above the threshold (exactly the one asked, or within a tenth of the automatic one the
 * worker last announced). The check keeps those samples of the current window, up to
 * RTB_SPIKE_CHECK_KEPT; when more came, or samples were lost to a full ring, a spike not among
 * them cannot be judged and passes. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define RTB_SPIKE_CHECK_KEPT 1024

typedef struct RtbSpikeCheck RtbSpikeCheck;

RtbSpikeCheck *rtb_spike_check_new (void);
void rtb_spike_check_free (RtbSpikeCheck *check);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtbSpikeCheck, rtb_spike_check_free)

/* A TRACE frame armed the trace at `threshold_ns`, the automatic threshold if `automatic`. */
void rtb_spike_check_set_threshold (RtbSpikeCheck *check, gint64 threshold_ns,
                                    gboolean automatic);
/* A sample arrived. */
void rtb_spike_check_add (RtbSpikeCheck *check, guint series, guint64 index, gint64 value_ns);
/* The worker lost samples of some thread to a full ring since the last spike. */
void rtb_spike_check_lost (RtbSpikeCheck *check);
/* NULL when the spike can be the sample `index` of `series` the worker sent, else why not, in
 * words naming the series (`series_name`). Either way the next window starts. */
char *rtb_spike_check_spike (RtbSpikeCheck *check, guint series, const char *series_name,
                             guint64 index, gint64 value_ns);

G_END_DECLS
