/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Tracing during a run: armed before the threads start, stopped by the thread whose sample
 * crosses the threshold (rtb_worker_trace_hit), read and rearmed by the writer.
 *
 * The writer reads the CPU's `per_cpu/cpuN/trace_pipe`, the kernel's own text of the events,
 * rather than the binary `trace_pipe_raw`: spikes are rare, so the kernel formats text only a
 * few times a run and never in a measurement thread, and the worker, which runs as root, then
 * needs no parser of ring-buffer pages and event layouts; it only picks the lines of the
 * window by their time stamp. Reading the pipe consumes it, so each spike starts from an empty
 * buffer. The client parses the text (src/client/rtb-trace-parse.c).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "rtb-log-histogram.h"
#include "rtb-worker.h"

#define CHUNK_SIZE (64 * 1024)
#define LINE_MAX_LEN 4096

static void
set_threshold (RtbWorkerTrace *t, int64_t ns)
{
  atomic_store_explicit (&t->threshold_ns, ns, memory_order_relaxed);
}

static void
arm (RtbWorkerTrace *t)
{
  atomic_store_explicit (&t->pending, 0, memory_order_relaxed);
  if (write (t->on_fd, "1", 1) == 1)
    atomic_store_explicit (&t->armed, true, memory_order_release);
}

void
rtb_worker_trace_init (RtbWorker *w)
{
  RtbWorkerTrace *t = &w->trace;

  memset (t, 0, sizeof *t);
  t->on_fd = -1;
  t->janitor_fd = -1;
  t->wanted = w->cmd.trace_auto || w->cmd.trace_above_us != 0;
  atomic_init (&t->threshold_ns, INT64_MAX);
  atomic_init (&t->armed, false);
  atomic_init (&t->pending, 0);
}

/* Before the threads exist, while the worker is still root. */
void
rtb_worker_trace_start (RtbWorker *w)
{
  RtbWorkerTrace *t = &w->trace;

  if (!t->wanted)
    return;
  for (unsigned i = 0; i < w->n_measures; i++)
    if (w->measures[i].cpu < 0)
      {
        t->status = RTB_TRACE_UNSUPPORTED;
        snprintf (t->why, sizeof t->why, "the threads are not pinned to a CPU (cpu=none, or the "
                  "timer's variant=normal), so no one CPU's trace tells what delayed them: "
                  "spikes are measured, not explained");
        rtb_worker_log ("trace: %s", t->why);
        return;
      }
  if (rtb_worker_tracefs_create (t, w->cmd.cpus) != RTB_TRACE_ARMED)
    return;
  t->chunk = malloc (CHUNK_SIZE + LINE_MAX_LEN);
  t->text = malloc (RTB_SPIKE_TEXT_MAX);
  t->auto_hist = malloc (sizeof *t->auto_hist);
  t->on_fd = rtb_worker_tracefs_open (t, "tracing_on", O_WRONLY);
  if (t->chunk == NULL || t->text == NULL || t->auto_hist == NULL || t->on_fd < 0)
    {
      t->status = RTB_TRACE_FAILED;
      t->sys_errno = t->on_fd < 0 ? errno : ENOMEM;
      snprintf (t->why, sizeof t->why, "cannot open the tracefs instance: %s",
                strerror (t->sys_errno));
      return;
    }
  rtb_log_histogram_init (t->auto_hist);
  for (unsigned i = 0; i < w->n_measures; i++)
    {
      RtbWorkerMeasure *m = &w->measures[i];
      char relative[64];

      /* A CPU's trace_pipe opens once: threads on one CPU (jitter's base and servo) share it. */
      for (unsigned j = 0; j < i && m->trace_fd < 0; j++)
        if (w->measures[j].cpu == m->cpu)
          m->trace_fd = w->measures[j].trace_fd;
      if (m->trace_fd >= 0)
        continue;
      snprintf (relative, sizeof relative, "per_cpu/cpu%d/trace_pipe", m->cpu);
      m->trace_fd = rtb_worker_tracefs_open (t, relative, O_RDONLY | O_NONBLOCK);
      if (m->trace_fd < 0)
        {
          t->status = RTB_TRACE_FAILED;
          t->sys_errno = errno;
          snprintf (t->why, sizeof t->why, "cannot open the trace of CPU %d: %s", m->cpu,
                    strerror (errno));
          return;
        }
    }
  if (w->cmd.trace_auto)
    t->status = RTB_TRACE_WAITING;
  else
    set_threshold (t, (int64_t) w->cmd.trace_above_us * RTB_NSEC_PER_USEC);
  arm (t);
}

