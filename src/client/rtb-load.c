/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "rtb-load.h"

#define PGID_KEY "rtb-load-pgid"
#define LOG_FD_KEY "rtb-load-log-fd"
#define STOPPED_KEY "rtb-load-stopped"
#define GRACE_US (2 * G_USEC_PER_SEC)

static const char * const scenario_names[] = {
  [RTB_LOAD_NONE] = "none",
  [RTB_LOAD_CPU] = "cpu",
  [RTB_LOAD_FULL] = "full",
};

gboolean
rtb_load_scenario_from_string (const char *str, RtbLoadScenario *out)
{
  g_return_val_if_fail (str != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (scenario_names); i++)
    {
      if (g_str_equal (str, scenario_names[i]))
        {
          if (out != NULL)
            *out = (RtbLoadScenario) i;
          return TRUE;
        }
    }
  return FALSE;
}

const char *
rtb_load_scenario_to_string (RtbLoadScenario scenario)
{
  g_return_val_if_fail (scenario <= RTB_LOAD_FULL, NULL);

  return scenario_names[scenario];
}

GStrv
rtb_load_build_argv (RtbLoadScenario scenario, int n_cpus)
{
  g_autoptr(GStrvBuilder) builder = NULL;
  g_autofree char *n = NULL;

  g_return_val_if_fail (scenario <= RTB_LOAD_FULL, NULL);

  if (scenario == RTB_LOAD_NONE)
    return NULL;

  n = g_strdup_printf ("%d", n_cpus > 0 ? n_cpus : (int) g_get_num_processors ());
  builder = g_strv_builder_new ();
  g_strv_builder_add_many (builder, "stress-ng", "--cpu", n, "--cpu-method=all", NULL);
  if (scenario == RTB_LOAD_FULL)
    g_strv_builder_add_many (builder, "--io", n, "--vm", n, "--vm-bytes", "64M", NULL);
  /* Without a timeout stress-ng stops after a day; 0 lets it run until we stop it. */
  g_strv_builder_add_many (builder, "--timeout", "0", NULL);
  return g_strv_builder_end (builder);
}

static void
setup_child (gpointer user_data)
{
  /* Its own group, so stopping reaches every stressor it forks; and it must not outlive us. */
  setpgid (0, 0);
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static void
close_log_fd (gpointer data)
{
  g_close (GPOINTER_TO_INT (data), NULL);
}

GSubprocess *
rtb_load_start (RtbLoadScenario scenario, int n_cpus, GError **error)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) load = NULL;
  g_auto(GStrv) argv = NULL;
  g_autofree char *program = NULL;
  g_autofree char *log_path = NULL;
  const char *pid;
  int log_fd;

  g_return_val_if_fail (scenario != RTB_LOAD_NONE && scenario <= RTB_LOAD_FULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  program = g_find_program_in_path ("stress-ng");
  if (program == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("stress-ng is not installed: install it with `sudo apt install "
                             "stress-ng` (Debian/Ubuntu/Raspberry Pi OS) or `sudo dnf install "
                             "stress-ng`"));
      return NULL;
    }

  argv = rtb_load_build_argv (scenario, n_cpus);
  g_assert (argv != NULL); /* NULL only for RTB_LOAD_NONE, refused above */
  g_free (argv[0]);
  argv[0] = g_steal_pointer (&program);

  /* Its messages go to an unlinked file, read back by rtb_load_check: a pipe nobody drains
   * could stall it, and its progress lines would mix into rtbench-cli's output. */
  log_fd = g_file_open_tmp ("rtbench-stress-ng-XXXXXX.log", &log_path, error);
  if (log_fd < 0)
    return NULL;
  g_unlink (log_path);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE);
  g_subprocess_launcher_take_stderr_fd (launcher, dup (log_fd));
  /* stress-ng refuses to start in a directory it cannot write to. */
  g_subprocess_launcher_set_cwd (launcher, g_get_tmp_dir ());
  g_subprocess_launcher_set_child_setup (launcher, setup_child, NULL, NULL);
  load = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv, error);
  if (load == NULL)
    {
      g_close (log_fd, NULL);
      return NULL;
    }

  pid = g_subprocess_get_identifier (load);
  g_object_set_data (G_OBJECT (load), PGID_KEY, GINT_TO_POINTER (atoi (pid)));
  g_object_set_data_full (G_OBJECT (load), LOG_FD_KEY, GINT_TO_POINTER (log_fd), close_log_fd);
  return g_steal_pointer (&load);
}

