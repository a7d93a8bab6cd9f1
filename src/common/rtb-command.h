/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A run command: what the client asks the worker to measure. The same parser validates a
 * command line read from the worker's stdin, the worker's own arguments, and rtbench-cli's
 * options (so every front end reports the same limits in the same words).
 *
 * Text form, tokens separated by spaces: "start METHOD key=value...". The keys, which methods
 * take each, their defaults and ranges are the table of rtb-command-keys.c (rtbench-worker
 * --help prints it); the methods are declared in rtb-methods.c.
 *
 * cpu=auto lets the worker choose as LinuxCNC does (the last isolated CPU, else the last CPU);
 * cpu=none leaves the threads unpinned. The timer's variant=normal is an ordinary thread: policy
 * other, unpinned, no locked memory, no cpu_dma_latency, the kernel's timer slack.
 *
 * LIST is "0,2-3"; TIME is a number with an optional s, m, h or d suffix (seconds by default),
 * 0 means until stopped. Keys may come in any order; each at most once; missing keys take their
 * method's defaults.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rtb-cpu-list.h"
#include "rtb-protocol.h"

#define RTB_PRIORITY_MIN 1
#define RTB_PRIORITY_MAX 99
#define RTB_LATENCY_INTERVAL_MIN_US 50
#define RTB_INTERVAL_MAX_US 1000000          /* 1 s */
#define RTB_TIMERLAT_PERIOD_MIN_US 100       /* the kernel's least timerlat_period_us */
#define RTB_OSNOISE_RUNTIME_MIN_US 100       /* the kernel's least osnoise/runtime_us */
#define RTB_OSNOISE_PERIOD_MAX_US 10000000   /* rtla osnoise -p's most (the kernel sets none) */
#define RTB_HWLAT_WINDOW_MAX_US 100000000    /* 100 s: hwlat_detector/window */
#define RTB_JITTER_BASE_MIN_US 10
#define RTB_JITTER_SERVO_MIN_US 100
#define RTB_HISTOGRAM_MIN_US 1
#define RTB_HISTOGRAM_MAX_US 1000000
#define RTB_TIMER_SPIN_MAX_US 10000
#define RTB_MATRIX_MIN 2
#define RTB_MATRIX_MAX 1024
#define RTB_INSTANCES_MIN 1
#define RTB_INSTANCES_MAX 100000000ull
#define RTB_GAP_MIN_US 100
#define RTB_GAP_MAX_US 10000000
#define RTB_TRACE_ABOVE_MIN_US 1
#define RTB_TRACE_ABOVE_MAX_US 10000000
#define RTB_DURATION_MAX_NS (7ull * 24 * 3600 * 1000000000ull) /* 7 days */
#define RTB_GPIO_CHIP_MAX 4095
#define RTB_GPIO_LINE_MAX 65535
#define RTB_EXPERIMENTS_MAX 16
#define RTB_TIMER_SLACK_MAX_NS 1000000000u


/* Each method's parameters are those STARTED carries (RtbLatencyParams… in rtb-protocol.h). */
struct RtbCommand {
  RtbMethod method;
  RtbPolicy policy;
  int priority;                          /* 0 for SCHED_OTHER */
  uint64_t cpus[RTB_MAX_CPUS / 64];      /* latency: the chosen CPUs; others: the one CPU */
  bool cpus_all;                         /* per-CPU methods: "all" = every online CPU */
  bool cpu_auto;                         /* one-CPU methods: cpu=auto, the worker chooses; no
                                          * CPU in `cpus` (cpu=none) leaves the threads unpinned */
  uint64_t duration_ns;                  /* latency, jitter, timer; 0 = until stopped */
  bool unthrottled;
  uint32_t timer_slack_ns;               /* 0: the kernel's */
  uint32_t trace_above_us;               /* 0: no tracing (unless trace_auto) */
  bool trace_auto;                       /* trace_above_us=auto */
  /* Each method's parameters, RtbLatencyParams latency… (rtb-protocol.h); only the method's
   * own are used, the others stay zero. */
  RTB_EACH_METHOD (RTB_METHOD_PARAMS_MEMBER, )
};
typedef struct RtbCommand RtbCommand;

