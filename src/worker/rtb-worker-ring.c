/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rtb-worker-ring.h"

bool
rtb_worker_ring_init (RtbWorkerRing *ring, size_t min_capacity)
{
  size_t capacity = 1;
  void *buf = NULL;

  while (capacity < min_capacity)
    capacity <<= 1;
  if (posix_memalign (&buf, 4096, capacity * sizeof (RtbSample)) != 0)
    return false;
  memset (buf, 0, capacity * sizeof (RtbSample));

  atomic_init (&ring->head, 0);
  atomic_init (&ring->tail, 0);
  atomic_init (&ring->dropped, 0);
  ring->buf = buf;
  ring->mask = capacity - 1;
  return true;
}

void
rtb_worker_ring_clear (RtbWorkerRing *ring)
{
  free (ring->buf);
  ring->buf = NULL;
}

size_t
rtb_worker_ring_pop (RtbWorkerRing *ring, RtbSample *out, size_t max)
{
  size_t tail = atomic_load_explicit (&ring->tail, memory_order_relaxed);
  size_t head = atomic_load_explicit (&ring->head, memory_order_acquire);
  size_t n = head - tail;

  if (n > max)
    n = max;
  for (size_t i = 0; i < n; i++)
    out[i] = ring->buf[(tail + i) & ring->mask];
  atomic_store_explicit (&ring->tail, tail + n, memory_order_release);
  return n;
}
