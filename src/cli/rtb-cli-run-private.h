/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rtbench-cli run: its options (rtb-cli-run.c) and the machines it measures at once
 * (rtb-cli-fleet.c). */
#pragma once

#include "rtb-cli-gate.h"
#include "rtb-command.h"
#include "rtb-load.h"

G_BEGIN_DECLS

typedef struct {
  RtbCommand command;
  RtbLoadScenario load;
  char *label;
  char *output;
  char *output_dir;
  char *compare_png;
  char *compare_csv;
  GPtrArray *machines;  /* ssh hosts in the order given; NULL stands for this machine (--local) */
  char *remote_worker;
  gboolean verbose;
  RtbCliGates gates;
} RunOptions;

/* Measures every machine of `options` at once, then summarises, compares, saves and judges the
 * runs. Returns the exit status. */
int rtb_cli_fleet_run (RunOptions *options);

G_END_DECLS
