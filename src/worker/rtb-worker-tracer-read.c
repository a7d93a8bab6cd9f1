/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the methods whose samples a kernel tracer measures (timerlat, osnoise, hwlat) share: their
 * prepare step in one order, the settings of the osnoise directory, each CPU's reader and trace,
 * reading a CPU's trace_pipe_raw page by page with the events' formats read from tracefs, and
 * finding the tracer's kernel thread of each CPU and setting its policy and priority, as rtla -P
 * does.
 */
#include "config.h"

#include <dirent.h>
#include <sched.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "rtb-cpu-list.h"
#include "rtb-worker.h"

/* Each CPU's buffer of the tracer, in KiB, at the least: seven times what the tracer writes on
 * a CPU between two reads, which come once a second or every READ_PAGES_PERIODS periods, when
 * sooner: 2048 periods of 72 bytes at the most, 144 KiB (the events of a period: timerlat's IRQ
 * and thread, 36 bytes each with their header, hwlat's one sample, 72, osnoise's entry, 64,
 * beside its noise events, whose rate bounds the wait too). hwlat's buffer, at the top level,
 * is what the system left: 7 KiB, two pages, where an instance was used first (the kernel 6.1
 * expands its buffers once, at the first use of any, and the top level's stays at its boot
 * size). */
#define BUFFER_KB_MIN 1024
#define READ_POLL_MS 100
/* How often the binary readers read while no spike is traced: as rtla timerlat hist does, once a
 * second, each time until the buffer is empty. Reading every 100 ms, timerlat's two readers on
 * the lab's board-rt were 20 of the worker's 25 wake-ups a second (rtla's: 1.2) and cost 2-3 times
 * the CPU, for the same events. */
#define READ_PAGES_PERIOD_NS RTB_NSEC_PER_SEC
/* ...or sooner, before the tracer's events fill a seventh of the CPU's buffer: a period's
 * events of 2048 periods, or what the last read found at the rate it was written. */
#define READ_PAGES_PERIODS 2048
#define READ_PAGES_BUDGET (BUFFER_KB_MIN * 1024 / 7)
/* The kernel may set a thread's priority only after it exists: how long to wait for them. */
#define THREADS_WAIT_TRIES 100

bool
rtb_worker_tracer_refuse (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  rtb_worker_tracer_error (&w->tracer, error);
  *sys_errno = w->tracer.sys_errno;
  rtb_worker_tracer_release (&w->tracer);
  return false;
}

int
rtb_worker_tracer_set_shared (RtbWorkerTracer *t, const uint64_t *cpus)
{
  char list[RTB_WORKER_TRACER_VALUE_MAX];
  int err;

  if (rtb_cpu_list_format (cpus, RTB_MAX_CPUS, list, sizeof list) < 0)
    snprintf (list, sizeof list, "0");
  if ((err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "osnoise/cpus", list)) ||
      (err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "osnoise/stop_tracing_us", "0")) ||
      (err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "osnoise/stop_tracing_total_us",
                                    "0")) ||
      (err = rtb_worker_tracer_set (t, RTB_WORKER_TRACER_OWN, "trace_clock", "mono")))
    return err;
  return 0;
}

bool
rtb_worker_tracer_open_traces (RtbWorker *w, const char *file, unsigned stride)
{
  RtbWorkerTracer *t = &w->tracer;

  for (unsigned i = 0; i < w->n_measures; i += stride)
    {
      RtbWorkerMeasure *m = &w->measures[i];
      char path[64];

      snprintf (path, sizeof path, "per_cpu/cpu%d/%s", m->measured_cpu, file);
      m->trace_fd = rtb_worker_tracer_open (t, path, O_RDONLY | O_NONBLOCK);
      if (m->trace_fd < 0)
        {
          t->status = RTB_WORKER_TRACER_FAILED;
          t->sys_errno = errno;
          snprintf (t->why, sizeof t->why, "cannot read the %s trace of CPU %d: %s", t->name,
                    m->measured_cpu, strerror (errno));
          return false;
        }
    }
  return true;
}

