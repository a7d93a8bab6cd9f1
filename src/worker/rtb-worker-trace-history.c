/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The recent trace of one CPU, read while the kernel keeps recording: the writer empties the
 * CPU's `trace_pipe_raw` at every poll, a page of binary events per read (rtb-trace-page.h),
 * into this history, the events of the last RTB_WORKER_TRACE_KEEP_NS, from which each spike's
 * window is cut and written as trace_pipe's lines (rtb-worker-trace-format.h). Tracing never
 * stops, so a spike that comes while another's window is cut or sent is explained as well as
 * the first.
 *
 * The events are kept as the kernel wrote them, each with its time, in order: a window is found
 * by a binary search on the times. Only the events of a window sent are ever formatted: reading
 * trace_pipe instead had the kernel format every event as text, in the writer's time, which on
 * the lab's emulated board took half a core (docs/methods.md).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "rtb-trace-page.h"
#include "rtb-worker-trace-format.h"
#include "rtb-worker.h"

#define LINE_MAX_LEN 512
/* What a history holds at most: event bytes and events. Past either, the oldest go. */
#define HISTORY_BYTES RTB_SPIKE_TEXT_MAX
#define HISTORY_EVENTS (16 * 1024)

struct RtbWorkerTraceHistory {
  int fd;
  int cpu;
  RtbWorkerTraceFormat *format; /* shared by every CPU's history, the writer's alone */
  unsigned char *page;  /* what read() returned */
  size_t page_size;
  unsigned char *data;  /* the kept events, each as the kernel wrote it */
  size_t used;
  uint32_t *offsets;    /* where each kept event starts in `data` */
  int64_t *times;       /* its time stamp */
  size_t n_events;
  int64_t dropped_ns;   /* the newest time among events dropped for room or age; -1 none */
  bool lost;            /* a page said events were lost before it, and no event came since */
  int64_t last_ns;      /* the newest event's time; -1 none yet */
  /* Spans in which the kernel lost events: (the event before, the event after) */
  int64_t gaps[RTB_WORKER_TRACE_GAPS][2];
  unsigned n_gaps;
  uint64_t page_missed; /* the page being read: the events lost before it */
  bool page_begins;     /* and none of its events has come yet */
  /* What reading cost, for the log */
  uint64_t pages, events, bytes, lost_events, lost_uncounted;
  int64_t read_cpu_ns;  /* the writer's CPU time in rtb_worker_trace_history_read() */
  int64_t write_cpu_ns; /* and in rtb_worker_trace_history_window() */
  uint64_t lines;       /* written */
};

RtbWorkerTraceHistory *
rtb_worker_trace_history_new (int fd, int cpu, RtbWorkerTraceFormat *format)
{
  RtbWorkerTraceHistory *h = calloc (1, sizeof *h);
  long page_size = sysconf (_SC_PAGESIZE);

  if (h == NULL)
    return NULL;
  h->fd = fd;
  h->cpu = cpu;
  h->format = format;
  h->dropped_ns = -1;
  h->last_ns = -1;
  h->page_size = page_size > 0 && page_size <= RTB_TRACE_PAGE_MAX ? (size_t) page_size
                                                                   : RTB_TRACE_PAGE_MAX;
  h->page = malloc (h->page_size);
  h->data = malloc (HISTORY_BYTES);
  h->offsets = malloc (HISTORY_EVENTS * sizeof *h->offsets);
  h->times = malloc (HISTORY_EVENTS * sizeof *h->times);
  if (h->page == NULL || h->data == NULL || h->offsets == NULL || h->times == NULL)
    {
      rtb_worker_trace_history_free (h);
      return NULL;
    }
  return h;
}

void
rtb_worker_trace_history_free (RtbWorkerTraceHistory *h)
{
  if (h == NULL)
    return;
  free (h->page);
  free (h->data);
  free (h->offsets);
  free (h->times);
  free (h);
}

