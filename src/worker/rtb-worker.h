/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rtbench-worker internals. One run: the command, its measurement threads (one
 * RtbWorkerMeasure each), the rings they fill and the writer that drains them. Every name here
 * carries the worker's prefix, so none is mistaken for the client's (RtbRun, rtb_run_…).
 */
#pragma once

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "rtb-command.h"
#include "rtb-matrix.h"
#include "rtb-protocol.h"
#include "rtb-time.h"
#include "rtb-trace-page.h"
#include "rtb-worker-gpio.h"
#include "rtb-worker-ring.h"
#include "rtb-worker-trace.h"
#include "rtb-worker-tracer.h"

#define RTB_WORKER_LOG_PREFIX "rtbench-worker: "

typedef struct RtbWorker RtbWorker;
typedef struct RtbWorkerMeasure RtbWorkerMeasure;

/* The loop of one method. Returns 0, or an errno when the thread failed. */
typedef int (*RtbWorkerLoopFunc) (RtbWorkerMeasure *m);

struct RtbWorkerMeasure {
  /* Set before the thread starts; read-only afterwards */
  RtbWorker *worker;
  unsigned index;
  int cpu;
  int policy;   /* SCHED_OTHER, SCHED_FIFO, SCHED_RR */
  int priority;
  char name[24];
  int64_t period_ns;
  size_t stack_size;
  RtbWorkerLoopFunc loop;
  bool ordinary;  /* created with default attributes: the process's policy, pthread's stack */
  bool passive;   /* no thread of its own: another's thread fills its ring (the response
                   * experiments after the first, measure 0's; timerlat's thread latency) */
  RtbWorkerMeasure *runner; /* a passive measure's filler; NULL: measure 0 */
  int measured_cpu;   /* a tracer's: the CPU the kernel measures, which its reader avoids */
  int trace_fd;       /* a tracer's: the CPU's trace_pipe_raw, the tracer's descriptor */
  pid_t kernel_thread; /* a tracer's thread that measures; STARTED reports it */
  bool kernel_thread_moves; /* hwlat's: one thread for every measured CPU, on each in turn */
  bool reads_batches; /* a tracer's reader: fills its rings in batches and tells the writer */
  RtbMatrixWorkload *workload; /* response: the matrix its instances invert */

  /* Owned by the thread creator */
  pid_t tid;       /* set by the thread before the gate */
  void *stack;
  pthread_t thread;
  bool created;

  RtbWorkerRing ring;
  bool batch_read; /* under the worker's writer_lock: a reader's batch since the last drain */

  /* Written by the measurement thread, read by others */
  atomic_uint_fast64_t skipped;   /* latency: periods skipped after a late wake-up */
  atomic_uint_fast64_t overruns;  /* jitter: periods begun after their deadline had passed */
  atomic_uint_fast64_t off_cpu;   /* response: instances marked RTB_SAMPLE_OFF_CPU */
  atomic_uint_fast64_t residual_failures;
  atomic_uint_fast64_t residual_max_bits; /* a double's bits */
  atomic_uint_fast64_t quiet; /* noise: the gaps shorter than 1 µs so far, not sent */
  /* osnoise: the period lines' sums besides the noise (RtbThreadStats' osnoise_…) */
  atomic_uint_fast64_t osnoise_runtime_us;
  atomic_uint_fast64_t osnoise_max_single_us;
  atomic_uint_fast64_t osnoise_counts[5];
  atomic_uint_fast64_t osnoise_durations_ns[5]; /* each source's events' durations */
  atomic_uint_fast64_t osnoise_events[5];       /* and how many of them */
  /* hwlat: the samples' sums besides their latency (RtbThreadStats' hwlat_…) */
  atomic_uint_fast64_t hwlat_gaps;
  atomic_uint_fast64_t hwlat_nmi_windows;
  atomic_uint_fast64_t hwlat_nmi_count;
  atomic_uint_fast64_t hwlat_nmi_us;
  atomic_bool exited;
  int64_t timer_slack_ns; /* what its timers really get: 0 for a real-time thread */
  atomic_uint_fast64_t spikes_missed; /* above the threshold when the spike queue was full */
  RtbWorkerSpikeQueue spikes;
  int setup_errno;  /* before the gate: read by main under the gate lock */
  const char *setup_what;
  int loop_errno;   /* read after join */

