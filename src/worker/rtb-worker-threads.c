/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "rtb-worker.h"

enum { GATE_WAIT, GATE_GO, GATE_ABORT };

bool
rtb_worker_measures_alloc (RtbWorker *w, unsigned n)
{
  void *mem = NULL;

  if (n == 0 || n > RTB_MAX_THREADS)
    return false;
  /* The rings inside are cache-line aligned. */
  if (posix_memalign (&mem, 64, n * sizeof (RtbWorkerMeasure)) != 0)
    return false;
  memset (mem, 0, n * sizeof (RtbWorkerMeasure));
  w->measures = mem;
  w->n_measures = n;
  for (unsigned i = 0; i < n; i++)
    {
      RtbWorkerMeasure *m = &w->measures[i];
      m->worker = w;
      m->index = i;
      m->cpu = -1;
      m->trace_fd = -1;
      atomic_init (&m->skipped, 0);
      atomic_init (&m->overruns, 0);
      atomic_init (&m->off_cpu, 0);
      atomic_init (&m->residual_failures, 0);
      atomic_init (&m->residual_max_bits, 0);
      atomic_init (&m->quiet, 0);
      atomic_init (&m->osnoise_runtime_us, 0);
      atomic_init (&m->osnoise_max_single_us, 0);
      for (int s = 0; s < 5; s++)
        {
          atomic_init (&m->osnoise_counts[s], 0);
          atomic_init (&m->osnoise_durations_ns[s], 0);
          atomic_init (&m->osnoise_events[s], 0);
        }
      atomic_init (&m->hwlat_gaps, 0);
      atomic_init (&m->hwlat_nmi_windows, 0);
      atomic_init (&m->hwlat_nmi_count, 0);
      atomic_init (&m->hwlat_nmi_us, 0);
      atomic_init (&m->exited, false);
      atomic_init (&m->spikes_missed, 0);
      atomic_init (&m->spikes.head, 0);
      atomic_init (&m->spikes.tail, 0);
    }
  return true;
}

void
rtb_worker_measures_free (RtbWorker *w)
{
  for (unsigned i = 0; i < w->n_measures; i++)
    {
      rtb_worker_ring_clear (&w->measures[i].ring);
      free (w->measures[i].stack);
    }
  free (w->measures);
  w->measures = NULL;
  w->n_measures = 0;
}

static void
gate_report (RtbWorkerMeasure *m, int err, const char *what)
{
  RtbWorker *w = m->worker;

  pthread_mutex_lock (&w->gate_lock);
  m->setup_errno = err;
  m->setup_what = what;
  w->gate_ready++;
  pthread_cond_broadcast (&w->gate_cond);
  pthread_mutex_unlock (&w->gate_lock);
}

void
rtb_worker_gate_init (RtbWorker *w)
{
  pthread_mutex_init (&w->gate_lock, NULL);
  pthread_cond_init (&w->gate_cond, NULL);
  w->gate_state = GATE_WAIT;
  w->gate_ready = 0;
}

/* Before the gate opens, not while measuring: locking here costs the run nothing. */
bool
rtb_worker_gate_wait (RtbWorker *w)
{
  int state;

  pthread_mutex_lock (&w->gate_lock);
  while (w->gate_state == GATE_WAIT)
    pthread_cond_wait (&w->gate_cond, &w->gate_lock);
  state = w->gate_state;
  pthread_mutex_unlock (&w->gate_lock);
  return state == GATE_GO;
}

