/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The trace parser and the explanation of spikes, on traces captured on the development VM
 * (tests/data/spikes: a SCHED_FIFO 99 task spinning on the measured CPU) and on made-up ones. */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rtb-compare-causes.h"
#include "rtb-csv.h"
#include "rtb-import.h"
#include "rtb-run.h"
#include "rtb-spike.h"
#include "rtb-trace-parse.h"
#include "run-file-test-util.h"

#define CULPRIT_PID 14226
#define TID 14230

typedef struct {
  RtbSpikeFrame frame;
  char *text;
} Fixture;

/* "# thread=0 flags=0 cpu=1 tid=… index=… value_ns=… deadline_ns=… wake_ns=…" then the trace */
static void
load_fixture (const char *name, Fixture *fx)
{
  g_autofree char *path = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "spikes", name, NULL);
  g_autofree char *contents = NULL;
  unsigned thread, flags, tid;
  int cpu;
  unsigned long long index;
  long long value, deadline, wake;
  char *nl;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpint (sscanf (contents,
                           "# thread=%u flags=%u cpu=%d tid=%u index=%llu value_ns=%lld "
                           "deadline_ns=%lld wake_ns=%lld", &thread, &flags, &cpu, &tid, &index,
                           &value, &deadline, &wake), ==, 8);
  memset (fx, 0, sizeof *fx);
  fx->frame = (RtbSpikeFrame) {
    .thread = (uint16_t) thread, .flags = (uint16_t) flags, .cpu = cpu, .tid = tid,
    .index = index, .value_ns = value, .deadline_ns = deadline, .wake_ns = wake,
  };
  nl = strchr (contents, '\n');
  g_assert_nonnull (nl);
  fx->text = g_strdup (nl + 1);
  fx->frame.text_len = (uint32_t) strlen (fx->text);
}

/* A run measured with --trace-above on the development VM, a SCHED_FIFO 99 task spinning on
 * its CPU. */
static RtbRun *
load_culprit_run (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "spikes",
                                            "culprit.rtbench", NULL);
  g_autoptr (GError) error = NULL;
  RtbRun *run = rtb_run_load (path, &error);

  g_assert_no_error (error);
  return run;
}

static void
test_parse_lines (void)
{
  RtbTraceEvent e;
  const char *sw = "         culprit-14226   [001] d..2.  7945.082979: sched_switch: "
                   "prev_comm=culprit prev_pid=14226 prev_prio=0 prev_state=S ==> "
                   "next_comm=CPU1 next_pid=14230 next_prio=19";
  const char *odd = " my task ==> x-77 [001] d..2. 12.000001: sched_switch: prev_comm=my task "
                    "==> x prev_pid=77 prev_prio=120 prev_state=R+ ==> next_comm=a b=c "
                    "next_pid=8 next_prio=-1";

  g_assert_true (rtb_trace_parse_line (sw, strlen (sw), &e));
  g_assert_cmpint (e.kind, ==, RTB_TRACE_EVENT_SWITCH);
  g_assert_cmpstr (e.task_comm, ==, "culprit");
  g_assert_cmpint (e.task_pid, ==, 14226);
  g_assert_cmpint (e.time_ns, ==, G_GINT64_CONSTANT (7945082979000));
  g_assert_cmpstr (e.prev_comm, ==, "culprit");
  g_assert_cmpint (e.prev_pid, ==, 14226);
  g_assert_cmpint (e.prev_prio, ==, 0);
  g_assert_cmpstr (e.next_comm, ==, "CPU1");
  g_assert_cmpint (e.next_pid, ==, 14230);
  g_assert_cmpint (e.next_prio, ==, 19);

  /* Names with spaces, "==>" and "=" in them. */
  g_assert_true (rtb_trace_parse_line (odd, strlen (odd), &e));
  g_assert_cmpstr (e.task_comm, ==, "my task ==> x");
  g_assert_cmpint (e.task_pid, ==, 77);
  g_assert_cmpstr (e.prev_comm, ==, "my task ==> x");
  g_assert_cmpint (e.prev_pid, ==, 77);
  g_assert_cmpstr (e.next_comm, ==, "a b=c");
  g_assert_cmpint (e.next_pid, ==, 8);
  g_assert_cmpint (e.next_prio, ==, -1);
  g_assert_cmpint (e.time_ns, ==, G_GINT64_CONSTANT (12000001000));

  const char *wk = "          cc1-14137   [001] d.h2.  7945.082449: sched_waking: comm=culprit "
                   "pid=14226 prio=0 target_cpu=001";
  g_assert_true (rtb_trace_parse_line (wk, strlen (wk), &e));
  g_assert_cmpint (e.kind, ==, RTB_TRACE_EVENT_WAKING);
  g_assert_cmpstr (e.next_comm, ==, "culprit");
  g_assert_cmpint (e.next_pid, ==, 14226);

  const char *irq = "  python3-18389   [001] d.h..  7574.954208: irq_handler_entry: irq=36 "
                    "name=virtio1-req.0";
  g_assert_true (rtb_trace_parse_line (irq, strlen (irq), &e));
  g_assert_cmpint (e.kind, ==, RTB_TRACE_EVENT_IRQ_ENTRY);
  g_assert_cmpint (e.number, ==, 36);
  g_assert_cmpstr (e.name, ==, "virtio1-req.0");
  const char *irq_exit = "  python3-18389   [001] d.h..  7574.954215: irq_handler_exit: irq=36 "
                         "ret=handled";
  g_assert_true (rtb_trace_parse_line (irq_exit, strlen (irq_exit), &e));
  g_assert_cmpint (e.kind, ==, RTB_TRACE_EVENT_IRQ_EXIT);

  const char *soft = "  msgfmt-18451   [001] ..s..  7574.912040: softirq_entry: vec=9 "
                     "[action=RCU]";
  g_assert_true (rtb_trace_parse_line (soft, strlen (soft), &e));
  g_assert_cmpint (e.kind, ==, RTB_TRACE_EVENT_SOFTIRQ_ENTRY);
  g_assert_cmpint (e.number, ==, 9);
  g_assert_cmpstr (e.name, ==, "RCU");

  /* Without record-tgid the line does not say the task's thread group; with it, it does, or
   * says that the kernel does not know it (the idle task). */
  g_assert_true (rtb_trace_parse_line (sw, strlen (sw), &e));
  g_assert_cmpint (e.task_tgid, ==, -1);
  const char *grouped = "          writer-129     (    120) [001] d..2.  7945.082979: "
                        "sched_switch: prev_comm=writer prev_pid=129 prev_prio=120 "
                        "prev_state=S ==> next_comm=CPU1 next_pid=131 next_prio=19";
  g_assert_true (rtb_trace_parse_line (grouped, strlen (grouped), &e));
  g_assert_cmpstr (e.task_comm, ==, "writer");
  g_assert_cmpint (e.task_pid, ==, 129);
  g_assert_cmpint (e.task_tgid, ==, 120);
  g_assert_cmpint (e.next_pid, ==, 131);
  const char *idle = "          <idle>-0       (-------) [001] d.h4.  7945.082000: sched_waking: "
                     "comm=CPU1 pid=131 prio=19 target_cpu=001";
  g_assert_true (rtb_trace_parse_line (idle, strlen (idle), &e));
  g_assert_cmpstr (e.task_comm, ==, "<idle>");
  g_assert_cmpint (e.task_pid, ==, 0);
  g_assert_cmpint (e.task_tgid, ==, -1);
  const char *paren = "  a (b)-77 (     70) [001] d..2.  12.000001: sched_waking: comm=x pid=1 "
                      "prio=120 target_cpu=001";
  g_assert_true (rtb_trace_parse_line (paren, strlen (paren), &e));
  g_assert_cmpstr (e.task_comm, ==, "a (b)");
  g_assert_cmpint (e.task_pid, ==, 77);
  g_assert_cmpint (e.task_tgid, ==, 70);

  /* Other events, headers, lost-event notes and broken lines are not events. */
  const char *bad[] = {
    "CPU:1 [LOST 393 EVENTS]",
    "# tracer: nop",
    "  a-1 [001] d..2.  7574.91204: softirq_entry: vec=9 [action=RCU]",
    "  a-1 [001] d..2.  7574.912040: sched_migrate_task: comm=x pid=1 prio=120",
    "  a-1 [001] d..2.  7574.912040: sched_switch: prev_comm=x prev_pid=1",
    "  a-1 [001] d..2.  7574.912040: sched_waking: comm=x pid=abc prio=1 target_cpu=001",
    "  a-1 [001] d..2.  7574.912040: irq_handler_entry: irq=99999999999 name=x",
    "",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_false (rtb_trace_parse_line (bad[i], strlen (bad[i]), &e));
}

/* Spikes traced by the worker while a SCHED_FIFO 99 task, "culprit", spun on the CPU. */
static void
test_explain_culprit (void)
{
  const char *names[] = { "culprit-221.trace", "culprit-373.trace", "culprit-2850.trace" };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      Fixture fx;
      g_autoptr (RtbSpike) spike = NULL;
      gint64 latency;

      load_fixture (names[i], &fx);
      spike = rtb_spike_explain (&fx.frame, fx.text, strlen (fx.text), 0, 0);
      latency = fx.frame.wake_ns - fx.frame.deadline_ns;
      g_assert_cmpint (spike->main.kind, ==, RTB_CAUSE_TASK);
      g_assert_cmpstr (spike->main.name, ==, "culprit");
      g_assert_cmpint (spike->main.pid, ==, CULPRIT_PID);
      g_assert_cmpint (spike->main.policy, ==, RTB_CAUSE_POLICY_RT);
      g_assert_cmpint (spike->main.priority, ==, 99);
      /* It ran from before the deadline until it slept, and is charged from the wake-up on
       * (before it, the thread could not have run anyway): all of that but the last few µs. */
      g_assert_cmpint (spike->main.duration_ns, <=, latency - spike->to_wakeup_ns);
      g_assert_cmpint (spike->main.duration_ns, >=, latency - spike->to_wakeup_ns - 20000);
      /* Woken (this VM's timer comes a few tens of µs late), then run when the culprit
       * slept: the two delays make up the spike but for the last few µs. */
      g_assert_cmpint (spike->to_wakeup_ns, >=, 0);
      g_assert_cmpint (spike->to_run_ns, >, spike->to_wakeup_ns);
      g_assert_cmpint (spike->to_wakeup_ns + spike->to_run_ns, <=, latency);
      g_assert_cmpint (spike->to_wakeup_ns + spike->to_run_ns, >=, latency - 20000);
      g_assert_cmpint (spike->series, ==, 0);
      g_assert_cmpint (spike->cpu, ==, 1);
      g_free (fx.text);
    }
}