  /* Filled by main once the thread waits at the gate */
  RtbThreadInfo info;
};

struct RtbWorker {
  RtbCommand cmd;
  RtbHelloFrame hello;
  uint64_t usable_cpus[RTB_MAX_CPUS / 64];    /* those a thread may be pinned to */
  uint64_t allowed_cpus[RTB_MAX_CPUS / 64];   /* the affinity the process started with */
  uint64_t isolated_cpus[RTB_MAX_CPUS / 64];  /* /sys/devices/system/cpu/isolated */
  int rt_period_us;                           /* kernel.sched_rt_period_us, -2 unknown */
  RtbCpuPlacement placement;                  /* one-CPU methods: how the CPU was chosen */
  bool memory_locked;    /* what the run has: HELLO's, until an ordinary thread gives it up */
  bool dma_latency_held;
  bool shares_measured_cpus; /* every allowed CPU is measured: the threads that do not
                              * measure run there too */

  unsigned n_measures;
  RtbWorkerMeasure *measures;
  RtbMatrixWorkload workloads[RTB_RESPONSE_SIZES_MAX]; /* response: one per matrix size */
  unsigned n_workloads;
  RtbWorkerGpio gpio;   /* latency gpio=CHIP:LINE; fd -1 when none */

  /* Released together through the gate */
  pthread_mutex_t gate_lock;
  pthread_cond_t gate_cond;
  unsigned gate_ready;
  int gate_state;   /* 0 wait, 1 go, 2 abort */
  int64_t start_mono_ns;
  int64_t end_mono_ns; /* 0: until stopped */
  int64_t start_realtime_ns;

  /* The writer thread */
  pthread_t writer;
  bool writer_running;
  bool writer_ready;   /* under gate_lock: its privileges are dropped */
  pthread_mutex_t writer_lock;
  pthread_cond_t writer_wake; /* on CLOCK_MONOTONIC; signalled when writer_stop is set */
  bool writer_stop;           /* under writer_lock */
  unsigned batch_readers;     /* the measures that read batches (reads_batches) */
  unsigned batches_read;      /* under writer_lock: those that read one since the last drain */
  RtbSample *writer_scratch;
  RtbThreadStats *stats;
  RtbEndReason end_reason;

  RtbWorkerTrace trace;
  RtbWorkerTracer tracer; /* the kernel tracer of timerlat, osnoise, hwlat */
};

/* rtb-worker-stop.c: the stop flag every loop checks, and the main thread's wake-up pipe */
extern atomic_bool rtb_worker_stopping;

static inline bool
rtb_worker_stop_requested (void)
{
  return atomic_load_explicit (&rtb_worker_stopping, memory_order_relaxed);
}

/* The one call a method's real-time loop makes for tracing, after each sample (pushed to its
 * ring first): a sample at or above the threshold goes to the thread's spike queue, for the
 * writer to cut its window from the trace, which keeps recording. Without a threshold it is one
 * comparison. No allocation, no lock, no print, no system call. */
static inline void
rtb_worker_trace_hit (RtbWorkerMeasure *m, uint64_t index, int64_t value, int64_t deadline,
                      int64_t now)
{
  RtbWorkerSpikeQueue *q = &m->spikes;
  uint64_t head;

  if (value < atomic_load_explicit (&m->worker->trace.threshold_ns, memory_order_relaxed))
    return;
  head = atomic_load_explicit (&q->head, memory_order_relaxed);
  if (head - atomic_load_explicit (&q->tail, memory_order_acquire) >= RTB_WORKER_SPIKE_QUEUE)
    {
      atomic_fetch_add_explicit (&m->spikes_missed, 1, memory_order_relaxed);
      return;
    }
  q->slots[head % RTB_WORKER_SPIKE_QUEUE] = (RtbWorkerSpike) { index, value, deadline, now };
  atomic_store_explicit (&q->head, head + 1, memory_order_release);
}

/* The CPU whose trace explains a measure's spikes: its thread's, or for a kernel tracer's
 * thread (timerlat), the CPU that thread measures; -1 when not pinned. */
static inline int
rtb_worker_measure_traced_cpu (const RtbWorkerMeasure *m)
{
  return m->kernel_thread > 0 ? m->measured_cpu : m->cpu;
}

