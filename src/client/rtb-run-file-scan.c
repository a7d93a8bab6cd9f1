/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "rtb-json-precheck.h"
#include "rtb-run-file-scan.h"
#include "rtb-run.h"
#include "rtb-text-limit.h"

typedef enum {
  ROLE_OTHER,
  ROLE_ROOT,
  ROLE_SERIES,     /* the "series" array */
  ROLE_ONE_SERIES, /* one of its objects */
  ROLE_HISTOGRAM,
  ROLE_HISTORY,
  ROLE_VALUES,
  ROLE_CYCLICTEST,
  ROLE_HEATMAP,
} Role;

typedef struct {
  char *data;
  const char *p;
  const char *end;
  const char *copied;     /* the document before this is in `out` */
  GString *out;
  RtbRunFileBulk *bulk;
  guint8 *packed_end;     /* the bulk arrays are packed from `data` to here */
  /* The text before `overwritable` has been read and copied: the packed arrays may overwrite
   * it, and errors count its line breaks from these. */
  const char *overwritable;
  guint overwritable_newlines;
  const char *overwritable_last_newline; /* NULL: none */
  GError **error;
} Scan;

/* The line and column of s->p, as they were in the file. */
static void
position (Scan *s, guint *line, guint *column)
{
  const char *q = s->overwritable;

  g_assert (s->p >= s->overwritable);
  *line = 1 + s->overwritable_newlines;
  if (s->overwritable_last_newline != NULL)
    *column = (guint) (s->overwritable - s->overwritable_last_newline);
  else
    *column = 1 + (guint) (s->overwritable - s->data);
  for (; q < s->p; q++)
    {
      (*column)++;
      if (*q == '\n')
        (*line)++, *column = 1;
    }
}

static gboolean G_GNUC_PRINTF (2, 3)
syntax_error (Scan *s, const char *format, ...)
{
  g_autofree char *message = NULL;
  guint line, column;
  va_list args;

  position (s, &line, &column);
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (s->error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT,
               "not valid JSON: line %u, column %u: %s", line, column, message);
  return FALSE;
}

static void
skip_space (Scan *s)
{
  while (s->p < s->end && (*s->p == ' ' || *s->p == '\n' || *s->p == '\t' || *s->p == '\r'))
    s->p++;
}

static gboolean
expect (Scan *s, char c)
{
  skip_space (s);
  if (s->p >= s->end)
    return syntax_error (s, "the file ends where '%c' was expected", c);
  if (*s->p != c)
    return syntax_error (s, "expected '%c'", c);
  s->p++;
  return TRUE;
}

/* Just after an array's or object's opening: whether it closes at once with `close` (then
 * consumed). */
static gboolean
closes_empty (Scan *s, char close)
{
  skip_space (s);
  if (s->p < s->end && *s->p == close)
    {
      s->p++;
      return TRUE;
    }
  return FALSE;
}

/* After an element: a ',' (consumed) sets *more; otherwise the `close` that must follow. */
static gboolean
after_element (Scan *s, char close, gboolean *more)
{
  skip_space (s);
  *more = s->p < s->end && *s->p == ',';
  if (*more)
    {
      s->p++;
      return TRUE;
    }
  return expect (s, close);
}

/* A string: *key and *key_len get its raw bytes between the quotes. */
static gboolean
scan_string (Scan *s, const char **key, gsize *key_len)
{
  const char *start;

  if (!expect (s, '"'))
    return FALSE;
  start = s->p;
  while (s->p < s->end && *s->p != '"')
    {
      if ((guchar) *s->p < 0x20)
        return syntax_error (s, "a control character inside a string");
      s->p += *s->p == '\\' ? 2 : 1;
    }
  if (s->p >= s->end)
    {
      s->p = s->end;
      return syntax_error (s, "a string is not closed");
    }
  *key = start;
  *key_len = (gsize) (s->p - start);
  s->p++;
  return TRUE;
}

