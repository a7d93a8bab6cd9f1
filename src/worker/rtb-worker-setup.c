/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "rtb-worker.h"

static pid_t parent_pid;
static bool memlock_limited;
/* Held open for the life of the process: closing it gives the idle states back. */
static int dma_latency_fd = -1;

void
rtb_worker_log (const char *format, ...)
{
  char buf[512];
  va_list args;
  int n;

  n = snprintf (buf, sizeof buf, RTB_WORKER_LOG_PREFIX);
  va_start (args, format);
  vsnprintf (buf + n, sizeof buf - (size_t) n - 1, format, args);
  va_end (args);
  strcat (buf, "\n");
  fputs (buf, stderr);
}

static bool
has_capability (int cap)
{
  struct __user_cap_header_struct header = { .version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };
  struct __user_cap_data_struct data[2];

  memset (data, 0, sizeof data);
  if (syscall (SYS_capget, &header, data) != 0)
    return false;
  return (data[cap / 32].effective >> (cap % 32)) & 1u;
}

/* kernel.sched_rt_runtime_us or _period_us; -2 when unknown. */
static int
read_rt_setting (const char *path)
{
  FILE *f = fopen (path, "re");
  int value;

  if (f == NULL)
    return -2;
  if (fscanf (f, "%d", &value) != 1)
    value = -2;
  fclose (f);
  return value;
}

static int
rt_priority_max (void)
{
  struct rlimit limit;
  int max = sched_get_priority_max (SCHED_FIFO);

  if (geteuid () == 0 || has_capability (CAP_SYS_NICE))
    return max;
  if (getrlimit (RLIMIT_RTPRIO, &limit) != 0)
    return 0;
  if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > (rlim_t) max)
    return max;
  return (int) limit.rlim_cur;
}

/* A user without CAP_IPC_LOCK under a finite RLIMIT_MEMLOCK would see MCL_FUTURE make later
 * allocations (thread stacks, rings) fail once over the limit, so we do not lock then. */
