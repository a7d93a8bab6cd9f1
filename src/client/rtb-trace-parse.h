/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * One line of a tracefs text trace, as the kernel prints its sched and irq events:
 *
 *   "         culprit-14226   [001] d..2.  7945.082979: sched_switch: prev_comm=culprit
 *    prev_pid=14226 prev_prio=0 prev_state=S ==> next_comm=CPU1 next_pid=14230 next_prio=19"
 *
 * With the option record-tgid (protocol 7), the head also names the task's thread group:
 *
 *   "         culprit-14226   (  14220) [001] d..2.  7945.082979: sched_switch: ..."
 *
 * Task names are printed as they are and may hold spaces, '=' or '[': fields are found by
 * their key from the right of the line, never by splitting on spaces.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define RTB_TRACE_COMM_MAX 32

typedef enum {
  RTB_TRACE_EVENT_SWITCH,
  RTB_TRACE_EVENT_WAKING, /* sched_waking and sched_wakeup */
  RTB_TRACE_EVENT_IRQ_ENTRY,
  RTB_TRACE_EVENT_IRQ_EXIT,
  RTB_TRACE_EVENT_SOFTIRQ_ENTRY,
  RTB_TRACE_EVENT_SOFTIRQ_EXIT,
} RtbTraceEventKind;

typedef struct {
  RtbTraceEventKind kind;
  gint64 time_ns;              /* the trace clock (mono: CLOCK_MONOTONIC), to the µs */
  /* The task on the CPU when the event fired (the line's head; "<idle>" is pid 0) */
  char task_comm[RTB_TRACE_COMM_MAX];
  int task_pid;
  int task_tgid;               /* its thread group (record-tgid, protocol 7); -1 unknown */
  /* SWITCH: prev → next; WAKING: the task woken in `next_*` */
  char prev_comm[RTB_TRACE_COMM_MAX];
  int prev_pid;
  int prev_prio;
  gboolean prev_runnable;      /* SWITCH: prev_state R or R+ (preempted, still runnable) */
  char next_comm[RTB_TRACE_COMM_MAX];
  int next_pid;
  int next_prio;
  /* IRQ_*: the interrupt's number and (entry) name; SOFTIRQ_*: vector and action */
  int number;
  char name[RTB_TRACE_COMM_MAX];
} RtbTraceEvent;

/* Parses one line (without its newline). FALSE for lines of other events, headers, and
 * anything malformed. */
gboolean rtb_trace_parse_line (const char *line, gsize len, RtbTraceEvent *event);

G_END_DECLS