bool
rtb_worker_tracer_read_format (RtbWorkerTracer *t, RtbWorkerTracerFormat *format)
{
  char text[4096], file[96];
  const char *what = "events/header_page";
  long page_size = sysconf (_SC_PAGESIZE);
  int err;

  if (page_size <= 0 || page_size > RTB_TRACE_PAGE_MAX)
    {
      t->status = RTB_WORKER_TRACER_FAILED;
      t->sys_errno = EOVERFLOW;
      snprintf (t->why, sizeof t->why, "the %s trace cannot be read on a kernel with pages of "
                "%ld bytes: the worker reads pages of up to %d", t->name, page_size,
                RTB_TRACE_PAGE_MAX);
      return false;
    }
  err = rtb_worker_tracer_get (t, RTB_WORKER_TRACER_TOP, what, text, sizeof text);
  if (err == 0 && rtb_trace_page_layout_parse (text, &format->layout))
    {
      if (format->event != NULL)
        snprintf (file, sizeof file, "events/%s/format", format->event);
      else
        snprintf (file, sizeof file, "events/ftrace/%s/format", t->name);
      what = file;
      err = rtb_worker_tracer_get (t, RTB_WORKER_TRACER_TOP, what, text, sizeof text);
      if (err == 0 && rtb_trace_format_id (text, &format->id))
        {
          bool all = true;

          for (unsigned i = 0; i < RTB_WORKER_TRACER_FIELDS_MAX && format->names[i] != NULL; i++)
            {
              format->have[i] = rtb_trace_format_field (text, format->names[i],
                                                        &format->fields[i]);
              all &= format->have[i] || i >= format->n_required;
            }
          if (all)
            return true;
        }
    }
  t->status = RTB_WORKER_TRACER_FAILED;
  t->sys_errno = err != 0 ? err : EPROTO;
  snprintf (t->why, sizeof t->why, "cannot read the %.16s trace: %.40s in %.64s: %.100s",
            t->name, what, t->root,
            err != 0 ? strerror (err) : "not the layout the worker knows (tell rtbench's "
            "authors which kernel this is)");
  return false;
}

/* How long a binary reader waits before it reads again, in ms: as rtla reads, bounded by the
 * buffer, until the run's end, then briefly for its last events. While spikes are traced, as
 * often as the spike trace needs its samples (it keeps a CPU's events for 200 ms). The buffer
 * bounds the wait twice: by the tracer's period, and by what the last read found, `bytes`
 * written in the `written_ns` since the read before: osnoise with its durations writes an
 * event per noise, as many as the CPU's interrupts and threads make (the kernel also wakes the
 * reader when half the buffer is full, tracefs's buffer_percent). */
static int
read_pages_wait_ms (const RtbWorkerMeasure *m, uint64_t bytes, int64_t written_ns)
{
  RtbWorker *w = m->worker;
  int64_t wait = READ_PAGES_PERIOD_NS, now = rtb_monotonic_ns ();

  if (rtb_worker_trace_recording (w) || (w->end_mono_ns != 0 && now >= w->end_mono_ns))
    return READ_POLL_MS;
  if (m->period_ns > 0 && m->period_ns < READ_PAGES_PERIOD_NS / READ_PAGES_PERIODS)
    wait = m->period_ns * READ_PAGES_PERIODS;
  /* written_ns is about a wait: the product stays far below INT64_MAX. */
  if (bytes > READ_PAGES_BUDGET && written_ns > 0 &&
      written_ns * READ_PAGES_BUDGET / (int64_t) bytes < wait)
    wait = written_ns * READ_PAGES_BUDGET / (int64_t) bytes;
  if (w->end_mono_ns != 0 && w->end_mono_ns - now < wait)
    wait = w->end_mono_ns - now;
  return (int) (wait / (1000 * RTB_NSEC_PER_USEC)) + 1;
}

/* What reading cost, for the log: the reader must never be why the tracer's thread is late. */
static void
log_cost (const RtbWorkerMeasure *m, uint64_t pages, uint64_t events)
{
  struct rusage use;

  if (getrusage (RUSAGE_THREAD, &use) != 0)
    return;
  rtb_worker_log ("%s: CPU %d: %" PRIu64 " pages, %" PRIu64 " events read in %ld ms of CPU "
                  "(user %ld ms, system %ld ms)", m->worker->tracer.name, m->measured_cpu, pages,
                  events,
                  (long) (use.ru_utime.tv_sec + use.ru_stime.tv_sec) * 1000 +
                    (long) (use.ru_utime.tv_usec + use.ru_stime.tv_usec) / 1000,
                  (long) use.ru_utime.tv_sec * 1000 + (long) use.ru_utime.tv_usec / 1000,
                  (long) use.ru_stime.tv_sec * 1000 + (long) use.ru_stime.tv_usec / 1000);
}