/* One unit of a string's raw text at raw[i]: a UTF-8 character or an escape (a surrogate pair
 * is one); *decoded gets its size once decoded. 0 for an escape that is not valid JSON. */
static gsize
string_unit (const char *raw, gsize len, gsize i, gsize *decoded)
{
  guint code = 0;
  gsize n = 1;

  if (raw[i] != '\\')
    {
      while (i + n < len && ((guchar) raw[i + n] & 0xc0) == 0x80 && n < 4)
        n++;
      *decoded = n;
      return n;
    }
  *decoded = 1;
  if (i + 1 < len && raw[i + 1] != 'u')
    return 2;
  for (n = 2; n < 6; n++)
    if (i + n >= len || !g_ascii_isxdigit (raw[i + n]))
      return 0;
    else
      code = code * 16 + (guint) g_ascii_xdigit_value (raw[i + n]);
  *decoded = code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
  if (code >= 0xd800 && code < 0xdc00 && i + 12 <= len && raw[i + 6] == '\\' &&
      raw[i + 7] == 'u' && g_ascii_strncasecmp (raw + i + 8, "dc", 2) >= 0 &&
      g_ascii_strncasecmp (raw + i + 8, "e0", 2) < 0)
    {
      *decoded = 4;
      return 12;
    }
  return 6;
}

/* A string value longer than RTB_TEXT_MAX_BYTES once decoded goes to `out` cut to at most that,
 * ending with an ellipsis, so that no label or name of megabytes reaches the JSON parser and what
 * shows the run. `raw` and `len`: its raw text between the quotes, just read. */
static void
cut_long_string (Scan *s, const char *raw, gsize len)
{
  gsize keep_max = RTB_TEXT_MAX_BYTES - strlen (RTB_TEXT_ELLIPSIS);
  gsize i = 0, cut = 0, decoded = 0, unit, unit_decoded;

  if (len <= RTB_TEXT_MAX_BYTES)
    return;
  /* Bytes that are not UTF-8 in the part cut off too: the JSON parser refuses the file. */
  if (!g_utf8_validate_len (raw, len, NULL))
    return;
  while (i < len && decoded <= RTB_TEXT_MAX_BYTES)
    {
      unit = string_unit (raw, len, i, &unit_decoded);
      if (unit == 0)
        return; /* the JSON parser says what is wrong */
      decoded += unit_decoded;
      i += unit;
      if (decoded <= keep_max)
        cut = i;
    }
  if (decoded <= RTB_TEXT_MAX_BYTES)
    return;
  g_string_append_len (s->out, s->copied, raw + cut - s->copied);
  g_string_append (s->out, RTB_TEXT_ELLIPSIS "\"");
  s->copied = raw + len + 1;
}

typedef enum {
  SCALAR_INTEGER,
  SCALAR_FRACTIONAL,
  SCALAR_OTHER,
} ScalarKind;

/* A number or true, false, null. Integers must fit in 64 bits: a JSON parser would wrap
 * them silently. */