int
rtb_worker_trace_history_fd (const RtbWorkerTraceHistory *h)
{
  return h->fd;
}

/* Drops the first `n` events. */
static void
drop_events (RtbWorkerTraceHistory *h, size_t n)
{
  size_t bytes;

  if (n == 0)
    return;
  if (n > h->n_events)
    n = h->n_events;
  h->dropped_ns = h->times[n - 1];
  bytes = n < h->n_events ? h->offsets[n] : h->used;
  memmove (h->data, h->data + bytes, h->used - bytes);
  h->used -= bytes;
  memmove (h->times, h->times + n, (h->n_events - n) * sizeof *h->times);
  for (size_t i = n; i < h->n_events; i++)
    h->offsets[i - n] = h->offsets[i] - (uint32_t) bytes;
  h->n_events -= n;
}

static void
note_gap (RtbWorkerTraceHistory *h, int64_t after_ns)
{
  if (h->n_gaps == RTB_WORKER_TRACE_GAPS)
    {
      memmove (h->gaps, h->gaps + 1, sizeof h->gaps - sizeof h->gaps[0]);
      h->n_gaps--;
    }
  h->gaps[h->n_gaps][0] = h->last_ns;
  h->gaps[h->n_gaps][1] = after_ns;
  h->n_gaps++;
}

static void
keep_event (const RtbTraceEvent *event, void *user)
{
  RtbWorkerTraceHistory *h = user;
  int64_t ns = (int64_t) event->time;

  h->events++;
  if (h->page_begins && h->page_missed != 0)
    h->lost = true;
  h->page_begins = false;
  if (!rtb_worker_trace_format_take (h->format, event))
    return;
  if (h->lost)
    note_gap (h, ns);
  h->lost = false;
  /* Room: the oldest half goes (a window that reached into it is said to be cut). */
  if (h->used + event->len > HISTORY_BYTES || h->n_events == HISTORY_EVENTS)
    {
      size_t n = 0;
      while (n < h->n_events && (h->offsets[n] < h->used / 2 || n < h->n_events / 2))
        n++;
      drop_events (h, n);
    }
  h->offsets[h->n_events] = (uint32_t) h->used;
  h->times[h->n_events] = ns;
  h->n_events++;
  memcpy (h->data + h->used, event->data, event->len);
  h->used += event->len;
  h->last_ns = ns;
}

static int64_t
thread_cpu_ns (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return 0;
  return (int64_t) ts.tv_sec * RTB_NSEC_PER_SEC + ts.tv_nsec;
}

void
rtb_worker_trace_history_read (RtbWorkerTraceHistory *h)
{
  int64_t cpu_before = thread_cpu_ns ();
  const RtbTracePageLayout *layout = rtb_worker_trace_format_layout (h->format);

  for (;;)
    {
      ssize_t n = read (h->fd, h->page, h->page_size);

      if (n < 0 && errno == EINTR)
        continue;
      /* Empty (EAGAIN), or 0: the kernel's writer holds the page being written. */
      if (n <= 0)
        break;
      h->pages++;
      h->bytes += (uint64_t) n;
      h->page_begins = true;
      if (rtb_trace_page_walk (layout, h->page, (size_t) n, keep_event, h, &h->page_missed) < 0)
        rtb_worker_log ("trace: a page of CPU %d's trace is not as the kernel's header_page "
                        "describes it: its events after the fault are not read", h->cpu);
      if (h->page_missed == UINT64_MAX)
        h->lost_uncounted++;
      else
        h->lost_events += h->page_missed;
      if (h->page_begins && h->page_missed != 0)
        h->lost = true;
    }
  /* Events older than the history keeps go. */
  if (h->last_ns >= 0)
    {
      size_t n = 0;
      while (n < h->n_events && h->times[n] < h->last_ns - RTB_WORKER_TRACE_KEEP_NS)
        n++;
      drop_events (h, n);
    }
  h->read_cpu_ns += thread_cpu_ns () - cpu_before;
}