/* A switch's line is headed by the task leaving; other lines by the task on the CPU. */
#define SW(t, pc, pp, ppr, nc, np, npr)                                                       \
  "  " pc "-" pp " [000] d..2. " t ": sched_switch: prev_comm=" pc " prev_pid=" pp           \
  " prev_prio=" ppr " prev_state=R ==> next_comm=" nc " next_pid=" np " next_prio=" npr "\n"
/* The measuring thread (rt, pid 500, priority 19) woken on CPU 0 while `head` ran. */
#define WAKING(t, head, flags)                                                                \
  "  " head " [000] " flags " " t ": sched_waking: comm=rt pid=500 prio=19 target_cpu=000\n"
/* The switch to the measuring thread that ends a spike's window. */
#define TO_RT(t, pc, pp, ppr) SW (t, pc, pp, ppr, "rt", "500", "19")

/* The worker is `worker_pid`, the client unknown. */
static RtbSpike *
explain_of (const char *text, gint64 deadline, gint64 wake, int worker_pid)
{
  RtbSpikeFrame frame = {
    .cpu = 0, .tid = 500, .index = 7, .value_ns = wake - deadline,
    .deadline_ns = deadline, .wake_ns = wake, .text_len = (uint32_t) strlen (text),
  };

  return rtb_spike_explain (&frame, text, strlen (text), worker_pid, 0);
}

static RtbSpike *
explain (const char *text, gint64 deadline, gint64 wake)
{
  return explain_of (text, deadline, wake, 0);
}

/* An interrupt inside a task's run: each gets its own time. */
static void
test_explain_irq (void)
{
  const char *text =
    SW ("10.000000", "swapper/0", "0", "120", "kworker/0:1", "42", "120")
    WAKING ("10.000100", "kworker/0:1-42", "d.h..")
    "  kworker/0:1-42 [000] d.h.. 10.000150: irq_handler_entry: irq=30 name=eth0\n"
    "  kworker/0:1-42 [000] d.h.. 10.000450: irq_handler_exit: irq=30 ret=handled\n"
    "  kworker/0:1-42 [000] ..s.. 10.000450: softirq_entry: vec=3 [action=NET_RX]\n"
    "  kworker/0:1-42 [000] ..s.. 10.000500: softirq_exit: vec=3 [action=NET_RX]\n"
    TO_RT ("10.000520", "kworker/0:1", "42", "120");
  g_autoptr (RtbSpike) spike = explain (text, G_GINT64_CONSTANT (10000100000),
                                        G_GINT64_CONSTANT (10000525000));
  g_autofree char *line = NULL;

  g_assert_cmpint (spike->main.kind, ==, RTB_CAUSE_IRQ);
  g_assert_cmpint (spike->main.number, ==, 30);
  g_assert_cmpstr (spike->main.name, ==, "eth0");
  g_assert_cmpint (spike->main.duration_ns, ==, 300000);
  g_assert_cmpuint (spike->causes->len, ==, 3);
  g_assert_cmpint (g_array_index (spike->causes, RtbCause, 1).kind, ==, RTB_CAUSE_TASK);
  g_assert_cmpint (g_array_index (spike->causes, RtbCause, 1).duration_ns, ==, 50000 + 20000);
  g_assert_cmpint (g_array_index (spike->causes, RtbCause, 1).policy, ==,
                   RTB_CAUSE_POLICY_OTHER);
  g_assert_cmpint (g_array_index (spike->causes, RtbCause, 2).kind, ==, RTB_CAUSE_SOFTIRQ);
  g_assert_cmpstr (g_array_index (spike->causes, RtbCause, 2).name, ==, "NET_RX");
  g_assert_cmpint (g_array_index (spike->causes, RtbCause, 2).duration_ns, ==, 50000);
  g_assert_cmpint (spike->to_wakeup_ns, ==, 0);
  g_assert_cmpint (spike->to_run_ns, ==, 420000);
  line = rtb_spike_describe (spike, "CPU0");
  g_assert_cmpstr (line, ==, "CPU0 #7: 425.0 µs: interrupt 30 eth0 ran 300.0 µs");
}

