/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A single-producer single-consumer ring of samples. The measurement thread pushes, the writer
 * pops; neither ever blocks. A push into a full ring is counted in `dropped` and lost.
 */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rtb-protocol.h"

typedef struct {
  _Alignas (64) atomic_size_t head; /* written by the producer only */
  _Alignas (64) atomic_size_t tail; /* written by the consumer only */
  _Alignas (64) atomic_uint_fast64_t dropped;
  RtbSample *buf;
  size_t mask;
} RtbWorkerRing;

/* Capacity is `min_capacity` rounded up to a power of two; memory is touched so it is resident. */
bool rtb_worker_ring_init (RtbWorkerRing *ring, size_t min_capacity);
void rtb_worker_ring_clear (RtbWorkerRing *ring);
/* Consumer side: copies up to `max` samples out, oldest first. */
size_t rtb_worker_ring_pop (RtbWorkerRing *ring, RtbSample *out, size_t max);

static inline void
rtb_worker_ring_push (RtbWorkerRing *ring, uint64_t index, int64_t value_ns)
{
  size_t head = atomic_load_explicit (&ring->head, memory_order_relaxed);
  size_t tail = atomic_load_explicit (&ring->tail, memory_order_acquire);

  if (head - tail > ring->mask)
    {
      atomic_fetch_add_explicit (&ring->dropped, 1, memory_order_relaxed);
      return;
    }
  ring->buf[head & ring->mask] = (RtbSample) { .index = index, .value_ns = value_ns };
  atomic_store_explicit (&ring->head, head + 1, memory_order_release);
}

static inline uint64_t
rtb_worker_ring_dropped (RtbWorkerRing *ring)
{
  return atomic_load_explicit (&ring->dropped, memory_order_relaxed);
}
