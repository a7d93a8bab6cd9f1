/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The spike trace's binary events written as trace_pipe's lines: see the header. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtb-file-text.h"
#include "rtb-time.h"
#include "rtb-worker-trace-format.h"

#define COMM_MAX 16
/* Tasks whose names and groups are remembered (a table, the oldest replaced on a collision). */
#define TASKS 4096
#define PROBES 8
#define FORMAT_TEXT_MAX 8192

typedef enum {
  EVENT_SWITCH,
  EVENT_WAKING,
  EVENT_WAKEUP,
  EVENT_IRQ_ENTRY,
  EVENT_IRQ_EXIT,
  EVENT_SOFTIRQ_ENTRY,
  EVENT_SOFTIRQ_EXIT,
  N_EVENTS,
} EventKind;

/* Each event's fields, in the order the line prints them; a text field's name starts with '$'. */
static const struct {
  const char *path;
  const char *name;
  bool required;
  const char *fields[7];
} events[N_EVENTS] = {
  [EVENT_SWITCH] = { "sched/sched_switch", "sched_switch", true,
                     { "$prev_comm", "prev_pid", "prev_prio", "prev_state", "$next_comm",
                       "next_pid", "next_prio" } },
  [EVENT_WAKING] = { "sched/sched_waking", "sched_waking", true,
                     { "$comm", "pid", "prio", "target_cpu" } },
  [EVENT_WAKEUP] = { "sched/sched_wakeup", "sched_wakeup", false,
                     { "$comm", "pid", "prio", "target_cpu" } },
  [EVENT_IRQ_ENTRY] = { "irq/irq_handler_entry", "irq_handler_entry", false,
                        { "irq", "$name" } },
  [EVENT_IRQ_EXIT] = { "irq/irq_handler_exit", "irq_handler_exit", false, { "irq", "ret" } },
  [EVENT_SOFTIRQ_ENTRY] = { "irq/softirq_entry", "softirq_entry", false, { "vec" } },
  [EVENT_SOFTIRQ_EXIT] = { "irq/softirq_exit", "softirq_exit", false, { "vec" } },
};

static const char *const softirq_names[] = {
  "HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET", "SCHED", "HRTIMER", "RCU",
};

/* prev_state as sched_switch's print fmt writes it (TASK_REPORT, kernels from 4.14 on). */
static const char task_states[] = "SDTtXZPI";
#define TASK_REPORT_MAX 0x100

typedef struct {
  int pid;        /* 0: a free slot */
  int tgid;       /* 0: not looked up yet; -1: unknown */
  char comm[COMM_MAX];
} Task;

struct RtbWorkerTraceFormat {
  RtbTracePageLayout layout;
  struct {
    bool present;
    unsigned id;
    RtbTraceField fields[7];
  } kinds[N_EVENTS];
  RtbTraceField flags, preempt_count, pid;
  char proc[256];
  Task tasks[TASKS];
};

static bool
load_event (RtbWorkerTraceFormat *f, EventKind kind, const char *text)
{
  bool ok = rtb_trace_format_id (text, &f->kinds[kind].id);

  for (int i = 0; ok && i < 7 && events[kind].fields[i] != NULL; i++)
    {
      const char *name = events[kind].fields[i];
      RtbTraceField *field = &f->kinds[kind].fields[i];

      ok = name[0] == '$' ? rtb_trace_format_text (text, name + 1, field)
                          : rtb_trace_format_field (text, name, field);
    }
  /* The common fields are the same in every event. */
  return ok && rtb_trace_format_field (text, "common_flags", &f->flags) &&
         rtb_trace_format_field (text, "common_preempt_count", &f->preempt_count) &&
         rtb_trace_format_field (text, "common_pid", &f->pid);
}

RtbWorkerTraceFormat *
rtb_worker_trace_format_new (const char *root, const char *instance, const char *proc, char *why,
                             size_t why_size)
{
  RtbWorkerTraceFormat *f = calloc (1, sizeof *f);
  char *text = malloc (FORMAT_TEXT_MAX);
  int err;

  if (f == NULL || text == NULL)
    {
      snprintf (why, why_size, "out of memory");
      goto fail;
    }
  snprintf (f->proc, sizeof f->proc, "%s", proc);
  if ((err = rtb_file_text_read (root, "events/header_page", text, FORMAT_TEXT_MAX)) != 0 ||
      !rtb_trace_page_layout_parse (text, &f->layout))
    {
      snprintf (why, why_size, "cannot read the trace: events/header_page in %.64s: %s", root,
                err != 0 ? strerror (err) : "not the layout the worker knows");
      goto fail;
    }
  for (int kind = 0; kind < N_EVENTS; kind++)
    {
      char relative[128];

      snprintf (relative, sizeof relative, "events/%s/format", events[kind].path);
      err = rtb_file_text_read (instance, relative, text, FORMAT_TEXT_MAX);
      f->kinds[kind].present = err == 0 && load_event (f, (EventKind) kind, text);
      if (!f->kinds[kind].present && events[kind].required)
        {
          snprintf (why, why_size, "cannot read the trace: %s: %s", relative,
                    err != 0 ? strerror (err) : "not the format the worker knows");
          goto fail;
        }
    }
  free (text);
  return f;

fail:
  free (text);
  free (f);
  return NULL;
}

