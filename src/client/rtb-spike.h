/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What delayed one spike, read from the kernel's trace of its CPU (a SPIKE frame): for the
 * interval from the deadline to the moment the measurement thread ran, which tasks ran instead
 * and for how long, which interrupts and softirqs ran and for how long, the delay from the
 * deadline to the wake-up and from the wake-up to running, and one verdict, the main cause:
 * what took the most of that interval, or "unknown" when nothing the kernel saw took more than
 * the time left unaccounted (firmware, SMI or hypervisor stalls run no kernel code).
 *
 * Also the league table of a run's causes (RtbSpikeLeague): per cause, how many spikes it was
 * the main cause of and the worst of them.
 */
#pragma once

#include <glib.h>

#include "rtb-protocol.h"

G_BEGIN_DECLS

typedef enum {
  RTB_CAUSE_TASK,
  RTB_CAUSE_IRQ,
  RTB_CAUSE_SOFTIRQ,
  RTB_CAUSE_UNKNOWN, /* nothing the kernel saw ran: firmware, SMI or hypervisor stall */
} RtbCauseKind;

typedef enum {
  RTB_CAUSE_POLICY_UNKNOWN,
  RTB_CAUSE_POLICY_OTHER,    /* SCHED_OTHER/BATCH/IDLE: priority is the nice value */
  RTB_CAUSE_POLICY_RT,       /* SCHED_FIFO or SCHED_RR: priority is 1-99 */
  RTB_CAUSE_POLICY_DEADLINE, /* SCHED_DEADLINE */
} RtbCausePolicy;

/* Whose task it is: rtbench must never be the culprit it reports, and says so when it is. */
typedef enum {
  RTB_CAUSE_OWNER_NONE,   /* not rtbench's, or not known */
  RTB_CAUSE_OWNER_WORKER, /* a thread of the worker (its thread group is HELLO's pid) */
  RTB_CAUSE_OWNER_CLIENT, /* a thread of the client that ran the worker on its own machine */
} RtbCauseOwner;

typedef struct {
  RtbCauseKind kind;
  char *name;        /* task name, interrupt name or softirq action; NULL for unknown */
  int pid;           /* task: its pid; others 0 */
  RtbCauseOwner owner; /* task only */
  int number;        /* irq: its number; softirq: its vector; others 0 */
  RtbCausePolicy policy; /* task only */
  int priority;      /* task only: 1-99 (RT), nice (other) */
  gint64 duration_ns; /* how long it ran between the deadline and the thread running */
} RtbCause;

typedef struct {
  guint series;        /* the run's series (thread) */
  guint64 index;       /* the sample's index in it (cycle, interval or tick) */
  guint64 instance;    /* where the sample lies on the run's curve, 1-based; 0: unknown */
  gint64 time_ns;      /* where the curve's time axis puts it: instance × the period, the end
                        * of its period since the start; -1: unknown (no instance, or a method
                        * without a period) */
  int cpu;
  gint64 value_ns;     /* the sample's value */
  gint64 deadline_ns;  /* CLOCK_MONOTONIC */
  gint64 wake_ns;
  gint64 to_wakeup_ns; /* deadline → wake-up of the thread (0 when it was running or preempted
                        * at the deadline); -1: the trace has no wake-up after the deadline */
  gint64 to_run_ns;    /* wake-up (or the deadline, if later) → running; -1 unknown */
  gint64 irq_ns;       /* timerlat: the IRQ latency of the spike's period, whose thread latency
                        * the spike is (rtb-spike-split.h); -1 unknown or another method */
  guint flags;         /* RTB_SPIKE_LOST_EVENTS, RTB_SPIKE_CUT */
  RtbCause main;       /* the verdict */
  GArray *causes;      /* RtbCause: everything that ran, longest first */
} RtbSpike;

/* An empty spike (unknown cause, unknown delays), for loaders to fill. */
RtbSpike *rtb_spike_new (void);
/* Explains a SPIKE frame's trace (the measuring thread is the frame's tid). A task whose thread
 * group, as the trace's line heads name it (protocol 7), is `worker_pid` (HELLO's pid) is one
 * of the worker's own threads, and so is `worker_pid` itself, its main thread; one whose group
 * is `client_pid` is the client's: give this process's pid only when it sees the same pids as
 * the worker (it spawned the worker on this machine), else 0. */
RtbSpike *rtb_spike_explain (const RtbSpikeFrame *frame, const char *text, gsize text_len,
                             int worker_pid, int client_pid);
RtbSpike *rtb_spike_copy (const RtbSpike *spike);
/* instance × period_us in ns; -1 when either is unknown (0). */
gint64 rtb_spike_curve_time_ns (guint64 instance, double period_us);
void rtb_spike_free (RtbSpike *spike);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtbSpike, rtb_spike_free)

void rtb_cause_clear (RtbCause *cause);
const char *rtb_cause_kind_to_string (RtbCauseKind kind);
gboolean rtb_cause_kind_from_string (const char *text, RtbCauseKind *kind);
/* "worker", "client"; NULL for RTB_CAUSE_OWNER_NONE */
const char *rtb_cause_owner_to_string (RtbCauseOwner owner);
gboolean rtb_cause_owner_from_string (const char *text, RtbCauseOwner *owner);
/* Translated: "rtbench's own thread", "rtbench's own client"; NULL for none. */
const char *rtb_cause_owner_describe (RtbCauseOwner owner);
/* "culprit (pid 14226, FIFO/RR 99)", "writer (pid 129, OTHER nice 0, rtbench's own thread)",
 * "irq 36 virtio1-req.0", "softirq NET_RX", translated
 * "nothing the kernel saw: firmware, SMI or hypervisor stall" */
char *rtb_cause_describe (const RtbCause *cause);
/* "CPU1 #221: 566.1 µs — culprit (pid 14226, FIFO/RR 99) ran 489.2 µs; woken after 0.0 µs,
 * ran 566.0 µs after the wake-up" */
char *rtb_spike_describe (const RtbSpike *spike, const char *series_name);
/* Several lines: everything that ran, the delays, the flags. */
char *rtb_spike_describe_long (const RtbSpike *spike, const char *series_name);

/* The league table: causes of a run's spikes, the ones with most spikes first. */
typedef struct {
  RtbCauseKind kind;
  char *name;
  int pid;       /* task */
  RtbCauseOwner owner; /* task */
  int number;    /* irq, softirq */
  guint64 count; /* spikes it was the main cause of */
  gint64 worst_ns; /* the largest of those spikes' values */
} RtbLeagueEntry;

typedef struct RtbSpikeLeague RtbSpikeLeague;

RtbSpikeLeague *rtb_spike_league_new (void);
void rtb_spike_league_free (RtbSpikeLeague *league);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtbSpikeLeague, rtb_spike_league_free)
void rtb_spike_league_add (RtbSpikeLeague *league, const RtbCause *cause, gint64 value_ns);
/* Adds an entry as a run file stores it. */
void rtb_spike_league_add_entry (RtbSpikeLeague *league, const RtbLeagueEntry *entry);
/* The entries, most spikes first, then worst first; owned by the league. */
GPtrArray *rtb_spike_league_entries (RtbSpikeLeague *league);
guint64 rtb_spike_league_total (RtbSpikeLeague *league);
/* "kworker/1:2 (pid 88): 14 spikes, worst 310.0 µs" */
char *rtb_league_entry_describe (const RtbLeagueEntry *entry);

G_END_DECLS
