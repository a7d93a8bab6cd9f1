/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * oslat's results (rt-tests, read from oslat.c of 2.4 … 2.10): its summary on stdout and its
 * --json file, imported as a noise run. oslat buckets each gap between two reads of the clock as
 * `cycles / MHz + 1` µs, which rtbench's noise method does too, so bucket label L of oslat is
 * rtbench's value L µs. Its last bucket ("NNN (us): count (including overflows)") holds every gap
 * from its label up: those become overflows of a histogram of that many µs, their values unknown
 * but for the maximum.
 *
 *   oslat V 2.40
 *   …                                (the settings, without -q)
 *           Core:	 0 1              "%12s:\t" then " %value" per thread, then a unit
 *   Counter Freq:	 2597 2597 (Mhz)
 *       001 (us):	 23117813 20893775
 *       …                            ("    ..." for buckets left out by -z)
 *       032 (us):	 238 200 (including overflows)
 *        Minimum:	 1 1 (us)
 *        Average:	 1.108 1.119 (us)
 *        Maximum:	 36133 32162 (us)
 *        Max-Min:	 36132 32161 (us)
 *       Duration:	 3.013 3.021 (sec)
 *
 * The JSON has per thread cpu, freq, min, avg, max, duration and the non-zero buckets by label;
 * the histogram's size is -b's (32 unless the command line says otherwise).
 *
 * Exact for rt-tests 2.4 (Debian 12, Raspberry Pi OS 12). Later releases round differently
 * (2.5 and 2.6 put each gap one bucket higher, 2.7+ print min and max rounded down) and print
 * "(MHz)": they are read all the same, with a note that the figures are kept as printed.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rtb-import-json.h"
#include "rtb-import-private.h"
#include "rtb-run-private.h"

/* oslat takes -b from 4 to 1024; --bias moves the labels up by the shortest gap of the pre-heat. */
#define OSLAT_MAX_LABEL (RTB_IMPORT_MAX_VALUE_US)
#define OSLAT_DEFAULT_BUCKETS 32
/* A duration beyond a century is not a run. */
#define OSLAT_MAX_DURATION_S (G_GUINT64_CONSTANT (100) * 365 * 86400)

typedef struct {
  int cpu;
  guint64 min, max;
  double avg;
  double duration_s;
  guint64 count;
  GArray *labels; /* guint64 pairs: label, count */
} Thread;

typedef struct {
  const char *what;
  guint n;
  Thread threads[RTB_MAX_THREADS];
  guint64 last_label;  /* the bucket that holds the overflows */
  gboolean have_policy;
  int priority;        /* -f: SCHED_FIFO at this priority; 0: the default policy */
  gboolean bias;
  char *version;       /* "2.40" as oslat prints it; NULL when the file does not say */
  RtbSystemInfo *system;
  gint64 start_us, end_us;
} Oslat;

static void
oslat_clear (Oslat *o)
{
  for (guint i = 0; i < o->n; i++)
    g_clear_pointer (&o->threads[i].labels, g_array_unref);
  g_clear_pointer (&o->system, rtb_system_info_free);
  g_clear_pointer (&o->version, g_free);
}

/* "2.40": digits and dots only, or NULL. */
static char *
version_of (const char *p, gsize len)
{
  if (len == 0 || len > 8)
    return NULL;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isdigit (p[i]) && p[i] != '.')
      return NULL;
  return g_strndup (p, len);
}

static void
add_label (Thread *t, guint64 label, guint64 count)
{
  guint64 pair[2] = { label, count };

  if (t->labels == NULL)
    t->labels = g_array_new (FALSE, FALSE, sizeof pair);
  g_array_append_val (t->labels, pair);
  t->count += count;
}

