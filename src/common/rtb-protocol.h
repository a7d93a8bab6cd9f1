/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The wire protocol between a client (rtbench, rtbench-cli) and rtbench-worker.
 *
 * Client → worker, on the worker's stdin: text commands, one per line, ASCII, at most
 * RTB_COMMAND_MAX bytes:
 *
 *   start METHOD key=value ...     start a run (see rtb-command.h for every key and its range)
 *   stop                           stop the run now and send the summary
 *
 * EOF on stdin is the same as "stop" followed by exit. A worker launched with a command on its
 * own argument list (`rtbench-worker latency cpus=all duration=10s`) reads nothing from stdin.
 *
 * Worker → client, on the worker's stdout: binary frames. Every frame is a RtbFrameHeader
 * followed by `length` bytes of payload. All integers are little-endian (every architecture
 * rtbench targets is little-endian; the magic catches the rest). Every text field is printable
 * ASCII terminated by a NUL within the field; errno values are 0-4095; the decoder refuses a
 * frame that breaks either rule. The sequence of a stream is:
 *
 *   HELLO                          always first, before any command is read
 *   SYSTEM                         next (protocol 2): the machine, from its system files
 *   ERROR*                         a rejected command; the worker then exits with status 2
 *   STARTED                        the command was accepted and every thread is running:
 *                                  what the worker runs, as fields (protocol 3)
 *   TRACE                          (protocol 5) when the command asked for trace_above_us:
 *                                  whether spikes will be explained, and why not
 *   (SAMPLES | STATS | SPIKE | TRACE)*  measurements, in batches, statistics about once a
 *                                  second, each traced spike's trace window, and a TRACE
 *                                  whenever the automatic threshold changes
 *   COUNTERS                       (protocol 5) the interrupt and softirq counts at the end
 *   SUMMARY                        always last when a run started: final per-thread statistics
 *
 * While a run goes on, a further command line that is not "stop" (a second start, garbage) is
 * answered with an ERROR frame (RTB_ERROR_STATE or SYNTAX) and the run carries on.
 *
 * A stream that ends without SUMMARY was cut short (the worker died); everything before the cut
 * is still valid. Human-readable log lines go to stderr, never into the frame stream.
 *
 * Versions. HELLO names the stream's protocol version; the decoder reads every version from
 * RTB_PROTOCOL_VERSION_MIN to RTB_PROTOCOL_VERSION (recordings of older workers import) and
 * refuses a newer one at HELLO. Version 2 added SYSTEM; version 3 carries the command in
 * STARTED as fields (RtbWireCommand) where versions 1 and 2 had a few fields and the command
 * line cut at 128 bytes (RtbStartedFrameV2). Version 4 added the keys variant, gpio, cpu=auto
 * and none, timer_slack_ns, experiments, size lists and gap_us=auto; STARTED's flags and the
 * threads' timer slack; each thread's placement; the overruns and off-CPU counts of
 * RtbThreadStats and the off-CPU mark of a sample. Before it, every worker set each thread's
 * timer slack to 1 ns. The decoder hands on STATS and SUMMARY of older versions in the current
 * layout, their new counts 0. Version 5 added the key trace_above_us (after timer_slack_ns,
 * in the bytes every method shares; its "auto" a flag) and the frames TRACE, SPIKE and
 * COUNTERS, which streams of older versions may not hold. Version 6 added the method noise
 * (RtbNoiseParams): its samples are the gaps between two reads of the clock of a polling loop.
 * Version 7 added STARTED's flag RTB_STARTED_SHARES_MEASURED_CPUS, and SPIKE's text names the
 * thread group of the task in each line's head ("comm-pid (tgid) [cpu]", "(-------)" when the
 * kernel does not know it), which older clients cannot read. Version 8 added the method timerlat
 * (RtbTimerlatParams): the kernel's timerlat tracer measures, two threads per CPU in STARTED.
 * Version 9 added the method osnoise (RtbOsnoiseParams): the kernel's osnoise tracer measures,
 * each sample a period's noise; RtbThreadStats grew the period lines' other sums (runtime, max
 * single noise, the counts of each source), 0 in older streams. Version 10 added the method
 * hwlat (RtbHwlatParams): the kernel's hardware latency detector measures, each sample a
 * detector window above the threshold; RtbThreadStats grew the samples' other sums (the gaps
 * above the threshold, the NMIs), 0 in older streams. Version 11 added to RtbThreadStats the
 * osnoise durations of each source (the tracer's events summed), none known in older streams.
 * Version 12 added the keys durations of osnoise (RtbOsnoiseParams.durations: 0, yes, what
 * version 11 did) and mode of hwlat (RtbHwlatParams.mode: 0, round-robin, what version 10 did).
 *
 * Adding a figure per thread: at the end of RtbThreadStats, with a version step, and the
 * decoder widening older frames (rtb-protocol.c).
 *
 * Adding a command key: give it a field in its method's parameters (RtbLatencyParams…), or in
 * the reserved bytes every method shares, such that 0 means what the worker did before the key
 * existed, so that recordings of older versions read unchanged; then raise
 * RTB_PROTOCOL_VERSION, so that an older client refuses the newer worker at HELLO instead of
 * misreading its STARTED. Sizes stay: a method's parameters grow into RTB_METHOD_PARAMS_SIZE.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RTB_PROTOCOL_VERSION 12
/* The oldest version a client still decodes: recordings of version 1 have no SYSTEM frame. */
#define RTB_PROTOCOL_VERSION_MIN 1
#define RTB_FRAME_MAGIC 0x46425452u /* "RTBF" read as little-endian bytes */
#define RTB_FRAME_MAX_PAYLOAD (1u << 20)
#define RTB_COMMAND_MAX 1024
#define RTB_MAX_THREADS 256
#define RTB_TEXT_MAX 128

typedef enum {
  RTB_FRAME_HELLO = 1,
  RTB_FRAME_STARTED = 2,
  RTB_FRAME_SAMPLES = 3,
  RTB_FRAME_STATS = 4,
  RTB_FRAME_SUMMARY = 5,
  RTB_FRAME_ERROR = 6,
  RTB_FRAME_SYSTEM = 7,
  RTB_FRAME_TRACE = 8,    /* protocol 5 */
  RTB_FRAME_SPIKE = 9,    /* protocol 5 */
  RTB_FRAME_COUNTERS = 10, /* protocol 5 */
} RtbFrameType;

typedef enum {
  RTB_METHOD_LATENCY = 1,
  RTB_METHOD_JITTER = 2,
  RTB_METHOD_TIMER = 3,
  RTB_METHOD_RESPONSE = 4,
  RTB_METHOD_NOISE = 5, /* protocol 6 */
  RTB_METHOD_TIMERLAT = 6, /* protocol 8 */
  RTB_METHOD_OSNOISE = 7, /* protocol 9 */
  RTB_METHOD_HWLAT = 8, /* protocol 10 */
} RtbMethod;
#define RTB_METHOD_LAST RTB_METHOD_HWLAT

/* Every method once, for what follows from its name alone: X (ID, name, Name, arg) for each,
 * `arg` passed through. Its parameters are RtbNameParams, `name` in RtbMethodParams and in
 * RtbCommand; the worker prepares its run with rtb_worker_name_prepare()
 * (src/worker/rtb-worker-name.c). */
#define RTB_EACH_METHOD(X, arg) \
  X (RTB_METHOD_LATENCY, latency, Latency, arg) \
  X (RTB_METHOD_JITTER, jitter, Jitter, arg) \
  X (RTB_METHOD_TIMER, timer, Timer, arg) \
  X (RTB_METHOD_RESPONSE, response, Response, arg) \
  X (RTB_METHOD_NOISE, noise, Noise, arg) \
  X (RTB_METHOD_TIMERLAT, timerlat, Timerlat, arg) \
  X (RTB_METHOD_OSNOISE, osnoise, Osnoise, arg) \
  X (RTB_METHOD_HWLAT, hwlat, Hwlat, arg)

typedef enum {
  RTB_POLICY_OTHER = 0,
  RTB_POLICY_FIFO = 1,
  RTB_POLICY_RR = 2,
} RtbPolicy;

/* Why a run ended (SUMMARY.reason). */
typedef enum {
  RTB_END_COMPLETED = 1, /* the duration or instance count was reached */
  RTB_END_STOPPED = 2,   /* "stop" or EOF on stdin */
  RTB_END_PIPE = 3,      /* stdout closed (EPIPE): the client went away */
  RTB_END_PARENT = 4,    /* the parent process died */
  RTB_END_SIGNAL = 5,    /* SIGINT or SIGTERM */
  RTB_END_FAILED = 6,    /* a measurement thread failed (see stderr) */
} RtbEndReason;

/* Every frame starts with this header. */
typedef struct {
  uint32_t magic;  /* RTB_FRAME_MAGIC */
  uint16_t type;   /* RtbFrameType */
  uint16_t flags;  /* 0; reserved */
  uint32_t length; /* payload bytes that follow, at most RTB_FRAME_MAX_PAYLOAD */
  uint32_t seq;    /* frame number in this stream, from 0; a gap means frames were lost */
} RtbFrameHeader;
_Static_assert(sizeof(RtbFrameHeader) == 16, "RtbFrameHeader must be 16 bytes");

/* HELLO: who the worker is and what it obtained for the whole process. mlockall and
 * /dev/cpu_dma_latency are set up before HELLO, so these fields are what the run will have. */
typedef struct {
  uint32_t protocol_version; /* RTB_PROTOCOL_VERSION */
  uint32_t pid;
  uint32_t euid;
  uint32_t n_cpus_online;    /* CPUs the kernel has online */
  int32_t mlockall_errno;    /* 0: mlockall(MCL_CURRENT|MCL_FUTURE) succeeded */
  int32_t dma_latency_errno; /* 0: /dev/cpu_dma_latency is held open with 0 written */
  int32_t rt_priority_max;   /* highest SCHED_FIFO priority this process may use, 0 if none */
  int32_t rt_runtime_us;     /* kernel.sched_rt_runtime_us, -1 = throttling off, -2 unknown */
  char worker_version[32];   /* NUL-terminated */
  char machine[32];          /* uname -m of the worker's host, NUL-terminated */
} RtbHelloFrame;
_Static_assert(sizeof(RtbHelloFrame) == 96, "RtbHelloFrame must be 96 bytes");

/* SYSTEM: what the worker's machine is, sent right after HELLO: the files of
 * rtb-system-files.h and uname(2), as `n_entries` entries. Each is a RtbSystemEntry followed by
 * its key (a path relative to / such as "proc/cmdline", or "uname/release": printable ASCII
 * without "..") and its value (the file's text: printable ASCII, tabs and newlines; the worker
 * writes '?' for any other byte and keeps at most RTB_SYSTEM_VALUE_MAX bytes). A file the worker
 * cannot read has no entry. */
typedef struct {
  uint32_t n_entries;
  uint32_t reserved;
} RtbSystemFrame;
_Static_assert(sizeof(RtbSystemFrame) == 8, "RtbSystemFrame must be 8 bytes");

typedef struct {
  uint16_t key_len;
  uint16_t reserved;
  uint32_t value_len;
} RtbSystemEntry;
_Static_assert(sizeof(RtbSystemEntry) == 8, "RtbSystemEntry must be 8 bytes");

#define RTB_SYSTEM_MAX_ENTRIES 4096
#define RTB_SYSTEM_KEY_MAX 128
#define RTB_SYSTEM_VALUE_MAX (64 * 1024)

/* ---- The command, as fields ------------------------------------------------------------
 * What a run measures, as STARTED carries it (protocol 3) and RtbCommand holds it: each key of
 * the text form (rtb-command.h) in a field of its own. First each method's parameters. */
typedef struct {
  uint32_t interval_us;  /* interval_us: the sleep period of every thread */
  uint32_t histogram_us; /* histogram_us: the histogram limit (1 µs buckets) */
  uint16_t gpio;         /* gpio=CHIP:LINE (protocol 4): 1 = toggle the line at each wake-up */
  uint16_t gpio_chip;    /* CHIP: /dev/gpiochipCHIP */
  uint32_t gpio_line;    /* LINE: its line offset */
} RtbLatencyParams;
_Static_assert(sizeof(RtbLatencyParams) == 16, "RtbLatencyParams must be 16 bytes");

typedef struct {
  uint32_t base_us;  /* base_us: the base thread's period */
  uint32_t servo_us; /* servo_us: the servo thread's period, longer than base_us */
} RtbJitterParams;
_Static_assert(sizeof(RtbJitterParams) == 8, "RtbJitterParams must be 8 bytes");

typedef enum {
  RTB_TIMER_VARIANT_RT = 0,     /* the seed's SCHED_FIFO 80 thread: explicit attributes,
                                 * locked memory, the minimum stack */
  RTB_TIMER_VARIANT_NORMAL = 1, /* an ordinary thread: default attributes, policy other,
                                 * unpinned, memory not locked, no cpu_dma_latency */
} RtbTimerVariant;

typedef struct {
  uint32_t period_us; /* period_us: the tick period */
  uint32_t spin_us;   /* spin_us: how long each tick busy-waits, shorter than period_us */
  uint32_t variant;   /* variant= (protocol 4): RtbTimerVariant */
} RtbTimerParams;
_Static_assert(sizeof(RtbTimerParams) == 12, "RtbTimerParams must be 12 bytes");

#define RTB_RESPONSE_SIZES_MAX 8

typedef struct {
  uint32_t size;         /* size: the matrix is size × size; the first of a list (size=32,64) */
  uint32_t gap_us;       /* gap_us: the sleep between instances; 0 = auto (protocol 4) */
  uint64_t instances;    /* instances: how many instances each experiment runs */
  uint16_t experiments;  /* experiments (protocol 4): how many times each size runs, one series
                          * each; 0 in older recordings means 1 */
  uint16_t more_sizes[RTB_RESPONSE_SIZES_MAX - 1]; /* size=…: the list's further sizes; 0 ends
                                                    * it */
} RtbResponseParams;
_Static_assert(sizeof(RtbResponseParams) == 32, "RtbResponseParams must be 32 bytes");

/* OS noise, rt-tests' oslat method (protocol 6): a thread per CPU polls the clock without
 * pause. */
typedef struct {
  uint32_t histogram_us; /* histogram_us: the histogram limit (1 µs buckets); oslat's 32 */
  uint32_t reserved;     /* 0 */
} RtbNoiseParams;
_Static_assert(sizeof(RtbNoiseParams) == 8, "RtbNoiseParams must be 8 bytes");

/* The kernel's timerlat tracer, as rtla timerlat runs it (protocol 8): on each CPU a kernel
 * thread wakes every period; the tracer reports how late the timer's interrupt ran (IRQ
 * latency) and how late the thread ran (thread latency). The policy and priority keys are
 * the timerlat threads' (rtla -P), set by the worker on the kernel's threads. */
typedef struct {
  uint32_t period_us;    /* period_us: osnoise/timerlat_period_us, 100 µs to 1 s */
  uint32_t histogram_us; /* histogram_us: the histogram limit (1 µs buckets); rtla hist's 256 */
} RtbTimerlatParams;
_Static_assert(sizeof(RtbTimerlatParams) == 8, "RtbTimerlatParams must be 8 bytes");

/* The kernel's osnoise tracer, as rtla osnoise top runs it (protocol 9): on each CPU a kernel
 * thread runs for runtime_us of every period_us and counts what interrupts it (Documentation/
 * trace/osnoise-tracer.rst). */
typedef struct {
  uint32_t period_us;    /* period_us: osnoise/period_us, 100 µs to 10 s */
  uint32_t runtime_us;   /* runtime_us: osnoise/runtime_us, 100 µs to period_us */
  uint32_t threshold_us; /* threshold_us: tracing_thresh, the least gap counted as noise (rtla
                          * -T); 0: the kernel's default, 5 µs */
  uint32_t histogram_us; /* histogram_us: the histogram limit of the noise per period */
  uint8_t durations;     /* durations: RtbOsnoiseDurations */
  uint8_t reserved[3];
} RtbOsnoiseParams;
_Static_assert(sizeof(RtbOsnoiseParams) == 20, "RtbOsnoiseParams must be 20 bytes");

/* Whether the osnoise method sums each source's durations from the tracer's events (protocol
 * 12). The kernel writes its sample_threshold event inside the loop that measures, so a run
 * with the events counts more hardware noise at low thresholds than one without, which is how
 * rtla osnoise top runs (it enables no event). */
typedef enum {
  RTB_OSNOISE_DURATIONS_YES = 0, /* the events on: counts and durations */
  RTB_OSNOISE_DURATIONS_NO = 1,  /* no event: the counts as rtla osnoise top's, durations unknown */
} RtbOsnoiseDurations;

/* The kernel's hardware latency detector (protocol 10, Documentation/trace/hwlat_detector.rst):
 * a kernel thread spins with interrupts off for width_us of every window_us, moving to the next
 * CPU of tracing_cpumask each window, and records a window whose longest gap between two reads
 * of the clock (inner) or between two turns of its loop (outer) is above the threshold. */
typedef struct {
  uint32_t width_us;     /* width_us: hwlat_detector/width, shorter than the window */
  uint32_t window_us;    /* window_us: hwlat_detector/window */
  uint32_t threshold_us; /* threshold_us: tracing_thresh, the least latency recorded */
  uint32_t histogram_us; /* histogram_us: the histogram limit of the samples */
  uint8_t mode;          /* mode: RtbHwlatMode */
  uint8_t reserved[3];
} RtbHwlatParams;
_Static_assert(sizeof(RtbHwlatParams) == 20, "RtbHwlatParams must be 20 bytes");

/* hwlat_detector/mode (protocol 12; the file exists since Linux 5.14). */
typedef enum {
  RTB_HWLAT_MODE_ROUND_ROBIN = 0, /* one detector thread, the next CPU each window */
  RTB_HWLAT_MODE_PER_CPU = 1,     /* a detector thread on every CPU, each window */
} RtbHwlatMode;

/* Room for any method's parameters, the ones to come included. */
#define RTB_METHOD_PARAMS_SIZE 64

/* A method's parameters as a member named after it: RtbLatencyParams latency; */
#define RTB_METHOD_PARAMS_MEMBER(id, name, Name, arg) Rtb##Name##Params name;

typedef union {
  RTB_EACH_METHOD (RTB_METHOD_PARAMS_MEMBER, )
  uint8_t bytes[RTB_METHOD_PARAMS_SIZE]; /* past the method's own struct: 0 */
} RtbMethodParams;
_Static_assert(sizeof(RtbMethodParams) == RTB_METHOD_PARAMS_SIZE,
               "RtbMethodParams must be RTB_METHOD_PARAMS_SIZE bytes");

/* RtbWireCommand.flags */
#define RTB_COMMAND_CPUS_ALL (1u << 0)    /* latency: cpus=all (cpus then holds every CPU) */
#define RTB_COMMAND_UNTHROTTLED (1u << 1) /* unthrottled=yes */
#define RTB_COMMAND_CPU_AUTO (1u << 2)    /* cpu=auto (protocol 4): the worker chose the CPU that
                                           * `cpus` holds; no CPU there means cpu=none */
#define RTB_COMMAND_TRACE_AUTO (1u << 3)  /* trace_above_us=auto (protocol 5) */
#define RTB_COMMAND_FLAGS_KNOWN (RTB_COMMAND_CPUS_ALL | RTB_COMMAND_UNTHROTTLED | \
                                 RTB_COMMAND_CPU_AUTO | RTB_COMMAND_TRACE_AUTO)

