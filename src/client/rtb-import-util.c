/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "rtb-command-keys.h"
#include "rtb-import-private.h"
#include "rtb-run-private.h"

G_DEFINE_QUARK (rtb-import-error-quark, rtb_import_error)

void
_rtb_import_lines_init (RtbImportLines *lines, const char *data, gsize len)
{
  lines->p = data;
  lines->end = data + len;
  lines->number = 0;
}

/* Terminal captures of cyclictest's live display start lines with "ESC [ n A" (cursor up). */
static const char *
skip_escapes (const char *p, const char *end)
{
  while (end - p >= 2 && p[0] == '\033' && p[1] == '[')
    {
      const char *q = p + 2;

      while (q < end && ((*q >= '0' && *q <= '9') || *q == ';' || *q == '?'))
        q++;
      if (q == end || *q < '@' || *q > '~')
        break;
      p = q + 1;
    }
  return p;
}

gboolean
_rtb_import_lines_next (RtbImportLines *lines, RtbImportLine *line)
{
  const char *nl, *stop;

  if (lines->p >= lines->end)
    return FALSE;

  nl = memchr (lines->p, '\n', (gsize) (lines->end - lines->p));
  stop = nl != NULL ? nl : lines->end;
  line->p = skip_escapes (lines->p, stop);
  if (stop > line->p && stop[-1] == '\r')
    stop--;
  line->len = (gsize) (stop - line->p);
  line->number = ++lines->number;
  lines->p = nl != NULL ? nl + 1 : lines->end;
  return TRUE;
}

gboolean
_rtb_import_line_equals (const RtbImportLine *line, const char *text)
{
  gsize n = strlen (text);

  return line->len == n && memcmp (line->p, text, n) == 0;
}

gboolean
_rtb_import_line_has_prefix (const RtbImportLine *line, const char *prefix)
{
  gsize n = strlen (prefix);

  return line->len >= n && memcmp (line->p, prefix, n) == 0;
}

gboolean
_rtb_import_line_is_blank (const RtbImportLine *line)
{
  for (gsize i = 0; i < line->len; i++)
    if (line->p[i] != ' ' && line->p[i] != '\t')
      return FALSE;
  return TRUE;
}

gboolean
_rtb_import_skip_blanks (RtbImportCursor *c)
{
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\t'))
    c->p++;
  return c->p < c->end;
}

gboolean
_rtb_import_skip_text (RtbImportCursor *c, const char *text)
{
  gsize n = strlen (text);

  if ((gsize) (c->end - c->p) < n || memcmp (c->p, text, n) != 0)
    return FALSE;
  c->p += n;
  return TRUE;
}

gboolean
_rtb_import_parse_u64 (RtbImportCursor *c, guint64 max, guint64 *out)
{
  const char *p = c->p;
  guint64 value = 0;

  if (p == c->end || *p < '0' || *p > '9')
    return FALSE;
  for (; p < c->end && *p >= '0' && *p <= '9'; p++)
    {
      guint digit = (guint) (*p - '0');

      if (value > (max - digit) / 10)
        return FALSE;
      value = value * 10 + digit;
    }
  c->p = p;
  *out = value;
  return TRUE;
}

void
_rtb_import_unknown_add (RtbImportUnknown *unknown, const RtbImportLine *line)
{
  if (unknown->n++ == 0)
    {
      unknown->first = line->number;
      unknown->first_text = _rtb_import_quote (line->p, line->len);
    }
}

void
_rtb_import_unknown_clear (RtbImportUnknown *unknown)
{
  g_clear_pointer (&unknown->first_text, g_free);
}

char *
_rtb_import_quote (const char *p, gsize len)
{
  GString *out = g_string_new ("\"");
  gsize n = MIN (len, 60);

  for (gsize i = 0; i < n; i++)
    {
      guchar ch = (guchar) p[i];

      if (ch == '"' || ch == '\\')
        g_string_append_printf (out, "\\%c", ch);
      else if (ch >= 0x20 && ch < 0x7f)
        g_string_append_c (out, (char) ch);
      else
        g_string_append_printf (out, "\\x%02x", ch);
    }
  g_string_append (out, n < len ? "…\"" : "\"");
  return g_string_free (out, FALSE);
}

gboolean
_rtb_import_fail (GError **error, guint line, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, RTB_IMPORT_ERROR, RTB_IMPORT_ERROR_FORMAT, "line %u: %s", line, message);
  return FALSE;
}

