/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the worker gives up. It starts with whatever its launcher gave it (root through pkexec
 * or ssh, or file capabilities) and needs that only to create its threads with a real-time
 * policy, lock its memory and hold /dev/cpu_dma_latency. Once every thread exists, it keeps
 * nothing: no capability in any thread, no root uid, no way to gain privileges again.
 *
 * Capabilities belong to each thread, so every thread drops its own as soon as it is set up;
 * the uid change that clears what remains goes through glibc's setxid broadcast, which makes
 * every thread call the syscall, so until then each keeps CAP_SETUID and CAP_SETGID.
 */
#include "config.h"

#include <errno.h>
#include <grp.h>
#include <linux/capability.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "rtb-worker.h"

#define UNPRIVILEGED_ID 65534 /* nobody, nogroup */
#define CAP_WORDS 2

static uid_t target_uid = UNPRIVILEGED_ID;
static bool change_uid;

static bool
caps_get (struct __user_cap_data_struct *data)
{
  struct __user_cap_header_struct header = { .version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };

  memset (data, 0, sizeof (struct __user_cap_data_struct) * CAP_WORDS);
  return syscall (SYS_capget, &header, data) == 0;
}

static bool
caps_set (const struct __user_cap_data_struct *data)
{
  struct __user_cap_header_struct header = { .version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };

  return syscall (SYS_capset, &header, data) == 0;
}

static bool
cap_effective (const struct __user_cap_data_struct *data, int cap)
{
  return (data[cap / 32].effective >> (cap % 32)) & 1u;
}

/* "1000" as pkexec writes it; anything else, root's 0 included, means nobody. */
static uid_t
parse_uid (const char *text)
{
  unsigned long long value = 0;

  if (text == NULL || *text == '\0' || strlen (text) > 10)
    return UNPRIVILEGED_ID;
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p < '0' || *p > '9')
        return UNPRIVILEGED_ID;
      value = value * 10 + (unsigned long long) (*p - '0');
    }
  if (value == 0 || value >= (uid_t) -1)
    return UNPRIVILEGED_ID;
  return (uid_t) value;
}

void
rtb_worker_privilege_init (void)
{
  struct __user_cap_data_struct caps[CAP_WORDS];

  /* The one thing taken from the environment, and only as a uid to become. */
  target_uid = parse_uid (getenv ("PKEXEC_UID"));
  clearenv ();
  prctl (PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);

  change_uid = geteuid () == 0 && caps_get (caps) && cap_effective (caps, CAP_SETUID) &&
               cap_effective (caps, CAP_SETGID);
}

static void
drop_bounding_set (void)
{
  for (int cap = 0; cap < 64; cap++)
    {
      if (prctl (PR_CAPBSET_READ, cap, 0, 0, 0) != 1)
        {
          if (errno == EINVAL)
            break;
          continue;
        }
      /* Without CAP_SETPCAP the set cannot shrink; nothing can be gained from it anyway, as
       * the worker never executes a program and has no_new_privs. */
      if (prctl (PR_CAPBSET_DROP, cap, 0, 0, 0) != 0)
        break;
    }
}

/* Keeps only `keep` (a mask of the first word) of the effective and permitted sets. */
static bool
caps_limit (uint32_t keep)
{
  struct __user_cap_data_struct caps[CAP_WORDS];

  if (!caps_get (caps))
    return false;
  for (int i = 0; i < CAP_WORDS; i++)
    {
      uint32_t mask = i == 0 ? keep : 0;
      caps[i].permitted &= mask;
      caps[i].effective &= mask;
      caps[i].inheritable = 0;
    }
  return caps_set (caps);
}

bool
rtb_worker_privilege_drop_thread (void)
{
  uint32_t keep = 0;

  if (change_uid)
    keep = (1u << CAP_SETUID) | (1u << CAP_SETGID);
  drop_bounding_set ();
  return caps_limit (keep);
}

bool
rtb_worker_privilege_drop_process (bool memory_locked, int *sys_errno)
{
  gid_t gid = UNPRIVILEGED_ID;

  *sys_errno = 0;
  /* Everything the run uses is allocated and locked by now. Under MCL_FUTURE without
   * CAP_IPC_LOCK, any new page (the main thread's stack growing) would count against
   * RLIMIT_MEMLOCK and fault once the run's locked memory exceeds it: keep what is locked,
   * lock nothing more. */
  if (memory_locked && mlockall (MCL_CURRENT) != 0)
    rtb_worker_log ("mlockall (MCL_CURRENT): %s", strerror (errno));
  if (change_uid)
    {
      drop_bounding_set ();
      if (setgroups (0, NULL) != 0 || setresgid (gid, gid, gid) != 0 ||
          setresuid (target_uid, target_uid, target_uid) != 0)
        {
          *sys_errno = errno;
          return false;
        }
      /* A credential change clears the parent-death signal. */
      prctl (PR_SET_PDEATHSIG, SIGTERM);
      rtb_worker_log ("privileges dropped: uid %u, gid %u, no capabilities", (unsigned) target_uid,
                      (unsigned) gid);
    }
  else
    drop_bounding_set ();

  if (!caps_limit (0))
    {
      *sys_errno = errno;
      return false;
    }
  return true;
}
