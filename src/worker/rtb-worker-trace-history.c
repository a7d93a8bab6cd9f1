/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The recent trace of one CPU, read while the kernel keeps recording: the writer empties the
 * CPU's `trace_pipe` at every poll into this history, the lines of the last
 * RTB_WORKER_TRACE_KEEP_NS, from which each spike's window is cut. Tracing never stops, so a
 * spike that comes while another's window is cut or sent is explained as well as the first.
 *
 * The lines are kept as the kernel printed them (anything but printable ASCII becomes '?'),
 * each with its time, in order: a window is found by a binary search on the times.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "rtb-worker.h"

#include "rtb-worker-trace.h"

#define CHUNK_SIZE (64 * 1024)
#define LINE_MAX_LEN 4096
/* What a history holds at most: text bytes and lines. Past either, the oldest lines go. */
#define HISTORY_BYTES (2 * RTB_SPIKE_TEXT_MAX)
#define HISTORY_LINES (16 * 1024)

struct RtbWorkerTraceHistory {
  int fd;
  char *chunk;          /* what read() returned, an unfinished line at its start */
  size_t carry;
  char *text;           /* the kept lines, each ending in '\n' */
  size_t used;
  uint32_t *offsets;    /* where each kept line starts in `text` */
  int64_t *times;       /* its time stamp */
  size_t n_lines;
  int64_t dropped_ns;   /* the newest time among lines dropped for room or age; -1 none */
  bool lost;            /* a "[LOST n EVENTS]" line came, and no event since */
  int64_t last_ns;      /* the newest line's time; -1 none yet */
  /* Spans in which the kernel lost events: (the event before, the event after) */
  int64_t gaps[RTB_WORKER_TRACE_GAPS][2];
  unsigned n_gaps;
  /* What reading cost, for the log */
  uint64_t lines, bytes, lost_events;
  int64_t read_cpu_ns;  /* the writer's CPU time in rtb_worker_trace_history_read() */
};

RtbWorkerTraceHistory *
rtb_worker_trace_history_new (int fd)
{
  RtbWorkerTraceHistory *h = calloc (1, sizeof *h);

  if (h == NULL)
    return NULL;
  h->fd = fd;
  h->dropped_ns = -1;
  h->last_ns = -1;
  h->chunk = malloc (CHUNK_SIZE + LINE_MAX_LEN);
  h->text = malloc (HISTORY_BYTES);
  h->offsets = malloc (HISTORY_LINES * sizeof *h->offsets);
  h->times = malloc (HISTORY_LINES * sizeof *h->times);
  if (h->chunk == NULL || h->text == NULL || h->offsets == NULL || h->times == NULL)
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
  free (h->chunk);
  free (h->text);
  free (h->offsets);
  free (h->times);
  free (h);
}

int
rtb_worker_trace_history_fd (const RtbWorkerTraceHistory *h)
{
  return h->fd;
}

/* "   comm-123  [001] d.h2.  7574.910639: event: ..." → 7574910639000 ns; -1 if unreadable. */
static int64_t
line_time_ns (const char *line)
{
  const char *p = line;
  long long sec = 0, usec = 0;
  int digits = 0;

  /* The CPU field "[NNN] " ends the task; the flags follow, then the time stamp. */
  while ((p = strchr (p, '[')) != NULL)
    {
      const char *q = p + 1;
      while (*q >= '0' && *q <= '9')
        q++;
      if (q - p > 1 && q[0] == ']' && q[1] == ' ')
        {
          p = q + 2;
          break;
        }
      p++;
    }
  if (p == NULL)
    return -1;
  p += strspn (p, " ");
  p += strcspn (p, " ");
  p += strspn (p, " ");
  for (; *p >= '0' && *p <= '9' && sec < 1000000000000LL; p++)
    sec = sec * 10 + (*p - '0');
  if (*p++ != '.')
    return -1;
  for (; *p >= '0' && *p <= '9' && digits < 9; p++, digits++)
    usec = usec * 10 + (*p - '0');
  if (*p != ':' || digits != 6)
    return -1;
  return sec * RTB_NSEC_PER_SEC + usec * 1000;
}