static char *
last_log_line (GSubprocess *load)
{
  int fd = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (load), LOG_FD_KEY));
  char buf[4096];
  off_t size = lseek (fd, 0, SEEK_END);
  off_t start = size > (off_t) sizeof buf - 1 ? size - (off_t) sizeof buf + 1 : 0;
  ssize_t n = pread (fd, buf, sizeof buf - 1, start);
  g_auto(GStrv) lines = NULL;

  if (n <= 0)
    return NULL;
  buf[n] = '\0';
  lines = g_strsplit (buf, "\n", -1);
  for (int i = (int) g_strv_length (lines) - 1; i >= 0; i--)
    if (*g_strstrip (lines[i]) != '\0')
      return g_utf8_make_valid (lines[i], -1);
  return NULL;
}

gboolean
rtb_load_check (GSubprocess *load, GError **error)
{
  g_autofree char *line = NULL;

  g_return_val_if_fail (G_IS_SUBPROCESS (load), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (g_subprocess_get_identifier (load) != NULL
      || g_object_get_data (G_OBJECT (load), STOPPED_KEY) != NULL)
    return TRUE;

  line = last_log_line (load);
  if (g_subprocess_get_if_signaled (load))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 _("The stress-ng load was killed by signal %d during the run%s%s"),
                 g_subprocess_get_term_sig (load), line != NULL ? ": " : "",
                 line != NULL ? line : "");
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 _("The stress-ng load ended by itself with status %d%s%s"),
                 g_subprocess_get_exit_status (load), line != NULL ? ": " : "",
                 line != NULL ? line : "");
  return FALSE;
}

/* Zombies count for kill(2) but not here: a reparented stressor may wait for a reaper. */
static gboolean
group_alive (pid_t pgid)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (kill (-pgid, 0) != 0 && errno == ESRCH)
    return FALSE;

  dir = g_dir_open ("/proc", 0, NULL);
  if (dir == NULL)
    return TRUE;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *stat = NULL;
      const char *end;
      char state;
      int pgrp;

      if (!g_ascii_isdigit (name[0]))
        continue;
      path = g_build_filename ("/proc", name, "stat", NULL);
      if (!g_file_get_contents (path, &stat, NULL, NULL))
        continue;
      /* "pid (comm) state ppid pgrp …", and comm may hold spaces and parentheses. */
      end = strrchr (stat, ')');
      if (end == NULL || sscanf (end + 1, " %c %*d %d", &state, &pgrp) != 2)
        continue;
      if (pgrp == pgid && state != 'Z' && state != 'X')
        return TRUE;
    }
  return FALSE;
}

static gboolean
wait_group (pid_t pgid, gint64 timeout_us)
{
  gint64 deadline = g_get_monotonic_time () + timeout_us;

  while (group_alive (pgid))
    {
      if (g_get_monotonic_time () >= deadline)
        return FALSE;
      g_usleep (10 * 1000);
    }
  return TRUE;
}

void
rtb_load_stop (GSubprocess *load)
{
  pid_t pgid;

  g_return_if_fail (G_IS_SUBPROCESS (load));

  pgid = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (load), PGID_KEY));
  g_return_if_fail (pgid > 0);

  if (g_subprocess_get_identifier (load) != NULL)
    g_object_set_data (G_OBJECT (load), STOPPED_KEY, GINT_TO_POINTER (TRUE));
  kill (-pgid, SIGTERM);
  if (!wait_group (pgid, GRACE_US))
    {
      g_debug ("stress-ng ignored SIGTERM for 2 s: sending SIGKILL to group %d", pgid);
      kill (-pgid, SIGKILL);
      wait_group (pgid, GRACE_US);
    }
  g_subprocess_wait (load, NULL, NULL);
}