/* The CPU idled and the wake-up itself came late: nothing the kernel saw ran. */
static void
test_explain_unknown (void)
{
  const char *text =
    SW ("20.000000", "rt", "500", "19", "swapper/0", "0", "120")
    WAKING ("20.000900", "<idle>-0", "d.h..")
    TO_RT ("20.000905", "swapper/0", "0", "120");
  g_autoptr (RtbSpike) spike = explain (text, G_GINT64_CONSTANT (20000100000),
                                        G_GINT64_CONSTANT (20000910000));
  g_autoptr (RtbSpike) copy = NULL;

  g_assert_cmpint (spike->main.kind, ==, RTB_CAUSE_UNKNOWN);
  g_assert_null (spike->main.name);
  g_assert_cmpint (spike->main.duration_ns, ==, 810000);
  g_assert_cmpuint (spike->causes->len, ==, 0);
  g_assert_cmpint (spike->to_wakeup_ns, ==, 800000);
  g_assert_cmpint (spike->to_run_ns, ==, 5000);
  copy = rtb_spike_copy (spike);
  g_assert_cmpint (copy->main.kind, ==, RTB_CAUSE_UNKNOWN);
  g_assert_cmpint (copy->to_wakeup_ns, ==, 800000);

  /* An empty window says the same. */
  g_autoptr (RtbSpike) empty = explain ("", 100, 900);
  g_assert_cmpint (empty->main.kind, ==, RTB_CAUSE_UNKNOWN);
  g_assert_cmpint (empty->to_wakeup_ns, ==, -1);
  g_assert_cmpint (empty->to_run_ns, ==, -1);
}

/* A task that started before the window's first line: the first switch names it. */
static void
test_explain_unattributed (void)
{
  const char *text =
    WAKING ("30.000100", "hog-77", "d.h..")
    TO_RT ("30.000400", "hog", "77", "9");
  g_autoptr (RtbSpike) spike = explain (text, G_GINT64_CONSTANT (30000100000),
                                        G_GINT64_CONSTANT (30000402000));

  g_assert_cmpint (spike->main.kind, ==, RTB_CAUSE_TASK);
  g_assert_cmpint (spike->main.pid, ==, 77);
  g_assert_cmpint (spike->main.priority, ==, 90);
  g_assert_cmpint (spike->main.duration_ns, ==, 300000);
}

/* The kernel lost the switch from idle to the task that then held the CPU: the heads of the
 * lines that follow name it, and the wake-up before them told its priority. */
static void
test_explain_lost_switch (void)
{
  const char *text =
    SW ("40.000000", "rt", "500", "19", "swapper/0", "0", "120")
    "  <idle>-0 [000] dNh4. 40.000050: sched_wakeup: comm=spinner pid=66 prio=0 target_cpu=000\n"
    WAKING ("40.000100", "spinner-66", "d.h2.")
    TO_RT ("40.000550", "spinner", "66", "0");
  g_autoptr (RtbSpike) spike = explain (text, G_GINT64_CONSTANT (40000100000),
                                        G_GINT64_CONSTANT (40000552000));

  g_assert_cmpint (spike->main.kind, ==, RTB_CAUSE_TASK);
  g_assert_cmpint (spike->main.pid, ==, 66);
  g_assert_cmpstr (spike->main.name, ==, "spinner");
  g_assert_cmpint (spike->main.policy, ==, RTB_CAUSE_POLICY_RT);
  g_assert_cmpint (spike->main.priority, ==, 99);
  g_assert_cmpint (spike->main.duration_ns, ==, 450000);

  /* As the development VM's kernel did (another SCHED_FIFO 99 thread named CPU1 ran too). */
  {
    Fixture fx;
    g_autoptr (RtbSpike) real = NULL;

    load_fixture ("lost-switch-548.trace", &fx);
    real = rtb_spike_explain (&fx.frame, fx.text, strlen (fx.text), 0, 0);
    g_assert_cmpint (real->main.kind, ==, RTB_CAUSE_TASK);
    g_assert_cmpstr (real->main.name, ==, "rtb-spike-load");
    g_assert_cmpint (real->main.pid, ==, 7622);
    g_assert_cmpint (real->main.priority, ==, 99);
    g_free (fx.text);
  }
}

/* The measuring thread's first wake-up at or after the deadline's microsecond in a fixture's
 * trace, read here from the text itself; -1 when there is none. */
static gint64
first_waking_after (const Fixture *fx)
{
  g_autofree char *needle = g_strdup_printf ("sched_waking: comm=CPU1 pid=%u ", fx->frame.tid);
  g_auto (GStrv) lines = g_strsplit (fx->text, "\n", -1);
  gint64 first = fx->frame.deadline_ns - fx->frame.deadline_ns % 1000;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      RtbTraceEvent e;
      if (strstr (lines[i], needle) != NULL &&
          rtb_trace_parse_line (lines[i], strlen (lines[i]), &e) && e.time_ns >= first)
        return e.time_ns;
    }
  return -1;
}

/* Windows the development VM's kernel (6.18) traced without the switch to the measuring thread
 * (the line after its wake-up is its own, switching out), each with the wake-up of the
 * previous period in its look-back. Recorded by a tracefs instance of the worker's events on
 * the measured CPU beside a run's own, cut as the worker cuts a spike's window: the delays come from the events after the deadline only,
 * the one to running is unknown, and no task is blamed for the time before the wake-up. */