/* Drops the first `n` lines. */
static void
drop_lines (RtbWorkerTraceHistory *h, size_t n)
{
  size_t bytes;

  if (n == 0)
    return;
  if (n > h->n_lines)
    n = h->n_lines;
  h->dropped_ns = h->times[n - 1];
  bytes = n < h->n_lines ? h->offsets[n] : h->used;
  memmove (h->text, h->text + bytes, h->used - bytes);
  h->used -= bytes;
  memmove (h->times, h->times + n, (h->n_lines - n) * sizeof *h->times);
  for (size_t i = n; i < h->n_lines; i++)
    h->offsets[i - n] = h->offsets[i] - (uint32_t) bytes;
  h->n_lines -= n;
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
keep_line (RtbWorkerTraceHistory *h, const char *line, size_t len)
{
  int64_t ns;

  if (strncmp (line, "CPU:", 4) == 0 && strstr (line, "[LOST") != NULL)
    {
      unsigned long long n = 0;

      if (sscanf (strstr (line, "[LOST"), "[LOST %llu", &n) == 1)
        h->lost_events += n;
      h->lost = true;
      return;
    }
  ns = line_time_ns (line);
  if (ns < 0)
    return;
  if (h->lost)
    note_gap (h, ns);
  h->lost = false;
  if (len + 1 > HISTORY_BYTES / 2)
    return;
  /* Room: the oldest half goes (a window that reached into it is said to be cut). */
  if (h->used + len + 1 > HISTORY_BYTES || h->n_lines == HISTORY_LINES)
    {
      size_t n = 0;
      while (n < h->n_lines && (h->offsets[n] < h->used / 2 || n < h->n_lines / 2))
        n++;
      drop_lines (h, n);
    }
  h->offsets[h->n_lines] = (uint32_t) h->used;
  h->times[h->n_lines] = ns;
  h->n_lines++;
  for (size_t i = 0; i < len; i++)
    {
      unsigned char c = (unsigned char) line[i];
      h->text[h->used++] = (c >= 0x20 && c < 0x7f) || c == '\t' ? (char) c : '?';
    }
  h->text[h->used++] = '\n';
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

  for (;;)
    {
      ssize_t n = read (h->fd, h->chunk + h->carry, CHUNK_SIZE);
      size_t have, start = 0;

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      have = h->carry + (size_t) n;
      h->bytes += (uint64_t) n;
      for (size_t i = 0; i < have; i++)
        if (h->chunk[i] == '\n')
          {
            h->chunk[i] = '\0';
            keep_line (h, h->chunk + start, i - start);
            h->lines++;
            start = i + 1;
          }
      h->carry = have - start;
      if (h->carry >= LINE_MAX_LEN)
        h->carry = 0; /* no trace line is that long: drop it */
      memmove (h->chunk, h->chunk + start, h->carry);
    }
  /* Lines older than the history keeps go. */
  if (h->last_ns >= 0)
    {
      size_t n = 0;
      while (n < h->n_lines && h->times[n] < h->last_ns - RTB_WORKER_TRACE_KEEP_NS)
        n++;
      drop_lines (h, n);
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
rtb_worker_trace_history_log (const RtbWorkerTraceHistory *h, int cpu, int stats_fd)
{
  char stats[1024];
  ssize_t n = stats_fd >= 0 ? pread (stats_fd, stats, sizeof stats - 1, 0) : -1;

  stats[n > 0 ? n : 0] = '\0';
  rtb_worker_log ("trace: CPU %d: %" PRIu64 " lines (%" PRIu64 " KiB) read in %" PRId64
                  " ms of the writer's CPU; %" PRIu64 " events lost before they were read "
                  "(the kernel's count: overrun %lld, unread %lld)", cpu, h->lines,
                  h->bytes / 1024, (int64_t) (h->read_cpu_ns / (1000 * RTB_NSEC_PER_USEC)), h->lost_events,
                  stat_of (stats, "overrun"), stat_of (stats, "entries"));
}

/* The first line at or after `ns`. */
static size_t
first_at (const RtbWorkerTraceHistory *h, int64_t ns)
{
  size_t lo = 0, hi = h->n_lines;

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

static size_t
line_end (const RtbWorkerTraceHistory *h, size_t i)
{
  return i + 1 < h->n_lines ? h->offsets[i + 1] : h->used;
}

size_t
rtb_worker_trace_history_window (const RtbWorkerTraceHistory *h, int64_t from_ns, int64_t to_ns,
                                 char *out, size_t size, uint16_t *flags)
{
  size_t used = 0, first, last;

  *flags = 0;
  /* Lines of the window went for room or age, or were never read (lost by the kernel). */
  if (h->dropped_ns >= from_ns)
    *flags |= RTB_SPIKE_CUT;
  for (unsigned i = 0; i < h->n_gaps; i++)
    if (h->gaps[i][1] >= from_ns && h->gaps[i][0] <= to_ns)
      *flags |= RTB_SPIKE_LOST_EVENTS;
  if (h->lost)
    *flags |= RTB_SPIKE_LOST_EVENTS;
  first = first_at (h, from_ns);
  last = first_at (h, to_ns + 1);
  /* Too long to send: the end, where the thread was woken and ran, matters most. */
  while (first < last && line_end (h, last - 1) - h->offsets[first] > size)
    {
      first++;
      *flags |= RTB_SPIKE_CUT;
    }
  if (first < last)
    {
      used = line_end (h, last - 1) - h->offsets[first];
      memcpy (out, h->text + h->offsets[first], used);
    }
  return used;
}
