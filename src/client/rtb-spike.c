/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-client"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <string.h>

#include "rtb-spike.h"
#include "rtb-trace-parse.h"

#define MAX_RT_PRIO 100 /* the kernel's: RT tasks have prio 0-99 in the trace, 99 − rtprio */
#define NICE_0_PRIO 120
/* Times in the trace are whole microseconds: a switch-in printed 1 µs after the thread read
 * the clock is still the one before it. */
#define TRACE_RESOLUTION_NS 1000

static const char *const kind_names[] = {
  [RTB_CAUSE_TASK] = "task",
  [RTB_CAUSE_IRQ] = "irq",
  [RTB_CAUSE_SOFTIRQ] = "softirq",
  [RTB_CAUSE_UNKNOWN] = "unknown",
};

const char *
rtb_cause_kind_to_string (RtbCauseKind kind)
{
  return kind <= RTB_CAUSE_UNKNOWN ? kind_names[kind] : "unknown";
}

/* The index of `text` among `names`, or -1. */
static int
name_index (const char *const *names, guint n_names, const char *text)
{
  for (guint i = 0; i < n_names; i++)
    if (names[i] != NULL && g_strcmp0 (text, names[i]) == 0)
      return (int) i;
  return -1;
}

gboolean
rtb_cause_kind_from_string (const char *text, RtbCauseKind *kind)
{
  int i = name_index (kind_names, G_N_ELEMENTS (kind_names), text);

  if (i >= 0)
    *kind = (RtbCauseKind) i;
  return i >= 0;
}

static const char *const owner_names[] = {
  [RTB_CAUSE_OWNER_NONE] = NULL,
  [RTB_CAUSE_OWNER_WORKER] = "worker",
  [RTB_CAUSE_OWNER_CLIENT] = "client",
};

const char *
rtb_cause_owner_to_string (RtbCauseOwner owner)
{
  return owner <= RTB_CAUSE_OWNER_CLIENT ? owner_names[owner] : NULL;
}

gboolean
rtb_cause_owner_from_string (const char *text, RtbCauseOwner *owner)
{
  int i = name_index (owner_names, G_N_ELEMENTS (owner_names), text);

  if (i >= 0)
    *owner = (RtbCauseOwner) i;
  return i >= 0;
}

const char *
rtb_cause_owner_describe (RtbCauseOwner owner)
{
  switch (owner)
    {
    case RTB_CAUSE_OWNER_WORKER:
      return _("rtbench's own thread");
    case RTB_CAUSE_OWNER_CLIENT:
      return _("rtbench's own client");
    case RTB_CAUSE_OWNER_NONE:
    default:
      return NULL;
    }
}

void
rtb_cause_clear (RtbCause *cause)
{
  g_clear_pointer (&cause->name, g_free);
}

static void
cause_copy (RtbCause *to, const RtbCause *from)
{
  *to = *from;
  to->name = g_strdup (from->name);
}

void
rtb_spike_free (RtbSpike *spike)
{
  if (spike == NULL)
    return;
  rtb_cause_clear (&spike->main);
  g_clear_pointer (&spike->causes, g_array_unref);
  g_free (spike);
}

RtbSpike *
rtb_spike_new (void)
{
  RtbSpike *spike = g_new0 (RtbSpike, 1);

  spike->causes = g_array_new (FALSE, TRUE, sizeof (RtbCause));
  g_array_set_clear_func (spike->causes, (GDestroyNotify) rtb_cause_clear);
  spike->to_wakeup_ns = -1;
  spike->to_run_ns = -1;
  spike->irq_ns = -1;
  spike->time_ns = -1;
  spike->main.kind = RTB_CAUSE_UNKNOWN;
  return spike;
}

