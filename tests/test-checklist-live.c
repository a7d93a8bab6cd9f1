/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The checklist follows what changes on this machine: a SCHED_FIFO 99 sleeper on a measured
 * CPU, RT throttling turned off, an interrupt moved onto a measured CPU, swap turned on. Each
 * change is undone before anything is asserted, on every path, and a guardian process
 * (machine-guard.c) puts back whatever is left once the test has ended, killed or not; the
 * last case kills a copy of this test mid-change to show it. Needs root. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "machine-guard.h"
#include "proc-test-util.h"
#include "rt-sleeper.h"
#include "rtb-checklist.h"

static const RtbCheck *
judge (const char *cpus, const char *id, GPtrArray **keep)
{
  g_autoptr (GHashTable) snapshot = rtb_system_snapshot_read ("/");
  uint64_t set[RTB_MAX_CPUS / 64];
  RtbChecklistFor what = { set, 99, NULL };

  g_assert_true (rtb_cpu_list_parse (cpus, set, RTB_MAX_CPUS, NULL));
  *keep = rtb_checklist_evaluate (snapshot, &what);
  return rtb_checklist_find (*keep, id);
}

static gboolean
root_with_two_cpus (void)
{
  if (geteuid () != 0)
    {
      g_test_skip ("needs root to change scheduling, sysctls, interrupts and swap");
      return FALSE;
    }
  if (sysconf (_SC_NPROCESSORS_ONLN) < 2)
    {
      g_test_skip ("needs two CPUs");
      return FALSE;
    }
  return TRUE;
}

static void
test_rt_sleeper (void)
{
  g_autoptr (GPtrArray) on_1 = NULL, on_0 = NULL, after = NULL;
  g_autofree char *mark = NULL;
  const RtbCheck *listed, *elsewhere, *gone;
  GPid pid;

  if (!root_with_two_cpus ())
    return;
  pid = rt_sleeper_start ();
  mark = rt_sleeper_mark (pid);
  listed = judge ("1", "sched.rt_tasks", &on_1);
  elsewhere = judge ("0", "sched.rt_tasks", &on_0);
  rt_sleeper_stop (pid);
  gone = judge ("1", "sched.rt_tasks", &after);

  g_test_message ("CPU 1: %s\nCPU 0: %s\nafter: %s", listed->value, elsewhere->value,
                  gone->value);
  g_assert_cmpint (listed->status, ==, RTB_CHECK_BAD);
  g_assert_nonnull (strstr (listed->value, mark));
  g_assert_null (strstr (elsewhere->value, mark));
  g_assert_null (strstr (gone->value, mark));
}

static char *
read_text (const char *path)
{
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return g_strstrip (text);
}

static gboolean
write_text (const char *path, const char *text)
{
  return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_NONE, 0644, NULL);
}

static void
test_rt_throttling_off (void)
{
  static const char *path = "/proc/sys/kernel/sched_rt_runtime_us";
  g_autofree char *saved = NULL;
  g_autoptr (GPtrArray) off = NULL, on = NULL;
  RtbCheckStatus status_off, status_on;
  g_autofree char *value_off = NULL;
  gboolean wrote;

  if (!root_with_two_cpus ())
    return;
  saved = read_text (path);
  g_assert_nonnull (saved);
  if (strcmp (saved, "-1") == 0)
    {
      g_test_skip ("RT throttling is already off here");
      return;
    }
  wrote = write_text (path, "-1");
  status_off = judge ("0-1", "sched.rt_throttling", &off)->status;
  value_off = g_strdup (rtb_checklist_find (off, "sched.rt_throttling")->value);
  g_assert_true (write_text (path, saved));
  status_on = judge ("0-1", "sched.rt_throttling", &on)->status;

  g_test_message ("off: %s; restored to %s", value_off, saved);
  g_assert_true (wrote);
  g_assert_cmpint (status_off, ==, RTB_CHECK_COULD_BE_BETTER);
  g_assert_cmpstr (value_off, ==, "off (sched_rt_runtime_us = -1)");
  g_assert_cmpint (status_on, ==, RTB_CHECK_GOOD);
}

typedef struct {
  guint irq;
  char *affinity;
} SavedIrq;