int
rtb_worker_tracer_read_pages (RtbWorkerMeasure *m, const RtbTracePageLayout *layout,
                              RtbTraceEventFunc each, RtbWorkerTraceLostFunc lost, void *user,
                              const bool *done)
{
  RtbWorker *w = m->worker;
  /* Its 64 KiB fit the reader's stack (RTB_WORKER_STACK_SIZE); it allocates nothing. */
  unsigned char page[RTB_TRACE_PAGE_MAX];
  struct pollfd pfd = { .fd = m->trace_fd, .events = POLLIN };
  uint64_t pages = 0, events = 0, bytes = 0;
  int64_t emptied_ns = rtb_monotonic_ns ();

  while (!rtb_worker_stop_requested () && !*done)
    {
      ssize_t n = read (m->trace_fd, page, sizeof page);
      uint64_t missed;
      int64_t now;

      if (n > 0)
        {
          int got = rtb_trace_page_walk (layout, page, (size_t) n, each, user, &missed);

          if (got < 0)
            {
              rtb_worker_log ("%s: a page of CPU %d's trace is not as the kernel's header_page "
                              "describes it", w->tracer.name, m->measured_cpu);
              return EPROTO;
            }
          if (missed != 0 && lost != NULL)
            lost (missed, user);
          pages++;
          events += (uint64_t) got;
          bytes += (uint64_t) n;
          continue; /* until the buffer is empty */
        }
      /* 0 is no end: the kernel could not hand a page over yet (its writer is on it). */
      if (n < 0 && errno != EAGAIN && errno != EINTR)
        return errno;
      /* Empty. No event after the end: the tracer stopped. */
      now = rtb_monotonic_ns ();
      if (w->end_mono_ns != 0 && now >= w->end_mono_ns + RTB_NSEC_PER_SEC)
        break;
      rtb_worker_writer_batch_read (m);
      if (poll (&pfd, 1, read_pages_wait_ms (m, bytes, now - emptied_ns)) < 0 && errno != EINTR)
        return errno;
      bytes = 0;
      emptied_ns = now;
    }
  log_cost (m, pages, events);
  return 0;
}

/* Each of `events` (NULL-ended) on in the tracer's instance, its format read. */
static bool
enable_events (RtbWorkerTracer *t, RtbWorkerTracerFormat *const *events)
{
  for (unsigned i = 0; events != NULL && events[i] != NULL; i++)
    {
      char file[96];

      snprintf (file, sizeof file, "events/%s/enable", events[i]->event);
      if (rtb_worker_tracer_set (t, RTB_WORKER_TRACER_OWN, file, "1") != 0)
        {
          t->status = RTB_WORKER_TRACER_FAILED;
          return false;
        }
      if (!rtb_worker_tracer_read_format (t, events[i]))
        return false;
    }
  return true;
}

/* Each CPU's buffer of the tracer's directory at least BUFFER_KB_MIN (buffer_size_kb, kept
 * larger when it is: a fresh instance's, 1410 KiB). 0 or an errno, the tracer's `why` filled. */
static int
size_buffer (RtbWorkerTracer *t)
{
  char now[RTB_WORKER_TRACER_VALUE_MAX], kb[24];
  unsigned long size = 0, expanded;

  /* Unreadable, it is refused below, with the file named. */
  if (rtb_worker_tracer_get (t, RTB_WORKER_TRACER_OWN, "buffer_size_kb", now, sizeof now) == 0 &&
      sscanf (now, "%lu (expanded: %lu", &size, &expanded) == 2)
    size = expanded; /* what the tracer's start would make it */
  snprintf (kb, sizeof kb, "%lu", size > BUFFER_KB_MIN ? size : BUFFER_KB_MIN);
  return rtb_worker_tracer_set (t, RTB_WORKER_TRACER_OWN, "buffer_size_kb", kb);
}

static unsigned
series_per_cpu (const RtbWorkerTracerMethod *method)
{
  unsigned n = 0;

  while (n < RTB_WORKER_TRACER_SERIES_MAX && method->series[n] != NULL)
    n++;
  return n;
}

/* Each chosen CPU's series, named as the method names them, at the tracer's period: the first
 * the CPU's reader, an ordinary thread (the tracer's kernel thread measures) that keeps off the
 * CPU, the others filled by it. False when out of memory. */
static bool
set_up_measures (RtbWorker *w, const RtbWorkerTracerMethod *method)
{
  const RtbCommand *cmd = &w->cmd;
  int64_t period_ns = (int64_t) method->period_us (cmd) * RTB_NSEC_PER_USEC;
  unsigned per_cpu = series_per_cpu (method), i = 0;

  if (!rtb_worker_measures_alloc (w, per_cpu *
                                       (unsigned) rtb_cpu_count (cmd->cpus, RTB_MAX_CPUS)))
    return false;
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    {
      RtbWorkerMeasure *reader = &w->measures[i];

      if (!rtb_cpu_isset (cmd->cpus, cpu))
        continue;
      for (unsigned k = 0; k < per_cpu; k++)
        {
          RtbWorkerMeasure *m = &reader[k];
          char name[24];

          snprintf (name, sizeof name, "CPU%d%s", cpu, method->series[k]);
          if (!rtb_worker_measure_setup (m, name, -1, 0, period_ns, RTB_WORKER_STACK_SIZE,
                                         method->read))
            return false;
          m->measured_cpu = cpu;
          if (k == 0)
            {
              m->policy = SCHED_OTHER;
              m->priority = 0;
              m->reads_batches = true;
            }
          else
            {
              m->passive = true;
              m->runner = reader;
            }
        }
      i += per_cpu;
    }
  return true;
}