/* The run: a noise command whose histogram ends where oslat's last bucket begins. */
static RtbRun *
build_run (RtbImportInput *in, Oslat *o, GError **error)
{
  g_autoptr (RtbRun) run = NULL;
  RtbCommand cmd;
  guint stated = RTB_RUN_STATED_CPUS | RTB_RUN_STATED_DURATION;
  double duration_s = 0;

  if (o->last_label < 2 || o->last_label > RTB_HISTOGRAM_MAX_US)
    {
      _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "the last bucket is %" G_GUINT64_FORMAT
                             " µs: oslat's last bucket is at least 2 µs and at most %d µs",
                             o->last_label, RTB_HISTOGRAM_MAX_US);
      return NULL;
    }
  rtb_command_defaults (&cmd, RTB_METHOD_NOISE, 0);
  memset (cmd.cpus, 0, sizeof cmd.cpus);
  cmd.cpus_all = FALSE;
  cmd.noise.histogram_us = (guint32) o->last_label;
  cmd.policy = o->priority > 0 ? RTB_POLICY_FIFO : RTB_POLICY_OTHER;
  cmd.priority = o->priority;
  if (o->have_policy)
    stated |= RTB_RUN_STATED_POLICY | RTB_RUN_STATED_PRIORITY;
  for (guint i = 0; i < o->n; i++)
    {
      int cpu = _rtb_import_thread_cpu (in, i, o->threads[i].cpu);

      if (cpu >= 0)
        cmd.cpus[cpu / 64] |= G_GUINT64_CONSTANT (1) << (cpu % 64);
      duration_s = MAX (duration_s, o->threads[i].duration_s);
    }
  cmd.duration_ns = (guint64) llround (duration_s * 1e9);

  run = _rtb_import_new_run (in, &cmd, o->n, stated, error);
  if (run == NULL)
    return NULL;
  for (guint i = 0; i < o->n; i++)
    {
      Thread *t = &o->threads[i];
      RtbSeries *series = _rtb_import_add_series (run, in, i, t->cpu, NULL);
      double sum = t->avg * 1000.0 * (double) t->count;

      for (guint k = 0; t->labels != NULL && k < t->labels->len; k++)
        {
          const guint64 *pair = &g_array_index (t->labels, guint64, 2 * k);

          if (pair[1] == 0)
            continue;
          if (pair[0] < o->last_label)
            rtb_series_add_bucket (series, (int32_t) pair[0], pair[1]);
          else
            rtb_series_add_unknown_overflows (series, pair[1]);
        }
      if (t->count == 0)
        continue;
      if (!(sum < 0x1p62))
        {
          _rtb_import_fail_code (error, RTB_IMPORT_ERROR_TOO_LARGE, "thread %u: %" G_GUINT64_FORMAT
                                 " gaps of average %.3f µs are too large to add up", i, t->count,
                                 t->avg);
          return NULL;
        }
      rtb_series_set_imported_stats (series, t->count, (gint64) t->min * 1000,
                                     (gint64) t->max * 1000, llround (sum));
    }
  if (o->version != NULL && strcmp (o->version, "2.40") != 0)
    _rtb_import_note (in, _("this oslat says it is %s: the import follows rt-tests 2.4, whose "
                            "minimum and maximum round each gap up as its buckets do; 2.5 and "
                            "2.6 put each gap one bucket higher, 2.7 and later print the minimum "
                            "and maximum rounded down: the figures are kept as printed"),
                      o->version);
  if (o->bias)
    _rtb_import_note (in, _("oslat ran with --bias: its first bucket also holds every shorter "
                            "gap, and its average counts each gap at its bucket's label"));
  _rtb_import_finish (run, in, o->what, g_steal_pointer (&o->system));
  if (o->start_us != 0)
    _rtb_run_set_times (run, o->start_us, o->end_us, cmd.duration_ns);
  return g_steal_pointer (&run);
}

/* ---- Text ------------------------------------------------------------------------------ */

typedef enum { FIELD_U64, FIELD_DOUBLE } FieldKind;

/* "%12s:\t" then " value" per thread, then `unit` (may be empty): the values into `u64` or
 * `dbl`. The first field line fixes the number of threads. */
