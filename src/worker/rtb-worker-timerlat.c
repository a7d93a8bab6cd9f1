/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The kernel's timerlat tracer, as rtla timerlat runs it. On each chosen CPU the tracer's
 * kernel thread (timerlat/N) arms a timer for the next period and sleeps; the timer's
 * interrupt records how late it ran (context irq), the woken thread how late it ran (context
 * thread), both from the same deadline, in ns, under one activation number. rtla counts both
 * in whole µs, truncated; so does the worker.
 *
 * The worker reads the tracer's own text from per_cpu/cpuN/trace_pipe of its instance, one
 * reader thread per CPU that never runs on a measured CPU when another exists, and pushes each
 * value to one of the CPU's two series: "CPUn IRQ" (the reader's) and "CPUn thread" (filled by
 * the same reader). A line reads, after its head ("<idle>-0 [001] d.h1. 1234.567890: "):
 *
 *   #1234  context    irq timer_latency      1520 ns
 *   #1234  context thread timer_latency      6710 ns
 *
 * The instance's clock is the mono trace clock, so that only activations between the run's
 * start and end count: the tracer starts while the worker is still root, before the gate.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtb-cpu-list.h"
#include "rtb-worker.h"

#define READ_POLL_MS 100
#define LINE_MAX_BYTES 512
/* The kernel may raise a thread's priority only after it exists: how long to wait for them. */
#define THREADS_WAIT_TRIES 100

typedef struct {
  int64_t time_ns;
  uint64_t seq;
  bool thread;
  int64_t latency_ns;
} TimerlatLine;

/* "  <idle>-0  [001] d.h1. 1234.567890: #1234  context    irq timer_latency  1520 ns" */
static bool
parse_line (const char *line, TimerlatLine *out)
{
  const char *hash = strstr (line, ": #");
  const char *p;
  unsigned long long secs, usecs, seq, latency;
  char context[8];
  int digits;

  if (hash == NULL)
    return false;
  /* The time stamp ends at the ": #": go back to its start. */
  p = hash;
  while (p > line && p[-1] != ' ')
    p--;
  if (sscanf (p, "%llu.%n", &secs, &digits) != 1 || p[digits] == '\0' ||
      sscanf (p + digits, "%llu", &usecs) != 1)
    return false;
  if (sscanf (hash + 3, "%llu context %7s timer_latency %llu ns", &seq, context, &latency) != 3)
    return false;
  if (strcmp (context, "irq") != 0 && strcmp (context, "thread") != 0)
    return false;
  out->time_ns = (int64_t) (secs * RTB_NSEC_PER_SEC + usecs * RTB_NSEC_PER_USEC);
  out->seq = seq;
  out->thread = context[0] == 't';
  out->latency_ns = (int64_t) latency;
  return true;
}

typedef struct {
  uint64_t base;     /* the first activation of the run */
  bool started;
  uint64_t next[2];  /* the next index of each series */
} ReaderState;

/* Returns false once the run's end is reached. */
static bool
take_line (RtbWorkerMeasure *irq, const TimerlatLine *l, ReaderState *st)
{
  RtbWorker *w = irq->worker;
  RtbWorkerMeasure *m = l->thread ? irq + 1 : irq;
  uint64_t index;

  if (l->time_ns < w->start_mono_ns)
    return true;
  if (!st->started)
    {
      /* An activation counts whole: from its interrupt on. */
      if (l->thread)
        return true;
      st->started = true;
      st->base = l->seq;
    }
  if (l->seq < st->base)
    return true;
  if (!l->thread && w->end_mono_ns != 0 && l->time_ns >= w->end_mono_ns)
    return false;
  index = l->seq - st->base;
  if (index > st->next[l->thread])
    atomic_fetch_add_explicit (&m->skipped, index - st->next[l->thread], memory_order_relaxed);
  st->next[l->thread] = index + 1;
  /* As rtla counts it: whole µs, truncated. */
  rtb_worker_ring_push (&m->ring, index,
                        l->latency_ns / RTB_NSEC_PER_USEC * RTB_NSEC_PER_USEC);
  return true;
}