static void *
measure_main (void *data)
{
  RtbWorkerMeasure *m = data;
  RtbWorker *w = m->worker;
  int err = 0;
  const char *what = NULL;

  pthread_setname_np (pthread_self (), m->name);
  /* The trace names threads by their kernel id; read before the gate, after it by others. */
  m->tid = (pid_t) syscall (SYS_gettid);
  if (w->cmd.timer_slack_ns != 0)
    prctl (PR_SET_TIMERSLACK, (unsigned long) w->cmd.timer_slack_ns);
  /* The kernel gives real-time threads' sleeps no slack, whatever the setting says. */
  m->timer_slack_ns = m->policy == SCHED_OTHER ? prctl (PR_GET_TIMERSLACK) : 0;

  if (m->cpu >= 0)
    {
      cpu_set_t set;
      CPU_ZERO (&set);
      CPU_SET (m->cpu, &set);
      err = pthread_setaffinity_np (pthread_self (), sizeof set, &set);
      if (err != 0)
        what = "pinning the thread to its CPU";
    }
  /* Its policy was set by its creator: from here on the thread needs no privilege. */
  if (err == 0 && !rtb_worker_privilege_drop_thread ())
    {
      err = errno;
      what = "dropping privileges";
    }

  gate_report (m, err, what);
  if (rtb_worker_gate_wait (w) && err == 0)
    m->loop_errno = m->loop (m);

  atomic_store (&m->exited, true);
  rtb_worker_stop_wake ();
  return NULL;
}

static int
create_one (RtbWorkerMeasure *m)
{
  pthread_attr_t attr;
  struct sched_param param = { .sched_priority = m->priority };
  sigset_t block, old;
  int err;

  pthread_attr_init (&attr);
  if (!m->ordinary)
    {
      if (posix_memalign (&m->stack, 4096, m->stack_size) != 0)
        {
          pthread_attr_destroy (&attr);
          return ENOMEM;
        }
      /* Touch every page now so that the loop never faults on its stack. */
      memset (m->stack, 0, m->stack_size);
      pthread_attr_setstack (&attr, m->stack, m->stack_size);
      pthread_attr_setinheritsched (&attr, PTHREAD_EXPLICIT_SCHED);
      pthread_attr_setschedpolicy (&attr, m->policy);
      pthread_attr_setschedparam (&attr, &param);
    }

  /* Stop signals are for the main thread; measurement threads only get the interrupt. */
  sigemptyset (&block);
  sigaddset (&block, SIGTERM);
  sigaddset (&block, SIGINT);
  sigaddset (&block, SIGHUP);
  pthread_sigmask (SIG_BLOCK, &block, &old);
  err = pthread_create (&m->thread, &attr, measure_main, m);
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  pthread_attr_destroy (&attr);
  if (err == 0)
    m->created = true;
  return err;
}

static RtbPolicy
policy_from_sched (int policy)
{
  switch (policy)
    {
    case SCHED_FIFO:
      return RTB_POLICY_FIFO;
    case SCHED_RR:
      return RTB_POLICY_RR;
    default:
      return RTB_POLICY_OTHER;
    }
}

/* A thread of the kernel's tracer measures (timerlat, osnoise, hwlat): its policy, priority and
 * CPU. */
static void
read_back_kernel_thread (RtbWorkerMeasure *m)
{
  struct sched_param param;
  cpu_set_t set;
  int policy = sched_getscheduler (m->kernel_thread);

  m->timer_slack_ns = 0;
  if (policy >= 0 && sched_getparam (m->kernel_thread, &param) == 0)
    {
      m->info.policy = (uint8_t) policy_from_sched (policy);
      m->info.priority = (uint8_t) param.sched_priority;
    }
  m->info.cpu = (int16_t) m->measured_cpu;
  /* A thread on each measured CPU in turn is pinned to the one it is on now. */
  if (!m->kernel_thread_moves && sched_getaffinity (m->kernel_thread, sizeof set, &set) == 0 &&
      CPU_COUNT (&set) == 1)
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
      if (CPU_ISSET (cpu, &set))
        m->info.cpu = (int16_t) cpu;
}

/* What each thread really got, read back from the kernel rather than from what we asked. A
 * passive measure reports the thread that fills it. */
