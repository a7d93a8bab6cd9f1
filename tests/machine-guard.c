/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/swap.h>
#include <unistd.h>

#include "machine-guard.h"

#define RT_RUNTIME "/proc/sys/kernel/sched_rt_runtime_us"

typedef struct {
  char *path;
  char *value;
} Setting;

static char *
read_line (const char *path)
{
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return g_strstrip (text);
}

/* Every setting the test may change: RT throttling and each interrupt's allowed CPUs. */
static GArray *
settings_read (void)
{
  GArray *settings = g_array_new (FALSE, FALSE, sizeof (Setting));
  DIR *dir = opendir ("/proc/irq");
  Setting rt = { g_strdup (RT_RUNTIME), read_line (RT_RUNTIME) };
  struct dirent *entry;

  g_array_append_val (settings, rt);
  while (dir != NULL && (entry = readdir (dir)) != NULL)
    {
      Setting irq;

      if (!g_ascii_isdigit (entry->d_name[0]))
        continue;
      irq.path = g_strdup_printf ("/proc/irq/%s/smp_affinity_list", entry->d_name);
      irq.value = read_line (irq.path);
      g_array_append_val (settings, irq);
    }
  if (dir != NULL)
    closedir (dir);
  return settings;
}

static gboolean
swap_file_on (void)
{
  g_autofree char *swaps = NULL;

  return g_file_get_contents ("/proc/swaps", &swaps, NULL, NULL) &&
         strstr (swaps, MACHINE_GUARD_SWAP_FILE) != NULL;
}

char *
machine_guard_describe (void)
{
  GArray *settings = settings_read ();
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < settings->len; i++)
    {
      Setting *s = &g_array_index (settings, Setting, i);

      g_string_append_printf (text, "%s %s\n", s->path, s->value != NULL ? s->value : "-");
      g_free (s->path);
      g_free (s->value);
    }
  g_array_free (settings, TRUE);
  g_string_append_printf (text, "swap file %s\n", swap_file_on () ? "on" : "off");
  return g_string_free (text, FALSE);
}

static gboolean
write_line (const char *path, const char *value)
{
  int fd = open (path, O_WRONLY | O_TRUNC | O_CLOEXEC);
  gboolean written;

  if (fd < 0)
    return FALSE;
  written = write (fd, value, strlen (value)) == (ssize_t) strlen (value);
  return close (fd) == 0 && written;
}

static void
restore (GArray *saved)
{
  for (guint i = 0; i < saved->len; i++)
    {
      Setting *s = &g_array_index (saved, Setting, i);
      g_autofree char *now = read_line (s->path);

      if (s->value == NULL || now == NULL || strcmp (now, s->value) == 0)
        continue;
      fprintf (stderr, "machine guard: %s was %s, %s to %s\n", s->path, now,
               write_line (s->path, s->value) ? "restored" : "could not restore it", s->value);
    }
  if (swap_file_on ())
    fprintf (stderr, "machine guard: swap on %s, %s\n", MACHINE_GUARD_SWAP_FILE,
             swapoff (MACHINE_GUARD_SWAP_FILE) == 0 ? "turned off" : "could not turn it off");
  if (unlink (MACHINE_GUARD_SWAP_FILE) == 0)
    fprintf (stderr, "machine guard: removed %s\n", MACHINE_GUARD_SWAP_FILE);
}

static void
guard (int test_alive, GArray *saved)
{
  int null = open ("/dev/null", O_RDONLY);
  char byte;

  setsid ();
  signal (SIGPIPE, SIG_IGN);
  signal (SIGHUP, SIG_IGN);
  signal (SIGINT, SIG_IGN);
  signal (SIGTERM, SIG_IGN);
  dup2 (null, STDIN_FILENO);
  close (null);
  /* EOF once the test, the only other holder of the pipe's write end, is gone. */
  while (read (test_alive, &byte, 1) != 0)
    ;
  restore (saved);
  _exit (0);
}

void
machine_guard_start (void)
{
  GArray *saved = settings_read ();
  int alive[2];
  pid_t pid;

  if (pipe2 (alive, O_CLOEXEC) != 0)
    g_error ("machine guard: no pipe: %s", g_strerror (errno));
  fflush (stdout);
  fflush (stderr);
  pid = fork ();
  if (pid < 0)
    g_error ("machine guard: cannot fork: %s", g_strerror (errno));
  if (pid == 0)
    {
      close (alive[1]);
      guard (alive[0], saved);
    }
  close (alive[0]);
  /* alive[1] stays open, unused, until this process ends; not inherited by its children. */
  for (guint i = 0; i < saved->len; i++)
    {
      g_free (g_array_index (saved, Setting, i).path);
      g_free (g_array_index (saved, Setting, i).value);
    }
  g_array_free (saved, TRUE);
}