static void
saved_irq_clear (SavedIrq *saved)
{
  g_autofree char *path = g_strdup_printf ("/proc/irq/%u/smp_affinity_list", saved->irq);

  if (!write_text (path, saved->affinity))
    g_test_message ("could not restore IRQ %u to %s", saved->irq, saved->affinity);
  g_free (saved->affinity);
}

/* Moves IRQ `irq` to `cpu`, keeping its old affinity in `saved`; FALSE when it cannot move. */
static gboolean
move_irq (guint irq, const char *cpu, GArray *saved)
{
  g_autofree char *path = g_strdup_printf ("/proc/irq/%u/smp_affinity_list", irq);
  SavedIrq entry = { irq, read_text (path) };

  if (entry.affinity == NULL || !write_text (path, cpu))
    {
      g_free (entry.affinity);
      return FALSE;
    }
  g_array_append_val (saved, entry);
  return TRUE;
}

/* How many interrupts an item's value names: "… serves interrupts 24 (acpi), 26 (ttyS0) and
 * 4 more" is 6; 0 when it names none. */
static guint
count_irqs (const char *value)
{
  const char *list = strstr (value, "interrupt");
  const char *more;
  guint n = 1;

  if (list == NULL)
    return 0;
  for (const char *p = list; *p != '\0'; p++)
    n += *p == ',';
  more = strstr (list, " and ");
  return more != NULL ? n + (guint) atoi (more + strlen (" and ")) : n;
}

static gboolean
wait_effective (guint irq, const char *cpu)
{
  g_autofree char *path = g_strdup_printf ("/proc/irq/%u/effective_affinity_list", irq);

  /* x86 moves an interrupt when it next fires. */
  for (int i = 0; i < 500; i++)
    {
      g_autofree char *effective = read_text (path);

      if (g_strcmp0 (effective, cpu) == 0)
        return TRUE;
      g_usleep (10000);
    }
  return FALSE;
}

typedef struct {
  guint irq;
  guint64 count;
} IrqCount;

static gint
busier (gconstpointer a, gconstpointer b)
{
  const IrqCount *x = a, *y = b;

  return (y->count > x->count) - (y->count < x->count);
}

/* Numbered interrupts of /proc/interrupts, the most frequent first. */
static GArray *
busiest_irqs (void)
{
  g_autofree char *text = read_text ("/proc/interrupts");
  g_auto (GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);
  g_autoptr (GArray) counts = g_array_new (FALSE, FALSE, sizeof (IrqCount));
  GArray *irqs = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) words = g_strsplit_set (g_strstrip (lines[i]), " \t", -1);
      IrqCount entry = { 0, 0 };
      guint64 irq;
      char *colon;

      if (words[0] == NULL || (colon = strchr (words[0], ':')) == NULL)
        continue;
      *colon = '\0';
      if (!g_ascii_string_to_unsigned (words[0], 10, 0, G_MAXUINT, &irq, NULL))
        continue;
      entry.irq = (guint) irq;
      for (guint w = 1; words[w] != NULL && (g_ascii_isdigit (words[w][0]) || !words[w][0]); w++)
        entry.count += g_ascii_strtoull (words[w], NULL, 10);
      g_array_append_val (counts, entry);
    }
  g_array_sort (counts, busier);
  for (guint i = 0; i < counts->len; i++)
    g_array_append_val (irqs, g_array_index (counts, IrqCount, i).irq);
  return irqs;
}