/* rtb-worker-trace.c: what the main thread and the writer do with the trace */
void rtb_worker_trace_init (RtbWorker *w);
void rtb_worker_trace_start (RtbWorker *w);
void rtb_worker_trace_announce (RtbWorker *w);
void rtb_worker_trace_collect (RtbWorker *w);
bool rtb_worker_trace_read (RtbWorker *w);
bool rtb_worker_trace_recording (RtbWorker *w);
void rtb_worker_trace_account (RtbWorker *w, const RtbSample *samples, size_t n);
void rtb_worker_trace_refresh (RtbWorker *w);
void rtb_worker_trace_log (RtbWorker *w);

bool rtb_worker_stop_init (void);
int rtb_worker_stop_wake_fd (void);
void rtb_worker_stop_wake (void);
void rtb_worker_stop_request (RtbEndReason reason);
RtbEndReason rtb_worker_stop_reason (void);
/* Empties the wake pipe; returns the last signal received (0: none). */
int rtb_worker_stop_take_signal (void);

/* rtb-worker-privilege.c: giving up root and capabilities once the threads exist */
void rtb_worker_privilege_init (void);
bool rtb_worker_privilege_drop_thread (void);
bool rtb_worker_privilege_drop_process (bool memory_locked, int *sys_errno);

/* rtb-worker-setup.c: process-wide set-up before HELLO */
void rtb_worker_setup_process (RtbWorker *w);
/* For an ordinary thread (the timer's variant=normal): unlocks memory, closes
 * /dev/cpu_dma_latency. */
void rtb_worker_setup_release_realtime (RtbWorker *w);
bool rtb_worker_setup_parent_alive (void);
/* Once the measures know their CPUs, before any other thread or process of the run exists:
 * moves the main thread, and so all it creates, off the measured CPUs. */
void rtb_worker_setup_keep_off_measured (RtbWorker *w);
int rtb_worker_setup_highest_cpu (const uint64_t *cpus);
void rtb_worker_log (const char *format, ...) __attribute__ ((format (printf, 1, 2)));

/* rtb-worker-system.c: the SYSTEM frame (the machine, from its system files), and COUNTERS
 * (the interrupt and softirq counts again) at the end */
bool rtb_worker_system_send (void);
void rtb_worker_system_send_counters (void);

/* rtb-worker-output.c: frames on stdout */
bool rtb_worker_output_init (int fd);
bool rtb_worker_output_send (RtbFrameType type, const void *part1, size_t len1,
                             const void *part2, size_t len2);
bool rtb_worker_output_broken (void);
void rtb_worker_output_error (const RtbCommandError *error, int sys_errno);

/* rtb-worker-input.c: command lines on stdin */
typedef enum {
  RTB_WORKER_INPUT_LINE,
  RTB_WORKER_INPUT_EOF,
  RTB_WORKER_INPUT_WAKE,
  RTB_WORKER_INPUT_TIMEOUT,
  RTB_WORKER_INPUT_TOO_LONG,
  RTB_WORKER_INPUT_ERROR,
  RTB_WORKER_INPUT_OUTPUT_CLOSED, /* nobody reads stdout any more */
} RtbWorkerInputEvent;

typedef struct {
  int fd;               /* -1: stdin is not read (command from the arguments, or EOF seen) */
  int output_fd;        /* watched for its reader going away; -1: not (any more) */
  char buf[RTB_COMMAND_MAX + 2];
  size_t len;
  size_t line_len;      /* of the last line taken, which may hold NUL bytes */
  bool discarding;      /* skipping the rest of an overlong line */
  bool eof_pending;     /* EOF came right after a last line without newline */
} RtbWorkerInput;

/* Reads commands from `fd` and watches `output_fd`: a closed pipe is noticed at once, not at
 * the next write, which may be up to a drain period away. */
void rtb_worker_input_init (RtbWorkerInput *input, int fd, int output_fd);
RtbWorkerInputEvent rtb_worker_input_wait (RtbWorkerInput *input, char *line, size_t line_size,
                                           int timeout_ms);