static void
read_back (RtbWorkerMeasure *m)
{
  RtbWorkerMeasure *runner = !m->passive ? m : m->runner != NULL ? m->runner
                                                                   : &m->worker->measures[0];
  struct sched_param param;
  cpu_set_t set;
  int policy;

  memset (&m->info, 0, sizeof m->info);
  m->info.thread = (uint16_t) m->index;
  m->info.cpu = -1;
  m->info.placement = (uint8_t) (rtb_method_is_per_cpu (m->worker->cmd.method)
                                   ? RTB_CPU_PLACEMENT_GIVEN : m->worker->placement);
  snprintf (m->info.name, sizeof m->info.name, "%s", m->name);
  m->timer_slack_ns = runner->timer_slack_ns;
  if (m->kernel_thread > 0)
    {
      read_back_kernel_thread (m);
      return;
    }
  if (pthread_getschedparam (runner->thread, &policy, &param) == 0)
    {
      m->info.policy = (uint8_t) policy_from_sched (policy);
      m->info.priority = (uint8_t) param.sched_priority;
    }
  if (pthread_getaffinity_np (runner->thread, sizeof set, &set) == 0 && CPU_COUNT (&set) == 1)
    {
      for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
        if (CPU_ISSET (cpu, &set))
          m->info.cpu = (int16_t) cpu;
    }
}

static void
gate_open (RtbWorker *w, int state)
{
  pthread_mutex_lock (&w->gate_lock);
  w->gate_state = state;
  pthread_cond_broadcast (&w->gate_cond);
  pthread_mutex_unlock (&w->gate_lock);
}

static void
join_all (RtbWorker *w)
{
  for (unsigned i = 0; i < w->n_measures; i++)
    if (w->measures[i].created)
      {
        pthread_join (w->measures[i].thread, NULL);
        w->measures[i].created = false;
      }
}

bool
rtb_worker_threads_create (RtbWorker *w, RtbCommandError *error, int *sys_errno)
{
  unsigned n_created = 0;
  int err = 0;
  RtbWorkerMeasure *failed = NULL;

  for (unsigned i = 0; i < w->n_measures && failed == NULL; i++)
    {
      RtbWorkerMeasure *m = &w->measures[i];

      if (m->passive)
        {
          atomic_store (&m->exited, true);
          continue;
        }
      err = create_one (m);
      if (err != 0)
        failed = m;
      else
        n_created++;
    }

  pthread_mutex_lock (&w->gate_lock);
  while (w->gate_ready < n_created)
    pthread_cond_wait (&w->gate_cond, &w->gate_lock);
  pthread_mutex_unlock (&w->gate_lock);

  for (unsigned i = 0; failed == NULL && i < w->n_measures; i++)
    if (w->measures[i].created && w->measures[i].setup_errno != 0)
      {
        failed = &w->measures[i];
        err = failed->setup_errno;
      }

  if (failed == NULL)
    {
      for (unsigned i = 0; i < w->n_measures; i++)
        read_back (&w->measures[i]);
      return true;
    }

  gate_open (w, GATE_ABORT);
  join_all (w);

  *sys_errno = err;
  memset (error, 0, sizeof *error);
  if (err == EPERM && failed->setup_what == NULL)
    {
      error->code = RTB_ERROR_PERMISSION;
      snprintf (error->field, sizeof error->field, "policy");
      snprintf (error->message, sizeof error->message,
                "policy %s priority %d is not allowed for this user: run rtbench-worker as root "
                "or via pkexec, or give it CAP_SYS_NICE, or raise RLIMIT_RTPRIO (rtprio %d)",
                rtb_policy_to_string (w->cmd.policy), w->cmd.priority, w->cmd.priority);
    }
  else
    {
      error->code = RTB_ERROR_SYSTEM;
      snprintf (error->field, sizeof error->field, "%s",
                failed->setup_what != NULL ? (rtb_method_is_per_cpu (w->cmd.method) ? "cpus" : "cpu")
                                           : "");
      snprintf (error->message, sizeof error->message, "thread %s: %s failed: %s", failed->name,
                failed->setup_what != NULL ? failed->setup_what : "creating the thread",
                strerror (err));
    }
  return false;
}

