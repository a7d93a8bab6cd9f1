/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The values each method can produce, from the way the worker measures them. */
#define G_LOG_DOMAIN "rtbench-client"
#include "config.h"

#include "rtb-sample-check.h"
#include "rtb-time.h"

const char *
rtb_sample_impossible (const RtbCommand *command, guint thread, gint64 value_ns)
{
  gint64 period_ns;

  switch (command->method)
    {
    case RTB_METHOD_LATENCY:
      /* clock_nanosleep(TIMER_ABSTIME) never returns before its deadline. */
      return value_ns < 0 ? "a wake-up is never earlier than its deadline" : NULL;
    case RTB_METHOD_TIMER:
      return value_ns < 0 ? "the timer spins until its deadline, so it is never early" : NULL;
    case RTB_METHOD_JITTER:
      /* The deviation of an interval from the period: no interval is shorter than 0. Thread 0
       * is the base thread, thread 1 the servo thread. */
      period_ns = (gint64) rtb_command_thread_period_us (command, thread) * RTB_NSEC_PER_USEC;
      return value_ns < -period_ns ? "an interval is never shorter than nothing" : NULL;
    case RTB_METHOD_RESPONSE:
      return value_ns < 0 ? "an instance never ends before it starts" : NULL;
    case RTB_METHOD_NOISE:
      return value_ns < RTB_NSEC_PER_USEC || value_ns % RTB_NSEC_PER_USEC != 0
               ? "gaps are sent from 1 µs up, in whole microseconds"
               : NULL;
    case RTB_METHOD_TIMERLAT:
      /* The tracer's latencies are unsigned ns, sent in whole µs as rtla counts them. */
      return value_ns < 0 || value_ns % RTB_NSEC_PER_USEC != 0
               ? "timerlat's latencies are never negative and come in whole microseconds"
               : NULL;
    default:
      return NULL;
    }
}