static void
announce (RtbWorker *w)
{
  RtbWorkerTrace *t = &w->trace;
  RtbTraceFrame frame;

  memset (&frame, 0, sizeof frame);
  frame.status = (int32_t) t->status;
  frame.sys_errno = t->sys_errno;
  if (t->status == RTB_TRACE_ARMED)
    frame.threshold_ns = atomic_load_explicit (&t->threshold_ns, memory_order_relaxed);
  else
    snprintf (frame.message, sizeof frame.message, "%s", t->why);
  t->announced_ns = frame.threshold_ns;
  rtb_worker_output_send (RTB_FRAME_TRACE, &frame, sizeof frame, NULL, 0);
}

void
rtb_worker_trace_announce (RtbWorker *w)
{
  if (w->trace.wanted)
    announce (w);
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

typedef struct {
  int64_t from_ns, to_ns;
  size_t used;
  uint16_t flags;
  bool lost; /* a "[LOST n EVENTS]" line came, and no event since */
} Window;

static void
keep_line (RtbWorkerTrace *t, Window *win, const char *line, size_t len)
{
  int64_t ns;

  if (strncmp (line, "CPU:", 4) == 0 && strstr (line, "[LOST") != NULL)
    {
      win->lost = true;
      return;
    }
  ns = line_time_ns (line);
  /* Events lost before the window (a buffer that filled up during a long quiet stretch, its
   * oldest events overwritten) leave the window whole: only a gap that ends inside it or later
   * may have taken some of its events. */
  if (win->lost && ns >= win->from_ns)
    win->flags |= RTB_SPIKE_LOST_EVENTS;
  if (ns >= 0)
    win->lost = false;
  if (ns < win->from_ns || ns > win->to_ns)
    return;
  if (win->used + len + 1 > RTB_SPIKE_TEXT_MAX)
    {
      win->flags |= RTB_SPIKE_CUT;
      return;
    }
  /* The kernel prints task names as they are: anything but printable ASCII becomes '?'. */
  for (size_t i = 0; i < len; i++)
    {
      unsigned char c = (unsigned char) line[i];
      t->text[win->used++] = (c >= 0x20 && c < 0x7f) || c == '\t' ? (char) c : '?';
    }
  t->text[win->used++] = '\n';
}

/* Reads what the CPU's buffer holds and keeps the lines of the window. */
static void
read_window (RtbWorkerTrace *t, int fd, Window *win)
{
  size_t carry = 0;

  for (;;)
    {
      ssize_t n = read (fd, t->chunk + carry, CHUNK_SIZE);
      size_t have, start = 0;

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      have = carry + (size_t) n;
      for (size_t i = 0; i < have; i++)
        if (t->chunk[i] == '\n')
          {
            t->chunk[i] = '\0';
            keep_line (t, win, t->chunk + start, i - start);
            start = i + 1;
          }
      carry = have - start;
      if (carry >= LINE_MAX_LEN)
        carry = 0; /* no trace line is that long: drop it */
      memmove (t->chunk, t->chunk + start, carry);
    }
}

bool
rtb_worker_trace_pending (RtbWorker *w)
{
  return atomic_load_explicit (&w->trace.pending, memory_order_acquire) > 0;
}

/* Whether the writer should look for a stopped trace often. */
bool
rtb_worker_trace_armed_or_pending (RtbWorker *w)
{
  return w->trace.on_fd >= 0 && (w->trace.status == RTB_TRACE_ARMED ||
                                 w->trace.status == RTB_TRACE_WAITING);
}

/* The writer: explain the spike a thread left, if any, and rearm. */
void
rtb_worker_trace_collect (RtbWorker *w)
{
  RtbWorkerTrace *t = &w->trace;
  int pending = atomic_load_explicit (&t->pending, memory_order_acquire);
  RtbWorkerMeasure *m;
  RtbSpikeFrame frame;
  Window win;

  if (pending <= 0 || (unsigned) pending > w->n_measures)
    return;
  m = &w->measures[pending - 1];
  win = (Window) {
    .from_ns = m->spike.deadline_ns - RTB_SPIKE_LOOKBACK_NS,
    /* The trace prints whole microseconds. */
    .to_ns = m->spike.wake_ns,
  };
  read_window (t, m->trace_fd, &win);
  if (win.lost)
    win.flags |= RTB_SPIKE_LOST_EVENTS;

  memset (&frame, 0, sizeof frame);
  frame.thread = (uint16_t) m->index;
  frame.flags = win.flags;
  frame.cpu = m->cpu;
  frame.tid = (uint32_t) m->tid;
  frame.text_len = (uint32_t) win.used;
  frame.index = m->spike.index;
  frame.value_ns = m->spike.value_ns;
  frame.deadline_ns = m->spike.deadline_ns;
  frame.wake_ns = m->spike.wake_ns;
  frame.missed = atomic_load_explicit (&m->spikes_missed, memory_order_relaxed);
  rtb_worker_output_send (RTB_FRAME_SPIKE, &frame, sizeof frame, t->text, win.used);
  /* What the other CPUs recorded meanwhile is older than any spike still to come. */
  for (unsigned i = 0; i < w->n_measures; i++)
    if (w->measures[i].trace_fd != m->trace_fd)
      {
        Window none = { .from_ns = 1, .to_ns = 0 };
        read_window (t, w->measures[i].trace_fd, &none);
      }
  arm (t);
}

/* The writer, for trace_above_us=auto: every sample drained. */
void
rtb_worker_trace_account (RtbWorker *w, const RtbSample *samples, size_t n)
{
  RtbWorkerTrace *t = &w->trace;

  if (!w->cmd.trace_auto || t->auto_hist == NULL)
    return;
  for (size_t i = 0; i < n; i++)
    rtb_log_histogram_add (t->auto_hist, samples[i].value_ns, 1);
}

/* The writer, about once a second: the automatic threshold follows the running p99.9. */
void
rtb_worker_trace_refresh (RtbWorker *w)
{
  RtbWorkerTrace *t = &w->trace;
  double p999;
  int64_t threshold;

  if (!w->cmd.trace_auto || t->auto_hist == NULL ||
      (t->status != RTB_TRACE_WAITING && t->status != RTB_TRACE_ARMED) ||
      t->auto_hist->count < RTB_WORKER_TRACE_AUTO_MIN_SAMPLES)
    return;
  p999 = rtb_log_histogram_percentile (t->auto_hist, 99.9);
  threshold = (int64_t) (p999 * RTB_WORKER_TRACE_AUTO_FACTOR);
  if (threshold < RTB_TRACE_ABOVE_MIN_US * RTB_NSEC_PER_USEC)
    threshold = RTB_TRACE_ABOVE_MIN_US * RTB_NSEC_PER_USEC;
  set_threshold (t, threshold);
  t->status = RTB_TRACE_ARMED;
  /* Tell the client when it moved by a tenth or more, not every second. */
  if (t->announced_ns == 0 || threshold * 10 > t->announced_ns * 11 ||
      threshold * 11 < t->announced_ns * 10)
    announce (w);
}