RtbSpike *
rtb_spike_copy (const RtbSpike *spike)
{
  RtbSpike *copy = rtb_spike_new ();
  GArray *causes = copy->causes;

  *copy = *spike;
  copy->causes = causes;
  cause_copy (&copy->main, &spike->main);
  for (guint i = 0; i < spike->causes->len; i++)
    {
      RtbCause cause;
      cause_copy (&cause, &g_array_index (spike->causes, RtbCause, i));
      g_array_append_val (copy->causes, cause);
    }
  return copy;
}

gint64
rtb_spike_curve_time_ns (guint64 instance, double period_us)
{
  if (instance == 0 || period_us <= 0 || (double) instance * period_us > 9e15)
    return -1;
  return (gint64) ((double) instance * period_us * 1000.0 + 0.5);
}

/* ---- Explaining -------------------------------------------------------------------------- */

typedef struct {
  /* The task on the CPU: pid −1 until a switch says */
  int pid;
  int prio;
  char comm[RTB_TRACE_COMM_MAX];
  /* Interrupt context, innermost last: irq number or softirq vector, −1 when none */
  int irq;
  char irq_name[RTB_TRACE_COMM_MAX];
  int softirq;
  char softirq_name[RTB_TRACE_COMM_MAX];
  gint64 unattributed_ns; /* time before the first switch told who ran */
  GHashTable *prios;      /* pid → kernel prio + 1000, as the events told it */
} CpuState;

#define UNKNOWN_PRIO G_MININT

static void
task_policy (int prio, RtbCausePolicy *policy, int *priority)
{
  if (prio == UNKNOWN_PRIO)
    {
      *policy = RTB_CAUSE_POLICY_UNKNOWN;
      *priority = 0;
    }
  else if (prio < 0)
    {
      *policy = RTB_CAUSE_POLICY_DEADLINE;
      *priority = 0;
    }
  else if (prio < MAX_RT_PRIO)
    {
      *policy = RTB_CAUSE_POLICY_RT;
      *priority = MAX_RT_PRIO - 1 - prio;
    }
  else
    {
      *policy = RTB_CAUSE_POLICY_OTHER;
      *priority = prio - NICE_0_PRIO;
    }
}

static void
charge (GArray *causes, RtbCauseKind kind, int id, const char *name, int prio, gint64 ns)
{
  RtbCause cause = { .kind = kind };

  if (ns <= 0)
    return;
  for (guint i = 0; i < causes->len; i++)
    {
      RtbCause *c = &g_array_index (causes, RtbCause, i);
      int c_id = kind == RTB_CAUSE_TASK ? c->pid : c->number;
      if (c->kind == kind && c_id == id)
        {
          c->duration_ns += ns;
          return;
        }
    }
  cause.name = g_strdup (name);
  cause.duration_ns = ns;
  if (kind == RTB_CAUSE_TASK)
    {
      cause.pid = id;
      task_policy (prio, &cause.policy, &cause.priority);
    }
  else
    cause.number = id;
  g_array_append_val (causes, cause);
}

/* Charges [from, to) to whatever held the CPU. A task is charged only when `tasks`: the thread
 * could have run instead of it. */
static void
charge_span (RtbSpike *spike, CpuState *cpu, int tid, gboolean tasks, gint64 from, gint64 to)
{
  gint64 ns = to - from;

  if (ns <= 0)
    return;
  if (cpu->irq >= 0)
    charge (spike->causes, RTB_CAUSE_IRQ, cpu->irq, cpu->irq_name, 0, ns);
  else if (cpu->softirq >= 0)
    charge (spike->causes, RTB_CAUSE_SOFTIRQ, cpu->softirq, cpu->softirq_name, 0, ns);
  else if (!tasks)
    return;
  else if (cpu->pid < 0)
    cpu->unattributed_ns += ns;
  /* The idle task and the measuring thread itself are not causes. */
  else if (cpu->pid != 0 && cpu->pid != tid)
    charge (spike->causes, RTB_CAUSE_TASK, cpu->pid, cpu->comm, cpu->prio, ns);
}

