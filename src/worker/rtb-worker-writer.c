/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The writer: an ordinary (SCHED_OTHER) thread that drains every ring every 250 ms into
 * SAMPLES frames, keeps each thread's statistics, and sends STATS about once a second and the
 * SUMMARY at the end. Statistics cover the samples drained; `count` adds the dropped ones.
 *
 * Every drain wakes the client, and each frame costs it more than its samples (they find its
 * caches cold), so the period is a trade: 250 ms keeps a desktop client's share of a core small
 * during a 10 kHz run (its views change once a second anyway), while the rings hold about two
 * seconds, eight periods. A stop does not wait for the period: rtb_worker_writer_finish()
 * wakes the writer at once.
 *
 * The rings of a kernel tracer's readers fill in batches, once a second as the readers read
 * (rtb-worker-tracer-read.c), not sample by sample: the writer drains them when every reader
 * has read its batch (rtb_worker_writer_batch_read()) and sends STATS with that drain when a
 * second has nearly gone by, so that it wakes about once a second with them, not four times;
 * when the readers are late, it drains and sends STATS a drain period after they were due.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rtb-command-keys.h"
#include "rtb-worker.h"

#define DRAIN_PERIOD_NS (250 * 1000 * 1000)
/* While spikes are traced, the trace is read this often (the kernel's buffer of the CPU holds
 * 256 KiB) and the spikes the threads left are sent. */
#define TRACE_POLL_NS (10 * 1000 * 1000)
#define STATS_PERIOD_NS RTB_NSEC_PER_SEC
/* With readers' batches, STATS go with the drain of a batch this much before they are due. */
#define STATS_EARLY_NS DRAIN_PERIOD_NS
#define WRITER_STACK_SIZE (512 * 1024)

/* The methods with a histogram limit count what passes it as overflows. */
static int64_t
overflow_ns (RtbWorker *w)
{
  if (!rtb_command_key_taken (RTB_KEY_HISTOGRAM_US, w->cmd.method))
    return INT64_MAX;
  return (int64_t) rtb_command_key_get (&w->cmd, RTB_KEY_HISTOGRAM_US) * RTB_NSEC_PER_USEC;
}

static void
account (RtbWorker *w, RtbThreadStats *stats, const RtbSample *samples, size_t n)
{
  const int64_t limit_ns = overflow_ns (w);
  uint64_t counted = stats->count - stats->dropped;

  for (size_t i = 0; i < n; i++)
    {
      int64_t v = samples[i].value_ns;
      double v_us = (double) v / 1000.0;

      if (counted == 0 || v < stats->min_ns)
        stats->min_ns = v;
      if (counted == 0 || v > stats->max_ns)
        stats->max_ns = v;
      counted++;
      stats->sum_ns += v;
      stats->sum_sq_us2 += v_us * v_us;
      if (v >= limit_ns)
        stats->overflows++;
    }
  stats->count = counted + stats->dropped;
}

/* Noise's short gaps since the last call, each 1 µs as oslat counts it. */
static void
account_quiet (RtbWorkerMeasure *m, RtbThreadStats *stats)
{
  uint64_t quiet = atomic_load_explicit (&m->quiet, memory_order_acquire);
  uint64_t n = quiet - stats->skipped;

  if (quiet <= stats->skipped)
    return;
  if (stats->count - stats->dropped == 0 || stats->min_ns > RTB_NSEC_PER_USEC)
    stats->min_ns = RTB_NSEC_PER_USEC;
  if (stats->count - stats->dropped == 0)
    stats->max_ns = RTB_NSEC_PER_USEC;
  stats->sum_ns += (int64_t) n * RTB_NSEC_PER_USEC;
  stats->sum_sq_us2 += (double) n;
  stats->count += n;
  stats->skipped = quiet;
}