static gboolean
scan_scalar (Scan *s, ScalarKind *kind, gint64 *value)
{
  const char *start = s->p;
  gboolean negative = FALSE;
  guint64 magnitude = 0;

  if (s->p < s->end && *s->p == '-')
    negative = TRUE, s->p++;
  if (s->p < s->end && g_ascii_isdigit (*s->p))
    {
      gboolean overflow = FALSE;

      /* JSON has no leading zeros; json-glib would read 0747 as an octal number. */
      if (*s->p == '0' && s->p + 1 < s->end && g_ascii_isdigit (s->p[1]))
        return syntax_error (s, "a number with a leading zero");

      for (; s->p < s->end && g_ascii_isdigit (*s->p); s->p++)
        {
          guint digit = (guint) (*s->p - '0');

          overflow |= magnitude > (G_MAXUINT64 - digit) / 10;
          magnitude = magnitude * 10 + digit;
        }
      *kind = SCALAR_INTEGER;
      if (s->p < s->end && (*s->p == '.' || *s->p == 'e' || *s->p == 'E'))
        {
          *kind = SCALAR_FRACTIONAL;
          for (; s->p < s->end && (g_ascii_isdigit (*s->p) || strchr (".eE+-", *s->p)); s->p++)
            ;
          return TRUE;
        }
      if (overflow || magnitude > (guint64) G_MAXINT64 + negative)
        {
          int length = (int) MIN (s->p - start, 40);

          s->p = start;
          return syntax_error (s, "%.*s does not fit in a 64-bit integer", length, start);
        }
      *value = negative ? (gint64) (0 - magnitude) : (gint64) magnitude;
      return TRUE;
    }
  for (const char *literal = "true\0false\0null\0"; *literal != '\0';
       literal += strlen (literal) + 1)
    if (!negative && (gsize) (s->end - s->p) >= strlen (literal) &&
        memcmp (s->p, literal, strlen (literal)) == 0)
      {
        s->p += strlen (literal);
        *kind = SCALAR_OTHER;
        return TRUE;
      }
  if (s->p >= s->end)
    return syntax_error (s, "the file ends where a value was expected");
  return syntax_error (s, "unexpected '%c'", *s->p);
}

static gboolean scan_value (Scan *s, Role role, guint index, guint depth);

/* The integers of a bulk array, packed a chunk at a time after those of the arrays before it. */
typedef struct {
  gint64 chunk[1024];
  guint n;             /* in `chunk` */
  guint8 *packed;      /* where the array's packed integers start */
  gsize n_values;      /* packed */
} Values;

/* Packs the chunk over the text that has been read: the digits of every integer packed so far
 * lie before s->p and take at least as many bytes. */
static void
flush (Scan *s, Values *values)
{
  for (const char *q = s->overwritable; (q = memchr (q, '\n', (gsize) (s->p - q))) != NULL;
       q++)
    s->overwritable_newlines++, s->overwritable_last_newline = q;
  s->overwritable = s->p;
  s->packed_end += _rtb_packed_write (s->packed_end, values->chunk, values->n);
  g_assert ((const char *) s->packed_end <= s->p);
  values->n_values += values->n;
  values->n = 0;
}

/* Room for an element (at most 4 integers) in the chunk; called with s->p at or past the end
 * of the text of every integer in it. */
static inline gint64 *
room (Scan *s, Values *values)
{
  if (G_UNLIKELY (values->n + 4 > G_N_ELEMENTS (values->chunk)))
    flush (s, values);
  return &values->chunk[values->n];
}

static inline void
push (Scan *s, Values *values, gint64 value)
{
  *room (s, values) = value;
  values->n++;
}

static const char *
kind_of (const char *p, ScalarKind kind)
{
  switch (*p)
    {
    case '"':
      return "a string";
    case '[':
      return "an array";
    case '{':
      return "an object";
    case 'n':
      return "null";
    case 't':
    case 'f':
      return "a boolean";
    default:
      return kind == SCALAR_FRACTIONAL ? "a fractional number" : "an integer";
    }
}

static gboolean G_GNUC_PRINTF (5, 6)
element_error (Scan *s, guint series, RtbBulkMember which, guint element, const char *format,
               ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (s->error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT, "series[%u].%s[%u]: %s", series,
               _rtb_bulk_members[which].path, element, message);
  return FALSE;
}

/* One element of a bulk array: an integer or an array of integers, as many as its tuple. The
 * messages are those of the JSON tree reader. */