static void
test_irq_moved (void)
{
  g_autoptr (GArray) saved = g_array_new (FALSE, TRUE, sizeof (SavedIrq));
  g_autoptr (GArray) candidates = NULL;
  g_autoptr (GPtrArray) before = NULL, after = NULL;
  g_autofree char *before_value = NULL, *after_value = NULL, *entry = NULL;
  RtbCheckStatus after_status = RTB_CHECK_UNKNOWN;
  guint moved = G_MAXUINT;

  if (!root_with_two_cpus ())
    return;
  g_array_set_clear_func (saved, (GDestroyNotify) saved_irq_clear);
  /* A busy interrupt moved onto CPU 0 and then onto CPU 1: the item follows it. */
  candidates = busiest_irqs ();
  for (guint i = 0; i < candidates->len && i < 4 && moved == G_MAXUINT; i++)
    {
      guint irq = g_array_index (candidates, guint, i);

      if (move_irq (irq, "0", saved) && wait_effective (irq, "0"))
        {
          g_clear_pointer (&before_value, g_free);
          before_value = g_strdup (judge ("1", "cpus.irqs", &before)->value);
          if (move_irq (irq, "1", saved) && wait_effective (irq, "1"))
            {
              moved = irq;
              after_status = judge ("1", "cpus.irqs", &after)->status;
              after_value = g_strdup (rtb_checklist_find (after, "cpus.irqs")->value);
            }
        }
      /* Restored newest first, so the interrupt ends where it was. */
      while (saved->len > 0)
        g_array_remove_index (saved, saved->len - 1);
    }

  g_test_message ("before: %s\nIRQ %u moved onto CPU 1: %s", before_value, moved,
                  after_value);
  if (moved == G_MAXUINT)
    {
      g_test_skip ("no interrupt here follows a move onto CPU 1");
      return;
    }
  entry = g_strdup_printf (" %u (", moved);
  g_assert_cmpint (after_status, !=, RTB_CHECK_GOOD);
  g_assert_null (strstr (before_value, entry));
  g_assert_cmpuint (count_irqs (after_value), ==, count_irqs (before_value) + 1);
  /* Listed by number, the first six by name. */
  if (strstr (after_value, entry) == NULL)
    g_assert_nonnull (strstr (after_value, " more"));
}

static gboolean
run (const char *command)
{
  int status;

  return g_spawn_command_line_sync (command, NULL, NULL, &status, NULL) &&
         g_spawn_check_wait_status (status, NULL);
}

static void
test_swap (void)
{
  static const char *file = MACHINE_GUARD_SWAP_FILE;
  g_autoptr (GPtrArray) with = NULL, without = NULL, had = NULL;
  g_autofree char *with_value = NULL;
  RtbCheckStatus with_status, without_status;
  gboolean on;

  if (!root_with_two_cpus ())
    return;
  if (judge ("0", "mem.swap", &had)->status != RTB_CHECK_GOOD)
    {
      g_test_skip ("swap is already on here");
      return;
    }
  if (!run ("fallocate -l 16M " MACHINE_GUARD_SWAP_FILE) ||
      g_chmod (file, 0600) != 0 || !run ("mkswap -q " MACHINE_GUARD_SWAP_FILE))
    {
      g_unlink (file);
      g_test_skip ("cannot make a swap file in /var/tmp");
      return;
    }
  on = run ("swapon " MACHINE_GUARD_SWAP_FILE);
  with_status = judge ("0", "mem.swap", &with)->status;
  with_value = g_strdup (rtb_checklist_find (with, "mem.swap")->value);
  if (on)
    run ("swapoff " MACHINE_GUARD_SWAP_FILE);
  g_unlink (file);
  without_status = judge ("0", "mem.swap", &without)->status;

  if (!on)
    {
      g_test_skip ("swapon is refused here");
      return;
    }
  g_test_message ("on: %s", with_value);
  g_assert_cmpint (with_status, ==, RTB_CHECK_COULD_BE_BETTER);
  g_assert_cmpstr (with_value, ==, "15 MiB of swap");
  g_assert_cmpint (without_status, ==, RTB_CHECK_GOOD);
}

#define HOLD_ENV "RTBENCH_CHECKLIST_LIVE_HOLD"

/* The copy of the test that is killed: makes every change, says which on stdout, and waits. */
static void G_GNUC_NORETURN
hold_changed (void)
{
  g_autoptr (GArray) irqs = busiest_irqs ();
  GString *made = g_string_new ("changed");

  machine_guard_start ();
  if (write_text ("/proc/sys/kernel/sched_rt_runtime_us", "-1"))
    g_string_append (made, " throttling");
  for (guint i = 0; i < irqs->len && i < 4; i++)
    {
      g_autofree char *path = g_strdup_printf ("/proc/irq/%u/smp_affinity_list",
                                               g_array_index (irqs, guint, i));
      g_autofree char *was = read_text (path);

      if (was != NULL && write_text (path, strcmp (was, "1") == 0 ? "0" : "1"))
        {
          g_string_append (made, " irq");
          break;
        }
    }
  if (run ("fallocate -l 16M " MACHINE_GUARD_SWAP_FILE) &&
      g_chmod (MACHINE_GUARD_SWAP_FILE, 0600) == 0 && run ("mkswap -q " MACHINE_GUARD_SWAP_FILE) &&
      run ("swapon " MACHINE_GUARD_SWAP_FILE))
    g_string_append (made, " swap");
  g_string_append_printf (made, " sleeper %d\n", rt_sleeper_start ());
  fputs (made->str, stdout);
  fflush (stdout);
  for (;;)
    pause ();
}

