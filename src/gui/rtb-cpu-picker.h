/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The setup's CPU row: one toggle per online CPU, isolated CPUs marked, and "All"; for one
 * CPU, "Auto" and "Not Pinned" besides. */
#pragma once

#include <adwaita.h>
#include <stdint.h>

G_BEGIN_DECLS

#define RTB_TYPE_CPU_PICKER (rtb_cpu_picker_get_type ())
G_DECLARE_FINAL_TYPE (RtbCpuPicker, rtb_cpu_picker, RTB, CPU_PICKER, AdwPreferencesRow)

/* The "changed" signal: the user toggled a CPU or pressed "All". The setters stay silent. */

int rtb_cpu_picker_get_n_cpus (RtbCpuPicker *self);
/* Another machine's CPUs (the picker starts with this one's); every CPU is then chosen. */
void rtb_cpu_picker_set_n_cpus (RtbCpuPicker *self, int n_cpus);

/* Several CPUs (the latency method's threads) or exactly one. */
void rtb_cpu_picker_set_multiple (RtbCpuPicker *self, gboolean multiple);

/* The chosen CPUs as a CPU list, or "all" when every one is chosen (transfer full). */
char *rtb_cpu_picker_dup_cpus (RtbCpuPicker *self);
/* A CPU list; NULL, "all", a list that does not parse or that names no CPU here choose all. */
void rtb_cpu_picker_set_cpus (RtbCpuPicker *self, const char *list);
/* Exactly the CPUs of a set (NULL: all). */
void rtb_cpu_picker_set_cpu_set (RtbCpuPicker *self, const uint64_t *cpus);

/* The one CPU when not multiple, or one of these: */
#define RTB_CPU_PICKER_AUTO (-1)     /* the worker chooses, as LinuxCNC does (cpu=auto) */
#define RTB_CPU_PICKER_UNPINNED (-2) /* no CPU (cpu=none) */
int rtb_cpu_picker_get_cpu (RtbCpuPicker *self);
void rtb_cpu_picker_set_cpu (RtbCpuPicker *self, int cpu);

/* This computer's CPUs and isolated CPUs, as at start. */
void rtb_cpu_picker_show_this_machine (RtbCpuPicker *self);
/* The CPUs isolated from the scheduler, read from sysfs at start; a CPU list, "" for none. */
void rtb_cpu_picker_set_isolated (RtbCpuPicker *self, const char *list);
gboolean rtb_cpu_picker_is_isolated (RtbCpuPicker *self, int cpu);

G_END_DECLS
