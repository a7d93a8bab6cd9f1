/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The system a run was measured on: everything the tuning checklist of METHODS.md reads. */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* An integer or yes/no member that was not stated or could not be read (JSON null). Text
 * members are NULL then; "" is a stated empty value ("isolcpus" absent from a known command
 * line, no cpufreq governor). */
#define RTB_SYSTEM_INFO_UNKNOWN (-2)

typedef struct {
  char *hostname;
  char *kernel_release;   /* uname -r */
  char *kernel_version;   /* uname -v */
  int preempt_rt;         /* TRUE when /sys/kernel/realtime = 1 or PREEMPT_RT is in uname -v,
                           * FALSE, or RTB_SYSTEM_INFO_UNKNOWN */
  char *machine;          /* uname -m */
  char *cpu_model;
  int n_cpus;             /* online; RTB_SYSTEM_INFO_UNKNOWN */
  char *cmdline;          /* /proc/cmdline */
  char *isolcpus;         /* the isolcpus= value on the command line, "" if none */
  char *nohz_full;
  char *rcu_nocbs;
  char *isolated;         /* /sys/devices/system/cpu/isolated */
  char *governor;         /* of every online CPU, "" if no cpufreq; "mixed" if they differ */
  char *smt;              /* /sys/devices/system/cpu/smt/control: on, off, notsupported… */
  int sched_rt_runtime_us; /* -1 = throttling off; RTB_SYSTEM_INFO_UNKNOWN */
  int printk_level;       /* first field of /proc/sys/kernel/printk; RTB_SYSTEM_INFO_UNKNOWN */
  int overcommit_memory;  /* RTB_SYSTEM_INFO_UNKNOWN when unreadable */
  gint64 swap_total_kb;   /* -1 when unknown */
  char *idle_states;      /* cpuidle state names of CPU0, comma separated */
  int utc_offset_s;       /* the local time's offset from UTC (seconds east) when the run
                           * started; RTB_SYSTEM_INFO_UNKNOWN (older workers and files) */
} RtbSystemInfo;

/* Reads the local system. Never fails: what cannot be read is left unknown.
 * JSON member names: hostname, kernel (release), kernel_version, preempt_rt, machine, cpu_model,
 * n_cpus, cmdline, isolcpus, nohz_full, rcu_nocbs, isolated, governor, smt, sched_rt_runtime_us,
 * printk_level, overcommit_memory, swap_total_kb, idle_states, utc_offset_s. */
RtbSystemInfo *rtb_system_info_collect (void);
/* The same from the payload of a worker's validated SYSTEM frame: the machine the worker ran
 * on, which for a remote or recorded run is not this one. */
RtbSystemInfo *rtb_system_info_from_frame (const void *payload, size_t len);
/* The same from a snapshot (rtb-system-snapshot.h). */
RtbSystemInfo *rtb_system_info_from_snapshot (GHashTable *snapshot);
/* A system nothing is known of yet but (nullable) its host name: unknown texts and numbers. */
RtbSystemInfo *rtb_system_info_new_unknown (const char *hostname);
RtbSystemInfo *rtb_system_info_copy (const RtbSystemInfo *info);
void rtb_system_info_free (RtbSystemInfo *info);
/* A boxed type, for properties that carry a machine's description. */
#define RTB_TYPE_SYSTEM_INFO (rtb_system_info_get_type ())
GType rtb_system_info_get_type (void) G_GNUC_CONST;
JsonNode *rtb_system_info_to_json (const RtbSystemInfo *info);
/* Returns NULL and sets error (naming the member) when the object is malformed. Every member
 * may be null (unknown). */
RtbSystemInfo *rtb_system_info_from_json (JsonNode *node, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtbSystemInfo, rtb_system_info_free)

/* The frequency governor and the SMT control in plain words, the same in the window, the
 * comparison and the CLI: "no frequency scaling (no cpufreq driver)" rather than "" or
 * "none", "not supported by this CPU" rather than "notsupported". Marked for translation,
 * not translated (the window translates them); a governor's own name is returned as it is.
 * NULL when unknown. */
const char *rtb_system_info_governor_words (const char *governor);
const char *rtb_system_info_smt_words (const char *smt);

G_END_DECLS
