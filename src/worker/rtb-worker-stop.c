/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "rtb-worker.h"

atomic_bool rtb_worker_stopping;

static atomic_int stop_reason;
static volatile sig_atomic_t last_signal;
static int wake_fds[2] = { -1, -1 };

static void
on_stop_signal (int signo)
{
  int saved_errno = errno;
  char c = 's';

  last_signal = signo;
  if (write (wake_fds[1], &c, 1) < 0)
    {
      /* the pipe is full: main wakes anyway */
    }
  errno = saved_errno;
}

/* Only there to make a sleeping measurement thread's clock_nanosleep return EINTR. */
static void
on_interrupt (int signo)
{
}

bool
rtb_worker_stop_init (void)
{
  struct sigaction sa;

  if (pipe2 (wake_fds, O_CLOEXEC | O_NONBLOCK) < 0)
    return false;

  memset (&sa, 0, sizeof sa);
  sigemptyset (&sa.sa_mask);
  sa.sa_handler = SIG_IGN;
  sigaction (SIGPIPE, &sa, NULL);

  sa.sa_handler = on_stop_signal;
  sa.sa_flags = SA_RESTART;
  sigaction (SIGTERM, &sa, NULL);
  sigaction (SIGINT, &sa, NULL);
  sigaction (SIGHUP, &sa, NULL);

  sa.sa_handler = on_interrupt;
  sa.sa_flags = 0;
  sigaction (SIGUSR1, &sa, NULL);
  return true;
}

int
rtb_worker_stop_wake_fd (void)
{
  return wake_fds[0];
}

void
rtb_worker_stop_wake (void)
{
  char c = 'w';

  if (write (wake_fds[1], &c, 1) < 0)
    {
      /* full: a wake-up is already pending */
    }
}

void
rtb_worker_stop_request (RtbEndReason reason)
{
  int expected = 0;

  atomic_compare_exchange_strong (&stop_reason, &expected, (int) reason);
  atomic_store (&rtb_worker_stopping, true);
  rtb_worker_stop_wake ();
}

RtbEndReason
rtb_worker_stop_reason (void)
{
  return (RtbEndReason) atomic_load (&stop_reason);
}

int
rtb_worker_stop_take_signal (void)
{
  char buf[64];
  int signo;

  while (read (wake_fds[0], buf, sizeof buf) > 0)
    ;
  signo = last_signal;
  last_signal = 0;
  return signo;
}