/* rtb-worker-threads.c: measurement threads */
void rtb_worker_gate_init (RtbWorker *w);
/* Blocks until the gate opens; false when the run was aborted before it started. */
bool rtb_worker_gate_wait (RtbWorker *w);
bool rtb_worker_measures_alloc (RtbWorker *w, unsigned n);
void rtb_worker_measures_free (RtbWorker *w);
/* Creates every thread and waits until each stands at the gate. */
bool rtb_worker_threads_create (RtbWorker *w, RtbCommandError *error, int *sys_errno);
/* Lets the threads standing at the gate go without measuring, and joins them. */
void rtb_worker_threads_abort (RtbWorker *w);
void rtb_worker_threads_release (RtbWorker *w);
bool rtb_worker_threads_all_exited (RtbWorker *w);
bool rtb_worker_threads_any_failed (RtbWorker *w);
/* Stops and joins every thread; returns false if one failed. */
bool rtb_worker_threads_stop (RtbWorker *w);

/* rtb-worker-writer.c */
bool rtb_worker_writer_start (RtbWorker *w);
void rtb_worker_writer_finish (RtbWorker *w, RtbEndReason reason);
/* A reader of a kernel tracer read its buffer until empty: once every reader has, the writer
 * drains their rings (it has no period of its own for them). */
void rtb_worker_writer_batch_read (RtbWorkerMeasure *m);

/* One file per method: fill w->measures for the command. False with `error` filled (and
 * `sys_errno`) when the command cannot run here; with error->code 0 when out of memory. */
typedef bool (*RtbWorkerPrepareFunc) (RtbWorker *w, RtbCommandError *error, int *sys_errno);
#define RTB_WORKER_PREPARE_DECLARE(id, name, Name, arg) \
  bool rtb_worker_##name##_prepare (RtbWorker *w, RtbCommandError *error, int *sys_errno);
RTB_EACH_METHOD (RTB_WORKER_PREPARE_DECLARE, )

/* rtb-worker-tracer-read.c: what the tracer methods share. Their prepare step refused: the
 * tracer's reason in `error`, the tracer given back; returns false. */
bool rtb_worker_tracer_refuse (RtbWorker *w, RtbCommandError *error, int *sys_errno);
/* The settings of the osnoise directory every tracer of it takes: its CPUs, no stop that a
 * previous user left (stop_tracing_us, stop_tracing_total_us), and the instance's mono clock
 * (only what comes between the run's start and end counts). 0 or an errno, the tracer's `why`
 * filled. */
int rtb_worker_tracer_set_shared (RtbWorkerTracer *t, const uint64_t *cpus);
/* Opens per_cpu/cpuN/`file` of the tracer's instance for every `stride`-th measure, its
 * trace_fd; false with the tracer's `why` filled when one cannot be. */
bool rtb_worker_tracer_open_traces (RtbWorker *w, const char *file, unsigned stride);
/* A tracer's event as this kernel lays it out: the ring buffer's pages, the event's ID and the
 * fields named in `names` (NULL-ended), the first `n_required` of them needed, the others
 * read when the kernel has them (`have`). `event` is a trace event's "SYSTEM/NAME" under
 * events/ ("osnoise/irq_noise"), NULL for the tracer's own (events/ftrace/TRACER). */
#define RTB_WORKER_TRACER_FIELDS_MAX 8
typedef struct {
  const char *event;
  const char *names[RTB_WORKER_TRACER_FIELDS_MAX + 1];
  unsigned n_required;
  RtbTracePageLayout layout;
  unsigned id;
  RtbTraceField fields[RTB_WORKER_TRACER_FIELDS_MAX];
  bool have[RTB_WORKER_TRACER_FIELDS_MAX];
} RtbWorkerTracerFormat;
/* Reads events/header_page and the event's format file into `format`; false with the
 * tracer's `why` (and its status FAILED) when the kernel lays them out otherwise. */
bool rtb_worker_tracer_read_format (RtbWorkerTracer *t, RtbWorkerTracerFormat *format);
/* The events the kernel lost (overwritten in a full buffer) before a page: their count, or
 * UINT64_MAX when it lost some without counting them. */
typedef void (*RtbWorkerTraceLostFunc) (uint64_t missed, void *user);
/* Reads m->trace_fd (a CPU's trace_pipe_raw) page after page until the buffer is empty, then
 * polls, calling `each` for every event and `lost` (unless NULL) before a page after lost
 * events, until the stop, `*done`, or a second passes after the run's end without an event;
 * logs what reading cost. Returns 0 or an errno. */
