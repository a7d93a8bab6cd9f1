/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the run file loader needs beyond the public RtbRun API. */
#pragma once

#include "rtb-run.h"

G_BEGIN_DECLS

#define RTB_RUN_FILE_FORMAT "rtbench-run"
/* 2: unknown facts are null (an import states few), not "", 0 or false
 * 3: percentiles from a log-linear histogram ("values"), no kept outside values
 * 4: the keys and facts of protocol 4 (timer variant, gpio, CPU placement, timer slack,
 *    response experiments, jitter overruns, off-CPU instances)
 * 5: the history keeps the place of periods skipped after a stall (history.n_positions), and
 *    a noise history every gap */
#define RTB_RUN_FILE_VERSION 5

/* JSON names of RtbRunState, indexed by state. */
extern const char * const _rtb_run_state_names[];

/* Adds a series with the given histogram geometry instead of the method's default. */
RtbSeries *_rtb_run_add_series_full (RtbRun *self, const char *name, int cpu, int32_t lo_us,
                                     uint32_t n_buckets);
void _rtb_run_set_state (RtbRun *self, RtbRunState state);
void _rtb_run_set_end_reason (RtbRun *self, RtbEndReason reason);
void _rtb_run_set_times (RtbRun *self, gint64 start_us, gint64 end_us, guint64 elapsed_ns);
void _rtb_run_set_worker (RtbRun *self, const RtbHelloFrame *hello);
void _rtb_run_set_worker_command (RtbRun *self, const char *line);
void _rtb_run_set_started (RtbRun *self, guint32 flags, gint64 timer_slack_ns);
/* rtb_run_load() of the bytes of the file at `path`, already read (transfer full). */
RtbRun *_rtb_run_load_bytes (GBytes *bytes, const char *path, GError **error);

G_END_DECLS
