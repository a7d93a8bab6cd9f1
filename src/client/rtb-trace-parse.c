/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-client"
#include "config.h"

#include <string.h>

#include "rtb-trace-parse.h"

/* Finds " key=" in line[0, end) searching backwards; returns where its value starts. */
static const char *
find_key (const char *line, const char *end, const char *key)
{
  gsize key_len = strlen (key);

  for (const char *p = end - key_len; p >= line; p--)
    if (memcmp (p, key, key_len) == 0 && (p == line || p[-1] == ' '))
      return p + key_len;
  return NULL;
}

static gboolean
parse_int (const char *p, const char *end, int *out)
{
  gboolean negative = FALSE;
  gint64 value = 0;
  const char *start;

  if (p == NULL)
    return FALSE;
  if (p < end && *p == '-')
    {
      negative = TRUE;
      p++;
    }
  start = p;
  for (; p < end && g_ascii_isdigit (*p); p++)
    {
      value = value * 10 + (*p - '0');
      if (value > G_MAXINT)
        return FALSE;
    }
  if (p == start || (p < end && *p != ' '))
    return FALSE;
  *out = negative ? -(int) value : (int) value;
  return TRUE;
}

/* A value that ends where the next " key=" begins (names may hold spaces). */
static gboolean
copy_until (const char *p, const char *stop, char *out, gsize out_size)
{
  gsize len;

  if (p == NULL || stop == NULL || stop < p)
    return FALSE;
  len = (gsize) (stop - p);
  if (len >= out_size)
    len = out_size - 1;
  memcpy (out, p, len);
  out[len] = '\0';
  return TRUE;
}

/* "prev_comm=NAME prev_pid=N prev_prio=N prev_state=S ==> next_comm=NAME next_pid=N
 * next_prio=N" */
static gboolean
parse_switch (const char *fields, const char *end, RtbTraceEvent *event)
{
  const char *arrow = NULL;
  const char *next_comm, *next_pid, *prev_comm, *prev_pid, *state;

  for (const char *p = end - 4; p >= fields; p--)
    if (memcmp (p, " ==>", 4) == 0)
      {
        arrow = p;
        break;
      }
  if (arrow == NULL)
    return FALSE;
  next_comm = find_key (arrow, end, "next_comm=");
  next_pid = find_key (arrow, end, "next_pid=");
  prev_comm = find_key (fields, arrow, "prev_comm=");
  prev_pid = find_key (fields, arrow, "prev_pid=");
  if (next_comm == NULL || next_pid == NULL || prev_comm == NULL || prev_pid == NULL ||
      next_pid < next_comm || prev_pid < prev_comm)
    return FALSE;
  event->kind = RTB_TRACE_EVENT_SWITCH;
  state = find_key (fields, arrow, "prev_state=");
  event->prev_runnable = state != NULL && state[0] == 'R';
  return copy_until (prev_comm, prev_pid - strlen (" prev_pid="), event->prev_comm,
                     sizeof event->prev_comm) &&
         copy_until (next_comm, next_pid - strlen (" next_pid="), event->next_comm,
                     sizeof event->next_comm) &&
         parse_int (prev_pid, arrow, &event->prev_pid) &&
         parse_int (find_key (fields, arrow, "prev_prio="), arrow, &event->prev_prio) &&
         parse_int (next_pid, end, &event->next_pid) &&
         parse_int (find_key (arrow, end, "next_prio="), end, &event->next_prio);
}

/* "comm=NAME pid=N prio=N target_cpu=NNN" */
static gboolean
parse_waking (const char *fields, const char *end, RtbTraceEvent *event)
{
  const char *comm = find_key (fields, end, "comm=");
  const char *pid = find_key (fields, end, "pid=");

  /* "comm=" is the first field: a name holding " comm=" must not fool the search. */
  if (strncmp (fields, "comm=", 5) != 0 || pid == NULL)
    return FALSE;
  comm = fields + 5;
  event->kind = RTB_TRACE_EVENT_WAKING;
  return pid > comm && copy_until (comm, pid - strlen (" pid="), event->next_comm,
                                   sizeof event->next_comm) &&
         parse_int (pid, end, &event->next_pid) &&
         parse_int (find_key (pid, end, "prio="), end, &event->next_prio);
}

/* "irq=N name=NAME" and "irq=N ret=handled" */
static gboolean
parse_irq (const char *fields, const char *end, gboolean entry, RtbTraceEvent *event)
{
  const char *name;

  if (strncmp (fields, "irq=", 4) != 0 || !parse_int (fields + 4, end, &event->number))
    return FALSE;
  event->kind = entry ? RTB_TRACE_EVENT_IRQ_ENTRY : RTB_TRACE_EVENT_IRQ_EXIT;
  name = entry ? find_key (fields, end, "name=") : NULL;
  return !entry || copy_until (name, end, event->name, sizeof event->name);
}

/* "vec=N [action=NAME]" */
static gboolean
parse_softirq (const char *fields, const char *end, gboolean entry, RtbTraceEvent *event)
{
  const char *action = find_key (fields, end, "[action=");

  if (strncmp (fields, "vec=", 4) != 0 || !parse_int (fields + 4, end, &event->number) ||
      action == NULL || end[-1] != ']')
    return FALSE;
  event->kind = entry ? RTB_TRACE_EVENT_SOFTIRQ_ENTRY : RTB_TRACE_EVENT_SOFTIRQ_EXIT;
  return copy_until (action, end - 1, event->name, sizeof event->name);
}