/* [from, to), tasks charged only from `runnable` on (never when it is −1). */
static void
charge_spans (RtbSpike *spike, CpuState *cpu, int tid, gint64 runnable, gint64 from, gint64 to)
{
  gint64 split = runnable < 0 ? to : CLAMP (runnable, from, to);

  charge_span (spike, cpu, tid, FALSE, from, split);
  charge_span (spike, cpu, tid, TRUE, split, to);
}

static void
learn_prio (CpuState *cpu, int pid, int prio)
{
  g_hash_table_insert (cpu->prios, GINT_TO_POINTER (pid), GINT_TO_POINTER (prio + 1000));
}

/* The line's head names the task the event found on the CPU. When it is not the one the last
 * switch put there, a switch went unrecorded (the kernel lost it): the task named ran since the
 * previous event. */
static void
follow_task (CpuState *cpu, const RtbTraceEvent *e)
{
  gpointer prio;

  if (cpu->pid < 0 || e->task_pid == cpu->pid)
    return;
  cpu->pid = e->task_pid;
  g_strlcpy (cpu->comm, e->task_comm, sizeof cpu->comm);
  prio = g_hash_table_lookup (cpu->prios, GINT_TO_POINTER (e->task_pid));
  cpu->prio = prio != NULL ? GPOINTER_TO_INT (prio) - 1000 : UNKNOWN_PRIO;
}

static void
apply (RtbSpike *spike, CpuState *cpu, const RtbTraceEvent *e)
{
  switch (e->kind)
    {
    case RTB_TRACE_EVENT_SWITCH:
      if (cpu->pid < 0 && e->prev_pid != 0)
        charge (spike->causes, RTB_CAUSE_TASK, e->prev_pid, e->prev_comm, e->prev_prio,
                cpu->unattributed_ns);
      cpu->unattributed_ns = 0;
      learn_prio (cpu, e->prev_pid, e->prev_prio);
      learn_prio (cpu, e->next_pid, e->next_prio);
      cpu->pid = e->next_pid;
      cpu->prio = e->next_prio;
      g_strlcpy (cpu->comm, e->next_comm, sizeof cpu->comm);
      break;
    case RTB_TRACE_EVENT_IRQ_ENTRY:
      cpu->irq = e->number;
      g_strlcpy (cpu->irq_name, e->name, sizeof cpu->irq_name);
      break;
    case RTB_TRACE_EVENT_IRQ_EXIT:
      cpu->irq = -1;
      break;
    case RTB_TRACE_EVENT_SOFTIRQ_ENTRY:
      cpu->softirq = e->number;
      g_strlcpy (cpu->softirq_name, e->name, sizeof cpu->softirq_name);
      break;
    case RTB_TRACE_EVENT_SOFTIRQ_EXIT:
      cpu->softirq = -1;
      break;
    case RTB_TRACE_EVENT_WAKING:
      learn_prio (cpu, e->next_pid, e->next_prio);
      break;
    default:
      break;
    }
}

static GArray *
parse_events (const char *text, gsize len)
{
  GArray *events = g_array_new (FALSE, FALSE, sizeof (RtbTraceEvent));
  const char *end = text + len;

  for (const char *line = text; line < end;)
    {
      const char *nl = memchr (line, '\n', (gsize) (end - line));
      const char *line_end = nl != NULL ? nl : end;
      RtbTraceEvent event;

      if (rtb_trace_parse_line (line, (gsize) (line_end - line), &event))
        g_array_append_val (events, event);
      line = line_end + 1;
    }
  return events;
}

static int
compare_causes (gconstpointer a, gconstpointer b)
{
  const RtbCause *ca = a, *cb = b;

  if (ca->duration_ns != cb->duration_ns)
    return ca->duration_ns > cb->duration_ns ? -1 : 1;
  return (int) ca->kind - (int) cb->kind;
}