static gboolean
parse_values (Oslat *o, const RtbImportLine *line, RtbImportCursor *c, FieldKind kind,
              guint64 max, const char *unit, guint64 *u64, double *dbl, GError **error)
{
  g_autofree char *found = _rtb_import_quote (line->p, line->len);
  guint n = 0;

  while (_rtb_import_skip_blanks (c) && (g_ascii_isdigit (*c->p) || *c->p == '-'))
    {
      if (n == RTB_MAX_THREADS)
        return _rtb_import_fail (error, line->number, "more than %d threads in %s",
                                 RTB_MAX_THREADS, found);
      if (kind == FIELD_U64)
        {
          if (!_rtb_import_parse_u64 (c, max, &u64[n]))
            return _rtb_import_fail (error, line->number, "expected whole numbers from 0 to %"
                                     G_GUINT64_FORMAT ", found %s", max, found);
        }
      else
        {
          /* The number alone (oslat prints "%.3f"), so a long line is never copied whole. */
          const char *space = memchr (c->p, ' ', (gsize) (c->end - c->p));
          gsize len = (gsize) ((space != NULL ? space : c->end) - c->p);
          char token[32];
          char *end = NULL;

          if (len >= sizeof token)
            return _rtb_import_fail (error, line->number, "expected numbers from 0 to %"
                                     G_GUINT64_FORMAT ", found %s", max, found);
          memcpy (token, c->p, len);
          token[len] = '\0';
          dbl[n] = g_ascii_strtod (token, &end);
          if (end != token + len || !isfinite (dbl[n]) || dbl[n] < 0 || dbl[n] > (double) max)
            return _rtb_import_fail (error, line->number, "expected numbers from 0 to %"
                                     G_GUINT64_FORMAT ", found %s", max, found);
          c->p += len;
        }
      if (c->p < c->end && *c->p != ' ')
        return _rtb_import_fail (error, line->number, "expected numbers separated by spaces, "
                                 "found %s", found);
      n++;
    }
  if (n == 0 || (o->n != 0 && n != o->n))
    return _rtb_import_fail (error, line->number, "expected %s%u value%s, found %s",
                             o->n != 0 ? "" : "at least ", MAX (o->n, 1),
                             o->n == 1 ? "" : "s (one per thread)", found);
  o->n = n;
  _rtb_import_skip_blanks (c);
  if (!_rtb_import_skip_text (c, unit) || _rtb_import_skip_blanks (c))
    return _rtb_import_fail (error, line->number, "expected the values followed by \"%s\", "
                             "found %s", unit, found);
  return TRUE;
}

/* "NAME:\t" with NAME right-aligned in 12 columns, as oslat's putfield() writes it. */
static gboolean
field_name (const RtbImportLine *line, RtbImportCursor *c, char name[16])
{
  const char *colon = memchr (line->p, ':', MIN (line->len, 16));
  gsize start = 0;

  if (colon == NULL)
    return FALSE;
  while (line->p + start < colon && line->p[start] == ' ')
    start++;
  if ((gsize) (colon - line->p) - start >= 16)
    return FALSE;
  memcpy (name, line->p + start, (gsize) (colon - line->p) - start);
  name[colon - line->p - start] = '\0';
  _rtb_import_cursor_init (c, line);
  c->p = colon + 1;
  return TRUE;
}

static gboolean
parse_bucket (Oslat *o, const RtbImportLine *line, RtbImportCursor *c, guint64 label,
              GError **error)
{
  guint64 counts[RTB_MAX_THREADS];
  gboolean last = line->len >= strlen (" (including overflows)") &&
                  memcmp (line->p + line->len - strlen (" (including overflows)"),
                          " (including overflows)", strlen (" (including overflows)")) == 0;

  if (o->last_label != 0)
    return _rtb_import_fail (error, line->number, "a bucket after the last one (the one "
                             "\"including overflows\")");
  if (o->threads[0].labels != NULL)
    {
      const GArray *labels = o->threads[0].labels;

      if (label <= g_array_index (labels, guint64, 2 * (labels->len - 1)))
        return _rtb_import_fail (error, line->number, "bucket %" G_GUINT64_FORMAT " µs comes "
                                 "after a larger one: oslat prints them in order", label);
    }
  if (!parse_values (o, line, c, FIELD_U64, RTB_IMPORT_MAX_COUNT,
                     last ? "(including overflows)" : "", counts, NULL, error))
    return FALSE;
  for (guint i = 0; i < o->n; i++)
    add_label (&o->threads[i], label, counts[i]);
  if (last)
    o->last_label = label;
  return TRUE;
}