/* CPU sets travel as 1024 bits: bit c % 64 of cpus[c / 64] is CPU c (RTB_MAX_CPUS). */
#define RTB_CPU_SET_WORDS 16

/* The whole command after the worker's defaults and checks: every key has its value, given or
 * not. The decoder checks it as the worker does (rtb_command_check) before a client sees it. */
typedef struct {
  uint32_t method;        /* RtbMethod */
  uint8_t policy;         /* RtbPolicy */
  uint8_t priority;       /* 1-99; 0 with policy other */
  uint16_t flags;         /* RTB_COMMAND_*; the other bits are 0 */
  uint64_t duration_ns;   /* latency, jitter, timer: 0 = until stopped; response: 0 */
  uint64_t cpus[RTB_CPU_SET_WORDS]; /* latency: the CPUs measured; the others: the one CPU,
                                     * or none (cpu=none, protocol 4) */
  uint32_t timer_slack_ns; /* timer_slack_ns= (protocol 4); 0: left at the kernel's */
  uint32_t trace_above_us; /* trace_above_us (protocol 5): explain samples above it; 0 none */
  uint8_t reserved[24];   /* 0: room for keys every method takes */
  RtbMethodParams params; /* the method's own parameters */
} RtbWireCommand;
_Static_assert(sizeof(RtbWireCommand) == 240, "RtbWireCommand must be 240 bytes");

