/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The hwlat tracer's trace (tracefs's `trace` with current_tracer hwlat), as a noise run. Each
 * entry is one detector window whose longest gap was above the threshold, written by the
 * kernel's trace_hwlat_print():
 *
 *   <...>-176     [001] dn.....   116.847136: #1     inner/outer(us): 28195/8160  \
 *     ts:1796318479.569594064 count:25        (one line)
 *
 * "#%-5u inner/outer(us): %4llu/%-5llu ts:%lld.%09ld count:%d", then " nmi-total:%llu" (µs:
 * the tracer divides the NMIs' ns before it records them) and " nmi-count:%u" when NMIs came
 * (count: since 5.14). inner is the longest gap between two reads of the clock inside the loop,
 * outer the longest between two turns of it. The run is a hwlat run as the method measures one:
 * each CPU's series "CPUn" holds each sample's latency as the tracer counts it for its max (the
 * larger of inner and outer), "CPUn inner" and "CPUn outer" the two apart, all in exact µs, and
 * the first the CPU's totals (the gaps above the threshold, the NMIs; the gaps unknown when a
 * line lacks count:, a CPU's NMI µs when a line of it has nmi-count: without nmi-total:), and
 * the samples the header says were overwritten before the trace was read are dropped (see
 * drop_lost). The trace does not say the detector's width, window or threshold: the run leaves
 * them unknown.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <inttypes.h>
#include <string.h>

#include "rtb-import-private.h"
#include "rtb-run-private.h"

#define MAX_ENTRIES (G_GUINT64_CONSTANT (1) << 24)
#define SERIES_PER_CPU 3

typedef struct {
  guint cpu;
  guint64 seq;
  guint64 inner_us;
  guint64 outer_us;
  guint64 count;     /* gaps above the threshold in the window (count:, since 5.14) */
  guint64 nmi_count;
  guint64 nmi_total; /* as printed (µs of the NMIs); absent with a generic sched_clock() */
  gboolean nmi_total_known;
  gint64 ts_us;
} Entry;

typedef struct {
  GArray *entries; /* Entry */
  gboolean have_count; /* every sample has its count: */
  guint64 nmi_windows;
  guint64 nmi_count;
  guint64 nmi_total;
  gboolean have_nmi_total;
  guint64 in_buffer;
  guint64 written;
  guint64 max_us;
  guint64 cpus[RTB_MAX_CPUS / 64];
  gboolean tracer;     /* its first line, "# tracer: hwlat", was read */
} Parse;

/* "# entries-in-buffer/entries-written: 24/24   #P:2" */
static void
parse_header (Parse *parse, const RtbImportLine *line)
{
  RtbImportCursor c;

  _rtb_import_cursor_init (&c, line);
  if (_rtb_import_skip_text (&c, "# entries-in-buffer/entries-written:") &&
      _rtb_import_skip_blanks (&c) &&
      _rtb_import_parse_u64 (&c, G_MAXUINT64 / 2, &parse->in_buffer) &&
      _rtb_import_skip_text (&c, "/"))
    _rtb_import_parse_u64 (&c, G_MAXUINT64 / 2, &parse->written);
}

static gboolean
parse_field (RtbImportCursor *c, const char *name, guint64 max, guint64 *out)
{
  return _rtb_import_skip_blanks (c) && _rtb_import_skip_text (c, name) &&
         _rtb_import_parse_u64 (c, max, out);
}

static gboolean
parse_entry (Parse *parse, const RtbImportLine *line, GError **error)
{
  static const char marker[] = " inner/outer(us):";
  const char *inner = memmem (line->p, line->len, marker, strlen (marker));
  const char *hash = inner, *bracket;
  RtbImportCursor c;
  Entry e = { 0 };
  guint64 cpu, sec, nsec;

  if (inner == NULL)
    goto bad;
  /* Backwards from the marker, as a task's name may hold anything: "#N", then "[CPU]". */
  while (hash > line->p && *hash != '#')
    hash--;
  for (bracket = hash; bracket > line->p && *bracket != '['; bracket--)
    ;
  if (*bracket != '[')
    goto bad;
  c = (RtbImportCursor) { bracket + 1, hash };
  if (!_rtb_import_parse_u64 (&c, RTB_MAX_CPUS - 1, &cpu) || !_rtb_import_skip_text (&c, "]"))
    goto bad;
  c = (RtbImportCursor) { hash + 1, inner };
  if (*hash != '#' || !_rtb_import_parse_u64 (&c, G_MAXUINT32, &e.seq) ||
      _rtb_import_skip_blanks (&c))
    goto bad;
  c = (RtbImportCursor) { inner + strlen (marker), line->p + line->len };
  if (!_rtb_import_skip_blanks (&c) ||
      !_rtb_import_parse_u64 (&c, RTB_IMPORT_MAX_VALUE_US, &e.inner_us) ||
      !_rtb_import_skip_text (&c, "/") ||
      !_rtb_import_parse_u64 (&c, RTB_IMPORT_MAX_VALUE_US, &e.outer_us) ||
      !parse_field (&c, "ts:", G_MAXINT64 / 1000000 - 1, &sec) ||
      !_rtb_import_skip_text (&c, ".") ||
      c.end - c.p < 9 || !_rtb_import_parse_u64 (&c, 999999999, &nsec))
    goto bad;
  e.cpu = (guint) cpu;
  e.ts_us = (gint64) (sec * 1000000 + nsec / 1000);
  if (parse->entries->len == 0)
    parse->have_count = TRUE;
  if (_rtb_import_skip_blanks (&c) && c.p[0] == 'c')
    {
      if (!parse_field (&c, "count:", G_MAXUINT32, &e.count))
        goto bad;
    }
  else
    parse->have_count = FALSE;
  /* Printed only when NMIs came: none is 0 NMIs in 0 µs. */
  e.nmi_total_known = TRUE;
  if (_rtb_import_skip_blanks (&c) && c.p[0] == 'n')
    {
      e.nmi_total_known = parse_field (&c, "nmi-total:", G_MAXUINT64 / 4, &e.nmi_total);
      if (!parse_field (&c, "nmi-count:", G_MAXUINT32, &e.nmi_count))
        goto bad;
      parse->have_nmi_total |= e.nmi_total_known;
      parse->nmi_windows++;
      parse->nmi_count += e.nmi_count;
      parse->nmi_total += e.nmi_total;
    }
  if (_rtb_import_skip_blanks (&c))
    goto bad;
  if (parse->entries->len > 0 &&
      e.seq <= g_array_index (parse->entries, Entry, parse->entries->len - 1).seq)
    return _rtb_import_fail (error, line->number, "sample #%" G_GUINT64_FORMAT " does not follow "
                             "#%" G_GUINT64_FORMAT ": the trace's samples must go up",
                             e.seq, g_array_index (parse->entries, Entry,
                                                   parse->entries->len - 1).seq);
  if (parse->entries->len == MAX_ENTRIES)
    return _rtb_import_fail (error, line->number, "more than %" G_GUINT64_FORMAT " samples",
                             MAX_ENTRIES);
  parse->cpus[cpu / 64] |= G_GUINT64_CONSTANT (1) << (cpu % 64);
  parse->max_us = MAX (parse->max_us, MAX (e.inner_us, e.outer_us));
  g_array_append_val (parse->entries, e);
  return TRUE;

bad:
  return _rtb_import_fail_found (error, line, "expected a hwlat sample \"TASK-PID [CPU] FLAGS "
                                 "TIME: #N inner/outer(us): INNER/OUTER ts:S.NNNNNNNNN count:N\" "
                                 "(nmi-total:, nmi-count: may follow)");
}

static gboolean
handle_line (gpointer data, const RtbImportLine *line, const RtbImportLines *rest,
             GError **error)
{
  Parse *parse = data;

  if (_rtb_import_line_is_blank (line))
    return TRUE;
  if (!parse->tracer)
    {
      if (!_rtb_import_line_equals (line, "# tracer: hwlat"))
        return _rtb_import_fail_found (error, line, "expected the trace's first line \"# tracer: "
                                       "hwlat\"");
      parse->tracer = TRUE;
    }
  else if (line->p[0] == '#')
    parse_header (parse, line);
  else
    return parse_entry (parse, line, error);
  return TRUE;
}

static void
note_counts (RtbImportInput *in, Parse *parse)
{
  guint64 gaps = 0;

  for (guint i = 0; i < parse->entries->len; i++)
    gaps += g_array_index (parse->entries, Entry, i).count;
  if (parse->have_count)
    _rtb_import_note (in, _("%u detector windows were above the threshold, with %" PRIu64
                            " gaps above it in all (the trace's count:)"),
                      parse->entries->len, gaps);
  if (parse->nmi_windows > 0 && parse->have_nmi_total)
    _rtb_import_note (in, _("NMIs came in %" PRIu64 " windows: %" PRIu64 " of them, %" PRIu64
                            " µs in all"), parse->nmi_windows, parse->nmi_count,
                      parse->nmi_total);
  else if (parse->nmi_windows > 0)
    _rtb_import_note (in, _("NMIs came in %" PRIu64 " windows: %" PRIu64 " of them"),
                      parse->nmi_windows, parse->nmi_count);
}

/* The samples the kernel overwrote in a full buffer before the trace was read, the header's
 * entries-written less its entries-in-buffer, are dropped on the three series of one CPU. The
 * header counts every CPU's buffer together, also in per_cpu/cpuN/trace (print_event_info()):
 * of a trace of one CPU they are that CPU's (a buffer that overwrote keeps its newest samples,
 * so a CPU that lost some has some in the trace); of several, which CPU lost them is unknown,
 * and they are counted on the first CPU's, as the note says. */
static void
drop_lost (Parse *parse, RtbImportInput *in, RtbSeries *series[][SERIES_PER_CPU], guint n_cpus)
{
  guint64 lost = parse->written > parse->in_buffer ? parse->written - parse->in_buffer : 0;
  guint cpu = 0;

  if (lost == 0)
    return;
  while (series[cpu][0] == NULL)
    cpu++;
  for (guint k = 0; k < SERIES_PER_CPU; k++)
    series[cpu][k]->dropped = lost;
  if (n_cpus == 1)
    _rtb_import_note (in, _("the trace kept %" PRIu64 " of the %" PRIu64 " samples written: "
                            "the other %" PRIu64 ", overwritten in the kernel's buffer before "
                            "they were read, are dropped on CPU%u"),
                      parse->in_buffer, parse->written, lost, cpu);
  else
    _rtb_import_note (in, _("the trace kept %" PRIu64 " of the %" PRIu64 " samples written: "
                            "the other %" PRIu64 ", overwritten in the kernel's buffers before "
                            "they were read, are dropped, all on CPU%u: the trace counts them "
                            "for every CPU together and does not say which CPU lost them"),
                      parse->in_buffer, parse->written, lost, cpu);
}

static RtbRun *
build_run (Parse *parse, RtbImportInput *in, GError **error)
{
  static const char *const kinds[SERIES_PER_CPU] = { NULL, "inner", "outer" };
  g_autoptr (RtbRun) run = NULL;
  RtbSeries *series[RTB_MAX_CPUS][SERIES_PER_CPU] = { { NULL } };
  guint n_cpus = 0;
  RtbCommand cmd;
  const Entry *first, *last;

  for (guint w = 0; w < RTB_MAX_CPUS / 64; w++)
    n_cpus += (guint) __builtin_popcountll (parse->cpus[w]);
  _rtb_import_command_init (&cmd, RTB_METHOD_HWLAT,
                            _rtb_import_buckets_for (parse->max_us, FALSE));
  memcpy (cmd.cpus, parse->cpus, sizeof cmd.cpus);
  cmd.hwlat.threshold_us = 0;
  run = _rtb_import_new_run (in, &cmd, SERIES_PER_CPU * n_cpus, RTB_RUN_STATED_CPUS, error);
  if (run == NULL)
    return NULL;
  for (guint cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
    if (parse->cpus[cpu / 64] & (G_GUINT64_CONSTANT (1) << (cpu % 64)))
      for (guint k = 0; k < SERIES_PER_CPU; k++)
        series[cpu][k] = _rtb_import_add_series (run, in, G_MAXUINT, (int) cpu, kinds[k]);
  for (guint i = 0; i < parse->entries->len; i++)
    {
      const Entry *e = &g_array_index (parse->entries, Entry, i);
      RtbHwlatTotals *t = &series[e->cpu][0]->hwlat;

      rtb_series_add (series[e->cpu][0], (gint64) MAX (e->inner_us, e->outer_us) * 1000);
      rtb_series_add (series[e->cpu][1], (gint64) e->inner_us * 1000);
      rtb_series_add (series[e->cpu][2], (gint64) e->outer_us * 1000);
      if (!t->known)
        *t = (RtbHwlatTotals) { .known = TRUE, .gaps_known = parse->have_count,
                                .nmi_known = TRUE, .nmi_us_known = TRUE };
      t->nmi_us_known &= e->nmi_total_known;
      t->gaps += e->count;
      t->nmi_windows += e->nmi_count > 0;
      t->nmi_count += e->nmi_count;
      t->nmi_us += e->nmi_total;
    }
  note_counts (in, parse);
  drop_lost (parse, in, series, n_cpus);
  _rtb_import_finish (run, in, "the hwlat tracer's trace", NULL);
  first = &g_array_index (parse->entries, Entry, 0);
  last = &g_array_index (parse->entries, Entry, parse->entries->len - 1);
  if (last->ts_us >= first->ts_us)
    _rtb_run_set_times (run, first->ts_us, last->ts_us,
                        (guint64) (last->ts_us - first->ts_us) * 1000);
  return g_steal_pointer (&run);
}

RtbRun *
_rtb_import_hwlat (RtbImportInput *in, GError **error)
{
  Parse parse = { .entries = g_array_new (FALSE, FALSE, sizeof (Entry)) };
  RtbRun *run = NULL;
  gboolean ns;
  guint last;

  if (!_rtb_import_scan (in, handle_line, &parse, &last, error))
    goto out;
  if (!parse.tracer)
    _rtb_import_fail (error, last, "the file is empty: expected the hwlat tracer's trace");
  else if (parse.entries->len == 0)
    _rtb_import_fail (error, last, "the trace holds no sample: no detector window was above "
                      "the threshold");
  else if (_rtb_import_units (in, 0, &ns, error))
    run = build_run (&parse, in, error);

out:
  g_array_unref (parse.entries);
  return run;
}