static int
reader_loop (RtbWorkerMeasure *m)
{
  RtbWorker *w = m->worker;
  char buf[8192];
  size_t held = 0;
  ReaderState st = { 0 };
  struct pollfd pfd = { .fd = m->trace_fd, .events = POLLIN };

  while (!rtb_worker_stop_requested ())
    {
      ssize_t n;
      char *line, *end;

      if (w->end_mono_ns != 0 && rtb_monotonic_ns () >= w->end_mono_ns + RTB_NSEC_PER_SEC)
        break; /* no line came after the end: the tracer stopped */
      if (poll (&pfd, 1, READ_POLL_MS) < 0 && errno != EINTR)
        return errno;
      n = read (m->trace_fd, buf + held, sizeof buf - 1 - held);
      if (n < 0 && (errno == EAGAIN || errno == EINTR))
        continue;
      if (n <= 0)
        return n < 0 ? errno : 0;
      held += (size_t) n;
      buf[held] = '\0';
      line = buf;
      while ((end = strchr (line, '\n')) != NULL)
        {
          TimerlatLine l;

          *end = '\0';
          if (parse_line (line, &l) && !take_line (m, &l, &st))
            return 0;
          line = end + 1;
        }
      held -= (size_t) (line - buf);
      memmove (buf, line, held);
      /* A line longer than the buffer is no timerlat line: drop it. */
      if (held >= sizeof buf - 1 - LINE_MAX_BYTES)
        held = 0;
    }
  return 0;
}