/* RtbStartedFrame.flags (protocol 4): what the run gave up of the set-up HELLO reported */
#define RTB_STARTED_MEMORY_UNLOCKED (1u << 0)    /* memory is not locked (an ordinary thread) */
#define RTB_STARTED_DMA_LATENCY_RELEASED (1u << 1) /* /dev/cpu_dma_latency was closed */
/* Protocol 7: every CPU the worker may use is measured, so its own threads that do not measure
 * (main, writer) run on the measured CPUs too; otherwise they keep off them. */
#define RTB_STARTED_SHARES_MEASURED_CPUS (1u << 2)
#define RTB_STARTED_FLAGS_KNOWN (RTB_STARTED_MEMORY_UNLOCKED | RTB_STARTED_DMA_LATENCY_RELEASED | \
                                 RTB_STARTED_SHARES_MEASURED_CPUS)

/* STARTED (protocol 3 and later): the accepted run. Followed in the same payload by n_threads
 * RtbThreadInfo. Protocol 3 ends before `timer_slack_ns`. */
typedef struct {
  uint32_t n_threads;
  uint32_t flags;             /* RTB_STARTED_*; 0 in protocol 3 */
  uint64_t start_realtime_ns; /* CLOCK_REALTIME when the threads were released */
  RtbWireCommand command;     /* what the worker runs */
  int64_t timer_slack_ns;     /* the slack the threads' sleeps really get, read back: 0 for
                               * real-time threads (the kernel gives them none) */
} RtbStartedFrame;
_Static_assert(sizeof(RtbStartedFrame) == 264, "RtbStartedFrame must be 264 bytes");
#define RTB_STARTED_FRAME_V3_SIZE 256