static const struct {
  const char *name;
  int kind;
} events[] = {
  { "sched_switch", RTB_TRACE_EVENT_SWITCH },
  { "sched_waking", RTB_TRACE_EVENT_WAKING },
  { "sched_wakeup", RTB_TRACE_EVENT_WAKING },
  { "irq_handler_entry", RTB_TRACE_EVENT_IRQ_ENTRY },
  { "irq_handler_exit", RTB_TRACE_EVENT_IRQ_EXIT },
  { "softirq_entry", RTB_TRACE_EVENT_SOFTIRQ_ENTRY },
  { "softirq_exit", RTB_TRACE_EVENT_SOFTIRQ_EXIT },
};

/* "(   1234) " or "(-------) " at the end of the task's part, with the option record-tgid: its
 * thread group, or not known. Returns where the group starts, or `end` when there is none. */
static const char *
parse_tgid (const char *line, const char *end, RtbTraceEvent *event)
{
  const char *open = end - 1, *p;
  gboolean unknown = TRUE;
  int tgid = 0;

  if (end <= line || end[-1] != ')')
    return end;
  while (open > line && *open != '(')
    open--;
  if (*open != '(')
    return end;
  for (p = open + 1; p < end - 1 && *p == ' '; p++)
    ;
  if (p < end - 1 && g_ascii_isdigit (*p))
    {
      for (; p < end - 1 && g_ascii_isdigit (*p) && tgid < G_MAXINT / 10; p++)
        tgid = tgid * 10 + (*p - '0');
      unknown = FALSE;
    }
  else
    for (; p < end - 1 && *p == '-'; p++)
      ;
  if (p != end - 1)
    return end;
  event->task_tgid = unknown ? -1 : tgid;
  return open;
}

/* "   comm-pid   " before the CPU field, "   comm-pid   (   tgid) " with record-tgid: the task
 * the event interrupted or ran in. */
static gboolean
parse_task (const char *line, const char *bracket, RtbTraceEvent *event)
{
  const char *end = bracket, *dash, *start = line;

  event->task_tgid = -1;
  while (end > line && end[-1] == ' ')
    end--;
  end = parse_tgid (line, end, event);
  while (end > line && end[-1] == ' ')
    end--;
  while (start < end && *start == ' ')
    start++;
  for (dash = end - 1; dash > start && *dash != '-'; dash--)
    ;
  if (dash <= start || !parse_int (dash + 1, end, &event->task_pid))
    return FALSE;
  return copy_until (start, dash, event->task_comm, sizeof event->task_comm);
}

/* After the CPU field "[NNN] " and the flags: "SECONDS.MICROS: EVENT: FIELDS". */
static const char *
parse_head (const char *line, const char *end, RtbTraceEvent *event)
{
  const char *p = line;
  gint64 sec = 0, usec = 0;
  int digits = 0;

  for (;; p++)
    {
      const char *q;

      p = memchr (p, '[', (gsize) (end - p));
      if (p == NULL)
        return NULL;
      for (q = p + 1; q < end && g_ascii_isdigit (*q); q++)
        ;
      if (q - p > 1 && q + 1 < end && q[0] == ']' && q[1] == ' ')
        {
          if (!parse_task (line, p, event))
            return NULL;
          p = q + 2;
          break;
        }
    }
  while (p < end && *p == ' ')
    p++;
  while (p < end && *p != ' ')
    p++;
  while (p < end && *p == ' ')
    p++;
  for (; p < end && g_ascii_isdigit (*p) && sec < G_GINT64_CONSTANT (1000000000000); p++)
    sec = sec * 10 + (*p - '0');
  if (p >= end || *p++ != '.')
    return NULL;
  for (; p < end && g_ascii_isdigit (*p) && digits < 9; p++, digits++)
    usec = usec * 10 + (*p - '0');
  if (digits != 6 || end - p < 2 || p[0] != ':' || p[1] != ' ')
    return NULL;
  event->time_ns = sec * G_GINT64_CONSTANT (1000000000) + usec * 1000;
  return p + 2;
}

gboolean
rtb_trace_parse_line (const char *line, gsize len, RtbTraceEvent *event)
{
  const char *end = line + len;
  const char *p;

  memset (event, 0, sizeof *event);
  while (end > line && (end[-1] == ' ' || end[-1] == '\r'))
    end--;
  p = parse_head (line, end, event);
  if (p == NULL)
    return FALSE;
  for (gsize i = 0; i < G_N_ELEMENTS (events); i++)
    {
      gsize name_len = strlen (events[i].name);

      if ((gsize) (end - p) <= name_len + 2 || memcmp (p, events[i].name, name_len) != 0 ||
          p[name_len] != ':' || p[name_len + 1] != ' ')
        continue;
      p += name_len + 2;
      switch (events[i].kind)
        {
        case RTB_TRACE_EVENT_SWITCH:
          return parse_switch (p, end, event);
        case RTB_TRACE_EVENT_WAKING:
          return parse_waking (p, end, event);
        case RTB_TRACE_EVENT_IRQ_ENTRY:
        case RTB_TRACE_EVENT_IRQ_EXIT:
          return parse_irq (p, end, events[i].kind == RTB_TRACE_EVENT_IRQ_ENTRY, event);
        default:
          return parse_softirq (p, end, events[i].kind == RTB_TRACE_EVENT_SOFTIRQ_ENTRY, event);
        }
    }
  return FALSE;
}