static void
refresh_counters (RtbWorkerMeasure *m, RtbThreadStats *stats)
{
  uint64_t counted = stats->count - stats->dropped;
  uint64_t bits = atomic_load_explicit (&m->residual_max_bits, memory_order_relaxed);

  stats->dropped = rtb_worker_ring_dropped (&m->ring);
  stats->count = counted + stats->dropped;
  if (m->worker->cmd.method == RTB_METHOD_NOISE)
    account_quiet (m, stats);
  else
    stats->skipped = atomic_load_explicit (&m->skipped, memory_order_relaxed);
  stats->overruns = atomic_load_explicit (&m->overruns, memory_order_relaxed);
  stats->off_cpu = atomic_load_explicit (&m->off_cpu, memory_order_relaxed);
  stats->residual_failures = atomic_load_explicit (&m->residual_failures, memory_order_relaxed);
  memcpy (&stats->residual_max, &bits, sizeof bits);
  stats->osnoise_runtime_us = atomic_load_explicit (&m->osnoise_runtime_us, memory_order_relaxed);
  stats->osnoise_max_single_us =
    atomic_load_explicit (&m->osnoise_max_single_us, memory_order_relaxed);
  stats->osnoise_durations_known = 0;
  for (int s = 0; s < 5; s++)
    {
      stats->osnoise_counts[s] = atomic_load_explicit (&m->osnoise_counts[s],
                                                       memory_order_relaxed);
      stats->osnoise_durations_ns[s] = atomic_load_explicit (&m->osnoise_durations_ns[s],
                                                             memory_order_relaxed);
      /* Every event of the source seen: traced, none lost, and the kernel has it. */
      if (m->worker->cmd.method == RTB_METHOD_OSNOISE &&
          m->worker->cmd.osnoise.durations == RTB_OSNOISE_DURATIONS_YES &&
          atomic_load_explicit (&m->osnoise_events[s], memory_order_relaxed) ==
            stats->osnoise_counts[s])
        stats->osnoise_durations_known |= UINT64_C (1) << s;
    }
  stats->hwlat_gaps = atomic_load_explicit (&m->hwlat_gaps, memory_order_relaxed);
  stats->hwlat_nmi_windows = atomic_load_explicit (&m->hwlat_nmi_windows, memory_order_relaxed);
  stats->hwlat_nmi_count = atomic_load_explicit (&m->hwlat_nmi_count, memory_order_relaxed);
  stats->hwlat_nmi_us = atomic_load_explicit (&m->hwlat_nmi_us, memory_order_relaxed);
}

static void
drain (RtbWorker *w)
{
  for (unsigned i = 0; i < w->n_measures; i++)
    {
      RtbWorkerMeasure *m = &w->measures[i];
      RtbThreadStats *stats = &w->stats[i];
      size_t n;

      while ((n = rtb_worker_ring_pop (&m->ring, w->writer_scratch, RTB_SAMPLES_PER_FRAME)) > 0)
        {
          RtbSamplesFrame frame = {
            .thread = (uint16_t) i,
            .count = (uint32_t) n,
          };

          account (w, stats, w->writer_scratch, n);
          rtb_worker_trace_account (w, w->writer_scratch, n);
          refresh_counters (m, stats);
          frame.dropped_total = stats->dropped;
          rtb_worker_output_send (RTB_FRAME_SAMPLES, &frame, sizeof frame, w->writer_scratch,
                                  n * sizeof (RtbSample));
        }
      refresh_counters (m, stats);
    }
}

static void
send_stats (RtbWorker *w, RtbFrameType type, RtbEndReason reason)
{
  RtbStatsFrame frame = {
    .n_threads = w->n_measures,
    .reason = type == RTB_FRAME_SUMMARY ? (uint32_t) reason : 0,
    .elapsed_ns = (uint64_t) (rtb_monotonic_ns () - w->start_mono_ns),
    .end_realtime_ns = (uint64_t) rtb_realtime_ns (),
  };

  rtb_worker_output_send (type, &frame, sizeof frame, w->stats,
                          w->n_measures * sizeof (RtbThreadStats));
}

/* Whether every reader read a batch since the last drain; if so, the next batch begins. */
static bool
take_batches (RtbWorker *w)
{
  bool all = w->batch_readers > 0 && w->batches_read == w->batch_readers;

  if (all)
    {
      for (unsigned i = 0; i < w->n_measures; i++)
        w->measures[i].batch_read = false;
      w->batches_read = 0;
    }
  return all;
}

void
rtb_worker_writer_batch_read (RtbWorkerMeasure *m)
{
  RtbWorker *w = m->worker;
  bool all = false;

  pthread_mutex_lock (&w->writer_lock);
  if (!m->batch_read)
    {
      m->batch_read = true;
      all = ++w->batches_read == w->batch_readers;
    }
  pthread_mutex_unlock (&w->writer_lock);
  /* Unlocked, so that the writer does not wake only to wait for the lock. */
  if (all)
    pthread_cond_signal (&w->writer_wake);
}

/* Sleeps until `deadline_ns`, or less when stopped or when every reader read a batch (then
 * `*batches` is set). Returns whether to go on. */
static bool
wait_for_drain (RtbWorker *w, int64_t deadline_ns, bool *batches)
{
  struct timespec deadline = rtb_timespec_from_ns (deadline_ns);
  bool stop;

  pthread_mutex_lock (&w->writer_lock);
  while (!w->writer_stop && !(*batches = take_batches (w)) &&
         pthread_cond_timedwait (&w->writer_wake, &w->writer_lock, &deadline) != ETIMEDOUT)
    ;
  stop = w->writer_stop;
  pthread_mutex_unlock (&w->writer_lock);
  return !stop;
}

/* When the rings are drained next: a drain period after the last drain, or for readers'
 * batches (without a spike trace, which needs its samples sooner) once they are read, at the
 * latest a drain period after the STATS were due. */
static int64_t
drain_due (RtbWorker *w, int64_t last_drain, int64_t next_stats)
{
  if (w->batch_readers > 0 && !rtb_worker_trace_recording (w))
    return next_stats + DRAIN_PERIOD_NS;
  return last_drain + DRAIN_PERIOD_NS;
}