/* STARTED of protocols 1 and 2, as older recordings hold it; followed by n_threads
 * RtbThreadInfo. The policy, priority, CPUs and unthrottled were only in `command`, the
 * normalised command line, cut to its first 127 bytes when longer (a long CPU list). */
typedef struct {
  uint32_t method;       /* RtbMethod */
  uint32_t n_threads;
  uint32_t interval_us;  /* latency: interval; jitter: base period; timer: period; response: 0 */
  uint32_t extra_us;     /* jitter: servo period; timer: spin; response: sleep between instances */
  uint32_t histogram_us; /* latency: histogram limit; others 0 */
  uint32_t size;         /* response: matrix size; others 0 */
  uint64_t duration_ns;  /* 0 = until stopped; response: 0 */
  uint64_t instances;    /* response: instance count; others 0 */
  uint64_t start_realtime_ns; /* CLOCK_REALTIME when the threads were released */
  char command[RTB_TEXT_MAX]; /* the command as the worker understood it, normalised */
} RtbStartedFrameV2;
_Static_assert(sizeof(RtbStartedFrameV2) == 176, "RtbStartedFrameV2 must be 176 bytes");

/* Where a thread runs, and why. */
typedef enum {
  RTB_CPU_PLACEMENT_GIVEN = 0,    /* the command named its CPU (cpu=N, cpus=LIST) */
  RTB_CPU_PLACEMENT_ISOLATED = 1, /* cpu=auto: the last isolated CPU, as LinuxCNC places its
                                   * threads (find_rt_cpu_number()) */
  RTB_CPU_PLACEMENT_LAST = 2,     /* cpu=auto, no CPU isolated: the last CPU, where LinuxCNC
                                   * 2.8 and 2.9 pin them */
  RTB_CPU_PLACEMENT_NONE = 3,     /* cpu=none: not pinned */
} RtbCpuPlacement;

