/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The keys of a run command as data: one row per key (rtb-command-keys.c) says how it is
 * written, which methods take it and with what default, where its value lives in RtbCommand
 * and in STARTED, its range and its unit. Parsing, setting, defaults, formatting, the range
 * checks, STARTED's encoding, the worker's usage, rtbench-cli's options and the window's number
 * rows are loops over it.
 *
 * Adding a key: a field for it in RtbCommand or in its method's parameters (rtb-protocol.h,
 * "Adding a command key"), its row in rtb-command-keys.c and its place in the table's order
 * there, and the worker code that uses it; a key whose value a saved run keeps also takes the
 * run file's writer and reader (src/client/rtb-run-file.c, rtb-run-file-read.c).
 * What the window, the compare and a run's label say of a key (its translated title and help,
 * its notice, its label words) is its row in src/client/rtb-key-words.c.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rtb-command.h"

/* How a key's value is written and kept. */
typedef enum {
  RTB_KIND_NUMBER,   /* a whole number of min-max in a field of 1, 2, 4 or 8 bytes */
  RTB_KIND_TIME,     /* a duration in ns: a number with an s, m, h or d suffix */
  RTB_KIND_CPU_LIST, /* all or a CPU list, in RtbCommand.cpus (cpus_all, flag CPUS_ALL) */
  RTB_KIND_ONE_CPU,  /* N, auto or none, in RtbCommand.cpus (cpu_auto, flag CPU_AUTO) */
  RTB_KIND_POLICY,   /* fifo, rr or other */
  RTB_KIND_PRIORITY, /* 1-99, 0 with policy other */
  RTB_KIND_VARIANT,  /* rt or normal */
  RTB_KIND_GPIO,     /* CHIP:LINE */
  RTB_KIND_SIZES,    /* N or a list N,N… */
  RTB_KIND_YES_NO,   /* yes or no, a flag */
  RTB_KIND_WORD,     /* one of `words`, its index in a field of 1 byte: the first 0 */
} RtbKeyKind;

#define RTB_KEY_WORDS_MAX 4

/* A default meaning "every CPU", "auto" or "none" where a number could stand. */
#define RTB_KEY_ALL UINT64_MAX
#define RTB_KEY_AUTO (UINT64_MAX - 1)
#define RTB_KEY_NONE (UINT64_MAX - 2)

/* How one method takes a key. */
typedef struct {
  bool taken;
  uint64_t def;  /* its default: a number, an RtbPolicy, or RTB_KEY_ALL/AUTO/NONE */
  size_t offset; /* its field in RtbCommand */
  size_t wire;   /* its field in RtbWireCommand (STARTED) */
  uint64_t min;  /* a lower bound of the method's own above the key's (0: the key's); the
                  * range check and the window's row start there */
  uint64_t max;  /* an upper bound of the method's own below the key's (0: the key's); the
                  * range check and the window's row end there */
} RtbKeyUse;

typedef struct RtbKey RtbKey;
struct RtbKey {
  const char *name;   /* as commands write it: interval_us */
  const char *option; /* rtbench-cli's option: servo-us */
  const char *arg;    /* what its value looks like: N, N|auto, LIST|all */
  const char *unit;   /* "µs", "ns", or "" */
  RtbKeyKind kind;
  uint8_t size;       /* bytes of its field (RTB_KIND_NUMBER) */
  uint64_t min, max;  /* its range (RTB_KIND_NUMBER, RTB_KIND_TIME, RTB_KIND_SIZES) */
  bool zero_is_unset; /* 0 means "not given" (none, the kernel's): outside the range, unwritten */
  const char *auto_word; /* a word that stands for 0 ("auto"), or NULL */
  /* A flag of STARTED (RTB_COMMAND_*) the key sets, with the bool in RtbCommand that mirrors it:
   * cpus=all, cpu=auto, the auto word, unthrottled=yes. 0 when it has none. */
  uint16_t flag;
  size_t flag_offset;
  bool quiet_default;    /* left out of the formatted command at its default */
  const char *unset_text; /* how its unset value or default reads in help: "none" */
  /* Run files and STARTED of protocols 1 and 2 keep a method's periods in two fields:
   * 1 for interval_us, 2 for extra_us, 0 for neither (rtb_command_get_intervals). */
  uint8_t interval_slot;
  /* Another key of the same method that this one's value must stay above (`than_sign` 1: the
   * servo period longer than the base period) or below (-1: the spin shorter than the period);
   * 0 for no such rule. */
  int8_t than_sign;
  const RtbKey *than;
  /* The key is the period of the method's threads from thread `period_from` - 1 on (1: every
   * thread, or the first; 2: the second on: jitter's servo thread); 0 when it is no period
   * (rtb_command_thread_period_us). */
  uint8_t period_from;
  /* The method's thread keeps its CPU busy for this key's value in µs each period (the timer's
   * spin), on top of waking up: the worker's throttling guard adds it (rtb-worker-safety.c). */
  bool busy;
  /* The words of RTB_KIND_WORD, NULL after the last; the field holds the index of one. */
  const char *words[RTB_KEY_WORDS_MAX + 1];
  const char *help;      /* English, for the worker's usage and rtbench-cli's help */
  RtbKeyUse on[RTB_METHOD_LAST + 1];
};