gboolean
_rtb_import_fail_found (GError **error, const RtbImportLine *line, const char *format, ...)
{
  va_list args;
  g_autofree char *expected = NULL;
  g_autofree char *found = _rtb_import_quote (line->p, line->len);

  va_start (args, format);
  expected = g_strdup_vprintf (format, args);
  va_end (args);
  return _rtb_import_fail (error, line->number, "%s, found %s", expected, found);
}

gboolean
_rtb_import_scan (RtbImportInput *in, RtbImportLineFunc func, gpointer parse, guint *last_line,
                  GError **error)
{
  RtbImportLines lines;
  RtbImportLine line;

  _rtb_import_lines_init (&lines, in->data, in->len);
  lines.number = in->line_offset;
  *last_line = lines.number;
  while (_rtb_import_lines_next (&lines, &line))
    {
      *last_line = line.number;
      if (!func (parse, &line, &lines, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
_rtb_import_fail_code (GError **error, RtbImportError code, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, RTB_IMPORT_ERROR, code, message);
  return FALSE;
}

void
_rtb_import_note (RtbImportInput *in, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (in->notes, g_strdup_vprintf (format, args));
  va_end (args);
}

gboolean
_rtb_import_to_ns (guint64 value, gboolean ns, gint64 *out)
{
  guint64 limit = (guint64) RTB_IMPORT_MAX_VALUE_US * (ns ? 1000 : 1);

  if (value > limit)
    return FALSE;
  *out = (gint64) value * (ns ? 1 : 1000);
  return TRUE;
}

gboolean
_rtb_import_sum_for_avg (gint64 avg_ns, guint64 count, gint64 *out)
{
  gint64 sum;

  if (count > (guint64) G_MAXINT64 || __builtin_mul_overflow (avg_ns, (gint64) count, &sum))
    return FALSE;
  *out = sum;
  return TRUE;
}

gboolean
_rtb_import_rtla_duration_line (const RtbImportLine *line, const char *label,
                                guint64 *elapsed_ns)
{
  RtbImportCursor c;

  _rtb_import_cursor_init (&c, line);
  return _rtb_import_skip_text (&c, label) && _rtb_import_parse_rtla_duration (&c, elapsed_ns);
}

gboolean
_rtb_import_parse_rtla_duration (RtbImportCursor *c, guint64 *elapsed_ns)
{
  guint64 days, h, m, s;

  if (!_rtb_import_skip_blanks (c) || !_rtb_import_parse_u64 (c, 100000, &days) ||
      !_rtb_import_skip_blanks (c) || !_rtb_import_parse_u64 (c, 99, &h) ||
      !_rtb_import_skip_text (c, ":") || !_rtb_import_parse_u64 (c, 99, &m) ||
      !_rtb_import_skip_text (c, ":") || !_rtb_import_parse_u64 (c, 99, &s))
    return FALSE;
  *elapsed_ns = (((days * 24 + h) * 60 + m) * 60 + s) * G_GUINT64_CONSTANT (1000000000);
  return TRUE;
}

void
_rtb_import_command_init (RtbCommand *cmd, RtbMethod method, guint32 n_buckets)
{
  guint32 histogram_us = CLAMP (n_buckets, RTB_HISTOGRAM_MIN_US, RTB_HISTOGRAM_MAX_US);

  g_assert (method == RTB_METHOD_LATENCY || method == RTB_METHOD_NOISE ||
            method == RTB_METHOD_OSNOISE || method == RTB_METHOD_HWLAT);
  rtb_command_defaults (cmd, method, 0);
  memset (cmd->cpus, 0, sizeof cmd->cpus);
  cmd->cpus_all = FALSE;
  rtb_command_key_put (cmd, RTB_KEY_HISTOGRAM_US, histogram_us);
  /* Unknown unless the file says: an import does not pretend to know the duration. */
  cmd->duration_ns = 0;
  cmd->priority = 0;
}

RtbRun *
_rtb_import_new_run (RtbImportInput *in, const RtbCommand *cmd, guint n_series, guint stated,
                     GError **error)
{
  guint32 n_buckets = (guint32) rtb_command_key_get (cmd, RTB_KEY_HISTOGRAM_US);
  RtbRun *run;

  if ((guint64) n_buckets * MAX (n_series, 1) > RTB_IMPORT_MAX_TOTAL_BUCKETS)
    {
      _rtb_import_fail_code (error, RTB_IMPORT_ERROR_TOO_LARGE,
                             "%u series with histograms of %u buckets each exceed the limit of "
                             "%" G_GUINT64_FORMAT " buckets in all", n_series, n_buckets,
                             RTB_IMPORT_MAX_TOTAL_BUCKETS);
      return NULL;
    }
  run = rtb_run_new (cmd);
  if (in->options->cpus != NULL)
    stated |= RTB_RUN_STATED_CPUS;
  rtb_run_set_stated (run, stated);
  return run;
}

int
_rtb_import_thread_cpu (RtbImportInput *in, guint thread, int file_cpu)
{
  const RtbImportOptions *options = in->options;

  if (options->cpus != NULL && thread < options->n_cpus)
    return options->cpus[thread];
  return file_cpu >= 0 && file_cpu < RTB_MAX_CPUS ? file_cpu : -1;
}

RtbSeries *
_rtb_import_add_series (RtbRun *run, RtbImportInput *in, guint thread, int file_cpu,
                        const char *name_suffix)
{
  int cpu = _rtb_import_thread_cpu (in, thread, file_cpu);
  g_autofree char *name = NULL;
  const char *space = name_suffix != NULL ? " " : "";

  if (name_suffix == NULL)
    name_suffix = "";
  if (cpu >= 0)
    name = g_strdup_printf ("CPU%d%s%s", cpu, space, name_suffix);
  else
    name = g_strdup_printf ("T%u%s%s", thread, space, name_suffix);
  return rtb_run_add_series (run, name, cpu);
}

static char *
default_label (const char *name)
{
  g_autofree char *base = g_path_get_basename (name);
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    *dot = '\0';
  return g_utf8_make_valid (base, -1);
}

void
_rtb_import_finish (RtbRun *run, RtbImportInput *in, const char *what, RtbSystemInfo *system)
{
  g_autofree char *source = NULL;
  g_autofree char *label = NULL;
  g_autofree char *name = g_utf8_make_valid (in->name, -1);

  if (system == NULL)
    system = rtb_system_info_new_unknown (NULL);
  if (in->options->hostname != NULL)
    {
      g_free (system->hostname);
      system->hostname = g_strdup (in->options->hostname);
    }
  rtb_run_set_system (run, system);
  /* Another tool's file, or a recording of the worker alone, says nothing of a load. */
  rtb_run_set_load (run, NULL);

  source = g_strdup_printf ("imported from %s: %s", what, name);
  rtb_run_set_source (run, source);
  label = in->options->label != NULL ? g_strdup (in->options->label) : default_label (in->name);
  rtb_run_set_label (run, label);
  if (rtb_run_get_state (run) == RTB_RUN_STATE_NEW)
    {
      _rtb_run_set_state (run, RTB_RUN_STATE_FINISHED);
      _rtb_run_set_end_reason (run, RTB_END_COMPLETED);
    }
}

gboolean
_rtb_import_units (RtbImportInput *in, int file_ns, gboolean *ns, GError **error)
{
  RtbImportUnits units = in->options->units;

  if (units != RTB_IMPORT_UNITS_AUTO && file_ns >= 0 &&
      (units == RTB_IMPORT_UNITS_NS) != (file_ns == 1))
    return _rtb_import_fail_code (error, RTB_IMPORT_ERROR_OPTIONS,
                                  "the file says its values are in %s, but %s was asked",
                                  file_ns ? "nanoseconds" : "microseconds",
                                  units == RTB_IMPORT_UNITS_NS ? "ns" : "us");
  if (units != RTB_IMPORT_UNITS_AUTO)
    *ns = units == RTB_IMPORT_UNITS_NS;
  else
    *ns = file_ns == 1;
  return TRUE;
}

guint32
_rtb_import_buckets_for (guint64 max_index, gboolean ns)
{
  guint64 n = ns ? max_index / 1000 + 1 : max_index + 1;

  return (guint32) MIN (n, (guint64) RTB_HISTOGRAM_MAX_US);
}

void
_rtb_import_add_bucket (RtbSeries *series, guint64 index, gboolean ns, guint64 count)
{
  guint64 bucket = ns ? index / 1000 : index;

  g_assert (bucket < series->histogram.n_buckets);
  rtb_series_add_bucket (series, (int32_t) bucket, count);
}
