/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * "Is this machine set up for real time?": the tuning checklist, one model for the CLI's
 * `check`, summaries, compare and the window. Every item is read from a snapshot of the
 * measured machine's /proc, /sys and kernel command line (rtb_system_snapshot_*: this machine,
 * a captured tree, or a worker's SYSTEM frame), for the CPUs measured and the measurement's
 * priority, plus what the worker obtained (HELLO) when it ran.
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "rtb-cpu-list.h"
#include "rtb-protocol.h"
#include "rtb-system-snapshot.h"

G_BEGIN_DECLS

typedef enum {
  RTB_CHECK_BAD,
  RTB_CHECK_COULD_BE_BETTER,
  RTB_CHECK_UNKNOWN,
  RTB_CHECK_GOOD,
} RtbCheckStatus;

typedef struct {
  char *id;      /* "kernel.preemption", "cpus.isolated"… stable, for scripts */
  RtbCheckStatus status;
  char *value;   /* what was observed, in plain words */
  char *advice;  /* one sentence naming the setting to change; NULL when good */
  /* What rebuilds value and advice in another language, as run files keep them (value_msg,
   * advice_msg: the English message and its arguments, rtb-checklist-text.h); NULL when the
   * sentence reads the same in any language, or came from a file without them. */
  JsonNode *value_msg;
  JsonNode *advice_msg;
} RtbCheck;

typedef struct {
  const uint64_t *cpus;         /* the measured CPUs (RTB_MAX_CPUS bits); NULL: every online */
  int priority;                 /* of the measurement threads; 0 for SCHED_OTHER */
  const RtbHelloFrame *worker;  /* what the worker obtained; NULL before it ran */
  gboolean no_policy;           /* the method takes no policy (the key table says so): its
                                 * thread is the kernel's, at a priority rtbench does not set */
} RtbChecklistFor;

/* Every item, in the order of how much it matters (GPtrArray of RtbCheck). */
GPtrArray *rtb_checklist_evaluate (GHashTable *snapshot, const RtbChecklistFor *what);
/* The same items, worst first (bad, could be better, unknown, good), stable otherwise. */
GPtrArray *rtb_checklist_sorted (GPtrArray *checks);
gboolean rtb_checklist_any_bad (GPtrArray *checks);
const RtbCheck *rtb_checklist_find (GPtrArray *checks, const char *id);

const char *rtb_check_status_to_string (RtbCheckStatus status); /* good, could-be-better… */
/* For people, in their language: "could be better". */
const char *rtb_check_status_label (RtbCheckStatus status);
gboolean rtb_check_status_from_string (const char *text, RtbCheckStatus *out);
RtbCheck *rtb_check_copy (const RtbCheck *check);
void rtb_check_free (RtbCheck *check);

/* An array of {"id", "status", "value", "advice"}, with "value_msg" and "advice_msg" where
 * the check has them when `messages` (run files; not `check --json` or `summary --json`);
 * transfer full. */
JsonNode *rtb_checklist_to_json (GPtrArray *checks, gboolean messages);
/* NULL with an error naming the member when malformed; `path` names the array. A value or
 * advice whose message rtbench has reads in the reader's language; any other as saved. */
GPtrArray *rtb_checklist_from_json (JsonArray *array, const char *path, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtbCheck, rtb_check_free)

G_END_DECLS