static void
test_explain_no_switch (void)
{
  const char *names[] = { "no-switch-6018.trace", "no-switch-7112.trace",
                          "no-switch-9396.trace" };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      Fixture fx;
      g_autoptr (RtbSpike) spike = NULL;
      g_autofree char *text = NULL;
      gint64 waking, tasks = 0, latency;

      load_fixture (names[i], &fx);
      spike = rtb_spike_explain (&fx.frame, fx.text, strlen (fx.text), 0, 0);
      waking = first_waking_after (&fx);
      latency = fx.frame.wake_ns - fx.frame.deadline_ns;
      g_assert_cmpint (waking, >, fx.frame.deadline_ns);
      g_assert_cmpint (spike->to_wakeup_ns, ==, waking - fx.frame.deadline_ns);
      g_assert_cmpint (spike->to_run_ns, ==, -1);
      for (guint j = 0; j < spike->causes->len; j++)
        if (g_array_index (spike->causes, RtbCause, j).kind == RTB_CAUSE_TASK)
          tasks += g_array_index (spike->causes, RtbCause, j).duration_ns;
      g_assert_cmpint (tasks, <=, fx.frame.wake_ns - waking);
      if (spike->main.kind == RTB_CAUSE_TASK)
        g_assert_cmpint (spike->main.duration_ns, >=, latency - spike->main.duration_ns);
      text = rtb_spike_describe_long (spike, "CPU1");
      g_assert_nonnull (strstr (text, "wake-up to running unknown"));
      g_free (fx.text);
    }

  /* The timer came 161.2 µs late; a SCHED_OTHER task ran before and after it: the verdict is
   * the late wake-up, not the task. */
  {
    Fixture fx;
    g_autoptr (RtbSpike) spike = NULL;

    load_fixture ("no-switch-6018.trace", &fx);
    spike = rtb_spike_explain (&fx.frame, fx.text, strlen (fx.text), 0, 0);
    g_assert_cmpint (spike->to_wakeup_ns, ==, 161227);
    g_assert_cmpint (spike->main.kind, ==, RTB_CAUSE_UNKNOWN);
    g_free (fx.text);
  }

  /* Neither the wake-up nor the switch-in: both delays unknown, and no task blamed. */
  {
    const char *text =
      SW ("70.000000", "rt", "500", "19", "other", "77", "120")
      "  rt-500 [000] d..2. 70.000010: sched_switch: prev_comm=rt prev_pid=500 prev_prio=19 "
      "prev_state=S ==> next_comm=other next_pid=77 next_prio=120\n"
      "  other-77 [000] d.h.. 70.000150: irq_handler_entry: irq=30 name=eth0\n"
      "  other-77 [000] d.h.. 70.000170: irq_handler_exit: irq=30 ret=handled\n";
    g_autoptr (RtbSpike) spike = explain (text, G_GINT64_CONSTANT (70000100000),
                                          G_GINT64_CONSTANT (70000400000));
    g_autofree char *words = rtb_spike_describe_long (spike, "CPU0");

    g_assert_cmpint (spike->to_wakeup_ns, ==, -1);
    g_assert_cmpint (spike->to_run_ns, ==, -1);
    g_assert_cmpuint (spike->causes->len, ==, 1);
    g_assert_cmpint (g_array_index (spike->causes, RtbCause, 0).kind, ==, RTB_CAUSE_IRQ);
    g_assert_cmpint (spike->main.kind, ==, RTB_CAUSE_UNKNOWN);
    g_assert_nonnull (strstr (words, "Deadline to wake-up unknown, wake-up to running unknown"));
  }

  /* Preempted before the deadline (still runnable), switched in after it: no wake-up was
   * needed, so the task that held the CPU from the deadline on is the cause. */
  {
    const char *text =
      SW ("80.000000", "rt", "500", "19", "hog", "78", "9")
      TO_RT ("80.000300", "hog", "78", "9");
    g_autoptr (RtbSpike) spike = explain (text, G_GINT64_CONSTANT (80000100000),
                                          G_GINT64_CONSTANT (80000302000));

    g_assert_cmpint (spike->to_wakeup_ns, ==, 0);
    g_assert_cmpint (spike->to_run_ns, ==, 200000);
    g_assert_cmpint (spike->main.pid, ==, 78);
    g_assert_cmpint (spike->main.duration_ns, ==, 200000);
  }
}

/* The worker (pid 120: its writer 129 and the measuring thread rt, 500) and its client
 * (rtbench-cli, pid 300) held the CPU with another task (77), in a trace that names each task's
 * thread group (record-tgid, protocol 7). */
#define OWN_SW(t, head, group, pc, pp, nc, np, npr)                                            \
  "  " head " (" group ") [000] d..2. " t ": sched_switch: prev_comm=" pc " prev_pid=" pp      \
  " prev_prio=120 prev_state=R ==> next_comm=" nc " next_pid=" np " next_prio=" npr "\n"
#define OWN_TRACE                                                                             \
  OWN_SW ("50.000000", "rt-500", "    120", "rt", "500", "writer", "129", "120")            \
  "  writer-129 (    120) [000] d.h.. 50.000100: sched_waking: comm=rt pid=500 prio=120 "   \
  "target_cpu=000\n"                                                                        \
  OWN_SW ("50.000600", "writer-129", "    120", "writer", "129", "rtbench-cli", "301", "120") \
  OWN_SW ("50.000700", "rtbench-cli-301", "    300", "rtbench-cli", "301", "other", "77",    \
          "120")                                                                             \
  OWN_SW ("50.000750", "other-77", "     77", "other", "77", "rt", "500", "120")

static RtbSpikeFrame
own_frame (const char *text)
{
  return (RtbSpikeFrame) {
    .cpu = 0, .tid = 500, .index = 7, .value_ns = 655000,
    .deadline_ns = G_GINT64_CONSTANT (50000100000), .wake_ns = G_GINT64_CONSTANT (50000755000),
    .text_len = (uint32_t) strlen (text),
  };
}