/* The table: every key's row, in the order rtb_command_format writes them. */
extern const RtbKey *const rtb_command_keys[];
extern const size_t rtb_command_n_keys;
/* Room for every key, for arrays of one value a key. */
#define RTB_MAX_KEYS 32

/* The keys that code names, by their rows. A key that no code names has no such name: loops
 * over the table meet it, and the client's words and presets find it by its name. */
extern const RtbKey rtb_key_variant, rtb_key_policy, rtb_key_priority, rtb_key_histogram_us,
  rtb_key_base_us, rtb_key_period_us, rtb_key_window_us, rtb_key_threshold_us,
  rtb_key_hwlat_mode, rtb_key_size, rtb_key_duration, rtb_key_trace_above_us;
#define RTB_KEY_VARIANT (&rtb_key_variant)
#define RTB_KEY_POLICY (&rtb_key_policy)
#define RTB_KEY_PRIORITY (&rtb_key_priority)
#define RTB_KEY_HISTOGRAM_US (&rtb_key_histogram_us)
#define RTB_KEY_BASE_US (&rtb_key_base_us)
#define RTB_KEY_PERIOD_US (&rtb_key_period_us)
#define RTB_KEY_WINDOW_US (&rtb_key_window_us)
#define RTB_KEY_THRESHOLD_US (&rtb_key_threshold_us)
#define RTB_KEY_HWLAT_MODE (&rtb_key_hwlat_mode)
#define RTB_KEY_SIZE (&rtb_key_size)
#define RTB_KEY_DURATION (&rtb_key_duration)
#define RTB_KEY_TRACE_ABOVE_US (&rtb_key_trace_above_us)

/* The key named `name` (`len` bytes), or NULL. */
const RtbKey *rtb_command_key_lookup (const char *name, size_t len);
/* The key rtbench-cli spells --`option`, or NULL. */
const RtbKey *rtb_command_key_by_option (const char *option);
/* Whether `method` takes the key. */
bool rtb_command_key_taken (const RtbKey *key, RtbMethod method);

/* A number key's value in `cmd`, for its method; 0 when the method does not take the key. */
uint64_t rtb_command_key_get (const RtbCommand *cmd, const RtbKey *key);
/* Sets a number key's field as it is, unchecked (a value read from a file, checked after);
 * nothing when cmd's method does not take the key. */
void rtb_command_key_put (RtbCommand *cmd, const RtbKey *key, uint64_t value);

/* How the method's default reads in help: "1000", "all", "auto", "fifo", "60s", "none".
 * Returns `buf`. */
const char *rtb_command_key_default_text (const RtbKey *key, RtbMethod method, char *buf,
                                          size_t buf_size);
/* The word of an RTB_KIND_WORD key's value, or NULL for one outside its words. */
const char *rtb_command_key_word (const RtbKey *key, uint64_t value);
/* The least and the largest value `method` takes of a number key: its own bounds (RtbKeyUse)
 * where it has them, else the key's. */
uint64_t rtb_command_key_min (const RtbKey *key, RtbMethod method);
uint64_t rtb_command_key_max (const RtbKey *key, RtbMethod method);
/* The values `method` takes as help gives them: "50-1000000", "1-99 (0 with policy=other)". */
const char *rtb_command_key_range_text (const RtbKey *key, RtbMethod method, char *buf,
                                        size_t buf_size);
