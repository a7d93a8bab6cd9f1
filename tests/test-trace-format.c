/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The spike trace read in binary and written as trace_pipe's lines, against the kernel's own
 * text. The fixtures come from the lab's board-rt (Debian's 6.1 PREEMPT_RT arm64 kernel): an
 * instance of 32 KiB per CPU, its clock mono, record-tgid on, recorded sched_switch,
 * sched_waking, sched_wakeup, irq_handler_entry/exit and softirq_entry/exit for a second while
 * `ls -R /sys` ran, so that it overwrote its oldest events; with tracing then off, its `trace`
 * file (text, not consumed), CPU 0's stats and trace_pipe_raw (binary, consumed) and the
 * events' format files were saved (tests/data/trace-page/sched-*). */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "rtb-trace-parse.h"
#include "trace-format-lines.h"
#include "trace-fixture.h"

static const char *const events[] = {
  "sched/sched_switch", "sched/sched_waking", "sched/sched_wakeup", "irq/irq_handler_entry",
  "irq/irq_handler_exit", "irq/softirq_entry", "irq/softirq_exit",
};

/* A tracefs tree of the fixtures: events/header_page and each event's format file. */
static char *
make_tracefs (void)
{
  char *dir = g_dir_make_tmp ("rtb-trace-format-XXXXXX", NULL);
  g_autofree char *header = trace_fixture ("header_page.txt", NULL);
  g_autofree char *header_path = g_build_filename (dir, "events", "header_page", NULL);

  g_assert_nonnull (dir);
  g_assert_cmpint (g_mkdir_with_parents (header_path, 0700), ==, 0);
  g_assert_cmpint (g_rmdir (header_path), ==, 0);
  g_assert_true (g_file_set_contents (header_path, header, -1, NULL));
  for (gsize i = 0; i < G_N_ELEMENTS (events); i++)
    {
      g_autofree char *name = g_strdup_printf ("sched-%s-format.txt", strchr (events[i], '/') + 1);
      g_autofree char *text = trace_fixture (name, NULL);
      g_autofree char *event_dir = g_build_filename (dir, "events", events[i], NULL);
      g_autofree char *path = g_build_filename (event_dir, "format", NULL);

      g_assert_cmpint (g_mkdir_with_parents (event_dir, 0700), ==, 0);
      g_assert_true (g_file_set_contents (path, text, -1, NULL));
    }
  return dir;
}