/* Each task's thread group, from the line heads that name one (record-tgid). */
static GHashTable *
thread_groups (GArray *events)
{
  GHashTable *groups = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < events->len; i++)
    {
      const RtbTraceEvent *e = &g_array_index (events, RtbTraceEvent, i);
      if (e->task_pid > 0 && e->task_tgid > 0)
        g_hash_table_insert (groups, GINT_TO_POINTER (e->task_pid),
                             GINT_TO_POINTER (e->task_tgid));
    }
  return groups;
}

/* rtbench must never be the culprit it reports: when it is, it says so. A task's group is known
 * from the trace; without it (a kernel without record-tgid, an older worker) only the worker's
 * main thread, whose id is its pid, is recognised. */
static void
mark_owners (GArray *causes, GHashTable *groups, int worker_pid, int client_pid)
{
  for (guint i = 0; i < causes->len; i++)
    {
      RtbCause *c = &g_array_index (causes, RtbCause, i);
      gpointer group;
      int tgid;

      if (c->kind != RTB_CAUSE_TASK || c->pid <= 0)
        continue;
      group = g_hash_table_lookup (groups, GINT_TO_POINTER (c->pid));
      tgid = group != NULL ? GPOINTER_TO_INT (group) : c->pid;
      if (worker_pid > 0 && tgid == worker_pid)
        c->owner = RTB_CAUSE_OWNER_WORKER;
      else if (client_pid > 0 && tgid == client_pid)
        c->owner = RTB_CAUSE_OWNER_CLIENT;
    }
}

/* The main cause: what took the longest, unless the time nothing the kernel saw ran is
 * longer still. */
static void
judge (RtbSpike *spike)
{
  gint64 seen = 0, unseen;

  g_array_sort (spike->causes, compare_causes);
  for (guint i = 0; i < spike->causes->len; i++)
    seen += g_array_index (spike->causes, RtbCause, i).duration_ns;
  unseen = spike->wake_ns - spike->deadline_ns - seen;
  if (spike->causes->len > 0 &&
      g_array_index (spike->causes, RtbCause, 0).duration_ns >= unseen)
    cause_copy (&spike->main, &g_array_index (spike->causes, RtbCause, 0));
  else
    spike->main = (RtbCause) { .kind = RTB_CAUSE_UNKNOWN, .duration_ns = MAX (unseen, 0) };
}

/* When the thread could have run, from the events that belong to this spike: those after the
 * deadline (the trace prints whole microseconds, so the deadline's own microsecond counts).
 * Its wake-up is its first one after the deadline; a thread that was running or preempted at
 * the deadline (its last switch until then put it on the CPU, or took it off still runnable)
 * needed none. Its switch-in is its last one between then and reading the clock. −1: the
 * trace does not say. */
typedef struct {
  gint64 waking;    /* its wake-up */
  gint64 runnable;  /* from when it could have run: the wake-up, or the deadline */
  gint64 switch_in;
} ThreadTimes;

static ThreadTimes
thread_times (GArray *events, int tid, gint64 deadline_ns, gint64 wake_ns)
{
  ThreadTimes t = { -1, -1, -1 };
  gint64 first = deadline_ns - deadline_ns % TRACE_RESOLUTION_NS;
  gboolean on_cpu_at_deadline = FALSE;

  for (guint i = 0; i < events->len; i++)
    {
      const RtbTraceEvent *e = &g_array_index (events, RtbTraceEvent, i);

      if (e->time_ns > wake_ns + TRACE_RESOLUTION_NS)
        break;
      if (e->time_ns <= first && e->kind == RTB_TRACE_EVENT_SWITCH)
        {
          if (e->next_pid == tid)
            on_cpu_at_deadline = TRUE;
          else if (e->prev_pid == tid)
            on_cpu_at_deadline = e->prev_runnable;
        }
      if (e->time_ns < first)
        continue;
      if (e->kind == RTB_TRACE_EVENT_WAKING && e->next_pid == tid && t.waking < 0 &&
          t.switch_in < 0)
        t.waking = e->time_ns;
      if (e->kind == RTB_TRACE_EVENT_SWITCH && e->next_pid == tid)
        t.switch_in = e->time_ns;
    }
  if (t.waking >= 0)
    t.runnable = MAX (t.waking, deadline_ns);
  else if (on_cpu_at_deadline)
    t.runnable = deadline_ns;
  return t;
}