/* While spikes are traced, the writer reads the trace every TRACE_POLL_NS until `due`. */
static int64_t
wake_at (RtbWorker *w, int64_t due)
{
  int64_t poll = rtb_monotonic_ns () + TRACE_POLL_NS;

  return rtb_worker_trace_recording (w) && poll < due ? poll : due;
}

static void *
writer_main (void *data)
{
  RtbWorker *w = data;
  int64_t next_stats, last_drain, due;
  bool batches = false;

  pthread_setname_np (pthread_self (), "writer");
  if (!rtb_worker_privilege_drop_thread ())
    rtb_worker_log ("writer: dropping privileges failed: %s", strerror (errno));
  pthread_mutex_lock (&w->gate_lock);
  w->writer_ready = true;
  pthread_cond_broadcast (&w->gate_cond);
  pthread_mutex_unlock (&w->gate_lock);

  if (!rtb_worker_gate_wait (w))
    return NULL;
  last_drain = rtb_monotonic_ns ();
  next_stats = last_drain + STATS_PERIOD_NS;
  due = drain_due (w, last_drain, next_stats);
  while (wait_for_drain (w, wake_at (w, due), &batches))
    {
      /* A spike's SAMPLES go before its SPIKE, so that the client can place it. */
      bool spike = rtb_worker_trace_read (w);
      int64_t now = rtb_monotonic_ns ();

      if (!spike && !batches && now < due)
        continue;
      last_drain = now;
      drain (w);
      rtb_worker_trace_collect (w);
      if (now >= next_stats - (batches ? STATS_EARLY_NS : 0))
        {
          rtb_worker_trace_refresh (w);
          send_stats (w, RTB_FRAME_STATS, 0);
          next_stats = batches ? now + STATS_PERIOD_NS : next_stats + STATS_PERIOD_NS;
        }
      due = drain_due (w, last_drain, next_stats);
    }
  rtb_worker_trace_read (w);
  drain (w);
  rtb_worker_trace_collect (w);
  rtb_worker_system_send_counters ();
  send_stats (w, RTB_FRAME_SUMMARY, w->end_reason);
  return NULL;
}

static bool
init_wake (RtbWorker *w)
{
  pthread_condattr_t attr;
  bool ok;

  w->writer_stop = false;
  if (pthread_mutex_init (&w->writer_lock, NULL) != 0)
    return false;
  ok = pthread_condattr_init (&attr) == 0 &&
       pthread_condattr_setclock (&attr, CLOCK_MONOTONIC) == 0 &&
       pthread_cond_init (&w->writer_wake, &attr) == 0;
  pthread_condattr_destroy (&attr);
  if (!ok)
    pthread_mutex_destroy (&w->writer_lock);
  return ok;
}

bool
rtb_worker_writer_start (RtbWorker *w)
{
  pthread_attr_t attr;
  struct sched_param param = { .sched_priority = 0 };
  sigset_t block, old;
  int err;

  w->writer_scratch = malloc (RTB_SAMPLES_PER_FRAME * sizeof (RtbSample));
  w->stats = calloc (w->n_measures, sizeof (RtbThreadStats));
  if (w->writer_scratch == NULL || w->stats == NULL)
    return false;
  memset (w->writer_scratch, 0, RTB_SAMPLES_PER_FRAME * sizeof (RtbSample));
  w->batch_readers = 0;
  w->batches_read = 0;
  for (unsigned i = 0; i < w->n_measures; i++)
    {
      w->stats[i].thread = (uint16_t) i;
      w->batch_readers += w->measures[i].reads_batches;
    }
  if (!init_wake (w))
    return false;

  pthread_attr_init (&attr);
  pthread_attr_setstacksize (&attr, WRITER_STACK_SIZE);
  pthread_attr_setinheritsched (&attr, PTHREAD_EXPLICIT_SCHED);
  pthread_attr_setschedpolicy (&attr, SCHED_OTHER);
  pthread_attr_setschedparam (&attr, &param);
  sigfillset (&block);
  pthread_sigmask (SIG_BLOCK, &block, &old);
  err = pthread_create (&w->writer, &attr, writer_main, w);
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  pthread_attr_destroy (&attr);
  w->writer_running = err == 0;
  if (err != 0)
    return false;

  pthread_mutex_lock (&w->gate_lock);
  while (!w->writer_ready)
    pthread_cond_wait (&w->gate_cond, &w->gate_lock);
  pthread_mutex_unlock (&w->gate_lock);
  return true;
}

void
rtb_worker_writer_finish (RtbWorker *w, RtbEndReason reason)
{
  if (!w->writer_running)
    return;
  w->end_reason = reason;
  pthread_mutex_lock (&w->writer_lock);
  w->writer_stop = true;
  pthread_cond_signal (&w->writer_wake);
  pthread_mutex_unlock (&w->writer_lock);
  pthread_join (w->writer, NULL);
  w->writer_running = false;
  pthread_cond_destroy (&w->writer_wake);
  pthread_mutex_destroy (&w->writer_lock);
}