static gboolean
scan_bulk_element (Scan *s, Values *into, guint series, RtbBulkMember which, guint element,
                   guint depth)
{
  guint tuple = _rtb_bulk_members[which].tuple;
  const char *bad = NULL;
  ScalarKind bad_kind = SCALAR_OTHER;
  gboolean more;
  guint n = 0;

  skip_space (s);
  if (tuple == 0 || s->p >= s->end || *s->p != '[')
    {
      const char *start = s->p;
      ScalarKind kind = SCALAR_OTHER;
      gint64 value;

      if (s->p < s->end && (*s->p == '[' || *s->p == '{' || *s->p == '"'))
        {
          if (!scan_value (s, ROLE_OTHER, 0, depth + 1))
            return FALSE;
        }
      else if (!scan_scalar (s, &kind, &value))
        return FALSE;
      if (tuple > 0)
        return element_error (s, series, which, element, "expected %s",
                              _rtb_bulk_members[which].shape);
      if (kind != SCALAR_INTEGER)
        return element_error (s, series, which, element, "expected an integer, found %s",
                              kind_of (start, kind));
      push (s, into, value);
      return TRUE;
    }

  s->p++;
  skip_space (s);
  if (s->p < s->end && *s->p == ']')
    s->p++;
  else
    for (;;)
      {
        const char *start;
        ScalarKind kind = SCALAR_OTHER;
        gint64 value = 0;

        skip_space (s);
        start = s->p;
        if (s->p < s->end && (*s->p == '[' || *s->p == '{' || *s->p == '"'))
          {
            if (!scan_value (s, ROLE_OTHER, 0, depth + 2))
              return FALSE;
          }
        else if (!scan_scalar (s, &kind, &value))
          return FALSE;
        if (kind != SCALAR_INTEGER && bad == NULL)
          bad = start, bad_kind = kind;
        /* Only integers, whose digits the packed bytes may overwrite: `bad` stays readable. */
        if (n < tuple && bad == NULL)
          push (s, into, value);
        n++;
        if (!after_element (s, ']', &more))
          return FALSE;
        if (!more)
          break;
      }
  if (n != tuple)
    return element_error (s, series, which, element, "expected %s",
                          _rtb_bulk_members[which].shape);
  if (bad != NULL)
    return element_error (s, series, which, element, "expected an integer, found %s",
                          kind_of (bad, bad_kind));
  return TRUE;
}

/* At most 18 digits, which cannot overflow; anything else is left to scan_scalar(). */
static inline gboolean
fast_int (const char **pp, const char *end, gint64 *out)
{
  const char *p = *pp;
  gboolean negative = p < end && *p == '-';
  guint64 value = 0;
  const char *digits;

  p += negative;
  digits = p;
  if (p + 1 < end && *p == '0' && (guint) (p[1] - '0') < 10)
    return FALSE;
  while (p < end && (guint) (*p - '0') < 10 && p - digits < 18)
    value = value * 10 + (guint) (*p++ - '0');
  if (p == digits || p - digits == 18 || p == end || *p == '.' || *p == 'e' || *p == 'E')
    return FALSE;
  *out = negative ? -(gint64) value : (gint64) value;
  *pp = p;
  return TRUE;
}

/* An element as rtbench writes it, without spaces ("123" or "[1,2]"); FALSE, having read
 * nothing, for anything else. */
static inline gboolean
fast_element (Scan *s, Values *into, guint tuple)
{
  const char *p = s->p;
  gint64 *item;

  if (p >= s->end)
    return FALSE;
  item = room (s, into);
  if (tuple == 0)
    {
      if (!fast_int (&p, s->end, item))
        return FALSE;
    }
  else
    {
      if (*p++ != '[')
        return FALSE;
      for (guint i = 0; i < tuple; i++)
        if (!fast_int (&p, s->end, &item[i]) || *p++ != (i + 1 < tuple ? ',' : ']'))
          return FALSE;
    }
  into->n += MAX (tuple, 1);
  s->p = p;
  return TRUE;
}