RtbSpike *
rtb_spike_explain (const RtbSpikeFrame *frame, const char *text, gsize text_len, int worker_pid,
                   int client_pid)
{
  RtbSpike *spike = rtb_spike_new ();
  g_autoptr (GArray) events = parse_events (text, text_len);
  CpuState cpu = { .pid = -1, .irq = -1, .softirq = -1 };
  g_autoptr (GHashTable) prios = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) groups = thread_groups (events);
  int tid = (int) frame->tid;
  ThreadTimes t = thread_times (events, tid, frame->deadline_ns, frame->wake_ns);
  gint64 end, from;

  spike->series = frame->thread;
  spike->index = frame->index;
  spike->cpu = frame->cpu;
  spike->value_ns = frame->value_ns;
  spike->deadline_ns = frame->deadline_ns;
  spike->wake_ns = frame->wake_ns;
  spike->flags = frame->flags;

  end = t.switch_in >= 0 ? MIN (t.switch_in, frame->wake_ns) : frame->wake_ns;
  if (t.runnable >= 0)
    spike->to_wakeup_ns = t.runnable - frame->deadline_ns;
  if (t.switch_in >= 0 && t.runnable >= 0)
    spike->to_run_ns = MAX (t.switch_in - t.runnable, 0);

  /* Until it could run, only interrupts delayed it: a task that held the CPU before then did
   * not keep it from running (and when the trace does not say when, no task is blamed). */
  cpu.prios = prios;
  from = frame->deadline_ns;
  for (guint i = 0; i < events->len; i++)
    {
      const RtbTraceEvent *e = &g_array_index (events, RtbTraceEvent, i);
      if (e->time_ns > end)
        break;
      follow_task (&cpu, e);
      if (e->time_ns > from)
        {
          charge_spans (spike, &cpu, tid, t.runnable, from, e->time_ns);
          from = e->time_ns;
        }
      apply (spike, &cpu, e);
    }
  charge_spans (spike, &cpu, tid, t.runnable, from, end);
  mark_owners (spike->causes, groups, worker_pid, client_pid);
  judge (spike);
  return spike;
}

/* ---- Words ------------------------------------------------------------------------------- */

static const char *
policy_name (RtbCausePolicy policy)
{
  switch (policy)
    {
    case RTB_CAUSE_POLICY_RT:
      return "FIFO/RR";
    case RTB_CAUSE_POLICY_DEADLINE:
      return "DEADLINE";
    case RTB_CAUSE_POLICY_OTHER:
      return "OTHER";
    case RTB_CAUSE_POLICY_UNKNOWN:
    default:
      return NULL;
    }
}

