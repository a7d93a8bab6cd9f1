/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The worker's refusals that a user meets most (no kernel tracer, no tracefs, not root), as the
 * worker writes them into ERROR and TRACE frames: printf formats whose only conversions are %s.
 * The worker speaks English and nothing else; the client finds these among the messages it
 * receives and shows them in the user's language (src/client/rtb-refusal.c, which keeps each
 * one's translatable twin and whose test holds the two equal).
 */
#pragma once

/* Starting a kernel tracer (timerlat, osnoise, hwlat): its name, and the kernel option. */
#define RTB_REFUSAL_TRACER_NOT_ROOT \
  "only root may start the kernel's %s tracer: run the worker as root (pkexec, sudo)"
#define RTB_REFUSAL_TRACER_NO_TRACEFS \
  "this kernel has no tracefs, so no %s tracer: boot a kernel built with CONFIG_FTRACE and " \
  "%s, e.g. Debian's linux-image-rt-*"
#define RTB_REFUSAL_TRACER_NOT_MOUNTED \
  "tracefs is not mounted and the worker may not mount it (%s): mount it with " \
  "'mount -t tracefs nodev %s'"
#define RTB_REFUSAL_TRACER_MISSING \
  "this kernel has no %s tracer: boot a kernel built with %s, e.g. Debian's linux-image-rt-*"
#define RTB_REFUSAL_TRACER_BUSY \
  "the kernel's %s tracer is busy: another tool uses it or one of its kind (rtla, another " \
  "rtbench run): stop it, then start again"

/* Explaining spikes (trace_above_us): the run goes on, its spikes unexplained. */
#define RTB_REFUSAL_TRACE_NOT_ROOT \
  "the worker does not run as root, and only root may trace the kernel: run it as root " \
  "(pkexec, sudo) for spikes to be explained"
#define RTB_REFUSAL_TRACE_NO_TRACEFS \
  "this kernel has no tracefs (CONFIG_FTRACE): spikes are measured, not explained"
#define RTB_REFUSAL_TRACE_NOT_MOUNTED \
  "tracefs is not mounted and the worker may not mount it (%s): mount it with " \
  "'mount -t tracefs nodev %s' or run the worker as root"
#define RTB_REFUSAL_TRACE_NO_EVENT \
  "this kernel has no %s trace event: spikes are measured, not explained"
#define RTB_REFUSAL_TRACE_NOT_PINNED \
  "the threads are not pinned to a CPU (cpu=none, or the timer's variant=normal), so no one " \
  "CPU's trace tells what delayed them: spikes are measured, not explained"