int rtb_worker_tracer_read_pages (RtbWorkerMeasure *m, const RtbTracePageLayout *layout,
                                  RtbTraceEventFunc each, RtbWorkerTraceLostFunc lost,
                                  void *user, const bool *done);
/* How a tracer method prepares its run, which rtb_worker_tracer_prepare() follows. */
#define RTB_WORKER_TRACER_SERIES_MAX 3
typedef struct {
  const char *tracer;            /* "timerlat", "osnoise", "hwlat" */
  bool own_instance;             /* the tracer allows instances (hwlat runs at the top level) */
  const char *series[RTB_WORKER_TRACER_SERIES_MAX + 1]; /* each CPU's series: "CPUn" and this
                                  * (" IRQ"; "" the CPU alone), NULL-ended; the first its
                                  * reader's, which fills the others */
  uint32_t (*period_us) (const RtbCommand *cmd); /* the tracer's period, each series' */
  RtbWorkerLoopFunc read;        /* each CPU's reader */
  int (*configure) (RtbWorkerTracer *t, const RtbCommand *cmd); /* 0 or an errno */
  RtbWorkerTracerFormat *format; /* its own event in trace_pipe_raw */
  RtbWorkerTracerFormat *const *events; /* trace events it enables in its instance beside the
                                         * tracer's own, each journalled; NULL-ended, or NULL */
  bool per_cpu_threads;          /* a kernel thread per CPU ("osnoise/N") at the command's
                                  * policy and priority (rtb_worker_tracer_set_threads()) */
} RtbWorkerTracerMethod;
/* A tracer method's prepare step: takes the tracer, sets up each chosen CPU's series (its
 * reader, an ordinary thread, as the tracer's kernel thread measures, that keeps off the CPU,
 * and the series the reader fills), configures it and sizes its buffer for the readers' pace
 * (each file journalled), enables its trace events, reads its events' formats, starts it,
 * opens each CPU's trace and sets its threads, in that order. False with `error` filled and
 * the tracer given back when one fails. */
bool rtb_worker_tracer_prepare (RtbWorker *w, const RtbWorkerTracerMethod *method,
                                RtbCommandError *error, int *sys_errno);
/* The kernel thread "TRACER/CPU" ("timerlat/3", "osnoise/0"), or "TRACER" with `cpu` -1
 * ("hwlatd"), or 0. */
pid_t rtb_worker_tracer_kernel_thread (const char *tracer, int cpu);
/* As rtla -P: gives the tracer's thread of each CPU the command's policy and priority, once it
 * exists, and names it the kernel thread of the CPU's `stride` measures (timerlat's IRQ and
 * thread series, osnoise's one). False with `error` filled when it cannot. */
bool rtb_worker_tracer_set_threads (RtbWorker *w, const char *tracer, unsigned stride,
                                    RtbCommandError *error, int *sys_errno);

/* Shared by the method loops */
#define RTB_WORKER_STACK_SIZE (256 * 1024)

/* Returns 0, EINTR (interrupted: check the stop flag), or another errno. */
static inline int
rtb_worker_sleep_until (int64_t deadline_ns)
{
  struct timespec ts = rtb_timespec_from_ns (deadline_ns);

  return clock_nanosleep (CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

/* Room for about two seconds of samples, so that a slow writer never drops any. */
static inline size_t
rtb_worker_ring_capacity_for (int64_t period_ns)
{
  int64_t per_2s = 2 * RTB_NSEC_PER_SEC / (period_ns > 0 ? period_ns : 1);

  if (per_2s < 4096)
    return 4096;
  if (per_2s > (1 << 18))
    return 1 << 18;
  return (size_t) per_2s;
}

int rtb_worker_sched_policy (RtbPolicy policy);
/* A thread on each CPU of the command (latency, noise), named "CPU3", with rings for
 * samples `period_ns` apart. */
bool rtb_worker_measures_per_cpu (RtbWorker *w, int64_t period_ns, RtbWorkerLoopFunc loop);
bool rtb_worker_measure_setup (RtbWorkerMeasure *m, const char *name, int cpu, int priority,
                               int64_t period_ns, size_t stack_size, RtbWorkerLoopFunc loop);

/* rtb-worker-run.c: one whole run; returns the exit status */
int rtb_worker_run (RtbWorker *w, RtbWorkerInput *input);

/* rtb-worker-usage.c */
void rtb_worker_usage_print (void);