char *
rtb_cause_describe (const RtbCause *cause)
{
  const char *name = cause->name != NULL ? cause->name : "?";
  const char *owner = cause->kind == RTB_CAUSE_TASK ? rtb_cause_owner_describe (cause->owner)
                                                     : NULL;

  if (owner != NULL)
    switch (cause->policy)
      {
      case RTB_CAUSE_POLICY_RT:
        /* TRANSLATORS: "writer (pid 129, FIFO/RR 80, rtbench's own thread)" */
        return g_strdup_printf (_("%s (pid %d, %s %d, %s)"), name, cause->pid,
                                policy_name (cause->policy), cause->priority, owner);
      case RTB_CAUSE_POLICY_OTHER:
        /* TRANSLATORS: "writer (pid 129, OTHER nice 0, rtbench's own thread)" */
        return g_strdup_printf (_("%s (pid %d, %s nice %d, %s)"), name, cause->pid,
                                policy_name (cause->policy), cause->priority, owner);
      case RTB_CAUSE_POLICY_DEADLINE:
        return g_strdup_printf (_("%s (pid %d, %s, %s)"), name, cause->pid,
                                policy_name (cause->policy), owner);
      case RTB_CAUSE_POLICY_UNKNOWN:
      default:
        return g_strdup_printf (_("%s (pid %d, %s)"), name, cause->pid, owner);
      }
  switch (cause->kind)
    {
    case RTB_CAUSE_TASK:
      if (cause->policy == RTB_CAUSE_POLICY_RT)
        return g_strdup_printf (_("%s (pid %d, %s %d)"), name, cause->pid,
                                policy_name (cause->policy), cause->priority);
      if (cause->policy == RTB_CAUSE_POLICY_OTHER)
        return g_strdup_printf (_("%s (pid %d, %s nice %d)"), name, cause->pid,
                                policy_name (cause->policy), cause->priority);
      if (cause->policy == RTB_CAUSE_POLICY_DEADLINE)
        return g_strdup_printf (_("%s (pid %d, %s)"), name, cause->pid,
                                policy_name (cause->policy));
      return g_strdup_printf (_("%s (pid %d)"), name, cause->pid);
    case RTB_CAUSE_IRQ:
      return g_strdup_printf (_("interrupt %d %s"), cause->number, name);
    case RTB_CAUSE_SOFTIRQ:
      return g_strdup_printf (_("softirq %s"), name);
    case RTB_CAUSE_UNKNOWN:
    default:
      return g_strdup (_("nothing the kernel saw: firmware, SMI or hypervisor stall"));
    }
}

static char *
format_us (gint64 ns)
{
  return ns < 0 ? g_strdup ("-") : g_strdup_printf ("%.1f", (double) ns / 1000.0);
}

/* "12.3 µs", or "unknown" when the trace does not say. */
static char *
format_delay (gint64 ns)
{
  return ns < 0 ? g_strdup (_("unknown")) : g_strdup_printf (_("%.1f µs"), (double) ns / 1000.0);
}

static char *describe_head (const RtbSpike *spike, const char *series_name);

/* timerlat: the spike's period split into its IRQ latency and its thread latency, and which of
 * the interrupt and the wait after it took longer; NULL without the split. */
static char *
describe_split (const RtbSpike *spike)
{
  g_autofree char *irq = NULL;
  g_autofree char *thread = NULL;

  if (spike->irq_ns < 0)
    return NULL;
  irq = format_us (spike->irq_ns);
  thread = format_us (spike->value_ns);
  if (spike->irq_ns >= spike->value_ns - spike->irq_ns)
    /* TRANSLATORS: "IRQ 2100.0 µs, thread 2179.0 µs: mostly the interrupt was late" */
    return g_strdup_printf (_("IRQ %s µs, thread %s µs: mostly the interrupt was late"), irq,
                            thread);
  /* TRANSLATORS: "IRQ 12.0 µs, thread 480.0 µs: mostly the thread waited after its interrupt" */
  return g_strdup_printf (_("IRQ %s µs, thread %s µs: mostly the thread waited after its "
                            "interrupt"), irq, thread);
}

char *
rtb_spike_describe (const RtbSpike *spike, const char *series_name)
{
  g_autofree char *head = describe_head (spike, series_name);
  g_autofree char *split = describe_split (spike);

  return split != NULL ? g_strdup_printf ("%s · %s", head, split) : g_steal_pointer (&head);
}