/* What one measurement thread really got. */
typedef struct {
  uint16_t thread;   /* index used in SAMPLES, STATS and SUMMARY */
  int16_t cpu;       /* the CPU it is pinned to, -1 if not pinned */
  uint8_t policy;    /* RtbPolicy it really runs with */
  uint8_t priority;  /* its real priority (0 for SCHED_OTHER) */
  uint8_t placement; /* RtbCpuPlacement (protocol 4): how its CPU was chosen */
  uint8_t reserved;  /* 0 */
  char name[24];     /* "CPU0", "base", "servo", "timer", "response", "32x32 #1" */
} RtbThreadInfo;
_Static_assert(sizeof(RtbThreadInfo) == 32, "RtbThreadInfo must be 32 bytes");

/* One measurement. `index` is the cycle (latency), interval (jitter), tick (timer) or instance
 * (response) number counted from 0; skipped periods make gaps in it. `value_ns` is the latency,
 * the interval's deviation from the period, the tick error, or the instance's execution time.
 *
 * Noise (protocol 6): `index` is the number of the gap between two consecutive reads of the
 * clock, from 0, and `value_ns` that gap rounded up to the next whole µs, as oslat counts it
 * (1.2 µs is 2000). Only gaps of 1 µs or more are sent; the shorter ones (the numbers missing
 * between samples) are counted in STATS' `skipped`, each 1000 ns as oslat counts it.
 * Flags ride in the top bits of `index`: */