static gboolean
parse_line (Oslat *o, const RtbImportLine *line, guint seen[6], GError **error)
{
  static const char * const summary[] = { "Core", "Minimum", "Average", "Maximum", "Max-Min",
                                          "Duration" };
  guint64 values[RTB_MAX_THREADS];
  double doubles[RTB_MAX_THREADS];
  RtbImportCursor c;
  char name[16];
  guint64 label;
  guint k;

  if (!field_name (line, &c, name) || c.p == c.end || *c.p != '\t')
    return TRUE;
  /* "(MHz)" since rt-tests 2.7 */
  if (strcmp (name, "Counter Freq") == 0)
    return parse_values (o, line, &c, FIELD_U64, 1000000,
                         memmem (line->p, line->len, "(MHz)", 5) != NULL ? "(MHz)" : "(Mhz)",
                         values, NULL, error);
  if (strlen (name) > 5 && g_str_has_suffix (name, " (us)"))
    {
      RtbImportCursor n = { name, name + strlen (name) - 5 };

      if (!_rtb_import_parse_u64 (&n, OSLAT_MAX_LABEL, &label) || n.p != n.end || label == 0)
        return _rtb_import_fail (error, line->number, "expected a bucket \"NNN (us):\" of whole "
                                 "µs, found \"%s\" (oslat -W below 1 µs makes buckets rtbench's "
                                 "1 µs histogram cannot hold)", name);
      if (seen[0] == 0)
        return _rtb_import_fail (error, line->number, "a bucket before the line \"Core:\"");
      return parse_bucket (o, line, &c, label, error);
    }
  for (k = 0; k < G_N_ELEMENTS (summary); k++)
    if (strcmp (name, summary[k]) == 0)
      break;
  if (k == G_N_ELEMENTS (summary))
    return TRUE; /* the settings oslat prints without -q */
  if (seen[k] != 0)
    return _rtb_import_fail (error, line->number, "a second \"%s:\" line (the first is line %u): "
                             "import one oslat run at a time", name, seen[k]);
  seen[k] = line->number;
  if (k > 0 && seen[0] == 0)
    return _rtb_import_fail (error, line->number, "\"%s:\" before the line \"Core:\"", name);
  switch (k)
    {
    case 0:
      if (!parse_values (o, line, &c, FIELD_U64, RTB_MAX_CPUS - 1, "", values, NULL, error))
        return FALSE;
      for (guint i = 0; i < o->n; i++)
        o->threads[i].cpu = (int) values[i];
      return TRUE;
    case 1:
    case 3:
      if (!parse_values (o, line, &c, FIELD_U64, RTB_IMPORT_MAX_VALUE_US, "(us)", values, NULL,
                         error))
        return FALSE;
      for (guint i = 0; i < o->n; i++)
        *(k == 1 ? &o->threads[i].min : &o->threads[i].max) = values[i];
      return TRUE;
    case 2:
      if (!parse_values (o, line, &c, FIELD_DOUBLE, RTB_IMPORT_MAX_VALUE_US, "(us)", NULL,
                         doubles, error))
        return FALSE;
      for (guint i = 0; i < o->n; i++)
        o->threads[i].avg = doubles[i];
      return TRUE;
    case 4:
      return parse_values (o, line, &c, FIELD_U64, RTB_IMPORT_MAX_VALUE_US, "(us)", values, NULL,
                           error);
    case 5:
    default:
      if (!parse_values (o, line, &c, FIELD_DOUBLE, OSLAT_MAX_DURATION_S, "(sec)", NULL, doubles,
                         error))
        return FALSE;
      for (guint i = 0; i < o->n; i++)
        o->threads[i].duration_s = doubles[i];
      return TRUE;
    }
}

/* "Thread priority: \tSCHED_FIFO:N" or "default", printed without -q. */
static void
parse_priority (Oslat *o, const RtbImportLine *line)
{
  RtbImportCursor c;
  guint64 prio;

  _rtb_import_cursor_init (&c, line);
  if (!_rtb_import_skip_text (&c, "Thread priority:") || !_rtb_import_skip_blanks (&c))
    return;
  if (_rtb_import_skip_text (&c, "default"))
    o->have_policy = TRUE;
  else if (_rtb_import_skip_text (&c, "SCHED_FIFO:") &&
           _rtb_import_parse_u64 (&c, RTB_PRIORITY_MAX, &prio) && prio > 0)
    {
      o->priority = (int) prio;
      o->have_policy = TRUE;
    }
}

static gboolean
check_complete (Oslat *o, const guint seen[6], GError **error)
{
  static const char * const names[] = { "Core:", "Minimum:", "Average:", "Maximum:" };

  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    if (seen[k] == 0)
      return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "no \"%s\" line: expected "
                                    "oslat's summary (a run cut short by -T prints none)",
                                    names[k]);
  if (o->last_label == 0)
    return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "no last bucket (the line "
                                  "\"NNN (us): … (including overflows)\")");
  return TRUE;
}