static char *
describe_head (const RtbSpike *spike, const char *series_name)
{
  g_autofree char *cause = rtb_cause_describe (&spike->main);
  g_autofree char *value = format_us (spike->value_ns);
  g_autofree char *ran = format_us (spike->main.duration_ns);
  g_autofree char *at = spike->time_ns >= 0
                          ? g_strdup_printf ("%.4f", (double) spike->time_ns / 1e9) : NULL;

  /* Where the curve's time axis puts it, when the run has a period. */
  if (at != NULL && spike->main.kind == RTB_CAUSE_UNKNOWN)
    /* TRANSLATORS: "CPU1 #221 at 0.2220 s: 566.1 µs: nothing the kernel saw: … (420.0 µs)" */
    return g_strdup_printf (_("%s #%" PRIu64 " at %s s: %s µs: %s (%s µs)"), series_name,
                            spike->index, at, value, cause, ran);
  if (at != NULL)
    /* TRANSLATORS: "CPU1 #221 at 0.2220 s: 566.1 µs: culprit (pid 14226, FIFO/RR 99) ran
     * 489.2 µs" */
    return g_strdup_printf (_("%s #%" PRIu64 " at %s s: %s µs: %s ran %s µs"), series_name,
                            spike->index, at, value, cause, ran);
  if (spike->main.kind == RTB_CAUSE_UNKNOWN)
    /* TRANSLATORS: "CPU1 #221: 566.1 µs: nothing the kernel saw: … (420.0 µs)" */
    return g_strdup_printf (_("%s #%" PRIu64 ": %s µs: %s (%s µs)"), series_name,
                            spike->index, value, cause, ran);
  /* TRANSLATORS: "CPU1 #221: 566.1 µs: culprit (pid 14226, FIFO/RR 99) ran 489.2 µs" */
  return g_strdup_printf (_("%s #%" PRIu64 ": %s µs: %s ran %s µs"), series_name,
                          spike->index, value, cause, ran);
}

char *
rtb_spike_describe_long (const RtbSpike *spike, const char *series_name)
{
  GString *text = g_string_new (NULL);
  g_autofree char *head = describe_head (spike, series_name);
  g_autofree char *split = describe_split (spike);
  g_autofree char *to_wakeup = format_delay (spike->to_wakeup_ns);
  g_autofree char *to_run = format_delay (spike->to_run_ns);

  g_string_append_printf (text, "%s\n", head);
  /* On a line of its own: the window's readout does not wrap. */
  if (split != NULL)
    g_string_append_printf (text, "%s\n", split);
  /* TRANSLATORS: each delay is "12.3 µs" or "unknown" */
  g_string_append_printf (text, _("Deadline to wake-up %s, wake-up to running %s"),
                          to_wakeup, to_run);
  for (guint i = 0; i < spike->causes->len; i++)
    {
      const RtbCause *c = &g_array_index (spike->causes, RtbCause, i);
      g_autofree char *what = rtb_cause_describe (c);
      g_autofree char *ran = format_us (c->duration_ns);
      g_string_append_printf (text, "\n  %s: %s µs", what, ran);
    }
  if (spike->causes->len == 0)
    g_string_append_printf (text, "\n  %s", _("Nothing else ran on the CPU"));
  if (spike->flags & RTB_SPIKE_LOST_EVENTS)
    g_string_append_printf (text, "\n%s", _("The trace buffer overflowed: events may be missing"));
  if (spike->flags & RTB_SPIKE_CUT)
    g_string_append_printf (text, "\n%s", _("The trace window was cut: events may be missing"));
  return g_string_free (text, FALSE);
}

/* ---- League table ------------------------------------------------------------------------ */

#define LEAGUE_MAX 256

struct RtbSpikeLeague {
  GPtrArray *entries;
  guint64 total;
  gboolean sorted;
};

static void
league_entry_free (RtbLeagueEntry *entry)
{
  g_free (entry->name);
  g_free (entry);
}

RtbSpikeLeague *
rtb_spike_league_new (void)
{
  RtbSpikeLeague *league = g_new0 (RtbSpikeLeague, 1);

  league->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) league_entry_free);
  return league;
}

void
rtb_spike_league_free (RtbSpikeLeague *league)
{
  if (league == NULL)
    return;
  g_ptr_array_unref (league->entries);
  g_free (league);
}