#define RTB_SAMPLE_OFF_CPU (1ull << 63) /* response: the thread was kept off its CPU during the
                                         * instance longer than interrupts explain (RT
                                         * throttling, a hypervisor, another thread) */
#define RTB_SAMPLE_FLAGS RTB_SAMPLE_OFF_CPU
typedef struct {
  uint64_t index;
  int64_t value_ns;
} RtbSample;
_Static_assert(sizeof(RtbSample) == 16, "RtbSample must be 16 bytes");

/* SAMPLES: a batch of one thread's samples, in order. Followed by `count` RtbSample. */
typedef struct {
  uint16_t thread;
  uint16_t reserved;
  uint32_t count;
  uint64_t dropped_total; /* samples of this thread lost to a full ring so far */
} RtbSamplesFrame;
_Static_assert(sizeof(RtbSamplesFrame) == 16, "RtbSamplesFrame must be 16 bytes");

#define RTB_SAMPLES_PER_FRAME ((RTB_FRAME_MAX_PAYLOAD - sizeof(RtbSamplesFrame)) / sizeof(RtbSample))

/* Per-thread statistics as the worker computed them over every sample it produced. */
typedef struct {
  uint16_t thread;
  uint16_t reserved;
  uint32_t reserved2;
  uint64_t count;     /* samples produced (sent + dropped); noise: every gap, the short ones
                       * that are not sent included */
  uint64_t dropped;   /* samples lost to a full ring, not sent */
  uint64_t skipped;   /* latency: whole periods skipped after a late wake-up (as cyclictest);
                       * jitter before protocol 4 skipped them too;
                       * noise: the gaps shorter than 1 µs, counted (in `count` and the
                       * statistics as 1000 ns each) but not sent */
  uint64_t overflows; /* latency: samples at or above the histogram limit */
  int64_t min_ns;
  int64_t max_ns;
  int64_t sum_ns;     /* fits 292 years of nanoseconds */
  double sum_sq_us2;  /* sum of squared values in µs², for the standard deviation */
  double residual_max; /* response: largest max|A·A⁻¹ − I| seen; others 0 */
  uint64_t residual_failures; /* response: instances whose residual exceeded the tolerance */
  /* Protocol 4 */
  uint64_t overruns;  /* jitter: periods begun after their deadline had already passed (LinuxCNC's
                       * "unexpected realtime delay"); none is skipped */
  uint64_t off_cpu;   /* response: samples marked RTB_SAMPLE_OFF_CPU */
  /* Protocol 9: osnoise, the sums of the tracer's period lines besides the noise (the samples):
   * each period's runtime added up, the longest single noise, and the counts of interference
   * by source (HW, NMI, IRQ, softirq, thread: RtbOsnoiseSource). 0 for the other methods. */
  uint64_t osnoise_runtime_us;
  uint64_t osnoise_max_single_us;
  uint64_t osnoise_counts[5];
  /* Protocol 10: hwlat, the sums of the detector's samples besides their latency: the gaps
   * above the threshold (the samples' count), and the NMIs that came during the samples'
   * windows (how many windows had any, how many NMIs, their total µs). 0 for the other
   * methods. RTB_HWLAT_UNKNOWN when samples came and the kernel's event lacks the field
   * (count came with 5.14); a worker before it sent 0 then. */
  uint64_t hwlat_gaps;
  uint64_t hwlat_nmi_windows;
  uint64_t hwlat_nmi_count;
  uint64_t hwlat_nmi_us;
  /* Protocol 11: osnoise, each source's noise in ns over the periods counted, the durations
   * of the tracer's events (RtbOsnoiseSource's order: HW the osnoise:sample_threshold events
   * without interference, then nmi_noise, irq_noise, softirq_noise, thread_noise), and which
   * are known: bit s when the events of source s were as many as the period lines counted
   * (none lost, and the kernel traces that source: arm64 has no nmi_noise). 0 in older
   * streams and for the other methods: none known. */
  uint64_t osnoise_durations_ns[5];
  uint64_t osnoise_durations_known;
} RtbThreadStats;
#define RTB_HWLAT_UNKNOWN UINT64_MAX
_Static_assert(sizeof(RtbThreadStats) == 240, "RtbThreadStats must be 240 bytes");
#define RTB_THREAD_STATS_V3_SIZE 88
#define RTB_THREAD_STATS_V8_SIZE 104
#define RTB_THREAD_STATS_V9_SIZE 160
#define RTB_THREAD_STATS_V10_SIZE 192

/* STATS: periodic statistics; SUMMARY: the final ones. Followed by n_threads RtbThreadStats. */
typedef struct {
  uint32_t n_threads;
  uint32_t reason;         /* SUMMARY: RtbEndReason; STATS: 0 */
  uint64_t elapsed_ns;     /* since STARTED */
  uint64_t end_realtime_ns; /* SUMMARY: CLOCK_REALTIME at the end; STATS: now */
} RtbStatsFrame;
_Static_assert(sizeof(RtbStatsFrame) == 24, "RtbStatsFrame must be 24 bytes");

/* ERROR: a rejected command or a failure. The text says what was wrong and how to fix it,
 * e.g. field "priority", message "priority 120 is out of range: use 1-99". */