static void
remove_tree (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        remove_tree (path);
      else
        g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* What follows a line's flags column: "  550.073613: sched_switch: prev_comm=..." */
static const char *
after_flags (const char *line)
{
  const char *p = strstr (line, "] ");

  g_assert_nonnull (p);
  p += 2;
  p += strcspn (p, " ");
  return p + strspn (p, " ");
}

/* The kernel's lines of CPU 0 in its text trace. */
static GPtrArray *
kernel_lines (void)
{
  g_autofree char *text = trace_fixture ("sched-trace.txt", NULL);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GPtrArray *want = g_ptr_array_new_with_free_func (g_free);

  for (char **line = lines; *line != NULL; line++)
    if (**line != '#' && strstr (*line, "[000] ") != NULL)
      g_ptr_array_add (want, g_strdup (*line));
  return want;
}

/* The worker's lines of CPU 0's binary pages, tasks looked up in `proc`. */
static GPtrArray *
worker_lines (const char *tracefs, const char *proc, guint64 *missed)
{
  gsize len;
  g_autofree char *raw = trace_fixture ("sched-cpu0.raw", &len);

  return trace_format_lines (tracefs, proc, raw, len, 4096, 0, missed);
}

/* Every event of the binary pages is the kernel's line: the same time, event and fields byte
 * for byte, the same CPU; parsed, the same event, the task's name where the events named it
 * (else "<...>", as no /proc is looked up here); its thread group not known (no /proc). */
static void
test_lines (void)
{
  g_autofree char *tracefs = make_tracefs ();
  g_autoptr (GPtrArray) want = kernel_lines ();
  g_autoptr (GPtrArray) got = NULL;
  guint64 missed;
  guint named = 0;

  got = worker_lines (tracefs, "/nonexistent-proc", &missed);
  g_assert_cmpuint (want->len, ==, 714);
  g_assert_cmpuint (got->len, ==, want->len);
  g_assert_cmpuint (missed, ==, trace_fixture_overrun ("sched-cpu0-stats.txt"));
  for (guint i = 0; i < want->len; i++)
    {
      const char *ours = got->pdata[i], *theirs = want->pdata[i];
      RtbTraceEvent a, b;

      g_assert_cmpstr (after_flags (ours), ==, after_flags (theirs));
      g_assert_nonnull (strstr (ours, " [000] "));
      g_assert_true (rtb_trace_parse_line (ours, strlen (ours), &a));
      g_assert_true (rtb_trace_parse_line (theirs, strlen (theirs), &b));
      g_assert_cmpint (a.kind, ==, b.kind);
      g_assert_cmpint (a.time_ns, ==, b.time_ns);
      g_assert_cmpint (a.task_pid, ==, b.task_pid);
      if (strcmp (a.task_comm, "<...>") != 0)
        {
          g_assert_cmpstr (a.task_comm, ==, b.task_comm);
          named++;
        }
      g_assert_cmpint (a.task_tgid, ==, -1);
      g_assert_cmpstr (a.prev_comm, ==, b.prev_comm);
      g_assert_cmpint (a.prev_pid, ==, b.prev_pid);
      g_assert_cmpint (a.prev_prio, ==, b.prev_prio);
      g_assert_cmpint (a.prev_runnable, ==, b.prev_runnable);
      g_assert_cmpstr (a.next_comm, ==, b.next_comm);
      g_assert_cmpint (a.next_pid, ==, b.next_pid);
      g_assert_cmpint (a.next_prio, ==, b.next_prio);
      g_assert_cmpint (a.number, ==, b.number);
      g_assert_cmpstr (a.name, ==, b.name);
    }
  /* The sched events name every task that ran or woke on the CPU in this second. */
  g_assert_cmpuint (named, ==, want->len);
  remove_tree (tracefs);
}

/* "   ls-190     (    190) [000]": the head before the flags column. */
static char *
head_of (const char *line)
{
  return g_strndup (line, (gsize) (strstr (line, " [000] ") - line) + 6);
}

/* With each task's /proc (its status naming the thread group the kernel's text gives it), every
 * line's head is the kernel's too, byte for byte: name, pid and thread group. */
static void
test_heads (void)
{
  g_autofree char *tracefs = make_tracefs ();
  g_autofree char *proc = g_build_filename (tracefs, "proc", NULL);
  g_autoptr (GPtrArray) want = kernel_lines ();
  g_autoptr (GPtrArray) got = NULL;
  guint64 missed;

  for (guint i = 0; i < want->len; i++)
    {
      const char *line = want->pdata[i];
      RtbTraceEvent e;
      g_autofree char *dir = NULL, *status = NULL, *path = NULL;

      g_assert_true (rtb_trace_parse_line (line, strlen (line), &e));
      g_assert_cmpint (e.task_tgid, >, 0);
      dir = g_strdup_printf ("%s/%d", proc, e.task_pid);
      if (g_file_test (dir, G_FILE_TEST_IS_DIR))
        continue;
      g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
      status = g_strdup_printf ("Name:\t%s\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t%d\n"
                                "Ngid:\t0\nPid:\t%d\n", e.task_comm, e.task_tgid, e.task_pid);
      path = g_build_filename (dir, "status", NULL);
      g_assert_true (g_file_set_contents (path, status, -1, NULL));
    }
  got = worker_lines (tracefs, proc, &missed);
  g_assert_cmpuint (got->len, ==, want->len);
  for (guint i = 0; i < want->len; i++)
    {
      g_autofree char *ours = head_of (got->pdata[i]);
      g_autofree char *theirs = head_of (want->pdata[i]);

      g_assert_cmpstr (ours, ==, theirs);
    }
  remove_tree (tracefs);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace-format/lines", test_lines);
  g_test_add_func ("/trace-format/heads", test_heads);
  return g_test_run ();
}
