/* SPDX-License-Identifier: GPL-3.0-or-later */
/* OS noise, rt-tests' oslat method: a thread per chosen CPU reads the clock in a loop that never
 * sleeps; each gap between two reads is a sample. A quiet CPU gives gaps of the loop's own cost
 * (tens of ns); an interrupt, a task scheduled there, an SMI or the hypervisor makes a longer
 * one. */
#include "config.h"

#include "rtb-worker.h"

/* How often a quiet stretch publishes its count for the live statistics. */
#define QUIET_PUBLISH_EVERY (1u << 16)
/* The ring holds two seconds of one gap of 1 µs or more every 20 µs. */
#define NOISE_RING_PERIOD_NS (20 * RTB_NSEC_PER_USEC)

static int
noise_loop (RtbWorkerMeasure *m)
{
  const int64_t end = m->worker->end_mono_ns;
  uint64_t gap_index = 0;
  uint64_t quiet = 0;
  int64_t before = rtb_monotonic_ns ();

  while (!rtb_worker_stop_requested ())
    {
      int64_t now = rtb_monotonic_ns ();
      int64_t gap = now - before;

      before = now;
      if (gap >= RTB_NSEC_PER_USEC)
        {
          /* As oslat buckets it: the gap rounded up to the next whole µs. */
          rtb_worker_ring_push (&m->ring, gap_index, (gap / RTB_NSEC_PER_USEC + 1) *
                                                       RTB_NSEC_PER_USEC);
          atomic_store_explicit (&m->quiet, quiet, memory_order_relaxed);
        }
      else if (++quiet % QUIET_PUBLISH_EVERY == 0)
        atomic_store_explicit (&m->quiet, quiet, memory_order_relaxed);
      gap_index++;
      if (end != 0 && now >= end)
        break;
    }
  atomic_store_explicit (&m->quiet, quiet, memory_order_release);
  return 0;
}

bool
rtb_worker_noise_prepare (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  return rtb_worker_measures_per_cpu (w, NOISE_RING_PERIOD_NS, noise_loop);
}