void
rtb_worker_trace_format_free (RtbWorkerTraceFormat *f)
{
  free (f);
}

const RtbTracePageLayout *
rtb_worker_trace_format_layout (const RtbWorkerTraceFormat *f)
{
  return &f->layout;
}

static int
kind_of (const RtbWorkerTraceFormat *f, const RtbTraceEvent *event)
{
  for (int kind = 0; kind < N_EVENTS; kind++)
    if (f->kinds[kind].present && f->kinds[kind].id == event->type)
      return kind;
  return -1;
}

static Task *
find_task (RtbWorkerTraceFormat *f, int pid, bool add)
{
  unsigned home = ((unsigned) pid * 2654435761u) % TASKS;

  for (unsigned i = 0; i < PROBES; i++)
    {
      Task *t = &f->tasks[(home + i) % TASKS];

      if (t->pid == pid)
        return t;
      if (t->pid == 0 && add)
        {
          t->pid = pid;
          return t;
        }
    }
  if (!add)
    return NULL;
  memset (&f->tasks[home], 0, sizeof f->tasks[home]);
  f->tasks[home].pid = pid;
  return &f->tasks[home];
}

static void
learn (RtbWorkerTraceFormat *f, const RtbTraceEvent *event, const RtbTraceField *comm,
       const RtbTraceField *pid)
{
  char name[COMM_MAX];
  int64_t value;
  Task *t;

  if (!rtb_trace_event_field (event, pid, &value) || value <= 0 || value > INT32_MAX ||
      !rtb_trace_event_text (event, comm, name, sizeof name))
    return;
  t = find_task (f, (int) value, true);
  /* A new name (exec) keeps the group; a new task in a reused slot has none yet. */
  snprintf (t->comm, sizeof t->comm, "%s", name);
}

bool
rtb_worker_trace_format_take (RtbWorkerTraceFormat *f, const RtbTraceEvent *event)
{
  int kind = kind_of (f, event);
  const RtbTraceField *fields;

  if (kind < 0)
    return false;
  fields = f->kinds[kind].fields;
  if (kind == EVENT_SWITCH)
    {
      learn (f, event, &fields[0], &fields[1]);
      learn (f, event, &fields[4], &fields[5]);
    }
  else if (kind == EVENT_WAKING || kind == EVENT_WAKEUP)
    learn (f, event, &fields[0], &fields[1]);
  return true;
}

/* The start of "/proc/PID/comm" or "/proc/PID/status" into buf (what it needs comes first);
 * false when the task is gone. */
static bool
read_proc (const RtbWorkerTraceFormat *f, int pid, const char *file, char *buf, size_t size)
{
  char dir[300];
  int err;

  snprintf (dir, sizeof dir, "%s/%d", f->proc, pid);
  err = rtb_file_text_read (dir, file, buf, size);
  return err == 0 || err == EOVERFLOW;
}

/* The task of a line's head: its name and thread group, learnt or looked up once. */
static const Task *
head_task (RtbWorkerTraceFormat *f, int pid)
{
  Task *t = find_task (f, pid, true);
  char status[2048];
  const char *tgid;

  if (t->comm[0] == '\0')
    {
      if (read_proc (f, pid, "comm", t->comm, sizeof t->comm))
        t->comm[strcspn (t->comm, "\n")] = '\0';
      if (t->comm[0] == '\0')
        snprintf (t->comm, sizeof t->comm, "<...>");
    }
  if (t->tgid == 0)
    {
      t->tgid = -1;
      if (read_proc (f, pid, "status", status, sizeof status) &&
          (tgid = strstr (status, "\nTgid:")) != NULL)
        t->tgid = atoi (tgid + strlen ("\nTgid:"));
      if (t->tgid <= 0)
        t->tgid = -1;
    }
  return t;
}

/* The flags column as trace_pipe prints it: irqs off, need-resched, hard/soft interrupt, the
 * preemption depth and the migrate-disable depth. */
static void
lat_flags (int64_t flags, int64_t preempt, char out[6])
{
  bool hard = flags & 0x08, soft = flags & 0x10, nmi = flags & 0x40;

  out[0] = flags & 0x01 ? 'd' : flags & 0x02 ? 'X' : '.';
  out[1] = (flags & 0x04) && (flags & 0x20) ? 'N' : flags & 0x04 ? 'n' : flags & 0x20 ? 'p' : '.';
  out[2] = nmi && hard ? 'Z' : nmi ? 'z' : hard && soft ? 'H' : hard ? 'h' : soft ? 's' : '.';
  out[3] = preempt & 0xf ? "0123456789abcdef"[preempt & 0xf] : '.';
  out[4] = (preempt >> 4) & 0xf ? "0123456789abcdef"[(preempt >> 4) & 0xf] : '.';
  out[5] = '\0';
}