RtbRun *
_rtb_import_oslat (RtbImportInput *in, GError **error)
{
  Oslat o = { .what = "oslat text" };
  RtbImportLines lines;
  RtbImportLine line;
  guint seen[6] = { 0 };
  RtbRun *run = NULL;
  gboolean ns;

  if (!_rtb_import_units (in, 0, &ns, error))
    return NULL;
  _rtb_import_lines_init (&lines, in->data, in->len);
  while (_rtb_import_lines_next (&lines, &line))
    {
      if (_rtb_import_line_has_prefix (&line, "Thread priority:"))
        parse_priority (&o, &line);
      else if (_rtb_import_line_has_prefix (&line, "Global bias set to "))
        o.bias = TRUE;
      else if (_rtb_import_line_has_prefix (&line, "oslat V ") && o.version == NULL)
        o.version = version_of (line.p + strlen ("oslat V "), line.len - strlen ("oslat V "));
      else if (!parse_line (&o, &line, seen, error))
        goto out;
    }
  if (check_complete (&o, seen, error))
    run = build_run (in, &o, error);
out:
  oslat_clear (&o);
  return run;
}

/* ---- JSON ------------------------------------------------------------------------------ */

/* -b N, -bN, --bucket-size=N, --bucket-size N; -f N and --rtprio; -B and --bias. */
static void
parse_cmdline (Oslat *o, const char *cmdline, guint64 *buckets)
{
  g_auto (GStrv) args = g_strsplit (cmdline, " ", 1024);

  o->have_policy = TRUE;
  for (guint i = 0; args[i] != NULL; i++)
    {
      static const char * const bucket[] = { "-b", "--bucket-size=", "--bucket-size" };
      static const char * const prio[] = { "-f", "--rtprio=", "--rtprio" };
      const char *arg = args[i];

      if (strcmp (arg, "-B") == 0 || strcmp (arg, "--bias") == 0)
        o->bias = TRUE;
      for (guint k = 0; k < G_N_ELEMENTS (bucket); k++)
        if (g_str_has_prefix (arg, bucket[k]))
          {
            const char *value = arg[strlen (bucket[k])] != '\0' ? arg + strlen (bucket[k])
                                                                 : args[i + 1];
            if (value != NULL)
              *buckets = g_ascii_strtoull (value, NULL, 10);
            break;
          }
      for (guint k = 0; k < G_N_ELEMENTS (prio); k++)
        if (g_str_has_prefix (arg, prio[k]))
          {
            const char *value = arg[strlen (prio[k])] != '\0' ? arg + strlen (prio[k])
                                                               : args[i + 1];
            guint64 p = value != NULL ? g_ascii_strtoull (value, NULL, 10) : 0;

            o->priority = p <= RTB_PRIORITY_MAX ? (int) p : 0;
            break;
          }
    }
}

static gboolean
json_double (JsonObject *object, const char *path, const char *member, double max, double *out,
             GError **error)
{
  JsonNode *node = json_object_get_member (object, member);
  GType type = node != NULL && JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node)
                                                             : G_TYPE_INVALID;

  if ((type != G_TYPE_INT64 && type != G_TYPE_DOUBLE) ||
      !(json_node_get_double (node) >= 0 && json_node_get_double (node) <= max))
    return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "%s.%s: expected a number "
                                  "from 0 to %.0f", path, member, max);
  *out = json_node_get_double (node);
  return TRUE;
}

static int
compare_keys (gconstpointer a, gconstpointer b)
{
  guint64 x = g_ascii_strtoull (*(const char * const *) a, NULL, 10);
  guint64 y = g_ascii_strtoull (*(const char * const *) b, NULL, 10);

  return (x > y) - (x < y);
}