/* rtbench must never be the culprit it reports: when its own thread is, it says so. */
static void
test_explain_own (void)
{
  const char *text = OWN_TRACE;
  RtbSpikeFrame frame = own_frame (text);
  g_autoptr (RtbSpike) spike = rtb_spike_explain (&frame, text, strlen (text), 120, 300);
  g_autoptr (RtbSpike) remote = rtb_spike_explain (&frame, text, strlen (text), 120, 0);
  g_autofree char *line = rtb_spike_describe (spike, "CPU0");
  const RtbCause *client, *other;

  g_assert_cmpint (spike->main.kind, ==, RTB_CAUSE_TASK);
  g_assert_cmpstr (spike->main.name, ==, "writer");
  g_assert_cmpint (spike->main.pid, ==, 129);
  g_assert_cmpint (spike->main.owner, ==, RTB_CAUSE_OWNER_WORKER);
  g_assert_cmpint (spike->main.duration_ns, ==, 500000);
  g_assert_cmpstr (line, ==, "CPU0 #7: 655.0 µs: writer (pid 129, OTHER nice 0, rtbench's own "
                             "thread) ran 500.0 µs");
  g_assert_cmpuint (spike->causes->len, ==, 3);
  client = &g_array_index (spike->causes, RtbCause, 1);
  other = &g_array_index (spike->causes, RtbCause, 2);
  g_assert_cmpint (client->pid, ==, 301);
  g_assert_cmpint (client->owner, ==, RTB_CAUSE_OWNER_CLIENT);
  g_assert_cmpint (other->pid, ==, 77);
  g_assert_cmpint (other->owner, ==, RTB_CAUSE_OWNER_NONE);
  {
    g_autofree char *what = rtb_cause_describe (client);
    g_assert_cmpstr (what, ==, "rtbench-cli (pid 301, OTHER nice 0, rtbench's own client)");
  }
  /* A client that does not share the worker's pids (ssh, another pid namespace) names none. */
  g_assert_cmpint (g_array_index (remote->causes, RtbCause, 0).owner, ==, RTB_CAUSE_OWNER_WORKER);
  g_assert_cmpint (g_array_index (remote->causes, RtbCause, 1).owner, ==, RTB_CAUSE_OWNER_NONE);

  /* Without thread groups in the trace (a kernel without record-tgid, an older worker), the
   * worker's main thread is still known: its id is the worker's pid. */
  {
    const char *plain =
      SW ("60.000000", "rt", "500", "19", "rtbench-worker", "120", "120")
      SW ("60.000300", "rtbench-worker", "120", "120", "writer", "129", "120")
      TO_RT ("60.000400", "writer", "129", "120");
    g_autoptr (RtbSpike) old = explain_of (plain, G_GINT64_CONSTANT (60000000000),
                                           G_GINT64_CONSTANT (60000402000), 120);

    g_assert_cmpint (old->main.pid, ==, 120);
    g_assert_cmpint (old->main.owner, ==, RTB_CAUSE_OWNER_WORKER);
    g_assert_cmpint (g_array_index (old->causes, RtbCause, 1).pid, ==, 129);
    g_assert_cmpint (g_array_index (old->causes, RtbCause, 1).owner, ==, RTB_CAUSE_OWNER_NONE);
  }
}

/* A run of CPU 0 fed as the worker feeds it: HELLO (pid 120), STARTED, the trace armed at 500 µs,
 * the `n` samples, then one spike whose trace is OWN_TRACE. `client_pid` 0: not said. */
static RtbRun *
run_with_own_spike (const RtbSample *values, guint32 n, int client_pid)
{
  const char *text = OWN_TRACE;
  RtbSpikeFrame frame = own_frame (text);
  RtbHelloFrame hello = { .protocol_version = RTB_PROTOCOL_VERSION, .pid = 120,
                          .n_cpus_online = 2 };
  RtbStartedFrame started = { .n_threads = 1 };
  RtbThreadInfo thread = { .thread = 0, .cpu = 0, .name = "CPU0" };
  RtbTraceFrame trace = { .status = RTB_TRACE_ARMED, .threshold_ns = 500000 };
  RtbSamplesFrame samples = { .thread = 0, .count = n };
  RtbCommand command;
  RtbDecoder *decoder;
  RtbRun *run;
  guint32 seq = 0;

  rtb_command_defaults (&command, RTB_METHOD_LATENCY, 2);
  g_assert_true (rtb_command_set (&command, "cpus", "0", 2, NULL));
  g_assert_true (rtb_command_check (&command, 2, NULL));
  rtb_command_to_wire (&command, &started.command);
  run = rtb_run_new (&command);
  if (client_pid > 0)
    rtb_run_set_client_pid (run, client_pid);
  decoder = run_file_test_decoder_new (run);
  run_file_test_feed (decoder, &seq, RTB_FRAME_HELLO, &hello, sizeof hello, NULL, 0);
  run_file_test_feed (decoder, &seq, RTB_FRAME_STARTED, &started, sizeof started, &thread,
                      sizeof thread);
  run_file_test_feed (decoder, &seq, RTB_FRAME_TRACE, &trace, sizeof trace, NULL, 0);
  run_file_test_feed (decoder, &seq, RTB_FRAME_SAMPLES, &samples, sizeof samples, values,
                      n * sizeof *values);
  run_file_test_feed (decoder, &seq, RTB_FRAME_SPIKE, &frame, sizeof frame, text, strlen (text));
  rtb_decoder_free (decoder);
  return run;
}

/* A stall after the spike: the worker skipped periods 8 and 9, so the samples after it are
 * numbered from 10. The spike keeps the place its sample took on the curve, the 8th, 8 ms from
 * the start; placed from the samples after it, it would have moved by the two skipped. */
static void
test_place_after_skipped (void)
{
  RtbSample values[11];
  g_autoptr (RtbRun) run = NULL;
  const RtbSpike *spike;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    values[i] = (RtbSample) { .index = i < 8 ? i : i + 2, .value_ns = i == 7 ? 655000 : 10000 };
  run = run_with_own_spike (values, G_N_ELEMENTS (values), 0);

  g_assert_cmpuint (rtb_spike_log_get_spikes (rtb_run_get_spike_log (run))->len, ==, 1);
  spike = rtb_spike_log_get_spikes (rtb_run_get_spike_log (run))->pdata[0];
  g_assert_cmpuint (spike->index, ==, 7);
  g_assert_cmpuint (spike->instance, ==, 8);
  g_assert_cmpint (spike->time_ns, ==, 8 * 1000 * 1000);
}

/* From the worker's frames to the run file and back: the worker's HELLO names its pid, the
 * client its own, and the cause stays rtbench's own in the spike, the league and the file. */