static void
task_state (int64_t state, char *out, size_t size)
{
  size_t used = 0;

  out[0] = '\0';
  if ((state & (TASK_REPORT_MAX - 1)) == 0)
    snprintf (out, size, "R");
  for (int bit = 0; bit < 8 && used + 3 < size; bit++)
    if (state & (1 << bit))
      used += (size_t) snprintf (out + used, size - used, "%s%c", used > 0 ? "|" : "",
                                 task_states[bit]);
  if (state & TASK_REPORT_MAX)
    snprintf (out + strlen (out), size - strlen (out), "+");
}

/* The event's own fields, as its print fmt writes them. */
static int
format_fields (RtbWorkerTraceFormat *f, int kind, const RtbTraceEvent *event, char *out,
               size_t size)
{
  const RtbTraceField *fields = f->kinds[kind].fields;
  char text[2][64];
  int64_t v[7] = { 0 };
  char state[32];

  for (int i = 0; i < 7 && events[kind].fields[i] != NULL; i++)
    if (events[kind].fields[i][0] == '$'
          ? !rtb_trace_event_text (event, &fields[i], text[i == 0 ? 0 : 1], sizeof text[0])
          : !rtb_trace_event_field (event, &fields[i], &v[i]))
      return -1;
  switch ((EventKind) kind)
    {
    case EVENT_SWITCH:
      task_state (v[3], state, sizeof state);
      return snprintf (out, size, "prev_comm=%s prev_pid=%" PRId64 " prev_prio=%" PRId64
                       " prev_state=%s ==> next_comm=%s next_pid=%" PRId64 " next_prio=%" PRId64,
                       text[0], v[1], v[2], state, text[1], v[5], v[6]);
    case EVENT_WAKING:
    case EVENT_WAKEUP:
      return snprintf (out, size, "comm=%s pid=%" PRId64 " prio=%" PRId64 " target_cpu=%03"
                       PRId64, text[0], v[1], v[2], v[3]);
    case EVENT_IRQ_ENTRY:
      return snprintf (out, size, "irq=%" PRId64 " name=%s", v[0], text[1]);
    case EVENT_IRQ_EXIT:
      return snprintf (out, size, "irq=%" PRId64 " ret=%s", v[0],
                       v[1] != 0 ? "handled" : "unhandled");
    case EVENT_SOFTIRQ_ENTRY:
    case EVENT_SOFTIRQ_EXIT:
      return snprintf (out, size, "vec=%" PRId64 " [action=%s]", v[0],
                       v[0] >= 0 && v[0] < (int64_t) (sizeof softirq_names /
                                                      sizeof softirq_names[0])
                         ? softirq_names[v[0]] : "UNKNOWN");
    case N_EVENTS:
    default:
      return -1;
    }
}

size_t
rtb_worker_trace_format_line (RtbWorkerTraceFormat *f, int cpu, const RtbTraceEvent *event,
                              char *out, size_t size)
{
  int kind = kind_of (f, event);
  int64_t flags, preempt, pid;
  uint64_t usecs = (event->time + 500) / 1000;
  char tgid[16], lat[6];
  const Task *task = NULL;
  int head, body;

  if (kind < 0 || !rtb_trace_event_field (event, &f->flags, &flags) ||
      !rtb_trace_event_field (event, &f->preempt_count, &preempt) ||
      !rtb_trace_event_field (event, &f->pid, &pid) || pid < 0 || pid > INT32_MAX)
    return 0;
  if (pid > 0)
    task = head_task (f, (int) pid);
  if (task != NULL && task->tgid > 0)
    snprintf (tgid, sizeof tgid, "%7d", task->tgid);
  else
    snprintf (tgid, sizeof tgid, "-------");
  lat_flags (flags, preempt, lat);
  head = snprintf (out, size, "%16s-%-7d (%s) [%03d] %s %5" PRIu64 ".%06" PRIu64 ": %s: ",
                   task != NULL ? task->comm : "<idle>", (int) pid, tgid, cpu, lat,
                   usecs / 1000000, usecs % 1000000, events[kind].name);
  if (head < 0 || (size_t) head >= size)
    return 0;
  body = format_fields (f, kind, event, out + head, size - (size_t) head);
  if (body < 0 || (size_t) (head + body) >= size)
    return 0;
  for (int i = 0; i < head + body; i++)
    if ((unsigned char) out[i] < 0x20 || (unsigned char) out[i] >= 0x7f)
      out[i] = '?';
  return (size_t) (head + body);
}