static gboolean
parse_json_thread (Oslat *o, guint index, JsonObject *object, guint64 buckets, GError **error)
{
  g_autofree char *path = g_strdup_printf ("thread.%u", index);
  Thread *t = &o->threads[index];
  g_autofree const char **keys = NULL;
  JsonNode *node;
  JsonObject *histogram;
  guint64 cpu;
  guint n_keys;

  if (!_rtb_import_json_uint (object, path, "cpu", RTB_MAX_CPUS - 1, FALSE, &cpu, error) ||
      !_rtb_import_json_uint (object, path, "min", RTB_IMPORT_MAX_VALUE_US, FALSE, &t->min,
                              error) ||
      !_rtb_import_json_uint (object, path, "max", RTB_IMPORT_MAX_VALUE_US, FALSE, &t->max,
                              error) ||
      !json_double (object, path, "avg", RTB_IMPORT_MAX_VALUE_US, &t->avg, error) ||
      !json_double (object, path, "duration", (double) OSLAT_MAX_DURATION_S, &t->duration_s, error))
    return FALSE;
  t->cpu = (int) cpu;
  node = json_object_get_member (object, "histogram");
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "%s.histogram: expected an "
                                  "object {\"label\": count, …}", path);
  histogram = json_node_get_object (node);
  /* Members in the order of their labels, as the text prints the buckets. */
  {
    g_autoptr (GList) members = json_object_get_members (histogram);
    guint k = 0;

    n_keys = g_list_length (members);
    keys = g_new0 (const char *, n_keys + 1);
    for (GList *l = members; l != NULL; l = l->next)
      keys[k++] = l->data;
  }
  for (guint k = 0; k < n_keys; k++)
    {
      RtbImportCursor c = { keys[k], keys[k] + strlen (keys[k]) };
      guint64 label;

      if (!_rtb_import_parse_u64 (&c, buckets, &label) || c.p != c.end || label == 0)
        {
          g_autofree char *quoted = _rtb_import_quote (keys[k], strlen (keys[k]));

          return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "%s.histogram: expected "
                                        "bucket labels from 1 to %" G_GUINT64_FORMAT " (-b), "
                                        "found %s", path, buckets, quoted);
        }
    }
  qsort (keys, n_keys, sizeof *keys, compare_keys);
  for (guint k = 0; k < n_keys; k++)
    {
      guint64 count;

      if (!_rtb_import_json_uint (histogram, path, keys[k], RTB_IMPORT_MAX_COUNT, FALSE, &count,
                                  error))
        return FALSE;
      add_label (t, g_ascii_strtoull (keys[k], NULL, 10), count);
    }
  return TRUE;
}

RtbRun *
_rtb_import_oslat_json (RtbImportInput *in, JsonNode *root, GError **error)
{
  JsonObject *object = json_node_get_object (root);
  Oslat o = { .what = "oslat --json" };
  guint64 buckets = OSLAT_DEFAULT_BUCKETS;
  const char *cmdline = _rtb_import_json_string (object, "cmdline:");
  JsonNode *node = json_object_get_member (object, "thread");
  JsonObject *threads;
  RtbRun *run = NULL;
  gboolean ns;

  if (!_rtb_import_units (in, 0, &ns, error))
    return NULL;
  if (cmdline != NULL)
    parse_cmdline (&o, cmdline, &buckets);
  else
    _rtb_import_note (in, _("the file has no command line: its histogram is taken to have "
                            "oslat's default 32 buckets"));
  if (o.bias)
    {
      _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "oslat ran with --bias, and its "
                             "JSON does not say the bias, so which bucket holds the overflows is "
                             "unknown: import the text oslat printed instead");
      return NULL;
    }
  if (buckets < 4 || buckets > 1024)
    {
      _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "the command line's -b is %"
                             G_GUINT64_FORMAT ": oslat takes 4 to 1024 buckets", buckets);
      return NULL;
    }
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "expected oslat --json: no "
                             "\"thread\" object");
      return NULL;
    }
  threads = json_node_get_object (node);
  if (json_object_get_size (threads) == 0 || json_object_get_size (threads) > RTB_MAX_THREADS)
    {
      _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "thread: expected 1 to %d threads, "
                             "found %u", RTB_MAX_THREADS, json_object_get_size (threads));
      return NULL;
    }
  o.n = json_object_get_size (threads);
  o.last_label = buckets;
  for (guint i = 0; i < o.n; i++)
    {
      g_autofree char *key = g_strdup_printf ("%u", i);
      JsonNode *thread = json_object_get_member (threads, key);

      if (thread == NULL || !JSON_NODE_HOLDS_OBJECT (thread))
        {
          _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "thread.%s: missing (oslat "
                                 "numbers its threads from 0 to %u)", key, o.n - 1);
          goto out;
        }
      if (!parse_json_thread (&o, i, json_node_get_object (thread), buckets, error))
        goto out;
    }
  o.system = _rtb_import_json_sysinfo (object);
  if (_rtb_import_json_string (object, "rt_test_version:") != NULL)
    o.version = version_of (_rtb_import_json_string (object, "rt_test_version:"),
                            strlen (_rtb_import_json_string (object, "rt_test_version:")));
  o.start_us = _rtb_import_json_time (object, "start_time");
  o.end_us = _rtb_import_json_time (object, "end_time");
  run = build_run (in, &o, error);
out:
  oslat_clear (&o);
  return run;
}
