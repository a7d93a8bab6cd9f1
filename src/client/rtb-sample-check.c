/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The values each method can produce, as its declaration gives them (rtb-methods.c). */
#define G_LOG_DOMAIN "rtbench-client"
#include "config.h"

#include "rtb-methods.h"
#include "rtb-sample-check.h"
#include "rtb-time.h"

const char *
rtb_sample_impossible (const RtbCommand *command, guint thread, gint64 value_ns)
{
  const RtbMethodInfo *info = rtb_method_info (command->method);
  gint64 least_ns;

  if (info == NULL)
    return NULL;
  least_ns = info->least_ns;
  if (info->least_less_period)
    least_ns -= (gint64) rtb_command_thread_period_us (command, thread) * RTB_NSEC_PER_USEC;
  if (value_ns < least_ns || (info->whole_us && value_ns % RTB_NSEC_PER_USEC != 0))
    return info->impossible;
  return NULL;
}