/* A count of the CPU's buffer as its `stats` file gives it ("overrun: 12"); -1 unknown. */
static long long
stat_of (const char *stats, const char *name)
{
  const char *p = strstr (stats, name);
  long long value;

  return p != NULL && sscanf (p + strlen (name), ": %lld", &value) == 1 ? value : -1;
}

void
rtb_worker_trace_history_log (const RtbWorkerTraceHistory *h, int stats_fd)
{
  char stats[1024];
  ssize_t n = stats_fd >= 0 ? pread (stats_fd, stats, sizeof stats - 1, 0) : -1;

  stats[n > 0 ? n : 0] = '\0';
  rtb_worker_log ("trace: CPU %d: %" PRIu64 " pages, %" PRIu64 " events (%" PRIu64 " KiB) read "
                  "in %" PRId64 " ms of the writer's CPU, %" PRIu64 " lines of windows written in "
                  "%" PRId64 " ms; %" PRIu64 " events lost before they were read%s (the kernel's "
                  "count: overrun %lld, unread %lld)", h->cpu, h->pages, h->events,
                  h->bytes / 1024, (int64_t) (h->read_cpu_ns / (1000 * RTB_NSEC_PER_USEC)),
                  h->lines, (int64_t) (h->write_cpu_ns / (1000 * RTB_NSEC_PER_USEC)),
                  h->lost_events,
                  h->lost_uncounted > 0 ? " and more uncounted" : "", stat_of (stats, "overrun"),
                  stat_of (stats, "entries"));
}

/* The first event at or after `ns`. */
static size_t
first_at (const RtbWorkerTraceHistory *h, int64_t ns)
{
  size_t lo = 0, hi = h->n_events;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (h->times[mid] < ns)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static RtbTraceEvent
event_at (const RtbWorkerTraceHistory *h, size_t i)
{
  size_t end = i + 1 < h->n_events ? h->offsets[i + 1] : h->used;
  const unsigned char *data = h->data + h->offsets[i];
  uint16_t type;

  memcpy (&type, data, sizeof type);
  return (RtbTraceEvent) { .time = (uint64_t) h->times[i], .type = type, .data = data,
                           .len = end - h->offsets[i] };
}

size_t
rtb_worker_trace_history_window (RtbWorkerTraceHistory *h, int64_t from_ns, int64_t to_ns,
                                 char *out, size_t size, uint16_t *flags)
{
  char line[LINE_MAX_LEN];
  size_t first, at = size;
  int64_t cpu_before = thread_cpu_ns ();

  *flags = 0;
  /* Events of the window went for room or age, or were never read (lost by the kernel). */
  if (h->dropped_ns >= from_ns)
    *flags |= RTB_SPIKE_CUT;
  for (unsigned i = 0; i < h->n_gaps; i++)
    if (h->gaps[i][1] >= from_ns && h->gaps[i][0] <= to_ns)
      *flags |= RTB_SPIKE_LOST_EVENTS;
  if (h->lost)
    *flags |= RTB_SPIKE_LOST_EVENTS;
  first = first_at (h, from_ns);
  /* From the end, where the thread was woken and ran, which matters most: when the window is
   * too long to send, its oldest lines are left out. */
  for (size_t i = first_at (h, to_ns + 1); i > first; i--)
    {
      RtbTraceEvent event = event_at (h, i - 1);
      size_t len = rtb_worker_trace_format_line (h->format, h->cpu, &event, line, sizeof line);

      if (len == 0)
        continue;
      if (len + 1 > at)
        {
          *flags |= RTB_SPIKE_CUT;
          break;
        }
      at -= len + 1;
      memcpy (out + at, line, len);
      out[at + len] = '\n';
      h->lines++;
    }
  memmove (out, out + at, size - at);
  h->write_cpu_ns += thread_cpu_ns () - cpu_before;
  return size - at;
}
