/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The kernel's ring buffer pages read as trace_pipe_raw gives them. The fixtures come from the
 * lab's board-rt (Debian's 6.1 PREEMPT_RT arm64 kernel): the timerlat tracer ran for a second in
 * an instance of 16 KiB per CPU, its clock mono, so that it overwrote its oldest events; with
 * tracing then off, its `trace` file (text, not consumed), each CPU's stats and each CPU's
 * trace_pipe_raw (binary, consumed) were saved, and events/header_page and
 * events/ftrace/timerlat/format (tests/data/trace-page/). The hwlat fixtures the same way: the
 * hwlat tracer at the top level, buffer_size_kb 4, width 1000 µs of every 2000 µs, threshold 1
 * µs, for 8 s with nothing reading (hwlat-*). */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "trace-fixture.h"
#include "trace-page-walk.h"

/* A sample of a tracer's event: its time, then its fields as `tracers` names them (unused
 * ones 0). */
typedef struct {
  guint64 time_us;
  gint64 v[4];
} Sample;

typedef struct {
  unsigned id;
  RtbTraceField fields[4];
  guint n_fields;
  GArray *samples;
} Walk;

static void
take (const RtbTraceEvent *event, void *user)
{
  Walk *w = user;
  /* The text prints the time rounded to the µs (the kernel's ns2usecs()). */
  Sample s = { .time_us = (event->time + 500) / 1000 };

  g_assert_cmpuint (event->type, ==, w->id);
  for (guint f = 0; f < w->n_fields; f++)
    g_assert_true (rtb_trace_event_field (event, &w->fields[f], &s.v[f]));
  g_array_append_val (w->samples, s);
}

static void
test_layout_and_format (void)
{
  g_autofree char *header = trace_fixture ("header_page.txt", NULL);
  g_autofree char *format = trace_fixture ("timerlat-format.txt", NULL);
  RtbTracePageLayout layout;
  RtbTraceField f;
  unsigned id;

  g_assert_true (rtb_trace_page_layout_parse (header, &layout));
  g_assert_cmpuint (layout.commit_offset, ==, 8);
  g_assert_cmpuint (layout.commit_size, ==, 8);
  g_assert_cmpuint (layout.data_offset, ==, 16);
  g_assert_true (rtb_trace_format_id (format, &id));
  g_assert_cmpuint (id, ==, 17);
  /* PREEMPT_RT's common_preempt_lazy_count moves the fields on by 4 bytes. */
  g_assert_true (rtb_trace_format_field (format, "seqnum", &f));
  g_assert_cmpuint (f.offset, ==, 12);
  g_assert_cmpuint (f.size, ==, 4);
  g_assert_false (f.is_signed);
  g_assert_true (rtb_trace_format_field (format, "context", &f));
  g_assert_cmpuint (f.offset, ==, 16);
  g_assert_true (f.is_signed);
  g_assert_true (rtb_trace_format_field (format, "timer_latency", &f));
  g_assert_cmpuint (f.offset, ==, 24);
  g_assert_cmpuint (f.size, ==, 8);
  /* A name is a whole word: "latency" is not "timer_latency", "type" not "common_type". */
  g_assert_false (rtb_trace_format_field (format, "latency", &f));
  g_assert_false (rtb_trace_format_field (format, "type", &f));
  g_assert_false (rtb_trace_format_id ("name: timerlat\nformat:\n", &id));
  g_assert_false (rtb_trace_page_layout_parse ("\tfield: u64 timestamp;\toffset:0;\tsize:8;", &layout));
}

/* The time of a line of the kernel's text ("… 252.771612: #679 …", `hash` at its ": #"). */
static guint64
text_time_us (const char *line, const char *hash)
{
  unsigned long long secs, usecs;
  const char *p = hash;

  while (p > line && p[-1] != ' ')
    p--;
  g_assert_cmpint (sscanf (p, "%llu.%llu", &secs, &usecs), ==, 2);
  return secs * 1000000 + usecs;
}

/* "  <idle>-0  [000] d..h1..   252.771612: #679   context    irq timer_latency   70464 ns" */
static void
text_timerlat (const char *hash, Sample *s)
{
  unsigned long long seq, latency;
  char context[8];

  g_assert_cmpint (sscanf (hash + 3, "%llu context %7s timer_latency %llu ns", &seq, context,
                           &latency), ==, 3);
  *s = (Sample) { s->time_us, { (gint64) seq, strcmp (context, "irq") == 0 ? 0 : 1,
                                (gint64) latency } };
}