static void
test_own_run (void)
{
  g_autofree char *saved = g_build_filename (g_get_tmp_dir (), "rtbench-own-spike-test.rtbench",
                                             NULL);
  RtbSample values[8];
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = NULL;
  g_autoptr (RtbRun) again = NULL;
  GPtrArray *entries;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    values[i] = (RtbSample) { .index = i, .value_ns = i == 7 ? 655000 : 10000 };
  run = run_with_own_spike (values, G_N_ELEMENTS (values), 300);

  g_assert_cmpuint (rtb_spike_log_get_spikes (rtb_run_get_spike_log (run))->len, ==, 1);
  entries = rtb_spike_league_entries (rtb_spike_log_get_league (rtb_run_get_spike_log (run)));
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_cmpint (((RtbLeagueEntry *) entries->pdata[0])->owner, ==, RTB_CAUSE_OWNER_WORKER);
  {
    g_autofree char *line = rtb_league_entry_describe (entries->pdata[0]);
    g_assert_cmpstr (line, ==, "writer (pid 129, rtbench's own thread): 1 spike, worst 655.0 µs");
  }
  /* Sample index 7 is the 8th on the curve, which puts it 8 periods of 1 ms from the start. */
  {
    const RtbSpike *spike = rtb_spike_log_get_spikes (rtb_run_get_spike_log (run))->pdata[0];
    g_autofree char *line = rtb_spike_describe (spike, "CPU0");
    g_autofree char *csv = rtb_csv_spikes (&run, 1);

    g_assert_cmpuint (spike->index, ==, 7);
    g_assert_cmpuint (spike->instance, ==, 8);
    g_assert_cmpint (spike->time_ns, ==, 8 * 1000 * 1000);
    g_assert_true (g_str_has_prefix (line, "CPU0 #7 at 0.0080 s: 655.0 µs: writer"));
    g_assert_nonnull (strstr (csv, ",CPU0,7,8,0.008000000,0,655.0"));
  }

  g_assert_true (rtb_run_save (run, saved, &error));
  g_assert_no_error (error);
  again = rtb_run_load (saved, &error);
  g_assert_no_error (error);
  g_unlink (saved);
  {
    const RtbSpike *a = rtb_spike_log_get_spikes (rtb_run_get_spike_log (run))->pdata[0];
    const RtbSpike *b = rtb_spike_log_get_spikes (rtb_run_get_spike_log (again))->pdata[0];
    g_autofree char *da = rtb_spike_describe_long (a, "CPU0");
    g_autofree char *db = rtb_spike_describe_long (b, "CPU0");
    GPtrArray *entries2 = rtb_spike_league_entries (
      rtb_spike_log_get_league (rtb_run_get_spike_log (again)));

    g_assert_cmpstr (da, ==, db);
    g_assert_cmpuint (b->instance, ==, 8);
    g_assert_cmpint (b->time_ns, ==, a->time_ns);
    g_assert_nonnull (strstr (db, "writer (pid 129, OTHER nice 0, rtbench's own thread)"));
    g_assert_nonnull (strstr (db, "rtbench-cli (pid 301, OTHER nice 0, rtbench's own client)"));
    g_assert_cmpint (b->main.owner, ==, RTB_CAUSE_OWNER_WORKER);
    g_assert_cmpint (((RtbLeagueEntry *) entries2->pdata[0])->owner, ==,
                     RTB_CAUSE_OWNER_WORKER);
  }
}

/* The sample at period `index` of a short run's series, whose history keeps every period. */
static gint64
sample_at (RtbSeries *series, guint64 index)
{
  const RtbHistory *h = &series->history;

  g_assert_cmpuint (h->block_size, ==, 1);
  g_assert_cmpuint (index, <, h->n_blocks);
  g_assert_cmpuint (h->blocks[index].count, ==, 1);
  return h->blocks[index].min_ns;
}

/* A timerlat run recorded on the lab's board-rt (Debian's 6.1 RT arm64 kernel under TCG):
 * `rtbench-worker timerlat duration=1 trace_above_us=2000`. Each spike is a thread sample,
 * and its split the IRQ sample of the same CPU and period; both are said beside the cause,
 * and kept in the run file. */
static void
test_timerlat_split (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "spikes",
                                            "timerlat-board-rt.stream", NULL);
  g_autofree char *saved = g_build_filename (g_get_tmp_dir (), "rtbench-split-test.rtbench",
                                             NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = rtb_import_file (path, NULL, NULL, &error);
  g_autoptr (RtbRun) again = NULL;
  GPtrArray *spikes, *spikes2;
  guint irq_late = 0, thread_late = 0;

  g_assert_no_error (error);
  spikes = rtb_spike_log_get_spikes (rtb_run_get_spike_log (run));
  g_assert_cmpuint (spikes->len, >, 10);
  for (guint i = 0; i < spikes->len; i++)
    {
      const RtbSpike *spike = spikes->pdata[i];
      RtbSeries *thread = rtb_run_get_series (run, spike->series);
      RtbSeries *irq = rtb_run_get_series (run, spike->series - 1);
      g_autofree char *line = rtb_spike_describe (spike, thread->name);
      g_autofree char *irq_text = g_strdup_printf ("IRQ %.1f µs, thread %.1f µs: mostly the ",
                                                   spike->irq_ns / 1000.0,
                                                   spike->value_ns / 1000.0);

      g_assert_true (g_str_has_suffix (thread->name, " thread"));
      g_assert_true (g_str_has_suffix (irq->name, " IRQ"));
      g_assert_cmpint (irq->cpu, ==, thread->cpu);
      g_assert_cmpint (sample_at (thread, spike->index), ==, spike->value_ns);
      g_assert_cmpint (sample_at (irq, spike->index), ==, spike->irq_ns);
      g_assert_cmpint (spike->irq_ns, <=, spike->value_ns);
      g_assert_nonnull (strstr (line, irq_text));
      /* The window's explanation says it on a line of its own, after the cause. */
      {
        g_autofree char *text = rtb_spike_describe_long (spike, thread->name);
        g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

        g_assert_true (g_str_has_prefix (line, lines[0]));
        g_assert_true (g_str_has_prefix (lines[1], irq_text));
      }
      if (spike->irq_ns >= spike->value_ns - spike->irq_ns)
        irq_late += strstr (line, "the interrupt was late") != NULL;
      else
        thread_late += strstr (line, "the thread waited after its interrupt") != NULL;
    }
  g_assert_cmpuint (irq_late + thread_late, ==, spikes->len);
  /* The CSV's last column is the split. */
  {
    g_autofree char *csv = rtb_csv_spikes (&run, 1);
    g_auto (GStrv) rows = g_strsplit (csv, "\n", -1);

    g_assert_true (g_str_has_suffix (rows[0], ",lost_events,irq_latency_us"));
    for (guint i = 0; i < spikes->len; i++)
      {
        g_autofree char *want = g_strdup_printf (",%.3f",
                                                 ((RtbSpike *) spikes->pdata[i])->irq_ns / 1000.0);
        g_assert_true (g_str_has_suffix (rows[i + 1], want));
      }
  }

  g_assert_true (rtb_run_save (run, saved, &error));
  g_assert_no_error (error);
  again = rtb_run_load (saved, &error);
  g_assert_no_error (error);
  g_unlink (saved);
  spikes2 = rtb_spike_log_get_spikes (rtb_run_get_spike_log (again));
  g_assert_cmpuint (spikes2->len, ==, spikes->len);
  for (guint i = 0; i < spikes->len; i++)
    g_assert_cmpint (((RtbSpike *) spikes2->pdata[i])->irq_ns, ==,
                     ((RtbSpike *) spikes->pdata[i])->irq_ns);
  /* Another method's spikes have no split. */
  {
    g_autoptr (RtbRun) culprit = load_culprit_run ();
    GPtrArray *others = rtb_spike_log_get_spikes (rtb_run_get_spike_log (culprit));

    for (guint i = 0; i < others->len; i++)
      g_assert_cmpint (((RtbSpike *) others->pdata[i])->irq_ns, ==, -1);
  }
}