bool
rtb_worker_tracer_prepare (RtbWorker *w, const RtbWorkerTracerMethod *method,
                           RtbCommandError *error, int *sys_errno)
{
  RtbWorkerTracer *t = &w->tracer;

  if (rtb_worker_tracer_take (t, method->tracer, method->own_instance) != RTB_WORKER_TRACER_TAKEN)
    return rtb_worker_tracer_refuse (w, error, sys_errno);
  if (!set_up_measures (w, method))
    {
      rtb_worker_tracer_release (t);
      return false;
    }
  if (method->configure (t, &w->cmd) != 0 || size_buffer (t) != 0)
    {
      t->status = RTB_WORKER_TRACER_FAILED;
      return rtb_worker_tracer_refuse (w, error, sys_errno);
    }
  if (!enable_events (t, method->events) ||
      !rtb_worker_tracer_read_format (t, method->format) ||
      rtb_worker_tracer_start (t) != RTB_WORKER_TRACER_TAKEN ||
      !rtb_worker_tracer_open_traces (w, "trace_pipe_raw", series_per_cpu (method)))
    return rtb_worker_tracer_refuse (w, error, sys_errno);
  if (method->per_cpu_threads &&
      !rtb_worker_tracer_set_threads (w, method->tracer, series_per_cpu (method), error,
                                      sys_errno))
    {
      rtb_worker_tracer_release (t);
      return false;
    }
  return true;
}

/* The task whose comm is `name`, or 0. */
static pid_t
find_thread (const char *name)
{
  char want[48], path[64], comm[48];
  struct dirent *e;
  pid_t found = 0;
  DIR *proc = opendir ("/proc");

  if (proc == NULL)
    return 0;
  snprintf (want, sizeof want, "%s\n", name);
  while (found == 0 && (e = readdir (proc)) != NULL)
    {
      ssize_t n;
      int fd;

      if (e->d_name[0] < '1' || e->d_name[0] > '9')
        continue;
      snprintf (path, sizeof path, "/proc/%.20s/comm", e->d_name);
      fd = open (path, O_RDONLY | O_CLOEXEC);
      if (fd < 0)
        continue;
      n = read (fd, comm, sizeof comm - 1);
      close (fd);
      if (n > 0)
        {
          comm[n] = '\0';
          if (strcmp (comm, want) == 0)
            found = (pid_t) atoi (e->d_name);
        }
    }
  closedir (proc);
  return found;
}

pid_t
rtb_worker_tracer_kernel_thread (const char *tracer, int cpu)
{
  char comm[40];

  if (cpu < 0)
    snprintf (comm, sizeof comm, "%s", tracer);
  else
    snprintf (comm, sizeof comm, "%s/%d", tracer, cpu);
  return find_thread (comm);
}

bool
rtb_worker_tracer_set_threads (RtbWorker *w, const char *tracer, unsigned stride,
                               RtbCommandError *error, int *sys_errno)
{
  struct sched_param param = { .sched_priority = w->cmd.priority };
  int policy = rtb_worker_sched_policy (w->cmd.policy);

  for (unsigned i = 0; i < w->n_measures; i += stride)
    {
      RtbWorkerMeasure *m = &w->measures[i];
      pid_t pid = 0;

      for (int tries = 0; pid == 0 && tries < THREADS_WAIT_TRIES; tries++)
        if ((pid = rtb_worker_tracer_kernel_thread (tracer, m->measured_cpu)) == 0)
          usleep (10000);
      if (pid == 0)
        {
          *sys_errno = ESRCH;
          error->code = RTB_ERROR_SYSTEM;
          snprintf (error->message, sizeof error->message,
                    "the %s tracer started no thread %s/%d within a second: is CPU %d online?",
                    tracer, tracer, m->measured_cpu, m->measured_cpu);
          return false;
        }
      if (sched_setscheduler (pid, policy, &param) != 0)
        {
          *sys_errno = errno;
          error->code = RTB_ERROR_PERMISSION;
          snprintf (error->field, sizeof error->field, "priority");
          snprintf (error->message, sizeof error->message,
                    "the %s thread of CPU %d cannot run at %s priority %d: %s; choose another "
                    "policy or priority", tracer, m->measured_cpu,
                    rtb_policy_to_string (w->cmd.policy), w->cmd.priority, strerror (errno));
          return false;
        }
      for (unsigned j = i; j < i + stride && j < w->n_measures; j++)
        w->measures[j].kernel_thread = pid;
    }
  return true;
}