/* "  <...>-192  [001] d......   675.531504: #425   inner/outer(us):    0/172   ts:… count:3" */
static void
text_hwlat (const char *hash, Sample *s)
{
  unsigned long long seq, inner, outer, count;

  g_assert_cmpint (sscanf (hash + 3, "%llu inner/outer(us): %llu/%llu", &seq, &inner, &outer),
                   ==, 3);
  g_assert_cmpint (sscanf (strstr (hash, " count:"), " count:%llu", &count), ==, 1);
  *s = (Sample) { s->time_us, { (gint64) seq, (gint64) inner, (gint64) outer, (gint64) count } };
}

/* The tracers whose fixtures are walked: their event's fields, in the order of their text's. */
static const struct {
  const char *name;
  const char *fields[4];
  guint pages;   /* of each CPU's fixture */
  void (*text) (const char *hash, Sample *s);
} tracers[] = {
  { "timerlat", { "seqnum", "context", "timer_latency" }, 5, text_timerlat },
  { "hwlat", { "seqnum", "duration", "outer_duration", "count" }, 2, text_hwlat },
};

/* The CPU's samples in the tracer's text trace. */
static GArray *
text_samples (guint tracer, int cpu)
{
  g_autofree char *name = g_strdup_printf ("%s-trace.txt", tracers[tracer].name);
  g_autofree char *text = trace_fixture (name, NULL);
  g_autofree char *want = g_strdup_printf ("[%03d]", cpu);
  GArray *samples = g_array_new (FALSE, FALSE, sizeof (Sample));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  for (char **line = lines; *line != NULL; line++)
    {
      const char *hash = strstr (*line, ": #");
      Sample s;

      if (**line == '#' || strstr (*line, want) == NULL || hash == NULL)
        continue;
      s.time_us = text_time_us (*line, hash);
      tracers[tracer].text (hash, &s);
      g_array_append_val (samples, s);
    }
  return samples;
}

/* The CPU's binary pages of the tracer: every event is the tracer's and the text's, in the same
 * order, its time to the µs and each field exact; the events lost before the first page are
 * the stats' overrun. Returns the samples. */
static GArray *
walk_against_text (guint tracer, int cpu)
{
  g_autofree char *name = g_strdup_printf ("%s-format.txt", tracers[tracer].name);
  g_autofree char *format = trace_fixture (name, NULL);
  g_autoptr (GArray) want = text_samples (tracer, cpu);
  Walk w = { .samples = g_array_new (FALSE, FALSE, sizeof (Sample)) };

  g_assert_true (rtb_trace_format_id (format, &w.id));
  for (; w.n_fields < 4 && tracers[tracer].fields[w.n_fields] != NULL; w.n_fields++)
    g_assert_true (rtb_trace_format_field (format, tracers[tracer].fields[w.n_fields],
                                           &w.fields[w.n_fields]));
  g_assert_cmpuint (trace_page_walk_fixture (tracers[tracer].name, cpu, take, &w), ==,
                    tracers[tracer].pages);
  g_assert_cmpuint (w.samples->len, ==, want->len);
  for (guint i = 0; i < want->len; i++)
    {
      Sample *a = &g_array_index (w.samples, Sample, i);
      Sample *b = &g_array_index (want, Sample, i);

      g_assert_cmpuint (a->time_us, ==, b->time_us);
      for (guint f = 0; f < w.n_fields; f++)
        g_assert_cmpint (a->v[f], ==, b->v[f]);
    }
  return w.samples;
}

/* Every event of timerlat's binary pages is the text's: same order, time to the µs, activation,
 * context and latency to the ns; the events lost before the first page are the stats' overrun. */
static void
test_real_pages (void)
{
  for (int cpu = 0; cpu < 2; cpu++)
    {
      g_autoptr (GArray) samples = walk_against_text (0, cpu);

      g_assert_cmpuint (samples->len, >, 500);
    }
}

/* How many of `other`'s numbers fall strictly between `mine`'s first and last. */
static guint
numbers_inside (GArray *mine, GArray *other)
{
  gint64 first = g_array_index (mine, Sample, 0).v[0];
  gint64 last = g_array_index (mine, Sample, mine->len - 1).v[0];
  guint inside = 0;

  for (guint i = 0; i < other->len; i++)
    inside += g_array_index (other, Sample, i).v[0] > first &&
              g_array_index (other, Sample, i).v[0] < last;
  return inside;
}

