/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Whether a SPIKE frame is one of the samples its worker sent, with the value it sent.
 *
 * The worker sends a spike's samples before the spike, and each thread's spikes in the order
 * of its samples; a spike's sample was at or above the threshold (exactly the one asked, or
 * within a tenth of the automatic one the worker last announced). So the check keeps, per
 * thread, the samples at or above the lowest threshold announced that came after the thread's
 * last spike: the RTB_SPIKE_CHECK_KEPT latest of them. A spike not among them is refused,
 * unless its sample may have been one forgotten, or one the worker lost to a full ring. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define RTB_SPIKE_CHECK_KEPT 256

typedef struct RtbSpikeCheck RtbSpikeCheck;

RtbSpikeCheck *rtb_spike_check_new (void);
void rtb_spike_check_free (RtbSpikeCheck *check);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtbSpikeCheck, rtb_spike_check_free)

/* A TRACE frame armed the trace at `threshold_ns`, the automatic threshold if `automatic`. */
void rtb_spike_check_set_threshold (RtbSpikeCheck *check, gint64 threshold_ns,
                                    gboolean automatic);
/* Sample `index` of `series` arrived, the `instance`-th on its curve (1-based). */
void rtb_spike_check_add (RtbSpikeCheck *check, guint series, guint64 index, guint64 instance,
                          gint64 value_ns);
/* The worker lost samples of `series` to a full ring. */
void rtb_spike_check_lost (RtbSpikeCheck *check, guint series);
/* NULL when the spike can be sample `index` of `series` as the worker sent it, else why not,
 * in words naming the series (`series_name`). `instance` gets the sample's instance when the
 * check still holds it, else 0. */
char *rtb_spike_check_spike (RtbSpikeCheck *check, guint series, const char *series_name,
                             guint64 index, gint64 value_ns, guint64 *instance);

G_END_DECLS
