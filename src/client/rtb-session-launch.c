/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which worker a session runs, and whether it needs pkexec to get its real-time priority. */
#include "config.h"

#include <linux/capability.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "rtb-session-private.h"

gboolean
_rtb_session_is_executable_file (const char *path)
{
  return g_file_test (path, G_FILE_TEST_IS_REGULAR) && g_access (path, X_OK) == 0;
}

static gboolean
status_has_cap (const char *field, int cap)
{
  g_autofree char *status = NULL;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return FALSE;

  for (char *line = status; line != NULL && *line != '\0';)
    {
      char *next = strchr (line, '\n');
      if (g_str_has_prefix (line, field))
        {
          guint64 mask = g_ascii_strtoull (line + strlen (field), NULL, 16);
          return (mask >> cap) & 1;
        }
      line = next != NULL ? next + 1 : NULL;
    }
  return FALSE;
}

static gboolean
file_has_effective_cap (const char *path, int cap)
{
  struct vfs_cap_data data = { 0 };
  ssize_t size = getxattr (path, "security.capability", &data, sizeof data);

  if (size < (ssize_t) (sizeof data.magic_etc + sizeof data.data[0]))
    return FALSE;
  if ((GUINT32_FROM_LE (data.magic_etc) & VFS_CAP_FLAGS_EFFECTIVE) == 0)
    return FALSE;
  return (GUINT32_FROM_LE (data.data[cap / 32].permitted) >> (cap % 32)) & 1;
}

/* Whether `worker`, started directly by this process, may use the asked policy and priority.
 * Capabilities in the effective set do not survive exec of an ordinary file; only ambient ones
 * or the worker's own file capabilities do. */
gboolean
_rtb_session_can_use_priority (const char *worker, RtbPolicy policy, int priority)
{
  struct rlimit limit;

  if (policy == RTB_POLICY_OTHER || geteuid () == 0)
    return TRUE;
  if (status_has_cap ("CapAmb:", CAP_SYS_NICE) || file_has_effective_cap (worker, CAP_SYS_NICE))
    return TRUE;
  if (getrlimit (RLIMIT_RTPRIO, &limit) == 0
      && (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= (rlim_t) priority))
    return TRUE;
  return FALSE;
}

char *
_rtb_session_resolve_worker (GError **error)
{
  const char *env = g_getenv ("RTBENCH_WORKER");

  if (env != NULL && *env != '\0')
    {
      if (!_rtb_session_is_executable_file (env))
        {
          g_set_error (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_WORKER_MISSING,
                       _("RTBENCH_WORKER names “%s”, which is not an executable file: "
                         "build rtbench-worker or unset RTBENCH_WORKER"), env);
          return NULL;
        }
      return g_strdup (env);
    }

  if (!_rtb_session_is_executable_file (RTB_WORKER_PATH))
    {
      g_set_error (error, RTB_SESSION_ERROR, RTB_SESSION_ERROR_WORKER_MISSING,
                   _("The measurement worker is not installed (%s is missing): run "
                     "`meson install`, or set RTBENCH_WORKER to a built rtbench-worker"),
                   RTB_WORKER_PATH);
      return NULL;
    }
  return g_strdup (RTB_WORKER_PATH);
}

char *
rtb_session_find_worker (gboolean *needs_pkexec, GError **error)
{
  g_autofree char *worker = NULL;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  worker = _rtb_session_resolve_worker (error);
  if (worker != NULL && needs_pkexec != NULL)
    *needs_pkexec = !_rtb_session_can_use_priority (worker, RTB_POLICY_FIFO, RTB_PRIORITY_MAX);
  return g_steal_pointer (&worker);
}
