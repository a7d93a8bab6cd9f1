/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "rtb-system-files.h"

const char *const rtb_system_files[] = {
  RTB_SYSTEM_CPUINFO, RTB_SYSTEM_MEMINFO, RTB_SYSTEM_CMDLINE, RTB_SYSTEM_RT_RUNTIME,
  RTB_SYSTEM_PRINTK, RTB_SYSTEM_OVERCOMMIT, RTB_SYSTEM_REALTIME, RTB_SYSTEM_ONLINE,
  RTB_SYSTEM_ISOLATED, RTB_SYSTEM_SMT, NULL,
};