typedef struct {
  int32_t code;             /* RtbErrorCode */
  int32_t sys_errno;        /* errno behind it, 0 if none */
  char field[32];           /* the command field at fault, "" if none; NUL-terminated */
  char message[RTB_TEXT_MAX * 2]; /* NUL-terminated */
} RtbErrorFrame;
_Static_assert(sizeof(RtbErrorFrame) == 296, "RtbErrorFrame must be 296 bytes");

typedef enum {
  RTB_ERROR_SYNTAX = 1,      /* unknown verb, method or key, malformed value */
  RTB_ERROR_RANGE = 2,       /* a value outside its allowed range */
  RTB_ERROR_PERMISSION = 3,  /* the asked policy or priority cannot be had */
  RTB_ERROR_SYSTEM = 4,      /* a system call failed */
  RTB_ERROR_STATE = 5,       /* a command that makes no sense now (start twice) */
  RTB_ERROR_UNSAFE = 6,      /* refused: could freeze the machine (RT throttling off) */
} RtbErrorCode;

const char *rtb_method_to_string (RtbMethod method);
bool rtb_method_from_string (const char *str, RtbMethod *out);
const char *rtb_policy_to_string (RtbPolicy policy);
bool rtb_policy_from_string (const char *str, RtbPolicy *out);
const char *rtb_end_reason_to_string (RtbEndReason reason);
/* "given", "isolated", "last", "none" */
const char *rtb_cpu_placement_to_string (RtbCpuPlacement placement);
const char *rtb_frame_type_to_string (RtbFrameType type);

/* ---- Explaining spikes (protocol 5) ---------------------------------------------------
 * With trace_above_us, the worker records the measured CPUs' scheduling and interrupt events in
 * its own tracefs instance, stops it when a sample crosses the threshold, and sends the trace
 * around that sample in a SPIKE frame; the client explains it (src/client/rtb-spike.h). */

typedef enum {
  RTB_TRACE_ARMED = 0,         /* spikes above threshold_ns will be explained */
  RTB_TRACE_WAITING = 1,       /* trace_above_us=auto: not enough samples for a threshold yet */
  RTB_TRACE_NO_TRACEFS = 2,    /* the kernel has no tracefs */
  RTB_TRACE_NOT_PERMITTED = 3, /* the worker may not use or mount tracefs */
  RTB_TRACE_NO_EVENTS = 4,     /* the kernel lacks the sched events */
  RTB_TRACE_FAILED = 5,        /* something else: see message and sys_errno */
  RTB_TRACE_UNSUPPORTED = 6,   /* no CPU to trace: the threads are not pinned (cpu=none) */
} RtbTraceStatus;
#define RTB_TRACE_STATUS_LAST RTB_TRACE_UNSUPPORTED

/* TRACE: whether and above what spikes are explained. Sent after STARTED when the command has
 * trace_above_us, and again whenever the automatic threshold changes. */
typedef struct {
  int32_t status;        /* RtbTraceStatus */
  int32_t sys_errno;     /* errno behind a failure, 0 if none */
  int64_t threshold_ns;  /* RTB_TRACE_ARMED: samples at or above it are traced; otherwise 0 */
  char message[RTB_TEXT_MAX * 2]; /* why not, and how to fix it; "" when armed */
} RtbTraceFrame;
_Static_assert(sizeof(RtbTraceFrame) == 272, "RtbTraceFrame must be 272 bytes");

/* RtbSpikeFrame.flags */
#define RTB_SPIKE_LOST_EVENTS (1u << 0) /* the trace buffer overflowed: events may be missing */
#define RTB_SPIKE_CUT (1u << 1)         /* lines of the window are missing: longer than
                                         * RTB_SPIKE_TEXT_MAX (the oldest go), or read too late */
#define RTB_SPIKE_FLAGS_KNOWN (RTB_SPIKE_LOST_EVENTS | RTB_SPIKE_CUT)
#define RTB_SPIKE_TEXT_MAX (256 * 1024)

/* SPIKE: one sample at or above the threshold and the kernel's trace of its CPU around it.
 * Followed by `text_len` bytes of the trace in the lines tracefs prints
 * (per_cpu/cpuN/trace_pipe; the worker writes them from the binary events of trace_pipe_raw),
 * the lines whose time lies in [deadline_ns − RTB_SPIKE_LOOKBACK_NS, wake_ns]: printable ASCII,
 * tabs and newlines. The trace clock is CLOCK_MONOTONIC, the clock of deadline_ns and
 * wake_ns. From protocol 7, each line's head names the task's thread group where it is known
 * ("writer-129 (    120) [001]"; "(-------)" where not): a task whose group is HELLO's pid is
 * one of the worker's own threads. */
typedef struct {
  uint16_t thread;       /* as in SAMPLES */
  uint16_t flags;        /* RTB_SPIKE_* */
  int32_t cpu;           /* the CPU traced */
  uint32_t tid;          /* the measurement thread's kernel thread id, as the trace names it */
  uint32_t text_len;
  uint64_t index;        /* the sample's index, as in SAMPLES */
  int64_t value_ns;      /* the sample's value */
  int64_t deadline_ns;   /* when the thread should have run (CLOCK_MONOTONIC) */
  int64_t wake_ns;       /* when it ran and read the clock */
  uint64_t missed;       /* this thread's samples above the threshold not explained so far
                          * (they came faster than the worker took them) */
} RtbSpikeFrame;
_Static_assert(sizeof(RtbSpikeFrame) == 56, "RtbSpikeFrame must be 56 bytes");

