/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The headline figures of a run of several CPUs (latency, noise), each saying what it is of: the
 * worst CPU's maximum and 99.9th percentile beside the average of every sample of all CPUs. The
 * window, the CLI and summary --json show these, with these words.
 */
#pragma once

#include "rtb-run.h"

G_BEGIN_DECLS

typedef enum {
  RTB_HEADLINE_MAX,
  RTB_HEADLINE_AVG,
  RTB_HEADLINE_P999,
} RtbHeadlineKind;
#define RTB_N_HEADLINES 3

typedef struct {
  const char *key;     /* its JSON name: "max", "avg", "p999" */
  const char *caption; /* "Max latency", "Average gap"… (marked for translation, not translated) */
  const char *of;      /* "worst CPU" or "all CPUs" (marked, not translated) */
  double value_us;     /* NAN when no series has a sample */
  int series;          /* the worst CPU's series, -1 for all CPUs or none */
} RtbHeadline;

/* Whether the run's method has these headlines: latency and noise. */
gboolean rtb_headline_applies (RtbMethod method);
/* The RTB_N_HEADLINES headlines of a run whose method has them, in RtbHeadlineKind order. */
void rtb_headlines (RtbRun *run, RtbHeadline headlines[RTB_N_HEADLINES]);

G_END_DECLS
