/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The two halves of a timerlat spike. The tracer measures each period twice from one deadline:
 * how late its timer's interrupt ran (the IRQ latency) and how late its thread ran (the thread
 * latency); a spike is a thread sample, and its IRQ half is the same period's IRQ sample, which
 * came in the samples before it. This keeps the recent IRQ samples of each series for the
 * spikes to find, a bounded number per series.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* IRQ samples kept per series: a spike comes well within this many periods of its sample. */
#define RTB_SPIKE_SPLIT_KEPT 16384

typedef struct RtbSpikeSplit RtbSpikeSplit;

RtbSpikeSplit *rtb_spike_split_new (void);
void rtb_spike_split_free (RtbSpikeSplit *split);
/* An IRQ sample of `series`, its periods increasing. */
void rtb_spike_split_add (RtbSpikeSplit *split, guint series, guint64 index, gint64 value_ns);
/* The IRQ sample of `series` at period `index`, or -1 when there was none or it is forgotten. */
gint64 rtb_spike_split_lookup (const RtbSpikeSplit *split, guint series, guint64 index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtbSpikeSplit, rtb_spike_split_free)

G_END_DECLS