static gboolean
same_cause (const RtbLeagueEntry *e, RtbCauseKind kind, const char *name, int pid, int number)
{
  if (e->kind != kind)
    return FALSE;
  switch (kind)
    {
    case RTB_CAUSE_TASK:
      return e->pid == pid && g_strcmp0 (e->name, name) == 0;
    case RTB_CAUSE_IRQ:
    case RTB_CAUSE_SOFTIRQ:
      return e->number == number;
    case RTB_CAUSE_UNKNOWN:
    default:
      return TRUE;
    }
}

void
rtb_spike_league_add_entry (RtbSpikeLeague *league, const RtbLeagueEntry *add)
{
  RtbLeagueEntry *entry = NULL;

  league->total += add->count;
  league->sorted = FALSE;
  for (guint i = 0; i < league->entries->len && entry == NULL; i++)
    if (same_cause (league->entries->pdata[i], add->kind, add->name, add->pid, add->number))
      entry = league->entries->pdata[i];
  /* A run with more causes than that keeps counting them as unknown, not losing them. */
  if (entry == NULL && league->entries->len >= LEAGUE_MAX)
    for (guint i = 0; i < league->entries->len && entry == NULL; i++)
      if (same_cause (league->entries->pdata[i], RTB_CAUSE_UNKNOWN, NULL, 0, 0))
        entry = league->entries->pdata[i];
  if (entry == NULL)
    {
      entry = g_new0 (RtbLeagueEntry, 1);
      entry->kind = league->entries->len >= LEAGUE_MAX ? RTB_CAUSE_UNKNOWN : add->kind;
      if (entry->kind != RTB_CAUSE_UNKNOWN)
        {
          entry->name = g_strdup (add->name);
          entry->pid = add->pid;
          entry->owner = add->kind == RTB_CAUSE_TASK ? add->owner : RTB_CAUSE_OWNER_NONE;
          entry->number = add->number;
        }
      g_ptr_array_add (league->entries, entry);
    }
  entry->count += add->count;
  entry->worst_ns = MAX (entry->worst_ns, add->worst_ns);
}

void
rtb_spike_league_add (RtbSpikeLeague *league, const RtbCause *cause, gint64 value_ns)
{
  RtbLeagueEntry add = {
    .kind = cause->kind,
    .name = cause->name,
    .pid = cause->pid,
    .owner = cause->owner,
    .number = cause->number,
    .count = 1,
    .worst_ns = value_ns,
  };

  rtb_spike_league_add_entry (league, &add);
}

static int
compare_entries (gconstpointer a, gconstpointer b)
{
  const RtbLeagueEntry *ea = *(RtbLeagueEntry *const *) a;
  const RtbLeagueEntry *eb = *(RtbLeagueEntry *const *) b;

  if (ea->count != eb->count)
    return ea->count > eb->count ? -1 : 1;
  if (ea->worst_ns != eb->worst_ns)
    return ea->worst_ns > eb->worst_ns ? -1 : 1;
  return g_strcmp0 (ea->name, eb->name);
}

GPtrArray *
rtb_spike_league_entries (RtbSpikeLeague *league)
{
  if (!league->sorted)
    g_ptr_array_sort (league->entries, compare_entries);
  league->sorted = TRUE;
  return league->entries;
}

guint64
rtb_spike_league_total (RtbSpikeLeague *league)
{
  return league->total;
}

char *
rtb_league_entry_describe (const RtbLeagueEntry *entry)
{
  RtbCause cause = {
    .kind = entry->kind,
    .name = entry->name,
    .pid = entry->pid,
    .owner = entry->owner,
    .number = entry->number,
  };
  g_autofree char *what = rtb_cause_describe (&cause);
  g_autofree char *worst = format_us (entry->worst_ns);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %" PRIu64
                                       " spike, worst %s µs",
                                       "%s: %" PRIu64 " spikes, worst %s µs",
                                       entry->count),
                          what, entry->count, worst);
}