_Static_assert(RTB_MAX_CPUS == RTB_CPU_SET_WORDS * 64, "a CPU set travels whole");

typedef struct {
  RtbErrorCode code;
  char field[32];
  char message[256];
} RtbCommandError;

/* Fills `cmd` with the method's defaults, as the key table gives them (see METHODS.md). */
void rtb_command_defaults (RtbCommand *cmd, RtbMethod method, int n_cpus_online);

/* Whether the method runs a thread on each CPU of a list (cpus=), not on one CPU (cpu=):
 * latency and noise. */
bool rtb_method_is_per_cpu (RtbMethod method);

/* Parses "start METHOD key=value…" (with `with_verb`) or "METHOD key=value…". Checks syntax and
 * static ranges; CPUs are checked against `n_cpus_online` (pass 0 to skip). Returns false and
 * fills `error` with the field at fault and a message naming the allowed range and quoting
 * what was written. */
bool rtb_command_parse (const char *line, bool with_verb, int n_cpus_online,
                        RtbCommand *cmd, RtbCommandError *error);
/* The same for `len` bytes that may hold a NUL (a line read from a pipe): a NUL, like every
 * control byte but the tab, is an error that names it and where it is. */
bool rtb_command_parse_n (const char *line, size_t len, bool with_verb, int n_cpus_online,
                          RtbCommand *cmd, RtbCommandError *error);
/* False, naming the first byte that is not printable ASCII, a space or a tab. */
bool rtb_command_check_bytes (const char *line, size_t len, RtbCommandError *error);

/* Parses one key=value pair into an already defaulted command (used by the CLI for options). */
bool rtb_command_set (RtbCommand *cmd, const char *key, const char *value, int n_cpus_online,
                      RtbCommandError *error);

/* A response command's matrix sizes in order; returns how many (at least 1). */
unsigned rtb_command_response_sizes (const RtbCommand *cmd, uint32_t sizes[RTB_RESPONSE_SIZES_MAX]);
/* Every instance a response command runs: instances × experiments × sizes. */
uint64_t rtb_command_response_total (const RtbCommand *cmd);

/* Cross-field checks after all keys are set (servo > base, spin < period…). */
bool rtb_command_check (const RtbCommand *cmd, int n_cpus_online, RtbCommandError *error);

/* The command as STARTED carries it. */
void rtb_command_to_wire (const RtbCommand *cmd, RtbWireCommand *wire);
/* Reads a command from STARTED and checks it as rtb_command_check() does (CPUs against
 * `n_cpus_online`, 0 to skip). False with `error` filled when a field is out of range, a flag
 * unknown or a reserved byte not 0. */
bool rtb_command_from_wire (const RtbWireCommand *wire, int n_cpus_online, RtbCommand *cmd,
                            RtbCommandError *error);

/* The period of the run's thread `thread` in µs (latency's interval, the timer's period,
 * jitter's base period for thread 0 and servo period for thread 1); 0 for a method whose
 * threads have none (response, noise: a gap is as long as it takes). */
uint32_t rtb_command_thread_period_us (const RtbCommand *cmd, unsigned thread);

/* Run files and the STARTED frame of protocols 1 and 2 keep a method's periods in two fields:
 * `interval_us` (the latency interval, the jitter base period, the timer period) and
 * `extra_us` (the jitter servo period, the timer spin, the response gap; run files name it as
 * rtb-run-file.c says). These convert to and from them for the method `cmd` already has; a
 * period the method lacks is 0. */
void rtb_command_get_intervals (const RtbCommand *cmd, uint32_t *interval_us,
                                uint32_t *extra_us);
void rtb_command_set_intervals (RtbCommand *cmd, uint32_t interval_us, uint32_t extra_us);

/* Writes the normalised command line "start METHOD key=value…" that parses back to `cmd`.
 * Returns the length, or -1 if it does not fit. */
int rtb_command_format (const RtbCommand *cmd, char *buf, size_t buf_size);