#define RTB_SPIKE_LOOKBACK_NS (1000 * 1000)

/* COUNTERS: what counted over the run, read again at its end: /proc/interrupts and
 * /proc/softirqs (whose first reading SYSTEM holds), as entries of the SYSTEM payload format. */

static inline const char *
rtb_spike_text (const RtbSpikeFrame *spike)
{
  return (const char *) (const void *) (spike + 1);
}

/* ---- Encoder ---------------------------------------------------------------------------
 * Builds one whole frame (header + payload) into `buf`. Returns the frame's size, or 0 when
 * it does not fit in `buf_size`. `seq` is the caller's frame counter. */
size_t rtb_frame_encode (void *buf, size_t buf_size, RtbFrameType type, uint32_t seq,
                         const void *payload, size_t payload_len);

/* Same, with the payload given as two parts (a fixed struct and its array). */
size_t rtb_frame_encode2 (void *buf, size_t buf_size, RtbFrameType type, uint32_t seq,
                          const void *part1, size_t len1, const void *part2, size_t len2);

/* ---- Incremental decoder ---------------------------------------------------------------
 * Accepts the byte stream in pieces of any size. Each complete frame is handed to the callback
 * validated once, here, for its type and the stream's version (fixed part present, counts
 * consistent with length, texts terminated, values in range): receivers trust what they get.
 * HELLO must come first. A stream that breaks the protocol puts the decoder in a failed state
 * with a message. */

typedef struct RtbCommand RtbCommand; /* rtb-command.h */

/* A STARTED frame of any version, decoded. */
typedef struct {
  const RtbCommand *command;      /* what the worker runs; passes rtb_command_check */
  const RtbThreadInfo *threads;   /* n_threads, numbered 0… in order */
  uint32_t n_threads;
  uint64_t start_realtime_ns;
  uint32_t flags;                 /* RTB_STARTED_*: 0 before protocol 4 */
  int64_t timer_slack_ns;         /* what the threads' sleeps get (before protocol 4: 1, or 0
                                   * for real-time threads) */
} RtbStarted;

typedef struct {
  const RtbFrameHeader *header;
  const void *payload;         /* STATS and SUMMARY of older versions come in the current
                                * layout (RtbThreadStats), their new counts 0 */
  size_t payload_len;          /* what `payload` holds */
  uint32_t version;            /* the stream's protocol version, from its HELLO */
  const RtbStarted *started;   /* STARTED: its content whatever the version; otherwise NULL */
} RtbFrame;

/* The frame and what it points to are valid during the callback only. Return false from the
 * callback to stop decoding (rtb_decoder_feed then returns -1 with error "stopped by the
 * receiver"). */
typedef bool (*RtbFrameFunc) (const RtbFrame *frame, void *user_data);

typedef struct RtbDecoder RtbDecoder;

RtbDecoder *rtb_decoder_new (RtbFrameFunc func, void *user_data);
void rtb_decoder_free (RtbDecoder *decoder);
/* Returns the number of frames delivered, or -1 on a protocol error (see rtb_decoder_error). */
long rtb_decoder_feed (RtbDecoder *decoder, const void *data, size_t len);
/* What was wrong, or NULL; valid until the decoder is freed. */
const char *rtb_decoder_error (const RtbDecoder *decoder);
/* Bytes held that do not yet form a whole frame (non-zero at EOF = a truncated stream). */
size_t rtb_decoder_pending (const RtbDecoder *decoder);
uint64_t rtb_decoder_frames (const RtbDecoder *decoder);

/* What the decoder checks of one frame of a stream of protocol `version`: NULL when valid, or
 * a static message saying what is wrong. For tests and fuzzing; receivers get frames from the
 * decoder, which calls it. */
const char *rtb_frame_validate (const RtbFrameHeader *header, const void *payload,
                                uint32_t version);

/* Builds a SYSTEM payload in `buf`: start with rtb_system_frame_init(), then add entries. Each
 * returns the bytes used so far, or 0 when the entry does not fit (the payload is unchanged). */
size_t rtb_system_frame_init (void *buf, size_t size);
size_t rtb_system_frame_add (void *buf, size_t size, size_t used, const char *key,
                             const char *value, size_t value_len);

/* One entry of a SYSTEM payload; key and value are not NUL-terminated. */
typedef struct {
  const char *key;
  size_t key_len;
  const char *value;
  size_t value_len;
} RtbSystemItem;

/* Steps through a validated SYSTEM payload: `*offset` starts at 0. Returns false at the end. */
bool rtb_system_frame_next (const void *payload, size_t len, size_t *offset, RtbSystemItem *item);

/* Typed views of a validated payload. */
static inline const RtbThreadInfo *
rtb_started_threads (const RtbStartedFrame *started)
{
  return (const RtbThreadInfo *) (const void *) (started + 1);
}

static inline const RtbSample *
rtb_samples_data (const RtbSamplesFrame *samples)
{
  return (const RtbSample *) (const void *) (samples + 1);
}

static inline const RtbThreadStats *
rtb_stats_threads (const RtbStatsFrame *stats)
{
  return (const RtbThreadStats *) (const void *) (stats + 1);
}