static char *
read_all (int fd)
{
  GString *text = g_string_new (NULL);
  char buffer[4096];
  ssize_t n;

  while ((n = read (fd, buffer, sizeof buffer)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0)
      g_string_append_len (text, buffer, n);
  close (fd);
  return g_string_free (text, FALSE);
}

/* Reads the first line from `fd`, a byte at a time so nothing after it is taken. */
static char *
read_first_line (int fd)
{
  GString *line = g_string_new (NULL);
  char c;

  while (read (fd, &c, 1) == 1 && c != '\n')
    g_string_append_c (line, c);
  return g_string_free (line, FALSE);
}

static void
test_killed_mid_change (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  const char *argv[] = { self, NULL };
  g_auto (GStrv) envp = g_environ_setenv (g_get_environ (), HOLD_ENV, "1", TRUE);
  g_autofree char *before = NULL, *during = NULL, *after = NULL, *line = NULL;
  g_autofree char *rest = NULL, *guard_said = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) words = NULL;
  int out, err, sleeper = 0;
  GPid pid;

  if (!root_with_two_cpus ())
    return;
  before = machine_guard_describe ();
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, envp, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, &out, &err, &error));
  g_assert_no_error (error);
  line = read_first_line (out);
  during = machine_guard_describe ();
  kill (pid, SIGKILL);
  waitpid (pid, NULL, 0);
  g_spawn_close_pid (pid);
  /* The guardian holds the killed test's stdout and stderr until it has restored everything. */
  rest = read_all (out);
  guard_said = read_all (err);
  after = machine_guard_describe ();

  g_test_message ("the killed test had %s; its guardian said:\n%s", line, guard_said);
  words = g_strsplit (line, " ", -1);
  g_assert_cmpstr (words[0], ==, "changed");
  for (guint i = 1; words[i] != NULL; i++)
    if (strcmp (words[i], "sleeper") == 0 && words[i + 1] != NULL)
      sleeper = atoi (words[i + 1]);
  g_assert_cmpint (sleeper, >, 0);
  g_assert_cmpstr (during, !=, before);
  if (g_strv_contains ((const char *const *) words, "throttling"))
    g_assert_nonnull (strstr (guard_said, "sched_rt_runtime_us was -1, restored"));
  if (g_strv_contains ((const char *const *) words, "swap"))
    g_assert_nonnull (strstr (guard_said, "turned off"));
  g_assert_cmpstr (after, ==, before);
  g_assert_false (g_file_test (MACHINE_GUARD_SWAP_FILE, G_FILE_TEST_EXISTS));
  /* Its SCHED_FIFO 99 sleeper died with it. */
  for (int i = 0; i < 500 && !test_process_gone (sleeper); i++)
    g_usleep (10000);
  g_assert_true (test_process_gone (sleeper));
}

int
main (int argc, char *argv[])
{
  if (g_getenv (HOLD_ENV) != NULL)
    hold_changed ();
  g_test_init (&argc, &argv, NULL);
  if (geteuid () == 0)
    machine_guard_start ();
  g_test_add_func ("/checklist-live/rt-sleeper", test_rt_sleeper);
  g_test_add_func ("/checklist-live/rt-throttling-off", test_rt_throttling_off);
  g_test_add_func ("/checklist-live/irq-moved", test_irq_moved);
  g_test_add_func ("/checklist-live/swap", test_swap);
  g_test_add_func ("/checklist-live/killed-mid-change", test_killed_mid_change);
  return g_test_run ();
}