/* The tracer's kernel thread of `cpu` ("timerlat/3"), or 0. */
static pid_t
kernel_thread_of (int cpu)
{
  char want[32], path[64], comm[32];
  struct dirent *e;
  pid_t found = 0;
  DIR *proc = opendir ("/proc");

  if (proc == NULL)
    return 0;
  snprintf (want, sizeof want, "timerlat/%d\n", cpu);
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

/* As rtla -P: the policy and priority of each of the tracer's threads. */
static bool
set_kernel_threads (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  struct sched_param param = { .sched_priority = w->cmd.priority };
  int policy = rtb_worker_sched_policy (w->cmd.policy);

  for (unsigned i = 0; i < w->n_measures; i += 2)
    {
      RtbWorkerMeasure *m = &w->measures[i];
      pid_t pid = 0;

      for (int tries = 0; pid == 0 && tries < THREADS_WAIT_TRIES; tries++)
        if ((pid = kernel_thread_of (m->measured_cpu)) == 0)
          usleep (10000);
      if (pid == 0)
        {
          *sys_errno = ESRCH;
          error->code = RTB_ERROR_SYSTEM;
          snprintf (error->message, sizeof error->message,
                    "the timerlat tracer started no thread timerlat/%d", m->measured_cpu);
          return false;
        }
      if (sched_setscheduler (pid, policy, &param) != 0)
        {
          *sys_errno = errno;
          error->code = RTB_ERROR_PERMISSION;
          snprintf (error->field, sizeof error->field, "priority");
          snprintf (error->message, sizeof error->message,
                    "the timerlat thread of CPU %d cannot run at %s priority %d: %s",
                    m->measured_cpu, rtb_policy_to_string (w->cmd.policy), w->cmd.priority,
                    strerror (errno));
          return false;
        }
      m->kernel_thread = pid;
      m[1].kernel_thread = pid;
    }
  return true;
}

static bool
set_up_measures (RtbWorker *w)
{
  const RtbCommand *cmd = &w->cmd;
  int64_t period_ns = (int64_t) cmd->timerlat.period_us * RTB_NSEC_PER_USEC;
  unsigned i = 0;

  if (!rtb_worker_measures_alloc (w, 2 * (unsigned) rtb_cpu_count (cmd->cpus, RTB_MAX_CPUS)))
    return false;
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    {
      RtbWorkerMeasure *irq = &w->measures[i], *thread = &w->measures[i + 1];
      char name[24];

      if (!rtb_cpu_isset (cmd->cpus, cpu))
        continue;
      snprintf (name, sizeof name, "CPU%d IRQ", cpu);
      if (!rtb_worker_measure_setup (irq, name, -1, 0, period_ns, RTB_WORKER_STACK_SIZE,
                                     reader_loop))
        return false;
      snprintf (name, sizeof name, "CPU%d thread", cpu);
      if (!rtb_worker_measure_setup (thread, name, -1, 0, period_ns, RTB_WORKER_STACK_SIZE,
                                     reader_loop))
        return false;
      /* The reader reads; the tracer's kernel thread measures, on its CPU. */
      irq->policy = SCHED_OTHER;
      irq->priority = 0;
      irq->measured_cpu = cpu;
      thread->passive = true;
      thread->runner = irq;
      thread->measured_cpu = cpu;
      i += 2;
    }
  return true;
}

static bool
refuse (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  rtb_worker_tracer_error (&w->tracer, error);
  *sys_errno = w->tracer.sys_errno;
  rtb_worker_tracer_release (&w->tracer);
  return false;
}

bool
rtb_worker_timerlat_prepare (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  RtbWorkerTracer *t = &w->tracer;
  char text[RTB_WORKER_TRACER_VALUE_MAX];

  if (rtb_worker_tracer_take (t, "timerlat", true) != RTB_WORKER_TRACER_TAKEN)
    return refuse (w, error, sys_errno);
  if (!set_up_measures (w))
    {
      rtb_worker_tracer_release (t);
      return false;
    }
  if (rtb_cpu_list_format (w->cmd.cpus, RTB_MAX_CPUS, text, sizeof text) < 0)
    snprintf (text, sizeof text, "0");
  if (rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "osnoise/cpus", text) != 0)
    {
      t->status = RTB_WORKER_TRACER_FAILED;
      return refuse (w, error, sys_errno);
    }
  snprintf (text, sizeof text, "%u", w->cmd.timerlat.period_us);
  /* What a previous user left must not stop this run's trace. */
  if (rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "osnoise/timerlat_period_us", text) ||
      rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "osnoise/stop_tracing_us", "0") ||
      rtb_worker_tracer_set (t, RTB_WORKER_TRACER_TOP, "osnoise/stop_tracing_total_us", "0") ||
      rtb_worker_tracer_set (t, RTB_WORKER_TRACER_OWN, "trace_clock", "mono") ||
      rtb_worker_tracer_set (t, RTB_WORKER_TRACER_OWN, "buffer_size_kb", "1024"))
    {
      t->status = RTB_WORKER_TRACER_FAILED;
      return refuse (w, error, sys_errno);
    }
  if (rtb_worker_tracer_start (t) != RTB_WORKER_TRACER_TAKEN)
    return refuse (w, error, sys_errno);
  for (unsigned i = 0; i < w->n_measures; i += 2)
    {
      char file[64];
      int fd;

      snprintf (file, sizeof file, "per_cpu/cpu%d/trace_pipe", w->measures[i].measured_cpu);
      fd = rtb_worker_tracer_open (t, file, O_RDONLY | O_NONBLOCK);
      if (fd < 0)
        {
          t->status = RTB_WORKER_TRACER_FAILED;
          t->sys_errno = errno;
          snprintf (t->why, sizeof t->why, "cannot read the timerlat trace of CPU %d: %s",
                    w->measures[i].measured_cpu, strerror (errno));
          return refuse (w, error, sys_errno);
        }
      w->measures[i].trace_fd = fd;
    }
  if (!set_kernel_threads (w, error, sys_errno))
    {
      rtb_worker_tracer_release (t);
      return false;
    }
  return true;
}
