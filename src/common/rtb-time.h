/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#define RTB_NSEC_PER_SEC 1000000000ll
#define RTB_NSEC_PER_USEC 1000ll

static inline int64_t
rtb_timespec_to_ns (const struct timespec *ts)
{
  return (int64_t) ts->tv_sec * RTB_NSEC_PER_SEC + ts->tv_nsec;
}

static inline struct timespec
rtb_timespec_from_ns (int64_t ns)
{
  struct timespec ts = { .tv_sec = ns / RTB_NSEC_PER_SEC, .tv_nsec = ns % RTB_NSEC_PER_SEC };
  if (ts.tv_nsec < 0)
    {
      ts.tv_sec -= 1;
      ts.tv_nsec += RTB_NSEC_PER_SEC;
    }
  return ts;
}

static inline void
rtb_timespec_add_ns (struct timespec *ts, int64_t ns)
{
  *ts = rtb_timespec_from_ns (rtb_timespec_to_ns (ts) + ns);
}

/* a − b in nanoseconds */
static inline int64_t
rtb_timespec_diff_ns (const struct timespec *a, const struct timespec *b)
{
  return (int64_t) (a->tv_sec - b->tv_sec) * RTB_NSEC_PER_SEC + (a->tv_nsec - b->tv_nsec);
}

static inline int64_t
rtb_monotonic_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return rtb_timespec_to_ns (&ts);
}

static inline int64_t
rtb_realtime_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_REALTIME, &ts);
  return rtb_timespec_to_ns (&ts);
}

/* Parses cyclictest-style durations: "90", "90s", "15m", "12h", "7d". Returns false on
 * anything else (negative, empty, unknown suffix, overflow). */
bool rtb_duration_parse (const char *str, uint64_t *out_ns);

/* Formats as the shortest exact form: "90s", "15m", "12h", "7d", "1h30m" → "5400s". */
void rtb_duration_format (uint64_t ns, char *buf, int buf_size);