/* A bulk array: its elements are packed and go into the bulk, and `out` gets it as "[]". */
static gboolean
scan_bulk (Scan *s, RtbBulkMember which, guint series, guint depth)
{
  Values values;
  gboolean more;
  guint n = 0;

  if (depth > RTB_JSON_MAX_DEPTH)
    return syntax_error (s, "nested deeper than %d levels", RTB_JSON_MAX_DEPTH);
  g_string_append_len (s->out, s->copied, s->p + 1 - s->copied);
  s->p++;
  values.n = 0;
  values.n_values = 0;
  values.packed = s->packed_end;
  if (!closes_empty (s, ']'))
    for (;;)
      {
        if (!fast_element (s, &values, _rtb_bulk_members[which].tuple) &&
            !scan_bulk_element (s, &values, series, which, n, depth))
          return FALSE;
        n++;
        if (!after_element (s, ']', &more))
          return FALSE;
        if (!more)
          break;
      }
  flush (s, &values);
  /* The closing bracket, which `out` gets, is still there. */
  g_assert ((const char *) s->packed_end < s->p);
  s->copied = s->p - 1;
  _rtb_run_file_bulk_set (s->bulk, series, which, (gsize) (values.packed - (guint8 *) s->data),
                          (gsize) (s->packed_end - values.packed), values.n_values);
  return TRUE;
}

static gboolean
key_is (const char *key, gsize len, const char *name)
{
  return len == strlen (name) && memcmp (key, name, len) == 0;
}

/* The member is given again, and not as an array, or its object is: only the last counts. */
static void
forget (Scan *s, guint series, RtbBulkMember member)
{
  _rtb_run_file_bulk_forget (s->bulk, series, member);
}

static gboolean
scan_object (Scan *s, Role role, guint index, guint depth)
{
  gboolean more;

  s->p++;
  if (closes_empty (s, '}'))
    return TRUE;
  for (;;)
    {
      const char *key;
      gsize key_len;
      Role child = ROLE_OTHER;
      int which = -1; /* RtbBulkMember */

      if (!scan_string (s, &key, &key_len) || !expect (s, ':'))
        return FALSE;
      if (role == ROLE_ROOT && key_is (key, key_len, "series"))
        child = ROLE_SERIES;
      else if (role == ROLE_ONE_SERIES && key_is (key, key_len, "histogram"))
        child = ROLE_HISTOGRAM;
      else if (role == ROLE_ONE_SERIES && key_is (key, key_len, "history"))
        child = ROLE_HISTORY;
      else if (role == ROLE_ONE_SERIES && key_is (key, key_len, "values"))
        child = ROLE_VALUES;
      else if (role == ROLE_ONE_SERIES && key_is (key, key_len, "cyclictest"))
        child = ROLE_CYCLICTEST;
      else if (role == ROLE_ONE_SERIES && key_is (key, key_len, "heatmap"))
        child = ROLE_HEATMAP;
      else if (role == ROLE_HISTOGRAM && key_is (key, key_len, "counts"))
        which = RTB_BULK_COUNTS;
      else if (role == ROLE_HISTOGRAM && key_is (key, key_len, "outside_ns"))
        which = RTB_BULK_OUTSIDE;
      else if (role == ROLE_HISTORY && key_is (key, key_len, "blocks"))
        which = RTB_BULK_BLOCKS;
      else if (role == ROLE_VALUES && key_is (key, key_len, "buckets"))
        which = RTB_BULK_BUCKETS;
      else if (role == ROLE_ONE_SERIES && key_is (key, key_len, "overflow_cycles"))
        which = RTB_BULK_CYCLES;
      else if (role == ROLE_CYCLICTEST && key_is (key, key_len, "outside"))
        which = RTB_BULK_OUTSIDE_TRUNCATED;
      else if (role == ROLE_HEATMAP && key_is (key, key_len, "column_max_ns"))
        which = RTB_BULK_HEATMAP_MAXIMA;
      else if (role == ROLE_HEATMAP && key_is (key, key_len, "cells"))
        which = RTB_BULK_HEATMAP_CELLS;

      skip_space (s);
      if (which >= 0 && s->p < s->end && *s->p == '[')
        {
          if (!scan_bulk (s, which, index, depth + 1))
            return FALSE;
        }
      else
        {
          /* Not an array: the JSON parser has it, and refuses it. */
          if (which >= 0)
            forget (s, index, which);
          if (!scan_value (s, child, index, depth + 1))
            return FALSE;
        }

      if (!after_element (s, '}', &more))
        return FALSE;
      if (!more)
        return TRUE;
    }
}