static void
test_league (void)
{
  g_autoptr (RtbSpikeLeague) league = rtb_spike_league_new ();
  RtbCause kworker = { .kind = RTB_CAUSE_TASK, .name = (char *) "kworker/1:2", .pid = 88 };
  RtbCause irq = { .kind = RTB_CAUSE_IRQ, .name = (char *) "eth0", .number = 30 };
  RtbCause unknown = { .kind = RTB_CAUSE_UNKNOWN };
  GPtrArray *entries;
  g_autofree char *line = NULL;

  for (int i = 0; i < 14; i++)
    rtb_spike_league_add (league, &kworker, 115000 + i * 15000);
  rtb_spike_league_add (league, &irq, 900000);
  rtb_spike_league_add (league, &irq, 50000);
  rtb_spike_league_add (league, &unknown, 70000);
  entries = rtb_spike_league_entries (league);
  g_assert_cmpuint (entries->len, ==, 3);
  g_assert_cmpuint (rtb_spike_league_total (league), ==, 17);
  g_assert_cmpuint (((RtbLeagueEntry *) entries->pdata[0])->count, ==, 14);
  g_assert_cmpint (((RtbLeagueEntry *) entries->pdata[0])->worst_ns, ==, 310000);
  g_assert_cmpint (((RtbLeagueEntry *) entries->pdata[1])->kind, ==, RTB_CAUSE_IRQ);
  g_assert_cmpint (((RtbLeagueEntry *) entries->pdata[1])->worst_ns, ==, 900000);
  g_assert_cmpint (((RtbLeagueEntry *) entries->pdata[2])->kind, ==, RTB_CAUSE_UNKNOWN);
  line = rtb_league_entry_describe (entries->pdata[0]);
  g_assert_cmpstr (line, ==, "kworker/1:2 (pid 88): 14 spikes, worst 310.0 µs");

  /* More causes than the table keeps are counted as unknown, never dropped. */
  for (int i = 0; i < 400; i++)
    {
      RtbCause task = { .kind = RTB_CAUSE_TASK, .name = (char *) "t", .pid = 1000 + i };
      rtb_spike_league_add (league, &task, 1000);
    }
  g_assert_cmpuint (rtb_spike_league_total (league), ==, 417);
  g_assert_cmpuint (rtb_spike_league_entries (league)->len, <=, 256);
}

/* A run measured with --trace-above: its spikes survive saving and loading unchanged, and the
 * summary, the CSV and the league table say the same. */
static void
test_run_file (void)
{
  g_autofree char *saved = g_build_filename (g_get_tmp_dir (), "rtbench-spikes-test.rtbench",
                                             NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = load_culprit_run ();
  g_autoptr (RtbRun) again = NULL;
  g_autoptr (JsonNode) summary = NULL;
  g_autofree char *csv = NULL;
  g_auto (GStrv) lines = NULL;
  RtbSpikeLog *log, *log2;
  GPtrArray *spikes, *spikes2, *entries;
  JsonArray *json_spikes;
  guint64 counted = 0;

  log = rtb_run_get_spike_log (run);
  g_assert_cmpint (rtb_spike_log_get_status (log), ==, RTB_TRACE_ARMED);
  g_assert_cmpint (rtb_spike_log_get_threshold_ns (log), ==, 200000);
  spikes = rtb_spike_log_get_spikes (log);
  g_assert_cmpuint (spikes->len, >, 0);
  entries = rtb_spike_league_entries (rtb_spike_log_get_league (log));
  for (guint i = 0; i < entries->len; i++)
    counted += ((RtbLeagueEntry *) entries->pdata[i])->count;
  g_assert_cmpuint (counted, ==, rtb_spike_league_total (rtb_spike_log_get_league (log)));
  g_assert_cmpuint (counted, ==, spikes->len);
  for (guint i = 0; i < spikes->len; i++)
    {
      const RtbSpike *spike = spikes->pdata[i];
      /* Each is a sample of the run, over the threshold, placed on the curve. */
      g_assert_cmpint (spike->value_ns, >=, 200000);
      g_assert_cmpint (spike->value_ns, <=, rtb_run_get_series (run, 0)->histogram.stats.max_ns);
      g_assert_cmpuint (spike->instance, >, 0);
      g_assert_cmpuint (spike->instance, <=, rtb_run_get_total_count (run));
    }
  g_assert_nonnull (rtb_spike_log_get_irq_counts (log));

  g_assert_true (rtb_run_save (run, saved, &error));
  g_assert_no_error (error);
  again = rtb_run_load (saved, &error);
  g_assert_no_error (error);
  log2 = rtb_run_get_spike_log (again);
  spikes2 = rtb_spike_log_get_spikes (log2);
  g_assert_cmpuint (spikes2->len, ==, spikes->len);
  for (guint i = 0; i < spikes->len; i++)
    {
      const RtbSpike *a = spikes->pdata[i], *b = spikes2->pdata[i];
      g_autofree char *da = rtb_spike_describe_long (a, "CPU1");
      g_autofree char *db = rtb_spike_describe_long (b, "CPU1");
      g_assert_cmpstr (da, ==, db);
      g_assert_cmpuint (a->instance, ==, b->instance);
    }
  g_assert_cmpuint (rtb_spike_league_total (rtb_spike_log_get_league (log2)), ==, counted);
  g_assert_cmpuint (rtb_spike_log_get_missed (log2), ==, rtb_spike_log_get_missed (log));
  g_assert_cmpuint (rtb_spike_log_get_irq_counts (log2)->len, ==,
                    rtb_spike_log_get_irq_counts (log)->len);
  g_unlink (saved);

  summary = rtb_run_summary_to_json (run);
  json_spikes = json_object_get_array_member (json_node_get_object (summary), "spikes");
  g_assert_cmpuint (json_array_get_length (json_spikes), ==, spikes->len);
  for (guint i = 0; i < json_array_get_length (json_spikes); i++)
    {
      JsonObject *o = json_array_get_object_element (json_spikes, i);
      JsonObject *cause = json_object_get_object_member (o, "cause");
      const RtbSpike *spike = spikes->pdata[i];

      g_assert_cmpstr (json_object_get_string_member (o, "series"), ==, "CPU1");
      g_assert_cmpint (json_object_get_int_member (o, "index"), ==, (gint64) spike->index);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o, "latency_us"),
                                      spike->value_ns / 1000.0, 1e-9);
      g_assert_cmpstr (json_object_get_string_member (cause, "kind"), ==,
                       rtb_cause_kind_to_string (spike->main.kind));
      if (spike->main.kind == RTB_CAUSE_TASK)
        g_assert_cmpint (json_object_get_int_member (cause, "pid"), ==, spike->main.pid);
      g_assert_true (json_object_has_member (cause, "duration_us"));
    }
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_node_get_object (summary), "causes")), ==, entries->len);

  csv = rtb_csv_spikes (&run, 1);
  lines = g_strsplit (csv, "\n", -1);
  /* A header, one line per spike, and the empty string after the last newline. */
  g_assert_cmpuint (g_strv_length (lines), ==, spikes->len + 2);
  g_assert_true (g_str_has_prefix (lines[0], "run,series,index,instance,time_s,cpu,value_us,"
                                              "cause"));
}