void
rtb_worker_threads_abort (RtbWorker *w)
{
  gate_open (w, GATE_ABORT);
  join_all (w);
}

void
rtb_worker_threads_release (RtbWorker *w)
{
  gate_open (w, GATE_GO);
}

bool
rtb_worker_threads_all_exited (RtbWorker *w)
{
  for (unsigned i = 0; i < w->n_measures; i++)
    if (!atomic_load (&w->measures[i].exited))
      return false;
  return true;
}

bool
rtb_worker_threads_any_failed (RtbWorker *w)
{
  for (unsigned i = 0; i < w->n_measures; i++)
    if (atomic_load (&w->measures[i].exited) && w->measures[i].loop_errno != 0)
      return true;
  return false;
}

bool
rtb_worker_threads_stop (RtbWorker *w)
{
  bool ok = true;

  atomic_store (&rtb_worker_stopping, true);
  /* A thread may test the flag just before it goes to sleep, so keep interrupting until
   * every one has left its loop. */
  while (!rtb_worker_threads_all_exited (w))
    {
      struct timespec pause = { .tv_sec = 0, .tv_nsec = 2 * 1000 * 1000 };

      for (unsigned i = 0; i < w->n_measures; i++)
        if (!atomic_load (&w->measures[i].exited))
          pthread_kill (w->measures[i].thread, SIGUSR1);
      nanosleep (&pause, NULL);
    }
  join_all (w);

  for (unsigned i = 0; i < w->n_measures; i++)
    if (w->measures[i].loop_errno != 0)
      {
        rtb_worker_log ("thread %s failed: %s", w->measures[i].name,
                        strerror (w->measures[i].loop_errno));
        ok = false;
      }
  return ok;
}

int
rtb_worker_sched_policy (RtbPolicy policy)
{
  switch (policy)
    {
    case RTB_POLICY_FIFO:
      return SCHED_FIFO;
    case RTB_POLICY_RR:
      return SCHED_RR;
    case RTB_POLICY_OTHER:
    default:
      return SCHED_OTHER;
    }
}

bool
rtb_worker_measure_setup (RtbWorkerMeasure *m, const char *name, int cpu, int priority,
                          int64_t period_ns, size_t stack_size, RtbWorkerLoopFunc loop)
{
  long page = sysconf (_SC_PAGESIZE);

  if (page <= 0)
    page = 4096;
  snprintf (m->name, sizeof m->name, "%s", name);
  m->cpu = cpu;
  m->policy = rtb_worker_sched_policy (m->worker->cmd.policy);
  m->priority = m->policy == SCHED_OTHER ? 0 : priority;
  m->period_ns = period_ns;
  m->stack_size = (stack_size + (size_t) page - 1) / (size_t) page * (size_t) page;
  m->loop = loop;
  return rtb_worker_ring_init (&m->ring, rtb_worker_ring_capacity_for (period_ns));
}

bool
rtb_worker_measures_per_cpu (RtbWorker *w, int64_t period_ns, RtbWorkerLoopFunc loop)
{
  const RtbCommand *cmd = &w->cmd;
  unsigned n = (unsigned) rtb_cpu_count (cmd->cpus, RTB_MAX_CPUS);
  unsigned i = 0;

  if (!rtb_worker_measures_alloc (w, n))
    return false;
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    {
      char name[24];

      if (!rtb_cpu_isset (cmd->cpus, cpu))
        continue;
      snprintf (name, sizeof name, "CPU%d", cpu);
      if (!rtb_worker_measure_setup (&w->measures[i++], name, cpu, cmd->priority, period_ns,
                                     RTB_WORKER_STACK_SIZE, loop))
        return false;
    }
  return true;
}