static gboolean
scan_array (Scan *s, Role role, guint depth)
{
  gboolean more;
  guint n = 0;

  /* Only the last "series" counts, as for the JSON parser. */
  if (role == ROLE_SERIES)
    _rtb_run_file_bulk_clear (s->bulk);
  s->p++;
  if (closes_empty (s, ']'))
    return TRUE;
  for (;;)
    {
      if (!scan_value (s, role == ROLE_SERIES ? ROLE_ONE_SERIES : ROLE_OTHER, n++, depth + 1))
        return FALSE;
      if (!after_element (s, ']', &more))
        return FALSE;
      if (!more)
        return TRUE;
    }
}

static gboolean
scan_value (Scan *s, Role role, guint index, guint depth)
{
  const char *key;
  gsize key_len;
  ScalarKind kind;
  gint64 value;

  skip_space (s);
  if (s->p >= s->end)
    return syntax_error (s, "the file ends where a value was expected");
  if ((*s->p == '[' || *s->p == '{') && depth > RTB_JSON_MAX_DEPTH)
    {
      g_autofree char *message = NULL;
      guint line, column;

      position (s, &line, &column);
      message = _rtb_json_depth_message (line);
      g_set_error_literal (s->error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT, message);
      return FALSE;
    }
  switch (*s->p)
    {
    case '{':
      /* A member given twice counts once, the last time, as for the JSON parser. */
      if (role == ROLE_ONE_SERIES)
        for (RtbBulkMember m = 0; m < RTB_N_BULK; m++)
          forget (s, index, m);
      else if (role == ROLE_HISTOGRAM)
        {
          forget (s, index, RTB_BULK_COUNTS);
          forget (s, index, RTB_BULK_OUTSIDE);
        }
      else if (role == ROLE_HISTORY)
        forget (s, index, RTB_BULK_BLOCKS);
      else if (role == ROLE_VALUES)
        forget (s, index, RTB_BULK_BUCKETS);
      else if (role == ROLE_CYCLICTEST)
        forget (s, index, RTB_BULK_OUTSIDE_TRUNCATED);
      else if (role == ROLE_HEATMAP)
        {
          forget (s, index, RTB_BULK_HEATMAP_MAXIMA);
          forget (s, index, RTB_BULK_HEATMAP_CELLS);
        }
      return scan_object (s, role, index, depth);
    case '[':
      return scan_array (s, role, depth);
    case '"':
      if (!scan_string (s, &key, &key_len))
        return FALSE;
      cut_long_string (s, key, key_len);
      return TRUE;
    default:
      return scan_scalar (s, &kind, &value);
    }
}

char *
_rtb_run_file_scan (char *data, gsize len, RtbRunFileBulk **bulk, GError **error)
{
  Scan s = {
    .data = data, .p = data, .end = data + len, .copied = data, .error = error,
    .packed_end = (guint8 *) data, .overwritable = data,
  };
  gsize packed_len;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (bulk != NULL, NULL);

  s.bulk = _rtb_run_file_bulk_new ();
  s.out = g_string_new (NULL);

  /* A UTF-8 byte order mark, as the JSON parser accepts. */
  if (len >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    s.p += 3;
  skip_space (&s);
  if (s.p < s.end && !scan_value (&s, ROLE_ROOT, 0, 1))
    goto failed;
  skip_space (&s);
  if (s.p < s.end)
    {
      syntax_error (&s, "more after the end of the document");
      goto failed;
    }
  g_string_append_len (s.out, s.copied, s.end - s.copied);
  /* Only the packed arrays are left of the text, at its start: the rest can go. */
  packed_len = (gsize) (s.packed_end - (guint8 *) data);
  _rtb_run_file_bulk_take_packed (s.bulk, g_realloc (data, MAX (packed_len, 1)), packed_len);
  *bulk = s.bulk;
  return g_string_free (s.out, FALSE);

failed:
  _rtb_run_file_bulk_free (s.bulk);
  g_string_free (s.out, TRUE);
  g_free (data);
  return NULL;
}
