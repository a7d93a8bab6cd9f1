/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The events of a spike's trace, read in binary (per_cpu/cpuN/trace_pipe_raw, rtb-trace-page.h)
 * and written back as the lines trace_pipe prints for them, which is what a SPIKE frame carries
 * and the client parses (src/client/rtb-trace-parse.c):
 *
 *   "          writer-129     (    120) [001] d..2.  7945.082979: sched_switch: prev_comm=..."
 *
 * The kernel formats an event as text when trace_pipe is read, every event, in the reader's
 * time; here only the events of a window that is sent are. What a binary event lacks, the line's
 * head, is learnt: a task's name from the sched events that name it (as the kernel's own
 * saved_cmdlines learns it from sched_switch), else /proc/PID/comm, else "<...>" as the kernel
 * prints it; its thread group from /proc/PID/status when its line is first written, else
 * "(-------)" as the kernel prints an unknown one. The flags column is the mainline kernel's five
 * letters (irqs off, need-resched, hard/soft interrupt, preemption and migrate-disable depths),
 * where a PREEMPT_RT kernel prints seven; nothing reads it. Before and after it, every byte is
 * the kernel's (tests/test-trace-format.c).
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "rtb-trace-page.h"

typedef struct RtbWorkerTraceFormat RtbWorkerTraceFormat;

/* Reads the page layout (events/header_page of the tracefs root `root`) and the formats of the
 * events the instance `instance` records; tasks are looked up in `proc` ("/proc"). NULL with
 * `why` filled when the layout or a required event (sched_switch, sched_waking) is not as the
 * worker knows them. */
RtbWorkerTraceFormat *rtb_worker_trace_format_new (const char *root, const char *instance,
                                                   const char *proc, char *why, size_t why_size);
void rtb_worker_trace_format_free (RtbWorkerTraceFormat *f);
const RtbTracePageLayout *rtb_worker_trace_format_layout (const RtbWorkerTraceFormat *f);
/* Whether the event is one a window shows; the sched events teach the names of the tasks they
 * name on the way. */
bool rtb_worker_trace_format_take (RtbWorkerTraceFormat *f, const RtbTraceEvent *event);
/* The event's line, as trace_pipe prints it for the CPU `cpu`, without its newline, into `out`
 * (printable ASCII); returns its length, 0 when it does not fit or the event is malformed. */
size_t rtb_worker_trace_format_line (RtbWorkerTraceFormat *f, int cpu,
                                     const RtbTraceEvent *event, char *out, size_t size);