/* hwlat's pages, after its buffer overwrote its oldest samples: every event is the text's
 * (number, gaps and count), and the samples lost before the first page are the kernel's overrun
 * of that CPU, which the hwlat worker counts as dropped (the samples' numbers cannot: they run
 * across the CPUs, as the two CPUs' kept samples interleave). */
static void
test_hwlat_pages (void)
{
  g_autoptr (GArray) cpu0 = walk_against_text (1, 0);
  g_autoptr (GArray) cpu1 = walk_against_text (1, 1);

  /* The numbers of one CPU skip the other's: a gap in them is no loss. */
  g_assert_cmpuint (numbers_inside (cpu0, cpu1), >, 0);
  g_assert_cmpuint (numbers_inside (cpu1, cpu0), >, 0);
}

static void
put32 (unsigned char *page, size_t *at, guint32 v)
{
  memcpy (page + *at, &v, 4);
  *at += 4;
}

static void
count_event (const RtbTraceEvent *event, void *user)
{
  GArray *times = user;

  g_array_append_val (times, event->time);
  g_assert_cmpuint (event->type, ==, 7);
}

/* The kinds of event a page may hold, written as the kernel writes them. */
static void
test_synthetic_page (void)
{
  RtbTracePageLayout layout = { .commit_offset = 8, .commit_size = 8, .data_offset = 16 };
  unsigned char page[4096] = { 0 };
  guint64 stamp = 1000, commit;
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (guint64));
  size_t at = 16;
  uint64_t missed;
  guint16 type = 7;

  memcpy (page, &stamp, 8);
  /* A short event: 8 bytes, 5 ns after the page's stamp. */
  put32 (page, &at, 2 | (5u << 5));
  memcpy (page + at, &type, 2);
  at += 8;
  /* A time extension of 3 << 27 + 1 ns, then a long event (type_len 0) of 130 bytes. */
  put32 (page, &at, 30 | (1u << 5));
  put32 (page, &at, 3);
  put32 (page, &at, 0 | (2u << 5));
  put32 (page, &at, 130 + 4);
  memcpy (page + at, &type, 2);
  at += 132;
  /* Padding of 12 bytes after its header's word, then one more short event. */
  put32 (page, &at, 29 | (1u << 5));
  put32 (page, &at, 12);
  at += 8;
  put32 (page, &at, 1 | (4u << 5));
  memcpy (page + at, &type, 2);
  at += 4;
  /* 9 events lost before this page, their count after the data. */
  commit = (guint64) (at - 16) | (1u << 31) | (1u << 30);
  memcpy (page + 8, &commit, 8);
  stamp = 9;
  memcpy (page + at, &stamp, 8);

  g_assert_cmpint (rtb_trace_page_walk (&layout, page, sizeof page, count_event, times, &missed),
                   ==, 3);
  g_assert_cmpuint (missed, ==, 9);
  g_assert_cmpuint (g_array_index (times, guint64, 0), ==, 1005);
  g_assert_cmpuint (g_array_index (times, guint64, 1), ==, 1005 + (3ull << 27) + 1 + 2);
  g_assert_cmpuint (g_array_index (times, guint64, 2), ==, 1005 + (3ull << 27) + 1 + 2 + 1 + 4);

  /* Lost without a count; then a page cut short: malformed. */
  commit = (guint64) (at - 16) | (1u << 31);
  memcpy (page + 8, &commit, 8);
  g_assert_cmpint (rtb_trace_page_walk (&layout, page, sizeof page, count_event, times, &missed),
                   ==, 3);
  g_assert_cmpuint (missed, ==, UINT64_MAX);
  g_assert_cmpint (rtb_trace_page_walk (&layout, page, 100, count_event, times, &missed), ==, -1);
  commit = at - 16 - 2;
  memcpy (page + 8, &commit, 8);
  g_assert_cmpint (rtb_trace_page_walk (&layout, page, sizeof page, count_event, times, &missed),
                   ==, -1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace-page/layout-and-format", test_layout_and_format);
  g_test_add_func ("/trace-page/real-pages", test_real_pages);
  g_test_add_func ("/trace-page/hwlat-pages", test_hwlat_pages);
  g_test_add_func ("/trace-page/synthetic", test_synthetic_page);
  return g_test_run ();
}