static RtbRun *
test_untraced_run (void)
{
  RtbCommand command;

  rtb_command_defaults (&command, RTB_METHOD_LATENCY, 1);
  return rtb_run_new (&command);
}

/* Two runs' causes side by side: matched by name, marked where one run has a cause the other
 * has not. */
static void
test_compare_causes (void)
{
  g_autoptr (RtbRun) a = load_culprit_run ();
  g_autoptr (RtbRun) b = load_culprit_run ();
  g_autoptr (RtbRun) untraced = test_untraced_run ();
  g_autoptr (GPtrArray) rows = NULL;
  RtbLeagueEntry other = { .kind = RTB_CAUSE_SOFTIRQ, .name = (char *) "NET_RX", .number = 3,
                           .count = 2, .worst_ns = 300000 };
  RtbLeagueEntry culprit = { .kind = RTB_CAUSE_TASK, .name = (char *) "rtb-spike-load",
                             .pid = 4242, .count = 5, .worst_ns = 700000 };
  const RtbCauseRow *first;
  gboolean found_net_rx = FALSE;

  /* The second machine's culprit has another pid, and it has a softirq the first has not. */
  rtb_spike_log_clear_league (rtb_run_get_spike_log (b));
  rtb_spike_league_add_entry (rtb_spike_log_get_league (rtb_run_get_spike_log (b)), &culprit);
  rtb_spike_league_add_entry (rtb_spike_log_get_league (rtb_run_get_spike_log (b)), &other);
  rows = rtb_compare_causes ((RtbRun *[]) { a, b }, 2);
  first = rows->pdata[0];
  g_assert_cmpstr (first->label, ==, "rtb-spike-load");
  g_assert_cmpuint (first->counts[1], ==, 5);
  g_assert_cmpint (first->worst_ns[1], ==, 700000);
  g_assert_cmpuint (first->counts[0], >, 0);
  g_assert_false (first->differs);
  for (guint i = 0; i < rows->len; i++)
    {
      const RtbCauseRow *row = rows->pdata[i];
      if (row->kind == RTB_CAUSE_SOFTIRQ)
        {
          found_net_rx = TRUE;
          g_assert_cmpuint (row->counts[0], ==, 0);
          g_assert_true (row->differs);
        }
      else if (row != first)
        g_assert_true (row->differs); /* only a's */
    }
  g_assert_true (found_net_rx);
  g_assert_true (rtb_compare_causes_any_traced ((RtbRun *[]) { untraced, a }, 2));
  g_assert_false (rtb_compare_causes_any_traced ((RtbRun *[]) { untraced, untraced }, 2));
}

/* What two runs' measured CPUs served, side by side: matched by name whatever the interrupt's
 * number, per second of each run, unknown where a run kept no count. */
static void
test_compare_interrupts (void)
{
  g_autoptr (RtbRun) a = load_culprit_run ();
  g_autoptr (RtbRun) b = test_untraced_run ();
  g_autoptr (GPtrArray) rows = NULL;
  RtbIrqCount disk = { .cpu = 0, .softirq = FALSE, .name = (char *) "57 virtio1-req.0",
                       .count = 5 };
  RtbIrqCount timer_cpu0 = { .cpu = 0, .softirq = TRUE, .name = (char *) "TIMER", .count = 10 };
  RtbIrqCount timer_cpu1 = { .cpu = 1, .softirq = TRUE, .name = (char *) "TIMER", .count = 20 };
  GArray *counts;
  guint64 loc = 0;
  gboolean saw_disk = FALSE, saw_timer = FALSE;

  counts = rtb_spike_log_get_irq_counts (rtb_run_get_spike_log (a));
  for (guint i = 0; i < counts->len; i++)
    if (g_str_has_prefix (g_array_index (counts, RtbIrqCount, i).name, "LOC "))
      loc = g_array_index (counts, RtbIrqCount, i).count;
  g_assert_cmpuint (loc, >, 0);
  /* b: an interrupt a has under another number, a softirq on two CPUs; no length known. */
  rtb_spike_log_add_irq_count (rtb_run_get_spike_log (b), &disk);
  rtb_spike_log_add_irq_count (rtb_run_get_spike_log (b), &timer_cpu0);
  rtb_spike_log_add_irq_count (rtb_run_get_spike_log (b), &timer_cpu1);

  rows = rtb_compare_interrupts ((RtbRun *[]) { a, b }, 2);
  g_assert_cmpuint (rows->len, ==, counts->len);
  /* The busiest per second first: the local timer, only in a. */
  {
    const RtbIrqRow *first = rows->pdata[0];
    g_assert_cmpstr (first->label, ==, "interrupt LOC Local timer interrupts");
    g_assert_cmpuint (first->counts[0], ==, loc);
    g_assert_cmpfloat_with_epsilon (first->per_second[0],
                                    loc * 1e9 / rtb_run_get_elapsed_ns (a), 1e-9);
    g_assert_true (first->known[0]);
    g_assert_false (first->known[1]);
  }
  for (guint i = 0; i < rows->len; i++)
    {
      const RtbIrqRow *row = rows->pdata[i];

      if (i > 0)
        g_assert_cmpfloat (row->per_second[0], <=,
                           ((RtbIrqRow *) rows->pdata[i - 1])->per_second[0]);
      if (g_strcmp0 (row->label, "interrupt virtio1-req.0") == 0)
        {
          saw_disk = TRUE;
          g_assert_true (row->known[0] && row->known[1]);
          g_assert_cmpuint (row->counts[1], ==, 5);
          g_assert_true (isnan (row->per_second[1]));
        }
      if (g_strcmp0 (row->label, "softirq TIMER") == 0)
        {
          saw_timer = TRUE;
          g_assert_true (row->softirq);
          g_assert_cmpuint (row->counts[1], ==, 30);
        }
    }
  g_assert_true (saw_disk);
  g_assert_true (saw_timer);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/spike/parse-lines", test_parse_lines);
  g_test_add_func ("/spike/explain-culprit", test_explain_culprit);
  g_test_add_func ("/spike/explain-irq", test_explain_irq);
  g_test_add_func ("/spike/explain-unknown", test_explain_unknown);
  g_test_add_func ("/spike/explain-unattributed", test_explain_unattributed);
  g_test_add_func ("/spike/explain-lost-switch", test_explain_lost_switch);
  g_test_add_func ("/spike/explain-no-switch", test_explain_no_switch);
  g_test_add_func ("/spike/explain-own", test_explain_own);
  g_test_add_func ("/spike/own-run", test_own_run);
  g_test_add_func ("/spike/place-after-skipped", test_place_after_skipped);
  g_test_add_func ("/spike/league", test_league);
  g_test_add_func ("/spike/timerlat-split", test_timerlat_split);
  g_test_add_func ("/spike/run-file", test_run_file);
  g_test_add_func ("/spike/compare-causes", test_compare_causes);
  g_test_add_func ("/spike/compare-interrupts", test_compare_interrupts);
  return g_test_run ();
}
