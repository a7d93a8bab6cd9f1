/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The pure parsers behind rtb_system_info_collect(), exposed for tests with fixture text. */
#pragma once

#include "rtb-system-info.h"

G_BEGIN_DECLS

/* The CPU model from /proc/cpuinfo text: "model name" (x86), "Model" (Raspberry Pi), "Hardware",
 * "cpu model" (MIPS), "uarch" (RISC-V), "Processor" (old ARM); "" when none. */
char *_rtb_cpuinfo_parse_model (const char *text);
/* Counts "processor" entries; 0 when none. */
int _rtb_cpuinfo_count_processors (const char *text);
/* The value of the last `key=` parameter on a kernel command line, unquoted; "" when absent. */
char *_rtb_cmdline_get_param (const char *cmdline, const char *key);
gboolean _rtb_kernel_version_is_preempt_rt (const char *uname_version);
/* Number of CPUs in a kernel CPU list ("0-3,6\n"); -1 when malformed. */
int _rtb_cpu_list_count (const char *text);
/* The kB value of a /proc/meminfo line ("SwapTotal"), -1 when absent. */
gint64 _rtb_meminfo_parse_kb (const char *text, const char *key);
/* The first integer of a text such as /proc/sys/kernel/printk; `fallback` when none. */
int _rtb_parse_first_int (const char *text, int fallback);
/* "" for no governors, the one name if all agree, "mixed" otherwise. */
char *_rtb_governors_combine (const char * const *governors);

/* Collects with every /proc and /sys path below `root` ("/" for the real system); uname and
 * the host name always come from the running system. */
RtbSystemInfo *_rtb_system_info_collect_from (const char *root);

/* Every text made safe to show (rtb-safe-text.h): it may come from another machine or a
 * file. */
void _rtb_system_info_make_safe (RtbSystemInfo *info);

/* `path` names the object in error messages ("system"). */
RtbSystemInfo *_rtb_system_info_from_json_object (JsonObject *object, const char *path,
                                                  GError **error);

/* Run files of version 1 wrote "", 0 and false for what an import did not state: makes those
 * unknown, and everything but the host name when the file named no kernel. */
void _rtb_system_info_forget_v1_blanks (RtbSystemInfo *info);

G_END_DECLS