static int
lock_memory (void)
{
  struct rlimit limit;

  if (geteuid () != 0 && !has_capability (CAP_IPC_LOCK) &&
      getrlimit (RLIMIT_MEMLOCK, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    {
      memlock_limited = true;
      return ENOMEM;
    }
  if (mlockall (MCL_CURRENT | MCL_FUTURE) != 0)
    return errno;
  return 0;
}

static int
hold_dma_latency (void)
{
  int32_t zero = 0;
  int fd = open ("/dev/cpu_dma_latency", O_WRONLY | O_CLOEXEC);

  if (fd < 0)
    return errno;
  if (write (fd, &zero, sizeof zero) != (ssize_t) sizeof zero)
    {
      int saved = errno != 0 ? errno : EIO;
      close (fd);
      return saved;
    }
  dma_latency_fd = fd;
  return 0;
}

static void
set_from_cpu_set (uint64_t *cpus, const cpu_set_t *set, size_t size)
{
  memset (cpus, 0, sizeof (uint64_t) * (RTB_MAX_CPUS / 64));
  for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    if (CPU_ISSET_S (cpu, size, set))
      cpus[cpu / 64] |= (uint64_t) 1 << (cpu % 64);
}

/* The CPUs a measurement thread may be pinned to. The process inherits an affinity without the
 * isolated CPUs (isolcpus), yet a thread may still be pinned to them, which is what they are
 * for. Like LinuxCNC's find_rt_cpu_number(), ask for every CPU and see what the kernel allows,
 * then give the process its own affinity back: only the measurement threads go there. */
static void
read_usable_cpus (RtbWorker *w)
{
  size_t size = CPU_ALLOC_SIZE (RTB_MAX_CPUS);
  cpu_set_t *inherited = CPU_ALLOC (RTB_MAX_CPUS);
  cpu_set_t *allowed = CPU_ALLOC (RTB_MAX_CPUS);
  long n_configured = sysconf (_SC_NPROCESSORS_CONF);

  memset (w->usable_cpus, 0, sizeof w->usable_cpus);
  if (inherited == NULL || allowed == NULL || sched_getaffinity (0, size, inherited) != 0)
    {
      long n = sysconf (_SC_NPROCESSORS_ONLN);
      for (long cpu = 0; cpu < n && cpu < RTB_MAX_CPUS; cpu++)
        w->usable_cpus[cpu / 64] |= (uint64_t) 1 << (cpu % 64);
      memcpy (w->allowed_cpus, w->usable_cpus, sizeof w->allowed_cpus);
    }
  else
    {
      set_from_cpu_set (w->allowed_cpus, inherited, size);
      CPU_ZERO_S (size, allowed);
      for (long cpu = 0; cpu < n_configured && cpu < RTB_MAX_CPUS; cpu++)
        CPU_SET_S ((size_t) cpu, size, allowed);
      if (sched_setaffinity (0, size, allowed) == 0 && sched_getaffinity (0, size, allowed) == 0)
        set_from_cpu_set (w->usable_cpus, allowed, size);
      else
        set_from_cpu_set (w->usable_cpus, inherited, size);
      sched_setaffinity (0, size, inherited);
    }
  CPU_FREE (inherited);
  CPU_FREE (allowed);
}

/* /sys/devices/system/cpu/isolated: empty or missing means none. */
static void
read_isolated_cpus (RtbWorker *w)
{
  FILE *f = fopen ("/sys/devices/system/cpu/isolated", "re");
  char line[1024];

  memset (w->isolated_cpus, 0, sizeof w->isolated_cpus);
  if (f == NULL)
    return;
  if (fgets (line, sizeof line, f) != NULL)
    {
      line[strcspn (line, "\n")] = '\0';
      if (line[0] != '\0' && !rtb_cpu_list_parse (line, w->isolated_cpus, RTB_MAX_CPUS, NULL))
        memset (w->isolated_cpus, 0, sizeof w->isolated_cpus);
    }
  fclose (f);
}

/* rtbench must never be the culprit it reports: as oslat keeps its main thread on CPU 0, every
 * thread of the worker that does not measure runs on the CPUs the process was allowed at its
 * start (isolated CPUs are not among them) minus the measured ones. Only the main thread
 * exists here; the writer inherits its affinity, and the measurement threads, created by it
 * too, then pin themselves to their CPU, but a kernel tracer's readers, which stay with the
 * others. When every allowed CPU is measured, there is nowhere else to go: the threads stay,
 * and STARTED says so. */
void
rtb_worker_setup_keep_off_measured (RtbWorker *w)
{
  uint64_t measured[RTB_MAX_CPUS / 64] = { 0 };
  uint64_t others[RTB_MAX_CPUS / 64];
  size_t size = CPU_ALLOC_SIZE (RTB_MAX_CPUS);
  cpu_set_t *set;
  char list[256];
  int err = 0;

  w->shares_measured_cpus = false;
  /* A kernel tracer's CPUs are measured by its threads: its readers keep off them too. */
  for (unsigned i = 0; i < w->n_measures; i++)
    {
      int cpu = rtb_worker_measure_traced_cpu (&w->measures[i]);

      if (cpu >= 0)
        measured[cpu / 64] |= (uint64_t) 1 << (cpu % 64);
    }
  /* Threads that are not pinned (cpu=none) run wherever the kernel puts them, ours with them. */
  if (rtb_cpu_count (measured, RTB_MAX_CPUS) == 0)
    return;
  for (int i = 0; i < RTB_MAX_CPUS / 64; i++)
    others[i] = w->allowed_cpus[i] & ~measured[i];
  if (rtb_cpu_list_format (others, RTB_MAX_CPUS, list, sizeof list) < 0)
    snprintf (list, sizeof list, "the others");

  if (rtb_cpu_count (others, RTB_MAX_CPUS) == 0)
    {
      w->shares_measured_cpus = true;
      rtb_worker_log ("every CPU this process may use is measured: its own threads (main, "
                      "writer) share the measured CPUs");
      return;
    }
  set = CPU_ALLOC (RTB_MAX_CPUS);
  if (set == NULL)
    err = ENOMEM;
  else
    {
      CPU_ZERO_S (size, set);
      for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
        if (rtb_cpu_isset (others, cpu))
          CPU_SET_S ((size_t) cpu, size, set);
      if (sched_setaffinity (0, size, set) != 0)
        err = errno;
      CPU_FREE (set);
    }
  if (err != 0)
    {
      w->shares_measured_cpus = true;
      rtb_worker_log ("moving its own threads to CPUs %s failed: %s; they share the "
                      "measured CPUs", list, strerror (err));
      return;
    }
  rtb_worker_log ("its own threads (main, writer) run on CPUs %s, off the measured ones", list);
}

void
rtb_worker_setup_release_realtime (RtbWorker *w)
{
  if (w->hello.mlockall_errno == 0 && munlockall () != 0)
    rtb_worker_log ("munlockall: %s", strerror (errno));
  if (dma_latency_fd >= 0)
    close (dma_latency_fd);
  dma_latency_fd = -1;
  w->memory_locked = false;
  w->dma_latency_held = false;
  rtb_worker_log ("an ordinary thread: memory unlocked, cpu_dma_latency released");
}

int
rtb_worker_setup_highest_cpu (const uint64_t *cpus)
{
  for (int cpu = RTB_MAX_CPUS - 1; cpu >= 0; cpu--)
    if (rtb_cpu_isset (cpus, cpu))
      return cpu;
  return -1;
}

bool
rtb_worker_setup_parent_alive (void)
{
  return getppid () == parent_pid;
}

void
rtb_worker_setup_process (RtbWorker *w)
{
  RtbHelloFrame *hello = &w->hello;
  struct utsname uts;
  long n_online;

  parent_pid = getppid ();
  prctl (PR_SET_PDEATHSIG, SIGTERM);
  /* The parent may have died before the line above: then no signal will ever come. */
  if (!rtb_worker_setup_parent_alive ())
    {
      rtb_worker_log ("the parent process is gone: exiting");
      exit (0);
    }

  memset (hello, 0, sizeof *hello);
  hello->protocol_version = RTB_PROTOCOL_VERSION;
  hello->pid = (uint32_t) getpid ();
  hello->euid = (uint32_t) geteuid ();
  n_online = sysconf (_SC_NPROCESSORS_ONLN);
  hello->n_cpus_online = n_online > 0 ? (uint32_t) n_online : 1;
  hello->mlockall_errno = lock_memory ();
  hello->dma_latency_errno = hold_dma_latency ();
  hello->rt_priority_max = rt_priority_max ();
  hello->rt_runtime_us = read_rt_setting ("/proc/sys/kernel/sched_rt_runtime_us");
  w->rt_period_us = read_rt_setting ("/proc/sys/kernel/sched_rt_period_us");
  snprintf (hello->worker_version, sizeof hello->worker_version, "%s", PACKAGE_VERSION);
  if (uname (&uts) == 0)
    snprintf (hello->machine, sizeof hello->machine, "%.31s", uts.machine);

  w->gpio.fd = -1;
  w->memory_locked = hello->mlockall_errno == 0;
  w->dma_latency_held = hello->dma_latency_errno == 0;
  read_usable_cpus (w);
  read_isolated_cpus (w);

  rtb_worker_log ("version %s, pid %d, euid %d, %u CPUs online", PACKAGE_VERSION, (int) getpid (),
                  (int) geteuid (), hello->n_cpus_online);
  rtb_worker_log ("mlockall: %s; cpu_dma_latency: %s; rt priority max %d; sched_rt_runtime_us %d",
                  hello->mlockall_errno == 0
                    ? "locked"
                    : memlock_limited
                      ? "not done, RLIMIT_MEMLOCK is limited (needs root or CAP_IPC_LOCK)"
                      : strerror (hello->mlockall_errno),
                  hello->dma_latency_errno == 0 ? "held at 0" : strerror (hello->dma_latency_errno),
                  hello->rt_priority_max, hello->rt_runtime_us);
}
