/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the checklist's items share: the snapshot and the CPUs they are judged for. */
#pragma once

#include "rtb-checklist-text.h"
#include "rtb-checklist.h"
#include "rtb-cpu-users.h"

G_BEGIN_DECLS

typedef struct {
  GHashTable *files;
  uint64_t online[RTB_MAX_CPUS / 64];
  gboolean online_known;
  uint64_t measured[RTB_MAX_CPUS / 64];
  char *measured_text;  /* "0-3" */
  RtbCheckText *measured_words; /* "CPU 3", "CPUs 0-3" */
  int priority;
  gboolean no_policy;
  const RtbHelloFrame *worker;
} RtbChecklistContext;

/* The file's text without surrounding blanks, or NULL when the snapshot lacks it. */
char *_rtb_checklist_text (const RtbChecklistContext *c, const char *relative);
/* A kernel CPU list ("0-3,6", or isolcpus' "domain,managed_irq,2-3") into a set; FALSE when
 * it holds no CPU. */
gboolean _rtb_checklist_parse_cpus (const char *text, uint64_t *cpus);
char *_rtb_checklist_format_cpus (const uint64_t *cpus);
/* How many of the measured CPUs are in `cpus`. */
int _rtb_checklist_measured_in (const RtbChecklistContext *c, const uint64_t *cpus);
int _rtb_checklist_measured_count (const RtbChecklistContext *c);

/* The value of the last `key=` on the kernel command line ("" when absent), or NULL when the
 * command line was not recorded. */
char *_rtb_checklist_cmdline_param (const RtbChecklistContext *c, const char *key);

/* "CPU 3", "CPUs 0-1" */
RtbCheckText *_rtb_checklist_cpus_in_words (const uint64_t *cpus);

/* Takes `value` and `advice` (NULL when there is none). */
RtbCheck *_rtb_check_new (const char *id, RtbCheckStatus status, RtbCheckText *value,
                          RtbCheckText *advice);
/* `what` is N_("…"). */
#define UNKNOWN(id, what) _rtb_check_new (id, RTB_CHECK_UNKNOWN, MSG (what), NULL)

/* Each returns its item (rtb-checklist-kernel.c, -cpus.c, -system.c). */
typedef RtbCheck *(*RtbCheckFunc) (const RtbChecklistContext *c);
RtbCheck *_rtb_check_preemption (const RtbChecklistContext *c);
RtbCheck *_rtb_check_virtual (const RtbChecklistContext *c);
RtbCheck *_rtb_check_tick (const RtbChecklistContext *c);
RtbCheck *_rtb_check_clocksource (const RtbChecklistContext *c);
RtbCheck *_rtb_check_printk (const RtbChecklistContext *c);
RtbCheck *_rtb_check_isolated (const RtbChecklistContext *c);
RtbCheck *_rtb_check_nohz_full (const RtbChecklistContext *c);
RtbCheck *_rtb_check_rcu_nocbs (const RtbChecklistContext *c);
RtbCheck *_rtb_check_smt (const RtbChecklistContext *c);
RtbCheck *_rtb_check_governor (const RtbChecklistContext *c);
RtbCheck *_rtb_check_idle (const RtbChecklistContext *c);
RtbCheck *_rtb_check_irqs (const RtbChecklistContext *c);
RtbCheck *_rtb_check_irqbalance (const RtbChecklistContext *c);
RtbCheck *_rtb_check_rt_throttling (const RtbChecklistContext *c);
RtbCheck *_rtb_check_rt_tasks (const RtbChecklistContext *c);
RtbCheck *_rtb_check_timer_migration (const RtbChecklistContext *c);
RtbCheck *_rtb_check_watchdogs (const RtbChecklistContext *c);
RtbCheck *_rtb_check_swap (const RtbChecklistContext *c);
RtbCheck *_rtb_check_thp (const RtbChecklistContext *c);
RtbCheck *_rtb_check_overcommit (const RtbChecklistContext *c);
RtbCheck *_rtb_check_mlockall (const RtbChecklistContext *c);
RtbCheck *_rtb_check_dma_latency (const RtbChecklistContext *c);
RtbCheck *_rtb_check_radios (const RtbChecklistContext *c);
RtbCheck *_rtb_check_tracers (const RtbChecklistContext *c);

G_END_DECLS
